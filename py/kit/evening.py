"""Evenings: every journal entry belongs to one game night, so the journal filters by evening.

An evening starts by itself when the GM acts after a pause of more than ``GAP`` (6 hours: a long
break, never a game night) since the journal's newest entry, or when the GM presses «Новый вечер»
(``#journal-new-evening``). Its id is the local time it started (with ``+N`` after it when «Новый
вечер» comes within the second the current one started) and its date that time's date; an entry
saves both (``"evening": {"id": …, "date": …}``). Entries saved before evenings existed (an
old record, a v1 file) get theirs by the same rule over their own times (``kit.journal.assign_evenings``).

>>> first = Evening.starting("2026-12-01T20:00:00")
>>> first
Evening(id='2026-12-01T20:00:00', date='2026-12-01')
>>> evening_for(first, "2026-12-01T23:40:00", "2026-12-02T01:10:00") is first  # an hour and a half later
True
>>> evening_for(first, "2026-12-01T23:40:00", "2026-12-02T05:40:01").id  # over six hours later
'2026-12-02T05:40:01'
>>> evening_from_json(evening_to_json(first)) == first
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

__all__ = [
    "GAP",
    "UNDATED",
    "Evening",
    "evening_for",
    "evening_from_json",
    "evening_to_json",
    "gap_between",
    "started_after",
]

GAP = timedelta(hours=6)  # a pause longer than this starts a new evening
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Evening:
    """One game night: ``id`` (the local time it started, for the ones the page starts) and its
    ``date`` (``YYYY-MM-DD``; ``""`` for lines carried from an old log without a time)."""

    id: str
    date: str

    @classmethod
    def starting(cls, time: str) -> Evening:
        """The evening that starts at ``time`` (an ISO local time; ``""``: the undated one)."""
        if not time:
            return UNDATED
        return cls(time, time[:10] if _DATE.fullmatch(time[:10]) else "")


UNDATED = Evening("undated", "")  # lines an old log kept without a time


def _moment(time: str) -> datetime | None:
    try:
        return datetime.fromisoformat(time) if time else None
    except ValueError:
        return None


def gap_between(earlier: str, later: str) -> bool:
    """Whether more than ``GAP`` passed from ``earlier`` to ``later`` (ISO local times; a time
    that cannot be read is no pause)."""
    start, end = _moment(earlier), _moment(later)
    return start is not None and end is not None and end - start > GAP


def evening_for(current: Evening | None, last: str, now: str) -> Evening:
    """The evening an entry made at ``now`` belongs to, the journal's newest entry having been made
    at ``last`` in ``current``: the same one, unless there is none or the pause was over ``GAP``."""
    if current is None or current == UNDATED or gap_between(last, now):
        return Evening.starting(now)
    return current


def started_after(now: str, current: Evening | None) -> Evening:
    """The evening «Новый вечер» starts at ``now``: its own id even where ``current`` (the newest
    entry's) started within the same second.

    >>> started_after("2026-12-04T20:00:00", Evening("2026-12-04T20:00:00+1", "2026-12-04")).id
    '2026-12-04T20:00:00+2'
    >>> started_after("2026-12-04T20:00:05", Evening("2026-12-04T20:00:00", "2026-12-04")).id
    '2026-12-04T20:00:05'
    """
    started = Evening.starting(now)
    taken = current.id if current is not None else ""
    if not started.id or not taken.startswith(started.id):
        return started
    rest = taken[len(started.id) :]
    count = int(rest[1:]) if rest[:1] == "+" and rest[1:].isdigit() else 0
    return Evening(f"{started.id}+{count + 1}", started.date)


def evening_to_json(evening: Evening, /) -> dict[str, str]:
    return {"id": evening.id, "date": evening.date}


def evening_from_json(raw: Any, /) -> Evening:
    """A saved evening back; ``ValueError`` if it is not one (its entry is then set aside)."""
    if not isinstance(raw, dict):
        raise ValueError("an evening is an object")
    ident, date = raw.get("id"), raw.get("date", "")
    if not isinstance(ident, str) or not 0 < len(ident) <= 80:
        raise ValueError("an evening's id is a string of 1 to 80 characters")
    if not isinstance(date, str) or not (date == "" or _DATE.fullmatch(date)):
        raise ValueError("an evening's date is YYYY-MM-DD")
    return Evening(ident, date)
