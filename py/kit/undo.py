"""Undo of a destructive action: what the action took, kept beside the state, and a visible
«Отменить» / «Undo» that gives exactly that back, however long the GM waits and whatever else they
do meanwhile.

A panel keeps one ``Undo`` (or ``None``) in a field of its frozen state. The destructive action
(delete a character, clear a journal, replace a pasted text) puts there the value that gives back
what it destroyed and a line naming it; the panel's restore applies it to the state *as it is now*
(the deleted entry back in its place among the entries added since, the cleared lines before the
new ones), so the offer can outlive other actions: "at least 10 seconds" holds even when
the GM rolls, edits or moves a slider in between. The offer goes when it is used, when a new
destructive action replaces it, or at an action listed in ``lapse_on`` (one after which giving back
would itself destroy something: editing the text a restore would overwrite). A refused input
(``InputError``) changes no state. ``bar`` is the static markup (a status line and its button),
``view`` shows or hides it, ``taken`` reads the offer in the undo action.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Notes:
...     lines: tuple[str, ...] = ()
...     undo: Undo[tuple[str, ...]] | None = None
>>> from kit.common import LOG_CLEARED
>>> def clear(state, form):
...     return Notes((), offer(state.lines, LOG_CLEARED))
>>> def add(state, form):
...     return Notes((*state.lines, form["line"]), state.undo)
>>> def restore(state, form):
...     return Notes(taken(state.undo) + state.lines)
>>> actions = lapsing({"#clear": clear, "#add": add, "#edit": add}, lapse_on="#edit")
>>> cleared = actions["#clear"](Notes(("a", "b")), {})
>>> cleared.lines, cleared.undo.value
((), ('a', 'b'))
>>> restore(cleared, {}).lines
('a', 'b')
>>> added = actions["#add"](cleared, {"line": "c"})    # another action: the offer stays
>>> restore(added, {}).lines
('a', 'b', 'c')
>>> actions["#edit"](cleared, {"line": "c"}).undo is None    # an action of lapse_on: it goes
True
>>> from kit.msg import render
>>> render(view(cleared.undo, "notes")["notes-undo-said"].text, "en"), view(None, "notes")["notes-undo-bar"]
('Log cleared.', Show(text=None, children=None, value=None, checked=None, hidden=True, disabled=None, attrs=()))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from kit.form import Form, InputError
from kit.markup import button, h
from kit.msg import Msg, Renderable
from kit.view import Node, Show, View

__all__ = [
    "NOTHING",
    "UNDO",
    "Undo",
    "bar",
    "in_place",
    "lapsing",
    "offer",
    "taken",
    "view",
]

T = TypeVar("T")
S = TypeVar("S")

UNDO = Msg("kit.undo", "Отменить", "Undo")
NOTHING = Msg("kit.undo.nothing", "Отменять нечего.", "Nothing to undo.")


@dataclass(frozen=True)
class Undo(Generic[T]):
    """What a destructive action took (``value``: whatever gives it back, e.g. the deleted entry
    and its place) and the line that says what happened (``said``: «Удалён «Кац».»)."""

    value: T
    said: Renderable


def offer(value: T, said: Renderable) -> Undo[T]:
    """The offer to give ``value`` back, shown with ``said`` beside «Отменить»."""
    return Undo(value, said)


def taken(undo: Undo[T] | None) -> T:
    """The value to restore; ``InputError`` when there is nothing to undo (the offer lapsed)."""
    if undo is None:
        raise InputError(NOTHING)
    return undo.value


def _cleared(state: Any, field: str) -> Any:
    return state if getattr(state, field) is None else replace(state, **{field: None})


def lapsing(
    actions: Mapping[str, Callable[[S, Form], Any]],
    *,
    field: str = "undo",
    lapse_on: str | tuple[str, ...] = (),
) -> dict[str, Callable[[S, Form], Any]]:
    """``actions`` with the offer in ``state.<field>`` lapsing only at the actions of ``lapse_on``
    (they run on the state without it); every other action runs as it is and keeps the offer
    unless it makes a new one."""
    lapse = (lapse_on,) if isinstance(lapse_on, str) else lapse_on
    unknown = [sel for sel in lapse if sel not in actions]
    if unknown:
        raise ValueError(f"no such action: {', '.join(unknown)}")

    def lapsed(action: Callable[[S, Form], Any]) -> Callable[[S, Form], Any]:
        def run(state: S, form: Form) -> Any:
            return action(_cleared(state, field), form)

        run.__doc__ = action.__doc__
        return run

    return {sel: lapsed(act) if sel in lapse else act for sel, act in actions.items()}


def bar(prefix: str, label: Msg = UNDO) -> Node:
    """The static markup: ``PREFIX-undo-bar`` (hidden until an offer), its line ``PREFIX-undo-said``
    (the view writes it) and the button ``PREFIX-undo``."""
    return h(
        "p",
        h("span", id=f"{prefix}-undo-said"),
        " ",
        button(f"{prefix}-undo", label),
        cls="undo-bar",
        id=f"{prefix}-undo-bar",
        role="status",
        hidden=True,
    )


def in_place(items: tuple[Node, ...], undo: Undo[Any] | None, index: int, prefix: str) -> tuple[Node, ...]:
    """A list's ``items`` with the offer standing where the entry it took stood (``index``): the
    GM sees «Удалён: Громила. Отменить» where they tapped «Удалить», not below a long list. The
    item is ``PREFIX-undo-bar`` with its line (``PREFIX-undo-said``) and ``PREFIX-undo``; the
    panel's markup then has no ``bar`` of its own.

    >>> from kit.msg import render
    >>> shown = in_place((Node("li", "a"), Node("li", "c")), offer("b", "Удалён: b."), 1, "x")
    >>> [n.attrs[0][1] if n.attrs else n.text for n in shown]
    ['a', 'x-undo-bar', 'c']
    """
    if undo is None:
        return items
    line = Node("span", undo.said, attrs=(("id", f"{prefix}-undo-said"),), tail=" ")
    press = Node("button", UNDO, attrs=(("type", "button"), ("id", f"{prefix}-undo")))
    offered = Node(
        "li", cls="undo-bar", attrs=(("id", f"{prefix}-undo-bar"), ("role", "status")), children=(line, press)
    )
    at = max(0, min(index, len(items)))
    return (*items[:at], offered, *items[at:])


def view(undo: Undo[Any] | None, prefix: str) -> View:
    """The bar shown with the offer's line while there is one, hidden otherwise."""
    return {
        f"{prefix}-undo-bar": Show(hidden=undo is None),
        f"{prefix}-undo-said": Show(text="" if undo is None else undo.said),
    }
