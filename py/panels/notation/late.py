"""A dice line's roll journalled before its odds were known, and the odds a roll keeps (pure).

A heavy line's distribution comes from the compute worker. A roll whose total is not on the table
shown before it (or that came before any table) is journalled at once with its sentences and
waits (``Waiting``: its entry, line, total, dice, whether they were typed in) in the dice line's
state; every odds request of the sub-tool carries the (line, total) of every roll waiting, and the
answer (``found``: P(= total), P(≤ total) and, for a line of at most ``kit.roll.MAX_ODDS``
totals, every total's probability) gives each its roll (``kit.journal.LateRoll``). At most
``MAX_WAITING`` wait (the oldest then keeps its sentences only); they are saved with the panel.

>>> from fractions import Fraction
>>> odds = {v: Fraction(6 - abs(v - 7), 36) for v in range(2, 13)}
>>> found = found_in(sorted(odds.items()), 9)
>>> found[0], found[1], len(found[2])
(Fraction(1, 9), Fraction(5, 6), 11)
>>> data = Waiting("e1", "2d6", 9, ((6, 4), (6, 5)), False).roll(found)
>>> data.rule, data.outcome, data.below, dict(data.odds)["12"]
('notation', '9', Fraction(13, 18), Fraction(1, 36))
>>> load_waiting(dump_waiting((Waiting("e1", "2d6", 9, ((6, 4), (6, 5)), True),)))[0].by_hand
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kit.roll import MAX_DICE, MAX_FACE, MAX_ODDS, Roll

__all__ = ["MAX_WAITING", "Found", "Waiting", "dump_waiting", "found_in", "load_waiting", "made"]

MAX_WAITING = 8  # rolls waiting for their line's odds (each request carries them)

# P(= total), P(≤ total), and every total with its probability (empty: more than MAX_ODDS totals)
Found = tuple[Fraction, Fraction, tuple[tuple[int, Fraction], ...]]


def found_in(outcomes: Iterable[tuple[int, Fraction]], total: int, /) -> Found | None:
    """What a roll of ``total`` keeps of a distribution's ``outcomes`` (ascending); ``None`` if
    the total is not one of them."""
    listed = list(outcomes)
    p = next((q for v, q in listed if v == total), None)
    if p is None or not p:
        return None
    at_most = sum((q for v, q in listed if v <= total), Fraction(0))
    return p, at_most, tuple(listed) if len(listed) <= MAX_ODDS else ()


def made(
    total: int, dice: Sequence[tuple[int, int]], found: Found, /, *, by_hand: bool = False
) -> Roll | None:
    """The roll ``notation`` of a line's ``total`` with its odds ``found``; ``None`` for a total
    that no code can hold (over 80 digits)."""
    if len(str(total)) > 80:
        return None
    p, at_most, odds = found
    kept = tuple(dice) if len(dice) <= MAX_DICE and all(abs(face) <= MAX_FACE for _, face in dice) else ()
    return Roll(
        "notation",
        kept,
        str(total),
        p,
        total=total if abs(total) <= MAX_FACE else None,
        by_hand=by_hand,
        below=at_most - p,
        odds=tuple((str(v), q) for v, q in odds),
    )


@dataclass(frozen=True)
class Waiting:
    """A roll of ``line`` (entry ``entry``) journalled before its odds were known: its data but
    the odds."""

    entry: str
    line: str
    total: int
    dice: tuple[tuple[int, int], ...]
    by_hand: bool

    def roll(self, found: Found, /) -> Roll | None:
        return made(self.total, self.dice, found, by_hand=self.by_hand)


def dump_waiting(waiting: tuple[Waiting, ...]) -> list[dict[str, Any]]:
    return [
        {
            "entry": w.entry,
            "line": w.line,
            "total": w.total,
            "dice": [list(d) for d in w.dice],
            "by_hand": w.by_hand,
        }
        for w in waiting
    ]


def _one(raw: Any) -> Waiting:
    if not isinstance(raw, dict):
        raise ValueError("a waiting roll must be an object")
    entry, line, total, dice, by_hand = (raw.get(k) for k in ("entry", "line", "total", "dice", "by_hand"))
    if not isinstance(entry, str) or not 0 < len(entry) <= 80:
        raise ValueError("a waiting roll names its entry")
    if not isinstance(line, str) or not 0 < len(line) <= 500 or type(total) is not int:
        raise ValueError("a waiting roll has its line and total")
    if not isinstance(dice, list) or len(dice) > MAX_DICE or not isinstance(by_hand, bool):
        raise ValueError("a waiting roll lists its dice")
    pairs = []
    for die in dice:
        if not (isinstance(die, list) and len(die) == 2 and all(type(v) is int for v in die)):
            raise ValueError("a die is [sides, face]")
        pairs.append((die[0], die[1]))
    return Waiting(entry, line, total, tuple(pairs), by_hand)


def load_waiting(raw: Any) -> tuple[Waiting, ...]:
    """Saved waiting rolls back (``ValueError`` if malformed; at most ``MAX_WAITING`` kept)."""
    if not isinstance(raw, list):
        raise ValueError("waiting rolls are a list")
    return tuple(_one(item) for item in raw[-MAX_WAITING:])
