"""First paint before Python: real odds in the markup, and English at once when it was chosen."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, hold_python_back, watch_page, watched_context
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
