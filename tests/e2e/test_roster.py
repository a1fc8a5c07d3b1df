"""The roster of characters: made in «Персонажи», kept across a reload, picked in the checks panel,
exported to a file and imported back, an import undone; a corrupt file is refused and changes
nothing; a damaged saved roster is dropped with a notice."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready
from rules.roster import GaussSheet, Roster, roster_to_data

KEY = "gm.shared.roster"


def saved(page: Page, key: str) -> dict | None:
    raw = page.evaluate("k => gmStorage.get(k)", key)
    return None if raw is None else json.loads(raw)


def reload(page: Page, fragment: str) -> None:
    page.goto(page.url.split("#")[0] + fragment)
    page.reload()
    wait_ready(page, fragment.removeprefix("#"))  # the panel the page opens on


def make_character(page: Page, name: str, skills: str, luck: str) -> None:
    page.fill("#roster-name", name)
    page.select_option("#roster-system", "gauss")
    page.fill("#roster-g-luck", luck)
    page.fill("#roster-g-skills", skills)
    page.fill("#roster-g-weapons", "Меч: 2")
    page.click("#roster-save")


def test_roster_made_picked_exported_and_imported(browser: Browser, site_url: str, tmp_path: Path) -> None:
    """A GaussD20 character survives a reload and fills the skill check (its skill and luck are
    what the roll uses); the export holds the roster, which an import brings back after the saved
    data is cleared; a corrupt file is refused with a message and the roster stays as it was."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7#roster", watch, "roster")
    make_character(page, "Борис", "Фехтование: 8\nВерховая езда: 2", "7")
    make_character(page, "Стражник", "Алебарда: 4", "4")
    expect(page.locator("#roster-list li")).to_have_count(2)
    page.click(".roster-up[data-arg='c2']")  # keyboard-usable buttons reorder the list
    expect(page.locator("#roster-list li").first).to_contain_text("Стражник")
    assert [e["name"] for e in saved(page, KEY)["value"]["entries"]] == ["Стражник", "Борис"]

    reload(page, "#checks")
    picker = page.locator("#chk-skill-who")
    expect(picker.locator("option")).to_have_count(4)  # by hand + 2 skills of Борис + 1 of Стражник
    picker.select_option(label="Борис — Фехтование +8")
    expect(page.locator("#chk-skill")).to_have_value("8")
    expect(page.locator("#chk-skill-luck")).to_have_value("7")
    page.click("#chk-skill-roll")
    expect(page.locator("#chk-log li").first).to_contain_text("+8")
    state = saved(page, "gm.panel.checks")["state"]["skill"]
    assert state["skill"] == 8 and state["luck"] == 7  # the roll used the sheet's skill and luck

    page.goto(page.url.split("#")[0] + "#roster")
    wait_ready(page, "roster")
    with page.expect_download() as download_info:
        page.click("#roster-export")
    exported = tmp_path / "roster.json"
    download_info.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "gm-dice-roster" and data["version"] == 1
    assert [e["name"] for e in data["entries"]] == ["Стражник", "Борис"]

    page.evaluate("k => gmStorage.remove(k)", KEY)
    reload(page, "#roster")
    expect(page.locator("#roster-list li")).to_have_count(0)
    page.set_input_files("#roster-import", str(exported))
    expect(page.locator("#roster-list li.roster-item")).to_have_count(2)
    expect(page.locator("#roster-list li.roster-item").nth(1)).to_contain_text("Фехтование +8")
    assert saved(page, KEY)["value"] == data

    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"format": "gm-dice-roster", "version": 1, "entries": [{"id": "x"', encoding="utf-8")
    page.set_input_files("#roster-import", str(corrupt))
    error = page.locator("#roster-list-part .error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("corrupt.json")
    expect(page.locator("#roster-list li.roster-item")).to_have_count(2)
    assert saved(page, KEY)["value"] == data
    page.click("#lang-switch")
    expect(error).to_contain_text("this is not JSON")
    page.click("#lang-switch")

    page.evaluate('k => gmStorage.save(k, \'{"v": 1, "value": {"format": 1}}\')', KEY)
    reload(page, "#roster")  # a damaged roster record is dropped with a notice, never a crash
    expect(page.locator("#roster .notice")).to_contain_text("список персонажей")
    expect(page.locator("#roster-list li")).to_have_count(0)
    context.close()
    watch.assert_clean()


def test_an_import_is_undone(browser: Browser, site_url: str, tmp_path: Path) -> None:
    """An import replaces the whole list: «Отменить» beside it brings the list it replaced back
    (saved too), with a character made after the import."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#roster", watch, "roster")
    make_character(page, "Борис", "Фехтование: 8", "7")
    make_character(page, "Стражник", "Алебарда: 4", "4")
    expect(page.locator("#roster-list li")).to_have_count(2)
    before = saved(page, KEY)["value"]
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps({"format": "gm-dice-roster", "version": 1, "entries": []}, ensure_ascii=False),
        encoding="utf-8",
    )
    page.set_input_files("#roster-import", str(other))
    expect(page.locator("#roster-list li.roster-item")).to_have_count(0)
    bar = page.locator("#roster-list li#roster-undo-bar")  # at the list's end, above «Импорт»
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("other.json")
    make_character(page, "Новый", "Лук: 4", "5")
    expect(page.locator("#roster-list li.roster-item")).to_have_count(1)
    expect(page.locator("#roster-list li").last).to_have_id("roster-undo-bar")
    page.click("#roster-undo")
    expect(page.locator("#roster-list li")).to_have_count(3)
    expect(page.locator("#roster-status")).to_contain_text("Импорт отменён")
    expect(bar).to_be_hidden()
    entries = saved(page, KEY)["value"]["entries"]
    assert [e["name"] for e in entries] == ["Борис", "Стражник", "Новый"]
    assert entries[:2] == before["entries"]
    context.close()
    watch.assert_clean()


def test_delete_is_undone_and_a_new_name_never_replaces(browser: Browser, site_url: str) -> None:
    """«Удалить» shows «Отменить», which brings the character back in its place (sheet and all) and
    the saved roster with it; the offer stays while the GM waits and does other things.
    After a save the editor stays on the saved character; a changed name saves a new one (the old
    stays), and «Переименовать» renames."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7#roster", watch, "roster")
    make_character(page, "Борис", "Фехтование: 8", "7")
    expect(page.locator("#roster-editor-title")).to_have_text("Правка: Борис")
    make_character(page, "Стражник", "Алебарда: 4", "4")  # a new name over Борис: a new character
    expect(page.locator("#roster-list li")).to_have_count(2)
    page.fill("#roster-name", "Страж")
    page.locator("#roster-name").dispatch_event("change")
    expect(page.locator("#roster-rename-bar")).to_contain_text("«Стражник» останется")
    page.click("#roster-rename")
    names = [e["name"] for e in saved(page, KEY)["value"]["entries"]]
    assert names == ["Борис", "Страж"]

    before = saved(page, KEY)["value"]
    page.click(".roster-delete[data-arg='c1']")
    expect(page.locator("#roster-list li.roster-item")).to_have_count(1)
    bar = page.locator("#roster-undo-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("Удалён: Борис.")
    page.wait_for_timeout(1000)  # waiting does not take the offer away
    page.click("#roster-undo")
    expect(page.locator("#roster-list li")).to_have_count(2)
    expect(page.locator("#roster-list li").first).to_contain_text("Фехтование +8")
    expect(bar).to_be_hidden()
    assert saved(page, KEY)["value"] == before  # exactly what was lost, in its place

    page.click(".roster-delete[data-arg='c2']")
    expect(bar).to_be_visible()
    page.click(".roster-dup[data-arg='c1']")  # another action: the offer stays
    expect(bar).to_be_visible()
    page.click("#roster-undo")
    expect(bar).to_be_hidden()
    assert [e["name"] for e in saved(page, KEY)["value"]["entries"]] == ["Борис", "Страж", "Борис"]
    context.close()
    watch.assert_clean()


def test_a_deletion_s_undo_stands_where_the_tap_was(browser: Browser, site_url: str) -> None:
    """On a phone with a long roster, «Удалить» on the second character: «Удалён: … Отменить» takes
    its place in the list, in view where the GM tapped (not under the list, off the screen)."""
    watch = Watch()
    context, page = open_app(
        browser,
        site_url + "index.html?seed=7#roster",
        watch,
        "roster",
        viewport={"width": 360, "height": 740},
    )
    roster = Roster()
    for i in range(1, 9):
        roster = roster.add(f"Громила {i}", "gauss", GaussSheet())
    page.evaluate(
        "text => gmStorage.save('gm.shared.roster', text)",
        json.dumps({"v": 1, "value": roster_to_data(roster)}, ensure_ascii=False),
    )
    page.reload()
    wait_ready(page, "roster")
    expect(page.locator("#roster-list li.roster-item")).to_have_count(8)
    delete = page.locator(".roster-delete[data-arg='c2']")
    delete.scroll_into_view_if_needed()
    tapped = delete.bounding_box()
    assert tapped is not None
    delete.click()
    offer = page.locator("#roster-list > li").nth(1)
    expect(offer).to_have_id("roster-undo-bar")
    expect(offer).to_contain_text("Удалён: Громила 2.")
    expect(offer).to_be_in_viewport(ratio=1)
    box = offer.bounding_box()
    assert box is not None and abs(box["y"] - tapped["y"]) < 200, (box, tapped)
    page.locator("#roster-undo").click()
    expect(page.locator("#roster-list li.roster-item").nth(1)).to_contain_text("Громила 2")
    context.close()
    watch.assert_clean()
