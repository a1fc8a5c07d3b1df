"""What the «Персонажи / Characters» panel shows (pure): the list with each character's sheet in
a line and its buttons, the editor's title and parts, the rename hint and «Отменить»."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit import undo
from kit.msg import Cat, Msg, Renderable, signed
from kit.view import Node, Show, View
from panels.roster import text
from rules.roster import Entry

if TYPE_CHECKING:
    from panels.roster.panel import State

__all__ = ["EDITORS", "SYSTEM_NAMES", "summary", "view"]

SYSTEM_NAMES: dict[str, Msg] = {"gauss": text.GAUSS, "ite": text.ITE, "fudge": text.FUDGE}
EDITORS = ("gauss", "ite")  # systems this panel edits (others are edited in their own panel)


def summary(entry: Entry) -> Renderable:
    sheet = entry.sheet
    if entry.system == "gauss":
        return text.GAUSS_SUMMARY(
            luck=sheet.luck,
            intelligence=sheet.intelligence,
            skills=Cat(tuple(Cat((n, signed(v)), " ") for n, v in sheet.skills), ", ")
            if sheet.skills
            else text.NONE,
            armour=text.ARMOUR(bonus=signed(sheet.armour_bonus), penalty=signed(sheet.armour_penalty)),
            weapons=Cat(tuple(Cat((n, signed(v)), " ") for n, v in sheet.weapons), ", ")
            if sheet.weapons
            else text.NONE,
        )
    if entry.system == "ite":
        checks = tuple(text.ITE_CHECK(name=n, x=c.x, modifier=signed(c.modifier)) for n, c in sheet.checks)
        return text.ITE_SUMMARY(checks=Cat(checks, "; ") if checks else text.NONE)
    return text.EDIT_ELSEWHERE(system=SYSTEM_NAMES.get(entry.system, entry.system))


def _button(cls: str, label: Msg, aria: Msg, entry: Entry, disabled: bool = False) -> Node:
    attrs: tuple[tuple[str, Renderable], ...] = (
        ("type", "button"),
        ("data-arg", entry.id),
        ("aria-label", aria(name=entry.name)),
    )
    if disabled:
        attrs += (("disabled", ""),)
    return Node("button", label, cls=cls, attrs=attrs)


def _item(entry: Entry, first: bool, last: bool) -> Node:
    system = SYSTEM_NAMES.get(entry.system, entry.system)
    head = Node("p", children=(Node("strong", entry.name), Node("span", Cat((" · ", system)), cls="muted")))
    buttons = (
        _button("roster-edit", text.EDIT, text.EDIT_OF, entry, entry.system not in EDITORS),
        _button("roster-dup", text.DUPLICATE, text.DUPLICATE_OF, entry),
        _button("roster-up", text.UP, text.UP_OF, entry, first),
        _button("roster-down", text.DOWN, text.DOWN_OF, entry, last),
        _button("roster-delete", text.DELETE, text.DELETE_OF, entry),
    )
    return Node(
        "li",
        cls="roster-item",
        attrs=(("data-id", entry.id),),
        children=(
            head,
            Node("p", summary(entry), cls="muted"),
            Node("div", cls="controls", children=buttons),
        ),
    )


def _offered_at(state: State) -> int:
    """Where the offer stands in the list: a deleted character's place, or the list's end (just
    above «Импорт») after an import."""
    if state.undo is None:
        return 0
    taken = state.undo.value
    return taken[1] if isinstance(taken, tuple) else len(state.roster.entries)


def view(state: State) -> View:
    entries = state.roster.entries
    editing = state.roster.get(state.editing) if state.editing else None
    system = state.system
    renaming = editing is not None and state.typed not in ("", editing.name)
    return {
        "roster-rename-bar": Show(hidden=not renaming),
        "roster-rename-said": Show(
            text=text.RENAME_HINT(name=state.typed, old=editing.name) if renaming and editing else ""
        ),
        "roster-list": Show(
            children=undo.in_place(
                tuple(_item(e, i == 0, i == len(entries) - 1) for i, e in enumerate(entries)),
                state.undo,
                _offered_at(state),
                "roster",
            )
        ),
        "roster-empty": Show(hidden=bool(entries)),
        "roster-status": Show(text=state.status),
        "roster-editor-title": Show(text=text.EDITOR_EDIT(name=editing.name) if editing else text.EDITOR_NEW),
        "roster-gauss": Show(hidden=system != "gauss"),
        "roster-ite": Show(hidden=system != "ite"),
    }
