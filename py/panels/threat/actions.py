"""The threat panel's own actions, on the whole state: undo and screen mode.

The sub-tools' actions are on their parts (``panels.threat.bag``, ``table``, ``forecast``,
``journal``; ``parts.LIFT``). Undo is the inverse of the step a part's ``put`` makes (the bag
back, its journal line gone), or of a clear of the journal: it spans the bag and the journal.
Screen mode is the panel's: every sub-tool reads it.
"""

from __future__ import annotations

from dataclasses import replace

from kit.form import Form, InputError, read_bool
from kit.panel import Outcome
from panels.threat import journal, text
from panels.threat.parts import LIFT
from panels.threat.state import State

__all__ = ["set_screen", "undo"]


def undo(state: State, form: Form) -> State | Outcome[State]:
    """Back to the bag before the last change; a check's or a change's journal line goes too.
    Right after «Очистить журнал», the cleared journal comes back instead (the clear was the
    last action, so it is what is undone)."""
    cleared = state.cleared
    if cleared is not None and not state.journal and state.undo == journal.unmarked(cleared.value[1]):
        return LIFT["journal"].action(journal.restore)(state, form)
    if not state.undo:
        raise InputError(text.UNDO_NOTHING)
    *rest, item = state.undo
    lines = state.journal
    if item.mark is not None and item.mark == len(lines):
        lines = lines[:-1]
    names = [t.name for t in item.bag.tracks]
    return replace(
        state,
        bag=item.bag,
        undo=tuple(rest),
        journal=lines,
        last=None,
        track=state.track if state.track in names else names[0],
        note=text.UNDONE,
        journal_note=None,
    )


def set_screen(state: State, form: Form) -> State:
    return replace(state, screen=read_bool(form, "threat-screen"), note=None, journal_note=None)
