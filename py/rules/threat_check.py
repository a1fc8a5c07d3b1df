"""One threat check (seed 003, «Порядок проверки»): drawn from the virtual bag, recorded from
the table or substituted, and its journal line.

A check draws blind from the shared bag (``rng``), rolls (or takes the table's final number) and
applies the kept die to its colour's T; ``CheckResult`` holds the new bag and the
``JournalEntry`` that tells what happened. Re-exported by :mod:`rules.threat`.

>>> result = record(new_state(light=5, dark=1, base=5, step=1), "dark", 5)
>>> result.event, result.state.track().threshold, result.entry.thresholds
(False, 6, (('dark', 5, 6),))
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from rules import dice
from rules.threat_bag import *  # noqa: F403  (for the examples: new_state)
from rules.threat_bag import (
    FACES,
    LIGHT,
    MAX_THRESHOLD,
    BagState,
    _check_name,
    _check_roll,
    _exact_keys,
    _flag,
    _whole,
)
from rules.threat_changes import _with_track

__all__ = ["CheckResult", "DrawnDie", "JournalEntry", "check", "record", "substitute"]


@dataclass(frozen=True)
class DrawnDie:
    """A die drawn from the bag: its colour and every roll of it (two in base-mode advantage)."""

    colour: str
    rolls: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"colour": self.colour, "rolls": list(self.rolls)}


@dataclass(frozen=True)
class JournalEntry:
    """One journal line: what was drawn and kept, the event, and every T before → after.

    ``source`` is ``"roll"`` (virtual bag), ``"record"`` (a table roll) or ``"substitute"`` (a die
    drawn blind from the virtual bag for a number substituted before the roll; its one "roll" is
    that number);
    ``mode`` is ``"single"``, ``"base"`` (one die rolled twice), ``"two_dice"``
    or ``"table"``; ``track`` is the colour whose T the kept die concerned
    (``None`` for a light die); ``thresholds`` holds (colour, T before, T after)
    for every threat colour; ``pair`` is ``"dark"``/``"light"`` when the paired
    effects option marks the check.
    """

    source: str
    roll: str
    mode: str
    drawn: tuple[DrawnDie, ...]
    kept_colour: str
    kept_value: int
    event: bool
    track: str | None
    thresholds: tuple[tuple[str, int, int], ...]
    pair: str | None = None
    refilled: bool = False
    extra: str = ""  # keys a newer version wrote (JSON text of an object), written back as they were
    id: str = ""  # the line's entry in the journal of the evening ("" before it has one)

    def to_dict(self) -> dict[str, Any]:
        kept = json.loads(self.extra) if self.extra else {}
        return (
            kept
            | ({"id": self.id} if self.id else {})
            | {
                "source": self.source,
                "roll": self.roll,
                "mode": self.mode,
                "drawn": [d.to_dict() for d in self.drawn],
                "kept": {"colour": self.kept_colour, "value": self.kept_value},
                "event": self.event,
                "track": self.track,
                "thresholds": [[n, b, a] for n, b, a in self.thresholds],
                "pair": self.pair,
                "refilled": self.refilled,
            }
        )

    @classmethod
    def from_dict(cls, data: object, /) -> JournalEntry:
        """Rebuild a journal line from ``to_dict`` output; anything malformed raises ValueError."""
        keys = {"source", "roll", "mode", "drawn", "kept", "event", "track", "thresholds", "pair"}
        d = _exact_keys(data, keys | {"refilled"}, "saved journal line")
        if d["source"] not in ("roll", "record", "substitute"):
            raise ValueError(f"journal line: unknown source {d['source']!r}")
        if d["mode"] not in ("single", "base", "two_dice", "table"):
            raise ValueError(f"journal line: unknown mode {d['mode']!r}")
        _check_roll(d["roll"])
        if not isinstance(d["drawn"], list) or len(d["drawn"]) > 2:
            raise ValueError("journal line: drawn must be a list of at most two dice")
        drawn = []
        for raw in d["drawn"]:
            die = _exact_keys(raw, {"colour", "rolls"}, "journal die")
            rolls = die["rolls"]
            if not isinstance(rolls, list) or not 1 <= len(rolls) <= 2:
                raise ValueError("journal die: rolls must be a list of one or two results")
            colour = die["colour"] if die["colour"] == LIGHT else _check_name(die["colour"])
            drawn.append(DrawnDie(colour, tuple(_whole(r, "die result", 1, 20) for r in rolls)))
        kept = _exact_keys(d["kept"], {"colour", "value"}, "journal kept die")
        kept_colour = kept["colour"] if kept["colour"] == LIGHT else _check_name(kept["colour"])
        if d["track"] is not None:
            _check_name(d["track"])
        if not isinstance(d["thresholds"], list):
            raise ValueError("journal line: thresholds must be a list")
        thresholds = []
        for item in d["thresholds"]:
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError("journal line: each threshold is [colour, before, after]")
            thresholds.append(
                (_check_name(item[0]), _whole(item[1], "T before", 0, 20), _whole(item[2], "T after", 0, 20))
            )
        if d["pair"] not in (None, "dark", "light"):
            raise ValueError(f"journal line: unknown pair mark {d['pair']!r}")
        return cls(
            source=d["source"],
            roll=d["roll"],
            mode=d["mode"],
            drawn=tuple(drawn),
            kept_colour=kept_colour,
            kept_value=_whole(kept["value"], "kept result", 1, 20),
            event=_flag(d["event"], "event"),
            track=d["track"],
            thresholds=tuple(thresholds),
            pair=d["pair"],
            refilled=_flag(d["refilled"], "refilled"),
        )


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: its journal line and the new state."""

    entry: JournalEntry
    state: BagState

    @property
    def event(self) -> bool:
        return self.entry.event


def _resolve(
    state: BagState, colour: str, value: int, /
) -> tuple[BagState, bool, str | None, tuple[tuple[str, int, int], ...]]:
    """Apply seed «Порядок проверки» steps 3–6 to the kept die's colour and final number."""
    _whole(value, "die result", 1, 20)
    if colour == LIGHT:
        same = tuple((t.name, t.threshold, t.threshold) for t in state.tracks)
        return state, False, None, same
    i = state.track_index(colour)
    track = state.tracks[i]
    if value == 20:
        new_t, event = track.threshold, False
    elif value < track.threshold:
        new_t, event = track.reset_value(state.reset_mode), True
    else:
        new_t, event = min(MAX_THRESHOLD, track.threshold + track.step), False
    new_state_ = _with_track(state, i, replace(track, threshold=new_t))
    rows = tuple(
        (t.name, t.threshold, n.threshold) for t, n in zip(state.tracks, new_state_.tracks, strict=True)
    )
    return new_state_, event, colour, rows


def record(state: BagState, colour: str, number: int, /) -> CheckResult:
    """Record a table roll: the kept die's colour and final number; T changes, the bag does not.

    Seed «Калькулятор» («Учесть результат») and «Перебросы и замена результата».

    >>> record(new_state(threshold=6), "dark", 5).event
    True
    """
    if colour != LIGHT:
        state.track_index(colour)
    new, event, track, rows = _resolve(state, colour, _whole(number, "final result", 1, 20))
    entry = JournalEntry("record", "normal", "table", (), colour, number, event, track, rows)
    return CheckResult(entry, new)


def check(state: BagState, rng: random.Random, /, roll: str = "normal") -> CheckResult:
    """Draw and roll from the virtual bag by the current modes and apply the result.

    RNG use, for replay: each draw is ``rng.randrange(dice left)`` over the
    dice listed light first, then each colour in order; then each roll is
    ``dice.roll_faces(rng, FACES)``.

    >>> result = check(new_state(light=0, dark=1, threshold=20), random.Random(1))
    >>> result.entry.kept_colour, result.event == (result.entry.kept_value < 20)
    ('dark', True)
    """
    mode = state._mode(_check_roll(roll))
    colours, left, refilled = _draw(state, rng, 2 if mode.startswith("pair") else 1)
    if mode == "single":
        drawn = (DrawnDie(colours[0], (dice.roll_faces(rng, FACES),)),)
        kept_colour, kept_value = colours[0], drawn[0].rolls[0]
    elif mode.startswith("base"):
        rolls = (dice.roll_faces(rng, FACES), dice.roll_faces(rng, FACES))
        drawn = (DrawnDie(colours[0], rolls),)
        kept_colour = colours[0]
        kept_value = max(rolls) if mode == "base_adv" else min(rolls)
    else:
        drawn = tuple(DrawnDie(c, (dice.roll_faces(rng, FACES),)) for c in colours)
        kept_colour, kept_value = _keep_pair(drawn, advantage=mode == "pair_adv")
    base = replace(state, remaining=tuple(left) if state.exhaustible else None)
    new, event, track, rows = _resolve(base, kept_colour, kept_value)
    pair = None
    if state.paired_effects and len(drawn) == 2:
        lights = sum(d.colour == LIGHT for d in drawn)
        pair = "light" if lights == 2 else "dark" if lights == 0 else None
    entry = JournalEntry(
        "roll",
        roll,
        "single" if mode == "single" else "base" if mode.startswith("base") else "two_dice",
        drawn,
        kept_colour,
        kept_value,
        event,
        track,
        rows,
        pair,
        refilled,
    )
    return CheckResult(entry, new)


def _draw(state: BagState, rng: random.Random, count: int, /) -> tuple[list[str], list[int], bool]:
    """Draw ``count`` dice blind: their colours, what is left of each colour, and whether an
    exhaustible bag was refilled first (seed «Исчерпаемый мешок»)."""
    if state.size == 0:
        raise ValueError("the bag is empty: add light or dark dice before a check")
    refilled = state.exhaustible and sum(state.left) < count
    left = list(state.composition if refilled else state.left)
    pool = [c for colour, n in zip(state.colours, left, strict=True) for c in [colour] * n]
    colours = []
    for _ in range(count):
        picked = pool.pop(rng.randrange(len(pool)))
        colours.append(picked)
        left[state.colours.index(picked)] -= 1
    return colours, left, refilled


def substitute(state: BagState, rng: random.Random, number: int, /) -> CheckResult:
    """A substitution declared before the roll (seed «Перебросы и замена результата»): «Куб всё
    равно вытягивается из мешка вслепую: его цвет определяет, затронет ли проверка угрозу.
    Бросать его не нужно; результатом считается подставленное число.»

    One die is drawn from the virtual bag as for a check (an exhaustible bag keeps it out, and
    is refilled first when empty); it is not rolled: ``number`` is its result.

    >>> bag = new_state(light=0, dark=1, threshold=6, exhaustible=True)
    >>> result = substitute(bag, random.Random(1), 20)
    >>> result.entry.kept_colour, result.event, result.state.left, result.state.track().threshold
    ('dark', False, (0, 0), 6)
    """
    _whole(number, "substituted result", 1, 20)
    (colour,), left, refilled = _draw(state, rng, 1)
    base = replace(state, remaining=tuple(left) if state.exhaustible else None)
    new, event, track, rows = _resolve(base, colour, number)
    drawn = (DrawnDie(colour, (number,)),)
    entry = JournalEntry(
        "substitute", "normal", "single", drawn, colour, number, event, track, rows, None, refilled
    )
    return CheckResult(entry, new)


def _keep_pair(drawn: tuple[DrawnDie, ...], /, *, advantage: bool) -> tuple[str, int]:
    """Two-dice mode: keep the higher (advantage) or lower (disadvantage) die.

    A tie between a light and a dark die keeps the light die; any other tie
    keeps the first die drawn.
    """
    (c1, (v1,)), (c2, (v2,)) = ((d.colour, d.rolls) for d in drawn)
    if v1 == v2:
        return (c2, v2) if c2 == LIGHT and c1 != LIGHT else (c1, v1)
    first_wins = v1 > v2 if advantage else v1 < v2
    return (c1, v1) if first_wins else (c2, v2)
