"""The players' screen in one browser context: the GM's page, the players' window it opens
(./#players) and a third page that records every message on the channel ``gm-players``.

Rolls made on the GM's page show in the players' window (waited for, no duration asserted); a
threat draw behind the screen shows only «Мастер бросил за ширмой», and no message ever holds its
dice, its sentences or a threshold; a reveal shows it; the curtain hides everything; a reload of
either window picks up where it was. The players' window runs no Python and has no controls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e_support import Watch, wait_ready, watch_page, watched_context
from panels.audience import text

BEHIND = text.BEHIND_SCREEN.ru
SEEN = 15_000  # ms to wait for the players' window to show what the GM did (a loaded machine)
RECORDER = """() => {
  window.heard = [];
  new BroadcastChannel("gm-players").onmessage = (event) => window.heard.push(event.data);
}"""


@pytest.fixture(scope="module")
def table(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Page, Page, Watch]]:
    """A GM's page with every panel mounted, and the recorder listening before anything is sent."""
    watch = Watch()
    context = watched_context(browser, watch, viewport={"width": 1280, "height": 900})
    recorder = context.new_page()
    recorder.goto(site_url + "manifest.webmanifest")
    recorder.evaluate(RECORDER)
    gm = watch_page(context.new_page(), watch)
    gm.goto(site_url + "index.html?seed=20261129#roller")
    wait_ready(gm)
    yield context, gm, recorder, watch
    context.close()
    watch.assert_clean()


def _open(gm: Page, panel: str) -> None:
    gm.goto(gm.url.split("#")[0] + f"#{panel}")
    wait_ready(gm, panel)


def _heard(recorder: Page) -> list[dict[str, Any]]:
    """Every message shown so far, as the channel carried it."""
    return [m["message"] for m in recorder.evaluate("() => window.heard") if m.get("kind") == "show"]


def _journal(gm: Page) -> list[dict[str, Any]]:
    """The journal's entries as saved (one record each), newest first."""
    gm.evaluate("gmStorage.settled()")
    return gm.evaluate("gmStorage.journalEntries()")


def test_the_players_window_follows_the_gm_and_never_holds_a_secret(
    table: tuple[BrowserContext, Page, Page, Watch],
) -> None:
    context, gm, recorder, watch = table
    _open(gm, "audience")
    gm.select_option("#audience-bag", "dark")
    with context.expect_page() as opened:
        gm.click("#players-open")
    players = watch_page(opened.value, watch)
    view = players.locator("#players-view")
    expect(view.locator(".pv-empty")).to_have_text(text.NOTHING_YET.ru, timeout=SEEN)
    assert players.evaluate("() => document.querySelector('script[type=\"py\"]') === null")
    assert players.evaluate("() => !document.documentElement.dataset.pythonBoot")
    assert players.locator("#players button, #players input, #players select, #players a").count() == 0
    assert players.locator("header, nav.tabs, #roller").evaluate_all("els => els.every(e => !e.offsetParent)")

    # A GaussD20 roll.
    _open(gm, "roller")
    gm.click("#gauss-roll")
    expect(gm.locator("#gauss-value")).not_to_have_text("")
    expect(view.locator(".pv-value")).to_have_text(gm.locator("#gauss-value").inner_text(), timeout=SEEN)
    expect(view.locator(".pv-head")).to_contain_text("GaussD20")

    # A skill check (dice from the table: a success).
    _open(gm, "checks")
    gm.fill("#chk-skill-roll-table", "17 5 2")
    gm.click("#chk-skill-roll")
    expect(view.locator(".pv-head")).to_contain_text(text.RULES["gauss.skill"].ru, timeout=SEEN)
    expect(view.locator(".pv-value")).to_have_text("успешное выполнение")

    # A threat draw in the open (screen mode off), then one behind the screen.
    _open(gm, "threat")
    gm.uncheck("#threat-screen")
    gm.click("#threat-check")
    expect(view.locator(".pv-head")).to_contain_text(text.RULES["threat.check"].ru, timeout=SEEN)
    expect(view.locator(".pv-bag-row")).to_have_text(re.compile(r"^Тёмных кубов: \d+$"))
    before = _heard(recorder)[-1]
    gm.check("#threat-screen")
    gm.click("#threat-check")
    expect(view.locator(".pv-lines li").first).to_contain_text(BEHIND, timeout=SEEN)
    secret = _journal(gm)[0]
    assert secret["panel"] == "threat" and secret["hidden"] and not secret["revealed"]
    after = _heard(recorder)[-1]
    hidden = {"time": secret["time"][11:16], "text": BEHIND}
    assert after["lines"][0] == hidden, "the hidden draw is one fixed line and its minute"
    assert after["last"] == before["last"], "the big result is still the last public one"
    assert after["lines"][1:] == before.get("lines", [])[: len(after["lines"]) - 1]
    assert {k: v for k, v in after.items() if k != "lines"} == {
        k: v for k, v in before.items() if k != "lines"
    }

    # A reveal shows its result.
    _open(gm, "journal")
    gm.click("#journal-list li[data-hidden] .journal-reveal")
    expect(view.locator(".pv-lines li", has_text=BEHIND)).to_have_count(0, timeout=SEEN)
    kept = str(secret["roll"]["total"])
    expect(view.locator(".pv-text")).to_contain_text(kept)

    # Nothing on the channel held a secret: the hidden draw's sentences or «зачем», a threshold.
    heard = json.dumps(recorder.evaluate("() => window.heard"), ensure_ascii=False)
    for leaked in (secret["ru"], secret["en"], secret["public_ru"], secret["public_en"]):
        assert leaked not in heard
    assert not re.search(r"порог|threshold|T₀|\bT \d", heard, re.IGNORECASE)
    for message in _heard(recorder):
        assert set(message) <= {
            "v",
            "lang",
            "title",
            "curtain",
            "last_title",
            "last",
            "empty",
            "lines_title",
            "lines",
            "bag",
        }
        if "bag" in message:
            assert all(re.fullmatch(r"Тёмных кубов: \d+", row) for row in message["bag"]["rows"])


def test_the_curtain_hides_everything_and_a_reload_of_either_window_picks_up(
    table: tuple[BrowserContext, Page, Page, Watch],
) -> None:
    context, gm, recorder, _ = table
    players = next(p for p in context.pages if p.url.endswith("#players"))
    view = players.locator("#players-view")
    expect(view.locator(".pv-value")).not_to_have_text("", timeout=SEEN)
    _open(gm, "audience")
    gm.click("#audience-curtain")
    expect(view).to_have_text(text.CURTAIN_SHOWN.ru, timeout=SEEN)
    assert set(_heard(recorder)[-1]) == {"v", "lang", "title", "curtain"}

    players.reload()
    expect(players.locator("#players-view")).to_have_text(text.CURTAIN_SHOWN.ru, timeout=SEEN)
    gm.click("#audience-curtain")
    expect(view.locator(".pv-value")).not_to_have_text("", timeout=SEEN)
    shown = view.text_content() or ""

    gm.reload()
    wait_ready(gm, "audience")
    expect(view).to_have_text(shown)  # still there while the GM's page starts again
    gm.select_option("#audience-lang", "en")
    expect(view.locator(".pv-caption").first).to_have_text(text.LAST.en, timeout=SEEN)
    assert players.evaluate("() => document.documentElement.lang") == "en"
    _open(gm, "roller")
    gm.click("#gauss-roll")
    expect(gm.locator("#gauss-value")).not_to_have_text("")
    value = gm.locator("#gauss-value").inner_text()
    expect(view.locator(".pv-value")).to_have_text(value, timeout=SEEN)
    players.reload()
    expect(players.locator("#players-view .pv-value")).to_have_text(value, timeout=SEEN)
