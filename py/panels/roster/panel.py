"""The «Персонажи / Characters» panel: create, edit, duplicate, delete, reorder, export, import.

The roster itself is shared (``panels.roster.shared.ROSTER``, its own saved record): this panel
follows it like every other, and changes it by returning ``Share(ROSTER, new)``. The editor reads
GaussD20 and ITE sheets from labelled fields (one skill, weapon or check per line).

>>> done = save(State(), {**FORM, "roster-name": "Борис", "roster-g-skills": "Меч: 8"})
>>> done.state.roster.entries[0].sheet.skills
(('Меч', 8),)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kit import bounded_json, undo
from kit.form import ARG, FILE_NAME, FILE_TEXT, Form, InputError, read_choice, read_int, read_text
from kit.msg import Cat, Msg, Renderable
from kit.panel import Download, Outcome, Panel, SetFields
from kit.shared import Follow, Share
from panels.roster import text
from panels.roster.shared import ROSTER
from panels.roster.view import EDITORS, SYSTEM_NAMES, view
from rules import gauss
from rules.roster import (
    MAX_ITEMS,
    MAX_TEXT_CHARS,
    Entry,
    GaussSheet,
    IteCheck,
    IteSheet,
    Roster,
    RosterError,
    roster_from_json,
    roster_to_json,
)

__all__ = [
    "EDITORS",
    "FORM",
    "Imported",
    "State",
    "SYSTEM_NAMES",
    "panel",
    "save",
    "sync",
    "view",
    "word_error",
]

EXPORT_FILE = "gm-dice-roster.json"
FORM: dict[str, str | bool] = {
    "roster-name": "",
    "roster-system": "gauss",
    "roster-g-luck": "5",
    "roster-g-int": "5",
    "roster-g-armour": "0",
    "roster-g-penalty": "0",
    "roster-g-skills": "",
    "roster-g-weapons": "",
    "roster-i-checks": "",
}
TEXT_LIMIT = 20_000


@dataclass(frozen=True)
class Imported:
    """What an import replaced (``before``) and what it brought (``after``): «Отменить» gives
    ``before`` back, with the characters made since the import."""

    before: Roster
    after: Roster


@dataclass(frozen=True)
class State:
    roster: Roster = field(default_factory=Roster)
    editing: str | None = None  # the id being edited; None: a new character
    typed: str = ""  # the name in the editor as last committed (a changed one is not a rename)
    system: str = "gauss"
    status: Renderable = ""  # what the last change did (shown; not saved)
    # a deleted character, its place, whether it was being edited; or the roster an import replaced
    undo: undo.Undo[tuple[Entry, int, bool] | Imported] | None = None


def sync(state: State, roster: Roster) -> State:
    """The shared roster changed: keep it; stop editing a character that is gone."""
    editing = state.editing if state.editing and roster.get(state.editing) else None
    return replace(state, roster=roster, editing=editing)


# --------------------------------------------------------------------------- errors and reading


def word_error(error: RosterError) -> Renderable:
    """A ``RosterError`` in words (its field named in the page's language)."""
    params: dict[str, Any] = dict(error.params)
    if "field" in params:
        params["field"] = text.FIELDS.get(str(params["field"]), str(params["field"]))
    return text.ERRORS.get(error.code, text.ERRORS["bad_entry"])(**params)


def _lines(form: Form, key: str, what: Msg) -> list[tuple[int, str, str]]:
    """``(line number, name, rest)`` of each non-empty ``name: rest`` line."""
    out = []
    for number, line in enumerate(read_text(form, key, TEXT_LIMIT, what).splitlines(), 1):
        if not line.strip():
            continue
        name, colon, rest = line.rpartition(":")
        if not colon or not name.strip():
            fmt = text.LINE_FORMAT_ITE if key == "roster-i-checks" else text.LINE_FORMAT
            raise InputError(text.LINE_ERROR(field=what, line=number, why=fmt))
        out.append((number, name.strip(), rest.strip()))
    if len(out) > MAX_ITEMS:
        raise InputError(text.ERRORS["bad_sheet"](field=what))
    return out


def _number(raw: str, what: Msg, number: int, fmt: Msg) -> int:
    raw = raw.replace("−", "-").replace("+", "")
    if not raw.lstrip("-").isdigit() or len(raw) > 6:
        raise InputError(text.LINE_ERROR(field=what, line=number, why=fmt))
    return int(raw)


def _read_sheet(system: str, form: Form) -> Any:
    try:
        if system == "gauss":
            skills = [
                (n, _number(v, text.SKILLS, i, text.LINE_FORMAT))
                for i, n, v in _lines(form, "roster-g-skills", text.SKILLS)
            ]
            weapons = [
                (n, _number(v, text.WEAPONS, i, text.LINE_FORMAT))
                for i, n, v in _lines(form, "roster-g-weapons", text.WEAPONS)
            ]
            return GaussSheet(
                luck=read_int(form, "roster-g-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.LUCK),
                intelligence=read_int(
                    form, "roster-g-int", gauss.LUCK_MIN, gauss.LUCK_MAX, text.INTELLIGENCE
                ),
                skills=tuple(skills),
                armour_bonus=read_int(form, "roster-g-armour", 0, 20, text.ARMOUR_BONUS),
                armour_penalty=read_int(form, "roster-g-penalty", -20, 0, text.ARMOUR_PENALTY),
                weapons=tuple(weapons),
            )
        checks = []
        for number, name, rest in _lines(form, "roster-i-checks", text.CHECKS):
            parts = rest.split()
            if len(parts) not in (1, 2):
                raise InputError(text.LINE_ERROR(field=text.CHECKS, line=number, why=text.LINE_FORMAT_ITE))
            x, *modifier = (_number(p, text.CHECKS, number, text.LINE_FORMAT_ITE) for p in parts)
            checks.append((name, IteCheck(x, modifier[0] if modifier else 0)))
        return IteSheet(tuple(checks))
    except RosterError as error:
        raise InputError(word_error(error)) from error


def _sheet_fields(system: str, sheet: Any) -> tuple[tuple[str, str], ...]:
    """The editor's fields showing ``sheet`` (the inverse of ``_read_sheet``)."""
    if system == "gauss":
        return (
            ("roster-g-luck", str(sheet.luck)),
            ("roster-g-int", str(sheet.intelligence)),
            ("roster-g-armour", str(sheet.armour_bonus)),
            ("roster-g-penalty", str(sheet.armour_penalty)),
            ("roster-g-skills", "\n".join(f"{n}: {v}" for n, v in sheet.skills)),
            ("roster-g-weapons", "\n".join(f"{n}: {v}" for n, v in sheet.weapons)),
        )
    return (("roster-i-checks", "\n".join(f"{n}: {c.x} {c.modifier}" for n, c in sheet.checks)),)


# --------------------------------------------------------------------------- actions


def set_system(state: State, form: Form) -> State:
    return replace(state, system=read_choice(form, "roster-system", EDITORS, text.SYSTEM))


def set_name(state: State, form: Form) -> State:
    return replace(state, typed=read_text(form, "roster-name", 200, text.NAME).strip())


def _store(state: State, form: Form, *, rename: bool) -> Outcome[State]:
    """The editor's character stored, and kept in the editor: onto the one being edited when its
    name is unchanged (or ``rename``), else as a new character, so none is replaced unasked."""
    try:
        name = read_text(form, "roster-name", 200, text.NAME).strip()
        editing = state.roster.get(state.editing) if state.editing else None
        system = read_choice(form, "roster-system", EDITORS, text.SYSTEM)
        if editing is not None and not rename and (name != editing.name or system != editing.system):
            editing = None  # a new name or system: a new character; «Переименовать» renames instead
        system = editing.system if editing else system
        sheet = _read_sheet(system, form)
        if editing:
            roster, entry_id = state.roster.update(editing.id, name, sheet), editing.id
            said = text.RENAMED(old=editing.name, name=name) if rename else text.SAVED_EDIT(name=name)
        else:
            roster = state.roster.add(name, system, sheet)
            entry_id, said = roster.entries[-1].id, text.SAVED_NEW(name=name)
    except RosterError as error:
        raise InputError(word_error(error)) from error
    status = Cat((said, " ", text.NEXT))
    new = replace(state, roster=roster, editing=entry_id, system=system, typed=name, status=status)
    return Outcome(new, say=said, effects=(Share(ROSTER, roster),))


def save(state: State, form: Form) -> Outcome[State]:
    """Add the character in the editor, or store the one being edited (same name); keep editing it."""
    return _store(state, form, rename=False)


def rename(state: State, form: Form) -> Outcome[State]:
    """Store the editor on the character being edited under the new name (the GM's explicit choice)."""
    if not state.editing or state.roster.get(state.editing) is None:
        raise InputError(text.RENAME_NEEDS_EDIT)
    return _store(state, form, rename=True)


def new(state: State, form: Form) -> Outcome[State]:
    """Empty the editor for a new character (cancels an edit)."""
    fields = tuple((key, value) for key, value in FORM.items() if key != "roster-system")
    return Outcome(replace(state, editing=None, typed=""), effects=(SetFields(fields),))


def _entry(state: State, form: Form) -> Entry:
    entry = state.roster.get(str(form.get(ARG, "")))
    if entry is None:
        raise InputError(text.NOT_FOUND)
    return entry


def edit(state: State, form: Form) -> Outcome[State]:
    entry = _entry(state, form)
    if entry.system not in EDITORS:
        raise InputError(text.EDIT_ELSEWHERE(system=SYSTEM_NAMES.get(entry.system, entry.system)))
    fields = (
        ("roster-name", entry.name),
        ("roster-system", entry.system),
        *_sheet_fields(entry.system, entry.sheet),
    )
    return Outcome(
        replace(state, editing=entry.id, system=entry.system, typed=entry.name), effects=(SetFields(fields),)
    )


def _change(state: State, roster: Roster, line: Renderable) -> Outcome[State]:
    new = replace(sync(state, roster), status=line)
    return Outcome(new, say=line, effects=(Share(ROSTER, roster),))


def duplicate(state: State, form: Form) -> Outcome[State]:
    entry = _entry(state, form)
    return _change(state, state.roster.duplicate(entry.id), text.DUPLICATED(name=entry.name))


def delete(state: State, form: Form) -> Outcome[State]:
    """Delete a character; «Отменить» gives it back in its place, among the characters made since, until another deletion replaces the offer."""
    entry = _entry(state, form)
    line = text.DELETED(name=entry.name)
    index = state.roster.entries.index(entry)
    done = _change(state, state.roster.delete(entry.id), line)
    offered = undo.offer((entry, index, state.editing == entry.id), line)
    return replace(done, state=replace(done.state, undo=offered))


def restore(state: State, form: Form) -> Outcome[State]:
    """Undo the deletion: the character back in its place (its edit too, if it was edited); or
    the import: the roster it replaced back, with the characters made since."""
    taken = undo.taken(state.undo)
    if isinstance(taken, Imported):
        return _unimport(replace(state, undo=None), taken)
    entry, index, edited = taken
    try:
        roster = state.roster.restore(entry, index)
    except RosterError as error:
        raise InputError(word_error(error)) from error
    back = roster.entries[max(0, min(len(state.roster.entries), index))]
    done = _change(replace(state, undo=None), roster, text.RESTORED(name=entry.name))
    if edited and state.editing is None:
        done = replace(done, state=replace(done.state, editing=back.id))
    return done


def _unimport(state: State, imported: Imported) -> Outcome[State]:
    """The roster before the import, then every character made since the import (at the end)."""
    brought = {entry.id for entry in imported.after.entries}
    roster = imported.before
    try:
        for entry in state.roster.entries:
            if entry.id not in brought:
                roster = roster.restore(entry, len(roster.entries))
    except RosterError as error:
        raise InputError(word_error(error)) from error
    return _change(replace(state, editing=None), roster, text.IMPORT_UNDONE)


def move(by: int, state: State, form: Form) -> Outcome[State]:
    entry = _entry(state, form)
    return _change(state, state.roster.move(entry.id, by), text.MOVED(name=entry.name))


def export(state: State, form: Form) -> Outcome[State]:
    line = text.EXPORTED(file=EXPORT_FILE)
    return Outcome(
        replace(state, status=line),
        say=line,
        effects=(Download(EXPORT_FILE, roster_to_json(state.roster), "application/json"),),
    )


def import_file(state: State, form: Form) -> Outcome[State]:
    """A chosen file replaces the roster when it is a sound export (and «Отменить» gives the old
    one back); else nothing changes."""
    name = str(form.get(FILE_NAME, ""))[:200]
    raw = form.get(FILE_TEXT)
    try:
        if isinstance(raw, str) and bounded_json.check(raw, MAX_TEXT_CHARS) == "too_deep":
            raise RosterError("not_json")  # nested too deep to parse safely: no roster of ours
        roster = roster_from_json(raw)
    except RosterError as error:
        raise InputError(text.IMPORT_REFUSED(file=name, why=word_error(error))) from error
    line = text.IMPORTED(file=name, count=len(roster.entries))
    done = _change(replace(state, editing=None), roster, line)
    offered = undo.offer(Imported(state.roster, roster), line)  # an import replaces the whole roster
    return replace(done, state=replace(done.state, undo=offered))


def panel(rng: Any = None) -> Panel[State]:
    return Panel(
        name="roster",
        initial=State(),
        view=view,
        actions={
            "#roster-undo": restore,
            "#roster-system": set_system,
            "#roster-save": save,
            "#roster-rename": rename,
            "#roster-name": set_name,
            "#roster-new": new,
            ".roster-edit": edit,
            ".roster-dup": duplicate,
            ".roster-up": lambda s, f: move(-1, s, f),
            ".roster-down": lambda s, f: move(1, s, f),
            ".roster-delete": delete,
            "#roster-export": export,
            "#roster-import": import_file,
        },
        title=text.TITLE,
        follows=(Follow(ROSTER, sync),),
        dump=lambda state: {"editing": state.editing, "system": state.system},
        load=_load,
    )


def _load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("roster panel state must be an object")
    editing, system = raw.get("editing"), raw.get("system")
    if editing is not None and not isinstance(editing, str):
        raise ValueError("editing must be an id")
    if system not in EDITORS:
        raise ValueError("unknown system")
    return State(editing=editing, system=system)
