"""An ITE roll as data (``kit.roll``), and a roll journalled before its chain's odds came.

A roll's data is one roll for the whole action: rule ``ite.check`` (one check on) or ``ite.chain``,
outcome ``success`` when every check succeeded, else ``failure``, ``p`` from the whole chain's
odds the panel shows (P(every check succeeds)), and every die of every rolled check, both sides.

A heavy chain's odds come from the compute worker (``panels.ite.jobs``). A roll made before they
came is journalled at once with its sentences, and waits (``Waiting``: its entry, its chain, its
data but ``p``) in the chain's state; every odds request of the panel carries the chains of the
rolls waiting, and the answer gives each its roll (``kit.journal.LateRoll``: the kit writes that
entry). At most ``MAX_WAITING`` wait (the oldest then keeps its sentences only); they are saved
with the panel, so a reload asks for them again.

>>> import random
>>> from fractions import Fraction
>>> stages = (ite.Stage("T", ite.Check(10, 2, 6, 0, 10)),)
>>> result = ite.run_chain(random.Random(1), stages, with_odds=False)
>>> waiting = waiting_for("e1", stages, result, by_hand=False)
>>> data = waiting.roll(Fraction(7, 12))
>>> data.rule, data.outcome == ("success" if result.all_succeed else "failure"), len(data.dice)
('ite.check', True, 2)
>>> load_waiting(dump_waiting((waiting,))) == (waiting,)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kit.roll import Roll, d3, ordered
from panels.ite.stage import dump_stage, load_stage
from rules import ite

__all__ = ["MAX_WAITING", "Waiting", "as_roll", "dump_waiting", "load_waiting", "waiting_for"]

MAX_WAITING = 8  # rolls waiting for their chain's odds (each request carries their chains)


def _dice(stages: tuple[ite.Stage, ...], result: ite.ChainResult) -> tuple[tuple[int, int], ...]:
    sides = {stage.kind: stage.check.n for stage in stages}
    return tuple(
        d3(face) if sides[rolled.kind] == 3 else (sides[rolled.kind], face)
        for rolled in result.stages
        for face in (*rolled.faces, *rolled.right_faces)
    )


def _total(stages: tuple[ite.Stage, ...], result: ite.ChainResult) -> int | None:
    """The dice's total of a single check rolled against the constant (a chain has none)."""
    if len(stages) != 1 or result.stages[0].right_faces:
        return None
    return sum(result.stages[0].faces)


def _roll(
    alone: bool,
    dice: tuple[tuple[int, int], ...],
    success: bool,
    total: int | None,
    all_succeed: Fraction,
    by_hand: bool,
) -> Roll:
    outcome = "success" if success else "failure"
    scale = (("failure", 1 - all_succeed), ("success", all_succeed))
    made = ordered("ite.check" if alone else "ite.chain", dice, outcome, scale, total=total)
    return replace(made, by_hand=True) if by_hand else made


def as_roll(
    stages: tuple[ite.Stage, ...], result: ite.ChainResult, all_succeed: Fraction, by_hand: bool = False
) -> Roll:
    """The roll of ``result`` (rolled with ``stages``) when the chain's P(every check succeeds) is
    ``all_succeed``."""
    dice = _dice(stages, result)
    return _roll(len(stages) == 1, dice, result.all_succeed, _total(stages, result), all_succeed, by_hand)


@dataclass(frozen=True)
class Waiting:
    """A roll journalled (entry ``entry``) before the odds of its chain (``stages``) came: its
    data but ``p``."""

    entry: str
    stages: tuple[ite.Stage, ...]
    dice: tuple[tuple[int, int], ...]
    success: bool
    total: int | None
    by_hand: bool

    def roll(self, all_succeed: Fraction, /) -> Roll:
        """Its roll, now that its chain's P(every check succeeds) is known."""
        alone = len(self.stages) == 1
        return _roll(alone, self.dice, self.success, self.total, all_succeed, self.by_hand)


def waiting_for(
    entry: str, stages: tuple[ite.Stage, ...], result: ite.ChainResult, *, by_hand: bool
) -> Waiting:
    return Waiting(entry, stages, _dice(stages, result), result.all_succeed, _total(stages, result), by_hand)


def dump_waiting(waiting: tuple[Waiting, ...]) -> list[dict[str, Any]]:
    return [
        {
            "entry": w.entry,
            "stages": [dump_stage(s) for s in w.stages],
            "dice": [list(die) for die in w.dice],
            "success": w.success,
            "total": w.total,
            "by_hand": w.by_hand,
        }
        for w in waiting
    ]


def _one(raw: Any) -> Waiting:
    if not isinstance(raw, dict):
        raise ValueError("a waiting roll must be an object")
    entry, dice, total = raw.get("entry"), raw.get("dice"), raw.get("total")
    if not isinstance(entry, str) or not 0 < len(entry) <= 80:
        raise ValueError("a waiting roll names its entry")
    stages = raw.get("stages")
    if not isinstance(stages, list):
        raise ValueError("a waiting roll has its chain")
    chain = ite.validate_chain([load_stage(s) for s in stages])
    if not isinstance(dice, list) or len(dice) > 1000:
        raise ValueError("a waiting roll lists its dice")
    pairs = []
    for die in dice:
        if not (isinstance(die, list) and len(die) == 2 and all(type(v) is int for v in die)):
            raise ValueError("a die is [sides, face]")
        pairs.append((die[0], die[1]))
    flags = raw.get("success"), raw.get("by_hand")
    if not all(isinstance(f, bool) for f in flags) or not (total is None or type(total) is int):
        raise ValueError("a waiting roll's success, by_hand and total")
    return Waiting(entry, tuple(chain), tuple(pairs), raw["success"], total, raw["by_hand"])


def load_waiting(raw: Any) -> tuple[Waiting, ...]:
    """Saved waiting rolls back (``ValueError`` if malformed; at most ``MAX_WAITING`` kept)."""
    if not isinstance(raw, list):
        raise ValueError("waiting rolls are a list")
    return tuple(_one(item) for item in raw[-MAX_WAITING:])
