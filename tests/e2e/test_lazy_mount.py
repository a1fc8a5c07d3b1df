"""Only the open panel at start: the panel on screen is mounted first and alone; another
mounts when it is opened; a share link and the last tab reopened still land on their panel and
work; the single saved file and an offline reload still start.

Tests of one panel wait for that panel only (``e2e_support.wait_ready(page, name)``); the page's
``data-ready`` still means every panel is mounted (the GM's first interaction has the rest mount
in idle time).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import (
    BOOT_TIMEOUT_MS,
    READY,
    Watch,
    hold_python_back,
    mounted,
    open_app,
    wait_ready,
    wait_until_controlled,
    watch_page,
    watched_context,
)
from panels import registry
from panels.checks import markup as checks_text
from panels.shell import text
from panels.threat import text as threat_text
from single_file import build_single

CYRILLIC_OUTSIDE_QUOTES = re.compile(r"[А-Яа-яЁё]")

# Several panels' tests live here: each test opens its own page on the panel it is about.
PANEL = "roller"


def mounted_panels(page: Page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('section.panel[data-mounted=true]')].map(s => s.id)")


def in_templates(page: Page) -> list[str]:
    """The panels whose section is still a ``<template>`` and not in the document."""
    return page.evaluate(
        """names => names.filter(name => !document.getElementById(name)
            && document.querySelector(`template[data-page="${name}"]`))""",
        list(registry.NAMES),
    )


def controlled(page: Page) -> list[str]:
    """The panels the tabs name in ``aria-controls``; each must be in the document."""
    names = page.eval_on_selector_all(
        '[role="tab"][aria-controls]', "tabs => tabs.map(t => t.getAttribute('aria-controls'))"
    )
    missing = page.evaluate("names => names.filter(n => !document.getElementById(n))", names)
    assert missing == [], f"aria-controls names what is not in the document: {missing}"
    return names


def test_at_start_only_the_open_panel_is_mounted(app: Page) -> None:
    """The module's page opened on the roller: it alone is mounted (and works); the others' sections
    are still templates (not in the document); the page is not "ready" yet."""
    assert mounted_panels(app) == ["roller"]
    assert app.locator(READY).count() == 0
    expect(app.locator("#gauss-roll")).to_be_enabled()
    assert in_templates(app) == [name for name in registry.NAMES if name != "roller"]
    assert controlled(app) == ["roller"], "a tab names its panel only once that is in the document"
    app.wait_for_timeout(3000)  # past the idle timeout (2 s): nothing mounts while nobody touches the page
    assert mounted_panels(app) == ["roller"]


def test_opening_another_tab_mounts_it_and_it_works(browser: Browser, site_url: str) -> None:
    """A click on the threat tab mounts the threat panel (a first interaction: the rest follow in
    idle time, and then the page is ready)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5", watch, panel="roller")
    assert mounted_panels(page) == ["roller"]
    assert "threat" in in_templates(page)
    page.click("#tab-threat")
    page.wait_for_selector(mounted("threat"), state="attached")
    assert "threat" not in in_templates(page)
    expect(page.locator("#threat")).to_be_visible()
    expect(page.locator("#threat")).to_have_attribute("role", "tabpanel")
    assert {"roller", "threat"} <= set(controlled(page))  # (the idle mounting may have stamped more)
    expect(page.locator("#threat-title")).to_be_focused()
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


def test_a_stamped_panel_keeps_the_first_paint_and_the_preferences(browser: Browser, site_url: str) -> None:
    """Before Python (its module held back), on a phone, with English, a sub-tool and ``details`` saved:
    a deep link's panel (``#threat``) is stamped before the first paint, and one opened later
    (``#checks``) when its link is followed; each shows in English, with the saved sub-tool chosen
    and the saved ``details`` states; its sub-tool tabs work; the panels not opened stay templates."""
    watch = Watch()
    context = watched_context(browser, watch, viewport={"width": 360, "height": 740})  # sub-tool tabs show
    saved = {
        "gm.lang": "en",
        "gm.subtool": {"threat": "bag", "checks": "series"},
        "gm.open": {"threat.about": True, "checks.skill": False},
    }
    context.add_init_script(
        "".join(
            f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});" for k, v in saved.items()
        )
    )
    hold_python_back(context)
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#threat")
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.dataset.pythonMs") is None  # Python held back
    expect(page.locator("#threat")).to_be_visible()
    expect(page.locator("#roller")).to_be_hidden()
    expect(page.locator("#threat-title")).to_have_text(threat_text.TITLE.en)
    shown = re.sub(r"«[^»]*»", "", page.locator("#threat").inner_text())
    assert not CYRILLIC_OUTSIDE_QUOTES.search(shown), shown
    expect(page.locator('#threat [role=tab][data-subtool="bag"]')).to_have_attribute("aria-selected", "true")
    expect(page.locator('#threat details[data-remember="threat.about"]')).to_have_attribute("open", "")
    assert "checks" in in_templates(page)
    page.evaluate("location.hash = '#checks'")
    expect(page.locator("#checks")).to_be_visible()
    expect(page.locator("#threat")).to_be_hidden()
    expect(page.locator("#checks-title")).to_have_text(checks_text.TITLE.en)
    series = page.locator('#checks [role=tab][data-subtool="series"]')
    expect(series).to_have_attribute("aria-selected", "true")
    assert page.locator('#checks details[data-remember="checks.skill"]').get_attribute("open") is None
    median = page.locator('#checks [role=tab][data-subtool="median"]')
    median.click()
    expect(median).to_have_attribute("aria-selected", "true")
    expect(series).to_have_attribute("aria-selected", "false")
    assert page.evaluate("JSON.parse(localStorage.getItem('gm.subtool')).checks") == "median"
    assert set(in_templates(page)) == set(registry.NAMES) - {"roller", "threat", "checks"}
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
    page.goto(site_url + "index.html#rules-converter-несколько-бросков-в-одной-строке-и-повторы")
    expect(page.locator("#rules-converter-несколько-бросков-в-одной-строке-и-повторы")).to_be_in_viewport()
    wait_ready(page, "roller")
    page.goto(site_url + "index.html#roller")
    page.click("#lang-switch")  # a page stamped later comes in the language of the moment
    page.evaluate("location.hash = '#rules-threat'")
    expect(page.locator("#rules-threat a.doc-back")).to_have_text(text.RULES_BACK.en)
    context.close()
    watch.assert_clean()
