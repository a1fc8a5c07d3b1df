"""FUDGE wounds sub-tool (seed 002, 3.3): the wound track, marked by damage, cleared by row.

The tools work on one track at a time: the one typed by hand, or a FUDGE character's (its
sheet's ``wounds``, kept in the shared roster, so every participant keeps their own across reloads).
They work on ``Wounded``: that track and the roster. A change of a character's track goes into
the journal with the character's name («кто»).
"""

from __future__ import annotations

from dataclasses import replace

from kit import undo as kit_undo
from kit.form import ARG, LOG_ID, Form, InputError, read_int
from kit.journal import Note
from kit.msg import Cat, Renderable, signed
from kit.panel import Outcome, Unlog
from kit.shared import Share
from kit.view import Node, Show, View
from panels.fudge import text_cast, words
from panels.fudge import text_wounds as text
from panels.fudge.state import Wounded
from panels.roster.shared import ROSTER
from rules import fudge
from rules.roster import Entry

__all__ = [
    "ROW_BUTTON",
    "choose",
    "clear_all",
    "clear_row",
    "commit",
    "current",
    "mark_each",
    "owner",
    "restore",
    "revive",
    "status",
    "take",
    "view",
]


def owner(state: Wounded, who: str | None = None) -> Entry | None:
    """The roster entry whose track the tools show (or ``who``'s), if it has wound boxes."""
    entry_id = state.wounds.who if who is None else who
    entry = state.roster.get(entry_id) if entry_id else None
    if entry is None or entry.system != "fudge" or entry.sheet.wounds is None:
        return None
    return entry


def current(state: Wounded) -> fudge.WoundTrack:
    """The track the wound tools work on."""
    entry = owner(state)
    return state.wounds.track if entry is None else entry.sheet.wounds


def choose(state: Wounded, form: Form) -> Wounded:
    """Whose wound track to show and mark: by hand ("") or a FUDGE character of the roster."""
    raw = form.get("fudge-w-who", "")
    who = raw if isinstance(raw, str) else ""
    if who and owner(state, who) is None:
        raise InputError(text_cast.NO_TRACK)
    return replace(state, wounds=replace(state.wounds, who=who, said=None))


def status(track: fudge.WoundTrack) -> Renderable:
    state = words.term(track.status)
    if track.penalty:
        return text.STATUS_PENALTY(state=state, penalty=signed(track.penalty))
    return text.STATUS(state=state)


def _line(said: Renderable | None, track: fudge.WoundTrack, name: str | None) -> Renderable:
    line = status(track) if said is None else Cat((said, " ", status(track)))
    return line if name is None else Cat((name, ": ", line))


def commit(
    state: Wounded, track: fudge.WoundTrack, said: Renderable, who: str | None = None
) -> Outcome[Wounded]:
    """The new track (of ``who``, default the one shown) with what changed it; logged with the new
    status. A character's track goes into its sheet in the shared roster (and is shown); the
    journal entry names the character."""
    entry = owner(state, who)
    if entry is None:
        wounds = replace(state.wounds, track=track, said=said, who="")
        return Outcome(replace(state, wounds=wounds), log=_line(said, track, None))
    roster = state.roster.update(entry.id, entry.name, replace(entry.sheet, wounds=track))
    done = Wounded(replace(state.wounds, said=said, who=entry.id), roster)
    effects = (Share(ROSTER, roster), Note(who=entry.name))
    return Outcome(done, log=_line(said, track, entry.name), effects=effects)


def not_dead(state: Wounded) -> None:
    if current(state).dead:
        raise InputError(text.ALREADY_DEAD)


def mark_each(track: fudge.WoundTrack, amounts: tuple[int, ...]) -> tuple[fudge.WoundTrack, Renderable]:
    """The track after each wound in turn (``WoundTrack.mark_each``), and what each marked."""
    marking = track.mark_each(amounts)
    marked = [words.term(u.box_name or u.track.status) for u in marking.updates]
    return marking.track, Cat(tuple(marked), ", ")


def take(state: Wounded, form: Form) -> Outcome[Wounded]:
    amount = read_int(form, "fudge-w-amount", 0, 99, text.DAMAGE)
    not_dead(state)
    update = current(state).take(amount)
    if amount == 0:
        what: Renderable = text.NOTHING_MARKED
    elif update.box_name is None:
        what = text.NO_BOXES_LEFT
    else:
        what = text.MARKED_BOX(box=words.term(update.box_name))
    return commit(state, update.track, text.TOOK(amount=amount, what=what))


def clear_row(state: Wounded, form: Form) -> Outcome[Wounded]:
    """One box off the row whose button was pressed (its ``data-arg`` is the row's index)."""
    raw = form.get(ARG)
    rows = [str(i) for i in range(len(fudge.WOUND_BOXES))]
    if raw not in rows:
        raise InputError(text.NO_SUCH_ROW)
    index = int(str(raw))
    track = current(state)
    box = words.term(fudge.WOUND_BOXES[index].name)
    if track.marked[index] == 0:
        raise InputError(text.ROW_EMPTY(box=box))
    return commit(state, track.clear(index), text.ROW_CLEARED(box=box))


def clear_all(state: Wounded, form: Form) -> Outcome[Wounded]:
    """Every box and «Мёртв» off the track shown; what it had is offered back («Отменить»,
    ``restore``) as long as nothing else is cleared this way."""
    track, entry = current(state), owner(state)
    done = commit(state, track.clear_all(), text.ALL_CLEARED)
    if track == fudge.WoundTrack():
        return done
    said = text.CLEARED_BY_HAND if entry is None else text.CLEARED_OF(name=entry.name)
    took = (entry.id if entry else "", track, str(form.get(LOG_ID, "")))
    offered = replace(done.state.wounds, undo=kit_undo.offer(took, said))
    return replace(done, state=replace(done.state, wounds=offered))


def _added(track: fudge.WoundTrack, back: fudge.WoundTrack) -> fudge.WoundTrack:
    """``back``'s marks added to ``track``'s (what was marked since the clear stays), each row at
    most full."""
    marked = tuple(
        min(box.boxes, a + b) for box, a, b in zip(fudge.WOUND_BOXES, track.marked, back.marked, strict=True)
    )
    return fudge.WoundTrack(marked, track.dead or back.dead)


def restore(state: Wounded, form: Form) -> Outcome[Wounded]:
    """The wounds «Очистить все раны» took, back on the track they came from (added to any marked
    since), and the clear's journal line gone; nothing written."""
    who, track, ident = kit_undo.taken(state.wounds.undo)
    entry = owner(state, who) if who else None
    if who and entry is None:
        raise InputError(text.TRACK_GONE)
    base = replace(state, wounds=replace(state.wounds, undo=None))
    unlog = (Unlog((ident,)),) if ident else ()
    if entry is None:
        back = _added(base.wounds.track, track)
        wounds = replace(base.wounds, track=back, said=text.WOUNDS_BACK, who="")
        return Outcome(replace(base, wounds=wounds), say=text.WOUNDS_BACK, effects=unlog)
    back = _added(entry.sheet.wounds, track)
    roster = state.roster.update(entry.id, entry.name, replace(entry.sheet, wounds=back))
    done = Wounded(replace(base.wounds, said=text.WOUNDS_BACK, who=entry.id), roster)
    return Outcome(done, say=text.WOUNDS_BACK, effects=(Share(ROSTER, roster), *unlog))


def revive(state: Wounded, form: Form) -> Outcome[Wounded]:
    if not current(state).dead:
        raise InputError(text.NOT_DEAD)
    return commit(state, current(state).revive(), text.REVIVED)


ROW_BUTTON = ".fudge-w-clear"  # a row's «Снять» button (its data-arg is the row)


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
            Node("td", children=(Node("button", text.CLEAR, cls=ROW_BUTTON[1:], attrs=button_attrs),)),
            Node("td", penalty),
        ),
    )


def view(state: Wounded) -> View:
    track = current(state)
    entry = owner(state)
    rows = tuple(
        _row(i, box, n) for i, (box, n) in enumerate(zip(fudge.WOUND_BOXES, track.marked, strict=True))
    )
    tracked = [e for e in state.roster.of_system("fudge") if e.sheet.wounds is not None]
    whose = [("", text_cast.BY_HAND), *((e.id, e.name) for e in tracked)]
    return {
        "fudge-w-who": words.select(whose, "" if entry is None else entry.id),
        "fudge-w-rows": Show(children=rows),
        "fudge-w-revive": Show(disabled=not track.dead),
        **kit_undo.view(state.wounds.undo, "fudge-w"),
        "fudge-w-status": Show(text=_line(state.wounds.said, track, None if entry is None else entry.name)),
    }
