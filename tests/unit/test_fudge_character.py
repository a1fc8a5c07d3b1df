"""Omicron characters (seed 002 §1): costs, validation, derived values, ledger and codec."""

from __future__ import annotations

import itertools
import json

import pytest

from rules import fudge
from rules.fudge_character import (
    ATTRIBUTES,
    COST_WORDS,
    Armour,
    Character,
    Manifestation,
    Problem,
    Property,
    Scale,
    SheetError,
    Skill,
    Technique,
    WeaponItem,
    attribute_level,
    balance,
    buy_success,
    character_from_data,
    character_to_data,
    damage_factors,
    defence_factors,
    gain,
    point_totals,
    property_cost,
    roll_modifier,
    spend,
    spend_chip,
    validate,
)


def codes(character: Character) -> list[str]:
    return [p.code for p in validate(character)]


def test_attributes_default_to_normal() -> None:
    """§1.1: four attributes, «По умолчанию уровень атрибута равен значению Нормально (0)»."""
    c = Character("Ира", attributes=(("Сила", 2),))
    assert ATTRIBUTES == ("Сила", "Живучесть", "Разум", "Ловкость")
    assert [attribute_level(c, a) for a in ATTRIBUTES] == [2, 0, 0, 0]
    with pytest.raises(ValueError):
        Character("Ира", attributes=(("Харизма", 1),))
    with pytest.raises(ValueError):
        Character("Ира", attributes=(("Сила", 1), ("Сила", 2)))


def test_property_cost_issue_example_and_table() -> None:
    """§1.4: the cost table «Почти не влияет +/-1 … Сверхсильно влияет +/- 20+»; mixed properties
    are a signed sum («отрицательные проявления участвуют в сложении со знаком минуса»)."""
    assert property_cost([("Нормально влияет", 1), ("Слабо влияет", -1)]) == 3
    assert list(COST_WORDS.values()) == [1, 2, 3, 5, 7, 10, 15, 20]
    assert property_cost([("Сверхсильно влияет", -1)]) == -20
    assert property_cost([("Сверхсильно влияет", 1, 35)]) == 35
    assert property_cost([]) == 0


def test_property_cost_brute_force_signed_sum() -> None:
    """§1.4: every pair of words and signs costs the sum of the signed table values."""
    for (w1, s1), (w2, s2) in itertools.product(itertools.product(COST_WORDS, (1, -1)), repeat=2):
        assert property_cost([(w1, s1), (w2, s2)]) == s1 * COST_WORDS[w1] + s2 * COST_WORDS[w2]


@pytest.mark.parametrize(
    ("effects", "code"),
    [
        ([("Чуть-чуть", 1)], "unknown_cost_word"),
        ([("Слабо влияет", 2)], "bad_sign"),
        ([("Слабо влияет", True)], "bad_sign"),
        ([("Слабо влияет", 1, 30)], "cost_override_not_open"),
        ([("Сверхсильно влияет", 1, 19)], "out_of_range"),
        (["Слабо влияет"], "bad_effect"),
    ],
)
def test_property_cost_refuses_unknown_input(effects: list, code: str) -> None:
    """§1.4: only the table's words and signs ±1; a larger cost only for «Сверхсильно» (20+)."""
    with pytest.raises(ValueError) as caught:
        property_cost(effects)
    assert caught.value.code == code  # type: ignore[attr-defined]


def test_property_kind_and_magic_rule() -> None:
    """§1.4 Преимущества/Недостатки; §1.5 magic is «Сильновлияющим и выше если не скомпенсированы»."""
    weak = Property("Телекинез", (Manifestation("Ощутимо влияет"),), magic=True)
    strong = Property("Телекинез", (Manifestation("Сильно влияет"),), magic=True)
    compensated = Property(
        "Телекинез", (Manifestation("Сильно влияет"), Manifestation("Ощутимо влияет", -1)), magic=True
    )
    assert codes(Character("Пси", properties=(weak,))) == ["magic_below_strong"]
    assert codes(Character("Пси", properties=(strong, compensated))) == []
    assert compensated.cost == 3 and compensated.compensated and compensated.kind == "advantage"
    assert Property("Хромота", (Manifestation("Слабо влияет", -1),)).kind == "disadvantage"


def test_missing_skill_defaults() -> None:
    """§1.2: without the skill, a non-required action is the attribute at −1 («Посредственно»);
    a required one uses the GM's default; «бонус или штраф за сложность» is added to the default."""
    c = Character("Ира", attributes=(("Ловкость", 2), ("Сила", 1)))
    assert roll_modifier(c, "Лазание", attribute="Сила") == 0
    assert roll_modifier(c, "Взлом", attribute="Ловкость", required=True, default=-3) == -1
    assert roll_modifier(c, "Взлом", attribute="Ловкость", required=True, default=-3, adjustment=-1) == -2
    with pytest.raises(ValueError):
        roll_modifier(c, "Взлом")  # no attribute to fall back on


def test_skill_technique_subtechnique_modifier() -> None:
    """§1.2/§1.3/§2.1: attribute + skill + technique (+ sub-technique); a missing technique uses
    the skill with the same default («может быть применено также к паре Навык-Техника»)."""
    c = Character(
        "Ира",
        attributes=(("Ловкость", 1),),
        skills=(Skill("Фехтование", "Ловкость", "Трудно", "Обычный", 2),),
        techniques=(
            Technique("Выпад", "Фехтование", 1),
            Technique("Двойной выпад", "Фехтование", 1, parent="Выпад"),
        ),
    )
    assert roll_modifier(c, "Фехтование") == 3
    assert roll_modifier(c, "Фехтование", "Выпад") == 4
    assert roll_modifier(c, "Фехтование", "Двойной выпад") == 5
    assert roll_modifier(c, "Фехтование", "Парирование") == 2
    assert roll_modifier(c, "Фехтование", attribute="Сила") == 2  # GM picks another attribute
    assert codes(c) == []


def test_technique_without_skill_is_reported() -> None:
    """§1.3: «Техника … основанный … на навыке в качестве базы»: no skill, no technique."""
    c = Character(
        "Ира",
        skills=(Skill("Стрельба"), Skill("Стрельба")),
        techniques=(
            Technique("Выпад", "Фехтование"),
            Technique("Сирота", "Стрельба", parent="Нет такой"),
            Technique("Очередь", "Стрельба"),
            Technique("Чужая", "Фехтование", parent="Очередь"),
        ),
    )
    assert validate(c)[0] == Problem("duplicate_skill", (("skill", "Стрельба"),))
    assert codes(c) == [
        "duplicate_skill",
        "technique_without_skill",
        "subtechnique_without_parent",
        "technique_without_skill",
        "subtechnique_other_skill",
    ]


def test_fractal_door_and_group() -> None:
    """§1.7: «Что угодно может быть описано как персонаж … Используйте только то, что необходимо»:
    a door with only Живучесть and wound boxes; §1.8 a group as one unit with a scale."""
    door = Character("Дверь", kind="object", attributes=(("Живучесть", 3),))
    assert defence_factors(door) == (0, 3, 0) and door.wounds == fudge.WoundTrack()
    bare = Character("Скала", kind="object", wounds=None)
    assert codes(bare) == [] and point_totals(bare).attributes == 0
    squad = Character("Отряд", kind="group", scale=Scale.single(12))
    assert fudge.headcount(squad.scale.mass) == 8 and codes(squad) == []
    assert codes(Character("Отряд", kind="group")) == ["group_without_scale"]


def test_weapon_damage_factors_match_rules_fudge() -> None:
    """§1.6/§3.2/§1.8: melee uses the attacker's Сила at the strength scale, −1 per 2 steps of a
    smaller weapon; ranged uses its own strength and scale; defence = armour, Живучесть, scale."""
    sword = WeaponItem(fudge.MELEE_WEAPONS[5], "Режущий", scale=0)
    rifle = WeaponItem(fudge.RANGED_WEAPONS[2].weapon(3, 1), scale=1, strength=2)
    giant = Character("Великан", attributes=(("Сила", 2),), scale=Scale.single(4), weapons=(sword, rifle))
    knight = Character("Рыцарь", attributes=(("Живучесть", 1),), armour=Armour.from_list("Кольчуга"))
    melee = damage_factors(giant, 0, knight)
    assert melee == fudge.DamageFactors(
        sword.weapon, strength=2, damage_type=2, attack_scale=4, attack_maneuver=-2, armour=3, toughness=1
    )
    # S=2: 2 + 4 (sword) + 2 (Сила) + 2 (Режущий) + 4 (scale) − 2 (small weapon) − 3 − 1 = 8
    assert fudge.damage(2, melee).amount == 8
    ranged = damage_factors(giant, 1, knight)
    assert (ranged.strength, ranged.attack_scale, ranged.attack_maneuver) == (2, 1, 0)
    assert fudge.damage(1, ranged).amount == 3 * 1 + 1 + 2 + 1 - 3 - 1
    with pytest.raises(ValueError):
        damage_factors(giant, 2, knight)


def test_too_heavy_weapon_is_reported() -> None:
    """§1.8: «он может поднять оружие максимум на 2 масштаба больше без штрафов»."""
    club = WeaponItem(fudge.MELEE_WEAPONS[3], scale=3)
    assert codes(Character("Ира", weapons=(club,))) == ["too_heavy_weapon"]
    assert codes(Character("Ира", weapons=(club,), scale=Scale.single(1))) == []


def test_ledger_gains_spends_and_refusals() -> None:
    """§1.9: points from the GM at the start and as experience; chips as compensation for a
    disadvantage; both spent on strong abilities and «на покупку успеха действий»; never below 0."""
    c = gain(Character("Ира"), "points", 10, "start")
    c = gain(c, "points", 2, "experience", "сессия 1")
    c = gain(c, "chips", 1, "compensation")
    c = spend(c, "points", 5, "traits")
    c2 = buy_success(spend_chip(c, "ability"), "points", 3)
    assert (balance(c2, "points"), balance(c2, "chips")) == (4, 0)
    assert [e.reason for e in c2.ledger] == [
        "start",
        "experience",
        "compensation",
        "traits",
        "ability",
        "success",
    ]
    assert balance(c, "chips") == 1  # the old sheet is unchanged
    with pytest.raises(ValueError) as caught:
        spend_chip(c2, "success")
    assert caught.value.code == "not_enough"  # type: ignore[attr-defined]
    for bad in (("chips", 1, "experience"), ("chips", 0, "compensation"), ("points", -1, "start")):
        with pytest.raises(ValueError):
            gain(c, *bad)
    with pytest.raises(ValueError):
        spend(c, "chips", 1, "traits")  # chips do not buy traits


def test_point_totals() -> None:
    """§1.4/§1.9: property costs split into advantages and disadvantages; balances from the ledger."""
    c = Character(
        "Ира",
        attributes=(("Сила", 2), ("Разум", -1)),
        skills=(Skill("Бег", level=2),),
        properties=(
            Property("Зоркость", (Manifestation("Слабо влияет"),)),
            Property("Трусость", (Manifestation("Нормально влияет", -1),)),
        ),
        ledger=(),
    )
    t = point_totals(gain(c, "chips", 2, "compensation"))
    assert (t.attributes, t.skills, t.advantages, t.disadvantages, t.properties, t.chips) == (
        1,
        2,
        2,
        -5,
        -3,
        2,
    )
    assert t.cost == 1 + 2 - 3 and t.traits_spent == 0  # a level a point, properties as priced
    spent = point_totals(spend(gain(c, "points", 10, "start"), "points", 4, "traits"))
    assert spent.traits_spent == 4 and spent.points == 6


def full_character() -> Character:
    c = Character(
        "Ира «Лиса»",
        attributes=(("Ловкость", 2), ("Живучесть", 1)),
        skills=(Skill("Фехтование", "Ловкость", "Трудно", "Широкий", 2),),
        techniques=(Technique("Выпад", "Фехтование", 1), Technique("Двойной", "Фехтование", 1, "Выпад")),
        properties=(
            Property("Огненная магия", (Manifestation("Сверхсильно влияет", 1, "огонь", 25),), magic=True),
        ),
        weapons=(
            WeaponItem(fudge.MELEE_WEAPONS[4], "Режущий"),
            WeaponItem(fudge.RANGED_WEAPONS[1].weapon(), scale=0),
        ),
        armour=Armour.from_list("Латы"),
        scale=Scale(1, 1, 0, 0),
        wounds=fudge.WoundTrack().mark(2),
        notes="<b>текст</b>",
    )
    return gain(c, "chips", 3, "compensation")


def test_codec_round_trip_through_json() -> None:
    """Saved sheets survive JSON unchanged."""
    c = full_character()
    data = json.loads(json.dumps(character_to_data(c)))
    assert character_from_data(data) == c


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(schema=2),
        lambda d: d.pop("ledger"),
        lambda d: d.update(extra=1),
        lambda d: d.update(name="x" * 81),
        lambda d: d.update(skills=[["Бег"]]),
        lambda d: d.update(skills=[["Бег", "Ловкость", "Средне", "Обычный", 99]]),
        lambda d: d.update(skills=[["Бег", "Ловкость", "Средне", "Обычный", 1]] * 101),
        lambda d: d.update(attributes={"Сила": True}),
        lambda d: d.update(attributes=[1]),
        lambda d: d.update(ledger=[["chips", -5, "success", ""]]),
        lambda d: d["properties"][0]["manifestations"][0].__setitem__(0, "Слегка"),
        lambda d: d["weapons"][0].update(ranged="yes"),
        lambda d: d["weapons"][1].update(bonus=-5),
        lambda d: d.update(wounds={"scratch": 9}),
        lambda d: d.update(scale=[1, 2, 3, 4, 5]),
        lambda d: d.update(armour=["Латы"]),
        lambda d: d.update(notes=None),
    ],
)
def test_codec_refuses_malformed_data(damage) -> None:
    """Saved data are untrusted: every malformed sheet raises a ValueError with a code."""
    data = json.loads(json.dumps(character_to_data(full_character())))
    damage(data)
    with pytest.raises(SheetError) as caught:
        character_from_data(data)
    assert caught.value.code


@pytest.mark.parametrize("data", [None, [], "x", 3, {"schema": 1}, {"schema": 1, "name": 5}])
def test_codec_refuses_non_sheets(data) -> None:
    """Anything that is not a saved sheet is refused with a code, never another exception."""
    with pytest.raises(SheetError):
        character_from_data(data)


def test_sheet_is_immutable() -> None:
    """``Character`` is frozen: a change is a new sheet."""
    c = Character("Ира")
    with pytest.raises(AttributeError):
        c.name = "Оля"  # type: ignore[misc]
