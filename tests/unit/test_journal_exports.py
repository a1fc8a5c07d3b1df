"""The journal's exports with numbers, its posts (order, names, long lines, escaping, statistics)
and its reveal (one line, the screen's thresholds kept behind it)."""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

from kit.evening import UNDATED, Evening
from kit.form import LANG
from kit.journal import Entry, Journal, Note, entry_for
from kit.msg import render
from kit.panel import Download, outcome
from kit.roll import Roll
from panels.journal import export
from panels.journal import panel as journal_panel
from panels.journal.posts import post_options
from panels.journal.statistics import statistics
from panels.journal.summary import summary
from panels.threat import panel as threat
from panels.threat.state import State as ThreatState

WORDS = export.Words(
    "Журнал", ("Время", "Панель", "Кто", "Что", "Зачем"), {"roller": "GaussD20", "fudge": "FUDGE"}
)


def _roll(faces: tuple[int, ...], value: int, *, by_hand: bool = False) -> Roll:
    return Roll(
        "gauss.roll",
        tuple((20, f) for f in faces),
        str(value),
        Fraction(1, 40),
        total=sum(faces),
        by_hand=by_hand,
        below=Fraction(1, 2),
    )


def _entries() -> list[Entry]:
    """Newest first, as the journal holds them."""
    return [
        Entry("4", "2026-12-01T20:04:00", "threat", "T 11 → 5", "T 11 → 5", hidden=True, public_ru="?", public_en="?",
              roll=_roll((20, 20, 20), 20)),
        Entry("3", "2026-12-01T20:03:00", "fudge", "Вера: − очки", "Вера: − points", who="Вера",
              roll=Roll("fudge.action", ((3, -1), (3, 0), (3, 1), (3, 1)), "1", Fraction(16, 81), by_hand=True)),
        Entry("2", "2026-12-01T20:02:00", "checks", "Бой: " + " | ".join(["Атака: 3d20 = 40 → 13"] * 5),
              "Combat: " + " | ".join(["Attack: 3d20 = 40 → 13"] * 5), who="Кац → Бандит"),
        Entry("1", "2026-12-01T20:01:00", "roller", "=1+2", "=1+2", who="Кац", roll=_roll((7, 12, 5), 8)),
    ]  # fmt: skip


def test_the_csv_carries_the_roll_as_data_and_keeps_secrets() -> None:
    words = export.Words(*WORDS.__dict__.values())  # the default data columns (English)
    for lang, sep, p in (("ru", ";", "0,025"), ("en", ",", "0.025")):
        rows = list(
            csv.reader(io.StringIO(export.csv_text(_entries(), lang, words).lstrip("\ufeff")), delimiter=sep)
        )
        assert rows[0] == [*WORDS.columns, *words.data] and len(rows[0]) == 5 + export.DATA_COLUMNS
        assert [r[4 - 1] for r in rows[1:]][-1] == "'=1+2"  # no cell starts a formula
        roller = rows[-1]
        day = "01.12.2026" if lang == "ru" else "2026-12-01"  # no evening: the one its date implies
        assert roller[5:] == [day, "gauss.roll", "3d20: 7 12 5", "", "24", "8", p]
        fudge = rows[1]
        assert fudge[6:] == [
            "fudge.action",
            "4dF: − 0 + +",
            "yes",
            "",
            "1",
            "0.197531" if lang == "en" else "0,197531",
        ]
        assert rows[2][6:] == [""] * 6  # a line with no roll as data
        assert len(rows) == 4 and not any(
            "T 11" in cell for row in rows for cell in row
        )  # the secret one is out


def test_every_entry_s_evening_cell_says_which_evening_it_was() -> None:
    """An evening's cell is when it began; lines an old log kept without a time are «без даты»
    («undated»), as the evening filter names them; an entry with no evening, its date's."""
    entries = [
        Entry(
            "3",
            "2026-12-01T21:00:00",
            "roller",
            "c",
            "c",
            evening=Evening("2026-12-01T20:00:00", "2026-12-01"),
        ),
        Entry("2", "2026-11-20T19:00:00", "roller", "b", "b"),
        Entry("1", "", "roller", "a", "a", evening=UNDATED),
    ]
    for lang, sep, cells in (
        ("ru", ";", ["01.12.2026 20:00", "20.11.2026", "без даты"]),
        ("en", ",", ["2026-12-01 20:00", "2026-11-20", "undated"]),
    ):
        export_csv = journal_panel.panel(random.Random(1)).actions["#journal-export-csv"]
        made = outcome(export_csv(journal_panel.State(Journal(tuple(entries))), {LANG: lang}))
        text = next(e for e in made.effects if isinstance(e, Download)).text
        rows = list(csv.reader(io.StringIO(str(text).lstrip("\ufeff")), delimiter=sep))
        assert [row[5] for row in rows[1:]] == cells


def test_a_negative_total_stays_a_number_a_spreadsheet_can_sum() -> None:
    """A FUDGE total of −2 is written «-2», not «'-2» (the formula guard is for text cells)."""
    roll = Roll("fudge.roll", ((3, -1), (3, -1), (3, 0), (3, 0)), "-2", Fraction(10, 81), total=-2)
    entry = Entry("1", "2026-12-01T20:01:00", "fudge", "-2", "-2", roll=roll)
    row = next(csv.reader(io.StringIO(export.csv_text([entry], "en", WORDS).splitlines()[1])))
    assert row[3] == "'-2" and row[9] == "-2" and row[10] == "'-2"  # the line and code are text


def test_the_csv_names_the_evening_where_the_entry_has_one() -> None:
    evening = Evening.starting("2026-12-01T19:55:00")
    entry = Entry("1", "2026-12-01T20:01:00", "roller", "8", "8", roll=_roll((7, 12, 5), 8), evening=evening)
    assert export.csv_text([entry], "ru", WORDS).splitlines()[1].split(";")[5] == "01.12.2026 19:55"


def test_the_bbcode_post_reads_top_down_names_once_and_breaks_long_lines() -> None:
    post = export.bbcode(_entries(), "ru", WORDS)
    items = post.split("[*]")[1:]
    assert [i[:12] for i in items] == ["[b]20:01[/b]", "[b]20:02[/b]", "[b]20:03[/b]"]  # oldest first
    assert "Вера: Вера:" not in post and "[b]20:03[/b] · FUDGE · Вера: − очки" in post
    combat = items[1]
    assert combat.count("\n") == 5 and max(len(line) for line in combat.splitlines()) < 80
    assert " | " not in combat
    newest = export.bbcode(_entries(), "ru", WORDS, oldest_first=False).split("[*]")[1]
    assert newest.startswith("[b]20:03[/b]")
    assert "T 11" not in post  # a secret stays out


def test_the_bbcode_post_escapes_every_field_imported_ones_too() -> None:
    hostile = Entry(
        "x",
        "xT[img]http://evil/[/img]",
        "[url=http://evil]p[/url]",
        '[img width=1 height=1]http://evil/x.png[/img] [ b]x[/ b] [*] [QUOTE="a"]',
        "-",
        who="[color=red]Кац",
        why="[size=200]",
    )
    words = export.Words("[b]Журнал", WORDS.columns, {})
    post = export.bbcode([hostile], "ru", words)
    body = post.split("[list]\n", 1)[1].rsplit("\n[/list]", 1)[0]
    tags = {"[*]", "[b]", "[/b]", "[i]", "[/i]"}
    found = [
        t
        for t in ("[img", "[url", "[color", "[size", "[QUOTE", "[ b]", "[/ b]", "[/img", "[/url")
        if t in body
    ]
    assert found == [], body
    assert body.startswith("[*][b]［img]") and body.count("[*]") == 1
    assert all("[" + part.split("]")[0] + "]" in tags for part in body.split("[")[1:]), body
    assert post.startswith("[b]［b]Журнал[/b]")


def test_the_posts_can_end_with_the_evening_s_statistics_and_keep_secrets_out_of_them() -> None:
    entries = _entries()
    typed = [
        Entry(
            f"t{i}",
            "2026-12-01T21:00:00",
            "roller",
            "x",
            "x",
            who="Кац",
            roll=_roll((20, 20, 20), 20, by_hand=True),
        )
        for i in range(20)
    ]
    options = post_options("ru", {"journal-order": "old", "journal-export-stats": True}, [*typed, *entries])
    stats = options["stats"]
    assert stats is not None and options["oldest_first"] is True
    post = export.bbcode([*typed, *entries], "ru", WORDS, **options)
    table = post.split("[b]Статистика[/b]\n", 1)[1]
    assert table.startswith("[code]Персонаж") and "d20 со стола" in table and "подозрительно" in table
    # the secret entry's three twenties are not in the statistics: 60 typed + 3 page faces, 4 FUDGE dice
    found = statistics([*typed, *entries])
    assert found.secret == 1 and [d.n for d in found.dice] == [4, 60, 3]
    markdown = export.markdown([*typed, *entries], "en", WORDS, stats=summary(found, "en"))
    assert (
        "\n## Statistics\n" in markdown
        and "| d20 from the table | 60 | p \\< 0.0001 | suspicious |" in markdown
    )
    assert (
        post_options("ru", {}, entries)["stats"] is None and post_options("ru", {}, entries)["oldest_first"]
    )


def test_the_panel_s_exports_follow_the_chosen_order_and_statistics() -> None:
    journal = Journal()
    for entry in reversed(_entries()):
        journal = journal.add(entry)
    state = journal_panel.State(journal)
    form = {"journal-order": "new", "journal-export-stats": True}
    done = journal_panel.copy_bbcode(state, form)
    post = done.effects[0].text  # type: ignore[union-attr]
    assert post.split("[*]")[1].startswith("[b]20:03[/b]") and "[b]Статистика[/b]" in post


def test_a_threat_check_behind_the_screen_is_revealed_without_the_thresholds() -> None:
    """Screen mode hides T: the check's journal line is the screen's (dice and event), so «Раскрыть»
    shows the check once, never «T 11 → 5»; with the screen off the line keeps T."""
    panel = threat.panel(random.Random(5))
    for screen, keeps_t in ((True, False), (False, True)):
        state = ThreatState(screen=screen)
        form = {
            "threat-light": "5",
            "threat-dark": "1",
            "threat-base": "5",
            "threat-t": "5",
            "threat-step": "1",
        }
        done = panel.actions["#threat-check"](state, form)
        note = next(e for e in done.effects if isinstance(e, Note))
        entry = entry_for("c1", "2026-12-01T20:00:00", "threat", done.log or "", note, "")
        assert entry.secret is screen
        shown = Journal().add(entry).reveal("c1").entries
        assert len(shown) == 1 and not shown[0].secret
        assert ("T " in entry.ru and "→" in entry.ru) is keeps_t, render(done.log or "", "ru")
