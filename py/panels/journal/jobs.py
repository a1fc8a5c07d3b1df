"""The journal's heavy work, in the compute worker (``kit.compute``), from entries the worker reads
from the journal's store itself (``Compute(journal=…)``, docs/compute.md), so a year of entries
never passes through the page: a forum post, Markdown or CSV of whatever the filters select, and
the statistics of a selection the page does not hold whole or that is bigger than
``stats.INLINE_ENTRIES`` entries (``statistics.statistics_of_json``: no ``Entry`` built, rolls
grouped before any exact work).

>>> from kit.journal import Entry, entry_to_json
>>> words = {"title": "Журнал", "columns": ["Время", "Панель", "Кто", "Что", "Зачем"], "panels": {}}
>>> entries = [entry_to_json(Entry("1", "2026-12-01T20:00:05", "roller", "8", "8"))]
>>> export_text("csv", "en", words, entries).splitlines()[1]
'2026-12-01 20:00:05,roller,,8,,2026-12-01,,,,,,'
>>> entry = {"id": "1", "time": "2026-12-01T20:00:00", "panel": "roller", "ru": "x", "en": "x", "who": "Кац",
...          "roll": {"rule": "gauss.roll", "dice": [[20, 7], [20, 12], [20, 20]], "by_hand": True,
...                   "total": 39, "outcome": "13", "p": "1/40", "below": "3/4"}}
>>> found = stats(entries=[entry])
>>> found["rolls"], found["luck"][0]
(1, ['Кац', '', 1, 0.7625])
"""

from __future__ import annotations

from typing import Any

from kit.compute import job
from kit.journal import entries_from_json
from panels.journal import export
from panels.journal.statistics import statistics, statistics_of_json, statistics_to_json
from panels.journal.summary import summary

__all__ = ["STEPS_PER_ENTRY", "export_text", "stats", "steps"]

STEPS_PER_ENTRY = 40  # Python-level calls an entry costs at most (grouped: most cost a few)


def steps(entries: list[Any]) -> int:
    """A bound of ``stats``' work, from the number of entries."""
    return 1_000 + STEPS_PER_ENTRY * len(entries)


@job("journal.stats", steps=steps)
def stats(entries: list[Any]) -> dict[str, Any]:
    """``statistics_to_json`` of these saved entries (secret ones left out)."""
    return statistics_to_json(statistics_of_json(entries))


@job("journal.export")
def export_text(
    kind: str,
    lang: str,
    words: dict[str, Any],
    entries: list[Any],
    oldest_first: bool = True,
    with_stats: bool = False,
) -> str:
    """The ``kind`` export (``bbcode``, ``markdown``, ``csv``) of these entries (their JSON, newest
    first, as the worker read them; one that is not an entry is left out) in ``lang``; a post in
    the order chosen, with the statistics of what it holds if asked."""
    good, _ = entries_from_json(entries)
    lang = "en" if lang == "en" else "ru"
    data = tuple(words.get("data") or ()) or export.Words.data
    worded = export.Words(
        str(words["title"]),
        tuple(words["columns"]),
        dict(words["panels"]),
        data,
        str(words.get("yes", "yes")),
        str(words.get("undated", "undated")),
    )
    if kind == "csv":
        return export.csv_text(good, lang, worded)
    told = summary(statistics(good), lang) if with_stats else None
    make = export.bbcode if kind == "bbcode" else export.markdown
    return make(good, lang, worded, oldest_first=oldest_first, stats=told)
