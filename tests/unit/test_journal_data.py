"""The journal of the evening as data: hidden after the fact, joined with a file or an
older panel log entry by entry, the panels' short logs as views of it, and its import."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from kit.form import ARG, FILE_NAME, FILE_TEXT, InputError
from kit.journal import (
    Entry,
    Journal,
    Note,
    carry_log,
    entries_from_json,
    entry_for,
    entry_from_json,
    entry_to_json,
    of_panel,
)
from kit.msg import render
from kit.roll import Roll
from kit.shared import Share
from panels.journal import export
from panels.journal import panel as journal_panel
from panels.journal.state import FIRST, drawn_more


def _entry(n: int, panel: str = "roller", **more: object) -> Entry:
    return Entry(
        f"e{n:04d}", f"2026-12-01T20:{n // 60:02d}:{n % 60:02d}", panel, f"бросок {n}", f"roll {n}", **more
    )  # type: ignore[arg-type]


def _journal(*entries: Entry) -> Journal:
    journal = Journal()
    for entry in entries:
        journal = journal.add(entry)
    return journal


def test_the_gm_hides_an_entry_after_the_fact_and_reveals_it_in_place() -> None:
    """«Скрыть» makes a shown entry secret: a public line instead of its numbers, in the journal,
    its panel's short log and every export; a reveal marks the entry itself revealed (no second
    copy). A hidden one cannot be hidden twice; a threat check keeps its own public line."""
    journal = _journal(_entry(1), _entry(2, "threat", hidden=True, revealed=True, public_ru="За ширмой"))
    hidden = journal.hide("e0001")
    first = next(e for e in hidden.entries if e.id == "e0001")
    assert first.secret and first.shown("ru") == "Скрыто мастером" and first.shown("en") == "Hidden by the GM"
    assert of_panel(hidden, "roller", 5)[0].shown("ru") == "Скрыто мастером"
    words = export.Words("Журнал", ("a", "b", "c", "d", "e"), {})
    assert "бросок 1" not in export.bbcode(hidden.entries, "ru", words)
    assert hidden.hide("e0001") is hidden
    again = hidden.hide("e0002")
    assert next(e for e in again.entries if e.id == "e0002").shown("ru") == "За ширмой"
    shown = hidden.reveal("e0001")
    assert [(e.id, e.shown("ru")) for e in shown.entries] == [("e0002", "бросок 2"), ("e0001", "бросок 1")]
    assert export.bbcode(shown.entries, "ru", words).count("бросок 1") == 1
    assert shown.reveal("e0001") is shown and shown.reveal("nope") is shown


def test_the_panel_hides_an_entry_and_shares_the_journal() -> None:
    """The journal's «Скрыть» button (one per shown entry) marks it data-hidden and shares the
    new journal; the hidden entry gets «Раскрыть» instead."""
    state = journal_panel.State(_journal(_entry(1)))
    view = journal_panel.view(state)
    item = view["journal-list"].children[0]
    buttons = [c for c in item.children if c.tag == "button"]
    assert [b.cls for b in buttons] == ["journal-hide"] and dict(buttons[0].attrs)["data-arg"] == "e0001"
    done = journal_panel.hide(state, {ARG: "e0001"})
    assert any(isinstance(e, Share) for e in done.effects)
    item = journal_panel.view(done.state)["journal-list"].children[0]
    assert dict(item.attrs)["data-hidden"] == "true"
    assert [c.cls for c in item.children if c.tag == "button"] == ["journal-reveal"]
    assert journal_panel.hide(done.state, {ARG: "nope"}).state is done.state
    revealed = journal_panel.reveal(done.state, {ARG: "e0001"})
    assert any(isinstance(e, Share) for e in revealed.effects)
    shown = revealed.state
    again = journal_panel.reveal(journal_panel.hide(shown, {ARG: "e0001"}).state, {ARG: "e0001"}).state
    assert [(e.id, e.time, e.revealed) for e in again.journal.entries] == [
        ("e0001", "2026-12-01T20:00:01", True)
    ]
    item = journal_panel.view(shown)["journal-list"].children[0]
    assert [c.cls for c in item.children if c.tag == "span"][-1] == "journal-revealed-mark"
    assert "data-hidden" not in dict(item.attrs)
    assert journal_panel.reveal(shown, {ARG: "e0001"}).state is shown


def test_a_panel_s_short_log_is_the_journal_filtered_to_it() -> None:
    """Newest first, at most its size, only after the mark «Очистить» left."""
    journal = _journal(*(_entry(n, "roller" if n % 2 else "checks") for n in range(10)))
    assert [e.id for e in of_panel(journal, "roller", 3)] == ["e0009", "e0007", "e0005"]
    cleared = ("2026-12-01T20:00:07", "e0007")
    assert [e.id for e in of_panel(journal, "roller", 3, cleared)] == ["e0009"]


def test_an_older_panel_log_is_carried_entry_by_entry_with_its_times() -> None:
    """Lines the journal lacks come in with their times (by time among the others; none: the
    oldest), the ones it has are not doubled, and carrying twice changes nothing."""
    journal = _journal(_entry(30))
    lines = [("бросок 30", "roll 30", ""), ("старый", "old", "2026-12-01 20:00"), ("древний", "older", "")]
    carried = carry_log(journal, "roller", lines)
    assert [(e.ru, e.time) for e in carried.entries] == [
        ("бросок 30", "2026-12-01T20:00:30"),
        ("старый", "2026-12-01T20:00:00"),
        ("древний", ""),
    ]
    assert carry_log(carried, "roller", lines) is carried


def test_joining_keeps_each_id_once_and_never_pushes_out_the_journal_s_own() -> None:
    """Entries join by id (a known one stays as it is), sorted by time; with ``room`` only that
    many new ones join (the newest of them): a file never pushes out the GM's own entries."""
    journal = _journal(_entry(1), _entry(3))
    joined, new = journal.joined([_entry(2), Entry("e0001", "2026-12-01T23:00:00", "roller", "x", "x")])
    assert new == 1 and [e.id for e in joined.entries] == ["e0003", "e0002", "e0001"]
    roomy, new = journal.joined([_entry(n) for n in range(4, 10)], room=2)
    assert new == 2 and [e.id for e in roomy.entries] == ["e0009", "e0008", "e0003", "e0001"]
    assert journal.joined([_entry(5)], room=0) == (journal, 0)


def _file(entries: list[object]) -> str:
    value = {"entries": entries, "dropped": 0}
    return json.dumps({"app": "gm-dice", "records": {"gm.shared.journal": {"v": 1, "value": value}}})


def test_the_page_s_data_file_imports_the_journal_entry_by_entry() -> None:
    """«Скачать все данные» read back by the journal's import: new entries join, known ones stay,
    a damaged one is set aside and offered for download; the journal's own JSON is read too."""
    state = journal_panel.State(_journal(_entry(1)))
    text = _file([entry_to_json(_entry(1)), entry_to_json(_entry(2, hidden=True, public_ru="?")), {"id": 3}])
    done = journal_panel.import_file(state, {FILE_NAME: "gm-dice-data.json", FILE_TEXT: text})
    assert [e.id for e in done.state.journal.entries] == ["e0002", "e0001"]
    assert done.state.journal.entries[0].secret, "a hidden entry stays hidden"
    assert [e.value for e in done.effects if isinstance(e, Share)] == [done.state.journal]
    assert (
        render(done.state.note, "en")
        == "From gm-dice-data.json: 1 new entries, 1 already here, 1 damaged set aside."
    )
    offered = journal_panel.download_aside(done.state, {})
    assert '{\\"id\\": 3}' in offered.effects[0].text  # type: ignore[union-attr]
    own = export.json_text((_entry(7),))
    again = journal_panel.import_file(done.state, {FILE_NAME: "journal.json", FILE_TEXT: own})
    assert again.state.journal.entries[0].id == "e0007" and not again.state.aside


@pytest.mark.parametrize(
    "text", ["{oops", "[]", '{"app": "gm-dice", "records": {}}', "[" * 5000 + "]" * 5000]
)
def test_a_file_without_a_journal_changes_nothing(text: str) -> None:
    state = journal_panel.State(_journal(_entry(1)))
    with pytest.raises(InputError) as refused:
        journal_panel.import_file(state, {FILE_NAME: "x.json", FILE_TEXT: text})
    assert "x.json" in render(refused.value.message, "ru")
    assert journal_panel.panel(random.Random(1)).actions["#journal-import"] is journal_panel.import_file


def _all_drawn(state: journal_panel.State) -> journal_panel.State:
    """The state once the kit has run the panel's ``later`` steps (each a task of its own)."""
    while (step := drawn_more(state)) is not None:
        state = step
    return state


def test_the_first_paint_says_nothing_of_a_journal_it_cannot_see() -> None:
    """Before Python (a deep link's first paint, a tab opened a task before its mount) the
    journal's section shows no count and no «no entries yet»: it does not know them."""
    shown = journal_panel.view(journal_panel.panel(random.Random(1)).initial)
    assert shown["journal-count"].text == "" and shown["journal-empty"].hidden


def test_the_list_shows_the_newest_page_and_more_on_request() -> None:
    """A full journal writes its newest ``PAGE`` entries into the list, not all 1,000 after every
    roll; «Показать ещё» adds the next page; a new filter starts from the first page again."""
    state = journal_panel.State(_journal(*(_entry(n) for n in range(1000))))
    shown = journal_panel.view(state)
    assert len(shown["journal-list"].children) == FIRST  # drawn at once; the rest a slice per task
    state = _all_drawn(state)
    shown = journal_panel.view(state)
    assert len(shown["journal-list"].children) == journal_panel.PAGE
    assert not shown["journal-more-part"].hidden
    assert render(shown["journal-count"].text, "en") == "Entries: 1000 of 1000. The newest 100 are shown."
    more = _all_drawn(journal_panel.more(state, {}).state)
    assert len(journal_panel.view(more)["journal-list"].children) == 2 * journal_panel.PAGE
    chosen = journal_panel.choose(
        more, {"journal-who": "", "journal-panel": "", "journal-search": "бросок 99", "journal-evening": ""}
    ).state
    assert chosen.showing == journal_panel.PAGE
    assert journal_panel.view(chosen)["journal-more-part"].hidden


def test_an_entry_s_record_is_checked_before_it_is_written() -> None:
    """The store keeps one record per entry: its id, time, panel, evening and JSON text. Only an
    entry whose text is UTF-8 and no bigger or deeper than an entry may be is written."""
    from kit.evening import Evening
    from kit.journal_store import MAX_ENTRY_CHARS, record_problem, store_record

    entry = _entry(1, evening=Evening("2026-12-01T20:00:00", "2026-12-01"))
    record = store_record(entry)
    assert (record.id, record.time, record.panel, record.evening) == (
        "e0001",
        "2026-12-01T20:00:01",
        "roller",
        "2026-12-01T20:00:00",
    )
    assert entry_from_json(json.loads(record.text)) == entry and record_problem(record) is None
    surrogate = store_record(_entry(2, why="\ud800"))
    deep = store_record(_entry(3, extra=(("x", json.loads("[" * 20 + "]" * 20)),)))
    big = store_record(_entry(4, extra=(("x", "y" * MAX_ENTRY_CHARS),)))
    assert [record_problem(r) for r in (surrogate, deep, big)] == ["not_utf8", "too_deep", "too_large"]


def test_a_roll_as_data_goes_into_the_entry_and_back() -> None:
    """The ``Note``'s roll lands in the journal entry and survives the saved JSON; a damaged roll
    sets its entry aside."""
    data = Roll("gauss.roll", ((20, 1), (20, 2), (20, 3)), "2", Fraction(3, 8000), total=6)
    entry = entry_for("e1", "2026-12-04T20:00:00", "roller", "x", Note(roll=data), "")
    assert entry.roll == data
    saved = entry_to_json(entry)
    assert saved["roll"]["p"] == "3/8000" and "roll" not in dict(entry_from_json(saved).extra)
    assert entry_from_json(saved) == entry
    for broken in ({"rule": "Gauss"}, {**saved["roll"], "p": "1/0"}, {**saved["roll"], "dice": [[20]]}):
        good, bad = entries_from_json([{**saved, "roll": broken}])
        assert good == () and len(bad) == 1


def test_a_small_scale_s_odds_are_kept_with_the_roll_and_checked() -> None:
    """``ordered`` keeps every outcome's odds where the scale has at most ``MAX_ODDS`` outcomes;
    they survive the JSON; odds that do not sum to 1 or miss the roll's own ``p`` set the entry
    aside."""
    from kit.roll import MAX_ODDS, ordered, roll_from_json, roll_to_json

    scale = (("failure", Fraction(1, 4)), ("tie", Fraction(1, 4)), ("success", Fraction(1, 2)))
    roll = ordered("fudge.action", ((3, 1),), "success", scale)
    assert roll.odds == scale
    assert roll_to_json(roll)["odds"] == {"failure": "1/4", "tie": "1/4", "success": "1/2"}
    assert roll_from_json(roll_to_json(roll)) == roll
    wide = tuple((str(v), Fraction(1, MAX_ODDS + 1)) for v in range(MAX_ODDS + 1))
    assert ordered("notation", (), "0", wide).odds == ()
    saved = roll_to_json(roll)
    for broken in (
        {**saved["odds"], "success": "1/3"},  # sums to 5/6
        {"failure": "1/4", "tie": "1/2", "success": "1/4"},  # the roll's own is not p
        {"failure": "1/4", "tie": "1/4", "win": "1/2"},  # the roll's own is missing
    ):
        with pytest.raises(ValueError):
            roll_from_json({**saved, "odds": broken})


def test_a_scale_shared_by_many_saved_rolls_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a journal's rolls sums each distinct scale once, not once per roll (700 rolls of
    one luck's 20 odds took ~200 ms on CPython); a roll whose own outcome has another p is still
    refused, and a scale that does not sum to 1 is refused every time it is read."""
    from kit import roll as roll_module
    from kit.roll import ordered, roll_from_json, roll_to_json

    scale = tuple((str(v), Fraction(1, 20)) for v in range(1, 21))
    saved = [roll_to_json(ordered("gauss.roll", ((20, v),), str(v), scale)) for v in range(1, 21)] * 5
    checked: list[int] = []
    check = roll_module._check_scale  # pyright: ignore[reportPrivateUsage]
    monkeypatch.setattr(roll_module, "_check_scale", lambda odds: checked.append(len(odds)) or check(odds))
    roll_module._scale.cache_clear()  # pyright: ignore[reportPrivateUsage]
    rolls = [roll_from_json(json.loads(json.dumps(r))) for r in saved]
    assert [r.outcome for r in rolls] == [str(v) for v in range(1, 21)] * 5
    assert checked == [20]
    with pytest.raises(ValueError):
        roll_from_json({**saved[0], "p": "1/10"})
    broken = {**saved[0], "odds": {**saved[0]["odds"], "20": "1/10"}}
    for _ in range(2):
        with pytest.raises(ValueError):
            roll_from_json(broken)
    assert roll_from_json({**saved[0], "odds": {}}).odds == ()  # none kept
