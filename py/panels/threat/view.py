"""The threat panel's view: everything it shows, from the state alone (pure).

Each sub-tool's view (``panels.threat.bag``, ``table``, ``forecast``, ``journal``) is lifted onto
the whole state (``parts.LIFT``); screen mode and the undo button are the panel's own.
"""

from __future__ import annotations

from kit.view import Show, View
from panels.threat import bag, forecast, journal, table, text
from panels.threat.parts import LIFT
from panels.threat.state import State

__all__ = ["view"]


def view(state: State) -> View:
    return {
        "threat": Show(attrs=(("data-screen", "" if state.screen else None),)),
        "threat-screen": Show(checked=state.screen),
        "threat-undo": Show(text=text.UNDO, disabled=not state.undo and state.cleared is None),
        **LIFT["bag"].view(bag.view)(state),
        **LIFT["table"].view(table.view)(state),
        **LIFT["forecast"].view(forecast.view)(state),
        **LIFT["journal"].view(journal.view)(state),
    }
