"""Omicron FUDGE (seed 002): the ladder and the dice (1.0), skills (1.2), one-sided and opposed actions (2.1, 2.2) and range penalties (2.3). Re-exported by :mod:`rules.fudge`."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from rules import dice as dice_engine
from rules.values import whole_number

__all__ = [
    "LADDER",
    "DICE",
    "ladder_step",
    "ladder_name",
    "distribution",
    "FudgeRoll",
    "roll",
    "FAILURE",
    "TIE",
    "SUCCESS",
    "outcome_of",
    "skill_term",
    "Side",
    "ActionOdds",
    "one_sided_odds",
    "opposed_odds",
    "ActionResult",
    "one_sided",
    "opposed",
    "RANGE_TABLE",
    "range_penalty",
]

# --- 1.0 ladder and dice -------------------------------------------------------------------------

LADDER: dict[int, str] = {
    8: "Эпически",
    7: "Легендарно",
    6: "Фантастически",
    5: "Великолепно",
    4: "Отлично",
    3: "Очень хорошо",
    2: "Хорошо",
    1: "Неплохо",
    0: "Нормально",
    -1: "Посредственно",
    -2: "Плохо",
    -3: "Очень плохо",
    -4: "Ужасно",
    -5: "Днище",
    -6: "Хуже некуда",
    -7: "Легендарный провал",
    -8: "Эпический провал",
}

# name -> (faces of one die, number of dice, constant added)
DICE: dict[str, tuple[tuple[int, ...], int, int]] = {
    "6dF": ((-1, -1, 0, 0, 1, 1), 6, 0),
    "4dF": ((-1, -1, 0, 0, 1, 1), 4, 0),
    "3dGF": ((-2, -1, 0, 0, 1, 2), 3, 0),
    "6d3-12": ((1, 2, 3), 6, -12),
}


def _dice_spec(dice_name: object, /) -> tuple[tuple[int, ...], int, int]:
    if not isinstance(dice_name, str) or dice_name not in DICE:
        raise ValueError(f"dice must be one of {', '.join(DICE)}, got {dice_name!r}")
    return DICE[dice_name]


def ladder_step(level: int, /) -> tuple[int, int]:
    """The ladder rung a level falls on (-8..+8) and the excess beyond the end rung (0 within).

    >>> ladder_step(3), ladder_step(10), ladder_step(-9)
    ((3, 0), (8, 2), (-8, -1))
    """
    rung = max(-8, min(8, whole_number("ladder level", level)))
    return rung, level - rung


def ladder_name(level: int, /) -> str:
    """The seed's term for a level; beyond ±8 the end term with the excess (a UI words it itself
    from :func:`ladder_step`).

    >>> ladder_name(8), ladder_name(10), ladder_name(-9)
    ('Эпически', 'Эпически +2', 'Эпический провал -1')
    """
    rung, excess = ladder_step(level)
    return f"{LADDER[rung]} {excess:+d}" if excess else LADDER[rung]


def distribution(dice: str) -> dict[int, Fraction]:
    """Exact distribution of "6dF", "4dF", "3dGF" or "6d3-12".

    >>> distribution("3dGF")[6]
    Fraction(1, 216)
    """
    faces, count, offset = _dice_spec(dice)
    base = _DISTS.get(dice)
    if base is None:
        summed = dice_engine.sum_of(dice_engine.uniform(faces), count)
        base = _DISTS[dice] = dice_engine.map_outcomes(summed, lambda total: total + offset)
    return dict(base)


_DISTS: dict[str, dict[int, Fraction]] = {}


@dataclass(frozen=True)
class FudgeRoll:
    """One roll: the dice name, every die's face and the result (with the -12 for 6d3-12)."""

    dice: str
    faces: tuple[int, ...]
    value: int

    @property
    def name(self) -> str:
        return ladder_name(self.value)


def roll(rng: random.Random, dice: str = "6dF", /) -> FudgeRoll:
    """Roll one of the seed's dice sets."""
    faces, count, offset = _dice_spec(dice)
    rolled = tuple(dice_engine.roll_faces(rng, faces) for _ in range(count))
    return FudgeRoll(dice, rolled, sum(rolled) + offset)


# --- 1.2 skills, 2.1 one-sided and 2.2 opposed actions --------------------------------------------

# Outcome codes (seed 002, 2.1); the UI words them.
FAILURE, TIE, SUCCESS = "failure", "tie", "success"


def outcome_of(margin: int, /) -> str:
    """ "failure" below 0, "tie" at 0, "success" above 0 (seed 002, 2.1)."""
    whole_number("margin", margin)
    return FAILURE if margin < 0 else TIE if margin == 0 else SUCCESS


def skill_term(
    skill: int | None, /, *, required: bool = False, default: int | None = None, adjustment: int = 0
) -> int:
    """The skill's part of a roll (seed 002, 1.2): the skill, or its "no skill" default.

    Without the skill: a required skill uses the GM's ``default`` for it; otherwise
    the default is "Посредственно" (-1), i.e. the attribute at -1.  ``adjustment`` is the
    bonus or penalty for the skill's difficulty category added to a default.
    The same works for a technique on top of a skill.

    >>> skill_term(None), skill_term(None, required=True, default=-3, adjustment=1), skill_term(2)
    (-1, -2, 2)
    """
    whole_number("difficulty adjustment", adjustment)
    if skill is not None:
        if default is not None or adjustment:
            raise ValueError("a default or an adjustment only applies when the skill is missing (None)")
        return whole_number("skill", skill)
    if required:
        if default is None:
            raise ValueError("a required skill that the character lacks needs the GM's default value")
        return whole_number("default", default) + adjustment
    if default is not None:
        raise ValueError("a default value is given only for a required skill; otherwise it is -1")
    return -1 + adjustment


@dataclass(frozen=True)
class Side:
    """Everything added to a roll (seed 002, 2.1): attribute, skill, technique, modifiers.

    Use :func:`skill_term` for a missing skill or technique.
    """

    attribute: int = 0
    skill: int = 0
    technique: int = 0
    modifier: int = 0

    def __post_init__(self) -> None:
        for name in ("attribute", "skill", "technique", "modifier"):
            whole_number(name, getattr(self, name))

    @property
    def static(self) -> int:
        """The sum without the roll."""
        return self.attribute + self.skill + self.technique + self.modifier


@dataclass(frozen=True)
class ActionOdds:
    """Exact odds before rolling: failure, tie, success and every margin."""

    failure: Fraction
    tie: Fraction
    success: Fraction
    margins: dict[int, Fraction]


def _odds_from_margins(margins: dict[int, Fraction], /) -> ActionOdds:
    return ActionOdds(
        failure=dice_engine.at_most(margins, -1),
        tie=margins.get(0, Fraction(0)),
        success=dice_engine.at_least(margins, 1),
        margins=margins,
    )


def one_sided_odds(side: Side, difficulty: int, /, dice: str = "6dF") -> ActionOdds:
    """Exact odds of a one-sided action (seed 002, 2.1).

    >>> one_sided_odds(Side(skill=2), 2).tie
    Fraction(47, 243)
    """
    whole_number("difficulty", difficulty)
    base = side.static - difficulty
    return _odds_from_margins({k + base: p for k, p in distribution(dice).items()})


def opposed_odds(side: Side, other: Side, /, dice: str = "6dF") -> ActionOdds:
    """Exact odds of an opposed action (seed 002, 2.2): both sides roll the same dice."""
    base = side.static - other.static
    d = distribution(dice)
    difference = dice_engine.combine(d, d, lambda x, y: x - y)
    return _odds_from_margins({k + base: p for k, p in difference.items()})


@dataclass(frozen=True)
class ActionResult:
    """A resolved action: the rolls, both totals, the margin with its ladder name, the outcome."""

    roll: FudgeRoll
    total: int
    opposing_roll: FudgeRoll | None
    against: int
    margin: int
    outcome: str
    odds: ActionOdds

    @property
    def total_name(self) -> str:
        return ladder_name(self.total)

    @property
    def margin_name(self) -> str:
        return ladder_name(self.margin)


def one_sided(rng: random.Random, side: Side, difficulty: int, /, dice: str = "6dF") -> ActionResult:
    """Roll a one-sided action against a difficulty (seed 002, 2.1)."""
    odds = one_sided_odds(side, difficulty, dice)
    r = roll(rng, dice)
    total = side.static + r.value
    return ActionResult(r, total, None, difficulty, total - difficulty, outcome_of(total - difficulty), odds)


def opposed(rng: random.Random, side: Side, other: Side, /, dice: str = "6dF") -> ActionResult:
    """Roll an opposed action (seed 002, 2.2); the margin is this side's total minus the other's."""
    odds = opposed_odds(side, other, dice)
    mine, theirs = roll(rng, dice), roll(rng, dice)
    total, against = side.static + mine.value, other.static + theirs.value
    return ActionResult(mine, total, theirs, against, total - against, outcome_of(total - against), odds)


# --- 2.3 range penalties --------------------------------------------------------------------------

RANGE_TABLE: tuple[tuple[int, int], ...] = (
    (2, 0),
    (4, -1),
    (7, -2),
    (10, -3),
    (15, -4),
    (20, -5),
    (30, -6),
    (50, -7),
    (70, -8),
    (100, -9),
    (150, -10),
    (200, -11),
    (300, -12),
    (500, -13),
    (700, -14),
    (1000, -15),
)


def range_penalty(metres: int | float | Fraction, /) -> int:
    """Penalty to hit for a distance in metres, "до 2м 0" … "до 1000м -15" (seed 002, 2.3).

    The penalty is added to the difficulty of the hit («штрафы добавляются к сложности»): the
    counted defence rises by its size (``attack(..., range_penalty=...)``); the attacker's total,
    which the minimum hit level judges, is unchanged.

    >>> range_penalty(2), range_penalty(2.5), range_penalty(1000)
    (0, -1, -15)
    """
    if isinstance(metres, bool) or not isinstance(metres, int | float | Fraction):
        raise ValueError(f"distance must be a number of metres, got {metres!r}")
    if not math.isfinite(metres) or metres < 0:
        raise ValueError(f"distance must be 0 m or more, got {metres}")
    for limit, penalty in RANGE_TABLE:
        if metres <= limit:
            return penalty
    raise ValueError(f"the seed's range table ends at 1000 m, got {metres} m")
