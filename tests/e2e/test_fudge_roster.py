"""FUDGE characters: built in the FUDGE panel, kept in the shared roster across a
reload, picked in the attack; damage lands on the target's own wound track; a chip buys success
once and is then refused; the roster export holds the FUDGE sheets."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready

ROSTER_KEY = "gm.shared.roster"


def saved(page: Page, key: str) -> dict:
    return json.loads(page.evaluate("k => gmStorage.get(k)", key))


def sheets(page: Page) -> dict[str, dict]:
    return {e["id"]: e["sheet"] for e in saved(page, ROSTER_KEY)["value"]["entries"]}


def boxes(track: dict) -> int:
    """Marked boxes of a saved wound track (``WoundTrack.to_dict``: a count per row, and "dead")."""
    return sum(count for key, count in track.items() if key != "dead")


def build(page: Page, name: str, fields: dict[str, str], armour: str = "") -> None:
    page.click("#fudge-c-new")
    page.fill("#fudge-c-name", name)
    for field, value in fields.items():
        page.fill(field, value)
    page.select_option("#fudge-c-armour", armour)
    page.click("#fudge-c-save")
    expect(page.locator("#fudge-c-status")).to_contain_text(name)


def test_fudge_characters_fight_and_pay(browser: Browser, site_url: str, tmp_path: Path) -> None:
    """Two sheets built, reloaded, picked as attacker and target: three attacks mark only the
    target's track (the attacker's and the hand track stay clean); a chip is spent once and the
    ledger shows it; the export file carries both FUDGE sheets with wounds and ledger."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=11#fudge", watch, "fudge")
    page.click("#fudge-c-title")  # the builder is a closed <details>
    build(
        page, "Ира", {"#fudge-c-a3": "1", "#fudge-c-skills": "Фехтование: 1", "#fudge-c-weapons": "Нож: нож"}
    )
    page.select_option("#fudge-c-op", "gain:chips:compensation")
    page.fill("#fudge-c-amount", "1")
    page.click("#fudge-c-ledger-add")
    expect(page.locator("#fudge-c-ledger tr")).to_have_count(1)
    build(
        page,
        "Стражник",
        {"#fudge-c-a1": "1", "#fudge-c-skills": "Уклонение: 0", "#fudge-c-props": "Трус: -Слабо"},
        "Кожаная броня",
    )
    expect(page.locator("#fudge-c-list li")).to_have_count(2)
    expect(page.locator("#fudge-c-problems")).to_contain_text("Правила §1 соблюдены")
    expect(page.locator("#fudge-c-derived")).to_contain_text("Свойство: Трус")

    page.reload()
    wait_ready(page, "fudge")
    page.select_option("#fudge-att-who", "c1:0")  # Ира — Фехтование +2 · Нож
    expect(page.locator("#fudge-att")).to_have_value("2")
    expect(page.locator("#fudge-weapon")).to_have_value("m3")
    page.select_option("#fudge-att-whom", "c2:0")
    expect(page.locator("#fudge-armour")).to_have_value("Кожаная броня")
    expect(page.locator("#fudge-tough")).to_have_value("1")
    expect(page.locator("#fudge-def")).to_have_value("0")

    marked, logged = 0, page.locator("#fudge-log li").count()  # the ledger gain is logged too
    for attempt in range(3):
        page.click("#fudge-attack")
        expect(page.locator("#fudge-log li")).to_have_count(logged + attempt + 1 + marked)
        if page.locator("#fudge-apply").is_enabled():
            page.click("#fudge-apply")
            marked += 1
            expect(page.locator("#fudge-w-who")).to_have_value("c2")
            expect(page.locator("#fudge-log li").first).to_contain_text("Стражник")
    assert marked >= 1  # seed 11: at least one of the three attacks wounds
    tracks = {key: sheet["wounds"] for key, sheet in sheets(page).items()}
    assert boxes(tracks["c1"]) == 0 and not tracks["c1"]["dead"]  # the attacker is untouched
    assert tracks["c2"]["dead"] or boxes(tracks["c2"]) == marked  # one box per marked hit
    assert boxes(saved(page, "gm.panel.fudge")["state"]["wounds"]) == 0  # the hand track too
    guard = page.locator("#fudge-party tr[data-id='c2']")
    if not tracks["c2"]["dead"]:
        expect(guard.locator(".fudge-boxes")).to_contain_text("☒" * min(marked, 1))
        assert guard.locator(".fudge-boxes").inner_text().count("☒") == marked

    # A sure miss (attack −30) with a two-handed sword: the bought success is the least hit, S = 1,
    # whose damage (1 + 5 − armour 2 − Живучесть 1 = 3) is ready for «Отметить урон» on the target.
    page.select_option("#fudge-weapon", "m6")
    page.fill("#fudge-att", "-30")
    page.locator("#fudge-att").dispatch_event("change")
    page.click("#fudge-attack")
    expect(page.locator("#fudge-att-result")).to_contain_text("ниже минимального")
    expect(page.locator("#fudge-apply")).to_be_disabled()
    page.select_option("#fudge-att-pay", "chips")
    page.click("#fudge-att-buy")
    expect(page.locator("#fudge-att-bought")).to_contain_text("Ира покупает успех")
    expect(page.locator("#fudge-att-bought")).to_contain_text("урон 3")
    expect(page.locator("#fudge-party tr[data-id='c1'] td").nth(1)).to_have_text("0")
    expect(page.locator("#fudge-att-buy")).to_be_disabled()  # bought: nothing more to buy
    page.click("#fudge-apply")
    after = sheets(page)["c2"]["wounds"]
    assert after["dead"] or boxes(after) == marked + 1
    ledger = sheets(page)["c1"]["ledger"]
    assert ledger == [["chips", 1, "compensation", ""], ["chips", -1, "success", "att"]]

    page.goto(page.url.split("#")[0] + "#roster")
    wait_ready(page, "roster")  # opened, so mounted
    with page.expect_download() as download_info:
        page.click("#roster-export")
    exported = tmp_path / "roster.json"
    download_info.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    fudge_sheets = [e["sheet"] for e in data["entries"] if e["system"] == "fudge"]
    assert [s["name"] for s in fudge_sheets] == ["Ира", "Стражник"]
    assert fudge_sheets[0]["ledger"] == ledger and fudge_sheets[1]["wounds"] == after
    context.close()
    watch.assert_clean()


def test_builder_keeps_both_sheets_follows_the_ledger_and_undoes_a_delete(
    browser: Browser, site_url: str
) -> None:
    """After «Сохранить лист» the builder stays on the sheet; typing a new name over it and saving
    adds a second sheet (the first keeps its ledger), «Переименовать» is the explicit rename. The
    balances and the budget line follow each ledger line at once, without a reload. «Удалить»
    shows «Отменить», which brings the sheet back with its ledger."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#fudge", watch, "fudge")
    page.click("#fudge-c-title")
    build(page, "Рядовой Кац", {"#fudge-c-a0": "1", "#fudge-c-skills": "Стрельба: 2"})
    expect(page.locator("#fudge-c-editor-title")).to_have_text("Правка: Рядовой Кац")
    expect(page.locator("#fudge-c-status")).to_contain_text("Новый / отмена")
    page.select_option("#fudge-c-op", "gain:points:start")
    page.fill("#fudge-c-amount", "30")
    page.click("#fudge-c-ledger-add")
    expect(page.locator("#fudge-c-derived")).to_contain_text("очков 30, фишек FUDGE 0")
    expect(page.locator("#fudge-c-budget")).to_contain_text("потрачено 0 из 30, осталось 30")
    page.select_option("#fudge-c-op", "spend:points:traits")
    page.fill("#fudge-c-amount", "12")
    page.click("#fudge-c-ledger-add")
    expect(page.locator("#fudge-c-derived")).to_contain_text("очков 18")
    expect(page.locator("#fudge-c-budget")).to_contain_text("потрачено 12 из 30, осталось 18")
    expect(page.locator("#fudge-party tr[data-id='c1'] td").nth(2)).to_have_text("18")

    page.fill("#fudge-c-name", "Бандит")
    page.locator("#fudge-c-name").dispatch_event("change")
    expect(page.locator("#fudge-c-rename-bar")).to_contain_text("«Рядовой Кац» останется как был")
    page.click("#fudge-c-save")
    expect(page.locator("#fudge-c-list li")).to_have_count(2)
    expect(page.locator("#fudge-c-editor-title")).to_have_text("Правка: Бандит")
    saved_sheets = sheets(page)
    assert [s["name"] for s in saved_sheets.values()] == ["Рядовой Кац", "Бандит"]
    assert len(saved_sheets["c1"]["ledger"]) == 2 and saved_sheets["c2"]["ledger"] == []
    expect(page.locator("#fudge-c-budget")).to_contain_text("потрачено 0 из 0")
    page.fill("#fudge-c-name", "Бандит Сёма")
    page.locator("#fudge-c-name").dispatch_event("change")
    page.click("#fudge-c-rename")
    assert [s["name"] for s in sheets(page).values()] == ["Рядовой Кац", "Бандит Сёма"]

    before = saved(page, ROSTER_KEY)["value"]
    page.click(".fudge-c-del[data-arg='c1']")
    expect(page.locator("#fudge-c-list li.fudge-c-item")).to_have_count(1)
    expect(page.locator("#fudge-c-undo-bar")).to_contain_text("Удалён: Рядовой Кац.")
    page.click("#fudge-c-undo")
    expect(page.locator("#fudge-c-list li")).to_have_count(2)
    expect(page.locator("#fudge-c-undo-bar")).to_be_hidden()
    assert saved(page, ROSTER_KEY)["value"] == before
    context.close()
    watch.assert_clean()


def test_the_builder_shows_the_sheet_s_total_cost(browser: Browser, site_url: str) -> None:
    """§1.9: the GM gives points «для "покупки" … атрибутов, навыков, свойств»; the builder shows
    the sheet's total cost (a level a point, properties as §1.4 prices them) beside the sums."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7#fudge", watch, "fudge")
    page.click("#fudge-c-title")  # the builder is a closed <details>
    build(
        page,
        "Ира",
        {
            "#fudge-c-a0": "2",  # Сила
            "#fudge-c-skills": "Бег: 2",
            "#fudge-c-props": "Зоркость: +Слабо\nТрусость: -Нормально",
        },
    )
    derived = page.locator("#fudge-c-derived")
    expect(derived).to_contain_text("Итого: стоимость листа")
    expect(derived).to_contain_text("+1 очк. (уровень — очко, свойства по §1.4)")  # 2 + 2 + 2 − 5
    context.close()
    watch.assert_clean()
