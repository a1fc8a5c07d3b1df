"""The dice lab's logic on CPython: rows, arrays, faults, the worker, saved state, exports, words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any
from xml.etree import ElementTree

import pytest

from kit.chart import export_height
from kit.compute import settle
from kit.form import ARG, InputError
from kit.msg import render
from kit.panel import Answer, Compute, Download, Outcome, outcome
from kit.view import texts
from panels.notation import lab, lab_text
from panels.notation import panel as dice
from panels.notation.lab_digest import MAX_ROWS, make
from panels.notation.lab_state import Lab, LabFault, load_lab
from panels.notation.state import LIFT, State, dump, load
from rules import notation

CYRILLIC = re.compile("[А-Яа-яЁё]")


def _lab(action: Callable[..., Any], *bound: Any) -> Callable[[State, dict[str, Any]], Any]:
    """A lab action run on the whole state, as the panel runs it (``kit.part``)."""
    return LIFT["lab"].action(partial(action, *bound))


def _form(rows: tuple[str, ...], **extra: Any) -> dict[str, Any]:
    return {**{f"lab-row-{i}": r for i, r in enumerate(rows)}, **extra}


def _run(rows: tuple[str, ...], state: State | None = None) -> State:
    start = state or State(lab=Lab(("",) * len(rows)))
    return settle(_lab(lab.run_lab)(start, _form(rows)))


def test_three_lines_give_three_series_with_exact_statistics_and_pairs() -> None:
    """Each line is one series: its exact mean, min, max, the =/≥/≤ cells and P(A>B), P(A=B)."""
    state = _run(("4d6kh3 # stats", "3d6", "2d6+3"))
    digest = state.lab.digest
    assert digest is not None and [s.label for s in digest.series] == ["stats", "3d6", "2d6+3"]
    for series, line in zip(digest.series, ("4d6kh3", "3d6", "2d6+3"), strict=True):
        summary = notation.summary(line)
        assert (series.mean, series.minimum, series.maximum) == (
            summary.mean,
            summary.minimum,
            summary.maximum,
        )
        for value, cells in zip(digest.values, series.cells, strict=True):
            assert cells == (summary.equal(value), summary.at_least(value), summary.at_most(value))
    odds = notation.compare("4d6kh3", "3d6")
    assert digest.pairs[(0, 1)] == (odds["gt"], odds["eq"])
    assert digest.pairs[(1, 0)] == (odds["lt"], odds["eq"])


def test_an_array_row_shows_each_sorted_position_and_the_sum() -> None:
    """6x4d6kh3 is seven series: highest … lowest (rules.notation.array) and the sum, named so."""
    state = _run(("6x4d6kh3 # stats",))
    digest = state.lab.digest
    assert digest is not None and len(digest.series) == 7
    positions = notation.array("4d6kh3", 6)
    assert [s.part for s in digest.series] == [0, 1, 2, 3, 4, 5, 6]
    for series in digest.series[1:]:
        assert series.mean == notation.summary_of(positions[series.part - 1]).mean
    names = [render(cell.children[0].text, "en") for cell in dice.view(state)["lab-stats"].children]
    assert names == [
        "stats (6x4d6kh3) · sum",
        "stats (6x4d6kh3) · highest",
        "stats (6x4d6kh3) · #2",
        "stats (6x4d6kh3) · #3",
        "stats (6x4d6kh3) · #4",
        "stats (6x4d6kh3) · #5",
        "stats (6x4d6kh3) · lowest",
    ]


def test_named_dice_apply_to_every_row() -> None:
    """A row ``fib = d{…}`` defines fib for the other rows (above or below it) and draws no series."""
    state = _run(("3fib", "fib = d{1,1,2,3,5,8}", "d{1..3}"))
    digest = state.lab.digest
    assert digest is not None and [s.label for s in digest.series] == ["3fib", "d{1..3}"]
    assert digest.series[0].mean == 3 * Fraction(20, 6)


def test_a_refused_row_clears_the_results_and_points_at_its_character() -> None:
    """A typo anywhere clears what was shown, marks the row and the character, and says which row."""
    shown = _run(("3d6", "2d6"))
    refused = _lab(lab.run_lab)(shown, _form(("3d6", "2d6 + foo")))
    assert refused.state.lab.digest is None
    assert refused.state.lab.fault == LabFault(1, "2d6 + foo", 6)
    assert render(refused.error, "en") == "Row 2, character 7: unknown name 'foo'"
    view = dice.view(refused.state)
    assert view["lab-results"].hidden is True
    assert view["lab-caret"].text == "2d6 + foo\n      ^"
    assert ("aria-invalid", "true") in view["lab-row-1"].attrs


def test_rows_are_added_removed_and_moved_keeping_what_was_typed() -> None:
    """Add appends an empty row (at most MAX_ROWS); remove and move act on the row pressed, with the
    text typed in every row."""
    state = _run(("3d6", "d20"))
    added = _lab(lab.add_row)(state, _form(("3d6", "d20"))).state
    assert added.lab.rows == ("3d6", "d20", "") and added.lab.digest == state.lab.digest
    moved = settle(_lab(lab.move_row, 1)(added, _form(("3d6", "d12", ""), **{ARG: "0"})))
    assert moved.lab.rows == ("d12", "3d6", "")
    assert [s.label for s in moved.lab.digest.series] == ["d12", "3d6"]
    removed = settle(_lab(lab.remove_row)(moved, _form(moved.lab.rows, **{ARG: "0"})))
    assert removed.lab.rows == ("3d6", "")
    last = settle(_lab(lab.remove_row)(State(lab=Lab(("d6",))), _form(("d6",), **{ARG: "0"})))
    assert last.lab.rows == ("",) and last.lab.digest is None
    full = State(lab=Lab(("d6",) * MAX_ROWS))
    with pytest.raises(InputError):
        _lab(lab.add_row)(full, _form(full.lab.rows))
    with pytest.raises(InputError):
        _lab(lab.remove_row)(state, _form(("3d6", "d20"), **{ARG: "7"}))


def test_a_heavy_lab_goes_to_the_worker_and_a_stale_answer_is_dropped() -> None:
    """Rows whose work is above INLINE_WORK are computed by the job notation.lab; an answer for rows
    no longer shown changes nothing; a stopped job says so."""
    rows = ("8d10!", "3d6")
    asked = _lab(lab.run_lab)(State(lab=Lab(("", ""))), _form(rows))
    jobs = [e for e in asked.effects if isinstance(e, Compute)]
    assert [e.job for e in jobs] == ["notation.lab"] and asked.state.lab.pending
    assert settle(asked).lab.digest is not None
    other = _lab(lab.run_lab)(asked.state, _form(("d6", ""))).state
    assert outcome(jobs[0].done(other, Answer(True, {}))) == Outcome(other)
    assert jobs[0].failed is not None
    stopped = outcome(jobs[0].failed(asked.state, Answer(False, None, "cancelled"))).state
    assert stopped.lab.stopped and not stopped.lab.pending


def test_the_lab_survives_a_reload_and_bad_saved_labs_are_refused() -> None:
    """Rows and view are saved with the panel; a record without a lab (older) loads; junk is refused."""
    state = _run(("4d6kh3 # stats", "3d6"))
    state = _lab(lab.set_lab_view)(state, {"lab-view": "ge"}).state
    back = load(dump(state))
    assert back.lab.rows == state.lab.rows and back.lab.view == "ge"
    old = dump(State())
    del old["lab"]
    assert load(old).lab == Lab()
    for bad in (
        {"rows": [], "view": "eq"},
        {"rows": [1], "view": "eq"},
        {"rows": ["x" * 501]},
        {"rows": ["d6"], "view": "x"},
    ):
        with pytest.raises(ValueError):
            load_lab(bad)
    restored = dice.start(back, {}, {})
    assert restored.state.lab.digest is not None  # shown again after a reload


def test_csv_and_svg_exports() -> None:
    """CSV: a column per series and view, stats and pairs, labels quoted; English uses commas and
    dots; SVG: a standalone document; the PNG is drawn from the same SVG at its size."""
    state = _run(('d2 # say "hi"', "d3"))
    en = {ARG: "en"}
    csv = _lab(lab.download_csv)(state, en).effects[0]
    assert isinstance(csv, Download) and csv.filename == "dice-lab.csv"
    text = render(csv.text, "en")
    assert text.startswith("\ufeff")
    lines = text.removeprefix("\ufeff").splitlines()
    assert (
        lines[0]
        == '"value","say ""hi"" (d2) P(=)","say ""hi"" (d2) P(>=)","say ""hi"" (d2) P(<=)","d3 P(=)","d3 P(>=)","d3 P(<=)"'
    )
    assert lines[1] == "1,0.5,1,0.5,0.333333333333,1,0.333333333333"
    assert "A,B,P(A>B),P(A=B)" in lines and "series,mean,sd,min,max" in lines
    svg = _lab(lab.download_svg)(state, en).effects[0]
    assert isinstance(svg, Download) and svg.mime == "image/svg+xml"
    assert render(svg.text, "en").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    png = _lab(lab.download_png)(state, en).effects[0]
    assert png.filename == "dice-lab.png" and png.svg == render(svg.text, "en")
    assert (png.width, png.height) == (640, export_height(2)) and f'viewBox="0 0 640 {png.height}"' in png.svg
    with pytest.raises(InputError):
        _lab(lab.download_csv)(State(), {})


def test_the_russian_csv_reads_in_a_russian_spreadsheet() -> None:
    """In Russian the CSV starts with a BOM (UTF-8 Cyrillic reads right), separates fields
    with «;» and writes decimal commas; the headers are Russian; a label with «;» stays one field."""
    state = _run(("d2 # сила; ловкость", "d3"))
    text = _lab(lab.download_csv)(state, {ARG: "ru"}).effects[0].text
    assert isinstance(text, str) and text.startswith("\ufeff")
    lines = text.removeprefix("\ufeff").splitlines()
    assert lines[0] == (
        '"значение";"сила; ловкость (d2) P(=)";"сила; ловкость (d2) P(>=)";"сила; ловкость (d2) P(<=)";'
        '"d3 P(=)";"d3 P(>=)";"d3 P(<=)"'
    )
    assert lines[1] == "1;0,5;1;0,5;0,333333333333;1;0,333333333333"
    assert "ряд;среднее;СКО;минимум;максимум" in lines and '"сила; ловкость (d2)";1,5;0,5;1;2' in lines
    assert "A;B;P(A>B);P(A=B)" in lines
    shown = dice.view(state)
    assert shown["lab-csv"].attrs == (("data-arg", lab_text.LANG),)
    assert render(lab_text.LANG, "ru") == "ru" and render(lab_text.LANG, "en") == "en"


FORMULAS = ('=HYPERLINK("http://x","x")', "+cmd|' /C calc'!A0", "@SUM(1)", "-1+2", "\t=1")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_cell_of_the_lab_csv_starts_a_formula(lang: str) -> None:
    """Labels from a link (or typed) and a program's output labels reach the CSV as text: a label
    that a spreadsheet would run (=, +, -, @, tab, carriage return at its start) gets an
    apostrophe before it, as in the journal's CSV (``kit.csv_cells``), in the headers, the
    statistics and the pairs; the numbers stay numbers."""
    import csv

    from kit.csv_cells import FORMULA
    from panels.notation.lab_share import decode_lab, encode_lab

    rows = tuple(f"d{i + 2} # {label}" for i, label in enumerate(FORMULAS))
    linked = decode_lab(encode_lab(Lab(rows)))  # as a link brings them
    state = _run(linked.rows)
    outputs = (("=1+2", {1: Fraction(1)}), ("\r@x", {2: Fraction(1)}))
    digest = make(linked.rows, outputs=outputs)
    assert [s.label for s in digest.series][-2:] == ["=1+2", "@x"]
    for shown in (state.lab.digest, digest):
        assert shown is not None
        text = lab.csv_text(shown, lang).removeprefix("\ufeff")
        cells = [
            cell
            for row in csv.reader(text.splitlines(), delimiter=";" if lang == "ru" else ",")
            for cell in row
        ]
        assert not [cell for cell in cells if cell.startswith(FORMULA) and not _number(cell)]
        assert sum(cell.startswith("'") for cell in cells) >= 3 * len(FORMULAS)


def _number(cell: str) -> bool:
    try:
        float(cell.replace(",", "."))
    except ValueError:
        return False
    return True


def test_the_exported_chart_has_a_title_and_a_legend() -> None:
    """On a forum post 4d6kh3 and 3d6 must be told apart: the SVG (and so the PNG) carries
    <title>, a heading and a legend with every row's label, in the page's language, user text
    escaped."""
    state = _run(("4d6kh3 # stats <b>", "3d6", "6x4d6kh3 # шесть"))
    for lang, heading, part in (
        ("ru", "Лаборатория кубиков, P(=)", "высший"),
        ("en", "Dice lab, P(=)", "highest"),
    ):
        svg = _lab(lab.download_svg)(state, {ARG: lang}).effects[0].text
        assert isinstance(svg, str)
        root = ElementTree.fromstring(svg)
        ns = "{http://www.w3.org/2000/svg}"
        assert root[0].tag == f"{ns}title" and root[0].text.startswith(heading)
        assert "stats <b>" in root[0].text and "3d6" in root[0].text
        names = [t.text for t in root.iter(f"{ns}text") if t.get("class") == "name"]
        assert names[:2] == ["stats <b> (4d6kh3)", "3d6"] and len(names) == 9
        assert any(part in name for name in names)
        assert next(t.text for t in root.iter(f"{ns}text") if t.get("class") == "title").startswith(heading)


def test_eight_series_styles_are_all_distinct() -> None:
    """From the eighth series the styles no longer repeat: eight colours and eight markers
    for the first eight, and all twelve series a lab shows differ in dash and marker."""
    from kit.chart import style

    assert len({style(i)[0] for i in range(8)}) == 8 and len({style(i)[2] for i in range(8)}) == 8
    assert len({style(i) for i in range(12)}) == 12 and len({style(i)[1:] for i in range(12)}) == 12


def test_the_view_speaks_both_languages() -> None:
    """Every text of the lab's view is Russian in Russian and free of Cyrillic in English (user labels aside)."""
    state = _run(("6x4d6kh3", "3d6", "d{1..3}"))
    view = dice.view(state)
    english = texts(view, "en")
    assert not [t for t in english if CYRILLIC.search(re.sub(r"«[^»]*»", "", t))]
    assert any(CYRILLIC.search(t) for t in texts(view, "ru"))
    assert make(("6x4d6kh3",)).series[1].label == "6x4d6kh3"


def test_a_share_link_carries_the_whole_lab_and_is_checked() -> None:
    """?lab= holds rows, labels, view and program; opening it fills the fields and computes the rows
    (its program is shown, never run: see the test below); a damaged,
    oversized or invalid link is refused whole and dropped from the address."""
    from kit.panel import Copy, CopyUrl, SetFields, SetUrl
    from panels.notation.lab_share import MAX_PARAM, decode_lab, encode_lab

    shown = _lab(lab.set_lab_view)(_run(("4d6kh3 # сила", "6x4d6kh3")), {"lab-view": "le"}).state
    shown = replace(shown, lab=replace(shown.lab, program='output(d20, "атака")'))
    shared = _lab(lab.share)(shown, {})
    link = next(e for e in shared.effects if isinstance(e, SetUrl)).params[0]
    assert link[0] == "lab" and decode_lab(link[1]) == Lab(shown.lab.rows, "le", program=shown.lab.program)
    copy = next(e for e in shared.effects if isinstance(e, CopyUrl))
    assert "file://" in render(copy.offline, "en")
    opened = dice.start(State(), {}, {"lab": link[1]})
    assert opened.error is None
    assert opened.state.lab.rows == shown.lab.rows and opened.state.lab.view == "le"
    fields = dict(next(e for e in opened.effects if isinstance(e, SetFields)).values)
    assert fields["lab-row-0"] == "4d6kh3 # сила" and fields["lab-program"] == shown.lab.program
    # the rows are computed (an array's six positions are over a frame: in the worker); no program
    assert [e.job for e in opened.effects if isinstance(e, Compute)] == ["notation.lab"]
    computed = settle(opened).lab
    assert computed.digest is not None and computed.linked and not computed.run
    text = _lab(lab.copy_text)(shown, {}).effects[0]
    assert (
        isinstance(text, Copy) and text.text == '4d6kh3 # сила\n6x4d6kh3\n\n# program\noutput(d20, "атака")\n'
    )
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 10_000_000)).decode()
    bad_rows = encode_lab(Lab(("d6",))).replace("A", "B")
    for raw in ("", "x" * (MAX_PARAM + 1), bomb, bad_rows, encode_lab(Lab(("2d6 + foo",)))[:-3]):
        refused = dice.start(State(), {}, {"lab": raw})
        assert refused.error is not None, raw[:40]
        assert SetUrl((("lab", None),)) in refused.effects
    typo = dice.start(State(), {}, {"lab": encode_lab(Lab(("2d6 + foo",)))})
    assert typo.state.lab.fault is not None  # a valid link with a typo shows the typo, like typing it
    with pytest.raises(InputError):
        _lab(lab.share)(State(), {})


def test_dice_actions_keep_the_lab() -> None:
    """Rolling or refusing a line in the dice field leaves the lab as it is."""
    state = _run(("3d6",))
    actions = dice.panel(__import__("random").Random(1)).actions
    rolled = outcome(actions["#notation-roll"](state, {"notation-expr": "2d6"})).state
    assert rolled.lab == state.lab
    refused = outcome(actions["#notation-odds"](state, {"notation-expr": "2d6 +"})).state
    assert refused.lab == state.lab


def test_a_program_runs_only_after_the_users_click_and_only_isolated() -> None:
    """A link's program, and a saved lab's, is shown and never run by itself (not on open,
    not on the next plain load, not when a row changes); «Запустить программу» runs it, as an
    isolated job (the sandboxed runner), and clears the «from a link» notice."""
    from kit import compute
    from kit.compute import NEEDS_ISOLATION
    from panels.notation.lab_share import encode_lab
    from panels.notation.lab_view import lab_view

    program = 'import dataclasses\noutput(d6, "x")'
    link = encode_lab(Lab(("3d6", ""), program=program))
    opened = dice.start(State(), {}, {"lab": link})
    assert not [e for e in opened.effects if isinstance(e, Compute)]
    shown = lab_view(opened.state.lab)["lab-program-origin"]
    assert shown.hidden is False and "ссылки" in render(shown.text, "ru")
    edited = _lab(lab.run_lab)(opened.state, {"lab-row-0": "2d6", "lab-row-1": ""})
    assert not [e for e in edited.effects if isinstance(e, Compute)] and edited.state.lab.linked
    # the next plain load: the saved lab (still marked as from a link) computes its rows only
    reloaded = dice.start(load(dump(edited.state)), {}, {})
    assert isinstance(reloaded, State) or not [e for e in reloaded.effects if isinstance(e, Compute)]
    reloaded = reloaded if isinstance(reloaded, State) else reloaded.state
    assert reloaded.lab.linked and not reloaded.lab.run and reloaded.lab.program == program
    # the click
    ran = _lab(lab.run_program)(reloaded, {"lab-program": program, "lab-row-0": "2d6", "lab-row-1": ""})
    asks = [e for e in ran.effects if isinstance(e, Compute)]
    assert [(e.job, e.isolated) for e in asks] == [("notation.program", True)]
    assert not ran.state.lab.linked and ran.state.lab.run
    assert lab_view(ran.state.lab)["lab-program-origin"].hidden is True
    # where no runner can start (file://), today's message; a malformed answer is dropped with a message
    needs = outcome(asks[0].done(ran.state, Answer(False, None, NEEDS_ISOLATION, {})))
    assert render(needs.error, "en").startswith("Programs run only in the browser's sandbox")
    forged = (
        '{"ok": true, "result": {"values": [1], "series": [], "pairs": [], "refused": [], "cut": [1, 0]}}'
    )
    for bad in ('{"values": "x"}', forged, '"' + '\\"' * 32_000, "[" * 100_000):
        # the sandbox's answer goes to the compute worker unread, which does not believe it; the
        # last good comparison (the rows alone) stays
        read = next(
            e for e in outcome(asks[0].done(ran.state, Answer(True, bad))).effects if isinstance(e, Compute)
        )
        assert (read.job, read.args) == ("notation.lab", {"rows": ["2d6", ""], "reply": bad})
        dropped = outcome(read.done(ran.state, compute.answer(read.job, read.args)))
        assert dropped.state.lab.digest == reloaded.lab.digest is not None
        assert "dropped" in render(dropped.error, "en")
    # a saved program the user ran before is not run again by a plain load either
    again = dice.start(load(dump(ran.state)), {}, {})
    again_state = again if isinstance(again, State) else again.state
    assert not again_state.lab.run and not again_state.lab.linked
    assert isinstance(again, State) or not [e for e in again.effects if isinstance(e, Compute)]
    assert "does not run by itself" in render(lab_view(again_state.lab)["lab-program-origin"].text, "en")


def test_the_program_job_refuses_outside_the_sandboxed_runner() -> None:
    """Our own compute worker (IN_WORKER) never runs a user's program: only the runner (ISOLATED)."""
    from kit import compute

    args = {"source": "output(d4)"}
    before = (compute.IN_WORKER, compute.ISOLATED)
    try:
        compute.IN_WORKER, compute.ISOLATED = True, False
        assert compute.answer("notation.program", args).code == compute.NEEDS_ISOLATION
        compute.IN_WORKER, compute.ISOLATED = False, True
        assert compute.answer("notation.program", args).ok
    finally:
        compute.IN_WORKER, compute.ISOLATED = before
