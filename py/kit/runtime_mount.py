"""Mounting a panel and listening to its section.

For each mounted panel the runtime restores the saved record (fields, state, where its short
log was cleared; a log an older record kept goes into the journal of the evening), shows the view, and listens to the panel's section: a click on a button or a change of a field that an
action is bound to runs the action with the section's form (``kit.runtime_effects``); any other
change, and typing after a pause, saves the record.
"""

from __future__ import annotations

import traceback
from typing import Any

from kit import aside, common
from kit.dom import Element
from kit.form import FILE_NAME, FILE_STORE, FILE_TEXT, NOW, InputError
from kit.journal import JOURNAL, carry_log, of_panel
from kit.journal_store import PER_PANEL, head_from_data, read_answer
from kit.msg import Cat, Renderable
from kit.panel import WHAT_FIELDS, Download, LogEntry, Panel, decode, dropped_notice, outcome
from kit.prerender import PAINTED
from kit.runtime import Mounted, Runtime
from kit.runtime_effects import apply, clear_log, error_box, run
from kit.runtime_page import enable

__all__ = ["MAX_FILE_MB", "MOUNTED", "TYPING_SAVE_MS", "mount", "save_typing_now"]

MOUNTED = "data-mounted"
TYPING_SAVE_MS = 300
MAX_FILE_MB = 2  # the largest file a chooser passes on (kit.browser_dom reads at most this)
FILE_PROBLEMS = {"too_large": common.FILE_TOO_LARGE, "unreadable": common.FILE_UNREADABLE}


def mount(rt: Runtime, panel: Panel[Any]) -> None:
    """Restore the panel's saved record, show it, listen to its section and enable its controls;
    the section is then marked ``data-mounted="true"``. A section that still shows its first paint
    in the page's language (``kit.prerender.PAINTED``) is not written again where the panel is in
    its initial state (``Runtime.render``). A record the panel
    fails to start from is set aside (kept, offered for download) and the panel starts from its
    defaults with a notice: never a dead panel with live-looking buttons."""
    saved = rt.records.read(panel.key)
    section = rt.by_id(panel.name)
    painted = rt.dom.attribute(section, PAINTED) == rt.lang
    rt.dom.remove_attribute(section, PAINTED)  # from here on the kit writes it
    try:
        _mount(rt, panel, saved, painted=painted)
    except Exception:
        if saved is None:
            raise
        rt.dom.console(
            "warn", f"panel {panel.name} failed to start from its saved record:\n{traceback.format_exc()}"
        )
        rt.mounted.pop(panel.name, None)
        rt.records.set_aside(panel.key, saved)
        rt.dom.reset_fields(rt.by_id(panel.name))
        _mount(rt, panel, None, aside.STARTED_AFRESH)
    enable(rt, section)
    rt.dom.set_attribute(section, MOUNTED, "true")  # its controls work (tests of one panel wait for it)


def _aside_offer(rt: Runtime, keys: list[str]) -> Download | None:
    """The download of the damaged texts found under ``keys`` on this load (if any were)."""
    found = {key: raw for key, raw in rt.records.set_aside_records().items() if key in keys}
    return Download(aside.FILE_NAME, aside.download_text(found), "application/json") if found else None


def _mount(
    rt: Runtime,
    panel: Panel[Any],
    saved: str | None,
    afresh: Renderable | None = None,
    *,
    painted: bool = False,
) -> None:
    dom = rt.dom
    section = rt.by_id(panel.name)
    rt.known[panel.key] = saved
    has_record = saved is not None or afresh is not None
    restored = decode(panel, saved, None if has_record else rt.records.legacy_json)
    mounted = Mounted(panel, section, restored.state, restored.cleared, painted=painted)
    rt.mounted[panel.name] = mounted
    carried = _carry_log(rt, mounted, restored.log)
    dropped = list(restored.dropped)
    if saved is not None and (dropped or restored.log_damaged or restored.log_set_aside):
        rt.records.set_aside(panel.key, saved)  # before the repair below is written over it
    aside_keys = [panel.key]
    notices: list[Renderable] = []
    for follow in panel.follows:
        mounted.state = follow.sync(mounted.state, rt.shared_value(follow.shared))
        held = rt.shared[follow.shared.name]
        if (held.dropped or held.set_aside) and follow.shared.home == panel.name:
            if held.dropped:
                dropped.append(follow.shared.what)
            else:
                notices.append(common.ENTRIES_SET_ASIDE(what=follow.shared.what, count=held.set_aside))
            aside_keys.append(follow.shared.key)
            held.dropped, held.set_aside = False, 0
    _top_up_log(rt, mounted)
    if not all(dom.put_field(section, key, value) for key, value in restored.form.items()):
        dropped.append(WHAT_FIELDS)
    first = afresh if afresh is not None else dropped_notice(tuple(dropped))
    said = tuple(part for part in (first, *notices) if part is not None)
    notice = Cat(said, " ") if said else None
    if notice is not None:
        box = dom.query(section, ".notice") or rt.error_of(mounted)
        rt.say(mounted, box, notice, _aside_offer(rt, aside_keys) or "")
    if restored.log_damaged and panel.log is not None:
        rt.say(mounted, rt.by_id(f"{panel.log.prefix}-log-notice"), common.LOG_DAMAGED)
    elif restored.log_set_aside and panel.log is not None:
        log_notice = common.LOG_ENTRIES_SET_ASIDE(count=restored.log_set_aside)
        offer = _aside_offer(rt, [panel.key]) or ""
        rt.say(mounted, rt.by_id(f"{panel.log.prefix}-log-notice"), log_notice, offer)
    shown = False  # the view written once: a start's outcome is applied (and shown) like an action's
    if panel.start is not None:
        box = rt.error_of(mounted)
        try:  # the URL is untrusted input: a refusal shows like an action's
            form = dom.read_form(section)
            form[NOW] = dom.local_stamp()  # as an action gets it
            done = outcome(panel.start(mounted.state, form, dom.url_params()))
            apply(rt, mounted, done, box)
            shown = True
        except InputError as error:
            rt.say(mounted, box, error.message)
        else:
            if done.error is not None:
                rt.say(mounted, box, done.error)
    elif not has_record or notice is not None or restored.log_set_aside or carried:
        rt.save(mounted)  # carried over (from before the kit, its log into the journal), or repaired
    if not shown:
        rt.render(mounted)
    clear_id = None if panel.log is None else f"{panel.log.prefix}-log-clear"
    clear = dom.find(clear_id) if clear_id and f"#{clear_id}" not in panel.actions else None
    if clear is not None:
        dom.listen(clear, "click", lambda: clear_log(rt, mounted))
    _listen(rt, mounted)


def _carry_log(rt: Runtime, mounted: Mounted, lines: tuple[LogEntry, ...]) -> bool:
    """The log an older record kept itself goes into the journal of the evening, once, line by
    line with its times (``kit.journal.carry_log``); the journal is saved before the panel's
    record drops the lines. Whether there were any."""
    if mounted.panel.log is None or not lines:
        return False
    journal = rt.shared_value(JOURNAL)
    carried = carry_log(journal, mounted.panel.name, [(e.ru, e.en, e.time) for e in lines])
    if carried is not journal:
        rt.share(mounted, JOURNAL, carried)
    return True


def _top_up_log(rt: Runtime, mounted: Mounted) -> None:
    """A short log longer than the page holds of each panel at start (``PER_PANEL``): its older
    lines asked of the journal's store, and shown when they come."""
    spec, name = mounted.panel.log, mounted.panel.name
    if spec is None or spec.size <= PER_PANEL:
        return
    journal = rt.shared_value(JOURNAL)
    if journal.complete or len(of_panel(journal, name, spec.size)) >= spec.size:
        return

    def answered(text: str) -> None:
        try:
            found = head_from_data(read_answer(text)).journal.entries
        except ValueError:
            return
        rt.set_journal(rt.shared_value(JOURNAL).holding(found))

    rt.records.journal_ask("panel", {"panel": name, "limit": spec.size}, answered)


# --------------------------------------------------------------------------- events


def _listen(rt: Runtime, mounted: Mounted) -> None:
    dom, actions = rt.dom, mounted.panel.actions

    def handle(kind: str, target: Element) -> None:
        if kind == "input" and dom.kind(target) != "range":
            _save_soon(rt, mounted)  # typed text is kept before the field is left (a reload, a crash)
            _forget_cleared(rt, mounted, target)
        for selector, action in actions.items():
            element = dom.closest(target, selector)
            if element is None or not dom.contains(mounted.section, element):
                continue
            if kind == _trigger(rt, element):
                if dom.kind(element) == "file":
                    _read_file(rt, mounted, action, element)
                else:
                    run(rt, mounted, action, element)
                return
        if kind == "change":
            rt.save(mounted)  # every field a GM typed survives a reload

    dom.listen_fields(mounted.section, handle)


def _forget_cleared(rt: Runtime, mounted: Mounted, field: Element) -> None:
    """static/prefs.js emptied or disabled what the edited field's ``data-clears`` /
    ``data-disables`` name, behind the kit's back: what the kit last wrote there is no longer
    shown, so the next render writes it again (the same text typed back keeps its result, and
    shows it once the field changes)."""
    for name in ("data-clears", "data-disables"):
        for element_id in (rt.dom.attribute(field, name) or "").split():
            mounted.written.pop(element_id, None)


def _trigger(rt: Runtime, element: Element) -> str:
    """The event that runs an element's action: a button's click, a slider's input (it follows the
    drag) and a field marked ``data-live``'s (a search as you type), any other field's change."""
    if rt.dom.tag(element) == "BUTTON":
        return "click"
    if rt.dom.kind(element) == "range" or rt.dom.attribute(element, "data-live") is not None:
        return "input"
    return "change"


def _save_soon(rt: Runtime, mounted: Mounted) -> None:
    """Save the panel ``TYPING_SAVE_MS`` after the last keystroke (one write per pause)."""
    name = mounted.panel.name
    if name in rt.typing:
        rt.dom.stop_timer(rt.typing.pop(name))

    def due() -> None:
        if rt.typing.pop(name, None) is not None and rt.mounted.get(name) is mounted:
            rt.save(mounted)

    rt.typing[name] = rt.dom.later(TYPING_SAVE_MS, due)


def save_typing_now(rt: Runtime) -> None:
    """The page goes away: what was typed since the last pause is saved at once."""
    for name in list(rt.typing):
        rt.dom.stop_timer(rt.typing.pop(name))
        if name in rt.mounted:
            rt.save(rt.mounted[name])


def _read_file(rt: Runtime, mounted: Mounted, action: Any, element: Element) -> None:
    """A chosen file: run the action with its name and text (``kit.form.FILE_NAME``/``FILE_TEXT``),
    or, for a chooser marked ``data-store-file`` where the journal's store runs, without reading
    it (``FILE_STORE``): the store reads it off the main thread, whatever its size."""
    if rt.dom.attribute(element, "data-store-file") is not None and rt.records.journal_in_store():
        run(rt, mounted, action, element, {FILE_STORE: "1"})
        return

    def done(name: str, text: str) -> None:
        run(rt, mounted, action, element, {FILE_NAME: name, FILE_TEXT: text})

    def failed(problem: str) -> None:
        rt.say(mounted, error_box(rt, mounted, element), FILE_PROBLEMS[problem](megabytes=MAX_FILE_MB))

    rt.dom.read_file(element, done, failed)
