"""Omicron FUDGE (seed 002): attack and defence, rapid fire (3.1) and a success bought for an attack (1.9). Re-exported by :mod:`rules.fudge`."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules import dice as dice_engine
from rules.fudge_action import (
    FAILURE,
    RANGE_TABLE,
    SUCCESS,
    TIE,
    FudgeRoll,
    Side,
    distribution,
    ladder_name,
    roll,
)
from rules.fudge_damage import (
    MELEE_WEAPONS,  # noqa: F401  (the doctests' weapons)
    Damage,
    DamageFactors,
    damage,
    hit_wounds,
)
from rules.values import whole_number

__all__ = [
    "NO_DODGE",
    "MIN_DODGE",
    "MIN_HIT_LEVEL",
    "rapid_fire_hits",
    "rapid_fire_bullet_margin",
    "AttackOdds",
    "attack_odds",
    "AttackResult",
    "attack",
    "BOUGHT_MARGIN",
    "bought_hit",
]

# --- 3.1 attack and defence, rapid fire -----------------------------------------------------------

NO_DODGE = -3
MIN_DODGE = -4
MIN_HIT_LEVEL = -3


def rapid_fire_hits(bullets: int, margin: int, /) -> int:
    """Bullets that hit: 40 % at margin 0, +10 % per point, all at +6; at least 1; 0 on a miss.

    >>> [rapid_fire_hits(20, s) for s in (-1, 0, 1, 5, 6, 9)]
    [0, 8, 10, 18, 20, 20]
    """
    if whole_number("bullets", bullets) < 1:
        raise ValueError(f"rapid fire needs 1 or more bullets, got {bullets}")
    if whole_number("margin", margin) < 0:
        return 0
    percent = min(100, 40 + 10 * margin)
    return max(1, bullets * percent // 100)


def rapid_fire_bullet_margin(margin: int, /) -> int:
    """Margin used for each bullet's damage: half the margin (rounded down), at least 1."""
    if whole_number("margin", margin) < 0:
        raise ValueError(f"a missed burst has no bullet damage, got margin {margin}")
    return max(1, margin // 2)


def _graze(factors: DamageFactors, cap: int, /) -> int:
    """A tie (seed 002, 3.1): with a scale difference exactly «1 + значение_масштаба» (0 when the
    defender is bigger); otherwise the margin-0 damage, «не более» the cap (1, or 2 if the GM says)."""
    diff = factors.scale_difference
    if diff:
        return max(0, 1 + diff)
    f = factors
    raw = (
        f.weapon.term(0)
        + f.strength
        + f.damage_type
        + f.attack_maneuver
        + diff
        - f.armour
        - f.toughness
        - f.defence_maneuver
    )
    return min(cap, max(0, raw))


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of an attack: miss, graze, hit; hit margins; damage per wound; rapid-fire hits."""

    miss: Fraction
    graze: Fraction
    hit: Fraction
    margins: dict[int, Fraction]
    damage: dict[int, Fraction]
    hits: dict[int, Fraction] | None


def _check_attack(graze_cap: int, bullets: int | None, min_hit_level: int, range_penalty: int, /) -> None:
    if whole_number("range penalty", range_penalty) > 0 or range_penalty < RANGE_TABLE[-1][1]:
        raise ValueError(f"a range penalty is 0..{RANGE_TABLE[-1][1]} (seed 002, 2.3), got {range_penalty}")
    if whole_number("graze cap", graze_cap) not in (1, 2):
        raise ValueError(f"a graze deals at most 1 (or 2 when the GM says so), got cap {graze_cap}")
    whole_number("minimum hit level", min_hit_level)
    if bullets is not None and whole_number("bullets", bullets) < 1:
        raise ValueError(f"rapid fire needs 1 or more bullets, got {bullets}")


def _resolve(
    attack_total: int,
    defence: int,
    factors: DamageFactors,
    graze_cap: int,
    bullets: int | None,
    floor: int,
    /,
) -> tuple[str, int, int, int]:
    """(outcome, margin, damage per wound, hits) for one pair of totals."""
    margin = attack_total - defence
    if attack_total < floor or margin < 0:
        return FAILURE, margin, 0, 0
    if bullets is not None:
        per_bullet = damage(rapid_fire_bullet_margin(margin), factors).amount
        return (TIE if margin == 0 else SUCCESS), margin, per_bullet, rapid_fire_hits(bullets, margin)
    if margin == 0:
        return TIE, 0, _graze(factors, graze_cap), 1
    return SUCCESS, margin, damage(margin, factors).amount, 1


def attack_odds(
    attacker: Side,
    defender: Side | None,
    factors: DamageFactors,
    /,
    dice: str = "6dF",
    *,
    graze_cap: int = 1,
    bullets: int | None = None,
    min_hit_level: int = MIN_HIT_LEVEL,
    range_penalty: int = 0,
) -> AttackOdds:
    """Exact odds of an attack (seed 002, 3.1); ``defender=None`` is a target that does not dodge.

    ``range_penalty`` (:func:`range_penalty`, 0 or less) raises the counted defence by its size
    (seed 002, 2.3: «штрафы добавляются к сложности»); ``min_hit_level`` judges the attack total.

    >>> fist = DamageFactors(MELEE_WEAPONS[0])
    >>> attack_odds(Side(), None, fist).miss  # needs roll >= -3 on 6dF
    Fraction(28, 729)
    """
    _check_attack(graze_cap, bullets, min_hit_level, range_penalty)
    # Whole weights over one denominator, made fractions once at the end (as rules.gauss_combat).
    rolls, total = dice_engine.weights(distribution(dice))
    attacks = {attacker.static + k: w for k, w in rolls.items()}
    defences: dict[int, int] = {}
    if defender is None:
        defences[NO_DODGE - range_penalty], defence_total = 1, 1
    else:
        for k, w in rolls.items():
            counted = max(defender.static + k, MIN_DODGE) - range_penalty
            defences[counted] = defences.get(counted, 0) + w
        defence_total = total
    out = {FAILURE: 0, TIE: 0, SUCCESS: 0}
    margins: dict[int, int] = {}
    damages: dict[int, int] = {}
    hits: dict[int, int] = {}
    for a, wa in attacks.items():
        for b, wb in defences.items():
            w = wa * wb
            outcome, margin, dmg, n = _resolve(a, b, factors, graze_cap, bullets, min_hit_level)
            out[outcome] += w
            if outcome == SUCCESS:
                margins[margin] = margins.get(margin, 0) + w
            damages[dmg] = damages.get(dmg, 0) + w
            hits[n] = hits.get(n, 0) + w
    scale = total * defence_total

    def odds(weighed: dict[int, int]) -> dict[int, Fraction]:
        return {key: Fraction(w, scale) for key, w in sorted(weighed.items())}

    return AttackOdds(
        miss=Fraction(out[FAILURE], scale),
        graze=Fraction(out[TIE], scale),
        hit=Fraction(out[SUCCESS], scale),
        margins=odds(margins),
        damage=odds(damages),
        hits=odds(hits) if bullets is not None else None,
    )


@dataclass(frozen=True)
class AttackResult:
    """A resolved attack: rolls, totals, counted defence, margin, outcome, damage and odds.

    ``outcome`` is "failure" (miss), "tie" (graze) or "success" (hit).  ``damage`` is per
    wound; with rapid fire ``hits`` bullets each deal it.  ``detail`` holds sub-scale and
    exhaustion damage for a hit.
    """

    attack_roll: FudgeRoll
    defence_roll: FudgeRoll | None
    attack_total: int
    defence_total: int
    defence_counted: int
    margin: int
    outcome: str
    damage: int
    hits: int
    detail: Damage | None
    odds: AttackOdds

    @property
    def margin_name(self) -> str:
        return ladder_name(self.margin)

    @property
    def wounds(self) -> tuple[int, ...]:
        """Damage per wound to mark: one per hitting bullet (one for a single shot), none on a miss."""
        return hit_wounds(self.damage, self.hits)


def attack(
    rng: random.Random,
    attacker: Side,
    defender: Side | None,
    factors: DamageFactors,
    /,
    dice: str = "6dF",
    *,
    graze_cap: int = 1,
    bullets: int | None = None,
    min_hit_level: int = MIN_HIT_LEVEL,
    range_penalty: int = 0,
) -> AttackResult:
    """Roll an attack against a dodging defender, or a non-dodging target (``None``: -3).

    ``defence_counted`` is the dodge after the −4 floor plus the range penalty's size.
    """
    odds = attack_odds(
        attacker,
        defender,
        factors,
        dice,
        graze_cap=graze_cap,
        bullets=bullets,
        min_hit_level=min_hit_level,
        range_penalty=range_penalty,
    )
    a_roll = roll(rng, dice)
    a_total = attacker.static + a_roll.value
    if defender is None:
        d_roll, d_total = None, NO_DODGE
    else:
        d_roll = roll(rng, dice)
        d_total = defender.static + d_roll.value
    counted = (d_total if defender is None else max(d_total, MIN_DODGE)) - range_penalty
    outcome, margin, dmg, n = _resolve(a_total, counted, factors, graze_cap, bullets, min_hit_level)
    detail = None
    if outcome == SUCCESS:
        detail = damage(margin if bullets is None else rapid_fire_bullet_margin(margin), factors)
    elif outcome == TIE and bullets is not None:
        detail = damage(rapid_fire_bullet_margin(0), factors)
    return AttackResult(a_roll, d_roll, a_total, d_total, counted, margin, outcome, dmg, n, detail, odds)


# --- 1.9 a success bought for an attack -----------------------------------------------------------

BOUGHT_MARGIN = 1  # reading: a bought success is the least success, S = 1 (docs/rules/fudge.md)


def bought_hit(factors: DamageFactors, /, bullets: int | None = None) -> tuple[int, int, Damage]:
    """A success bought for a missed or grazing attack (§1.9 «на покупку успеха действий»): the
    attack counts as a hit of the least success, S = 1 (the seed prices neither a success nor its
    size), so its damage follows §3.2 as for any hit: (damage per wound, hits, detail).

    >>> knife = MELEE_WEAPONS[3]                           # нож +2
    >>> bought_hit(DamageFactors(knife, armour=2))[:2]     # 1 + 2 - 2
    (1, 1)
    >>> bought_hit(DamageFactors(knife), bullets=20)[:2]   # a burst at S = 1: 50 % of 20 hit, each S = 1
    (3, 10)
    """
    if bullets is None:
        detail = damage(BOUGHT_MARGIN, factors)
        return detail.amount, 1, detail
    detail = damage(rapid_fire_bullet_margin(BOUGHT_MARGIN), factors)
    return detail.amount, rapid_fire_hits(bullets, BOUGHT_MARGIN), detail
