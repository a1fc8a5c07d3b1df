"""The peer set: expressions drawn from the documentation and test suites of rpg-dice-roller, Roll20
and Foundry, each with its expected exact distribution built by ``notation_model`` (enumeration, or
icepool called directly), never by the product's parser. ``tests/unit/test_notation_peers.py``
checks that at least 95 % are taken and that every one taken is exact.

Where the tools read a symbol differently the product follows the most common reading (and says
so: ``rules.notation.Reading``); such an entry expects that reading, and an entry marked
``explicit`` writes the other tool's meaning in the form the product offers for it.

``LEFT_OUT`` lists the documented expressions refused, each with the error code it gets.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool
from notation_model import (
    COIN,
    FUDGE,
    FUDGE_1,
    Dist,
    add,
    binomial_pm,
    capped_closed,
    chain_max,
    chains,
    const,
    count,
    d,
    exploded_sum,
    fold,
    icepool_dist,
    joint,
    keep_high,
    keep_low,
    mapped,
    matches,
    middle,
    reroll_once,
    reroll_until,
    times,
    top,
    uniform,
    unique,
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


def _big_icepool(dist: Dist, n: int) -> Dist:
    """n copies summed by icepool directly (the per-die distribution built here)."""
    den = math.lcm(*(p.denominator for p in dist.values()))
    return icepool_dist(n @ icepool.Die({v: int(p * den) for v, p in dist.items()}))


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
# fmt: off
PEERS: list[Peer] = [
    # --- rpg-dice-roller documentation: dice
    Peer(f"{RD}: dice", "d6", lambda: D6),
    Peer(f"{RD}: dice", "4d10", lambda: times(D10, 4)),
    Peer(f"{RD}: dice", "4d%", lambda: times(D100, 4)),
    Peer(f"{RD}: dice", "4d100", lambda: times(D100, 4)),
    Peer(f"{RD}: dice", "dF", lambda: FUDGE),
    Peer(f"{RD}: dice", "dF.2", lambda: FUDGE),
    Peer(f"{RD}: dice", "dF.1", lambda: FUDGE_1),
    Peer(f"{RD}: dice", "4dF", lambda: times(FUDGE, 4)),
    # --- modifiers
    Peer(f"{RD}: modifiers", "5d10!k2", lambda: high_of([chains(D10, ON_MAX[10])] * 5, 2)),
    Peer(f"{RD}: modifiers", "4d6!d1", lambda: minus_lowest_chains(4)),
    Peer(f"{RD}: modifiers", "4d6d1!", lambda: minus_lowest_chains(4)),
    Peer(f"{RD}: min", "4d6min3", lambda: times(clamp(D6, 3), 4)),
    Peer(f"{RD}: max", "4d6max3", lambda: times(clamp(D6, None, 3), 4)),
    Peer(f"{RD}: min", "d6min3", lambda: clamp(D6, 3)),
    Peer(f"{RD}: max", "d6max3", lambda: clamp(D6, None, 3)),
    Peer(f"{RD}: exploding", "4d10!", lambda: ex(D10, ON_MAX[10], 4)),
    Peer(f"{RD}: exploding", "2d6!", lambda: ex(D6, ON_MAX[6], 2)),
    Peer(f"{RD}: exploding", "2d6!=5", lambda: ex(D6, lambda v: v == 5, 2)),
    Peer(f"{RD}: exploding", "2d6!>4", lambda: ex(D6, lambda v: v > 4, 2)),
    Peer(f"{RD}: exploding", "4d10!<=3", lambda: ex(D10, lambda v: v <= 3, 4)),
    Peer(f"{RD}: exploding", "2d6!<>4", lambda: ex(D6, lambda v: v != 4, 2)),
    Peer(f"{RD}: compounding", "4d10!!", lambda: ex(D10, ON_MAX[10], 4)),
    Peer(f"{RD}: compounding", "2d6!!", lambda: ex(D6, ON_MAX[6], 2)),
    Peer(f"{RD}: compounding", "2d6!!=5", lambda: ex(D6, lambda v: v == 5, 2)),
    Peer(f"{RD}: compounding", "2d6!!>4", lambda: ex(D6, lambda v: v > 4, 2)),
    Peer(f"{RD}: compounding", "4d10!!<=3", lambda: ex(D10, lambda v: v <= 3, 4)),
    Peer(f"{RD}: penetrating", "2d6!p", lambda: ex(D6, ON_MAX[6], 2, pen=1)),
    Peer(f"{RD}: penetrating", "2d6!!p", lambda: ex(D6, ON_MAX[6], 2, pen=1)),
    Peer(f"{RD}: penetrating", "2d6!p=5", lambda: ex(D6, lambda v: v == 5, 2, pen=1)),
    Peer(f"{RD}: penetrating", "2d6!!p>4", lambda: ex(D6, lambda v: v > 4, 2, pen=1)),
    Peer(f"{RD}: penetrating", "4d10!p<=3", lambda: ex(D10, lambda v: v <= 3, 4, pen=1)),
    Peer(f"{RD}: re-roll", "d6r", lambda: reroll_until(D6, lambda v: v == 1)),
    Peer(f"{RD}: re-roll", "d6ro", lambda: reroll_once(D6, lambda v: v == 1)),
    Peer(f"{RD}: re-roll", "2d6r=5", lambda: times(reroll_until(D6, lambda v: v == 5), 2)),
    Peer(f"{RD}: re-roll", "2d6ro>4", lambda: times(reroll_once(D6, lambda v: v > 4), 2)),
    Peer(f"{RD}: re-roll", "4d10r<=3", lambda: times(reroll_until(D10, lambda v: v <= 3), 4)),
    Peer(f"{RD}: unique", "2d10u", lambda: unique(range(1, 11), 2, None, False)),
    Peer(f"{RD}: unique", "2d10uo", lambda: unique(range(1, 11), 2, None, True)),
    Peer(f"{RD}: unique", "4d6u=5", lambda: unique(range(1, 7), 4, lambda v: v == 5, False)),
    Peer(f"{RD}: unique", "3d8ro>6", lambda: times(reroll_once(D8, lambda v: v > 6), 3)),
    Peer(f"{RD}: unique", "10d4u<=2", lambda: unique(range(1, 5), 10, lambda v: v <= 2, False)),
    Peer(f"{RD}: unique", "5d4u", lambda: unique(range(1, 5), 5, None, False)),
    Peer(f"{RD}: unique", "5d3u", lambda: unique(range(1, 4), 5, None, False)),
    Peer(f"{RD}: keep", "4d10kh2", lambda: keep_high(D10, 4, 2)),
    Peer(f"{RD}: keep", "4d10k2", lambda: keep_high(D10, 4, 2)),
    Peer(f"{RD}: keep", "4d10kl1", lambda: keep_low(D10, 4, 1)),
    Peer(f"{RD}: keep", "6d8k3", lambda: keep_high(D8, 6, 3)),
    Peer(f"{RD}: keep", "3d10k1dh1", lambda: const(0)),
    Peer(f"{RD}: keep", "3d10k1d1", lambda: keep_high(D10, 3, 1)),
    Peer(f"{RD}: drop", "4d10dl2", lambda: keep_high(D10, 4, 2)),
    Peer(f"{RD}: drop", "4d10d2", lambda: keep_high(D10, 4, 2)),
    Peer(f"{RD}: drop", "4d10dh1", lambda: keep_low(D10, 4, 3)),
    Peer(f"{RD}: drop", "6d8dh3", lambda: keep_low(D8, 6, 3)),
    Peer(f"{RD}: drop", "4d10dh1dl2", lambda: middle(D10, 4, 2, 1)),
    Peer(f"{RD}: target success", "5d10>=8", lambda: successes(D10, 5, lambda v: v >= 8)),
    Peer(f"{RD}: target success", "2d6=6", lambda: successes(D6, 2, lambda v: v == 6)),
    Peer(f"{RD}: target success", "4d3>1", lambda: successes(d(3), 4, lambda v: v > 1)),
    Peer(f"{RD}: target success", "4d3<2", lambda: successes(d(3), 4, lambda v: v < 2)),
    Peer(f"{RD}: target success", "5d8>=5", lambda: successes(D8, 5, lambda v: v >= 5)),
    Peer(f"{RD}: target success", "6d10<=4", lambda: successes(D10, 6, lambda v: v <= 4)),
    Peer(f"{RD}: target success", "2d6>3!", lambda: per_chain(D6, ON_MAX[6], lambda v: v > 3, 2)),
    Peer(f"{RD}: target success", "2d6>3!<4", lambda: per_chain(D6, lambda v: v < 4, lambda v: v > 3, 2)),
    Peer(f"{RD}: target failure", "4d6>4f<3", lambda: successes(D6, 4, lambda v: v > 4, lambda v: v < 3)),
    Peer(f"{RD}: critical success", "2d20cs", lambda: times(D20, 2)),
    Peer(f"{RD}: critical success", "4d10cs>7", lambda: times(D10, 4)),
    Peer(f"{RD}: critical success", "5d3cs=2", lambda: times(d(3), 5)),
    Peer(f"{RD}: critical success", "5d20cs>=16", lambda: times(D20, 5)),
    Peer(f"{RD}: critical failure", "2d20cf", lambda: times(D20, 2)),
    Peer(f"{RD}: critical failure", "4d10cf<3", lambda: times(D10, 4)),
    Peer(f"{RD}: critical failure", "6d4cf=2", lambda: times(D4, 6)),
    Peer(f"{RD}: critical failure", "5d20cf<=6", lambda: times(D20, 5)),
    Peer(f"{RD}: sorting", "4d6s", lambda: times(D6, 4)),
    Peer(f"{RD}: sorting", "4d6sa", lambda: times(D6, 4)),
    Peer(f"{RD}: sorting", "4d6sd", lambda: times(D6, 4)),
    Peer(f"{RD}: compare point", "d6!=3", lambda: ex(D6, lambda v: v == 3)),
    Peer(f"{RD}: compare point", "d10!>=5", lambda: ex(D10, lambda v: v >= 5)),
    Peer(f"{RD}: compare point", "d6!!>4", lambda: ex(D6, lambda v: v > 4)),
    Peer(f"{RD}: compare point", "d6!<>4", lambda: ex(D6, lambda v: v != 4)),
    Peer(f"{RD}: compare point", "d4r<3", lambda: reroll_until(D4, lambda v: v < 3)),
    # --- group rolls
    Peer(f"{RD}: group rolls", "{4d6, 2d10, d4}", lambda: add(times(D6, 4), times(D10, 2), D4)),
    Peer(f"{RD}: group rolls", "{4d10}", lambda: times(D10, 4)),
    Peer(f"{RD}: group rolls", "{4d10*3}", lambda: scaled(times(D10, 4), 3)),
    Peer(f"{RD}: group rolls", "{4d10+5d6}", lambda: add(times(D10, 4), times(D6, 5))),
    Peer(f"{RD}: group rolls", "{4d10+5d6}k2", lambda: high_of([D10] * 4 + [D6] * 5, 2)),
    Peer(f"{RD}: group rolls", "{4d10, 5d6, 2d10}k2", lambda: high_of([times(D10, 4), times(D6, 5), times(D10, 2)], 2)),
    Peer(f"{RD}: group rolls", "{5+d10, 3d4*2}k1", lambda: high_of([plus(D10, 5), scaled(times(D4, 3), 2)], 1)),
    Peer(f"{RD}: group rolls", "{4d10, 5d6, 2d10}d2", lambda: high_of([times(D10, 4), times(D6, 5), times(D10, 2)], 1)),
    Peer(f"{RD}: group rolls", "{5+d10, 3d4*2}d1", lambda: high_of([plus(D10, 5), scaled(times(D4, 3), 2)], 1)),
    Peer(f"{RD}: group rolls", "{3d20+5}>40", lambda: total_is(plus(times(D20, 3), 5), lambda v: v > 40)),
    Peer(f"{RD}: group rolls", "{4d6+2d8, 3d20+3, 5d10+1}>40", lambda: three_totals(lambda v: v > 40)),
    Peer(f"{RD}: group rolls", "{3d10+5}>30f<15",
         lambda: total_is(plus(times(D10, 3), 5), lambda v: v > 30, lambda v: v < 15)),
    Peer(f"{RD}: group rolls", "{4d6+2d8, 3d20+3, 5d10+1}>40f<30", lambda: three_totals(lambda v: v > 40, lambda v: v < 30)),
    Peer(f"{RD}: group rolls", "{4d6+4}s", lambda: plus(times(D6, 4), 4)),
    Peer(f"{RD}: group rolls", "{4d6+4}sd", lambda: plus(times(D6, 4), 4)),
    # --- maths
    Peer(f"{RD}: maths", "d6*5", lambda: scaled(D6, 5)),
    Peer(f"{RD}: maths", "3d20^4", lambda: mapped(times(D20, 3), lambda v: v**4)),
    Peer(f"{RD}: maths", "3d20**4", lambda: mapped(times(D20, 3), lambda v: v**4)),
    Peer(f"{RD}: maths", "d15%2", lambda: mapped(d(15), lambda v: v % 2)),
    Peer(f"{RD}: maths", "(4-2)d10", lambda: times(D10, 2)),
    Peer(f"{RD}: maths", "3d(2*6)", lambda: times(D12, 3)),
    Peer(f"{RD}: maths", "1d6+2*3", lambda: plus(D6, 6)),
    Peer(f"{RD}: maths", "(1d6+2)*3", lambda: scaled(plus(D6, 2), 3)),
    Peer(f"{RD}: maths", "round(4d10/3)", lambda: mapped(times(D10, 4), lambda v: _half_away(Fraction(v, 3)))),
    Peer(f"{RD}: maths", "floor(4d10/3)", lambda: mapped(times(D10, 4), lambda v: v // 3)),
    Peer(f"{RD}: maths", "ceil(4d10/3)", lambda: mapped(times(D10, 4), lambda v: -(-v // 3))),
    Peer(f"{RD}: maths", "abs(4d10-25)", lambda: mapped(times(D10, 4), lambda v: abs(v - 25))),
    Peer(f"{RD}: maths", "min(4d6, 2d10)", lambda: joint(times(D6, 4), times(D10, 2), min)),
    Peer(f"{RD}: notation", "4d6d1 + 5", lambda: plus(keep_high(D6, 4, 3), 5)),
    # --- descriptions
    Peer(f"{RD}: descriptions", "4d6 # Fire damage", lambda: times(D6, 4)),
    Peer(f"{RD}: descriptions", "4d6 // Fire damage", lambda: times(D6, 4)),
    Peer(f"{RD}: descriptions", "{4d6, 2d10, d4} // Fire damage, Frost damage, and Falling damage (A bad day)",
         lambda: add(times(D6, 4), times(D10, 2), D4)),
    Peer(f"{RD}: descriptions", "4d6dl2 // Drop the lowest two", lambda: keep_high(D6, 4, 2)),
    Peer(f"{RD}: descriptions", "4d6 /* Ice damage */", lambda: times(D6, 4)),
    Peer(f"{RD}: descriptions", "2d10 [ Fire damage ]", lambda: times(D10, 2)),
    Peer(f"{RD}: descriptions", "{5d6 + 5} [ Fire damage ]", lambda: plus(times(D6, 5), 5)),
    Peer(f"{RD}: descriptions", "2d10 // Ice damage 2d10! / 3", lambda: times(D10, 2)),
    # --- rpg-dice-roller test suite
    Peer(f"{RT}: DiceRoll", "4d6+5d8", lambda: add(times(D6, 4), times(D8, 5))),
    Peer(f"{RT}: DiceRoll", "4d8*(5+2d10)", lambda: joint(times(D8, 4), plus(times(D10, 2), 5), lambda a, b: a * b)),
    Peer(f"{RT}: DiceRoll", "4d8dl2*(5+2d10kh1)",
         lambda: joint(keep_high(D8, 4, 2), plus(keep_high(D10, 2, 1), 5), lambda a, b: a * b)),
    Peer(f"{RT}: DiceRoll", "2d7 + (5d4 * 2)", lambda: add(times(d(7), 2), scaled(times(D4, 5), 2))),
    Peer(f"{RT}: DiceRoll", "4d10*2d4", lambda: joint(times(D10, 4), times(D4, 2), lambda a, b: a * b)),
    Peer(f"{RT}: DiceRoll", "10d5-3d4!", lambda: joint(times(d(5), 10), ex(D4, ON_MAX[4], 3), lambda a, b: a - b)),
    Peer(f"{RT}: DiceRoll", "5d8*2d10", lambda: joint(times(D8, 5), times(D10, 2), lambda a, b: a * b)),
    Peer(f"{RT}: DiceRoll", "6d10*4dF.1", lambda: joint(times(D10, 6), times(FUDGE_1, 4), lambda a, b: a * b)),
    Peer(f"{RT}: DiceRoll", "3d%*(4+2)dF", lambda: joint(times(D100, 3), times(FUDGE, 6), lambda a, b: a * b)),
    Peer(f"{RT}: sorting", "10d5s", lambda: times(d(5), 10)),
    Peer(f"{RT}: sorting", "14d%sd", lambda: times(D100, 14)),
    Peer(f"{RT}: sorting", "23dF.1sa", lambda: times(FUDGE_1, 23)),
    Peer(f"{RT}: keep", "10d%kl3", lambda: icepool_dist(icepool.d100.pool(10).lowest(3).sum())),
    Peer(f"{RT}: drop", "19d23d1", lambda: icepool_dist(icepool.d(23).pool(19).highest(18).sum())),
    Peer(f"{RT}: drop", "7d%d3", lambda: icepool_dist(icepool.d100.pool(7).highest(4).sum())),
    Peer(f"{RT}: keep", "5dFk4", lambda: keep_high(FUDGE, 5, 4)),
    Peer(f"{RT}: keep", "3d6kh2dl1", lambda: keep_high(D6, 3, 2)),
    Peer(f"{RT}: drop", "4d6dh2", lambda: keep_low(D6, 4, 2)),
    Peer(f"{RT}: drop", "10d8dh2r!=5kl3", lambda: const(15)),
    Peer(f"{RT}: drop", "4d10dl1", lambda: keep_high(D10, 4, 3)),
    Peer(f"{RT}: re-roll", "2d6r<=4", lambda: times(reroll_until(D6, lambda v: v <= 4), 2)),
    Peer(f"{RT}: re-roll", "2d6ro=1", lambda: times(reroll_once(D6, lambda v: v == 1), 2)),
    Peer(f"{RT}: re-roll", "5d10r", lambda: times(reroll_until(D10, lambda v: v == 1), 5)),
    Peer(f"{RT}: re-roll", "12dFr", lambda: times(reroll_until(FUDGE, lambda v: v == -1), 12)),
    Peer(f"{RT}: re-roll", "2d%r>80", lambda: times(reroll_until(D100, lambda v: v > 80), 2)),
    Peer(f"{RT}: re-roll", "d64ro<=35", lambda: reroll_once(d(64), lambda v: v <= 35)),
    Peer(f"{RT}: re-roll", "35dF.1ro", lambda: times(reroll_once(FUDGE_1, lambda v: v == -1), 35)),
    Peer(f"{RT}: unique", "2d6u", lambda: unique(range(1, 7), 2, None, False)),
    Peer(f"{RT}: unique", "2d6uo", lambda: unique(range(1, 7), 2, None, True)),
    Peer(f"{RT}: unique", "5d10u", lambda: unique(range(1, 11), 5, None, False)),
    Peer(f"{RT}: unique", "12dFu", lambda: unique([-1, 0, 1], 12, None, False)),
    Peer(f"{RT}: unique", "2d%u>80", lambda: unique(range(1, 101), 2, lambda v: v > 80, False)),
    Peer(f"{RT}: unique", "d64uo<=35", lambda: d(64)),
    Peer(f"{RT}: unique", "35dF.1uo", lambda: unique([-1, 0, 0, 0, 0, 1], 35, None, True)),
    Peer(f"{RT}: max", "2d6max3", lambda: times(clamp(D6, None, 3), 2)),
    Peer(f"{RT}: min", "2d6min3", lambda: times(clamp(D6, 3), 2)),
    Peer(f"{RT}: min/max", "4d10max6min3", lambda: times(clamp(D10, 3, 6), 4)),
    Peer(f"{RT}: min/max", "4d10min3max6", lambda: times(clamp(D10, 3, 6), 4)),
    Peer(f"{RT}: min/max", "6d10min3max6", lambda: times(clamp(D10, 3, 6), 6)),
    Peer(f"{RT}: max", "4d20max-12", lambda: const(-48)),
    Peer(f"{RT}: min", "4d20min-12", lambda: times(D20, 4)),
    Peer(f"{RT}: critical failure", "1d8cf<4", lambda: D8),
    Peer(f"{RT}: critical success", "3d6cs>3cf<3", lambda: times(D6, 3)),
    Peer(f"{RT}: critical success", "3d50cs<>365", lambda: times(d(50), 3)),
    Peer(f"{RT}: critical success", "8d45cs=12", lambda: times(d(45), 8)),
    Peer(f"{RT}: target", "8d45=21", lambda: successes(d(45), 8, lambda v: v == 21)),
    Peer(f"{RT}: critical failure", "3dF.1cf>8", lambda: times(FUDGE_1, 3)),
    Peer(f"{RT}: target", "4d6>5f<=2", lambda: successes(D6, 4, lambda v: v > 5, lambda v: v <= 2)),
    Peer(f"{RT}: target", "4d6>5f<=2+2d6",
         lambda: add(successes(D6, 4, lambda v: v > 5, lambda v: v <= 2), times(D6, 2))),
    Peer(f"{RT}: target", "4d%>50f<40", lambda: successes(D100, 4, lambda v: v > 50, lambda v: v < 40)),
    Peer(f"{RT}: target", "450dF.1>0f!=1", lambda: binomial_pm(450, Fraction(1, 6))),
    Peer(f"{RT}: target", "450dF.1>0f<>1", lambda: binomial_pm(450, Fraction(1, 6))),
    Peer(f"{RT}: explode", "6d10!>=9>=8", lambda: per_chain(D10, lambda v: v >= 9, lambda v: int(v >= 8), 6)),
    Peer(f"{RT}: explode", "6d10>=8!>=9", lambda: per_chain(D10, lambda v: v >= 9, lambda v: int(v >= 8), 6)),
    Peer(f"{RT}: explode", "2d10!<>8", lambda: ex(D10, lambda v: v != 8, 2)),
    Peer(f"{RT}: explode", "4dF.2!>=0", lambda: ex(FUDGE, lambda v: v >= 0, 4)),
    Peer(f"{RT}: penetrate", "1dF!!p", lambda: exploded_sum(FUDGE, lambda v: v == 1, pen=1)),
    Peer(f"{RT}: explode", "8d4kh4!", lambda: high_of([chains(D4, ON_MAX[4])] * 8, 4)),
    Peer(f"{RT}: explode", "36dF.1!>3kh1sa", lambda: high_of([FUDGE_1] * 36, 1)),
    Peer(f"{RT}: groups", "{1d6}", lambda: D6),
    Peer(f"{RT}: groups", "{1d6, 1d4}", lambda: add(D6, D4)),
    Peer(f"{RT}: groups", "{1d6+1d4}", lambda: add(D6, D4)),
    Peer(f"{RT}: groups", "{4d6}kh2", lambda: keep_high(D6, 4, 2)),
    Peer(f"{RT}: groups", "{4d6}dh2", lambda: keep_low(D6, 4, 2)),
    Peer(f"{RT}: groups", "{6d6}kl", lambda: keep_low(D6, 6, 1)),
    Peer(f"{RT}: groups", "{6d6}dl", lambda: keep_high(D6, 6, 5)),
    Peer(f"{RT}: groups", "{6d6, 2d10}kh", lambda: joint(times(D6, 6), times(D10, 2), max)),
    Peer(f"{RT}: groups", "{6d6, 2d10}dl", lambda: joint(times(D6, 6), times(D10, 2), max)),
    Peer(f"{RT}: groups", "{19d23, 4d10+3}kh1", lambda: joint(times(d(23), 19), plus(times(D10, 4), 3), max)),
    Peer(f"{RT}: groups", "{19d23}k1", lambda: high_of([d(23)] * 19, 1)),
    Peer(f"{RT}: groups", "{19d23}d1", lambda: icepool_dist(icepool.d(23).pool(19).highest(18).sum())),
    Peer(f"{RT}: groups", "{7d%}k3", lambda: icepool_dist(icepool.d100.pool(7).highest(3).sum())),
    Peer(f"{RT}: groups", "{7d%, 4*2d6, 7d10-2}k3",
         lambda: add(times(D100, 7), scaled(times(D6, 2), 4), plus(times(D10, 7), -2))),
    Peer(f"{RT}: groups", "{7d%, 4*2d6, 7d10-2}d3", lambda: const(0)),
    Peer(f"{RT}: groups", "{4d10*2, 5d6+10}k1", lambda: joint(scaled(times(D10, 4), 2), plus(times(D6, 5), 10), max)),
    Peer(f"{RT}: groups", "{4d10*2, 5d6+10}kl1", lambda: joint(scaled(times(D10, 4), 2), plus(times(D6, 5), 10), min)),
    Peer(f"{RT}: groups", "{4d10*2, 5d6+10}dh1", lambda: joint(scaled(times(D10, 4), 2), plus(times(D6, 5), 10), min)),
    Peer(f"{RT}: groups", "{3+4d6, 5d2*6d3}kh2",
         lambda: add(plus(times(D6, 4), 3), joint(times(d(2), 5), times(d(3), 6), lambda a, b: a * b))),
    Peer(f"{RT}: groups", "{3+4d6, 5d2*6d3}dh2", lambda: const(0)),
    Peer(f"{RT}: groups", "{4d6}>10", lambda: total_is(times(D6, 4), lambda v: v > 10)),
    Peer(f"{RT}: groups", "{4d6}<10", lambda: total_is(times(D6, 4), lambda v: v < 10)),
    Peer(f"{RT}: groups", "{4d6}>20f<10", lambda: total_is(times(D6, 4), lambda v: v > 20, lambda v: v < 10)),
    Peer(f"{RT}: groups", "{4d6}>20f<15", lambda: total_is(times(D6, 4), lambda v: v > 20, lambda v: v < 15)),
    Peer(f"{RT}: groups", "{4d6, 2d10, d4}s", lambda: add(times(D6, 4), times(D10, 2), D4)),
    Peer(f"{RT}: groups", "{4d6, 2d10}sa", lambda: add(times(D6, 4), times(D10, 2))),
    Peer(f"{RT}: groups", "{4d6}sd", lambda: times(D6, 4)),
    Peer(f"{RT}: groups", "{4dF.2}sd", lambda: times(FUDGE, 4)),
    Peer(f"{RT}: groups", "{10d%, 1d20+5}sa", lambda: add(times(D100, 10), plus(D20, 5))),
    Peer(f"{RT}: groups", "{4dF.2*5, 10+3d6}sd", lambda: add(scaled(times(FUDGE, 4), 5), plus(times(D6, 3), 10))),
    Peer(f"{RT}: groups", "{12dF.1, 4d10}k", lambda: joint(times(FUDGE_1, 12), times(D10, 4), max)),
    Peer(f"{RT}: groups", "{12dF.1, 4d10}d", lambda: joint(times(FUDGE_1, 12), times(D10, 4), max)),
    Peer(f"{RT}: groups", "{12dF.1}k", lambda: high_of([FUDGE_1] * 12, 1)),
    Peer(f"{RT}: groups", "{12dF.1}d", lambda: minus_lowest(FUDGE_1, 12)),
    Peer(f"{RT}: groups", "{1}", lambda: const(1)),
    Peer(f"{RT}: groups", "{4/2}", lambda: const(2)),
    Peer(f"{RT}: groups", "{4/2}kh1", lambda: const(2)),
    Peer(f"{RT}: maths", "(4*6)d6", lambda: times(D6, 24)),
    Peer(f"{RT}: maths", "(5^2*4)d(7%4)", lambda: times(d(3), 100)),
    Peer(f"{RT}: maths", "-4d6", lambda: scaled(times(D6, 4), -1)),
    Peer(f"{RT}: maths", "-12*1d20", lambda: scaled(D20, -12)),
    Peer(f"{RT}: maths", "1d20+-5", lambda: plus(D20, -5)),
    Peer(f"{RT}: maths", "1d20--6", lambda: plus(D20, 6)),
    Peer(f"{RT}: maths", "1d20+0", lambda: D20),
    Peer(f"{RT}: maths", "5d6%2d20", lambda: joint(times(D6, 5), times(D20, 2), _mod)),
    Peer(f"{RT}: maths", "d%%(45*2)", lambda: mapped(D100, lambda v: v % 90)),
    Peer(f"{RT}: maths", "2*floor(4d10/3.4)", lambda: mapped(times(D10, 4), lambda v: 2 * math.floor(Fraction(v * 5, 17)))),
    Peer(f"{RT}: maths", "ceil(2.56 * d7)", lambda: mapped(d(7), lambda v: math.ceil(Fraction(256 * v, 100)))),
    Peer(f"{RT}: maths", "floor(2.56 * d7)", lambda: mapped(d(7), lambda v: math.floor(Fraction(256 * v, 100)))),
    Peer(f"{RT}: descriptions", "3d6 # this is a comment", lambda: times(D6, 3)),
    Peer(f"{RT}: descriptions", "3d6 // fire", lambda: times(D6, 3)),
    Peer(f"{RT}: descriptions", "4dF /* This is a multi-line comment */", lambda: times(FUDGE, 4)),
    Peer(f"{RT}: descriptions", "{3d6} // fire", lambda: times(D6, 3)),
    # --- Roll20 Dice Reference
    Peer(f"{R20}: how to roll", "/roll d20+5", lambda: plus(D20, 5)),
    Peer(f"{R20}: how to roll", "/roll 3d6+2", lambda: plus(times(D6, 3), 2)),
    Peer(f"{R20}: how to roll", "/roll 2d6+5 + d8", lambda: add(plus(times(D6, 2), 5), D8)),
    Peer(f"{R20}: additional information", "/roll 1d20+5 Roll for Initiative", lambda: plus(D20, 5)),
    Peer(f"{R20}: inline labels", "/roll 2d20+5[Fire Damage] + 3d6+5[Ice Damage]",
         lambda: add(plus(times(D20, 2), 5), plus(times(D6, 3), 5))),
    Peer(f"{R20}: inline labels", "/roll 2d10+2d6[crit]+5", lambda: add(times(D10, 2), plus(times(D6, 2), 5))),
    Peer(f"{R20}: inline rolls", "[[3d6]]", lambda: times(D6, 3)),
    Peer(f"{R20}: inline rolls", "/roll [[2d6]]d5", lambda: random_count(times(D6, 2), d(5))),
    Peer(f"{R20}: math-only rolls", "/roll 5+3", lambda: const(8)),
    Peer(f"{R20}: exploding", "/roll 3d6!", lambda: ex(D6, ON_MAX[6], 3)),
    Peer(f"{R20}: exploding", "/roll 10d6!", lambda: ex(D6, ON_MAX[6], 10)),
    Peer(f"{R20}: exploding", "/roll 3d6!>4", lambda: ex(D6, lambda v: v > 4, 3)),
    Peer(f"{R20}: exploding", "/roll 3d6!3", lambda: ex(D6, lambda v: v == 3, 3)),
    Peer(f"{R20}: exploding", "3d6!>5", lambda: ex(D6, lambda v: v > 5, 3)),
    Peer(f"{R20}: compounding", "/roll 5d6!!", lambda: ex(D6, ON_MAX[6], 5)),
    Peer(f"{R20}: compounding", "5d6!!5", lambda: ex(D6, lambda v: v == 5, 5)),
    Peer(f"{R20}: compounding", "/roll {5d6!!}>8", lambda: total_is(ex(D6, ON_MAX[6], 5), lambda v: v > 8)),
    Peer(f"{R20}: penetrating", "/roll 5d6!p", lambda: ex(D6, ON_MAX[6], 5, pen=1)),
    Peer(f"{R20}: penetrating", "5d6!p>5", lambda: ex(D6, lambda v: v > 5, 5, pen=1)),
    Peer(f"{R20}: drop/keep", "/roll 8d100k4", lambda: icepool_dist(icepool.d100.pool(8).highest(4).sum())),
    Peer(f"{R20}: drop/keep", "/roll 8d100d3", lambda: icepool_dist(icepool.d100.pool(8).highest(5).sum())),
    Peer(f"{R20}: drop/keep", "/roll 8d100dh3", lambda: icepool_dist(icepool.d100.pool(8).lowest(5).sum())),
    Peer(f"{R20}: drop/keep", "/roll 8d100kl3", lambda: icepool_dist(icepool.d100.pool(8).lowest(3).sum())),
    Peer(f"{R20}: drop/keep", "8d100kl4", lambda: icepool_dist(icepool.d100.pool(8).lowest(4).sum())),
    Peer(f"{R20}: drop/keep", "8d100d4", lambda: icepool_dist(icepool.d100.pool(8).highest(4).sum())),
    Peer(f"{R20}: drop/keep", "8d100dh4", lambda: icepool_dist(icepool.d100.pool(8).lowest(4).sum())),
    Peer(f"{R20}: target number", "/roll 3d6>3", lambda: successes(D6, 3, lambda v: v > 3)),
    Peer(f"{R20}: target number", "/roll 10d6<4", lambda: successes(D6, 10, lambda v: v < 4)),
    Peer(f"{R20}: target number", "/roll {3d6+1}<3", lambda: const(0)),
    Peer(f"{R20}: critical success", "/roll 1d20cs>10", lambda: D20),
    Peer(f"{R20}: critical failure", "/roll 1d20cf<3", lambda: D20),
    Peer(f"{R20}: critical success", "/roll 1d20cs20cs10", lambda: D20),
    Peer(f"{R20}: critical success", "/roll 1d20!>18cs>18", lambda: ex(D20, lambda v: v > 18)),
    Peer(f"{R20}: rerolling", "/roll 2d8r<2", lambda: times(reroll_until(D8, lambda v: v < 2), 2)),
    Peer(f"{R20}: rerolling", "/roll 2d8r1r3r5r7", lambda: times(uniform([2, 4, 6, 8]), 2)),
    Peer(f"{R20}: rerolling", "2d10r<2", lambda: times(reroll_until(D10, lambda v: v < 2), 2)),
    Peer(f"{R20}: rerolling", "8d6r", lambda: times(reroll_until(D6, lambda v: v == 1), 8)),
    Peer(f"{R20}: rerolling", "8d6r2r4r6", lambda: times(uniform([1, 3, 5]), 8)),
    Peer(f"{R20}: rerolling", "2d6ro<2", lambda: times(reroll_once(D6, lambda v: v < 2), 2)),
    Peer(f"{R20}: reroll once", "2d10ro<2", lambda: times(reroll_once(D10, lambda v: v < 2), 2)),
    Peer(f"{R20}: FATE dice", "/roll 4dF", lambda: times(FUDGE, 4)),
    Peer(f"{R20}: FATE dice", "/roll 4dF+1", lambda: plus(times(FUDGE, 4), 1)),
    Peer(f"{R20}: rounding", "/roll floor(7/2) + 2d6", lambda: plus(times(D6, 2), 3)),
    Peer(f"{R20}: grouping", "/roll {4d6+3d8}kh1", lambda: high_of([D6] * 4 + [D8] * 3, 1)),
    Peer(f"{R20}: grouping", "/roll {4d6,3d8}kh1", lambda: joint(times(D6, 4), times(D8, 3), max)),
    Peer(f"{R20}: failures", "3d6>3f1", lambda: successes(D6, 3, lambda v: v > 3, lambda v: v == 1)),
    Peer(f"{R20}: failures", "10d6<4f>5", lambda: successes(D6, 10, lambda v: v < 4, lambda v: v > 5)),
    Peer(f"{R20}: sorting", "8d6s", lambda: times(D6, 8)),
    Peer(f"{R20}: sorting", "8d6sd", lambda: times(D6, 8)),
    Peer(f"{R20}: grouped rolls", "{3d6+3d4+5, 2d8+4}", lambda: add(times(D6, 3), times(D4, 3), times(D8, 2), const(9))),
    Peer(f"{R20}: grouped rolls", "{4d6+3d8}k4", lambda: high_of([D6] * 4 + [D8] * 3, 4)),
    Peer(f"{R20}: grouped rolls", "{4d6+2d8, 3d20+3, 5d10+1}d1", lambda: high_of(three_sums(), 2)),
    Peer(f"{R20}: grouped rolls", "{3d20+5}>21", lambda: total_is(plus(times(D20, 3), 5), lambda v: v > 21)),
    Peer(f"{R20}: grouped rolls", "{2d6!}>4", lambda: total_is(ex(D6, ON_MAX[6], 2), lambda v: v > 4)),
    Peer(f"{R20}: grouped rolls", "{3d20+5}>21f<10",
         lambda: total_is(plus(times(D20, 3), 5), lambda v: v > 21, lambda v: v < 10)),
    Peer(f"{R20}: grouped rolls", "{2d6!}>4f1", lambda: total_is(ex(D6, ON_MAX[6], 2), lambda v: v > 4, lambda v: v == 1)),
    Peer(f"{R20}: grouped rolls", "{4d6+2d8, 3d20+3, 5d10+1}>40f<10", lambda: three_totals(lambda v: v > 40, lambda v: v < 10)),
    Peer(f"{R20}: dice matching", "2d6m", lambda: times(D6, 2)),
    Peer(f"{R20}: dice matching", "2d6mt", lambda: matches(D6, 2)),
    Peer(f"{R20}: dice matching", "20d6mt", lambda: matches(D6, 20)),
    Peer(f"{R20}: dice matching", "5d6mt3>4", lambda: matches(D6, 5, 3, lambda v: v > 4)),
    Peer(f"{R20}: computed dice", "(1+2)d6", lambda: times(D6, 3)),
    # Roll20's > and < include the number (and its single-expression groups compare each die):
    # the explicit forms of its readings
    Peer(f"{R20}: target number", "3d6>=3", lambda: successes(D6, 3, lambda v: v >= 3), "Roll20's 3d6>3"),
    Peer(f"{R20}: target number", "10d6<=4", lambda: successes(D6, 10, lambda v: v <= 4), "Roll20's 10d6<4"),
    Peer(f"{R20}: exploding", "3d6!>=4", lambda: ex(D6, lambda v: v >= 4, 3), "Roll20's 3d6!>4"),
    Peer(f"{R20}: compounding", "5d6>=8!!", lambda: successes(ex(D6, ON_MAX[6]), 5, lambda v: v >= 8), "Roll20's {5d6!!}>8"),
    Peer(f"{R20}: grouped rolls", "3d20>=16", lambda: successes(D20, 3, lambda v: v >= 16), "Roll20's {3d20+5}>21"),
    Peer(f"{R20}: grouped rolls", "2d6>=4!", lambda: per_chain(D6, ON_MAX[6], lambda v: int(v >= 4), 2), "Roll20's {2d6!}>4"),
    Peer(f"{R20}: target number", "3d6<=2", lambda: successes(D6, 3, lambda v: v <= 2), "Roll20's {3d6+1}<3"),
    Peer(f"{R20}: failures", "3d6>=3f1", lambda: successes(D6, 3, lambda v: v >= 3, lambda v: v == 1), "Roll20's 3d6>3f1"),
    Peer(f"{R20}: dice matching", "5d6mt3>=4", lambda: matches(D6, 5, 3, lambda v: v >= 4), "Roll20's 5d6mt3>4"),
    # --- Foundry: Dice Modifiers
    Peer(f"{FV}: re-rolls", "/roll 1d10r1", lambda: reroll_until(D10, lambda v: v == 1)),
    Peer(f"{FV}: re-rolls", "/r 1d20r<10", lambda: reroll_until(D20, lambda v: v < 10)),
    Peer(f"{FV}: re-rolls", "1d10ro1", lambda: reroll_once(D10, lambda v: v == 1), "Foundry's 1d10r1"),
    Peer(f"{FV}: re-rolls", "1d20ro<10", lambda: reroll_once(D20, lambda v: v < 10), "Foundry's 1d20r<10"),
    Peer(f"{FV}: re-rolls", "/r 1d20rr<3", lambda: reroll_until(D20, lambda v: v < 3)),
    Peer(f"{FV}: exploding", "/r 5d10x10", lambda: ex(D10, ON_MAX[10], 5)),
    Peer(f"{FV}: exploding", "/r 1d20x<10kh", lambda: chain_max(D20, lambda v: v < 10)),
    Peer(f"{FV}: exploding", "/r 6d10xo10", lambda: ex(D10, ON_MAX[10], 6, depth=1)),
    Peer(f"{FV}: exploding", "/r 6d10x5=10", lambda: capped_closed(D10, 6, ON_MAX[10], 5)),
    Peer(f"{FV}: exploding", "/r 6d10x2>=9", lambda: capped_closed(D10, 6, lambda v: v >= 9, 2)),
    Peer(f"{FV}: keep", "/r 3d10k", lambda: keep_high(D10, 3, 1)),
    Peer(f"{FV}: keep", "/r 4d6k3", lambda: keep_high(D6, 4, 3)),
    Peer(f"{FV}: keep", "/roll 2d20kh + 2", lambda: plus(keep_high(D20, 2, 1), 2)),
    Peer(f"{FV}: keep", "/r 3d10kl", lambda: keep_low(D10, 3, 1)),
    Peer(f"{FV}: keep", "/r 4d6kl3", lambda: keep_low(D6, 4, 3)),
    Peer(f"{FV}: keep", "/roll 2d20kl + 5", lambda: plus(keep_low(D20, 2, 1), 5)),
    Peer(f"{FV}: drop", "/r 3d6d", lambda: keep_high(D6, 3, 2)),
    Peer(f"{FV}: drop", "/r 4d10d2", lambda: keep_high(D10, 4, 2)),
    Peer(f"{FV}: drop", "/r 3d6dh", lambda: keep_low(D6, 3, 2)),
    Peer(f"{FV}: min", "/r 4d10min2", lambda: times(clamp(D10, 2), 4)),
    Peer(f"{FV}: max", "/r 4d10max8", lambda: times(clamp(D10, None, 8), 4)),
    Peer(f"{FV}: count successes", "/r 10d20cs20", lambda: times(D20, 10)),
    Peer(f"{FV}: count successes", "/r 10d20cs>10", lambda: times(D20, 10)),
    Peer(f"{FV}: count successes", "/r 6d10cs>=6", lambda: times(D10, 6)),
    Peer(f"{FV}: count successes", "/r 1d100cs<=20", lambda: D100),
    Peer(f"{FV}: count successes", "10d20=20", lambda: successes(D20, 10, lambda v: v == 20), "Foundry's 10d20cs20"),
    Peer(f"{FV}: count successes", "10d20>10", lambda: successes(D20, 10, lambda v: v > 10), "Foundry's 10d20cs>10"),
    Peer(f"{FV}: count successes", "6d10>=6", lambda: successes(D10, 6, lambda v: v >= 6), "Foundry's 6d10cs>=6"),
    Peer(f"{FV}: count successes", "1d100<=20", lambda: successes(D100, 1, lambda v: v <= 20), "Foundry's 1d100cs<=20"),
    Peer(f"{FV}: count evens", "/roll 3d6even", lambda: successes(D6, 3, lambda v: v % 2 == 0)),
    Peer(f"{FV}: count odds", "/roll 3d6odd", lambda: successes(D6, 3, lambda v: v % 2 == 1)),
    Peer(f"{FV}: deduct failures", "/r 5d10cs>=6df=1", lambda: count(D10, 5, lambda v: -1 if v == 1 else v)),
    Peer(f"{FV}: deduct failures", "5d10>=6f=1", lambda: successes(D10, 5, lambda v: v >= 6, lambda v: v == 1),
         "Foundry's 5d10cs>=6df=1"),
    Peer(f"{FV}: exploding successes", "/r 5d10cs>=8x=10", lambda: ex(D10, ON_MAX[10], 5)),
    Peer(f"{FV}: exploding successes", "5d10>=8x=10", lambda: per_chain(D10, ON_MAX[10], lambda v: int(v >= 8), 5),
         "Foundry's 5d10cs>=8x=10"),
    Peer(f"{FV}: exploding successes", "/r 5d10cs>=8x>=9", lambda: ex(D10, lambda v: v >= 9, 5)),
    Peer(f"{FV}: exploding successes", "5d10>=8x>=9", lambda: per_chain(D10, lambda v: v >= 9, lambda v: int(v >= 8), 5),
         "Foundry's 5d10cs>=8x>=9"),
    Peer(f"{FV}: exploding successes", "/r 10d10cs>=8x>=8", lambda: ex(D10, lambda v: v >= 8, 10)),
    Peer(f"{FV}: exploding successes", "10d10>=8x>=8",
         lambda: per_chain(D10, lambda v: v >= 8, lambda v: int(v >= 8), 10), "Foundry's 10d10cs>=8x>=8"),
    Peer(f"{FV}: count failures", "/r 10d20cf20", lambda: times(D20, 10)),
    Peer(f"{FV}: count failures", "/r 10d20cf>10", lambda: times(D20, 10)),
    Peer(f"{FV}: count failures", "/r 6d10cf>=6", lambda: times(D10, 6)),
    Peer(f"{FV}: count failures", "/r 1d100cf<=20", lambda: D100),
    Peer(f"{FV}: deduct failures", "/r 4d6cs6df1", lambda: count(D6, 4, lambda v: -1 if v == 1 else v)),
    Peer(f"{FV}: deduct failures", "4d6=6f1", lambda: successes(D6, 4, lambda v: v == 6, lambda v: v == 1), "Foundry's 4d6cs6df1"),
    Peer(f"{FV}: deduct failures", "/r 10d10cs>5df1", lambda: count(D10, 10, lambda v: -1 if v == 1 else v)),
    Peer(f"{FV}: deduct failures", "10d10>5f1", lambda: successes(D10, 10, lambda v: v > 5, lambda v: v == 1),
         "Foundry's 10d10cs>5df1"),
    Peer(f"{FV}: deduct failures", "/r 1d10cs=10df=1", lambda: mapped(D10, lambda v: -1 if v == 1 else v)),
    Peer(f"{FV}: deduct failures", "1d10=10f=1", lambda: successes(D10, 1, lambda v: v == 10, lambda v: v == 1),
         "Foundry's 1d10cs=10df=1"),
    Peer(f"{FV}: subtract failures", "/r 3d6sf<3", lambda: count(D6, 3, lambda v: -v if v < 3 else v)),
    Peer(f"{FV}: margin of success", "/r 3d6ms10", lambda: plus(times(D6, 3), -10)),
    Peer(f"{FV}: coins", "/roll 4dc # Flip four coins.", lambda: times(COIN, 4)),
    Peer(f"{FV}: coins", "/roll 3dcc1", lambda: times(COIN, 3)),
    Peer(f"{FV}: coins", "/roll 3dcc0", lambda: times(COIN, 3)),
    Peer(f"{FV}: FATE dice", "/r 4df", lambda: times(FUDGE, 4)),
    Peer(f"{FC}: reroll", "20d20r", lambda: times(reroll_until(D20, lambda v: v == 1), 20)),
    Peer(f"{FC}: reroll", "20d20r=1", lambda: times(reroll_until(D20, lambda v: v == 1), 20)),
    Peer(f"{FC}: keep", "20d20k", lambda: high_of([D20] * 20, 1)),
    Peer(f"{FC}: keep", "20d20kh10", lambda: icepool_dist(icepool.d20.pool(20).highest(10).sum())),
    Peer(f"{FC}: keep", "20d20kl", lambda: low_of([D20] * 20, 1)),
    Peer(f"{FC}: keep", "20d20kl10", lambda: icepool_dist(icepool.d20.pool(20).lowest(10).sum())),
    Peer(f"{FC}: drop", "20d20dh", lambda: icepool_dist(icepool.d20.pool(20).lowest(19).sum())),
    Peer(f"{FC}: drop", "20d20dl10", lambda: icepool_dist(icepool.d20.pool(20).highest(10).sum())),
    Peer(f"{FC}: count success", "20d20cs<10", lambda: times(D20, 20)),
    Peer(f"{FC}: count failures", "6d6cf<=3", lambda: times(D6, 6)),
    Peer(f"{FC}: count even", "6d6even", lambda: successes(D6, 6, lambda v: v % 2 == 0)),
    Peer(f"{FC}: count odd", "6d6odd", lambda: successes(D6, 6, lambda v: v % 2 == 1)),
    Peer(f"{FC}: deduct failures", "6d6df", lambda: count(D6, 6, lambda v: -1 if v == 1 else v)),
    Peer(f"{FC}: deduct failures", "6d6df<3", lambda: count(D6, 6, lambda v: -1 if v < 3 else v)),
    Peer(f"{FC}: margin of success", "6d6ms>12", lambda: plus(times(D6, 6), -12)),
    Peer(f"{FC}: minimum", "6d6min2", lambda: times(clamp(D6, 2), 6)),
    Peer(f"{FC}: maximum", "6d6max5", lambda: times(clamp(D6, None, 5), 6)),
    # --- Foundry: Advanced Dice
    Peer(f"{FA}: parentheses", "/roll 1d(1d20)", lambda: random_sides(D20)),
    Peer(f"{FA}: parentheses", "/roll (2d4)d8", lambda: random_count(times(D4, 2), D8)),
    Peer(f"{FA}: parentheses", "/roll (1d20*2)d(1d10)", lambda: rolled_count_and_sides()),
    Peer(f"{FA}: dice pools", "/roll {4d6, 3d8, 2d10}kh", lambda: high_of([times(D6, 4), times(D8, 3), times(D10, 2)], 1)),
    Peer(f"{FA}: dice pools", "/roll {1d20, 10}kh", lambda: mapped(D20, lambda v: max(v, 10))),
    Peer(f"{FA}: dice pools", "/r {1d20,10}kh + 5", lambda: mapped(D20, lambda v: max(v, 10) + 5)),
    Peer(f"{FA}: dice pools", "/roll {4d6kh3, 4d6kh3, 4d6kh3, 4d6kh3, 4d6kh3, 4d6kh3} # Character Ability Scores",
         lambda: times(keep_high(D6, 4, 3), 6)),
    Peer(f"{FA}: dice pools", "/roll {6d6, 5d8, 4d10, 3d12}cs>15",
         lambda: add(times(D6, 6), times(D8, 5), times(D10, 4), times(D12, 3))),
    Peer(f"{FA}: dice pools", "{6d6, 5d8, 4d10, 3d12}>15",
         lambda: add(*(total_is(times(x, n), lambda v: v > 15) for x, n in ((D6, 6), (D8, 5), (D10, 4), (D12, 3)))),
         "Foundry's {6d6, 5d8, 4d10, 3d12}cs>15"),
    Peer(f"{FA}: dice pools", "/roll {1d8x, 1d6x}kh", lambda: joint(ex(D8, ON_MAX[8]), ex(D6, ON_MAX[6]), max)),
    Peer(f"{FA}: math functions", "/r floor(1d12/3)", lambda: mapped(D12, lambda v: v // 3)),
    Peer(f"{FA}: math functions", "/r ceil(1d12/3)", lambda: mapped(D12, lambda v: -(-v // 3))),
    Peer(f"{FA}: math functions", "/r round(1d12/3)", lambda: mapped(D12, lambda v: _half_away(Fraction(v, 3)))),
    Peer(f"{FA}: math functions", "/r abs(5d6 - 20)", lambda: mapped(times(D6, 5), lambda v: abs(v - 20))),
]
# fmt: on

# Documented expressions the product refuses, with the error each gets (see docs/rules/notation.md).
LEFT_OUT: list[tuple[str, str, str, str]] = [
    (f"{RD}: group rolls", "{4d6/2, 3d4+3, 2d10}s", "needs_rounding", "a total that is not a whole number"),
    (
        f"{RD}: group rolls",
        "{3d8*2, 20/2d10, 2d10-d4}",
        "needs_rounding",
        "a total that is not a whole number",
    ),
    (f"{RD}: maths", "2d10/d20", "needs_rounding", "a total that is not a whole number"),
    (f"{RT}: DiceRoll", "max(2 * (d7/2), 1d7)", "needs_rounding", "a fraction inside, undone by * 2"),
    (f"{RD}: maths", "sqrt(4d10/3)", "not_supported", "an irrational result"),
    (f"{RD}: group rolls", "{4d10*(2+5d6)}k2", "not_supported", "dice kept one by one inside a product"),
    (f"{RD}: group rolls", "{4d6+2d8-3d30}d3", "not_supported", "dice kept one by one, some subtracted"),
    (f"{FV}: exploding", "/r 5d10xo<8x10cs>=8", "not_supported", "two explosion rules on one die"),
    (f"{FC}: reroll", "20d20r1=1", "not_supported", "a cap on the number of rerolls"),
    (f"{FA}: data paths", "/roll 1d20 + @abilities.cha.mod", "not_supported", "a character's attribute"),
]


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
