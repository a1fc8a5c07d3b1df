"""GaussD20's die and the checks on one roll (seed 000): ``round(3d20 / 3)`` shifted by luck, skill
checks and median rolls with the madness and horror series. Re-exported by :mod:`rules.gauss`.

>>> distribution()[1]
Fraction(1, 2000)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rules import dice
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_checks import (
    ABOVE,
    DIFFICULTY_STEP,
    INSIDE,
    SERIES_RULES,
    TIERS,
    SeriesRule,
    Tier,
    adjust_window,
    apply_modifier,
    difficulty_level,
    skill_level,
    tier_of,
    window_side,
)
from rules.table_dice import TableDice
from rules.values import whole_number

__all__ = [
    "D20_FACES",
    "LUCK_MIN",
    "LUCK_MAX",
    "NEUTRAL_LUCK",
    "VALUE_MIN",
    "VALUE_MAX",
    "check_luck",
    "from_3d20_total",
    "apply_luck",
    "distribution",
    "centre_windows",
    "GaussRoll",
    "roll",
    "check_distribution",
    "CheckOdds",
    "check_odds",
    "skill_modifier",
    "skill_check_odds",
    "failure_chance",
    "failure_at_steps",
    "CheckResult",
    "roll_check",
    "skill_check",
    "median_modifier",
    "median_window",
    "MedianOdds",
    "median_odds",
    "MedianResult",
    "median_roll",
    "MedianSeries",
]

D20_FACES = tuple(range(1, 21))
LUCK_MIN, LUCK_MAX, NEUTRAL_LUCK = 1, 9, 5
VALUE_MIN, VALUE_MAX = 1, 20


def check_luck(luck: object, /) -> int:
    """Return ``luck`` if it is on the seed's 1..9 scale, else raise ValueError."""
    if isinstance(luck, bool) or not isinstance(luck, int):
        raise ValueError(f"luck must be a whole number from {LUCK_MIN} to {LUCK_MAX}, got {luck!r}")
    if not LUCK_MIN <= luck <= LUCK_MAX:
        raise ValueError(f"luck must be from {LUCK_MIN} to {LUCK_MAX}, got {luck}")
    return luck


def from_3d20_total(total: int, /) -> int:
    """GaussD20 for a 3d20 total: the seed's table "3, 4 - 1 … 59, 60 - 20".

    A total divided by 3 never ends in .5, so rounding has no ties.
    """
    if not 3 <= total <= 60:
        raise ValueError(f"a 3d20 total is from 3 to 60, got {total}")
    return (total + 1) // 3


def apply_luck(value: int, luck: int, /) -> int:
    """Shift a GaussD20 value by ``luck - 5`` and clamp to 1..20, as ``gauss20`` does."""
    shifted = value + check_luck(luck) - NEUTRAL_LUCK
    return min(VALUE_MAX, max(VALUE_MIN, shifted))


_BASE = dice.map_outcomes(dice.sum_of(dice.uniform(D20_FACES), 3), from_3d20_total)


def distribution(luck: int = NEUTRAL_LUCK) -> dict[int, Fraction]:
    """Exact GaussD20 distribution for the given luck: value -> probability.

    Values that luck makes impossible are left out.
    """
    check_luck(luck)
    return dice.map_outcomes(_BASE, lambda value: apply_luck(value, luck))


def centre_windows(luck: int = NEUTRAL_LUCK) -> list[tuple[int, int, Fraction]]:
    """The seed's "Попадание в центр радиусом X": (10, 11), (9, 12) … (1, 20) with odds."""
    dist = distribution(luck)
    return [(10 - r, 11 + r, dice.between(dist, 10 - r, 11 + r)) for r in range(10)]


@dataclass(frozen=True)
class GaussRoll:
    """One GaussD20 roll: the three d20s, their total, the unshifted value and the result.

    ``dice`` is empty when the GM typed the value itself (``=N``, rolled at the table)."""

    dice: tuple[int, ...]
    luck: int
    base: int
    value: int

    @property
    def total(self) -> int:
        return sum(self.dice)


def roll(rng: random.Random, luck: int = NEUTRAL_LUCK) -> GaussRoll:
    """Roll three fair d20s and apply luck (from the table: three typed d20s, or ``=N`` typed as the
    GaussD20 value before luck, which has no dice to show)."""
    check_luck(luck)
    if isinstance(rng, TableDice) and (typed := rng.take_gauss()) is not None:
        return GaussRoll(dice=(), luck=luck, base=typed, value=apply_luck(typed, luck))
    three = (
        dice.roll_faces(rng, D20_FACES),
        dice.roll_faces(rng, D20_FACES),
        dice.roll_faces(rng, D20_FACES),
    )
    base = from_3d20_total(sum(three))
    return GaussRoll(dice=three, luck=luck, base=base, value=apply_luck(base, luck))


# =================================================================================================
# Skill checks: «Проверки навыков, умений на совершение какого-либо действия»
# =================================================================================================


def check_distribution(modifier: int = 0, /, *, luck: int = NEUTRAL_LUCK) -> dict[int, Fraction]:
    """Exact distribution of a check's final value: GaussD20 with luck, then :func:`apply_modifier`.

    Luck shifts the raw die (``gauss20(luck)``), so it is exempt from the clamp rule.

    >>> check_distribution(-12)[8] == distribution()[20]
    True
    """
    whole_number("modifier", modifier)
    return dice.map_outcomes(distribution(luck), lambda raw: apply_modifier(raw, modifier))


@dataclass(frozen=True)
class CheckOdds:
    """Exact odds of a check before the roll: every final value and every outcome tier."""

    modifier: int
    luck: int
    values: dict[int, Fraction] = field(compare=False)

    @property
    def tiers(self) -> tuple[tuple[Tier, Fraction], ...]:
        """Every tier with its probability, worst first (zero-probability tiers included)."""
        return tuple((tier, dice.between(self.values, tier.low, tier.high)) for tier in TIERS)

    @property
    def success(self) -> Fraction:
        """P(final value >= 8)."""
        return dice.at_least(self.values, 8)

    @property
    def failure(self) -> Fraction:
        """P(final value <= 7): the seed's «вероятность провала»."""
        return 1 - self.success


def check_odds(modifier: int = 0, /, *, luck: int = NEUTRAL_LUCK) -> CheckOdds:
    """Odds of a check with a net modifier (skill + difficulty + situation).

    >>> check_odds(0).failure
    Fraction(77, 400)
    """
    return CheckOdds(modifier, luck, check_distribution(modifier, luck=luck))


def skill_modifier(skill: int, difficulty: int, /, situational: int = 0) -> int:
    """Net modifier: a rung of «Умения» plus a rung of «Уровни сложности» plus the situation.

    >>> skill_modifier(14, -14, 1)
    1
    """
    return (
        skill_level(skill).value
        + difficulty_level(difficulty).value
        + whole_number("situational", situational)
    )


def skill_check_odds(
    skill: int, difficulty: int, /, *, situational: int = 0, luck: int = NEUTRAL_LUCK
) -> CheckOdds:
    """Exact tier odds of a skill check before the roll."""
    return check_odds(skill_modifier(skill, difficulty, situational), luck=luck)


def failure_chance(modifier: int, /, *, luck: int = NEUTRAL_LUCK) -> Fraction:
    """Exact P(failure) (final value 1..7) of a check with this net modifier."""
    return check_odds(modifier, luck=luck).failure


def failure_at_steps(steps: int, /, *, luck: int = NEUTRAL_LUCK) -> Fraction:
    """Exact failure chance ``steps`` difficulty rungs above one's level (compare SEED_FAILURE_AT_STEPS)."""
    whole_number("steps", steps)
    return failure_chance(-DIFFICULTY_STEP * steps, luck=luck)


@dataclass(frozen=True)
class CheckResult:
    """A rolled check: the GaussD20 roll (with luck), the net modifier and the final value."""

    roll: GaussRoll
    modifier: int
    value: int

    @property
    def tier(self) -> Tier:
        return tier_of(self.value)

    @property
    def success(self) -> bool:
        return self.tier.success


def roll_check(rng: random.Random, modifier: int = 0, /, *, luck: int = NEUTRAL_LUCK) -> CheckResult:
    """Roll GaussD20 with luck and apply the net modifier under the clamp rule."""
    whole_number("modifier", modifier)
    rolled = roll(rng, luck)
    return CheckResult(rolled, modifier, apply_modifier(rolled.value, modifier))


def skill_check(
    rng: random.Random,
    skill: int,
    difficulty: int,
    /,
    *,
    situational: int = 0,
    luck: int = NEUTRAL_LUCK,
) -> CheckResult:
    """Roll a skill check: «кидается кубик гаусс д20 … добавляется уровень навыка, уровень сложности»."""
    return roll_check(rng, skill_modifier(skill, difficulty, situational), luck=luck)


# =================================================================================================
# Median rolls: «Бросок медианы», «Проверка Безумия», «Проверка Ужаса»
# =================================================================================================


def median_modifier(
    *, intelligence: int = NEUTRAL_LUCK, luck: int = NEUTRAL_LUCK, training: int = 0, situational: int = 0
) -> int:
    """Window modifier of a median roll: ``(intelligence - 5) + (luck - 5) + training + situational``.

    Intelligence and luck are on the seed's 1..9 scale («все пятерки» is the base); each
    point is one face of window width (see :func:`adjust_window`).  Positive favours the roller.

    >>> median_modifier(intelligence=7, luck=4, training=1)
    2
    """
    check_luck(luck)
    whole_number("intelligence", intelligence)
    if not LUCK_MIN <= intelligence <= LUCK_MAX:
        raise ValueError(f"intelligence must be from {LUCK_MIN} to {LUCK_MAX}, got {intelligence}")
    whole_number("training", training)
    whole_number("situational", situational)
    return (intelligence - NEUTRAL_LUCK) + (luck - NEUTRAL_LUCK) + training + situational


def median_window(low: int, high: int, /, *, modifier: int = 0, inverted: bool = False) -> tuple[int, int]:
    """The window actually rolled against: ``modifier`` in the roller's favour widens the target,
    or, for the inverted form («надо НЕ попасть в центр»), narrows the forbidden centre.

    >>> median_window(9, 12, modifier=-2), median_window(6, 15, modifier=2, inverted=True)
    ((10, 11), (7, 14))
    """
    return adjust_window(low, high, -modifier if inverted else modifier)


@dataclass(frozen=True)
class MedianOdds:
    """Exact odds of a median roll: below, inside and above the (adjusted) window."""

    window: tuple[int, int]
    inverted: bool
    below: Fraction
    inside: Fraction
    above: Fraction

    @property
    def success(self) -> Fraction:
        return self.below + self.above if self.inverted else self.inside

    @property
    def failure(self) -> Fraction:
        return 1 - self.success


def _median_odds_for(window: tuple[int, int], inverted: bool) -> MedianOdds:
    low, high = window
    base = distribution()
    below, above = dice.at_most(base, low - 1), dice.at_least(base, high + 1)
    return MedianOdds(window, inverted, below, 1 - below - above, above)


def median_odds(low: int, high: int, /, *, modifier: int = 0, inverted: bool = False) -> MedianOdds:
    """Exact odds of a median roll before the roll; a low and a high miss are kept apart.

    The die is a plain GaussD20: luck acts on the window through :func:`median_modifier`.

    >>> odds = median_odds(6, 15)
    >>> odds.below == odds.above, odds.inside
    (True, Fraction(43, 50))
    """
    return _median_odds_for(median_window(low, high, modifier=modifier, inverted=inverted), inverted)


@dataclass(frozen=True)
class MedianResult:
    """A rolled median check against its (adjusted) window."""

    roll: GaussRoll
    window: tuple[int, int]
    inverted: bool

    @property
    def side(self) -> str:
        """``BELOW``, ``INSIDE`` or ``ABOVE``."""
        return window_side(self.roll.value, *self.window)

    @property
    def success(self) -> bool:
        return (self.side != INSIDE) if self.inverted else (self.side == INSIDE)


def median_roll(
    rng: random.Random, low: int, high: int, /, *, modifier: int = 0, inverted: bool = False
) -> MedianResult:
    """Roll a median check: a plain GaussD20 against the adjusted window."""
    window = median_window(low, high, modifier=modifier, inverted=inverted)
    return MedianResult(roll(rng), window, inverted)


@dataclass(frozen=True)
class MedianSeries:
    """Tracker of a madness or horror series (``kind`` is MADNESS or HORROR).

    A miss above keeps the series going, re-rolled «каждые 30 секунд», and moves the
    window by the rule's step (madness -1, horror +1) per failed check; a success or a
    miss below ends it.

    >>> s = MedianSeries(MADNESS, failures=2)
    >>> s.window, MedianSeries(HORROR, failures=2).window
    ((10, 11), (9, 12))
    """

    kind: str
    modifier: int = 0
    failures: int = 0
    finished: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SERIES_RULES:
            raise ValueError(f"series kind must be one of {sorted(SERIES_RULES)}, got {self.kind!r}")
        whole_number("modifier", self.modifier)
        whole_number("failures", self.failures)
        if self.failures < 0:
            raise ValueError(f"failures must be >= 0, got {self.failures}")

    @property
    def rule(self) -> SeriesRule:
        return SERIES_RULES[self.kind]

    @property
    def window_modifier(self) -> int:
        return self.modifier + self.rule.step_per_failure * self.failures

    @property
    def window(self) -> tuple[int, int]:
        return median_window(*self.rule.base, modifier=self.window_modifier)

    def odds(self) -> MedianOdds:
        """Exact odds of the next check in the series."""
        return _median_odds_for(self.window, False)

    def after(self, result: MedianResult, /) -> MedianSeries:
        """The series after ``result`` (which must have been rolled against :attr:`window`)."""
        if self.finished:
            raise ValueError("the series is over; start a new MedianSeries")
        if result.window != self.window or result.inverted:
            raise ValueError(f"result was rolled against {result.window}, the series window is {self.window}")
        if result.side == ABOVE:
            return replace(self, failures=self.failures + 1)
        return replace(self, finished=True)

    def check(self, rng: random.Random, /) -> tuple[MedianResult, MedianSeries]:
        """Roll the next check; return it and the series after it."""
        if self.finished:
            raise ValueError("the series is over; start a new MedianSeries")
        result = MedianResult(roll(rng), self.window, False)
        return result, self.after(result)
