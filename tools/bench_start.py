"""Start-up rows of ``tools/bench.py``: the first click answered, this product beside its floor.

"First click answered" is the time from the navigation's start until the roll button is enabled
and a click on it shows a result. It is measured, in one run, for four pages (``START_PAGES``):

- the seed's plain-JS roller (what a click can cost at all);
- bare Pyodide: our vendored runtime, ``loadPyodide`` and one line (the runtime's own start);
- **the floor**: our memory snapshot restored by ``static/pyodide-boot.mjs`` and one line, with no
  PyScript and none of our Python: what this design cannot go below;
- this product: the GaussD20 roll on ``index.html#roller``.

and four ways of arriving (``KINDS``):

- **cold**: a fresh browser context (empty HTTP cache, no service worker);
- **warm**: right after a first visit, in the same context. For the product a reload once its
  service worker controls the page and has precached; for the floor the restore page opened from
  that service worker's copies (the files a warm product start reads, not the HTTP cache's
  zstd files, which would add inflating); for the reference pages a reload from the HTTP cache;
- **after a restart**: a first visit as above in a persistent profile, the browser closed and
  started again on an empty tab, and the page opened: what a GM coming back another day gets,
  without what a reloaded tab's renderer process keeps (V8's code caches, the wasm module);
- **phone, first visit**: cold under Chromium's CPU throttling and network emulation (``PHONE``).

The table gives each page's median (min–max) and the ratios: this product ÷ the floor (the
start-up target) and ÷ bare Pyodide, and the floor ÷ bare Pyodide. A browser engine is an
``Engine`` (how to launch it, with and without a profile on disk), so another engine's rows are
the same functions with another ``Engine``.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from e2e_support import CHROMIUM, CHROMIUM_ARGS, wait_ready, wait_until_controlled

PHONE = {"cpu": 4, "mbit": 10, "latency_ms": 40}  # Chromium's CPU throttling, Network emulation

# The reference pages' buttons: autocomplete="off", else Firefox restores a button's enabled state
# on a reload and the first click lands before the page set its handler (tools/bench_engines.py).
BARE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare</title>
<button id="roll" disabled autocomplete="off">roll</button> <output id="out"></output>
<script type="module">
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";
const python = await loadPyodide({ indexURL: "../static/vendor/pyodide/", stdLibURL: "./python_stdlib.zip" });
const roll = document.getElementById("roll");
roll.onclick = () => { document.getElementById("out").textContent = python.runPython("sum(range(7))"); };
roll.disabled = false;
</script>"""

# Our own Pyodide start (static/pyodide-boot.mjs: the snapshot restored, the packed runtime) and one
# line, without PyScript or any of our Python: the floor of this product's start.
RESTORE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>restore</title>
<button id="roll" disabled autocomplete="off">roll</button> <output id="out"></output>
<script type="module">
import { loadPyodide } from "../static/pyodide-boot.mjs";
const python = await loadPyodide({});
const roll = document.getElementById("roll");
roll.onclick = () => { document.getElementById("out").textContent = python.runPython("sum(range(7))"); };
roll.disabled = false;
</script>"""

# The seed's own JS roller (seeds/000: rnd20, gauss20), on a plain page: the floor of what a click
# can cost.
SEED_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>seed</title>
<button id="roll">roll</button> <output id="out"></output>
<script>
var rnd20 = function() { return Math.round(Math.random() * 19) + 1 };
var gauss20 = function(luck) { luck = luck || 5; luck = luck - 5;
  var res = Math.round((rnd20() + rnd20() + rnd20()) / 3); res += luck;
  if (res < 1) res = 1; if (res > 20) res = 20; return res; };
document.getElementById("roll").onclick = function() { document.getElementById("out").textContent = gauss20(5); };
</script>"""


@dataclass(frozen=True)
class StartPage:
    name: str
    path: str  # from the site's root
    button: str
    answer: str  # the element a click changes

    @property
    def is_product(self) -> bool:
        return self.path.startswith("index")


SEED = StartPage("the seed's plain-JS roller", "bench/seed.html", "#roll", "#out")
BARE = StartPage("bare Pyodide (loadPyodide + one line)", "bench/bare.html", "#roll", "#out")
FLOOR = StartPage("floor: our snapshot restored alone (+ one line)", "bench/restore.html", "#roll", "#out")
PRODUCT = StartPage("this product (GaussD20 roll)", "index.html#roller", "#gauss-roll", "#gauss-result")
START_PAGES = (SEED, BARE, FLOOR, PRODUCT)


def write_start_pages(folder: Path) -> None:
    """The reference pages, in ``folder`` (the built site's ``bench/``: same origin, same files)."""
    (folder / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (folder / "seed.html").write_text(SEED_PAGE, encoding="utf-8")
    (folder / "restore.html").write_text(RESTORE_PAGE, encoding="utf-8")


@dataclass(frozen=True)
class Engine:
    """A browser to measure in: launched fresh (``launch``) or on a profile on disk (``persistent``)."""

    name: str
    launch: Callable[[Playwright], Browser]
    persistent: Callable[[Playwright, str], BrowserContext]


CHROMIUM_ENGINE = Engine(
    "Chromium",
    lambda playwright: playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS),
    lambda playwright, profile: playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
    ),
)

# Installed before the page's own scripts of the page measured (``file``, if given; not on another
# page the same context opens first): clicks the button as soon as it is enabled, and notes
# performance.now() when the answer changes the page. tools/bench_engines.py passes no file.
FIRST_CLICK_JS = """([button, answer, file]) => {
  if (file && !location.pathname.endsWith(file)) return;
  window.firstClickMs = new Promise((resolve) => {
    const poll = () => {
      const control = document.querySelector(button);
      const out = document.querySelector(answer);
      if (!control || control.disabled || !out) { setTimeout(poll, 5); return; }
      new MutationObserver(() => resolve(performance.now()))
        .observe(out, { childList: true, subtree: true, characterData: true });
      control.click();
    };
    poll();
  });
}"""

# Puts a page of the site into the service worker's cache (the build's own), so that opening it is
# answered from there as the product's warm start is, and its static files by the static route.
CACHE_PAGE_JS = """async (path) => {
  const name = (await caches.keys()).find((key) => key.startsWith("gm-dice-"));
  await (await caches.open(name)).add(path);
}"""


def _phone(page: Page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})
    cdp.send("Network.enable")
    bytes_per_s = PHONE["mbit"] * 1_000_000 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": PHONE["latency_ms"],
            "downloadThroughput": bytes_per_s,
            "uploadThroughput": bytes_per_s,
        },
    )


def _watch_first_click(context: BrowserContext, page: StartPage) -> None:
    file = page.path.split("#")[0]
    context.add_init_script(f"({FIRST_CLICK_JS})({json.dumps([page.button, page.answer, file])})")


def _first_click(page: Page, url: str, reload: bool = False) -> float:
    if reload:
        page.reload()
    else:
        page.goto(url)
    return float(page.evaluate("window.firstClickMs"))


def _product_installed(page: Page, url: str) -> None:
    """A first visit of the product on ``page``, until its service worker controls it and has precached."""
    if not page.url.startswith(url + "index.html"):
        page.goto(url + PRODUCT.path)
    wait_ready(page)
    wait_until_controlled(page, 60_000)
    page.wait_for_timeout(2000)  # its precache done (runtime-facts)


def cold(browser: Browser, url: str, start: StartPage, phone: bool = False) -> float:
    context = browser.new_context()
    _watch_first_click(context, start)
    page = context.new_page()
    if phone:
        _phone(page)
    ms = _first_click(page, url + start.path)
    context.close()
    return ms


def warm(browser: Browser, url: str, start: StartPage) -> float:
    """Right after a first visit (see the module's docstring); the floor from the service worker's copies."""
    context = browser.new_context()
    _watch_first_click(context, start)
    page = context.new_page()
    if start is FLOOR:
        _product_installed(page, url)
        page.evaluate(CACHE_PAGE_JS, start.path)
        ms = _first_click(page, url + start.path)
    else:
        _first_click(page, url + start.path)
        if start.is_product:
            _product_installed(page, url)
        ms = _first_click(page, url + start.path, reload=True)
    context.close()
    return ms


def restarted(playwright: Playwright, engine: Engine, url: str, start: StartPage) -> float:
    """A visit, the browser closed and started again on the same profile, and ``start`` opened.
    The product's first visit installs its service worker; the floor's first visit is the product's,
    and then the restore page is opened from that service worker's copies."""
    profile = tempfile.mkdtemp()
    try:
        for visit in ("first", "after a restart"):
            context = engine.persistent(playwright, profile)
            _watch_first_click(context, start)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto("about:blank")
            page.wait_for_timeout(1000)  # the browser's own start out of the way
            if visit == "after a restart":
                ms = _first_click(page, url + start.path)
                context.close()
                return ms
            if start is FLOOR or start.is_product:
                _product_installed(page, url)
                if start is FLOOR:
                    page.evaluate(CACHE_PAGE_JS, start.path)
            else:
                _first_click(page, url + start.path)
            page.wait_for_timeout(3000)  # the precache and the code caches written
            context.close()
        raise AssertionError("unreachable")
    finally:
        shutil.rmtree(profile, ignore_errors=True)


KINDS = ("cold", "warm", "after a restart", "phone, first visit")


def start_rows(
    playwright: Playwright,
    url: str,
    runs: int,
    kinds: Sequence[str] = KINDS,
    pages: Sequence[StartPage] = START_PAGES,
    engine: Engine = CHROMIUM_ENGINE,
) -> dict[tuple[str, str], list[float]]:
    """First click answered, ms, for each (page name, kind): ``runs`` rounds, each page and kind once."""
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        browser = engine.launch(playwright)
        for start in pages:
            for kind in kinds:
                if kind == "after a restart":
                    continue
                if kind == "warm":
                    ms = warm(browser, url, start)
                else:
                    ms = cold(browser, url, start, phone=kind.startswith("phone"))
                times.setdefault((start.name, kind), []).append(ms)
        browser.close()
        if "after a restart" in kinds:
            for start in pages:
                if start is SEED:
                    continue  # nothing of it is worth keeping
                ms = restarted(playwright, engine, url, start)
                times.setdefault((start.name, "after a restart"), []).append(ms)
    return times


def _cell(values: list[float] | None) -> str:
    if not values:
        return "—"
    median = statistics.median(values)
    return f"{median:.0f}" if len(values) == 1 else f"{median:.0f} ({min(values):.0f}–{max(values):.0f})"


def _ratio(times: dict[tuple[str, str], list[float]], top: StartPage, bottom: StartPage, kind: str) -> str:
    a, b = times.get((top.name, kind)), times.get((bottom.name, kind))
    return f"{statistics.median(a) / statistics.median(b):.2f}×" if a and b else "—"


def print_start_rows(
    times: dict[tuple[str, str], list[float]],
    runs: int,
    kinds: Sequence[str] = KINDS,
    pages: Sequence[StartPage] = START_PAGES,
    engine: Engine = CHROMIUM_ENGINE,
) -> None:
    print()
    print(
        f"First click answered ({engine.name}; button enabled, a click shows a result), "
        f"ms, median (min–max) of {runs}; phone = CPU ×{PHONE['cpu']}, {PHONE['mbit']} Mbit/s, "
        f"{PHONE['latency_ms']} ms"
    )
    print("| page | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for start in pages:
        print(
            f"| {start.name} | " + " | ".join(_cell(times.get((start.name, kind))) for kind in kinds) + " |"
        )
    for top, bottom, label in (
        (PRODUCT, FLOOR, "this product ÷ the floor"),
        (PRODUCT, BARE, "this product ÷ bare Pyodide"),
        (FLOOR, BARE, "the floor ÷ bare Pyodide"),
    ):
        if top in pages and bottom in pages:
            print(f"| {label} | " + " | ".join(_ratio(times, top, bottom, kind) for kind in kinds) + " |")
