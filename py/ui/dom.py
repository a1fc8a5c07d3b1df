"""Small DOM helpers shared by every panel: inputs, messages, rendering, storage.

User text is only ever put into the page as text (``textContent`` / ``value``),
never as HTML.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, when, window

__all__ = [
    "InputError",
    "announce",
    "app_rng",
    "by_id",
    "clear",
    "table_row",
    "fill_table",
    "copy_text",
    "download_text",
    "handler",
    "load_json",
    "make",
    "enable",
    "mark_interactive",
    "mark_ready",
    "read_choice",
    "read_int",
    "has_saved",
    "save_json",
    "set_text",
    "show_error",
    "url_param",
]


class InputError(ValueError):
    """Bad user input: the message is shown to the user, and nothing changes."""


def by_id(element_id: str) -> Any:
    element = document.getElementById(element_id)
    if element is None:
        raise LookupError(f"no element #{element_id}")
    return element


def make(tag: str, text: str | None = None, /, *, cls: str | None = None, **attrs: str) -> Any:
    """Create an element; ``text`` goes in as plain text."""
    element = document.createElement(tag)
    if text is not None:
        element.textContent = text
    if cls:
        element.className = cls
    for name, value in attrs.items():
        element.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return element


def clear(element: Any) -> None:
    element.replaceChildren()


def table_row(*cells: object, header: str = "row", cls: str | None = None) -> Any:
    """A ``<tr>`` of text cells: the first is a row header (``header="row"``), every cell is a
    column header (``"col"``), or none is (``""``).  Cells with a percent sign get class ``num``."""
    row = make("tr", cls=cls)
    for index, cell in enumerate(cells):
        text = str(cell)
        if header == "col" or (header == "row" and index == 0):
            row.append(make("th", text, scope=header))
        else:
            row.append(make("td", text, cls="num" if "%" in text else None))
    return row


def fill_table(body_id: str, rows: list[Any]) -> None:
    """Replace the rows of ``<tbody id=body_id>``."""
    body = by_id(body_id)
    clear(body)
    for row in rows:
        body.append(row)


def set_text(element_id: str, text: str) -> None:
    by_id(element_id).textContent = text


NOT_A_NUMBER = "{name}: введите целое число от {low} до {high}."
OUT_OF_RANGE = "{name}: {value} вне допустимого диапазона {low}…{high}."
NOT_ALLOWED = "{name}: недопустимое значение."


def _message(template: str, **values: object) -> Any:
    """A message in the page's language, re-translated whenever it is shown again."""
    from ui.i18n import Text  # here, not at the top: i18n stores the language through this module

    return Text(template, **values)


def read_int(element_id: str, low: int, high: int, name: object) -> int:
    """Read a whole number from an input, or raise InputError with a message in the page's language."""
    label = _message(name) if isinstance(name, str) else name  # field names are catalogue keys too
    raw = str(by_id(element_id).value).strip().replace("−", "-")
    try:
        value = int(raw)
    except ValueError:
        raise InputError(_message(NOT_A_NUMBER, name=label, low=low, high=high)) from None
    if not low <= value <= high:
        raise InputError(_message(OUT_OF_RANGE, name=label, value=value, low=low, high=high))
    return value


def read_choice(element_id: str, allowed: tuple[str, ...], name: object) -> str:
    value = str(by_id(element_id).value)
    if value not in allowed:
        raise InputError(_message(NOT_ALLOWED, name=_message(name) if isinstance(name, str) else name))
    return value


def _panel_error_box(event: Any) -> Any:
    target = getattr(event, "target", None)
    panel = target.closest("section") if target is not None and hasattr(target, "closest") else None
    # closest() gives JS null (pyodide's jsnull, not None) outside any section, e.g. the header.
    return panel.querySelector(".error") if hasattr(panel, "querySelector") else None


def show_error(box: Any, message: str) -> None:
    if box is not None:
        box.textContent = message
        box.hidden = not message


def handler(event_type: str, selector: str) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    """Register an event handler that never crashes the page.

    InputError/ValueError messages go to the panel's ``.error`` box; anything
    unexpected is logged to the console (so tests catch it) and reported.
    """

    def decorator(fn: Callable[[Any], None]) -> Callable[[Any], None]:
        def safe(event: Any) -> None:
            box = _panel_error_box(event)
            try:
                fn(event)
            except ValueError as error:
                show_error(box, str(error))
            except Exception:
                window.console.error(traceback.format_exc())
                show_error(box, str(_message("Внутренняя ошибка; подробности в консоли браузера.")))
            else:
                show_error(box, "")

        when(event_type, selector)(safe)
        return fn

    return decorator


def announce(element_id: str, text: str) -> None:
    """Put a result in an aria-live region, so screen readers read it."""
    set_text(element_id, text)


def load_json(key: str, default: Any) -> Any:
    """A saved value, or ``default`` when there is none or it is unreadable."""
    try:
        raw = window.localStorage.getItem(key)  # JS null (a JsNull, not None) when missing
        return json.loads(raw) if isinstance(raw, str) else default
    except Exception:
        return default


def has_saved(key: str) -> bool:
    """Whether anything (readable or not) is saved under ``key``."""
    try:
        return isinstance(window.localStorage.getItem(key), str)  # a missing key is JS null
    except Exception:
        return False


def save_json(key: str, value: Any) -> None:
    try:
        window.localStorage.setItem(key, json.dumps(value, ensure_ascii=False))
    except Exception:
        window.console.warn(f"could not save {key}")


def url_param(name: str) -> str | None:
    value = window.URLSearchParams.new(window.location.search).get(name)
    # A missing parameter is JS null, which reaches Python as a JsNull, not None.
    return value if isinstance(value, str) else None


def _make_rng() -> random.Random:
    # ?seed=N replays a session exactly (tests, bug reports); otherwise OS entropy.
    seed = url_param("seed")
    return random.Random(seed) if seed else random.Random()


app_rng = _make_rng()


def copy_text(text: str, status_id: str) -> None:
    """Copy to the clipboard and say so in ``status_id``."""

    def done(*_: Any) -> None:
        set_text(status_id, str(_message("Скопировано.")))

    def failed(*_: Any) -> None:
        set_text(status_id, str(_message("Не удалось скопировать: выделите текст и нажмите Ctrl+C.")))

    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        failed()
        return
    clipboard.writeText(text).then(create_once_callable(done), create_once_callable(failed))


def download_text(filename: str, text: str) -> None:
    """Offer ``text`` as a UTF-8 .txt download (a same-origin blob: URL, works offline)."""
    options = to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries)
    url = window.URL.createObjectURL(window.Blob.new(to_js([text]), options))
    link = make("a", href=str(url), download=filename, hidden="")
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 5000)


def enable(root: Any) -> None:
    """Enable the Python-driven controls inside ``root`` (a panel, the header, the document)."""
    for element in root.querySelectorAll("[data-needs-python]"):
        element.disabled = False
    # Wide tables scroll sideways on a phone; keyboard users must be able to scroll them too.
    for element in root.querySelectorAll(".table-wrap:not([tabindex])"):
        element.setAttribute("tabindex", "0")


def mark_interactive() -> None:
    """The first panel works: hide the loading indicator (read by tools/bench.py)."""
    by_id("loading").hidden = True
    document.documentElement.dataset.interactiveMs = str(round(window.performance.now()))


def mark_ready() -> None:
    """Every panel is wired: enable everything and set the marker the tests wait for."""
    enable(document)
    by_id("loading").hidden = True
    root = document.documentElement
    root.dataset.readyMs = str(round(window.performance.now()))
    root.dataset.ready = "true"
