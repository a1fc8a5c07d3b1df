"""The page around the panels: tabs (kit.browser_tabs), the language switch, enabling controls, and saving's
banner (what could not be saved, and the ways out), storage usage and the compute worker's start.

kit.browser mounts and runs the panels; this module only reads its registry of mounted panels.
"""

from __future__ import annotations

import json
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from kit import browser_compute as compute_client
from kit import browser_dom as dom
from kit import browser_storage as storage
from kit import browser_tabs as tabs
from kit import common
from kit.browser import (
    _mounted,
    _page_say,
    _render,
    _save,
    _unsaved,
    language,
    resave_shared,
    save_typing_now,
    set_language,
    shared_records,
    shared_values,
)
from kit.msg import Cat, Renderable
from kit.panel import encode

__all__ = ["after_ready", "enable", "start_page", "start_saving"]


# --------------------------------------------------------------------------- the page around the panels


def enable(root: Any) -> None:
    """Enable the controls inside ``root`` that wait for Python, except where a view keeps one
    disabled (a copy button with nothing to copy)."""
    dom.enable(root)
    for mounted in _mounted.values():
        for element_id, show in mounted.written.items():
            if show.disabled:
                dom.by_id(element_id).disabled = True


def start_page() -> None:
    """The language switch and the tabs."""
    switch = dom.by_id("lang-switch")
    switch.addEventListener(
        "click", create_proxy(lambda _e: set_language("en" if language() == "ru" else "ru"))
    )
    tabs.start_tabs(_left_panel)


def _left_panel(*_: Any) -> None:
    """Another tab: a computation the GM walked away from is stopped (the worker restarts)."""
    if any(m.computing for m in _mounted.values()):
        compute_client.cancel()


# --------------------------------------------------------------------------- saving


def _save_status(*_: Any) -> None:
    """Show which panels could not be saved, or hide the banner when all are saved again."""
    banner = dom.by_id("save-failed")
    if not _unsaved:
        banner.hidden = True
        return
    names = tuple(_record_name(key) for key in _unsaved)
    _page_say("save-failed-text", common.SAVE_FAILED(what=Cat(names, ", ")))
    banner.hidden = False


def _record_name(key: str) -> Renderable:
    """What the GM calls the record ``key``: its panel's title, a shared value's name, or the key."""
    for mounted in _mounted.values():
        if mounted.panel.key == key:
            return mounted.panel.title or mounted.panel.name
    for shared in shared_values():
        if shared.key == key:
            return shared.what
    return key


def _on_save_failed(key: str, reason: str) -> None:
    _unsaved[key] = reason
    _save_status()


def _on_saved(key: str) -> None:
    if _unsaved.pop(key, None) is not None:
        _save_status()


def _export_all(*_: Any) -> None:
    """Every panel's record as one JSON file (what is on screen, saved or not)."""
    records = {
        m.panel.key: json.loads(encode(m.panel, dom.read_form(m.section), m.state, m.log))
        for m in _mounted.values()
    }
    records.update({key: json.loads(text) for key, text in shared_records().items()})
    dom.download(
        "gm-dice-data.json",
        json.dumps({"app": "gm-dice", "records": records}, ensure_ascii=False),
        "application/json",
    )


def _trim_logs(*_: Any) -> None:
    for mounted in _mounted.values():
        if mounted.log:
            mounted.log = mounted.log[: len(mounted.log) // 2]
            _save(mounted)
            _render(mounted)


def _retry(*_: Any) -> None:
    for mounted in _mounted.values():
        if mounted.panel.key in _unsaved:
            _save(mounted)
    resave_shared(set(_unsaved))


def _show_usage(used: int, _quota: int) -> None:
    kilobytes = max(1, round(used / 1024))
    _page_say("storage-usage", common.STORAGE_USAGE(used=kilobytes))


def start_saving() -> None:
    """Report failed saves with a way out; once the page is ready, ask to keep data and show usage."""
    storage.on_failure(_on_save_failed)
    storage.on_saved(_on_saved)
    for element_id, handler in (
        ("save-export", _export_all),
        ("save-trim", _trim_logs),
        ("save-retry", _retry),
    ):
        dom.by_id(element_id).addEventListener("click", create_proxy(handler))
    # Before storage.js's pagehide handler, which keeps the saves still in flight.
    window.addEventListener("beforeunload", create_proxy(save_typing_now))
    if storage.backend() != "indexeddb":
        _page_say("storage-usage", common.STORAGE_FALLBACK)


def after_ready() -> None:
    """In the background once the page is ready: the compute worker starts, saved data is kept."""
    compute_client.warm()
    if not compute_client.available():
        _page_say("compute-notice", common.COMPUTE_MAIN_THREAD)
        dom.by_id("compute-notice").hidden = False
    if storage.backend() == "indexeddb":
        window.gmStorage.persist()
        storage.usage(_show_usage)
