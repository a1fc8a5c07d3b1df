"""Dice notation: parse one line of Roll20 / rpg-dice-roller style notation, roll it, or get exact odds.

The grammar, the semantics and the limits are documented in ``docs/rules/notation.md``. This
module is the one name to import: the syntax tree, limits and error codes live in
:mod:`rules.notation_tree`, the parser in :mod:`rules.notation_parser`, the analysis and
``parse`` in :mod:`rules.notation_expression`; rolling and exact odds are here.
Exact distributions are computed by icepool, which is imported lazily, the first
time a distribution is asked for, so page start-up does not pay for it; parsing and
rolling use only the standard library.

>>> distribution("2d6 >= 11")
{0: Fraction(11, 12), 1: Fraction(1, 12)}
>>> distribution("round(3d20/3)") == gauss.distribution()
True
>>> r = roll("4d6kh3 # strength", random.Random(1))
>>> (r.label, r.total == sum(d.value for d in r.dice[0].dice if not d.dropped))
('strength', True)
>>> parse("2d6 + ")
Traceback (most recent call last):
...
rules.notation.NotationError: at 6: expected_operand {}
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules import dice, gauss, notation_cost
from rules.notation_expression import (
    Expression,
    _as_expression,
    _needs_pool,
    definition,
    parse,
)
from rules.notation_tree import (
    _CMP,
    DEFAULT_LIMITS,
    ERROR_CODES,
    Limits,
    NotationError,
    Number,
    _Call,
    _Chain,
    _Compare,
    _Const,
    _Dice,
    _Gauss,
    _Neg,
    _Node,
    round_half_away,
)

if TYPE_CHECKING:  # pragma: no cover
    import icepool

__all__ = [
    "DEFAULT_LIMITS",
    "ERROR_CODES",
    "DiceGroup",
    "Expression",
    "Limits",
    "NotationError",
    "RollResult",
    "RolledDie",
    "Summary",
    "array",
    "compare",
    "definition",
    "distribution",
    "parse",
    "roll",
    "round_half_away",
    "summary",
    "summary_of",
]

# --------------------------------------------------------------------------- rolling


@dataclass(frozen=True)
class RolledDie:
    """One die as rolled.

    ``rerolled`` holds the values thrown away by rerolls; ``exploded`` marks a die
    that caused another roll, ``extra`` a die rolled because of an explosion;
    ``parts`` holds the rolls of a compounded (``!!``) die; ``success`` is None
    unless successes are counted.
    """

    value: int
    dropped: bool = False
    exploded: bool = False
    extra: bool = False
    rerolled: tuple[int, ...] = ()
    parts: tuple[int, ...] = ()
    success: bool | None = None

    def __str__(self) -> str:
        marks = "".join(f"{v}r→" for v in self.rerolled)
        core = "+".join(map(str, self.parts)) if len(self.parts) > 1 else str(self.value)
        flags = ("!" if self.exploded else "") + ("*" if self.success else "") + ("d" if self.dropped else "")
        return f"{marks}{core}{flags}"


@dataclass(frozen=True)
class DiceGroup:
    """The dice of one dice term (``notation`` as written, at ``position``) and what it adds up to;
    ``faces`` are the faces of its die after clamping (empty for a group read back from saved data)."""

    notation: str
    position: int
    dice: tuple[RolledDie, ...]
    value: int
    faces: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.notation} [{', '.join(map(str, self.dice))}] = {self.value}"


@dataclass(frozen=True)
class RollResult:
    """The result of ``roll()``: the total and the detail of every dice term, in writing order."""

    expression: str
    label: str | None
    total: int
    dice: tuple[DiceGroup, ...]
    values: tuple[int, ...] = ()  # an array line's rolls, in the order rolled (total is their sum)

    def __str__(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return (
            f"{head}{self.expression.split('#')[0].strip()} → {'; '.join(map(str, self.dice))} → {self.total}"
        )


def roll(expression: str | Expression, rng: random.Random, *, limits: Limits = DEFAULT_LIMITS) -> RollResult:
    """Roll a notation line with ``rng`` only; every die and its marks are in the result.

    >>> roll("3d6", random.Random(7)).total
    9
    """
    expr = _as_expression(expression, limits)
    groups: list[DiceGroup] = []
    values = tuple(int(_roll(expr._root, rng, groups, expr.limits)) for _ in range(max(1, expr.repeat)))
    return RollResult(expr.text, expr.label, sum(values), tuple(groups), values if expr.repeat else ())


def _physical(node: _Dice, rng: random.Random, cap: int, /) -> tuple[int, tuple[int, ...]]:
    """One throw of a die with its rerolls: (final value, values thrown away)."""
    value = dice.roll_faces(rng, node.faces)
    thrown: list[int] = []
    limit = 1 if node.reroll_once else cap
    while node.reroll is not None and node.reroll(value) and len(thrown) < limit:
        thrown.append(value)
        value = dice.roll_faces(rng, node.faces)
    return value, tuple(thrown)


def _roll_dice(node: _Dice, rng: random.Random, limits: Limits, /) -> DiceGroup:
    rolled: list[RolledDie] = []
    for _ in range(node.count):
        chain = [_physical(node, rng, limits.reroll_cap)]
        while node.explode is not None and node.explode(chain[-1][0]) and len(chain) <= limits.explode_depth:
            chain.append(_physical(node, rng, limits.reroll_cap))
        if node.compound:
            parts = tuple(v for v, _ in chain)
            thrown = tuple(t for _, ts in chain for t in ts)
            rolled.append(RolledDie(sum(parts), exploded=len(chain) > 1, rerolled=thrown, parts=parts))
        else:
            for i, (v, thrown) in enumerate(chain):
                rolled.append(RolledDie(v, exploded=i < len(chain) - 1, extra=i > 0, rerolled=thrown))
    if node.keep is not None:
        word, n = node.keep
        order = sorted(range(len(rolled)), key=lambda i: rolled[i].value)
        size = len(order)
        if word == "kh":
            drop = order[: max(0, size - n)]
        elif word == "kl":
            drop = order[min(n, size) :]
        elif word == "dh":
            drop = order[max(0, size - n) :]
        else:
            drop = order[:n]
        for i in drop:
            rolled[i] = replace(rolled[i], dropped=True)
    if node.success is not None:
        cond = node.success
        rolled = [d if d.dropped else replace(d, success=cond(d.value)) for d in rolled]
        value = sum(1 for d in rolled if d.success)
    else:
        value = sum(d.value for d in rolled if not d.dropped)
    return DiceGroup(node.text, node.pos, tuple(rolled), value, node.faces)


def _roll(node: _Node, rng: random.Random, groups: list[DiceGroup], limits: Limits, /) -> Number:
    if isinstance(node, _Const):
        return node.value
    if isinstance(node, _Dice):
        group = _roll_dice(node, rng, limits)
        groups.append(group)
        return group.value
    if isinstance(node, _Gauss):
        g = gauss.roll(rng, node.luck)
        text = "gauss" if node.luck == gauss.NEUTRAL_LUCK else f"gauss({node.luck})"
        groups.append(
            DiceGroup(text, node.pos, tuple(RolledDie(v) for v in g.dice), g.value, gauss.D20_FACES)
        )
        return g.value
    if isinstance(node, _Neg):
        return -_roll(node.operand, rng, groups, limits)
    if isinstance(node, _Chain):
        acc = _roll(node.first, rng, groups, limits)
        for op, _, operand in node.rest:
            acc = _ARITH[op](acc, _roll(operand, rng, groups, limits))
        return acc
    if isinstance(node, _Compare):
        left = _roll(node.left, rng, groups, limits)
        return int(_CMP[node.op](left, _roll(node.right, rng, groups, limits)))
    if isinstance(node, _Call):
        values = [_roll(arg, rng, groups, limits) for arg in node.args]
        return _CALLS[node.name](*values)
    raise AssertionError(node)  # pragma: no cover


_ARITH: dict[str, Callable[[Any, Any], Number]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: Fraction(a) / b,
}
_CALLS: dict[str, Callable[..., Number]] = {
    "round": round_half_away,
    "floor": lambda x: math.floor(x),
    "ceil": lambda x: math.ceil(x),
    "abs": lambda x: abs(x),
    "min": lambda *xs: min(*xs),
    "max": lambda *xs: max(*xs),
}


# --------------------------------------------------------------------------- exact distribution


def distribution(
    expression: str | Expression,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> dict[int, Fraction]:
    """Exact distribution, value -> probability, computed by icepool; comparisons give 0/1.
    An array line ``Nx…`` gives the distribution of the sum of its N rolls.

    >>> distribution("2d4kh1")[4]
    Fraction(7, 16)
    >>> distribution("d{1..3}") == distribution("d3"), distribution("2x d2") == distribution("2d2")
    (True, True)
    """
    expr = _as_expression(expression, limits, names)
    return dict(_distribution_items(expr))


@lru_cache(maxsize=64)
def _distribution_items(expr: Expression, /) -> tuple[tuple[int, Fraction], ...]:
    expr.check_work()
    die = _die(expr._root, expr.limits)
    if expr.repeat:
        die = _sum_copies(expr.repeat, die)
    den = die.denominator()
    return tuple((int(o), Fraction(q, den)) for o, q in die.items() if q)


@lru_cache(maxsize=64)
def _single_items(expr: Expression, /) -> tuple[tuple[int, Fraction], ...]:
    """One roll of the line (an array's element), ascending."""
    expr.check_work()
    die = _die(expr._root, expr.limits)
    den = die.denominator()
    return tuple(sorted((int(o), Fraction(q, den)) for o, q in die.items() if q))


def array(
    expression: str | Expression,
    n: int | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> tuple[dict[int, Fraction], ...]:
    """Roll the line ``n`` times independently and sort the results: the exact distribution of
    each sorted position, highest first (AnyDice's ``[highest 1 of …]``, second highest, … lowest).

    ``n`` may come from the line itself (``6x4d6kh3``); 1 <= n <= ``limits.max_array``.

    >>> best, worst = array("d2", 2)
    >>> best, worst
    ({1: Fraction(1, 4), 2: Fraction(3, 4)}, {1: Fraction(3, 4), 2: Fraction(1, 4)})
    >>> len(array("6x4d6kh3"))
    6
    """
    expr = _as_expression(expression, limits, names)
    count = expr.repeat if n is None else n
    if expr.repeat and n is not None and n != expr.repeat:
        raise ValueError(f"the line rolls {expr.repeat} times, not {n}")
    if type(count) is not int or not 1 <= count <= expr.limits.max_array:
        raise NotationError("array_count", 0, low=1, high=expr.limits.max_array)
    items = _single_items(expr)
    if not expr.repeat:  # the work of n sorted positions, as parse() counts it for ``Nx…``
        work = expr.work + count * count * len(items)
        if work > expr.limits.max_work:
            raise NotationError("too_complex", 0, work=work, max=expr.limits.max_work)
    return tuple(_order_statistic(items, count, k) for k in range(1, count + 1))


def _order_statistic(items: Sequence[tuple[int, Fraction]], n: int, k: int, /) -> dict[int, Fraction]:
    """The distribution of the k-th highest of n independent rolls (``items`` ascending).

    The k-th highest is <= x when at least n - k + 1 of the n rolls are <= x.
    """
    out: dict[int, Fraction] = {}
    below = Fraction(0)  # P(k-th highest <= previous value)
    cdf = Fraction(0)
    for value, p in items:
        cdf += p
        at_most = sum(
            (math.comb(n, j) * cdf**j * (1 - cdf) ** (n - j) for j in range(n - k + 1, n + 1)), Fraction(0)
        )
        if at_most != below:
            out[value] = at_most - below
        below = at_most
    return out


Distribution = Mapping[int, Fraction]


def compare(
    a: str | Expression | Distribution,
    b: str | Expression | Distribution,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> dict[str, Fraction]:
    """Exact ``{"gt": P(A > B), "eq": P(A = B), "lt": P(A < B)}`` for independent A and B,
    each a line (an array line compares its sum) or a distribution (value -> probability).

    >>> compare("d6", "d6") == {"gt": Fraction(5, 12), "eq": Fraction(1, 6), "lt": Fraction(5, 12)}
    True
    >>> compare("4d6kh3", {10: Fraction(1)})["gt"]
    Fraction(947, 1296)
    """
    da, db = (_as_distribution(x, limits, names) for x in (a, b))
    below_b = Fraction(0)  # P(B < value) as values rise
    b_items = sorted(db.items())
    gt = eq = Fraction(0)
    i = 0
    for value, p in sorted(da.items()):
        while i < len(b_items) and b_items[i][0] < value:
            below_b += b_items[i][1]
            i += 1
        gt += p * below_b
        eq += p * db.get(value, Fraction(0))
    return {"gt": gt, "eq": eq, "lt": 1 - gt - eq}


def _as_distribution(
    x: str | Expression | Distribution, limits: Limits, names: Mapping[str, Sequence[int]] | None, /
) -> Mapping[int, Fraction]:
    if isinstance(x, str | Expression):
        return distribution(x, limits=limits, names=names)
    if not isinstance(x, Mapping) or not x:
        raise ValueError("a distribution maps values to probabilities")
    return {int(v): Fraction(p) for v, p in x.items()}


def _icepool() -> Any:
    import icepool  # lazy: only the first exact distribution pays for the import

    return icepool


def _die(node: _Node, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    if isinstance(node, _Const):
        return ip.Die([node.value])
    if isinstance(node, _Dice):
        return _dice_die(node, limits)
    if isinstance(node, _Gauss):
        return _from_distribution(gauss.distribution(node.luck))
    if isinstance(node, _Neg):
        return -_die(node.operand, limits)
    if isinstance(node, _Chain):
        acc = _die(node.first, limits)
        for op, _, operand in node.rest:
            right = _die(operand, limits)
            if op == "+":
                acc = acc + right
            elif op == "-":
                acc = acc - right
            elif op == "*":
                acc = acc * right
            else:
                acc = ip.map(_ARITH["/"], acc, right)
        return acc
    if isinstance(node, _Compare):
        cmp = _CMP[node.op]
        return ip.map(lambda a, b: int(cmp(a, b)), _die(node.left, limits), _die(node.right, limits))
    if isinstance(node, _Call):
        args = [_die(arg, limits) for arg in node.args]
        fn = _CALLS[node.name]
        # icepool's Outcome protocol admits no int or Fraction under pyright (Die[int] is refused too)
        return args[0].map(fn) if len(args) == 1 else ip.map(lambda *xs: fn(xs), *args)  # pyright: ignore[reportArgumentType]
    raise AssertionError(node)  # pragma: no cover


def _from_distribution(dist: dict[int, Fraction], /) -> icepool.Die:
    den = math.lcm(*(p.denominator for p in dist.values()))
    return _icepool().Die({v: int(p * den) for v, p in dist.items()})


def _dice_die(node: _Dice, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    one = ip.Die(list(node.faces))
    if node.reroll is not None:
        cap = 1 if node.reroll_once else limits.reroll_cap
        one = one.reroll({v for v in one.outcomes() if node.reroll(v)}, depth=cap)
    explode = {v for v in one.outcomes() if node.explode(v)} if node.explode is not None else set()
    depth = limits.explode_depth
    success = node.success

    def indicator(v: int) -> int:
        return int(success(v)) if success is not None else v

    if node.keep is not None and not _needs_pool(node):
        if node.keep[0] in ("dh", "dl"):
            return ip.Die([0])  # every die dropped
        node = replace(node, keep=None)  # every die kept
    if node.explode is not None and not node.compound and node.keep is not None:
        pool = one.explode_to_pool(node.count, explode, depth=depth)
        return _keep(pool, node.keep).sum(map=indicator)
    if node.explode is not None and not node.compound and success is not None:
        per_die = _exploded_chain(one, explode, indicator, depth)
        return _sum_copies(node.count, per_die)
    if node.explode is not None:
        one = one.explode(explode, depth=depth)
    if node.keep is not None:
        return _keep(one.pool(node.count), node.keep).sum(map=indicator)
    if success is not None:
        one = one.map(indicator)
    return _sum_copies(node.count, one)


def _sum_copies(count: int, die: icepool.Die, /) -> icepool.Die:
    """``count @ die``, where cheaper as one big-integer power (``dice.power_weights``): icepool
    adds the copies one at a time, pair of outcomes by pair (``8d10!``: 305,000 additions).
    ``notation_cost`` judges which way is cheaper, as its bound does."""
    items = die.items()
    if not all(type(v) is int for v, _ in items):
        return count @ die
    outcomes = [v for v, _ in items]
    bits = die.denominator().bit_length()
    if not notation_cost.power_is_cheaper(count, len(outcomes), outcomes[0], outcomes[-1], bits):
        return count @ die
    return _icepool().Die(dice.power_weights(dict(items), count))


def _keep(pool: Any, keep: tuple[str, int], /) -> Any:
    word, n = keep
    if word == "kh":
        return pool.highest(keep=n)
    if word == "kl":
        return pool.lowest(keep=n)
    if word == "dh":
        return pool.highest(drop=n)
    return pool.lowest(drop=n)


def _exploded_chain(
    one: icepool.Die, explode: set[int], f: Callable[[int], int], depth: int, /
) -> icepool.Die:
    """Sum of ``f`` over one die's explosion chain, each roll counted separately."""

    def step(previous: icepool.Die) -> Callable[[int], Any]:
        return lambda v: f(v) + previous if v in explode else f(v)

    chain = one.map(f)
    for _ in range(depth):
        chain = one.map(step(chain))
    return chain


# --------------------------------------------------------------------------- summary


@dataclass(frozen=True)
class Summary:
    """Exact distribution with its views: ``=``, ``≥`` and ``≤`` per value, mean, SD, min, max."""

    outcomes: tuple[tuple[int, Fraction], ...]
    mean: Fraction
    variance: Fraction
    minimum: int
    maximum: int

    @property
    def sd(self) -> float:
        """Standard deviation (float)."""
        return math.sqrt(self.variance)

    def equal(self, k: int, /) -> Fraction:
        """P(X = k)."""
        return dict(self.outcomes).get(k, Fraction(0))

    def at_least(self, k: int, /) -> Fraction:
        """P(X >= k)."""
        return dice.at_least(dict(self.outcomes), k)

    def at_most(self, k: int, /) -> Fraction:
        """P(X <= k)."""
        return dice.at_most(dict(self.outcomes), k)

    def table(self) -> list[tuple[int, Fraction, Fraction, Fraction]]:
        """Rows (value, P(=), P(≥), P(≤)) in ascending order of value.

        The running sums are whole numbers over one denominator: adding ``Fraction``s reduces
        every partial sum (two gcds each), which was most of an ``8d10!`` table's time.

        >>> summary("d4").table()[1]
        (2, Fraction(1, 4), Fraction(3, 4), Fraction(1, 2))
        """
        den, counts = _over_common_denominator(self.outcomes)
        rows = []
        below = 0
        for (v, p), n in zip(self.outcomes, counts, strict=True):
            rows.append((v, p, Fraction(den - below, den), Fraction(below + n, den)))
            below += n
        return rows


def summary(
    expression: str | Expression,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> Summary:
    """Exact distribution plus mean, variance/SD, min, max and the =/≥/≤ views.

    >>> s = summary("2d6")
    >>> (s.mean, s.minimum, s.maximum, s.at_least(11), round(s.sd, 3))
    (Fraction(7, 1), 2, 12, Fraction(1, 12), 2.415)
    """
    return summary_of(distribution(expression, limits=limits, names=names))


def summary_of(dist: Mapping[int, Fraction], /) -> Summary:
    """The ``Summary`` of a distribution (value -> probability), e.g. an array position.

    >>> summary_of({1: Fraction(1, 4), 2: Fraction(3, 4)}).mean
    Fraction(7, 4)
    """
    items = tuple(sorted(dist.items()))
    # Whole-number moments over one denominator D: mean = S1/D, variance = (S2·D − S1²)/D².
    den, counts = _over_common_denominator(items)
    first = sum(v * n for (v, _), n in zip(items, counts, strict=True))
    second = sum(v * v * n for (v, _), n in zip(items, counts, strict=True))
    mean = Fraction(first, den)
    variance = Fraction(second * den - first * first, den * den)
    return Summary(items, mean, variance, items[0][0], items[-1][0])


def _over_common_denominator(items: Sequence[tuple[int, Fraction]], /) -> tuple[int, list[int]]:
    """(D, numerators): every probability as n/D, D the least common denominator.

    >>> _over_common_denominator(((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6))))
    (6, [3, 2, 1])
    """
    den = math.lcm(*{p.denominator for _, p in items})
    return den, [p.numerator * (den // p.denominator) for _, p in items]
