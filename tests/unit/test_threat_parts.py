"""The threat panel's sub-tools on their parts (``panels.threat.parts``, ``kit.part``).

The bag's settings and the table work on ``Bench``; a change of the bag is a ``Step`` there, and
the part's ``put`` makes each step one step of the panel: its line journalled, the bag before it
and the line on the undo stack, so the panel's undo takes both back.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from kit.msg import render
from panels.threat import bag, table, text
from panels.threat.parts import BENCH, LIFT, Bench, Step, commit
from panels.threat.state import JOURNAL_SIZE, UNDO_SIZE, State, Undo
from panels.threat.words import DEFAULT_NAME, default_bag
from rules import threat, threat_journal

FORM = {"threat-light": "5", "threat-dark": "1", "threat-base": "5", "threat-t": "5", "threat-step": "1"}


def busy() -> State:
    """A state with lines, undo steps, a last check and both notes."""
    state = State(screen=False)
    for _ in range(3):
        state = LIFT["table"].action(partial(table.check, random.Random(3), "normal"))(state, FORM).state
    return replace(state, note=text.REFILLED, journal_note=text.FILE_READY)


def test_the_bag_and_the_table_share_one_part_that_puts_back_what_it_got() -> None:
    """``put(get(whole))`` is the whole (no step is held in the state), for both sub-tools."""
    whole = busy()
    assert LIFT["bag"] is LIFT["table"] is BENCH
    got = BENCH.get(whole)
    assert got.steps == () and got.last == whole.last and got.note is text.REFILLED
    assert BENCH.put(whole, got) == whole


def test_a_check_with_a_field_changed_is_one_step_back_to_the_bag_before_the_press() -> None:
    """A check takes the fields as they are (in the page a field's own change ran first): one step,
    its line the check's, and undo gives back the bag the GM had before the press."""
    form = {**FORM, "threat-light": "4"}
    bench = table.check(random.Random(1), "normal", BENCH.get(State()), form)
    assert [type(step.entry) for step in bench.steps] == [threat.JournalEntry]
    assert bench.steps[0].before == default_bag() and bench.bag.light == 4
    whole = BENCH.put(State(), bench)
    assert whole.journal == (bench.steps[0].entry,)
    assert whole.undo == (Undo(default_bag(), bench.steps[0].entry),)
    assert whole.last is bench.steps[0].entry and whole.bag == bench.bag


def test_commit_without_a_change_is_no_step_but_clears_the_notes() -> None:
    """The same bag and no line: nothing to journal or undo; the notes go unless set."""
    bench = BENCH.get(busy())
    same = commit(bench, bench.bag)
    assert same.steps == () and same.note is None and same.journal_note is None
    assert commit(bench, bench.bag, note=text.REFILLED).note is text.REFILLED


def test_a_step_with_no_line_undoes_the_bag_without_a_mark() -> None:
    """A change that logs nothing (only the dice left differ) is undone without taking a line."""
    whole = busy()
    bench = Bench(whole.bag, whole.track, whole.rec_colour, whole.screen, steps=(Step(default_bag()),))
    put = BENCH.put(whole, bench)
    assert put.journal == whole.journal and put.undo[-1] == Undo(default_bag(), None)
    assert put.last == whole.last  # the part's ``last`` is read, never written back


def test_the_journal_and_the_undo_stack_keep_their_bounds() -> None:
    """Steps put past the bounds drop the oldest line and the oldest undo step."""
    line = threat_journal.refill_entry()
    whole = State(journal=(line,) * JOURNAL_SIZE, undo=(Undo(default_bag(), None),) * UNDO_SIZE)
    put = BENCH.put(
        whole, Bench(default_bag(), DEFAULT_NAME, DEFAULT_NAME, True, steps=(Step(default_bag(), line),))
    )
    assert len(put.journal) == JOURNAL_SIZE and len(put.undo) == UNDO_SIZE
    assert put.undo[-1] == Undo(default_bag(), line)


def test_a_new_colour_is_a_step_and_the_sliders_edit_it() -> None:
    """Adding a colour through the bag's part: one step, its line, the new colour chosen."""
    done = LIFT["bag"].action(bag.add_track)(State(screen=False), {**FORM, "threat-new-name": "алый"})
    state = done.state
    assert state.track == "алый" and len(state.journal) == 1 and state.undo[-1].line == state.journal[-1]
    assert render(state.note, "en") == "Colour «алый» added."
