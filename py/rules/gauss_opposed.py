"""GaussD20's opposed checks (seed 000, «Противопоставленная проверка»): the window, the luck
shift, piercing and exact odds. Re-exported by :mod:`rules.gauss`."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules import dice
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_checks import (
    check_value,
    opposed_window,
    pierces,
)
from rules.gauss_roll import (
    NEUTRAL_LUCK,
    GaussRoll,
    check_luck,
    distribution,
    roll,
)
from rules.values import whole_number

__all__ = [
    "opposed_luck_shift",
    "OpposedModifier",
    "opposed_check_modifier",
    "pierce_chance",
    "OpposedOdds",
    "opposed_odds",
    "OpposedResult",
    "opposed_check",
]

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
    whole_number("attack bonus", attack_bonus)
    whole_number("defence bonus", defence_bonus)
    check_luck(attack_luck)
    check_luck(defence_luck)
    return OpposedModifier(attack_bonus, defence_bonus, attack_luck, defence_luck)


def _opposed_setup(
    modifier: int, defence_luck: int, attack_luck: int, luck_on_window: bool
) -> tuple[int, int, int]:
    """(window modifier, luck of the defence die, luck of the attack die) for either luck reading."""
    whole_number("modifier", modifier)
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
