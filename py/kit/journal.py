"""The journal of the evening: every result of every panel in one timeline, as data.

The kit writes it: every log line an action makes (``Outcome.log``) becomes an ``Entry`` of the
shared value ``JOURNAL`` too, with the panel's name, the time, the «зачем» note typed in the
note field beside the button (``.why-note``), and what the action's ``Note`` effect adds (who acted; a public line
when the result was made behind the screen). The journal panel (``panels.journal``) shows,
filters and exports it.

An ``Entry`` is one line, written in both languages when it happened, with the panel that made
it, who acted (from the pickers), the GM's «зачем» note, and whether it was made behind the
screen. A hidden entry shows only its public line (no threshold, no bag) until the GM reveals it;
then it shows its own line, marked revealed. ``Journal`` keeps at most ``LIMIT`` entries, newest first, and merges
two tabs' versions by entry id (``kit.merge``).

>>> j = Journal().add(Entry("1", "2026-12-01T20:00:00", "roller", "3d20 → 8", "3d20 → 8", who="Кац"))
>>> j = j.add(Entry("2", "2026-12-01T20:01:00", "threat", "Угроза: 14 ≥ 12", "Threat: 14 ≥ 12",
...                 hidden=True, public_ru="Проверка за ширмой", public_en="A check behind the screen"))
>>> [e.shown("ru") for e in j.entries]
['Проверка за ширмой', '3d20 → 8']
>>> j = j.reveal("2")
>>> [e.shown("en") for e in j.entries], j.entries[0].revealed
(['Threat: 14 ≥ 12', '3d20 → 8'], True)
>>> [e.panel for e in j.select(Filter(who="Кац"))]
['roller']

A panel's short log (``kit.panel.LogSpec``) is a view of the journal: that panel's newest lines
(``of_panel``), after the mark its «Очистить» left (``LogMark``: the newest line it hid).

>>> [e.id for e in of_panel(j, "threat", 5)], [e.id for e in of_panel(j, "threat", 5, ("2026-12-01T20:00:30", "1"))]
(['2'], ['2'])
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kit.merge import merge_by_id
from kit.msg import Msg, Renderable, both
from kit.roll import Roll, roll_from_json, roll_to_json
from kit.shared import Salvaged, Shared, Sound, sound_part

__all__ = [
    "HIDDEN_BY_GM",
    "JOURNAL",
    "LIMIT",
    "LogMark",
    "MAX_NOTE",
    "Entry",
    "Filter",
    "Journal",
    "Note",
    "carry_log",
    "entries_from_json",
    "entry_for",
    "entry_from_json",
    "entry_to_json",
    "mark_of",
    "note_of",
    "of_panel",
]

LIMIT = 1000  # entries kept; the oldest go first, and the panel says so
MAX_NOTE = 200  # characters of a «зачем» note
MAX_TEXT = 4000  # characters of one line in one language (a converted log is summarised, not copied)
HIDDEN_BY_GM = Msg("kit.journal.hidden_by_gm", "Скрыто мастером", "Hidden by the GM")

LogMark = tuple[str, str]  # (time, id) of the newest line a panel's «Очистить» hid from its short log


@dataclass(frozen=True)
class Note:
    """An effect: how this outcome's log line goes into the journal: ``who`` acted (the pickers'
    names, ``Кац → Бандит``), for a result made behind the screen the ``public`` line shown
    instead of it until the GM reveals it, and the ``roll`` as data (``kit.roll``)."""

    who: str = ""
    public: Renderable | None = None
    roll: Roll | None = None


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
    """What the GM narrowed the journal to: a character, a panel, a search ("" for any)."""

    who: str = ""
    panel: str = ""
    search: str = ""

    def keeps(self, entry: Entry) -> bool:
        if self.who and self.who not in _names(entry.who):
            return False
        if self.panel and entry.panel != self.panel:
            return False
        if self.search:
            needle = self.search.casefold()
            words = (entry.shown("ru"), entry.shown("en"), entry.who, entry.why)
            return any(needle in w.casefold() for w in words)
        return True


def _names(who: str) -> tuple[str, ...]:
    """The characters of an entry's «кто» (``Кац → Бандит``: both)."""
    return tuple(n.strip() for n in who.replace("→", ",").split(",") if n.strip())


@dataclass(frozen=True)
class Journal:
    """The entries, newest first; ``dropped``: how many old ones went over ``LIMIT`` (said on screen)."""

    entries: tuple[Entry, ...] = ()
    dropped: int = 0

    def add(self, entry: Entry, /) -> Journal:
        kept = (entry, *self.entries)
        over = max(0, len(kept) - LIMIT)
        return Journal(kept[:LIMIT], self.dropped + over)

    def reveal(self, ident: str, /) -> Journal:
        """Reveal a hidden entry: the entry itself shows its line from now on, marked revealed (no
        second copy, so an export has the result once)."""
        if not any(e.id == ident and e.secret for e in self.entries):
            return self
        return replace(
            self, entries=tuple(replace(e, revealed=True) if e.id == ident else e for e in self.entries)
        )

    def hide(self, ident: str, /) -> Journal:
        """The GM hides an entry after the fact: it shows only a public line (its own, if it was
        made behind the screen, else «Скрыто мастером») until it is revealed again."""

        def hidden(entry: Entry) -> Entry:
            if entry.public_ru or entry.public_en:
                return replace(entry, hidden=True, revealed=False)
            words = both(HIDDEN_BY_GM)
            return replace(entry, hidden=True, revealed=False, public_ru=words["ru"], public_en=words["en"])

        if not any(e.id == ident and not e.secret for e in self.entries):
            return self
        return replace(self, entries=tuple(hidden(e) if e.id == ident else e for e in self.entries))

    def joined(self, entries: Iterable[Entry], /) -> tuple[Journal, int]:
        """These entries added where their time puts them (an imported file, an old panel log),
        each id once (an entry the journal has already stays as it is); and how many were new."""
        known = {e.id for e in self.entries}
        new: dict[str, Entry] = {}
        for entry in entries:
            if entry.id not in known:
                new.setdefault(entry.id, entry)
        if not new:
            return self, 0
        ordered = sorted((*self.entries, *new.values()), key=lambda e: (e.time, e.id), reverse=True)
        over = max(0, len(ordered) - LIMIT)
        return Journal(tuple(ordered[:LIMIT]), self.dropped + over), len(new)

    def trimmed(self, size: int, /) -> Journal:
        """The ``size`` newest entries (the others counted as gone)."""
        kept = self.entries[: max(0, size)]
        return Journal(kept, self.dropped + len(self.entries) - len(kept))

    def remove(self, ident: str, /) -> Journal:
        return replace(self, entries=tuple(e for e in self.entries if e.id != ident))

    def select(self, chosen: Filter, /) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if chosen.keeps(e))

    def who(self) -> tuple[str, ...]:
        """Every character named in the journal, in first-seen order (the filter's choices)."""
        seen: dict[str, None] = {}
        for entry in reversed(self.entries):
            seen.update(dict.fromkeys(_names(entry.who)))
        return tuple(seen)

    def merged(self, base: Journal, theirs: Journal) -> Journal:
        """This tab's journal joined with another tab's newer one: every entry of both, by id,
        newest first (a reveal made in either tab is kept)."""
        joined = merge_by_id(base.entries, self.entries, theirs.entries, key=lambda e: e.id)
        ordered = sorted(joined, key=lambda e: (e.time, e.id), reverse=True)
        return Journal(tuple(ordered[:LIMIT]), max(self.dropped, theirs.dropped))


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
    return data


def entry_from_json(raw: Any, /) -> Entry:
    """One saved entry back (``ValueError`` if it is not one); unknown keys are kept in ``extra``."""
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
    extra = tuple((k, v) for k, v in raw.items() if k not in _FIELDS)
    return Entry(**{k: raw[k] for k in _FIELDS if k in raw and k != "roll"}, roll=roll, extra=extra)


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


def entry_for(ident: str, time: str, panel: str, line: Renderable, note: Note | None, why: str) -> Entry:
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
        roll=note.roll if note is not None else None,
    )
    if note is None or note.public is None:
        return entry
    public = both(note.public)
    return replace(entry, hidden=True, public_ru=public["ru"][:MAX_TEXT], public_en=public["en"][:MAX_TEXT])


def mark_of(entry: Entry, /) -> LogMark:
    return (entry.time, entry.id)


def of_panel(journal: Journal, panel: str, size: int, cleared: LogMark | None = None) -> tuple[Entry, ...]:
    """The panel's short log: its ``size`` newest entries, those after ``cleared`` only."""
    found: list[Entry] = []
    for entry in journal.entries:
        if len(found) >= size:
            break
        if entry.panel == panel and (cleared is None or mark_of(entry) > cleared):
            found.append(entry)
    return tuple(found)


_OLD_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(:\d\d)?")


def carry_log(journal: Journal, panel: str, lines: Sequence[tuple[str, str, str]]) -> Journal:
    """A panel's log saved before the journal held it (``(ru, en, time)``, newest first) carried
    into the journal, line by line with its time (``2024-05-01 10:00`` becomes ISO; none: ``""``,
    the oldest). A line the journal has already (the kit wrote both for a while) is not copied
    again: the panel's entries are matched by text, as many times as they occur. Ids come from the
    line and its place, so two tabs carrying the same record agree."""
    have = Counter((e.ru, e.en) for e in journal.entries if e.panel == panel)
    carried: list[Entry] = []
    for place, (ru, en, time) in enumerate(lines):
        if have[(ru, en)] > 0:
            have[(ru, en)] -= 1
            continue
        found = _OLD_TIME.fullmatch(time.strip())
        iso = f"{found[1]}T{found[2]}{found[3] or ':00'}" if found else ""
        digest = hashlib.sha1(json.dumps([panel, place, ru, en, time]).encode()).hexdigest()[:16]
        carried.append(Entry(f"log-{panel}-{digest}", iso, panel, ru[:MAX_TEXT], en[:MAX_TEXT]))
    return journal.joined(carried)[0]


def _dump(journal: Journal) -> dict[str, Any]:
    return {"entries": [entry_to_json(e) for e in journal.entries], "dropped": journal.dropped}


_ENCODED: dict[int, tuple[Entry, str, bool]] = {}  # id(entry) → the entry, its JSON text, whether sound
_ENTRY_NESTING = 3  # an entry's place in its record: {"value": {"entries": [entry]}}


def _text(journal: Journal) -> str:
    """``json.dumps(_dump(journal))``, each entry encoded once: the journal is saved after every
    action (up to ``LIMIT`` entries), and all but the new one were encoded for an earlier save. An
    entry is kept with its text, so its ``id()`` is never another's; entries no journal of this
    tab holds any more go when the cache outgrows two journals. Each entry's text is checked once
    (``kit.shared.sound_part``), so the journal's text is ``Sound`` unless one is not."""
    parts: list[str] = []
    sound = True
    for entry in journal.entries:
        known = _ENCODED.get(id(entry))
        if known is None or known[0] is not entry:
            part = json.dumps(entry_to_json(entry), ensure_ascii=False)
            known = (entry, part, sound_part(part, nesting=_ENTRY_NESTING))
            _ENCODED[id(entry)] = known
        parts.append(known[1])
        sound = sound and known[2]
    if len(_ENCODED) > 2 * LIMIT:
        kept = {id(e): _ENCODED[id(e)] for e in journal.entries}
        _ENCODED.clear()
        _ENCODED.update(kept)
    text = '{"entries": [' + ", ".join(parts) + '], "dropped": ' + str(journal.dropped) + "}"
    return Sound(text) if sound else text


def _load(raw: Any) -> Journal | Salvaged[Journal]:
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
        raise ValueError("a journal is an object with a list of entries")
    dropped = raw.get("dropped", 0)
    good, bad = entries_from_json(raw["entries"])
    journal = Journal(good[:LIMIT], dropped if type(dropped) is int and dropped >= 0 else 0)
    return Salvaged(journal, len(bad)) if bad else journal


WHAT = Msg("kit.journal.what", "журнал вечера", "the journal of the evening")
JOURNAL: Shared[Journal] = Shared(
    "journal",
    Journal(),
    dump=_dump,
    load=_load,
    home="journal",
    what=WHAT,
    merge=lambda base, mine, theirs: mine.merged(base, theirs),
    text=_text,
)
