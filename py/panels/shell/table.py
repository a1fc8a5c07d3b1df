"""Beside a roll button: the dice a GM rolled by hand (``from_table``) and the «зачем» note (``why_field``).

Next to a roll button ``X`` stands a text field ``X-table`` (``table_field``). ``from_table(make,
rng, "X")`` is the button's action: with the field empty, ``make(rng)`` rolls as before; with dice
typed in it, the same action runs on ``rules.table_dice.TableDice`` of them, so the result, its
odds and its log line are those of a rolled result with the same dice. The log line and the
announcement are marked «со стола», and the field is emptied for the next roll. Dice that do not
fit (a 21 on a d20, too few, too many) raise ``InputError``: nothing changes.

>>> import random
>>> from functools import partial
>>> from kit.msg import render
>>> from rules import dice
>>> def roll(rng, state, form):
...     return Outcome(state + [dice.roll_faces(rng, range(1, 7))], log="d6")
>>> action = from_table(lambda rng: partial(roll, rng), random.Random(1), "roll")
>>> done = action([], {"roll-table": "4"})
>>> done.state, render(done.log, "en"), done.effects
([4], 'd6 (from the table)', (SetFields(values=(('roll-table', ''),)),))
>>> try:
...     action([], {"roll-table": "4 5"})
... except InputError as error:
...     print(render(error.message, "en"))
Dice from the table: 2 typed, the roll used 1. Remove the extra ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from kit.form import Form, InputError, read_text
from kit.journal import Note
from kit.markup import h
from kit.msg import Cat, Msg, Renderable
from kit.panel import Action, Effect, Outcome, SetFields, outcome
from kit.view import Node
from rules.table_dice import MAX_FACES, TableDice, TableDiceError

__all__ = [
    "FROM_TABLE",
    "WHY",
    "from_table",
    "mark_table",
    "roll_extras",
    "rolled_by_hand",
    "table_error",
    "table_field",
    "why_field",
]

S = TypeVar("S")

FROM_TABLE = Msg("common.from_table", "со стола", "from the table")
TABLE_LABEL = Msg("common.table_label", "Кости со стола", "Dice from the table")
TABLE_HINT = Msg(
    "common.table_hint",
    "Бросили сами? Впишите выпавшее — кнопка возьмёт эти кости вместо случайных.",
    "Rolled by hand? Type what came up: the button uses these dice instead of random ones.",
)
_ERRORS = {
    "too_long": Msg(
        "table.too_long",
        "Кости со стола: не больше {limit} значений.",
        "Dice from the table: at most {limit} values.",
    ),
    "not_a_face": Msg(
        "table.not_a_face",
        "Кости со стола: «{token}» (№ {position}) — не грань этого кубика.",
        "Dice from the table: “{token}” (no. {position}) is not a face of this die.",
    ),
    "off_face": Msg(
        "table.off_face",
        "Кости со стола: {face} (№ {position}) не бывает на этом кубике: грани от {low} до {high}.",
        "Dice from the table: {face} (no. {position}) is not on this die: its faces are {low} to {high}.",
    ),
    "gauss_here": Msg(
        "table.gauss_here",
        "Кости со стола: {face} (№ {position}) — значение GaussD20, а здесь бросается один кубик.",
        "Dice from the table: {face} (no. {position}) is a GaussD20 value, but one die is rolled here.",
    ),
    "not_gauss": Msg(
        "table.not_gauss",
        "Кости со стола: {face} — значение GaussD20 бывает от =1 до =20.",
        "Dice from the table: {face} — a GaussD20 value is =1 to =20.",
    ),
    "too_few": Msg(
        "table.too_few",
        "Кости со стола: этому броску нужно больше кубиков, чем введено ({typed}).",
        "Dice from the table: this roll needs more dice than typed ({typed}).",
    ),
    "too_many": Msg(
        "table.too_many",
        "Кости со стола: введено {typed}, бросок использовал {used}. Уберите лишние.",
        "Dice from the table: {typed} typed, the roll used {used}. Remove the extra ones.",
    ),
}
_TYPED_LIMIT = MAX_FACES * 8  # characters: room for MAX_FACES faces and their separators


def table_error(error: TableDiceError, /) -> Renderable:
    """The message for typed dice that do not fit."""
    return _ERRORS[error.code](**error.params)


def mark_table(line: Renderable, typed: bool = True, /) -> Renderable:
    """``line`` marked «со стола» when its dice were ``typed`` (a panel's result line, its log line).

    >>> from kit.msg import render
    >>> render(mark_table("+2", True), "ru"), mark_table("+2", False)
    ('+2 (со стола)', '+2')
    """
    return Cat((line, " (", FROM_TABLE, ")")) if typed else line


def rolled_by_hand(rng: random.Random, /) -> bool:
    """Whether a roller's dice come from the table (``from_table`` hands the action ``TableDice``)."""
    return isinstance(rng, TableDice)


def _mark(line: Renderable | None) -> Renderable | None:
    return None if line is None else mark_table(line)


def _by_hand(effect: Effect[S]) -> Effect[S]:
    """A roll's data marked as dice typed in from the table."""
    if isinstance(effect, Note) and effect.roll is not None:
        return replace(effect, roll=replace(effect.roll, by_hand=True))
    return effect


def from_table(make: Callable[[random.Random], Action[S]], rng: random.Random, button: str, /) -> Action[S]:
    """The action of roll button ``button``: ``make(rng)``, or ``make`` run on the dice typed in
    ``button-table`` when it holds any."""
    rolled = make(rng)
    field = f"{button}-table"

    def run(state: S, form: Form) -> S | Outcome[S]:
        typed = read_text(form, field, _TYPED_LIMIT, TABLE_LABEL).strip()
        if not typed:
            return rolled(state, form)
        try:
            table = TableDice.parse(typed)
            done = outcome(make(table)(state, form))
            table.finish()
        except TableDiceError as error:
            raise InputError(table_error(error)) from None
        effects = (*(_by_hand(e) for e in done.effects), SetFields(((field, ""),)))
        return replace(done, log=_mark(done.log), say=_mark(done.say), effects=effects)

    return run


def table_field(button: str, placeholder: Msg, /, *, label: Renderable = TABLE_LABEL) -> Node:
    """The labelled field next to roll button ``button``; Enter in it presses the button."""
    field = f"{button}-table"
    return h(
        "span",
        h("label", label, for_=field),
        " ",
        h(
            "input",
            id=field,
            type="text",
            cls="table-dice",
            placeholder=placeholder,
            autocomplete="off",
            spellcheck="false",
            title=TABLE_HINT,
            data_enter=button,
            data_needs_python=True,
            disabled=True,
        ),
        cls="table-dice-field",
    )


WHY = Msg("common.why", "Зачем", "Why")
WHY_HINT = Msg(
    "common.why_hint",
    "Необязательно: зачем этот бросок. Попадёт в журнал вечера вместе со следующим результатом.",
    "Optional: what this roll is for. It goes into the journal of the evening with the next result.",
)


def why_field(button: str, /) -> Node:
    """The «зачем» note beside roll button ``button`` (``button-why``): the kit puts it into the
    journal with the panel's next result and empties it (``kit.journal``)."""
    field = f"{button}-why"
    return h(
        "span",
        h("label", WHY, for_=field),
        " ",
        h(
            "input",
            id=field,
            type="text",
            cls="why-note",
            placeholder=WHY,
            maxlength="200",
            autocomplete="off",
            title=WHY_HINT,
            data_enter="",
            data_needs_python=True,
            disabled=True,
        ),
        cls="table-dice-field",
    )


def roll_extras(button: str, placeholder: Msg, /) -> Node:
    """Both fields beside a panel's roll button, in one row (on a phone their labels are read, not shown)."""
    return h("span", table_field(button, placeholder), " ", why_field(button), cls="roll-extras")
