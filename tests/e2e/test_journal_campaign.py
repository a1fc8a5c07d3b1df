"""The journal as a campaign-long store: a year of entries imported from a v2 file without
freezing the page, kept across a reload with the next roll, and still filtered, searched and
paged; evenings split the filter, whether a pause or «Новый вечер» started them."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, campaign_file, open_app, wait_ready

YEAR = 100_000  # entries: a year of weekly games at ~2,000 a night
NIGHTS = 52
IMPORT_TIMEOUT_MS = 600_000  # the shared machine: a 100,000-entry import takes 10–60 s, more under load


def _at(page: Page, panel: str) -> None:
    page.goto(page.url.split("#")[0] + f"#{panel}")
    wait_ready(page, panel)


def _count(page: Page) -> int:
    return page.evaluate("gmStorage.journalCount()")


def _long_tasks(page: Page) -> list[int]:
    return page.evaluate("window.longTasks")


def test_a_year_of_entries_imports_and_survives_a_reload_and_a_roll(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """A 100,000-entry v2 file imports with its progress on screen and no frozen page; after a
    reload and a roll the journal keeps 100,001 entries; the panel shows its newest at once, and
    the filters, the search and «Показать ещё» answer from the whole journal."""
    upload = campaign_file(tmp_path / "campaign.json", YEAR, NIGHTS)
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=41#roller", watch, "roller")
    page.click("#gauss-roll")  # the GM's own roll, before the import
    _at(page, "journal")
    page.evaluate(LONG_TASKS)
    page.evaluate(
        """() => {
          window.importSaid = [];
          new MutationObserver(() => window.importSaid.push(document.getElementById('journal-import-status').textContent))
            .observe(document.getElementById('journal-import-status'), {childList: true, subtree: true, characterData: true});
        }"""
    )
    page.set_input_files("#journal-import", str(upload))
    status = page.locator("#journal-import-status")
    expect(status).to_contain_text(f"новых записей — {YEAR}", timeout=IMPORT_TIMEOUT_MS)
    said = page.evaluate("window.importSaid")
    assert any("записано" in line for line in said), f"the progress was shown: {said[:5]}"
    assert [t for t in _long_tasks(page) if t >= FREEZE_MS] == [], "no task froze the page"
    expect(page.locator("#journal-import-undo")).to_be_visible()
    assert _count(page) == YEAR + 1
    expect(page.locator("#journal-count")).to_contain_text(f"из {YEAR + 1}", timeout=120_000)

    page.reload()
    wait_ready(page, "journal")
    _at(page, "roller")
    page.click("#gauss-roll")
    page.evaluate("gmStorage.settled()")
    assert _count(page) == YEAR + 2  # the year, the roll before it, and this one
    short = page.locator("#gauss-log li")  # the roller's 20 newest: the GM's two, then the year's
    expect(short).to_have_count(20)
    expect(short.nth(2)).to_contain_text("Бросок 99999:")
    assert "Бросок 9" not in short.nth(1).inner_text()

    _at(page, "journal")
    page.evaluate(LONG_TASKS)
    items = page.locator("#journal-list li")
    expect(items).to_have_count(100)
    assert items.first.get_attribute("data-panel") == "roller", "the newest entry is the roll just made"
    expect(page.locator("#journal-count")).to_contain_text(
        f"Записей: {YEAR + 2} из {YEAR + 2}", timeout=120_000
    )
    page.select_option("#journal-panel", "checks")
    expect(page.locator("#journal-count")).to_contain_text(f"Записей: {YEAR // 3} из {YEAR + 2}")
    expect(items).to_have_count(100)
    assert {items.nth(i).get_attribute("data-panel") for i in range(100)} == {"checks"}
    page.click("#journal-more")
    expect(items).to_have_count(200)
    page.select_option("#journal-panel", "")
    page.fill("#journal-search", "бросок 4242:")
    page.press("#journal-search", "Enter")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Бросок 4242:")
    page.fill("#journal-search", "")
    page.press("#journal-search", "Enter")
    evenings = page.locator("#journal-evening option")
    expect(evenings).to_have_count(NIGHTS + 2)  # «все вечера», the year's nights, and tonight
    page.select_option("#journal-evening", "2025-01-07T18:00:00")
    night = YEAR // NIGHTS + 1
    expect(page.locator("#journal-count")).to_contain_text(f"Записей: {night} из")
    with page.expect_download(timeout=IMPORT_TIMEOUT_MS) as info:  # the compute worker reads the store
        page.click("#journal-export-csv")
    csv = Path(info.value.path()).read_text(encoding="utf-8-sig").strip().splitlines()
    assert len(csv) == night + 1 and "07.01.2025" in csv[1]
    assert [t for t in _long_tasks(page) if t >= FREEZE_MS] == [], "no task froze the page"
    context.close()
    watch.assert_clean()


def test_an_evening_boundary_splits_the_filter(browser: Browser, site_url: str) -> None:
    """Two rolls, then a pause of seven hours (the page's clock moved on), then a roll: two
    evenings, and filtering by each shows its own; «Новый вечер» starts a third one at once."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7#roller", watch, "roller")
    page.clock.install()
    page.reload()
    wait_ready(page, "roller")
    for _ in range(2):
        page.click("#gauss-roll")
    page.clock.fast_forward("07:00:00")
    page.click("#gauss-roll")
    _at(page, "journal")
    options = page.locator("#journal-evening option")
    expect(options).to_have_count(3)
    late, early = (options.nth(i).get_attribute("value") for i in (1, 2))
    assert late and early and late > early
    page.select_option("#journal-evening", early)
    items = page.locator("#journal-list li")
    expect(items).to_have_count(2)
    assert {items.nth(i).get_attribute("data-evening") for i in range(2)} == {early}
    page.select_option("#journal-evening", late)
    expect(items).to_have_count(1)
    page.click("#journal-new-evening")
    expect(options).to_have_count(4)
    _at(page, "roller")
    page.click("#gauss-roll")
    _at(page, "journal")
    newest = options.nth(1).get_attribute("value")
    page.select_option("#journal-evening", newest)
    expect(items).to_have_count(2)  # the new evening's line and the roll after it
    expect(items.first).to_have_attribute("data-panel", "roller")
    expect(items.nth(1)).to_contain_text("Начат новый вечер")
    entries = page.evaluate("gmStorage.journalEntries()")
    assert [e["evening"]["id"] for e in entries] == [newest, newest, late, early, early]
    context.close()
    watch.assert_clean()
