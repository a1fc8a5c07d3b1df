"""A reference model of dice mechanics for the notation peer set, written apart from ``rules``:
every distribution here is built by enumerating outcomes (dice folded one at a time into exact
Fractions), with icepool called directly only where the enumeration would be too large. Nothing
here parses notation or imports the product's notation code.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any

Dist = dict[Any, Fraction]
DEPTH = 10  # the product's documented explosion depth: at most 10 extra throws per die


def uniform(faces: Iterable[int]) -> Dist:
    faces = list(faces)
    out: Dist = defaultdict(Fraction)
    for f in faces:
        out[f] += Fraction(1, len(faces))
    return dict(out)


def d(n: int) -> Dist:
    return uniform(range(1, n + 1))


FUDGE = uniform([-1, 0, 1])
FUDGE_1 = uniform([-1, 0, 0, 0, 0, 1])
COIN = uniform([0, 1])


def clean(dist: Dist) -> dict[int, Fraction]:
    return {int(v): p for v, p in sorted(dist.items()) if p}


def mapped(dist: Dist, fn: Callable[[Any], Any]) -> Dist:
    out: Dist = defaultdict(Fraction)
    for v, p in dist.items():
        out[fn(v)] += p
    return dict(out)


def _ints(dist: Dist) -> tuple[int, dict[Any, int]]:
    """The distribution as whole weights over one denominator (whole-number arithmetic is fast)."""
    den = math.lcm(*(p.denominator for p in dist.values()))
    return den, {v: p.numerator * (den // p.denominator) for v, p in dist.items()}


def joint(a: Dist, b: Dist, fn: Callable[[Any, Any], Any]) -> Dist:
    (da, wa), (db, wb) = _ints(a), _ints(b)
    out: dict[Any, int] = defaultdict(int)
    for x, p in wa.items():
        for y, q in wb.items():
            out[fn(x, y)] += p * q
    return {v: Fraction(w, da * db) for v, w in out.items()}


def add(*dists: Dist) -> Dist:
    acc: Dist = {0: Fraction(1)}
    for dist in dists:
        acc = joint(acc, dist, lambda x, y: x + y)
    return acc


def const(v: int | Fraction) -> Dist:
    return {v: Fraction(1)}


def times(dist: Dist, n: int) -> Dist:
    """n independent copies added, by doubling (whole weights throughout)."""
    result, square = const(0), dict(dist)
    while n:
        if n & 1:
            result = joint(result, square, lambda x, y: x + y)
        n >>= 1
        if n:
            square = joint(square, square, lambda x, y: x + y)
    return result


def fold(dists: Sequence[Dist], step: Callable[[Hashable, Any], Hashable], start: Hashable) -> Dist:
    """Fold dice one at a time into a state: ``step(state, value)``; the state may forget what
    the rest no longer needs (the top k values, a running count …)."""
    den, states = 1, {start: 1}
    for dist in dists:
        dd, weights = _ints(dist)
        nxt: dict[Any, int] = defaultdict(int)
        for s, p in states.items():
            for v, q in weights.items():
                nxt[step(s, v)] += p * q
        den, states = den * dd, dict(nxt)
    return {s: Fraction(w, den) for s, w in states.items()}


def top(k: int) -> Callable[[tuple, Any], tuple]:
    """A fold step keeping the k highest values seen (sorted)."""
    return lambda s, v: tuple(sorted((*s, *(v if isinstance(v, tuple) else (v,))))[-k:]) if k else ()


def bottom(k: int) -> Callable[[tuple, Any], tuple]:
    return lambda s, v: tuple(sorted((*s, *(v if isinstance(v, tuple) else (v,))))[:k]) if k else ()


def keep_high(dist: Dist, n: int, k: int) -> Dist:
    return mapped(fold([dist] * n, top(k), ()), sum)


def keep_low(dist: Dist, n: int, k: int) -> Dist:
    return mapped(fold([dist] * n, bottom(k), ()), sum)


def middle(dist: Dist, n: int, low: int, high: int) -> Dist:
    """Drop the ``low`` lowest and the ``high`` highest of n dice (brute force over ordered rolls)."""
    out: Dist = defaultdict(Fraction)
    for rolls in itertools.product(dist.items(), repeat=n):
        p = math.prod((q for _, q in rolls), start=Fraction(1))
        values = sorted(v for v, _ in rolls)
        out[sum(values[low : n - high])] += p
    return dict(out)


def count(dist: Dist, n: int, value: Callable[[int], int]) -> Dist:
    """Each die adds ``value(face)``: successes (1), failures (-1) or its value."""
    return times(mapped(dist, value), n)


def reroll_until(dist: Dist, bad: Callable[[int], bool]) -> Dist:
    stop = {v: p for v, p in dist.items() if not bad(v)}
    total = sum(stop.values())
    return {v: p / total for v, p in stop.items()}


def reroll_once(dist: Dist, bad: Callable[[int], bool]) -> Dist:
    again = sum((p for v, p in dist.items() if bad(v)), Fraction(0))
    out: Dist = defaultdict(Fraction)
    for v, p in dist.items():
        if not bad(v):
            out[v] += p
        out[v] += again * p
    return dict(out)


def chains(dist: Dist, boom: Callable[[int], bool], depth: int = DEPTH, pen: int = 0) -> Dist:
    """Every explosion chain of one die: the tuple of what each throw counts (extras one less
    when penetrating), a throw in ``boom`` causing the next, at most ``depth`` extra throws."""
    out: Dist = {}

    def walk(prefix: tuple[int, ...], p: Fraction, left: int) -> None:
        for v, q in dist.items():
            counted = v - (pen if prefix else 0)
            if boom(v) and left > 0:
                walk((*prefix, counted), p * q, left - 1)
            else:
                key = (*prefix, counted)
                out[key] = out.get(key, Fraction(0)) + p * q

    walk((), Fraction(1), depth)
    return out


def exploded(dist: Dist, boom: Callable[[int], bool], depth: int = DEPTH, pen: int = 0) -> Dist:
    """The sum of one die's chain (an exploding or compounding die)."""
    return mapped(chains(dist, boom, depth, pen), sum)


def unique(faces: Sequence[int], n: int, cond: Callable[[int], bool] | None, once: bool) -> Dist:
    """rpg-dice-roller's u/uo: each die in turn is rolled again while it shows a value an earlier
    die shows (and matches ``cond``); ``once``: one more roll only; a die that can never differ
    keeps a plain roll. Folded over (values shown so far, total)."""
    die = uniform(faces)

    def final(earlier: frozenset[int]) -> Dist:
        def bad(v: int) -> bool:
            return v in earlier and (cond is None or cond(v))

        if once:
            out: Dist = defaultdict(Fraction)
            for v, q in die.items():
                for w, r in die.items() if bad(v) else [(v, Fraction(1))]:
                    out[w] += q * r
            return dict(out)
        good = {v: q for v, q in die.items() if not bad(v)}
        mass = sum(good.values())
        return {v: q / mass for v, q in good.items()} if good else dict(die)

    states: Dist = {(frozenset(), 0): Fraction(1)}
    for _ in range(n):
        nxt: Dist = defaultdict(Fraction)
        for (earlier, total), p in states.items():
            for v, q in final(earlier).items():
                nxt[(earlier | {v}, total + v)] += p * q
        states = dict(nxt)
    return mapped(states, lambda s: s[1])


def exploded_sum(
    dist: Dist,
    boom: Callable[[int], bool],
    depth: int = DEPTH,
    pen: int = 0,
    value: Callable[[int], int] = lambda v: v,
) -> Dist:
    """What one die's explosion chain adds (``value`` of each throw, extras one less when
    penetrating), level by level from the deepest extra throw up."""
    extra = mapped(dist, lambda v: value(v - pen))  # the deepest extra throw: it cannot explode
    for _ in range(depth - 1):
        extra = _level(dist, boom, extra, lambda v: value(v - pen))
    return _level(dist, boom, extra, value) if depth else mapped(dist, value)


def _level(dist: Dist, boom: Callable[[int], bool], rest: Dist, value: Callable[[int], int]) -> Dist:
    out: Dist = defaultdict(Fraction)
    for v, p in dist.items():
        if boom(v):
            for r, q in rest.items():
                out[value(v) + r] += p * q
        else:
            out[value(v)] += p
    return dict(out)


def chain_max(dist: Dist, boom: Callable[[int], bool], depth: int = DEPTH) -> Dist:
    """The highest throw of one die's explosion chain (``1d20x<10kh``: keep the best)."""
    best = dict(dist)
    for _ in range(depth):
        nxt: Dist = defaultdict(Fraction)
        for v, p in dist.items():
            if boom(v):
                for r, q in best.items():
                    nxt[max(v, r)] += p * q
            else:
                nxt[v] += p
        best = dict(nxt)
    return best


def capped_closed(dist: Dist, n: int, boom: Callable[[int], bool], cap: int) -> Dist:
    """Foundry's ``x{cap}`` in closed form: the checked dice are Bernoulli trials (explode or
    not); fewer than ``cap`` explosions means every die was checked and n did not explode
    (negative binomial); at the cap-th explosion the n - f dice still queued are plain rolls."""
    p = sum((q for v, q in dist.items() if boom(v)), Fraction(0))
    hit = {v: q / p for v, q in dist.items() if boom(v)}
    miss = {v: q / (1 - p) for v, q in dist.items() if not boom(v)}
    out: Dist = defaultdict(Fraction)
    for e in range(cap):
        weight = math.comb(e + n - 1, e) * p**e * (1 - p) ** n
        for v, q in add(times(hit, e), times(miss, n)).items():
            out[v] += weight * q
    for f in range(n):
        weight = math.comb(cap - 1 + f, f) * p**cap * (1 - p) ** f
        for v, q in add(times(hit, cap), times(miss, f), times(dist, n - f)).items():
            out[v] += weight * q
    return dict(out)


def capped(dist: Dist, n: int, boom: Callable[[int], bool], cap: int, once: bool, value=lambda v: v) -> Dist:
    """Foundry's x{cap} / xo{cap}: results checked in order, each matching one (while explosions
    are left) appends a die at the end; with ``once`` only the first n are checked."""
    out: Dist = defaultdict(Fraction)

    def walk(results: tuple[int, ...], checked: int, left: int, p: Fraction) -> None:
        if checked == len(results) or left == 0 or (once and checked == n):
            pending = len(results)
            out[sum(value(v) for v in results)] += p
            del pending
            return
        if boom(results[checked]):
            for v, q in dist.items():
                walk((*results, v), checked + 1, left - 1, p * q)
        else:
            walk(results, checked + 1, left, p)

    for rolls in itertools.product(dist.items(), repeat=n):
        walk(tuple(v for v, _ in rolls), 0, cap, math.prod((q for _, q in rolls), start=Fraction(1)))
    return dict(out)


def multisets(dist: Dist, n: int) -> Iterable[tuple[tuple[int, ...], Fraction]]:
    """Every sorted roll of n iid dice with its probability (multinomial weights)."""
    den, weights = _ints(dist)
    values = sorted(dist)
    for combo in itertools.combinations_with_replacement(values, n):
        counts: dict[int, int] = defaultdict(int)
        for v in combo:
            counts[v] += 1
        ways = math.factorial(n)
        w = 1
        for v, c in counts.items():
            ways //= math.factorial(c)
            w *= weights[v] ** c
        yield combo, Fraction(ways * w, den**n)


def matches(dist: Dist, n: int, least: int = 2, cond: Callable[[int], bool] | None = None) -> Dist:
    out: Dist = defaultdict(Fraction)
    for combo, p in multisets(dist, n):
        runs = [len(list(group)) for v, group in itertools.groupby(combo) if cond is None or cond(v)]
        out[sum(1 for r in runs if r >= least)] += p
    return dict(out)


def binomial_pm(n: int, p: Fraction) -> Dist:
    """n dice each +1 with probability p, else -1 (by the binomial formula)."""
    return {2 * k - n: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def mixed_keep(dists: Sequence[Dist], low: int, high: int, offset: int = 0) -> Dist:
    """Different dice rolled together, the ``low`` lowest and ``high`` highest dropped."""
    out: Dist = defaultdict(Fraction)
    n = len(dists)
    for rolls in itertools.product(*(dist.items() for dist in dists)):
        p = math.prod((q for _, q in rolls), start=Fraction(1))
        values = sorted(v for v, _ in rolls)
        out[sum(values[low : n - high]) + offset] += p
    return dict(out)


def icepool_dist(die: Any) -> Dist:
    """An icepool die (built directly with icepool) as a distribution."""
    den = die.denominator()
    return {int(v): Fraction(q, den) for v, q in die.items() if q}
