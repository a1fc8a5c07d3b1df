"""The dice line's roll as data (``kit.roll``): rule ``notation``, the line's total as its outcome,
P(total) and P(a lower total) from the odds the panel shows, and the physical dice.

Physical dice are the throws of plain dice: a dN (faces 1…N) with every throw it made (rerolled
ones, explosions, each part of a compounded die; kept or dropped alike), a dF and a d3 as FUDGE
dice (``kit.roll``), and GaussD20's three d20. A die with faces of its own (``d{…}``, dGF, a die
clamped by ``min``/``max``) is no plain die: its throws count in the total, not in ``dice``.

A light line's odds are computed on the page (the digest the view draws, for the rolled total);
a heavy line's come from the compute worker after the roll, so its roll takes the odds of the
total from the table shown before it, when the total is on it; else the roll waits for the
worker's answer (``panels.notation.late``). A line of at most ``kit.roll.MAX_ODDS`` totals (d20,
2d6, 3d6, 4dF, a count of successes) keeps every total's odds too (``Roll.odds``).

>>> import random
>>> from panels.notation.state import Roller
>>> line = "2d6 + 3"
>>> state = Roller(line, notation.roll(line, random.Random(4)))
>>> data = as_data(state)
>>> data.rule, len(data.dice), data.outcome == str(data.total)
('notation', 2, True)
>>> data.p == notation.distribution(line)[data.total], sum(p for _, p in data.odds) == 1
(True, True)
"""

from __future__ import annotations

from kit.roll import FUDGE_SIDES, MAX_ODDS, Roll, d3
from panels.notation.late import Found, made
from panels.notation.state import Roller
from panels.notation.view import odds_of
from rules import notation

__all__ = ["as_data", "dice_of", "waits"]

FUDGE_FACES = (-1, 0, 1)


def _die(faces: tuple[int, ...]) -> tuple[int, int] | None:
    """(sides, offset) a plain die's face is kept as, or ``None`` for a die of its own faces."""
    if faces == FUDGE_FACES:
        return FUDGE_SIDES, 0
    if faces == (1, 2, 3):
        return d3(2)[0], -2  # a d3 as the dF it equals
    if faces and faces == tuple(range(1, len(faces) + 1)):
        return len(faces), 0
    return None


def dice_of(result: notation.RollResult, /) -> tuple[tuple[int, int], ...]:
    """Every throw of a plain die in ``result`` as (sides, face)."""
    kept: list[tuple[int, int]] = []
    for group in result.dice:
        plain = _die(group.faces)
        if plain is None:
            continue
        sides, offset = plain
        for die in group.dice:
            counted = die.parts or (die.value,)
            if die.penetrated:  # a penetrating extra throw counts one less than its face (!p)
                counted = (counted[0] + (0 if die.parts else 1), *(v + 1 for v in counted[1:]))
            thrown = (*die.rerolled, *counted)
            kept += [(sides, face + offset) for face in thrown]
    return tuple(kept)


def _found(state: Roller, total: int) -> Found | None:
    """(P(total), P(≤ total), every total's odds when they fit) as the panel shows them: the
    digest of the line and its roll, or the table shown before the roll."""
    digest, _, _, _ = odds_of(state)
    if digest is None or digest.where is None:
        before = state.odds.digest if state.odds is not None else None
        if before is None or before.key.line != state.expr:
            return None
        digest = before
    rows = digest.rows
    whole = digest.count <= MAX_ODDS and len(rows) == digest.count  # every total is on the table
    if digest.where is not None and digest.key.hit == total:
        p, at_most = digest.where[0], digest.where[1]
    else:
        row = next((row for row in rows if row[0] == total), None)
        if row is None:
            return None
        p, at_most = row[1], row[3]
    return p, at_most, tuple((row[0], row[1]) for row in rows) if whole else ()


def as_data(state: Roller, /) -> Roll | None:
    """The roll for the journal of ``state``'s last roll; ``None`` when its odds are not known here
    (a refused distribution, a heavy line whose total was not on the table shown)."""
    result = state.roll
    if result is None:
        return None
    found = _found(state, result.total)
    return None if found is None else made(result.total, dice_of(result), found)


def waits(state: Roller, /) -> bool:
    """Whether the last roll's odds are on their way from the compute worker (or were stopped):
    its roll then waits for them; a refused distribution never gives any."""
    digest, refused, _, _ = odds_of(state)
    return state.roll is not None and digest is None and refused is None
