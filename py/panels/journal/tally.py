"""Rolls grouped by their plain values (pure): all the exact work of the statistics needs
(``statistics.summarise``), counted once per distinct roll.

A ``Tally`` is made from saved entries (``tally_of_json``: the compute worker's, or a test's) or
read from the journal's store (``tally_from_json``), whose worker counts one over its index the
same way (static/journal-db.js ``facts`` and ``Index.tally``; tests/unit/test_journal_js.py holds
the two equal). So the statistics of 100,000 stored entries read none of them again.

>>> raw = {"who": "Кац", "roll": {"rule": "gauss.roll", "dice": [[20, 7]], "outcome": "7", "p": "1/20"}}
>>> tally = tally_of_json([raw, raw, {"roll": {**raw["roll"]}, "hidden": True}])
>>> tally.keys, tally.secret, dict(tally.faces[(False, "gauss.roll")])
(Counter({('Кац', 'gauss.roll', '7', '1/20', None, None): 2}), 1, {(20, 7): 2})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

__all__ = ["Faces", "Key", "Tally", "tally_from_json", "tally_of_json", "tally_to_json"]

# Rolls reduced to plain values for grouping: ``Key`` is (who, rule, outcome, p, below, odds),
# where ``p``/``below`` are exact values in a form ``statistics`` reads (a Fraction, "n/d" or (n, d))
# and ``odds`` a number standing for one set of odds; the dice are counted per (by_hand, rule) as
# (sides, face) pairs.
Key = tuple[str, str, str, Any, Any, "int | None"]
Faces = dict[tuple[bool, str], Counter[Any]]


@dataclass(frozen=True)
class Tally:
    """Rolls grouped by their plain values, all the exact work needs (``statistics.summarise``): how many of
    each key (who, rule, outcome, p, below, odds id), the faces of each (by_hand, rule), the
    secret rolls left out, and each odds id's odds. The journal's store counts one the same way
    over its index (static/journal-db.js ``Index.tally``; ``tally_from_json`` reads it)."""

    keys: Counter[Key]
    faces: Faces
    secret: int = 0
    odds: Mapping[int, Any] = field(default_factory=dict)


def _pairs(dice: list[Any]) -> Counter[Any]:
    """Saved dice (lists of [sides, face]) counted as pairs; an unreadable one is left out."""
    try:
        return Counter(map(tuple, chain.from_iterable(dice)))
    except TypeError:  # a die that is no list: the slow way, one by one
        counted: Counter[Any] = Counter()
        for one in dice:
            for pair in one if isinstance(one, list) else ():
                if isinstance(pair, list):
                    try:
                        counted[tuple(pair)] += 1
                    except TypeError:
                        continue
        return counted


def tally_of_json(entries: Iterable[Any], /) -> Tally:
    """The ``Tally`` of entries as saved (static/journal-db.js ``facts`` and ``Index.tally`` read
    an entry the same way: tests/unit/test_journal_js.py holds them equal)."""
    keys: Counter[Key] = Counter()
    dice: dict[tuple[bool, str], list[Any]] = {}
    odds_of: dict[int, Any] = {}
    odds_ids: dict[str, int] = {}
    secret = 0
    for raw in entries:
        roll = raw.get("roll") if isinstance(raw, dict) else None
        if not isinstance(roll, dict):
            continue
        if raw.get("hidden") is True and raw.get("revealed") is not True:
            secret += 1
            continue
        rule, outcome, who = roll.get("rule"), roll.get("outcome"), raw.get("who", "")
        if not (isinstance(rule, str) and isinstance(outcome, str) and isinstance(who, str)):
            continue
        p, below, odds = roll.get("p"), roll.get("below"), roll.get("odds")
        odds_id = None
        if isinstance(odds, dict) and odds:
            text = repr(sorted(odds.items()))  # equal odds, one key (saved rolls repeat them)
            odds_id = odds_ids.setdefault(text, len(odds_ids))
            odds_of.setdefault(odds_id, odds)
        keys[
            (
                who,
                rule,
                outcome,
                p if isinstance(p, str) else None,
                below if isinstance(below, str) else None,
                odds_id,
            )
        ] += 1
        faces = roll.get("dice")
        if isinstance(faces, list) and faces:
            group = (roll.get("by_hand") is True, rule)
            if group in dice:
                dice[group].append(faces)
            else:
                dice[group] = [faces]
    return Tally(keys, {group: _pairs(d) for group, d in dice.items()}, secret, odds_of)


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def tally_from_json(raw: Any, /) -> Tally:
    """The journal store's tally (``{"secret", "keys": [[who, rule, outcome, p, below, odds id,
    count]], "odds": [[id, odds]], "faces": [[by_hand, rule, [[sides, face, count]]]]}``) as a
    ``Tally``; ``ValueError`` if it is not one. Values are checked as ``tally_of_json`` checks a
    saved roll's (a fraction that is no fraction counts nowhere, as there)."""
    try:
        secret = raw["secret"]
        if type(secret) is not int or secret < 0:
            raise ValueError("secret")
        odds: dict[int, Any] = {}
        for ident, given in raw["odds"]:
            if type(ident) is not int or not isinstance(given, dict):
                raise ValueError("odds")
            odds[ident] = given
        keys: Counter[Key] = Counter()
        for who, rule, outcome, p, below, ident, count in raw["keys"]:
            texts = (who, rule, outcome)
            if not all(isinstance(t, str) for t in texts) or type(count) is not int or count < 1:
                raise ValueError("key")
            if ident is not None and ident not in odds:
                raise ValueError("odds id")
            keys[(who, rule, outcome, _text_or_none(p), _text_or_none(below), ident)] += count
        faces: Faces = {}
        for by_hand, rule, counted in raw["faces"]:
            if not isinstance(by_hand, bool) or not isinstance(rule, str):
                raise ValueError("faces")
            group = faces.setdefault((by_hand, rule), Counter())
            for sides, face, count in counted:
                if type(sides) is not int or type(face) is not int or type(count) is not int or count < 1:
                    raise ValueError("face")
                group[(sides, face)] += count
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError("not the journal's tally") from error
    return Tally(keys, faces, secret, odds)


def tally_to_json(tally: Tally, /) -> dict[str, Any]:
    """The tally as the journal's store gives it (``tally_from_json`` reads it back).

    >>> raw = {"roll": {"rule": "gauss.roll", "dice": [[20, 7]], "outcome": "7", "p": "1/20"}}
    >>> tally = tally_of_json([raw, raw])
    >>> tally_to_json(tally)["keys"], tally_from_json(tally_to_json(tally)) == tally
    ([['', 'gauss.roll', '7', '1/20', None, None, 2]], True)
    """
    return {
        "ok": True,
        "secret": tally.secret,
        "keys": [[*key, count] for key, count in tally.keys.items()],
        "odds": [[ident, odds] for ident, odds in tally.odds.items()],
        "faces": [
            [by_hand, rule, [[*pair, count] for pair, count in counted.items()]]
            for (by_hand, rule), counted in tally.faces.items()
        ],
    }
