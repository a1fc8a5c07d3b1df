"""Every panel follows a language switch: after an action and a bad input, English shows no Russian
(outside «…», where seed terms keep their Russian), no stale text, and Russian comes back."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app

CYRILLIC = re.compile("[А-Яа-яЁё]")


def _russian_outside_quotes(text: str) -> list[str]:
    unquoted = re.sub(r"«[^»]*»", "", text)
    return [line for line in unquoted.splitlines() if CYRILLIC.search(line)]


@dataclass(frozen=True)
class Script:
    """What to do in a panel: one action, then one bad input whose message must show."""

    action: Callable[[Page], None]
    bad_input: Callable[[Page], None]
    russian_marker: str  # shown in Russian after the action, and again after the reverse switch


def _roller_action(page: Page) -> None:
    page.fill("#gauss-luck", "7")
    page.click("#gauss-roll")


def _roller_bad(page: Page) -> None:
    page.fill("#gauss-luck", "0")
    page.click("#gauss-roll")


SCRIPTS: dict[str, Script] = {
    "roller": Script(_roller_action, _roller_bad, "с удачей 7"),
}


@pytest.mark.parametrize("panel", sorted(SCRIPTS))
def test_panel_follows_the_language_switch(browser: Browser, site_url: str, panel: str) -> None:
    """Action, bad input, switch to English: no Russian outside «…»; switch back: Russian again."""
    script = SCRIPTS[panel]
    watch = Watch()
    context, page = open_app(browser, site_url + f"index.html?seed=5#{panel}", watch, panel)
    section = page.locator(f"#{panel}")
    script.action(page)
    script.bad_input(page)
    error = section.locator(".error:visible").first
    expect(error).not_to_be_empty()
    russian_error = error.inner_text()
    page.click("#lang-switch")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(error).not_to_have_text(russian_error)
    stray = _russian_outside_quotes(section.inner_text())
    assert stray == [], f"Russian left in the English {panel} panel: {stray}"
    page.click("#lang-switch")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(error).to_have_text(russian_error)
    expect(section).to_contain_text(script.russian_marker)
    context.close()
    watch.assert_clean()
