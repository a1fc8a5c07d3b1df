"""Omicron FUDGE (seed 002): equipment and damage (1.6, 3.2) and scale (1.8), with the damage accumulators and pools. Re-exported by :mod:`rules.fudge`."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rules.values import whole_number

__all__ = [
    "Weapon",
    "MELEE_WEAPONS",
    "RangedPreset",
    "RANGED_WEAPONS",
    "DAMAGE_TYPES",
    "ARMOUR",
    "DamageFactors",
    "Damage",
    "hit_wounds",
    "damage",
    "SCALE_FACTORS",
    "EXHAUSTION_RATE",
    "scale_factor",
    "headcount",
    "MeleeScale",
    "melee_scale",
    "Accumulated",
    "Accumulator",
    "SUB_SCALE",
    "EXHAUSTION",
    "PoolFeed",
    "pool_feed",
    "ScaleMismatch",
    "DamagePools",
]

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
        whole_number("weapon multiplier", self.multiplier)
        whole_number("weapon bonus", self.bonus)
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
        return self.multiplier * whole_number("margin", margin) + self.bonus


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
        x = self.multiplier_min if multiplier is None else whole_number("multiplier", multiplier)
        y = self.bonus_min if bonus is None else whole_number("bonus", bonus)
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
            whole_number(name, getattr(self, name))

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
    if whole_number("damage", amount) < 0:
        raise ValueError(f"damage must be 0 or more, got {amount}")
    if whole_number("hits", hits) < 0:
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
    if whole_number("margin", margin) < 1:
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
    whole_number("scale steps", steps)
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
    whole_number("strength scale", strength_scale)
    whole_number("weapon scale", weapon_scale)
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
        if whole_number("rate", self.rate) < 1:
            raise ValueError(f"conversion rate must be 1 or more, got {self.rate}")
        if not 0 <= whole_number("stored damage", self.stored) < self.rate:
            raise ValueError(f"stored damage must be 0..{self.rate - 1}, got {self.stored}")

    def add(self, amount: int, /) -> Accumulated:
        """Store ``amount`` more; every full ``rate`` becomes one unit of real damage.

        >>> Accumulator(4, 3).add(6)
        Accumulated(pool=Accumulator(rate=4, stored=1), units=2)
        """
        if whole_number("amount", amount) < 0:
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
        if whole_number("amount", self.amount) < 0:
            raise ValueError(f"amount must be 0 or more, got {self.amount}")
        if whole_number("rate", self.rate) < 1:
            raise ValueError(f"conversion rate must be 1 or more, got {self.rate}")
        if self.kind == EXHAUSTION and self.rate != EXHAUSTION_RATE:
            raise ValueError(f"exhaustion damage converts {EXHAUSTION_RATE}:1, got rate {self.rate}")


def pool_feed(detail: Damage, hits: int = 1, /) -> PoolFeed | None:
    """What a hit puts in the pools (seed 002, 1.8, 3.1, 3.2): its sub-scale damage at the scale
    rate, else its exhaustion damage at 4:1, once per hitting bullet; None when it has neither.

    >>> pool_feed(Damage(0, 3, 12, 0), 2)
    PoolFeed(kind='sub_scale', amount=6, rate=12)
    """
    if whole_number("hits", hits) < 0:
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
            if whole_number(name, getattr(self, name)) < 0:
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
