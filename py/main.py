"""Page entry point: the panel on screen first, then the others, without blocking the page.

Every saved record is read first (IndexedDB). The visible panel (the URL's #fragment, else the
roller) is mounted before anything else, and becomes usable at once (``data-interactive-ms``).
The other panels follow one per event-loop turn, so a click on the first panel is never kept
waiting; when all are mounted the page gets its ``data-ready`` marker, which the tests wait for.
The panels and their order are ``panels.registry``; each is ``panels.NAME.panel.panel(rng)``,
mounted by ``kit.browser``.
"""

import importlib
import random

from pyodide.ffi import create_once_callable
from pyscript import document, window

# When Python itself is up (before our imports): tools/bench.py splits start-up time with it.
document.documentElement.dataset.pythonMs = str(round(window.performance.now()))

from kit import browser, prerender  # noqa: E402
from kit import browser_dom as dom  # noqa: E402
from kit import browser_storage as storage  # noqa: E402
from panels import registry  # noqa: E402

# Python was restored from a memory snapshot made at build time (static/pyodide-boot.mjs), so the
# module-level generator would otherwise start in the same state on every load. (Our dice use
# their own generator, seeded here on each load; this covers any library that uses the global one.)
random.seed()
rng = dom.make_rng()


def first_panel() -> str:
    wanted = str(window.location.hash).removeprefix("#")
    if wanted in registry.NAMES:
        return wanted
    if "expr" in dom.url_params():  # a share link of the dice panel without its #fragment opens its tab
        window.location.hash = "notation"
        return "notation"
    return "roller"


def start(name: str) -> None:
    """Mount one panel; a broken panel is reported and the others still start."""
    try:
        browser.mount(importlib.import_module(registry.entry(name).module).panel(rng))
        browser.enable(dom.by_id(name))
    except Exception as error:
        window.console.error(f"panel {name} failed to start: {error!r}")


prerender.load_texts(registry.TEXT_MODULES)
# Every saved record, before any panel mounts (PyScript runs this script with top-level await;
# pyright's check for it has no rule name, so this one line carries the bare ignore).
await storage.load()  # noqa: F704  # pyright: ignore
browser.start_saving()
browser.follow_other_tabs()
browser.set_language(browser.saved_language(), save=False)
first = first_panel()
document.documentElement.dataset.firstPanel = first
start(first)
browser.start_page()
browser.enable(document.querySelector("header"))
dom.mark_interactive()
waiting = [name for name in registry.NAMES if name != first]


def start_next(*_: object) -> None:
    if waiting:
        start(waiting.pop(0))
        window.setTimeout(create_once_callable(start_next), 0)
    else:
        browser.enable(None)
        dom.mark_ready()
        browser.after_ready()


window.setTimeout(create_once_callable(start_next), 0)
