"""The character builder's form ↔ an Omicron sheet (seed 002 §1): labelled fields and «name: …»
lines, read into ``rules.fudge_character`` values and written back for editing.

Lines (one item per line, empty lines skipped):

- skills: ``Стрельба: 2, Ловкость, Средне, Обычный`` (level first; the rest in any order, defaults
  Ловкость, Средне, Обычный);
- techniques: ``Стрельба > Очередь: 1``; a sub-technique names its parent: ``Стрельба > Очередь > Двойной: 1``;
- properties: ``Ночное зрение: +Нормально; -Слабо (слепнет от света); магия`` (a sign and a cost word
  per manifestation, «Сверхсильно 30» for a larger cost, a note in brackets);
- weapons: ``Нож: нож, режущий`` or ``Ствол: пистолет, 2S+1, сила 1, масштаб 0`` (an item of the §1.6
  lists, a firearm's model x·S+y, a damage type, scale and a firearm's own strength).

>>> c = read_sheet({**FORM, "fudge-c-name": "Ира", "fudge-c-a3": "2", "fudge-c-skills": "Стрельба: 1"})
>>> c.attributes, c.skills[0].level, c.skills[0].attribute
((('Ловкость', 2),), 1, 'Ловкость')
>>> read_sheet({**FORM, **dict(sheet_fields(c))}) == c
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from kit.form import Form, InputError, read_bool, read_choice, read_optional_int, read_text
from kit.msg import Renderable
from panels.fudge import text_sheet as text
from rules import fudge
from rules import fudge_character as fc
from rules.fudge_character import Character

__all__ = ["ATTR_FIELDS", "FORM", "SCALE_FIELDS", "read_sheet", "sheet_fields", "word_sheet_error"]

T = TypeVar("T")
ATTR_FIELDS = tuple(f"fudge-c-a{i}" for i in range(len(fc.ATTRIBUTES)))
SCALE_FIELDS = tuple(f"fudge-c-s{i}" for i in range(4))
TEXT_LIMIT = 20_000
FORM: dict[str, str | bool] = {
    "fudge-c-name": "",
    "fudge-c-kind": "character",
    **dict.fromkeys(ATTR_FIELDS, ""),
    "fudge-c-skills": "",
    "fudge-c-techs": "",
    "fudge-c-props": "",
    "fudge-c-weapons": "",
    "fudge-c-armour": "",
    **dict.fromkeys(SCALE_FIELDS, "0"),
    "fudge-c-wounds": True,
    "fudge-c-notes": "",
}
_FORMULA = re.compile(r"^(\d*)\s*[SС]\s*([+\-]\s*\d+)?$", re.IGNORECASE)
MAGIC_WORDS = ("магия", "magic", "пси", "psi")


def word_sheet_error(error: fc.SheetError) -> Renderable:
    """A ``SheetError`` in words: the common codes, else a generic line naming the code."""
    params = dict(error.params)
    message = text.SHEET_ERRORS.get(error.code)
    if message is None:
        return text.SHEET_ERROR_OTHER(code=error.code)
    return message(**{k: v if isinstance(v, int) else str(v) for k, v in params.items()})


def _fold(word: str) -> str:
    return word.casefold().replace(" ", "").replace("ё", "е")


def _number(raw: str) -> int | None:
    raw = raw.strip().replace("−", "-").replace("+", "").replace(" ", "")
    if not re.fullmatch(r"-?\d{1,4}", raw):
        return None
    return int(raw)


def _lines(form: Form, key: str, what: Renderable) -> list[tuple[int, str, str]]:
    """``(line number, left, right)`` of each non-empty ``left: right`` line."""
    out = []
    for number, line in enumerate(read_text(form, key, TEXT_LIMIT, what).splitlines(), 1):
        if not line.strip():
            continue
        left, colon, right = line.partition(":")
        if not colon or not left.strip():
            raise InputError(text.LINE_ERROR(field=what, line=number, why=text.NEED_COLON))
        out.append((number, left.strip(), right.strip()))
    if len(out) > fc.MAX_PARTS:
        raise InputError(text.TOO_MANY_LINES(field=what, limit=fc.MAX_PARTS))
    return out


def _fail(what: Renderable, number: int, why: Renderable) -> InputError:
    return InputError(text.LINE_ERROR(field=what, line=number, why=why))


def _skill(number: int, name: str, rest: str) -> fc.Skill:
    tokens = [t.strip() for t in rest.split(",") if t.strip()]
    level = _number(tokens[0]) if tokens else None
    if level is None:
        raise _fail(text.SKILLS, number, text.NEED_LEVEL)
    found = {"attribute": "Ловкость", "category": "Средне", "breadth": "Обычный"}
    for token in tokens[1:]:
        for part, choices in (
            ("attribute", fc.ATTRIBUTES),
            ("category", fc.CATEGORIES),
            ("breadth", fc.BREADTHS),
        ):
            match = next((c for c in choices if _fold(c) == _fold(token)), None)
            if match is not None:
                found[part] = match
                break
        else:
            raise _fail(text.SKILLS, number, text.UNKNOWN_WORD(word=token[:40]))
    return fc.Skill(name, level=level, **found)


def _technique(number: int, left: str, rest: str) -> fc.Technique:
    parts = [p.strip() for p in left.split(">")]
    level = _number(rest)
    if len(parts) < 2 or not all(parts):
        raise _fail(text.TECHNIQUES, number, text.NEED_CHAIN)
    if level is None:
        raise _fail(text.TECHNIQUES, number, text.NEED_LEVEL)
    return fc.Technique(parts[-1], parts[0], level, parts[-2] if len(parts) > 2 else None)


def _manifestation(number: int, token: str) -> fc.Manifestation:
    note = ""
    if "(" in token and token.endswith(")"):
        token, _, note = token[:-1].partition("(")
    token = token.strip()
    if not token or token[0] not in "+-−":
        raise _fail(text.PROPERTIES, number, text.NEED_SIGN(word=token[:40]))
    sign = 1 if token[0] == "+" else -1
    body = token[1:].strip()
    cost = None
    head, _, tail = body.rpartition(" ")
    if head and _number(tail) is not None:
        body, cost = head, _number(tail)
    word = next(
        (w for w in fc.COST_WORDS if _fold(body) in (_fold(w), _fold(w.removesuffix(" влияет")))), None
    )
    if word is None:
        raise _fail(text.PROPERTIES, number, text.UNKNOWN_COST(word=body[:40]))
    return fc.Manifestation(word, sign, note.strip(), cost)


def _property(number: int, name: str, rest: str) -> fc.Property:
    tokens = [t.strip() for t in rest.split(";") if t.strip()]
    magic = any(_fold(t) in MAGIC_WORDS for t in tokens)
    sides = tuple(_manifestation(number, t) for t in tokens if _fold(t) not in MAGIC_WORDS)
    if len(sides) > fc.MAX_PARTS:
        raise _fail(text.PROPERTIES, number, text.TOO_MANY_LINES(field=text.PROPERTIES, limit=fc.MAX_PARTS))
    return fc.Property(name, sides, magic)


def _base(token: str) -> fudge.Weapon | fudge.RangedPreset | None:
    """An item of the §1.6 lists named by ``token`` (one of the names in a melee row, or a firearm)."""
    for w in fudge.MELEE_WEAPONS:
        if any(_fold(part) == _fold(token) for part in (w.name, *w.name.split(","))):
            return w
    return next((p for p in fudge.RANGED_WEAPONS if _fold(p.name) == _fold(token)), None)


def _weapon(number: int, name: str, rest: str) -> fc.WeaponItem:
    base = _base(name)
    formula: tuple[int, int] | None = None
    dtype: str | None = None
    scale = strength = 0
    for token in (t.strip() for t in rest.split(",") if t.strip()):
        words = token.split()
        found = _FORMULA.match(token)
        if _base(token) is not None:
            base = _base(token)
        elif found:
            formula = (int(found.group(1) or 1), _number(found.group(2) or "0") or 0)
        elif any(_fold(token) == _fold(d) for d in fudge.DAMAGE_TYPES):
            dtype = next(d for d in fudge.DAMAGE_TYPES if _fold(d) == _fold(token))
        elif len(words) == 2 and _fold(words[0]) in ("масштаб", "scale") and _number(words[1]) is not None:
            scale = _number(words[1]) or 0
        elif len(words) == 2 and _fold(words[0]) in ("сила", "strength") and _number(words[1]) is not None:
            strength = _number(words[1]) or 0
        else:
            raise _fail(text.WEAPONS, number, text.UNKNOWN_WORD(word=token[:40]))
    if base is None and formula is not None and formula[0] == 1:
        base = next((w for w in fudge.MELEE_WEAPONS if w.bonus == formula[1]), None)
    if base is None and formula is not None:
        base = next((p for p in fudge.RANGED_WEAPONS if _fits(p, formula[0], p.bonus_min)), None)
    if base is None:
        raise _fail(text.WEAPONS, number, text.NEED_LIST_WEAPON)
    if isinstance(base, fudge.Weapon):
        if formula is not None and formula != (1, base.bonus):
            raise _fail(text.WEAPONS, number, text.MELEE_FORMULA(formula=f"S{base.bonus:+d}"))
        return fc.WeaponItem(fudge.Weapon(name, 1, base.bonus), dtype, scale, strength)
    x, y = formula or (base.multiplier_min, base.bonus_min)
    if not _fits(base, x, y):
        raise _fail(text.WEAPONS, number, text.OUT_OF_MODEL(weapon=base.name))
    return fc.WeaponItem(fudge.Weapon(name, x, y, ranged=True), dtype, scale, strength)


def _fits(preset: fudge.RangedPreset, x: int, y: int) -> bool:
    top = preset.multiplier_max if preset.multiplier_max is not None else 20
    return preset.multiplier_min <= x <= top and preset.bonus_min <= y <= preset.bonus_max


def _each(form: Form, key: str, what: Renderable, make: Callable[[int, str, str], T]) -> tuple[T, ...]:
    out: list[T] = []
    for number, left, right in _lines(form, key, what):
        try:
            out.append(make(number, left, right))
        except InputError:
            raise
        except fc.SheetError as error:
            raise _fail(what, number, word_sheet_error(error)) from error
        except ValueError as error:  # a weapon the rules refuse (e.g. a firearm below 1 at S=1)
            raise _fail(what, number, text.BAD_ITEM) from error
    return tuple(out)


def read_sheet(form: Form, old: Character | None = None) -> Character:
    """The sheet in the builder (``InputError`` on anything it cannot take); the wound track and
    the ledger come from ``old`` (a new sheet: an empty track, an empty ledger)."""
    name = read_text(form, "fudge-c-name", fc.MAX_NAME, text.NAME).strip()
    if not name:
        raise InputError(text.NEED_NAME)
    attributes = []
    for attribute, key in zip(fc.ATTRIBUTES, ATTR_FIELDS, strict=True):
        level = read_optional_int(form, key, -fc.MAX_LEVEL, fc.MAX_LEVEL, text.ATTRIBUTE(name=attribute))
        if level is not None:
            attributes.append((attribute, level))
    scale = [
        read_optional_int(form, k, -fc.MAX_LEVEL, fc.MAX_LEVEL, text.SCALES[i]) or 0
        for i, k in enumerate(SCALE_FIELDS)
    ]
    armour = read_choice(form, "fudge-c-armour", ("", *fudge.ARMOUR), text.ARMOUR)
    keep_track = read_bool(form, "fudge-c-wounds")
    old_track = None if old is None else old.wounds
    try:
        return Character(
            name=name,
            kind=read_choice(form, "fudge-c-kind", fc.KINDS, text.KIND),
            attributes=tuple(attributes),
            skills=_each(form, "fudge-c-skills", text.SKILLS, _skill),
            techniques=_each(form, "fudge-c-techs", text.TECHNIQUES, _technique),
            properties=_each(form, "fudge-c-props", text.PROPERTIES, _property),
            weapons=_each(form, "fudge-c-weapons", text.WEAPONS, _weapon),
            armour=fc.Armour.from_list(armour) if armour else None,
            scale=fc.Scale(*scale),
            wounds=(old_track or fudge.WoundTrack()) if keep_track else None,
            ledger=() if old is None else old.ledger,
            notes=read_text(form, "fudge-c-notes", 2000, text.NOTES),
        )
    except fc.SheetError as error:
        raise InputError(word_sheet_error(error)) from error


# --------------------------------------------------------------------------- back to the form


def _weapon_line(item: fc.WeaponItem) -> str:
    w = item.weapon
    if w.ranged:
        preset = next(p for p in fudge.RANGED_WEAPONS if _fits(p, w.multiplier, w.bonus))
        x = "" if w.multiplier == 1 else str(w.multiplier)
        parts = [preset.name, f"{x}S{w.bonus:+d}"]
    else:
        row = next(m for m in fudge.MELEE_WEAPONS if m.bonus == w.bonus)
        parts = [row.name]  # the seed's whole row: each of its names reads back as the same row
    if item.damage_type:
        parts.append(item.damage_type.lower())
    if item.scale:
        parts.append(f"масштаб {item.scale}")
    if item.strength:
        parts.append(f"сила {item.strength}")
    return f"{w.name}: {', '.join(parts)}"


def _side(m: fc.Manifestation) -> str:
    cost = "" if m.cost is None else f" {m.cost}"
    note = f" ({m.note})" if m.note else ""
    return f"{'+' if m.sign > 0 else '-'}{m.word.removesuffix(' влияет')}{cost}{note}"


def sheet_fields(c: Character) -> tuple[tuple[str, str | bool], ...]:
    """The builder's fields showing sheet ``c`` (the inverse of ``read_sheet``)."""
    levels = dict(c.attributes)
    scale = (c.scale.strength, c.scale.toughness, c.scale.mass, c.scale.speed)
    techs = []
    for t in c.techniques:
        chain = f"{t.skill} > {t.parent} > {t.name}" if t.parent else f"{t.skill} > {t.name}"
        techs.append(f"{chain}: {t.level}")
    props = [
        f"{p.name}: " + "; ".join([*(_side(m) for m in p.manifestations), *(["магия"] if p.magic else [])])
        for p in c.properties
    ]
    return (
        ("fudge-c-name", c.name),
        ("fudge-c-kind", c.kind),
        *(
            (k, str(levels[a]) if a in levels else "")
            for a, k in zip(fc.ATTRIBUTES, ATTR_FIELDS, strict=True)
        ),
        (
            "fudge-c-skills",
            "\n".join(f"{s.name}: {s.level}, {s.attribute}, {s.category}, {s.breadth}" for s in c.skills),
        ),
        ("fudge-c-techs", "\n".join(techs)),
        ("fudge-c-props", "\n".join(props)),
        ("fudge-c-weapons", "\n".join(_weapon_line(w) for w in c.weapons)),
        ("fudge-c-armour", "" if c.armour is None else _armour_name(c.armour)),
        *((k, str(v)) for k, v in zip(SCALE_FIELDS, scale, strict=True)),
        ("fudge-c-wounds", c.wounds is not None),
        ("fudge-c-notes", c.notes),
    )


def _armour_name(armour: fc.Armour) -> str:
    if armour.name in fudge.ARMOUR:
        return armour.name
    return next((n for n, v in fudge.ARMOUR.items() if v == armour.value), "")
