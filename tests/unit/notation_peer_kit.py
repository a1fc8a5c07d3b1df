"""The peer set's kit: the ``Peer`` record, the sources, and the distributions its entries are
built from (all by ``notation_model``: enumeration, or icepool called directly)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool
from notation_model import (
    Dist,
    add,
    chains,
    count,
    d,
    exploded_sum,
    fold,
    icepool_dist,
    mapped,
    times,
    top,
)

RD = "rpg-dice-roller docs"
RT = "rpg-dice-roller tests"
R20 = "Roll20 Dice Reference"
FV = "Foundry Dice Modifiers"
FA = "Foundry Advanced Dice"
FC = "Foundry die.mjs"


@dataclass(frozen=True)
class Peer:
    source: str  # the tool and page or test file
    text: str
    expected: Callable[[], Dist]
    explicit: str = ""  # for an explicit form: whose reading it writes


def _half_away(q: Fraction) -> int:
    f = math.floor(abs(q) + Fraction(1, 2))
    return f if q >= 0 else -f


def _mod(a: int, b: int) -> int:
    return a - b * math.trunc(Fraction(a, b))


def ex(dist: Dist, on: Callable[[int], bool], n: int = 1, depth: int = 10, pen: int = 0) -> Dist:
    return times(exploded_sum(dist, on, depth, pen), n)


def per_chain(dist: Dist, on: Callable[[int], bool], value: Callable[[int], int], n: int) -> Dist:
    """n exploding dice, each throw of each chain counted by ``value`` (successes)."""
    return times(exploded_sum(dist, on, value=value), n)


def high_of(dists: list[Dist], k: int) -> Dist:
    return mapped(fold(dists, top(k), ()), sum)


def low_of(dists: list[Dist], k: int) -> Dist:
    return mapped(fold([mapped(x, lambda v: -v) for x in dists], top(k), ()), lambda t: -sum(t))


def minus_lowest(dist: Dist, n: int) -> Dist:
    return mapped(fold([dist] * n, lambda s, v: (min(s[0], v), s[1] + v), (10**9, 0)), lambda s: s[1] - s[0])


def successes(
    dist: Dist, n: int, ok: Callable[[int], bool], fail: Callable[[int], bool] | None = None
) -> Dist:
    return count(dist, n, lambda v: 1 if ok(v) else -1 if fail is not None and fail(v) else 0)


def clamp(dist: Dist, lo: int | None = None, hi: int | None = None) -> Dist:
    low = mapped(dist, lambda v: v if lo is None else max(lo, v))
    return mapped(low, lambda v: v if hi is None else min(hi, v))


def total_is(dist: Dist, ok: Callable[[int], bool], fail: Callable[[int], bool] | None = None) -> Dist:
    return mapped(dist, lambda v: 1 if ok(v) else -1 if fail is not None and fail(v) else 0)


def plus(dist: Dist, k: int) -> Dist:
    return mapped(dist, lambda v: v + k)


def scaled(dist: Dist, k: int) -> Dist:
    return mapped(dist, lambda v: v * k)


def random_count(counts: Dist, die: Dist) -> Dist:
    out: Dist = {}
    for c, p in counts.items():
        for v, q in times(die, c).items():
            out[v] = out.get(v, Fraction(0)) + p * q
    return out


D4, D6, D8, D10, D12, D20, D100 = d(4), d(6), d(8), d(10), d(12), d(20), d(100)
ON_MAX = {4: lambda v: v == 4, 6: lambda v: v == 6, 8: lambda v: v == 8, 10: lambda v: v == 10}


def minus_lowest_chains(n: int) -> Dist:
    """4d6! without its lowest die (every throw of every chain is a die)."""
    return mapped(
        fold([chains(D6, ON_MAX[6])] * n, lambda s, t: (min(s[0], *t), s[1] + sum(t)), (99, 0)),
        lambda s: s[1] - s[0],
    )


def three_sums() -> list[Dist]:
    return [add(times(D6, 4), times(D8, 2)), plus(times(D20, 3), 3), plus(times(D10, 5), 1)]


def three_totals(ok: Callable[[int], bool], fail: Callable[[int], bool] | None = None) -> Dist:
    return add(*(total_is(x, ok, fail) for x in three_sums()))


def random_sides(sides: Dist) -> Dist:
    out: Dist = {}
    for s, p in sides.items():
        for v, q in d(s).items():
            out[v] = out.get(v, Fraction(0)) + p * q
    return out


def rolled_count_and_sides() -> Dist:
    out: Dist = {}
    for c, p in D20.items():
        for s, q in D10.items():
            for v, r in icepool_dist((2 * c) @ icepool.d(s)).items():
                out[v] = out.get(v, Fraction(0)) + p * q * r
    return out
