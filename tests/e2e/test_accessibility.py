"""Accessibility and phone layout: axe on every panel, no horizontal scroll at 360 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e_support import Watch, open_app, wait_ready
from panels import registry

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PANELS = registry.NAMES


def run_axe(page: Page) -> list[str]:
    """axe-core (vendored from npm for tests only) on the visible page; returns violation summaries."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        "axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
    ]


@pytest.mark.parametrize("panel", PANELS)
def test_axe_finds_no_violations(app: Page, panel: str) -> None:
    """axe-core reports no WCAG 2.1 A/AA or best-practice violations on the panel."""
    app.goto(app.url.split("#")[0] + f"#{panel}")
    assert run_axe(app) == []


def test_axe_detects_a_planted_violation(app: Page) -> None:
    """The axe check is live: an unlabelled input added on purpose is reported."""
    app.evaluate(
        "const i = document.createElement('input'); i.id = 'planted'; (document.querySelector('.panel:target') || document.querySelector('.panel')).append(i)"
    )
    try:
        assert any(v.startswith("label") for v in run_axe(app))
    finally:
        app.evaluate("document.getElementById('planted').remove()")


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str):
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?seed=5", watch, viewport={"width": 360, "height": 740}
    )
    yield page
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("panel", PANELS)
def test_no_horizontal_scroll_at_360px(phone: Page, panel: str, lang: str, tmp_path: Path) -> None:
    """At 360 px every panel fits the width in both languages (no horizontal scrolling)."""
    phone.goto(phone.url.split("#")[0] + f"#{panel}")
    wait_ready(phone)
    if phone.evaluate("document.documentElement.lang") != lang:
        phone.click("#lang-switch")
    phone.evaluate("document.querySelector('.panel:target button.primary')?.click()")
    width = phone.evaluate("document.documentElement.scrollWidth")
    phone.screenshot(path=str(tmp_path / f"{panel}-{lang}-360.png"), full_page=True)
    assert width <= 360, f"#{panel} is {width} px wide in {lang}"


# Each theme once and each width once (the four pairs were among the slowest e2e tests; the colours
# axe checks do not depend on the width, and the layout it checks hardly on the theme).
@pytest.mark.parametrize(("width", "theme"), [(360, "dark"), (1280, "light")])
def test_axe_after_an_action_in_both_themes(browser: Browser, site_url: str, width: int, theme: str) -> None:
    """axe-core finds nothing on any panel after its main action, in the light and the dark theme,
    at phone and desktop width."""
    watch = Watch()
    context, page = open_app(
        browser,
        site_url + "index.html?seed=9",
        watch,
        viewport={"width": width, "height": 800},
        color_scheme=theme,
    )
    try:
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        found = {}
        for panel in PANELS:
            page.click(f'nav.tabs a[href="#{panel}"]')
            page.evaluate(f"document.querySelector('#{panel} button.primary').click()")
            page.wait_for_timeout(300)
            violations = run_axe(page)
            if violations:
                found[panel] = violations
        assert found == {}
    finally:
        context.close()
    watch.assert_clean()
