"""Are these dice fair? Pearson's chi-square test of observed counts against exact odds (pure).

``check(observed, probabilities)`` compares how often each outcome came with how often it should
have (``n · p``), for outcomes listed in their natural order (a die's faces, a 3d20 sum). The
chi-square approximation needs an expected count of at least ``MIN_EXPECTED`` (5) per cell, so
with fewer rolls neighbouring outcomes are pooled, from the low end up, until every cell expects
5 (a d20 rolled 60 times is tested on ten pairs of faces); a remainder too small for a cell of its
own joins the last one. Fewer than two cells is ``FEW`` («мало бросков»): no verdict is made.

The verdict reads the p-value (the chance a fair die strays at least this far):

- ``FINE`` for p ≥ 1 %;
- ``LOOK`` («стоит присмотреться») for 0.1 % ≤ p < 1 %;
- ``SUSPICIOUS`` for p < 0.1 %.

The thresholds are stricter than the textbook 5 % on purpose: a GM looks at several dice sizes,
characters and evenings, and every look is another chance of a false alarm; a fair die is called
«стоит присмотреться» once in a hundred tests and «подозрительно» once in a thousand.

>>> sixty_twenties = check([0] * 19 + [60], [Fraction(1, 20)] * 20)
>>> len(sixty_twenties.cells), sixty_twenties.df, sixty_twenties.verdict
(10, 9, 'suspicious')
>>> check([2, 1, 3], [Fraction(1, 3)] * 3).verdict
'few'
>>> round(check([10, 10, 10, 10, 10, 10], [Fraction(1, 6)] * 6).p, 12)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.chi_square import chi_square_sf

__all__ = [
    "FEW",
    "FINE",
    "LOOK",
    "LOOK_BELOW",
    "MIN_EXPECTED",
    "SUSPICIOUS",
    "SUSPICIOUS_BELOW",
    "VERDICTS",
    "Fairness",
    "cells",
    "check",
    "three_d20_sums",
    "uniform",
    "verdict",
]

FEW, FINE, LOOK, SUSPICIOUS = "few", "fine", "look", "suspicious"
VERDICTS = (FEW, FINE, LOOK, SUSPICIOUS)
MIN_EXPECTED = 5  # expected count per cell below which the chi-square approximation is not trusted
LOOK_BELOW = 0.01  # p-value under which a die is worth a look
SUSPICIOUS_BELOW = 0.001  # and under which it is suspicious


@dataclass(frozen=True)
class Fairness:
    """One test: the ``observed`` counts and the ``probabilities`` of the outcomes (in order),
    ``n`` rolls, the ``cells`` tested (each a range of outcome indices, first to last, pooled
    where rolls are few), the statistic, its degrees of freedom, the p-value and the verdict
    (``statistic`` and ``p`` are ``None`` when there are too few rolls to test)."""

    observed: tuple[int, ...]
    probabilities: tuple[Fraction, ...]
    n: int
    cells: tuple[tuple[int, int], ...]
    statistic: float | None
    df: int
    p: float | None
    verdict: str

    @property
    def expected(self) -> tuple[Fraction, ...]:
        """The expected count of each outcome, ``n · p``."""
        return tuple(self.n * p for p in self.probabilities)

    @property
    def pooled(self) -> bool:
        """Whether outcomes were pooled into wider cells (few rolls)."""
        return len(self.cells) < len(self.observed)


def verdict(p: float, /) -> str:
    """The plain verdict of a p-value (``FINE``, ``LOOK`` or ``SUSPICIOUS``).

    >>> verdict(0.2), verdict(0.005), verdict(0.0002)
    ('fine', 'look', 'suspicious')
    """
    if p < SUSPICIOUS_BELOW:
        return SUSPICIOUS
    return LOOK if p < LOOK_BELOW else FINE


def cells(probabilities: Sequence[Fraction], n: int, /) -> tuple[tuple[int, int], ...]:
    """Neighbouring outcomes pooled, from the first up, until each cell expects ``MIN_EXPECTED``
    of ``n`` rolls; a short remainder joins the last cell. Outcomes of probability 0 join their
    neighbours (they can never be a cell of their own). Fewer than two cells: too few rolls.

    >>> cells([Fraction(1, 20)] * 20, 60)[:2], len(cells([Fraction(1, 20)] * 20, 60))
    (((0, 1), (2, 3)), 10)
    >>> cells([Fraction(1, 6)] * 6, 30)
    ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5))
    >>> cells([Fraction(1, 6)] * 6, 9)
    ()
    """
    out: list[tuple[int, int]] = []
    start, mass = 0, Fraction(0)
    for index, p in enumerate(probabilities):
        mass += p
        if n * mass >= MIN_EXPECTED:
            out.append((start, index))
            start, mass = index + 1, Fraction(0)
    if start < len(probabilities) and out:
        out[-1] = (out[-1][0], len(probabilities) - 1)
    return tuple(out) if len(out) >= 2 else ()


def check(observed: Sequence[int], probabilities: Sequence[Fraction], /) -> Fairness:
    """Pearson's chi-square test of ``observed`` counts against ``probabilities`` (same order,
    summing to 1), pooled as ``cells`` says.

    >>> result = check([8, 12, 10, 9, 11, 10], [Fraction(1, 6)] * 6)
    >>> result.statistic, result.df, round(result.p, 6), result.verdict
    (1.0, 5, 0.962566, 'fine')
    >>> check([1, 2], [Fraction(1, 2)])
    Traceback (most recent call last):
    ...
    ValueError: 2 counts for 1 outcomes
    """
    counts = tuple(observed)
    odds = tuple(Fraction(p) for p in probabilities)
    if len(counts) != len(odds):
        raise ValueError(f"{len(counts)} counts for {len(odds)} outcomes")
    if any(c < 0 for c in counts) or any(p < 0 for p in odds) or sum(odds) != 1:
        raise ValueError("counts are never negative and the probabilities sum to 1")
    n = sum(counts)
    tested = cells(odds, n)
    if not tested:
        return Fairness(counts, odds, n, (), None, 0, None, FEW)
    statistic = Fraction(0)
    for first, last in tested:
        expected = n * sum(odds[first : last + 1], Fraction(0))
        statistic += (sum(counts[first : last + 1]) - expected) ** 2 / expected
    df = len(tested) - 1
    p = chi_square_sf(float(statistic), df)
    return Fairness(counts, odds, n, tested, float(statistic), df, p, verdict(p))


def uniform(sides: int, /) -> tuple[Fraction, ...]:
    """A fair die's probabilities, one per face.

    >>> uniform(4)
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    """
    if sides < 1:
        raise ValueError(f"a die has at least one side, not {sides}")
    return (Fraction(1, sides),) * sides


def three_d20_sums() -> tuple[Fraction, ...]:
    """P(3d20 = s) for s = 3 … 60, by enumeration of the 8,000 throws.

    >>> sums = three_d20_sums()
    >>> len(sums), sums[0], sums[-1], sum(sums)
    (58, Fraction(1, 8000), Fraction(1, 8000), Fraction(1, 1))
    """
    ways = [0] * 58
    for a in range(1, 21):
        for b in range(1, 21):
            for c in range(1, 21):
                ways[a + b + c - 3] += 1
    return tuple(Fraction(w, 8000) for w in ways)
