"""Hostile or unlucky input gets a clear message in the page's language and changes nothing else:
junk in optional fields, a 4,301-digit roll line, a 41-fold product, «d-1»; no console error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app

GOOD = "Результат броска 3D20: 4 + 6 + 2 = 12."


@pytest.fixture
def english(browser: Browser, site_url: str) -> Iterator[Page]:
    """A page switched to English (the messages below must follow it)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=11", watch)
    page.click("#lang-switch")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    yield page
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("junk", ["-", "1e309", "abc"])
def test_junk_defence_roll_is_refused_not_rolled(english: Page, junk: str) -> None:
    """«Бросок защиты» with junk: an English message, and no attack is rolled or logged."""
    page = english
    page.goto(page.url.split("#")[0] + "#checks")
    entries = page.locator("#chk-log li").count()
    page.fill("#chk-opp-droll", junk)
    page.click("#chk-opp-roll")
    error = page.locator("#chk-opp-title").locator("xpath=ancestor::section[1]").locator(".error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("leave the field empty")
    expect(page.locator("#chk-log li")).to_have_count(entries)
    page.fill("#chk-opp-droll", "")
    page.click("#chk-opp-roll")
    expect(error).to_be_hidden()
    expect(page.locator("#chk-log li")).to_have_count(entries + 1)


def test_a_4301_digit_line_is_flagged_alone(english: Page) -> None:
    """A roll line with a 4,301-digit total is flagged on its own line; the others convert."""
    page = english
    page.goto(page.url.split("#")[0] + "#converter")
    huge = "Результат броска 3D20: 4 + 6 + 2 = " + "9" * 4301 + "."
    page.evaluate(
        "text => { const box = document.getElementById('convert-input'); box.value = text;"
        " box.dispatchEvent(new Event('input', {bubbles: true})); }",
        "\n".join([GOOD, huge, GOOD]),
    )
    page.click("#convert-run")
    output = page.input_value("#convert-output").splitlines()
    assert output[0] == output[2] == "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4"
    assert output[1].endswith(": неверный бросок. Невозможно конвертирование.")  # the forum's own format
    expect(page.locator("#convert-summary")).to_contain_text("2")
    reasons = page.locator("#convert-reasons li")
    expect(reasons).to_have_count(1)
    expect(reasons.first).to_contain_text("Line 2")


def test_huge_product_and_d_minus_one_in_english(english: Page) -> None:
    """999999999 multiplied 41 times shows in scientific notation; «d-1» says what is missing, in English."""
    page = english
    page.goto(page.url.split("#")[0] + "#notation")
    page.fill("#notation-expr", "*".join(["999999999"] * 41))
    page.click("#notation-odds")
    expect(page.locator("#notation .error").first).to_be_hidden()
    expect(page.locator("#notation")).to_contain_text("·10")
    page.fill("#notation-expr", "d-1")
    page.click("#notation-odds")
    error = page.locator("#notation .error").first
    expect(error).to_be_visible()
    expect(error).to_contain_text("expected the number of sides")
    expect(error).not_to_contain_text("unknown name")
