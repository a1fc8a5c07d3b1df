"""At the table on a phone: no sideways scrolling, main action and result in the first
viewport, 44 px targets, dark mode (system and toggle), remembered collapsible sections.

One page per width and language; every panel is checked inside it.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from e2e_support import Watch, open_app, wait_ready
from panels import registry

# Each panel's main button and the result line that answers it.
MAIN = {
    "roller": ("gauss-roll", "gauss-result"),
    "converter": ("convert-run", "convert-summary"),
    "threat": ("threat-check", "threat-result"),
    "notation": ("notation-roll", "notation-result"),
    "checks": ("chk-skill-roll", "chk-skill-result"),
    "ite": ("ite-roll", "ite-result"),
    "fudge": ("fudge-roll-dice", "fudge-dice-result"),
    "roster": ("roster-save", "roster-status"),
}

# What a user sees of one panel: page width, where the main button and result are, small targets.
# A checkbox or radio button is hit through its label too, so its target is the union of both;
# inline links inside text are exempt (WCAG 2.5.5), and so is the skip link until it is focused.
MEASURE = """([button, result]) => {
  const inView = (id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  };
  const box = (el) => {
    let r = el.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    if (el.type === 'checkbox' || el.type === 'radio') {
      for (const label of el.labels) {
        const q = label.getBoundingClientRect();
        [l, t, rt, b] = [Math.min(l, q.left), Math.min(t, q.top), Math.max(rt, q.right), Math.max(b, q.bottom)];
      }
    }
    return [rt - l, b - t];
  };
  const small = [];
  const selector = 'button, input:not([type=hidden]), select, textarea, summary, a[href]';
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility() || el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right < 0) continue;  // the skip link waits off-screen
    const panel = el.closest('.panel');
    if (panel && getComputedStyle(panel).display === 'none') continue;
    if (el.tagName === 'A' && !el.closest('nav') && getComputedStyle(el).display === 'inline') continue;
    const [w, h] = box(el);
    if (w < 43.5 || h < 43.5) small.push(`${el.tagName.toLowerCase()}#${el.id} ${Math.round(w)}x${Math.round(h)}`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth,
          button: inView(button), result: inView(result), small};
}"""


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("width", [320, 360])  # the narrowest phones: what fits them fits 414 px
def test_every_panel_fits_a_phone(browser: Browser, site_url: str, width: int, lang: str) -> None:
    """At 320 and 360 px, in both languages, every panel: no sideways scroll, its main button and result
    line in the first viewport after switching to it, every control at least 44 x 44 px."""
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?seed=3", watch, viewport={"width": width, "height": 740}
    )
    try:
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("#lang-switch")
        problems = []
        for panel, (button, result) in MAIN.items():
            page.click(f'nav.tabs a[href="#{panel}"]')
            page.wait_for_function(f"document.getElementById('{panel}').checkVisibility()")
            seen = page.evaluate(MEASURE, [button, result])
            if seen["scrollWidth"] > seen["innerWidth"]:
                problems.append(f"{panel}: page is {seen['scrollWidth']} px wide")
            if not seen["button"] or not seen["result"]:
                problems.append(f"{panel}: #{button} {seen['button']}, #{result} {seen['result']} in view")
            if seen["small"]:
                problems.append(f"{panel}: small targets {seen['small']}")
            page.click(f"#{button}")  # one action: a result must not widen the page either
            page.wait_for_timeout(200)
            after = page.evaluate(MEASURE, [button, result])
            if after["scrollWidth"] > after["innerWidth"] or not after["result"]:
                problems.append(f"{panel} after an action: {json.dumps(after)}")
        assert problems == [], f"{width} px, {lang}: " + "\n".join(problems)
    finally:
        context.close()
    watch.assert_clean()


def _theme(page: Page, expected: str | None = None) -> tuple[str, str]:
    """The theme on <html> and the page's background, once the theme is ``expected``."""
    if expected:
        page.wait_for_function(f"document.documentElement.dataset.theme === '{expected}'", timeout=5_000)
    return tuple(
        page.evaluate(
            "[document.documentElement.dataset.theme, getComputedStyle(document.documentElement).backgroundColor]"
        )
    )


# Relative luminance contrast of two computed colours (WCAG formula).
CONTRAST = """([a, b]) => {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}"""


def _colours_stay_apart(page: Page) -> None:
    """Chart bars stand out from the card, the focus ring from card and page, and the threat
    light and dark dice from each other, in the current theme."""
    page.goto(page.url.split("#")[0] + "#threat")
    colours = page.evaluate(
        """() => {
          const probe = (cls) => { const e = document.createElement('span'); e.className = cls;
            document.getElementById('threat-bag').append(e); const c = getComputedStyle(e).backgroundColor;
            e.remove(); return c; };
          const root = getComputedStyle(document.documentElement);
          const card = getComputedStyle(document.querySelector('.panel')).backgroundColor;
          const bar = document.createElement('div'); bar.className = 'bar-fill'; document.body.append(bar);
          const fill = getComputedStyle(bar).backgroundColor; bar.remove();
          const focus = document.createElement('div'); focus.style.color = root.getPropertyValue('--focus');
          document.body.append(focus); const ring = getComputedStyle(focus).color; focus.remove();
          return {card, page: getComputedStyle(document.documentElement).backgroundColor, fill, ring,
                  light: probe('chip chip-light'), dark: probe('chip chip-dark-0')};
        }"""
    )
    contrast = lambda a, b: page.evaluate(CONTRAST, [colours[a], colours[b]])  # noqa: E731
    assert contrast("fill", "card") >= 3, colours
    assert contrast("ring", "card") >= 3, colours
    assert contrast("ring", "page") >= 3, colours
    assert contrast("light", "dark") >= 3, colours


def test_dark_mode_follows_the_system_and_the_toggle(browser: Browser, site_url: str) -> None:
    """prefers-color-scheme: dark darkens the page; the header toggle overrides it and is
    remembered after a reload; «auto» follows the system again. Colours stay apart in both."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch, viewport={"width": 360, "height": 740})
    try:
        page.emulate_media(color_scheme="light")
        assert _theme(page)[0] == "light"
        _colours_stay_apart(page)
        light_background = _theme(page)[1]
        page.emulate_media(color_scheme="dark")
        assert _theme(page, "dark")[1] != light_background
        _colours_stay_apart(page)
        page.select_option("#theme-switch", "light")
        assert _theme(page) == ("light", light_background)
        page.reload()
        wait_ready(page, "threat")  # the panel _colours_stay_apart opened
        assert _theme(page) == ("light", light_background)
        assert page.input_value("#theme-switch") == "light"
        page.select_option("#theme-switch", "auto")
        _theme(page, "dark")
        page.emulate_media(color_scheme="light")
        page.select_option("#theme-switch", "dark")
        page.reload()
        wait_ready(page, "threat")
        _theme(page, "dark")
        page.select_option("#theme-switch", "auto")
    finally:
        context.close()
    watch.assert_clean()


def saved(page: Page, expected: dict[str, bool]) -> None:
    """Wait until static/prefs.js has recorded these open/closed states (before a reload)."""
    page.wait_for_function(
        """expected => { const open = JSON.parse(localStorage.getItem('gm.open') || '{}');
           return Object.entries(expected).every(([key, value]) => open[key] === value); }""",
        arg=expected,
    )


def test_collapsible_sections_remember_their_state(app: Page) -> None:
    """A sub-tool closed by the user stays closed after a reload, a «?» hint opened stays open;
    opening and closing again is remembered too."""
    app.goto(app.url.split("#")[0] + "#checks")
    median = app.locator('details[data-remember="checks.med"]')
    hint = app.locator('details[data-remember="checks.about"]')
    assert median.evaluate("d => d.open") and not hint.evaluate("d => d.open")
    median.locator("summary").click()
    hint.locator("summary").click()
    saved(app, {"checks.med": False, "checks.about": True})  # `toggle` is dispatched as a task
    app.reload()
    wait_ready(app)
    assert not median.evaluate("d => d.open")
    assert hint.evaluate("d => d.open")
    assert not app.locator("#chk-med-roll").is_visible()
    median.locator("summary").click()
    hint.locator("summary").click()
    saved(app, {"checks.med": True, "checks.about": False})
    app.reload()
    wait_ready(app)
    assert median.evaluate("d => d.open") and not hint.evaluate("d => d.open")


# On a phone a panel with sub-tools shows one at a time, chosen in its own tablist.
SCREEN = """(name) => {
  const main = [...document.querySelectorAll(`#${name} [data-main-action]`)].filter((e) => e.checkVisibility())
    .map((e) => e.getBoundingClientRect()).some((r) => r.top >= 0 && r.bottom <= innerHeight);
  const tabs = document.querySelector('nav.tabs').getBoundingClientRect();
  return {height: document.documentElement.scrollHeight, main, tabsInView: tabs.top >= 0 && tabs.bottom <= innerHeight};
}"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_phone_screen_is_short_with_its_main_action_first(
    browser: Browser, site_url: str, lang: str
) -> None:
    """At 360 × 740, for every panel and every sub-tool tab, before any action: a main action is in
    the first screen, the page is at most 3,000 px tall, and at the end of it the tool tabs are in
    view (another tool is one tap away)."""
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?seed=3", watch, viewport={"width": 360, "height": 740}
    )
    try:
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("#lang-switch")
        problems, screens = [], 0
        for panel in registry.NAMES:
            page.click(f'nav.tabs a[href="#{panel}"]')
            page.wait_for_function(f"document.getElementById('{panel}').checkVisibility()")
            tabs = page.locator(f"#{panel} .subtabs [role=tab]").all() or [None]
            for tab in tabs:
                if tab is not None:
                    tab.click()
                page.evaluate("window.scrollTo(0, 0)")
                seen = page.evaluate(SCREEN, panel)
                where = f"{panel}/{tab.get_attribute('data-subtool') if tab else '-'}"
                if not seen["main"]:
                    problems.append(f"{where}: no main action in the first screen")
                if seen["height"] > 3000:
                    problems.append(f"{where}: {seen['height']} px tall")
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                if not page.evaluate(SCREEN, panel)["tabsInView"]:
                    problems.append(f"{where}: the tool tabs are out of view at the end")
                screens += 1
        assert screens >= 20  # the multi-part panels' sub-tools were all visited
        assert problems == [], f"{lang}: " + "\n".join(problems)
    finally:
        context.close()
    watch.assert_clean()


def test_sub_tools_are_a_tablist_and_the_choice_survives_a_reload(browser: Browser, site_url: str) -> None:
    """At 360 px the FUDGE sub-tools are an ARIA tablist: one sub-tool shows; a click, the arrow
    keys, Home and End pick another; the choice is remembered per panel after a reload. At 1280 px
    every sub-tool shows and the switcher is hidden."""
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?seed=3#fudge", watch, "fudge", viewport={"width": 360, "height": 740}
    )
    try:
        tablist = page.locator("#fudge .subtabs[role=tablist]")
        assert tablist.is_visible()
        assert page.locator("#fudge-tab-dice").get_attribute("aria-selected") == "true"
        assert (
            page.locator("#fudge-roll-dice").is_visible() and not page.locator("#fudge-attack").is_visible()
        )
        page.click("#fudge-tab-attack")
        assert (
            page.locator("#fudge-attack").is_visible() and not page.locator("#fudge-roll-dice").is_visible()
        )
        assert not page.locator("#fudge-att-odds").is_visible()  # the odds are a sub-tool of their own
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.id") == "fudge-tab-odds"
        assert page.locator("#fudge-att-odds").is_visible() and page.locator("#fudge-attack").is_visible()
        page.keyboard.press("Home")
        assert page.locator("#fudge-tab-sheet").get_attribute("aria-selected") == "true"
        page.keyboard.press("End")
        assert page.locator("#fudge-tab-scale").get_attribute("aria-selected") == "true"
        page.keyboard.press("ArrowLeft")
        chosen = page.evaluate("document.activeElement.id")
        assert chosen == "fudge-tab-wounds" and page.locator("#fudge-w-take").is_visible()
        page.goto(page.url.split("#")[0] + "#checks")
        wait_ready(page, "checks")  # opened, so stamped and mounted
        page.click("#checks-tab-combat")
        page.reload()
        wait_ready(page, "checks")
        assert page.locator("#checks-tab-combat").get_attribute("aria-selected") == "true"
        assert page.locator("#chk-cmb-roll").is_visible() and not page.locator("#chk-skill-roll").is_visible()
        page.goto(page.url.split("#")[0] + "#fudge")
        wait_ready(page, "fudge")
        assert page.locator("#fudge-tab-wounds").get_attribute("aria-selected") == "true"
        assert (
            page.locator("#fudge-w-take").is_visible() and not page.locator("#fudge-roll-dice").is_visible()
        )
        page.set_viewport_size({"width": 1280, "height": 800})
        assert not tablist.is_visible()
        for button in ("fudge-roll-dice", "fudge-act-roll", "fudge-attack", "fudge-w-take"):
            assert page.locator(f"#{button}").is_visible(), button
    finally:
        context.close()
    watch.assert_clean()
