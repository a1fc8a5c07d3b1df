"""Only the open panel at start (issue 23): the panel on screen is mounted first and alone; another
mounts when it is opened; a share link and the last tab reopened still land on their panel and
work; the single saved file and an offline reload still start.

Tests of one panel wait for that panel only (``e2e_support.wait_ready(page, name)``); the page's
``data-ready`` still means every panel is mounted (the GM's first interaction has the rest mount
in idle time).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import BOOT_TIMEOUT_MS, READY, Watch, mounted, open_app, wait_ready, wait_until_controlled
from panels import registry
from panels.shell import text
from single_file import build_single

# Several panels' tests live here: each test opens its own page on the panel it is about.
PANEL = "roller"


def mounted_panels(page: Page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('section.panel[data-mounted=true]')].map(s => s.id)")


def test_at_start_only_the_open_panel_is_mounted(app: Page) -> None:
    """The module's page opened on the roller: it alone is mounted (and works); its controls are
    live while the others' still wait for Python; the page is not "ready" yet."""
    assert mounted_panels(app) == ["roller"]
    assert app.locator(READY).count() == 0
    expect(app.locator("#gauss-roll")).to_be_enabled()
    expect(app.locator("#threat-check").first).to_be_disabled()
    app.wait_for_timeout(3000)  # past the idle timeout (2 s): nothing mounts while nobody touches the page
    assert mounted_panels(app) == ["roller"]


def test_opening_another_tab_mounts_it_and_it_works(browser: Browser, site_url: str) -> None:
    """A click on the threat tab mounts the threat panel (a first interaction: the rest follow in
    idle time, and then the page is ready)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5", watch, panel="roller")
    assert mounted_panels(page) == ["roller"]
    page.click("#tab-threat")
    page.wait_for_selector(mounted("threat"), state="attached")
    expect(page.locator("#threat-check")).to_be_enabled()
    page.click("#threat-check")
    expect(page.locator("#threat .error").first).to_be_hidden()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert sorted(mounted_panels(page)) == sorted(registry.NAMES)
    context.close()
    watch.assert_clean()


def test_a_deep_link_and_a_share_link_land_on_their_panel(browser: Browser, site_url: str) -> None:
    """``#ite`` mounts ITE first; a dice share link (``?expr=`` without a fragment) opens and
    mounts the dice panel, which rolls the shared expression."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#ite", watch, panel="ite")
    assert mounted_panels(page) == ["ite"]
    page.goto(site_url + "index.html?expr=2d6%2B1&seed=4")
    wait_ready(page, "notation")
    assert mounted_panels(page) == ["notation"]
    expect(page.locator("#notation")).to_be_visible()
    expect(page.locator("#notation-expr")).to_have_value("2d6+1")
    page.click("#notation-roll")
    expect(page.locator("#notation-result")).to_contain_text("2d6+1")
    context.close()
    watch.assert_clean()


def test_the_last_tab_is_reopened_and_mounted_first(browser: Browser, site_url: str) -> None:
    """A reload without a fragment reopens the last tab: that panel is the one mounted."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch, panel="roller")
    page.click("#tab-converter")
    page.wait_for_selector(mounted("converter"), state="attached")
    page.goto(site_url + "index.html")
    wait_ready(page, "converter")
    assert mounted_panels(page) == ["converter"]
    expect(page.locator("#converter")).to_be_visible()
    context.close()
    watch.assert_clean()


def test_an_offline_reload_starts_on_its_panel(browser: Browser, site_url: str) -> None:
    """Once the service worker has the site, the page reloads offline and its panel works."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#threat", watch)  # every panel: ready
    wait_until_controlled(page, 60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page, "threat")
    assert mounted_panels(page) == ["threat"]
    expect(page.locator("#threat-check")).to_be_enabled()
    context.close()
    watch.assert_clean()


@pytest.fixture(scope="module")
def single_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("single") / "site"  # the bundle step never touches the served site
    shutil.copytree(site_dir, site)
    return build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")


def test_the_single_file_mounts_its_open_panel_and_the_rest(browser: Browser, single_file: Path) -> None:
    """Opened from disk, the saved file mounts the roller alone, then every panel once touched."""
    watch = Watch()
    context, page = open_app(browser, single_file.as_uri() + "?seed=3", watch, panel="roller")
    assert mounted_panels(page) == ["roller"]
    page.click("#gauss-roll")
    expect(page.locator("#gauss-result")).not_to_be_empty()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    context.close()
    watch.assert_clean()


def test_rules_pages_are_out_of_the_first_parse_until_opened(browser: Browser, site_url: str) -> None:
    """The rules pages are templates at start (not in the document); a deep link to one is
    stamped before Python and shown; a panel's rules link stamps its page and focuses its title;
    a link to a heading inside another page stamps that page and scrolls to the heading."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch, panel="roller")
    assert page.locator("section.doc").count() == 0
    assert page.locator("template[data-page]").count() >= 4
    page.click("#roller .rules-link a")
    doc = page.locator("section.doc:target")
    expect(doc).to_be_visible()
    expect(page.locator("#roller")).to_be_hidden()
    assert page.locator("section.doc").count() == 1
    page.goto(site_url + "index.html#rules-ite")
    expect(page.locator("#rules-ite")).to_be_visible()  # before and after Python
    wait_ready(page, "roller")
    expect(page.locator("#rules-ite")).to_be_visible()
    page.goto(site_url + "index.html#rules-index-forum-3d20--gaussd20-converter-seed-000")
    expect(page.locator("#rules-index-forum-3d20--gaussd20-converter-seed-000")).to_be_in_viewport()
    wait_ready(page, "roller")
    page.goto(site_url + "index.html#roller")
    page.click("#lang-switch")  # a page stamped later comes in the language of the moment
    page.evaluate("location.hash = '#rules-threat'")
    expect(page.locator("#rules-threat a.doc-back")).to_have_text(text.RULES_BACK.en)
    context.close()
    watch.assert_clean()
