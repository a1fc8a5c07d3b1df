"""Navigation: ARIA tabs with arrow keys, focus on the panel heading, the last tab
reopened after a reload, Enter in a field runs the section's main action, the rules pages
rendered in the page, and the print sheet without controls."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_accessibility import run_axe

from e2e_support import wait_ready


def active_id(page: Page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def focus_on(page: Page, element_id: str) -> None:
    page.wait_for_function(f"document.activeElement && document.activeElement.id === {element_id!r}")


def base(page: Page) -> str:
    return page.url.split("#")[0]


def test_tabs_keyboard_focus_and_last_tab(app: Page) -> None:
    """Tabs are an ARIA tablist; a click moves focus to the panel heading; arrows/Home/End move
    between tabs (focus stays on the tab); a reload without a #fragment reopens the last tab; a
    damaged saved tab is ignored."""
    page = app
    expect(page.locator("nav.tabs > [role=tablist]")).to_have_attribute("aria-label", "Инструменты")
    expect(page.locator("#tab-roller")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#ite")).to_have_attribute("role", "tabpanel")
    page.click("#tab-ite")
    expect(page.locator("#ite")).to_be_visible()
    focus_on(page, "ite-title")
    expect(page.locator("#tab-ite")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#tab-ite")).to_have_attribute("tabindex", "0")
    expect(page.locator("#tab-roller")).to_have_attribute("tabindex", "-1")

    page.focus("#tab-ite")
    page.keyboard.press("ArrowRight")
    focus_on(page, "tab-fudge")
    expect(page.locator("#fudge")).to_be_visible()
    expect(page.locator("#tab-fudge")).to_have_attribute("aria-selected", "true")
    page.wait_for_timeout(100)
    assert active_id(page) == "tab-fudge"  # the arrow does not throw focus into the panel
    page.keyboard.press("Home")
    expect(page.locator("#roller")).to_be_visible()
    focus_on(page, "tab-roller")
    page.keyboard.press("ArrowLeft")
    focus_on(page, str(page.locator("nav.tabs a").last.get_attribute("id")))
    page.focus("#tab-converter")
    page.keyboard.press("Enter")  # the link opens its panel: focus to the heading
    expect(page.locator("#converter")).to_be_visible()
    focus_on(page, "converter-title")

    page.click("#tab-threat")
    page.goto(base(page))  # no #fragment: the last tab comes back
    wait_ready(page)
    expect(page.locator("#threat")).to_be_visible()
    expect(page.locator("#roller")).to_be_hidden()
    expect(page.locator("#tab-threat")).to_have_attribute("aria-selected", "true")
    assert page.evaluate("document.documentElement.dataset.firstPanel") == "threat"

    page.evaluate("localStorage.setItem('gm.tab', JSON.stringify('x\"]<b>'))")
    page.goto(base(page))
    wait_ready(page)
    expect(page.locator("#roller")).to_be_visible()


def test_enter_runs_the_main_action(app: Page) -> None:
    """Enter in a number field commits it and runs its section's main action once (the roller's
    roll with the new luck; the threat panel's «Записать» in its own box); Enter in a field whose
    box has no main action only commits it; a textarea keeps Enter."""
    page = app
    page.goto(base(page) + "#roller")
    before = page.locator("#gauss-log li").count()
    first_row = page.locator("#gauss-odds tr").first.inner_text()
    page.fill("#gauss-luck", "9")
    page.press("#gauss-luck", "Enter")
    expect(page.locator("#gauss-log li")).to_have_count(before + 1)
    expect(page.locator("#gauss-odds tr").first).not_to_have_text(first_row)  # the new luck's odds
    assert active_id(page) == "gauss-luck"
    page.locator("#gauss-luck").blur()
    page.wait_for_timeout(100)
    expect(page.locator("#gauss-log li")).to_have_count(before + 1)  # the blur runs nothing again

    page.goto(base(page) + "#threat")
    page.fill("#threat-rec-number", "17")
    page.press("#threat-rec-number", "Enter")
    expect(page.locator("#threat-result")).to_contain_text("17")
    dark = page.input_value("#threat-dark")
    result = page.locator("#threat-result").inner_text()
    page.fill("#threat-dark", "2" if dark != "2" else "3")
    page.press("#threat-dark", "Enter")
    expect(page.locator("#threat-dark-range")).to_have_value(page.input_value("#threat-dark"))
    expect(page.locator("#threat-result")).to_have_text(result)  # no check was rolled

    page.goto(base(page) + "#converter")
    page.fill("#convert-input", "a")
    page.press("#convert-input", "Enter")  # a textarea keeps Enter as a new line
    assert page.input_value("#convert-input") == "a\n"
    expect(page.locator("#convert-summary")).to_have_text("")


def test_rules_pages_and_print(app: Page) -> None:
    """A panel's rules link opens the rendered document in the page (headings, tables, no raw
    Markdown, no axe violations), focus on its title; its back link returns to the panel; the print sheet hides the
    page's chrome and controls but keeps the odds table and chart."""
    page = app
    page.goto(base(page) + "#checks")
    link = page.locator("#checks .rules-link a").bounding_box()
    assert link is not None and link["height"] >= 44 and link["width"] >= 44  # a control, not a 16 px link
    page.click("#checks .rules-link a")
    doc = page.locator("#rules-gauss")
    expect(doc).to_be_visible()
    expect(page.locator("#checks")).to_be_hidden()
    focus_on(page, "rules-gauss-title")
    text = doc.inner_text()
    assert "## " not in text and "**" not in text and "](" not in text
    assert text.count("Что говорит правило.") >= 5 and "What the rule says" not in text  # the page's language
    assert "tests/" not in text and "py/" not in text  # developer notes stay in the docs
    assert run_axe(page) == []
    page.click("#rules-gauss a.doc-back")
    expect(page.locator("#checks")).to_be_visible()
    page.goto(base(page) + "#converter")
    page.click("#converter .rules-link a")
    expect(page.locator("#rules-converter")).to_be_visible()
    page.click("#lang-switch")  # the same page in English
    expect(page.locator("#rules-converter article[lang=en]")).to_be_visible()
    expect(page.locator("#rules-converter article[lang=ru]")).to_be_hidden()
    expect(page.locator("#rules-converter-title")).to_have_text(
        "Forum 3D20 → GaussD20 converter (seed 000)", use_inner_text=True
    )
    page.click("#lang-switch")

    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input, select, textarea, button')].filter(e =>
            !e.closest('[hidden]') && !(e.labels && [...e.labels].some(l => l.textContent.trim()))
            && !(e.getAttribute('aria-label') || '').trim() && !e.getAttribute('aria-labelledby')
            && !(e.tagName === 'BUTTON' && e.textContent.trim())).map(e => e.id)"""
    )
    assert unlabelled == []  # every control has a visible or aria label

    page.goto(base(page) + "#roller")
    page.emulate_media(media="print")
    try:
        for hidden in ("nav.tabs", "header", "#gauss-roll", "#gauss-luck", ".rules-link >> nth=0"):
            expect(page.locator(hidden)).to_be_hidden()
        expect(page.locator("#gauss-odds tr").first).to_be_visible()
        expect(page.locator("#gauss-chart")).to_be_visible()
        pdf = page.pdf(format="A4")
        assert pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page\r") + pdf.count(b"/Type/Page") <= 2
    finally:
        page.emulate_media(media="screen")
