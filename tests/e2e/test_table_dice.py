"""Dice from the table (issue 24): a roll button takes the dice typed in its ``-table`` field."""

from __future__ import annotations

from playwright.sync_api import Page, expect


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
