"""The threat journal (seed 003, «Калькулятор … ведёт текущий порог и журнал»): check lines
(``rules.threat.JournalEntry``) and lines for the changes the GM makes by hand (``ChangeEntry``:
T₀, T, Δ, the bag's composition and modes, a refill), read back from saved data entry by entry.

«Мастер вправе менять W, B, T₀, T и Δ по ходу истории»: such a change moves the odds as much as a
check does, so it is journalled too, as the difference between the bag before and after.

>>> from rules import threat
>>> before = threat.new_state(light=5, dark=1, base=5, step=1)
>>> after = threat.set_step(threat.set_base_threshold(before, 8), 2)
>>> change_entry(before, after).changes
(('base', 'dark', 5, 8), ('threshold', 'dark', 5, 8), ('step', 'dark', 1, 2))
>>> change_entry(before, before) is None
True

A saved journal is read entry by entry: a damaged line is set aside (returned raw), the others
stay, and keys a newer version wrote are kept and written back:

>>> line = threat.record(before, "dark", 5).entry.to_dict()
>>> entries, aside = journal_from_data([line | {"mood": "tense"}, {"source": "roll"}, "junk"])
>>> len(entries), aside
(1, ({'source': 'roll'}, 'junk'))
>>> entry_to_data(entries[0])["mood"]
'tense'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from rules import threat

__all__ = [
    "CHANGE_KINDS",
    "MAX_CHANGES",
    "ChangeEntry",
    "Line",
    "change_entry",
    "entry_from_data",
    "entry_to_data",
    "journal_from_data",
    "refill_entry",
]

# what a change line may say, with its values' range: per colour (dice, T₀, T, Δ, a colour added
# with its dice or removed), for the bag (light dice W; the modes as 0/1; a refill)
CHANGE_KINDS: dict[str, tuple[bool, int]] = {  # kind: (names a colour, highest value)
    "light": (False, threat.MAX_LIGHT),
    "dice": (True, threat.MAX_DARK),
    "base": (True, threat.MAX_THRESHOLD),
    "threshold": (True, threat.MAX_THRESHOLD),
    "step": (True, threat.MAX_STEP),
    "added": (True, threat.MAX_DARK),
    "removed": (True, threat.MAX_DARK),
    "stepped": (False, 1),
    "two_dice": (False, 1),
    "exhaustible": (False, 1),
    "paired_effects": (False, 1),
    "refill": (False, 0),
}
MAX_CHANGES = 32
CHANGE_KEYS = frozenset({"source", "changes", "id"})
CHECK_KEYS = frozenset(
    {"source", "roll", "mode", "drawn", "kept", "event", "track", "thresholds", "pair", "refilled", "id"}
)
MAX_ID = 80  # characters of a line's id (a journal entry's)


@dataclass(frozen=True)
class ChangeEntry:
    """A journal line for a change made by hand: ``changes`` are ``(kind, colour, before, after)``
    (``kind`` a key of ``CHANGE_KINDS``; ``colour`` "" for the bag as a whole; the modes 0/1).
    ``extra`` keeps the keys a newer version wrote (JSON text of an object)."""

    changes: tuple[tuple[str, str, int, int], ...]
    extra: str = ""
    id: str = ""  # the line's entry in the journal of the evening ("" before it has one)

    source = "change"
    event = False  # never a threat event

    def __post_init__(self) -> None:
        if not isinstance(self.changes, tuple) or not 1 <= len(self.changes) <= MAX_CHANGES:
            raise ValueError(f"a change line lists 1 to {MAX_CHANGES} changes")
        for item in self.changes:
            if not isinstance(item, tuple) or len(item) != 4:
                raise ValueError("a change is (kind, colour, before, after)")
            kind, colour, before, after = item
            if kind not in CHANGE_KINDS:
                raise ValueError(f"unknown change kind {kind!r}")
            named, high = CHANGE_KINDS[kind]
            if named:
                threat_colour(colour)
            elif colour != "":
                raise ValueError(f"a change of {kind!r} names no colour")
            for value in (before, after):
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                    raise ValueError(f"a change of {kind!r} is from 0 to {high}, got {value!r}")

    def to_dict(self) -> dict[str, Any]:
        kept = json.loads(self.extra) if self.extra else {}
        ident = {"id": self.id} if self.id else {}
        return kept | ident | {"source": self.source, "changes": [list(c) for c in self.changes]}


Line = threat.JournalEntry | ChangeEntry  # one line of the journal


def threat_colour(name: object) -> str:
    """A threat colour's name as a track may carry it (``ValueError`` otherwise)."""
    if not isinstance(name, str):
        raise ValueError(f"a colour is a name, got {name!r}")
    threat.Track(name=name, dice=0)  # the track's own check of the name
    return name


def change_entry(before: threat.BagState, after: threat.BagState, /) -> ChangeEntry | None:
    """The line for the GM's change from ``before`` to ``after`` (``None``: nothing a GM set
    changed; what remains in an exhaustible bag is not a setting)."""
    changes: list[tuple[str, str, int, int]] = []
    if before.light != after.light:
        changes.append(("light", "", before.light, after.light))
    old = {t.name: t for t in before.tracks}
    new = {t.name: t for t in after.tracks}
    for track in after.tracks:
        was = old.get(track.name)
        if was is None:
            changes.append(("added", track.name, 0, track.dice))
            continue
        for kind, a, b in (
            ("dice", was.dice, track.dice),
            ("base", was.base, track.base),
            ("threshold", was.threshold, track.threshold),
            ("step", was.step, track.step),
        ):
            if a != b:
                changes.append((kind, track.name, a, b))
    changes += [("removed", t.name, t.dice, 0) for t in before.tracks if t.name not in new]
    for kind, a, b in (
        ("stepped", before.reset_mode == "stepped", after.reset_mode == "stepped"),
        ("two_dice", before.two_dice, after.two_dice),
        ("exhaustible", before.exhaustible, after.exhaustible),
        ("paired_effects", before.paired_effects, after.paired_effects),
    ):
        if a != b:
            changes.append((kind, "", int(a), int(b)))
    return ChangeEntry(tuple(changes[:MAX_CHANGES])) if changes else None


def refill_entry() -> ChangeEntry:
    """The line for a refill by hand («Пополнить мешок»)."""
    return ChangeEntry((("refill", "", 0, 0),))


def entry_to_data(entry: Line, /) -> dict[str, Any]:
    return entry.to_dict()


def _split(raw: dict[Any, Any], known: frozenset[str]) -> tuple[dict[str, Any], str]:
    """The keys this version reads, and the others as JSON text (kept, written back)."""
    if not all(isinstance(k, str) for k in raw):
        raise ValueError("a journal line's keys are names")
    unknown = {k: v for k, v in raw.items() if k not in known}
    extra = json.dumps(unknown, ensure_ascii=False, sort_keys=True) if unknown else ""
    return {k: v for k, v in raw.items() if k in known}, extra


def entry_from_data(raw: object, /) -> Line:
    """One saved line (untrusted): ``ValueError`` on anything this version cannot read; keys a
    newer version added are kept in ``extra``."""
    if not isinstance(raw, dict):
        raise ValueError("a journal line is an object")
    ident = raw.get("id", "")
    if not isinstance(ident, str) or len(ident) > MAX_ID:
        raise ValueError(f"a journal line's id is a text of at most {MAX_ID} characters")
    if raw.get("source") == "change":
        known, extra = _split(raw, CHANGE_KEYS)
        changes = known.get("changes")
        if not isinstance(changes, list):
            raise ValueError("a change line lists its changes")
        items = []
        for item in changes:
            if not isinstance(item, list) or len(item) != 4:
                raise ValueError("a change is [kind, colour, before, after]")
            items.append((item[0], item[1], item[2], item[3]))
        return ChangeEntry(tuple(items), extra, ident)
    known, extra = _split(raw, CHECK_KEYS)
    known.pop("id", None)
    return replace(threat.JournalEntry.from_dict(known), extra=extra, id=ident)


def journal_from_data(raw: list[Any], /) -> tuple[tuple[Line, ...], tuple[Any, ...]]:
    """A saved journal read line by line: the lines this version reads, and the raw lines set
    aside (damaged, or of a kind it does not know)."""
    good: list[Line] = []
    aside: list[Any] = []
    for item in raw:
        try:
            good.append(entry_from_data(item))
        except (ValueError, TypeError, KeyError):
            aside.append(item)
    return tuple(good), tuple(aside)
