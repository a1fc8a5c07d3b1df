"""The ITE panel's heavy computation, run in the compute worker (``kit.compute``).

A chain's exact odds (``rules.ite.chain_odds``, plus each stage's stand-alone ITE-1 odds) take
from well under a millisecond (the default 3 × 2к6) to about 0.15 s of CPython for the heaviest
chains the form allows (e.g. 11к5 and 11к9 rolled on both sides around a 19к8, face criticals;
tools/bench.py's 3 × 2к67 takes 0.04 s), and more in the page. A chain whose estimated work
(``work``, in microseconds of CPython from cold caches) is within ``INLINE_WORK`` is computed on
the page at once; a heavier one goes to the worker. ``steps`` turns the estimate into the job's
declared bound (Python-level calls, as ``kit.compute`` counts work), so where no worker runs (the
saved file opened from disk) a chain over ``kit.compute.MAIN_THREAD_STEPS`` is refused with a
message instead of freezing the page (a chain's walk is not sliced; no chain the form accepts has
come near that bound). Either way the panel shows ``Odds``, which
holds only what the view prints (no margin distributions), so the worker's answer stays small.
A request also carries the chains of the rolls journalled before their odds came
(``panels.ite.waiting``, ``rolled``): the answer adds each one's P(every check succeeds).

>>> from panels.ite.chain import DEFAULT_STAGES
>>> is_light(DEFAULT_STAGES)
True
>>> odds_from(odds_job([dump_stage(s) for s in DEFAULT_STAGES])) == odds(DEFAULT_STAGES)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from kit.compute import JobError, job
from panels.ite.stage import alone_odds, dump_stage, load_stage
from panels.ite.waiting import MAX_WAITING
from rules import ite

__all__ = [
    "INLINE_WORK",
    "JOB",
    "Odds",
    "StageLine",
    "dump_stage",
    "encode_odds",
    "is_light",
    "odds",
    "odds_from",
    "odds_job",
    "steps",
    "work",
]

JOB = "ite.odds"
INLINE_WORK = 8_000  # estimated microseconds of CPython computed on the page: within a frame there


def work(stages: tuple[ite.Stage, ...]) -> int:
    """An upper estimate of ``odds(stages)`` from cold caches, in microseconds of CPython.

    Calibrated on CPython 3.12 (best of several runs): MкN by convolution, about 3 µs per
    Fraction step; pairing two rolled sides, about 0.15 µs per pair (done twice: the chain and the
    stand-alone odds); the chain's walk, about 0.4 µs per (state, outcome) pair, where a state is a
    carried margin with "all succeeded so far" and "a critical seen" flags.
    """
    total = 0
    states = 1  # states alive before this stage
    reach = 0  # the carried margin's span
    crit = False
    for index, stage in enumerate(stages):
        check = stage.check
        m, n = check.m, check.n
        total += 50 + 3 * n * (m + (n - 1) * m * (m - 1) // 2)  # a stage's fixed cost, then MкN
        outcomes = check.span + 1
        if check.rolled_right:
            side = m * (n - 1) + 1
            total += 2 * (side * side) // 6
            if isinstance(check.critical, ite.FaceCritical):
                outcomes *= 3  # a margin can come with either critical or none
            total += outcomes // 2  # the stand-alone walk
        total += states * outcomes // 2
        crit = crit or check.critical is not None
        reach = (reach if stage.carry else 0) + check.span
        flags = (2 if crit else 1) * (1 if index == 0 else 2)
        states = (reach + 1) * flags
    return total


# Calls per estimated microsecond, and a chain's fixed calls: measured 3–10 calls per µs (more for
# small chains, whose fixed cost dominates); tests/unit/test_ite_panel.py checks the bound holds.
STEPS_PER_WORK = 12
STEPS_FIXED = 5_000


def _chain(stages: Any) -> tuple[ite.Stage, ...]:
    if not isinstance(stages, list):
        raise ValueError("a chain is a list of stages")
    return tuple(ite.validate_chain([load_stage(raw) for raw in stages]))


def _rolled(rolled: Any) -> list[tuple[ite.Stage, ...]]:
    if rolled is None:
        return []
    if not isinstance(rolled, list) or len(rolled) > MAX_WAITING:
        raise ValueError(f"at most {MAX_WAITING} rolled chains")
    return [_chain(stages) for stages in rolled]


def steps(stages: list[Any], rolled: list[Any] | None = None) -> int:
    """The declared bound of ``odds_job(stages, rolled)``: Python-level calls, from the estimate
    ``work`` (``ValueError`` for stages the job would refuse: it then runs and says why)."""
    chains = [_chain(stages), *_rolled(rolled)]
    return STEPS_FIXED * len(chains) + STEPS_PER_WORK * sum(work(chain) for chain in chains)


def is_light(stages: tuple[ite.Stage, ...]) -> bool:
    """Whether the chain's odds are cheap enough to compute on the page."""
    return work(stages) <= INLINE_WORK


@dataclass(frozen=True)
class StageLine:
    """One row of the odds table, with the stage's stand-alone ITE-1 odds (``alone``)."""

    kind: str
    reached: Fraction
    success: Fraction
    success_if_reached: Fraction
    critical_high: Fraction
    critical_low: Fraction
    alone: Fraction


@dataclass(frozen=True)
class Odds:
    """What the panel shows of a chain's exact odds: a line per stage and the whole chain's."""

    stages: tuple[StageLine, ...]
    all_succeed: Fraction
    any_critical: Fraction


@lru_cache(maxsize=16)
def odds(stages: tuple[ite.Stage, ...]) -> Odds:
    """Exact odds of a chain (cached: the view is drawn again after every action and switch)."""
    chain = ite.chain_odds(stages)
    lines = tuple(
        StageLine(
            s.kind,
            s.reached,
            s.success,
            s.success_if_reached,
            s.critical_high,
            s.critical_low,
            alone_odds(stage.check),
        )
        for s, stage in zip(chain.stages, stages, strict=True)
    )
    return Odds(lines, chain.all_succeed, chain.any_critical)


def encode_odds(shown: Odds) -> dict[str, Any]:
    return {
        "stages": [
            [s.kind, s.reached, s.success, s.success_if_reached, s.critical_high, s.critical_low, s.alone]
            for s in shown.stages
        ],
        "all": shown.all_succeed,
        "crit": shown.any_critical,
    }


@job(JOB, steps=steps)
def odds_job(stages: list[Any], rolled: list[Any] | None = None) -> dict[str, Any]:
    """The exact odds of the chain given as saved stages (``dump_stage``), as ``encode_odds``;
    with ``rolled`` (chains of rolls waiting for their odds), each one's P(every check
    succeeds) too, in order, under ``"rolled"``."""
    try:
        chain, others = _chain(stages), _rolled(rolled)
    except ValueError as error:
        raise JobError("invalid", reason=str(error)) from None
    answer = encode_odds(odds(chain))
    if others:
        answer["rolled"] = [odds(other).all_succeed for other in others]
    return answer


def odds_from(result: dict[str, Any]) -> Odds:
    """A job's result back as ``Odds``."""
    lines = tuple(StageLine(str(kind), *(Fraction(p) for p in rest)) for kind, *rest in result["stages"])
    return Odds(lines, Fraction(result["all"]), Fraction(result["crit"]))
