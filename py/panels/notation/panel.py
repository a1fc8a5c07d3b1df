"""The notation panel: its two sub-tools lifted onto one state, its start, the panel (pure).

The dice line (``panels.notation.roller``) and the dice lab with its program
(``panels.notation.lab``) are each written on their own part of ``State``; ``LIFT``
(``kit.part``) runs their actions and views on the whole, as the checks panel does.

>>> import random
>>> from kit.msg import render
>>> dice = panel(random.Random(1))
>>> done = dice.actions["#notation-roll"](State(), {"notation-expr": "4d6kh3 # сила"})
>>> done.state.roller.expr, done.log.startswith("сила: 4d6kh3 [")
('4d6kh3 # сила', True)
>>> refused = dice.actions["#notation-odds"](done.state, {"notation-expr": "2d6 + foo"})
>>> refused.state.roller.expr, render(refused.error, "en")
('', "Error at character 7: unknown name 'foo'")
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from kit.form import Form
from kit.panel import Action, LogSpec, Outcome, Panel
from panels.notation import lab, roller, text
from panels.notation.state import LIFT, State, dump, load, merge
from panels.notation.view import view
from panels.shell.table import from_table

__all__ = ["LOG_SIZE", "State", "dump", "load", "panel", "start", "view"]

LOG_SIZE = 200
ROLLER, LAB = LIFT["roller"], LIFT["lab"]


def _on(part: str, action: Callable[[Any, Form], Any]) -> Action[State]:
    """A sub-tool's action, run on its part of the state."""
    return LIFT[part].action(action)


def start(state: State, form: Form, params: Mapping[str, str]) -> State | Outcome[State]:
    """A share link's ``?expr=`` and ``?lab=`` are untrusted input: checked like typed lines, their
    odds shown; a saved lab is computed again, and a saved line's odds (each where its bound says:
    ``jobs.is_light``, ``jobs.is_light_lab``)."""
    shared = params.get("lab")
    if shared is not None:  # a share link's lab replaces the saved one
        restored: Outcome[State] | None = LAB.outcome(state, lab.from_link(state.lab, shared))
    elif any(r.strip() for r in state.lab.rows) or state.lab.program.strip():
        restored = LAB.outcome(state, lab.compute_lab(state.lab, state.lab.rows))
    else:
        restored = None
    if restored is not None:  # the saved lab's results (at once if light)
        state = restored.state
    line = params.get("expr")
    if line is None:  # the saved line's odds: in the view if light, else asked of the worker
        asked = ROLLER.outcome(state, roller.ask_odds(state.roller))
        if restored is None:
            return asked if asked.effects else state
        return replace(restored, state=state, effects=(*restored.effects, *asked.effects))
    before = restored.effects if restored is not None else ()
    lab_error = restored.error if restored is not None else None
    done = ROLLER.outcome(state, roller.from_link(state.roller, line))
    done = replace(done, effects=(*before, *done.effects))
    return done if done.error is not None or lab_error is None else replace(done, error=lab_error)


def panel(rng: random.Random) -> Panel[State]:
    return Panel(
        name="notation",
        initial=State(),
        view=view,
        actions={
            "#notation-roll": from_table(
                lambda r: _on("roller", partial(roller.roll, r)), rng, "notation-roll"
            ),
            "#notation-odds": _on("roller", roller.odds_only),
            "#notation-preset": _on("roller", roller.choose_preset),
            "input[name='notation-view']": _on("roller", roller.set_view),
            "#notation-table-all": _on("roller", roller.show_all),
            "#notation-csv": _on("roller", roller.download_csv),
            "#notation-share": _on("roller", roller.share),
            "#notation-log-export": _on("roller", roller.export_log),
            "#lab-run": _on("lab", lab.run_lab),
            ".lab-row": _on("lab", lab.run_lab),
            "#lab-add": _on("lab", lab.add_row),
            ".lab-remove": _on("lab", lab.remove_row),
            "#lab-undo": _on("lab", lab.restore_row),
            ".lab-up": _on("lab", partial(lab.move_row, -1)),
            ".lab-down": _on("lab", partial(lab.move_row, 1)),
            "input[name='lab-view']": _on("lab", lab.set_lab_view),
            "#lab-csv": _on("lab", lab.download_csv),
            "#lab-svg": _on("lab", lab.download_svg),
            "#lab-png": _on("lab", lab.download_png),
            "#lab-program-run": _on("lab", lab.run_program),
            "#lab-example": _on("lab", lab.choose_example),
            "#lab-share": _on("lab", lab.share),
            "#lab-copy-text": _on("lab", lab.copy_text),
        },
        dump=dump,
        load=load,
        log=LogSpec("notation", size=LOG_SIZE, timestamps=True, legacy_key="gm.notation.log"),
        start=start,
        title=text.TITLE,
        merge=merge,
    )
