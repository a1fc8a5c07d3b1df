"""The threat dice calculator (seed 003, «Кубы угрозы»): bag, threshold, odds, forecast, journal.

The state (``panels.threat.state``), the bag's actions (``actions``), the forecast and the journal
sub-tools (``forecast``, ``journal``: their parts lifted with ``kit.part``, ``state.LIFT``), the
view (``view``), the heavy forecast run in the compute worker (``jobs``) and the wording of the
rules' data (``words``) live in their own modules; this one wires them (every action asks for the
forecast it makes heavy).

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
from panels.threat import actions, forecast, journal, text
from panels.threat.actions import PARAMS
from panels.threat.state import FALLBACK, LIFT, State, dump, legacy, load, merge
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
    numbers (``kit.journal.Note``), which the GM reveals there when it is time."""

    def run(state: State, form: Form) -> Outcome[State]:
        done = outcome(action(state, form))
        new = done.state.journal
        if not new or (state.journal and new[-1] is state.journal[-1]) or done.log is not None:
            return done
        entry = new[-1]
        public: Renderable | None = None
        if done.state.screen:
            public = (
                text.CHANGE_BEHIND_SCREEN
                if isinstance(entry, ChangeEntry)
                else journal_line(entry, screen=True)
            )
        return replace(done, log=journal_line(entry), effects=(*done.effects, Note(public=public)))

    return run


def panel(rng: random.Random) -> Panel[State]:
    bound: dict[str, Action[State]] = {
        "#threat-check": partial(actions.check, rng, "normal"),
        "#threat-adv": partial(actions.check, rng, "advantage"),
        "#threat-dis": partial(actions.check, rng, "disadvantage"),
        "#threat-record": actions.record,
        "#threat-substitute": partial(actions.substitute, rng),
        "#threat-refill": actions.refill,
        "#threat-undo": actions.undo,
        "#threat-journal-undo": LIFT["journal"].action(journal.restore),
        "#threat-aside-download": LIFT["journal"].action(journal.download_aside),
        "#threat-track": actions.set_track,
        "#threat-add-track": actions.add_track,
        "#threat-remove-track": actions.remove_track,
        "#threat-screen": actions.set_screen,
        "#threat-fc-roll": LIFT["forecast"].action(forecast.set_roll),
        "#threat-rec-colour": actions.set_rec_colour,
        "#threat-journal-copy": LIFT["journal"].action(journal.copy),
        "#threat-journal-download": LIFT["journal"].action(journal.download),
        "#threat-journal-clear": LIFT["journal"].action(journal.clear),
    }
    for name, *_ in PARAMS:
        bound[f"#threat-{name}"] = partial(actions.apply_inputs, None)
        bound[f"#threat-{name}-range"] = partial(actions.apply_inputs, name)
    for mode in actions.MODES:
        bound[f"#{mode}"] = partial(actions.apply_inputs, None)
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
