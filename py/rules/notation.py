"""Dice notation: parse one line of Roll20 / rpg-dice-roller style notation, roll it, or get exact odds.

The grammar, the semantics and the limits are documented in ``docs/rules/notation.md``. This
module is the one name to import: error codes, limits and readings live in
:mod:`rules.notation_tree`, the syntax tree in :mod:`rules.notation_nodes`, the parser in
:mod:`rules.notation_parser` (dice terms: :mod:`rules.notation_terms`, groups:
:mod:`rules.notation_groups`, dice-free values: :mod:`rules.notation_values`), the analysis in
:mod:`rules.notation_analysis`, ``parse`` in :mod:`rules.notation_expression`, rolling in
:mod:`rules.notation_roll` and the exact dice in :mod:`rules.notation_exact`; distributions,
arrays, comparisons and summaries are here.
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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules import dice, gauss  # noqa: F401 (gauss: the doctests compare with it)
from rules.notation_exact import _die, _sum_copies
from rules.notation_expression import Expression, _as_expression, definition, parse
from rules.notation_roll import DiceGroup, RolledDie, RollResult, _roll, whole
from rules.notation_tree import (
    DEFAULT_LIMITS,
    ERROR_CODES,
    FORMS,
    READING_CODES,
    Limits,
    NotationError,
    Reading,
    round_half_away,
)

__all__ = [
    "DEFAULT_LIMITS",
    "ERROR_CODES",
    "FORMS",
    "READING_CODES",
    "Reading",
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


def roll(expression: str | Expression, rng: random.Random, *, limits: Limits = DEFAULT_LIMITS) -> RollResult:
    """Roll a notation line with ``rng`` only; every die and its marks are in the result.

    >>> roll("3d6", random.Random(7)).total
    9
    """
    expr = _as_expression(expression, limits)
    groups: list[DiceGroup] = []
    values = tuple(whole(_roll(expr._root, rng, groups, expr.limits)) for _ in range(max(1, expr.repeat)))
    return RollResult(
        expr.text, expr.label, sum(values), tuple(groups), values if expr.repeat else (), expr.formula
    )


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
