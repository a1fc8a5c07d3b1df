"""The page's one runtime (``kit.runtime``) over the browser, and its wiring to the page.

``RUNTIME`` works through ``kit.browser_dom.BrowserDom``, ``kit.browser_storage`` (the records)
and ``kit.browser_compute`` (the worker). This module connects it to what only the page has: the
language switch and the tabs, the save banner's buttons, leaving the page, other tabs' saves and
the worker's start. ``main.py`` mounts the panels with ``mount``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from kit import browser_compute as compute_client
from kit import browser_dom as dom
from kit import browser_storage as storage
from kit import browser_tabs as tabs
from kit import common, runtime_follow, runtime_mount, runtime_page, seed
from kit.browser_dom import BrowserDom
from kit.dom import Element
from kit.panel import Panel
from kit.runtime import Broadcast, Runtime

__all__ = [
    "RUNTIME",
    "after_ready",
    "broadcast",
    "enable",
    "follow_other_tabs",
    "mount",
    "saved_language",
    "set_language",
    "start_page",
    "start_saving",
    "start_seed",
]

RUNTIME = Runtime(BrowserDom(), storage, compute_client, memory_mb=compute_client.MEMORY_MB)


def saved_language() -> str:
    return RUNTIME.saved_language()


def set_language(lang: str, /, *, save: bool = True, first_paint: bool = False) -> None:
    RUNTIME.set_language(lang, save=save, first_paint=first_paint)


def mount(panel: Panel[Any]) -> None:
    """Mount ``panel``; its section is stamped first if it is still a template (tools/page.py).
    The mount is timed as the User Timing measure ``mount NAME`` (tools/bench.py, the e2e tests)."""
    started = f"mount {panel.name} started"
    window.performance.mark(started)
    tabs.stamp_panel(panel.name)
    runtime_mount.mount(RUNTIME, panel)
    window.performance.measure(f"mount {panel.name}", started)


def enable(root: Element | None) -> None:
    """Enable the controls inside ``root`` (``None``: the whole page) that wait for Python."""
    runtime_page.enable(RUNTIME, root)


def start_page() -> None:
    """The language switch and the tabs."""
    switch = RUNTIME.by_id("lang-switch")
    RUNTIME.dom.listen(switch, "click", lambda: set_language("en" if RUNTIME.lang == "ru" else "ru"))
    tabs.start_tabs(lambda: runtime_page.left_panel(RUNTIME))


def start_saving() -> None:
    """Report failed saves with a way out; the page going away saves what was typed."""
    storage.on_failure(lambda key, reason: runtime_page.save_failed(RUNTIME, key, reason))
    storage.on_saved(lambda key: runtime_page.saved(RUNTIME, key))
    for element_id, handler in (
        ("save-export", runtime_page.export_all),
        ("save-trim", runtime_page.trim_logs),
        ("save-retry", runtime_page.retry),
    ):
        RUNTIME.dom.listen(RUNTIME.by_id(element_id), "click", lambda handler=handler: handler(RUNTIME))
    # Before storage.js's pagehide handler, which keeps the saves still in flight.
    window.addEventListener("beforeunload", create_proxy(lambda *_: runtime_mount.save_typing_now(RUNTIME)))
    storage.on_settle(lambda: runtime_mount.save_typing_now(RUNTIME))
    if storage.backend() != "indexeddb":
        RUNTIME.page_say("storage-usage", common.STORAGE_FALLBACK)


def start_seed(rng: random.Random) -> None:
    """``?seed=N`` (``kit.seed``): in a browser under automation it was applied as the page
    started, and the footer says so; in a GM's browser it is dropped from the address at once and
    the banner says it was not applied, offering to apply it, and then to go back to random dice."""
    raw = dom.url_params().get(seed.PARAM)
    asked = seed.from_address(raw)
    if raw is None:
        return
    if dom.automated():
        if asked is not None:
            RUNTIME.page_say("seed-notice", common.SEED_AUTOMATED(seed=asked))
            RUNTIME.dom.set_hidden(RUNTIME.by_id("seed-notice"), False)
        return
    dom.set_url(((seed.PARAM, None),))
    if asked is None:
        return
    banner, apply, back = (RUNTIME.by_id(name) for name in ("seed-banner", "seed-apply", "seed-random"))

    def show(applied: bool) -> None:
        RUNTIME.page_say(
            "seed-text", common.SEED_ON(seed=asked) if applied else common.SEED_REFUSED(seed=asked)
        )
        RUNTIME.dom.set_hidden(apply, applied)
        RUNTIME.dom.set_hidden(back, not applied)

    def applied() -> None:
        rng.seed(asked)  # the panels roll with this generator: the same sequence as Random(seed)
        show(True)

    def random_again() -> None:
        rng.seed()  # OS entropy again
        RUNTIME.dom.set_hidden(banner, True)

    RUNTIME.dom.listen(apply, "click", applied)
    RUNTIME.dom.listen(back, "click", random_again)
    show(False)
    RUNTIME.dom.set_hidden(banner, False)


def follow_other_tabs() -> None:
    """Another tab's saves are merged here (``kit.runtime_follow``), its journal entries too."""
    storage.on_change(lambda key, text, base, found: runtime_follow.changed(RUNTIME, key, text, base, found))
    storage.on_journal(lambda text: runtime_follow.journal_news(RUNTIME, text))


def broadcast(sent: Broadcast, on_hello: Callable[[], None]) -> None:
    """Send ``sent`` after every change (the players' screen); ``on_hello()`` runs when a players'
    window asks for it (opened, reloaded, or there when this page started: static/players.js)."""
    RUNTIME.broadcast = sent
    players = getattr(window, "gmPlayers", None)
    if players is not None:
        players.onHello(create_proxy(lambda *_: on_hello()))
    RUNTIME.changed()


def after_ready() -> None:
    """In the background once the page is ready: the compute worker starts, saved data is kept."""
    compute_client.warm()
    if not compute_client.available():
        RUNTIME.page_say("compute-notice", common.COMPUTE_MAIN_THREAD)
        RUNTIME.dom.set_hidden(RUNTIME.by_id("compute-notice"), False)
    if storage.backend() == "indexeddb":
        window.gmStorage.persist()
        storage.watch_usage(lambda used, _quota: runtime_page.show_usage(RUNTIME, used))
