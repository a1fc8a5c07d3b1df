"""Page entry point: the panel on screen first, then the others, without blocking the page.

The visible panel (the URL's #fragment, else the roller) is mounted before anything else, and
becomes usable at once (``data-interactive-ms``). The other panels follow one per event-loop
turn, so a click on the first panel is never kept waiting; when all are wired the page gets its
``data-ready`` marker, which the tests wait for. A panel on the kit is ``panels.NAME.panel``
(mounted by ``kit.browser``); the others are still ``ui`` modules with a ``setup()``.
"""

import importlib
import random

from pyodide.ffi import create_once_callable
from pyscript import document, window

# When Python itself is up (before our imports): tools/bench.py splits start-up time with it.
document.documentElement.dataset.pythonMs = str(round(window.performance.now()))

from kit import browser, prerender  # noqa: E402
from ui import dom, i18n  # noqa: E402

# Python was restored from a memory snapshot made at build time (static/pyodide-boot.mjs), so the
# module-level generator would otherwise start in the same state on every load. (Our dice use
# dom.app_rng(), seeded from the OS on each load; this covers any library that uses the global one.)
random.seed()

LEGACY = {
    "notation": "ui.notation_panel",
    "ite": "ui.ite_panel",
    "fudge": "ui.fudge_panel",
}


def first_panel() -> str:
    wanted = str(window.location.hash).removeprefix("#")
    if wanted in prerender.PANEL_NAMES:
        return wanted
    return "notation" if dom.url_param("expr") else "roller"


def start(name: str) -> None:
    """Mount one panel; a broken panel is reported and the others still start."""
    try:
        module = prerender.panel_module(name)
        if module is not None:
            browser.mount(importlib.import_module(module).panel(dom.app_rng))
        else:
            importlib.import_module(LEGACY[name]).setup()
        dom.enable(dom.by_id(name))
    except Exception as error:
        window.console.error(f"panel {name} failed to start: {error!r}")


prerender.load_texts()
lang = browser.saved_language()
browser.on_language(lambda chosen: i18n.set_language(chosen, save=False))  # panels not yet on the kit
browser.set_language(lang, save=False)
first = first_panel()
document.documentElement.dataset.firstPanel = first
start(first)
browser.start_page()
dom.enable(document.querySelector("header"))
dom.mark_interactive()
waiting = [name for name in prerender.PANEL_NAMES if name != first]


def start_next(*_: object) -> None:
    if waiting:
        start(waiting.pop(0))
        i18n.refresh()  # static text of the panel just wired, in the chosen language
        window.setTimeout(create_once_callable(start_next), 0)
    else:
        dom.mark_ready()


window.setTimeout(create_once_callable(start_next), 0)
