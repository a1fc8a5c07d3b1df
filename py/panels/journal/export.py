"""The journal as files: a forum post (BBCode), Markdown, CSV for a spreadsheet, JSON (pure).

Every export leaves out what is still behind the screen (a hidden entry not yet revealed). The
panel's titles and column names come in ``Words`` (the panel words them in the page's language).

>>> from kit.journal import Entry
>>> words = Words("Журнал", ("Время", "Панель", "Кто", "Что", "Зачем"), {"roller": "GaussD20"})
>>> lines = (Entry("1", "2026-12-01T20:00:05", "roller", "3d20 → 8", "3d20 → 8", who="Кац", why="[b]засада"),
...          Entry("2", "2026-12-01T20:01:00", "threat", "T 14", "T 14", hidden=True, public_ru="?"))
>>> print(bbcode(lines, "ru", words))
[b]Журнал[/b]
[list]
[*][b]20:00[/b] · GaussD20 · Кац: 3d20 → 8 — [i]［b]засада[/i]
[/list]
>>> csv_text(lines, "ru", words).splitlines()[1]
'01.12.2026 20:00:05;GaussD20;Кац;3d20 → 8;[b]засада'
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kit.csv_cells import cell
from kit.journal import Entry, entry_to_json

__all__ = ["FORMAT", "KINDS", "VERSION", "Words", "bbcode", "csv_text", "json_text", "markdown"]

FORMAT = "gm-journal"
VERSION = 2  # entries carry their evening and roll (v1 files still import)
KINDS = ("bbcode", "markdown", "csv", "json")  # the panel's buttons: journal-export-KIND
_TAG = re.compile(r"\[(?=/?[A-Za-z*][A-Za-z0-9*]*(?:=[^\]]*)?\])")  # what a forum would take for a tag
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|#])")


@dataclass(frozen=True)
class Words:
    """The export's words in one language: its title, the five column names, each panel's title."""

    title: str
    columns: tuple[str, ...]
    panels: Mapping[str, str]


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


def _row(entry: Entry, lang: str, words: Words) -> tuple[str, str, str, str, str]:
    return (
        _time(entry, lang),
        words.panels.get(entry.panel, entry.panel),
        entry.who,
        entry.shown(lang),
        entry.why,
    )


def bbcode(entries: Iterable[Entry], lang: str, words: Words) -> str:
    """A forum post: a bold title and a list, a line per result (time, panel, who: what — why)."""

    def plain(text: str) -> str:
        return _TAG.sub("［", text)

    lines = [f"[b]{plain(words.title)}[/b]", "[list]"]
    for entry in _public(entries):
        panel = plain(words.panels.get(entry.panel, entry.panel))
        who = f" · {plain(entry.who)}" if entry.who else ""
        why = f" — [i]{plain(entry.why)}[/i]" if entry.why else ""
        clock = entry.time.partition("T")[2][:5]
        lines.append(f"[*][b]{clock}[/b] · {panel}{who}: {plain(entry.shown(lang))}{why}")
    lines.append("[/list]")
    return "\n".join(lines)


def markdown(entries: Iterable[Entry], lang: str, words: Words) -> str:
    """A Markdown table (each cell's Markdown characters escaped)."""

    def cell(text: str) -> str:
        return _MARKDOWN.sub(r"\\\1", text).replace("\n", " ")

    lines = [f"# {cell(words.title)}", "", "| " + " | ".join(words.columns) + " |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(cell(c) for c in _row(e, lang, words)) + " |" for e in _public(entries)]
    return "\n".join(lines) + "\n"


def csv_text(entries: Iterable[Entry], lang: str, words: Words) -> str:
    """CSV for a spreadsheet: in Russian with a BOM and ``;`` (Excel's Russian settings; the lines
    carry decimal commas already), in English with commas. No cell starts a formula
    (``kit.csv_cells``)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang == "ru" else ",", lineterminator="\r\n")
    writer.writerow(words.columns)
    for entry in _public(entries):
        writer.writerow([cell(c) for c in _row(entry, lang, words)])
    return ("\ufeff" if lang == "ru" else "") + out.getvalue()


def json_text(entries: Iterable[Entry]) -> str:
    """Every public entry with all its fields, both languages (``{"format": "gm-journal", …}``)."""
    data = {"format": FORMAT, "v": VERSION, "entries": [entry_to_json(e) for e in _public(entries)]}
    return json.dumps(data, ensure_ascii=False, indent=1)
