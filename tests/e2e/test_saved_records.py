"""Untrusted saved records: bounded before Python parses them, damaged ones set aside under a key
of their own and offered for download, a panel that cannot start from its record starts from its
defaults with a notice, and lists load entry by entry."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready


def saved(page: Page, key: str) -> dict | None:
    raw = page.evaluate("k => gmStorage.get(k)", key)
    return None if raw is None else json.loads(raw)


def set_aside_keys(page: Page, key: str) -> list[str]:
    return page.evaluate(
        """k => new Promise((resolve) => {
          const request = indexedDB.open("gm-dice");
          request.onsuccess = () => {
            const keys = request.result.transaction("records").objectStore("records").getAllKeys();
            keys.onsuccess = () => resolve(keys.result.filter((name) => name.startsWith("gm.aside." + k + ".")));
          };
        })""",
        key,
    )


def reload_at(page: Page, fragment: str) -> None:
    """Reload on ``fragment``'s panel and wait for it (the others mount when opened)."""
    page.goto(page.url.split("#")[0] + fragment)
    page.reload()
    wait_ready(page, fragment.removeprefix("#"))


def test_a_record_nested_100000_deep_lets_the_page_start(browser: Browser, site_url: str) -> None:
    """A roller record of 100,000 nested lists: the page becomes ready, the roller says its record
    was damaged and offers it for download, the damaged text is kept under a key of its own, and
    the panel rolls."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#roller", watch, "roller")
    deep = "[" * 100_000 + "]" * 100_000
    page.evaluate("d => gmStorage.save('gm.panel.roller', d)", deep)
    reload_at(page, "#roller")
    wait_ready(page)  # every panel starts
    notice = page.locator("#roller .notice:visible, #roller .error:visible").first
    expect(notice).to_contain_text("были повреждены")
    with page.expect_download() as download:
        notice.locator("button").click()
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data["set_aside"]["gm.panel.roller"] == deep
    (aside,) = set_aside_keys(page, "gm.panel.roller")
    assert saved(page, aside)["text"] == deep
    page.click("#gauss-roll")
    expect(page.locator("#gauss-log li")).to_have_count(1)
    context.close()
    watch.assert_clean()


def test_a_saved_d2000dl1_leaves_the_dice_panel_working(browser: Browser, site_url: str) -> None:
    """A saved «d2000dl1» (once «panel notation failed to start: RecursionError»; now a keep of
    every die but one, computed as a plain sum): after a reload the dice panel starts with it, with
    no notice and nothing set aside, and rolls."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#notation", watch, "notation")
    page.fill("#notation-expr", "3d6")
    page.click("#notation-roll")
    reload_at(page, "#notation")  # nothing in flight (a blur would save the field once more)
    record = saved(page, "gm.panel.notation")
    record["form"]["notation-expr"] = "d2000dl1"
    record["state"]["expr"] = "d2000dl1"
    record["state"]["roll"] = None
    page.evaluate("d => gmStorage.save('gm.panel.notation', d)", json.dumps(record))
    page.goto(site_url + "index.html#notation")  # without the roll's ?expr=3d6, which would win
    wait_ready(page, "notation")
    expect(page.locator("#notation-expr")).to_have_value("d2000dl1")
    assert not set_aside_keys(page, "gm.panel.notation")
    page.fill("#notation-expr", "2d6")
    page.click("#notation-roll")
    expect(page.locator("#notation-log li").first).to_contain_text("2d6")
    reload_at(page, "#notation")
    expect(page.locator("#notation-expr")).to_have_value("2d6")
    context.close()
    watch.assert_clean()


def _character(entry_id: str, name: str, **sheet: object) -> dict:
    return {"id": entry_id, "name": name, "system": "gauss", "sheet": {"luck": 5, **sheet}}


def test_one_bad_entry_is_set_aside_and_unknown_keys_are_kept(browser: Browser, site_url: str) -> None:
    """A roster of three where one character has «"luck": "5"» and another keys a newer version
    would add: after a reload the two sound ones are listed (the unknown keys still on disk), the
    bad one is set aside with a notice; a roller log with one damaged line keeps the other two."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#roster", watch, "roster")
    entries = [
        _character("c1", "Борис"),
        _character("c2", "Стражник", luck="5"),
        {**_character("c3", "Ведьма", stamina=3), "portrait": "ведьма.png"},
    ]
    roster = {"v": 1, "value": {"format": "gm-dice-roster", "version": 1, "entries": entries}}
    page.evaluate("d => gmStorage.save('gm.shared.roster', d)", json.dumps(roster, ensure_ascii=False))
    log = [{"ru": "бросок 1", "en": "roll 1"}, {"ru": 7}, {"ru": "бросок 3", "en": "roll 3"}]
    roller = {"v": 1, "form": {}, "state": {"luck": 5, "last": None}, "log": log}
    page.evaluate("d => gmStorage.save('gm.panel.roller', d)", json.dumps(roller, ensure_ascii=False))
    reload_at(page, "#roster")
    expect(page.locator("#roster-list li")).to_have_count(2)
    expect(page.locator("#roster-list")).to_contain_text("Ведьма")
    expect(page.locator("#roster .notice")).to_contain_text("повреждённых записей — 1")
    on_disk = saved(page, "gm.shared.roster")["value"]["entries"]
    assert [e["name"] for e in on_disk] == ["Борис", "Ведьма"]
    assert on_disk[1]["portrait"] == "ведьма.png" and on_disk[1]["sheet"]["stamina"] == 3
    (aside,) = set_aside_keys(page, "gm.shared.roster")
    assert "Стражник" in saved(page, aside)["text"]
    page.goto(page.url.split("#")[0] + "#roller")
    expect(page.locator("#gauss-log li")).to_have_count(2)
    expect(page.locator("#gauss-log-notice")).to_contain_text("повреждённых записей — 1")
    context.close()
    watch.assert_clean()
