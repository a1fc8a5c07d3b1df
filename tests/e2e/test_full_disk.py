"""A really full disk: the browser profile on a 160 MB tmpfs, IndexedDB filled until the browser
refuses with ``QuotaExceededError`` (it fails late, on the transaction), then a character and a
roll: the banner names both records, no console error, and «Повторить» saves them once space is
freed, so they are there after a restart."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, Route, expect

from e2e_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Watch,
    is_local,
    wait_ready,
    watch_page,
)

# Fills IndexedDB (a database of its own) with incompressible chunks, halving the chunk on each
# refusal down to 256 bytes; says the name of the error that stopped the first chunk size.
FILL = """async () => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("test-filler", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("junk");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const put = (size, key) => new Promise((resolve) => {
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
    const transaction = db.transaction("junk", "readwrite");
    transaction.objectStore("junk").put(bytes, key);
    transaction.oncomplete = () => resolve(null);
    transaction.onabort = () => resolve(transaction.error ? transaction.error.name : "AbortError");
  });
  let size = 8 << 20, key = 0, first = null;
  while (size >= 256) {
    const problem = await put(size, key++);
    if (problem !== null) { first = first || problem; size = size >> 1; }
  }
  db.close();
  return first;
}"""
FREE = """() => new Promise((resolve) => {
  const request = indexedDB.deleteDatabase("test-filler");
  request.onsuccess = request.onerror = () => resolve(true);
})"""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 160 MB tmpfs for the browser profile (needs root, as on the test machines)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs", str(mount)], check=False)
    if made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root)")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def _launch(playwright: Playwright, profile: Path, watch: Watch) -> tuple[BrowserContext, Page]:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )

    def guard(route: Route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            watch.foreign_requests.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = watch_page(context.pages[0] if context.pages else context.new_page(), watch)
    return context, page


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def test_a_full_disk_is_named_and_retry_saves(
    playwright: Playwright, site_url: str, small_disk: Path
) -> None:
    """Quota reached on the transaction: the banner names the roster and the roller, nothing is
    logged as an error, and after space is freed «Повторить» hides the banner; a restart shows
    the character and both rolls."""
    watch = Watch()
    profile = small_disk / "profile"
    context, page = _launch(playwright, profile, watch)
    try:
        _open(page, site_url + "index.html?seed=5#roller")
        page.click("#gauss-roll")
        assert page.evaluate(FILL) == "QuotaExceededError"
        banner = page.locator("#save-failed")
        expect(banner).to_be_hidden()
        page.click("#gauss-roll")
        expect(banner).to_be_visible()
        page.goto(page.url.split("#")[0] + "#roster")
        page.fill("#roster-name", "Борис")
        page.select_option("#roster-system", "gauss")
        page.click("#roster-save")
        expect(page.locator("#roster-list li")).to_have_count(1)
        text = page.locator("#save-failed-text")
        expect(text).to_contain_text("GaussD20")
        expect(text).to_contain_text("список персонажей")
        page.evaluate(FREE)
        page.click("#save-retry")
        expect(banner).to_be_hidden()
    finally:
        context.close()
    context, page = _launch(playwright, profile, watch)
    try:
        _open(page, site_url + "index.html#roster")
        expect(page.locator("#roster-list li")).to_have_count(1)
        page.goto(page.url.split("#")[0] + "#roller")
        expect(page.locator("#gauss-log li")).to_have_count(2)
    finally:
        context.close()
    watch.assert_clean()
