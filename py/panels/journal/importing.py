"""A journal read back from a file (pure): the page's «Скачать все данные» (``gm-dice-data.json``)
or the journal's own JSON export (``{"format": "gm-journal", …}``). The entries merge into the
journal by id, entry by entry (``kit.journal.Journal.joined``); a damaged one is set aside.

>>> import json
>>> data = {"app": "gm-dice", "records": {"gm.shared.journal": {"v": 1, "value": {"entries": [
...     {"id": "1", "time": "2026-12-01T20:00:00", "panel": "roller", "ru": "8", "en": "8"}, {"id": 2}]}}}}
>>> found = read(json.dumps(data))
>>> [e.id for e in found.good], found.bad
(['1'], ({'id': 2},))
>>> read('{"format": "gm-journal", "v": 1, "entries": []}').good
()
>>> read('{"app": "gm-dice", "records": {}}')
Traceback (most recent call last):
ValueError: no_journal
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit import bounded_json
from kit.journal import JOURNAL, Entry, entries_from_json
from panels.journal.export import FORMAT

__all__ = ["MAX_CHARS", "Found", "read"]

MAX_CHARS = 4_000_000  # the kit passes files of at most 2 MB; a bound before parsing all the same


@dataclass(frozen=True)
class Found:
    """The sound entries of a file and the damaged ones (as they were, to set aside)."""

    good: tuple[Entry, ...]
    bad: tuple[Any, ...]


def _entries(data: Any) -> Any:
    if not isinstance(data, dict):
        return None
    if data.get("format") == FORMAT:
        return data.get("entries")
    records = data.get("records")
    if data.get("app") == "gm-dice" and isinstance(records, dict):
        record = records.get(JOURNAL.key)
        value = record.get("value") if isinstance(record, dict) else None
        return value.get("entries") if isinstance(value, dict) else None
    return None


def read(text: Any) -> Found:
    """The journal entries in a file's ``text``; ``ValueError`` with a code when it holds no journal:
    ``not_json`` (not JSON, or nested too deep to read safely), ``no_journal``."""
    if not isinstance(text, str):
        raise ValueError("not_json")
    try:
        data = bounded_json.loads(text, MAX_CHARS)
    except (ValueError, RecursionError) as error:
        raise ValueError("not_json") from error
    entries = _entries(data)
    if not isinstance(entries, list):
        raise ValueError("no_journal")
    good, bad = entries_from_json(entries)
    return Found(good, bad)
