"""The threat panel's sub-tools' parts of its state (``kit.part``, ``LIFT``; Elm's ``map``).

The bag's settings (``panels.threat.bag``) and the table's checks and records
(``panels.threat.table``) work on ``Bench``: the bag, the colours they edit and record, their
notes, and the steps they took. A change of the bag is asked for there (``commit``: the bag
before it and its journal line, a ``Step``) and the part's ``put`` makes it one step of the
panel: the line goes into the journal and the bag before it onto the undo stack, so «Отменить»
takes both back. The forecast (``panels.threat.forecast``) works on ``Outlook``: it reads the bag
and owns the kind of checks and the worker's answer. The journal (``panels.threat.journal``)
works on ``Log``: the lines, what a clear took and the lines set aside. Only undo and screen mode
work on the whole state (``panels.threat.actions``).

>>> from rules import threat
>>> bench = LIFT["table"].get(State())
>>> refilled = commit(bench, threat.refill(bench.bag), threat_journal.refill_entry())
>>> done = LIFT["table"].put(State(), refilled)
>>> len(done.journal), done.undo == (Undo(State().bag, done.journal[-1]),)
(1, True)
>>> LIFT["table"].put(done, LIFT["table"].get(done)) == done
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kit.msg import Renderable
from kit.part import Part
from panels.threat.state import JOURNAL_SIZE, UNDO_SIZE, Cleared, Forecasted, ForecastKey, State, Undo
from rules import threat, threat_journal
from rules.threat_journal import Line

__all__ = ["BENCH", "LIFT", "Bench", "Log", "Outlook", "Step", "commit", "forecast_key"]


@dataclass(frozen=True)
class Outlook:
    """The forecast's part: it reads the bag, the colour and screen mode (the panel's) and owns
    ``roll``, the kind of checks forecast, and ``asked``, the worker's forecast."""

    bag: threat.BagState
    track: str
    screen: bool
    roll: str = "normal"
    asked: Forecasted | None = None


@dataclass(frozen=True)
class Log:
    """The journal's part: its ``lines``, the panel's ``undo`` steps (a clear offers their count
    back with the lines), what a clear took, the lines set aside, and the two notes it writes."""

    lines: tuple[Line, ...] = ()
    undo: tuple[Undo, ...] = ()
    cleared: Cleared | None = None
    aside: tuple[Any, ...] = ()
    aside_new: int = 0
    note: Renderable | None = None
    journal_note: Renderable | None = None


def _outlook(state: State) -> Outlook:
    return Outlook(state.bag, state.track, state.screen, state.fc_roll, state.forecast)


def _log(state: State) -> Log:
    return Log(
        state.journal, state.undo, state.cleared, state.aside, state.aside_new, state.note, state.journal_note
    )


def _put_log(state: State, log: Log) -> State:
    return replace(
        state,
        journal=log.lines,
        undo=log.undo,
        cleared=log.cleared,
        aside=log.aside,
        aside_new=log.aside_new,
        note=log.note,
        journal_note=log.journal_note,
    )


@dataclass(frozen=True)
class Step:
    """A change of the bag an action asked for: the bag ``before`` it and its journal line
    (``None``: it logs nothing; ``what`` then names it). The panel journals it and makes it one
    undo step."""

    before: threat.BagState
    entry: Line | None = None
    what: str = ""


@dataclass(frozen=True)
class Bench:
    """The bag settings' and the table's part: the ``bag``, the colour the sliders edit
    (``track``) and the one recorded at the table, the two notes, and the ``steps`` this action
    took, which ``put`` journals and stacks for undo (so ``get`` always gives none). It reads
    screen mode and the ``last`` check (the panel's: a journalled check becomes the last one)."""

    bag: threat.BagState
    track: str
    rec_colour: str
    screen: bool
    last: threat.JournalEntry | None = None
    note: Renderable | None = None
    journal_note: Renderable | None = None
    steps: tuple[Step, ...] = ()


def _bench(state: State) -> Bench:
    return Bench(
        state.bag, state.track, state.rec_colour, state.screen, state.last, state.note, state.journal_note
    )


def _put_bench(state: State, bench: Bench) -> State:
    """The part's fields back, and each step it took made one: its line journalled (a check's
    becomes the last one), the bag before it and the line on the undo stack."""
    journal, undo, last = state.journal, state.undo, state.last
    for step in bench.steps:
        if step.entry is not None:
            journal = (*journal, step.entry)[-JOURNAL_SIZE:]
            last = step.entry if isinstance(step.entry, threat.JournalEntry) else last
        undo = (*undo, Undo(step.before, step.entry, step.what))[-UNDO_SIZE:]
    return replace(
        state,
        bag=bench.bag,
        track=bench.track,
        rec_colour=bench.rec_colour,
        note=bench.note,
        journal_note=bench.journal_note,
        journal=journal,
        undo=undo,
        last=last,
    )


BENCH: Part[State, Bench] = Part(_bench, _put_bench)
# Each sub-tool's place in State (kit.part); undo and screen mode work on the whole.
LIFT: dict[str, Part[State, Any]] = {
    "bag": BENCH,
    "table": BENCH,
    "forecast": Part(_outlook, lambda state, o: replace(state, fc_roll=o.roll, forecast=o.asked)),
    "journal": Part(_log, _put_log),
}


def commit(
    bench: Bench, bag: threat.BagState, entry: Line | None = None, *, what: str = "", **changes: Any
) -> Bench:
    """``bag`` becomes the bag, with a ``Step`` for the panel to journal ``entry`` and undo; a
    change of the GM's settings without an entry is journalled as a change line.

    Notes are cleared unless ``changes`` set them; an unchanged bag with no entry is no step to
    undo, unless ``what`` names it (a refill of a full bag: the GM pressed it, «Отменить» undoes it).
    """
    changes = {"note": None, "journal_note": None, **changes}
    if bag == bench.bag and entry is None and not what:
        return replace(bench, **changes)
    if entry is None:
        entry = threat_journal.change_entry(bench.bag, bag)
    names = [t.name for t in bag.tracks]
    track = changes.pop("track", bench.track)
    track = track if track in names else names[0]
    step = Step(bench.bag, entry, what if entry is None else "")
    return replace(bench, bag=bag, track=track, steps=(*bench.steps, step), **changes)


def forecast_key(outlook: Outlook) -> ForecastKey:
    """What the forecast shown depends on."""
    return (outlook.bag, outlook.roll, outlook.track)
