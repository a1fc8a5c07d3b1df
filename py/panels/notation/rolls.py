"""The dice line's roll as data (``kit.roll``): rule ``notation``, the line's total as its outcome,
P(total) and P(a lower total) from the odds the panel shows, and the physical dice.

Physical dice are the throws of plain dice: a dN (faces 1…N) with every throw it made (rerolled
ones, explosions, each part of a compounded die; kept or dropped alike), a dF and a d3 as FUDGE
dice (``kit.roll``), and GaussD20's three d20. A die with faces of its own (``d{…}``, dGF, a die
clamped by ``min``/``max``) is no plain die: its throws count in the total, not in ``dice``.

A light line's odds are computed on the page (the digest the view draws, for the rolled total);
a heavy line's come from the compute worker after the roll, so its roll takes the odds of the
total from the table shown before it, when the total is on it (else the roll keeps no data).

>>> import random
>>> from panels.notation.state import Roller
>>> line = "2d6 + 3"
>>> state = Roller(line, notation.roll(line, random.Random(4)))
>>> data = as_data(state)
>>> data.rule, len(data.dice), data.outcome == str(data.total)
('notation', 2, True)
>>> data.p == notation.distribution(line)[data.total]
True
"""

from __future__ import annotations

from fractions import Fraction

from kit.roll import FUDGE_SIDES, MAX_DICE, MAX_FACE, Roll, d3
from panels.notation.state import Roller
from panels.notation.view import odds_of
from rules import notation

__all__ = ["as_data", "dice_of"]

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


def _odds(state: Roller, total: int) -> tuple[Fraction, Fraction] | None:
    """(P(total), P(≤ total)) as the panel shows them."""
    digest, _, _, _ = odds_of(state)
    if digest is not None and digest.where is not None:
        return digest.where[0], digest.where[1]
    before = state.odds.digest if state.odds is not None else None
    if before is None or before.key.line != state.expr:
        return None
    row = next((row for row in before.rows if row[0] == total), None)
    return None if row is None else (row[1], row[3])


def as_data(state: Roller, /) -> Roll | None:
    """The roll for the journal of ``state``'s last roll; ``None`` when its odds are not known here
    (a refused distribution, a heavy line whose total was not on the table shown)."""
    result = state.roll
    if result is None or len(str(result.total)) > 80:
        return None
    found = _odds(state, result.total)
    if found is None:
        return None
    p, at_most = found
    dice = dice_of(result)
    dice = dice if len(dice) <= MAX_DICE and all(abs(face) <= MAX_FACE for _, face in dice) else ()
    total = result.total if abs(result.total) <= MAX_FACE else None
    return Roll("notation", dice, str(result.total), p, total=total, below=at_most - p)
