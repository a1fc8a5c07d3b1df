"""FUDGE wounds sub-tool (seed 002, 3.3): the wound track, marked by damage, cleared by row."""

from __future__ import annotations

from dataclasses import replace

from kit.form import ARG, Form, InputError, read_int
from kit.msg import Cat, Renderable, signed
from kit.panel import Outcome
from kit.view import Node, Show, View
from panels.fudge import text_wounds as text
from panels.fudge import words
from panels.fudge.state import State, WoundsState
from rules import fudge

__all__ = ["clear_all", "clear_row", "commit", "mark_each", "revive", "status", "take", "view"]


def status(track: fudge.WoundTrack) -> Renderable:
    state = words.term(track.status)
    if track.penalty:
        return text.STATUS_PENALTY(state=state, penalty=signed(track.penalty))
    return text.STATUS(state=state)


def _line(wounds: WoundsState) -> Renderable:
    if wounds.said is None:
        return status(wounds.track)
    return Cat((wounds.said, " ", status(wounds.track)))


def commit(state: State, track: fudge.WoundTrack, said: Renderable) -> Outcome[State]:
    """The new track with what changed it; logged with the new status."""
    wounds = WoundsState(track, said)
    return Outcome(replace(state, wounds=wounds), log=_line(wounds))


def not_dead(state: State) -> None:
    if state.wounds.track.dead:
        raise InputError(text.ALREADY_DEAD)


def mark_each(track: fudge.WoundTrack, amounts: tuple[int, ...]) -> tuple[fudge.WoundTrack, Renderable]:
    """The track after each wound in turn (``WoundTrack.mark_each``), and what each marked."""
    marking = track.mark_each(amounts)
    marked = [words.term(u.box_name or u.track.status) for u in marking.updates]
    return marking.track, Cat(tuple(marked), ", ")


def take(state: State, form: Form) -> Outcome[State]:
    amount = read_int(form, "fudge-w-amount", 0, 99, text.DAMAGE)
    not_dead(state)
    update = state.wounds.track.take(amount)
    if amount == 0:
        what: Renderable = text.NOTHING_MARKED
    elif update.box_name is None:
        what = text.NO_BOXES_LEFT
    else:
        what = text.MARKED_BOX(box=words.term(update.box_name))
    return commit(state, update.track, text.TOOK(amount=amount, what=what))


def clear_row(state: State, form: Form) -> Outcome[State]:
    """One box off the row whose button was pressed (its ``data-arg`` is the row's index)."""
    raw = form.get(ARG)
    rows = [str(i) for i in range(len(fudge.WOUND_BOXES))]
    if raw not in rows:
        raise InputError(text.NO_SUCH_ROW)
    index = int(str(raw))
    track = state.wounds.track
    box = words.term(fudge.WOUND_BOXES[index].name)
    if track.marked[index] == 0:
        raise InputError(text.ROW_EMPTY(box=box))
    return commit(state, track.clear(index), text.ROW_CLEARED(box=box))


def clear_all(state: State, form: Form) -> Outcome[State]:
    return commit(state, state.wounds.track.clear_all(), text.ALL_CLEARED)


def revive(state: State, form: Form) -> Outcome[State]:
    if not state.wounds.track.dead:
        raise InputError(text.NOT_DEAD)
    return commit(state, state.wounds.track.revive(), text.REVIVED)


def _row(index: int, box: fudge.WoundBox, count: int) -> Node:
    name = words.term(box.name)
    if box.penalty is None:
        penalty: Renderable = text.INCAPACITATED
    else:
        penalty = signed(box.penalty) if box.penalty else text.NO_EFFECT
    button_attrs: tuple[tuple[str, Renderable], ...] = (
        ("type", "button"),
        ("data-arg", str(index)),
        ("aria-label", text.CLEAR_ROW(box=name)),
    )
    if count == 0:
        button_attrs += (("disabled", ""),)
    return Node(
        "tr",
        children=(
            Node("th", name, attrs=(("scope", "row"),)),
            Node(
                "td",
                "☒" * count + "☐" * (box.boxes - count),
                cls="fudge-boxes",
                attrs=(("aria-label", f"{count} / {box.boxes}"),),
            ),
            Node("td", children=(Node("button", text.CLEAR, attrs=button_attrs),)),
            Node("td", penalty),
        ),
    )


def view(state: State) -> View:
    track = state.wounds.track
    rows = tuple(
        _row(i, box, n) for i, (box, n) in enumerate(zip(fudge.WOUND_BOXES, track.marked, strict=True))
    )
    return {
        "fudge-w-rows": Show(children=rows),
        "fudge-w-revive": Show(disabled=not track.dead),
        "fudge-w-status": Show(text=_line(state.wounds)),
    }
