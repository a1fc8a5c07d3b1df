"""The journal as a campaign-long store: a year of entries imported from a v2 file without
freezing the page, kept across a reload with the next roll, and still filtered, searched and
paged; an import never pushes out the GM's own rolls and can be undone; evenings split the
filter, whether a pause or «Новый вечер» started them."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from e2e_support import (
    FREEZE_MS,
    LONG_TASKS,
    Watch,
    campaign_file,
    open_app,
    wait_ready,
    watch_page,
    watched_context,
)

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


def test_an_import_from_the_future_never_pushes_out_the_gm_s_rolls_and_is_undone(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """The GM rolls three times; a file of 1,000 entries dated 9999 and 5 from last year is
    imported: the 1,000 are refused (the notice says so), the 5 join below the GM's rolls, and the
    roller's short log and the journal still show the three rolls first, also after a reload.
    «Отменить импорт» takes the 5 away and leaves the GM's rolls."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=46#roller", watch, "roller")
    for _ in range(3):
        page.click("#gauss-roll")
    page.evaluate("gmStorage.settled()")
    own = [e["id"] for e in page.evaluate("gmStorage.journalEntries()")]
    assert len(own) == 3
    future = [
        {
            "id": f"future-{n}",
            "time": f"9999-12-31T23:{n // 60 % 60:02d}:{n % 60:02d}",
            "panel": "roller",
            "ru": f"из будущего {n}",
            "en": f"from the future {n}",
        }
        for n in range(1000)
    ]
    past = [
        {
            "id": f"past-{n}",
            "time": f"2025-03-0{n + 1}T20:00:00",
            "panel": "roller",
            "ru": f"из файла {n}",
            "en": f"from the file {n}",
        }
        for n in range(5)
    ]
    upload = tmp_path / "journal.json"
    upload.write_text(
        json.dumps({"format": "gm-journal", "v": 2, "entries": future + past}), encoding="utf-8"
    )
    _at(page, "journal")
    page.set_input_files("#journal-import", str(upload))
    status = page.locator("#journal-import-status")
    expect(status).to_contain_text("новых записей — 5")
    expect(status).to_contain_text("Из будущего (позже завтрашнего дня) — 1000")
    assert [e["id"] for e in page.evaluate("gmStorage.journalEntries()")][:3] == own
    assert _count(page) == 8

    page.reload()
    wait_ready(page, "journal")
    items = page.locator("#journal-list li")
    expect(items).to_have_count(8)
    assert all("из будущего" not in items.nth(i).inner_text() for i in range(8))
    assert [items.nth(i).get_attribute("data-panel") for i in range(3)] == ["roller"] * 3
    expect(items.nth(3)).to_contain_text("из файла 4")
    _at(page, "roller")
    short = page.locator("#gauss-log li")
    expect(short).to_have_count(8)
    assert all("из " not in short.nth(i).inner_text() for i in range(3)), "the GM's rolls come first"

    context.close()
    watch.assert_clean()


def test_an_import_is_undone_and_the_gm_s_rolls_stay(browser: Browser, site_url: str, tmp_path: Path) -> None:
    """«Отменить импорт» right after an import takes its entries away, none of the GM's."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=47#roller", watch, "roller")
    for _ in range(2):
        page.click("#gauss-roll")
    page.evaluate("gmStorage.settled()")
    own = [e["id"] for e in page.evaluate("gmStorage.journalEntries()")]
    upload = campaign_file(tmp_path / "campaign.json", 3000, 3)
    _at(page, "journal")
    page.set_input_files("#journal-import", str(upload))
    expect(page.locator("#journal-import-status")).to_contain_text(
        "новых записей — 3000", timeout=IMPORT_TIMEOUT_MS
    )
    assert _count(page) == 3002
    page.click("#journal-import-undo")
    expect(page.locator("#journal-import-status")).to_contain_text("Импорт отменён: убрано записей — 3000")
    assert [e["id"] for e in page.evaluate("gmStorage.journalEntries()")] == own
    expect(page.locator("#journal-list li")).to_have_count(2)
    expect(page.locator("#journal-count")).to_contain_text("Записей: 2 из 2")
    _at(page, "roller")
    expect(page.locator("#gauss-log li")).to_have_count(2)
    context.close()
    watch.assert_clean()


# Put before the journal worker's script: the disk takes 2,000 more entries, then refuses.
FULL_DISK = """(() => {
  const add = IDBObjectStore.prototype.add;
  let room = 2000;
  IDBObjectStore.prototype.add = function (...args) {
    if (room-- <= 0) throw new DOMException("the disk is full", "QuotaExceededError");
    return add.apply(this, args);
  };
})();
"""


def test_a_full_disk_stops_an_import_keeping_what_was_written_and_says_what_was_not(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """The disk refuses the import's second transaction: the import stops, the GM's roll and the
    2,000 entries written stay (also after a reload), and the notice says how many were not saved,
    of which days, and why."""
    watch = Watch()
    context = watched_context(browser, watch, service_workers="block")
    page = watch_page(context.new_page(), watch)

    def worker(route: Route) -> None:
        original = route.fetch()
        route.fulfill(response=original, body=FULL_DISK + original.text())

    page.route("**/static/journal-worker.js", worker)  # before the page starts its journal worker
    page.goto(site_url + "index.html?seed=48#roller")
    wait_ready(page, "roller")
    page.click("#gauss-roll")
    page.evaluate("gmStorage.settled()")
    upload = campaign_file(tmp_path / "campaign.json", 5000, 2)
    _at(page, "journal")
    page.set_input_files("#journal-import", str(upload))
    status = page.locator("#journal-import-status")
    expect(status).to_contain_text("новых записей — 2000", timeout=IMPORT_TIMEOUT_MS)
    expect(status).to_contain_text("Не сохранено — 3000 (записи с 01.01.2025 по 07.01.2025)")
    expect(status).to_contain_text("QuotaExceededError")
    assert _count(page) == 2001
    page.reload()
    wait_ready(page, "journal")
    assert _count(page) == 2001
    expect(page.locator("#journal-count")).to_contain_text("из 2001", timeout=120_000)
    assert page.locator("#journal-list li").first.get_attribute("data-panel") == "roller"
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
