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

from kit.form import Form
from kit.journal import Note
from kit.msg import Renderable
from kit.panel import Action, Outcome, Panel, outcome
from panels.threat import actions, bag, forecast, journal, rolls, table, text
from panels.threat.parts import LIFT
from panels.threat.state import FALLBACK, State, dump, legacy, load, merge
from panels.threat.view import view
from panels.threat.words import journal_line
from rules.threat_journal import ChangeEntry

__all__ = ["State", "dump", "load", "panel", "start", "view"]


def start(state: State, _form: Form, _params: Mapping[str, str]) -> State | Outcome[State]:
    """A restored bag whose forecast is heavy asks the compute worker for it (it is not saved)."""
    return forecast.asked_for(state)


def journaled(action: Action[State]) -> Action[State]:
    """``action``, whose new line of the threat journal (a check, a table roll, a change by hand)
    also goes into the journal of the evening: behind the screen as a public line without the
    numbers (``kit.journal.Note``), which the GM reveals there when it is time. A check made
    behind the screen is journalled without the thresholds (T before → after): they are the
    screen's, set by other steps too, and a reveal shows the check, never them."""

    def run(state: State, form: Form) -> Outcome[State]:
        done = outcome(action(state, form))
        new = done.state.journal
        if not new or (state.journal and new[-1] is state.journal[-1]) or done.log is not None:
            return done
        entry = new[-1]
        public: Renderable | None = None
        line = journal_line(entry)
        if done.state.screen:
            if isinstance(entry, ChangeEntry):
                public = text.CHANGE_BEHIND_SCREEN
            else:  # the thresholds stay behind the screen, also once the GM reveals the check
                public = line = journal_line(entry, screen=True)
        note = Note(public=public, roll=rolls.as_data(done.state, entry))
        return replace(done, log=line, effects=(*done.effects, note))

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
