"""The GM's changes to the threat bag (seed 003: «Мастер вправе менять W, B, T₀, T и Δ»):
thresholds, step, composition, modes, threat colours, and a refill by hand.

Each returns a new ``BagState`` (validated: bad values raise ``ValueError``); a changed
composition or a switch of the exhaustible bag refills it. Re-exported by :mod:`rules.threat`.

>>> bag = set_step(set_base_threshold(new_state(), 8), 2)
>>> bag.track().base, bag.track().threshold, bag.track().step
(8, 8, 2)
"""

from __future__ import annotations

from dataclasses import replace

from rules.threat_bag import *  # noqa: F403  (for the examples: new_state)
from rules.threat_bag import MAX_DARK, MAX_LIGHT, MAX_STEP, MAX_THRESHOLD, BagState, Track, _flag, _whole

__all__ = [
    "add_track",
    "refill",
    "remove_track",
    "set_base_threshold",
    "set_composition",
    "set_modes",
    "set_step",
    "set_threshold",
]


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
