"""Page entry point: the panel on screen first, then the others, without blocking the page.

The visible panel (the URL's #fragment, else the roller) is imported and wired before anything
else, and becomes usable at once (``data-interactive-ms``). The other panels follow one per
event-loop turn, so a click on the first panel is never kept waiting; when all are wired the page
gets its ``data-ready`` marker, which the tests wait for.
"""

import importlib
import random

from pyodide.ffi import create_once_callable
from pyscript import document, window

# When Python itself is up (before our imports): tools/bench.py splits start-up time with it.
document.documentElement.dataset.pythonMs = str(round(window.performance.now()))

from ui import dom, i18n, shell  # noqa: E402

# Python was restored from a memory snapshot made at build time (static/pyodide-boot.mjs), so the
# module-level generator would otherwise start in the same state on every load. (Our dice use
# dom.app_rng(), seeded from the OS on each load; this covers any library that uses the global one.)
random.seed()

PANELS = {
    "roller": "ui.roller",
    "converter": "ui.converter",
    "threat": "ui.threat_panel",
    "notation": "ui.notation_panel",
    "checks": "ui.checks_panel",
    "ite": "ui.ite_panel",
    "fudge": "ui.fudge_panel",
}


def first_panel() -> str:
    wanted = str(window.location.hash).removeprefix("#")
    if wanted in PANELS:
        return wanted
    return "notation" if dom.url_param("expr") else "roller"


def start(name: str) -> None:
    """Import and wire one panel; a broken panel is reported and the others still start."""
    try:
        importlib.import_module(PANELS[name]).setup()
        dom.enable(dom.by_id(name))
    except Exception as error:
        window.console.error(f"panel {name} failed to start: {error!r}")


first = first_panel()
document.documentElement.dataset.firstPanel = first
start(first)
shell.setup()
dom.enable(document.querySelector("header"))
dom.mark_interactive()
waiting = [name for name in PANELS if name != first]


def start_next(*_: object) -> None:
    if waiting:
        start(waiting.pop(0))
        i18n.refresh()  # static text of the panel just wired, in the chosen language
        window.setTimeout(create_once_callable(start_next), 0)
    else:
        dom.mark_ready()


window.setTimeout(create_once_callable(start_next), 0)
