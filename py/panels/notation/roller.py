"""The dice line, a sub-tool of the notation panel: its actions on its own state (``Roller``, pure).

A refused line clears what was shown (no old chart left beside input it does not belong to),
marks the character at fault, and drops ``?expr=`` from the address; CSV and the share link act
only on the result shown for the line in the field. A roll of a heavy line whose odds are not
known yet is journalled at once and waits for them (``panels.notation.late``): every odds request
carries the rolls waiting, and the answer gives each entry its roll. The panel lifts these onto
its whole state (``kit.part``: ``panels.notation.state.LIFT["roller"]``).

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
from fractions import Fraction
from functools import partial

from kit import common
from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import LOG_ID, Form, InputError, read_choice, read_text
from kit.journal import LateRoll, Note
from kit.panel import Answer, Compute, CopyUrl, Download, DownloadLog, Effect, Outcome, SetFields, SetUrl
from panels.notation import rolls, text
from panels.notation.digest import Key, from_json
from panels.notation.jobs import is_light
from panels.notation.late import MAX_WAITING, Found, Waiting
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
    "got_rolled",
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
    state: Roller,
    line: str,
    rng: random.Random | None,
    effects: tuple[Effect, ...] = (),
    entry: str = "",
) -> Outcome[Roller]:
    """Parse ``line``, roll it when given ``rng`` (its journal entry will be ``entry``); a refused
    line clears what was shown."""
    cleared = Roller(view=state.view, waiting=state.waiting)
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
        line, result, state.view, state.show_all and same, odds=kept, from_table=table, waiting=state.waiting
    )  # odds kept if their key fits
    link = SetUrl((("expr", line),))
    rolled = rng is not None and result is not None
    data = rolls.as_data(new) if rolled else None
    if rolled and result is not None and data is None and entry and rolls.waits(new):
        waiting = Waiting(entry, line, result.total, rolls.dice_of(result), table)  # given its data later
        new = replace(new, waiting=(*new.waiting, waiting)[-MAX_WAITING:])
    return Outcome(
        new,
        log=roll_text(result) if rolled and result is not None else None,
        effects=(*effects, link, *_asks(new), *((Note(roll=data),) if data is not None else ())),
    )


Rolled = tuple[tuple[str, int], ...]  # the (line, total) of the rolls a request carries


def _asks(state: Roller) -> tuple[Effect, ...]:
    """Ask the compute worker for the odds of a heavy line (a light one is computed in the view),
    carrying the rolls waiting for theirs; or for those alone, where the line needs no worker.
    Every request carries every roll waiting, so a newer one loses none of them."""
    key = key_of(state)
    carried: Rolled = tuple(dict.fromkeys((w.line, w.total) for w in state.waiting))
    rolled = {"rolled": [list(pair) for pair in carried]} if carried else {}
    heavy = bool(state.expr) and not (state.odds is not None and state.odds.key == key)
    if heavy and not is_light(state.expr):
        return (
            Compute(
                "notation.digest",
                {**key._asdict(), **rolled},
                partial(got_odds, key, carried),
                text.ODDS_LABEL(expr=state.expr.split("#")[0].strip()),
                failed=partial(odds_stopped, key, carried),
                for_journal=bool(carried),  # not stopped when the GM walks away to the journal
            ),
        )
    if carried:
        return (
            Compute(
                "notation.rolled",
                rolled,
                partial(got_rolled, carried),
                text.ROLLED_LABEL,
                failed=partial(rolled_stopped, carried),
                for_journal=True,
            ),
        )
    return ()


def ask_odds(state: Roller) -> Outcome[Roller]:
    """The line's odds asked of the worker if heavy and not asked yet (a saved line on start), and
    those of the rolls still waiting for theirs."""
    return Outcome(state, effects=_asks(state))


def _found(raw: object) -> Found | None:
    if not isinstance(raw, list) or len(raw) != 3:
        return None
    p, at_most, odds = raw
    return Fraction(p), Fraction(at_most), tuple((int(v), Fraction(q)) for v, q in odds)


def _attach(state: Roller, carried: Rolled, answers: object) -> tuple[Roller, tuple[LateRoll, ...]]:
    """The rolls waiting for ``carried`` given their data from the worker's ``answers`` (one per
    pair; ``None``: a refused distribution, never to come): their entries keep their sentences."""
    if not carried or not isinstance(answers, list):
        return state, ()
    found = dict(zip(carried, map(_found, answers), strict=False))
    late = []
    for w in state.waiting:
        given = found.get((w.line, w.total))
        data = w.roll(given) if given is not None else None
        if data is not None:
            late.append(LateRoll(w.entry, data))
    if not found:
        return state, ()
    kept = tuple(w for w in state.waiting if (w.line, w.total) not in found)
    return replace(state, waiting=kept), tuple(late)


def _given_up(state: Roller, pairs: Rolled) -> Roller:
    """Without the rolls waiting for ``pairs`` (no odds will come: their entries keep their sentences)."""
    if not any((w.line, w.total) in pairs for w in state.waiting):
        return state
    return replace(state, waiting=tuple(w for w in state.waiting if (w.line, w.total) not in pairs))


def _with_late(state: Roller, late: tuple[LateRoll, ...]) -> Roller | Outcome[Roller]:
    return Outcome(state, effects=late) if late else state


def got_odds(key: Key, carried: Rolled, state: Roller, answer: Answer) -> Roller | Outcome[Roller]:
    """The worker's answer for ``key`` (dropped if the panel shows something else by now) and for
    the rolls waiting it ``carried``."""
    if answer.ok:
        state, late = _attach(state, carried, answer.result.get("rolled"))
        if key_of(state) == key:
            state = replace(state, odds=Odds(key, digest=from_json(answer.result)))
        return _with_late(state, late)
    if answer.code == TOO_SLOW_HERE:  # no worker here, and too heavy for the page
        state = _given_up(state, carried)
        if key_of(state) != key:
            return state
        label = text.ODDS_LABEL(expr=key.line.split("#")[0].strip())
        return Outcome(replace(state, odds=Odds(key, stopped=True)), error=COMPUTE_TOO_SLOW_HERE(what=label))
    # the line's distribution is refused: its rolls never get odds; the others are asked for alone
    state = _given_up(state, tuple(pair for pair in carried if pair[0] == key.line))
    if key_of(state) == key:
        params = {k: v for k, v in answer.params.items() if k != "position"}
        refused = notation.NotationError(answer.code, int(answer.params.get("position", 0)), **params)
        state = replace(state, odds=Odds(key, refused=refused))
    asks = _asks(state) if state.waiting else ()
    return Outcome(state, effects=asks) if asks else state


def odds_stopped(key: Key, carried: Rolled, state: Roller, answer: Answer) -> Roller:
    """Out of time or memory, or cancelled: said until asked again. The rolls waiting stay for the
    next request, unless the job ran out of time or memory."""
    if answer.code in ("timeout", "memory"):
        state = _given_up(state, carried)
    return replace(state, odds=Odds(key, stopped=True)) if key_of(state) == key else state


def got_rolled(carried: Rolled, state: Roller, answer: Answer) -> Roller | Outcome[Roller]:
    """The worker's answer for the rolls waiting it ``carried`` alone."""
    if not answer.ok:
        return _given_up(state, carried)
    return _with_late(*_attach(state, carried, answer.result.get("rolled")))


def rolled_stopped(carried: Rolled, state: Roller, answer: Answer) -> Roller:
    return _given_up(state, carried) if answer.code in ("timeout", "memory") else state


def roll(rng: random.Random, state: Roller, form: Form) -> Outcome[Roller]:
    """Roll the line in the field (its odds show too) and log it."""
    return _compute(state, _line(form), rng, entry=str(form.get(LOG_ID) or ""))


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
    return Outcome(new, effects=_asks(new))


def show_all(state: Roller, form: Form) -> Outcome[Roller]:
    new = replace(state, show_all=True)
    return Outcome(new, effects=_asks(new))


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
        return Outcome(Roller(view=state.view, waiting=state.waiting), error=message, effects=(DROP_LINK,))
    return _compute(state, line, None, (SetFields(((FIELD, line),)),))
