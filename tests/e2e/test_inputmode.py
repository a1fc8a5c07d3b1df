"""A field that takes a negative number never asks a phone for the digits-only keypad
(``inputmode="numeric"``: iOS's has no minus key), in any panel; junk is still refused."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from panels.registry import NAMES

FIELDS = """panel => [...document.getElementById(panel).querySelectorAll('input')]
  .filter(f => f.type === 'number' || f.type === 'text')
  .map(f => ({id: f.id, type: f.type, mode: f.getAttribute('inputmode'), min: f.getAttribute('min'),
              pattern: f.getAttribute('pattern')}))"""


def test_no_negative_capable_field_asks_for_the_digits_keypad(app: Page) -> None:
    """Walk every panel: a number field whose minimum is below zero (or unbounded) has no
    ``inputmode="numeric"``; a text field with it declares digits only (``pattern="[0-9]*"``), and
    the ITE margin-critical bound, which takes «−N», asks for none."""
    negative: list[str] = []
    for name in NAMES:
        app.goto(app.url.split("#")[0] + f"#{name}")
        expect(app.locator(f"#{name}")).to_be_visible()
        for field in app.evaluate(FIELDS, name):
            if field["type"] == "number":
                takes_minus = field["min"] is None or int(field["min"]) < 0
            else:
                takes_minus = field["pattern"] != "[0-9]*"
            if takes_minus:
                negative.append(field["id"])
                assert field["mode"] != "numeric", field
    # the fields the issue named are among them: situational modifiers, armour penalty, ITE Мф/УрС
    assert {"chk-skill-sit", "chk-cmb-penalty", "ite-i-mod", "ite-i-dif", "ite-i-crit-low"} <= set(negative)


def test_a_minus_can_be_typed_and_junk_is_refused(app: Page) -> None:
    """A typed «-3» is read as −3; a lone «-» is refused with a message naming the field."""
    app.goto(app.url.split("#")[0] + "#checks")
    field = app.locator("#chk-skill-sit")
    field.click()
    field.press("Control+a")
    app.keyboard.type("-3")
    field.press("Tab")
    expect(app.locator("#chk-skill-mod")).to_contain_text("ситуация −3")
    field.click()
    field.press("Control+a")
    app.keyboard.type("-")
    field.press("Tab")
    error = app.locator("#checks .error:visible").first
    expect(error).to_contain_text("Ситуац")
    field.click()
    field.press("Control+a")
    app.keyboard.type("0")
    field.press("Tab")
    expect(app.locator("#checks .error:visible")).to_have_count(0)
