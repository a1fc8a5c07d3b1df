"""The journal of the evening: every panel's results in one timeline, kept and exported."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e_support import wait_ready, wait_until_controlled


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")


def _download(app: Page, button: str, tmp_path: Path) -> bytes:
    with app.expect_download() as info:
        app.click(button)
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    return target.read_bytes()


def test_results_of_three_panels_land_newest_first_and_survive_a_reload(app: Page, tmp_path: Path) -> None:
    """A roll, a skill check and a threat check: three entries, newest first, with their panels and
    the «зачем» typed beside the roll; after a reload still there; the exports hold them."""
    _open(app, "roller")
    app.fill("#gauss-roll-why", "засада у моста")
    app.click("#gauss-roll")
    roll_line = app.locator("#gauss-log li").first.inner_text()
    expect(app.locator("#gauss-roll-why")).to_have_value("")
    _open(app, "checks")
    app.click("#chk-skill-roll")
    _open(app, "threat")
    app.click("#threat-check")
    _open(app, "journal")
    items = app.locator("#journal-list li")
    expect(items).to_have_count(3)
    assert [items.nth(i).get_attribute("data-panel") for i in range(3)] == ["threat", "checks", "roller"]
    expect(items.nth(2)).to_contain_text(roll_line)
    expect(items.nth(2)).to_contain_text("засада у моста")
    # the threat check was behind the screen (on by default): no threshold until it is revealed
    secret = items.nth(0)
    expect(secret).to_have_attribute("data-hidden", "true")
    expect(secret).not_to_contain_text("→")

    app.reload()
    _open(app, "journal")
    wait_ready(app, "journal")  # a reload under load takes longer than an expect waits
    expect(app.locator("#journal-list li")).to_have_count(3)

    bbcode = _download(app, "#journal-export-bbcode", tmp_path).decode()
    assert bbcode.startswith("[b]") and "[list]" in bbcode and "засада у моста" in bbcode
    assert bbcode.count("[*]") == 2  # the hidden check is left out
    markdown = _download(app, "#journal-export-markdown", tmp_path).decode()
    assert markdown.count("\n| ") == 3 and roll_line.split(" → ")[0] in markdown
    csv = _download(app, "#journal-export-csv", tmp_path)
    assert csv.startswith("\ufeff".encode()) and b";" in csv.splitlines()[0]
    assert len(csv.decode("utf-8-sig").strip().splitlines()) == 3

    app.click("#journal-list li[data-hidden] .journal-reveal")
    expect(app.locator("#journal-list li[data-hidden]")).to_have_count(0)
    expect(app.locator("#journal-list li")).to_have_count(3)  # the reveal is no second line
    revealed = app.locator("#journal-list li").first
    expect(revealed.locator(".journal-revealed-mark")).to_have_text("раскрыто")
    expect(revealed).not_to_contain_text("→")  # the screen's thresholds stay hidden
    bbcode = _download(app, "#journal-export-bbcode", tmp_path).decode()
    assert bbcode.count("[*]") == 3 and bbcode.index("засада у моста") < bbcode.index("Угроза")


def test_the_filters_narrow_the_list(app: Page) -> None:
    """By panel and by a search word; the count says how many of all are shown."""
    _open(app, "journal")
    total = app.locator("#journal-list li").count()
    app.select_option("#journal-panel", "roller")
    expect(app.locator("#journal-list li")).to_have_count(1)
    expect(app.locator("#journal-count")).to_contain_text(f"1 из {total}")
    app.select_option("#journal-panel", "")
    app.fill("#journal-search", "моста")  # no Enter: the list follows the typing
    expect(app.locator("#journal-list li")).to_have_count(1)


def test_hide_clear_undo_and_import(app: Page, tmp_path: Path) -> None:
    """The GM hides a roll after the fact: the journal and the roller's short log (a view of the
    journal) show only «Скрыто мастером». «Очистить историю» empties the short log, not the
    journal; «Отменить» gives it back after another roll. «Скачать все данные» holds the journal
    and the journal imports it back by entry id: a new entry joins, a damaged one is set aside."""
    _open(app, "journal")
    app.fill("#journal-search", "")  # the filters of the test before
    app.press("#journal-search", "Enter")
    app.select_option("#journal-panel", "")
    _open(app, "roller")
    app.click("#gauss-roll")
    _open(app, "journal")
    expect(app.locator("#journal-count")).to_contain_text("Записей: 4 из 4")
    total = app.locator("#journal-list li").count()
    roll = app.locator("#journal-list li[data-panel='roller']").first
    roll.locator(".journal-hide").click()
    expect(roll).to_have_attribute("data-hidden", "true")
    expect(roll).to_contain_text("Скрыто мастером")
    _open(app, "roller")
    short = app.locator("#gauss-log li")
    expect(short.first).to_have_text("Скрыто мастером")
    before = short.count()

    app.click("#gauss-log-clear")
    expect(short).to_have_count(0)
    expect(app.locator("#gauss-log-notice")).to_contain_text("Журнал очищен.")
    app.click("#gauss-roll")
    expect(short).to_have_count(1)
    app.click("#gauss-log-undo")
    expect(short).to_have_count(before + 1)
    app.reload()
    _open(app, "roller")
    wait_ready(app, "roller")
    expect(app.locator("#gauss-log li")).to_have_count(before + 1)

    with app.expect_download() as info:
        app.evaluate("document.getElementById('save-export').click()")
    data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert (data["journal"]["format"], data["journal"]["v"]) == ("gm-journal", 2)
    saved = data["journal"]["entries"]
    assert len(saved) == total + 1 and any(e.get("hidden") for e in saved)
    assert all(e["evening"]["id"] for e in saved), "every entry belongs to an evening"
    assert "log" not in data["records"]["gm.panel.roller"], "a line is stored once: in the journal"
    assert "gm.shared.journal" not in data["records"], "the journal is kept entry by entry"
    new = {**saved[-1], "id": "imported-1", "ru": "из файла", "en": "from the file"}
    data["journal"]["entries"] = [*saved, new, {"id": 5}]
    upload = tmp_path / "gm-dice-data.json"
    upload.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    _open(app, "journal")
    app.set_input_files("#journal-import", str(upload))
    expect(app.locator("#journal-import-status")).to_contain_text("новых записей — 1")
    expect(app.locator("#journal-list li")).to_have_count(total + 2)
    expect(app.locator("#journal-list li", has_text="из файла")).to_have_count(1)
    expect(app.locator("#journal-import-aside")).to_be_visible()


SIZES_JS = """async () => {
  const bytes = (text) => new TextEncoder().encode(text).length;
  let total = 0;
  for (const text of Object.values(await gmStorage.loadAll())) total += bytes(text);
  await gmJournalDb.readAll(await gmJournalDb.openDatabase(), (records) => {
    for (const record of records) total += bytes(record.j);
  });
  const { usage } = await navigator.storage.estimate();
  return [total, usage];
}"""


def test_the_footer_says_what_the_gm_s_data_weighs_not_the_site_s_copies(app: Page) -> None:
    """Once the service worker keeps its copies of the site (tens of megabytes), the footer still
    says what the GM's data weighs: the panels' records and the journal's entries as saved."""
    wait_until_controlled(app)
    _open(app, "roller")
    app.click("#gauss-roll")
    app.evaluate("gmStorage.settled()")
    mine, everything = app.evaluate(SIZES_JS)
    assert everything > 20 * mine, "the site's copies are most of what the browser keeps"
    footer = app.locator("#storage-usage")
    expect(footer).to_contain_text(f"{round(mine / 1024)} КБ", timeout=10_000)
    said = int(re.sub(r"\D", "", footer.inner_text()))
    assert said < everything / 1024 / 20
