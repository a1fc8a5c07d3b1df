"""Exact threat odds (seed 003, «Калькулятор»): the chance of an event on the next check and
the distribution of the checks until the next event.

Every probability is a ``Fraction``. The bag is lumped per colour into (light, that colour, other
dark) and a check's outcomes are counted in 400ths of face pairs; the forecast walks those
counts forward and solves the mean as an absorbing Markov chain. Re-exported by
:mod:`rules.threat`.

>>> event_probability(5, 1, 5)
Fraction(1, 30)
>>> checks_until_event_distribution(new_state(light=0, dark=1, threshold=11, step=0), horizon=1).mean
Fraction(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.threat_bag import *  # noqa: F403  (for the examples: new_state)
from rules.threat_bag import (
    FACES,
    MAX_DARK,
    MAX_LIGHT,
    MAX_THRESHOLD,
    ROLLS,
    BagState,
    Track,
    _check_roll,
    _flag,
    _whole,
)

__all__ = ["EventOdds", "Forecast", "checks_until_event_distribution", "event_probability", "next_event_odds"]

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


def _kept_safe(comp: tuple[int, int, int], mode: str, threshold: int) -> int:
    """Weight (over ``_denominator``) of the tracked colour's die kept without an event."""
    safe = 0
    for weight, kind, _ in _classes(comp, mode):
        if kind is not None:
            w = _WEIGHTS[kind]
            safe += weight * (sum(w) - sum(w[: max(0, threshold - 1)]))
    return safe


@dataclass(frozen=True)
class EventOdds:
    """Exact chance of an event on the next check of one roll type, per threat colour and in total.

    ``refill`` is True when the exhaustible bag cannot serve the check and
    the odds are those of the refilled (full) bag. ``safe_by_track``: the chance that the die
    kept is of that colour and brings no event (its result is T or more, or a 20); the rest,
    ``light``, is a light die kept.
    """

    roll: str
    by_track: tuple[tuple[str, Fraction], ...]
    refill: bool = False
    safe_by_track: tuple[tuple[str, Fraction], ...] = ()

    @property
    def total(self) -> Fraction:
        """Chance of an event of any colour (only one die is kept, so colours exclude each other)."""
        return sum((p for _, p in self.by_track), Fraction(0))

    @property
    def light(self) -> Fraction:
        """Chance that the die kept is light (no event, T unchanged)."""
        return 1 - self.total - sum((p for _, p in self.safe_by_track), Fraction(0))


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
        by_track, safe = [], []
        for i, track in enumerate(state.tracks):
            comp = _lumped(counts, i)
            denominator, event, _ = _transitions(comp, mode, track.threshold, track.step)
            by_track.append((track.name, Fraction(event, denominator)))
            safe.append((track.name, Fraction(_kept_safe(comp, mode, track.threshold), denominator)))
        result.append(EventOdds(roll, tuple(by_track), refill_first, tuple(safe)))
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
