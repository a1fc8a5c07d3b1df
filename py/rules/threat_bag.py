"""The threat bag (seed 003, «Мешок и параметры»): its limits, threat colours and state.

A ``BagState`` is the whole calculator: light dice W, the threat colours (``Track``: dark dice, T₀,
T, Δ), the optional modes and what remains in an exhaustible bag. Every value is validated when
it is made (``ValueError`` with what was wrong) and saved as a plain dict (``to_dict`` /
``from_dict``). Re-exported by :mod:`rules.threat`; the validators here are shared by the other
``rules.threat_*`` modules.

>>> bag = new_state(light=5, dark=1, base=5, step=1)
>>> bag.composition, bag.track().dangerous
((5, 1), range(1, 5))
>>> BagState.from_dict(bag.to_dict()) == bag
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    "Track",
    "dangerous_results",
    "new_state",
    "roll_type",
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
