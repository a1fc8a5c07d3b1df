"""Records saved by the code before the sub-tools were lifted (``kit.part``) load as before.

Each record below was written by ``dump`` of the panel as it was before the split, and
``dump(load(record))`` is what that code gave back for it; the lifted panels must read the same
record into the same parts and write it back unchanged.
"""

from __future__ import annotations

import json
from fractions import Fraction

from panels.ite import panel as ite_panel
from panels.notation import state as notation_state
from panels.threat import parts as threat_parts
from panels.threat import state as threat_state

# gm.panel.notation's state, as dumped at 228d781: a roll of a labelled line, the ≥ view, a lab of
# two rows and a program from a link (never run)
NOTATION = json.loads(
    '{"expr": "4d6kh3 + 2d6! # сила", "view": "ge", "show_all": false, "lab": {"rows": ["3d6", "2d10 # два"], "view": "eq", "program": "output(d6, \\"x\\")"}, "lab_linked": true, "roll": {"total": 19, "groups": [{"notation": "4d6kh3", "position": 0, "value": 11, "dice": [{"value": 2, "dropped": false, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}, {"value": 3, "dropped": false, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}, {"value": 1, "dropped": true, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}, {"value": 6, "dropped": false, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}]}, {"notation": "2d6!", "position": 9, "value": 8, "dice": [{"value": 4, "dropped": false, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}, {"value": 4, "dropped": false, "exploded": false, "extra": false, "rerolled": [], "parts": [], "success": null}]}]}}'
)


def test_a_notation_record_of_today_loads_into_the_parts_and_dumps_unchanged() -> None:
    """The line's fields (top level) land in the dice line's part, the lab in the lab's, and the
    record comes back byte for byte."""
    loaded = notation_state.load(NOTATION)
    assert loaded.roller.expr == "4d6kh3 + 2d6! # сила" and loaded.roller.view == "ge"
    assert loaded.roller.roll is not None and loaded.roller.roll.total == 19
    assert loaded.lab.rows == ("3d6", "2d10 # два") and loaded.lab.linked
    assert notation_state.dump(loaded) == NOTATION


# gm.panel.threat's state, as dumped at 228d781 after three checks, a record at the table, a new
# colour and «с преимуществом» for the forecast (exhaustible bag, screen off), with one damaged
# journal line put in by hand; and what that code's dump(load(record)) gave back for it
THREAT = json.loads(
    '{"bag": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}, {"name": "алый", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 4, "тёмный": 2, "алый": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "track": "алый", "journal": [{"source": "change", "changes": [["dice", "тёмный", 1, 2], ["exhaustible", "", 0, 1]]}, {"bogus": 1}, {"source": "roll", "roll": "normal", "mode": "single", "drawn": [{"colour": "light", "rolls": [20]}], "kept": {"colour": "light", "value": 20}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5]], "pair": null, "refilled": false}, {"source": "roll", "roll": "advantage", "mode": "base", "drawn": [{"colour": "light", "rolls": [9, 5]}], "kept": {"colour": "light", "value": 9}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5]], "pair": null, "refilled": false}, {"source": "record", "roll": "normal", "mode": "table", "drawn": [], "kept": {"colour": "тёмный", "value": 7}, "event": false, "track": "тёмный", "thresholds": [["тёмный", 5, 6]], "pair": null, "refilled": false}, {"source": "change", "changes": [["threshold", "тёмный", 6, 5], ["added", "алый", 0, 1]]}, {"source": "roll", "roll": "disadvantage", "mode": "base", "drawn": [{"colour": "light", "rolls": [1, 11]}], "kept": {"colour": "light", "value": 1}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5], ["алый", 5, 5]], "pair": null, "refilled": false}], "undo": [{"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": false, "paired_effects": false}, "journal": 1}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": 2}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 4, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": 3}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 3, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": 4}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 6, "step": 1}], "remaining": {"light": 3, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": 5}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}, {"name": "алый", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 2, "алый": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": 6}], "screen": false, "fc_roll": "advantage", "rec_colour": "тёмный"}'
)
THREAT_RELOADED = json.loads(
    '{"bag": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}, {"name": "алый", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 4, "тёмный": 2, "алый": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "track": "алый", "journal": [{"source": "change", "changes": [["dice", "тёмный", 1, 2], ["exhaustible", "", 0, 1]]}, {"source": "roll", "roll": "normal", "mode": "single", "drawn": [{"colour": "light", "rolls": [20]}], "kept": {"colour": "light", "value": 20}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5]], "pair": null, "refilled": false}, {"source": "roll", "roll": "advantage", "mode": "base", "drawn": [{"colour": "light", "rolls": [9, 5]}], "kept": {"colour": "light", "value": 9}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5]], "pair": null, "refilled": false}, {"source": "record", "roll": "normal", "mode": "table", "drawn": [], "kept": {"colour": "тёмный", "value": 7}, "event": false, "track": "тёмный", "thresholds": [["тёмный", 5, 6]], "pair": null, "refilled": false}, {"source": "change", "changes": [["threshold", "тёмный", 6, 5], ["added", "алый", 0, 1]]}, {"source": "roll", "roll": "disadvantage", "mode": "base", "drawn": [{"colour": "light", "rolls": [1, 11]}], "kept": {"colour": "light", "value": 1}, "event": false, "track": null, "thresholds": [["тёмный", 5, 5], ["алый", 5, 5]], "pair": null, "refilled": false}], "undo": [{"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": false, "paired_effects": false}, "journal": null}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": null}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 4, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": null}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 3, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": null}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 6, "step": 1}], "remaining": {"light": 3, "тёмный": 2}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": null}, {"state": {"version": 1, "light": 5, "tracks": [{"name": "тёмный", "dice": 2, "base": 5, "threshold": 5, "step": 1}, {"name": "алый", "dice": 1, "base": 5, "threshold": 5, "step": 1}], "remaining": {"light": 5, "тёмный": 2, "алый": 1}, "reset_mode": "full", "two_dice": false, "exhaustible": true, "paired_effects": false}, "journal": null}], "screen": false, "fc_roll": "advantage", "rec_colour": "тёмный", "aside": [{"bogus": 1}]}'
)


def test_a_threat_record_of_today_loads_into_the_parts_and_dumps_as_before() -> None:
    """The forecast's part gets the kind of checks, the journal's the lines (the damaged one set
    aside, the undo marks dropped, as before), the bag's and the table's the bag and colours, and
    the record comes back as that code wrote it, but for each undo step's line, which it now keeps
    itself (none here: the marks were dropped)."""
    loaded = threat_state.load(THREAT)
    assert threat_parts.LIFT["forecast"].get(loaded).roll == "advantage"
    log = threat_parts.LIFT["journal"].get(loaded)
    assert len(log.lines) == 6 and log.aside == ({"bogus": 1},) and log.aside_new == 1
    bench = threat_parts.LIFT["bag"].get(loaded)
    assert bench.track == "алый" and [t.name for t in bench.bag.tracks] == ["тёмный", "алый"]
    assert bench.rec_colour == "тёмный" and bench.steps == () and bench.bag.left == (4, 2, 1)
    steps = [{"state": step["state"], "line": None} for step in THREAT_RELOADED["undo"]]
    assert threat_state.dump(loaded) == {**THREAT_RELOADED, "undo": steps}


def test_a_threat_record_with_undo_marks_gives_each_step_its_line() -> None:
    """A record written when undo steps kept the journal's length after them: each step gets the
    line at its mark, so undo still takes that line back."""
    record = {**THREAT, "journal": [line for line in THREAT["journal"] if "bogus" not in line]}
    loaded = threat_state.load(record)
    assert [step.line for step in loaded.undo] == list(loaded.journal)


# gm.panel.ite's state, as dumped at a2cab67 (before the lift): the sword fight (seed example 2)
# rolled from the table as ``6 5 4 ; 1 2 3 ; 4``, then the form changed to the crafting Т-check alone
ITE = json.loads(
    '{"stages": [{"kind": "T", "x": 13, "m": 2, "n": 6, "modifier": 1, "difficulty": 14, "right": false, "carry": false, "gate": true, "crit": {"by": "face", "high": 12, "low": 2}}], "last": {"stages": [{"kind": "I", "x": 20, "m": 3, "n": 6, "modifier": 0, "difficulty": 19, "right": false, "carry": false, "gate": false, "crit": null}, {"kind": "T", "x": 21, "m": 3, "n": 6, "modifier": 0, "difficulty": 20, "right": false, "carry": true, "gate": true, "crit": {"by": "margin", "high": 6, "low": null}}, {"kind": "E", "x": 7, "m": 1, "n": 6, "modifier": 0, "difficulty": 5, "right": false, "carry": true, "gate": false, "crit": {"by": "margin", "high": 8, "low": null}}], "dice": [[[6, 5, 4], []], [[1, 2, 3], []], [[4], []]], "table": true}}'
)


def test_an_ite_record_of_today_loads_into_the_parts_and_dumps_unchanged() -> None:
    """The stages land in the chain's part, the roll (with the chain it was rolled with and its
    mark «со стола») in the roll's, and the record comes back as it was; a roll saved before
    dice from the table (no ``table``) loads as rolled."""
    loaded = ite_panel.load(ITE)
    chain = ite_panel.LIFT["chain"].get(loaded)
    assert [s.kind for s in chain.stages] == ["T"] and chain.stages[0].check.x == 13
    last = ite_panel.LIFT["roll"].get(loaded).last
    assert last is not None and last.from_table and [s.kind for s in last.stages] == ["I", "T", "E"]
    assert [s.margin for s in last.result.stages] == [Fraction(11, 2), 2, Fraction(9, 2)]
    assert ite_panel.dump(loaded) == ITE
    older = ite_panel.load({**ITE, "last": {k: v for k, v in ITE["last"].items() if k != "table"}})
    assert older.last is not None and not older.last.from_table and older.last.result == last.result
