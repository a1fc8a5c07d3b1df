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
from panels.journal.listing import Found, filter_args, found_from, listing
from panels.journal.stats import Stats

__all__ = ["FIRST", "PAGE", "SLICE", "Importing", "State", "ask", "drawn_more", "sync"]

PAGE = 100  # entries the list shows at first and the more per «Показать ещё»
FIRST = 20  # of them drawn at once, when the list is opened or filtered: more than a screen holds
SLICE = 20  # then drawn per task after it (``drawn_more``), so no task draws the whole page


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
    drawn: int = FIRST  # how many of those are drawn so far (the rest follow, ``drawn_more``)
    found: Found | None = None  # the store's answer for ``chosen`` (none needed for a journal held whole)
    note: Renderable = ""  # what the last import did
    aside: tuple[Any, ...] = ()  # damaged entries of the last file read on the page, offered for download
    aside_batch: str = ""  # … or the import whose damaged entries the store keeps
    importing: Importing | None = None
    undo_batch: str = ""  # the last import the store made, which «Отменить» takes back
    undo_ids: tuple[str, ...] = ()  # … or the ids the last import on the page added
    stats: Stats = field(default_factory=Stats)  # the statistics sub-tool (panels.journal.stats)
    held: bool = True  # the kit gave the journal (False: the panel's first paint, before Python)
    # the local date (ISO) when the panel last started or acted: entries of other days show theirs
    today: str = ""


def sync(state: State, journal: Journal) -> State:
    return replace(state, journal=journal, held=True)


def drawn_more(state: State) -> State | None:
    """The panel's ``later`` step: ``SLICE`` more of the entries the list shows drawn, in a task
    of its own, until all are (``None``: nothing left to draw)."""
    shown = listing(state.journal, state.chosen, state.showing, state.found)
    if state.drawn >= len(shown.entries):
        return None
    return replace(state, drawn=state.drawn + SLICE)


def ask(state: State, more: bool = False) -> Outcome[State]:
    """Ask the store for what ``state.chosen`` keeps (``more``: the entries after those it gave),
    unless the page holds the whole journal. A new filter asks for the first ``FIRST`` entries
    with the count, and the rest of the page in a second question once they are shown (each
    answer read in a task of its own: the count comes at once)."""
    if state.journal.complete:
        return Outcome(state)
    found = state.found
    previous = found if more and found is not None and found.chosen == state.chosen else None
    before = mark_of(previous.entries[-1]) if previous is not None and previous.entries else None
    newest = mark_of(state.journal.entries[0]) if state.journal.entries else None
    after = previous.after if previous is not None else newest
    limit = state.showing - len(previous.entries) if previous is not None else min(FIRST, state.showing)
    args = {"filter": filter_args(state.chosen), "before": before, "limit": limit}
    done = partial(_found, state.chosen, after, previous, limit)
    return Outcome(state, effects=(AskJournal("select", args, done),))


def _found(
    chosen: Filter,
    after: LogMark | None,
    previous: Found | None,
    limit: int,
    state: State,
    answer: dict[str, Any],
) -> State | Outcome[State]:
    if answer.get("ok") is False or chosen != state.chosen:
        return state
    found = found_from(answer, chosen, after, previous)
    state = replace(state, found=found)
    given = answer.get("entries")
    if (
        isinstance(given, list)
        and len(given) >= limit
        and len(found.entries) < min(found.count, state.showing)
    ):
        return ask(state, more=True)  # the rest of the page the list shows
    return state
