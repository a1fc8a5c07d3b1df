"""Page entry point: the panel on screen first, and the others only when they are wanted.

Every saved record is read first (IndexedDB). The visible panel (the URL's #fragment, else the
last tab or the roller: static/first-paint.js shows it before Python) is mounted before anything
else, and becomes usable at once (``data-interactive-ms``; its section gets
``data-mounted="true"``). Nothing else is mounted before its first click can be answered: another
panel mounts when it is opened (in the task after the one that shows its section), and after the
GM's first interaction the rest mount one per idle period (``requestIdleCallback``), so a click is
never kept waiting for a panel nobody opened. Once all are mounted the page gets its ``data-ready``
marker (tests that need every panel wait for it; tests of one panel wait for its
``data-mounted``). The panels and their order are ``panels.registry``; each is
``panels.NAME.panel.panel(rng)``, mounted by ``kit.browser``. A players' window (``./#players``,
static/players.js) that asks for its message has the panels it is made from mounted at once.
"""

import importlib
import random
import sys
from collections.abc import Callable
from pathlib import Path

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

# When Python itself is up (before our imports): tools/bench.py splits start-up time with it.
document.documentElement.dataset.pythonMs = str(round(window.performance.now()))

# PyScript's [files] are archives written as they are (pyscript.toml): the memory snapshot has them
# on sys.path already; a start from scratch (no snapshot) imports from them once they are here.
for archive in sorted(str(path) for path in Path.cwd().glob("*.*") if path.suffix in (".zip", ".whl")):
    if archive not in sys.path:
        sys.path.insert(0, archive)

from kit import browser, prerender  # noqa: E402
from kit import browser_dom as dom  # noqa: E402
from kit import browser_storage as storage  # noqa: E402
from panels import registry  # noqa: E402
from panels.audience.panel import BROADCAST  # noqa: E402

# Python was restored from a memory snapshot made at build time (static/pyodide-boot.mjs), so the
# module-level generator would otherwise start in the same state on every load. (Our dice use
# their own generator, seeded here on each load; this covers any library that uses the global one.)
random.seed()
rng = dom.make_rng()
INTERACTIONS = ("pointerdown", "keydown")  # the GM's first touch: the other panels may mount now


def first_panel() -> str:
    wanted = str(window.location.hash).removeprefix("#")
    if wanted in registry.NAMES:
        return wanted
    if "expr" in dom.url_params():  # a share link of the dice panel without its #fragment opens its tab
        window.location.hash = "notation"
        return "notation"
    return "roller"  # (the last tab: static/first-paint.js has put it into the #fragment)


def start(name: str) -> None:
    """Mount one panel; a broken panel is reported and the others still start."""
    try:
        browser.mount(importlib.import_module(registry.entry(name).module).panel(rng))
    except Exception as error:
        window.console.error(f"panel {name} failed to start: {error!r}")


def mount(name: str) -> None:
    """Mount ``name`` now if it is still waiting; the last one makes the page ready."""
    if name not in waiting:
        return
    waiting.remove(name)
    start(name)
    if not waiting:
        browser.enable(None)
        dom.mark_ready()


def opened(*_: object) -> None:
    """A panel opened by its tab or a link: its section is stamped in this task (first-paint.js;
    then the tabs move focus to its heading) and mounted in the next, so that no one task does
    both (each is tens of milliseconds on a phone)."""
    name = str(window.location.hash).removeprefix("#")
    if name in waiting:
        window.setTimeout(create_once_callable(lambda *_: mount(name)), 0)


def mount_next(*_: object) -> None:
    """One waiting panel per idle period, after the first interaction."""
    if waiting:
        mount(waiting[0])
        idle(mount_next)


def idle(callback: Callable[..., None]) -> None:
    """``callback`` once the page has nothing else to do (within 2 s)."""
    if hasattr(window, "requestIdleCallback"):
        options = to_js({"timeout": 2000}, dict_converter=window.Object.fromEntries)
        window.requestIdleCallback(create_once_callable(callback), options)
    else:
        window.setTimeout(create_once_callable(callback), 50)


def players_asked() -> None:
    """A players' window asks for what to show (opened, reloaded, or open when this page started):
    the panels its message is made from are mounted now, and the message is sent."""
    for name in BROADCAST.needs:
        mount(name)


def interacted(*_: object) -> None:
    for kind in INTERACTIONS:
        window.removeEventListener(kind, interaction, True)
    idle(mount_next)


prerender.load_texts(registry.TEXT_MODULES)
# Every saved record, before any panel mounts (PyScript runs this script with top-level await;
# pyright's check for it has no rule name, so these lines carry the bare ignore).
await storage.load()  # noqa: F704  # pyright: ignore
browser.start_saving()
browser.follow_other_tabs()
browser.set_language(browser.saved_language(), save=False, first_paint=True)
# The standard library may still be arriving (a first visit): in before any panel is usable.
await dom.standard_library()  # noqa: F704  # pyright: ignore
first = first_panel()
document.documentElement.dataset.firstPanel = first
waiting = list(registry.NAMES)
mount(first)
window.addEventListener("hashchange", create_proxy(opened))
browser.start_page()
browser.broadcast(BROADCAST, players_asked)  # the players' screen (static/players.js)
browser.start_seed(rng)
browser.enable(document.querySelector("header"))
dom.mark_interactive()
interaction = create_proxy(interacted)
for kind in INTERACTIONS:
    window.addEventListener(kind, interaction, True)
# The compute worker warms up and storage is kept, once the page is idle.
idle(lambda *_: browser.after_ready())
