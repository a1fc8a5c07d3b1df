"""First click answered in each engine: Chromium, Firefox ESR and WebKitGTK side by side, in one run.

    .venv/bin/python tools/bench.py --only-engines [--runs 3] [--site DIR]

For each engine, this product (a GaussD20 roll) and the floor that engine sets for it, bare
Pyodide's one line (tools/bench_start.py's reference page), are opened cold (a fresh profile: no cache,
no storage, no service worker) and then warm (a reload once the service worker controls the page
and has had 2 s for its precache). "First click answered" is tools/bench_start.py's: from the
navigation's start until the button is enabled and a click on it has changed the answer, by the
page's own ``performance.now()``, the same script in every engine (installed before the page's
own). Firefox and WebKitGTK are driven as in the cross-engine suite (tests/browsers/engines.py);
WebKitGTK draws into an Xvfb display with no GPU, as the suite's does.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "browsers"))
from e2e_support import CHROMIUM, CHROMIUM_ARGS, wait_until_controlled  # noqa: E402
from engines import Driver, RecordingProxy, installed, start  # noqa: E402

# (name, path, button, answer): what tools/bench_start.py's BARE and PRODUCT hold for these two.
PAGES = (
    ("bare Pyodide (loadPyodide + one line)", "bench/bare.html", "#roll", "#out"),
    ("this product (GaussD20 roll)", "index.html#roller", "#gauss-roll", "#gauss-result"),
)
ENGINES = ("chromium", "firefox", "webkit")
TIMEOUT_S = 180
WARM_AFTER_S = 2  # the service worker's precache done (runtime-facts), as tools/bench.py waits


def _chromium_runs(url: str, runs: int, first_click_js: str) -> dict[tuple[str, str], list[float]]:
    times: dict[tuple[str, str], list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            for name, path, button, answer in PAGES:
                context = browser.new_context()
                context.add_init_script(f"({first_click_js})({json.dumps([button, answer])})")
                page = context.new_page()
                page.goto(url + path)
                times.setdefault((name, "cold"), []).append(float(page.evaluate("window.firstClickMs")))
                if path.startswith("index"):
                    wait_until_controlled(page, TIMEOUT_S * 1000)
                page.wait_for_timeout(WARM_AFTER_S * 1000)
                page.reload()
                times.setdefault((name, "warm"), []).append(float(page.evaluate("window.firstClickMs")))
                context.close()
        browser.close()
    return times


def _other_runs(
    engine: str, url: str, runs: int, first_click_js: str
) -> tuple[dict[tuple[str, str], list[float]], str]:
    times: dict[tuple[str, str], list[float]] = {}
    version = ""
    scratch = Path(tempfile.mkdtemp())
    proxy = RecordingProxy()
    for _ in range(runs):
        for name, path, button, answer in PAGES:
            preload = f"({first_click_js})({json.dumps([button, answer])})"
            driver: Driver = start(engine, proxy, scratch, preload)  # a fresh profile: cold
            version = driver.version
            try:
                driver.goto(url + path)
                times.setdefault((name, "cold"), []).append(float(driver.js("window.firstClickMs")))
                if path.startswith("index"):
                    driver.wait("navigator.serviceWorker.controller !== null", TIMEOUT_S)
                driver.js(f"new Promise((done) => setTimeout(done, {WARM_AFTER_S * 1000}))")
                driver.reload()
                times.setdefault((name, "warm"), []).append(float(driver.js("window.firstClickMs")))
            finally:
                driver.close()
    proxy.close()
    if proxy.asked:
        raise RuntimeError(f"{engine}: requests left 127.0.0.1: {proxy.asked}")
    return times, version


def engine_rows(url: str, runs: int, first_click_js: str, say: Callable[[str], None] = print) -> None:
    """Print first click answered, cold and warm, per engine and page, and each engine's product ÷
    its own bare Pyodide."""
    results: dict[str, dict[tuple[str, str], list[float]]] = {}
    versions: dict[str, str] = {}
    for engine in ENGINES:
        if engine == "chromium":
            results[engine] = _chromium_runs(url, runs, first_click_js)
            continue
        if not installed(engine):
            say(f"{engine}: not installed here (bash tools/test.sh installs it); its rows are left out")
            continue
        results[engine], versions[engine] = _other_runs(engine, url, runs, first_click_js)
    say("")
    say(f"First click answered per engine (button enabled, a click shows a result), median of {runs}, ms")
    say("| engine | page | cold ms | min–max | warm ms | min–max |")
    say("|---|---|---|---|---|---|")
    for engine, times in results.items():
        label = f"{engine} {versions.get(engine, '')}".strip()
        for name, *_ in PAGES:
            cells = []
            for kind in ("cold", "warm"):
                values = times[(name, kind)]
                cells += [f"{statistics.median(values):.0f}", f"{min(values):.0f}–{max(values):.0f}"]
            say(f"| {label} | {name} | " + " | ".join(cells) + " |")
        bare, ours = (PAGES[0][0], PAGES[1][0])
        ratios = [
            f"{statistics.median(times[(ours, kind)]) / statistics.median(times[(bare, kind)]):.2f}×"
            for kind in ("cold", "warm")
        ]
        say(f"| {label} | this product ÷ bare Pyodide | {ratios[0]} | | {ratios[1]} | |")
