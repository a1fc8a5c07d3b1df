"""Rolling an ITE chain (seed 001, section 4): the dice of each check, the carried and final
margins, the verdict and the critical; and the same result replayed from dice already rolled (a
saved roll, or dice typed at the table). Every roller takes a ``random.Random``. Re-exported by
:mod:`rules.ite`.

>>> import random
>>> c = Check(0, 1, 6)
>>> rolled = run_chain(random.Random(1), [Stage("I", c), Stage("T", c)], with_odds=False)
>>> resolve_chain([Stage("I", c), Stage("T", c)], [(s.faces, s.right_faces) for s in rolled.stages]) == rolled
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules import dice
from rules.ite_chain import ChainOdds, Stage, chain_odds, validate_chain
from rules.ite_check import Check

__all__ = ["ChainResult", "StageResult", "resolve_chain", "roll_check", "run_chain"]


@dataclass(frozen=True)
class StageResult:
    """One rolled stage: dice, both sides, carried margin, own margin, final margin, verdict.

    ``right_faces`` is empty when the right side is the constant M(N+1)/2.
    ``critical`` is "high", "low" or None; a critical opens a new check situation.
    """

    kind: str
    faces: tuple[int, ...]
    right_faces: tuple[int, ...]
    left: int
    right: Fraction
    carried: Fraction
    margin: Fraction
    success: bool
    critical: str | None


@dataclass(frozen=True)
class ChainResult:
    """A rolled chain: the stages rolled (in order), the stages skipped, and the odds."""

    stages: tuple[StageResult, ...]
    skipped: tuple[str, ...]
    odds: ChainOdds | None

    @property
    def all_succeed(self) -> bool:
        return not self.skipped and all(s.success for s in self.stages)

    @property
    def new_situation(self) -> bool:
        """True when any critical arose: the seed opens a new check situation."""
        return any(s.critical is not None for s in self.stages)


def _resolve_stage(
    stage: Stage, faces: tuple[int, ...], right_faces: tuple[int, ...], carried: Fraction, /
) -> StageResult:
    check = stage.check
    if check.rolled_right:
        right = Fraction(check.difficulty + sum(right_faces))
    else:
        right = check.difficulty + check.constant
    left = check.x + sum(faces) + check.modifier
    margin = (carried if stage.carry else Fraction(0)) + left - right
    crit = check.face_critical(sum(faces)) or check.margin_critical(int(2 * margin))
    return StageResult(
        kind=stage.kind,
        faces=faces,
        right_faces=right_faces,
        left=left,
        right=right,
        carried=carried if stage.carry else Fraction(0),
        margin=margin,
        success=margin >= 0,
        critical=crit,
    )


def _roll_stage(rng: random.Random, stage: Stage, carried: Fraction, /) -> StageResult:
    check = stage.check
    die = range(1, check.n + 1)
    faces = tuple(dice.roll_faces(rng, die) for _ in range(check.m))
    right_faces: tuple[int, ...] = ()
    if check.rolled_right:
        right_faces = tuple(dice.roll_faces(rng, die) for _ in range(check.m))
    return _resolve_stage(stage, faces, right_faces, carried)


def _walk(
    chain: tuple[Stage, ...], roll: Callable[[int, Stage, Fraction], StageResult], odds: ChainOdds | None, /
) -> ChainResult:
    """The chain in order, each stage's dice from ``roll(index, stage)``; carry margins, stop on a gate."""
    rolled: list[StageResult] = []
    carried = Fraction(0)
    for index, stage in enumerate(chain):
        result = roll(index, stage, carried)
        rolled.append(result)
        carried = result.margin
        if stage.stop_on_failure and not result.success:
            return ChainResult(tuple(rolled), tuple(s.kind for s in chain[index + 1 :]), odds)
    return ChainResult(tuple(rolled), (), odds)


def run_chain(
    rng: random.Random, stages: tuple[Stage, ...] | list[Stage], /, *, with_odds: bool = True
) -> ChainResult:
    """Roll a chain in the given order, carrying margins; stop after a failed gating stage."""
    chain = validate_chain(stages)
    odds = chain_odds(chain) if with_odds else None
    return _walk(chain, lambda _i, stage, carried: _roll_stage(rng, stage, carried), odds)


def _faces_of(check: Check, raw: object, what: str, /) -> tuple[int, ...]:
    if not isinstance(raw, list | tuple) or len(raw) != check.m:
        raise ValueError(f"{what}: {check.m} dice expected, got {raw!r}")
    for face in raw:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= check.n:
            raise ValueError(f"{what}: a d{check.n} shows 1..{check.n}, got {face!r}")
    return tuple(raw)


def resolve_chain(
    stages: tuple[Stage, ...] | list[Stage],
    dice_rolled: object,
    /,
) -> ChainResult:
    """The chain's result from dice already rolled: ``(faces, right_faces)`` per rolled stage
    (``right_faces`` empty unless the stage rolls MdN on the right). ``ValueError`` when the dice
    could not have come from these stages (wrong counts, faces off the die, a stage after a stop).

    >>> c = Check(0, 1, 6)
    >>> resolve_chain([Stage("I", c), Stage("T", c)], [((6,), ()), ((1,), ())]).stages[1].margin
    Fraction(0, 1)
    """
    chain = validate_chain(stages)
    given = list(dice_rolled) if isinstance(dice_rolled, list | tuple) else None
    if given is None:
        raise ValueError(f"dice must be a list, got {dice_rolled!r}")

    def roll(index: int, stage: Stage, carried: Fraction) -> StageResult:
        if index >= len(given):
            raise ValueError(f"no dice for check {index + 1}")
        pair = given[index]
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ValueError(f"check {index + 1}: (faces, right faces) expected, got {pair!r}")
        faces = _faces_of(stage.check, pair[0], f"check {index + 1}")
        if stage.check.rolled_right:
            right = _faces_of(stage.check, pair[1], f"check {index + 1}, right side")
        elif pair[1]:
            raise ValueError(f"check {index + 1} has a constant on the right, not dice")
        else:
            right = ()
        return _resolve_stage(stage, faces, right, carried)

    result = _walk(chain, roll, None)
    if len(result.stages) != len(given):
        raise ValueError(f"{len(given)} dice sets for {len(result.stages)} rolled checks")
    return result


def roll_check(rng: random.Random, check: Check, /) -> StageResult:
    """Roll one stand-alone check (ITE-1); ``kind`` is reported as "T"."""
    if not isinstance(check, Check):
        raise ValueError(f"expected a Check, got {check!r}")
    return _roll_stage(rng, Stage("T", check), Fraction(0))
