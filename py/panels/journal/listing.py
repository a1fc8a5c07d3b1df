"""What the journal panel's list shows (pure): the entries a filter keeps, newest first, from what
the page holds and what the journal's store answered.

A journal the page holds whole (``Journal.complete``) is filtered here. Otherwise the page holds
the newest entries only: the list shows at once those of them the filter keeps that are certainly
the newest (from the journal's ``horizon`` on), and the store (the journal worker) answers with
the matching entries from the newest, how many match in all, and the filters' choices
(``Found``). Entries written since the store answered (this tab's, another tab's) come from the
journal; entries removed since leave the list.

>>> from kit.journal import Entry, Filter, Journal
>>> old = Entry("a", "2026-12-01T20:00:00", "roller", "8", "8")
>>> journal = Journal((Entry("b", "2026-12-01T21:00:00", "roller", "9", "9"),), unheld=1, horizon=("2026-12-01T21:00:00", "b"))
>>> [e.id for e in listing(journal, Filter(), 100, None).entries], listing(journal, Filter(), 100, None).count
(['b'], None)
>>> found = Found(Filter(), (old,), 1, None, (), ())
>>> shown = listing(journal, Filter(), 100, found)
>>> [e.id for e in shown.entries], shown.count, shown.more
(['b', 'a'], 2, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.evening import Evening
from kit.journal import Entry, Filter, Journal, LogMark, entries_from_json, mark_of

__all__ = ["Found", "Listing", "choices", "day_of", "filter_args", "found_from", "listing"]

Choices = tuple[tuple[Evening, str, int], ...]


@dataclass(frozen=True)
class Found:
    """The store's answer for ``chosen``: the matching entries from the newest (as many as were
    asked for), how many match in all, the newest entry the answer knew of (``after``: the page's
    newest when it asked, or the store's when it answered, whichever is later; newer ones come
    from the journal), and the filters' choices over the whole journal."""

    chosen: Filter
    entries: tuple[Entry, ...]
    count: int
    after: LogMark | None
    evenings: Choices
    who: tuple[str, ...]


@dataclass(frozen=True)
class Listing:
    """The list: its entries, newest first; how many match in all (``None``: not known yet);
    whether older matching entries are not shown."""

    entries: tuple[Entry, ...]
    count: int | None
    more: bool


def filter_args(chosen: Filter) -> dict[str, str]:
    return {"who": chosen.who, "panel": chosen.panel, "search": chosen.search, "evening": chosen.evening}


def _evenings(raw: Any) -> Choices:
    out = []
    for item in raw if isinstance(raw, list) else []:
        if (
            isinstance(item, list)
            and len(item) == 4
            and all(isinstance(x, str) for x in item[:3])
            and isinstance(item[3], int)
            and item[0]
        ):
            out.append((Evening(item[0], item[1]), item[2], item[3]))
    return tuple(out)


def found_from(answer: dict[str, Any], chosen: Filter, after: LogMark | None, more_of: Found | None) -> Found:
    """The store's answer to a ``select`` as a ``Found``; ``more_of``: the one it continues (its
    entries come first)."""
    raw = answer.get("entries")
    entries, _ = entries_from_json(raw if isinstance(raw, list) else [])
    count = answer.get("count")
    who = answer.get("who")
    names = tuple(n for n in who if isinstance(n, str)) if isinstance(who, list) else ()
    newest = answer.get("newest")
    if isinstance(newest, list) and len(newest) == 2 and all(isinstance(x, str) for x in newest):
        after = max(after, (newest[0], newest[1])) if after is not None else (newest[0], newest[1])
    if more_of is not None:  # its count and the newest entry it knew of go together: both kept
        known = {e.id for e in more_of.entries}
        entries = (*more_of.entries, *(e for e in entries if e.id not in known))
        after, count = more_of.after, more_of.count
    return Found(
        chosen,
        entries,
        count if isinstance(count, int) else len(entries),
        after,
        _evenings(answer.get("evenings")),
        names,
    )


_LISTED: list[tuple[Journal, Filter, int, Found | None, Listing]] = []  # the last one worked out


def listing(journal: Journal, chosen: Filter, showing: int, found: Found | None) -> Listing:
    """The list for ``chosen``, at most ``showing`` entries (see the module's docstring); worked
    out once per change (the panel is rendered again after every action of every panel, and asks
    for its next slice to draw)."""
    if _LISTED:
        held, filtered, shown, answer, made = _LISTED[0]
        if held is journal and filtered == chosen and shown == showing and answer is found:
            return made
    made = _listing(journal, chosen, showing, found)
    _LISTED[:] = [(journal, chosen, showing, found, made)]
    return made


def _listing(journal: Journal, chosen: Filter, showing: int, found: Found | None) -> Listing:
    if journal.complete:
        matching = journal.select(chosen)
        return Listing(matching[:showing], len(matching), len(matching) > showing)
    if found is None or found.chosen != chosen:
        horizon = journal.horizon
        sure = tuple(e for e in journal.select(chosen) if horizon is None or mark_of(e) >= horizon)
        return Listing(sure[:showing], None, True)
    matching = journal.select(chosen)
    newer = [e for e in matching if found.after is None or mark_of(e) > found.after]
    seen = {e.id for e in newer}
    held = {e.id: e for e in journal.entries}
    older: list[Entry] = []
    left = 0
    for entry in found.entries:
        if entry.id in seen:
            continue
        seen.add(entry.id)
        current = held.get(entry.id, entry)
        if entry.id in journal.removed or not chosen.keeps(current):
            left += 1
            continue
        older.append(current)
    # the held entries certainly the newest (from the horizon on) that the answer did not reach
    # yet (it brings the first entries at once and the rest of the page after): no gap between
    horizon = journal.horizon
    sure = [e for e in matching if e.id not in seen and (horizon is None or mark_of(e) >= horizon)]
    if sure:
        older = sorted((*older, *sure), key=mark_of, reverse=True)
    entries = (*newer, *older)
    count = max(len(entries), found.count + len(newer) - left)
    return Listing(entries[:showing], count, count > min(showing, len(entries)))


_CHOSEN: list[tuple[Journal, Found | None, tuple[Choices, tuple[str, ...]]]] = []  # the last ones


def choices(journal: Journal, found: Found | None) -> tuple[Choices, tuple[str, ...]]:
    """The evening and character filters' choices: over the whole journal (the store's answer,
    with what the page got since), else over what the page holds; once per change."""
    if _CHOSEN and _CHOSEN[0][0] is journal and _CHOSEN[0][1] is found:
        return _CHOSEN[0][2]
    made = _choices(journal, found)
    _CHOSEN[:] = [(journal, found, made)]
    return made


_HELD: list[tuple[Journal, tuple[Choices, tuple[str, ...]]]] = []  # the held entries' choices, last journal


def _choices(journal: Journal, found: Found | None) -> tuple[Choices, tuple[str, ...]]:
    if _HELD and _HELD[0][0] is journal:
        evenings, who = _HELD[0][1]
    else:  # a new journal (an action, another tab); a new answer of the store reuses these
        evenings, who = journal.evenings(), journal.who()
        _HELD[:] = [(journal, (evenings, who))]
    if journal.complete or found is None:
        return evenings, who
    known = {e for e, _, _ in found.evenings}
    newer = tuple(c for c in evenings if c[0] not in known)
    merged = {e: (e, first, count) for e, first, count in found.evenings}
    for evening, _first, count in evenings:  # the held ones' counts may have grown
        if evening in merged and count > merged[evening][2]:
            merged[evening] = (evening, merged[evening][1], count)
    names = found.who + tuple(n for n in who if n not in found.who)
    return (*newer, *merged.values()), names


def day_of(time: str) -> str:
    """The date of an ISO time as the page writes it (``01.12.2026``)."""
    date = time.partition("T")[0]
    parts = date.split("-")
    return f"{parts[2]}.{parts[1]}.{parts[0]}" if len(parts) == 3 else date
