"""Dice from the table in the checks panel: one test per ``-table`` field beside a roll
button (the skill check's is in test_table_dice.py). Typed dice give the result of their value,
worded and marked in the table as a rolled one, and «со стола» on the result line and in the log;
an impossible die is refused with a message naming it, and the last result and the log stay.

What the page shows is compared with the panel's own code run here on the same dice
(``rules.table_dice``), and with the seed's word for the outcome those dice must give.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from playwright.sync_api import Page, expect

from kit.msg import Msg, render
from kit.panel import outcome
from panels.checks import seed, text
from panels.checks.panel import FORM, State, panel
from rules import gauss
from rules.table_dice import TableDice

PANEL = "checks"
CHECKS = panel(random.Random(1))


@dataclass(frozen=True)
class Field:
    button: str  # the roll button; its field is ``button-table``
    result: str  # the element with the result line
    typed: str  # dice that fit
    said: Msg  # the seed's word for what those dice give, shown with the result
    impossible: str  # dice that do not fit
    refused: str  # what the message says of them


def expected(field: Field) -> str:
    """The result line the panel's own code gives for ``field.typed`` from its initial state."""
    done = outcome(
        CHECKS.actions[f"#{field.button}"](State(), {**FORM, f"{field.button}-table": field.typed})
    )
    return render(CHECKS.view(done.state)[field.result].text, "ru")


def _typed_then_impossible(app: Page, field: Field) -> None:
    table = f"#{field.button}-table"
    result = app.locator(f"#{field.result}")
    log = app.locator("#chk-log li")
    app.fill(table, field.typed)
    app.press(table, "Enter")  # Enter in the field runs its button
    expect(result).to_have_text(expected(field))
    expect(result).to_contain_text(
        re.compile(re.escape(field.said.ru), re.IGNORECASE)
    )  # the verdict leads, capitalised
    expect(result).to_contain_text("(со стола)")
    expect(log.first).to_contain_text("со стола")
    expect(app.locator(table)).to_have_value("")
    before, logged = result.inner_text(), log.count()
    app.fill(table, field.impossible)
    app.click(f"#{field.button}")
    error = (
        app.locator(f"#{field.button}").locator("xpath=ancestor::section[1]").locator(".error:not([hidden])")
    )
    expect(error).to_contain_text(field.refused)
    assert result.inner_text() == before
    assert log.count() == logged
    expect(app.locator(table)).to_have_value(field.impossible)
    app.fill(table, "")


def test_typed_dice_in_the_median_roll_land_on_their_side_of_the_window(app: Page) -> None:
    """``4 6 2`` is GaussD20 4: below the 9–12 window (the row is marked); ``21 5 2`` is refused."""
    field = Field("chk-med-roll", "chk-med-result", "4 6 2", text.BELOW, "21 5 2", "21 (№ 1)")
    _typed_then_impossible(app, field)
    expect(app.locator("#chk-med-odds tr.row-hit")).to_contain_text(text.BELOW.ru)


def test_typed_dice_in_the_madness_series(app: Page) -> None:
    """``=20`` (a GaussD20 value typed as it is) is above the window: the seed's words for it;
    ``=21`` is no GaussD20 value."""
    app.click("#chk-madness-reset")
    said = seed.SERIES_MISS[(gauss.MADNESS, gauss.ABOVE)]
    _typed_then_impossible(app, Field("chk-madness-roll", "chk-madness-result", "=20", said, "=21", "=21"))


def test_typed_dice_in_the_horror_series(app: Page) -> None:
    """``20 20 19`` is GaussD20 20, above the window: the seed's words for it (the series goes on);
    four dice are one too many."""
    app.click("#chk-horror-reset")
    said = seed.SERIES_MISS[(gauss.HORROR, gauss.ABOVE)]
    field = Field("chk-horror-roll", "chk-horror-result", "20 20 19", said, "17 5 2 4", "введено 4")
    _typed_then_impossible(app, field)


def test_typed_dice_in_the_opposed_check_pierce_or_hold_by_their_values(app: Page) -> None:
    """Defence ``10 10 10`` (10: the attack fails on 10–11), then attack ``3 3 3``: pierced; then
    attack ``10 10 10`` against it: held. A 25 on a d20 is refused."""
    field = Field("chk-opp-roll", "chk-opp-result", "10 10 10; 3 3 3", text.PIERCED, "10 10 10; 3 3 25", "25")
    _typed_then_impossible(app, field)
    held = Field("chk-opp-roll", "chk-opp-result", "10 10 10; 10 10 10", text.HELD, "1 1 1", "больше кубиков")
    _typed_then_impossible(app, held)


def test_typed_dice_in_a_combat_exchange_give_its_ending(app: Page) -> None:
    """Each stage the exchange needs, in order, separated by ``;``: the ending of those dice, by
    the rules run here on the same dice; too few dice for the stages needed are refused."""
    typed = "10 10 10; 10 10 10; 10 10 10; 3 3 3"
    ending = gauss.resolve_exchange(TableDice.parse(typed), gauss.CombatSetup()).ending
    field = Field(
        "chk-cmb-roll", "chk-cmb-result", typed, seed.ENDINGS[ending], "10 10 10; 10 10", "больше кубиков"
    )
    _typed_then_impossible(app, field)
    expect(app.locator("#chk-cmb-endings tr.row-hit")).to_contain_text(seed.ENDINGS[ending].ru)
