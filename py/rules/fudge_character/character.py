"""An Omicron sheet (seed 002 §1), its ledger (§1.9), validation and derived values.

>>> hero = Character("Ира", attributes=(("Ловкость", 2),), skills=(Skill("Стрельба", "Ловкость", level=1),))
>>> roll_modifier(hero, "Стрельба"), roll_modifier(hero, "Взлом", attribute="Ловкость")
(3, 1)
>>> hero = gain(hero, "chips", 2, "compensation")
>>> balance(spend_chip(hero, "success"), "chips")
1
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules import fudge
from rules.fudge_character.sheet import (
    ATTRIBUTES,
    KINDS,
    STRONG,
    Armour,
    Property,
    Scale,
    SheetError,
    Skill,
    Technique,
    WeaponItem,
    name_text,
    one_of,
    whole,
)

__all__ = [
    "CURRENCIES",
    "Budget",
    "GAIN_REASONS",
    "MAX_LEDGER",
    "MAX_PARTS",
    "SPEND_REASONS",
    "Character",
    "LedgerEntry",
    "PointTotals",
    "Problem",
    "attribute_level",
    "balance",
    "budget",
    "buy_success",
    "damage_factors",
    "defence_factors",
    "gain",
    "point_totals",
    "roll_modifier",
    "spend",
    "spend_chip",
    "validate",
]

MAX_PARTS = 100  # skills, techniques, properties, weapons, manifestations per sheet
MAX_LEDGER = 1000  # ledger lines kept on one sheet

# §1.9: «Очки персонажа и фишки FUDGE».
CURRENCIES: tuple[str, ...] = ("points", "chips")
# How each is earned (§1.9 «Получить …»): points at the start and as experience; chips as compensation.
GAIN_REASONS: dict[str, tuple[str, ...]] = {
    "points": ("start", "experience"),
    "chips": ("compensation",),
}
# How each is spent (§1.9 «Потратить …»): buying traits (points only), strong abilities, success.
SPEND_REASONS: dict[str, tuple[str, ...]] = {
    "points": ("traits", "ability", "success"),
    "chips": ("ability", "success"),
}


@dataclass(frozen=True)
class LedgerEntry:
    """One line of the §1.9 ledger: currency, signed amount (+ gain, − spend), reason code, note."""

    currency: str
    amount: int
    reason: str
    note: str = ""

    def __post_init__(self) -> None:
        one_of(self.currency, CURRENCIES, "currency")
        whole(self.amount, "ledger amount", -10_000, 10_000)
        if self.amount == 0:
            raise SheetError("zero_amount")
        reasons = GAIN_REASONS if self.amount > 0 else SPEND_REASONS
        one_of(self.reason, reasons[self.currency], "ledger reason")
        name_text(self.note, "ledger note", empty=True)


@dataclass(frozen=True)
class Character:
    """An Omicron sheet (seed 002 §1); every part may be left out (§1.7, the fractal rule).

    ``attributes`` lists only the attributes given, as (name, level) pairs: a missing one is
    «Нормально (0)» (§1.1).  ``wounds`` is ``None`` for a sheet without wound boxes.  A ``group``
    is one unit with a ``scale`` (§1.7, §1.8): its headcount is ``fudge.headcount(scale.mass)``.
    """

    name: str
    kind: str = "character"
    attributes: tuple[tuple[str, int], ...] = ()
    skills: tuple[Skill, ...] = ()
    techniques: tuple[Technique, ...] = ()
    properties: tuple[Property, ...] = ()
    weapons: tuple[WeaponItem, ...] = ()
    armour: Armour | None = None
    scale: Scale = field(default_factory=Scale)
    wounds: fudge.WoundTrack | None = field(default_factory=fudge.WoundTrack)
    ledger: tuple[LedgerEntry, ...] = ()
    notes: str = ""

    def __post_init__(self) -> None:
        name_text(self.name, "name")
        one_of(self.kind, KINDS, "kind")
        _items(self.attributes, tuple, "attributes")
        seen = set()
        for pair in self.attributes:
            if len(pair) != 2:
                raise SheetError("bad_attribute")
            one_of(pair[0], ATTRIBUTES, "attribute")
            whole(pair[1], "attribute level")
            if pair[0] in seen:
                raise SheetError("duplicate_attribute", attribute=pair[0])
            seen.add(pair[0])
        for part, kind in (
            ("skills", Skill),
            ("techniques", Technique),
            ("properties", Property),
            ("weapons", WeaponItem),
        ):
            _items(getattr(self, part), kind, part)
        if self.armour is not None and not isinstance(self.armour, Armour):
            raise SheetError("bad_armour")
        if not isinstance(self.scale, Scale):
            raise SheetError("bad_scale")
        if self.wounds is not None and not isinstance(self.wounds, fudge.WoundTrack):
            raise SheetError("bad_wounds")
        _items(self.ledger, LedgerEntry, "ledger", MAX_LEDGER)
        running = dict.fromkeys(CURRENCIES, 0)
        for entry in self.ledger:
            running[entry.currency] += entry.amount
            if running[entry.currency] < 0:
                raise SheetError("ledger_below_zero", currency=entry.currency)
        if not isinstance(self.notes, str) or len(self.notes) > 2000:
            raise SheetError("too_long", field="notes", limit=2000)


def _items(items: object, kind: type, what: str, limit: int = MAX_PARTS) -> None:
    if not isinstance(items, tuple) or not all(isinstance(i, kind) for i in items):
        raise SheetError("bad_list", field=what)
    if len(items) > limit:
        raise SheetError("too_many", field=what, limit=limit)


# --- validation -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """A rule a sheet breaks: a code and its parameters (the UI words it)."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()


def validate(character: Character, /) -> tuple[Problem, ...]:
    """What in a well-formed sheet breaks a seed rule; empty when none.

    Codes: ``duplicate_skill`` (§1.2), ``duplicate_technique``, ``technique_without_skill`` and
    ``subtechnique_without_parent`` / ``subtechnique_other_skill`` (§1.3),
    ``magic_below_strong`` (§1.5), ``too_heavy_weapon`` (§1.8), ``group_without_scale`` (§1.7).
    """
    c = character
    out: list[Problem] = []
    skills = [s.name for s in c.skills]
    out += [
        Problem("duplicate_skill", (("skill", n),))
        for n in sorted({n for n in skills if skills.count(n) > 1})
    ]
    techniques = {t.name: t for t in c.techniques}
    if len(techniques) < len(c.techniques):
        names = [t.name for t in c.techniques]
        out += [
            Problem("duplicate_technique", (("technique", n),))
            for n in sorted({n for n in names if names.count(n) > 1})
        ]
    for t in c.techniques:
        if t.skill not in skills:
            out.append(Problem("technique_without_skill", (("technique", t.name), ("skill", t.skill))))
        if t.parent is not None:
            parent = techniques.get(t.parent)
            if parent is None or parent is t:
                out.append(
                    Problem("subtechnique_without_parent", (("technique", t.name), ("parent", t.parent)))
                )
            elif parent.skill != t.skill:
                out.append(Problem("subtechnique_other_skill", (("technique", t.name), ("parent", t.parent))))
    for p in c.properties:
        if p.magic and p.strength < STRONG:
            out.append(Problem("magic_below_strong", (("property", p.name), ("strength", p.strength))))
    for w in c.weapons:
        if not w.weapon.ranged and fudge.melee_scale(c.scale.strength, w.scale).too_heavy:
            out.append(Problem("too_heavy_weapon", (("weapon", w.weapon.name), ("scale", w.scale))))
    if c.kind == "group" and c.scale.mass <= 0:
        out.append(Problem("group_without_scale", ()))
    return tuple(out)


# --- derived values -------------------------------------------------------------------------------


def attribute_level(character: Character, name: str, /) -> int:
    """An attribute's level; a missing one is «Нормально (0)» (§1.1)."""
    one_of(name, ATTRIBUTES, "attribute")
    return dict(character.attributes).get(name, 0)


def roll_modifier(
    character: Character,
    skill: str,
    technique: str | None = None,
    /,
    *,
    attribute: str | None = None,
    required: bool = False,
    default: int | None = None,
    adjustment: int = 0,
) -> int:
    """Attribute + skill (+ technique) for a roll (§2.1), with §1.2's defaults for what is missing.

    A missing skill needs ``attribute``; without it the skill term is −1, or the GM's ``default``
    when the skill is ``required``, plus the difficulty ``adjustment`` (``fudge.skill_term``).
    A missing technique on a present skill is treated the same way, one rung down («это отношение
    может быть применено также к паре Навык-Техника»).  Sub-techniques add their parents' levels.
    """
    have = {s.name: s for s in character.skills}
    if skill in have:
        base = attribute_level(character, attribute or have[skill].attribute) + have[skill].level
        if technique is None:
            return base
        chain = _technique_chain(character, skill, technique)
        if chain is None:
            return base + fudge.skill_term(None, required=required, default=default, adjustment=adjustment)
        return base + sum(t.level for t in chain)
    if attribute is None:
        raise SheetError("missing_skill_needs_attribute", skill=skill)
    term = fudge.skill_term(None, required=required, default=default, adjustment=adjustment)
    return attribute_level(character, attribute) + term


def _technique_chain(character: Character, skill: str, name: str) -> tuple[Technique, ...] | None:
    """The technique and its parents up to the skill, or None when the chain is broken."""
    by_name = {t.name: t for t in character.techniques}
    chain: list[Technique] = []
    current: str | None = name
    while current is not None:
        t = by_name.get(current)
        if t is None or t.skill != skill or t in chain:
            return None
        chain.append(t)
        current = t.parent
    return tuple(chain)


def defence_factors(character: Character, /) -> tuple[int, int, int]:
    """(armour, Живучесть, toughness scale): the defensive damage factors (§3.2, §1.8)."""
    armour = 0 if character.armour is None else character.armour.value
    return armour, attribute_level(character, "Живучесть"), character.scale.toughness


def damage_factors(
    attacker: Character, weapon: int, defender: Character | None = None, /
) -> fudge.DamageFactors:
    """The §3.2 damage factors of the attacker's weapon number ``weapon`` against ``defender``.

    Melee: the attacker's Сила, counted at the strength scale, −1 per 2 steps of a smaller weapon
    (§1.8, as an attack factor).  Ranged: the weapon's own strength and scale.  Defence from the
    defender's armour, Живучесть and toughness scale (none when ``defender`` is None).
    """
    if isinstance(weapon, bool) or not isinstance(weapon, int) or not 0 <= weapon < len(attacker.weapons):
        raise SheetError("no_such_weapon", index=str(weapon)[:10])
    item = attacker.weapons[weapon]
    if item.weapon.ranged:
        strength, scale, penalty = item.strength, item.scale, 0
    else:
        melee = fudge.melee_scale(attacker.scale.strength, item.scale)
        strength, scale, penalty = attribute_level(attacker, "Сила"), melee.scale, melee.penalty
    armour, toughness, defence_scale = (0, 0, 0) if defender is None else defence_factors(defender)
    return fudge.DamageFactors(
        item.weapon,
        strength=strength,
        damage_type=item.type_bonus,
        attack_scale=scale,
        attack_maneuver=penalty,
        armour=armour,
        toughness=toughness,
        defence_scale=defence_scale,
    )


@dataclass(frozen=True)
class PointTotals:
    """Sums over a sheet: levels bought (the seed prices only properties) and the §1.9 balances."""

    attributes: int
    skills: int
    techniques: int
    advantages: int
    disadvantages: int
    properties: int
    points: int
    chips: int
    traits_spent: int = 0  # points the ledger spent on traits («"покупки" … атрибутов, навыков, свойств»)

    @property
    def cost(self) -> int:
        """The sheet's total cost in character points: a level of an attribute, a skill or a
        technique costs one point (the §1.0 ladder: the seed prices no level, so a level is a
        point), a property what §1.4 prices it at, signed (advantages add, disadvantages take off).

        >>> PointTotals(2, 3, 1, 7, -2, 5, 0, 0).cost
        11
        """
        return self.attributes + self.skills + self.techniques + self.properties


def point_totals(character: Character, /) -> PointTotals:
    """Level sums, property costs (advantages, disadvantages, net) and the ledger balances."""
    costs = [p.cost for p in character.properties]
    return PointTotals(
        attributes=sum(v for _, v in character.attributes),
        skills=sum(s.level for s in character.skills),
        techniques=sum(t.level for t in character.techniques),
        advantages=sum(c for c in costs if c > 0),
        disadvantages=sum(c for c in costs if c < 0),
        properties=sum(costs),
        points=balance(character, "points"),
        chips=balance(character, "chips"),
        traits_spent=-sum(
            e.amount for e in character.ledger if e.currency == "points" and e.reason == "traits"
        ),
    )


# --- §1.9 ledger ----------------------------------------------------------------------------------


def balance(character: Character, currency: str, /) -> int:
    """Points or chips left: the sum of the ledger for that currency."""
    one_of(currency, CURRENCIES, "currency")
    return sum(e.amount for e in character.ledger if e.currency == currency)


@dataclass(frozen=True)
class Budget:
    """One currency of the §1.9 ledger: ``given`` (every gain), ``spent`` (every spend, positive)
    and ``left`` (given − spent, the balance): «потрачено 12 из 30»."""

    given: int
    spent: int

    @property
    def left(self) -> int:
        return self.given - self.spent


def budget(character: Character, currency: str, /) -> Budget:
    """What the GM gave in ``currency`` and what of it was spent (§1.9 «Игровые очки выдаются
    мастером на начало игры»: the gains are the budget, the spends are taken from it).

    >>> c = gain(gain(Character("Кац"), "points", 30, "start"), "points", 2, "experience")
    >>> b = budget(spend(c, "points", 12, "traits"), "points")
    >>> b.given, b.spent, b.left
    (32, 12, 20)
    """
    one_of(currency, CURRENCIES, "currency")
    amounts = [e.amount for e in character.ledger if e.currency == currency]
    return Budget(sum(a for a in amounts if a > 0), -sum(a for a in amounts if a < 0))


def gain(character: Character, currency: str, amount: int, reason: str, note: str = "", /) -> Character:
    """A new sheet with a gain recorded (§1.9 «Получить»); ``amount`` is 1 or more."""
    whole(amount, "amount", 1, 10_000)
    return _append(character, LedgerEntry(currency, amount, reason, note))


def spend(character: Character, currency: str, amount: int, reason: str, note: str = "", /) -> Character:
    """A new sheet with a spend recorded (§1.9 «Потратить»); refuses to go below zero."""
    whole(amount, "amount", 1, 10_000)
    left = balance(character, currency)
    if amount > left:
        raise SheetError("not_enough", currency=currency, have=left, need=amount)
    return _append(character, LedgerEntry(currency, -amount, reason, note))


def spend_chip(character: Character, reason: str, note: str = "", /) -> Character:
    """Spend one FUDGE chip (``"success"`` or ``"ability"``)."""
    return spend(character, "chips", 1, reason, note)


def buy_success(
    character: Character, currency: str = "chips", amount: int = 1, note: str = "", /
) -> Character:
    """Buy the success of an action (§1.9 «на покупку успеха действий»): spend ``amount``.

    The seed gives no price; one chip or one point per action is the default, the GM may ask more.
    """
    return spend(character, currency, amount, "success", note)


def _append(character: Character, entry: LedgerEntry) -> Character:
    if len(character.ledger) >= MAX_LEDGER:
        raise SheetError("too_many", field="ledger", limit=MAX_LEDGER)
    return replace(character, ledger=(*character.ledger, entry))
