"""The only module that touches the page: it mounts panels, runs their actions, writes their views.

For each mounted panel the kit restores the saved record (fields, state, log), shows the view,
and listens to the panel's section: a click on a button or a change of a field that an action
is bound to runs the action with the section's form. Bad input (``InputError``) shows its message
in the nearest error box and changes nothing; anything unexpected is logged to the console and
reported as an internal error. After an action the kit saves the whole record in one write, logs,
announces, carries out the effects, and writes the new view. A language switch re-renders every
mounted panel, its log, the messages on screen and the static text (``data-i18n="id"``).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from kit import common, fmt
from kit.form import ARG, InputError
from kit.msg import LANGUAGES, Renderable, catalogue, render
from kit.panel import (
    ClearLog,
    Copy,
    CopyLog,
    CopyUrl,
    Download,
    DownloadLog,
    LogEntry,
    Panel,
    SetFields,
    SetUrl,
    decode,
    dropped_notice,
    encode,
    log_entry,
    outcome,
)
from kit.view import Node, Show

__all__ = [
    "apply_static",
    "language",
    "mark_current_tab",
    "mount",
    "on_language",
    "read_form",
    "saved_language",
    "set_language",
    "start_page",
    "url_params",
    "write",
]

LANG_KEY = "gm.lang"
STATIC_ATTRIBUTES = ("title", "aria-label", "placeholder")
_page: dict[str, Any] = {"lang": "ru"}
_listeners: list[Callable[[str], None]] = []


@dataclass
class _Mounted:
    """A mounted panel: its current state and log, and the kit's texts on screen (error boxes,
    notices, copy statuses) kept as renderables so that a switch re-words them."""

    panel: Panel[Any]
    section: Any
    state: Any
    log: tuple[LogEntry, ...] = ()
    shown: dict[str, tuple[Any, Renderable]] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)  # copy statuses on screen, until the next action


_mounted: dict[str, _Mounted] = {}


# --------------------------------------------------------------------------- language


def language() -> str:
    return _page["lang"]


def saved_language() -> str:
    try:
        raw = window.localStorage.getItem(LANG_KEY)
        lang = json.loads(raw) if isinstance(raw, str) else "ru"
    except Exception:
        lang = "ru"
    return lang if lang in LANGUAGES else "ru"


def on_language(callback: Callable[[str], None]) -> None:
    """Call ``callback(lang)`` after every switch (code not yet on the kit re-renders itself)."""
    _listeners.append(callback)


def apply_static() -> None:
    """Static text marked ``data-i18n="id"`` (and ``data-i18n-title`` etc.) in the page's language."""
    lang, messages = _page["lang"], catalogue()
    for element in document.querySelectorAll("[data-i18n]"):
        msg = messages.get(str(element.getAttribute("data-i18n") or ""))
        if msg is not None:
            element.textContent = msg.text(lang)
    for attribute in STATIC_ATTRIBUTES:
        for element in document.querySelectorAll(f"[data-i18n-{attribute}]"):
            msg = messages.get(str(element.getAttribute(f"data-i18n-{attribute}")))
            if msg is not None:
                element.setAttribute(attribute, msg.text(lang))
    document.documentElement.lang = lang


def set_language(lang: str, /, *, save: bool = True) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _page["lang"] = lang
    fmt.use_language(lang)
    if save:
        _store(LANG_KEY, json.dumps(lang))
    apply_static()
    for mounted in _mounted.values():
        _render(mounted)
    for callback in _listeners:
        callback(lang)


# --------------------------------------------------------------------------- storage and URL


def _store(key: str, text: str) -> bool:
    try:
        window.localStorage.setItem(key, text)
        return True
    except Exception:
        window.console.warn(f"could not save {key}")
        return False


def _read(key: str) -> str | None:
    try:
        raw = window.localStorage.getItem(key)
    except Exception:
        return None
    return raw if isinstance(raw, str) else None  # a missing key is JS null, not None


def _read_json(key: str) -> Any:
    raw = _read(key)
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None


def url_params() -> dict[str, str]:
    params = window.URLSearchParams.new(window.location.search)
    return {str(key): str(params.get(key)) for key in params.keys()}


def _now() -> str:
    d = window.Date.new()
    return (
        f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d} "
        f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}"
    )


# --------------------------------------------------------------------------- the form


def _fields(section: Any) -> list[Any]:
    return [e for e in section.querySelectorAll("input, select, textarea") if e.id or e.name]


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
            form[str(element.id)] = str(element.value)
    return form


def _put_field(section: Any, key: str, value: str | bool) -> bool:
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


def _build(node: Node, lang: str) -> Any:
    element = document.createElement(node.tag)
    if node.cls:
        element.className = node.cls
    for name, value in node.attrs:
        element.setAttribute(name, render(value, lang))
    if node.text is not None:
        element.textContent = render(node.text, lang)
    for child in node.children:
        element.append(_build(child, lang))
    return element


def _by_id(element_id: str) -> Any:
    element = document.getElementById(element_id)
    if element is None:
        raise LookupError(f"no element #{element_id}")
    return element


def write(element: Any, show: Show, lang: str) -> None:
    """Make ``element`` show ``show``."""
    if show.text is not None:
        element.textContent = render(show.text, lang)
    if show.children is not None:
        element.replaceChildren(*[_build(node, lang) for node in show.children])
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


def _render_log(mounted: _Mounted) -> None:
    spec, lang = mounted.panel.log, _page["lang"]
    if spec is None:
        return
    box = _by_id(f"{spec.prefix}-log")
    lines = []
    for entry in mounted.log:
        item = document.createElement("li")
        if entry.time:
            stamp = document.createElement("time")
            stamp.className = "muted"
            stamp.textContent = entry.time[-5:]
            item.append(stamp, " ")
        item.append(entry.text(lang))
        lines.append(item)
    box.replaceChildren(*lines)
    _by_id(f"{spec.prefix}-log-empty").hidden = bool(mounted.log)


def _say(mounted: _Mounted, element: Any, text: Renderable | None) -> None:
    """Put a kit message (error, notice, status) into ``element``; empty hides an error box."""
    key = str(element.id) or f"box{len(mounted.shown)}"
    if text is None:
        mounted.shown.pop(key, None)
        element.textContent = ""
        element.hidden = True
        return
    mounted.shown[key] = (element, text)
    element.textContent = render(text, _page["lang"])
    element.hidden = False


def _render(mounted: _Mounted) -> None:
    lang = _page["lang"]
    for element_id, show in mounted.panel.view(mounted.state).items():
        write(_by_id(element_id), show, lang)
    _render_log(mounted)
    for element, text in mounted.shown.values():
        element.textContent = render(text, lang)


# --------------------------------------------------------------------------- running actions


def _log_text(mounted: _Mounted, title: Renderable | None = None, oldest_first: bool = False) -> str:
    lang = _page["lang"]
    entries = reversed(mounted.log) if oldest_first else mounted.log
    lines = [f"{e.time} {e.text(lang)}" if e.time else e.text(lang) for e in entries]
    if title is not None:
        lines = [render(title, lang), "", *lines]
    return "\n".join(lines) + ("\n" if title is not None else "")


def _copy(mounted: _Mounted, text: str, status_id: str) -> None:
    status = _by_id(status_id)
    mounted.statuses.add(status_id)

    def done(*_: Any) -> None:
        _say(mounted, status, common.COPIED)

    def failed(*_: Any) -> None:
        _say(mounted, status, common.COPY_FAILED)

    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        failed()
        return
    clipboard.writeText(text).then(create_once_callable(done), create_once_callable(failed))


def _download(filename: str, text: str, mime: str) -> None:
    options = to_js({"type": f"{mime};charset=utf-8"}, dict_converter=window.Object.fromEntries)
    url = window.URL.createObjectURL(window.Blob.new(to_js([text]), options))
    link = document.createElement("a")
    link.href, link.download, link.hidden = url, filename, True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 5000)


def _set_url(params: tuple[tuple[str, str | None], ...]) -> None:
    url = window.URL.new(window.location.href)
    for key, value in params:
        if value is None:
            url.searchParams.delete(key)
        else:
            url.searchParams.set(key, value)
    window.history.replaceState(None, "", url.href)


def _save(mounted: _Mounted) -> None:
    panel = mounted.panel
    _store(panel.key, encode(panel, read_form(mounted.section), mounted.state, mounted.log))


def _apply(mounted: _Mounted, result: Any) -> None:
    done = outcome(result)
    mounted.state = done.state
    for status_id in mounted.statuses:  # "Copied." spoke of the previous result
        _say(mounted, _by_id(status_id), None)
    mounted.statuses.clear()
    spec = mounted.panel.log
    for effect in done.effects:
        if isinstance(effect, SetFields):
            for key, value in effect.values:
                _put_field(mounted.section, key, value)
        elif isinstance(effect, ClearLog):
            mounted.log = ()
        elif isinstance(effect, Copy):
            _copy(mounted, render(effect.text, _page["lang"]), effect.status)
        elif isinstance(effect, CopyLog):
            _copy(mounted, _log_text(mounted), effect.status)
        elif isinstance(effect, Download):
            _download(effect.filename, render(effect.text, _page["lang"]), effect.mime)
        elif isinstance(effect, SetUrl):
            _set_url(effect.params)
        elif isinstance(effect, CopyUrl):
            _copy(mounted, str(window.location.href), effect.status)
        elif isinstance(effect, DownloadLog):
            text = _log_text(mounted, effect.title, effect.oldest_first)
            _download(effect.filename, text, "text/plain")
    if done.log is not None and spec is not None:
        entry = log_entry(done.log, _now() if spec.timestamps else "")
        mounted.log = (entry, *mounted.log)[: spec.size]
    _save(mounted)
    _render(mounted)
    if done.say is not None:
        _by_id("announcer").textContent = render(done.say, _page["lang"])


def _error_box(mounted: _Mounted, target: Any) -> Any:
    part = target.closest("section") if hasattr(target, "closest") else None
    box = part.querySelector(".error") if hasattr(part, "querySelector") else None
    return box if box is not None and hasattr(box, "textContent") else mounted.section.querySelector(".error")


def _run(mounted: _Mounted, action: Any, target: Any) -> None:
    box = _error_box(mounted, target)
    form = read_form(mounted.section)
    arg = target.getAttribute("data-arg")
    if isinstance(arg, str):  # which of many generated buttons (e.g. a wound box) was pressed
        form[ARG] = arg
    try:
        done = outcome(action(mounted.state, form))
        _apply(mounted, done)
    except InputError as error:
        _say(mounted, box, error.message)
    except Exception:
        window.console.error(traceback.format_exc())
        _say(mounted, box, common.INTERNAL_ERROR)
    else:
        _say(mounted, box, done.error)


def _listen(mounted: _Mounted) -> None:
    actions = mounted.panel.actions

    def on_event(event: Any) -> None:
        target = event.target
        for selector, action in actions.items():
            element = target.closest(selector) if hasattr(target, "closest") else None
            if not hasattr(element, "tagName") or not mounted.section.contains(element):
                continue
            if event.type == _trigger(element):
                _run(mounted, action, element)
                return
        if event.type == "change":
            _save(mounted)  # every field a GM typed survives a reload

    def on_key(event: Any) -> None:
        """Enter in a field with ``data-enter="BUTTON_ID"`` presses that button."""
        target = event.target
        button = target.getAttribute("data-enter") if hasattr(target, "getAttribute") else None
        if str(event.key) == "Enter" and not event.isComposing and isinstance(button, str):
            event.preventDefault()
            _by_id(button).click()

    handler = create_proxy(on_event)
    for kind in ("click", "change", "input"):
        mounted.section.addEventListener(kind, handler)
    mounted.section.addEventListener("keydown", create_proxy(on_key))


def _trigger(element: Any) -> str:
    """The event that runs an element's action: a button's click, a slider's input (it follows the
    drag), any other field's change."""
    if str(element.tagName) == "BUTTON":
        return "click"
    return "input" if str(getattr(element, "type", "")) == "range" else "change"


# --------------------------------------------------------------------------- mounting


def mount(panel: Panel[Any]) -> None:
    """Restore the panel's saved record, show it, and listen to its section."""
    section = _by_id(panel.name)
    has_record = _read(panel.key) is not None
    restored = decode(panel, _read(panel.key), None if has_record else _read_json)
    mounted = _Mounted(panel, section, restored.state, restored.log)
    _mounted[panel.name] = mounted
    dropped = list(restored.dropped)
    if not all(_put_field(section, key, value) for key, value in restored.form.items()):
        from kit.panel import WHAT_FIELDS

        dropped.append(WHAT_FIELDS)
    notice = dropped_notice(tuple(dropped))
    if notice is not None:
        box = section.querySelector(".notice") or section.querySelector(".error")
        _say(mounted, box, notice)
    if restored.log_damaged and panel.log is not None:
        _say(mounted, _by_id(f"{panel.log.prefix}-log-notice"), common.LOG_DAMAGED)
    if panel.log is not None and document.getElementById(f"{panel.log.prefix}-log-clear") is not None:
        clear = _by_id(f"{panel.log.prefix}-log-clear")
        clear.addEventListener("click", create_proxy(lambda _e: _clear_log(mounted)))
    if panel.start is not None:
        box = section.querySelector(".error")
        try:  # the URL is untrusted input: a refusal shows like an action's
            done = outcome(panel.start(mounted.state, read_form(section), url_params()))
            _apply(mounted, done)
        except InputError as error:
            _say(mounted, box, error.message)
        else:
            if done.error is not None:
                _say(mounted, box, done.error)
    elif not has_record or notice is not None:
        _save(mounted)  # carried over from before the kit, or repaired: from now on one sound record
    _render(mounted)
    _listen(mounted)


def _clear_log(mounted: _Mounted) -> None:
    mounted.log = ()
    spec = mounted.panel.log
    if spec is not None:
        _say(mounted, _by_id(f"{spec.prefix}-log-notice"), None)
    _save(mounted)
    _render(mounted)


# --------------------------------------------------------------------------- the page around the panels


def mark_current_tab(*_: Any) -> None:
    """aria-current on the nav link of the panel that shows (the first one when no #fragment)."""
    target = str(window.location.hash)
    links = document.querySelectorAll("nav.tabs a")
    ids = [str(link.getAttribute("href")) for link in links]
    current = target if target in ids else ids[0]
    for link in links:
        if str(link.getAttribute("href")) == current:
            link.setAttribute("aria-current", "page")
        else:
            link.removeAttribute("aria-current")


def start_page() -> None:
    """The language switch and the tabs' current marker."""
    switch = _by_id("lang-switch")
    switch.addEventListener(
        "click", create_proxy(lambda _e: set_language("en" if language() == "ru" else "ru"))
    )
    mark_current_tab()
    window.addEventListener("hashchange", create_proxy(mark_current_tab))
