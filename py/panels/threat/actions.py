"""The threat panel's own actions, on the whole state: undo and screen mode.

The sub-tools' actions are on their parts (``panels.threat.bag``, ``table``, ``forecast``,
``journal``; ``parts.LIFT``). Undo is the inverse of the step a part's ``put`` made: the bag
before it, its line gone from the panel's journal and from the journal of the evening
(``kit.panel.Unlog``), and nothing written; or of a clear of the journal, when that was the last
step. It spans the bag and the journal. Screen mode is the panel's: every sub-tool reads it.
"""

from __future__ import annotations

from dataclasses import replace

from kit import undo as kit_undo
from kit.form import Form, InputError, read_bool
from kit.msg import Renderable
from kit.panel import Outcome, Unlog, outcome
from panels.threat import journal, text
from panels.threat.parts import LIFT
from panels.threat.state import State, Undo, same_line
from panels.threat.words import colour_label, journal_line
from rules.threat_journal import ChangeEntry, Line

__all__ = ["set_screen", "undo", "undone"]


def undone(step: Undo, *, screen: bool) -> Renderable:
    """What a step was, as «Отменить» names it (behind the screen without its numbers)."""
    if step.line is None:
        return text.UNDONE_REFILL if step.what == "refill" else text.UNDONE_CHANGE_SECRET
    if screen and isinstance(step.line, ChangeEntry):
        return text.UNDONE_CHANGE_SECRET
    return journal_line(step.line, screen=screen)


def _without(lines: tuple[Line, ...], line: Line) -> tuple[Line, ...]:
    """``lines`` without ``line`` (a line saved before ids: its last equal)."""
    for index in range(len(lines) - 1, -1, -1):
        if same_line(lines[index], line):
            return (*lines[:index], *lines[index + 1 :])
    return lines


def undo(state: State, form: Form) -> Outcome[State]:
    """Back to the bag before the last step, its journal line gone (here and from the journal of
    the evening), nothing written; the result line names the step. Right after «Очистить журнал»
    (no step since), the cleared journal comes back instead."""
    cleared = state.cleared
    last = state.undo[-1] if state.undo else None
    if cleared is not None and not state.journal and cleared.value.last is last:
        restored = outcome(LIFT["journal"].action(journal.restore)(state, form))
        return replace(restored, state=replace(restored.state, note=text.UNDONE_CLEAR))
    if not state.undo:
        raise InputError(text.UNDO_NOTHING)
    *rest, step = state.undo
    lines = state.journal
    unlog: tuple[str, ...] = ()
    if step.line is not None:
        lines = _without(lines, step.line)
        unlog = (step.line.id,) if step.line.id else ()
        if cleared is not None:  # its line may be among those a clear offers back
            cleared = kit_undo.offer(cleared.value.without(step.line), cleared.said)
    names = [t.name for t in step.bag.tracks]
    track = state.track if state.track in names else names[0]
    said = undone(step, screen=state.screen)
    shown = step.bag.track(track)
    note = (
        text.UNDONE_STEP(step=said)
        if state.screen
        else text.UNDONE_STEP_T(step=said, name=colour_label(shown.name), t=shown.threshold)
    )
    back = replace(
        state,
        bag=step.bag,
        undo=tuple(rest),
        journal=lines,
        cleared=cleared,
        last=None,
        track=track,
        note=note,
        journal_note=None,
    )
    return Outcome(back, say=note, effects=(Unlog(unlog),) if unlog else ())


def set_screen(state: State, form: Form) -> State:
    return replace(state, screen=read_bool(form, "threat-screen"), note=None, journal_note=None)
