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
from rules import gauss_checks as _checks
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_checks import (
    ABOVE,
    DIFFICULTY_STEP,
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
    combat_bonus,
    defence_entry,
    difficulty_level,
    opposed_window,
    pierces,
    skill_level,
    tier_of,
    window_side,
)
from rules.table_dice import TableDice

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
    "OpposedModifier",
    "OpposedOdds",
    "OpposedResult",
    "opposed_check_modifier",
    "opposed_luck_shift",
    "pierce_chance",
    "opposed_odds",
    "opposed_check",
    # combat with active defence
    "DAMAGE_ROLL",
    "DAMAGE_MAX",
    "DAMAGE_MIN",
    "DamageEffect",
    "ENDINGS",
    "DEFENDER_HELPLESS",
    "ATTACK_FAILED",
    "ATTACK_BEST",
    "DEFENCE_FAILED",
    "UNBLOCKABLE",
    "UNDEFENDED",
    "DEFENCE_BEST",
    "HELD",
    "PIERCED",
    "LANDING_ENDINGS",
    "CombatSetup",
    "CombatCheck",
    "Exchange",
    "ExchangeOdds",
    "landing_damage",
    "exchange_odds",
    "resolve_exchange",
]
__all__ += _checks.__all__  # the form pyright follows

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
    check_int("modifier", modifier)
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
        skill_level(skill).value + difficulty_level(difficulty).value + check_int("situational", situational)
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
    check_int("steps", steps)
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
    check_int("modifier", modifier)
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
    check_int("intelligence", intelligence)
    if not LUCK_MIN <= intelligence <= LUCK_MAX:
        raise ValueError(f"intelligence must be from {LUCK_MIN} to {LUCK_MAX}, got {intelligence}")
    check_int("training", training)
    check_int("situational", situational)
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
        check_int("modifier", self.modifier)
        check_int("failures", self.failures)
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


# =================================================================================================
# Opposed checks: «Противопоставленная проверка»
# =================================================================================================


def opposed_luck_shift(defence_luck: int = NEUTRAL_LUCK, attack_luck: int = NEUTRAL_LUCK, /) -> int:
    """Window modifier from luck in an opposed check: ``(defence_luck - 5) - (attack_luck - 5)``.

    This is the default reading of «Учитываются … параметр удачи»: the opposed dice are
    rolled plainly and luck moves the window.  Shifting a raw die pushes it away from the
    centre whichever way it goes, so extreme luck of either sign would help the defender.

    >>> opposed_luck_shift(7, 4)
    3
    """
    return check_luck(defence_luck) - check_luck(attack_luck)


@dataclass(frozen=True)
class OpposedModifier:
    """The modifier of an opposed check, part by part; > 0 favours the defender.

    ``modifier`` (bonuses only) is what :func:`opposed_odds` and :func:`opposed_check` take;
    ``window_modifier`` adds the luck shift, as luck acts on the window by default.
    """

    attack_bonus: int
    defence_bonus: int
    attack_luck: int
    defence_luck: int

    @property
    def modifier(self) -> int:
        """``defence_bonus - attack_bonus``."""
        return self.defence_bonus - self.attack_bonus

    @property
    def luck_shift(self) -> int:
        """``(defence_luck - 5) - (attack_luck - 5)``, see :func:`opposed_luck_shift`."""
        return opposed_luck_shift(self.defence_luck, self.attack_luck)

    @property
    def window_modifier(self) -> int:
        """The modifier the failure window is moved by: ``modifier + luck_shift``."""
        return self.modifier + self.luck_shift


def opposed_check_modifier(
    *,
    attack_bonus: int = 0,
    defence_bonus: int = 0,
    attack_luck: int = NEUTRAL_LUCK,
    defence_luck: int = NEUTRAL_LUCK,
) -> OpposedModifier:
    """Bookkeeping of an opposed check: the attacker's bonus counts against the defence, the
    defence's bonus (armour etc.) for it, and luck as ``defence_luck - attack_luck``.

    >>> m = opposed_check_modifier(attack_bonus=2, defence_bonus=3, attack_luck=4, defence_luck=7)
    >>> m.modifier, m.luck_shift, m.window_modifier
    (1, 3, 4)
    """
    check_int("attack bonus", attack_bonus)
    check_int("defence bonus", defence_bonus)
    check_luck(attack_luck)
    check_luck(defence_luck)
    return OpposedModifier(attack_bonus, defence_bonus, attack_luck, defence_luck)


def _opposed_setup(
    modifier: int, defence_luck: int, attack_luck: int, luck_on_window: bool
) -> tuple[int, int, int]:
    """(window modifier, luck of the defence die, luck of the attack die) for either luck reading."""
    check_int("modifier", modifier)
    shift = opposed_luck_shift(defence_luck, attack_luck)
    if not isinstance(luck_on_window, bool):
        raise ValueError(f"luck_on_window must be True or False, got {luck_on_window!r}")
    if luck_on_window:
        return modifier + shift, NEUTRAL_LUCK, NEUTRAL_LUCK
    return modifier, defence_luck, attack_luck


def pierce_chance(
    defence: int,
    modifier: int = 0,
    /,
    *,
    defence_luck: int = NEUTRAL_LUCK,
    attack_luck: int = NEUTRAL_LUCK,
    luck_on_window: bool = True,
) -> Fraction:
    """Exact chance the attacker pierces once the defender has rolled ``defence``.

    ``defence`` is the value the defender's die shows.  By default luck moves the window
    (:func:`opposed_luck_shift`) and the attacker's die is plain; ``luck_on_window=False``
    shifts the attacker's raw die by luck instead (the rejected reading, kept for comparison).

    >>> pierce_chance(12) == 1 - sum(distribution()[v] for v in range(9, 13))
    True
    >>> pierce_chance(12, 0, defence_luck=7) == pierce_chance(12, 2)
    True
    """
    window_modifier, _, die_luck = _opposed_setup(modifier, defence_luck, attack_luck, luck_on_window)
    low, high = opposed_window(defence, window_modifier)
    return 1 - dice.between(distribution(die_luck), low, high)


@dataclass(frozen=True)
class OpposedOdds:
    """Exact odds of an opposed check before any roll, with the breakdown by defence roll.

    ``modifier`` is the modifier given; ``window_modifier`` adds the luck shift when luck
    acts on the window (the default).  ``by_defence`` rows are ``(defence roll, its
    probability, failure window, P(pierce | roll))``.
    """

    modifier: int
    defence_luck: int
    attack_luck: int
    by_defence: tuple[tuple[int, Fraction, tuple[int, int], Fraction], ...]
    window_modifier: int = 0
    luck_on_window: bool = True

    @property
    def pierce(self) -> Fraction:
        return sum((p * q for _, p, _, q in self.by_defence), Fraction(0))

    @property
    def hold(self) -> Fraction:
        return 1 - self.pierce


def opposed_odds(
    modifier: int = 0,
    /,
    *,
    defence_luck: int = NEUTRAL_LUCK,
    attack_luck: int = NEUTRAL_LUCK,
    luck_on_window: bool = True,
) -> OpposedOdds:
    """Exact odds of piercing before any roll.

    By default both dice are plain and ``defence_luck - attack_luck`` is added to the
    window modifier; ``luck_on_window=False`` shifts both raw dice as ``gauss20`` does.

    >>> opposed_odds(0, defence_luck=6, attack_luck=4).pierce == opposed_odds(2).pierce
    True
    """
    window_modifier, d_luck, a_luck = _opposed_setup(modifier, defence_luck, attack_luck, luck_on_window)
    attacker = distribution(a_luck)
    rows = []
    for d, p in distribution(d_luck).items():
        low, high = opposed_window(d, window_modifier)
        rows.append((d, p, (low, high), 1 - dice.between(attacker, low, high)))
    return OpposedOdds(modifier, defence_luck, attack_luck, tuple(rows), window_modifier, luck_on_window)


@dataclass(frozen=True)
class OpposedResult:
    """A resolved opposed check.  ``automatic`` names the helpless side when no die was rolled.

    ``modifier`` is the modifier given and ``luck_shift`` the part luck added to the window
    (0 when luck shifted the dice instead).  ``entered_defence`` is a defence value given by
    hand (the defender rolled at the table); then ``defence`` is None.
    """

    modifier: int
    defence: GaussRoll | None
    attack: GaussRoll | None
    pierced: bool
    automatic: str | None = None
    luck_shift: int = 0
    entered_defence: int | None = None

    @property
    def window_modifier(self) -> int:
        return self.modifier + self.luck_shift

    @property
    def defence_value(self) -> int | None:
        """The defender's die: rolled or entered; None when a helpless side meant no dice."""
        return self.defence.value if self.defence is not None else self.entered_defence

    @property
    def window(self) -> tuple[int, int] | None:
        value = self.defence_value
        return None if value is None else opposed_window(value, self.window_modifier)


def opposed_check(
    rng: random.Random,
    modifier: int = 0,
    /,
    *,
    defence_luck: int = NEUTRAL_LUCK,
    attack_luck: int = NEUTRAL_LUCK,
    luck_on_window: bool = True,
    attacker_helpless: bool = False,
    defender_helpless: bool = False,
    defence: int | None = None,
) -> OpposedResult:
    """Roll an opposed check: the defender first, then the attacker.

    By default the dice are plain and luck moves the window (see :func:`opposed_odds`).
    ``defence``, if given, is the defender's die already rolled at the table (1..20, after
    luck when ``luck_on_window`` is False); then only the attacker rolls.
    «Если одна из противоборствующих сторон беспомощна, это автоматический успех второй
    стороны»: a helpless side means no dice and an automatic result.
    """
    window_modifier, d_luck, a_luck = _opposed_setup(modifier, defence_luck, attack_luck, luck_on_window)
    shift = window_modifier - modifier
    if defence is not None:
        check_value("defence roll", defence)
    if attacker_helpless and defender_helpless:
        raise ValueError("both sides cannot be helpless at once")
    if defender_helpless:
        return OpposedResult(modifier, None, None, True, "defender_helpless", shift)
    if attacker_helpless:
        return OpposedResult(modifier, None, None, False, "attacker_helpless", shift)
    if defence is not None:
        attack = roll(rng, a_luck)
        pierced = pierces(attack.value, defence, window_modifier)
        return OpposedResult(modifier, None, attack, pierced, None, shift, defence)
    rolled = roll(rng, d_luck)
    attack = roll(rng, a_luck)
    pierced = pierces(attack.value, rolled.value, window_modifier)
    return OpposedResult(modifier, rolled, attack, pierced, None, shift)


# =================================================================================================
# Combat with active defence: «Бой с активной защитой»
# =================================================================================================

DAMAGE_ROLL, DAMAGE_MAX, DAMAGE_MIN = "roll", "max", "min"


@dataclass(frozen=True)
class DamageEffect:
    """How the damage of a landed attack is made: the damage dice rolled, maximised or minimised
    (``kind`` is DAMAGE_ROLL, DAMAGE_MAX or DAMAGE_MIN), then times ``multiplier``."""

    multiplier: Fraction
    kind: str = DAMAGE_ROLL


def landing_damage(attack_value: int | None, defence_value: int | None, /) -> DamageEffect:
    """Damage of an attack that lands, from the final check values (None: that check was not rolled).

    Attack 18/19 doubles, attack 20 maximises and triples; defence 18/19 halves «даже если
    пройдет через защиту»; a defence 20 that cannot block minimises the damage dice.
    The factors multiply: a doubled attack against a halving defence does ×1.

    >>> landing_damage(18, 19).multiplier, landing_damage(20, None)
    (Fraction(1, 1), DamageEffect(multiplier=Fraction(3, 1), kind='max'))
    """
    if attack_value is not None and check_value("attack check value", attack_value) == 20:
        return DamageEffect(Fraction(3), DAMAGE_MAX)
    factor = Fraction(2 if attack_value in (18, 19) else 1)
    if defence_value is not None and check_value("defence check value", defence_value) >= 18:
        if defence_value == 20:
            return DamageEffect(factor, DAMAGE_MIN)
        factor /= 2
    return DamageEffect(factor)


# How an exchange ends (``Exchange.ending``), in the order a UI lists them.
DEFENDER_HELPLESS = "defender_helpless"  # «беспомощна … автоматический успех второй стороны»
ATTACK_FAILED = "attack_failed"  # the attack check is 1..7
ATTACK_BEST = "attack_best"  # a 20 on the attack: no defence die, the attack lands
DEFENCE_FAILED = "defence_failed"  # «Если бросок защиты провален, атака автоматически проходит»
UNBLOCKABLE = "unblockable"  # no defence possible even in theory: the attack lands
UNDEFENDED = "undefended"  # the target cannot defend (not helpless): a successful attack check lands
DEFENCE_BEST = "defence_best"  # a 20 on the defence: the attack does not land
HELD = "held"  # the opposed check: the defence held
PIERCED = "pierced"  # the opposed check: «пробой защиты», the attack lands
ENDINGS = (
    DEFENDER_HELPLESS,
    ATTACK_FAILED,
    ATTACK_BEST,
    UNDEFENDED,
    DEFENCE_FAILED,
    UNBLOCKABLE,
    DEFENCE_BEST,
    HELD,
    PIERCED,
)
LANDING_ENDINGS = frozenset(
    {DEFENDER_HELPLESS, ATTACK_BEST, UNDEFENDED, DEFENCE_FAILED, UNBLOCKABLE, PIERCED}
)


@dataclass(frozen=True)
class CombatSetup:
    """Everything an exchange needs; a UI builds one, shows :func:`exchange_odds`, then rolls.

    - ``attack_modifier``: skills, characteristics and manoeuvre, for the attack check;
    - ``defence_modifier``: skills and characteristics, not armour, for the defence check;
    - ``armour_penalty`` (<= 0): heavy armour hampering the active defence;
    - ``armour_bonus`` (>= 0) and ``weapon_piercing`` (>= 0): passive bonuses in the opposed check;
    - ``opposed_modifier``: any other opposed-check modifier, > 0 favours the defender;
    - ``luck_on_window``: True (default) rolls the opposed check's dice plainly and adds
      ``(defence_luck - 5) - (attack_luck - 5)`` to its modifier; False shifts both raw dice by
      luck like ``gauss20(luck)`` instead, the rejected reading in which luck far from 5 helps
      the defender whichever way it goes (see docs/rules/gauss.md);
    - ``blockable``: False when the GM rules that no defence could stop this attack even in theory
      (the defence check is still rolled: its 18/19 halve and its 20 minimises the damage);
    - ``defender_can_defend``: False for a target that cannot defend but is not helpless («Если
      бросок атаки успешен и цель имеет возможность защищаться, кидается проверка боевого навыка
      защищающегося»): only the attack check is rolled, and a successful one lands with its own
      damage (×1; ×2 on 18/19; maximised ×3 on 20);
    - ``defender_helpless``: automatic success of the attacker, no dice (it outranks
      ``defender_can_defend``: a helpless target cannot defend either).
    """

    attack_modifier: int = 0
    defence_modifier: int = 0
    armour_penalty: int = 0
    armour_bonus: int = 0
    weapon_piercing: int = 0
    opposed_modifier: int = 0
    attack_luck: int = NEUTRAL_LUCK
    defence_luck: int = NEUTRAL_LUCK
    luck_on_window: bool = True
    blockable: bool = True
    defender_helpless: bool = False
    defender_can_defend: bool = True

    def __post_init__(self) -> None:
        for name in (
            "attack_modifier",
            "defence_modifier",
            "armour_penalty",
            "armour_bonus",
            "weapon_piercing",
            "opposed_modifier",
        ):
            check_int(name, getattr(self, name))
        if self.armour_penalty > 0:
            raise ValueError(f"armour_penalty is a penalty and must be <= 0, got {self.armour_penalty}")
        if self.armour_bonus < 0:
            raise ValueError(f"armour_bonus must be >= 0, got {self.armour_bonus}")
        if self.weapon_piercing < 0:
            raise ValueError(f"weapon_piercing must be >= 0, got {self.weapon_piercing}")
        check_luck(self.attack_luck)
        check_luck(self.defence_luck)
        for name in ("luck_on_window", "blockable", "defender_helpless", "defender_can_defend"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")

    @property
    def active_defence_modifier(self) -> int:
        """Modifier of the defence check: skills plus the heavy-armour penalty."""
        return self.defence_modifier + self.armour_penalty

    def opposed_modifier_for(self, attack_value: int, defence_value: int, /) -> int:
        """Opposed-check modifier after two successful checks (8..19 each); > 0 favours the defender.

        ``defence bonus - piercing bonus + armour_bonus - weapon_piercing + opposed_modifier``,
        plus ``defence_luck - attack_luck`` when ``luck_on_window`` is set.
        """
        attack_bonus, defence_bonus = combat_bonus(attack_value), combat_bonus(defence_value)
        if attack_bonus is None or defence_bonus is None:
            raise ValueError(
                f"only checks of 8..19 carry a bonus into the opposed check, got {attack_value} and {defence_value}"
            )
        luck = (self.defence_luck - self.attack_luck) if self.luck_on_window else 0
        return (
            defence_bonus
            - attack_bonus
            + self.armour_bonus
            - self.weapon_piercing
            + self.opposed_modifier
            + luck
        )

    @property
    def opposed_lucks(self) -> tuple[int, int]:
        """(defence luck, attack luck) for the opposed check's dice."""
        if self.luck_on_window:
            return NEUTRAL_LUCK, NEUTRAL_LUCK
        return self.defence_luck, self.attack_luck


def _attack_ending(setup: CombatSetup, attack_value: int) -> str | None:
    """How the exchange ends at the attack check, or None when the defence check follows."""
    if attack_value <= 7:
        return ATTACK_FAILED
    if attack_value == 20:
        return ATTACK_BEST
    return None if setup.defender_can_defend else UNDEFENDED


def _defence_ending(setup: CombatSetup, defence_value: int) -> str | None:
    if defence_value <= 7:
        return DEFENCE_FAILED
    if not setup.blockable:
        return UNBLOCKABLE
    return DEFENCE_BEST if defence_value == 20 else None


@dataclass(frozen=True)
class ExchangeOdds:
    """Exact odds of an exchange: each ending, and each damage effect (joint with landing)."""

    setup: CombatSetup
    endings: dict[str, Fraction] = field(compare=False)
    damage: dict[DamageEffect, Fraction] = field(compare=False)

    @property
    def lands(self) -> Fraction:
        return sum(self.damage.values(), Fraction(0))


def exchange_odds(setup: CombatSetup, /) -> ExchangeOdds:
    """Exact odds by enumerating the attack value, the defence value and the opposed check."""
    endings: dict[str, Fraction] = {}
    damage: dict[DamageEffect, Fraction] = {}

    def add(ending: str, p: Fraction, attack: int | None, defence: int | None) -> None:
        if not p:
            return
        endings[ending] = endings.get(ending, Fraction(0)) + p
        if ending in LANDING_ENDINGS:
            effect = landing_damage(attack, defence)
            damage[effect] = damage.get(effect, Fraction(0)) + p

    if setup.defender_helpless:
        add(DEFENDER_HELPLESS, Fraction(1), None, None)
    else:
        attacks = check_distribution(setup.attack_modifier, luck=setup.attack_luck)
        defences = check_distribution(setup.active_defence_modifier, luck=setup.defence_luck)
        pierce_by_modifier: dict[int, Fraction] = {}
        for a, pa in attacks.items():
            ending = _attack_ending(setup, a)
            if ending is not None:
                add(ending, pa, a, None)
                continue
            for d, pd in defences.items():
                ending = _defence_ending(setup, d)
                if ending is not None:
                    add(ending, pa * pd, a, d)
                    continue
                m = setup.opposed_modifier_for(a, d)
                if m not in pierce_by_modifier:
                    defence_luck, attack_luck = setup.opposed_lucks
                    pierce_by_modifier[m] = opposed_odds(
                        m,
                        defence_luck=defence_luck,
                        attack_luck=attack_luck,
                        luck_on_window=setup.luck_on_window,
                    ).pierce
                add(PIERCED, pa * pd * pierce_by_modifier[m], a, d)
                add(HELD, pa * pd * (1 - pierce_by_modifier[m]), a, d)
    order = {key: i for i, key in enumerate(ENDINGS)}
    return ExchangeOdds(
        setup,
        dict(sorted(endings.items(), key=lambda kv: order[kv[0]])),
        dict(sorted(damage.items(), key=lambda kv: (kv[0].multiplier, kv[0].kind))),
    )


@dataclass(frozen=True)
class CombatCheck:
    """The attack or defence check of an exchange with its table row."""

    side: str
    check: CheckResult

    @property
    def entry(self) -> CombatEntry:
        return (attack_entry if self.side == "attack" else defence_entry)(self.check.value)

    @property
    def bonus(self) -> int | None:
        """Bonus carried into the opposed check (None for a failed check or a 20)."""
        return combat_bonus(self.check.value)


@dataclass(frozen=True)
class Exchange:
    """One resolved exchange: each stage that was rolled, how it ended and the damage if it landed.

    ``attack`` and ``defence`` are None when that check was not rolled, ``opposed`` when there was
    no opposed check; ``ending`` is one of ENDINGS.  Each stage keeps its dice, luck, modifier and
    value (``CombatCheck.check``), so a UI can narrate the exchange step by step.
    """

    setup: CombatSetup
    attack: CombatCheck | None
    defence: CombatCheck | None
    opposed: OpposedResult | None
    ending: str

    @property
    def lands(self) -> bool:
        return self.ending in LANDING_ENDINGS

    @property
    def damage(self) -> DamageEffect | None:
        if not self.lands:
            return None
        return landing_damage(
            self.attack.check.value if self.attack else None,
            self.defence.check.value if self.defence else None,
        )


def resolve_exchange(rng: random.Random, setup: CombatSetup, /) -> Exchange:
    """Roll a whole exchange: attack check, defence check, opposed check, as far as each is needed."""
    if setup.defender_helpless:
        return Exchange(setup, None, None, None, DEFENDER_HELPLESS)
    attack = CombatCheck("attack", roll_check(rng, setup.attack_modifier, luck=setup.attack_luck))
    ending = _attack_ending(setup, attack.check.value)
    if ending is not None:
        return Exchange(setup, attack, None, None, ending)
    defence = CombatCheck("defence", roll_check(rng, setup.active_defence_modifier, luck=setup.defence_luck))
    ending = _defence_ending(setup, defence.check.value)
    if ending is not None:
        return Exchange(setup, attack, defence, None, ending)
    modifier = setup.opposed_modifier_for(attack.check.value, defence.check.value)
    defence_luck, attack_luck = setup.opposed_lucks
    opposed = opposed_check(
        rng, modifier, defence_luck=defence_luck, attack_luck=attack_luck, luck_on_window=setup.luck_on_window
    )
    return Exchange(setup, attack, defence, opposed, PIERCED if opposed.pierced else HELD)
