"""First paint before Python: real odds in the markup, and English at once when it was chosen; the
kit mounts a panel in its initial state on that paint, without writing it again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, hold_python_back, wait_ready, watch_page, watched_context
from kit.msg import pct, render
from rules import gauss

CYRILLIC_OUTSIDE_QUOTES = re.compile(r"[А-Яа-яЁё]")


def _without_python(browser: Browser, site_url: str, watch: Watch, *, english: bool) -> Page:
    """The page with PyScript held back (its module answers with nothing), so Python never starts."""
    context = watched_context(browser, watch)
    if english:
        context.add_init_script("localStorage.setItem('gm.lang', JSON.stringify('en'))")
    hold_python_back(context)
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#roller")
    page.wait_for_load_state("load")
    return page


def test_odds_table_and_chart_are_there_before_python(browser: Browser, site_url: str) -> None:
    """With Python held back, the GaussD20 table has its 20 exact rows and the chart its 20 bars."""
    watch = Watch()
    page = _without_python(browser, site_url, watch, english=False)
    rows = page.locator("#gauss-odds tr")
    expect(rows).to_have_count(20)
    dist = gauss.distribution()
    # 1 is 0,05 % exactly (three 1s and the rounding): the same figure rules.gauss computes.
    expect(rows.first).to_contain_text("0,05 %")
    assert float(dist[1] * 100) == 0.05 or round(float(dist[1] * 100), 2) == 0.05
    expect(page.locator("#gauss-chart .bar")).to_have_count(20)
    expect(page.locator("#gauss-windows tr").first).to_contain_text("22,30 %")
    assert page.evaluate("document.documentElement.dataset.ready") is None  # Python really is held back
    page.context.close()
    watch.assert_clean()


def test_english_saved_shows_english_before_python(browser: Browser, site_url: str) -> None:
    """A page whose saved language is English shows English static text and odds before Python."""
    watch = Watch()
    page = _without_python(browser, site_url, watch, english=True)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("GM's dice")
    expect(page.locator("#roller-title")).to_have_text("GaussD20 roll")
    expect(page.locator("#gauss-result")).to_have_text("No roll yet.")
    expect(page.locator("#gauss-windows tr").first).to_contain_text("22.30%")
    header = page.locator("header").inner_text().replace("Русский", "")
    roller = re.sub(r"«[^»]*»", "", page.locator("#roller").inner_text())
    assert not CYRILLIC_OUTSIDE_QUOTES.search(header), header
    assert not CYRILLIC_OUTSIDE_QUOTES.search(roller), roller
    assert page.title().startswith("GM's dice")
    page.context.close()
    watch.assert_clean()


# Tags every row, bar and list item the first paint put in a section (the roller's at
# DOMContentLoaded, every other one as it is stamped, before the kit mounts it).
TAG_PAINTED = """
const tag = (root) => { for (const node of root.querySelectorAll("tr, .bar, li")) node.gmPainted = true; };
addEventListener("DOMContentLoaded", () => tag(document));
document.addEventListener("gm-stamped", (event) => tag(event.target), true);
"""
# Per panel: the rows, bars and items it shows, and how many of them the first paint did not make.
REWRITTEN = """Object.fromEntries([...document.querySelectorAll("section.panel[id]")].map((section) => {
  const nodes = [...section.querySelectorAll("tr, .bar, li")];
  return [section.id, [nodes.length, nodes.filter((node) => !node.gmPainted).length]];
}))"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_panels_mounted_in_their_first_paint_keep_its_tables(
    browser: Browser, site_url: str, lang: str
) -> None:
    """A fresh page, every panel in its initial state: each mounts (the roller at start, the
    others in idle time after a touch) keeping the rows, bars and items its first paint made, in
    the saved language, instead of writing the same markup again (kit.prerender.painted); the
    odds it shows are the rules' own."""
    watch = Watch()
    context = watched_context(browser, watch)
    context.add_init_script(f"localStorage.setItem('gm.lang', JSON.stringify({lang!r}));" + TAG_PAINTED)
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html")
    wait_ready(page)
    shown = page.evaluate(REWRITTEN)
    assert shown["roller"][0] >= 40 and shown["checks"][0] >= 40  # their tables and charts
    assert {name: rewritten for name, (_, rewritten) in shown.items() if rewritten} == {}
    lands = gauss.exchange_odds(gauss.CombatSetup()).lands
    expect(page.locator("#chk-cmb-lands")).to_contain_text(render(pct(lands), lang))
    if lang == "en":
        checks = re.sub(r"«[^»]*»", "", page.locator("#checks").inner_text())
        assert not CYRILLIC_OUTSIDE_QUOTES.search(checks), checks
    context.close()
    watch.assert_clean()
