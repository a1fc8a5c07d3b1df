"""A roll as data: what a panel rolled, kept in the journal beside the sentences that word it.

A panel that rolls attaches a ``Roll`` to its outcome (``Note(roll=…)``, ``kit.journal``); the kit
stores it in the journal entry, and statistics, exports and the players' screen are made from it,
never by parsing sentences. ``p`` is the exact probability, before the roll and with the inputs in
force, of the ``outcome`` that came (for a plain GaussD20 roll: P(GaussD20 = value | luck)); where
outcomes are ordered from worse to better for whoever rolled, ``below`` is the probability of a
worse one, so ``below + p / 2`` places the result in its distribution (luck: 1/2 on average).
A panel names its outcomes worst first and takes ``p`` and ``below`` from the odds it shows
(``ordered``, ``valued``); outcomes of equal worth are still put in a fixed order, so the mean of
``rank`` stays exactly 1/2. A roll of a small scale (at most ``MAX_ODDS`` outcomes) also keeps
``odds``, every outcome with its exact probability, so statistics can say how often each outcome
was expected (Σ P over the rolls), not only how often it came. A die with three sides is always
written as a FUDGE die, faces −1/0/+1: a d3 shows its face − 2 (``d3``), which is exactly one dF
(seed 002: 6d3−12 ≡ 6dF), so a count of three-sided faces reads one way. A fraction is kept with
at most ``MAX_DIGITS`` digits a side (200d6's P(700) has 155); ``fitted`` is what the journal keeps
of a roll: its odds, then its dice, left out where its JSON would be over ``MAX_ROLL_CHARS``.

>>> r = Roll("gauss.roll", ((20, 7), (20, 12), (20, 20)), "13", Fraction(1, 40), total=13)
>>> roll_to_json(r)
{'rule': 'gauss.roll', 'dice': [[20, 7], [20, 12], [20, 20]], 'by_hand': False, 'total': 13, 'outcome': '13', 'p': '1/40'}
>>> roll_from_json(roll_to_json(r)) == r
True
>>> ordered("fudge.action", (), "tie", (("failure", Fraction(1, 4)), ("tie", Fraction(1, 4)), ("success", Fraction(1, 2)))).below
Fraction(1, 4)
>>> dict(ordered("fudge.action", (), "tie", (("failure", Fraction(1, 4)), ("tie", Fraction(1, 4)), ("success", Fraction(1, 2)))).odds)["success"]
Fraction(1, 2)
>>> valued("notation", ((6, 2), (6, 5)), 7, {v: Fraction(6 - abs(v - 7), 36) for v in range(2, 13)}).below
Fraction(5, 12)
>>> roll_from_json({"rule": "gauss.roll", "dice": [], "outcome": "x", "p": "3/2"})
Traceback (most recent call last):
...
ValueError: a roll's p must be a fraction from 0 to 1
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

__all__ = [
    "FUDGE_SIDES",
    "MAX_DICE",
    "MAX_FACE",
    "MAX_ODDS",
    "Roll",
    "MAX_DIGITS",
    "MAX_ROLL_CHARS",
    "d3",
    "fitted",
    "ordered",
    "roll_from_json",
    "roll_to_json",
    "valued",
]

FUDGE_SIDES = 3  # a FUDGE die is written as sides 3 with faces −1, 0, +1
MAX_DICE = 1000  # physical dice kept with one roll (a bigger pool keeps its total and outcome)
MAX_FACE = 1_000_000  # |face|, |total| and sides a saved roll may hold
MAX_ODDS = 24  # outcomes whose odds a roll keeps (a GaussD20 value has 20; a bigger scale keeps none)
MAX_DIGITS = 1000  # digits of a kept fraction's numerator and denominator (1000d10 needs 1001)
MAX_ROLL_CHARS = 11_000  # a kept roll's JSON: with two 4,000-character sentences, under an entry's 20,000
_RULE = re.compile(r"[a-z][a-z0-9_]{0,19}(?:\.[a-z0-9_]{1,20}){0,3}")
_P = re.compile(rf"([0-9]{{1,{MAX_DIGITS}}})/([0-9]{{1,{MAX_DIGITS}}})")  # as static/journal-db.js reads them


@dataclass(frozen=True)
class Roll:
    """One roll: ``rule`` names the rule (``gauss.roll``, ``gauss.skill``, ``threat.check``, …),
    ``dice`` every physical die as ``(sides, face)`` (FUDGE dice: sides ``FUDGE_SIDES``, faces
    −1/0/+1), ``outcome`` the rule's own code for what happened, ``p`` its exact probability before
    the roll, ``total`` the dice's total where the rule has one, ``by_hand`` for dice typed in from
    the table, ``odds`` every outcome of its scale with its exact probability (empty: not kept)."""

    rule: str
    dice: tuple[tuple[int, int], ...]
    outcome: str
    p: Fraction
    total: int | None = None
    by_hand: bool = False
    below: Fraction | None = None
    odds: tuple[tuple[str, Fraction], ...] = ()

    @property
    def rank(self) -> Fraction | None:
        """Where the result fell in its distribution: P(worse) + P(this) / 2 (``None``: unordered)."""
        return None if self.below is None else self.below + self.p / 2

    def __post_init__(self) -> None:
        if not _RULE.fullmatch(self.rule):
            raise ValueError(f"a roll's rule is a dotted lowercase code, not {self.rule!r}")
        if not 0 <= self.p <= 1:
            raise ValueError(f"a roll's p must be from 0 to 1, not {self.p}")
        if self.below is not None and not 0 <= self.below <= 1 - self.p:
            raise ValueError(f"a roll's below must be from 0 to 1 - p, not {self.below}")
        if not isinstance(self.outcome, str) or not 0 < len(self.outcome) <= 80:
            raise ValueError("a roll's outcome is a code of 1 to 80 characters")
        if len(self.dice) > MAX_DICE:
            raise ValueError(f"a roll keeps at most {MAX_DICE} dice")
        if self.odds:
            _check_odds(self.odds, self.outcome, self.p)


def _check_odds(odds: tuple[tuple[str, Fraction], ...], outcome: str, p: Fraction) -> None:
    if _SCALES.get(id(odds)) is not odds:  # a scale read from a saved roll is checked once
        _check_scale(odds)
    if dict(odds).get(outcome) != p:
        raise ValueError("a roll's odds give its own outcome the probability p")


def _check_scale(odds: Sequence[tuple[str, Fraction]]) -> None:
    codes = [code for code, _ in odds]
    if len(odds) > MAX_ODDS or len(set(codes)) != len(codes):
        raise ValueError(f"a roll's odds are at most {MAX_ODDS} distinct outcomes")
    if any(not isinstance(c, str) or not 0 < len(c) <= 80 for c in codes):
        raise ValueError("a roll's odds name outcomes of 1 to 80 characters")
    if any(not 0 <= q <= 1 for _, q in odds) or sum((q for _, q in odds), Fraction(0)) != 1:
        raise ValueError("a roll's odds are probabilities that sum to 1")


# The scales read from saved rolls, by the tuple's id (kept alive here, so an id is never reused
# while it is a key): a journal's rolls share a few scales (every plain roll at one luck has the
# same 20 odds), and reading 700 rolls summed each one's fractions twice (~200 ms on CPython).
_SCALES: dict[int, tuple[tuple[str, Fraction], ...]] = {}


@lru_cache(maxsize=256)
def _scale(given: tuple[tuple[str, Any], ...], /) -> tuple[tuple[str, Fraction], ...]:
    """A saved roll's ``odds`` as fractions, checked (``_check_scale``); the same texts give the
    same tuple."""
    odds = tuple((code, _fraction(q, "odds")) for code, q in given)
    _check_scale(odds)
    if len(_SCALES) >= 512:
        _SCALES.clear()
    _SCALES[id(odds)] = odds
    return odds


Dice = Iterable[tuple[int, int]]


def ordered(
    rule: str,
    dice: Dice,
    outcome: str,
    scale: Sequence[tuple[str, Fraction]],
    /,
    *,
    total: int | None = None,
) -> Roll:
    """The roll whose ``outcome`` is one of ``scale``: every outcome with its exact probability,
    worst first for whoever rolled; ``p`` is its own, ``below`` those before it together."""
    codes = [code for code, _ in scale]
    if outcome not in codes:
        raise ValueError(f"{outcome!r} is not one of the outcomes {codes}")
    at = codes.index(outcome)
    below = sum((p for _, p in scale[:at]), Fraction(0))
    odds = tuple(scale) if len(scale) <= MAX_ODDS else ()
    return Roll(rule, tuple(dice), outcome, scale[at][1], total=total, below=below, odds=odds)


def valued(
    rule: str, dice: Dice, value: int, distribution: Mapping[int, Fraction], /, *, total: int | None = None
) -> Roll:
    """The roll whose outcome is a number of ``distribution`` (a higher one counts as better)."""
    scale = tuple((str(v), p) for v, p in sorted(distribution.items()))
    return ordered(rule, dice, str(value), scale, total=total)


def d3(face: int, /) -> tuple[int, int]:
    """A d3's face as the roll keeps it: the FUDGE die it equals (1, 2, 3 → −1, 0, +1)."""
    return (FUDGE_SIDES, face - 2)


def _fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


_TOO_LONG = 10**MAX_DIGITS  # the first number of more digits (never written out: Python refuses past 4,300)


def _long(p: Fraction | None) -> bool:
    return p is not None and max(p.numerator, p.denominator) >= _TOO_LONG


def fitted(roll: Roll, /) -> Roll | None:
    """``roll`` as the journal keeps it: ``None`` if ``p`` or ``below`` needs more than
    ``MAX_DIGITS`` digits a side (the entry then keeps its sentences only); without its odds where
    one of them does, or where its JSON would be over ``MAX_ROLL_CHARS``; then without its dice.

    >>> r = Roll("notation", ((10, 1),) * 1000, "1", Fraction(1, 10**1000))  # 1000d10: 1,001 digits
    >>> fitted(r) is None, fitted(replace(r, p=Fraction(1, 10**999))).dice == r.dice
    (True, True)
    >>> big = replace(r, dice=((10000, 9999),) * 1000, p=Fraction(1, 2))
    >>> fitted(big).dice
    ()
    """
    if _long(roll.p) or _long(roll.below):
        return None
    if any(_long(q) for _, q in roll.odds):
        roll = replace(roll, odds=())
    if _size(roll) <= MAX_ROLL_CHARS:
        return roll
    if roll.odds:
        roll = replace(roll, odds=())
        if _size(roll) <= MAX_ROLL_CHARS:
            return roll
    roll = replace(roll, dice=())
    return roll if _size(roll) <= MAX_ROLL_CHARS else None


def _size(roll: Roll) -> int:
    return len(json.dumps(roll_to_json(roll)))


def roll_to_json(roll: Roll, /) -> dict[str, Any]:
    data: dict[str, Any] = {
        "rule": roll.rule,
        "dice": [[sides, face] for sides, face in roll.dice],
        "by_hand": roll.by_hand,
        "total": roll.total,
        "outcome": roll.outcome,
        "p": _fraction_text(roll.p),
    }
    if roll.below is not None:
        data["below"] = _fraction_text(roll.below)
    if roll.odds:
        data["odds"] = {code: _fraction_text(q) for code, q in roll.odds}
    return data


def _fraction(raw: Any, what: str) -> Fraction:
    found = _P.fullmatch(raw) if isinstance(raw, str) else None
    if found is None or int(found[2]) == 0 or int(found[1]) > int(found[2]):
        raise ValueError(f"a roll's {what} must be a fraction from 0 to 1")
    return Fraction(int(found[1]), int(found[2]))


def _int(value: Any, what: str) -> int:
    if type(value) is not int or abs(value) > MAX_FACE:
        raise ValueError(f"a roll's {what} must be a whole number of at most {MAX_FACE}")
    return value


def roll_from_json(raw: Any, /) -> Roll:
    """A saved roll back; ``ValueError`` if it is not one (the entry is then set aside)."""
    if not isinstance(raw, dict):
        raise ValueError("a roll must be an object")
    rule, outcome, p, dice = raw.get("rule"), raw.get("outcome"), raw.get("p"), raw.get("dice", [])
    if not isinstance(rule, str) or len(rule) > 80 or not _RULE.fullmatch(rule):
        raise ValueError("a roll's rule must be a dotted lowercase code")
    if not isinstance(outcome, str) or not 0 < len(outcome) <= 80:
        raise ValueError("a roll's outcome must be a code of 1 to 80 characters")
    exact = _fraction(p, "p")
    below = None if raw.get("below") is None else _fraction(raw["below"], "below")
    if below is not None and below > 1 - exact:
        raise ValueError("a roll's below must be from 0 to 1 - p")
    if not isinstance(dice, list) or len(dice) > MAX_DICE:
        raise ValueError(f"a roll's dice must be a list of at most {MAX_DICE}")
    pairs: list[tuple[int, int]] = []
    for die in dice:
        if not isinstance(die, list) or len(die) != 2:
            raise ValueError("a roll's die is [sides, face]")
        sides, face = _int(die[0], "sides"), _int(die[1], "face")
        if sides < 1:
            raise ValueError("a roll's die has at least one side")
        pairs.append((sides, face))
    odds: tuple[tuple[str, Fraction], ...] = ()
    if raw.get("odds") is not None:
        given = raw["odds"]
        if not isinstance(given, dict) or len(given) > MAX_ODDS:
            raise ValueError(f"a roll's odds are an object of at most {MAX_ODDS} outcomes")
        if given:  # {}: none kept; the roll's own p is held against them by ``Roll``
            odds = _scale(tuple((str(code), q if isinstance(q, str) else None) for code, q in given.items()))
    total = raw.get("total")
    by_hand = raw.get("by_hand", False)
    if not isinstance(by_hand, bool):
        raise ValueError("a roll's by_hand must be true or false")
    return Roll(
        rule,
        tuple(pairs),
        outcome,
        exact,
        None if total is None else _int(total, "total"),
        by_hand,
        below,
        odds,
    )
