"""A slow first visit says what is happening: from the first paint until the panel on
screen works, a line in the first screen of whatever is shown counts the runtime's bytes received
against the total, in the saved language, and goes away once the panel is usable, moving nothing.

The runtime's memory snapshot is held back (routed and released by the test), so the page stays
in that state for as long as the checks take; the rest of the runtime arrives meanwhile.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserType, Route, expect

from e2e_support import (
    BOOT_TIMEOUT_MS,
    Watch,
    is_local,
    wait_ready,
    wait_until_controlled,
    watch_page,
    watched_context,
)
from serve import CompressingHandler, QuietHandler, serve_in_thread

WORDS = {
    "ru": re.compile(r"^\s*Загружается Python: \d+(,\d)? из \d+(,\d)? МБ\s*$"),
    "en": re.compile(r"^\s*Loading Python: \d+(\.\d)? of \d+(\.\d)? MB\s*$"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_deep_link_shows_the_bytes_received_until_its_panel_works(
    browser: Browser, site_url: str, lang: str
) -> None:
    """#threat on a first visit: the progress line is in the first viewport, names the bytes
    received so far (more than none: the wasm and the stdlib are not held
    back) in the saved language, and the first paint's odds are on screen meanwhile; released, the
    panel becomes usable and the line goes away."""
    watch = Watch()
    context = watched_context(browser, watch)
    if lang == "en":
        context.add_init_script("localStorage.setItem('gm.lang', JSON.stringify('en'))")
    held: list[Route] = []
    context.route("**/static/python.snap.zst", lambda route: held.append(route))
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#threat", wait_until="commit")
    line = page.locator("#loading")
    expect(line).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(line).to_be_in_viewport()
    page.wait_for_function(
        "Number(document.getElementById('loading').dataset.bytes) > 0", timeout=BOOT_TIMEOUT_MS
    )
    expect(line).to_have_text(WORDS[lang])
    got = float(re.findall(r"\d+(?:[.,]\d)?", line.inner_text())[0].replace(",", "."))
    assert got > 0
    expect(page.locator("#threat-check")).to_be_disabled()
    # the first paint's panel stays readable (its odds are behind the screen: on by default)
    expect(page.locator("#threat-title")).to_be_visible()
    assert held, "the snapshot was asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-interactive-ms]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#threat-check")).to_be_enabled()
    wait_ready(page)
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_a_first_visit_shows_its_loading_line_in_the_first_screen_and_nothing_jumps(
    browser: Browser, site_url: str, size: tuple[int, int]
) -> None:
    """A first visit (the start view over the first panel): the loading line is in the first
    screen from the first paint; the GM scrolls a little meanwhile, and when Python is ready the
    line goes and the page stays where it was (scrollY unchanged)."""
    watch = Watch()
    width, height = size
    context = watched_context(browser, watch, viewport={"width": width, "height": height})
    held: list[Route] = []
    context.route("**/static/python.snap.zst", lambda route: held.append(route))
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html", wait_until="commit")
    line = page.locator("#loading")
    expect(line).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(line).to_be_in_viewport(ratio=1)
    expect(page.locator(".start-view")).to_be_visible()
    page.evaluate("window.scrollTo(0, 46)")
    assert page.evaluate("scrollY") == 46
    expect(line).to_be_in_viewport(ratio=1)
    for _ in range(600):  # the snapshot is asked for once the page's scripts run
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the snapshot was asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-interactive-ms]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(line).to_be_hidden()
    page.wait_for_timeout(300)  # what the mount does next (tabs, focus) has run
    assert page.evaluate("scrollY") == 46
    context.close()
    watch.assert_clean()


def test_a_restore_waits_for_neither_the_stdlib_nor_the_files_behind_it(
    browser: Browser, site_dir: Path, site_url: str
) -> None:
    """A first visit fetches the snapshot and the wasm first: the standard library, Pyodide's lock
    file and PyScript's [files] only once both are in. Python restores and PyScript's start and
    main.py's run while the stdlib is still held back (the restore has an empty stand-in), but no
    panel is usable before it is in; released, it is written whole into Python's file system and
    the panel works."""
    watch = Watch()
    context = watched_context(browser, watch)
    held: list[Route] = []
    context.route("**/python_stdlib.zip.zst", lambda route: held.append(route))
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#roller")
    page.wait_for_selector("html[data-python-ms]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-python-boot") == "snapshot"
    page.wait_for_timeout(300)
    assert page.get_attribute("html", "data-interactive-ms") is None
    expect(page.locator("#gauss-roll")).to_be_disabled()
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("html[data-interactive-ms]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-stdlib") == str((site_dir / STDLIB_FILE).stat().st_size)
    page.click("#gauss-roll")
    expect(page.locator("#gauss-result")).not_to_be_empty()
    timings = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('resource')"
        ".map((e) => [new URL(e.name).pathname, [e.startTime, e.responseEnd]]))"
    )
    critical = max(timings[path][1] for path in ("/static/python.snap.zst", WASM_ZST))
    for path in (STDLIB_ZST, "/static/vendor/pyodide/pyodide-lock.json", "/static/py.zip", ICEPOOL):
        assert timings[path][0] >= critical, (path, timings[path], critical)
    context.close()
    watch.assert_clean()


STDLIB_FILE = "static/vendor/pyodide/python_stdlib.zip"
STDLIB_ZST = "/static/vendor/pyodide/python_stdlib.zip.zst"
WASM_ZST = "/static/vendor/pyodide/pyodide.asm.wasm.zst"
ICEPOOL = "/static/vendor/wheels/icepool-2.1.3-py3-none-any.whl"
MODULE = "/static/vendor/pyodide/pyodide.asm.mjs"
RUNTIME = (
    "/static/vendor/pyodide/pyodide.asm.wasm.zst",
    "/static/vendor/pyodide/python_stdlib.zip.zst",
    "/static/vendor/pyodide/pyodide.asm.mjs.gz",
    "/static/python.snap.zst",
    "/static/py.zip",
)


@pytest.mark.parametrize("host", ["plain", "compressing"])
def test_a_first_visit_downloads_the_runtime_once_and_packed(
    browser_type: BrowserType, browser_type_launch_args: dict, site_dir: Path, tmp_path: Path, host: str
) -> None:
    """A first visit, until the service worker has precached the site: the wasm, the stdlib and
    Pyodide's Emscripten module come packed (the plain 9.6, 9.7 and 1.25 MB files are never sent), and no runtime
    file is sent twice: the compute worker, a lab program's runner (run at once, before the
    service worker serves the site; static/packed.mjs) and the service worker's precache reuse
    what the page downloaded (a 304 at most). Where the host compresses text files (as GitHub
    Pages does), the module is imported by its plain name, which the host sends gzip'd (as many
    bytes as the .gz), and nothing then asks for the .gz: V8 keeps its compiled code for the next
    start under that name, which a module imported from a blob: URL has none of."""
    sent: list[tuple[str, int]] = []

    class Counting(QuietHandler):
        def send_response(self, code: int, message: str | None = None) -> None:
            sent.append((self.path.split("?")[0], code))
            super().send_response(code, message)

    class CompressingCounting(Counting, CompressingHandler):
        pass

    server, url = serve_in_thread(
        site_dir, handler_class=CompressingCounting if host == "compressing" else Counting
    )
    watch = Watch()
    # A profile on disk, as a GM's browser has (a fresh context's cache in memory keeps no 8 MB
    # file), and not routed: Playwright's routing turns the HTTP cache off. Requests that leave the
    # origin are still seen (none may).
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    context.on("request", lambda r: None if is_local(r.url) else watch.foreign_requests.append(r.url))
    page = watch_page(context.pages[0], watch)
    page.goto(url + "index.html#notation")
    wait_ready(page)
    assert page.evaluate("gmCompute.warm()") is True
    page.fill("#lab-row-0", "d6")
    page.fill("#lab-program", 'output(d8, "packed")')
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(["d6", "программа: packed"], timeout=BOOT_TIMEOUT_MS)
    wait_until_controlled(page, BOOT_TIMEOUT_MS)
    context.close()
    server.shutdown()
    watch.assert_clean()
    full = [path for path, code in sent if code == 200]
    assert "/static/vendor/pyodide/pyodide.asm.wasm" not in full
    assert "/static/vendor/pyodide/python_stdlib.zip" not in full
    sent_module, unsent_module = (
        (MODULE, f"{MODULE}.gz") if host == "compressing" else (f"{MODULE}.gz", MODULE)
    )
    assert unsent_module not in full
    runtime = [sent_module if path == f"{MODULE}.gz" else path for path in RUNTIME]
    for path in runtime:
        assert full.count(path) == 1, (path, [s for s in sent if s[0] in runtime])
