"""The notation panel's state and its saved form (pure).

Two sub-tools, each on its own part of ``State`` (``kit.part``, lifted by ``LIFT``): the dice
line (``Roller``: ``panels.notation.roller``) and the dice lab with its program (``Lab``:
``panels.notation.lab``). The saved record keeps the shape it had before the split: the line's
fields at the top, the lab under ``lab``.

>>> import random
>>> state = State(Roller("3d6", notation.roll("3d6", random.Random(1))))
>>> load(dump(state)) == state
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kit.merge import merge_by_id
from kit.part import Part, field_part
from panels.notation.digest import Digest, Key
from panels.notation.jobs import parse_is_light
from panels.notation.lab_digest import MAX_ROWS
from panels.notation.lab_state import MAX_LENGTH, VIEWS, Lab, dump_lab, load_lab
from panels.notation.late import Waiting, dump_waiting, load_waiting
from rules import notation

__all__ = ["LIFT", "VIEWS", "Fault", "Odds", "Roller", "State", "dump", "load", "merge"]


@dataclass(frozen=True)
class Fault:
    """A refused line and the 0-based position of its error (shown with a caret under it)."""

    line: str
    position: int


@dataclass(frozen=True)
class Odds:
    """The worker's answer for ``key`` (line, rolled value, view, "show all"): a digest of the
    exact distribution, or why it was refused, or ``stopped`` (time, memory or Cancel)."""

    key: Key
    digest: Digest | None = None
    refused: notation.NotationError | None = None
    stopped: bool = False


@dataclass(frozen=True)
class Roller:
    """The dice line's state. ``expr``: the line whose odds (and roll) are shown, "" for none;
    ``roll``: its last roll; ``view``: the chart's =/≥/≤; ``show_all``: the whole table was asked
    for; ``fault``: the line just refused (nothing else is shown then); ``from_table``: the last
    roll's dice were typed (rolled by hand at the table); ``waiting``: the rolls journalled
    before their odds were known, oldest first (saved)."""

    expr: str = ""
    roll: notation.RollResult | None = None
    view: str = "eq"
    show_all: bool = False
    fault: Fault | None = None
    odds: Odds | None = None  # a heavy line's odds from the worker (light lines are computed in the view)
    from_table: bool = False
    waiting: tuple[Waiting, ...] = ()  # rolls journalled before their odds came (panels.notation.late)


@dataclass(frozen=True)
class State:
    """The panel's whole state: one part per sub-tool."""

    roller: Roller = field(default_factory=Roller)  # the dice line (panels.notation.roller)
    lab: Lab = field(default_factory=Lab)  # the dice lab: several lines compared (panels.notation.lab)


LIFT: dict[str, Part[State, Any]] = {name: field_part(name) for name in ("roller", "lab")}


def merge(base: State, mine: State, theirs: State, mine_is_newer: bool) -> State:
    """Two tabs' panels: the newer tab's, but the lab's rows are entries: a row either tab added
    since ``base`` stays (up to the lab's ``MAX_ROWS``), one either removed goes.

    >>> one, two = State(lab=Lab(("3d6", "d20"))), State(lab=Lab(("3d6", "4d6kh3")))
    >>> merge(State(lab=Lab(("3d6",))), one, two, mine_is_newer=False).lab.rows
    ('3d6', '4d6kh3', 'd20')
    """
    newer, older = (mine, theirs) if mine_is_newer else (theirs, mine)
    rows = merge_by_id(base.lab.rows, older.lab.rows, newer.lab.rows, key=lambda row: row)[:MAX_ROWS]
    if rows == newer.lab.rows or not rows:
        return newer
    return replace(newer, lab=replace(newer.lab, rows=rows))


def _die_dump(die: notation.RolledDie) -> dict[str, Any]:
    return {
        "value": die.value,
        "dropped": die.dropped,
        "exploded": die.exploded,
        "extra": die.extra,
        "rerolled": list(die.rerolled),
        "parts": list(die.parts),
        "success": die.success,
        # the marks of the newer modifiers, only where set (records from before have none)
        **({"failure": True} if die.failure else {}),
        **({"critical": die.critical} if die.critical else {}),
        **({"penetrated": True} if die.penetrated else {}),
        **({"matched": True} if die.matched else {}),
    }


def dump(state: State) -> dict[str, Any]:
    line = state.roller
    roll = line.roll
    return {
        "expr": line.expr,
        "view": line.view,
        "show_all": line.show_all,
        "lab": dump_lab(state.lab),
        "lab_linked": state.lab.linked,  # the lab's program came from a link and was never run
        "roll": None
        if roll is None
        else {
            "total": roll.total,
            "groups": [
                {
                    "notation": g.notation,
                    "position": g.position,
                    "value": g.value,
                    "dice": [_die_dump(d) for d in g.dice],
                }
                for g in roll.dice
            ],
            **({"table": True} if line.from_table else {}),  # absent for rolled dice, as before
        },
        **({"waiting": dump_waiting(line.waiting)} if line.waiting else {}),  # absent: none, as before
    }


def _int(raw: Any) -> int:
    if type(raw) is not int:
        raise ValueError("expected a whole number")
    return raw


def _bool(raw: Any) -> bool:
    if type(raw) is not bool:
        raise ValueError("expected true or false")
    return raw


def _ints(raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > 1000:
        raise ValueError("expected a list of numbers")
    return tuple(_int(v) for v in raw)


def _die(raw: Any) -> notation.RolledDie:
    if not isinstance(raw, dict):
        raise ValueError("a die must be an object")
    success = raw.get("success")
    return notation.RolledDie(
        _int(raw.get("value")),
        dropped=_bool(raw.get("dropped")),
        exploded=_bool(raw.get("exploded")),
        extra=_bool(raw.get("extra")),
        rerolled=_ints(raw.get("rerolled")),
        parts=_ints(raw.get("parts")),
        success=None if success is None else _bool(success),
        failure=_bool(raw.get("failure", False)),
        critical=_critical(raw.get("critical", "")),
        penetrated=_bool(raw.get("penetrated", False)),
        matched=_bool(raw.get("matched", False)),
    )


def _critical(raw: Any) -> str:
    if raw not in ("", "success", "failure", "both"):
        raise ValueError("a critical mark is success, failure or both")
    return raw


def _group(raw: Any) -> notation.DiceGroup:
    if not isinstance(raw, dict) or not isinstance(raw.get("notation"), str):
        raise ValueError("a dice group must be an object with its notation")
    dice = raw.get("dice")
    if not isinstance(dice, list) or len(dice) > 20_000:
        raise ValueError("a dice group lists its dice")
    return notation.DiceGroup(
        raw["notation"], _int(raw.get("position")), tuple(map(_die, dice)), _int(raw.get("value"))
    )


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything malformed (a line that does not parse too).
    A line too heavy even to parse on the page (``jobs.parse_is_light``) comes back unparsed:
    the worker parses it with its odds, and says so if it does not parse (parsing it here made
    the panel's mount in idle time a long task); its roll comes back without its label."""
    if not isinstance(raw, dict):
        raise ValueError("notation state must be an object")
    expr, view = raw.get("expr"), raw.get("view")
    if not isinstance(expr, str) or len(expr) > MAX_LENGTH:
        raise ValueError("the expression must be a string of at most 500 characters")
    if view not in VIEWS:
        raise ValueError("unknown chart view")
    parsed = None
    if expr and parse_is_light((expr,)):
        try:
            parsed = notation.parse(expr)
        except notation.NotationError as error:
            raise ValueError(f"saved expression does not parse: {error}") from None
    roll = raw.get("roll")
    rolled, from_table = None, False
    if roll is not None:
        if not expr or not isinstance(roll, dict) or not isinstance(roll.get("groups"), list):
            raise ValueError("a roll needs its expression and its dice groups")
        total = _int(roll.get("total"))
        if parsed is not None and not parsed.minimum <= total <= parsed.maximum:
            raise ValueError("the roll's total is outside the expression's range")
        groups = tuple(map(_group, roll["groups"]))
        label, formula = (parsed.label, parsed.formula) if parsed is not None else (None, "")
        rolled = notation.RollResult(expr, label, total, groups, formula=formula)
        from_table = _bool(roll.get("table", False))
    lab = load_lab(raw["lab"]) if "lab" in raw else Lab()  # records from before the lab have none
    lab = replace(lab, linked=_bool(raw.get("lab_linked", False)) and bool(lab.program.strip()))
    waiting = load_waiting(raw["waiting"]) if raw.get("waiting") is not None else ()
    line = Roller(expr, rolled, view, _bool(raw.get("show_all")), from_table=from_table, waiting=waiting)
    return State(line, lab)
