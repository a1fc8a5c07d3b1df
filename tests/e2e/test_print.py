"""The print sheet: nothing empty prints (no heading over nothing, no frame of controls
only), the sheet is dark on light in both themes, and a panel with a closed sub-tool still prints."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app

# The visible headings and frames whose box holds nothing else that prints (a text, a table, a chart).
EMPTY = """() => {
  const shown = e => { const s = getComputedStyle(e), r = e.getBoundingClientRect();
    return s.display !== 'none' && s.visibility !== 'hidden' && (r.width > 0 || r.height > 0); };
  const prints = (box, skip) => [...box.querySelectorAll('*')].some(e => !skip.contains(e) && shown(e) &&
    ((!e.children.length && e.textContent.trim()) || ['TABLE', 'svg', 'CANVAS'].includes(e.tagName)));
  const out = [];
  for (const h of document.querySelectorAll('section.panel h3, section.panel legend, section.panel summary')) {
    if (!shown(h)) continue;
    const box = h.tagName === 'SUMMARY' ? h.parentElement : h.tagName === 'H3' && h.parentElement.tagName === 'SUMMARY'
      ? h.parentElement.parentElement : h.parentElement;
    if (!prints(box, h.tagName === 'H3' && h.parentElement.tagName === 'SUMMARY' ? h.parentElement : h))
      out.push(h.tagName + ' ' + h.textContent.trim());
  }
  return out;
}"""
COLOURS = """() => [document.body, document.querySelector('section.panel:not([hidden])')].map(e => {
  const s = getComputedStyle(e); return [s.color, s.backgroundColor]; })"""


def luminance(css: str) -> float:
    """Relative luminance of ``rgb(r, g, b)`` (WCAG)."""
    channels = [int(part) / 255 for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def printed(page: Page, panel: str) -> list[str]:
    page.goto(page.url.split("#")[0] + f"#{panel}")
    page.emulate_media(media="print")
    try:
        empty = page.evaluate(EMPTY)
        for ink, paper in page.evaluate(COLOURS):
            if paper != "rgba(0, 0, 0, 0)":
                assert luminance(paper) > 0.9, (panel, paper)
            assert luminance(ink) < 0.05, (panel, ink)
        return empty
    finally:
        page.emulate_media(media="screen")


def test_print_has_nothing_empty_and_is_dark_on_light(browser: Browser, site_url: str) -> None:
    """In the dark theme, after a threat check (screen down) and a roll: the print of the threat,
    checks and FUDGE panels has no heading or frame over nothing (the threat journal's «Журнал»,
    the checks' combat frames of inputs), its text is dark on a light sheet, and FUDGE (whose
    builder is a closed sub-tool) prints its dice table."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=4#threat", watch, color_scheme="dark")
    page.select_option("#theme-switch", "dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.uncheck("#threat-screen")
    page.click("#threat-check")
    expect(page.locator("#threat-journal li")).to_have_count(1)
    assert printed(page, "threat") == []
    assert printed(page, "checks") == []
    page.goto(page.url.split("#")[0] + "#fudge")
    page.click("#fudge-roll-dice")
    assert printed(page, "fudge") == []
    page.emulate_media(media="print")
    expect(page.locator("#fudge-dice-table")).to_be_visible()
    expect(page.locator("#threat-journal")).to_be_hidden()
    page.emulate_media(media="screen")
    context.close()
    watch.assert_clean()
