"""Omicron FUDGE (seed 002): wounds (3.3), a character's wound track and a group's. Re-exported by :mod:`rules.fudge`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.fudge_damage import (
    headcount,
)
from rules.values import whole_number

__all__ = [
    "WoundBox",
    "WOUND_BOXES",
    "WOUND_STATES",
    "WoundTrack",
    "WoundUpdate",
    "Marking",
    "GROUP_WOUNDS",
    "Group",
    "GroupUpdate",
]

# --- 3.3 wounds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class WoundBox:
    """A row of wound boxes: key, name, number of boxes, penalty (None: no numeric penalty)."""

    key: str
    name: str
    boxes: int
    penalty: int | None


WOUND_BOXES: tuple[WoundBox, ...] = (
    WoundBox("scratch", "Царапина", 4, 0),
    WoundBox("light", "Лёгкое повреждение", 2, -1),
    WoundBox("medium", "Среднее повреждение", 1, -2),
    WoundBox("heavy", "Тяжелое повреждение", 1, -3),
    WoundBox("incapacitated", "Выведен из строя", 1, None),
    WoundBox("dying", "При смерти", 1, None),
)
WOUND_STATES = {"unhurt": "Невредим", "dead": "Мёртв"}
_KEYS = tuple(box.key for box in WOUND_BOXES)


@dataclass(frozen=True)
class WoundTrack:
    """Marked boxes per row (scratch, light, medium, heavy, incapacitated, dying) and "dead".

    Damage d marks the first free box in row d (1 = scratch … 6 = dying) or in a worse row;
    7+ or no free box left means "Мёртв" (for the GM to confirm: the seed has no box for it).
    """

    marked: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    dead: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.marked, tuple) or len(self.marked) != len(WOUND_BOXES):
            raise ValueError(f"marked must be a tuple of {len(WOUND_BOXES)} counts, got {self.marked!r}")
        for box, count in zip(WOUND_BOXES, self.marked, strict=True):
            if not 0 <= whole_number(f"{box.key} count", count) <= box.boxes:
                raise ValueError(f"{box.name}: marked boxes must be 0..{box.boxes}, got {count}")
        if not isinstance(self.dead, bool):
            raise ValueError(f"dead must be True or False, got {self.dead!r}")

    @property
    def worst(self) -> int | None:
        """Index of the worst marked row, or None."""
        rows = [i for i, count in enumerate(self.marked) if count]
        return rows[-1] if rows else None

    @property
    def status(self) -> str:
        """ "Мёртв", the worst marked row's name, or "Невредим"."""
        if self.dead:
            return WOUND_STATES["dead"]
        worst = self.worst
        return WOUND_STATES["unhurt"] if worst is None else WOUND_BOXES[worst].name

    @property
    def penalty(self) -> int:
        """Penalty of the worst marked row with a numeric penalty (penalties do not add up)."""
        values = [box.penalty for box, n in zip(WOUND_BOXES, self.marked, strict=True) if n and box.penalty]
        return min(values, default=0)

    @property
    def incapacitated(self) -> bool:
        return self.dead or bool(self.marked[4] or self.marked[5])

    def take(self, amount: int, /) -> WoundUpdate:
        """Mark a hit of ``amount`` damage (0 marks nothing).

        >>> WoundTrack().take(3).track.status
        'Среднее повреждение'
        """
        if whole_number("damage", amount) < 0:
            raise ValueError(f"damage must be 0 or more, got {amount}")
        if amount == 0 or self.dead:
            return WoundUpdate(self, self, None)
        for row in range(min(amount, len(WOUND_BOXES) + 1) - 1, len(WOUND_BOXES)):
            if self.marked[row] < WOUND_BOXES[row].boxes:
                marked = list(self.marked)
                marked[row] += 1
                return WoundUpdate(self, WoundTrack(tuple(marked), False), row)
        return WoundUpdate(self, WoundTrack(self.marked, True), None)

    def mark(self, amount: int, /) -> WoundTrack:
        """The track after a hit of ``amount`` damage (see :meth:`take`).

        >>> WoundTrack((4, 0, 0, 0, 0, 0)).mark(1).marked  # scratches full: the next free worse row
        (4, 1, 0, 0, 0, 0)
        """
        return self.take(amount).track

    def mark_each(self, amounts: tuple[int, ...] | list[int], /) -> Marking:
        """Mark every wound in turn (each bullet, each converted unit is its own wound).

        >>> WoundTrack().mark_each((2, 2, 2)).track.marked
        (0, 2, 1, 0, 0, 0)
        """
        track, updates = self, []
        for amount in amounts:
            update = track.take(amount)
            updates.append(update)
            track = update.track
        return Marking(self, track, tuple(updates))

    def clear(self, row: int | str, /, count: int = 1) -> WoundTrack:
        """Clear ``count`` marked boxes in a row (index or key such as "light")."""
        index = _KEYS.index(row) if row in _KEYS else row
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(WOUND_BOXES):
            raise ValueError(
                f"row must be 0..{len(WOUND_BOXES) - 1} or one of {', '.join(_KEYS)}, got {row!r}"
            )
        if not 1 <= whole_number("count", count) <= self.marked[index]:
            raise ValueError(
                f"{WOUND_BOXES[index].name}: can clear 1..{self.marked[index]} boxes, got {count}"
            )
        marked = list(self.marked)
        marked[index] -= count
        return WoundTrack(tuple(marked), self.dead)

    def clear_all(self) -> WoundTrack:
        return WoundTrack()

    def revive(self) -> WoundTrack:
        """The GM's decision: drop the "dead" flag, keep the boxes."""
        return WoundTrack(self.marked, False)

    def to_dict(self) -> dict[str, Any]:
        return {**dict(zip(_KEYS, self.marked, strict=True)), "dead": self.dead}

    @classmethod
    def from_dict(cls, data: object, /) -> WoundTrack:
        """Rebuild from :meth:`to_dict` output; ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError(f"wound track data must be a dict, got {type(data).__name__}")
        expected = {*_KEYS, "dead"}
        if set(data) != expected:
            missing, extra = expected - set(data), set(data) - expected
            raise ValueError(f"wound track keys wrong: missing {sorted(missing)}, unexpected {sorted(extra)}")
        return cls(tuple(data[key] for key in _KEYS), data["dead"])


@dataclass(frozen=True)
class WoundUpdate:
    """Before and after a hit, and the row marked (None: nothing marked, or death)."""

    before: WoundTrack
    track: WoundTrack
    row: int | None

    @property
    def box_name(self) -> str | None:
        return None if self.row is None else WOUND_BOXES[self.row].name


@dataclass(frozen=True)
class Marking:
    """Several wounds marked in turn: the track before, after, and each wound's update."""

    before: WoundTrack
    track: WoundTrack
    updates: tuple[WoundUpdate, ...]


# The wounds a group can take with a numeric penalty (seed 002, 1.8: "Если группа получает ранение,
# то в соответствии со штрафом ранения пересчитывается численность группы"): damage d marks row d
# on a fresh track, so damage 2, 3, 4 are the light (-1), medium (-2) and heavy (-3) wounds.
GROUP_WOUNDS: dict[int, WoundBox] = {
    damage: box for damage, box in enumerate(WOUND_BOXES, start=1) if box.penalty
}


@dataclass(frozen=True)
class Group:
    """A unit of many people at one scale (seed 002, 1.8); headcount is 1.2**scale rounded down."""

    scale: int
    track: WoundTrack = WoundTrack()

    def __post_init__(self) -> None:
        if not isinstance(self.track, WoundTrack):
            raise ValueError(f"track must be a WoundTrack, got {self.track!r}")
        whole_number("group scale", self.scale)

    @property
    def headcount(self) -> int:
        return headcount(self.scale)

    def take(self, amount: int, /) -> GroupUpdate:
        """Mark a hit; a wound with a penalty lowers the scale by its size, recounts the group,
        keeps the scratches and clears every other box.

        >>> Group(12).take(3).group.scale, Group(12).take(3).group.headcount
        (10, 6)
        """
        if self.headcount < 1:
            raise ValueError(f"a group at scale {self.scale} has no one left to hit")
        update = self.track.take(amount)
        row = update.row
        penalty = WOUND_BOXES[row].penalty if row is not None else None
        if penalty:
            scratches = update.track.marked[0]
            group = Group(self.scale + penalty, WoundTrack((scratches, 0, 0, 0, 0, 0), False))
        else:
            group = Group(self.scale, update.track)
        return GroupUpdate(self, group, row, penalty or 0)

    def to_dict(self) -> dict[str, Any]:
        return {"scale": self.scale, "track": self.track.to_dict()}

    @classmethod
    def from_dict(cls, data: object, /) -> Group:
        if not isinstance(data, dict) or set(data) != {"scale", "track"}:
            raise ValueError(f"group data must be a dict with 'scale' and 'track', got {data!r}")
        return cls(data["scale"], WoundTrack.from_dict(data["track"]))


@dataclass(frozen=True)
class GroupUpdate:
    """A group before and after a hit, the row marked and the scale penalty applied."""

    before: Group
    group: Group
    row: int | None
    scale_penalty: int
