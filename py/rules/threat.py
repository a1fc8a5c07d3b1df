"""Threat dice (seed 003, «Кубы угрозы»): a bag of light and dark d20s and a rising threshold.

A check draws from one shared bag.  A light die never matters; a dark die
showing a result strictly below the current threshold T is a threat event
(then T resets), any other dark result except 20 raises T by the step Δ.
Every probability here is exact (``Fraction``); every function that rolls
takes a ``random.Random``; every state is an immutable value, and each
transition returns a new one.  The rules, with seed citations and the
interpretation decisions, are in ``docs/rules/threat.md``.

>>> event_probability(5, 1, 5)
Fraction(1, 30)
>>> state = new_state(light=5, dark=1, base=5, step=1)
>>> record(state, "dark", 5).state.tracks[0].threshold
6
>>> record(state, "dark", 4).event
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rules import dice

__all__ = [
    "DEFAULT_TRACK",
    "FACES",
    "LIGHT",
    "MAX_DARK",
    "MAX_LIGHT",
    "MAX_NAME",
    "MAX_STEP",
    "MAX_THRESHOLD",
    "MAX_TRACKS",
    "RESET_MODES",
    "ROLLS",
    "STATE_VERSION",
    "BagState",
    "CheckResult",
    "DrawnDie",
    "EventOdds",
    "Forecast",
    "JournalEntry",
    "Track",
    "add_track",
    "check",
    "checks_until_event_distribution",
    "dangerous_results",
    "event_probability",
    "new_state",
    "next_event_odds",
    "record",
    "refill",
    "remove_track",
    "roll_type",
    "set_base_threshold",
    "set_composition",
    "set_modes",
    "set_step",
    "set_threshold",
    "substitute",
]

FACES = tuple(range(1, 21))
LIGHT = "light"
DEFAULT_TRACK = "dark"
ROLLS = ("normal", "advantage", "disadvantage")
RESET_MODES = ("full", "stepped")
MAX_LIGHT = 20  # seed «Калькулятор»: «светлых до 20»
MAX_DARK = 10  # seed «Калькулятор»: «тёмных до 10» (all threat colours together)
MAX_THRESHOLD = 20  # seed: «Порог не бывает больше 20»
MAX_STEP = 5  # seed «Калькулятор»: «Δ до 5»
MAX_TRACKS = 4
MAX_NAME = 24
STATE_VERSION = 1


# --------------------------------------------------------------------------- validation


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, got {value}")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, got {value!r}")
    return value


def _check_roll(roll: object) -> str:
    if roll not in ROLLS:
        raise ValueError(f"roll must be one of {', '.join(ROLLS)}, got {roll!r}")
    return str(roll)


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise ValueError(f"a threat colour needs a non-empty name without outer spaces, got {name!r}")
    if len(name) > MAX_NAME:
        raise ValueError(f"a threat colour name has at most {MAX_NAME} characters, got {len(name)}")
    if name.casefold() == LIGHT:
        raise ValueError(f"{LIGHT!r} is the safe colour and cannot name a threat colour")
    return name


def dangerous_results(threshold: int, /) -> range:
    """The dark results that cause an event at threshold T: 1…T−1 (seed «Мешок и параметры»).

    >>> list(dangerous_results(5)), list(dangerous_results(1)), len(dangerous_results(20))
    ([1, 2, 3, 4], [], 19)
    """
    return range(1, _whole(threshold, "threshold T", 0, MAX_THRESHOLD))


def roll_type(advantage: bool, disadvantage: bool, /) -> str:
    """Roll type for the flags on a check; both at once cancel (seed «Преимущество и помеха»).

    >>> roll_type(True, True), roll_type(False, True)
    ('normal', 'disadvantage')
    """
    if _flag(advantage, "advantage") == _flag(disadvantage, "disadvantage"):
        return "normal"
    return "advantage" if advantage else "disadvantage"


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class Track:
    """One threat colour: its dark dice in the bag, base threshold T₀, current T and step Δ."""

    name: str = DEFAULT_TRACK
    dice: int = 1
    base: int = 5
    threshold: int = 5
    step: int = 1

    def __post_init__(self) -> None:
        _check_name(self.name)
        _whole(self.dice, f"dark dice of {self.name!r}", 0, MAX_DARK)
        _whole(self.base, f"base threshold T₀ of {self.name!r}", 0, MAX_THRESHOLD)
        _whole(self.threshold, f"threshold T of {self.name!r}", 0, MAX_THRESHOLD)
        _whole(self.step, f"step Δ of {self.name!r}", 0, MAX_STEP)

    @property
    def dangerous(self) -> range:
        """Dangerous results 1…T−1 at the current threshold."""
        return dangerous_results(self.threshold)

    def reset_value(self, reset_mode: str, /) -> int:
        """T after an event: T₀ (full reset) or min(20, T₀ + Δ) (stepped reset)."""
        if reset_mode == "stepped":
            return min(MAX_THRESHOLD, self.base + self.step)
        return self.base

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "dice": self.dice,
            "base": self.base,
            "threshold": self.threshold,
            "step": self.step,
        }


@dataclass(frozen=True)
class BagState:
    """The whole calculator: bag composition, threat tracks, modes and what remains in the bag.

    ``remaining`` lists the dice left per colour, light first, then each track
    in order; ``None`` means a full bag.  Without the exhaustible mode the bag
    is always full.
    """

    light: int = 5
    tracks: tuple[Track, ...] = field(default_factory=lambda: (Track(),))
    reset_mode: str = "full"
    two_dice: bool = False
    exhaustible: bool = False
    paired_effects: bool = False
    remaining: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        _whole(self.light, "light dice W", 0, MAX_LIGHT)
        tracks = self.tracks
        if isinstance(tracks, list):
            tracks = tuple(tracks)
            object.__setattr__(self, "tracks", tracks)
        if not isinstance(tracks, tuple) or not all(isinstance(t, Track) for t in tracks):
            raise ValueError("tracks must be a tuple of Track values")
        if not 1 <= len(tracks) <= MAX_TRACKS:
            raise ValueError(f"the bag needs 1 to {MAX_TRACKS} threat colours, got {len(tracks)}")
        names = [t.name.casefold() for t in tracks]
        if len(set(names)) != len(names):
            raise ValueError("threat colour names must be different")
        dark = sum(t.dice for t in tracks)
        if dark > MAX_DARK:
            raise ValueError(f"dark dice B (all colours together) must be at most {MAX_DARK}, got {dark}")
        if self.reset_mode not in RESET_MODES:
            raise ValueError(f"reset mode must be 'full' or 'stepped', got {self.reset_mode!r}")
        _flag(self.two_dice, "two_dice")
        _flag(self.exhaustible, "exhaustible")
        _flag(self.paired_effects, "paired_effects")
        full = self.composition
        rem = self.remaining
        if rem is None:
            object.__setattr__(self, "remaining", full)
            return
        if isinstance(rem, list):
            rem = tuple(rem)
            object.__setattr__(self, "remaining", rem)
        if not isinstance(rem, tuple) or len(rem) != len(full):
            raise ValueError(f"remaining must list {len(full)} counts (light, then each threat colour)")
        for colour, left, total in zip(self.colours, rem, full, strict=True):
            _whole(left, f"remaining {colour} dice", 0, total)
        if not self.exhaustible and rem != full:
            raise ValueError("only an exhaustible bag can be partly drawn")

    @property
    def colours(self) -> tuple[str, ...]:
        """Colour names: ``"light"`` then each threat colour."""
        return (LIGHT, *(t.name for t in self.tracks))

    @property
    def composition(self) -> tuple[int, ...]:
        """Full composition per colour: (W, B₁, B₂, …)."""
        return (self.light, *(t.dice for t in self.tracks))

    @property
    def left(self) -> tuple[int, ...]:
        """Dice left in the bag per colour (equal to ``composition`` unless exhaustible)."""
        assert self.remaining is not None
        return self.remaining

    @property
    def dark(self) -> int:
        """B: all dark dice in the full composition."""
        return sum(t.dice for t in self.tracks)

    @property
    def size(self) -> int:
        """N = W + B for the full composition."""
        return sum(self.composition)

    def track_index(self, name: str | None = None, /) -> int:
        """Index of the named threat colour; ``None`` means the first one."""
        if name is None:
            return 0
        for i, track in enumerate(self.tracks):
            if track.name == name:
                return i
        raise ValueError(f"no threat colour named {name!r}; colours: {', '.join(self.colours[1:])}")

    def track(self, name: str | None = None, /) -> Track:
        """The named threat colour; ``None`` means the first one."""
        return self.tracks[self.track_index(name)]

    def dice_per_check(self, roll: str = "normal", /) -> int:
        """Dice one check of this roll type draws: 2 in two-dice mode with a bag of 2+ dice, else 1."""
        return 2 if self._mode(_check_roll(roll)).startswith("pair") else 1

    def needs_refill(self, roll: str = "normal", /) -> bool:
        """True if an exhaustible bag holds too few dice for the next check of this roll type."""
        return self.exhaustible and sum(self.left) < self.dice_per_check(roll)

    def _mode(self, roll: str) -> str:
        if roll == "normal":
            return "single"
        prefix = "pair" if self.two_dice and self.size >= 2 else "base"
        return f"{prefix}_{'adv' if roll == 'advantage' else 'dis'}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict (see ``docs/rules/threat.md`` for the shape)."""
        return {
            "version": STATE_VERSION,
            "light": self.light,
            "tracks": [t.to_dict() for t in self.tracks],
            "remaining": dict(zip(self.colours, self.left, strict=True)),
            "reset_mode": self.reset_mode,
            "two_dice": self.two_dice,
            "exhaustible": self.exhaustible,
            "paired_effects": self.paired_effects,
        }

    @classmethod
    def from_dict(cls, data: object, /) -> BagState:
        """Rebuild a state from ``to_dict`` output; anything malformed raises ValueError."""
        keys = {"version", "light", "tracks", "remaining", "reset_mode", "two_dice", "exhaustible"}
        d = _exact_keys(data, keys | {"paired_effects"}, "saved threat state")
        if d["version"] != STATE_VERSION or isinstance(d["version"], bool):
            raise ValueError(f"unsupported saved threat state version {d['version']!r}")
        raw_tracks = d["tracks"]
        if not isinstance(raw_tracks, list) or not raw_tracks:
            raise ValueError("saved threat state: tracks must be a non-empty list")
        tracks = []
        for raw in raw_tracks:
            t = _exact_keys(raw, {"name", "dice", "base", "threshold", "step"}, "saved threat colour")
            tracks.append(Track(t["name"], t["dice"], t["base"], t["threshold"], t["step"]))
        state_tracks = tuple(tracks)
        colours = (LIGHT, *(t.name for t in state_tracks))
        rem = _exact_keys(d["remaining"], set(colours), "saved bag remainder")
        return cls(
            light=d["light"],
            tracks=state_tracks,
            reset_mode=d["reset_mode"],
            two_dice=d["two_dice"],
            exhaustible=d["exhaustible"],
            paired_effects=d["paired_effects"],
            remaining=tuple(rem[c] for c in colours),
        )


def _exact_keys(data: object, keys: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object, got {type(data).__name__}")
    if set(data) != keys:
        missing = sorted(keys - set(data))
        extra = sorted(str(k) for k in set(data) - keys)
        raise ValueError(f"{what}: missing keys {missing}, unexpected keys {extra}")
    return data


def new_state(
    *,
    light: int = 5,
    dark: int = 1,
    base: int = 5,
    threshold: int | None = None,
    step: int = 1,
    name: str = DEFAULT_TRACK,
    reset_mode: str = "full",
    two_dice: bool = False,
    exhaustible: bool = False,
    paired_effects: bool = False,
) -> BagState:
    """A one-colour bag with a full remainder; T defaults to T₀.

    The defaults are the seed's «Пример нарастания»: 5 light, 1 dark, T₀ = 5, Δ = 1.

    >>> new_state().tracks[0].threshold
    5
    """
    track = Track(name, dark, base, base if threshold is None else threshold, step)
    return BagState(light, (track,), reset_mode, two_dice, exhaustible, paired_effects)


# --------------------------------------------------------------------------- changing the bag


def refill(state: BagState, /) -> BagState:
    """Put every drawn die back: the remainder becomes the current composition («Пополнить мешок»)."""
    return replace(state, remaining=None)


def _with_track(state: BagState, index: int, track: Track) -> BagState:
    tracks = (*state.tracks[:index], track, *state.tracks[index + 1 :])
    return replace(state, tracks=tracks, remaining=state.left)


def set_base_threshold(state: BagState, base: int, /, track: str | None = None) -> BagState:
    """Set T₀ and shift T by the same difference, clamped to 0..20 (seed «Сброс порога»).

    >>> set_base_threshold(new_state(base=5, threshold=18), 8).tracks[0].threshold
    20
    """
    i = state.track_index(track)
    old = state.tracks[i]
    _whole(base, f"base threshold T₀ of {old.name!r}", 0, MAX_THRESHOLD)
    shifted = min(MAX_THRESHOLD, max(0, old.threshold + base - old.base))
    return _with_track(state, i, replace(old, base=base, threshold=shifted))


def set_threshold(state: BagState, threshold: int, /, track: str | None = None) -> BagState:
    """Set the current T directly (seed: «Мастер вправе менять W, B, T₀, T и Δ»)."""
    i = state.track_index(track)
    old = state.tracks[i]
    _whole(threshold, f"threshold T of {old.name!r}", 0, MAX_THRESHOLD)
    return _with_track(state, i, replace(old, threshold=threshold))


def set_step(state: BagState, step: int, /, track: str | None = None) -> BagState:
    """Set Δ; T is unchanged."""
    i = state.track_index(track)
    old = state.tracks[i]
    _whole(step, f"step Δ of {old.name!r}", 0, MAX_STEP)
    return _with_track(state, i, replace(old, step=step))


def set_composition(
    state: BagState, /, *, light: int | None = None, dark: int | None = None, track: str | None = None
) -> BagState:
    """Change W and/or one colour's dark dice; a changed composition refills the bag.

    >>> s = set_composition(new_state(), light=3, dark=2)
    >>> s.composition, s.left
    ((3, 2), (3, 2))
    """
    i = state.track_index(track)
    new_light = state.light if light is None else _whole(light, "light dice W", 0, MAX_LIGHT)
    old = state.tracks[i]
    new_dark = old.dice if dark is None else _whole(dark, f"dark dice of {old.name!r}", 0, MAX_DARK)
    if (new_light, new_dark) == (state.light, old.dice):
        return state
    tracks = (*state.tracks[:i], replace(old, dice=new_dark), *state.tracks[i + 1 :])
    return replace(state, light=new_light, tracks=tracks, remaining=None)


def set_modes(
    state: BagState,
    /,
    *,
    reset_mode: str | None = None,
    two_dice: bool | None = None,
    exhaustible: bool | None = None,
    paired_effects: bool | None = None,
) -> BagState:
    """Switch optional modes; switching the exhaustible bag on or off refills it."""
    new = replace(
        state,
        reset_mode=state.reset_mode if reset_mode is None else reset_mode,
        two_dice=state.two_dice if two_dice is None else _flag(two_dice, "two_dice"),
        exhaustible=state.exhaustible if exhaustible is None else _flag(exhaustible, "exhaustible"),
        paired_effects=state.paired_effects
        if paired_effects is None
        else _flag(paired_effects, "paired_effects"),
        remaining=None if exhaustible is not None and exhaustible != state.exhaustible else state.left,
    )
    return new


def add_track(
    state: BagState,
    name: str,
    /,
    *,
    dice: int = 1,
    base: int = 0,
    threshold: int | None = None,
    step: int = 1,
) -> BagState:
    """Add a threat colour (seed «Несколько угроз»); the composition changes, so the bag refills."""
    track = Track(name, dice, base, base if threshold is None else threshold, step)
    return replace(state, tracks=(*state.tracks, track), remaining=None)


def remove_track(state: BagState, name: str, /) -> BagState:
    """Remove a threat colour and its dice; at least one colour stays; the bag refills."""
    i = state.track_index(name)
    if len(state.tracks) == 1:
        raise ValueError("the bag keeps at least one threat colour; set its dice to 0 instead")
    return replace(state, tracks=state.tracks[:i] + state.tracks[i + 1 :], remaining=None)


# --------------------------------------------------------------------------- one check


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

    def to_dict(self) -> dict[str, Any]:
        kept = json.loads(self.extra) if self.extra else {}
        return kept | {
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


# --------------------------------------------------------------------------- exact odds

# Kept-value weights, in 400ths, for the tracked die: entry v−1 counts the face
# pairs (or 20× the single face) where that die is kept showing v.
_WEIGHTS: dict[str, tuple[int, ...]] = {
    "one": tuple(20 for v in FACES),  # one roll
    "max": tuple(2 * v - 1 for v in FACES),  # higher of two rolls
    "min": tuple(41 - 2 * v for v in FACES),  # lower of two rolls
    "beat_adv": tuple(v - 1 for v in FACES),  # strictly higher than the partner
    "beat_dis": tuple(20 - v for v in FACES),  # strictly lower than the partner
    "tie_adv": tuple(v for v in FACES),  # higher or tied (first drawn, partner dark)
    "tie_dis": tuple(21 - v for v in FACES),  # lower or tied (first drawn, partner dark)
}


def _split(kind: str, threshold: int) -> tuple[int, int, int]:
    """(event, grow, unchanged) weights in 400ths for a kept tracked die at T."""
    w = _WEIGHTS[kind]
    danger = sum(w[: max(0, threshold - 1)])
    return danger, sum(w) - danger - w[19], 400 - sum(w) + w[19]


def _classes(comp: tuple[int, int, int], mode: str) -> list[tuple[int, str | None, tuple[int, int, int]]]:
    """Draws from a lumped bag (light, tracked colour, other dark): (count weight, kind, removed).

    ``kind`` names the kept-value weights of the tracked die, or is ``None``
    when no tracked die is drawn.
    """
    out: list[tuple[int, str | None, tuple[int, int, int]]] = []
    unit = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    if not mode.startswith("pair"):
        kind = {"single": "one", "base_adv": "max", "base_dis": "min"}[mode]
        for c in range(3):
            if comp[c]:
                out.append((comp[c], kind if c == 1 else None, unit[c]))
        return out
    adv = mode == "pair_adv"
    for c1 in range(3):
        for c2 in range(3):
            weight = comp[c1] * (comp[c2] - (c1 == c2))
            if weight <= 0:
                continue
            if c1 == c2 == 1:
                kind: str | None = "max" if adv else "min"
            elif (c1, c2) in ((1, 0), (0, 1), (2, 1)):
                kind = "beat_adv" if adv else "beat_dis"
            elif (c1, c2) == (1, 2):
                kind = "tie_adv" if adv else "tie_dis"
            else:
                kind = None
            a, b = unit[c1], unit[c2]
            out.append((weight, kind, (a[0] + b[0], a[1] + b[1], a[2] + b[2])))
    return out


_Comp = tuple[int, int, int]
_Moves = tuple[int, int, list[tuple[int, int, _Comp]]]


def _denominator(comp: tuple[int, int, int], mode: str) -> int:
    n = sum(comp)
    return 400 * n * (n - 1) if mode.startswith("pair") else 400 * n


def _transitions(
    comp: tuple[int, int, int], mode: str, threshold: int, step: int
) -> tuple[int, int, list[tuple[int, int, tuple[int, int, int]]]]:
    """(denominator, event weight, [(weight, new T, removed)]) for one check without an event."""
    moves: dict[tuple[int, tuple[int, int, int]], int] = {}
    event = 0
    grown = min(MAX_THRESHOLD, threshold + step)
    for weight, kind, removed in _classes(comp, mode):
        if kind is None:
            danger, grow, stay = 0, 0, 400
        else:
            danger, grow, stay = _split(kind, threshold)
        event += weight * danger
        for new_t, w in ((grown, grow), (threshold, stay)):
            if w:
                moves[(new_t, removed)] = moves.get((new_t, removed), 0) + weight * w
    return _denominator(comp, mode), event, [(w, t, r) for (t, r), w in moves.items()]


def event_probability(
    light: int, dark: int, threshold: int, roll: str = "normal", two_dice: bool = False
) -> Fraction:
    """Exact chance of a threat event on one check from a full bag of one threat colour.

    With n = max(0, T − 1) dangerous results and N = W + B (seed «Калькулятор»):
    normal B·n/(20N); base advantage B·n²/(400N); base disadvantage
    B·n(40−n)/(400N); two dice (N ≥ 2), advantage
    [B(B−1)·n² + W·B·n(n−1)] / (400·N(N−1)), disadvantage
    [B(B−1)·n(40−n) + W·B·n(39−n)] / (400·N(N−1)).

    >>> event_probability(5, 1, 6), event_probability(5, 1, 1), event_probability(0, 3, 20)
    (Fraction(1, 24), Fraction(0, 1), Fraction(19, 20))
    """
    w = _whole(light, "light dice W", 0, MAX_LIGHT)
    b = _whole(dark, "dark dice B", 0, MAX_DARK)
    _whole(threshold, "threshold T", 0, MAX_THRESHOLD)
    _check_roll(roll)
    _flag(two_dice, "two_dice")
    n, size = max(0, threshold - 1), w + b
    if size == 0:
        raise ValueError("the bag is empty: the chance of an event is undefined")
    if roll == "normal":
        return Fraction(b * n, 20 * size)
    if two_dice and size >= 2:
        pairs = 400 * size * (size - 1)
        if roll == "advantage":
            return Fraction(b * (b - 1) * n * n + w * b * n * (n - 1), pairs)
        return Fraction(b * (b - 1) * n * (40 - n) + w * b * n * (39 - n), pairs)
    if roll == "advantage":
        return Fraction(b * n * n, 400 * size)
    return Fraction(b * n * (40 - n), 400 * size)


def _lumped(counts: tuple[int, ...], index: int, /) -> tuple[int, int, int]:
    dark = counts[1:]
    return counts[0], dark[index], sum(dark) - dark[index]


@dataclass(frozen=True)
class EventOdds:
    """Exact chance of an event on the next check of one roll type, per threat colour and in total.

    ``refill`` is True when the exhaustible bag cannot serve the check and
    the odds are those of the refilled (full) bag.
    """

    roll: str
    by_track: tuple[tuple[str, Fraction], ...]
    refill: bool = False

    @property
    def total(self) -> Fraction:
        """Chance of an event of any colour (only one die is kept, so colours exclude each other)."""
        return sum((p for _, p in self.by_track), Fraction(0))


def next_event_odds(state: BagState, /) -> tuple[EventOdds, EventOdds, EventOdds] | None:
    """Odds for normal, advantage and disadvantage under the current modes and remainder.

    Returns ``None`` for an empty bag (no check is possible).

    >>> [o.total for o in next_event_odds(new_state(light=0, dark=1, threshold=11))]
    [Fraction(1, 2), Fraction(1, 4), Fraction(3, 4)]
    """
    if state.size == 0:
        return None
    result = []
    for roll in ROLLS:
        mode = state._mode(roll)
        refill_first = state.needs_refill(roll)
        counts = state.composition if refill_first else state.left
        by_track = []
        for i, track in enumerate(state.tracks):
            comp = _lumped(counts, i)
            denominator, event, _ = _transitions(comp, mode, track.threshold, track.step)
            by_track.append((track.name, Fraction(event, denominator)))
        result.append(EventOdds(roll, tuple(by_track), refill_first))
    return (result[0], result[1], result[2])


# --------------------------------------------------------------------------- forecast


@dataclass(frozen=True)
class Forecast:
    """Number K of checks until the next event of one threat colour, all checks of one roll type.

    ``probabilities[m − 1]`` is P(K = m) for m = 1…horizon, ``tail`` is
    P(K > horizon) and ``mean`` is E[K], all exact; the mean covers the whole
    infinite tail (solved as an absorbing Markov chain, not truncated).
    """

    track: str
    roll: str
    probabilities: tuple[Fraction, ...]
    tail: Fraction
    mean: Fraction

    @property
    def horizon(self) -> int:
        return len(self.probabilities)

    def cumulative(self) -> tuple[Fraction, ...]:
        """P(K ≤ m) for m = 1…horizon."""
        running, out = Fraction(0), []
        for p in self.probabilities:
            running += p
            out.append(running)
        return tuple(out)


def checks_until_event_distribution(
    state: BagState, /, roll: str = "normal", track: str | None = None, horizon: int = 40
) -> Forecast | None:
    """Exact distribution and mean of the checks until the next event of one colour.

    Assumes every check has the given roll type and nothing is changed by
    hand: T grows by Δ on safe dark results and an exhaustible bag refills
    when it runs short.  Returns ``None`` if no event can ever happen (no
    dice of the colour, or Δ = 0 with T ≤ 1).

    >>> f = checks_until_event_distribution(new_state(light=0, dark=1, threshold=11, step=0), horizon=2)
    >>> f.probabilities, f.tail, f.mean
    ((Fraction(1, 2), Fraction(1, 4)), Fraction(1, 4), Fraction(2, 1))
    """
    mode = state._mode(_check_roll(roll))
    index = state.track_index(track)
    _whole(horizon, "forecast horizon", 1, 1000)
    target = state.tracks[index]
    if target.dice == 0 or (target.step == 0 and target.threshold <= 1):
        return None
    need = 2 if mode.startswith("pair") else 1
    full = _lumped(state.composition, index)

    def settle(comp: tuple[int, int, int]) -> tuple[int, int, int]:
        return full if not state.exhaustible or sum(comp) < need else comp

    start = settle(_lumped(state.left, index))
    cache: dict[tuple[_Comp, int], _Moves] = {}

    def moves(comp: _Comp, t: int) -> _Moves:
        key = (comp, t)
        if key not in cache:
            denominator, event, raw = _transitions(comp, mode, t, target.step)
            nxt = [
                (w, t2, settle((comp[0] - rem[0], comp[1] - rem[1], comp[2] - rem[2]))) for w, t2, rem in raw
            ]
            cache[key] = (denominator, event, nxt)
        return cache[key]

    # Forward pass with integer weights over a common denominator.
    probabilities = []
    layer: dict[tuple[int, _Comp], int] = {(target.threshold, start): 1}
    scale = 1
    for _ in range(horizon):
        new_layer: dict[tuple[int, _Comp], int] = {}
        hits = 0
        denominators = set()
        for (t, comp), weight in layer.items():
            denominator, event, nxt = moves(comp, t)
            denominators.add(denominator)
            hits += weight * event
            for w, t2, comp2 in nxt:
                new_layer[(t2, comp2)] = new_layer.get((t2, comp2), 0) + weight * w
        if len(denominators) > 1:
            raise ArithmeticError("paths drew different numbers of dice")  # cannot happen: see docs
        scale *= denominators.pop() if denominators else 1
        probabilities.append(Fraction(hits, scale))
        layer = new_layer
    tail = 1 - sum(probabilities, Fraction(0))
    return Forecast(target.name, roll, tuple(probabilities), tail, _mean(start, full, moves, target))


def _mean(start: tuple[int, int, int], full: tuple[int, int, int], moves: Any, target: Track) -> Fraction:
    """E[checks until event] by first-step analysis, level by level from T = 20 down.

    Before an event T never falls, so the levels are solved from the top; within
    one level V(bag) is affine in x = V(full bag), because every path through a
    level's bags either leaves the level, ends in an event or refills to the
    full bag.
    """
    comps, frontier = {start, full}, [start, full]
    while frontier:
        comp = frontier.pop()
        _, _, nxt = moves(comp, 0)
        for _, _, comp2 in nxt:
            if comp2 not in comps:
                comps.add(comp2)
                frontier.append(comp2)
    levels = [target.threshold]
    while target.step and levels[-1] < MAX_THRESHOLD:
        levels.append(min(MAX_THRESHOLD, levels[-1] + target.step))
    ordered = sorted(comps, key=lambda c: (sum(c), c == full))
    solved: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    for t in reversed(levels):
        affine: dict[tuple[int, ...], tuple[Fraction, Fraction]] = {}
        for comp in ordered:
            denominator, _, nxt = moves(comp, t)
            a, b = Fraction(1), Fraction(0)
            for w, t2, comp2 in nxt:
                p = Fraction(w, denominator)
                if t2 != t:
                    a += p * solved[(t2, comp2)]
                elif comp2 == full:
                    b += p
                else:
                    a2, b2 = affine[comp2]
                    a, b = a + p * a2, b + p * b2
            affine[comp] = (a, b)
        a_full, b_full = affine[full]
        if b_full == 1:
            raise ArithmeticError("no event is reachable from this level")  # excluded by the caller
        x = a_full / (1 - b_full)
        for comp, (a, b) in affine.items():
            solved[(t, comp)] = a + b * x
    return solved[(target.threshold, start)]
