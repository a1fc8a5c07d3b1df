"""GaussD20 checks panel: skill, median, series, opposed, combat, log, bad input."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready
from kit.fmt import percent
from kit.msg import render
from panels.checks import combat, seed
from rules import gauss

PANEL = "checks"  # the module's page waits for this panel only (conftest.app)

TIER_TEXTS = {key: msg.ru for key, msg in seed.TIERS.items()}
TIER_EN = {key: msg.en for key, msg in seed.TIERS.items()}
ENDING_TEXTS = {code: msg.ru for code, msg in seed.ENDINGS.items()}
CYRILLIC = re.compile("[А-Яа-яЁё]")


def damage_label(effect: gauss.DamageEffect) -> str:
    return render(combat.damage_label(effect), "ru")


def goto_checks(page: Page) -> None:
    page.goto(page.url.split("#")[0] + "#checks")
    expect(page.locator("#checks")).to_be_visible()


def set_value(page: Page, selector: str, value: str) -> None:
    """Type a value into an input and fire the change event the panel listens to."""
    page.fill(selector, value)
    page.locator(selector).dispatch_event("change")


def cells(page: Page, body: str, column: int) -> list[str]:
    return [text.strip() for text in page.locator(f"{body} tr > :nth-child({column})").all_inner_texts()]


def test_skill_tier_odds_equal_the_rules(app: Page) -> None:
    """The tier table and legend show skill_check_odds for the chosen ladder rungs, situation and luck."""
    goto_checks(app)
    app.select_option("#chk-skill", "4")
    app.select_option("#chk-diff", "-8")
    set_value(app, "#chk-skill-sit", "1")
    set_value(app, "#chk-skill-luck", "6")
    odds = gauss.skill_check_odds(4, -8, situational=1, luck=6)
    expected = [percent(p) for _, p in odds.tiers] + [percent(odds.success), percent(odds.failure)]
    expect(app.locator("#chk-skill-odds tr").first).to_contain_text(percent(odds.tiers[0][1]))
    assert cells(app, "#chk-skill-odds", 3) == expected
    assert cells(app, "#chk-skill-odds", 2)[:9] == [TIER_TEXTS[t.key] for t in gauss.TIERS]
    legend = app.locator("#chk-skill-legend li").all_inner_texts()
    assert legend == [f"{TIER_TEXTS[t.key]} ({percent(p)})" for t, p in odds.tiers]
    expect(app.locator("#chk-skill-mod")).to_contain_text("−3")
    expect(app.locator("#chk-skill-bar")).to_have_attribute("aria-hidden", "true")


def test_skill_claim_shows_seed_figure_next_to_exact(app: Page) -> None:
    """One difficulty step above one's level shows the seed's «38 %» beside the exact failure chance."""
    goto_checks(app)
    app.select_option("#chk-skill", "8")
    app.select_option("#chk-diff", "-10")
    set_value(app, "#chk-skill-sit", "0")
    set_value(app, "#chk-skill-luck", "5")
    claim = app.locator("#chk-skill-claim")
    expect(claim).to_be_visible()
    expect(claim).to_contain_text("38 %")
    expect(claim).to_contain_text(percent(gauss.failure_at_steps(1)))
    expect(app.locator("#chk-claims tr.row-hit")).to_contain_text(percent(gauss.failure_at_steps(1)))


def test_skill_roll_names_its_tier_and_is_logged(app: Page) -> None:
    """Rolling a skill check announces the value's tier in the seed's words and logs the same line."""
    goto_checks(app)
    app.click("#chk-skill-roll")
    result = app.locator("#chk-skill-result")
    expect(result).to_contain_text("Проверка навыка")
    expect(result).to_have_attribute("aria-live", "polite")
    text = result.inner_text()
    value = int(re.search(r"→ (\d+)\.$", text).group(1))
    tier = gauss.tier_of(value)
    assert text.startswith(
        render(seed.TIER_HEADS[(tier.key, tier.success)], "ru") + ". "
    )  # the verdict first
    expect(app.locator("#chk-skill-odds tr.row-hit")).to_contain_text(TIER_TEXTS[tier.key])
    expect(app.locator("#chk-log li").first).to_have_text(text)


def test_median_odds_below_inside_above(app: Page) -> None:
    """Median odds below / inside / above equal median_odds; the mapping line names the modifier."""
    goto_checks(app)
    app.select_option("#chk-med-mode", "radius")
    set_value(app, "#chk-med-radius", "1")
    set_value(app, "#chk-med-int", "7")
    set_value(app, "#chk-med-luck", "4")
    odds = gauss.median_odds(9, 12, modifier=gauss.median_modifier(intelligence=7, luck=4))
    expect(app.locator("#chk-med-mapping")).to_contain_text("= +1")
    expect(app.locator("#chk-med-mapping")).to_contain_text("9–12 → 9–13")
    assert cells(app, "#chk-med-odds", 4) == [percent(odds.below), percent(odds.inside), percent(odds.above)]
    assert cells(app, "#chk-med-odds", 2) == ["1–8", "9–13", "14–20"]
    app.check("#chk-med-inverted")
    app.locator("#chk-med-inverted").dispatch_event("change")
    inverted = gauss.median_odds(9, 12, modifier=1, inverted=True)
    expect(app.locator("#chk-med-mapping")).to_contain_text(percent(inverted.success))
    app.uncheck("#chk-med-inverted")


def test_demonologist_preset_and_roll(app: Page) -> None:
    """The demonologist preset sets 6–15 and shows the seed's meaning of a low and a high miss."""
    goto_checks(app)
    app.click("#chk-med-demon")
    odds = gauss.median_odds(6, 15)
    expect(app.locator("#chk-med-odds")).to_contain_text("не хватило маны")
    assert cells(app, "#chk-med-odds", 2) == ["1–5", "6–15", "16–20"]
    assert cells(app, "#chk-med-odds", 4) == [percent(odds.below), percent(odds.inside), percent(odds.above)]
    app.click("#chk-med-roll")
    expect(app.locator("#chk-med-result")).to_contain_text("окно 6–15")
    expect(app.locator("#chk-med-odds tr.row-hit")).to_have_count(1)


def test_series_tracker_advances_and_survives_reload(browser: Browser, site_url: str) -> None:
    """A madness series advances roll by roll until it ends, and its state survives a reload."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=27#checks", watch, "checks")
    state = page.locator("#chk-madness-state")
    expect(state).to_contain_text("Провалов в серии: 0")
    expect(state).to_contain_text("Окно: 9–12")
    above = 0
    for _ in range(30):
        page.click("#chk-madness-roll")
        result = page.locator("#chk-madness-result").inner_text()
        if "выше окна" in result:
            above += 1
            expect(state).to_contain_text(f"Провалов в серии: {above}")
        else:
            break
    expect(state).to_contain_text("Серия окончена")
    assert above >= 1  # with ?seed=27 the series runs several checks before it ends
    window = gauss.MedianSeries(gauss.MADNESS, failures=above).window
    expect(state).to_contain_text(
        f"Окно: {window[0]}–{window[1]}" if window[0] <= window[1] else "Окно: пусто"
    )
    saved = state.inner_text()
    page.reload()
    wait_ready(page, "checks")
    assert page.locator("#chk-madness-state").inner_text() == saved
    page.click("#chk-madness-roll")
    expect(page.locator("#chk-series-title").locator("xpath=../..").locator(".error")).to_contain_text(
        "серия окончена"
    )
    page.click("#chk-madness-reset")
    expect(page.locator("#chk-madness-state")).to_contain_text("Провалов в серии: 0")
    page.click("#chk-horror-roll")
    expect(page.locator("#chk-horror-result")).to_contain_text("Проверка Ужаса, проверка 1")
    context.close()
    watch.assert_clean()


def test_opposed_window_seed_examples(app: Page) -> None:
    """Defence 12 fails the attack on 9–12, on 10–11 with attacker +2, on 8–14 with armour +3."""
    goto_checks(app)
    set_value(app, "#chk-opp-droll", "12")
    window = app.locator("#chk-opp-window")
    expect(window).to_contain_text("провал атаки при 9–12")
    set_value(app, "#chk-opp-att", "2")
    expect(window).to_contain_text("провал атаки при 10–11")
    expect(app.locator("#chk-opp-odds")).to_contain_text(percent(gauss.pierce_chance(12, -2)))
    expect(app.locator("#chk-opp-odds")).to_contain_text(percent(gauss.opposed_odds(-2).pierce))
    set_value(app, "#chk-opp-att", "0")
    set_value(app, "#chk-opp-def", "3")
    expect(window).to_contain_text("провал атаки при 8–14")
    set_value(app, "#chk-opp-dluck", "7")  # luck moves the window: +3 +2 = +5
    expect(window).to_contain_text(f"провал атаки при {'–'.join(map(str, gauss.opposed_window(12, 5)))}")
    expect(app.locator("#chk-opp-odds")).to_contain_text(percent(gauss.pierce_chance(12, 3, defence_luck=7)))
    app.click("#chk-opp-roll")
    expect(app.locator("#chk-opp-result")).to_contain_text("против защиты 12 (введено мастером)")
    set_value(app, "#chk-opp-def", "0")
    set_value(app, "#chk-opp-dluck", "5")


def test_opposed_roll_without_defence_and_helpless(app: Page) -> None:
    """With no defence entered both dice are rolled; a «Бросить защиту» roll serves one attack
    (the field empties, the next attack rolls afresh and says so); a helpless side gives an
    automatic result."""
    goto_checks(app)
    set_value(app, "#chk-opp-droll", "")
    expect(app.locator("#chk-opp-window")).to_contain_text("ещё не сделан")
    app.click("#chk-opp-roll")
    result = app.locator("#chk-opp-result")
    expect(result).to_contain_text("провал атаки при")
    app.click("#chk-opp-roll-def")
    expect(app.locator("#chk-opp-droll")).not_to_have_value("")
    app.click("#chk-opp-roll")
    expect(result).to_contain_text("брошено кнопкой «Бросить защиту»")
    expect(app.locator("#chk-opp-droll")).to_have_value("")
    app.click("#chk-opp-roll")
    expect(result).to_contain_text("брошено вместе с атакой")
    expect(app.locator("#chk-opp-window")).to_contain_text("Защита ")
    app.check("#chk-opp-dhelpless")
    app.click("#chk-opp-roll")
    expect(result).to_contain_text("автоматический успех атакующего")
    app.check("#chk-opp-ahelpless")
    app.click("#chk-opp-roll")
    expect(app.locator("#chk-opp-title").locator("xpath=../..").locator(".error")).to_contain_text(
        "только одна сторона"
    )
    expect(result).to_contain_text("автоматический успех атакующего")
    app.uncheck("#chk-opp-ahelpless")
    app.uncheck("#chk-opp-dhelpless")
    app.locator("#chk-opp-dhelpless").dispatch_event("change")


def test_combat_odds_and_exchange_narration(app: Page) -> None:
    """Combat shows the exact landing and damage odds, and «Разыграть обмен» narrates every stage."""
    goto_checks(app)
    set_value(app, "#chk-cmb-att", "3")
    set_value(app, "#chk-cmb-armour", "2")
    set_value(app, "#chk-cmb-penalty", "-1")
    setup = gauss.CombatSetup(attack_modifier=3, armour_bonus=2, armour_penalty=-1)
    odds = gauss.exchange_odds(setup)
    expect(app.locator("#chk-cmb-lands")).to_contain_text(f"Атака пройдёт: {percent(odds.lands)}")
    damage = cells(app, "#chk-cmb-damage", 2)
    assert damage == [percent(p) for p in odds.damage.values()] + [percent(1 - odds.lands)]
    assert cells(app, "#chk-cmb-damage", 1)[:-1] == [damage_label(e) for e in odds.damage]
    assert cells(app, "#chk-cmb-endings", 2) == [percent(p) for p in odds.endings.values()]
    seen_opposed = False
    for _ in range(25):
        app.click("#chk-cmb-roll")
        lines = app.locator("#chk-cmb-narration li").all_inner_texts()
        assert lines[0].startswith("Атака: 3d20 = ")
        assert any(text in lines for text in ENDING_TEXTS.values())
        expect(app.locator("#chk-cmb-result")).to_contain_text("Обмен: ")
        if any(line.startswith("Противопоставленная проверка") for line in lines):
            assert lines[1].startswith("Защита: 3d20 = ")
            seen_opposed = True
            break
    assert seen_opposed
    expect(app.locator("#chk-log li").first).to_contain_text("Бой: Атака: 3d20")
    app.check("#chk-cmb-helpless")
    app.locator("#chk-cmb-helpless").dispatch_event("change")
    expect(app.locator("#chk-cmb-lands")).to_contain_text("Атака пройдёт: 100 %")
    app.uncheck("#chk-cmb-helpless")
    app.locator("#chk-cmb-helpless").dispatch_event("change")


def test_bad_input_shows_message_and_changes_nothing(app: Page) -> None:
    """An empty field, an off-ladder rung or an impossible range is refused and nothing changes."""
    goto_checks(app)
    skill_error = app.locator("#chk-skill-title").locator("xpath=../..").locator(".error")
    before = app.locator("#chk-skill-odds").inner_text()
    log_before = app.locator("#chk-log li").count()
    result_before = app.locator("#chk-skill-result").inner_text()
    set_value(app, "#chk-skill-sit", "")
    expect(skill_error).to_contain_text("Ситуационный модификатор")
    app.click("#chk-skill-roll")
    expect(skill_error).to_contain_text("Ситуационный модификатор")
    assert app.locator("#chk-skill-odds").inner_text() == before
    assert app.locator("#chk-skill-result").inner_text() == result_before
    assert app.locator("#chk-log li").count() == log_before
    set_value(app, "#chk-skill-sit", "0")
    expect(skill_error).to_be_hidden()
    before = app.locator("#chk-skill-odds").inner_text()
    app.evaluate(
        "() => { const s = document.getElementById('chk-skill');"
        " s.append(new Option('+7', '7')); s.value = '7'; s.dispatchEvent(new Event('change', { bubbles: true })); }"
    )
    expect(skill_error).to_contain_text("нет в списке")
    assert app.locator("#chk-skill-odds").inner_text() == before
    app.evaluate("() => { const s = document.getElementById('chk-skill'); s.lastElementChild.remove(); }")
    app.select_option("#chk-skill", "4")
    expect(skill_error).to_be_hidden()
    app.select_option("#chk-med-mode", "range")
    set_value(app, "#chk-med-low", "6")
    set_value(app, "#chk-med-high", "15")
    med_before = app.locator("#chk-med-odds").inner_text()
    set_value(app, "#chk-med-low", "16")
    expect(app.locator("#chk-med-title").locator("xpath=../..").locator(".error")).to_contain_text("больше")
    assert app.locator("#chk-med-odds").inner_text() == med_before
    set_value(app, "#chk-cmb-penalty", "2")
    expect(app.locator("#chk-cmb-title").locator("xpath=../..").locator(".error")).to_contain_text(
        "Штраф тяжёлой брони"
    )


def test_log_persists_and_clears(app: Page) -> None:
    """The log is a view of the journal of the evening (its entries, one record each); the clear
    button empties the view and keeps its mark in the panel's record (gm.panel.checks)."""
    goto_checks(app)
    app.click("#chk-skill-roll")
    saved = app.evaluate("gmStorage.journalEntries()")
    assert saved[0]["ru"] == app.locator("#chk-log li").first.inner_text()
    app.click("#chk-log-clear")
    expect(app.locator("#chk-log li")).to_have_count(0)
    expect(app.locator("#chk-log-empty")).to_be_visible()
    assert app.evaluate("async () => JSON.parse(await gmStorage.get('gm.panel.checks')).log_cleared")


def test_language_switch_keeps_controls(app: Page) -> None:
    """Switching to English translates the headings and keeps the checkboxes and ladders working."""
    goto_checks(app)
    app.click("#lang-switch")
    expect(app.locator("#chk-skill-title")).to_have_text("Skill check («Проверка навыка»)")
    expect(app.locator("label[for='chk-cmb-blockable']")).to_contain_text("Defence possible at all")
    expect(app.locator("#chk-cmb-blockable")).to_be_checked()
    expect(app.locator("#chk-skill option")).to_have_count(len(gauss.SKILL_LEVELS))
    app.click("#lang-switch")
    expect(app.locator("#chk-skill-title")).to_have_text("Проверка навыка")


def test_english_glosses_seed_terms_and_result_then_russian_again(browser: Browser, site_url: str) -> None:
    """In English the tier table glosses the Russian seed terms and a roll reads in English; Russian returns."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=11#checks", watch, "checks")
    page.click("#lang-switch")
    expect(page.locator("#chk-skill-title")).to_have_text("Skill check («Проверка навыка»)")
    tiers = cells(page, "#chk-skill-odds", 2)[:9]
    assert tiers[2] == "critical failure («критический провал»)"
    assert tiers[3] == "failure («провал»)"
    assert tiers == [TIER_EN[tier.key] for tier in gauss.TIERS]
    expect(page.locator("#chk-skill option[value='4']")).to_have_text("+4: apprentice («ученик»)")
    expect(page.locator("#chk-skill-mod")).to_contain_text("Net modifier: 0")
    page.click("#chk-skill-roll")
    result = page.locator("#chk-skill-result")
    expect(result).to_contain_text("Skill check (apprentice («ученик») +4 vs easy («легкая») −4): 3d20 = ")
    text = result.inner_text()
    value = int(re.search(r"→ (\d+)\.$", text).group(1))
    tier = gauss.tier_of(value)
    assert text.startswith(
        render(seed.TIER_HEADS[(tier.key, tier.success)], "en") + ". "
    )  # the verdict first
    assert "против" not in text and "модификатор" not in text
    expect(page.locator("#chk-log li").first).to_have_text(text)
    expect(page.locator("#chk-skill-odds tr.row-hit")).to_contain_text("← rolled")
    page.click("#lang-switch")
    expect(result).to_contain_text("Проверка навыка (ученик +4 против «легкая» −4): 3d20 = ")
    expect(result).to_contain_text(
        render(seed.TIER_HEADS[(tier.key, tier.success)], "ru") + ". Проверка навыка"
    )
    assert cells(page, "#chk-skill-odds", 2)[:9] == [
        TIER_TEXTS[t.key] + (" ← выпало" if t is tier else "") for t in gauss.TIERS
    ]
    expect(page.locator("#chk-skill option[value='4']")).to_have_text("+4: ученик")
    expect(page.locator("#chk-skill-mod")).to_contain_text("Итоговый модификатор: 0")
    context.close()
    watch.assert_clean()


def test_english_narration_and_messages_rerender_on_switch(browser: Browser, site_url: str) -> None:
    """Combat narration, median and opposed lines and an error message follow each language switch."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#checks", watch, "checks")
    page.click("#chk-cmb-roll")
    narration = page.locator("#chk-cmb-narration li")
    russian = narration.all_inner_texts()
    assert russian[0].startswith("Атака: 3d20 = ")
    page.click("#chk-med-demon")
    page.click("#chk-med-roll")
    set_value(page, "#chk-opp-droll", "12")
    set_value(page, "#chk-skill-sit", "")
    skill_error = page.locator("#chk-skill-title").locator("xpath=../..").locator(".error")
    expect(skill_error).to_contain_text("Ситуационный модификатор")
    page.click("#lang-switch")
    expect(narration.first).to_contain_text("Attack: 3d20 = ")
    english = narration.all_inner_texts()
    assert len(english) == len(russian)
    assert not any(re.search("[а-яё]", line, re.IGNORECASE) for line in english), english
    expect(page.locator("#chk-cmb-result")).to_contain_text("Exchange: ")
    expect(page.locator("#chk-cmb-lands")).to_contain_text("The attack lands: ")
    expect(page.locator("#chk-med-result")).to_contain_text("Median roll: 3d20 = ")
    expect(page.locator("#chk-med-odds")).to_contain_text("not enough mana")
    expect(page.locator("#chk-opp-window")).to_contain_text(
        "Defence 12 (typed by the GM): the attack fails on 9–12"
    )
    expect(skill_error).to_contain_text("Situational modifier")
    expect(page.locator("#chk-madness-state")).to_contain_text("Failures in the series: 0")
    page.click("#lang-switch")
    expect(narration.first).to_have_text(russian[0])
    assert narration.all_inner_texts() == russian
    expect(page.locator("#chk-cmb-result")).to_contain_text("Обмен: ")
    expect(page.locator("#chk-med-result")).to_contain_text("Бросок медианы: 3d20 = ")
    expect(page.locator("#chk-opp-window")).to_contain_text("провал атаки при 9–12")
    expect(skill_error).to_contain_text("Ситуационный модификатор")
    context.close()
    watch.assert_clean()


def test_bad_input_then_english_has_no_stray_russian_and_russian_returns(
    browser: Browser, site_url: str
) -> None:
    """A roll, junk in «Бросок защиты» (refused, its stale window gone), a switch to English: the
    panel's visible text has Russian only inside «…»; switching back gives Russian again."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5#checks", watch, "checks")
    page.click("#chk-skill-roll")
    page.click("#chk-cmb-roll")
    set_value(page, "#chk-opp-droll", "12")
    expect(page.locator("#chk-opp-window")).to_contain_text("Защита 12 (введено мастером)")
    field = page.locator("#chk-opp-droll")  # a number field: a lone minus only from the keyboard
    field.click()
    field.press("Control+a")
    page.keyboard.type("-")
    field.dispatch_event("change")
    opp_error = page.locator("#chk-opp-title").locator("xpath=../..").locator(".error")
    expect(opp_error).to_contain_text("Бросок защиты")
    expect(page.locator("#chk-opp-window")).to_contain_text("ещё не сделан")
    log_count = page.locator("#chk-log li").count()
    page.click("#chk-opp-roll")  # refused: the junk is not silently rolled over
    expect(opp_error).to_contain_text("Бросок защиты")
    assert page.locator("#chk-log li").count() == log_count
    page.click("#lang-switch")
    expect(page.locator("#chk-skill-title")).to_have_text("Skill check («Проверка навыка»)")
    expect(opp_error).to_contain_text("Defence roll")
    shown = page.locator("#checks").inner_text()
    stray = [line for line in shown.splitlines() if CYRILLIC.search(re.sub(r"«[^»]*»", "", line))]
    assert stray == []
    assert "No defence roll yet" in shown and "Defence 12" not in shown
    page.click("#lang-switch")
    expect(page.locator("#chk-skill-title")).to_have_text("Проверка навыка")
    expect(opp_error).to_contain_text("Бросок защиты")
    expect(page.locator("#chk-skill-result")).to_contain_text("Проверка навыка (")
    context.close()
    watch.assert_clean()


def test_combat_takes_the_manoeuvre_s_difficulty_and_situation(app: Page) -> None:
    """Seed 000: the attack check counts «все то, что позволяет лучше выполнить маневр атаки». A
    combat skill of +10 alone makes the attack land far more often than a +0 attacker's; against a
    manoeuvre of difficulty −10 the odds before the exchange are a +0 attacker's again, and the
    attack's modifier names its parts."""
    goto_checks(app)
    if app.locator("#checks-tab-combat").is_visible():
        app.click("#checks-tab-combat")
    for field in ("#chk-cmb-att", "#chk-cmb-def", "#chk-cmb-sit", "#chk-cmb-armour", "#chk-cmb-penalty"):
        set_value(app, field, "0")  # the tests before leave their own fight
    app.select_option("#chk-cmb-diff", "0")
    expect(app.locator("#chk-cmb-mod")).to_have_text(
        re.compile(r"\(навык [+]?0, сложность манёвра 0, ситуация 0\)")
    )
    expect(app.locator("#chk-cmb-lands")).to_contain_text("Модификатор проверки защиты: 0")
    plain = app.locator("#chk-cmb-lands").inner_text()  # a +0 attacker's odds
    set_value(app, "#chk-cmb-att", "10")
    expect(app.locator("#chk-cmb-lands")).not_to_have_text(plain)
    expect(app.locator("#chk-cmb-mod")).to_have_text(
        "Модификатор атаки: +10 (навык +10, сложность манёвра 0, ситуация 0)."
    )
    app.select_option("#chk-cmb-diff", "-10")
    expect(app.locator("#chk-cmb-lands")).to_have_text(plain)
    set_value(app, "#chk-cmb-sit", "2")
    expect(app.locator("#chk-cmb-mod")).to_have_text(
        "Модификатор атаки: +2 (навык +10, сложность манёвра −10, ситуация +2)."
    )
    for field, value in (("#chk-cmb-att", "0"), ("#chk-cmb-sit", "0")):
        set_value(app, field, value)
    app.select_option("#chk-cmb-diff", "0")
