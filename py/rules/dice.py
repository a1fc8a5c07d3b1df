"""Shared dice engine: exact distributions as ``dict[int, Fraction]`` and fair rolls.

A distribution maps each possible outcome to its exact probability.  Outcomes
with probability zero are left out, so ``sum(d.values()) == 1`` always holds.

>>> d6 = uniform(range(1, 7))
>>> at_least(add(d6, d6), 11)
Fraction(1, 12)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from rules.table_dice import TableDice

__all__ = [
    "Distribution",
    "add",
    "at_least",
    "at_most",
    "between",
    "combine",
    "cumulative_at_most",
    "map_outcomes",
    "mean",
    "power_weights",
    "roll_faces",
    "sum_of",
    "uniform",
    "weights",
]

Distribution = dict[int, Fraction]


def uniform(faces: Iterable[int], /) -> Distribution:
    """One fair die with the given faces; repeated faces weigh more.

    >>> uniform([-2, -1, 0, 0, 1, 2])[0]
    Fraction(1, 3)
    """
    face_list = list(faces)
    if not face_list:
        raise ValueError("a die needs at least one face")
    weight = Fraction(1, len(face_list))
    result: Distribution = {}
    for face in face_list:
        result[face] = result.get(face, Fraction(0)) + weight
    return dict(sorted(result.items()))


def combine(a: Distribution, b: Distribution, op: Callable[[int, int], int], /) -> Distribution:
    """Distribution of ``op(x, y)`` for independent x ~ a and y ~ b."""
    result: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            z = op(x, y)
            result[z] = result.get(z, Fraction(0)) + px * py
    return {k: v for k, v in sorted(result.items()) if v}


def add(a: Distribution, b: Distribution, /) -> Distribution:
    """Distribution of the sum of two independent variables."""
    return combine(a, b, lambda x, y: x + y)


def sum_of(die: Distribution, count: int, /) -> Distribution:
    """Distribution of the sum of ``count`` independent copies of ``die``.

    >>> sum_of(uniform([1, 2]), 2)
    {2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    """
    if count < 0:
        raise ValueError(f"dice count must be >= 0, got {count}")
    if not die:
        raise ValueError("a distribution needs at least one outcome")
    scale = math.lcm(*(p.denominator for p in die.values()))
    weights = power_weights({v: int(p * scale) for v, p in die.items()}, count)
    total = scale**count
    return {v: Fraction(w, total) for v, w in weights.items()}


def power_weights(weights: Mapping[int, int], count: int, /) -> dict[int, int]:
    """Weights of the sum of ``count`` independent copies of a die given as outcome -> integer
    weight, exactly; outcomes ascending, zero weights left out.

    Dense dice (most of their range filled) are summed as one big-integer power: the weights
    are the digits of one integer in a base wide enough that no digit of the power carries
    (Kronecker substitution), so the convolution is Python's own multiplication rather than
    a loop over pairs of outcomes (``8d10!``: ~0.1 s in icepool, a few ms here).

    >>> power_weights({1: 1, 2: 1}, 3)
    {3: 1, 4: 3, 5: 3, 6: 1}
    >>> power_weights({0: 1, 1000: 1}, 2)  # sparse: pairs of outcomes instead
    {0: 1, 1000: 2, 2000: 1}
    """
    if count < 0:
        raise ValueError(f"dice count must be >= 0, got {count}")
    live = {v: w for v, w in weights.items() if w}
    if any(w < 0 for w in live.values()) or not live:
        raise ValueError("weights must be >= 0 and not all 0")
    if count == 0:
        return {0: 1}
    low, high = min(live), max(live)
    span = high - low + 1
    if span > 2 * len(live):
        return _power_by_pairs(live, count)
    # a digit of the power is at most total**count, so it fits in count * bits(total) bits
    width = (count * sum(live.values()).bit_length() + 7) // 8
    packed = bytearray(span * width)
    for v, w in live.items():
        at = (v - low) * width
        packed[at : at + width] = w.to_bytes(width, "little")
    size = (span - 1) * count + 1
    raw = (int.from_bytes(packed, "little") ** count).to_bytes(size * width, "little")
    base = low * count
    digits = ((base + k, int.from_bytes(raw[k * width : (k + 1) * width], "little")) for k in range(size))
    return {v: w for v, w in digits if w}


def _power_by_pairs(weights: dict[int, int], count: int, /) -> dict[int, int]:
    """``power_weights`` for sparse dice, by squaring: O(log count) convolutions of dicts."""

    def times(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for x, wx in a.items():
            for y, wy in b.items():
                out[x + y] = out.get(x + y, 0) + wx * wy
        return out

    result: dict[int, int] = {0: 1}
    square = weights
    while count:
        if count & 1:
            result = times(result, square)
        count >>= 1
        if count:
            square = times(square, square)
    return dict(sorted(result.items()))


def weights(dist: Mapping[int, Fraction], /) -> tuple[dict[int, int], int]:
    """``dist`` as whole weights over their common denominator, and that denominator: sums of
    products over several dice stay whole numbers, made fractions once at the end (a fraction's
    every addition costs a gcd).

    >>> weights({1: Fraction(1, 4), 2: Fraction(3, 4)}), weights(uniform(range(1, 21)))[1]
    (({1: 1, 2: 3}, 4), 20)
    """
    total = math.lcm(*(p.denominator for p in dist.values()))
    return {value: p.numerator * (total // p.denominator) for value, p in dist.items()}, total


def map_outcomes(dist: Distribution, fn: Callable[[int], int], /) -> Distribution:
    """Distribution of ``fn(x)`` for x ~ dist."""
    result: Distribution = {}
    for x, p in dist.items():
        y = fn(x)
        result[y] = result.get(y, Fraction(0)) + p
    return {k: v for k, v in sorted(result.items()) if v}


def at_least(dist: Distribution, k: int, /) -> Fraction:
    """P(X >= k)."""
    return sum((p for x, p in dist.items() if x >= k), Fraction(0))


def at_most(dist: Distribution, k: int, /) -> Fraction:
    """P(X <= k)."""
    return sum((p for x, p in dist.items() if x <= k), Fraction(0))


def between(dist: Distribution, low: int, high: int, /) -> Fraction:
    """P(low <= X <= high); an empty range has probability zero."""
    return sum((p for x, p in dist.items() if low <= x <= high), Fraction(0))


def mean(dist: Mapping[int, Fraction], /) -> Fraction:
    """Expected value."""
    return sum((x * p for x, p in dist.items()), Fraction(0))


def cumulative_at_most(dist: Distribution, /) -> Distribution:
    """Running P(X <= x) for every outcome x, in ascending order."""
    running = Fraction(0)
    result: Distribution = {}
    for x, p in sorted(dist.items()):
        running += p
        result[x] = running
    return result


def roll_faces(rng: random.Random, faces: Sequence[int], /) -> int:
    """Roll one fair die with the given faces (or take the next die the GM typed: a ``TableDice``)."""
    if not faces:
        raise ValueError("a die needs at least one face")
    if isinstance(rng, TableDice):
        return rng.take(faces)
    return faces[rng.randrange(len(faces))]
