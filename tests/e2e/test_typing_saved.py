"""Typed text is saved as it is typed (debounced), not only when the field is left: uncommitted
text in the converter, the roster, the dice line and the lab's program survives a reload and a
killed browser."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, expect

from e2e_support import CHROMIUM, CHROMIUM_ARGS, Watch, is_local, open_app, wait_ready, watch_page

FIELDS = (
    ("converter", "#convert-input", "Результат броска 3D20: 4 + 6 + 2 = 12."),
    ("roster", "#roster-name", "Борис Бритва"),
    ("notation", "#notation-expr", "5d8kh2 + 3"),
    ("notation", "#lab-program", 'output(d6 + d6, "два кубика")'),
)


def _type_without_leaving(page: Page, panel: str, selector: str, text: str) -> None:
    page.goto(page.url.split("#")[0] + f"#{panel}")
    wait_ready(page, panel)  # opened, so mounted: its fields save what is typed
    page.locator(selector).fill(text)  # input events only: the field keeps the focus, no change


def test_typed_text_survives_a_reload(browser: Browser, site_url: str) -> None:
    """Text typed into each field, the page reloaded at once without leaving the field: it is back."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch, "roller")
    for panel, selector, text in FIELDS:
        _type_without_leaving(page, panel, selector, text)
        page.reload()
        wait_ready(page, panel)
        expect(page.locator(selector)).to_have_value(text)
    context.close()
    watch.assert_clean()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_typed_text_survives_a_killed_browser(playwright: Playwright, site_url: str, tmp_path: Path) -> None:
    """Text typed into each field without leaving it, the browser process killed a second later:
    on reopening every field holds it."""
    profile = tmp_path / "profile"
    watch = Watch()

    def launch() -> tuple[subprocess.Popen, Page]:
        port = _free_port()
        process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless=new",
                f"--user-data-dir={profile}",
                f"--remote-debugging-port={port}",
                *CHROMIUM_ARGS,
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        page = watch_page(browser.contexts[0].new_page(), watch)
        page.route("**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort())
        page.goto(site_url + "index.html")
        wait_ready(page)
        return process, page

    def kill(process: subprocess.Popen) -> None:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)

    process, page = launch()
    try:
        for panel, selector, text in FIELDS:
            _type_without_leaving(page, panel, selector, text)
            time.sleep(0.1)
        time.sleep(1)
    finally:
        kill(process)
    process, page = launch()
    try:
        for panel, selector, text in FIELDS:
            page.goto(page.url.split("#")[0] + f"#{panel}")
            expect(page.locator(selector)).to_have_value(text)
    finally:
        kill(process)
    shutil.rmtree(profile, ignore_errors=True)
    watch.assert_clean()
