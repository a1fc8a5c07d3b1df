"""The journal as files: a forum post (BBCode), Markdown, CSV for a spreadsheet, JSON (pure).

Every export leaves out what is still behind the screen (a hidden entry not yet revealed): its
sentences and its roll as data. The panel's titles and column names come in ``Words`` (the panel
words them in the page's language). The posts (BBCode, Markdown) read top-down, oldest first
unless asked otherwise, and can end with the statistics of what they hold (``summary``). The
BBCode post escapes every field (an imported entry's time too) so no text becomes a tag, names
who acted once (a line that starts with the name keeps it), and breaks a long line where its
parts were joined (`` | ``, a combat exchange). The CSV adds the roll as data: evening, rule,
dice, dice from the table, total, outcome and its probability (a decimal comma in Russian).

>>> from fractions import Fraction
>>> from kit.journal import Entry
>>> from kit.roll import Roll
>>> words = Words("Журнал", ("Время", "Панель", "Кто", "Что", "Зачем"), {"roller": "GaussD20"})
>>> lines = (Entry("2", "2026-12-01T20:01:00", "threat", "T 14", "T 14", hidden=True, public_ru="?"),
...          Entry("1", "2026-12-01T20:00:05", "roller", "3d20 → 8", "3d20 → 8", who="Кац", why="[b]засада",
...                roll=Roll("gauss.roll", ((20, 7), (20, 12), (20, 5)), "8", Fraction(1, 40), total=24)))
>>> print(bbcode(lines, "ru", words))
[b]Журнал[/b]
[list]
[*][b]20:00[/b] · GaussD20 · Кац: 3d20 → 8 — [i]［b]засада[/i]
[/list]
>>> csv_text(lines, "ru", words).splitlines()[1]
'01.12.2026 20:00:05;GaussD20;Кац;3d20 → 8;[b]засада;01.12.2026;gauss.roll;3d20: 7 12 5;;24;8;0,025'
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from kit.csv_cells import cell
from kit.evening import UNDATED
from kit.journal import Entry, entry_to_json
from kit.roll import FUDGE_SIDES, Roll
from panels.journal.summary import Summary, Table

__all__ = [
    "DATA_COLUMNS",
    "FORMAT",
    "KINDS",
    "LONG_JOIN",
    "VERSION",
    "Words",
    "bbcode",
    "csv_text",
    "json_text",
    "markdown",
]

FORMAT = "gm-journal"
VERSION = 2  # entries carry their evening and roll (v1 files still import)
KINDS = ("bbcode", "markdown", "csv", "json")  # the panel's buttons: journal-export-KIND
# What a forum could take for the start of a tag: «[b]», «[/url]», «[*]», «[img width=1 height=1]»,
# «[ quote]»: a bracket before a name (or «*»), spaces and a slash allowed. Its bracket becomes «［».
_TAG = re.compile(r"\[(?=\s*/?\s*[A-Za-z*])")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|#])")


@dataclass(frozen=True)
class Words:
    """The export's words in one language: its title, the five column names, each panel's title;
    the CSV's columns of the roll as data (``DATA_COLUMNS`` of them), its word for «yes» and for
    the evening of lines an old log kept without a time («без даты», as the evening filter says)."""

    title: str
    columns: tuple[str, ...]
    panels: Mapping[str, str]
    data: tuple[str, ...] = ("Evening", "Rule", "Dice", "From the table", "Total", "Outcome", "Probability")
    yes: str = "yes"
    undated: str = "undated"


DATA_COLUMNS = 7
LONG_JOIN = " | "  # where a long line was joined from parts (a combat exchange): a post breaks it there


def _public(entries: Iterable[Entry]) -> list[Entry]:
    return [e for e in entries if not e.secret]


def _time(entry: Entry, lang: str, *, seconds: bool = True) -> str:
    """``2026-12-01T20:00:05`` as ``01.12.2026 20:00:05`` (Russian) or ``2026-12-01 20:00:05``."""
    date, _, clock = entry.time.partition("T")
    clock = clock if seconds else clock[:5]
    if lang == "ru" and re.fullmatch(r"\d{4}-\d\d-\d\d", date):
        year, month, day = date.split("-")
        date = f"{day}.{month}.{year}"
    return f"{date} {clock}".strip()


def _row(entry: Entry, lang: str, words: Words) -> tuple[str, ...]:
    return (
        _time(entry, lang),
        words.panels.get(entry.panel, entry.panel),
        entry.who,
        entry.shown(lang),
        entry.why,
    )


def _ordered(entries: Iterable[Entry], oldest_first: bool) -> list[Entry]:
    """The public entries in the post's order (the journal holds them newest first)."""
    public = _public(entries)
    return public[::-1] if oldest_first else public


def _names_itself(line: str, who: str) -> bool:
    """Whether the line starts with who acted («Вера: − очки»): then the post does not repeat it."""
    return bool(who) and (line.startswith(who + ":") or line.startswith(who + " "))


def _plain(text: str) -> str:
    """Text a forum shows as it is: no bracket starts a tag."""
    return _TAG.sub("［", text)


def bbcode(
    entries: Iterable[Entry],
    lang: str,
    words: Words,
    *,
    oldest_first: bool = True,
    stats: Summary | None = None,
) -> str:
    """A forum post: a bold title and a list, a line per result (time, panel, who: what — why),
    oldest first (or newest), then the statistics' tables if given."""
    lines = [f"[b]{_plain(words.title)}[/b]", "[list]"]
    for entry in _ordered(entries, oldest_first):
        panel = _plain(words.panels.get(entry.panel, entry.panel))
        shown = entry.shown(lang)
        if not entry.who:
            head = f"{panel}: "
        elif _names_itself(shown, entry.who):
            head = f"{panel} · "
        else:
            head = f"{panel} · {_plain(entry.who)}: "
        parts = [_plain(part) for part in shown.split(LONG_JOIN)]
        why = f" — [i]{_plain(entry.why)}[/i]" if entry.why else ""
        clock = _plain(entry.time.partition("T")[2][:5])
        lines.append(f"[*][b]{clock}[/b] · {head}" + "\n".join(parts) + why)
    lines.append("[/list]")
    if stats is not None:
        lines += ["", f"[b]{_plain(stats.title)}[/b]"]
        lines += [f"[code]{_plain(_aligned(table))}[/code]" for table in stats.tables]
    return "\n".join(lines)


def _aligned(table: Table) -> str:
    """A table in fixed-width columns (a forum's [code] keeps them): the first column to the left,
    the others to the right."""
    rows = [table.head, *table.rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(table.head))]
    out = []
    for row in rows:
        cells = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True))]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


def _markdown_cell(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text).replace("\n", " ")


def _markdown_table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(_markdown_cell(c) for c in head) + " |", "|" + "---|" * len(head)]
    return out + ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in rows]


def markdown(
    entries: Iterable[Entry],
    lang: str,
    words: Words,
    *,
    oldest_first: bool = True,
    stats: Summary | None = None,
) -> str:
    """A Markdown table (each cell's Markdown characters escaped), oldest first (or newest), then
    the statistics' tables if given."""
    rows = (_row(e, lang, words) for e in _ordered(entries, oldest_first))
    lines = [f"# {_markdown_cell(words.title)}", "", *_markdown_table(words.columns, rows)]
    if stats is not None:
        lines += ["", f"## {_markdown_cell(stats.title)}"]
        for table in stats.tables:
            lines += ["", *_markdown_table(table.head, table.rows)]
    return "\n".join(lines) + "\n"


def _dice(roll: Roll) -> str:
    """«3d20: 7 12 5», sizes in the order they came; dice of three sides (a dF, or a d3 kept as
    one, ``kit.roll.d3``) «4dF: + − 0 +»."""
    sizes: dict[int, list[int]] = {}
    for sides, face in roll.dice:
        sizes.setdefault(sides, []).append(face)
    parts = []
    for sides, faces in sizes.items():
        if sides == FUDGE_SIDES:
            shown = " ".join("+" if f > 0 else "−" if f < 0 else "0" for f in faces)
            parts.append(f"{len(faces)}dF: {shown}")
        else:
            parts.append(f"{len(faces)}d{sides}: " + " ".join(str(f).replace("-", "−") for f in faces))
    return "; ".join(parts)


def _decimal(p: Fraction, lang: str) -> str:
    """A probability a spreadsheet reads as a number: «0,025» in Russian, «0.025» in English."""
    text = f"{float(p):.6g}"
    return text.replace(".", ",") if lang == "ru" else text


def _evening(entry: Entry, lang: str, words: Words) -> str:
    """When the entry's evening began (``kit.evening``), as the time column; its id else. An entry
    with no evening (one made before evenings, not yet given one) gets the evening its date
    implies: that date; the lines an old log kept without a time (``UNDATED``, or no time at
    all) the word for them, «без даты», never an empty cell.

    >>> words = Words("Журнал", (), {}, undated="без даты")
    >>> [_evening(Entry("1", time, "roller", "x", "x"), "ru", words) for time in ("2026-12-01T20:05:00", "")]
    ['01.12.2026', 'без даты']
    """
    evening = entry.evening
    if evening == UNDATED or (evening is None and not entry.time):
        return words.undated
    if evening is None:
        return _time(replace(entry, time=entry.time.partition("T")[0]), lang)
    return _time(replace(entry, time=evening.id), lang, seconds=False) if "T" in evening.id else evening.id


def _data(entry: Entry, lang: str, words: Words) -> tuple[str, ...]:
    """The CSV's cells of the roll as data (empty for an entry without one)."""
    roll = entry.roll
    if roll is None:
        return (_evening(entry, lang, words), "", "", "", "", "", "")
    return (
        _evening(entry, lang, words),
        roll.rule,
        _dice(roll),
        words.yes if roll.by_hand else "",
        "" if roll.total is None else str(roll.total),
        roll.outcome,
        _decimal(roll.p, lang),
    )


def csv_text(entries: Iterable[Entry], lang: str, words: Words) -> str:
    """CSV for a spreadsheet: in Russian with a BOM and ``;`` (Excel's Russian settings; the lines
    carry decimal commas already, and so do the probabilities), in English with commas. No cell
    starts a formula (``kit.csv_cells``). Newest first, as the journal shows them; after the five
    columns, the roll as data."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang == "ru" else ",", lineterminator="\r\n")
    writer.writerow([*words.columns, *words.data])
    for entry in _public(entries):
        data = _data(entry, lang, words)
        # the total and the probability are numbers formatted here (a negative total stays a number)
        texts = (*_row(entry, lang, words), *data[:4])
        writer.writerow([*(cell(c) for c in texts), data[4], cell(data[5]), data[6]])
    return ("\ufeff" if lang == "ru" else "") + out.getvalue()


def json_text(entries: Iterable[Entry]) -> str:
    """Every public entry with all its fields, both languages (``{"format": "gm-journal", …}``)."""
    data = {"format": FORMAT, "v": VERSION, "entries": [entry_to_json(e) for e in _public(entries)]}
    return json.dumps(data, ensure_ascii=False, indent=1)
