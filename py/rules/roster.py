"""A roster of characters shared by every panel: named sheets of each rules system, as pure data.

A ``Roster`` is an immutable, ordered tuple of ``Entry(id, name, system, sheet)``. Each system has
its sheet type (``GaussSheet`` for GaussD20, seed 000; ``IteSheet`` for ITE, seed 001) and a
``Codec`` that turns a sheet into JSON data and back; ``register`` adds a system (the FUDGE sheet
of seed 002 registers its codec the same way). Operations return new rosters.

The export format is ``{"format": "gm-dice-roster", "version": 1, "entries": [...]}``;
``roster_from_json`` reads untrusted text and raises ``RosterError`` (a ``ValueError`` with a
``code`` and ``params``; the UI words it) on anything it cannot take whole.

>>> hero = GaussSheet(luck=6, skills=(("Фехтование", 8),))
>>> roster = Roster().add("Борис", "gauss", hero)
>>> roster.entries[0].id, roster.entries[0].sheet.skill("Фехтование")
('c1', 8)
>>> roster_from_json(roster_to_json(roster)) == roster
True
>>> try:
...     roster_from_json('{"format": "gm-dice-roster", "version": 2, "entries": []}')
... except RosterError as error:
...     print(error.code, error.params)
future_version {'version': 2}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rules import gauss

__all__ = [
    "CODECS",
    "ENTRY_KEYS",
    "FORMAT",
    "MAX_ENTRIES",
    "MAX_ITEMS",
    "MAX_NAME",
    "MAX_TEXT_CHARS",
    "NUMBER_LIMIT",
    "VERSION",
    "Codec",
    "Entry",
    "GaussSheet",
    "IteCheck",
    "IteSheet",
    "Roster",
    "RosterError",
    "register",
    "roster_entries_from_data",
    "roster_from_data",
    "roster_from_json",
    "roster_to_data",
    "roster_to_json",
]

FORMAT, VERSION = "gm-dice-roster", 1
MAX_TEXT_CHARS = 2_000_000  # an export bigger than this is not a roster
MAX_ENTRIES = 500
MAX_NAME = 80  # characters of a character's, skill's, weapon's or check's name
MAX_ITEMS = 100  # skills, weapons or checks on one sheet
NUMBER_LIMIT = 1000  # |X|, |Мф|, bonuses


class RosterError(ValueError):
    """Why a roster (or a sheet) was refused: ``code`` and ``params`` for the UI to word.

    Codes: ``too_large``, ``not_json``, ``not_object``, ``wrong_format``, ``bad_version``,
    ``future_version``, ``not_list``, ``too_many``, ``bad_entry``, ``bad_id``, ``duplicate_id``,
    ``bad_name``, ``unknown_system``, ``bad_sheet`` (``field``), ``duplicate_item`` (``field``,
    ``name``), ``out_of_range`` (``field``, ``low``, ``high``), ``off_ladder`` (``field``, ``name``,
    ``value``, ``low``, ``high``, ``step``: a skill level off the seed's ladder), ``not_found`` (``id``).
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params = params


# --------------------------------------------------------------------------- checking values


def _int(field: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RosterError("bad_sheet", field=field)
    if not low <= value <= high:
        raise RosterError("out_of_range", field=field, low=low, high=high)
    return value


def _name(value: object, field: str = "name") -> str:
    """A name: text of 1..MAX_NAME characters after trimming, no control characters."""
    if not isinstance(value, str):
        raise RosterError("bad_name", field=field)
    name = value.strip()
    if not name or len(name) > MAX_NAME or any(ord(ch) < 32 or ch == "\x7f" for ch in name):
        raise RosterError("bad_name", field=field)
    return name


def _named(field: str, pairs: object, check: Callable[[Any], Any]) -> tuple[tuple[str, Any], ...]:
    """``((name, value), ...)`` with unique names (case-insensitive), each value checked."""
    if not isinstance(pairs, list | tuple) or len(pairs) > MAX_ITEMS:
        raise RosterError("bad_sheet", field=field)
    seen: set[str] = set()
    out = []
    for pair in pairs:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise RosterError("bad_sheet", field=field)
        name = _name(pair[0], field)
        if name.casefold() in seen:
            raise RosterError("duplicate_item", field=field, name=name)
        seen.add(name.casefold())
        out.append((name, check(pair[1])))
    return tuple(out)


# --------------------------------------------------------------------------- sheets


@dataclass(frozen=True)
class GaussSheet:
    """A GaussD20 character (seed 000): what the checks and combat tools take.

    ``luck`` and ``intelligence`` 1–9 (5 is average); ``skills``: ``(name, level)`` on the skill
    ladder 0, 2, … 18; ``armour_bonus`` (>= 0, the opposed check) and ``armour_penalty`` (<= 0,
    heavy armour on active defence); ``weapons``: ``(name, piercing bonus >= 0)``.
    """

    luck: int = gauss.NEUTRAL_LUCK
    intelligence: int = gauss.NEUTRAL_LUCK
    skills: tuple[tuple[str, int], ...] = ()
    armour_bonus: int = 0
    armour_penalty: int = 0
    weapons: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        _int("luck", self.luck, gauss.LUCK_MIN, gauss.LUCK_MAX)
        _int("intelligence", self.intelligence, gauss.LUCK_MIN, gauss.LUCK_MAX)
        object.__setattr__(self, "skills", _skill_levels(self.skills))
        _int("armour_bonus", self.armour_bonus, 0, 20)
        _int("armour_penalty", self.armour_penalty, -20, 0)
        object.__setattr__(
            self, "weapons", _named("weapons", self.weapons, lambda v: _int("weapons", v, 0, 20))
        )

    def skill(self, name: str) -> int | None:
        """The level of skill ``name`` (case-insensitive), or ``None``."""
        return next((level for skill, level in self.skills if skill.casefold() == name.casefold()), None)


def _whole(field: str) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RosterError("bad_sheet", field=field)
        return value

    return check


def _skill_levels(pairs: object) -> tuple[tuple[str, int], ...]:
    """Skills on the seed's ladder (0, +2 … +18); a level off it names the skill and the ladder."""
    levels = [step.value for step in gauss.SKILL_LEVELS]
    skills = _named("skills", pairs, _whole("skills"))
    for name, level in skills:
        if level not in levels:
            step = levels[1] - levels[0]
            raise RosterError(
                "off_ladder",
                field="skills",
                name=name,
                value=level,
                low=levels[0],
                high=levels[-1],
                step=step,
            )
    return skills


@dataclass(frozen=True)
class IteCheck:
    """One named check of an ITE sheet (seed 001): the characteristic ``x`` (Х) and ``modifier`` (Мф)."""

    x: int
    modifier: int = 0

    def __post_init__(self) -> None:
        _int("checks", self.x, -NUMBER_LIMIT, NUMBER_LIMIT)
        _int("checks", self.modifier, -NUMBER_LIMIT, NUMBER_LIMIT)


@dataclass(frozen=True)
class IteSheet:
    """An ITE character (seed 001): ``checks`` as ``(name, IteCheck(x, modifier))``."""

    checks: tuple[tuple[str, IteCheck], ...] = ()

    def __post_init__(self) -> None:
        def check(value: object) -> IteCheck:
            if not isinstance(value, IteCheck):
                raise RosterError("bad_sheet", field="checks")
            return value

        object.__setattr__(self, "checks", _named("checks", self.checks, check))

    def check(self, name: str) -> IteCheck | None:
        return next((c for n, c in self.checks if n.casefold() == name.casefold()), None)


# --------------------------------------------------------------------------- codecs


@dataclass(frozen=True)
class Codec:
    """How sheets of ``system`` go to JSON data and back. ``from_data`` gets untrusted data and
    raises ``ValueError`` (best a ``RosterError``) on anything malformed. A sheet's keys not in
    ``keys`` (when given) are not handed to ``from_data`` but kept as they are, in ``Entry.extra``."""

    system: str
    sheet_type: type
    to_data: Callable[[Any], Any]
    from_data: Callable[[Any], Any]
    keys: frozenset[str] = frozenset()  # the sheet's keys: others (a newer version's) are kept aside


CODECS: dict[str, Codec] = {}


def register(codec: Codec) -> None:
    """Make a system known to rosters (its entries load, save and export)."""
    CODECS[codec.system] = codec


def _object(raw: object, keys: set[str], field: str) -> dict[str, Any]:
    if not isinstance(raw, dict) or not set(raw) <= keys:
        raise RosterError("bad_sheet", field=field)
    return raw


def _gauss_to_data(sheet: GaussSheet) -> dict[str, Any]:
    return {
        "luck": sheet.luck,
        "intelligence": sheet.intelligence,
        "skills": [list(pair) for pair in sheet.skills],
        "armour_bonus": sheet.armour_bonus,
        "armour_penalty": sheet.armour_penalty,
        "weapons": [list(pair) for pair in sheet.weapons],
    }


def _gauss_from_data(raw: object) -> GaussSheet:
    data = _object(raw, set(_gauss_to_data(GaussSheet())), "sheet")
    fields: dict[str, Any] = {key: tuple(v) if isinstance(v, list) else v for key, v in data.items()}
    return GaussSheet(**fields)  # saved JSON: GaussSheet checks every field


def _ite_to_data(sheet: IteSheet) -> dict[str, Any]:
    return {"checks": [[name, check.x, check.modifier] for name, check in sheet.checks]}


def _ite_from_data(raw: object) -> IteSheet:
    data = _object(raw, {"checks"}, "sheet")
    checks = data.get("checks", [])
    if not isinstance(checks, list) or len(checks) > MAX_ITEMS:
        raise RosterError("bad_sheet", field="checks")
    pairs = []
    for item in checks:
        if not isinstance(item, list) or len(item) != 3:
            raise RosterError("bad_sheet", field="checks")
        pairs.append((item[0], IteCheck(item[1], item[2])))
    return IteSheet(tuple(pairs))


register(
    Codec("gauss", GaussSheet, _gauss_to_data, _gauss_from_data, frozenset(_gauss_to_data(GaussSheet())))
)
register(Codec("ite", IteSheet, _ite_to_data, _ite_from_data, frozenset({"checks"})))


# --------------------------------------------------------------------------- the roster


@dataclass(frozen=True)
class Entry:
    """A named character: ``id`` (stable, unique in its roster), ``name``, ``system`` (a codec's
    key) and its ``sheet`` of that system. ``extra`` keeps the keys a newer version wrote, which
    this one cannot read, so that they survive a rollback (written back as they were)."""

    id: str
    name: str
    system: str
    sheet: Any
    extra: str = ""  # keys this version does not know, as JSON text {"entry": {…}, "sheet": {…}}

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not 1 <= len(self.id) <= 40 or not self.id.isascii():
            raise RosterError("bad_id")
        if not self.id.replace("-", "").replace("_", "").isalnum():
            raise RosterError("bad_id")
        object.__setattr__(self, "name", _name(self.name))
        codec = CODECS.get(self.system) if isinstance(self.system, str) else None
        if codec is None:
            raise RosterError("unknown_system", system=str(self.system)[:MAX_NAME])
        if not isinstance(self.sheet, codec.sheet_type):
            raise RosterError("bad_sheet", field="sheet")


@dataclass(frozen=True)
class Roster:
    """Characters in the GM's order; every operation returns a new roster.

    >>> r = Roster().add("А", "ite", IteSheet()).add("Б", "ite", IteSheet())
    >>> [e.name for e in r.move("c2", -1).entries], [e.id for e in r.duplicate("c1").entries]
    (['Б', 'А'], ['c1', 'c3', 'c2'])
    """

    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        if len(self.entries) > MAX_ENTRIES:
            raise RosterError("too_many", limit=MAX_ENTRIES)
        ids = [entry.id for entry in self.entries]
        if len(set(ids)) != len(ids):
            duplicate = next(i for i in ids if ids.count(i) > 1)
            raise RosterError("duplicate_id", id=duplicate)

    def get(self, entry_id: str) -> Entry | None:
        return next((entry for entry in self.entries if entry.id == entry_id), None)

    def of_system(self, system: str) -> tuple[Entry, ...]:
        return tuple(entry for entry in self.entries if entry.system == system)

    def next_id(self) -> str:
        """The first free id ``c1``, ``c2``, …"""
        ids = {entry.id for entry in self.entries}
        return next(f"c{n}" for n in range(1, len(ids) + 2) if f"c{n}" not in ids)

    def _index(self, entry_id: str) -> int:
        for index, entry in enumerate(self.entries):
            if entry.id == entry_id:
                return index
        raise RosterError("not_found", id=entry_id)

    def add(self, name: str, system: str, sheet: Any) -> Roster:
        """A new character at the end (its id: ``next_id()``)."""
        return Roster((*self.entries, Entry(self.next_id(), name, system, sheet)))

    def update(self, entry_id: str, name: str, sheet: Any) -> Roster:
        """Character ``entry_id`` with a new name and sheet (same system, same place)."""
        index = self._index(entry_id)
        new = replace(self.entries[index], name=name, sheet=sheet)  # unknown keys stay
        return Roster((*self.entries[:index], new, *self.entries[index + 1 :]))

    def duplicate(self, entry_id: str) -> Roster:
        """A copy of character ``entry_id`` right after it, with a new id and the same name."""
        index = self._index(entry_id)
        copy = replace(self.entries[index], id=self.next_id())
        return Roster((*self.entries[: index + 1], copy, *self.entries[index + 1 :]))

    def delete(self, entry_id: str) -> Roster:
        index = self._index(entry_id)
        return Roster(self.entries[:index] + self.entries[index + 1 :])

    def restore(self, entry: Entry, index: int) -> Roster:
        """``entry`` (deleted before) back at place ``index`` (or at the end); under a new id if its
        own was given to another character meanwhile.

        >>> r = Roster().add("А", "ite", IteSheet()).add("Б", "ite", IteSheet())
        >>> gone = r.entries[0]
        >>> [(e.id, e.name) for e in r.delete("c1").restore(gone, 0).entries]
        [('c1', 'А'), ('c2', 'Б')]
        >>> [(e.id, e.name) for e in r.delete("c1").add("В", "ite", IteSheet()).restore(gone, 0).entries]
        [('c3', 'А'), ('c2', 'Б'), ('c1', 'В')]
        """
        if self.get(entry.id) is not None:
            entry = replace(entry, id=self.next_id())
        index = max(0, min(len(self.entries), index))
        return Roster((*self.entries[:index], entry, *self.entries[index:]))

    def move(self, entry_id: str, by: int) -> Roster:
        """Character ``entry_id`` moved ``by`` places (negative: up), kept inside the list."""
        index = self._index(entry_id)
        target = max(0, min(len(self.entries) - 1, index + by))
        rest = list(self.entries[:index] + self.entries[index + 1 :])
        rest.insert(target, self.entries[index])
        return Roster(tuple(rest))


# --------------------------------------------------------------------------- JSON


def _entry_to_data(entry: Entry) -> dict[str, Any]:
    extra = json.loads(entry.extra) if entry.extra else {}
    sheet = CODECS[entry.system].to_data(entry.sheet)
    if isinstance(sheet, dict):
        sheet = {**extra.get("sheet", {}), **sheet}
    known = {"id": entry.id, "name": entry.name, "system": entry.system, "sheet": sheet}
    return {**extra.get("entry", {}), **known}


def roster_to_data(roster: Roster) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "entries": [_entry_to_data(e) for e in roster.entries]}


def roster_to_json(roster: Roster) -> str:
    return json.dumps(roster_to_data(roster), ensure_ascii=False, indent=1)


ENTRY_KEYS = frozenset({"id", "name", "system", "sheet"})


def _entry_from_data(raw: object) -> Entry:
    """One entry; keys this version does not know (of the entry or of its sheet) are kept aside."""
    if not isinstance(raw, dict) or not ENTRY_KEYS <= set(raw) or not all(isinstance(k, str) for k in raw):
        raise RosterError("bad_entry")
    system = raw["system"]
    if not isinstance(system, str) or system not in CODECS:
        raise RosterError("unknown_system", system=str(system)[:MAX_NAME])
    codec, sheet_data = CODECS[system], raw["sheet"]
    extra: dict[str, Any] = {}
    if {k: v for k, v in raw.items() if k not in ENTRY_KEYS}:
        extra["entry"] = {k: v for k, v in raw.items() if k not in ENTRY_KEYS}
    if codec.keys and isinstance(sheet_data, dict) and not set(sheet_data) <= codec.keys:
        extra["sheet"] = {k: v for k, v in sheet_data.items() if k not in codec.keys}
        sheet_data = {k: v for k, v in sheet_data.items() if k in codec.keys}
    try:
        sheet = codec.from_data(sheet_data)
    except RosterError:
        raise
    except (ValueError, TypeError, KeyError) as error:
        raise RosterError("bad_sheet", field="sheet") from error
    kept = json.dumps(extra, ensure_ascii=False, sort_keys=True) if extra else ""
    return Entry(raw["id"], raw["name"], system, sheet, kept)


def _header(raw: object, *, newer: bool = False) -> list[Any]:
    """The entries of a roster's data, once its header is checked (``newer``: a newer version's
    roster is read too, as far as this version can)."""
    if not isinstance(raw, dict):
        raise RosterError("not_object")
    if raw.get("format") != FORMAT:
        raise RosterError("wrong_format")
    version = raw.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RosterError("bad_version")
    if version > VERSION and not newer:
        raise RosterError("future_version", version=version)
    entries = raw.get("entries")
    if not isinstance(entries, list):
        raise RosterError("not_list")
    return entries


def roster_entries_from_data(raw: object) -> tuple[Roster, tuple[Any, ...]]:
    """A saved roster read entry by entry: the roster of its sound entries, and the raw entries
    set aside (damaged, a second use of an id, past ``MAX_ENTRIES``). Only a damaged header
    refuses the whole (``RosterError``); a newer version's roster is read as far as it can be.

    >>> data = roster_to_data(Roster().add("А", "gauss", GaussSheet()).add("Б", "gauss", GaussSheet()))
    >>> data["entries"][0]["sheet"]["luck"] = "5"
    >>> data["entries"][1]["sheet"]["stamina"] = 3
    >>> roster, aside = roster_entries_from_data(data)
    >>> [e.name for e in roster.entries], [e["name"] for e in aside]
    (['Б'], ['А'])
    >>> roster_to_data(roster)["entries"][0]["sheet"]["stamina"]
    3
    """
    good: list[Entry] = []
    aside: list[Any] = []
    seen: set[str] = set()
    for item in _header(raw, newer=True):
        try:
            entry = _entry_from_data(item)
        except (ValueError, TypeError, KeyError):
            aside.append(item)
            continue
        if entry.id in seen or len(good) >= MAX_ENTRIES:
            aside.append(item)
            continue
        seen.add(entry.id)
        good.append(entry)
    return Roster(tuple(good)), tuple(aside)


def roster_from_data(raw: object) -> Roster:
    """A roster from parsed JSON (untrusted, taken whole); ``RosterError`` names the first problem."""
    entries = _header(raw)
    if len(entries) > MAX_ENTRIES:
        raise RosterError("too_many", limit=MAX_ENTRIES)
    return Roster(tuple(_entry_from_data(entry) for entry in entries))


def roster_from_json(text: object) -> Roster:
    """A roster from an exported file's text (untrusted: size, JSON, format, every entry)."""
    if not isinstance(text, str):
        raise RosterError("not_json")
    if len(text) > MAX_TEXT_CHARS:
        raise RosterError("too_large", limit=MAX_TEXT_CHARS)
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RosterError("not_json") from error
    return roster_from_data(raw)


# --------------------------------------------------------------------------- FUDGE sheets (seed 002)

from rules import fudge_character  # noqa: E402  (after Codec: the FUDGE sheet registers itself here)

register(
    Codec(
        "fudge",
        fudge_character.Character,
        fudge_character.character_to_data,
        fudge_character.character_from_data,
        fudge_character.SHEET_KEYS,
    )
)
