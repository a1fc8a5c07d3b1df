"""The checks panel's rolls as data (``kit.roll``): what each sub-tool rolled, the rule's code for
what happened and its exact probability, taken from the odds the sub-tool shows before the roll.

Outcomes are listed worst first for whoever rolled (``kit.roll.ordered``); the codes are the
rules' own (``rules.gauss``) and docs/rules/gauss.md has their table.

>>> import random
>>> result = gauss.skill_check(random.Random(3), 4, -4)
>>> data = skill(gauss.skill_check_odds(4, -4), result)
>>> data.rule, data.outcome == result.tier.key, len(data.dice)
('gauss.skill', True, 3)
"""

from __future__ import annotations

from fractions import Fraction

from kit.roll import Roll, ordered
from rules import gauss

__all__ = [
    "COMBAT_ORDER",
    "DEFENCE_ORDER",
    "combat",
    "defence",
    "median",
    "opposed",
    "series",
    "skill",
]

D20 = 20
# An exchange's endings for the attacker, worst first: the attack fails; it is stopped (by a
# defence 20, in the opposed check); it lands (through the window, past a failed or impossible
# defence, at an undefended target, with a 20). Endings of equal worth keep a fixed order.
COMBAT_ORDER = (
    gauss.ATTACK_FAILED,
    gauss.DEFENCE_BEST,
    gauss.HELD,
    gauss.PIERCED,
    gauss.DEFENCE_FAILED,
    gauss.UNBLOCKABLE,
    gauss.UNDEFENDED,
    gauss.ATTACK_BEST,
)
# A defence roll for the defender, worst first: nearest the centre is the narrowest window; of
# two values as far from it (9 and 12 open the same window), the high one first, as the window's
# own ties go to the high side (docs/rules/gauss.md, §4).
DEFENCE_ORDER = tuple(v for k in range(10) for v in (11 + k, 10 - k))


def _dice(*rolls: gauss.GaussRoll | None) -> tuple[tuple[int, int], ...]:
    """Every d20 of these GaussD20 rolls (a value typed as ``=N`` has none)."""
    return tuple((D20, face) for rolled in rolls if rolled is not None for face in rolled.dice)


def _total(rolled: gauss.GaussRoll) -> int | None:
    return rolled.total if rolled.dice else None


def skill(odds: gauss.CheckOdds, result: gauss.CheckResult, /) -> Roll:
    """A skill check: its tier (``rules.gauss.TIERS`` keys, worst first) with the tier odds shown."""
    scale = tuple((tier.key, p) for tier, p in odds.tiers)
    return ordered("gauss.skill", _dice(result.roll), result.tier.key, scale, total=_total(result.roll))


def _sides(odds: gauss.MedianOdds, worst_first: tuple[str, str, str]) -> tuple[tuple[str, Fraction], ...]:
    by_side = {gauss.BELOW: odds.below, gauss.INSIDE: odds.inside, gauss.ABOVE: odds.above}
    return tuple((side, by_side[side]) for side in worst_first)


def median(odds: gauss.MedianOdds, result: gauss.MedianResult, /) -> Roll:
    """A median roll: the side of the window (``below``/``inside``/``above``); the misses first
    (low, then high), or for the inverted form the forbidden centre first."""
    order = (
        (gauss.INSIDE, gauss.BELOW, gauss.ABOVE)
        if odds.inverted
        else (gauss.BELOW, gauss.ABOVE, gauss.INSIDE)
    )
    rolled = result.roll
    return ordered("gauss.median", _dice(rolled), result.side, _sides(odds, order), total=_total(rolled))


def series(kind: str, odds: gauss.MedianOdds, result: gauss.MedianResult, /) -> Roll:
    """A madness or horror check (``gauss.madness``, ``gauss.horror``): a miss above (the series
    goes on) is worst, then a miss below (it ends at a price), then a pass."""
    order = (gauss.ABOVE, gauss.BELOW, gauss.INSIDE)
    rolled = result.roll
    return ordered(f"gauss.{kind}", _dice(rolled), result.side, _sides(odds, order), total=_total(rolled))


def opposed(parts: gauss.OpposedModifier, result: gauss.OpposedResult, /) -> Roll | None:
    """The attacker's roll of an opposed check (``held``/``pierced``). Against a defence already
    there (typed, or rolled with «Бросить защиту», which is an entry of its own) its odds are
    P(pierce | that defence); rolled with the defence, P(pierce) before both, and the dice are
    both. A helpless side is no roll (``None``)."""
    if result.automatic is not None or result.attack is None:
        return None
    lucks = parts.defence_luck, parts.attack_luck
    if result.defence is None and result.entered_defence is not None:
        pierce = gauss.pierce_chance(
            result.entered_defence, parts.modifier, defence_luck=lucks[0], attack_luck=lucks[1]
        )
    else:
        pierce = gauss.opposed_odds(parts.modifier, defence_luck=lucks[0], attack_luck=lucks[1]).pierce
    outcome = gauss.PIERCED if result.pierced else gauss.HELD
    scale = ((gauss.HELD, 1 - pierce), (gauss.PIERCED, pierce))
    return ordered("gauss.opposed", _dice(result.defence, result.attack), outcome, scale)


def defence(rolled: gauss.GaussRoll, /) -> Roll:
    """The defender's die rolled alone (``gauss.defence``, plain): its value, ``DEFENCE_ORDER``."""
    dist = gauss.distribution(rolled.luck)
    scale = tuple((str(v), dist.get(v, Fraction(0))) for v in DEFENCE_ORDER)
    return ordered("gauss.defence", _dice(rolled), str(rolled.value), scale, total=_total(rolled))


def combat(odds: gauss.ExchangeOdds, exchange: gauss.Exchange, /) -> Roll | None:
    """An exchange: its ending (``COMBAT_ORDER``) with the endings' odds shown, and every d20 of its
    stages. A helpless defender is no roll (``None``)."""
    if exchange.ending not in COMBAT_ORDER:
        return None
    stages = (exchange.attack, exchange.defence)
    rolls = [stage.check.roll for stage in stages if stage is not None]
    if exchange.opposed is not None:
        rolls += [exchange.opposed.defence, exchange.opposed.attack]
    scale = tuple((ending, odds.endings.get(ending, Fraction(0))) for ending in COMBAT_ORDER)
    return ordered("gauss.combat", _dice(*rolls), exchange.ending, scale)
