"""Omicron FUDGE (seed 002): ladder, dice, actions, attacks, damage, wounds and scale.

Every roll has exact odds before it is made.  Rule data (ladder, weapons,
damage types, armour, wound boxes, range table) are in Russian exactly as the
seed writes them.

>>> distribution("6d3-12") == distribution("6dF")
True
>>> ladder_name(-3)
'Очень плохо'
>>> headcount(10)
6
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rules import dice as dice_engine

__all__ = [
    "ARMOUR",
    "DAMAGE_TYPES",
    "DICE",
    "EXHAUSTION",
    "EXHAUSTION_RATE",
    "FAILURE",
    "GROUP_WOUNDS",
    "LADDER",
    "MELEE_WEAPONS",
    "MIN_DODGE",
    "MIN_HIT_LEVEL",
    "NO_DODGE",
    "RANGED_WEAPONS",
    "RANGE_TABLE",
    "SCALE_FACTORS",
    "SUB_SCALE",
    "SUCCESS",
    "TIE",
    "WOUND_BOXES",
    "WOUND_STATES",
    "Accumulated",
    "Accumulator",
    "ActionOdds",
    "ActionResult",
    "AttackOdds",
    "AttackResult",
    "Damage",
    "DamageFactors",
    "DamagePools",
    "FudgeRoll",
    "Group",
    "GroupUpdate",
    "Marking",
    "MeleeScale",
    "PoolFeed",
    "RangedPreset",
    "ScaleMismatch",
    "Side",
    "Weapon",
    "WoundBox",
    "WoundTrack",
    "WoundUpdate",
    "attack",
    "attack_odds",
    "bought_hit",
    "BOUGHT_MARGIN",
    "damage",
    "distribution",
    "headcount",
    "hit_wounds",
    "ladder_name",
    "ladder_step",
    "melee_scale",
    "one_sided",
    "one_sided_odds",
    "opposed",
    "opposed_odds",
    "outcome_of",
    "pool_feed",
    "range_penalty",
    "rapid_fire_bullet_margin",
    "rapid_fire_hits",
    "roll",
    "scale_factor",
    "skill_term",
]

# --- 1.0 ladder and dice -------------------------------------------------------------------------

LADDER: dict[int, str] = {
    8: "Эпически",
    7: "Легендарно",
    6: "Фантастически",
    5: "Великолепно",
    4: "Отлично",
    3: "Очень хорошо",
    2: "Хорошо",
    1: "Неплохо",
    0: "Нормально",
    -1: "Посредственно",
    -2: "Плохо",
    -3: "Очень плохо",
    -4: "Ужасно",
    -5: "Днище",
    -6: "Хуже некуда",
    -7: "Легендарный провал",
    -8: "Эпический провал",
}

# name -> (faces of one die, number of dice, constant added)
DICE: dict[str, tuple[tuple[int, ...], int, int]] = {
    "6dF": ((-1, -1, 0, 0, 1, 1), 6, 0),
    "4dF": ((-1, -1, 0, 0, 1, 1), 4, 0),
    "3dGF": ((-2, -1, 0, 0, 1, 2), 3, 0),
    "6d3-12": ((1, 2, 3), 6, -12),
}


def _whole(name: str, value: object, /) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def _dice_spec(dice_name: object, /) -> tuple[tuple[int, ...], int, int]:
    if not isinstance(dice_name, str) or dice_name not in DICE:
        raise ValueError(f"dice must be one of {', '.join(DICE)}, got {dice_name!r}")
    return DICE[dice_name]


def ladder_step(level: int, /) -> tuple[int, int]:
    """The ladder rung a level falls on (-8..+8) and the excess beyond the end rung (0 within).

    >>> ladder_step(3), ladder_step(10), ladder_step(-9)
    ((3, 0), (8, 2), (-8, -1))
    """
    rung = max(-8, min(8, _whole("ladder level", level)))
    return rung, level - rung


def ladder_name(level: int, /) -> str:
    """The seed's term for a level; beyond ±8 the end term with the excess (a UI words it itself
    from :func:`ladder_step`).

    >>> ladder_name(8), ladder_name(10), ladder_name(-9)
    ('Эпически', 'Эпически +2', 'Эпический провал -1')
    """
    rung, excess = ladder_step(level)
    return f"{LADDER[rung]} {excess:+d}" if excess else LADDER[rung]


def distribution(dice: str) -> dict[int, Fraction]:
    """Exact distribution of "6dF", "4dF", "3dGF" or "6d3-12".

    >>> distribution("3dGF")[6]
    Fraction(1, 216)
    """
    faces, count, offset = _dice_spec(dice)
    base = _DISTS.get(dice)
    if base is None:
        summed = dice_engine.sum_of(dice_engine.uniform(faces), count)
        base = _DISTS[dice] = dice_engine.map_outcomes(summed, lambda total: total + offset)
    return dict(base)


_DISTS: dict[str, dict[int, Fraction]] = {}


@dataclass(frozen=True)
class FudgeRoll:
    """One roll: the dice name, every die's face and the result (with the -12 for 6d3-12)."""

    dice: str
    faces: tuple[int, ...]
    value: int

    @property
    def name(self) -> str:
        return ladder_name(self.value)


def roll(rng: random.Random, dice: str = "6dF", /) -> FudgeRoll:
    """Roll one of the seed's dice sets."""
    faces, count, offset = _dice_spec(dice)
    rolled = tuple(dice_engine.roll_faces(rng, faces) for _ in range(count))
    return FudgeRoll(dice, rolled, sum(rolled) + offset)


# --- 1.2 skills, 2.1 one-sided and 2.2 opposed actions --------------------------------------------

# Outcome codes (seed 002, 2.1); the UI words them.
FAILURE, TIE, SUCCESS = "failure", "tie", "success"


def outcome_of(margin: int, /) -> str:
    """ "failure" below 0, "tie" at 0, "success" above 0 (seed 002, 2.1)."""
    _whole("margin", margin)
    return FAILURE if margin < 0 else TIE if margin == 0 else SUCCESS


def skill_term(
    skill: int | None, /, *, required: bool = False, default: int | None = None, adjustment: int = 0
) -> int:
    """The skill's part of a roll (seed 002, 1.2): the skill, or its "no skill" default.

    Without the skill: a required skill uses the GM's ``default`` for it; otherwise
    the default is "Посредственно" (-1), i.e. the attribute at -1.  ``adjustment`` is the
    bonus or penalty for the skill's difficulty category added to a default.
    The same works for a technique on top of a skill.

    >>> skill_term(None), skill_term(None, required=True, default=-3, adjustment=1), skill_term(2)
    (-1, -2, 2)
    """
    _whole("difficulty adjustment", adjustment)
    if skill is not None:
        if default is not None or adjustment:
            raise ValueError("a default or an adjustment only applies when the skill is missing (None)")
        return _whole("skill", skill)
    if required:
        if default is None:
            raise ValueError("a required skill that the character lacks needs the GM's default value")
        return _whole("default", default) + adjustment
    if default is not None:
        raise ValueError("a default value is given only for a required skill; otherwise it is -1")
    return -1 + adjustment


@dataclass(frozen=True)
class Side:
    """Everything added to a roll (seed 002, 2.1): attribute, skill, technique, modifiers.

    Use :func:`skill_term` for a missing skill or technique.
    """

    attribute: int = 0
    skill: int = 0
    technique: int = 0
    modifier: int = 0

    def __post_init__(self) -> None:
        for name in ("attribute", "skill", "technique", "modifier"):
            _whole(name, getattr(self, name))

    @property
    def static(self) -> int:
        """The sum without the roll."""
        return self.attribute + self.skill + self.technique + self.modifier


@dataclass(frozen=True)
class ActionOdds:
    """Exact odds before rolling: failure, tie, success and every margin."""

    failure: Fraction
    tie: Fraction
    success: Fraction
    margins: dict[int, Fraction]


def _odds_from_margins(margins: dict[int, Fraction], /) -> ActionOdds:
    return ActionOdds(
        failure=dice_engine.at_most(margins, -1),
        tie=margins.get(0, Fraction(0)),
        success=dice_engine.at_least(margins, 1),
        margins=margins,
    )


def one_sided_odds(side: Side, difficulty: int, /, dice: str = "6dF") -> ActionOdds:
    """Exact odds of a one-sided action (seed 002, 2.1).

    >>> one_sided_odds(Side(skill=2), 2).tie
    Fraction(47, 243)
    """
    _whole("difficulty", difficulty)
    base = side.static - difficulty
    return _odds_from_margins({k + base: p for k, p in distribution(dice).items()})


def opposed_odds(side: Side, other: Side, /, dice: str = "6dF") -> ActionOdds:
    """Exact odds of an opposed action (seed 002, 2.2): both sides roll the same dice."""
    base = side.static - other.static
    d = distribution(dice)
    difference = dice_engine.combine(d, d, lambda x, y: x - y)
    return _odds_from_margins({k + base: p for k, p in difference.items()})


@dataclass(frozen=True)
class ActionResult:
    """A resolved action: the rolls, both totals, the margin with its ladder name, the outcome."""

    roll: FudgeRoll
    total: int
    opposing_roll: FudgeRoll | None
    against: int
    margin: int
    outcome: str
    odds: ActionOdds

    @property
    def total_name(self) -> str:
        return ladder_name(self.total)

    @property
    def margin_name(self) -> str:
        return ladder_name(self.margin)


def one_sided(rng: random.Random, side: Side, difficulty: int, /, dice: str = "6dF") -> ActionResult:
    """Roll a one-sided action against a difficulty (seed 002, 2.1)."""
    odds = one_sided_odds(side, difficulty, dice)
    r = roll(rng, dice)
    total = side.static + r.value
    return ActionResult(r, total, None, difficulty, total - difficulty, outcome_of(total - difficulty), odds)


def opposed(rng: random.Random, side: Side, other: Side, /, dice: str = "6dF") -> ActionResult:
    """Roll an opposed action (seed 002, 2.2); the margin is this side's total minus the other's."""
    odds = opposed_odds(side, other, dice)
    mine, theirs = roll(rng, dice), roll(rng, dice)
    total, against = side.static + mine.value, other.static + theirs.value
    return ActionResult(mine, total, theirs, against, total - against, outcome_of(total - against), odds)


# --- 2.3 range penalties --------------------------------------------------------------------------

RANGE_TABLE: tuple[tuple[int, int], ...] = (
    (2, 0),
    (4, -1),
    (7, -2),
    (10, -3),
    (15, -4),
    (20, -5),
    (30, -6),
    (50, -7),
    (70, -8),
    (100, -9),
    (150, -10),
    (200, -11),
    (300, -12),
    (500, -13),
    (700, -14),
    (1000, -15),
)


def range_penalty(metres: int | float | Fraction, /) -> int:
    """Penalty to hit for a distance in metres, "до 2м 0" … "до 1000м -15" (seed 002, 2.3).

    The penalty is added to the difficulty of the hit («штрафы добавляются к сложности»): the
    counted defence rises by its size (``attack(..., range_penalty=...)``); the attacker's total,
    which the minimum hit level judges, is unchanged.

    >>> range_penalty(2), range_penalty(2.5), range_penalty(1000)
    (0, -1, -15)
    """
    if isinstance(metres, bool) or not isinstance(metres, int | float | Fraction):
        raise ValueError(f"distance must be a number of metres, got {metres!r}")
    if not math.isfinite(metres) or metres < 0:
        raise ValueError(f"distance must be 0 m or more, got {metres}")
    for limit, penalty in RANGE_TABLE:
        if metres <= limit:
            return penalty
    raise ValueError(f"the seed's range table ends at 1000 m, got {metres} m")


# --- 1.6 equipment, 3.2 damage --------------------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    """A weapon's damage characteristic ``multiplier * S + bonus`` (S = attack margin).

    Melee weapons are ``S + bonus``.  For a ranged weapon the characteristic must be
    at least 1 at S = 1 (seed 002, 1.6), so it is at least 1 for every S >= 1.
    """

    name: str
    multiplier: int = 1
    bonus: int = 0
    ranged: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(f"weapon name must be text, got {self.name!r}")
        _whole("weapon multiplier", self.multiplier)
        _whole("weapon bonus", self.bonus)
        if self.multiplier < 1:
            raise ValueError(f"weapon multiplier must be 1 or more, got {self.multiplier}")
        if not self.ranged and self.multiplier != 1:
            raise ValueError(f"a melee weapon is S + bonus (multiplier 1), got multiplier {self.multiplier}")
        if self.ranged and self.multiplier + self.bonus < 1:
            raise ValueError(
                f"{self.multiplier}*S{self.bonus:+d} gives {self.multiplier + self.bonus} at S=1; "
                "a ranged weapon must deal at least 1 there"
            )

    def term(self, margin: int, /) -> int:
        """The characteristic's value for margin S."""
        return self.multiplier * _whole("margin", margin) + self.bonus


MELEE_WEAPONS: tuple[Weapon, ...] = tuple(
    Weapon(name, 1, bonus)
    for name, bonus in (
        ("Без боевого искусства и оружия", -1),
        ("Мелкое оружие, камень, палка, боевой навык", 0),
        ("Кастет, дубинка, сапог", 1),
        ("Дубина, большой камень, нож", 2),
        ("Топор, палица, малый меч", 3),
        ("Средний меч, копьё, боевой топор", 4),
        ("Двуручный меч, молот", 5),
    )
)


@dataclass(frozen=True)
class RangedPreset:
    """A firearm row: multiplier and bonus ranges (``None`` = open), e.g. "Пистолет 2S-1...2S+1"."""

    name: str
    multiplier_min: int
    multiplier_max: int | None
    bonus_min: int
    bonus_max: int

    def weapon(self, multiplier: int | None = None, bonus: int | None = None, /) -> Weapon:
        """A model within the row's range (defaults: the row's lowest)."""
        x = self.multiplier_min if multiplier is None else _whole("multiplier", multiplier)
        y = self.bonus_min if bonus is None else _whole("bonus", bonus)
        top = "∞" if self.multiplier_max is None else self.multiplier_max
        if x < self.multiplier_min or (self.multiplier_max is not None and x > self.multiplier_max):
            raise ValueError(f"{self.name}: multiplier must be {self.multiplier_min}..{top}, got {x}")
        if not self.bonus_min <= y <= self.bonus_max:
            raise ValueError(f"{self.name}: bonus must be {self.bonus_min}..{self.bonus_max}, got {y}")
        return Weapon(self.name, x, y, ranged=True)


RANGED_WEAPONS: tuple[RangedPreset, ...] = (
    RangedPreset("Малый пистолет", 1, 1, 0, 1),
    RangedPreset("Пистолет", 2, 2, -1, 1),
    RangedPreset("Винтовка", 3, 3, -2, 3),
    RangedPreset("Крупнокалиберная винтовка", 4, 4, -3, 3),
    RangedPreset("Базука", 6, None, 0, 0),
)

DAMAGE_TYPES: dict[str, int] = {"Режущий": 2, "Большой пробивающий": 2, "Средний пробивающий": 1}

ARMOUR: dict[str, int] = {
    "Тканевая броня": 1,
    "Кожаная броня": 2,
    "Кольчуга": 3,
    "Легкая чашуйчатая броня": 4,
    "Пластинчатая броня": 5,
    "Латы": 6,
    "Современный бронежилет": 7,
}


@dataclass(frozen=True)
class DamageFactors:
    """Offensive and defensive damage factors (seed 002, 3.2).

    ``strength``: the attacker's Сила (melee) or the weapon's own strength (ranged);
    ``attack_scale``: the strength scale that counts (see :func:`melee_scale`);
    ``defence_scale``: the defender's toughness scale; ``toughness``: Живучесть.
    """

    weapon: Weapon
    strength: int = 0
    damage_type: int = 0
    attack_scale: int = 0
    attack_maneuver: int = 0
    armour: int = 0
    toughness: int = 0
    defence_scale: int = 0
    defence_maneuver: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.weapon, Weapon):
            raise ValueError(f"weapon must be a Weapon, got {self.weapon!r}")
        for name in (
            "strength",
            "damage_type",
            "attack_scale",
            "attack_maneuver",
            "armour",
            "toughness",
            "defence_scale",
            "defence_maneuver",
        ):
            _whole(name, getattr(self, name))

    @property
    def scale_difference(self) -> int:
        return self.attack_scale - self.defence_scale


@dataclass(frozen=True)
class Damage:
    """Damage from one hit: the real damage (>= 0), damage held back by scale
    (record it in a sub-scale :class:`Accumulator` at rate ``scale_rate``) and
    exhaustion damage (convert 4:1)."""

    amount: int
    sub_scale: int
    scale_rate: int
    exhaustion: int

    @property
    def wounds(self) -> tuple[int, ...]:
        """The damage to mark: one wound of ``amount``, or nothing at 0 (see :func:`hit_wounds`)."""
        return hit_wounds(self.amount)


def hit_wounds(amount: int, hits: int = 1, /) -> tuple[int, ...]:
    """Damage to mark on the wound track, one entry per wound (seed 002, 3.1 and 3.3).

    Every hitting bullet of a burst is a wound of its own with the per-bullet damage, so a
    burst marks ``hits`` boxes, not one box of the sum; damage 0 (stopped) marks nothing.

    >>> hit_wounds(3, 2), hit_wounds(0, 5), hit_wounds(2)
    ((3, 3), (), (2,))
    """
    if _whole("damage", amount) < 0:
        raise ValueError(f"damage must be 0 or more, got {amount}")
    if _whole("hits", hits) < 0:
        raise ValueError(f"hits must be 0 or more, got {hits}")
    return (amount,) * hits if amount else ()


def damage(margin: int, factors: DamageFactors, /) -> Damage:
    """Damage = margin through the weapon + offensive - defensive factors (seed 002, 3.2, 1.8).

    If only the scale difference stops a hit, its no-scale damage is sub-scale damage;
    if toughness (and scale) stop it, the damage before them is exhaustion damage.

    >>> sword = MELEE_WEAPONS[5]
    >>> damage(2, DamageFactors(sword, armour=3, toughness=1)).amount  # 2 + 4 - 3 - 1
    2
    """
    if _whole("margin", margin) < 1:
        raise ValueError(f"damage needs a margin of 1 or more, got {margin}")
    f = factors
    before = (
        f.weapon.term(margin) + f.strength + f.damage_type + f.attack_maneuver - f.armour - f.defence_maneuver
    )
    without_scale = before - f.toughness
    final = without_scale + f.scale_difference
    if final > 0:
        return Damage(final, 0, 0, 0)
    if without_scale > 0:
        return Damage(0, without_scale, -f.scale_difference, 0)
    if before > 0:
        return Damage(0, 0, 0, before)
    return Damage(0, 0, 0, 0)


# --- 1.8 scale ------------------------------------------------------------------------------------

SCALE_FACTORS: dict[str, Fraction] = {
    "strength": Fraction(6, 5),
    "toughness": Fraction(6, 5),
    "mass": Fraction(6, 5),
    "speed": Fraction(11, 10),
}
EXHAUSTION_RATE = 4


def scale_factor(steps: int, kind: str = "strength", /) -> Fraction:
    """Exact multiplier for ``steps`` of scale: 1.2 per step (strength, toughness, mass), 1.1 (speed).

    >>> scale_factor(2), scale_factor(-1, "speed")
    (Fraction(36, 25), Fraction(10, 11))
    """
    _whole("scale steps", steps)
    if kind not in SCALE_FACTORS:
        raise ValueError(f"scale kind must be one of {', '.join(SCALE_FACTORS)}, got {kind!r}")
    return SCALE_FACTORS[kind] ** steps


def headcount(scale: int, /) -> int:
    """People in a group of this scale: 1.2**scale rounded down (0 below scale 0).

    >>> headcount(12), headcount(10), headcount(0)
    (8, 6, 1)
    """
    return math.floor(scale_factor(scale))


@dataclass(frozen=True)
class MeleeScale:
    """The scale a muscle-powered weapon counts at, its damage penalty, and whether it is too big."""

    scale: int
    penalty: int
    too_heavy: bool


def melee_scale(strength_scale: int, weapon_scale: int, /) -> MeleeScale:
    """Seed 002, 1.8: a melee weapon counts at the strength scale; a smaller weapon costs
    -1 per 2 full steps below it; a weapon more than 2 steps above strength is flagged.

    >>> melee_scale(3, 0)
    MeleeScale(scale=3, penalty=-1, too_heavy=False)
    """
    _whole("strength scale", strength_scale)
    _whole("weapon scale", weapon_scale)
    gap = strength_scale - weapon_scale
    return MeleeScale(strength_scale, -(gap // 2) if gap > 0 else 0, weapon_scale > strength_scale + 2)


@dataclass(frozen=True)
class Accumulated:
    """Result of adding to an accumulator: the new state and the whole damage units it yields."""

    pool: Accumulator
    units: int


@dataclass(frozen=True)
class Accumulator:
    """Damage stored until it converts into real damage: sub-scale damage at ``rate`` = the
    scale difference, exhaustion damage at ``rate`` = 4 (seed 002, 1.8 and 3.2)."""

    rate: int
    stored: int = 0

    def __post_init__(self) -> None:
        if _whole("rate", self.rate) < 1:
            raise ValueError(f"conversion rate must be 1 or more, got {self.rate}")
        if not 0 <= _whole("stored damage", self.stored) < self.rate:
            raise ValueError(f"stored damage must be 0..{self.rate - 1}, got {self.stored}")

    def add(self, amount: int, /) -> Accumulated:
        """Store ``amount`` more; every full ``rate`` becomes one unit of real damage.

        >>> Accumulator(4, 3).add(6)
        Accumulated(pool=Accumulator(rate=4, stored=1), units=2)
        """
        if _whole("amount", amount) < 0:
            raise ValueError(f"amount must be 0 or more, got {amount}")
        units, rest = divmod(self.stored + amount, self.rate)
        return Accumulated(Accumulator(self.rate, rest), units)

    def to_dict(self) -> dict[str, int]:
        return {"rate": self.rate, "stored": self.stored}

    @classmethod
    def from_dict(cls, data: object, /) -> Accumulator:
        if not isinstance(data, dict) or set(data) != {"rate", "stored"}:
            raise ValueError(f"accumulator data must be a dict with 'rate' and 'stored', got {data!r}")
        return cls(data["rate"], data["stored"])


# Pool codes: damage held back only by the scale difference, and exhaustion damage.
SUB_SCALE, EXHAUSTION = "sub_scale", "exhaustion"


@dataclass(frozen=True)
class PoolFeed:
    """Damage for one pool: ``kind`` (SUB_SCALE or EXHAUSTION), ``amount`` and the pool's ``rate``
    (the scale difference; 4 for exhaustion)."""

    kind: str
    amount: int
    rate: int

    def __post_init__(self) -> None:
        if self.kind not in (SUB_SCALE, EXHAUSTION):
            raise ValueError(f"pool kind must be {SUB_SCALE!r} or {EXHAUSTION!r}, got {self.kind!r}")
        if _whole("amount", self.amount) < 0:
            raise ValueError(f"amount must be 0 or more, got {self.amount}")
        if _whole("rate", self.rate) < 1:
            raise ValueError(f"conversion rate must be 1 or more, got {self.rate}")
        if self.kind == EXHAUSTION and self.rate != EXHAUSTION_RATE:
            raise ValueError(f"exhaustion damage converts {EXHAUSTION_RATE}:1, got rate {self.rate}")


def pool_feed(detail: Damage, hits: int = 1, /) -> PoolFeed | None:
    """What a hit puts in the pools (seed 002, 1.8, 3.1, 3.2): its sub-scale damage at the scale
    rate, else its exhaustion damage at 4:1, once per hitting bullet; None when it has neither.

    >>> pool_feed(Damage(0, 3, 12, 0), 2)
    PoolFeed(kind='sub_scale', amount=6, rate=12)
    """
    if _whole("hits", hits) < 0:
        raise ValueError(f"hits must be 0 or more, got {hits}")
    if detail.sub_scale and hits:
        return PoolFeed(SUB_SCALE, detail.sub_scale * hits, detail.scale_rate)
    if detail.exhaustion and hits:
        return PoolFeed(EXHAUSTION, detail.exhaustion * hits, EXHAUSTION_RATE)
    return None


class ScaleMismatch(ValueError):
    """The sub-scale pool holds damage at another scale: it cannot take damage at this one."""

    def __init__(self, stored: int, rate: int, new: int, /) -> None:
        super().__init__(
            f"the sub-scale pool holds {stored} at scale {rate}; it cannot take damage at scale {new}"
        )
        self.stored, self.rate, self.new = stored, rate, new


@dataclass(frozen=True)
class DamagePools:
    """Sub-scale and exhaustion damage waiting to convert, and the real damage (whole units)
    each has produced that is not marked yet (seed 002, 1.8 and 3.2).

    The sub-scale pool has one rate (the scale difference): while it holds damage it takes no
    damage at another scale; empty, it switches.  Each converted unit is a wound of damage 1.

    >>> DamagePools().add(PoolFeed(EXHAUSTION, 9, 4)).wounds
    (1, 1)
    """

    sub_scale: Accumulator = Accumulator(2)
    sub_scale_units: int = 0
    exhaustion: Accumulator = Accumulator(EXHAUSTION_RATE)
    exhaustion_units: int = 0

    def __post_init__(self) -> None:
        for name in ("sub_scale", "exhaustion"):
            if not isinstance(getattr(self, name), Accumulator):
                raise ValueError(f"{name} must be an Accumulator, got {getattr(self, name)!r}")
        if self.exhaustion.rate != EXHAUSTION_RATE:
            raise ValueError(
                f"exhaustion damage converts {EXHAUSTION_RATE}:1, got rate {self.exhaustion.rate}"
            )
        for name in ("sub_scale_units", "exhaustion_units"):
            if _whole(name, getattr(self, name)) < 0:
                raise ValueError(f"{name} must be 0 or more, got {getattr(self, name)}")

    @property
    def ready(self) -> int:
        """Converted damage waiting to be marked."""
        return self.sub_scale_units + self.exhaustion_units

    @property
    def wounds(self) -> tuple[int, ...]:
        """The converted damage as wounds to mark: damage 1 each."""
        return hit_wounds(1, self.ready)

    def add(self, feed: PoolFeed, /) -> DamagePools:
        """Store ``feed`` in its pool; ScaleMismatch (a ValueError) when the sub-scale pool holds
        damage at another rate."""
        if feed.kind == EXHAUSTION:
            done = self.exhaustion.add(feed.amount)
            return replace(self, exhaustion=done.pool, exhaustion_units=self.exhaustion_units + done.units)
        pool = self.sub_scale
        if feed.rate != pool.rate:
            if pool.stored:
                raise ScaleMismatch(pool.stored, pool.rate, feed.rate)
            pool = Accumulator(feed.rate)
        done = pool.add(feed.amount)
        return replace(self, sub_scale=done.pool, sub_scale_units=self.sub_scale_units + done.units)

    def marked(self) -> DamagePools:
        """After the converted damage is marked: no units ready, the stored damage kept."""
        return replace(self, sub_scale_units=0, exhaustion_units=0)

    def reset(self) -> DamagePools:
        """Empty pools; the sub-scale pool keeps its rate."""
        return DamagePools(Accumulator(self.sub_scale.rate))

    def to_dict(self) -> dict[str, Any]:
        return {
            "sub": self.sub_scale.to_dict(),
            "sub_units": self.sub_scale_units,
            "exhaustion": self.exhaustion.to_dict(),
            "exhaustion_units": self.exhaustion_units,
        }

    @classmethod
    def from_dict(cls, data: object, /) -> DamagePools:
        """Rebuild from :meth:`to_dict` output; ValueError on anything malformed."""
        keys = {"sub", "sub_units", "exhaustion", "exhaustion_units"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"damage pool data must be a dict with keys {sorted(keys)}, got {data!r}")
        return cls(
            Accumulator.from_dict(data["sub"]),
            data["sub_units"],
            Accumulator.from_dict(data["exhaustion"]),
            data["exhaustion_units"],
        )


# --- 3.3 wounds -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class WoundBox:
    """A row of wound boxes: key, name, number of boxes, penalty (None: no numeric penalty)."""

    key: str
    name: str
    boxes: int
    penalty: int | None


WOUND_BOXES: tuple[WoundBox, ...] = (
    WoundBox("scratch", "Царапина", 4, 0),
    WoundBox("light", "Лёгкое повреждение", 2, -1),
    WoundBox("medium", "Среднее повреждение", 1, -2),
    WoundBox("heavy", "Тяжелое повреждение", 1, -3),
    WoundBox("incapacitated", "Выведен из строя", 1, None),
    WoundBox("dying", "При смерти", 1, None),
)
WOUND_STATES = {"unhurt": "Невредим", "dead": "Мёртв"}
_KEYS = tuple(box.key for box in WOUND_BOXES)


@dataclass(frozen=True)
class WoundTrack:
    """Marked boxes per row (scratch, light, medium, heavy, incapacitated, dying) and "dead".

    Damage d marks the first free box in row d (1 = scratch … 6 = dying) or in a worse row;
    7+ or no free box left means "Мёртв" (for the GM to confirm: the seed has no box for it).
    """

    marked: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    dead: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.marked, tuple) or len(self.marked) != len(WOUND_BOXES):
            raise ValueError(f"marked must be a tuple of {len(WOUND_BOXES)} counts, got {self.marked!r}")
        for box, count in zip(WOUND_BOXES, self.marked, strict=True):
            if not 0 <= _whole(f"{box.key} count", count) <= box.boxes:
                raise ValueError(f"{box.name}: marked boxes must be 0..{box.boxes}, got {count}")
        if not isinstance(self.dead, bool):
            raise ValueError(f"dead must be True or False, got {self.dead!r}")

    @property
    def worst(self) -> int | None:
        """Index of the worst marked row, or None."""
        rows = [i for i, count in enumerate(self.marked) if count]
        return rows[-1] if rows else None

    @property
    def status(self) -> str:
        """ "Мёртв", the worst marked row's name, or "Невредим"."""
        if self.dead:
            return WOUND_STATES["dead"]
        worst = self.worst
        return WOUND_STATES["unhurt"] if worst is None else WOUND_BOXES[worst].name

    @property
    def penalty(self) -> int:
        """Penalty of the worst marked row with a numeric penalty (penalties do not add up)."""
        values = [box.penalty for box, n in zip(WOUND_BOXES, self.marked, strict=True) if n and box.penalty]
        return min(values, default=0)

    @property
    def incapacitated(self) -> bool:
        return self.dead or bool(self.marked[4] or self.marked[5])

    def take(self, amount: int, /) -> WoundUpdate:
        """Mark a hit of ``amount`` damage (0 marks nothing).

        >>> WoundTrack().take(3).track.status
        'Среднее повреждение'
        """
        if _whole("damage", amount) < 0:
            raise ValueError(f"damage must be 0 or more, got {amount}")
        if amount == 0 or self.dead:
            return WoundUpdate(self, self, None)
        for row in range(min(amount, len(WOUND_BOXES) + 1) - 1, len(WOUND_BOXES)):
            if self.marked[row] < WOUND_BOXES[row].boxes:
                marked = list(self.marked)
                marked[row] += 1
                return WoundUpdate(self, WoundTrack(tuple(marked), False), row)
        return WoundUpdate(self, WoundTrack(self.marked, True), None)

    def mark(self, amount: int, /) -> WoundTrack:
        """The track after a hit of ``amount`` damage (see :meth:`take`).

        >>> WoundTrack((4, 0, 0, 0, 0, 0)).mark(1).marked  # scratches full: the next free worse row
        (4, 1, 0, 0, 0, 0)
        """
        return self.take(amount).track

    def mark_each(self, amounts: tuple[int, ...] | list[int], /) -> Marking:
        """Mark every wound in turn (each bullet, each converted unit is its own wound).

        >>> WoundTrack().mark_each((2, 2, 2)).track.marked
        (0, 2, 1, 0, 0, 0)
        """
        track, updates = self, []
        for amount in amounts:
            update = track.take(amount)
            updates.append(update)
            track = update.track
        return Marking(self, track, tuple(updates))

    def clear(self, row: int | str, /, count: int = 1) -> WoundTrack:
        """Clear ``count`` marked boxes in a row (index or key such as "light")."""
        index = _KEYS.index(row) if row in _KEYS else row
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(WOUND_BOXES):
            raise ValueError(
                f"row must be 0..{len(WOUND_BOXES) - 1} or one of {', '.join(_KEYS)}, got {row!r}"
            )
        if not 1 <= _whole("count", count) <= self.marked[index]:
            raise ValueError(
                f"{WOUND_BOXES[index].name}: can clear 1..{self.marked[index]} boxes, got {count}"
            )
        marked = list(self.marked)
        marked[index] -= count
        return WoundTrack(tuple(marked), self.dead)

    def clear_all(self) -> WoundTrack:
        return WoundTrack()

    def revive(self) -> WoundTrack:
        """The GM's decision: drop the "dead" flag, keep the boxes."""
        return WoundTrack(self.marked, False)

    def to_dict(self) -> dict[str, Any]:
        return {**dict(zip(_KEYS, self.marked, strict=True)), "dead": self.dead}

    @classmethod
    def from_dict(cls, data: object, /) -> WoundTrack:
        """Rebuild from :meth:`to_dict` output; ValueError on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError(f"wound track data must be a dict, got {type(data).__name__}")
        expected = {*_KEYS, "dead"}
        if set(data) != expected:
            missing, extra = expected - set(data), set(data) - expected
            raise ValueError(f"wound track keys wrong: missing {sorted(missing)}, unexpected {sorted(extra)}")
        return cls(tuple(data[key] for key in _KEYS), data["dead"])


@dataclass(frozen=True)
class WoundUpdate:
    """Before and after a hit, and the row marked (None: nothing marked, or death)."""

    before: WoundTrack
    track: WoundTrack
    row: int | None

    @property
    def box_name(self) -> str | None:
        return None if self.row is None else WOUND_BOXES[self.row].name


@dataclass(frozen=True)
class Marking:
    """Several wounds marked in turn: the track before, after, and each wound's update."""

    before: WoundTrack
    track: WoundTrack
    updates: tuple[WoundUpdate, ...]


# The wounds a group can take with a numeric penalty (seed 002, 1.8: "Если группа получает ранение,
# то в соответствии со штрафом ранения пересчитывается численность группы"): damage d marks row d
# on a fresh track, so damage 2, 3, 4 are the light (-1), medium (-2) and heavy (-3) wounds.
GROUP_WOUNDS: dict[int, WoundBox] = {
    damage: box for damage, box in enumerate(WOUND_BOXES, start=1) if box.penalty
}


@dataclass(frozen=True)
class Group:
    """A unit of many people at one scale (seed 002, 1.8); headcount is 1.2**scale rounded down."""

    scale: int
    track: WoundTrack = WoundTrack()

    def __post_init__(self) -> None:
        if not isinstance(self.track, WoundTrack):
            raise ValueError(f"track must be a WoundTrack, got {self.track!r}")
        _whole("group scale", self.scale)

    @property
    def headcount(self) -> int:
        return headcount(self.scale)

    def take(self, amount: int, /) -> GroupUpdate:
        """Mark a hit; a wound with a penalty lowers the scale by its size, recounts the group,
        keeps the scratches and clears every other box.

        >>> Group(12).take(3).group.scale, Group(12).take(3).group.headcount
        (10, 6)
        """
        if self.headcount < 1:
            raise ValueError(f"a group at scale {self.scale} has no one left to hit")
        update = self.track.take(amount)
        row = update.row
        penalty = WOUND_BOXES[row].penalty if row is not None else None
        if penalty:
            scratches = update.track.marked[0]
            group = Group(self.scale + penalty, WoundTrack((scratches, 0, 0, 0, 0, 0), False))
        else:
            group = Group(self.scale, update.track)
        return GroupUpdate(self, group, row, penalty or 0)

    def to_dict(self) -> dict[str, Any]:
        return {"scale": self.scale, "track": self.track.to_dict()}

    @classmethod
    def from_dict(cls, data: object, /) -> Group:
        if not isinstance(data, dict) or set(data) != {"scale", "track"}:
            raise ValueError(f"group data must be a dict with 'scale' and 'track', got {data!r}")
        return cls(data["scale"], WoundTrack.from_dict(data["track"]))


@dataclass(frozen=True)
class GroupUpdate:
    """A group before and after a hit, the row marked and the scale penalty applied."""

    before: Group
    group: Group
    row: int | None
    scale_penalty: int


# --- 3.1 attack and defence, rapid fire -----------------------------------------------------------

NO_DODGE = -3
MIN_DODGE = -4
MIN_HIT_LEVEL = -3


def rapid_fire_hits(bullets: int, margin: int, /) -> int:
    """Bullets that hit: 40 % at margin 0, +10 % per point, all at +6; at least 1; 0 on a miss.

    >>> [rapid_fire_hits(20, s) for s in (-1, 0, 1, 5, 6, 9)]
    [0, 8, 10, 18, 20, 20]
    """
    if _whole("bullets", bullets) < 1:
        raise ValueError(f"rapid fire needs 1 or more bullets, got {bullets}")
    if _whole("margin", margin) < 0:
        return 0
    percent = min(100, 40 + 10 * margin)
    return max(1, bullets * percent // 100)


def rapid_fire_bullet_margin(margin: int, /) -> int:
    """Margin used for each bullet's damage: half the margin (rounded down), at least 1."""
    if _whole("margin", margin) < 0:
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
    if _whole("range penalty", range_penalty) > 0 or range_penalty < RANGE_TABLE[-1][1]:
        raise ValueError(f"a range penalty is 0..{RANGE_TABLE[-1][1]} (seed 002, 2.3), got {range_penalty}")
    if _whole("graze cap", graze_cap) not in (1, 2):
        raise ValueError(f"a graze deals at most 1 (or 2 when the GM says so), got cap {graze_cap}")
    _whole("minimum hit level", min_hit_level)
    if bullets is not None and _whole("bullets", bullets) < 1:
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
    d = distribution(dice)
    attacks = {attacker.static + k: p for k, p in d.items()}
    if defender is None:
        defences = {NO_DODGE - range_penalty: Fraction(1)}
    else:
        defences = dice_engine.map_outcomes(
            {defender.static + k: p for k, p in d.items()}, lambda v: max(v, MIN_DODGE) - range_penalty
        )
    out = {FAILURE: Fraction(0), TIE: Fraction(0), SUCCESS: Fraction(0)}
    margins: dict[int, Fraction] = {}
    damages: dict[int, Fraction] = {}
    hits: dict[int, Fraction] = {}
    for a, pa in attacks.items():
        for b, pb in defences.items():
            p = pa * pb
            outcome, margin, dmg, n = _resolve(a, b, factors, graze_cap, bullets, min_hit_level)
            out[outcome] += p
            if outcome == SUCCESS:
                margins[margin] = margins.get(margin, Fraction(0)) + p
            damages[dmg] = damages.get(dmg, Fraction(0)) + p
            hits[n] = hits.get(n, Fraction(0)) + p
    return AttackOdds(
        miss=out[FAILURE],
        graze=out[TIE],
        hit=out[SUCCESS],
        margins=dict(sorted(margins.items())),
        damage=dict(sorted(damages.items())),
        hits=dict(sorted(hits.items())) if bullets is not None else None,
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
