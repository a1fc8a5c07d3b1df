"""The journal's heavy work, in the compute worker (``kit.compute``): a forum post, Markdown or CSV
of whatever the filters select, from entries the worker reads from the journal's store itself
(``Compute(journal=…)``, docs/compute.md), so a year of entries never passes through the page.

>>> from kit.journal import Entry, entry_to_json
>>> words = {"title": "Журнал", "columns": ["Время", "Панель", "Кто", "Что", "Зачем"], "panels": {}}
>>> entries = [entry_to_json(Entry("1", "2026-12-01T20:00:05", "roller", "8", "8"))]
>>> export_text("csv", "en", words, entries).splitlines()[1]
'2026-12-01 20:00:05,roller,,8,'
"""

from __future__ import annotations

from typing import Any

from kit.compute import job
from kit.journal import entries_from_json
from panels.journal import export

__all__ = ["export_text"]

_MAKERS = {"bbcode": export.bbcode, "markdown": export.markdown, "csv": export.csv_text}


@job("journal.export")
def export_text(kind: str, lang: str, words: dict[str, Any], entries: list[Any]) -> str:
    """The ``kind`` export (``bbcode``, ``markdown``, ``csv``) of these entries (their JSON, newest
    first, as the worker read them; one that is not an entry is left out) in ``lang``."""
    good, _ = entries_from_json(entries)
    worded = export.Words(str(words["title"]), tuple(words["columns"]), dict(words["panels"]))
    return _MAKERS[kind](good, "en" if lang == "en" else "ru", worded)
