"""The FUDGE panel's rolls as data (``kit.roll``): the dice, the rule's code for what happened and
its exact probability, taken from the odds the panel shows before the roll.

Every die is kept as ``kit.roll`` writes FUDGE dice: sides 3, faces −1/0/+1 (a d3 of 6d3−12 as
the dF it equals). A green FUDGE die (dGF: −2, −1, 0, 0, +1, +2) has no such form a count of
faces could read, so a 3dGF roll keeps its total and outcome without its dice.

>>> import random
>>> data = dice_roll(fudge.roll(random.Random(2), "4dF"))
>>> data.rule, len(data.dice), data.dice[0][0], data.p == fudge.distribution("4dF")[data.total]
('fudge.roll', 4, 3, True)
"""

from __future__ import annotations

from kit.roll import FUDGE_SIDES, Roll, d3, ordered, valued
from rules import fudge

__all__ = ["ACTION_OUTCOMES", "ATTACK_OUTCOMES", "action", "attack", "dice_of", "dice_roll"]

ACTION_OUTCOMES = (fudge.FAILURE, fudge.TIE, fudge.SUCCESS)  # worst first
ATTACK_OUTCOMES = {fudge.FAILURE: "miss", fudge.TIE: "graze", fudge.SUCCESS: "hit"}  # worst first


def dice_of(*rolls: fudge.FudgeRoll | None) -> tuple[tuple[int, int], ...]:
    """Every die of these rolls, as ``kit.roll`` keeps them (none for dGF)."""
    kept: list[tuple[int, int]] = []
    for rolled in rolls:
        if rolled is None or rolled.dice == "3dGF":
            continue
        if rolled.dice == "6d3-12":
            kept += [d3(face) for face in rolled.faces]
        else:
            kept += [(FUDGE_SIDES, face) for face in rolled.faces]
    return tuple(kept)


def dice_roll(rolled: fudge.FudgeRoll, /) -> Roll:
    """The dice alone (``fudge.roll``): the result on the ladder, P(result) as the panel shows it."""
    dist = fudge.distribution(rolled.dice)
    return valued("fudge.roll", dice_of(rolled), rolled.value, dist, total=rolled.value)


def action(result: fudge.ActionResult, /) -> Roll:
    """A one-sided or opposed action (``fudge.action``): failure, tie or success with the odds
    shown before it; an opposed action keeps both sides' dice."""
    odds = result.odds
    scale = tuple((code, getattr(odds, code)) for code in ACTION_OUTCOMES)
    total = result.roll.value if result.opposing_roll is None else None
    return ordered(
        "fudge.action", dice_of(result.roll, result.opposing_roll), result.outcome, scale, total=total
    )


def attack(result: fudge.AttackResult, /) -> Roll:
    """An attack (``fudge.attack``): miss, graze or hit with the odds shown before it; the dodge's
    dice too when the target dodged."""
    odds = result.odds
    scale = tuple((code, getattr(odds, code)) for code in ATTACK_OUTCOMES.values())
    total = result.attack_roll.value if result.defence_roll is None else None
    rolled = dice_of(result.attack_roll, result.defence_roll)
    return ordered("fudge.attack", rolled, ATTACK_OUTCOMES[result.outcome], scale, total=total)
