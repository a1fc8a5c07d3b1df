"""The FUDGE character builder (seed 002 §1): create, edit, duplicate and delete sheets of the
shared roster, see their derived values and rule problems, and keep the §1.9 ledger.

A sheet is read from the form on every change of a builder field (``preview``: problems and
derived values follow at once; a bad field says why and changes nothing) and stored with
«Сохранить лист». The wound track and the ledger are not typed: they stay with the sheet, and
what the builder shows of them is always the roster's (a ledger line shows at once in the
balances). After a save the builder stays on the saved sheet; «Новый / отмена» starts a blank
one. A name changed while editing saves a *new* sheet (the edited one stays as it was) unless the
GM presses «Переименовать»: a typed name never silently replaces another sheet. The roster
panel's editor does the same (``panels.roster.panel``). «Удалить» can be undone (``kit.undo``).
It works on ``Building``: what it edits, the roster it stores the sheets in, the undo offer.

>>> done = save(Building(), {**FORM, "fudge-c-name": "Ира", "fudge-c-a3": "2"})
>>> entry = done.state.roster.entries[0]
>>> entry.system, entry.sheet.attributes, done.state.builder.editing
('fudge', (('Ловкость', 2),), 'c1')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kit import undo
from kit.form import ARG, Form, InputError, read_choice, read_int, read_text
from kit.journal import Note
from kit.msg import Cat, Msg, Renderable, signed
from kit.panel import Outcome, SetFields
from kit.shared import Share
from kit.view import Node, Show, View, table_rows
from panels.fudge import attack
from panels.fudge import text_sheet as text
from panels.fudge.sheet_form import FORM, read_sheet, sheet_fields, word_sheet_error
from panels.fudge.state import BuilderState, Building
from panels.roster.panel import word_error
from panels.roster.shared import ROSTER
from rules import fudge
from rules import fudge_character as fc
from rules.fudge_character import Character
from rules.roster import Entry, Roster, RosterError

__all__ = [
    "FORM",
    "LEDGER_OPS",
    "actions",
    "derived",
    "ledger_add",
    "preview",
    "rename",
    "restore",
    "save",
    "shown_sheet",
    "sync",
    "view",
]

# «gain|spend:currency:reason» choices of the ledger select (§1.9 «Получить … / Потратить …»)
LEDGER_OPS = tuple(text.OP_LABELS)


def sync(state: Building) -> Building:
    """After a roster change: stop editing a sheet that is gone."""
    editing = state.builder.editing
    if editing and state.roster.get(editing) is None:
        return replace(state, builder=BuilderState())
    return state


def _editing(state: Building) -> Any:
    editing = state.builder.editing
    entry = state.roster.get(editing) if editing else None
    return entry if entry is not None and entry.system == "fudge" else None


def _share(state: Building, roster: Roster, builder: BuilderState, line: Renderable) -> Outcome[Building]:
    done = replace(state, roster=roster, builder=builder)
    return Outcome(done, say=line, effects=(Share(ROSTER, roster),))


# --------------------------------------------------------------------------- actions


def preview(state: Building, form: Form) -> Building:
    """A builder field changed: read the sheet again (problems and derived values follow)."""
    entry = _editing(state)
    named = (
        form if str(form.get("fudge-c-name", "")).strip() else {**form, "fudge-c-name": "…"}
    )  # named on save
    draft = read_sheet(named, None if entry is None else entry.sheet)
    return replace(state, builder=replace(state.builder, draft=draft))


def _typed_name(form: Form) -> str:
    return read_text(form, "fudge-c-name", fc.MAX_NAME, text.NAME).strip()


def save(state: Building, form: Form) -> Outcome[Building]:
    """Store the sheet and keep editing it: the one being edited when its name is unchanged, else
    a new sheet (with its own empty ledger and track), so another sheet is never replaced."""
    entry = _editing(state)
    if entry is not None and _typed_name(form) != entry.name:
        entry = None  # a new name: a new sheet; «Переименовать» renames instead
    sheet = read_sheet(form, None if entry is None else entry.sheet)
    try:
        if entry is None:
            roster = state.roster.add(sheet.name, "fudge", sheet)
            entry_id, line = roster.entries[-1].id, text.SAVED_NEW(name=sheet.name)
        else:
            roster = state.roster.update(entry.id, sheet.name, sheet)
            entry_id, line = entry.id, text.SAVED_EDIT(name=sheet.name)
    except RosterError as error:
        raise InputError(text.ROSTER_FULL(why=word_error(error))) from error
    return _share(state, roster, BuilderState(entry_id, None, Cat((line, " ", text.NEXT))), line)


def rename(state: Building, form: Form) -> Outcome[Building]:
    """Store the form on the sheet being edited under the new name typed (the GM's explicit choice)."""
    entry = _editing(state)
    if entry is None:
        raise InputError(text.RENAME_NEEDS_SHEET)
    sheet = read_sheet(form, entry.sheet)
    roster = state.roster.update(entry.id, sheet.name, sheet)
    line = text.RENAMED(old=entry.name, name=sheet.name)
    return _share(state, roster, BuilderState(entry.id, None, line), line)


def new(state: Building, form: Form) -> Outcome[Building]:
    """Empty the builder for a new sheet (cancels an edit)."""
    return Outcome(replace(state, builder=BuilderState()), effects=(SetFields(tuple(FORM.items())),))


def _entry(state: Building, form: Form) -> Entry:
    entry = state.roster.get(str(form.get(ARG, "")))
    if entry is None or entry.system != "fudge":
        raise InputError(text.NOT_FOUND)
    return entry


def edit(state: Building, form: Form) -> Outcome[Building]:
    entry = _entry(state, form)
    builder = BuilderState(entry.id, entry.sheet)
    return Outcome(replace(state, builder=builder), effects=(SetFields(sheet_fields(entry.sheet)),))


def duplicate(state: Building, form: Form) -> Outcome[Building]:
    entry = _entry(state, form)
    try:
        roster = state.roster.duplicate(entry.id)
    except RosterError as error:
        raise InputError(text.ROSTER_FULL(why=word_error(error))) from error
    return _share(
        state,
        roster,
        replace(state.builder, status=text.DUPLICATED(name=entry.name)),
        text.DUPLICATED(name=entry.name),
    )


def delete(state: Building, form: Form) -> Outcome[Building]:
    """Delete a sheet; «Отменить» gives it back (wounds, ledger and place) until another deletion replaces the offer."""
    entry = _entry(state, form)
    line = text.DELETED(name=entry.name)
    edited = state.builder.editing == entry.id
    builder = replace(state.builder, editing=None if edited else state.builder.editing, status=line)
    if edited:
        builder = replace(builder, draft=None)
    index = state.roster.entries.index(entry)
    done = _share(state, state.roster.delete(entry.id), builder, line)
    return replace(done, state=replace(done.state, undo=undo.offer((entry, index, edited), line)))


def restore(state: Building, form: Form) -> Outcome[Building]:
    """Undo the deletion: the sheet back in its place, edited again if it was."""
    entry, index, edited = undo.taken(state.undo)
    try:
        roster = state.roster.restore(entry, index)
    except RosterError as error:
        raise InputError(text.ROSTER_FULL(why=word_error(error))) from error
    back = roster.entries[max(0, min(len(state.roster.entries), index))]
    line = text.RESTORED(name=entry.name)
    builder = replace(state.builder, status=line)
    if edited and state.builder.editing is None:
        builder = BuilderState(back.id, None, line)
    return _share(replace(state, undo=None), roster, builder, line)


def ledger_add(state: Building, form: Form) -> Outcome[Building]:
    """A gain or a spend of points or chips on the sheet being edited (§1.9); never below zero."""
    entry = _editing(state)
    if entry is None:
        raise InputError(text.LEDGER_NEEDS_SHEET)
    op = read_choice(form, "fudge-c-op", LEDGER_OPS, text.LEDGER_OP)
    amount = read_int(form, "fudge-c-amount", 1, 10_000, text.AMOUNT)
    note = read_text(form, "fudge-c-note", fc.MAX_NAME, text.NOTE).strip()
    way, currency, reason = op.split(":")
    try:
        change = fc.gain if way == "gain" else fc.spend
        sheet = change(entry.sheet, currency, amount, reason, note)
    except fc.SheetError as error:
        raise InputError(word_sheet_error(error)) from error
    roster = state.roster.update(entry.id, entry.name, sheet)
    line = text.LEDGER_SAID(
        name=entry.name, op=_op_label(op), amount=amount, left=fc.balance(sheet, currency)
    )
    done = _share(state, roster, replace(state.builder, status=line), line)
    return replace(done, log=line, effects=(*done.effects, Note(who=entry.name)))


# --------------------------------------------------------------------------- view


def _op_label(op: str) -> Renderable:
    return text.OP_LABELS[op]


def derived(c: Character) -> list[tuple[Renderable, Renderable]]:
    """(what, value) rows: roll modifiers, damage factors, defence, property costs, totals."""
    rows: list[tuple[Renderable, Renderable]] = []
    for s in c.skills:
        names = [(s.name, None)] + [
            (Cat((s.name, t.name), " › "), t.name) for t in c.techniques if t.skill == s.name
        ]
        for label, technique in names:
            total = fc.roll_modifier(c, s.name, technique) if technique else fc.roll_modifier(c, s.name)
            level = signed(fc.attribute_level(c, s.attribute))
            rows.append(
                (
                    text.ROLL_OF(name=label),
                    text.ROLL_VALUE(total=signed(total), attribute=s.attribute, level=level),
                )
            )
    for i, w in enumerate(c.weapons):
        f = fc.damage_factors(c, i)
        rows.append(
            (
                text.DAMAGE_OF(name=w.weapon.name),
                text.DAMAGE_VALUE(
                    formula=attack.formula(w.weapon),
                    strength=signed(f.strength),
                    kind=signed(f.damage_type),
                    scale=signed(f.attack_scale),
                    penalty=signed(f.attack_maneuver),
                ),
            )
        )
    armour, toughness, scale = fc.defence_factors(c)
    rows.append(
        (
            text.DEFENCE,
            text.DEFENCE_VALUE(armour=signed(armour), toughness=signed(toughness), scale=signed(scale)),
        )
    )
    for p in c.properties:
        value = text.PROPERTY_VALUE(
            cost=signed(p.cost), kind=text.PROPERTY_KINDS[p.kind], magic=text.MAGIC_MARK if p.magic else ""
        )
        rows.append((text.PROPERTY_OF(name=p.name), value))
    t = fc.point_totals(c)
    rows.append(
        (
            text.TOTALS,
            text.TOTALS_VALUE(
                attributes=signed(t.attributes),
                skills=signed(t.skills),
                techniques=signed(t.techniques),
                properties=signed(t.properties),
                advantages=signed(t.advantages),
                disadvantages=signed(t.disadvantages),
            ),
        )
    )
    cost = signed(t.cost)
    rows.append(
        (
            text.TOTAL_COST,
            text.TOTAL_COST_SPENT(cost=cost, spent=t.traits_spent)
            if t.traits_spent
            else text.TOTAL_COST_VALUE(cost=cost),
        )
    )
    rows.append((text.BALANCE, text.BALANCE_VALUE(points=t.points, chips=t.chips)))
    if c.kind == "group" and c.scale.mass > 0:
        rows.append((text.HEADCOUNT, str(fudge.headcount(c.scale.mass))))
    return rows


def _problems(c: Character) -> tuple[Node, ...]:
    problems = fc.validate(c)
    if not problems:
        return (Node("li", text.NO_PROBLEMS),)
    out = []
    for p in problems:
        message: Msg | None = text.PROBLEMS.get(p.code)
        params = {k: v if isinstance(v, int) else str(v) for k, v in p.params}
        out.append(
            Node("li", message(**params) if message else text.PROBLEM_OTHER(code=p.code), cls="problem")
        )
    return tuple(out)


def _button(cls: str, label: Msg, aria: Msg, entry: Entry) -> Node:
    attrs: tuple[tuple[str, Renderable], ...] = (
        ("type", "button"),
        ("data-arg", entry.id),
        ("aria-label", aria(name=entry.name)),
    )
    return Node("button", label, cls=cls, attrs=attrs)


def _item(entry: Entry, editing: str | None) -> Node:
    sheet: Character = entry.sheet
    kind = text.KINDS.get(sheet.kind, sheet.kind)
    head = Node("p", children=(Node("strong", entry.name), Node("span", Cat((" · ", kind)), cls="muted")))
    buttons = (
        _button("fudge-c-edit", text.EDIT, text.EDIT_OF, entry),
        _button("fudge-c-dup", text.DUPLICATE, text.DUPLICATE_OF, entry),
        _button("fudge-c-del", text.DELETE, text.DELETE_OF, entry),
    )
    attrs: tuple[tuple[str, Renderable], ...] = (("data-id", entry.id),)
    if entry.id == editing:
        attrs += (("aria-current", "true"),)
    return Node(
        "li", cls="fudge-c-item", attrs=attrs, children=(head, Node("div", cls="controls", children=buttons))
    )


def _ledger_rows(c: Character | None) -> tuple[Node, ...]:
    if c is None:
        return ()
    return table_rows(
        [
            (str(i), text.CURRENCIES[e.currency], signed(e.amount), text.REASONS[e.reason], e.note)
            for i, e in enumerate(c.ledger, 1)
        ]
    )


def shown_sheet(draft: Character | None, saved: Character | None) -> Character | None:
    """The sheet the builder shows: the form's reading (``draft``) with the saved sheet's ledger and
    wound track, which are never typed and may have changed since (a ledger line, a wound)."""
    if draft is None or saved is None:
        return draft if draft is not None else saved
    wounds = None if draft.wounds is None else (saved.wounds or draft.wounds)
    return replace(draft, ledger=saved.ledger, wounds=wounds)


def budget_line(c: Character | None) -> Renderable:
    """«Очки персонажа: потрачено 12 из 30, осталось 18. Фишки FUDGE: …» ("" without a saved sheet)."""
    if c is None:
        return ""
    points, chips = fc.budget(c, "points"), fc.budget(c, "chips")
    return text.BUDGET(
        spent=points.spent,
        given=points.given,
        left=points.left,
        chips_spent=chips.spent,
        chips_given=chips.given,
        chips_left=chips.left,
    )


def view(state: Building) -> View:
    entries = state.roster.of_system("fudge")
    entry = _editing(state)
    saved = None if entry is None else entry.sheet
    sheet = shown_sheet(state.builder.draft, saved)
    renaming = entry is not None and sheet is not None and sheet.name not in (entry.name, "…")
    return {
        "fudge-c-list": Show(
            children=undo.in_place(
                tuple(_item(e, state.builder.editing) for e in entries),
                state.undo,
                state.undo.value[1] if state.undo is not None else 0,
                "fudge-c",
            )
        ),
        "fudge-c-empty": Show(hidden=bool(entries)),
        "fudge-c-editor-title": Show(text=text.EDITOR_EDIT(name=entry.name) if entry else text.EDITOR_NEW),
        "fudge-c-status": Show(text=state.builder.status),
        "fudge-c-rename-bar": Show(hidden=not renaming),
        "fudge-c-rename-said": Show(
            text=text.RENAME_HINT(name=sheet.name, old=entry.name)
            if renaming and sheet is not None and entry is not None
            else ""
        ),
        "fudge-c-problems": Show(children=() if sheet is None else _problems(sheet)),
        "fudge-c-derived": Show(children=() if sheet is None else table_rows(derived(sheet))),
        "fudge-c-budget": Show(text=budget_line(saved)),
        "fudge-c-ledger": Show(children=_ledger_rows(saved)),
        "fudge-c-ledger-empty": Show(hidden=bool(saved and saved.ledger)),
        "fudge-c-ledger-add": Show(disabled=saved is None),
    }


FIELD_IDS = tuple(FORM)


def actions() -> dict[str, Callable[[Building, Form], Any]]:
    return {
        **{f"#{key}": preview for key in FIELD_IDS},
        "#fudge-c-save": save,
        "#fudge-c-rename": rename,
        "#fudge-c-undo": restore,
        "#fudge-c-new": new,
        ".fudge-c-edit": edit,
        ".fudge-c-dup": duplicate,
        ".fudge-c-del": delete,
        "#fudge-c-ledger-add": ledger_add,
    }
