"""The roster as a value every panel can follow (``kit.shared``), and the pickers' pure functions.

A panel that shows «Кто действует» / «Против кого» follows ``ROSTER`` with a sync that keeps the
roster in its state; its view lists ``choices(roster, system, items)`` in a ``<select>`` and its
pick action reads the choice back with ``chosen(roster, value)``.

>>> from rules.roster import GaussSheet, Roster
>>> roster = Roster().add("Борис", "gauss", GaussSheet(skills=(("Меч", 8), ("Лук", 4))))
>>> [value for value, _label in choices(roster, "gauss", skill_items)]
['', 'c1:0', 'c1:1']
>>> entry, index = chosen(roster, "c1:1")
>>> entry.name, entry.sheet.skills[index]
('Борис', ('Лук', 4))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kit.form import Form, InputError
from kit.merge import merge_by_id
from kit.msg import Cat, Renderable, signed
from kit.panel import Outcome, SetFields, outcome
from kit.shared import Salvaged, Shared
from kit.view import Show, options
from panels.roster import text
from rules.roster import (
    MAX_ENTRIES,
    Entry,
    GaussSheet,
    IteSheet,
    Roster,
    roster_entries_from_data,
    roster_to_data,
)

__all__ = [
    "ROSTER",
    "merge",
    "Cast",
    "Picker",
    "chosen",
    "choices",
    "ite_items",
    "pick",
    "pick_action",
    "picker_view",
    "skill_items",
    "who_acts",
]


def _load(raw: Any) -> Roster | Salvaged[Roster]:
    """The saved roster entry by entry: a damaged character is set aside, the others stay."""
    roster, aside = roster_entries_from_data(raw)
    return Salvaged(roster, len(aside)) if aside else roster


def _renamed(entry: Entry, taken: set[Any]) -> Entry:
    """A character another tab gave the same new id: the first id free here."""
    return replace(entry, id=next(f"c{n}" for n in range(1, len(taken) + 2) if f"c{n}" not in taken))


def merge(base: Roster, mine: Roster, theirs: Roster) -> Roster:
    """Two tabs' rosters, character by character (``kit.merge.merge_by_id``).

    >>> base = Roster().add("А", "ite", IteSheet())
    >>> mine, theirs = base.add("Б", "ite", IteSheet()), base.add("В", "ite", IteSheet())
    >>> [(e.id, e.name) for e in merge(base, mine, theirs).entries]
    [('c1', 'А'), ('c2', 'В'), ('c3', 'Б')]
    """
    entries = merge_by_id(base.entries, mine.entries, theirs.entries, key=lambda e: e.id, renamed=_renamed)
    return Roster(entries[:MAX_ENTRIES])


ROSTER: Shared[Roster] = Shared(
    "roster", Roster(), roster_to_data, _load, home="roster", what=text.ROSTER_WHAT, merge=merge
)


def skill_items(sheet: GaussSheet) -> Sequence[Renderable]:
    return [Cat((name, signed(level)), " ") for name, level in sheet.skills]


def ite_items(sheet: IteSheet) -> Sequence[Renderable]:
    return [text.ITE_CHECK(name=name, x=c.x, modifier=signed(c.modifier)) for name, c in sheet.checks]


def choices(
    roster: Roster, system: str, items: Callable[[Any], Sequence[Renderable]] | None = None
) -> tuple[tuple[str, Renderable], ...]:
    """``(value, label)`` of a picker: «by hand» first, then each character of ``system``, one
    option per item of its sheet (``"id:index"``) when ``items`` is given, else per character."""
    out: list[tuple[str, Renderable]] = [("", text.NOBODY)]
    for entry in roster.of_system(system):
        listed = items(entry.sheet) if items is not None else ()
        if not listed:
            out.append((f"{entry.id}:", entry.name))
        for index, item in enumerate(listed):
            out.append((f"{entry.id}:{index}", Cat((entry.name, item), " — ")))
    return tuple(out)


def chosen(roster: Roster, value: object) -> tuple[Entry, int | None] | None:
    """The character (and item index) a picker's value names; ``None`` for «by hand» or a
    character no longer there (or an item past its sheet's end: the index becomes ``None``)."""
    if not isinstance(value, str) or ":" not in value:
        return None
    entry_id, _, index = value.partition(":")
    entry = roster.get(entry_id)
    if entry is None:
        return None
    return entry, int(index) if index.isdigit() and len(index) < 4 else None


# --------------------------------------------------------------------------- pickers in panels


@dataclass(frozen=True)
class Picker:
    """A «Кто действует» / «Против кого» select: element ``field`` lists the characters of
    ``system`` (one option per ``items(sheet)`` if given); picking one puts ``fill(sheet, index)``
    (``{field id: text}``) into the panel's inputs, which stay editable."""

    field: str
    system: str
    items: Callable[[Any], Sequence[Renderable]] | None
    fill: Callable[[Any, int | None], Mapping[str, str]]


@dataclass(frozen=True)
class Cast:
    """What a panel with pickers keeps: the roster (synced) and each picker's choice."""

    roster: Roster = field(default_factory=Roster)
    picks: tuple[tuple[str, str], ...] = ()

    def choice(self, field_id: str) -> str:
        return dict(self.picks).get(field_id, "")

    def synced(self, roster: Roster) -> Cast:
        return replace(self, roster=roster)


def who_acts(cast: Cast, who: Iterable[str], whom: Iterable[str] = ()) -> str:
    """«Кто» of a journal entry: the characters picked in the ``who`` pickers, then ``→`` those in
    the ``whom`` pickers (``Кац → Бандит``); "" when nobody was picked.

    >>> from rules.roster import Entry, GaussSheet, Roster
    >>> cast = Cast(Roster((Entry("k", "Кац", "gauss", GaussSheet()), Entry("b", "Бандит", "gauss", GaussSheet()))),
    ...             (("a-who", "k:0"), ("a-whom", "b:0"), ("c-who", "k:1")))
    >>> who_acts(cast, ["a-who", "c-who"], ["a-whom"])
    'Кац → Бандит'
    """

    def names(fields: Iterable[str]) -> list[str]:
        found = [chosen(cast.roster, cast.choice(f)) for f in fields]
        return list(dict.fromkeys(hit[0].name for hit in found if hit is not None))

    acting, against = names(who), names(whom)
    if not acting and not against:
        return ""
    return ", ".join(acting) + (" → " + ", ".join(against) if against else "")


def picker_view(picker: Picker, cast: Cast) -> Show:
    listed = choices(cast.roster, picker.system, picker.items)
    value = cast.choice(picker.field)
    return Show(children=options(listed), value=value if value in dict(listed) else "")


def pick(picker: Picker, cast: Cast, form: Form) -> tuple[Cast, Entry | None, dict[str, str]]:
    """The picker's choice in ``form``: the new cast, the character and the fields to fill (none
    for «by hand»). A character that is gone raises ``InputError``."""
    value = form.get(picker.field, "")
    value = value if isinstance(value, str) else ""
    new = replace(cast, picks=tuple({**dict(cast.picks), picker.field: value}.items()))
    if not value:
        return new, None, {}
    found = chosen(cast.roster, value)
    if found is None or found[0].system != picker.system:
        raise InputError(text.PICK_GONE)
    entry, index = found
    return new, entry, dict(picker.fill(entry.sheet, index))


def pick_action(picker: Picker, read: Callable[[Any, Form], Any]) -> Callable[[Any, Form], Outcome[Any]]:
    """A picker's action on a state with a ``cast``: fill the inputs from the sheet, read them as
    the section's own change does (``read``), put the numbers in the fields and say who it was."""

    def run(state: Any, form: Form) -> Outcome[Any]:
        new_cast, entry, fields = pick(picker, state.cast, form)
        picked = replace(state, cast=new_cast)
        if entry is None:
            return Outcome(picked)
        done = outcome(read(picked, {**form, **fields}))
        said = text.PICKED(name=entry.name)
        return replace(done, say=said, effects=(*done.effects, SetFields(tuple(fields.items()))))

    return run
