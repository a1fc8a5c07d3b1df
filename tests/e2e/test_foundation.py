"""Foundation: boot offline-clean, roll GaussD20 (the converter's tests: test_converter.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from e2e_support import READY, Watch, open_app, wait_ready


def test_boot_enables_controls_and_hides_loader(app: Page) -> None:
    """After boot the loader is gone and the Python-driven controls are enabled."""
    expect(app.locator("#loading")).to_be_hidden()
    expect(app.locator("#gauss-roll")).to_be_enabled()
    expect(app.locator("#convert-run")).to_be_enabled()
    expect(app.locator("#gauss-odds tr")).to_have_count(20)


def test_controls_disabled_until_python_is_ready(browser: Browser, site_url: str) -> None:
    """Before Python is ready the loader shows and the roll button is disabled."""
    context = browser.new_context()
    # Hold back the Python entry point so the page stays in its loading state.
    context.route("**/py/main.py", lambda route: None)
    page = context.new_page()
    page.goto(site_url + "index.html")
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#gauss-roll")).to_be_disabled()
    assert page.locator(READY).count() == 0
    context.close()


def test_roll_shows_three_d20_and_gauss_value(app: Page) -> None:
    """Rolling shows three d20 faces, their GaussD20 and announces the result."""
    app.goto(app.url.split("#")[0] + "#roller")
    app.click("#gauss-roll")
    result = app.locator("#gauss-result")
    expect(result).to_contain_text("GaussD20")
    faces = [int(app.locator(f"#gauss-die-{i}").inner_text()) for i in range(3)]
    assert all(1 <= face <= 20 for face in faces)
    assert int(app.locator("#gauss-value").inner_text()) == round(sum(faces) / 3)
    expect(result).to_have_attribute("aria-live", "polite")
    expect(app.locator("#gauss-chart .bar-hit")).to_have_count(1)
    expect(app.locator("#gauss-log li").first).to_contain_text(f"{faces[0]} + {faces[1]} + {faces[2]}")


def test_luck_out_of_range_is_refused(app: Page) -> None:
    """Luck outside 1..9 shows a message and leaves the odds table unchanged."""
    before = app.locator("#gauss-odds").inner_text()
    app.fill("#gauss-luck", "12")
    app.click("#gauss-roll")
    expect(app.locator("#roller .error")).to_contain_text("Удача")
    assert app.locator("#gauss-odds").inner_text() == before
    app.fill("#gauss-luck", "5")
    app.locator("#gauss-luck").dispatch_event("change")
    expect(app.locator("#roller .error")).to_be_hidden()


def test_luck_changes_odds(app: Page) -> None:
    """Luck 9 makes values 1..4 impossible in the odds table."""
    app.fill("#gauss-luck", "9")
    app.locator("#gauss-luck").dispatch_event("change")
    expect(app.locator("#gauss-odds tr").nth(3)).to_contain_text("невозможно")
    expect(app.locator("#gauss-odds tr").nth(4)).not_to_contain_text("невозможно")
    app.fill("#gauss-luck", "5")
    app.locator("#gauss-luck").dispatch_event("change")
    expect(app.locator("#gauss-odds tr").first).to_contain_text("0,05 %")


def test_off_origin_requests_are_caught(browser: Browser, site_url: str) -> None:
    """The request guard itself works: a deliberate CDN request is recorded and aborted."""
    watch = Watch()
    context, _page = open_app(browser, site_url + "index.html", watch, "roller")
    # The page's CSP already stops fetch() to other origins, so navigate a second tab instead.
    with pytest.raises(PlaywrightError):
        context.new_page().goto("https://cdn.jsdelivr.net/npm/pyodide/pyodide.mjs")
    context.close()
    assert any(re.search("jsdelivr", url) for url in watch.foreign_requests)


def test_language_switch_is_remembered(browser: Browser, site_url: str) -> None:
    """The English switch translates labels and results, and is remembered across a reload."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=1", watch, "roller")
    page.click("#lang-switch")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#gauss-roll")).to_have_text("Roll")
    expect(page.locator("h1")).to_have_text("GM's dice")
    page.fill("#gauss-luck", "7")
    page.click("#gauss-roll")
    expect(page.locator("#gauss-result")).to_contain_text("with luck 7")
    page.reload()
    wait_ready(page, "roller")
    expect(page.locator("#lang-switch")).to_have_text("Русский")
    expect(page.locator("label[for='gauss-luck']")).to_contain_text("Luck")
    page.click("#lang-switch")
    expect(page.locator("#gauss-roll")).to_have_text("Бросить")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    context.close()
    watch.assert_clean()


def test_logs_follow_the_language_switch(browser: Browser, site_url: str) -> None:
    """Log lines written in Russian read in English after the switch, and in Russian again after it."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=1#roller", watch, "roller")
    page.fill("#gauss-luck", "7")
    page.click("#gauss-roll")
    gauss_entry = page.locator("#gauss-log li").first
    expect(gauss_entry).to_contain_text("с удачей 7")
    page.click("#lang-switch")
    expect(gauss_entry).to_contain_text("with luck 7")
    page.click("#lang-switch")
    expect(gauss_entry).to_contain_text("с удачей 7")
    context.close()
    watch.assert_clean()


def test_damaged_log_notice_follows_the_language_switch(browser: Browser, site_url: str) -> None:
    """A damaged saved log is replaced with a notice, and the notice is re-worded on a switch."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#roller", watch, "roller")
    page.evaluate("""gmStorage.save('gm.panel.roller', '{"v": 1, "state": {"luck": 7}, "log": "junk"}')""")
    page.reload()
    wait_ready(page, "roller")
    notice = page.locator("#gauss-log-notice")
    expect(notice).to_contain_text("повреждён")
    expect(page.locator("#gauss-luck-note")).to_contain_text("+2")  # the rest of the record stays
    page.click("#lang-switch")
    expect(notice).to_contain_text("was damaged")
    page.click("#lang-switch")
    expect(notice).to_contain_text("повреждён")
    context.close()
    watch.assert_clean()


def test_a_damaged_record_is_dropped_with_a_notice_in_each_language(browser: Browser, site_url: str) -> None:
    """An unreadable saved panel record starts the panel afresh and says so, in both languages."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#roller", watch, "roller")
    page.evaluate(
        """gmStorage.save('gm.panel.roller', '{"v": 1, "state": {"luck": 99}, "form": {"gauss-luck": "4"}}')"""
    )
    page.reload()
    wait_ready(page, "roller")
    error = page.locator("#roller .error")
    expect(error).to_contain_text("состояние панели")
    expect(page.locator("#gauss-luck")).to_have_value("4")  # the fields stay
    page.click("#lang-switch")
    expect(error).to_contain_text("the panel's state")
    page.click("#lang-switch")
    context.close()
    watch.assert_clean()


def test_visible_panel_starts_first(browser: Browser, site_url: str) -> None:
    """The panel named in the URL is wired first and usable before the other panels finish."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#threat", watch)
    marks = page.evaluate("({...document.documentElement.dataset})")
    assert marks["firstPanel"] == "threat"
    assert float(marks["interactiveMs"]) <= float(marks["readyMs"])
    expect(page.locator("#threat button.primary").first).to_be_enabled()
    context.close()
    watch.assert_clean()


def test_out_of_range_message_follows_the_language(browser: Browser, site_url: str) -> None:
    """Input messages are shown in the page's language (here English)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html", watch, "roller")
    page.click("#lang-switch")
    page.fill("#gauss-luck", "0")
    page.click("#gauss-roll")
    expect(page.locator("#roller .error")).to_contain_text("outside the allowed range 1…9")
    page.click("#lang-switch")
    page.click("#gauss-roll")
    expect(page.locator("#roller .error")).to_contain_text("вне допустимого диапазона 1…9")
    context.close()
    watch.assert_clean()
