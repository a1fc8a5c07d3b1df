"""The dice line, a sub-tool of the notation panel: its actions on its own state (``Roller``, pure).

A refused line clears what was shown (no old chart left beside input it does not belong to),
marks the character at fault, and drops ``?expr=`` from the address; CSV and the share link act
only on the result shown for the line in the field. The panel lifts these onto its whole state
(``kit.part``: ``panels.notation.state.LIFT["roller"]``).

>>> import random
>>> from kit.msg import render
>>> done = roll(random.Random(1), Roller(), {"notation-expr": "4d6kh3 # сила"})
>>> done.state.expr, done.log.startswith("сила: 4d6kh3 [")
('4d6kh3 # сила', True)
>>> refused = odds_only(done.state, {"notation-expr": "2d6 + foo"})
>>> refused.state.expr, refused.state.fault, render(refused.error, "en")
('', Fault(line='2d6 + foo', position=6), "Error at character 7: unknown name 'foo'")
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from kit import common
from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import Form, InputError, read_choice, read_text
from kit.journal import Note
from kit.panel import Answer, Compute, CopyUrl, Download, DownloadLog, Effect, Outcome, SetFields, SetUrl
from panels.notation import rolls, text
from panels.notation.digest import Key, from_json
from panels.notation.jobs import is_light
from panels.notation.state import MAX_LENGTH, VIEWS, Fault, Odds, Roller
from panels.notation.view import key_of, odds_of
from panels.notation.words import csv_text, error_message, roll_text
from rules import notation
from rules.table_dice import TableDice

__all__ = [
    "FIELD",
    "ask_odds",
    "choose_preset",
    "download_csv",
    "export_log",
    "from_link",
    "got_odds",
    "odds_only",
    "odds_stopped",
    "roll",
    "set_view",
    "share",
    "show_all",
]

FIELD = "notation-expr"
DROP_LINK = SetUrl((("expr", None),))


def _line(form: Form, key: str = FIELD) -> str:
    return read_text(form, key, MAX_LENGTH, text.EXPRESSION)


def _compute(
    state: Roller, line: str, rng: random.Random | None, effects: tuple[Effect, ...] = ()
) -> Outcome[Roller]:
    """Parse ``line``, roll it when given ``rng``; a refused line clears what was shown."""
    cleared = Roller(view=state.view)
    if not line.strip():
        return Outcome(cleared, error=text.EMPTY, effects=(*effects, DROP_LINK))
    try:
        expr = notation.parse(line)
    except notation.NotationError as error:
        message = text.ERROR_AT(col=error.position + 1, msg=error_message(error))
        return Outcome(
            replace(cleared, fault=Fault(line, error.position)), error=message, effects=(*effects, DROP_LINK)
        )
    same = state.expr == line
    result = notation.roll(expr, rng) if rng is not None else (state.roll if same else None)
    table = isinstance(rng, TableDice) if rng is not None else state.from_table and same
    kept = state.odds if same and state.odds is not None and not state.odds.stopped else None
    new = Roller(
        line, result, state.view, state.show_all and same, odds=kept, from_table=table
    )  # odds kept if their key fits
    link = SetUrl((("expr", line),))
    rolled = rng is not None and result is not None
    data = rolls.as_data(new) if rolled else None
    return Outcome(
        new,
        log=roll_text(result) if rolled and result is not None else None,
        effects=(*effects, link, *_heavy_odds(new), *((Note(roll=data),) if data is not None else ())),
    )


def _heavy_odds(state: Roller) -> tuple[Effect, ...]:
    """Ask the compute worker for the odds of a heavy line (a light one is computed in the view)."""
    key = key_of(state)
    if not state.expr or (state.odds is not None and state.odds.key == key) or is_light(state.expr):
        return ()
    return (
        Compute(
            "notation.digest",
            key._asdict(),
            partial(got_odds, key),
            text.ODDS_LABEL(expr=state.expr.split("#")[0].strip()),
            failed=partial(odds_stopped, key),
        ),
    )


def ask_odds(state: Roller) -> Outcome[Roller]:
    """The line's odds asked of the worker if heavy and not asked yet (a saved line on start)."""
    return Outcome(state, effects=_heavy_odds(state))


def got_odds(key: Key, state: Roller, answer: Answer) -> Roller | Outcome[Roller]:
    """The worker's answer for ``key``; dropped if the panel shows something else by now."""
    if key_of(state) != key:
        return state
    if answer.ok:
        return replace(state, odds=Odds(key, digest=from_json(answer.result)))
    if answer.code == TOO_SLOW_HERE:  # no worker here, and too heavy for the page
        label = text.ODDS_LABEL(expr=key.line.split("#")[0].strip())
        return Outcome(replace(state, odds=Odds(key, stopped=True)), error=COMPUTE_TOO_SLOW_HERE(what=label))
    params = {k: v for k, v in answer.params.items() if k != "position"}
    refused = notation.NotationError(answer.code, int(answer.params.get("position", 0)), **params)
    return replace(state, odds=Odds(key, refused=refused))


def odds_stopped(key: Key, state: Roller, answer: Answer) -> Roller:
    return replace(state, odds=Odds(key, stopped=True)) if key_of(state) == key else state


def roll(rng: random.Random, state: Roller, form: Form) -> Outcome[Roller]:
    """Roll the line in the field (its odds show too) and log it."""
    return _compute(state, _line(form), rng)


def odds_only(state: Roller, form: Form) -> Outcome[Roller]:
    """The exact odds of the line in the field; the last roll stays highlighted if it is the same line."""
    return _compute(state, _line(form), None)


def choose_preset(state: Roller, form: Form) -> Roller | Outcome[Roller]:
    """An example: put it into the field and show its odds; the list returns to "choose"."""
    line = _line(form, "notation-preset")
    if not line:
        return state
    return _compute(state, line, None, (SetFields(((FIELD, line), ("notation-preset", ""))),))


def set_view(state: Roller, form: Form) -> Outcome[Roller]:
    new = replace(state, view=read_choice(form, "notation-view", VIEWS, text.BAD_VIEW))
    return Outcome(new, effects=_heavy_odds(new))


def show_all(state: Roller, form: Form) -> Outcome[Roller]:
    new = replace(state, show_all=True)
    return Outcome(new, effects=_heavy_odds(new))


def _current(state: Roller, form: Form) -> None:
    """CSV and the share link speak of the result shown, and only when the field still holds its line."""
    if not state.expr:
        raise InputError(text.NO_DISTRIBUTION)
    if _line(form) != state.expr:
        raise InputError(text.NOT_CURRENT)


def download_csv(state: Roller, form: Form) -> Outcome[Roller]:
    _current(state, form)
    digest, _, _, _ = odds_of(state)
    if digest is None:
        raise InputError(text.NO_DISTRIBUTION)
    if is_light(state.expr):
        rows = notation.summary(state.expr).table()
        return Outcome(state, effects=(Download("notation.csv", csv_text(rows), "text/csv"),))
    return Outcome(
        state, effects=(Compute("notation.csv", {"line": state.expr}, _csv_ready, text.CSV_LABEL),)
    )


def _csv_ready(state: Roller, answer: Answer) -> Outcome[Roller]:
    if not answer.ok and answer.code == TOO_SLOW_HERE:
        raise InputError(COMPUTE_TOO_SLOW_HERE(what=text.CSV_LABEL))
    if not answer.ok:
        raise InputError(text.NO_DISTRIBUTION)
    return Outcome(state, effects=(Download("notation.csv", answer.result, "text/csv"),))


def share(state: Roller, form: Form) -> Outcome[Roller]:
    _current(state, form)
    return Outcome(state, effects=(SetUrl((("expr", state.expr),)), CopyUrl("notation-copy-status")))


def export_log(state: Roller, form: Form) -> Outcome[Roller]:
    return Outcome(state, effects=(DownloadLog("notation-log.txt", text.LOG_TITLE, oldest_first=True),))


def from_link(state: Roller, line: str) -> Outcome[Roller]:
    """A share link's ``?expr=`` (untrusted): checked like a typed line, put into the field, its
    odds shown."""
    if len(line) > MAX_LENGTH:
        message = common.TOO_LONG(name=text.EXPRESSION, length=len(line), limit=MAX_LENGTH)
        return Outcome(Roller(view=state.view), error=message, effects=(DROP_LINK,))
    return _compute(state, line, None, (SetFields(((FIELD, line),)),))
