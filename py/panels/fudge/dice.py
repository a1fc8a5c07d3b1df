"""FUDGE dice sub-tool (seed 002, 1.0): the chosen dice's exact odds on the ladder, and a roll."""

from __future__ import annotations

import random
from dataclasses import replace

from kit import fmt
from kit.form import Form, read_choice
from kit.journal import Note
from kit.msg import Cat, Renderable, pct, signed
from kit.panel import Outcome
from kit.view import Show, View, bar_chart, table_rows
from panels.fudge import rolls, text, words
from panels.fudge.state import DiceState
from panels.shell.table import mark_table, rolled_by_hand
from rules import dice as dice_rules
from rules import fudge

__all__ = ["read_dice", "roll", "set_dice", "view"]


def read_dice(form: Form) -> str:
    return read_choice(form, "fudge-dice", tuple(fudge.DICE), text.DICE)


def set_dice(state: DiceState, form: Form) -> DiceState:
    """Another dice: every sub-tool shows its odds (a highlight rolled with other dice goes)."""
    return replace(state, name=read_dice(form))


def roll(rng: random.Random, state: DiceState, form: Form) -> Outcome[DiceState]:
    name = read_dice(form)
    rolled = fudge.roll(rng, name)
    data = Note(roll=rolls.dice_roll(rolled))
    return Outcome(DiceState(name, rolled, rolled_by_hand(rng)), log=describe(rolled), effects=(data,))


def describe(rolled: fudge.FudgeRoll) -> Renderable:
    p = fudge.distribution(rolled.dice)[rolled.value]
    return text.DICE_ROLLED(
        dice=words.dice_label(rolled.dice),
        faces=words.faces(rolled),
        level=words.level(rolled.value),
        value=signed(rolled.value),
        p=pct(p),
    )


def view(state: DiceState) -> View:
    name, last = state.name, state.last
    dist = fudge.distribution(name)
    hit = fmt.signed(last.value) if last is not None and last.dice == name else None
    note: list[Renderable] = [f"{words.dice_label(name)}: ", signed(min(dist)), "…", signed(max(dist)), "."]
    if name in ("6dF", "6d3-12"):
        note += [" ", text.SAME_AS_6DF]
    rows = [
        (
            signed(k),
            words.ladder(k),
            pct(p),
            pct(dice_rules.at_most(dist, k)),
            pct(dice_rules.at_least(dist, k)),
        )
        for k, p in sorted(dist.items())
    ]
    return {
        "fudge-dice-chart": Show(
            children=bar_chart([(fmt.signed(k), p) for k, p in sorted(dist.items())], highlight=hit),
            attrs=(("aria-hidden", "true"),),
        ),
        "fudge-dice-table": Show(children=table_rows(rows)),
        "fudge-dice-note": Show(text=Cat(tuple(note))),
        "fudge-dice-result": Show(text="" if last is None else mark_table(describe(last), state.from_table)),
    }
