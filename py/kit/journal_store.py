"""The journal kept entry by entry: what the page writes to its store and reads back (pure).

The store keeps one record per entry (static/journal-db.js: IndexedDB's object store ``journal``,
keyed by the entry's id, indexed by time, panel, evening and import; where IndexedDB is refused,
localStorage keys ``gm.journal.ID``, at most ``kit.journal.LIMIT`` of them). A record is the entry's
id, time, panel, evening and JSON text (``StoreRecord``). An action writes the records of the
entries it added or changed and deletes the ids it removed (``Journal.written_since``), never the
whole journal. At start the page reads the newest ``HEAD`` entries, each panel's newest
``PER_PANEL`` (its short log) and the count of all (``head_from_text``); the journal panel asks
the store for the rest a page at a time.

>>> from kit.journal import Entry
>>> record = store_record(Entry("e1", "2026-12-01T20:00:00", "roller", "8", "8"))
>>> record.id, record.time, record.panel, record.evening, record.text
('e1', '2026-12-01T20:00:00', 'roller', '', '{"id": "e1", "time": "2026-12-01T20:00:00", "panel": "roller", "ru": "8", "en": "8"}')
>>> head = head_from_text('{"total": 3, "horizon": null, "entries": [' + record.text + ', {"id": 2}], "bad": []}')
>>> [e.id for e in head.journal.entries], head.journal.unheld, len(head.bad)
(['e1'], 1, 1)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from kit import bounded_json
from kit.journal import Entry, Journal, LogMark, entries_from_json, entry_to_json

__all__ = [
    "HEAD",
    "KEPT",
    "MAX_ENTRY_CHARS",
    "MAX_ENTRY_DEPTH",
    "PER_PANEL",
    "Head",
    "StoreRecord",
    "head_from_data",
    "head_from_text",
    "import_problem",
    "latest_allowed",
    "news_from_text",
    "record_problem",
    "read_answer",
    "records_text",
    "store_record",
]

HEAD = 200  # the newest entries the page holds at start (the journal panel's first pages)
PER_PANEL = 50  # and each panel's newest, for its short log (a longer log asks for the rest)
KEPT = 200_000  # an import fills the store up to this many entries; the GM's own are never refused
MAX_ENTRY_CHARS = 20_000  # an entry's JSON text (its sentences are at most 4,000 characters each)
MAX_ENTRY_DEPTH = 12  # and its nesting (a roll nests 4 deep)
MAX_HEAD_CHARS = 64_000_000  # what one read of the store may hand the page
FUTURE_DAYS = 1  # an imported entry dated over a day after now is refused (it would stay on top)
_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")


class StoreRecord(NamedTuple):
    """One entry as the store keeps it: what its indexes read, and its JSON text."""

    id: str
    time: str
    panel: str
    evening: str
    text: str


def store_record(entry: Entry, /) -> StoreRecord:
    text = json.dumps(entry_to_json(entry), ensure_ascii=False)
    evening = entry.evening.id if entry.evening is not None else ""
    return StoreRecord(entry.id, entry.time, entry.panel, evening, text)


def record_problem(record: StoreRecord, /) -> str | None:
    """``None`` if the record may be written, else why not (``kit.panel.check_record``'s codes):
    only UTF-8 text, and an entry no bigger and no deeper than ``MAX_ENTRY_*``, is ever written."""
    try:
        record.text.encode("utf-8")
    except UnicodeEncodeError:
        return "not_utf8"
    return bounded_json.check(record.text, MAX_ENTRY_CHARS, MAX_ENTRY_DEPTH)


def records_text(records: Iterable[StoreRecord], /) -> str:
    """The records as static/journal-db.js writes them: ``[{"id", "t", "p", "e", "j"}, …]``."""
    out = [{"id": r.id, "t": r.time, "p": r.panel, "e": r.evening, "j": r.text} for r in records]
    return json.dumps(out, ensure_ascii=False)


@dataclass(frozen=True)
class Head:
    """What the store gave back: the journal as the page holds it, and what could not be read
    (the damaged entries, to set aside: each its id and text where the store gave them)."""

    journal: Journal
    bad: tuple[Any, ...] = ()


def _read(text: str) -> Any:
    return bounded_json.loads(text, MAX_HEAD_CHARS, MAX_ENTRY_DEPTH + 3)


def read_answer(text: str, /) -> Any:
    """The store's answer (JSON text made by static/journal-db.js from saved entries, so bounded
    before it is parsed); ``ValueError`` if it cannot be read."""
    try:
        return _read(text)
    except RecursionError as error:
        raise ValueError("too_deep") from error


def head_from_text(text: str | None, /) -> Head:
    """The journal from the store's answer ``{"total", "horizon", "entries", "bad"}`` (newest
    first; static/journal-db.js ``readHead``): an entry that is not one is set aside."""
    if text is None:
        return Head(Journal())
    try:
        data = read_answer(text)
    except ValueError:
        return Head(Journal(), (text,))
    return head_from_data(data)


def head_from_data(data: Any, /) -> Head:
    """``head_from_text`` of the answer already read (an import's answer carries the head)."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        return Head(Journal(), (json.dumps(data, ensure_ascii=False),))
    good, bad = entries_from_json(data["entries"])
    total = data.get("total")
    held = len(good)
    unheld = max(0, total - held - len(bad)) if type(total) is int else 0
    horizon = data.get("horizon")
    mark: LogMark | None = None
    if isinstance(horizon, list) and len(horizon) == 2 and all(isinstance(h, str) for h in horizon):
        mark = (horizon[0], horizon[1])
    stored = data.get("bad")
    stored_bad: list[Any] = stored if isinstance(stored, list) else []
    journal = Journal(good, 0, unheld, mark if unheld else None)
    return Head(journal, (*bad, *stored_bad))


class News(NamedTuple):
    """Another tab's changes to the journal: entries added or changed, ids gone, or ``reload``
    (many at once: an import, an undo; the page reads its newest entries again)."""

    put: tuple[Entry, ...]
    gone: tuple[str, ...]
    reload: bool


def news_from_text(text: str, /) -> News:
    """``{"put": [entries], "gone": [ids]}`` or ``{"reload": true}`` (static/storage.js); what
    cannot be read is no news."""
    try:
        data = read_answer(text)
    except ValueError:
        return News((), (), False)
    if not isinstance(data, dict):
        return News((), (), False)
    if data.get("reload") is True:
        return News((), (), True)
    raw_put, raw_gone = data.get("put"), data.get("gone")
    put, _ = entries_from_json(raw_put if isinstance(raw_put, list) else [])
    gone: list[Any] = raw_gone if isinstance(raw_gone, list) else []
    return News(put, tuple(g for g in gone if isinstance(g, str)), False)


def latest_allowed(now: str, /) -> str:
    """The latest time an imported entry may have: ``FUTURE_DAYS`` after ``now`` (a file from a
    device in another time zone is taken; one dated 9999 is not).

    >>> latest_allowed("2026-12-31T22:00:00")
    '2027-01-01T22:00:00'
    """
    try:
        moment = datetime.fromisoformat(now)
    except ValueError:
        return "9999"
    return (moment + timedelta(days=FUTURE_DAYS)).isoformat(timespec="seconds")


def import_problem(entry: Entry, chars: int, latest: str, /) -> str | None:
    """Why an imported entry is refused beyond ``entry_from_json``'s checks (static/journal-db.js
    ``importProblem`` the same): a time neither ISO to the second nor empty (``entry``), one after
    ``latest`` (``future``: it would stay on top of the journal), or a JSON text over
    ``MAX_ENTRY_CHARS`` (``oversized``)."""
    if entry.time and not _TIME.fullmatch(entry.time):
        return "entry"
    if entry.time and entry.time > latest:
        return "future"
    if chars > MAX_ENTRY_CHARS:
        return "oversized"
    return None
