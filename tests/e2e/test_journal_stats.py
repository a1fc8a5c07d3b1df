"""The journal's statistics and the forum's dice in the browser: typed-in dice that are too good
are called suspicious, the page's own dice are not, and a converted forum log is tested too."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from e2e_support import wait_ready

PANEL = "roller"  # the module's page opens on the roller (conftest.app)

TYPED_ROLLS = 20  # of three d20 each: 60 faces, all 20
PAGE_ROLLS = 600
WORKER_MS = 120_000  # the compute worker starts its own Python for the count (slow on a loaded machine)
COUNT_WRITES = """() => { const write = gmJournalDb.writeEntries; globalThis.journalTransactions = 0;
  gmJournalDb.writeEntries = (...args) => { globalThis.journalTransactions += 1; return write(...args); }; }"""
CLICKS = "n => { const b = document.getElementById('gauss-roll'); for (let i = 0; i < n; i++) b.click(); }"


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")
    wait_ready(app, panel)


def _statistics(app: Page) -> None:
    _open(app, "journal")
    app.click("#journal-tab-stats")
    expect(app.locator("#journal-stats-run")).to_be_visible()
    app.click("#journal-stats-run")


def test_sixty_typed_twenties_are_suspicious(app: Page) -> None:
    for _ in range(TYPED_ROLLS):
        app.fill("#gauss-roll-table", "20 20 20")
        app.click("#gauss-roll")
        expect(app.locator("#gauss-roll-table")).to_have_value("")
    _statistics(app)
    verdict = app.locator("#journal-stats-hand-d20 .fairness-verdict")
    expect(verdict).to_have_attribute("data-verdict", "suspicious")
    expect(verdict).to_contain_text("d20 со стола, бросков: 60 — подозрительно")
    expect(app.locator("#journal-stats-hand-d20 .fairness-chart rect")).to_have_count(20)  # a bar per face
    expect(app.locator("#journal-stats-result")).to_contain_text("Бросков с данными: 20")

    # outcome counts against their exact expectation: 20 × P(GaussD20 = 10 | luck 5) = 2.23 for a
    # 10 that never came, 20 × P(20) = 0.01 for the twenty that came every time
    def row(value: int) -> Locator:
        first = app.locator(":is(td, th):first-child", has_text=re.compile(f"^{value}$"))
        return app.locator("#journal-stats .stats-more tr").filter(has=first)

    expect(row(10)).to_contain_text("2,2")
    expect(row(20)).to_contain_text("0,0")
    expect(app.locator("#journal-stats")).not_to_contain_text("«—»")
    app.click("#lang-switch")
    expect(verdict).to_contain_text("d20 from the table, rolls: 60 — suspicious")
    app.click("#lang-switch")


def test_the_page_s_own_six_hundred_rolls_are_not_suspicious(app: Page) -> None:
    """After 600 of the page's own rolls (written to disk a burst at a time) the page holds only the
    journal's newest entries: the statistics ask to be counted again, and the compute worker counts
    all 620 from the store; the page's d20 (1,800 faces) is fair, the typed twenties stay
    suspicious."""
    _open(app, "roller")
    app.evaluate(COUNT_WRITES)
    app.evaluate(CLICKS, PAGE_ROLLS)
    app.evaluate("gmStorage.settled()")
    # a burst of rolls goes to disk in a few transactions, not one each (static/storage.js)
    assert 1 <= app.evaluate("globalThis.journalTransactions") <= PAGE_ROLLS // 10
    _open(app, "journal")
    app.click("#journal-tab-stats")
    expect(app.locator("#journal-stats-status")).to_contain_text("нажмите «Посчитать»")
    app.click("#journal-stats-run")
    expect(app.locator("#journal-stats-result")).to_contain_text(
        f"Бросков с данными: {PAGE_ROLLS + TYPED_ROLLS}", timeout=WORKER_MS
    )
    page_dice = app.locator("#journal-stats-page-d20 .fairness-verdict")
    expect(page_dice).to_contain_text(f"бросков: {3 * PAGE_ROLLS:,}".replace(",", " "))
    assert page_dice.get_attribute("data-verdict") in ("fine", "look")
    expect(app.locator("#journal-stats-hand-d20 .fairness-verdict")).to_have_attribute(
        "data-verdict", "suspicious"
    )
    # luck: no roll named a character, so one line, for rolls of no character
    expect(app.locator("#journal-stats .stats-luck")).to_have_count(1)
    expect(app.locator("#journal-stats .stats-luck")).to_contain_text("без персонажа")


def test_the_converter_tests_the_forum_s_dice(app: Page) -> None:
    _open(app, "converter")
    log = "\n".join(["Результат броска 3D20: 20 + 20 + 20 = 60."] * 20)
    app.fill("#convert-input", log)
    app.click("#convert-run")
    fairness = app.locator("#convert-fairness")
    expect(fairness).to_be_visible()
    expect(fairness.locator("#convert-fairness-faces .fairness-verdict")).to_have_attribute(
        "data-verdict", "suspicious"
    )
    expect(fairness.locator("#convert-fairness-sums .fairness-verdict")).to_have_attribute(
        "data-verdict", "suspicious"
    )
    app.fill("#convert-input", "без бросков")
    app.click("#convert-run")
    expect(fairness).to_be_hidden()
