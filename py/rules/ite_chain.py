"""ITE chains (seed 001, sections 4 and 6): up to three checks in the GM's order, each margin
carried into the next (ITE-2) or not (ITE-1), a failed gate ending the chain; their exact odds
from the joint distribution, and the seed's example chains. Re-exported by :mod:`rules.ite`.

>>> c = Check(0, 1, 2)  # d2 against 1.5: margin -1/2 or +1/2
>>> chain_odds([Stage("I", c), Stage("T", c)]).stages[1].success  # d = t +- 1/2 fails only at -1
Fraction(3, 4)
>>> [stage.kind for stage in crafting_chain(c, c, c)]
['T', 'I', 'E']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.ite_check import CHECK_KINDS, CRIT_HIGH, CRIT_LOW, Check

__all__ = [
    "MAX_CHAIN_SPAN",
    "ChainOdds",
    "CheckOdds",
    "Stage",
    "StageOdds",
    "chain_odds",
    "check_odds",
    "crafting_chain",
    "critical_hit_chain",
    "sword_fight_chain",
    "validate_chain",
]

MAX_CHAIN_SPAN = 400


@dataclass(frozen=True)
class Stage:
    """A check in a chain: its kind ("I", "T" or "E"), whether it adds the previous
    margin (``carry``: ITE-2; ``False``: ITE-1), and whether a failure ends the chain."""

    kind: str
    check: Check
    carry: bool = True
    stop_on_failure: bool = False

    def __post_init__(self) -> None:
        if self.kind not in CHECK_KINDS:
            raise ValueError(f"check kind must be one of {', '.join(CHECK_KINDS)}, got {self.kind!r}")
        if not isinstance(self.check, Check):
            raise ValueError(f"stage check must be a Check, got {self.check!r}")
        for name in ("carry", "stop_on_failure"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, got {getattr(self, name)!r}")


def validate_chain(stages: tuple[Stage, ...] | list[Stage], /) -> tuple[Stage, ...]:
    """Return the chain as a tuple if it is 1-3 stages of distinct kinds within the size limit."""
    chain = tuple(stages)
    if not 1 <= len(chain) <= 3:
        raise ValueError(f"a chain has 1 to 3 checks, got {len(chain)}")
    for stage in chain:
        if not isinstance(stage, Stage):
            raise ValueError(f"chain items must be Stage values, got {stage!r}")
    kinds = [stage.kind for stage in chain]
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"each of I, T, E appears at most once in a chain, got {kinds}")
    total = sum(stage.check.span for stage in chain)
    if total > MAX_CHAIN_SPAN:
        raise ValueError(f"the chain's checks span {total} margins in all; the limit is {MAX_CHAIN_SPAN}")
    return chain


@dataclass(frozen=True)
class StageOdds:
    """Exact odds of one stage from the joint distribution of the chain.

    ``reached``: the stage is rolled at all; ``success``: reached and margin >= 0;
    ``margins``: P(reached and margin = m) for every margin m.
    """

    kind: str
    reached: Fraction
    success: Fraction
    critical_high: Fraction
    critical_low: Fraction
    margins: dict[Fraction, Fraction]

    @property
    def failure(self) -> Fraction:
        """Reached and margin < 0."""
        return self.reached - self.success

    @property
    def success_if_reached(self) -> Fraction:
        return self.success / self.reached if self.reached else Fraction(0)


@dataclass(frozen=True)
class ChainOdds:
    """Exact odds for a whole chain: every stage, all stages succeeding, any critical."""

    stages: tuple[StageOdds, ...]
    all_succeed: Fraction
    any_critical: Fraction


def chain_odds(stages: tuple[Stage, ...] | list[Stage], /) -> ChainOdds:
    """Exact per-stage and whole-chain odds from the joint distribution (seed 001, section 4).

    >>> c = Check(0, 1, 2)  # d2 against 1.5: margin -1/2 or +1/2
    >>> chain_odds([Stage("I", c), Stage("T", c)]).all_succeed  # d = t +- 1/2 >= 0 iff t > 0
    Fraction(1, 2)
    >>> chain_odds([Stage("I", c), Stage("T", c, carry=False)]).all_succeed
    Fraction(1, 4)
    """
    chain = validate_chain(stages)
    # state: (doubled margin, all stages so far succeeded, a critical seen) -> weight
    alive: dict[tuple[int, bool, bool], int] = {(0, True, False): 1}
    stopped_crit = stopped_plain = 0  # paths that ended early, by "critical seen"
    whole = 1
    results: list[StageOdds] = []
    for stage in chain:
        check = stage.check
        joint = check.doubled_margins()
        ways = check.face_combinations
        whole *= ways
        stopped_crit *= ways
        stopped_plain *= ways
        nxt: dict[tuple[int, bool, bool], int] = {}
        margins: dict[int, int] = {}
        reached = success = crit_high = crit_low = 0
        for (prev2, ok, seen), weight in alive.items():
            carried = prev2 if stage.carry else 0
            for (own2, face), count in joint.items():
                w = weight * count
                margin2 = carried + own2
                crit = face or check.margin_critical(margin2)
                passed = margin2 >= 0
                reached += w
                margins[margin2] = margins.get(margin2, 0) + w
                if passed:
                    success += w
                if crit == CRIT_HIGH:
                    crit_high += w
                elif crit == CRIT_LOW:
                    crit_low += w
                now_seen = seen or crit is not None
                if stage.stop_on_failure and not passed:
                    if now_seen:
                        stopped_crit += w
                    else:
                        stopped_plain += w
                    continue
                key = (margin2, ok and passed, now_seen)
                nxt[key] = nxt.get(key, 0) + w
        alive = nxt
        results.append(
            StageOdds(
                kind=stage.kind,
                reached=Fraction(reached, whole),
                success=Fraction(success, whole),
                critical_high=Fraction(crit_high, whole),
                critical_low=Fraction(crit_low, whole),
                margins={Fraction(k, 2): Fraction(v, whole) for k, v in sorted(margins.items())},
            )
        )
    all_ok = sum(w for (_, ok, _), w in alive.items() if ok)
    any_crit = stopped_crit + sum(w for (_, _, seen), w in alive.items() if seen)
    return ChainOdds(tuple(results), Fraction(all_ok, whole), Fraction(any_crit, whole))


@dataclass(frozen=True)
class CheckOdds:
    """Exact odds of a single check: success, criticals, margin distribution."""

    success: Fraction
    critical_high: Fraction
    critical_low: Fraction
    margins: dict[Fraction, Fraction]

    @property
    def failure(self) -> Fraction:
        return 1 - self.success


def check_odds(check: Check, /) -> CheckOdds:
    """Exact odds of one stand-alone check (ITE-1).

    >>> check_odds(Check(0, 1, 6, difficulty=-1)).success  # d6 >= 2.5
    Fraction(2, 3)
    """
    stage = chain_odds([Stage("T", check)]).stages[0]
    return CheckOdds(stage.success, stage.critical_high, stage.critical_low, stage.margins)


def crafting_chain(accuracy: Check, initiative: Check, effect: Check, /) -> tuple[Stage, ...]:
    """Seed 001, section 6, example 1 (ITE-1 crafting): T-check first; only if it succeeds
    roll the I-check (time taken) and the Eff-check (does it fail at the worst moment).
    No margins carry."""
    return validate_chain(
        [
            Stage("T", accuracy, carry=False, stop_on_failure=True),
            Stage("I", initiative, carry=False),
            Stage("E", effect, carry=False),
        ]
    )


def sword_fight_chain(initiative: Check, attack: Check, damage: Check, /) -> tuple[Stage, ...]:
    """Seed 001, section 6, example 2 (ITE-2 sword fight): I-check (who strikes first), its
    margin carries into the T-check (attack vs defence as difficulty); only a hit carries on
    into the Eff-check (damage).  Give T and E a ``MarginCritical`` for critical hits."""
    return validate_chain(
        [
            Stage("I", initiative, carry=False),
            Stage("T", attack, carry=True, stop_on_failure=True),
            Stage("E", damage, carry=True),
        ]
    )


def critical_hit_chain(zone: Check, effect: Check, /) -> tuple[Stage, ...]:
    """The new situation after a critical in the sword fight: a T-check for how dangerous
    the zone is, then an Eff-check for the exact effect, by the same ITE-2 rules."""
    return validate_chain([Stage("T", zone, carry=False), Stage("E", effect, carry=True)])
