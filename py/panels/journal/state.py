"""The journal panel's state, and how it asks the journal's store for what a filter keeps (pure).

>>> from kit.journal import Entry, Journal
>>> full = Journal((Entry("1", "2026-12-01T20:00:00", "roller", "8", "8"),))
>>> ask(State(full)).effects, [e.kind for e in ask(State(Journal(full.entries, unheld=5))).effects]
((), ['select'])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from kit.journal import Filter, Journal, LogMark, mark_of
from kit.msg import Renderable
from kit.panel import AskJournal, Outcome
from panels.journal.listing import Found, filter_args, found_from
from panels.journal.stats import Stats

__all__ = ["PAGE", "Importing", "State", "ask", "sync"]

PAGE = 100  # entries written into the list at first and per «Показать ещё»


@dataclass(frozen=True)
class Importing:
    """An import under way in the store: how many of the file's entries are written so far."""

    done: int = 0
    total: int = 0


@dataclass(frozen=True)
class State:
    journal: Journal = field(default_factory=Journal)  # follows JOURNAL (the kit writes it)
    chosen: Filter = field(default_factory=Filter)
    showing: int = PAGE  # how many of the matching entries the list shows (newest first)
    found: Found | None = None  # the store's answer for ``chosen`` (none needed for a journal held whole)
    note: Renderable = ""  # what the last import did
    aside: tuple[Any, ...] = ()  # damaged entries of the last file read on the page, offered for download
    aside_batch: str = ""  # … or the import whose damaged entries the store keeps
    importing: Importing | None = None
    undo_batch: str = ""  # the last import the store made, which «Отменить» takes back
    undo_ids: tuple[str, ...] = ()  # … or the ids the last import on the page added
    stats: Stats = field(default_factory=Stats)  # the statistics sub-tool (panels.journal.stats)


def sync(state: State, journal: Journal) -> State:
    return replace(state, journal=journal)


def ask(state: State, more: bool = False) -> Outcome[State]:
    """Ask the store for what ``state.chosen`` keeps (``more``: the next page after those shown),
    unless the page holds the whole journal."""
    if state.journal.complete:
        return Outcome(state)
    found = state.found
    previous = found if more and found is not None and found.chosen == state.chosen else None
    before = mark_of(previous.entries[-1]) if previous is not None and previous.entries else None
    newest = mark_of(state.journal.entries[0]) if state.journal.entries else None
    after = previous.after if previous is not None else newest
    args = {
        "filter": filter_args(state.chosen),
        "before": before,
        "limit": PAGE if previous else state.showing,
    }
    done = partial(_found, state.chosen, after, previous)
    return Outcome(state, effects=(AskJournal("select", args, done),))


def _found(
    chosen: Filter, after: LogMark | None, previous: Found | None, state: State, answer: dict[str, Any]
) -> State:
    if answer.get("ok") is False or chosen != state.chosen:
        return state
    return replace(state, found=found_from(answer, chosen, after, previous))
