"""Saved data: IndexedDB records written at once, full storage said on screen, a killed browser
loses nothing already done, and damaged records are dropped part by part with a notice."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from e2e_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TOUCH,
    Watch,
    is_local,
    open_app,
    wait_ready,
    watch_page,
    watched_context,
)
from panels import registry

FULL_STORAGE = """
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (localStorage.getItem("test.full") === "1") {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return put.apply(this, args);
};
"""


def saved(page: Page, key: str) -> dict | None:
    raw = page.evaluate("k => gmStorage.get(k)", key)
    return None if raw is None else json.loads(raw)


def reload(page: Page, panel: str | None = None) -> None:
    """Reload and wait for ``panel`` (``None``: every panel, see ``wait_ready``)."""
    page.reload()
    wait_ready(page, panel)


def test_records_are_kept_in_indexeddb(browser: Browser, site_url: str) -> None:
    """A roll is saved at once as one IndexedDB record (fields, state and log together), not in localStorage."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=4#roller", watch)
    page.click("#gauss-roll")
    record = saved(page, "gm.panel.roller")
    assert record is not None and "log" not in record and record["state"]["last"] is not None
    entries = page.evaluate("gmStorage.journalEntries()")  # the log line, stored once, as its own record
    assert len(entries) == 1 and entries[0]["panel"] == "roller" and saved(page, "gm.shared.journal") is None
    assert record["form"]["gauss-luck"] == "5"
    assert page.evaluate("localStorage.getItem('gm.panel.roller')") is None
    expect(page.locator("#storage-usage")).to_contain_text("КБ")
    context.close()
    watch.assert_clean()


def test_full_storage_is_said_and_state_journal_and_undo_agree(browser: Browser, site_url: str) -> None:
    """With storage full, a threat check says on screen that it was not saved; after a reload the
    saved state, journal and undo are the last saved ones and agree; freeing space and «Повторить»
    saves what is on screen."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=8#threat", watch, "threat")
    context.add_init_script(FULL_STORAGE)
    reload(page, "threat")
    page.click("#threat-check")
    banner = page.locator("#save-failed")
    expect(banner).to_be_hidden()
    page.evaluate("gmStorage.settled()")  # its writes (the record, the journal) land before the disk fills
    page.evaluate("localStorage.setItem('test.full', '1')")
    page.click("#threat-check")
    page.click("#threat-check")
    expect(banner).to_be_visible()
    expect(page.locator("#save-failed-text")).to_contain_text("Не удалось сохранить:")
    expect(page.locator("#save-failed-text")).to_contain_text("Калькулятор угрозы")
    expect(page.locator("#threat-journal li")).to_have_count(3)
    page.click("#lang-switch")
    expect(page.locator("#save-failed-text")).to_contain_text("Could not save:")
    page.click("#lang-switch")
    record = saved(page, "gm.panel.threat")
    assert record is not None and len(record["state"]["journal"]) == 1
    assert len(record["state"]["undo"]) == 1  # one check made, one undo step: they agree
    page.evaluate("localStorage.removeItem('test.full')")
    reload(page, "threat")
    expect(page.locator("#threat-journal li")).to_have_count(1)
    page.click("#threat-undo")
    expect(page.locator("#threat-journal li")).to_have_count(0)
    expect(page.locator("#threat-undo")).to_be_disabled()
    # Full again: the banner's way out once space is back.
    page.evaluate("localStorage.setItem('test.full', '1')")
    page.click("#threat-check")
    expect(banner).to_be_visible()
    page.evaluate("localStorage.removeItem('test.full')")
    page.click("#save-retry")
    expect(banner).to_be_hidden()
    reload(page, "threat")
    expect(page.locator("#threat-journal li")).to_have_count(1)
    context.close()
    watch.assert_clean()


def test_export_gives_every_panel_record(browser: Browser, site_url: str) -> None:
    """«Скачать все данные» offers one JSON file with each panel's record, whatever was saved."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=2#roller", watch)
    context.add_init_script(FULL_STORAGE)
    reload(page)
    page.evaluate("localStorage.setItem('test.full', '1')")
    page.click("#gauss-roll")
    with page.expect_download() as download:
        page.click("#save-export")
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data["app"] == "gm-dice"
    assert len(data["journal"]["entries"]) == 1  # not on disk, but on screen: in the file
    assert {"gm.panel.threat", "gm.panel.converter"} <= set(data["records"])
    page.evaluate("localStorage.removeItem('test.full')")
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize(
    ("damage", "what"),
    [
        ("{not json", "поля формы"),
        ('{"v": 1, "state": {"luck": "seven"}, "form": {"gauss-luck": "6"}}', "состояние панели"),
        ('{"v": 1, "state": {"luck": 5, "last": {"dice": [1e400, 2, 3], "luck": 5}}}', "состояние панели"),
        ('{"v": 1, "form": [1, 2, 3]}', "поля формы"),
    ],
)
def test_a_damaged_record_is_dropped_alone(browser: Browser, site_url: str, damage: str, what: str) -> None:
    """Invalid JSON, wrong types or huge values in one panel's record: the page boots, names what was
    dropped, and keeps every other panel's record (the threat panel's screen mode stays on)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=6#threat", watch)
    page.check("#threat-screen")
    page.goto(page.url.split("#")[0] + "#roller")
    page.evaluate("d => gmStorage.save('gm.panel.roller', d)", damage)
    reload(page)
    expect(page.locator("#roller .error")).to_contain_text(what)
    expect(page.locator("#gauss-odds tr")).to_have_count(20)
    page.click("#gauss-roll")  # the panel works, and its record is sound again
    assert saved(page, "gm.panel.roller")["state"]["last"]
    page.goto(page.url.split("#")[0] + "#threat")
    expect(page.locator("#threat-screen")).to_be_checked()
    context.close()
    watch.assert_clean()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_actions_survive_a_killed_browser(playwright: Playwright, site_url: str, tmp_path: Path) -> None:
    """15 rolls, the browser process killed 1 s after the last: all 15 are there on reopening
    (each save is a strict-durability IndexedDB transaction, on disk when it completes)."""
    profile = tmp_path / "profile"
    url = site_url + "index.html#roller"

    def launch() -> tuple[subprocess.Popen, int]:
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
        return process, port

    def connect(port: int) -> Browser:
        deadline = time.monotonic() + 30
        while True:
            try:
                return playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def open_roller(port: int, watch: Watch) -> Page:
        page = watch_page(connect(port).contexts[0].new_page(), watch)
        page.route("**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort())
        page.goto(url)
        wait_ready(page)
        return page

    watch = Watch()
    process, port = launch()
    try:
        page = open_roller(port, watch)
        for _ in range(15):
            page.click("#gauss-roll")
        expect(page.locator("#gauss-log li")).to_have_count(15)
        shown = page.locator("#gauss-log li").all_inner_texts()
        time.sleep(1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    process, port = launch()
    try:
        page = open_roller(port, watch)
        assert page.locator("#gauss-log li").all_inner_texts() == shown
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    shutil.rmtree(profile, ignore_errors=True)
    watch.assert_clean()


PANELS = registry.NAMES


def test_each_panel_drops_its_own_damaged_record(browser: Browser, site_url: str) -> None:
    """Each panel's record damaged in turn (invalid JSON): the page boots, that panel says so, the
    other panels keep theirs (the roller's log stands in for them)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=9#roller", watch, "roller")
    page.click("#gauss-roll")
    kept = page.locator("#gauss-log li").first.inner_text()
    for panel in PANELS:
        if panel == "roller":
            continue
        page.goto(page.url.split("#")[0] + f"#{panel}")
        wait_ready(page, panel)  # opened, so mounted: what it saves on mount lands before the damage
        page.evaluate("gmStorage.settled()")
        page.evaluate('k => gmStorage.save(k, \'{"v": 1, "state": \')', f"gm.panel.{panel}")
        reload(page, panel)
        page.evaluate(TOUCH)  # the roller, first of the waiting panels, mounts in the next idle period
        wait_ready(page, "roller")
        notice = page.locator(f"#{panel} .notice:visible, #{panel} .error:visible").first
        expect(notice).to_contain_text("были повреждены")
        expect(page.locator("#gauss-log li").first).to_have_text(kept)
    context.close()
    watch.assert_clean()


def test_a_reload_right_after_actions_keeps_them(browser: Browser, site_url: str) -> None:
    """Rolls followed at once by a reload (saves still in flight) are all there afterwards."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=12#roller", watch, "roller")
    for _ in range(5):
        page.click("#gauss-roll")
    shown = page.locator("#gauss-log li").all_inner_texts()
    reload(page, "roller")
    assert page.locator("#gauss-log li").all_inner_texts() == shown
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('gm.pending.'))") == []
    context.close()
    watch.assert_clean()


FULL_LOCAL_STORAGE = """
const openDatabase = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (name, ...rest) {
  if (name === "gm-dice") throw new DOMException("refused", "SecurityError");
  return openDatabase.call(this, name, ...rest);
};
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key.startsWith("gm.shared.") || key.startsWith("gm.panel.")) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return setItem.call(this, key, value);
};
"""


def test_full_local_storage_names_what_failed(browser: Browser, site_url: str) -> None:
    """IndexedDB refused and localStorage full: a new character's failed save names the list of
    characters in the banner (not «Не удалось сохранить: .»)."""
    watch = Watch()
    context = watched_context(browser, watch)
    context.add_init_script(FULL_LOCAL_STORAGE)
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#roster")
    wait_ready(page, "roster")
    page.fill("#roster-name", "Борис")
    page.select_option("#roster-system", "gauss")
    page.click("#roster-save")
    expect(page.locator("#save-failed")).to_be_visible()
    expect(page.locator("#save-failed-text")).to_contain_text("список персонажей")
    expect(page.locator("#save-failed-text")).to_contain_text("Персонажи")
    context.close()
    watch.assert_clean()
