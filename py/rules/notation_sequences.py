"""Exact distributions of dice rolled one after another, where each die depends on those before it:
unique dice (``4d6u``: a value already rolled is rolled again), explosions with a cap for the whole
term (Foundry's ``6d10x5=10``) and matches (Roll20's ``20d6mt``: how many values came up at least
twice). Pure Python over exact Fractions; the states are bounded by the analysis' work estimate.

A die is given as ``weights`` (value -> whole weight, its faces after clamping and rerolls) and
``f`` maps a value to what it adds (its value, or 1 for a success …).

>>> unique_sum({1: 1, 2: 1, 3: 1}, 2, lambda v: v, None, False)
{3: Fraction(1, 3), 4: Fraction(1, 3), 5: Fraction(1, 3)}
>>> capped_sum({1: 1, 2: 1}, 1, lambda v: v, {2}, 1, False)
{1: Fraction(1, 2), 3: Fraction(1, 4), 4: Fraction(1, 4)}
>>> matches_count({1: 1, 2: 1}, 2, 2, None)
{0: Fraction(1, 2), 1: Fraction(1, 2)}
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction

__all__ = ["capped_sum", "matches_count", "unique_sum"]

Weights = Mapping[int, int]
Cond = Callable[[int], bool] | None


def _final(states: Mapping[tuple, Fraction], /) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for key, p in states.items():
        out[key[-1]] += p
    return {v: p for v, p in sorted(out.items()) if p}


def unique_sum(
    weights: Weights, count: int, f: Callable[[int], int], cond: Cond, once: bool, /
) -> dict[int, Fraction]:
    """``count`` dice in turn; a die showing a value an earlier die showed (and that matches
    ``cond``, if given) is rolled again until it does not (``once``: one more time only). If no
    value can stop it, it keeps a plain roll (the tools' iteration limit ends the same way).

    >>> unique_sum({1: 1, 2: 1}, 3, lambda v: v, None, False)  # the third die cannot differ
    {4: Fraction(1, 2), 5: Fraction(1, 2)}
    """
    total = sum(weights.values())
    states: dict[tuple[frozenset[int], int], Fraction] = {(frozenset(), 0): Fraction(1)}
    for _ in range(count):
        nxt: dict[tuple[frozenset[int], int], Fraction] = defaultdict(Fraction)
        for (seen, acc), p in states.items():
            good = {v: w for v, w in weights.items() if v not in seen}
            stop = sum(good.values())
            if once:
                bad = total - stop
                dist = {
                    v: Fraction(good.get(v, 0), total) + Fraction(bad * w, total * total)
                    for v, w in weights.items()
                }
            elif stop:
                dist = {v: Fraction(w, stop) for v, w in good.items()}
            else:
                dist = {v: Fraction(w, total) for v, w in weights.items()}
            for v, q in dist.items():
                if q:
                    now = seen | {v} if cond is None or cond(v) else seen
                    nxt[(now, acc + f(v))] += p * q
        states = nxt
    return _final(states)


def capped_sum(
    weights: Weights, count: int, f: Callable[[int], int], explode: set[int], cap: int, once: bool, /
) -> dict[int, Fraction]:
    """Foundry's ``x{cap}`` (``6d10x5=10``): the dice are checked in order, each one in
    ``explode`` rolls one more die (checked in its turn, unless ``once``: then only the first
    ``count`` dice are checked), until ``cap`` explosions have happened in the whole term."""
    total = sum(weights.values())
    die = {v: Fraction(w, total) for v, w in weights.items()}
    # (dice still to roll and check, explosions left, running sum)
    states: dict[tuple[int, int, int], Fraction] = {(count, cap, 0): Fraction(1)}
    done: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
    while states:
        nxt: dict[tuple[int, int, int], Fraction] = defaultdict(Fraction)
        for (left, caps, acc), p in states.items():
            if left == 0:
                done[(0, caps, acc)] += p
                continue
            for v, q in die.items():
                if v in explode and caps > 0:
                    key = (left, caps - 1, acc + f(v)) if not once else (left - 1, caps - 1, acc + f(v))
                else:
                    key = (left - 1, caps, acc + f(v))
                nxt[key] += p * q
        states = nxt
    if not once:
        return _final(done)
    # explode once: the extra dice are rolled after, never checked
    mapped: dict[int, Fraction] = defaultdict(Fraction)
    for v, q in die.items():
        mapped[f(v)] += q
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (_, caps, acc), p in done.items():
        extra = {acc: Fraction(1)}
        for _ in range(cap - caps):
            step: dict[int, Fraction] = defaultdict(Fraction)
            for a, pa in extra.items():
                for v, q in mapped.items():
                    step[a + v] += pa * q
            extra = step
        for a, pa in extra.items():
            out[a] += p * pa
    return {v: p for v, p in sorted(out.items()) if p}


def matches_count(weights: Weights, count: int, least: int, cond: Cond, /) -> dict[int, Fraction]:
    """Roll20's ``mt``: how many values show on at least ``least`` of ``count`` dice (and match
    ``cond``, if given). Value by value, the dice left that show it are binomial.

    >>> matches_count({1: 1, 2: 1, 3: 1}, 3, 3, None)[1]
    Fraction(1, 9)
    """
    total = sum(weights.values())
    states: dict[tuple[int, int], Fraction] = {(count, 0): Fraction(1)}
    mass = total
    values = sorted(weights)
    for i, v in enumerate(values):
        w = weights[v]
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        p_here = Fraction(w, mass) if mass else Fraction(0)
        last = i == len(values) - 1
        for (left, found), p in states.items():
            for c in range(left + 1):
                if last and c != left:
                    continue
                q = Fraction(1) if last else math.comb(left, c) * p_here**c * (1 - p_here) ** (left - c)
                if q:
                    hit = c >= least and (cond is None or cond(v))
                    nxt[(left - c, found + hit)] += p * q
        states = nxt
        mass -= w
    return _final(states)
