"""Opposed check («Противопоставленная проверка»): the defender's roll, then the attacker's.

The optional «Бросок защиты» field decides the defence: empty means it is rolled with the attack;
anything else must be a number 1–20 (else a message, never a silent roll). Every line says how
the defence came about: typed by the GM, rolled with «Бросить защиту», or rolled with the attack.
A «Бросить защиту» roll serves one attack: the attack empties the field, so the next one rolls a
fresh defence instead of silently reusing the old one; a typed defence stays until the GM clears it.

>>> import random
>>> from kit.msg import render
>>> state = roll(random.Random(1), State(), {**FORM, "chk-opp-droll": "12"}).state
>>> render(view(state)["chk-opp-window"].text, "en")
'Defence 12 (typed by the GM): the attack fails on 9–12 and pierces on anything else.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kit.form import Form, InputError, read_bool, read_int, read_optional_int
from kit.journal import Note
from kit.msg import Renderable, pct, signed
from kit.panel import Outcome, SetFields
from kit.view import Show, View
from panels.checks import parts, rolls, text
from panels.shell.table import mark_table, rolled_by_hand
from rules import gauss

__all__ = ["FORM", "Attacked", "State", "change", "dump", "load", "roll", "roll_defence", "view"]

MOD_RANGE = (-30, 30)
DEFENCE_FIELD = "chk-opp-droll"
FORM = {
    "chk-opp-att": "0",
    "chk-opp-def": "0",
    "chk-opp-aluck": "5",
    "chk-opp-dluck": "5",
    "chk-opp-ahelpless": False,
    "chk-opp-dhelpless": False,
    DEFENCE_FIELD: "",
}


@dataclass(frozen=True)
class Attacked:
    """A resolved opposed check; ``defence_roll`` is the «Бросить защиту» roll it used, if any."""

    result: gauss.OpposedResult
    defence_roll: gauss.GaussRoll | None = None
    from_table: bool = False  # its dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class State:
    attack: int = 0
    defence: int = 0
    attack_luck: int = gauss.NEUTRAL_LUCK
    defence_luck: int = gauss.NEUTRAL_LUCK
    attacker_helpless: bool = False
    defender_helpless: bool = False
    entered: int | None = None  # the «Бросок защиты» field; None: rolled with the attack
    defence_roll: gauss.GaussRoll | None = None  # «Бросить защиту», while the field shows its value
    last: Attacked | gauss.GaussRoll | None = None  # the last line: a check, or a defence roll alone

    @property
    def parts(self) -> gauss.OpposedModifier:
        return gauss.opposed_check_modifier(
            attack_bonus=self.attack,
            defence_bonus=self.defence,
            attack_luck=self.attack_luck,
            defence_luck=self.defence_luck,
        )


def _sides(state: State, form: Form) -> State:
    attacker_helpless = read_bool(form, "chk-opp-ahelpless")
    defender_helpless = read_bool(form, "chk-opp-dhelpless")
    if attacker_helpless and defender_helpless:
        raise InputError(text.ONE_HELPLESS)
    return replace(
        state,
        attack=read_int(form, "chk-opp-att", *MOD_RANGE, text.ATTACK_BONUS),
        defence=read_int(form, "chk-opp-def", *MOD_RANGE, text.DEFENCE_BONUS),
        attack_luck=read_int(form, "chk-opp-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.ATTACK_LUCK),
        defence_luck=read_int(form, "chk-opp-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.DEFENCE_LUCK),
        attacker_helpless=attacker_helpless,
        defender_helpless=defender_helpless,
    )


def _with_defence(state: State, entered: int | None) -> State:
    kept = (
        state.defence_roll if state.defence_roll is not None and state.defence_roll.value == entered else None
    )
    return replace(state, entered=entered, defence_roll=kept)


def read(state: State, form: Form) -> State:
    """Every input; a bad one raises InputError."""
    entered = read_optional_int(form, DEFENCE_FIELD, 1, 20, text.DEFENCE_ROLL)
    return _with_defence(_sides(state, form), entered)


def change(state: State, form: Form) -> State | Outcome[State]:
    """A changed field. A bad defence roll is refused, and its old window goes (it no longer matches)."""
    sides = _sides(state, form)
    try:
        entered = read_optional_int(form, DEFENCE_FIELD, 1, 20, text.DEFENCE_ROLL)
    except InputError as error:
        return Outcome(replace(sides, entered=None, defence_roll=None), error=error.message)
    return _with_defence(sides, entered)


def roll_defence(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    """Roll the defender's die (plain: luck moves the window) and put it into the field."""
    new = read(state, form)
    if new.attacker_helpless or new.defender_helpless:
        raise InputError(text.HELPLESS_NO_DICE)
    rolled = gauss.roll(rng)
    said = text.DEFENCE_ROLLED(roll=parts.roll_text(rolled))
    new = replace(new, entered=rolled.value, defence_roll=rolled, last=rolled)
    data = Note(roll=rolls.defence(rolled))
    return Outcome(new, log=said, effects=(SetFields(((DEFENCE_FIELD, str(rolled.value)),)), data))


def _how(attacked: Attacked) -> Renderable:
    result = attacked.result
    if result.defence is not None:
        return text.HOW_WITH_ATTACK(roll=parts.roll_text(result.defence))
    if attacked.defence_roll is not None:
        return text.HOW_ROLLED(roll=parts.roll_text(attacked.defence_roll))
    return text.HOW_ENTERED


def line(said: Attacked | gauss.GaussRoll) -> Renderable:
    if isinstance(said, gauss.GaussRoll):
        return text.DEFENCE_ROLLED(roll=parts.roll_text(said))
    result = said.result
    if result.automatic == "defender_helpless":
        return text.OPPOSED_DEFENDER_HELPLESS
    if result.automatic == "attacker_helpless":
        return text.OPPOSED_ATTACKER_HELPLESS
    defence = result.defence_value
    assert result.attack is not None and result.window is not None and defence is not None
    return text.OPPOSED_LINE(
        defence=defence,
        how=_how(said),
        modifier=signed(result.window_modifier),
        window=parts.window_text(result.window),
        attack=result.attack.value,
        attack_roll=parts.roll_text(result.attack),
        verdict=text.PIERCED_HEAD if result.pierced else text.HELD_HEAD,
    )


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    """The attacker's roll against the defence in the field, or against one rolled now."""
    new = read(state, form)
    result = gauss.opposed_check(
        rng,
        new.parts.modifier,
        defence_luck=new.defence_luck,
        attack_luck=new.attack_luck,
        attacker_helpless=new.attacker_helpless,
        defender_helpless=new.defender_helpless,
        defence=new.entered,
    )
    attacked = Attacked(
        result, new.defence_roll if new.entered is not None else None, from_table=rolled_by_hand(rng)
    )
    data = Note(roll=rolls.opposed(new.parts, result))
    if attacked.defence_roll is None:
        return Outcome(replace(new, last=attacked), log=line(attacked), effects=(data,))
    used = replace(new, entered=None, defence_roll=None, last=attacked)  # one roll, one attack
    return Outcome(used, log=line(attacked), effects=(SetFields(((DEFENCE_FIELD, ""),)), data))


def _result(last: Attacked | gauss.GaussRoll | None) -> Renderable:
    if last is None:
        return ""
    return mark_table(line(last), isinstance(last, Attacked) and last.from_table)


def _defence_shown(state: State, window_modifier: int) -> tuple[int, Renderable] | None:
    """The defence the window line speaks of, and how it came about."""
    if state.entered is not None:
        if state.defence_roll is not None:
            return state.entered, text.HOW_ROLLED(roll=parts.roll_text(state.defence_roll))
        return state.entered, text.HOW_ENTERED
    last = state.last
    if isinstance(last, Attacked) and last.result.defence is not None:
        if last.result.window_modifier == window_modifier:
            return last.result.defence.value, text.HOW_WITH_ATTACK(roll=parts.roll_text(last.result.defence))
    return None


def _window_line(defence: int, how: Renderable, window: tuple[int, int]) -> Renderable:
    low, high = window
    if low > high:
        return text.WINDOW_EMPTY(defence=defence, how=how)
    if (low, high) == (1, 20):
        return text.WINDOW_ALL(defence=defence, how=how)
    return text.WINDOW_LINE(defence=defence, how=how, low=low, high=high)


def view(state: State) -> View:
    p = state.parts
    before = gauss.opposed_odds(p.modifier, defence_luck=p.defence_luck, attack_luck=p.attack_luck)
    rows = []
    if state.defender_helpless:
        window: Renderable = text.DEFENDER_HELPLESS_AUTO
        rows.append(parts.hit_row((text.PIERCE, pct(Fraction(1)))))
    elif state.attacker_helpless:
        window = text.ATTACKER_HELPLESS_AUTO
        rows.append(parts.hit_row((text.PIERCE, pct(Fraction(0)))))
    else:
        shown = _defence_shown(state, before.window_modifier)
        if shown is None:
            window = text.NO_DEFENCE_YET
        else:
            defence, how = shown
            window = _window_line(defence, how, gauss.opposed_window(defence, before.window_modifier))
            given = gauss.pierce_chance(
                defence, p.modifier, defence_luck=p.defence_luck, attack_luck=p.attack_luck
            )
            rows.append(parts.hit_row((text.PIERCE_AT(defence=defence), pct(given))))
        rows.append(parts.hit_row((text.PIERCE_BEFORE, pct(before.pierce))))
        rows.append(parts.hit_row((text.HOLD_BEFORE, pct(before.hold))))
    return {
        "chk-opp-mod": Show(
            text=text.OPPOSED_MOD(
                defence=signed(p.defence_bonus),
                attack=signed(p.attack_bonus),
                defence_luck=p.defence_luck,
                attack_luck=p.attack_luck,
                modifier=signed(p.window_modifier),
            )
        ),
        "chk-opp-window": Show(text=window),
        "chk-opp-result": Show(text=_result(state.last)),
        "chk-opp-odds": Show(children=tuple(rows)),
    }


def dump(state: State) -> dict[str, Any]:
    """The inputs; the defence field is saved with the form (a roll is not kept over a reload)."""
    return {
        "attack": state.attack,
        "defence": state.defence,
        "attack_luck": state.attack_luck,
        "defence_luck": state.defence_luck,
        "attacker_helpless": state.attacker_helpless,
        "defender_helpless": state.defender_helpless,
        "entered": state.entered,
    }


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("opposed state must be an object")
    entered = raw.get("entered")
    state = State(
        parts.saved_int(raw, "attack", *MOD_RANGE),
        parts.saved_int(raw, "defence", *MOD_RANGE),
        parts.saved_int(raw, "attack_luck", gauss.LUCK_MIN, gauss.LUCK_MAX),
        parts.saved_int(raw, "defence_luck", gauss.LUCK_MIN, gauss.LUCK_MAX),
        parts.saved_bool(raw, "attacker_helpless"),
        parts.saved_bool(raw, "defender_helpless"),
        None if entered is None else parts.saved_int(raw, "entered", 1, 20),
    )
    if state.attacker_helpless and state.defender_helpless:
        raise ValueError("only one side can be helpless")
    return state
