"""The ITE roll sub-tool: «Бросить» rolls the chain the form describes and shows each check's dice,
margin and outcome, and the new situation a critical opens.

Its part is ``Rolling``: the chain (a roll reads the form, so the chain and its odds follow it)
and the last roll (``Rolled``, kept with the chain it was rolled with). The panel lifts it with
``kit.part`` (``panels.ite.panel.LIFT["roll"]``) and adds who acted to the journal entry.

>>> import random
>>> from kit.msg import render
>>> form = {"ite-order": "TIE", "ite-i-on": False, "ite-e-on": False, "ite-t-on": True,
...         "ite-t-x": "10", "ite-t-m": "2", "ite-t-n": "6", "ite-t-mod": "0", "ite-t-dif": "10",
...         "ite-t-crit": "none"}
>>> done = roll(random.Random(1), Rolling(), form)
>>> render(done.log, "en") == render(view(done.state)["ite-result"].text, "en")
True
>>> load_rolled(dump_rolled(done.state.last)) == done.state.last
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from kit import common
from kit.form import LOG_ID, Form
from kit.journal import Note
from kit.msg import Cat, Renderable
from kit.panel import Outcome
from kit.part import Part, field_part
from kit.roll import Roll
from kit.view import Show, View, table_rows
from panels.ite import text
from panels.ite.chain import Chain, dump_chain, load_chain, odds_of, read_chain, wait, with_odds
from panels.ite.waiting import as_roll, waiting_for
from panels.ite.words import new_situation, roll_rows, summary
from panels.shell.table import mark_table, rolled_by_hand
from rules import ite

__all__ = ["CHAIN", "Rolled", "Rolling", "as_data", "dump_rolled", "load_rolled", "roll", "view"]


@dataclass(frozen=True)
class Rolled:
    """The last roll and the chain it was rolled with (the form may have changed since)."""

    stages: tuple[ite.Stage, ...]
    result: ite.ChainResult
    from_table: bool = False  # its dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class Rolling:
    """The roll's part: the chain the form describes (a roll reads it) and the last roll."""

    chain: Chain = field(default_factory=Chain)
    last: Rolled | None = None


# the chain inside the roll's part (kit.part): a heavy chain's odds, asked for by a roll, land there
CHAIN: Part[Rolling, Chain] = field_part("chain")


def roll(rng: random.Random, part: Rolling, form: Form) -> Outcome[Rolling]:
    """Roll the chain the form describes with ``rng`` (a ``TableDice`` when the dice were typed);
    the summary is logged, and a heavy chain's odds are asked for as after any change. A roll
    made before a heavy chain's odds came is logged at once and waits for them
    (``panels.ite.waiting``): the worker's answer gives its entry its roll."""
    stages = read_chain(form)
    result = ite.run_chain(rng, stages, with_odds=False)
    by_hand = rolled_by_hand(rng)
    rolled = replace(part, last=Rolled(stages, result, by_hand))
    chain = replace(part.chain, stages=stages)
    data = as_data(chain, result)
    entry = form.get(LOG_ID)
    if data is None and isinstance(entry, str) and entry:
        chain = wait(chain, waiting_for(entry, stages, result, by_hand=by_hand))
    done = CHAIN.outcome(rolled, with_odds(chain))
    return replace(done, log=summary(result), effects=(*done.effects, *((Note(roll=data),) if data else ())))


def as_data(chain: Chain, result: ite.ChainResult, /) -> Roll | None:
    """The roll for the journal: one check (``ite.check``) or a chain (``ite.chain``), ``success``
    when every check succeeded, else ``failure``, with the whole chain's odds the panel shows;
    every die of every rolled check (both sides). ``None`` while a heavy chain's odds are still
    on their way from the compute worker (or were stopped): the page does not compute them
    itself; the roll then waits for them (``roll``)."""
    odds, _ = odds_of(chain)
    if odds is None:
        return None
    return as_roll(chain.stages, result, odds.all_succeed)


def view(part: Rolling) -> View:
    last = part.last
    if last is None:
        return {
            "ite-result": Show(text=common.NO_ROLL_YET),
            "ite-rolls": Show(children=()),
            "ite-new-situation": Show(text="", hidden=True),
            "ite-next-box": Show(hidden=True),
        }
    result = last.result
    note: Renderable = ""
    if result.new_situation:
        note = new_situation(result)
        if any(stage.kind == "I" for stage in last.stages):
            note = Cat((note, text.PICK_CRITICAL), " ")
    return {
        "ite-result": Show(text=mark_table(summary(result), last.from_table)),
        "ite-rolls": Show(children=table_rows(roll_rows(last.stages, last.result))),
        "ite-new-situation": Show(text=note, hidden=not result.new_situation),
        "ite-next-box": Show(hidden=not result.new_situation),
    }


# --------------------------------------------------------------------------- saved form


def dump_rolled(last: Rolled) -> dict[str, Any]:
    """The roll as saved: its chain and its dice (the result is resolved again from them)."""
    return {
        "stages": dump_chain(last.stages),
        "dice": [[list(s.faces), list(s.right_faces)] for s in last.result.stages],
        "table": last.from_table,
    }


def load_rolled(raw: Any) -> Rolled:
    """A saved roll back (older records have no ``table``); ``ValueError`` if malformed."""
    if not isinstance(raw, dict):
        raise ValueError("the last roll must be an object")
    stages = load_chain(raw.get("stages"))
    return Rolled(stages, ite.resolve_chain(stages, raw.get("dice")), raw.get("table", False) is True)
