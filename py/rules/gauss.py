"""GaussD20 (seed 000): ``round(3d20 / 3)`` on fair d20s, shifted by luck.

Seed 000, "Дополнительная математика": ``gauss20(luck)`` rolls three d20,
rounds their mean, adds ``luck - 5`` and clamps the result to 1..20.  The
seed's own ``rnd20`` (``Math.round(Math.random() * 19) + 1``) gives 1 and 20
half the weight of the other faces; here every face is equally likely and
every probability is exact.

>>> distribution()[1]
Fraction(1, 2000)
>>> from_3d20_total(24)
8

The checks built on the die (issue #4) follow the base roll below: skill checks,
median rolls with the madness and horror series, opposed checks and combat with
active defence.  Their rule data and integer rules live in
:mod:`rules.gauss_checks` and are re-exported here.  See ``docs/rules/gauss.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rules import dice
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_checks import __all__ as _CHECKS_ALL
from rules.gauss_checks import (
    ABOVE,
    BELOW,
    DEFENCE_FAILED_TEXT,
    INSIDE,
    SERIES_RULES,
    TIERS,
    CombatEntry,
    SeriesRule,
    Tier,
    adjust_window,
    apply_modifier,
    attack_entry,
    check_int,
    check_value,
    check_window,
    combat_bonus,
    defence_entry,
    difficulty_level,
    opposed_window,
    skill_level,
    tier_of,
    window_side,
)

__all__ = [
    "D20_FACES",
    "LUCK_MAX",
    "LUCK_MIN",
    "NEUTRAL_LUCK",
    "VALUE_MAX",
    "VALUE_MIN",
    "GaussRoll",
    "apply_luck",
    "centre_windows",
    "check_luck",
    "distribution",
    "from_3d20_total",
    "roll",
    # skill checks
    "CheckOdds",
    "CheckResult",
    "check_distribution",
    "check_odds",
    "roll_check",
    "skill_modifier",
    "skill_check_odds",
    "skill_check",
    "failure_chance",
    "failure_at_steps",
    # median rolls
    "MedianOdds",
    "MedianResult",
    "MedianSeries",
    "median_modifier",
    "median_window",
    "median_odds",
    "median_roll",
    # opposed checks
    "OpposedOdds",
    "OpposedResult",
    "pierce_chance",
    "opposed_odds",
    "opposed_check",
    # combat with active defence
    "DAMAGE_ROLL",
    "DAMAGE_MAX",
    "DAMAGE_MIN",
    "DamageEffect",
    "ENDINGS",
    "ENDING_TEXTS",
    "LANDING_ENDINGS",
    "CombatSetup",
    "CombatCheck",
    "Exchange",
    "ExchangeOdds",
    "landing_damage",
    "exchange_odds",
    "resolve_exchange",
    *_CHECKS_ALL,
]

D20_FACES = tuple(range(1, 21))
LUCK_MIN, LUCK_MAX, NEUTRAL_LUCK = 1, 9, 5
VALUE_MIN, VALUE_MAX = 1, 20


def check_luck(luck: int, /) -> int:
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
    """One GaussD20 roll: the three d20s, their total, the unshifted value and the result."""

    dice: tuple[int, int, int]
    luck: int
    base: int
    value: int

    @property
    def total(self) -> int:
        return sum(self.dice)


def roll(rng: random.Random, luck: int = NEUTRAL_LUCK) -> GaussRoll:
    """Roll three fair d20s and apply luck."""
    check_luck(luck)
    three = (dice.roll_faces(rng, D20_FACES), dice.roll_faces(rng, D20_FACES), dice.roll_faces(rng, D20_FACES))
    base = from_3d20_total(sum(three))
    return GaussRoll(dice=three, luck=luck, base=base, value=apply_luck(base, luck))
