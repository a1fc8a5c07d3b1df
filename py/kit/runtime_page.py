"""The page around the panels, as the runtime keeps it: the save banner (what could not be saved,
and the ways out), the page's data export, the storage usage line, and enabling controls.

``kit.browser`` wires these to the page's buttons and to ``kit.browser_storage``'s reports.
"""

from __future__ import annotations

import json

from kit import common
from kit.dom import Element
from kit.journal import JOURNAL, entry_to_json
from kit.journal_store import HEAD, PER_PANEL, head_from_data, read_answer
from kit.msg import Cat, Renderable
from kit.panel import encode
from kit.runtime import Runtime

__all__ = [
    "enable",
    "export_all",
    "left_panel",
    "save_failed",
    "saved",
    "show_usage",
    "retry",
    "trim_logs",
]


def enable(rt: Runtime, root: Element | None) -> None:
    """Enable the controls inside ``root`` (``None``: the document) that wait for Python, except
    where a view keeps one disabled (a copy button with nothing to copy). Wide tables scroll
    sideways on a phone; keyboard users must be able to scroll them too."""
    dom = rt.dom
    for element in dom.query_all(root, "[data-needs-python]"):
        dom.set_disabled(element, False)
    for element in dom.query_all(root, ".table-wrap:not([tabindex])"):
        dom.set_attribute(element, "tabindex", "0")
    for mounted in rt.mounted.values():
        for element_id, show in mounted.written.items():
            if show.disabled:
                dom.set_disabled(rt.by_id(element_id), True)


def left_panel(rt: Runtime) -> None:
    """Another tab: a computation the GM walked away from is stopped (the worker restarts),
    unless its answer gives journal entries their rolls (``Compute.for_journal``)."""
    if any(m.computing and not m.computing_for_journal for m in rt.mounted.values()):
        rt.worker.cancel()


def _save_status(rt: Runtime) -> None:
    """Show which panels could not be saved, or hide the banner when all are saved again."""
    banner = rt.by_id("save-failed")
    if not rt.unsaved:
        rt.dom.set_hidden(banner, True)
        return
    names = tuple(_record_name(rt, key) for key in rt.unsaved)
    rt.page_say("save-failed-text", common.SAVE_FAILED(what=Cat(names, ", ")))
    rt.dom.set_hidden(banner, False)


def _record_name(rt: Runtime, key: str) -> Renderable:
    """What the GM calls the record ``key``: its panel's title, a shared value's name, or the key."""
    for mounted in rt.mounted.values():
        if mounted.panel.key == key:
            return mounted.panel.title or mounted.panel.name
    for held in rt.shared.values():
        if held.shared.key == key:
            return held.shared.what
    return key


def save_failed(rt: Runtime, key: str, reason: str) -> None:
    rt.unsaved[key] = reason
    _save_status(rt)


def saved(rt: Runtime, key: str) -> None:
    if rt.unsaved.pop(key, None) is not None:
        _save_status(rt)


DATA_FILE = "gm-dice-data.json"


def export_all(rt: Runtime) -> None:
    """Every panel's record and every shared record (the roster), and the whole journal, with what
    is hidden in it (this file is the GM's own copy), as one JSON file (what is on screen, saved
    or not): ``{"app": "gm-dice", "v": 2, "records": {…}, "journal": {"format": "gm-journal",
    "v": 2, "entries": […]}}``. The journal panel imports its journal back (``panels.journal``).
    A journal kept in the store is written into the file there (static/journal-db.js), entry by
    entry, never through the page's Python."""
    journal = rt.shared_value(JOURNAL)  # read even if no panel has asked for it yet
    records = {
        m.panel.key: json.loads(encode(m.panel, rt.dom.read_form(m.section), m.state, m.cleared))
        for m in rt.mounted.values()
    }
    records.update({key: json.loads(text) for key, text in rt.shared_records().items()})
    if rt.records.journal_in_store():
        args = {"secret": True, "records": json.dumps(records, ensure_ascii=False), "filename": DATA_FILE}
        rt.records.journal_ask("export", args, lambda _answer: None)
        return
    entries = [entry_to_json(e) for e in journal.entries]
    data = {
        "app": "gm-dice",
        "v": 2,
        "records": records,
        "journal": {"format": "gm-journal", "v": 2, "entries": entries},
    }
    rt.dom.download(DATA_FILE, json.dumps(data, ensure_ascii=False), "application/json")


def trim_logs(rt: Runtime) -> None:
    """«Сократить журнал вдвое»: the journal keeps its newer half (the panels' short logs are views
    of it), so that what failed to be written fits again."""
    journal = rt.shared_value(JOURNAL)
    if not rt.records.journal_in_store():
        if journal.entries:
            rt.share(None, JOURNAL, journal.trimmed(len(journal.entries) // 2))
        return

    def answered(text: str) -> None:
        try:
            head = read_answer(text).get("head")
        except (ValueError, AttributeError):
            return
        if isinstance(head, dict):
            rt.journal_head(head_from_data(head))
            retry(rt)

    rt.records.journal_ask("trim", {"newest": HEAD, "perPanel": PER_PANEL}, answered)


def retry(rt: Runtime) -> None:
    for mounted in rt.mounted.values():
        if mounted.panel.key in rt.unsaved:
            rt.save(mounted)
    rt.resave_shared(set(rt.unsaved))


def show_usage(rt: Runtime, used: int) -> None:
    kilobytes = max(1, round(used / 1024))
    rt.page_say("storage-usage", common.STORAGE_USAGE(used=kilobytes))
