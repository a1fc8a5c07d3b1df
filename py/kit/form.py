"""Reading a panel's form: the raw field values the kit collected, parsed into typed values.

A form is a plain mapping ``{element_id: value}`` (a string; ``True``/``False`` for a checkbox;
for a radio group, its ``name`` maps to the checked value). Actions read it with these functions,
which raise ``InputError`` with a message the kit shows in the page's language, so an action
validates everything before it returns a new state, and bad input changes nothing.

>>> read_int({"luck": " 7 "}, "luck", 1, 9, "Удача")
7
>>> read_int({"luck": "−3"}, "luck", -5, 5, "Удача")
-3
>>> try:
...     read_int({"luck": "x"}, "luck", 1, 9, "Удача")
... except InputError as error:
...     print(render(error.message, "en"))
Удача: enter a whole number from 1 to 9.
>>> read_optional_int({"bound": ""}, "bound", 1, 20, "b") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping

from kit import common
from kit.msg import Renderable, render

__all__ = [
    "ARG",
    "FILE_NAME",
    "FILE_TEXT",
    "Form",
    "InputError",
    "LANG",
    "LOG_ID",
    "MAX_READ_CHARS",
    "NOW",
    "OVERSIZED",
    "read_bool",
    "read_choice",
    "read_int",
    "read_optional_int",
    "oversized",
    "read_text",
]

Form = Mapping[str, "str | bool"]
ARG = "@arg"  # the form key of the pressed element's ``data-arg`` (one of many generated buttons)
FILE_NAME = "@file.name"  # a chosen file's name, for the action of an ``<input type="file">``
LANG = "@lang"  # the page's language when the action ran ("ru"/"en"): a file made for it, e.g. a CSV
NOW = "@now"  # the local time the action ran, ISO 8601 to the second: for a line the action writes itself
# the id the journal entry of the action's log line gets (unique across tabs): an action that may be
# undone keeps it, so that its undo removes that entry (``kit.panel.Unlog``)
LOG_ID = "@log-id"
FILE_TEXT = "@file.text"  # … and its text (UTF-8; the kit refuses big or unreadable files itself)
# … or, for a chooser marked ``data-store-file`` where the journal's store runs, "1": the file stays
# in the page and the action hands it to the store (``kit.panel.AskJournal(file=…)``), whatever its size
FILE_STORE = "@file.store"
# A text area holding more is not copied into Python (16 million characters would be a long task on
# every keystroke and save): it reads as "" and ``OVERSIZED + its id`` holds its length.
MAX_READ_CHARS = 2_000_000
OVERSIZED = "@oversized:"
MAX_DIGITS = 30  # a longer "number" is refused before int() (which is quadratic and limited)


class InputError(ValueError):
    """Bad user input; ``message`` (a renderable) is shown in the panel, and nothing changes."""

    def __init__(self, message: Renderable, /) -> None:
        super().__init__(render(message, "en"))
        self.message = message


def oversized(form: Form, key: str) -> int | None:
    """The length of field ``key`` where it was too long to read (over ``MAX_READ_CHARS``), else None.

    >>> oversized({"log": "", OVERSIZED + "log": "3000000"}, "log"), oversized({"log": "x"}, "log")
    (3000000, None)
    """
    value = form.get(OVERSIZED + key)
    return int(value) if isinstance(value, str) and value.isdigit() else None


def _raw(form: Form, key: str) -> str:
    value = form.get(key, "")
    return value if isinstance(value, str) else ""


def _parse_int(raw: str) -> int | None:
    text = raw.strip().replace("−", "-").replace("\u00a0", "").replace(" ", "")
    digits = text.removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def read_int(form: Form, key: str, low: int, high: int, name: Renderable) -> int:
    """A whole number within ``low``…``high`` (a true minus is accepted)."""
    value = _parse_int(_raw(form, key))
    if value is None:
        raise InputError(common.NOT_A_NUMBER(name=name, low=low, high=high))
    if not low <= value <= high:
        raise InputError(common.OUT_OF_RANGE(name=name, value=value, low=low, high=high))
    return value


def read_optional_int(form: Form, key: str, low: int, high: int, name: Renderable) -> int | None:
    """Empty means "use the default" (``None``); anything else must be a number in range."""
    raw = _raw(form, key)
    if not raw.strip():
        return None
    value = _parse_int(raw)
    if value is None:
        raise InputError(common.NOT_A_NUMBER_OR_EMPTY(name=name, low=low, high=high))
    if not low <= value <= high:
        raise InputError(common.OUT_OF_RANGE(name=name, value=value, low=low, high=high))
    return value


def read_choice(form: Form, key: str, allowed: tuple[str, ...], name: Renderable) -> str:
    value = _raw(form, key)
    if value not in allowed:
        raise InputError(common.NOT_ALLOWED(name=name))
    return value


def read_bool(form: Form, key: str) -> bool:
    return form.get(key) is True


def read_text(form: Form, key: str, limit: int, name: Renderable) -> str:
    """Free text of at most ``limit`` characters."""
    text = _raw(form, key)
    if len(text) > limit:
        raise InputError(common.TOO_LONG(name=name, length=len(text), limit=limit))
    return text
