"""The notation panel: actions and the panel (pure; ``kit.browser`` shows it).

A refused line clears what was shown (no old chart left beside input it does not belong to),
marks the character at fault, and drops ``?expr=`` from the address; CSV and the share link
act only on the result shown for the line in the field.

>>> import random
>>> from kit.msg import render
>>> dice = panel(random.Random(1))
>>> done = dice.actions["#notation-roll"](State(), {"notation-expr": "4d6kh3 # сила"})
>>> done.state.expr, done.log.startswith("сила: 4d6kh3 [")
('4d6kh3 # сила', True)
>>> refused = dice.actions["#notation-odds"](done.state, {"notation-expr": "2d6 + foo"})
>>> refused.state.expr, refused.state.fault, render(refused.error, "en")
('', Fault(line='2d6 + foo', position=6), "Error at character 7: unknown name 'foo'")
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial

from kit import common
from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import Form, InputError, read_choice, read_text
from kit.panel import (
    Answer,
    Compute,
    CopyUrl,
    Download,
    DownloadLog,
    Effect,
    LogSpec,
    Outcome,
    Panel,
    SetFields,
    SetUrl,
)
from panels.notation import lab, text
from panels.notation.digest import Key, from_json
from panels.notation.jobs import is_light
from panels.notation.state import MAX_LENGTH, VIEWS, Fault, Odds, State, dump, load
from panels.notation.view import key_of, odds_of, view
from panels.notation.words import csv_text, error_message, roll_text
from panels.shell.table import from_table
from rules import notation

__all__ = [
    "State",
    "choose_preset",
    "download_csv",
    "dump",
    "export_log",
    "load",
    "odds_only",
    "panel",
    "roll",
    "set_view",
    "share",
    "show_all",
    "start",
    "view",
]

FIELD = "notation-expr"
LOG_SIZE = 200
DROP_LINK = SetUrl((("expr", None),))


def _line(form: Form, key: str = FIELD) -> str:
    return read_text(form, key, MAX_LENGTH, text.EXPRESSION)


def _compute(
    state: State, line: str, rng: random.Random | None, effects: tuple[Effect, ...] = ()
) -> Outcome[State]:
    """Parse ``line``, roll it when given ``rng``; a refused line clears what was shown."""
    cleared = State(view=state.view, lab=state.lab)
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
    kept = state.odds if same and state.odds is not None and not state.odds.stopped else None
    new = State(
        line, result, state.view, state.show_all and same, odds=kept, lab=state.lab
    )  # odds kept if their key fits
    link = SetUrl((("expr", line),))
    return Outcome(
        new,
        log=roll_text(result) if rng is not None and result is not None else None,
        effects=(*effects, link, *_heavy_odds(new)),
    )


def _heavy_odds(state: State) -> tuple[Effect, ...]:
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


def got_odds(key: Key, state: State, answer: Answer) -> State | Outcome[State]:
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


def odds_stopped(key: Key, state: State, answer: Answer) -> State:
    return replace(state, odds=Odds(key, stopped=True)) if key_of(state) == key else state


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    """Roll the line in the field (its odds show too) and log it."""
    return _compute(state, _line(form), rng)


def odds_only(state: State, form: Form) -> Outcome[State]:
    """The exact odds of the line in the field; the last roll stays highlighted if it is the same line."""
    return _compute(state, _line(form), None)


def choose_preset(state: State, form: Form) -> State | Outcome[State]:
    """An example: put it into the field and show its odds; the list returns to "choose"."""
    line = _line(form, "notation-preset")
    if not line:
        return state
    return _compute(state, line, None, (SetFields(((FIELD, line), ("notation-preset", ""))),))


def set_view(state: State, form: Form) -> Outcome[State]:
    new = replace(state, view=read_choice(form, "notation-view", VIEWS, text.BAD_VIEW))
    return Outcome(new, effects=_heavy_odds(new))


def show_all(state: State, form: Form) -> Outcome[State]:
    new = replace(state, show_all=True)
    return Outcome(new, effects=_heavy_odds(new))


def _current(state: State, form: Form) -> None:
    """CSV and the share link speak of the result shown, and only when the field still holds its line."""
    if not state.expr:
        raise InputError(text.NO_DISTRIBUTION)
    if _line(form) != state.expr:
        raise InputError(text.NOT_CURRENT)


def download_csv(state: State, form: Form) -> Outcome[State]:
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


def _csv_ready(state: State, answer: Answer) -> Outcome[State]:
    if not answer.ok and answer.code == TOO_SLOW_HERE:
        raise InputError(COMPUTE_TOO_SLOW_HERE(what=text.CSV_LABEL))
    if not answer.ok:
        raise InputError(text.NO_DISTRIBUTION)
    return Outcome(state, effects=(Download("notation.csv", answer.result, "text/csv"),))


def share(state: State, form: Form) -> Outcome[State]:
    _current(state, form)
    return Outcome(state, effects=(SetUrl((("expr", state.expr),)), CopyUrl("notation-copy-status")))


def export_log(state: State, form: Form) -> Outcome[State]:
    return Outcome(state, effects=(DownloadLog("notation-log.txt", text.LOG_TITLE, oldest_first=True),))


def start(state: State, form: Form, params: Mapping[str, str]) -> State | Outcome[State]:
    """A share link's ``?expr=`` and ``?lab=`` are untrusted input: checked like typed lines, their
    odds shown; a saved lab is computed again, and a saved line's odds (each where its bound says:
    ``jobs.is_light``, ``jobs.is_light_lab``)."""
    shared = params.get("lab")
    if shared is not None:  # a share link's lab replaces the saved one
        restored: Outcome[State] | None = lab.from_link(state, shared)
    elif any(r.strip() for r in state.lab.rows) or state.lab.program.strip():
        restored = lab.compute_lab(state, state.lab.rows)
    else:
        restored = None
    if restored is not None:  # the saved lab's results (at once if light)
        state = restored.state
    line = params.get("expr")
    if line is None:  # the saved line's odds: in the view if light, else asked of the worker
        asked = _heavy_odds(state)
        if restored is None:
            return Outcome(state, effects=asked) if asked else state
        return replace(restored, state=state, effects=(*restored.effects, *asked))
    before = restored.effects if restored is not None else ()
    lab_error = restored.error if restored is not None else None
    if len(line) > MAX_LENGTH:
        message = common.TOO_LONG(name=text.EXPRESSION, length=len(line), limit=MAX_LENGTH)
        return Outcome(State(view=state.view, lab=state.lab), error=message, effects=(*before, DROP_LINK))
    done = _compute(state, line, None, (*before, SetFields(((FIELD, line),))))
    return done if done.error is not None or lab_error is None else replace(done, error=lab_error)


def panel(rng: random.Random) -> Panel[State]:
    return Panel(
        name="notation",
        initial=State(),
        view=view,
        actions={
            "#notation-roll": from_table(lambda r: partial(roll, r), rng, "notation-roll"),
            "#notation-odds": odds_only,
            "#notation-preset": choose_preset,
            "input[name='notation-view']": set_view,
            "#notation-table-all": show_all,
            "#notation-csv": download_csv,
            "#notation-share": share,
            "#notation-log-export": export_log,
            "#lab-run": lab.run_lab,
            ".lab-row": lab.run_lab,
            "#lab-add": lab.add_row,
            ".lab-remove": lab.remove_row,
            ".lab-up": partial(lab.move_row, -1),
            ".lab-down": partial(lab.move_row, 1),
            "input[name='lab-view']": lab.set_lab_view,
            "#lab-csv": lab.download_csv,
            "#lab-svg": lab.download_svg,
            "#lab-png": lab.download_png,
            "#lab-program-run": lab.run_program,
            "#lab-example": lab.choose_example,
            "#lab-share": lab.share,
            "#lab-copy-text": lab.copy_text,
        },
        dump=dump,
        load=load,
        log=LogSpec("notation", size=LOG_SIZE, timestamps=True, legacy_key="gm.notation.log"),
        start=start,
        title=text.TITLE,
    )
