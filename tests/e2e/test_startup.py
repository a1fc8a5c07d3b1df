"""Start-up: Python is restored from the build's memory snapshot, safely.

static/pyodide-boot.mjs restores a snapshot made at build time (tools/snapshot.mjs) instead of
starting the interpreter from scratch; a broken snapshot must cost only speed. Timings are the
benchmark's job (tools/bench.py), never a test's.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import (
    Watch,
    open_app,
    wait_ready,
    wait_until_controlled,
    watch_page,
    watched_context,
)
from serve import QuietHandler, serve_in_thread

SNAPSHOT = "**/static/python.snap.zst"


def roll_faces(page: Page, times: int) -> list[str]:
    faces = []
    for _ in range(times):
        page.click("#gauss-roll")
        faces.append(" ".join(page.locator(f"#gauss-die-{i}").inner_text() for i in range(3)))
    return faces


def test_python_starts_from_the_snapshot(app: Page) -> None:
    """The page restores the build's snapshot rather than starting Python from scratch."""
    assert app.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"


@pytest.mark.parametrize(
    "body",
    [b"not a gzip stream", gzip.compress(b"not a memory snapshot" * 10_000), None],
    ids=["not-gzip", "not-a-snapshot", "lost"],
)
def test_broken_snapshot_falls_back_to_a_normal_start(
    browser: Browser, site_url: str, body: bytes | None
) -> None:
    """A corrupt snapshot, or one whose download fails, costs a warning, not the page: Python
    starts normally, icepool included (the files queued behind the snapshot on a first visit are
    fetched all the same)."""
    watch = Watch()
    # No service worker: the corrupt answer must reach the page, not a cached good copy.
    context = watched_context(browser, watch, service_workers="block")
    context.route(
        SNAPSHOT,
        lambda route: (
            route.abort()
            if body is None
            else route.fulfill(status=200, body=body, content_type="application/gzip")
        ),
    )
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#notation")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "fresh"
    page.fill("#notation-expr", "3d6 # проба")
    page.click("#notation-roll")  # icepool: the snapshot would have had it imported already
    expect(page.locator("#notation-result")).to_contain_text("проба: 3d6 [")
    context.close()
    if body is None:  # the failed load itself is the one error expected
        watch.console_errors[:] = [e for e in watch.console_errors if "ERR_FAILED" not in e]
    watch.assert_clean()


def test_unseeded_dice_differ_between_loads(browser: Browser, site_url: str) -> None:
    """Every load restores the same snapshot, yet its dice are freshly seeded: two loads differ."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#roller", watch, "roller")
    first = roll_faces(page, 8)
    page.reload()
    wait_ready(page, "roller")
    second = roll_faces(page, 8)
    context.close()
    watch.assert_clean()
    # 24 fair d20 faces agree by chance with probability 20**-24.
    assert first != second


class EncodingHandler(QuietHandler):
    """Like servers that send *.gz and *.zst files with Content-Encoding gzip and zstd: the
    browser inflates them (the snapshot and the wasm are zstd, the module gzip)."""

    def end_headers(self) -> None:
        path = self.path.split("?")[0]
        for suffix, encoding in ((".gz", "gzip"), (".zst", "zstd")):
            if path.endswith(suffix):
                self.send_header("Content-Encoding", encoding)
        super().end_headers()


def test_snapshot_sent_with_content_encoding_still_boots_and_caches(browser: Browser, site_dir: Path) -> None:
    """If the server has the browser inflate the snapshot, both the page and the offline cache cope."""
    server, url = serve_in_thread(site_dir, handler_class=EncodingHandler)
    watch = Watch()
    try:
        context, page = open_app(browser, url + "index.html", watch)
        assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
        wait_until_controlled(page, 60_000)
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
        context.close()
    finally:
        server.shutdown()
    watch.assert_clean()


def test_snapshot_bytes_are_released_after_the_restore(browser: Browser, site_url: str) -> None:
    """The 30 MB snapshot is copied into Python's memory and then dropped, not kept for the page's life."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch)
    cdp = context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    array_buffers = cdp.send("Runtime.getHeapUsage")["backingStorageSize"]
    context.close()
    watch.assert_clean()
    # Kept, the snapshot alone would hold 31 MB here; the page's other buffers take about 5 MB.
    assert array_buffers < 20_000_000
