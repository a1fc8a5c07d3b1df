"""The checks panel with the roster: the opposed check's pickers are filled from the roster; the combat
log gives numbers, not the rule's «минус 12»; a target that cannot defend meets the attack alone."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app


def test_opposed_pickers_are_filled_from_the_roster(browser: Browser, site_url: str) -> None:
    """«Кто действует» lists each weapon of each GaussD20 character and fills the attacker's bonus
    (the weapon's piercing) and luck; «Против кого» fills the defender's armour bonus and luck; the
    window line follows at once."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7#roster", watch)
    for name, luck, armour, weapons in (("Борис", "7", "0", "Меч: 2\nТопор: 3"), ("Страж", "3", "4", "")):
        page.fill("#roster-name", name)
        page.select_option("#roster-system", "gauss")
        page.fill("#roster-g-luck", luck)
        page.fill("#roster-g-armour", armour)
        page.fill("#roster-g-weapons", weapons)
        page.click("#roster-save")
    expect(page.locator("#roster-list li")).to_have_count(2)
    page.goto(page.url.split("#")[0] + "#checks")
    who, whom = page.locator("#chk-opp-who"), page.locator("#chk-opp-whom")
    expect(who.locator("option")).to_have_text(["— вручную —", "Борис — Меч +2", "Борис — Топор +3", "Страж"])
    expect(whom.locator("option")).to_have_text(["— вручную —", "Борис", "Страж"])
    who.select_option(label="Борис — Топор +3")
    expect(page.locator("#chk-opp-att")).to_have_value("3")
    expect(page.locator("#chk-opp-aluck")).to_have_value("7")
    whom.select_option(label="Страж")
    expect(page.locator("#chk-opp-def")).to_have_value("4")
    expect(page.locator("#chk-opp-dluck")).to_have_value("3")
    # defence bonus 4 − attacker's 3 + (3 − 7) = −3
    expect(page.locator("#chk-opp-mod")).to_contain_text("= −3")
    page.click("#chk-opp-roll")
    expect(page.locator("#chk-log li").first).to_contain_text("модификатор −3")
    context.close()
    watch.assert_clean()


def test_the_combat_log_gives_numbers_not_the_rule(app: Page) -> None:
    """A strong attack's line says «бонус на пробитие +N», never «равный значению кубика минус 12»."""
    app.goto(app.url.split("#")[0] + "#checks")
    app.fill("#chk-cmb-att", "6")
    app.locator("#chk-cmb-att").dispatch_event("change")
    for _ in range(12):
        app.click("#chk-cmb-roll")
    log = " ".join(app.locator("#chk-log li").all_inner_texts())
    assert "минус 12" not in log
    assert re.search(r"бонус на пробитие \+[1-9]", log), log
    narration = app.locator("#chk-cmb-narration").inner_text()
    assert "минус 12" not in narration


def test_a_target_that_cannot_defend_meets_the_attack_check_alone(app: Page) -> None:
    """Seed 000 «… и цель имеет возможность защищаться»: unticking «Цель может защищаться» changes
    the odds before the roll (80,75 % at neutral numbers) and the exchange rolls no defence."""
    app.goto(app.url.split("#")[0] + "#checks")
    app.fill("#chk-cmb-att", "0")
    app.locator("#chk-cmb-att").dispatch_event("change")
    app.uncheck("#chk-cmb-candefend")
    expect(app.locator("#chk-cmb-lands")).to_contain_text("Атака пройдёт: 80,75 %")
    expect(app.locator("#chk-cmb-lands")).to_contain_text("только проверка атаки")
    expect(app.locator("#chk-cmb-endings tr")).to_have_count(3)
    app.click("#chk-cmb-roll")
    expect(app.locator("#chk-cmb-narration li").first).to_contain_text("Атака:")
    assert "Защита:" not in app.locator("#chk-cmb-narration").inner_text()
    app.check("#chk-cmb-candefend")
    expect(app.locator("#chk-cmb-lands")).to_contain_text("Модификатор проверки защиты")
