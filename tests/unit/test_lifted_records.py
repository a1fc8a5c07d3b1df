"""Records saved by the code before the sub-tools were lifted (``kit.part``, issue 22) load as before.

Each record below was written by ``dump`` of the panel as it was before the split, and
``dump(load(record))`` is what that code gave back for it; the lifted panels must read the same
record into the same parts and write it back unchanged.
"""

from __future__ import annotations

import json

from panels.notation import state as notation_state

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
