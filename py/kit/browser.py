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
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from kit import aside, common, compute, fmt
from kit import browser_compute as compute_client
from kit import browser_dom as dom
from kit import browser_enter as enter
from kit import browser_storage as storage
from kit.form import ARG, FILE_NAME, FILE_TEXT, LANG, InputError
from kit.journal import JOURNAL, Note, entry_for
from kit.msg import LANGUAGES, Cat, Renderable, catalogue, fixed, render
from kit.panel import (
    WHAT_FIELDS,
    Answer,
    ClearLog,
    Compute,
    Copy,
    CopyLog,
    CopyUrl,
    Download,
    DownloadLog,
    DownloadPng,
    LogEntry,
    Outcome,
    Panel,
    SetFields,
    SetUrl,
    decode,
    dropped_notice,
    encode,
    log_entry,
    outcome,
    sound_url_params,
)
from kit.shared import Share, Shared, decode_shared, encode_shared
from kit.view import Show, changes

__all__ = [
    "apply_static",
    "language",
    "mount",
    "on_language",
    "saved_language",
    "resave_shared",
    "save_typing_now",
    "set_language",
    "shared_records",
    "shared_values",
]

LANG_KEY = "gm.lang"
STATIC_ATTRIBUTES = ("title", "aria-label", "placeholder")
_page: dict[str, Any] = {"lang": "ru", "boxes": 0, "requests": 0}
_listeners: list[Callable[[str], None]] = []


@dataclass
class _Mounted:
    """A mounted panel: its current state and log, and the kit's texts on screen (error boxes,
    notices, copy statuses) kept as renderables so that a switch re-words them."""

    panel: Panel[Any]
    section: Any
    state: Any
    log: tuple[LogEntry, ...] = ()
    shown: dict[str, tuple[Any, Renderable, str | Download]] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)  # copy statuses on screen, until the next action
    written: dict[str, Show] = field(default_factory=dict)  # what each element shows (in ``lang``)
    written_log: tuple[str, tuple[LogEntry, ...]] | None = None
    computing: int = 0  # the panel's request in flight (0: none)


_mounted: dict[str, _Mounted] = {}
_page_shown: dict[str, Renderable] = {}  # page-level kit texts by element id (re-worded on a switch)
_unsaved: dict[str, str] = {}  # record key → why its last save failed
_known: dict[str, str | None] = {}  # record key → its text as this tab last wrote or took it
_shared: dict[str, list[Any]] = {}  # name → [Shared, value, record dropped, entries set aside]
_journal_ids = {"tab": f"{random.getrandbits(32):08x}", "count": 0}  # journal entry ids unique across tabs


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
        dom.store_setting(LANG_KEY, json.dumps(lang))
    apply_static()
    for element_id, text in _page_shown.items():
        dom.by_id(element_id).textContent = render(text, lang)
    for mounted in _mounted.values():
        mounted.written.clear()  # every text is in the other language now
        _render(mounted)
        for element, text, details in mounted.shown.values():
            _fill(element, text, details)
    for callback in _listeners:
        callback(lang)


def _log_item(entry: LogEntry, lang: str) -> Any:
    item = document.createElement("li")
    if entry.time:
        stamp = document.createElement("time")
        stamp.className = "muted"
        stamp.textContent = entry.time[-5:]
        item.append(stamp, " ")
    item.append(entry.text(lang))
    return item


def _render_log(mounted: _Mounted) -> None:
    spec, lang, log = mounted.panel.log, _page["lang"], mounted.log
    if spec is None or mounted.written_log == (lang, log):
        return
    box = dom.by_id(f"{spec.prefix}-log")
    before = mounted.written_log
    if before is not None and before[0] == lang and log and log[1:] == before[1][: len(log) - 1]:
        box.prepend(_log_item(log[0], lang))  # one new line: the others stay as they are
        while int(box.childElementCount) > len(log):
            box.lastElementChild.remove()
    else:
        box.replaceChildren(*[_log_item(entry, lang) for entry in log])
    mounted.written_log = (lang, log)
    dom.by_id(f"{spec.prefix}-log-empty").hidden = bool(log)


def _say(mounted: _Mounted, element: Any, text: Renderable | None, details: str | Download = "") -> None:
    """Put a kit message (error, notice, status) into ``element``; empty hides an error box.
    ``details`` (an unexpected error's traceback) gets a «copy details» button; a ``Download``
    (damaged data set aside) a button that offers it."""
    if not str(element.id):  # an error box without an id: give it one, to find it again
        _page["boxes"] += 1
        element.id = f"{mounted.panel.name}-box-{_page['boxes']}"
    key = str(element.id)
    if text is None:
        mounted.shown.pop(key, None)
        element.textContent = ""
        element.hidden = True
        return
    mounted.shown[key] = (element, text, details)
    _fill(element, text, details)
    element.hidden = False


def _fill(element: Any, text: Renderable, details: str | Download) -> None:
    element.textContent = render(text, _page["lang"])
    if isinstance(details, Download):
        offer = document.createElement("button")
        offer.type, offer.className = "button", "copy-details"
        offer.textContent = render(aside.DOWNLOAD, _page["lang"])
        offer.addEventListener(
            "click", create_proxy(lambda *_: dom.download(details.filename, str(details.text), details.mime))
        )
        element.append(" ", offer)
    elif details:
        button = document.createElement("button")
        button.type, button.className = "button", "copy-details"
        button.textContent = render(common.COPY_DETAILS, _page["lang"])

        def copy(*_: Any) -> None:
            def copied() -> None:
                button.textContent = render(common.COPIED, _page["lang"])

            dom.clipboard(details, copied, lambda: None)

        button.addEventListener("click", create_proxy(copy))
        element.append(" ", button)


def _render(mounted: _Mounted) -> None:
    """Write what changed in the view since the last render (everything after a switch)."""
    lang = _page["lang"]
    for element_id, show in mounted.panel.view(mounted.state).items():
        change = changes(mounted.written.get(element_id), show)
        if change is not None:
            dom.write(dom.by_id(element_id), change, lang)
            mounted.written[element_id] = show
    _render_log(mounted)


# --------------------------------------------------------------------------- running actions


def _log_text(mounted: _Mounted, title: Renderable | None = None, oldest_first: bool = False) -> str:
    lang = _page["lang"]
    entries = reversed(mounted.log) if oldest_first else mounted.log
    lines = [f"{e.time} {e.text(lang)}" if e.time else e.text(lang) for e in entries]
    if title is not None:
        lines = [render(title, lang), "", *lines]
    return "\n".join(lines) + ("\n" if title is not None else "")


def _copy(mounted: _Mounted, text: str, status_id: str) -> None:
    status = dom.by_id(status_id)
    mounted.statuses.add(status_id)

    def done(*_: Any) -> None:
        _say(mounted, status, common.COPIED)

    def failed(*_: Any) -> None:
        _say(mounted, status, common.COPY_FAILED)

    dom.clipboard(text, done, failed)


def _save(mounted: _Mounted) -> None:
    panel = mounted.panel
    text = encode(panel, dom.read_form(mounted.section), mounted.state, mounted.log)
    _known[panel.key] = text
    storage.save(panel.key, text)


def _apply(mounted: _Mounted, result: Any, box: Any = None) -> None:
    """Carry out an action's outcome; ``box`` is the error box near the control that asked (a
    computation shows its progress there)."""
    done = outcome(result)
    mounted.state = done.state
    for status_id in mounted.statuses:  # "Copied." spoke of the previous result
        _say(mounted, dom.by_id(status_id), None)
    mounted.statuses.clear()
    spec = mounted.panel.log
    computing: list[tuple[Compute, Any]] = []
    for effect in done.effects:
        if isinstance(effect, SetFields):
            for key, value in effect.values:
                dom.put_field(mounted.section, key, value)
        elif isinstance(effect, ClearLog):
            mounted.log = ()
            if spec is not None:
                _say(mounted, dom.by_id(f"{spec.prefix}-log-notice"), None)
        elif isinstance(effect, Copy):
            _copy(mounted, render(effect.text, _page["lang"]), effect.status)
        elif isinstance(effect, CopyLog):
            _copy(mounted, _log_text(mounted), effect.status)
        elif isinstance(effect, Download):
            dom.download(effect.filename, render(effect.text, _page["lang"]), effect.mime)
        elif isinstance(effect, DownloadPng):
            dom.download_png(effect.filename, effect.svg, effect.width, effect.height)
        elif isinstance(effect, SetUrl):
            dom.set_url(sound_url_params(effect.params))
        elif isinstance(effect, CopyUrl):
            if effect.offline is not None and str(window.location.protocol) == "file:":
                mounted.statuses.add(effect.status)
                _say(mounted, dom.by_id(effect.status), effect.offline)
            else:
                _copy(mounted, str(window.location.href), effect.status)
        elif isinstance(effect, DownloadLog):
            text = _log_text(mounted, effect.title, effect.oldest_first)
            dom.download(effect.filename, text, "text/plain")
        elif isinstance(effect, Share):
            _share(mounted, effect)
        elif isinstance(effect, Compute):
            computing.append((effect, box if box is not None else mounted.section.querySelector(".error")))
    if done.log is not None and spec is not None:
        entry = log_entry(done.log, dom.now() if spec.timestamps else "")
        mounted.log = (entry, *mounted.log)[: spec.size]
    if done.log is not None:
        _journal(mounted, done.log, next((e for e in done.effects if isinstance(e, Note)), None))
    _save(mounted)
    _render(mounted)
    if done.say is not None:
        dom.by_id("announcer").textContent = render(done.say, _page["lang"])
    for effect, near in computing:  # after the state is shown: the answer may come at once
        _compute(mounted, effect, near)


def _journal(mounted: _Mounted, line: Renderable, note: Note | None) -> None:
    """A logged line into the journal of the evening (kit.journal), with the «зачем» typed in the
    panel's ``NAME-why`` field (then emptied: a note goes with one result)."""
    name = mounted.panel.name
    why_id = f"{name}-why"
    typed = document.getElementById(why_id)
    why = str(typed.value).strip() if hasattr(typed, "value") else ""  # null: this panel has no note field
    if why:
        dom.put_field(mounted.section, why_id, "")
    _journal_ids["count"] += 1
    time = dom.stamp()
    ident = f"{time}-{_journal_ids['tab']}-{_journal_ids['count']}"
    journal = _shared_value(JOURNAL)
    _share(mounted, Share(JOURNAL, journal.add(entry_for(ident, time, name, line, note, why))))


# --------------------------------------------------------------------------- shared values (kit.shared)


def _shared_value(shared: Shared[Any]) -> Any:
    """The value of ``shared`` (read from its record the first time a follower asks)."""
    if shared.name not in _shared:
        raw = storage.read(shared.key)
        _known[shared.key] = raw
        value, dropped, set_aside = decode_shared(shared, raw)
        _shared[shared.name] = [shared, value, dropped, set_aside]
        if dropped or set_aside:
            storage.set_aside(shared.key, str(raw))
            _save_shared(shared)  # repaired: from now on one sound record
    return _shared[shared.name][1]


def _save_shared(shared: Shared[Any]) -> None:
    text = encode_shared(shared, _shared[shared.name][1])
    _known[shared.key] = text
    storage.save(shared.key, text)


def _share(acting: _Mounted, effect: Share) -> None:
    """``effect.shared`` takes the new value: save it, sync every follower (the acting panel is
    saved and rendered by its own ``_apply``)."""
    shared = effect.shared
    _shared_value(shared)
    _shared[shared.name][1] = effect.value
    _save_shared(shared)
    for mounted in _mounted.values():
        for follow in mounted.panel.follows:
            if follow.shared.name == shared.name:
                mounted.state = follow.sync(mounted.state, effect.value)
                if mounted is not acting:
                    _save(mounted)
                    _render(mounted)


def shared_records() -> dict[str, str]:
    """Every shared value's saved record by key (the page's data export)."""
    return {entry[0].key: encode_shared(entry[0], entry[1]) for entry in _shared.values()}


def shared_values() -> tuple[Shared[Any], ...]:
    """Every shared value a panel follows (read so far)."""
    return tuple(entry[0] for entry in _shared.values())


def resave_shared(keys: set[str]) -> None:
    """Save again the shared values whose record key is in ``keys`` (after a failed save)."""
    for shared, *_ in list(_shared.values()):
        if shared.key in keys:
            _save_shared(shared)


# --------------------------------------------------------------------------- computing off the main thread

KIT_FAILURES = {
    "timeout": common.COMPUTE_TIMEOUT,
    "memory": common.COMPUTE_MEMORY,
    "cancelled": common.COMPUTE_CANCELLED,
    "internal": common.COMPUTE_FAILED,
    "start": common.COMPUTE_FAILED,
    "unavailable": common.COMPUTE_FAILED,
}


def _status_near(box: Any) -> Any:
    """The progress line after ``box`` (made the first time)."""
    after = box.nextElementSibling
    if hasattr(after, "classList") and after.classList.contains("compute-status"):
        return after
    status = document.createElement("p")
    status.className, status.hidden = "compute-status", True
    status.setAttribute("role", "status")
    box.after(status)
    return status


def _compute(mounted: _Mounted, effect: Compute, box: Any) -> None:
    """Ask the worker; show elapsed time and Cancel until the answer, then run ``done``."""
    _page["requests"] += 1
    token = _page["requests"]
    mounted.computing = token
    status = _status_near(box)
    started = float(window.performance.now())
    label = document.createElement("span")
    cancel = document.createElement("button")
    cancel.type, cancel.textContent = "button", render(common.CANCEL, _page["lang"])
    cancel.addEventListener("click", create_proxy(lambda *_: compute_client.cancel()))

    def tick(*_: Any) -> None:
        elapsed = (float(window.performance.now()) - started) / 1000
        label.textContent = render(
            common.COMPUTING(what=effect.label, seconds=fixed(elapsed, 1)), _page["lang"]
        )

    tick()
    spinner = document.createElement("span")
    spinner.className = "spinner"
    spinner.setAttribute("aria-hidden", "true")
    status.replaceChildren(cancel, " ", spinner, " ", label)  # Cancel first: the seconds never move it
    status.hidden = False
    timer = window.setInterval(create_proxy(tick), 200)

    def finish(answer: dict[str, Any]) -> None:
        window.clearInterval(timer)
        if mounted.computing != token:
            return  # a newer request of this panel took over: this answer is stale
        mounted.computing = 0
        status.hidden = True
        status.replaceChildren()
        _answered(mounted, effect, box, answer)

    compute_client.request(effect.job, dict(effect.args), finish, isolated=effect.isolated)


def _answered(mounted: _Mounted, effect: Compute, box: Any, answer: dict[str, Any]) -> None:
    error = answer.get("error") or {}
    code, params = str(error.get("code", "")), error.get("params") or {}
    if answer.get("ok"):
        reply = Answer(True, compute.decode(answer.get("result")))
        action = effect.done
    else:
        reply = Answer(False, None, code, params)
        action = effect.failed if code in KIT_FAILURES or code == "superseded" else effect.done

    def step() -> Renderable | _Keep | None:
        if code in KIT_FAILURES:
            message = (
                KIT_FAILURES[code](
                    what=effect.label,
                    seconds=int(compute_client.budget_s()),
                    megabytes=compute_client.MEMORY_MB,
                )
                if code in ("timeout", "memory")
                else KIT_FAILURES[code](what=effect.label)
            )
            _say(mounted, box, message)
        if action is None:
            return _KEEP
        done = outcome(action(mounted.state, reply))
        if done.state is mounted.state and not done.effects and done.error is None and done.log is None:
            return _KEEP  # a late answer the panel dropped: leave what is on screen (an error meanwhile)
        _apply(mounted, done, box)
        return _KEEP if code in KIT_FAILURES else done.error

    _guarded(mounted, box, step)


def _error_box(mounted: _Mounted, target: Any) -> Any:
    part = target.closest("section") if hasattr(target, "closest") else None
    box = part.querySelector(".error") if part is not None and hasattr(part, "querySelector") else None
    return box if box is not None and hasattr(box, "textContent") else mounted.section.querySelector(".error")


def _run(mounted: _Mounted, action: Any, target: Any, extra: dict[str, str] | None = None) -> None:
    box = _error_box(mounted, target)
    form = dom.read_form(mounted.section)
    arg = target.getAttribute("data-arg")
    if isinstance(arg, str):  # which of many generated buttons (e.g. a wound box) was pressed
        form[ARG] = arg
    form[LANG] = _page["lang"]
    form.update(extra or {})

    def step() -> Renderable | _Keep | None:
        done = outcome(action(mounted.state, form))
        _apply(mounted, done, box)
        return done.error

    _guarded(mounted, box, step)


class _Keep:
    """What a step returns to leave the error box as it is."""


_KEEP = _Keep()


def _guarded(mounted: _Mounted, box: Any, step: Callable[[], Renderable | _Keep | None]) -> None:
    """Run ``step`` (it carries out an outcome and returns the message for ``box``: a renderable,
    ``None`` to clear it, or ``_KEEP``); bad input and unexpected errors are shown the kit's way."""
    try:
        message = step()
    except InputError as error:
        _say(mounted, box, error.message)
    except Exception:
        details = traceback.format_exc()
        window.console.error(details)
        _say(mounted, box, common.INTERNAL_ERROR, details)
    else:
        if not isinstance(message, _Keep):
            _say(mounted, box, message)


def _listen(mounted: _Mounted) -> None:
    actions = mounted.panel.actions

    def handle(target: Any, kind: str) -> None:
        for selector, action in actions.items():
            element = target.closest(selector) if hasattr(target, "closest") else None
            if not hasattr(element, "tagName") or not mounted.section.contains(element):
                continue
            if kind == _trigger(element):
                if str(getattr(element, "type", "")) == "file":
                    _read_file(mounted, action, element)
                else:
                    _run(mounted, action, element)
                return
        if kind == "change":
            _save(mounted)  # every field a GM typed survives a reload

    def on_event(event: Any) -> None:
        if event.type == "change" and enter.duplicate(event):
            return  # the kit ran this change already, on Enter
        if event.type == "input" and str(getattr(event.target, "type", "")) != "range":
            _save_soon(mounted)  # typed text is kept before the field is left (a reload, a crash)
        handle(event.target, str(event.type))

    handler = create_proxy(on_event)
    for kind in ("click", "change", "input"):
        mounted.section.addEventListener(kind, handler)
    enter.listen(mounted.section, lambda field: handle(field, "change"))


TYPING_SAVE_MS = 300
_typing: dict[str, Any] = {}  # panel name → timer of the save that follows typing


def _save_soon(mounted: _Mounted) -> None:
    """Save the panel ``TYPING_SAVE_MS`` after the last keystroke (one write per pause)."""
    name = mounted.panel.name
    if name in _typing:
        window.clearTimeout(_typing.pop(name))

    def due(*_: Any) -> None:
        if _typing.pop(name, None) is not None and _mounted.get(name) is mounted:
            _save(mounted)

    _typing[name] = window.setTimeout(create_once_callable(due), TYPING_SAVE_MS)


def save_typing_now(*_: Any) -> None:
    """The page goes away: what was typed since the last pause is saved at once."""
    for name in list(_typing):
        window.clearTimeout(_typing.pop(name))
        if name in _mounted:
            _save(_mounted[name])


FILE_PROBLEMS = {"too_large": common.FILE_TOO_LARGE, "unreadable": common.FILE_UNREADABLE}


def _read_file(mounted: _Mounted, action: Any, element: Any) -> None:
    """A chosen file: run the action with its name and text (``kit.form.FILE_NAME``/``FILE_TEXT``)."""

    def done(name: str, text: str) -> None:
        _run(mounted, action, element, {FILE_NAME: name, FILE_TEXT: text})

    def failed(problem: str) -> None:
        _say(mounted, _error_box(mounted, element), FILE_PROBLEMS[problem](megabytes=dom.MAX_FILE_MB))

    dom.read_file(element, done, failed)


def _trigger(element: Any) -> str:
    """The event that runs an element's action: a button's click, a slider's input (it follows the
    drag), any other field's change."""
    if str(element.tagName) == "BUTTON":
        return "click"
    return "input" if str(getattr(element, "type", "")) == "range" else "change"


# --------------------------------------------------------------------------- mounting


def mount(panel: Panel[Any]) -> None:
    """Restore the panel's saved record, show it, and listen to its section. A record the panel
    fails to start from is set aside (kept, offered for download) and the panel starts from its
    defaults with a notice: never a dead panel with live-looking buttons."""
    saved = storage.read(panel.key)
    try:
        _mount(panel, saved)
    except Exception:
        if saved is None:
            raise
        window.console.warn(
            f"panel {panel.name} failed to start from its saved record:\n{traceback.format_exc()}"
        )
        _mounted.pop(panel.name, None)
        storage.set_aside(panel.key, saved)
        _reset_fields(dom.by_id(panel.name))
        _mount(panel, None, aside.STARTED_AFRESH)


def _reset_fields(section: Any) -> None:
    """Every field of ``section`` back to the value the page was written with."""
    for element in section.querySelectorAll("input, textarea, select"):
        if str(element.tagName) == "SELECT":
            for option in element.options:
                option.selected = option.defaultSelected
        elif str(element.type) in ("checkbox", "radio"):
            element.checked = element.defaultChecked
        elif str(element.type) != "file":
            element.value = element.defaultValue


def _aside_offer(keys: list[str]) -> Download | None:
    """The download of the damaged texts found under ``keys`` on this load (if any were)."""
    found = {key: raw for key, raw in storage.set_aside_records().items() if key in keys}
    return Download(aside.FILE_NAME, aside.download_text(found), "application/json") if found else None


def _mount(panel: Panel[Any], saved: str | None, afresh: Renderable | None = None) -> None:
    section = dom.by_id(panel.name)
    _known[panel.key] = saved
    has_record = saved is not None or afresh is not None
    restored = decode(panel, saved, None if has_record else storage.legacy_json)
    mounted = _Mounted(panel, section, restored.state, restored.log)
    _mounted[panel.name] = mounted
    dropped = list(restored.dropped)
    if saved is not None and (dropped or restored.log_damaged or restored.log_set_aside):
        storage.set_aside(panel.key, saved)  # before the repair below is written over it
    aside_keys = [panel.key]
    notices: list[Renderable] = []
    for follow in panel.follows:
        mounted.state = follow.sync(mounted.state, _shared_value(follow.shared))
        held = _shared[follow.shared.name]
        if (held[2] or held[3]) and follow.shared.home == panel.name:
            if held[2]:
                dropped.append(follow.shared.what)
            else:
                notices.append(common.ENTRIES_SET_ASIDE(what=follow.shared.what, count=held[3]))
            aside_keys.append(follow.shared.key)
            held[2], held[3] = False, 0
    if not all(dom.put_field(section, key, value) for key, value in restored.form.items()):
        dropped.append(WHAT_FIELDS)
    first = afresh if afresh is not None else dropped_notice(tuple(dropped))
    said = tuple(part for part in (first, *notices) if part is not None)
    notice = Cat(said, " ") if said else None
    if notice is not None:
        box = section.querySelector(".notice") or section.querySelector(".error")
        _say(mounted, box, notice, _aside_offer(aside_keys) or "")
    if restored.log_damaged and panel.log is not None:
        _say(mounted, dom.by_id(f"{panel.log.prefix}-log-notice"), common.LOG_DAMAGED)
    elif restored.log_set_aside and panel.log is not None:
        log_notice = common.LOG_ENTRIES_SET_ASIDE(count=restored.log_set_aside)
        _say(
            mounted, dom.by_id(f"{panel.log.prefix}-log-notice"), log_notice, _aside_offer([panel.key]) or ""
        )
    if panel.start is not None:
        box = section.querySelector(".error")
        try:  # the URL is untrusted input: a refusal shows like an action's
            done = outcome(panel.start(mounted.state, dom.read_form(section), dom.url_params()))
            _apply(mounted, done, box)
        except InputError as error:
            _say(mounted, box, error.message)
        else:
            if done.error is not None:
                _say(mounted, box, done.error)
    elif not has_record or notice is not None or restored.log_set_aside:
        _save(mounted)  # carried over from before the kit, or repaired: from now on one sound record
    _render(mounted)
    clear_id = None if panel.log is None else f"{panel.log.prefix}-log-clear"
    if clear_id and f"#{clear_id}" not in panel.actions and document.getElementById(clear_id) is not None:
        clear = dom.by_id(clear_id)
        clear.addEventListener("click", create_proxy(lambda _e: _clear_log(mounted)))
    _listen(mounted)


def _clear_log(mounted: _Mounted) -> None:
    _apply(mounted, Outcome(mounted.state, effects=(ClearLog(),)))


def _page_say(element_id: str, text: Renderable) -> None:
    """A page-level kit text (footer, banner), re-worded on a language switch."""
    _page_shown[element_id] = text
    dom.by_id(element_id).textContent = render(text, _page["lang"])
