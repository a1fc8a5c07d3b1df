"""The roller panel's logic on CPython: actions, view in both languages, saved state."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import pytest

from kit.form import InputError
from kit.journal import Note
from kit.msg import render
from kit.panel import Outcome
from kit.roll import Roll
from kit.view import texts
from panels.roller import panel as roller
from rules import gauss

CYRILLIC = re.compile("[А-Яа-яЁё]")


def _roll(state: roller.State, luck: str = "5", seed: int = 1) -> roller.State:
    result = roller.roll(random.Random(seed), state, {"gauss-luck": luck})
    assert isinstance(result, Outcome)
    return result.state


def test_a_roll_is_the_rules_roll_with_the_same_rng() -> None:
    """The panel rolls exactly what rules.gauss.roll rolls (fair dice, the given generator)."""
    state = _roll(roller.State(), "7", seed=42)
    assert state.last == gauss.roll(random.Random(42), 7)


def test_bad_luck_changes_nothing() -> None:
    """Luck outside 1…9 or junk raises InputError; the caller keeps the old state."""
    for raw in ("0", "10", "x", ""):
        with pytest.raises(InputError):
            roller.roll(random.Random(1), roller.State(), {"gauss-luck": raw})


def test_the_view_shows_the_exact_odds_of_the_chosen_luck() -> None:
    """20 rows; P(=) of each value is rules.gauss.distribution's, formatted; impossible values say so."""
    view = roller.view(roller.State(luck=9))
    rows = view["gauss-odds"].children
    assert rows is not None and len(rows) == 20
    dist = gauss.distribution(9)
    first_possible = min(dist)
    assert render(rows[0].children[1].text, "ru") == "невозможно"
    row = rows[first_possible - 1]
    assert render(row.children[1].text, "en").endswith("%")


def test_english_view_has_no_russian_after_rolls() -> None:
    """Every text of the view in English is free of Cyrillic, before and after a roll with luck."""
    state = roller.State()
    for luck in ("5", "3"):
        state = _roll(state, luck)
        for shown in texts(roller.view(state), "en"):
            assert not CYRILLIC.search(shown), shown


def test_the_log_line_follows_the_language() -> None:
    """The log line is a message: Russian and English from the same roll."""
    result = roller.roll(random.Random(3), roller.State(), {"gauss-luck": "8"})
    assert "с удачей 8" in render(result.log, "ru")
    assert "with luck 8" in render(result.log, "en")


def test_dump_and_load_round_trip() -> None:
    """The luck and the last roll survive a reload."""
    state = _roll(roller.State(), "6")
    assert roller.load(roller.dump(state)) == state
    assert roller.load(roller.dump(roller.State())) == roller.State()


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"luck": 0},
        {"luck": "5"},
        {"luck": 5, "last": {"dice": [1, 2], "luck": 5}},
        {"luck": 5, "last": {"dice": [1, 2, 21], "luck": 5}},
        {"luck": 5, "last": {"dice": [1, 2, True], "luck": 5}},
        {"luck": 5, "last": "x"},
    ],
)
def test_load_refuses_what_the_dice_could_not_have_made(raw: object) -> None:
    """Malformed saved data raises ValueError (the kit then drops it with a notice)."""
    with pytest.raises(ValueError):
        roller.load(raw)


ROLL_BUTTON = roller.panel(random.Random(3)).actions["#gauss-roll"]


def test_dice_from_the_table_give_the_roll_of_those_dice() -> None:
    """``17 5 2`` at luck 5 is GaussD20 8, shown and logged «со стола»; the field empties."""
    done = ROLL_BUTTON(roller.State(), {"gauss-luck": "5", "gauss-roll-table": "17 5 2"})
    assert isinstance(done, Outcome)
    assert done.state.last == gauss.GaussRoll((17, 5, 2), 5, 8, 8) and done.state.from_table
    assert render(done.log, "ru").endswith("(со стола)")
    shown = roller.view(done.state)
    assert render(shown["gauss-result"].text, "en").endswith("(from the table)")
    assert [render(shown[f"gauss-die-{i}"].text, "en") for i in range(3)] == ["17", "5", "2"]
    assert ("gauss-roll-table", "") in done.effects[-1].values  # type: ignore[union-attr]


def test_impossible_table_dice_change_nothing() -> None:
    """A 21 on a d20, too few or too many dice: a message naming it, the last roll stays."""
    for typed, words in (("21 5 2", "21"), ("17 5", "(2)"), ("17 5 2 9", "4")):
        with pytest.raises(InputError) as refused:
            ROLL_BUTTON(roller.State(), {"gauss-luck": "5", "gauss-roll-table": typed})
        assert words in render(refused.value.message, "ru")


def test_an_empty_table_field_rolls_as_before() -> None:
    done = ROLL_BUTTON(roller.State(), {"gauss-luck": "5", "gauss-roll-table": "  "})
    assert isinstance(done, Outcome) and not done.state.from_table and len(done.state.last.dice) == 3  # type: ignore[union-attr]


def test_a_typed_gauss_value_survives_a_reload() -> None:
    """``=8`` at luck 7: no dice to show, GaussD20 8 shifted by luck; saved and loaded as it was."""
    done = ROLL_BUTTON(roller.State(), {"gauss-luck": "7", "gauss-roll-table": "=8"})
    assert isinstance(done, Outcome)
    state = done.state
    assert state.last == gauss.GaussRoll((), 7, 8, gauss.apply_luck(8, 7))
    assert roller.load(roller.dump(state)) == state
    assert render(roller.view(state)["gauss-die-0"].text, "en") == "–"


def _roll_data(done: object) -> Roll:
    assert isinstance(done, Outcome)
    notes = [e for e in done.effects if isinstance(e, Note) and e.roll is not None]
    assert len(notes) == 1
    roll = notes[0].roll
    assert roll is not None
    return roll


@pytest.mark.parametrize("luck", [1, 5, 9])
def test_a_roll_carries_its_dice_and_exact_odds_as_data(luck: int) -> None:
    """The journal's data of a roll: three d20, their total, the value, and P(value | luck)
    counted over all 8,000 throws of three d20."""
    for seed in range(5):
        done = roller.roll(random.Random(seed), roller.State(), {"gauss-luck": str(luck)})
        data = _roll_data(done)
        last = done.state.last
        assert last is not None
        assert data.rule == "gauss.roll" and not data.by_hand
        assert data.dice == tuple((20, face) for face in last.dice) and data.total == sum(last.dice)
        assert data.outcome == str(last.value)
        throws = itertools.product(range(1, 21), repeat=3)
        values = [gauss.apply_luck((sum(t) + 1) // 3, luck) for t in throws]
        assert data.p == Fraction(values.count(last.value), 8000)
        assert data.below == Fraction(sum(v < last.value for v in values), 8000)


def test_dice_from_the_table_are_marked_as_rolled_by_hand() -> None:
    action = roller.panel(random.Random(1)).actions["#gauss-roll"]
    data = _roll_data(action(roller.State(), {"gauss-luck": "5", "gauss-roll-table": "20 20 20"}))
    assert data.by_hand and data.dice == ((20, 20),) * 3 and data.outcome == "20"
    assert data.p == Fraction(4, 8000)  # 3d20 totals 59 and 60
    typed = _roll_data(action(roller.State(), {"gauss-luck": "5", "gauss-roll-table": "=7"}))
    assert typed.by_hand and typed.dice == () and typed.total is None and typed.outcome == "7"
