"""Offline, installable, deployable: service worker, sub-path, manifest, CSP, updates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready, wait_until_controlled
from serve import serve_in_thread


def test_works_offline_after_one_visit(browser: Browser, site_url: str, site_dir: Path) -> None:
    """After one online visit, the page boots, rolls and computes heavy odds with the network off;
    its Python restores from the service worker's inflated snapshot and gets its inflated stdlib
    (static/packed.mjs reads both as they are, by their types)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch)
    wait_until_controlled(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    # The memory snapshot is precached too, so an offline start is as quick as an online one.
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
    stdlib = site_dir / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    assert page.evaluate("document.documentElement.dataset.stdlib") == str(stdlib.stat().st_size)
    page.click("#gauss-roll")
    expect(page.locator("#gauss-result")).to_contain_text("GaussD20")
    # The compute worker and its files are precached too: heavy odds work offline.
    page.goto(page.url.split("#")[0] + "#notation")
    page.fill("#notation-expr", "8d10!")
    asked = page.evaluate("gmCompute.asked()")
    page.click("#notation-odds")
    assert page.evaluate("gmCompute.asked()") == asked + 1  # the worker's (it may have answered already)
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение 8d10!", timeout=60_000)
    # A file that was never precached really is unreachable: the network is off.
    errors_before = len(watch.console_errors)
    assert page.evaluate("fetch('./no-such-file.txt').then(() => 'online', () => 'offline')") == "offline"
    page.wait_for_timeout(100)
    del watch.console_errors[errors_before:]  # that one failed load was the point
    context.close()
    watch.assert_clean()


def test_the_sites_files_come_straight_from_the_cache(browser: Browser, site_url: str) -> None:
    """Once the service worker is installed, the browser serves ./static/ from its cache without
    the worker's fetch handler (sw.js's static route): the runtime's files, the page's scripts and
    its style; the page itself still goes through the handler, which answers any address."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch)
    wait_until_controlled(page)
    page.reload()
    wait_ready(page, "roller")
    routed = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('resource')"
        ".filter((entry) => entry.name.includes('/static/'))"
        ".map((entry) => [new URL(entry.name).pathname.split('/static/')[1], entry.workerMatchedSourceType]))"
    )
    for file in (
        "python.snap.zst",
        "vendor/pyodide/pyodide.asm.wasm.zst",
        "vendor/pyodide/python_stdlib.zip.zst",
        "vendor/pyodide/pyodide.asm.mjs",
        "pyodide-boot.mjs",
        "app.css",
        "py.zip",
    ):
        assert routed.get(file) == "cache", (file, routed)
    navigation = page.evaluate("performance.getEntriesByType('navigation')[0].workerMatchedSourceType")
    assert navigation != "cache"
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
    context.close()
    watch.assert_clean()


def test_boots_under_a_sub_path(browser: Browser, site_dir: Path, tmp_path: Path) -> None:
    """Served under /gm-dice/ (as on GitHub Pages), every request stays under that path."""
    (tmp_path / "gm-dice").symlink_to(site_dir, target_is_directory=True)
    server, url = serve_in_thread(tmp_path)
    watch = Watch()
    paths: list[str] = []
    try:
        context, page = open_app(browser, url + "gm-dice/index.html", watch)
        page.on("request", lambda request: paths.append(request.url))
        page.reload()
        wait_ready(page)
        page.click("#gauss-roll")
        expect(page.locator("#gauss-result")).to_contain_text("GaussD20")
        context.close()
    finally:
        server.shutdown()
    watch.assert_clean()
    assert paths, "no requests were seen"
    assert all(p.startswith(url + "gm-dice/") for p in paths), [p for p in paths if "/gm-dice/" not in p]


def test_no_content_security_policy_violations(browser: Browser, site_url: str) -> None:
    """The page's CSP (own origin + wasm/eval for Pyodide) is never violated while it boots and works."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch)
    page.evaluate(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    csp = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content") or ""
    assert "default-src 'self'" in csp and "http" not in csp
    page.click("#gauss-roll")
    page.goto(site_url + "index.html#converter")
    assert page.evaluate("document.documentElement.dataset.ready") == "true"
    page.click("#convert-example")
    page.click("#convert-run")
    assert page.evaluate("window.__csp || []") == []
    # The policy is live: an inline script is refused (and reported).
    page.evaluate("window.__csp = []")
    page.evaluate(
        "const s = document.createElement('script'); s.textContent = 'window.__ran = 1'; document.body.append(s)"
    )
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
    context.close()
    watch.console_errors = [e for e in watch.console_errors if "Content Security Policy" not in e]
    watch.assert_clean()


def test_manifest_and_icons_are_served(app: Page, site_url: str) -> None:
    """The web app manifest parses, starts relative to the site and its icons load."""
    manifest = json.loads(app.evaluate("fetch('./manifest.webmanifest').then(r => r.text())"))
    assert manifest["start_url"].startswith("./") and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert app.evaluate("src => fetch(src).then(r => r.status)", icon["src"]) == 200
    assert app.locator("link[rel='manifest']").count() == 1


@pytest.fixture
def own_site(site_dir: Path, tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    return site


def test_new_version_is_offered_not_mixed(browser: Browser, own_site: Path) -> None:
    """A new deploy shows a reload offer; accepting it switches to the new service worker."""
    server, url = serve_in_thread(own_site)
    watch = Watch()
    try:
        context, page = open_app(browser, url + "index.html", watch)
        wait_until_controlled(page)
        old_build = json.loads((own_site / "build.json").read_text())["build"]
        worker = (own_site / "sw.js").read_text()
        (own_site / "sw.js").write_text(worker.replace(old_build, old_build[::-1]))
        page.reload()
        wait_ready(page)
        expect(page.locator("#update-banner")).to_be_visible(timeout=30_000)
        # Until the user accepts, the old worker (old cache) still controls the page.
        assert page.evaluate("caches.keys()").count(f"gm-dice-{old_build}") == 1
        with page.expect_event("load", timeout=30_000):
            page.click("#update-reload")
        wait_ready(page)
        page.wait_for_function(f"caches.keys().then(k => !k.includes('gm-dice-{old_build}'))")
        assert f"gm-dice-{old_build[::-1]}" in page.evaluate("caches.keys()")
        context.close()
    finally:
        server.shutdown()
    watch.assert_clean()
