"""Enter in a field runs its section's main action, after the field's own change.

Which button Enter presses: the nearest element, from the field up to the panel, that either
carries ``data-enter="BUTTON_ID"`` (on the field itself or on a container; empty: Enter only
commits the field) or holds exactly one ``[data-main-action]`` button of its own. Textareas keep
Enter as a new line; buttons keep their own Enter.

The field's value is committed first: browsers fire ``change`` on Enter only from the key's
default action, which pressing a button ourselves would race, so the kit runs the field's change
itself (``commit``) and remembers the value it handled. A later native ``change`` with that same
value (the browser still thinks the field is edited) is then skipped (``duplicate``), and a blur
after the browser and the kit disagreed commits what the field shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

__all__ = ["duplicate", "listen", "main_button"]

_NOT_FIELDS = ("button", "submit", "reset", "file", "image", "hidden")
# field → "seen:VALUE" (its value at focus / last native change) or "enter:VALUE" (committed by
# the kit ahead of the browser). A WeakMap: no field is kept alive by it.
_handled = window.WeakMap.new()


def _is_field(element: Any) -> bool:
    tag = str(getattr(element, "tagName", ""))
    if tag == "SELECT":
        return True
    return tag == "INPUT" and str(element.type) not in _NOT_FIELDS


def _value(element: Any) -> str:
    if str(element.type) in ("checkbox", "radio"):
        return "on" if element.checked else "off"
    return str(element.value)


def main_button(field: Any, section: Any) -> Any:
    """The button Enter in ``field`` presses (``None``: Enter only commits the field)."""
    element = field
    while element is not None and hasattr(element, "getAttribute"):
        chosen = element.getAttribute("data-enter")
        if isinstance(chosen, str):
            found = section.querySelector(f"#{chosen}") if chosen else None
            return found if hasattr(found, "click") else None
        if element is not field:
            buttons = element.querySelectorAll("[data-main-action]")
            if int(buttons.length) == 1:
                return buttons[0]
            if int(buttons.length) > 1:
                return None  # several tools side by side, none of them around the field
        if element == section:
            return None
        element = element.parentElement
    return None


def duplicate(event: Any) -> bool:
    """A native ``change`` of a value the kit already committed on Enter (skip it)."""
    target = event.target
    if not _is_field(target):
        return False
    value = _value(target)
    if str(_handled.get(target)) == f"enter:{value}":
        return True
    _handled.set(target, f"seen:{value}")
    return False


def listen(section: Any, commit: Callable[[Any], None]) -> None:
    """Enter and focus handling for the fields of ``section``; ``commit(field)`` runs what a
    change of that field runs."""

    def focused(event: Any) -> None:
        if _is_field(event.target):
            _handled.set(event.target, f"seen:{_value(event.target)}")

    def left(event: Any) -> None:
        target = event.target
        if not _is_field(target):
            return
        handled = str(_handled.get(target))
        if handled.startswith("enter:") and handled != f"enter:{_value(target)}":
            _handled.set(target, f"enter:{_value(target)}")
            commit(target)  # edited again after Enter, back to a value the browser will not report

    def key(event: Any) -> None:
        target = event.target
        if str(event.key) != "Enter" or event.isComposing or not _is_field(target):
            return
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        event.preventDefault()  # no implicit change/submit by the browser: the kit does both
        value = _value(target)
        handled = str(_handled.get(target))
        if handled.removeprefix("enter:").removeprefix("seen:") != value or handled == "undefined":
            _handled.set(target, f"enter:{value}")
            commit(target)
        button = main_button(target, section)
        if hasattr(button, "click") and not button.disabled:
            button.click()

    section.addEventListener("focusin", create_proxy(focused))
    section.addEventListener("focusout", create_proxy(left))
    section.addEventListener("keydown", create_proxy(key))
