"""The journal: every result of every panel in one timeline, as data, for a whole campaign.

The kit writes it: every log line an action makes (``Outcome.log``) becomes an ``Entry`` of the
shared value ``JOURNAL`` too, with the panel's name, the time, its evening (``kit.evening``), the
«зачем» note typed in the note field beside the button (``.why-note``), and what the action's
``Note`` effect adds (who acted; a public line when the result was made behind the screen; the
roll as data). The journal panel (``panels.journal``) shows, filters and exports it.

An ``Entry`` is one line, written in both languages when it happened, with the panel that made
it, who acted (from the pickers), the GM's «зачем» note, and whether it was made behind the
screen. A hidden entry shows only its public line (no threshold, no bag) until the GM reveals it;
then it shows its own line, marked revealed.

The entries are kept one record each (``kit.journal_store``; IndexedDB, static/journal-db.js), so a
campaign of 100,000 entries costs an action what it adds. ``Journal`` is what the page holds of
them: all of them, or (``complete`` false) the newest ones, the ``unheld`` rest staying on disk
for the journal panel to ask for page by page. The kit writes what a new ``Journal`` added,
changed or removed (``written_since``) and merges other tabs' entries by id.

>>> j = Journal().add(Entry("1", "2026-12-01T20:00:00", "roller", "3d20 → 8", "3d20 → 8", who="Кац"))
>>> j = j.add(Entry("2", "2026-12-01T20:01:00", "threat", "Угроза: 14 ≥ 12", "Threat: 14 ≥ 12",
...                 hidden=True, public_ru="Проверка за ширмой", public_en="A check behind the screen"))
>>> [e.shown("ru") for e in j.entries]
['Проверка за ширмой', '3d20 → 8']
>>> j = j.reveal("2")
>>> [e.shown("en") for e in j.entries], j.entries[0].revealed
(['Threat: 14 ≥ 12', '3d20 → 8'], True)
>>> [e.panel for e in j.select(Filter(who="Кац"))]
['roller']

A panel's short log (``kit.panel.LogSpec``) is a view of the journal: that panel's newest lines
(``of_panel``), after the mark its «Очистить» left (``LogMark``: the newest line it hid).

>>> [e.id for e in of_panel(j, "threat", 5)], [e.id for e in of_panel(j, "threat", 5, ("2026-12-01T20:00:30", "1"))]
(['2'], ['2'])
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kit.evening import Evening, evening_for, started_after
from kit.journal_entry import (
    MAX_NOTE,
    MAX_TEXT,
    Entry,
    Filter,
    LateRoll,
    LogMark,
    Note,
    entries_from_json,
    entry_for,
    entry_from_json,
    entry_to_json,
    mark_of,
    names_of,
    note_of,
)
from kit.merge import merge_by_id
from kit.msg import Msg, both
from kit.roll import Roll, fitted
from kit.shared import Salvaged, Shared

__all__ = [
    "HIDDEN_BY_GM",
    "JOURNAL",
    "LIMIT",
    "LogMark",
    "MAX_NOTE",
    "MAX_TEXT",
    "Entry",
    "Filter",
    "Journal",
    "LateRoll",
    "Note",
    "assign_evenings",
    "carry_log",
    "entries_from_json",
    "entry_for",
    "entry_from_json",
    "entry_to_json",
    "evening_now",
    "mark_of",
    "note_of",
    "of_panel",
]

LIMIT = (
    1000  # entries kept where IndexedDB is refused (localStorage); the oldest go first, and the panel says so
)
HIDDEN_BY_GM = Msg("kit.journal.hidden_by_gm", "Скрыто мастером", "Hidden by the GM")


def _key(entry: Entry) -> LogMark:
    return (entry.time, entry.id)


@dataclass(frozen=True)
class Journal:
    """The entries the page holds, newest first: all of them, or the newest ones of the store and
    ``unheld`` more on disk (``complete`` is then false: ``select`` sees only these). Every stored
    entry from ``horizon`` (a ``LogMark``) on is held. ``dropped``: how many old ones went over a
    kept size (``LIMIT`` where only localStorage saves; said on screen). ``removed``: the ids this
    tab removed (the kit deletes them from the store). ``cap``: at most this many are kept, the
    oldest going first (``LIMIT`` where only localStorage saves; 0: no bound)."""

    entries: tuple[Entry, ...] = ()
    dropped: int = 0
    unheld: int = 0
    horizon: LogMark | None = None
    removed: frozenset[str] = frozenset()
    cap: int = 0

    @property
    def complete(self) -> bool:
        """Whether every stored entry is held (then ``select`` is the whole answer)."""
        return self.unheld == 0

    @property
    def size(self) -> int:
        """How many entries the journal keeps in all."""
        return len(self.entries) + self.unheld

    def add(self, entry: Entry, /) -> Journal:
        return replace(self, entries=(entry, *self.entries))

    def reveal(self, ident: str, /) -> Journal:
        """Reveal a hidden entry: the entry itself shows its line from now on, marked revealed (no
        second copy, so an export has the result once)."""
        if not any(e.id == ident and e.secret for e in self.entries):
            return self
        return replace(
            self, entries=tuple(replace(e, revealed=True) if e.id == ident else e for e in self.entries)
        )

    def with_roll(self, ident: str, roll: Roll, /) -> Journal:
        """The entry ``ident`` given its roll as data, written before its odds were known
        (``LateRoll``): once; an entry that has a roll already, or that the journal no longer
        holds (undone, deleted, or never held here), is left as it is (the same journal).

        >>> from fractions import Fraction
        >>> j = Journal((Entry("1", "2026-12-01T20:00:00", "ite", "x", "x"),))
        >>> r = Roll("ite.chain", (), "success", Fraction(1, 3))
        >>> late = j.with_roll("1", r)
        >>> late.entries[0].roll == r, late.with_roll("1", replace(r, p=Fraction(1, 2))) is late
        (True, True)
        >>> j.with_roll("2", r) is j
        True
        """
        kept = fitted(roll)
        if kept is None or not any(e.id == ident and e.roll is None for e in self.entries):
            return self
        return replace(
            self, entries=tuple(replace(e, roll=kept) if e.id == ident else e for e in self.entries)
        )

    def hide(self, ident: str, /) -> Journal:
        """The GM hides an entry after the fact: it shows only a public line (its own, if it was
        made behind the screen, else «Скрыто мастером») until it is revealed again."""

        def hidden(entry: Entry) -> Entry:
            if entry.public_ru or entry.public_en:
                return replace(entry, hidden=True, revealed=False)
            words = both(HIDDEN_BY_GM)
            return replace(entry, hidden=True, revealed=False, public_ru=words["ru"], public_en=words["en"])

        if not any(e.id == ident and not e.secret for e in self.entries):
            return self
        return replace(self, entries=tuple(hidden(e) if e.id == ident else e for e in self.entries))

    def holding(self, entries: Iterable[Entry], /) -> Journal:
        """These entries of the store held too (an older page the journal panel shows, before the
        GM hides or reveals one of them), each where its time puts it; held ones stay as they are."""
        known = {e.id for e in self.entries}
        more = {e.id: e for e in entries if e.id not in known}
        if not more:
            return self
        ordered = sorted((*self.entries, *more.values()), key=_key, reverse=True)
        return replace(self, entries=tuple(ordered), unheld=max(0, self.unheld - len(more)))

    def joined(self, entries: Iterable[Entry], /, room: int | None = None) -> tuple[Journal, int]:
        """These entries added where their time puts them (an imported file, an old panel log),
        each id once (an entry the journal has already stays as it is); and how many were new.
        ``room``: at most this many new ones (the newest of them): the rest are refused, so
        entries from a file never push out the GM's own."""
        known = {e.id for e in self.entries}
        new: dict[str, Entry] = {}
        for entry in entries:
            if entry.id not in known:
                new.setdefault(entry.id, entry)
        if room is not None and len(new) > room:
            kept = sorted(new.values(), key=_key, reverse=True)[: max(0, room)]
            new = {e.id: e for e in kept}
        if not new:
            return self, 0
        ordered = sorted((*self.entries, *new.values()), key=_key, reverse=True)
        return replace(self, entries=tuple(ordered)), len(new)

    def trimmed(self, size: int, /) -> Journal:
        """The ``size`` newest entries (the others counted as gone, and removed from the store)."""
        kept = self.entries[: max(0, size)]
        gone = frozenset(e.id for e in self.entries[len(kept) :])
        return replace(self, entries=kept, dropped=self.dropped + len(gone), removed=self.removed | gone)

    def remove(self, ident: str, /) -> Journal:
        """Without the entry ``ident`` (also on disk: the kit deletes it from the store)."""
        kept = tuple(e for e in self.entries if e.id != ident)
        unheld = self.unheld if len(kept) < len(self.entries) else max(0, self.unheld - 1)
        return replace(self, entries=kept, unheld=unheld, removed=self.removed | {ident})

    def select(self, chosen: Filter, /) -> tuple[Entry, ...]:
        """The held entries ``chosen`` keeps, newest first (all of them where ``complete``)."""
        return tuple(e for e in self.entries if chosen.keeps(e))

    def who(self) -> tuple[str, ...]:
        """Every character named in the held entries, in first-seen order (the filter's choices)."""
        seen: dict[str, None] = {}
        for entry in reversed(self.entries):
            seen.update(dict.fromkeys(names_of(entry.who)))
        return tuple(seen)

    def evenings(self) -> tuple[tuple[Evening, str, int], ...]:
        """The evenings of the held entries, newest first: each with the time of its first entry
        and how many it has (the evening filter's choices)."""
        found: dict[Evening, list[Any]] = {}
        for entry in reversed(self.entries):
            if entry.evening is None:
                continue
            seen = found.setdefault(entry.evening, [entry.time, 0])
            seen[1] += 1
        return tuple((e, first, count) for e, (first, count) in reversed(found.items()))

    def merged(self, base: Journal, theirs: Journal) -> Journal:
        """This tab's journal joined with another tab's newer one: every entry of both, by id,
        newest first (a reveal made in either tab is kept)."""
        joined = merge_by_id(base.entries, self.entries, theirs.entries, key=lambda e: e.id)
        ordered = sorted(joined, key=_key, reverse=True)
        return replace(self, entries=tuple(ordered), dropped=max(self.dropped, theirs.dropped))

    def written_since(self, before: Journal, /) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
        """What the store must take to go from ``before`` to this journal: the entries new or
        changed since (compared with the held ones only: the work of an action does not grow
        with the journal), and the ids removed since."""
        held = {e.id: e for e in before.entries}
        puts = []
        for entry in self.entries:
            old = held.get(entry.id)
            if old is not entry and old != entry:
                puts.append(entry)
        return tuple(puts), tuple(sorted(self.removed - before.removed))

    def windowed(self, keep: int, per_panel: Mapping[str, int], least: int, /) -> Journal:
        """At most ``keep`` newest entries held, and each panel's newest ``per_panel[panel]``
        (``least`` for another) older than those, for its short log; the rest stay on disk only."""
        if len(self.entries) <= keep:
            return self
        held = list(self.entries[:keep])
        counts = Counter(e.panel for e in held)
        for entry in self.entries[keep:]:
            if counts[entry.panel] < per_panel.get(entry.panel, least):
                held.append(entry)
                counts[entry.panel] += 1
        if len(held) == len(self.entries):
            return self
        edge = _key(self.entries[keep - 1]) if keep else None
        horizon = edge if self.horizon is None or edge is None else max(self.horizon, edge)
        unheld = self.unheld + len(self.entries) - len(held)
        return replace(self, entries=tuple(held), unheld=unheld, horizon=horizon)

    def with_entries(self, put: Iterable[Entry], gone: Iterable[str], /) -> Journal:
        """Another tab's changes: these entries added or replaced by id (each where its time puts
        it), these ids gone."""
        incoming = {e.id: e for e in put}
        gone_ids = set(gone) - set(incoming)
        if not incoming and not gone_ids:
            return self
        kept = [incoming.pop(e.id, e) for e in self.entries if e.id not in gone_ids]
        removed = len(self.entries) - len(kept)
        fresh = [e for e in incoming.values() if self.horizon is None or _key(e) >= self.horizon]
        ordered = sorted((*kept, *fresh), key=_key, reverse=True)
        unheld = max(0, self.unheld - (len(gone_ids) - removed)) + len(incoming) - len(fresh)
        return replace(self, entries=tuple(ordered), unheld=unheld)


def assign_evenings(entries: Iterable[Entry], /) -> tuple[Entry, ...]:
    """The entries, those without an evening given one by the pause rule (``kit.evening``) over
    their own times, oldest first: an old record's or a v1 file's. Same input, same ids."""
    ordered = sorted(entries, key=_key)
    out: list[Entry] = []
    evening: Evening | None = None
    last = ""
    for entry in ordered:
        if entry.evening is None:
            evening = evening_for(evening, last, entry.time) if entry.time else Evening.starting("")
            entry = replace(entry, evening=evening)
        else:
            evening = entry.evening
        last = entry.time or last
        out.append(entry)
    return tuple(out)


def evening_now(journal: Journal, now: str, note: Note | None = None) -> Evening:
    """The evening an entry made ``now`` belongs to: the newest entry's, unless a pause of over
    six hours passed since it, or the ``note`` starts a new one («Новый вечер»)."""
    newest = journal.entries[0] if journal.entries else None
    if note is not None and note.new_evening:
        return started_after(now, newest.evening if newest is not None else None)
    if newest is None:
        return Evening.starting(now)
    return evening_for(newest.evening, newest.time, now)


def of_panel(journal: Journal, panel: str, size: int, cleared: LogMark | None = None) -> tuple[Entry, ...]:
    """The panel's short log: its ``size`` newest entries, those after ``cleared`` only."""
    found: list[Entry] = []
    for entry in journal.entries:
        if len(found) >= size:
            break
        if entry.panel == panel and (cleared is None or mark_of(entry) > cleared):
            found.append(entry)
    return tuple(found)


_OLD_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(:\d\d)?")


def carry_log(journal: Journal, panel: str, lines: Sequence[tuple[str, str, str]]) -> Journal:
    """A panel's log saved before the journal held it (``(ru, en, time)``, newest first) carried
    into the journal, line by line with its time (``2024-05-01 10:00`` becomes ISO; none: ``""``,
    the oldest), each given an evening by its time. A line the journal has already (the kit wrote
    both for a while) is not copied again: the panel's entries are matched by text, as many times
    as they occur. Ids come from the line and its place, so two tabs carrying the same record agree."""
    have = Counter((e.ru, e.en) for e in journal.entries if e.panel == panel)
    carried: list[Entry] = []
    for place, (ru, en, time) in enumerate(lines):
        if have[(ru, en)] > 0:
            have[(ru, en)] -= 1
            continue
        found = _OLD_TIME.fullmatch(time.strip())
        iso = f"{found[1]}T{found[2]}{found[3] or ':00'}" if found else ""
        digest = hashlib.sha1(json.dumps([panel, place, ru, en, time]).encode()).hexdigest()[:16]
        carried.append(Entry(f"log-{panel}-{digest}", iso, panel, ru[:MAX_TEXT], en[:MAX_TEXT]))
    return journal.joined(assign_evenings(carried))[0]


def _dump(journal: Journal) -> dict[str, Any]:
    """The journal as one record (its entries are saved one by one: ``kit.journal_store``; this
    is the shape an older version saved, read once to carry it over)."""
    return {"entries": [entry_to_json(e) for e in journal.entries], "dropped": journal.dropped}


def _load(raw: Any) -> Journal | Salvaged[Journal]:
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
        raise ValueError("a journal is an object with a list of entries")
    dropped = raw.get("dropped", 0)
    good, bad = entries_from_json(raw["entries"])
    ordered = tuple(sorted(assign_evenings(good), key=_key, reverse=True))
    journal = Journal(ordered, dropped if type(dropped) is int and dropped >= 0 else 0)
    return Salvaged(journal, len(bad)) if bad else journal


WHAT = Msg("kit.journal.what", "журнал вечера", "the journal of the evening")
JOURNAL: Shared[Journal] = Shared(
    "journal",
    Journal(),
    dump=_dump,
    load=_load,
    home="journal",
    what=WHAT,
    merge=lambda base, mine, theirs: mine.merged(base, theirs),
)
