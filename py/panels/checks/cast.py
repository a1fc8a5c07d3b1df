"""The checks panel's pickers: GaussD20 characters of the roster fill the inputs of a tool.

«Кто действует» in the skill check fills the skill level and luck; in the median roll intelligence
and luck; in the opposed check the attacker's weapon bonus («пассивные бонусы оружия (на
пробитие)») and luck, and «Против кого» the defender's armour bonus and luck; in combat the
attacker's skill, luck and weapon piercing, and «Против кого» the defender's skill, luck and
armour. The numbers stay editable.

>>> from rules.roster import GaussSheet, Roster
>>> roster = Roster().add("Борис", "gauss", GaussSheet(luck=7, skills=(("Меч", 8),)))
>>> dict(SKILL.fill(roster.entries[0].sheet, 0))
{'chk-skill': '8', 'chk-skill-luck': '7'}
"""

from __future__ import annotations

from typing import Any

from kit.msg import Cat, Renderable, signed
from panels.roster.shared import Picker, skill_items
from rules.roster import GaussSheet

__all__ = [
    "ATTACKER",
    "DEFENDER",
    "MEDIAN",
    "OPPOSED_ATTACKER",
    "OPPOSED_DEFENDER",
    "PICKERS",
    "SKILL",
    "attack_options",
    "weapon_items",
]


def _skill(sheet: GaussSheet, index: int | None) -> dict[str, str]:
    level = {} if index is None else {"chk-skill": str(sheet.skills[index][1])}
    return {**level, "chk-skill-luck": str(sheet.luck)}


def attack_options(sheet: GaussSheet) -> list[tuple[Renderable, int, int]]:
    """(label, skill level, piercing): every skill with every weapon (or bare-handed)."""
    weapons = sheet.weapons or (("", 0),)
    out: list[tuple[Renderable, int, int]] = []
    for skill, level in sheet.skills:
        for weapon, piercing in weapons:
            label = Cat((skill, signed(level)), " ")
            if weapon:
                label = Cat((label, Cat((weapon, signed(piercing)), " ")), " · ")
            out.append((label, level, piercing))
    return out


def _attacker(sheet: GaussSheet, index: int | None) -> dict[str, str]:
    fields = {"chk-cmb-aluck": str(sheet.luck)}
    listed = attack_options(sheet)
    if index is not None and index < len(listed):
        _label, level, piercing = listed[index]
        fields.update({"chk-cmb-att": str(level), "chk-cmb-pierce": str(piercing)})
    return fields


def _defender(sheet: GaussSheet, index: int | None) -> dict[str, str]:
    fields = {
        "chk-cmb-dluck": str(sheet.luck),
        "chk-cmb-armour": str(sheet.armour_bonus),
        "chk-cmb-penalty": str(sheet.armour_penalty),
    }
    if index is not None and index < len(sheet.skills):
        fields["chk-cmb-def"] = str(sheet.skills[index][1])
    return fields


def weapon_items(sheet: GaussSheet) -> list[Renderable]:
    """Each weapon with its piercing bonus (none listed: one option for the character)."""
    return [Cat((weapon, signed(piercing)), " ") for weapon, piercing in sheet.weapons]


def _opposed_attacker(sheet: GaussSheet, index: int | None) -> dict[str, str]:
    fields = {"chk-opp-aluck": str(sheet.luck)}
    if index is not None and index < len(sheet.weapons):
        fields["chk-opp-att"] = str(sheet.weapons[index][1])
    return fields


def _opposed_defender(sheet: GaussSheet, _index: Any) -> dict[str, str]:
    return {"chk-opp-def": str(sheet.armour_bonus), "chk-opp-dluck": str(sheet.luck)}


def _median(sheet: GaussSheet, _index: Any) -> dict[str, str]:
    return {"chk-med-int": str(sheet.intelligence), "chk-med-luck": str(sheet.luck)}


SKILL = Picker("chk-skill-who", "gauss", skill_items, _skill)
MEDIAN = Picker("chk-med-who", "gauss", None, _median)
ATTACKER = Picker("chk-cmb-who", "gauss", lambda s: [o[0] for o in attack_options(s)], _attacker)
DEFENDER = Picker("chk-cmb-whom", "gauss", skill_items, _defender)
OPPOSED_ATTACKER = Picker("chk-opp-who", "gauss", weapon_items, _opposed_attacker)
OPPOSED_DEFENDER = Picker("chk-opp-whom", "gauss", None, _opposed_defender)
# (the sub-tool whose inputs it fills, picker)
PICKERS = (
    ("skill", SKILL),
    ("median", MEDIAN),
    ("opposed", OPPOSED_ATTACKER),
    ("opposed", OPPOSED_DEFENDER),
    ("combat", ATTACKER),
    ("combat", DEFENDER),
)
