"""Unit tests for rules.ite (seed 001, ITE), with brute-force cross-checks over dice faces."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rules import dice, ite, ite_chain, ite_check
from rules.ite import (
    Check,
    FaceCritical,
    MarginCritical,
    Stage,
    chain_odds,
    check_odds,
    crafting_chain,
    critical_hit_chain,
    ite1_probability,
    roll_check,
    run_chain,
    sword_fight_chain,
)

# --- independent brute-force reference -------------------------------------------------------------


def _faces(m: int, n: int):
    return list(itertools.product(range(1, n + 1), repeat=m))


def _stage_outcomes(check: Check):
    """Every equally likely (left faces total, right value) pair of one check."""
    lefts = [sum(f) for f in _faces(check.m, check.n)]
    if check.rolled_right:
        rights = [Fraction(check.difficulty + sum(f)) for f in _faces(check.m, check.n)]
    else:
        rights = [check.difficulty + Fraction(check.m * (check.n + 1), 2)]
    return [(left, right) for left in lefts for right in rights]


def _crit(check: Check, total: int, margin: Fraction):
    c = check.critical
    if isinstance(c, FaceCritical):
        if c.high is not None and total >= c.high:
            return "high"
        if c.low is not None and total <= c.low:
            return "low"
    if isinstance(c, MarginCritical):
        if c.high is not None and margin >= c.high:
            return "high"
        if c.low is not None and margin <= c.low:
            return "low"
    return None


def _brute_chain(stages):
    """Enumerate every face combination of every stage; return exact per-stage and chain odds."""
    per_stage = [_stage_outcomes(s.check) for s in stages]
    total = 1
    for outcomes in per_stage:
        total *= len(outcomes)
    reached = [0] * len(stages)
    success = [0] * len(stages)
    crit_high = [0] * len(stages)
    crit_low = [0] * len(stages)
    all_ok = any_crit = 0
    for combo in itertools.product(*per_stage):
        carried = Fraction(0)
        ok = True
        seen = False
        for i, (stage, (left_total, right)) in enumerate(zip(stages, combo, strict=True)):
            c = stage.check
            margin = (carried if stage.carry else 0) + c.x + left_total + c.modifier - right
            reached[i] += 1
            crit = _crit(c, left_total, margin)
            seen = seen or crit is not None
            crit_high[i] += crit == "high"
            crit_low[i] += crit == "low"
            if margin >= 0:
                success[i] += 1
            else:
                ok = False
                if stage.stop_on_failure:
                    break
            carried = margin
        all_ok += ok
        any_crit += seen
    f = lambda k: Fraction(k, total)  # noqa: E731
    return {
        "reached": [f(k) for k in reached],
        "success": [f(k) for k in success],
        "crit_high": [f(k) for k in crit_high],
        "crit_low": [f(k) for k in crit_low],
        "all_ok": f(all_ok),
        "any_crit": f(any_crit),
    }


def _assert_matches(stages):
    odds = chain_odds(stages)
    ref = _brute_chain(stages)
    assert [s.reached for s in odds.stages] == ref["reached"]
    assert [s.success for s in odds.stages] == ref["success"]
    assert [s.critical_high for s in odds.stages] == ref["crit_high"]
    assert [s.critical_low for s in odds.stages] == ref["crit_low"]
    assert odds.all_succeed == ref["all_ok"]
    assert odds.any_critical == ref["any_crit"]
    for s in odds.stages:
        assert sum(s.margins.values()) == s.reached
    return odds


# --- ITE-1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "m", "n", "mod", "diff"),
    [
        (0, 1, 6, 0, 0),
        (5, 3, 6, 1, 7),
        (2, 2, 4, -1, 3),
        (0, 1, 20, 0, 5),
        (1, 3, 4, 0, 0),
        (9, 2, 10, 0, 20),
    ],
)
def test_ite1_probability_matches_brute_force(x, m, n, mod, diff):
    """Seed 001 §3: P(X+MdN+Mf >= УрС+M(N+1)/2) equals a count over every face tuple."""
    const = Fraction(m * (n + 1), 2)
    hits = sum(1 for f in _faces(m, n) if x + sum(f) + mod >= diff + const)
    assert ite1_probability(x, m, n, mod, diff) == Fraction(hits, n**m)


def test_ite1_half_constant_boundary():
    """Seed 001 §1/§3: 3d6 has constant 21/2, so a total of exactly 10 fails and 11 succeeds."""
    assert Check(0, 3, 6).constant == Fraction(21, 2)
    assert ite1_probability(0, 3, 6, 0, 0) == Fraction(1, 2)
    # X=1 moves the threshold from 11 to 10 (10 + 1 >= 10.5)
    assert ite1_probability(1, 3, 6, 0, 0) == Fraction(sum(1 for f in _faces(3, 6) if sum(f) >= 10), 216)


def test_ite1_probability_accepts_keywords_and_extremes():
    """Seed 001 §3: the public signature takes keywords; certain success and certain failure are exact."""
    assert ite1_probability(x=100, m=2, n=6, modifier=0, difficulty=0) == 1
    assert ite1_probability(x=-100, m=2, n=6, modifier=0, difficulty=0) == 0


def test_rolled_right_side_matches_brute_force():
    """Seed 001 §5: MdN rolled on the right instead of the constant gives the brute-force odds."""
    check = Check(1, 2, 4, modifier=0, difficulty=1, rolled_right=True)
    hits = sum(1 for a in _faces(2, 4) for b in _faces(2, 4) if 1 + sum(a) >= 1 + sum(b))
    assert check_odds(check).success == Fraction(hits, 4**4)


def test_check_odds_margins_are_halves_and_sum_to_one():
    """Seed 001 §4: margins t = (X+MdN+Mf) - (УрС+M(N+1)/2) move in halves for 1d6 and sum to one."""
    odds = check_odds(Check(0, 1, 6))
    assert set(odds.margins) == {Fraction(k, 2) for k in (-5, -3, -1, 1, 3, 5)}
    assert sum(odds.margins.values()) == 1
    assert odds.failure == 1 - odds.success == Fraction(1, 2)


def test_face_critical_extremes_brute_force():
    """Seed 001 §5: criticals tied to extreme faces (all max / all min) have the brute-force odds."""
    check = Check(3, 3, 6, difficulty=2, critical=FaceCritical.extremes(3, 6))
    odds = check_odds(check)
    assert odds.critical_high == odds.critical_low == Fraction(1, 216)
    _assert_matches([Stage("T", Check(0, 2, 6, critical=FaceCritical(11, 3)))])


def test_roll_check_reports_consistent_margin_and_critical():
    """Seed 001 §3/§5: a rolled ITE-1 check's margin, verdict and face critical agree with its dice."""
    check = Check(2, 2, 6, modifier=1, difficulty=4, critical=FaceCritical(12, 2))
    rng = random.Random(5)
    for _ in range(200):
        r = roll_check(rng, check)
        assert r.left == 2 + sum(r.faces) + 1
        assert r.right == 4 + Fraction(7)
        assert r.margin == r.left - r.right
        assert r.success == (r.margin >= 0)
        assert r.critical == ("high" if sum(r.faces) == 12 else "low" if sum(r.faces) == 2 else None)


def test_ratio_of_computed_to_random_part():
    """Seed 001 §5: the computed:random ratio is (X+Mf) : M(N+1)/2; X=7 on 1d6 is the recommended 2:1."""
    assert Check(7, 1, 6).ratio == ite.RECOMMENDED_RATIO == 2
    assert Check(12, 2, 6, modifier=-2).ratio == Fraction(10, 7)


# --- ITE-2 chains ---------------------------------------------------------------------------------


def test_ite2_chain_carry_matches_brute_force():
    """Seed 001 §4: t, then d = t + ..., then e = d + ...; stage and chain odds from the joint distribution."""
    stages = [
        Stage("I", Check(1, 1, 6, difficulty=2)),
        Stage("T", Check(0, 2, 4, modifier=1, difficulty=1)),
        Stage("E", Check(2, 1, 4, difficulty=1)),
    ]
    odds = _assert_matches(stages)
    # the carried margins make the stages dependent: the joint answer is not a product of own odds
    own = [check_odds(s.check).success for s in stages]
    assert odds.all_succeed != own[0] * own[1] * own[2]


def test_chain_with_margin_criticals_and_gate_matches_brute_force():
    """Seed 001 §4/§5: margin-bound criticals and a failure that ends the chain, checked by brute force."""
    stages = [
        Stage("T", Check(0, 1, 6, difficulty=-1, critical=MarginCritical(2, -2)), stop_on_failure=True),
        Stage("I", Check(1, 2, 3, critical=MarginCritical(Fraction(5, 2)))),
        Stage("E", Check(0, 1, 4, rolled_right=True, critical=MarginCritical(3, -1)), carry=False),
    ]
    odds = _assert_matches(stages)
    assert odds.stages[1].reached == odds.stages[0].success


def test_gm_chosen_order_changes_carry():
    """Seed 001 §4: the GM may reorder the checks; margins always carry first→second→third."""
    a, b = Check(3, 1, 4, difficulty=2), Check(0, 1, 8, difficulty=0)
    one = _assert_matches([Stage("I", a), Stage("T", b)])
    two = _assert_matches([Stage("T", b), Stage("I", a)])
    assert [s.kind for s in two.stages] == ["T", "I"]
    assert one.stages[1].success == two.stages[1].success  # the last margin is the same sum either way
    assert one.stages[0].success != two.stages[0].success
    assert one.all_succeed != two.all_succeed


def test_run_chain_carries_margins_and_skips_after_gate():
    """Seed 001 §4/§6: a rolled chain shows each margin, carries it, and skips stages after a gating failure."""
    stages = sword_fight_chain(Check(0, 1, 6), Check(0, 1, 6, difficulty=1), Check(0, 1, 6))
    rng = random.Random(11)
    seen_skip = seen_full = False
    for _ in range(300):
        result = run_chain(rng, stages, with_odds=False)
        first = result.stages[0]
        assert first.carried == 0 and first.margin == first.left - first.right
        if len(result.stages) > 1:
            assert result.stages[1].carried == first.margin
        if result.skipped:
            seen_skip = True
            assert result.skipped == ("E",) and not result.stages[1].success and not result.all_succeed
        else:
            seen_full = True
            assert result.stages[2].carried == result.stages[1].margin
            assert result.all_succeed == all(s.margin >= 0 for s in result.stages)
    assert seen_skip and seen_full


def test_run_chain_returns_odds_for_the_ui():
    """Seed 001 §4: one call returns the rolled stages together with the exact chain odds."""
    stages = [Stage("E", Check(0, 1, 4)), Stage("I", Check(0, 1, 4))]
    result = run_chain(random.Random(1), stages)
    assert result.odds == chain_odds(stages)
    assert [s.kind for s in result.stages] == ["E", "I"]


# --- the seed's two examples ------------------------------------------------------------------------


def test_crafting_example_end_to_end():
    """Seed 001 §6 example 1: ITE-1 crafting — T-check, then I-check (time) and Eff-check only after success."""
    stages = crafting_chain(
        Check(3, 2, 6, difficulty=4, critical=FaceCritical.extremes(2, 6)),
        Check(2, 2, 6, difficulty=2),
        Check(1, 2, 6, difficulty=1, critical=FaceCritical(None, 2)),
    )
    assert [s.kind for s in stages] == ["T", "I", "E"]
    odds = _assert_matches(stages)
    t, i, e = (ite1_probability(c.x, c.m, c.n, c.modifier, c.difficulty) for c in (s.check for s in stages))
    assert odds.stages[1].reached == odds.stages[2].reached == t
    assert odds.all_succeed == t * i * e  # ITE-1 checks carry nothing, so here they are independent
    result = run_chain(random.Random(3), stages)
    assert result.stages[0].kind == "T"


def test_sword_fight_example_end_to_end():
    """Seed 001 §6 example 2: ITE-2 sword fight — I margin carries into attack vs defence, a hit carries into damage, criticals open a new situation."""
    stages = sword_fight_chain(
        Check(2, 1, 6, difficulty=2),  # A's speed vs B's speed
        Check(4, 2, 4, difficulty=5, critical=MarginCritical(3)),  # attack vs B's parry
        Check(3, 1, 6, difficulty=3, critical=MarginCritical(4)),  # weapon vs armour
    )
    odds = _assert_matches(stages)
    assert odds.stages[2].reached == odds.stages[1].success
    assert odds.any_critical > 0
    rng = random.Random(2)
    crit_seen = False
    for _ in range(400):
        result = run_chain(rng, stages, with_odds=False)
        if result.new_situation:
            crit_seen = True
            assert any(s.critical == "high" and s.kind in "TE" for s in result.stages)
    assert crit_seen
    follow_up = critical_hit_chain(Check(0, 1, 6), Check(1, 1, 6))
    assert [s.kind for s in follow_up] == ["T", "E"]
    _assert_matches(follow_up)


# --- limits and validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"m": 0}, "dice count M"),
        ({"m": 21}, "dice count M"),
        ({"n": 1}, "faces N"),
        ({"n": 101}, "faces N"),
        ({"m": 3, "n": 100}, "limit"),
        ({"x": 1.5}, "whole number"),
        ({"x": True}, "whole number"),
        ({"rolled_right": 1}, "rolled_right"),
        ({"m": 2, "n": 100, "rolled_right": True}, "limit"),
        ({"critical": FaceCritical(13, None)}, "outside"),
        ({"critical": "nat20"}, "critical must be"),
    ],
)
def test_check_rejects_impossible_input(kwargs, message):
    """Seed 001 §1: impossible or too-expensive checks raise a clear ValueError."""
    base = {"x": 0, "m": 2, "n": 6}
    with pytest.raises(ValueError, match=message):
        Check(**(base | kwargs))


def test_critical_and_chain_validation():
    """Seed 001 §2/§5: bad critical bounds, duplicate kinds, too many or too large chains raise ValueError."""
    with pytest.raises(ValueError, match="above 0"):
        MarginCritical(0)
    with pytest.raises(ValueError, match="1/2"):
        MarginCritical(Fraction(1, 3))
    with pytest.raises(ValueError, match="below the high"):
        FaceCritical(3, 5)
    with pytest.raises(ValueError, match="check kind"):
        Stage("X", Check(0, 1, 6))
    c = Check(0, 1, 6)
    with pytest.raises(ValueError, match="at most once"):
        chain_odds([Stage("I", c), Stage("I", c)])
    with pytest.raises(ValueError, match="1 to 3"):
        chain_odds([])
    big = Check(0, 2, 100)
    stages = [Stage("I", big), Stage("T", big), Stage("E", Check(0, 1, 6))]
    with pytest.raises(ValueError, match="limit"):
        run_chain(random.Random(0), stages)
    assert len(stages) == 3  # nothing changed
    with pytest.raises(ValueError, match="whole number"):
        ite1_probability(0, 2, 6, 0, "5")


# Work budgets for the worst allowed chains (counted by tests/unit/conftest.py), not a time limit.
CHAIN_LINES = 5_000_000
CHAIN_CALLS = 1_000_000


def test_largest_allowed_inputs_have_bounded_work(work_meter):
    """Seed 001 §4: the explicit limits keep the work of the worst allowed chains bounded.

    Work, not time: from cold caches each chain runs at most CHAIN_LINES lines of rules/ite_check.py,
    rules/ite_chain.py and rules/dice.py and makes at most CHAIN_CALLS Python calls (they use 0.8-2.6 M lines and
    0.14-0.38 M calls, about 0.1-0.25 s of CPython); enumerating the faces instead of convolving
    (20d11: 11**20 rolls) would blow through both. tools/bench.py times the first chain in the
    browser.
    """
    worst = [
        [Stage(k, Check(0, 2, 67, critical=MarginCritical(5, -5))) for k in "ITE"],
        [Stage(k, Check(0, 20, 11, critical=FaceCritical(200, 20))) for k in "IT"],
        [Stage(k, Check(0, 10, 11, rolled_right=True, critical=FaceCritical(100, 10))) for k in "IT"],
    ]
    for stages in worst:
        ite_check._sum_dist.cache_clear()
        ite_check._sum_counts.cache_clear()
        work = work_meter(
            chain_odds,
            stages,
            max_lines=CHAIN_LINES,
            max_calls=CHAIN_CALLS,
            files=[ite_check.__file__, ite_chain.__file__, dice.__file__],
        )
        assert 0 < work.result.all_succeed < 1
        for stage in work.result.stages:
            assert sum(stage.margins.values()) == stage.reached


def test_resolve_chain_replays_run_chain() -> None:
    """Dice taken from a rolled chain give back the same result (a saved roll reloads exactly)."""
    stages = sword_fight_chain(
        Check(20, 3, 6), Check(21, 3, 6, 0, 20, critical=MarginCritical(6)), Check(7, 1, 6, 0, 5)
    )
    for seed in range(20):
        rolled = run_chain(random.Random(seed), stages, with_odds=False)
        again = ite.resolve_chain(stages, [(s.faces, s.right_faces) for s in rolled.stages])
        assert again == rolled


@pytest.mark.parametrize(
    "dice_rolled",
    [
        [],
        [((1, 2), ())],
        [((1, 2, 7), ())],
        [((1, 2, 3), (1, 2, 3))],
        [((1, 2, True), ())],
        "junk",
    ],
)
def test_resolve_chain_refuses_impossible_dice(dice_rolled: object) -> None:
    """Dice these stages could not have rolled raise ValueError."""
    with pytest.raises(ValueError):
        ite.resolve_chain([Stage("I", Check(0, 3, 6))], dice_rolled)  # type: ignore[arg-type]
