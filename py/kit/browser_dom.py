"""The page itself: ``kit.dom.Dom`` over the browser's DOM (``BrowserDom``), and the page's marks.

With kit.browser_storage, kit.browser_compute, kit.browser_enter and kit.browser_tabs, the only
code that touches ``js``/``pyscript``; the runtime (``kit.runtime*``) works through ``BrowserDom``
and is unit-tested over a fake page. Panels never import this.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from kit import browser_enter as enter
from kit import seed as kit_seed
from kit.form import MAX_READ_CHARS, OVERSIZED
from kit.runtime_mount import MAX_FILE_MB

__all__ = [
    "automated",
    "MAX_FILE_MB",
    "UNREADABLE",
    "BrowserDom",
    "by_id",
    "make_rng",
    "mark_interactive",
    "mark_ready",
    "store_setting",
    "url_params",
]

UNREADABLE = "\ufffd"  # the form value of a number field whose text the browser could not read
# A text area's value longer than this crosses between the page and Python as UTF-8 bytes
# (static/prefs.js ``gmText``): Pyodide copies a string one character at a time, ~40 ms a
# megabyte of Cyrillic into Python and several hundred out of it (measured in the converter).
LONG_TEXT = 20_000


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


FIELD = "input:not([type=file]), select, textarea"  # what ``_fields`` and ``read_form`` read


def _fields(section: Any) -> list[Any]:
    """The section's fields (a file chooser is not one: its choice is read once, never saved)."""
    return [e for e in section.querySelectorAll(FIELD) if e.id or e.name]


def _text_length(element: Any) -> int:
    """A text area's length in characters, read without copying its text (-1: not a text area)."""
    return int(element.textLength) if str(element.tagName) == "TEXTAREA" else -1


# The long texts read from text areas in this task, each with its field: a job's argument that is
# one of them (the very object) goes to the worker from the field itself (``field_holding``), not
# back out of Python. Kept to the end of the task, and dropped when the kit writes the field: until
# then nothing else can change it.
_read_this_task: dict[int, tuple[str, Any]] = {}


def _forget_reads() -> None:
    _read_this_task.clear()


def _note_read(value: str, element: Any) -> None:
    if not _read_this_task:
        window.setTimeout(create_once_callable(_forget_reads), 0)
    _read_this_task[id(value)] = (value, element)


def _forget_field(element: Any) -> None:
    for key, (_, field) in list(_read_this_task.items()):
        if field == element:
            del _read_this_task[key]


def field_holding(value: str) -> Any | None:
    """The text area whose long text ``value`` is (read in this task, unchanged since), else None."""
    read = _read_this_task.get(id(value))
    return read[1] if read is not None and read[0] is value else None


def text_value(element: Any, length: int | None = None) -> str:
    """A field's value; a long text area's as UTF-8 bytes (``LONG_TEXT``), where ``gmText`` is.
    ``length``: the field's ``_text_length``, where the caller has read it already."""
    text = getattr(window, "gmText", None)
    if text is None or (_text_length(element) if length is None else length) <= LONG_TEXT:
        return str(element.value)
    value = text.read(element).to_bytes().decode("utf-8")
    _note_read(value, element)
    return value


def set_text_value(element: Any, value: str) -> None:
    """Set a field's value; a long text as UTF-8 bytes (``LONG_TEXT``), where ``gmText`` is."""
    _forget_field(element)
    text = getattr(window, "gmText", None)
    if text is None or len(value) <= LONG_TEXT:
        element.value = value
    else:
        text.write(element, to_js(value.encode("utf-8")))


def read_form(section: Any, limit: int = MAX_READ_CHARS) -> dict[str, str | bool]:
    """Every field of the section by id (a checkbox as a bool; a radio group by its name); a text
    area longer than ``limit`` by its length only (``kit.dom.Dom.read_form``)."""
    form: dict[str, str | bool] = {}
    for element in _fields(section):
        kind = str(element.type)
        if kind == "radio":
            if element.checked:
                form[str(element.name)] = str(element.value)
        elif kind == "checkbox":
            form[str(element.id)] = bool(element.checked)
        elif not element.id:
            continue
        elif (length := _text_length(element)) > limit:
            form[str(element.id)] = ""  # its length, read without copying the text
            form[OVERSIZED + str(element.id)] = str(length)
        else:
            # A number field holding junk (``-``, ``1e309``) reports an empty value; pass on
            # something that cannot parse, so that it gets a message instead of meaning "empty".
            bad = kind == "number" and bool(element.validity.badInput)
            form[str(element.id)] = UNREADABLE if bad else text_value(element, length)
    return form


def put_field(section: Any, key: str, value: str | bool) -> bool:
    """Put one saved or preset value into the section's field (``key`` as ``read_form`` gives
    it: a field's id, a radio group's name); False if it does not fit. The field is found by its
    id, not by walking every field of the section: restoring a record walked them once per field
    (FUDGE's ~130 ms at mount on a loaded machine)."""
    element = document.getElementById(key)
    if element is not None and section.contains(element) and element.matches(FIELD):
        kind = str(element.type)
        if kind == "checkbox":
            if not isinstance(value, bool):
                return False
            element.checked = value
            return True
        if kind != "radio":
            if not isinstance(value, str):
                return False
            if str(element.tagName) == "SELECT" and value not in [str(o.value) for o in element.options]:
                return False
            _forget_field(element)
            element.value = value
            return True
    match = [r for r in section.querySelectorAll("input[type=radio]") if str(r.name) == key]
    if not match or not isinstance(value, str) or value not in [str(r.value) for r in match]:
        return False
    for radio in match:
        radio.checked = str(radio.value) == value
    return True


# --------------------------------------------------------------------------- writing views


def by_id(element_id: str) -> Any:
    element = document.getElementById(element_id)
    if element is None:
        raise LookupError(f"no element #{element_id}")
    return element


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


def automated() -> bool:
    """Whether a program drives this browser (``navigator.webdriver``: tests, the benchmark)."""
    return bool(getattr(window.navigator, "webdriver", False))


def make_rng() -> random.Random:
    """The page's dice: OS entropy; ``?seed=N`` replays a game exactly only in a browser under
    automation (``kit.seed``: a link never makes a GM's dice predictable by itself)."""
    seed = kit_seed.at_start(url_params().get(kit_seed.PARAM), automated=automated())
    return random.Random(seed) if seed is not None else random.Random()


async def standard_library() -> None:
    """On a first visit Pyodide's standard library arrives while Python restores, after the files a
    restore needs (static/pyodide-boot.mjs sets ``gmStdlib``): nothing before this imports from it,
    but a panel may, so none is usable before it is in."""
    pending = getattr(window, "gmStdlib", None)
    if pending is not None:
        await pending


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


# --------------------------------------------------------------------------- kit.dom.Dom over the page


def _element(found: Any) -> Any:
    """An element, or ``None`` for JavaScript's ``null`` (a JsProxy of its own, not ``None``)."""
    return found if hasattr(found, "tagName") else None


class BrowserDom:
    """``kit.dom.Dom`` over the real page: elements are the browser's own (JsProxy)."""

    def root(self) -> Any:
        return document.documentElement

    def find(self, element_id: str, /) -> Any:
        return _element(document.getElementById(element_id))

    def query(self, root: Any, selector: str, /) -> Any:
        return _element(root.querySelector(selector))

    def query_all(self, root: Any, selector: str, /) -> list[Any]:
        return list((document if root is None else root).querySelectorAll(selector))

    def closest(self, element: Any, selector: str, /) -> Any:
        return _element(element.closest(selector)) if hasattr(element, "closest") else None

    def contains(self, root: Any, element: Any, /) -> bool:
        return bool(root.contains(element))

    def next_sibling(self, element: Any, /) -> Any:
        return _element(element.nextElementSibling)

    def tag(self, element: Any, /) -> str:
        return str(getattr(element, "tagName", ""))

    def kind(self, element: Any, /) -> str:
        return str(getattr(element, "type", "")) if self.tag(element) == "INPUT" else ""

    def attribute(self, element: Any, name: str, /) -> str | None:
        value = element.getAttribute(name) if hasattr(element, "getAttribute") else None
        return value if isinstance(value, str) else None

    def has_class(self, element: Any, name: str, /) -> bool:
        return hasattr(element, "classList") and bool(element.classList.contains(name))

    def read_form(self, section: Any, /, limit: int = MAX_READ_CHARS) -> dict[str, str | bool]:
        return read_form(section, limit)

    def put_field(self, section: Any, key: str, value: str | bool, /) -> bool:
        return put_field(section, key, value)

    def reset_fields(self, section: Any, /) -> None:
        _forget_reads()
        for element in section.querySelectorAll("input, textarea, select"):
            if str(element.tagName) == "SELECT":
                for option in element.options:
                    option.selected = option.defaultSelected
            elif str(element.type) in ("checkbox", "radio"):
                element.checked = element.defaultChecked
            elif str(element.type) != "file":
                element.value = element.defaultValue

    def set_text(self, element: Any, text: str, /) -> None:
        element.textContent = text

    def set_html(self, element: Any, markup: str, /) -> None:
        text = getattr(window, "gmText", None)
        if text is None or len(markup) <= LONG_TEXT:
            element.innerHTML = markup
        else:  # a long list (the journal's page of 100 entries): as bytes, not a character at a time
            text.html(element, to_js(markup.encode("utf-8")))

    def prepend_html(self, element: Any, markup: str, /) -> None:
        element.insertAdjacentHTML("afterbegin", markup)

    def splice_html(self, element: Any, start: int, remove: int, markup: str, /) -> None:
        text = getattr(window, "gmText", None)
        if text is None:  # static/prefs.js did not run: the children are written whole instead
            raise RuntimeError("gmText is missing")
        text.splice(
            element, start, remove, to_js(markup.encode("utf-8")) if len(markup) > LONG_TEXT else markup
        )

    def keep_children(self, element: Any, count: int, /) -> None:
        while int(element.childElementCount) > count:
            element.lastElementChild.remove()

    def append_button(self, element: Any, label: str, cls: str, /) -> Any:
        button = document.createElement("button")
        button.type, button.className, button.textContent = "button", cls, label
        element.append(" ", button)
        return button

    def insert_after(self, element: Any, markup: str, /) -> Any:
        element.insertAdjacentHTML("afterend", markup)
        return element.nextElementSibling

    def value(self, element: Any, /) -> str:
        return text_value(element)

    def set_value(self, element: Any, value: str, /) -> None:
        set_text_value(element, value)

    def set_checked(self, element: Any, checked: bool, /) -> None:
        element.checked = checked

    def set_hidden(self, element: Any, hidden: bool, /) -> None:
        element.hidden = hidden

    def set_disabled(self, element: Any, disabled: bool, /) -> None:
        element.disabled = disabled

    def set_attribute(self, element: Any, name: str, value: str, /) -> None:
        element.setAttribute(name, value)

    def remove_attribute(self, element: Any, name: str, /) -> None:
        element.removeAttribute(name)

    def listen(self, element: Any, kind: str, callback: Callable[[], None], /) -> None:
        element.addEventListener(kind, create_proxy(lambda *_: callback()))

    def listen_fields(self, section: Any, handler: Callable[[str, Any], None], /) -> None:
        def on_event(event: Any) -> None:
            if event.type == "change" and enter.duplicate(event):
                return  # the kit ran this change already, on Enter
            handler(str(event.type), event.target)

        proxy = create_proxy(on_event)
        for kind in ("click", "change", "input"):
            section.addEventListener(kind, proxy)
        enter.listen(section, lambda field: handler("change", field))

    def now_ms(self) -> float:
        return float(window.performance.now())

    def local_time(self) -> str:
        return now()

    def local_stamp(self) -> str:
        return stamp()

    def later(self, ms: int, callback: Callable[[], None], /) -> int:
        return int(window.setTimeout(create_once_callable(lambda *_: callback()), ms))

    def every(self, ms: int, callback: Callable[[], None], /) -> int:
        return int(window.setInterval(create_proxy(lambda *_: callback()), ms))

    def stop_timer(self, handle: int, /) -> None:
        window.clearTimeout(handle)  # timeouts and intervals share one list of timers

    def console(self, level: str, text: str, /) -> None:
        getattr(window.console, level)(text)

    def setting(self, key: str, /) -> str | None:
        try:
            raw = window.localStorage.getItem(key)
        except Exception:
            return None
        return raw if isinstance(raw, str) else None

    def store_setting(self, key: str, text: str, /) -> None:
        store_setting(key, text)

    def url_params(self) -> dict[str, str]:
        return url_params()

    def set_url(self, params: tuple[tuple[str, str | None], ...], /) -> None:
        set_url(params)

    def address(self) -> str:
        return str(window.location.href)

    def from_disk(self) -> bool:
        return str(window.location.protocol) == "file:"

    def broadcast(self, text: str, /) -> None:
        players = getattr(window, "gmPlayers", None)  # static/players.js
        if players is not None:
            players.send(text)

    def clipboard(self, text: str, done: Callable[[], None], failed: Callable[[], None], /) -> None:
        clipboard(text, done, failed)

    def download(self, filename: str, text: str, mime: str, /) -> None:
        download(filename, text, mime)

    def download_png(self, filename: str, svg: str, width: int, height: int, /) -> None:
        download_png(filename, svg, width, height)

    def read_file(
        self, element: Any, done: Callable[[str, str], None], failed: Callable[[str], None], /
    ) -> None:
        read_file(element, done, failed)
