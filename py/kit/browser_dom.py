"""The page's elements, fields, URL and files: the low-level half of the kit's browser side.

kit.browser (mounting, actions, language) is the only user; panels never import this.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from kit.msg import render
from kit.view import Show, to_html

__all__ = [
    "UNREADABLE",
    "by_id",
    "clipboard",
    "download",
    "download_png",
    "now",
    "put_field",
    "read_file",
    "read_form",
    "set_url",
    "store_setting",
    "url_params",
    "write",
]

UNREADABLE = "\ufffd"  # the form value of a number field whose text the browser could not read


# --------------------------------------------------------------------------- storage and URL


def store_setting(key: str, text: str) -> None:
    """A small page setting (the language) in localStorage, where the first paint can read it."""
    try:
        window.localStorage.setItem(key, text)
    except Exception:
        window.console.warn(f"could not save {key}")


def url_params() -> dict[str, str]:
    params = window.URLSearchParams.new(window.location.search)
    return {str(key): str(params.get(key)) for key in params.keys()}


def stamp() -> str:
    """The local time to the second, ISO 8601 (``2026-12-01T20:00:05``): a journal entry's time."""
    d = window.Date.new()
    return (
        f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}T"
        f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}:{int(d.getSeconds()):02d}"
    )


def now() -> str:
    d = window.Date.new()
    return (
        f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d} "
        f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}"
    )


# --------------------------------------------------------------------------- the form


def _fields(section: Any) -> list[Any]:
    """The section's fields (a file chooser is not one: its choice is read once, never saved)."""
    return [e for e in section.querySelectorAll("input:not([type=file]), select, textarea") if e.id or e.name]


def read_form(section: Any) -> dict[str, str | bool]:
    """Every field of the section by id (a checkbox as a bool; a radio group by its name)."""
    form: dict[str, str | bool] = {}
    for element in _fields(section):
        kind = str(element.type)
        if kind == "radio":
            if element.checked:
                form[str(element.name)] = str(element.value)
        elif kind == "checkbox":
            form[str(element.id)] = bool(element.checked)
        elif element.id:
            # A number field holding junk (``-``, ``1e309``) reports an empty value; pass on
            # something that cannot parse, so that it gets a message instead of meaning "empty".
            bad = kind == "number" and bool(element.validity.badInput)
            form[str(element.id)] = UNREADABLE if bad else str(element.value)
    return form


def put_field(section: Any, key: str, value: str | bool) -> bool:
    """Put one saved or preset value into the section's field; False if it does not fit."""
    for element in _fields(section):
        kind = str(element.type)
        if kind == "radio" and str(element.name) == key:
            if not isinstance(value, str):
                return False
            match = [r for r in section.querySelectorAll("input[type=radio]") if str(r.name) == key]
            if value not in [str(r.value) for r in match]:
                return False
            for radio in match:
                radio.checked = str(radio.value) == value
            return True
        if str(element.id) != key:
            continue
        if kind == "checkbox":
            if not isinstance(value, bool):
                return False
            element.checked = value
            return True
        if not isinstance(value, str):
            return False
        if str(element.tagName) == "SELECT" and value not in [str(o.value) for o in element.options]:
            return False
        element.value = value
        return True
    return False


# --------------------------------------------------------------------------- writing views


def by_id(element_id: str) -> Any:
    element = document.getElementById(element_id)
    if element is None:
        raise LookupError(f"no element #{element_id}")
    return element


def write(element: Any, show: Show, lang: str) -> None:
    """Make ``element`` show ``show``."""
    if show.text is not None:
        element.textContent = render(show.text, lang)
    if show.children is not None:
        # One assignment instead of a browser call per element, attribute and text (a table of
        # 200 rows is thousands of them). Safe: kit.view.to_html escapes every text and attribute,
        # and the markup comes only from a view's Nodes, never from user text as markup.
        element.innerHTML = "".join(to_html(node, lang) for node in show.children)
    if show.value is not None and str(element.value) != show.value:
        element.value = show.value
    if show.checked is not None:
        element.checked = show.checked
    if show.hidden is not None:
        element.hidden = show.hidden
    if show.disabled is not None:
        element.disabled = show.disabled
    for name, value in show.attrs:
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, render(value, lang))


def download(filename: str, text: str, mime: str) -> None:
    options = to_js({"type": f"{mime};charset=utf-8"}, dict_converter=window.Object.fromEntries)
    _save_blob(filename, window.Blob.new(to_js([text]), options))


def download_png(filename: str, svg: str, width: int, height: int) -> None:
    """Draw the SVG document on a canvas (twice its size, on white) and offer it as a PNG file."""
    options = to_js({"type": "image/svg+xml;charset=utf-8"}, dict_converter=window.Object.fromEntries)
    source = window.URL.createObjectURL(window.Blob.new(to_js([svg]), options))
    image = window.Image.new()

    def drawn(*_: Any) -> None:
        canvas = document.createElement("canvas")
        canvas.width, canvas.height = width * 2, height * 2
        context = canvas.getContext("2d")
        context.fillStyle = "#ffffff"
        context.fillRect(0, 0, width * 2, height * 2)
        context.drawImage(image, 0, 0, width * 2, height * 2)
        window.URL.revokeObjectURL(source)
        canvas.toBlob(create_once_callable(lambda blob: _save_blob(filename, blob)), "image/png")

    image.onload = create_once_callable(drawn)
    image.src = source


def _save_blob(filename: str, blob: Any) -> None:
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download, link.hidden = url, filename, True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 5000)


MAX_FILE_MB = 2


def read_file(element: Any, done: Callable[[str, str], None], failed: Callable[[str], None]) -> None:
    """The first file chosen in ``element`` (an ``<input type="file">``) as text: ``done(name,
    text)``, or ``failed("too_large" | "unreadable")``. The chooser is emptied, so that choosing
    the same file again is a new change."""
    files = element.files
    chosen = files.item(0) if files is not None and int(files.length) > 0 else None
    element.value = ""
    if chosen is None:
        return
    if float(chosen.size) > MAX_FILE_MB * 1024 * 1024:
        failed("too_large")
        return
    name = str(chosen.name)
    chosen.text().then(
        create_once_callable(lambda text: done(name, str(text))),
        create_once_callable(lambda *_: failed("unreadable")),
    )


def set_url(params: tuple[tuple[str, str | None], ...]) -> None:
    url = window.URL.new(window.location.href)
    for key, value in params:
        if value is None:
            url.searchParams.delete(key)
        else:
            url.searchParams.set(key, value)
    window.history.replaceState(None, "", url.href)


def clipboard(text: str, done: Callable[[], None], failed: Callable[[], None]) -> None:
    """Copy ``text``; call ``done`` or ``failed`` when the browser answers."""
    writer = getattr(window.navigator, "clipboard", None)
    if writer is None:
        failed()
        return
    writer.writeText(text).then(
        create_once_callable(lambda *_: done()), create_once_callable(lambda *_: failed())
    )


# --------------------------------------------------------------------------- start-up marks


def make_rng() -> random.Random:
    """The page's dice: ``?seed=N`` replays a session exactly (tests, bug reports); else OS entropy."""
    seed = url_params().get("seed")
    return random.Random(seed) if seed else random.Random()


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
    """Every panel is mounted: set the marker the tests wait for."""
    by_id("loading").hidden = True
    root = document.documentElement
    root.dataset.readyMs = str(round(window.performance.now()))
    root.dataset.ready = "true"
