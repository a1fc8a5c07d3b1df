"""GaussD20's combat with active defence (seed 000, «Бой с активной защитой»): the three stages
of an exchange, its endings, landing damage and exact odds. Re-exported by :mod:`rules.gauss`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from rules import dice
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_checks import (
    CombatEntry,
    attack_entry,
    check_value,
    combat_bonus,
    defence_entry,
    opposed_window,
)
from rules.gauss_opposed import (
    OpposedResult,
    opposed_check,
)
from rules.gauss_roll import (
    NEUTRAL_LUCK,
    VALUE_MAX,
    VALUE_MIN,
    CheckResult,
    check_distribution,
    check_luck,
    distribution,
    roll_check,
)
from rules.values import whole_number

__all__ = [
    "DAMAGE_ROLL",
    "DAMAGE_MAX",
    "DAMAGE_MIN",
    "DamageEffect",
    "landing_damage",
    "DEFENDER_HELPLESS",
    "ATTACK_FAILED",
    "ATTACK_BEST",
    "DEFENCE_FAILED",
    "UNBLOCKABLE",
    "UNDEFENDED",
    "DEFENCE_BEST",
    "HELD",
    "PIERCED",
    "ENDINGS",
    "LANDING_ENDINGS",
    "CombatSetup",
    "ExchangeOdds",
    "exchange_odds",
    "CombatCheck",
    "Exchange",
    "resolve_exchange",
]

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
            whole_number(name, getattr(self, name))
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


def _pierce_weights(setup: CombatSetup, /) -> tuple[Callable[[int], int], int]:
    """The opposed check's chance to pierce, for any window modifier: a function from the modifier
    to a whole weight, and the total those weights are out of (the product of the two dice's)."""
    defence_luck, attack_luck = setup.opposed_lucks
    defences, defence_total = dice.weights(distribution(defence_luck))
    attacks, attack_total = dice.weights(distribution(attack_luck))
    at_most = [0] * (VALUE_MAX + 1)  # at_most[k]: the attack die's weight of values 1..k
    for k in range(VALUE_MIN, VALUE_MAX + 1):
        at_most[k] = at_most[k - 1] + attacks.get(k, 0)
    found: dict[int, int] = {}

    def pierce(modifier: int) -> int:
        if modifier not in found:
            weight = 0
            for d, wd in defences.items():
                low, high = opposed_window(d, modifier)
                held = at_most[high] - at_most[low - 1] if low <= high else 0
                weight += wd * (attack_total - held)
            found[modifier] = weight
        return found[modifier]

    return pierce, defence_total * attack_total


def exchange_odds(setup: CombatSetup, /) -> ExchangeOdds:
    """Exact odds by enumerating the attack value, the defence value and the opposed check.

    Summed as whole weights over one common denominator and made fractions once at the end: the
    same sums in fractions took ~15 ms on CPython and a 50-600 ms task in the page.
    """
    endings: dict[str, int] = {}
    damage: dict[DamageEffect, int] = {}

    def add(ending: str, weight: int, attack: int | None, defence: int | None) -> None:
        if not weight:
            return
        endings[ending] = endings.get(ending, 0) + weight
        if ending in LANDING_ENDINGS:
            effect = landing_damage(attack, defence)
            damage[effect] = damage.get(effect, 0) + weight

    if setup.defender_helpless:
        total = 1
        add(DEFENDER_HELPLESS, 1, None, None)
    else:
        attacks, attack_total = dice.weights(
            check_distribution(setup.attack_modifier, luck=setup.attack_luck)
        )
        defences, defence_total = dice.weights(
            check_distribution(setup.active_defence_modifier, luck=setup.defence_luck)
        )
        pierce, opposed_total = _pierce_weights(setup)
        for a, wa in attacks.items():
            ending = _attack_ending(setup, a)
            if ending is not None:
                add(ending, wa * defence_total * opposed_total, a, None)
                continue
            for d, wd in defences.items():
                ending = _defence_ending(setup, d)
                if ending is not None:
                    add(ending, wa * wd * opposed_total, a, d)
                    continue
                pierced = pierce(setup.opposed_modifier_for(a, d))
                add(PIERCED, wa * wd * pierced, a, d)
                add(HELD, wa * wd * (opposed_total - pierced), a, d)
        total = attack_total * defence_total * opposed_total
    order = {key: i for i, key in enumerate(ENDINGS)}
    return ExchangeOdds(
        setup,
        {key: Fraction(w, total) for key, w in sorted(endings.items(), key=lambda kv: order[kv[0]])},
        {
            effect: Fraction(w, total)
            for effect, w in sorted(damage.items(), key=lambda kv: (kv[0].multiplier, kv[0].kind))
        },
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
