"""JSON codec of a sheet.  Saved data are untrusted: every field is checked, sizes are bounded,
and anything malformed raises ``SheetError`` (a ``ValueError`` with a code and parameters).

>>> from rules.fudge_character.character import Character
>>> character_from_data(character_to_data(Character("Дверь", kind="object"))).name
'Дверь'
>>> character_from_data({"schema": 99})
Traceback (most recent call last):
...
rules.fudge_character.sheet.SheetError: bad_schema {'schema': '99'}
"""

from __future__ import annotations

from typing import Any

from rules import fudge
from rules.fudge_character.character import MAX_LEDGER, MAX_PARTS, Character, LedgerEntry
from rules.fudge_character.sheet import (
    Armour,
    Manifestation,
    Property,
    Scale,
    SheetError,
    Skill,
    Technique,
    WeaponItem,
)

__all__ = ["SCHEMA", "SHEET_KEYS", "character_from_data", "character_to_data"]

SCHEMA = 1


def character_to_data(c: Character, /) -> dict[str, Any]:
    """A JSON-ready dict of the sheet (``schema`` = 1)."""
    return {
        "schema": SCHEMA,
        "name": c.name,
        "kind": c.kind,
        "attributes": {name: level for name, level in c.attributes},
        "skills": [[s.name, s.attribute, s.category, s.breadth, s.level] for s in c.skills],
        "techniques": [[t.name, t.skill, t.level, t.parent] for t in c.techniques],
        "properties": [
            {
                "name": p.name,
                "magic": p.magic,
                "manifestations": [[m.word, m.sign, m.note, m.cost] for m in p.manifestations],
            }
            for p in c.properties
        ],
        "weapons": [
            {
                "name": w.weapon.name,
                "multiplier": w.weapon.multiplier,
                "bonus": w.weapon.bonus,
                "ranged": w.weapon.ranged,
                "damage_type": w.damage_type,
                "scale": w.scale,
                "strength": w.strength,
            }
            for w in c.weapons
        ],
        "armour": None if c.armour is None else [c.armour.name, c.armour.value],
        "scale": [c.scale.strength, c.scale.toughness, c.scale.mass, c.scale.speed],
        "wounds": None if c.wounds is None else c.wounds.to_dict(),
        "ledger": [[e.currency, e.amount, e.reason, e.note] for e in c.ledger],
        "notes": c.notes,
    }


_KEYS = frozenset(
    "schema name kind attributes skills techniques properties weapons armour scale wounds ledger notes".split()
)
SHEET_KEYS = _KEYS  # a sheet's keys (a roster keeps any others, a newer version's, as they are)


def _dict(value: object, what: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise SheetError("not_object", field=what)
    if keys is not None and set(value) != keys:
        raise SheetError("wrong_keys", field=what)
    return value


def _list(value: object, what: str, limit: int = MAX_PARTS, size: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SheetError("not_list", field=what)
    if len(value) > limit:
        raise SheetError("too_many", field=what, limit=limit)
    if size is not None and any(not isinstance(v, list) or len(v) != size for v in value):
        raise SheetError("bad_row", field=what, size=size)
    return value


def character_from_data(data: object, /) -> Character:
    """Rebuild a sheet from ``character_to_data`` output; anything malformed raises ``SheetError``."""
    if isinstance(data, dict) and data.get("schema") != SCHEMA:
        raise SheetError("bad_schema", schema=str(data.get("schema"))[:20])
    d = _dict(data, "character", _KEYS)
    try:
        return _build(d)
    except SheetError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise SheetError("malformed", detail=type(error).__name__) from None


def _build(d: dict[str, Any]) -> Character:
    attributes = _dict(d["attributes"], "attributes")
    if len(attributes) > 4:
        raise SheetError("too_many", field="attributes", limit=4)
    props = []
    for raw in _list(d["properties"], "properties"):
        p = _dict(raw, "property", frozenset(("name", "magic", "manifestations")))
        rows = _list(p["manifestations"], "manifestations", size=4)
        props.append(Property(p["name"], tuple(Manifestation(*row) for row in rows), p["magic"]))
    weapons = []
    for raw in _list(d["weapons"], "weapons"):
        w = _dict(
            raw,
            "weapon",
            frozenset(("name", "multiplier", "bonus", "ranged", "damage_type", "scale", "strength")),
        )
        if not isinstance(w["ranged"], bool):
            raise SheetError("not_flag", field="ranged")
        weapon = fudge.Weapon(w["name"], w["multiplier"], w["bonus"], w["ranged"])
        weapons.append(WeaponItem(weapon, w["damage_type"], w["scale"], w["strength"]))
    armour = d["armour"]
    if armour is not None:
        armour = Armour(*_list(armour, "armour", limit=2))
    scale = Scale(*_list(d["scale"], "scale", limit=4))
    wounds = None if d["wounds"] is None else fudge.WoundTrack.from_dict(d["wounds"])
    return Character(
        name=d["name"],
        kind=d["kind"],
        attributes=tuple(attributes.items()),
        skills=tuple(Skill(*row) for row in _list(d["skills"], "skills", size=5)),
        techniques=tuple(Technique(*row) for row in _list(d["techniques"], "techniques", size=4)),
        properties=tuple(props),
        weapons=tuple(weapons),
        armour=armour,
        scale=scale,
        wounds=wounds,
        ledger=tuple(LedgerEntry(*row) for row in _list(d["ledger"], "ledger", MAX_LEDGER, size=4)),
        notes=d["notes"],
    )
