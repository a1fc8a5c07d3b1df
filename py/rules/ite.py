"""ITE (seed 001): initiative, accuracy and effect checks with exact odds.

Seed 001, section 3 (ITE-1): a check succeeds when
``X + MdN + Mod >= Difficulty + M(N+1)/2``.  Section 4 (ITE-2) carries each
check's margin into the next: ``t = ...``, ``d = t + ...``, ``e = d + ...``.
The dice constant ``M(N+1)/2`` can be a half (``3d6`` gives 10.5), so margins
are exact :class:`~fractions.Fraction` values in steps of 1/2.

>>> ite1_probability(0, 2, 6, 0, 0)
Fraction(7, 12)
>>> Check(10, 3, 6).constant
Fraction(21, 2)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules import dice

__all__ = [
    "CHECK_KINDS",
    "CRIT_HIGH",
    "CRIT_LOW",
    "MAX_CHAIN_SPAN",
    "MAX_CHECK_SPAN",
    "MAX_DICE",
    "MAX_FACES",
    "RECOMMENDED_RATIO",
    "ChainOdds",
    "ChainResult",
    "Check",
    "CheckOdds",
    "FaceCritical",
    "MarginCritical",
    "Stage",
    "StageOdds",
    "StageResult",
    "chain_odds",
    "check_odds",
    "crafting_chain",
    "critical_hit_chain",
    "ite1_probability",
    "resolve_chain",
    "roll_check",
    "run_chain",
    "sword_fight_chain",
    "validate_chain",
]

MAX_DICE = 20
MAX_FACES = 100
MAX_CHECK_SPAN = 200
MAX_CHAIN_SPAN = 400
RECOMMENDED_RATIO = Fraction(2)

# Check codes: initiative, accuracy ("точность"), effect (seed 001, section 2); the UI names them.
CHECK_KINDS = ("I", "T", "E")
CRIT_HIGH, CRIT_LOW = "high", "low"


def _whole(name: str, value: object, /) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def _half_step(name: str, value: object, /) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise ValueError(f"{name} must be a whole number or a Fraction in halves, got {value!r}")
    result = Fraction(value)
    if (2 * result).denominator != 1:
        raise ValueError(f"{name} must be a multiple of 1/2 (margins move in halves), got {value}")
    return result


def _check_dice(m: object, n: object, /) -> None:
    dice_count = _whole("dice count M", m)
    faces = _whole("faces N", n)
    if not 1 <= dice_count <= MAX_DICE:
        raise ValueError(f"dice count M must be from 1 to {MAX_DICE}, got {dice_count}")
    if not 2 <= faces <= MAX_FACES:
        raise ValueError(f"faces N must be from 2 to {MAX_FACES}, got {faces}")
    if dice_count * (faces - 1) > MAX_CHECK_SPAN:
        raise ValueError(
            f"{dice_count}d{faces} has {dice_count * (faces - 1) + 1} possible totals; the limit is "
            f"{MAX_CHECK_SPAN + 1} (M*(N-1) <= {MAX_CHECK_SPAN}) to keep exact odds fast"
        )


@lru_cache(maxsize=64)
def _sum_dist(m: int, n: int, /) -> tuple[tuple[int, Fraction], ...]:
    return tuple(dice.sum_of(dice.uniform(range(1, n + 1)), m).items())


@lru_cache(maxsize=64)
def _sum_counts(m: int, n: int, /) -> tuple[tuple[int, int], ...]:
    """MdN as (total, number of face combinations); they add up to N**M."""
    whole = n**m
    return tuple((total, int(p * whole)) for total, p in _sum_dist(m, n))


def ite1_probability(x: int, m: int, n: int, modifier: int, difficulty: int) -> Fraction:
    """Exact P(X + MdN + modifier >= difficulty + M(N+1)/2) (seed 001, section 3).

    >>> ite1_probability(0, 3, 6, 0, 0)  # 3d6 >= 10.5
    Fraction(1, 2)
    >>> ite1_probability(2, 1, 20, 0, 15)  # d20 >= 23.5 - 2
    Fraction(0, 1)
    """
    for name, value in (("X", x), ("modifier", modifier), ("difficulty", difficulty)):
        _whole(name, value)
    _check_dice(m, n)
    need = math.ceil(difficulty + Fraction(m * (n + 1), 2) - x - modifier)
    return dice.at_least(dict(_sum_dist(m, n)), need)


@dataclass(frozen=True)
class FaceCritical:
    """Criticals tied to the rolled MdN total (seed 001, section 5; handy for ITE-1).

    ``high``: a total at or above it is a high critical; ``low``: at or below it
    is a low critical; ``None`` switches that side off.  ``FaceCritical.extremes``
    uses the usual all-maximum / all-minimum faces.
    """

    high: int | None
    low: int | None

    def __post_init__(self) -> None:
        if self.high is None and self.low is None:
            raise ValueError("a face critical needs a high or a low total (or both)")
        for name in ("high", "low"):
            value = getattr(self, name)
            if value is not None:
                _whole(f"critical {name} total", value)
        if self.high is not None and self.low is not None and self.low >= self.high:
            raise ValueError(f"critical low total {self.low} must be below the high total {self.high}")

    @classmethod
    def extremes(cls, m: int, n: int, /) -> FaceCritical:
        """High on all dice at N (total M*N), low on all dice at 1 (total M)."""
        _check_dice(m, n)
        return cls(high=m * n, low=m)


@dataclass(frozen=True)
class MarginCritical:
    """Criticals tied to the margin over the difficulty (seed 001, section 5; handy for ITE-2).

    ``high``: a margin at or above it (> 0) is a high critical; ``low``
    (optional, < 0): a margin at or below it is a low critical.  For a carried
    ITE-2 stage the margin is the carried one (t, d or e).
    """

    high: int | Fraction | None
    low: int | Fraction | None = None

    def __post_init__(self) -> None:
        if self.high is None and self.low is None:
            raise ValueError("a margin critical needs a high or a low bound (or both)")
        if self.high is not None and _half_step("critical high margin", self.high) <= 0:
            raise ValueError(f"critical high margin must be above 0, got {self.high}")
        if self.low is not None and _half_step("critical low margin", self.low) >= 0:
            raise ValueError(f"critical low margin must be below 0, got {self.low}")


@dataclass(frozen=True)
class Check:
    """One ITE check: ``X + MdN + modifier`` against ``difficulty + M(N+1)/2``.

    ``rolled_right`` rolls a second MdN on the right side instead of the
    constant (seed 001, section 5).  ``critical`` is the GM's critical rule.

    >>> Check(12, 2, 6, modifier=1).ratio
    Fraction(13, 7)
    """

    x: int
    m: int
    n: int
    modifier: int = 0
    difficulty: int = 0
    rolled_right: bool = False
    critical: FaceCritical | MarginCritical | None = None

    def __post_init__(self) -> None:
        for name in ("x", "modifier", "difficulty"):
            _whole(name, getattr(self, name))
        _check_dice(self.m, self.n)
        if not isinstance(self.rolled_right, bool):
            raise ValueError(f"rolled_right must be True or False, got {self.rolled_right!r}")
        crit = self.critical
        if crit is not None and not isinstance(crit, FaceCritical | MarginCritical):
            raise ValueError(f"critical must be a FaceCritical, a MarginCritical or None, got {crit!r}")
        if isinstance(crit, FaceCritical):
            lo, hi = self.m, self.m * self.n
            for name, value in (("high", crit.high), ("low", crit.low)):
                if value is not None and not lo <= value <= hi:
                    raise ValueError(
                        f"critical {name} total {value} is outside {self.m}d{self.n} ({lo}..{hi})"
                    )
        if self.span > MAX_CHECK_SPAN:
            raise ValueError(
                f"rolling {self.m}d{self.n} on both sides spans {self.span + 1} margins; "
                f"the limit is {MAX_CHECK_SPAN + 1}"
            )

    @property
    def constant(self) -> Fraction:
        """The dice constant M(N+1)/2 (seed 001, section 1)."""
        return Fraction(self.m * (self.n + 1), 2)

    @property
    def span(self) -> int:
        """Number of possible margins minus one (the cost measure for exact odds)."""
        return self.m * (self.n - 1) * (2 if self.rolled_right else 1)

    @property
    def ratio(self) -> Fraction:
        """Computed part over random part: ``(X + modifier) / (M(N+1)/2)``; the seed suggests ~2."""
        return Fraction(self.x + self.modifier) / self.constant

    def _face_crit(self, total: int, /) -> str | None:
        crit = self.critical
        if isinstance(crit, FaceCritical):
            if crit.high is not None and total >= crit.high:
                return CRIT_HIGH
            if crit.low is not None and total <= crit.low:
                return CRIT_LOW
        return None

    def _margin_crit(self, margin2: int, /) -> str | None:
        crit = self.critical
        if isinstance(crit, MarginCritical):
            if crit.high is not None and margin2 >= 2 * crit.high:
                return CRIT_HIGH
            if crit.low is not None and margin2 <= 2 * crit.low:
                return CRIT_LOW
        return None

    def _joint2(self) -> dict[tuple[int, str | None], int]:
        """(doubled own margin, face critical) -> number of face combinations."""
        base2 = 2 * (self.x + self.modifier - self.difficulty)
        left = _sum_counts(self.m, self.n)
        result: dict[tuple[int, str | None], int] = {}
        if self.rolled_right:
            rights = [(2 * total, count) for total, count in left]
        else:
            rights = [(self.m * (self.n + 1), 1)]
        for total, count in left:
            crit = self._face_crit(total)
            for right2, right_count in rights:
                key = (base2 + 2 * total - right2, crit)
                result[key] = result.get(key, 0) + count * right_count
        return result

    @property
    def _ways(self) -> int:
        return self.n ** (self.m * (2 if self.rolled_right else 1))


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
        joint = check._joint2()
        ways = check._ways
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
                crit = face or check._margin_crit(margin2)
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
    crit = check._face_crit(sum(faces)) or check._margin_crit(int(2 * margin))
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


def roll_check(rng: random.Random, check: Check, /) -> StageResult:
    """Roll one stand-alone check (ITE-1); ``kind`` is reported as "T"."""
    if not isinstance(check, Check):
        raise ValueError(f"expected a Check, got {check!r}")
    return _roll_stage(rng, Stage("T", check), Fraction(0))


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
