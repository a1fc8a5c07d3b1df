"""A journal entry: one line of the journal, in both languages, with its panel, time, evening, who
acted, the GM's «зачем», whether it was made behind the screen, and its roll as data; the
``Note`` effect an action adds to it; the ``Filter`` the journal panel narrows entries by; and
an entry's JSON, as saved, imported and exported (``kit.journal`` re-exports all of it).

>>> e = Entry("1", "2026-12-01T20:00:00", "roller", "3d20 → 8", "3d20 → 8", who="Кац → Бандит")
>>> entry_from_json(entry_to_json(e)) == e, Filter(who="Бандит").keeps(e), Filter(search="3D20").keeps(e)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from kit.evening import Evening, evening_from_json, evening_to_json
from kit.msg import Renderable, both
from kit.roll import Roll, fitted, roll_from_json, roll_to_json

__all__ = [
    "MAX_NOTE",
    "MAX_TEXT",
    "Entry",
    "Filter",
    "LateRoll",
    "LogMark",
    "Note",
    "entries_from_json",
    "entry_for",
    "entry_from_json",
    "entry_to_json",
    "mark_of",
    "names_of",
    "note_of",
]

MAX_NOTE = 200  # characters of a «зачем» note
MAX_TEXT = 4000  # characters of one line in one language (a converted log is summarised, not copied)

LogMark = tuple[str, str]  # (time, id) of the newest line a panel's «Очистить» hid from its short log


@dataclass(frozen=True)
class Note:
    """An effect: how this outcome's log line goes into the journal: ``who`` acted (the pickers'
    names, ``Кац → Бандит``), for a result made behind the screen the ``public`` line shown
    instead of it until the GM reveals it, the ``roll`` as data (``kit.roll``), and whether the
    line starts a new evening (``new_evening``: «Новый вечер»)."""

    who: str = ""
    public: Renderable | None = None
    roll: Roll | None = None
    new_evening: bool = False


@dataclass(frozen=True)
class LateRoll:
    """An effect: the roll as data of the entry ``entry``, written before its odds were known
    (a heavy ITE chain or dice line whose odds the compute worker gave after the line): the kit
    gives it to that entry, if the journal still holds it without a roll
    (``Journal.with_roll``), and writes that one entry."""

    entry: str
    roll: Roll


def note_of(effects: Iterable[object], /) -> Note | None:
    """An outcome's ``Note`` effects as one: a roll action's ``Note(roll=…)`` and the ``Note(who=…)``
    its panel adds around it describe one entry (each field from the first note that sets it).

    >>> note_of([Note(roll=None), "other", Note(who="Кац"), Note(who="Бандит")]).who
    'Кац'
    >>> note_of([]) is None
    True
    """
    notes = [e for e in effects if isinstance(e, Note)]
    if not notes:
        return None
    return Note(
        next((n.who for n in notes if n.who), ""),
        next((n.public for n in notes if n.public is not None), None),
        next((n.roll for n in notes if n.roll is not None), None),
        any(n.new_evening for n in notes),
    )


@dataclass(frozen=True)
class Entry:
    """One journal line. ``ru``/``en`` are the full line; a ``hidden`` one shows ``public_*`` until
    ``revealed``. ``id`` is unique across tabs (the kit makes it from the time and the tab)."""

    id: str
    time: str  # local time, ISO 8601 to the second
    panel: str  # the registry name of the panel that made it
    ru: str
    en: str
    who: str = ""
    why: str = ""
    hidden: bool = False
    revealed: bool = False
    public_ru: str = ""
    public_en: str = ""
    roll: Roll | None = None  # the roll as data; a secret entry's is as secret as its sentences
    evening: Evening | None = None  # the game night it belongs to (kit.evening)
    extra: tuple[tuple[str, Any], ...] = ()  # keys a newer version wrote, kept as they are

    @property
    def secret(self) -> bool:
        """Hidden and not revealed: only the public line may be shown or exported."""
        return self.hidden and not self.revealed

    def shown(self, lang: str) -> str:
        """What the journal shows of it in ``lang``."""
        if self.secret:
            return self.public_en if lang == "en" else self.public_ru
        return self.en if lang == "en" else self.ru


@dataclass(frozen=True)
class Filter:
    """What the GM narrowed the journal to: a character, a panel, an evening (its id), a search
    ("" for any). The journal's store filters the same way where the page holds only the newest
    entries (static/journal-db.js ``matches``; tests/unit/test_journal_js.py holds them equal)."""

    who: str = ""
    panel: str = ""
    search: str = ""
    evening: str = ""

    def keeps(self, entry: Entry) -> bool:
        if self.who and self.who not in names_of(entry.who):
            return False
        if self.panel and entry.panel != self.panel:
            return False
        if self.evening and (entry.evening is None or entry.evening.id != self.evening):
            return False
        if self.search:
            needle = self.search.lower()
            words = (entry.shown("ru"), entry.shown("en"), entry.who, entry.why)
            return any(needle in w.lower() for w in words)
        return True

    @property
    def any(self) -> bool:
        """Whether it narrows anything."""
        return bool(self.who or self.panel or self.search or self.evening)


def names_of(who: str) -> tuple[str, ...]:
    """The characters of an entry's «кто» (``Кац → Бандит``: both)."""
    return tuple(n.strip() for n in who.replace("→", ",").split(",") if n.strip())


_FIELDS = (
    "id",
    "time",
    "panel",
    "ru",
    "en",
    "who",
    "why",
    "hidden",
    "revealed",
    "public_ru",
    "public_en",
    "roll",
    "evening",
)
_TEXTS = {"id": 80, "time": 40, "panel": 40, "ru": MAX_TEXT, "en": MAX_TEXT, "who": 200, "why": MAX_NOTE}


def entry_to_json(entry: Entry, /) -> dict[str, Any]:
    data: dict[str, Any] = dict(entry.extra)
    data.update({"id": entry.id, "time": entry.time, "panel": entry.panel, "ru": entry.ru, "en": entry.en})
    if entry.who:
        data["who"] = entry.who
    if entry.why:
        data["why"] = entry.why
    if entry.hidden:
        data.update(
            hidden=True, revealed=entry.revealed, public_ru=entry.public_ru, public_en=entry.public_en
        )
    if entry.roll is not None:
        data["roll"] = roll_to_json(entry.roll)
    if entry.evening is not None:
        data["evening"] = evening_to_json(entry.evening)
    return data


def entry_from_json(raw: Any, /) -> Entry:
    """One saved entry back (``ValueError`` if it is not one); unknown keys are kept in ``extra``.
    (static/journal-db.js ``entryProblem`` checks an imported entry the same way.)"""
    if not isinstance(raw, dict):
        raise ValueError("a journal entry must be an object")
    for key, limit in _TEXTS.items():
        value = raw.get(key, "")
        if not isinstance(value, str) or len(value) > limit:
            raise ValueError(f"a journal entry's {key} must be a string of at most {limit} characters")
    if not raw.get("id") or not raw.get("panel"):
        raise ValueError("a journal entry needs an id and a panel")
    for key in ("hidden", "revealed"):
        if not isinstance(raw.get(key, False), bool):
            raise ValueError(f"a journal entry's {key} must be true or false")
    for key in ("public_ru", "public_en"):
        if not isinstance(raw.get(key, ""), str) or len(raw.get(key, "")) > MAX_TEXT:
            raise ValueError(f"a journal entry's {key} must be a string")
    roll = None if raw.get("roll") is None else roll_from_json(raw["roll"])
    evening = None if raw.get("evening") is None else evening_from_json(raw["evening"])
    extra = tuple((k, v) for k, v in raw.items() if k not in _FIELDS)
    plain = {k: raw[k] for k in _FIELDS if k in raw and k not in ("roll", "evening")}
    return Entry(**plain, roll=roll, evening=evening, extra=extra)


def entries_from_json(raw: Iterable[Any], /) -> tuple[tuple[Entry, ...], tuple[Any, ...]]:
    """Saved entries back, one by one: the good ones, and the damaged ones to set aside."""
    good: list[Entry] = []
    bad: list[Any] = []
    for item in raw:
        try:
            good.append(entry_from_json(item))
        except ValueError:
            bad.append(item)
    return tuple(good), tuple(bad)


def entry_for(
    ident: str,
    time: str,
    panel: str,
    line: Renderable,
    note: Note | None,
    why: str,
    evening: Evening | None = None,
) -> Entry:
    """The journal entry of one log line (the kit calls this for every line an action logs)."""
    texts = both(line)
    who = note.who if note is not None else ""
    entry = Entry(
        ident,
        time,
        panel,
        texts["ru"][:MAX_TEXT],
        texts["en"][:MAX_TEXT],
        who[:200],
        why[:MAX_NOTE],
        roll=fitted(note.roll) if note is not None and note.roll is not None else None,
        evening=evening,
    )
    if note is None or note.public is None:
        return entry
    public = both(note.public)
    return replace(entry, hidden=True, public_ru=public["ru"][:MAX_TEXT], public_en=public["en"][:MAX_TEXT])


def mark_of(entry: Entry, /) -> LogMark:
    return (entry.time, entry.id)
