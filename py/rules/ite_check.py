"""One ITE check (seed 001, sections 1, 3 and 5): ``X + MdN + Mod`` against ``Difficulty +
M(N+1)/2``, the GM's critical rules, the size limits and the stand-alone ITE-1 formula.
Re-exported by :mod:`rules.ite`.

>>> ite1_probability(0, 2, 6, 0, 0)
Fraction(7, 12)
>>> Check(10, 3, 6).constant
Fraction(21, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules import dice
from rules.values import whole_number

__all__ = [
    "CHECK_KINDS",
    "CRIT_HIGH",
    "CRIT_LOW",
    "MAX_CHECK_SPAN",
    "MAX_DICE",
    "MAX_FACES",
    "RECOMMENDED_RATIO",
    "Check",
    "FaceCritical",
    "MarginCritical",
    "ite1_probability",
]

MAX_DICE = 20
MAX_FACES = 100
MAX_CHECK_SPAN = 200
RECOMMENDED_RATIO = Fraction(2)

# Check codes: initiative, accuracy ("точность"), effect (seed 001, section 2); the UI names them.
CHECK_KINDS = ("I", "T", "E")
CRIT_HIGH, CRIT_LOW = "high", "low"


def _half_step(name: str, value: object, /) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise ValueError(f"{name} must be a whole number or a Fraction in halves, got {value!r}")
    result = Fraction(value)
    if (2 * result).denominator != 1:
        raise ValueError(f"{name} must be a multiple of 1/2 (margins move in halves), got {value}")
    return result


def _check_dice(m: object, n: object, /) -> None:
    dice_count = whole_number("dice count M", m)
    faces = whole_number("faces N", n)
    if not 1 <= dice_count <= MAX_DICE:
        raise ValueError(f"dice count M must be from 1 to {MAX_DICE}, got {dice_count}")
    if not 2 <= faces <= MAX_FACES:
        raise ValueError(f"faces N must be from 2 to {MAX_FACES}, got {faces}")
    if dice_count * (faces - 1) > MAX_CHECK_SPAN:
        raise ValueError(
            f"{dice_count}d{faces} has {dice_count * (faces - 1) + 1} possible totals; the limit is "
            f"{MAX_CHECK_SPAN + 1} (M*(N-1) <= {MAX_CHECK_SPAN}) to keep exact odds fast"
        )


@lru_cache(maxsize=64)
def _sum_dist(m: int, n: int, /) -> tuple[tuple[int, Fraction], ...]:
    return tuple(dice.sum_of(dice.uniform(range(1, n + 1)), m).items())


@lru_cache(maxsize=64)
def _sum_counts(m: int, n: int, /) -> tuple[tuple[int, int], ...]:
    """MdN as (total, number of face combinations); they add up to N**M."""
    whole = n**m
    return tuple((total, int(p * whole)) for total, p in _sum_dist(m, n))


def ite1_probability(x: int, m: int, n: int, modifier: int, difficulty: int) -> Fraction:
    """Exact P(X + MdN + modifier >= difficulty + M(N+1)/2) (seed 001, section 3).

    >>> ite1_probability(0, 3, 6, 0, 0)  # 3d6 >= 10.5
    Fraction(1, 2)
    >>> ite1_probability(2, 1, 20, 0, 15)  # d20 >= 23.5 - 2
    Fraction(0, 1)
    """
    for name, value in (("X", x), ("modifier", modifier), ("difficulty", difficulty)):
        whole_number(name, value)
    _check_dice(m, n)
    need = math.ceil(difficulty + Fraction(m * (n + 1), 2) - x - modifier)
    return dice.at_least(dict(_sum_dist(m, n)), need)


@dataclass(frozen=True)
class FaceCritical:
    """Criticals tied to the rolled MdN total (seed 001, section 5; handy for ITE-1).

    ``high``: a total at or above it is a high critical; ``low``: at or below it
    is a low critical; ``None`` switches that side off.  ``FaceCritical.extremes``
    uses the usual all-maximum / all-minimum faces.
    """

    high: int | None
    low: int | None

    def __post_init__(self) -> None:
        if self.high is None and self.low is None:
            raise ValueError("a face critical needs a high or a low total (or both)")
        for name in ("high", "low"):
            value = getattr(self, name)
            if value is not None:
                whole_number(f"critical {name} total", value)
        if self.high is not None and self.low is not None and self.low >= self.high:
            raise ValueError(f"critical low total {self.low} must be below the high total {self.high}")

    @classmethod
    def extremes(cls, m: int, n: int, /) -> FaceCritical:
        """High on all dice at N (total M*N), low on all dice at 1 (total M)."""
        _check_dice(m, n)
        return cls(high=m * n, low=m)


@dataclass(frozen=True)
class MarginCritical:
    """Criticals tied to the margin over the difficulty (seed 001, section 5; handy for ITE-2).

    ``high``: a margin at or above it (> 0) is a high critical; ``low``
    (optional, < 0): a margin at or below it is a low critical.  For a carried
    ITE-2 stage the margin is the carried one (t, d or e).
    """

    high: int | Fraction | None
    low: int | Fraction | None = None

    def __post_init__(self) -> None:
        if self.high is None and self.low is None:
            raise ValueError("a margin critical needs a high or a low bound (or both)")
        if self.high is not None and _half_step("critical high margin", self.high) <= 0:
            raise ValueError(f"critical high margin must be above 0, got {self.high}")
        if self.low is not None and _half_step("critical low margin", self.low) >= 0:
            raise ValueError(f"critical low margin must be below 0, got {self.low}")


@dataclass(frozen=True)
class Check:
    """One ITE check: ``X + MdN + modifier`` against ``difficulty + M(N+1)/2``.

    ``rolled_right`` rolls a second MdN on the right side instead of the
    constant (seed 001, section 5).  ``critical`` is the GM's critical rule.

    >>> Check(12, 2, 6, modifier=1).ratio
    Fraction(13, 7)
    """

    x: int
    m: int
    n: int
    modifier: int = 0
    difficulty: int = 0
    rolled_right: bool = False
    critical: FaceCritical | MarginCritical | None = None

    def __post_init__(self) -> None:
        for name in ("x", "modifier", "difficulty"):
            whole_number(name, getattr(self, name))
        _check_dice(self.m, self.n)
        if not isinstance(self.rolled_right, bool):
            raise ValueError(f"rolled_right must be True or False, got {self.rolled_right!r}")
        crit = self.critical
        if crit is not None and not isinstance(crit, FaceCritical | MarginCritical):
            raise ValueError(f"critical must be a FaceCritical, a MarginCritical or None, got {crit!r}")
        if isinstance(crit, FaceCritical):
            lo, hi = self.m, self.m * self.n
            for name, value in (("high", crit.high), ("low", crit.low)):
                if value is not None and not lo <= value <= hi:
                    raise ValueError(
                        f"critical {name} total {value} is outside {self.m}d{self.n} ({lo}..{hi})"
                    )
        if self.span > MAX_CHECK_SPAN:
            raise ValueError(
                f"rolling {self.m}d{self.n} on both sides spans {self.span + 1} margins; "
                f"the limit is {MAX_CHECK_SPAN + 1}"
            )

    @property
    def constant(self) -> Fraction:
        """The dice constant M(N+1)/2 (seed 001, section 1)."""
        return Fraction(self.m * (self.n + 1), 2)

    @property
    def span(self) -> int:
        """Number of possible margins minus one (the cost measure for exact odds)."""
        return self.m * (self.n - 1) * (2 if self.rolled_right else 1)

    @property
    def ratio(self) -> Fraction:
        """Computed part over random part: ``(X + modifier) / (M(N+1)/2)``; the seed suggests ~2."""
        return Fraction(self.x + self.modifier) / self.constant

    def face_critical(self, total: int, /) -> str | None:
        """The face critical (``CRIT_HIGH``, ``CRIT_LOW`` or None) of a rolled MdN ``total``; None
        unless the check's rule is a :class:`FaceCritical`.

        >>> Check(0, 2, 6, critical=FaceCritical.extremes(2, 6)).face_critical(12)
        'high'
        """
        crit = self.critical
        if isinstance(crit, FaceCritical):
            if crit.high is not None and total >= crit.high:
                return CRIT_HIGH
            if crit.low is not None and total <= crit.low:
                return CRIT_LOW
        return None

    def margin_critical(self, doubled_margin: int, /) -> str | None:
        """The margin critical (``CRIT_HIGH``, ``CRIT_LOW`` or None) of a margin given doubled (margins
        move in halves, so twice the margin is whole); None unless the rule is a :class:`MarginCritical`.

        >>> Check(0, 1, 6, critical=MarginCritical(high=3, low=-2)).margin_critical(-5)  # margin -2.5
        'low'
        """
        crit = self.critical
        if isinstance(crit, MarginCritical):
            if crit.high is not None and doubled_margin >= 2 * crit.high:
                return CRIT_HIGH
            if crit.low is not None and doubled_margin <= 2 * crit.low:
                return CRIT_LOW
        return None

    def doubled_margins(self) -> dict[tuple[int, str | None], int]:
        """The check's own exact distribution, as whole counts: (doubled own margin, face critical)
        -> number of face combinations; the counts add up to :attr:`face_combinations`.

        >>> Check(0, 1, 2).doubled_margins()  # d2 against 1.5: margin -1/2 or +1/2
        {(-1, None): 1, (1, None): 1}
        """
        base2 = 2 * (self.x + self.modifier - self.difficulty)
        left = _sum_counts(self.m, self.n)
        result: dict[tuple[int, str | None], int] = {}
        if self.rolled_right:
            rights = [(2 * total, count) for total, count in left]
        else:
            rights = [(self.m * (self.n + 1), 1)]
        for total, count in left:
            crit = self.face_critical(total)
            for right2, right_count in rights:
                key = (base2 + 2 * total - right2, crit)
                result[key] = result.get(key, 0) + count * right_count
        return result

    @property
    def face_combinations(self) -> int:
        """How many equally likely face combinations one roll of the check has: N**M, or N**(2M)
        when the right side is rolled too.

        >>> Check(0, 2, 6, rolled_right=True).face_combinations
        1296
        """
        return self.n ** (self.m * (2 if self.rolled_right else 1))
