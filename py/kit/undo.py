"""Undo of a destructive action: what the action took, kept beside the state until the panel's next
action, and a visible «Отменить» / «Undo» that gives exactly that back.

A panel keeps one ``Undo`` (or ``None``) in a field of its frozen state. The destructive action
(delete a character, clear a journal, replace a pasted text) puts there the value that restores
what it destroyed and a line naming it; ``lapsing`` wraps the panel's other actions so that the
offer lapses when the GM does anything else (it stays as long as the GM waits: the "at least 10
seconds" of issue 25 is "until the next action"). A refused input (``InputError``) changes no
state, so it does not take the offer away. ``bar`` is the static markup (a status line and its
button), ``view`` shows or hides it, ``taken`` reads the offer in the undo action.

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
>>> actions = lapsing({"#clear": clear, "#add": add}, undo_selector="#undo")
>>> cleared = actions["#clear"](Notes(("a", "b")), {})
>>> cleared.lines, cleared.undo.value
((), ('a', 'b'))
>>> restore(cleared, {}).lines
('a', 'b')
>>> actions["#add"](cleared, {"line": "c"}).undo is None    # the next action: the offer lapses
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
    undo_selector: str | tuple[str, ...],
    field: str = "undo",
) -> dict[str, Callable[[S, Form], Any]]:
    """``actions`` with the offer in ``state.<field>`` lapsing at each of them (the action runs on
    the state without it, so a destructive one may make a new offer); the undo action itself,
    ``undo_selector`` (or several that undo), is left as it is."""
    keep = (undo_selector,) if isinstance(undo_selector, str) else undo_selector

    def lapse(action: Callable[[S, Form], Any]) -> Callable[[S, Form], Any]:
        def run(state: S, form: Form) -> Any:
            return action(_cleared(state, field), form)

        run.__doc__ = action.__doc__
        return run

    return {sel: act if sel in keep else lapse(act) for sel, act in actions.items()}


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


def view(undo: Undo[Any] | None, prefix: str) -> View:
    """The bar shown with the offer's line while there is one, hidden otherwise."""
    return {
        f"{prefix}-undo-bar": Show(hidden=undo is None),
        f"{prefix}-undo-said": Show(text="" if undo is None else undo.said),
    }
