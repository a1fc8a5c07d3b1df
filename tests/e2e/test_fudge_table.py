"""Dice from the table in the FUDGE panel: each roll button's ``-table`` field.

The dice roll (``fudge-roll-dice-table``), the action (``fudge-act-roll-table``) and the attack
(``fudge-attack-table``, the attack's dice then the dodge's, separated by ``;``) take the faces
the GM rolled by hand: the result shown and the log line say «со стола», the field is emptied,
and dice that do not fit are refused with a message while the last result stays.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect


def _open(app: Page) -> None:
    app.goto(app.url.split("#")[0] + "#fudge")
    expect(app.locator("#fudge-title")).to_be_visible()


def _set(app: Page, selector: str, value: str) -> None:
    """Type a value and fire the change event, as leaving the field does."""
    app.fill(selector, value)
    app.locator(selector).dispatch_event("change")


def _error(app: Page, part: str) -> object:
    return app.locator(f"#{part} .error:not([hidden])")


def test_typed_faces_in_the_dice_roll_are_marked_in_the_result(app: Page) -> None:
    """``+ + + - 0 0`` typed, Enter: the 6dF result is +2, shown and logged «со стола»; the next
    random roll is not marked."""
    _open(app)
    app.select_option("#fudge-dice", "6dF")
    app.fill("#fudge-roll-dice-table", "+ + + - 0 0")
    app.press("#fudge-roll-dice-table", "Enter")
    result = app.locator("#fudge-dice-result")
    expect(result).to_contain_text("+2")
    expect(result).to_contain_text("(со стола)")
    expect(app.locator("#fudge-log li").first).to_contain_text("со стола")
    expect(app.locator("#fudge-roll-dice-table")).to_have_value("")
    app.click("#fudge-roll-dice")
    expect(result).not_to_contain_text("со стола")


def test_typed_faces_in_the_action_roll(app: Page) -> None:
    """Against difficulty 0 with nothing added, ``+ + + - 0 0`` is a margin of +2: shown on the
    chart and in the result, «со стола»; too few faces are refused and the result stays."""
    _open(app)
    app.select_option("#fudge-dice", "6dF")
    app.select_option("#fudge-mode", "one")
    app.select_option("#fudge-a-skill-mode", "have")
    for field in ("attr", "skill", "adj", "tech", "mod"):
        _set(app, f"#fudge-a-{field}", "0")
    app.select_option("#fudge-diff", "0")
    app.fill("#fudge-act-roll-table", "+ + + - 0 0")
    app.click("#fudge-act-roll")
    result = app.locator("#fudge-act-result")
    expect(result).to_contain_text("величина успеха +2")
    expect(result).to_contain_text("(со стола)")
    expect(app.locator("#fudge-act-chart .bar-hit")).to_have_text("+2")
    expect(app.locator("#fudge-log li").first).to_contain_text("со стола")
    expect(app.locator("#fudge-act-roll-table")).to_have_value("")
    before = result.inner_text()
    app.fill("#fudge-act-roll-table", "+ + +")
    app.click("#fudge-act-roll")
    expect(_error(app, "fudge-act-part")).to_contain_text("Кости со стола")
    expect(result).to_have_text(before)


def test_typed_faces_in_the_attack_roll(app: Page) -> None:
    """An attack of +0 against a dodge of +0: ``+ + + + + +; - - - - - -`` rolls +6 against −6,
    a hit, shown and logged «со стола»; a face FUDGE dice do not have is refused, the result stays."""
    _open(app)
    app.select_option("#fudge-dice", "6dF")
    _set(app, "#fudge-att", "0")
    _set(app, "#fudge-def", "0")
    _set(app, "#fudge-range", "")
    _set(app, "#fudge-bullets", "")
    if app.locator("#fudge-no-dodge").is_checked():
        app.uncheck("#fudge-no-dodge")
    app.fill("#fudge-attack-table", "+ + + + + +; - - - - - -")
    app.click("#fudge-attack")
    result = app.locator("#fudge-att-result")
    expect(result).to_contain_text("Попадание")
    expect(result).to_contain_text("(со стола)")
    expect(app.locator("#fudge-log li").first).to_contain_text("со стола")
    expect(app.locator("#fudge-attack-table")).to_have_value("")
    before = result.inner_text()
    app.fill("#fudge-attack-table", "+ + + + + +; - - - - - 7")
    app.click("#fudge-attack")
    expect(_error(app, "fudge-att-part")).to_contain_text("7 (№ 12)")
    expect(result).to_have_text(before)
