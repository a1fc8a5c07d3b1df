"""Median roll («Бросок медианы»): a window around the centre, its inverted form, the demonologist.

>>> from kit.msg import render
>>> state = read(State(), {**FORM, "chk-med-int": "7", "chk-med-luck": "4"})
>>> render(view(state)["chk-med-mapping"].text, "en").split(". ")[1]
'Window 9–12 → 9–13; success: 52.38%.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from kit.form import Form, InputError, read_bool, read_choice, read_int
from kit.journal import Note
from kit.msg import Cat, Renderable, pct, signed
from kit.panel import Outcome, SetFields
from kit.view import Show, View
from panels.checks import parts, rolls, seed, text
from panels.shell.table import mark_table, rolled_by_hand
from rules import gauss

__all__ = ["FORM", "Rolled", "State", "demon", "dump", "load", "read", "roll", "view"]

MODES = ("radius", "range")
STAT_RANGE = (-20, 20)
FORM = {
    "chk-med-mode": "radius",
    "chk-med-radius": "1",
    "chk-med-low": "9",
    "chk-med-high": "12",
    "chk-med-inverted": False,
    "chk-med-int": "5",
    "chk-med-luck": "5",
    "chk-med-train": "0",
    "chk-med-sit": "0",
}


@dataclass(frozen=True)
class Rolled:
    """A rolled median check and the window it was asked for (before the modifier)."""

    base: tuple[int, int]
    result: gauss.MedianResult
    from_table: bool = False  # its dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class State:
    window: tuple[int, int] = (9, 12)
    inverted: bool = False
    intelligence: int = gauss.NEUTRAL_LUCK
    luck: int = gauss.NEUTRAL_LUCK
    training: int = 0
    situational: int = 0
    last: Rolled | None = None

    @property
    def modifier(self) -> int:
        return gauss.median_modifier(
            intelligence=self.intelligence,
            luck=self.luck,
            training=self.training,
            situational=self.situational,
        )


def read(state: State, form: Form) -> State:
    """The inputs; a bad one raises InputError and nothing changes. The last roll stays."""
    mode = read_choice(form, "chk-med-mode", MODES, text.WINDOW)
    if mode == "radius":
        window = gauss.radius_window(read_int(form, "chk-med-radius", 0, 9, text.RADIUS))
    else:
        low = read_int(form, "chk-med-low", 1, 20, text.WINDOW_FROM)
        high = read_int(form, "chk-med-high", 1, 20, text.WINDOW_TO)
        if low > high:
            raise InputError(text.WINDOW_REVERSED(low=low, high=high))
        window = (low, high)
    return replace(
        state,
        window=window,
        inverted=read_bool(form, "chk-med-inverted"),
        intelligence=read_int(form, "chk-med-int", gauss.LUCK_MIN, gauss.LUCK_MAX, text.INTELLIGENCE),
        luck=read_int(form, "chk-med-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.LUCK),
        training=read_int(form, "chk-med-train", *STAT_RANGE, text.TRAINING),
        situational=read_int(form, "chk-med-sit", *STAT_RANGE, text.SITUATION),
    )


def _demonologist(base: tuple[int, int], inverted: bool) -> bool:
    return base == gauss.DEMONOLOGIST_WINDOW and not inverted


def line(rolled: Rolled) -> Renderable:
    result = rolled.result
    sentence = text.MEDIAN_LINE(
        roll=parts.roll_text(result.roll),
        window=parts.window_text(result.window),
        inverted=text.INVERTED_MARK if result.inverted else "",
        side=text.SIDES[result.side],
        verdict=text.SUCCESS_WORD if result.success else text.FAILURE_WORD,
    )
    if _demonologist(rolled.base, result.inverted):
        return Cat((sentence, seed.DEMONOLOGIST[result.side]), " ")
    return sentence


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    new = read(state, form)
    result = gauss.median_roll(rng, *new.window, modifier=new.modifier, inverted=new.inverted)
    rolled = Rolled(new.window, result, rolled_by_hand(rng))
    odds = gauss.median_odds(*new.window, modifier=new.modifier, inverted=new.inverted)
    data = Note(roll=rolls.median(odds, result))
    return Outcome(replace(new, last=rolled), log=line(rolled), effects=(data,))


def demon(state: State, form: Form) -> Outcome[State]:
    """The seed's demonologist: a plain 6–15 window with every modifier at its base."""
    low, high = gauss.DEMONOLOGIST_WINDOW
    values: dict[str, str | bool] = {
        **FORM,
        "chk-med-mode": "range",
        "chk-med-low": str(low),
        "chk-med-high": str(high),
    }
    new = replace(State(), window=gauss.DEMONOLOGIST_WINDOW, last=state.last)
    return Outcome(new, effects=(SetFields(tuple(values.items())),))


def _meaning(side: str, state: State) -> Renderable:
    if state.inverted:
        return text.INVERTED_FAIL if side == gauss.INSIDE else text.INVERTED_WIN
    if _demonologist(state.window, False):
        return seed.DEMONOLOGIST[side]
    return {gauss.BELOW: text.MISS_BELOW, gauss.INSIDE: text.HIT, gauss.ABOVE: text.MISS_ABOVE}[side]


def view(state: State) -> View:
    modifier = state.modifier
    odds = gauss.median_odds(*state.window, modifier=modifier, inverted=state.inverted)
    low, high = odds.window
    last = state.last
    same = last is not None and last.result.window == odds.window and last.result.inverted == state.inverted
    hit = last.result.side if same and last is not None else None
    sides = [
        (gauss.BELOW, odds.below, (1, low - 1)),
        (gauss.INSIDE, odds.inside, (low, high)),
        (gauss.ABOVE, odds.above, (high + 1, 20)),
    ]
    bar, legend = parts.stack([(side, text.SIDES[side], p) for side, p, _ in sides], hit)
    rows = tuple(
        parts.hit_row(
            (parts.marked(text.SIDES[side], side == hit), parts.span(*span), _meaning(side, state), pct(p)),
            side == hit,
        )
        for side, p, span in sides
    )
    return {
        "chk-med-mapping": Show(
            text=text.MEDIAN_MAPPING(
                intelligence=state.intelligence,
                luck=state.luck,
                training=signed(state.training),
                situational=signed(state.situational),
                modifier=signed(modifier),
                window=parts.window_text(state.window),
                adjusted=parts.window_text(odds.window),
                forbidden=text.FORBIDDEN if state.inverted else "",
                success=pct(odds.success),
            )
        ),
        "chk-med-result": Show(text="" if last is None else mark_table(line(last), last.from_table)),
        "chk-med-bar": Show(children=bar, attrs=(("aria-hidden", "true"),)),
        "chk-med-legend": Show(children=legend),
        "chk-med-odds": Show(children=rows),
    }


def dump(state: State) -> dict[str, Any]:
    return {
        "window": list(state.window),
        "inverted": state.inverted,
        "intelligence": state.intelligence,
        "luck": state.luck,
        "training": state.training,
        "situational": state.situational,
    }


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("median state must be an object")
    window = raw.get("window")
    if not isinstance(window, list) or len(window) != 2:
        raise ValueError("a median window is [low, high]")
    low = parts.saved_int({"low": window[0]}, "low", 1, 20)
    high = parts.saved_int({"high": window[1]}, "high", low, 20)
    return State(
        (low, high),
        parts.saved_bool(raw, "inverted"),
        parts.saved_int(raw, "intelligence", gauss.LUCK_MIN, gauss.LUCK_MAX),
        parts.saved_int(raw, "luck", gauss.LUCK_MIN, gauss.LUCK_MAX),
        parts.saved_int(raw, "training", *STAT_RANGE),
        parts.saved_int(raw, "situational", *STAT_RANGE),
    )
