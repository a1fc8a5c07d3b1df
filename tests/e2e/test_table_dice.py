"""Dice from the table: a roll button takes the dice typed in its ``-table`` field."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from panels.checks import seed


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")


def test_typed_dice_give_their_gauss_value_in_the_roller(app: Page) -> None:
    """``17 5 2`` at luck 5 is GaussD20 8, marked «со стола», logged; Enter in the field rolls."""
    _open(app, "roller")
    app.fill("#gauss-luck", "5")
    app.locator("#gauss-luck").dispatch_event("change")
    app.fill("#gauss-roll-table", "17 5 2")
    app.press("#gauss-roll-table", "Enter")
    expect(app.locator("#gauss-value")).to_have_text("8")
    expect(app.locator("#gauss-result")).to_contain_text("со стола")
    assert [app.locator(f"#gauss-die-{i}").inner_text() for i in range(3)] == ["17", "5", "2"]
    expect(app.locator("#gauss-log li").first).to_contain_text("17 + 5 + 2 = 24")
    expect(app.locator("#gauss-log li").first).to_contain_text("со стола")
    expect(app.locator("#gauss-roll-table")).to_have_value("")
    expect(app.locator("#gauss-chart .bar-hit")).to_have_count(1)


def test_impossible_table_dice_are_refused_and_the_last_result_stays(app: Page) -> None:
    """``21 5 2``: a message naming the 21; the last result and the log stay as they were."""
    _open(app, "roller")
    app.fill("#gauss-roll-table", "3 3 3")
    app.click("#gauss-roll")
    expect(app.locator("#gauss-value")).to_have_text("3")
    before, logged = app.locator("#gauss-result").inner_text(), app.locator("#gauss-log li").count()
    app.fill("#gauss-roll-table", "21 5 2")
    app.click("#gauss-roll")
    expect(app.locator("#roller .error")).to_contain_text("21")
    assert app.locator("#gauss-result").inner_text() == before
    assert app.locator("#gauss-log li").count() == logged
    expect(app.locator("#gauss-roll-table")).to_have_value("21 5 2")


def test_typed_dice_in_the_notation_roll_keep_and_drop_as_rolled(app: Page) -> None:
    """``6 5 1 3`` for 4d6kh3: the 1 is dropped, 14 is highlighted in the odds, the log says «со стола»."""
    _open(app, "notation")
    app.fill("#notation-expr", "4d6kh3")
    app.fill("#notation-roll-table", "6 5 1 3")
    app.click("#notation-roll")
    expect(app.locator("#notation-dice .die-big")).to_have_text("14")
    expect(app.locator("#notation-dice .nd-dropped")).to_contain_text("1")
    expect(app.locator("#notation-table tr.nd-hit th")).to_contain_text("14")
    expect(app.locator("#notation-log li").first).to_contain_text("со стола")
    expect(app.locator("#notation-result")).to_contain_text("со стола")
    app.fill("#notation-roll-table", "6 5 1 7")
    app.click("#notation-roll")
    expect(app.locator("#notation .error").first).to_contain_text("7 (№ 4)")


def test_typed_dice_in_an_ite_check(app: Page) -> None:
    """The seed's single check (20 + 3к6 against 18 + 3к6 … ): typed dice are shown in the roll table."""
    _open(app, "ite")
    app.select_option("#ite-preset", "single")
    app.fill("#ite-roll-table", "6 6 6")
    app.click("#ite-roll")
    expect(app.locator("#ite-result")).to_contain_text("со стола")
    expect(app.locator("#ite-rolls")).to_contain_text("(6 + 6 + 6)")
    expect(app.locator("#ite-log li").first).to_contain_text("со стола")


def test_typed_dice_in_a_skill_check_give_the_tier_of_their_value(app: Page) -> None:
    """``4 6 2`` with no modifiers is GaussD20 4: a critical failure."""
    _open(app, "checks")
    app.fill("#chk-skill-roll-table", "4 6 2")
    app.click("#chk-skill-roll")
    expect(app.locator("#chk-skill-result")).to_contain_text("4+6+2")
    expect(app.locator("#chk-skill-result")).to_contain_text("(со стола)")
    expect(app.locator("#chk-skill-odds tr.row-hit")).to_contain_text(seed.TIERS["critical_failure"].ru)
    expect(app.locator("#chk-log li").first).to_contain_text("со стола")


def test_typed_fudge_faces_in_the_dice_roll(app: Page) -> None:
    """``+ + + - 0 0`` on 6dF is +2; a face a FUDGE die does not have is refused."""
    _open(app, "fudge")
    app.select_option("#fudge-dice", "6dF")
    app.fill("#fudge-roll-dice-table", "+ + + - 0 0")
    app.click("#fudge-roll-dice")
    expect(app.locator("#fudge-dice-result")).to_contain_text("+2")
    app.fill("#fudge-roll-dice-table", "+ + + - 0 2")
    app.click("#fudge-roll-dice")
    expect(app.locator("#fudge .error:not([hidden])")).to_contain_text("2 (№ 6)")
