"""The parts of an Omicron sheet (seed 002 §1.1–§1.8) and their costs.

Every part is an immutable value; constructors reject wrong types with a ``SheetError``
(a ``ValueError`` carrying a code and parameters).  Rule data are Russian, as the seed prints them.

>>> property_cost([("Нормально влияет", 1), ("Слабо влияет", -1)])
3
>>> property_cost([("Сверхсильно влияет", 1)]), property_cost([("Сверхсильно влияет", 1, 30)])
(20, 30)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules import fudge

__all__ = [
    "ATTRIBUTES",
    "BREADTHS",
    "CATEGORIES",
    "COST_WORDS",
    "KINDS",
    "MAX_LEVEL",
    "MAX_NAME",
    "SPECIALISATION",
    "STRONG",
    "Armour",
    "Manifestation",
    "Property",
    "Scale",
    "SheetError",
    "Skill",
    "Technique",
    "WeaponItem",
    "property_cost",
]

# §1.1: the four attributes; a missing one is «Нормально (0)».
ATTRIBUTES: tuple[str, ...] = ("Сила", "Живучесть", "Разум", "Ловкость")
# §1.2: difficulty category and breadth of a skill.
CATEGORIES: tuple[str, ...] = ("Легко", "Средне", "Трудно", "Оч.Трудно")
BREADTHS: tuple[str, ...] = ("Специальный", "Обычный", "Широкий", "Оч.Широкий")
# §1.2: «Атрибут > Оч. Широкий навык > Широкий навык > Обычный навык > Специальный навык > Техника».
SPECIALISATION: tuple[str, ...] = ("Атрибут", "Оч.Широкий", "Широкий", "Обычный", "Специальный", "Техника")
# §1.4: the cost table; «Сверхсильно влияет +/- 20+...» counts 20 unless a larger cost is given.
COST_WORDS: dict[str, int] = {
    "Почти не влияет": 1,
    "Слабо влияет": 2,
    "Умеренно влияет": 3,
    "Нормально влияет": 5,
    "Ощутимо влияет": 7,
    "Сильно влияет": 10,
    "Очень сильно влияет": 15,
    "Сверхсильно влияет": 20,
}
OPEN_ENDED = "Сверхсильно влияет"
STRONG = COST_WORDS["Сильно влияет"]  # §1.5: magic, psi, superpowers are at least this
# §1.7: what a sheet describes: a character, an object (a door, a vehicle) or a group with a scale.
KINDS: tuple[str, ...] = ("character", "object", "group")

MAX_NAME = 80  # characters in any name or note of a sheet part
MAX_LEVEL = 30  # |level| of any attribute, skill, technique, scale or factor
MAX_COST = 1000  # an explicit «Сверхсильно влияет» cost


class SheetError(ValueError):
    """A malformed sheet part or saved sheet: ``code`` and ``params`` for the UI to word."""

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return f"{self.code} {self.params}" if self.params else self.code


def whole(value: object, what: str, low: int = -MAX_LEVEL, high: int = MAX_LEVEL) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SheetError("not_whole", field=what)
    if not low <= value <= high:
        raise SheetError("out_of_range", field=what, low=low, high=high)
    return value


def name_text(value: object, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise SheetError("not_text", field=what)
    if len(value) > MAX_NAME:
        raise SheetError("too_long", field=what, limit=MAX_NAME)
    if not empty and not value.strip():
        raise SheetError("empty", field=what)
    return value


def one_of(value: object, choices: Iterable[str], what: str) -> str:
    options = tuple(choices)
    if not isinstance(value, str) or value not in options:
        raise SheetError("unknown_choice", field=what, choices=options)
    return value


# --- §1.2 skills, §1.3 techniques -----------------------------------------------------------------


@dataclass(frozen=True)
class Skill:
    """A skill (§1.2): its attribute, category, breadth and level (added to the attribute, §2.1)."""

    name: str
    attribute: str = "Ловкость"
    category: str = "Средне"
    breadth: str = "Обычный"
    level: int = 0

    def __post_init__(self) -> None:
        name_text(self.name, "skill")
        one_of(self.attribute, ATTRIBUTES, "skill attribute")
        one_of(self.category, CATEGORIES, "skill category")
        one_of(self.breadth, BREADTHS, "skill breadth")
        whole(self.level, "skill level")


@dataclass(frozen=True)
class Technique:
    """A technique built on a skill (§1.3), or a sub-technique built on ``parent`` (a technique)."""

    name: str
    skill: str
    level: int = 0
    parent: str | None = None

    def __post_init__(self) -> None:
        name_text(self.name, "technique")
        name_text(self.skill, "technique skill")
        whole(self.level, "technique level")
        if self.parent is not None:
            name_text(self.parent, "technique parent")


# --- §1.4 properties, §1.5 magic ------------------------------------------------------------------


def _word_cost(word: object, override: object = None) -> int:
    if not isinstance(word, str) or word not in COST_WORDS:
        raise SheetError("unknown_cost_word", word=str(word)[:MAX_NAME], choices=tuple(COST_WORDS))
    if override is None:
        return COST_WORDS[word]
    if word != OPEN_ENDED:
        raise SheetError("cost_override_not_open", word=word)
    return whole(override, "cost", COST_WORDS[OPEN_ENDED], MAX_COST)


def _sign(sign: object) -> int:
    if isinstance(sign, bool) or sign not in (1, -1):
        raise SheetError("bad_sign", sign=str(sign)[:10])
    return int(sign)


def property_cost(effects: Iterable[tuple[Any, ...]], /) -> int:
    """The signed sum of a property's manifestations (§1.4): pairs ``(cost word, sign)``.

    Negative manifestations count with a minus («отрицательные проявления участвуют в сложении со
    знаком минуса»).  «Сверхсильно влияет» counts 20, or a third item gives a larger cost
    (the seed's «20+»).  Unknown words, signs other than ±1 or a cost below 20 raise ``SheetError``.

    >>> property_cost([("Сильно влияет", 1), ("Умеренно влияет", -1), ("Почти не влияет", -1)])
    6
    >>> try:
    ...     property_cost([("Чуть-чуть", 1)])
    ... except ValueError as error:
    ...     error.code, error.params["word"]
    ('unknown_cost_word', 'Чуть-чуть')
    """
    total = 0
    for effect in effects:
        if not isinstance(effect, tuple | list) or len(effect) not in (2, 3):
            raise SheetError("bad_effect")
        override = effect[2] if len(effect) == 3 else None
        total += _sign(effect[1]) * _word_cost(effect[0], override)
    return total


@dataclass(frozen=True)
class Manifestation:
    """One side of a property (§1.4): what it does, how strongly (a cost word) and its sign."""

    word: str
    sign: int = 1
    note: str = ""
    cost: int | None = None  # only for «Сверхсильно влияет»: 20 or more

    def __post_init__(self) -> None:
        _word_cost(self.word, self.cost)
        _sign(self.sign)
        name_text(self.note, "manifestation note", empty=True)

    @property
    def value(self) -> int:
        """The signed cost of this manifestation."""
        return self.sign * _word_cost(self.word, self.cost)


@dataclass(frozen=True)
class Property:
    """A property (§1.4): advantages (+) and disadvantages (−) in one; ``magic`` marks §1.5."""

    name: str
    manifestations: tuple[Manifestation, ...] = ()
    magic: bool = False

    def __post_init__(self) -> None:
        name_text(self.name, "property")
        if not isinstance(self.manifestations, tuple) or not all(
            isinstance(m, Manifestation) for m in self.manifestations
        ):
            raise SheetError("bad_manifestations", property=self.name)
        if not isinstance(self.magic, bool):
            raise SheetError("not_flag", field="magic")

    @property
    def cost(self) -> int:
        """Signed sum of the manifestations (§1.4)."""
        return sum(m.value for m in self.manifestations)

    @property
    def strength(self) -> int:
        """The positive side alone: what §1.5 requires to be at least «Сильно влияет»."""
        return sum(m.value for m in self.manifestations if m.sign > 0)

    @property
    def compensated(self) -> bool:
        """Whether a negative side offsets it («скомпенсированы отрицательной стороной», §1.5)."""
        return any(m.sign < 0 for m in self.manifestations)

    @property
    def kind(self) -> str:
        """«Преимущество» when it costs more than 0, «Недостаток» below, «Смешанное» at 0 (§1.4)."""
        return "advantage" if self.cost > 0 else "disadvantage" if self.cost < 0 else "mixed"


# --- §1.6 equipment, §1.8 scale -------------------------------------------------------------------


@dataclass(frozen=True)
class WeaponItem:
    """A carried weapon (§1.6): its characteristic, damage type, scale and (ranged) own strength.

    ``damage_type`` is a key of ``fudge.DAMAGE_TYPES`` or ``None``; ``scale`` is the weapon's scale
    (§1.8); ``strength`` is the weapon's own strength for a ranged weapon (§3.2), 0 for melee.
    """

    weapon: fudge.Weapon
    damage_type: str | None = None
    scale: int = 0
    strength: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.weapon, fudge.Weapon):
            raise SheetError("bad_weapon")
        name_text(self.weapon.name, "weapon")
        if self.damage_type is not None:
            one_of(self.damage_type, fudge.DAMAGE_TYPES, "damage type")
        whole(self.scale, "weapon scale")
        whole(self.strength, "weapon strength")
        if not self.weapon.ranged and self.strength:
            raise SheetError("melee_own_strength")

    @property
    def type_bonus(self) -> int:
        return 0 if self.damage_type is None else fudge.DAMAGE_TYPES[self.damage_type]


@dataclass(frozen=True)
class Armour:
    """Armour (§1.6): a name and its defence value (the seed's list is ``fudge.ARMOUR``)."""

    name: str
    value: int

    def __post_init__(self) -> None:
        name_text(self.name, "armour")
        whole(self.value, "armour value", 0, MAX_LEVEL)

    @classmethod
    def from_list(cls, name: str, /) -> Armour:
        """Armour from the seed's list, e.g. ``Armour.from_list("Кольчуга")`` = +3."""
        return cls(name, fudge.ARMOUR[one_of(name, fudge.ARMOUR, "armour")])


@dataclass(frozen=True)
class Scale:
    """§1.8: Масштаб Силы, Живучести, Массы, Скорости (usually one number for all four)."""

    strength: int = 0
    toughness: int = 0
    mass: int = 0
    speed: int = 0

    def __post_init__(self) -> None:
        for part in ("strength", "toughness", "mass", "speed"):
            whole(getattr(self, part), f"scale {part}")

    @classmethod
    def single(cls, value: int, /) -> Scale:
        """One scale for all four («как правило они используются как единый масштаб»)."""
        return cls(value, value, value, value)
