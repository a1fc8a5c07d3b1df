"""The threat dice calculator (seed 003, «Кубы угрозы»): bag, threshold, odds, forecast, journal.

The state (``panels.threat.state``), the sub-tools (the bag's settings ``bag``, the ``table``'s
checks, the ``forecast`` and the ``journal``, each on its part lifted with ``kit.part``:
``parts.LIFT``), the panel's own undo and screen mode (``actions``), the view (``view``), the
heavy forecast run in the compute worker (``jobs``) and the wording of the rules' data
(``words``) live in their own modules; this one wires them (every action asks for the forecast
it makes heavy).

>>> import random
>>> from kit.msg import render
>>> threat_panel = panel(random.Random(1))
>>> form = {"threat-rec-colour": "тёмный", "threat-rec-number": "5", "threat-light": "5",
...         "threat-dark": "1", "threat-base": "5", "threat-t": "5", "threat-step": "1"}
>>> state = threat_panel.actions["#threat-record"](State(), form).state
>>> render(threat_panel.view(state)["threat-t-big"].text, "en")
'6'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial

from kit.form import LOG_ID, Form
from kit.journal import Note
from kit.msg import Renderable
from kit.panel import Action, Outcome, Panel, outcome
from panels.threat import actions, bag, forecast, journal, rolls, table, text
from panels.threat.parts import LIFT
from panels.threat.state import FALLBACK, State, Undo, dump, legacy, load, merge
from panels.threat.view import view
from panels.threat.words import journal_line
from rules.threat import JournalEntry
from rules.threat_journal import ChangeEntry

__all__ = ["State", "dump", "load", "panel", "start", "view"]


def start(state: State, _form: Form, _params: Mapping[str, str]) -> State | Outcome[State]:
    """A restored bag whose forecast is heavy asks the compute worker for it (it is not saved)."""
    return forecast.asked_for(state)


def _named(step: Undo, ident: str) -> Undo:
    return replace(step, line=None if step.line is None else replace(step.line, id=ident))


def journaled(action: Action[State]) -> Action[State]:
    """``action``, whose new step's line of the threat journal (a check, a table roll, a change
    by hand) also goes into the journal of the evening: behind the screen as a public line
    without the numbers (``kit.journal.Note``), which the GM reveals there when it is time. A check
    made behind the screen is journalled without the thresholds (T before → after): they are the
    screen's, set by other steps too, and a reveal shows the check, never them. The line takes the
    id its entry gets there (``kit.form.LOG_ID``), so that undo removes both and two tabs'
    journals join line by line. An action that makes no step (undo among them) writes nothing."""

    def run(state: State, form: Form) -> Outcome[State]:
        done = outcome(action(state, form))
        before = {id(step) for step in state.undo}
        fresh = [step for step in done.state.undo if id(step) not in before]
        if not fresh or fresh[-1].line is None or done.log is not None:
            return done
        ident = str(form.get(LOG_ID, ""))
        step = _named(fresh[-1], ident)
        line = step.line
        assert line is not None
        old = fresh[-1].line
        journal = tuple(line if entry is old else entry for entry in done.state.journal)
        last = line if done.state.last is old and isinstance(line, JournalEntry) else done.state.last
        undo = (*done.state.undo[:-1], step)
        public: Renderable | None = None
        logged = journal_line(line)
        if done.state.screen:
            if isinstance(line, ChangeEntry):
                public = text.CHANGE_BEHIND_SCREEN
            else:  # the thresholds stay behind the screen, also once the GM reveals the check
                public = logged = journal_line(line, screen=True)
        named = replace(done.state, journal=journal, last=last, undo=undo)
        note = Note(public=public, roll=rolls.as_data(named, line))
        return replace(done, state=named, log=logged, effects=(*done.effects, note))

    return run


def panel(rng: random.Random) -> Panel[State]:
    on_bag, on_table, on_log = LIFT["bag"].action, LIFT["table"].action, LIFT["journal"].action
    bound: dict[str, Action[State]] = {
        "#threat-check": on_table(partial(table.check, rng, "normal")),
        "#threat-adv": on_table(partial(table.check, rng, "advantage")),
        "#threat-dis": on_table(partial(table.check, rng, "disadvantage")),
        "#threat-record": on_table(table.record),
        "#threat-substitute": on_table(partial(table.substitute, rng)),
        "#threat-refill": on_table(table.refill),
        "#threat-undo": actions.undo,
        "#threat-journal-undo": on_log(journal.restore),
        "#threat-aside-download": on_log(journal.download_aside),
        "#threat-track": on_bag(bag.set_track),
        "#threat-add-track": on_bag(bag.add_track),
        "#threat-remove-track": on_bag(bag.remove_track),
        "#threat-screen": actions.set_screen,
        "#threat-fc-roll": LIFT["forecast"].action(forecast.set_roll),
        "#threat-rec-colour": on_table(table.set_rec_colour),
        "#threat-journal-copy": on_log(journal.copy),
        "#threat-journal-download": on_log(journal.download),
        "#threat-journal-clear": on_log(journal.clear),
    }
    for name, *_ in bag.PARAMS:
        bound[f"#threat-{name}"] = on_bag(partial(bag.apply_inputs, None))
        bound[f"#threat-{name}-range"] = on_bag(partial(bag.apply_inputs, name))
    for mode in bag.MODES:
        bound[f"#{mode}"] = on_bag(partial(bag.apply_inputs, None))
    return Panel(
        name="threat",
        initial=State(),
        view=view,
        actions={selector: journaled(forecast.with_forecast(action)) for selector, action in bound.items()},
        dump=dump,
        load=load,
        legacy=legacy,
        fallback=FALLBACK,
        start=start,
        merge=merge,
        title=text.TITLE,
    )
