"""Unit tests for rules.fudge (seed 002, Omicron FUDGE), with brute-force cross-checks over dice faces."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from rules import fudge
from rules.fudge import (
    ARMOUR,
    DAMAGE_TYPES,
    LADDER,
    MELEE_WEAPONS,
    RANGE_TABLE,
    RANGED_WEAPONS,
    WOUND_BOXES,
    Accumulator,
    DamageFactors,
    Group,
    Side,
    Weapon,
    WoundTrack,
    attack,
    attack_odds,
    damage,
    distribution,
    headcount,
    ladder_name,
    melee_scale,
    one_sided,
    one_sided_odds,
    opposed,
    opposed_odds,
    range_penalty,
    rapid_fire_bullet_margin,
    rapid_fire_hits,
    scale_factor,
    skill_term,
)

DF = (-1, 0, 1)
GF = (-2, -1, 0, 0, 1, 2)
BRUTE = {"6dF": (DF, 6, 0), "4dF": (DF, 4, 0), "3dGF": (GF, 3, 0), "6d3-12": ((1, 2, 3), 6, -12)}


def _brute(name: str) -> dict[int, Fraction]:
    faces, count, offset = BRUTE[name]
    counts = Counter(sum(t) + offset for t in itertools.product(faces, repeat=count))
    total = len(faces) ** count
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


# --- 1.0 dice and ladder ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["6dF", "4dF", "3dGF", "6d3-12"])
def test_distribution_matches_brute_force(name):
    """Seed 002 §1.0/end: each dice set's distribution equals a count over every face tuple."""
    assert distribution(name) == _brute(name)
    assert sum(distribution(name).values()) == 1


def test_6d3_minus_12_is_exactly_6df():
    """Seed 002 end ("Основной бросок будет 6d3-12"): 6d3-12 has exactly the 6dF distribution, -6..+6."""
    assert distribution("6d3-12") == distribution("6dF")
    assert min(distribution("6dF")) == -6 and max(distribution("6dF")) == 6
    assert min(distribution("3dGF")) == -6 and max(distribution("3dGF")) == 6
    assert distribution("6dF") != distribution("3dGF")


def test_ladder_is_the_seeds_and_names_every_roll():
    """Seed 002 §1.0: the ladder runs -8 "Эпический провал" .. +8 "Эпически" and names every dice result."""
    assert LADDER[8] == "Эпически" and LADDER[-8] == "Эпический провал"
    assert LADDER[0] == "Нормально" and LADDER[-5] == "Днище" and LADDER[6] == "Фантастически"
    assert sorted(LADDER) == list(range(-8, 9))
    for name in BRUTE:
        for value in distribution(name):
            assert ladder_name(value) == LADDER[value]
    assert ladder_name(11) == "Эпически +3" and ladder_name(-10) == "Эпический провал -2"


def test_ladder_step_is_the_rung_and_the_excess():
    """Seed 002 §1.0 (ladder −8..+8), extended: a level beyond the ends is the end rung plus the excess, as data."""
    assert [fudge.ladder_step(k) for k in (-10, -8, 0, 5, 8, 9)] == [
        (-8, -2),
        (-8, 0),
        (0, 0),
        (5, 0),
        (8, 0),
        (8, 1),
    ]
    assert ladder_name(9) == "Эпически +1" and ladder_name(-10) == "Эпический провал -2"
    with pytest.raises(ValueError):
        fudge.ladder_step(1.5)


def test_roll_uses_the_named_dice():
    """Seed 002 §1.0: a roll shows its dice faces and a value equal to their sum (minus 12 for 6d3-12)."""
    rng = random.Random(7)
    for name, (faces, count, offset) in BRUTE.items():
        for _ in range(50):
            r = fudge.roll(rng, name)
            assert len(r.faces) == count and set(r.faces) <= set(faces)
            assert r.value == sum(r.faces) + offset and r.name == ladder_name(r.value)


def test_bad_dice_name_is_rejected():
    """Seed 002 §1.0: only 6dF, 4dF, 3dGF and 6d3-12 exist; anything else is a ValueError."""
    for bad in ("2d6", "6df", None):
        with pytest.raises(ValueError, match="dice must be one of"):
            distribution(bad)
    returned = distribution("4dF")
    returned[0] = Fraction(0)
    assert distribution("4dF") == _brute("4dF")  # the caller's copy cannot corrupt the cache


# --- 1.2 skills, 2.1 / 2.2 actions ----------------------------------------------------------------------


def test_skill_defaults():
    """Seed 002 §1.2: no skill → the GM's default for a required skill, else the attribute at -1, plus the category adjustment."""
    assert skill_term(2) == 2
    assert skill_term(None) == -1
    assert skill_term(None, adjustment=-1) == -2
    assert skill_term(None, required=True, default=-3) == -3
    with pytest.raises(ValueError, match="GM's default"):
        skill_term(None, required=True)
    with pytest.raises(ValueError, match="only for a required"):
        skill_term(None, default=-2)
    with pytest.raises(ValueError, match="only applies"):
        skill_term(1, adjustment=1)


@pytest.mark.parametrize("name", ["6dF", "3dGF", "4dF"])
def test_one_sided_odds_brute_force(name):
    """Seed 002 §2.1: failure/tie/success odds of attribute+skill+technique+modifiers+roll vs difficulty."""
    side = Side(attribute=1, skill=skill_term(None), technique=1, modifier=-2)
    faces, count, offset = BRUTE[name]
    outcomes = Counter()
    for t in itertools.product(faces, repeat=count):
        margin = side.static + sum(t) + offset - 1
        outcomes[(margin > 0) - (margin < 0)] += 1
    total = len(faces) ** count
    odds = one_sided_odds(side, 1, name)
    assert (odds.failure, odds.tie, odds.success) == tuple(Fraction(outcomes[k], total) for k in (-1, 0, 1))


def test_one_sided_roll_margin_and_names():
    """Seed 002 §2.1: margin = total - difficulty, named on the ladder; outcome by its sign."""
    rng = random.Random(3)
    side = Side(attribute=1, skill=2)
    for _ in range(100):
        r = one_sided(rng, side, 2, "6d3-12")
        assert r.total == 3 + r.roll.value and r.margin == r.total - 2
        assert r.margin_name == ladder_name(r.margin)
        assert r.outcome == ("success" if r.margin > 0 else "tie" if r.margin == 0 else "failure")
        assert r.outcome == fudge.outcome_of(r.margin) in (fudge.FAILURE, fudge.TIE, fudge.SUCCESS)


def test_opposed_odds_brute_force():
    """Seed 002 §2.2: opposed action odds equal a count over both sides' face tuples."""
    a, b = Side(attribute=1, skill=1), Side(skill=2, modifier=-1)
    counts = Counter()
    for x in itertools.product(GF, repeat=3):
        for y in itertools.product(GF, repeat=3):
            m = a.static + sum(x) - b.static - sum(y)
            counts[(m > 0) - (m < 0)] += 1
    odds = opposed_odds(a, b, "3dGF")
    assert (odds.failure, odds.tie, odds.success) == tuple(Fraction(counts[k], 6**6) for k in (-1, 0, 1))
    r = opposed(random.Random(1), a, b, "3dGF")
    assert r.margin == (a.static + r.roll.value) - (b.static + r.opposing_roll.value)


# --- 3.1 attack and defence -----------------------------------------------------------------------------


def _ref_attack(attacker, defender, factors, cap=1):
    """Reference: every 4dF face tuple for both sides, with the seed's -3 / -4 / min-hit rules."""
    out = Counter()
    total = 0
    defences = itertools.product(DF, repeat=4) if defender else [None]
    defences = list(defences)
    for x in itertools.product(DF, repeat=4):
        for y in defences:
            total += 1
            a = attacker.static + sum(x)
            d = -3 if y is None else max(-4, defender.static + sum(y))
            if a < -3 or a < d:
                out["miss"] += 1
            elif a == d:
                out["graze"] += 1
            else:
                out["hit"] += 1
                out[("dmg", damage(a - d, factors).amount)] += 1
    return {k: Fraction(v, total) for k, v in out.items()}, total


def test_attack_odds_brute_force_with_dodge_floor():
    """Seed 002 §3.1: attack vs dodge, dodge floored at "Ужасно" (-4), attack must reach "Очень плохо" (-3)."""
    attacker, defender = Side(skill=-2), Side(attribute=-2, skill=-1)
    factors = DamageFactors(MELEE_WEAPONS[3], strength=1, armour=2)
    ref, _ = _ref_attack(attacker, defender, factors)
    odds = attack_odds(attacker, defender, factors, "4dF")
    assert (odds.miss, odds.graze, odds.hit) == (ref["miss"], ref["graze"], ref["hit"])
    for dmg, p in odds.damage.items():
        if dmg and dmg != 1:
            assert p == ref[("dmg", dmg)]


def test_attack_minimum_hit_level_and_floor():
    """Seed 002 §3.1: an attack total of -4 against a dodge floored at -4 is a miss, not a graze."""
    weak = Side(attribute=-4)
    odds = attack_odds(weak, Side(attribute=-9), DamageFactors(MELEE_WEAPONS[1]), "4dF")
    p_total = {k - 4: p for k, p in distribution("4dF").items()}
    assert odds.graze == 0  # the defence is always counted as -4, and -4 never reaches -3
    assert odds.miss == sum(p for k, p in p_total.items() if k < -3)
    odds_low_bar = attack_odds(
        weak, Side(attribute=-9), DamageFactors(MELEE_WEAPONS[1]), "4dF", min_hit_level=-8
    )
    assert odds_low_bar.graze == p_total[-4]


def test_non_dodging_target_counts_as_minus_3():
    """Seed 002 §3.1: a target that does not dodge counts as dodging "Очень плохо" (-3)."""
    attacker = Side(skill=-1)
    factors = DamageFactors(MELEE_WEAPONS[4])
    ref, _ = _ref_attack(attacker, None, factors)
    assert ref["miss"] > 0 and ref["graze"] > 0
    odds = attack_odds(attacker, None, factors, "4dF")
    assert (odds.miss, odds.graze, odds.hit) == (ref["miss"], ref["graze"], ref["hit"])
    r = attack(random.Random(4), attacker, None, factors, "4dF")
    assert r.defence_roll is None and r.defence_counted == -3 and r.margin == r.attack_total + 3


def test_graze_damage_caps():
    """Seed 002 §3.1: a tie deals at most 1 (2 when the GM flags it), or 1 + scale difference."""
    tie_seed = next(
        s for s in range(500) if attack(random.Random(s), Side(), Side(), _big()).outcome == "tie"
    )
    assert attack(random.Random(tie_seed), Side(), Side(), _big()).damage == 1
    assert attack(random.Random(tie_seed), Side(), Side(), _big(), graze_cap=2).damage == 2
    assert attack(random.Random(tie_seed), Side(), Side(), _big(attack_scale=3)).damage == 4
    assert attack(random.Random(tie_seed), Side(), Side(), _big(defence_scale=3)).damage == 0
    weak = DamageFactors(MELEE_WEAPONS[0], armour=3)
    assert attack(random.Random(tie_seed), Side(), Side(), weak).damage == 0
    with pytest.raises(ValueError, match="at most 1"):
        attack_odds(Side(), Side(), _big(), graze_cap=3)


def test_scale_graze_equals_one_plus_scale():
    """Seed 002 §3.1: «При наличии разницы в масштабе задевание равно 1+ значение_масштаба»: an
    exact value, not a cap, whatever the weapon and armour (scale 2 grazes for 3)."""
    fist = DamageFactors(MELEE_WEAPONS[0], armour=5, toughness=2, attack_scale=2)
    odds = attack_odds(Side(), Side(), fist, "4dF")
    assert odds.damage[3] == odds.graze  # every graze is 3, every hit is stopped by the armour
    assert (
        attack_odds(Side(), Side(), replace(fist, attack_scale=0, defence_scale=2), "4dF").damage.get(3)
        is None
    )


def test_range_penalty_goes_to_the_difficulty_by_enumeration():
    """Seed 002 §2.3 «штрафы добавляются к сложности»: the penalty raises the counted defence, so the
    attack total the minimum hit level judges is not lowered; attack 0 vs dodge −6 at 4 m (−1) on 6dF
    misses 3095/59049 ≈ 5.24 % (11.37 % if the penalty were taken off the attack total)."""
    faces = list(itertools.product(DF, repeat=6))
    miss_difficulty = miss_total = 0
    for x in faces:
        for y in faces:
            a, d = sum(x), max(-4, -6 + sum(y))
            miss_difficulty += a < -3 or a < d + 1
            miss_total += a - 1 < -3 or a - 1 < d
    n = len(faces) ** 2
    odds = attack_odds(Side(), Side(modifier=-6), _big(), "6dF", range_penalty=range_penalty(4))
    assert odds.miss == Fraction(miss_difficulty, n) == Fraction(3095, 59049)
    assert Fraction(miss_total, n) == Fraction(20135, 177147)
    assert attack_odds(Side(modifier=-1), Side(modifier=-6), _big(), "6dF").miss == Fraction(miss_total, n)
    r = attack(random.Random(3), Side(), None, _big(), "6dF", range_penalty=-2)
    assert r.defence_counted == -1 and r.margin == r.attack_total + 1
    with pytest.raises(ValueError):
        attack_odds(Side(), None, _big(), range_penalty=1)


def _big(**kwargs):
    return DamageFactors(MELEE_WEAPONS[6], strength=2, **kwargs)


def test_attack_result_is_consistent_with_its_rolls():
    """Seed 002 §3.1/§3.2: a rolled attack's totals, margin, outcome and damage follow from its dice."""
    rng = random.Random(9)
    attacker, defender = Side(attribute=1, skill=2), Side(attribute=1, skill=1)
    factors = DamageFactors(MELEE_WEAPONS[5], strength=1, armour=ARMOUR["Кольчуга"], toughness=1)
    outcomes = set()
    for _ in range(200):
        r = attack(rng, attacker, defender, factors)
        assert r.attack_total == 3 + r.attack_roll.value and r.defence_total == 2 + r.defence_roll.value
        assert r.defence_counted == max(r.defence_total, -4)
        assert r.margin == r.attack_total - r.defence_counted
        outcomes.add(r.outcome)
        if r.outcome == "success":
            assert r.damage == damage(r.margin, factors).amount
    assert outcomes == {"failure", "tie", "success"}


# --- 3.2 damage, 1.6 equipment ------------------------------------------------------------------------------


def test_presets_are_the_seeds_lists():
    """Seed 002 §1.6: melee weapons -1..+5, firearms, damage types and armour +1..+7 as printed."""
    assert (MELEE_WEAPONS[0].name, MELEE_WEAPONS[0].bonus) == ("Без боевого искусства и оружия", -1)
    assert [w.bonus for w in MELEE_WEAPONS] == [-1, 0, 1, 2, 3, 4, 5]
    assert MELEE_WEAPONS[5].name == "Средний меч, копьё, боевой топор"
    assert DAMAGE_TYPES == {"Режущий": 2, "Большой пробивающий": 2, "Средний пробивающий": 1}
    assert list(ARMOUR.values()) == [1, 2, 3, 4, 5, 6, 7]
    assert "Легкая чашуйчатая броня" in ARMOUR and ARMOUR["Современный бронежилет"] == 7
    assert [p.name for p in RANGED_WEAPONS] == [
        "Малый пистолет",
        "Пистолет",
        "Винтовка",
        "Крупнокалиберная винтовка",
        "Базука",
    ]


def test_damage_formula():
    """Seed 002 §3.2: damage = margin (through the weapon) + offensive factors - defensive factors."""
    f = DamageFactors(
        MELEE_WEAPONS[4],
        strength=1,
        damage_type=DAMAGE_TYPES["Режущий"],
        attack_maneuver=1,
        armour=ARMOUR["Кожаная броня"],
        toughness=1,
        defence_maneuver=1,
    )
    assert damage(3, f).amount == 3 + 3 + 1 + 2 + 1 - 2 - 1 - 1
    assert damage(1, DamageFactors(MELEE_WEAPONS[0], armour=7)).amount == 0
    with pytest.raises(ValueError, match="margin of 1"):
        damage(0, f)


def test_ranged_formula_uses_margin_as_s_and_is_at_least_one():
    """Seed 002 §1.6: ranged x*S+y takes the margin as S; at S=1 every preset's lowest model deals at least 1."""
    pistol = RANGED_WEAPONS[1].weapon()
    assert (pistol.multiplier, pistol.bonus) == (2, -1)
    assert [pistol.term(s) for s in (1, 2, 3)] == [1, 3, 5]
    for preset in RANGED_WEAPONS:
        assert preset.weapon().term(1) >= 1
    assert RANGED_WEAPONS[4].weapon(8).term(2) == 16
    assert damage(1, DamageFactors(RANGED_WEAPONS[3].weapon())).amount == 1
    with pytest.raises(ValueError, match="at least 1"):
        Weapon("Самопал", 2, -2, ranged=True)
    with pytest.raises(ValueError, match="bonus must be"):
        RANGED_WEAPONS[1].weapon(2, 2)


def test_sub_scale_and_exhaustion_damage():
    """Seed 002 §1.8/§3.2: damage stopped only by scale is stored at the scale rate; stopped by toughness it is exhaustion at 4:1."""
    sword = MELEE_WEAPONS[5]
    sub = damage(2, DamageFactors(sword, defence_scale=12))
    assert (sub.amount, sub.sub_scale, sub.scale_rate) == (0, 6, 12)
    pool = Accumulator(sub.scale_rate).add(sub.sub_scale)
    assert pool.units == 0 and pool.pool.stored == 6
    again = pool.pool.add(7)
    assert again.units == 1 and again.pool.stored == 1
    tired = damage(1, DamageFactors(MELEE_WEAPONS[1], toughness=3, defence_scale=2))
    assert (tired.amount, tired.sub_scale, tired.exhaustion) == (0, 0, 1)
    exhaustion = Accumulator(fudge.EXHAUSTION_RATE).add(9)
    assert (exhaustion.units, exhaustion.pool.stored) == (2, 1)
    with pytest.raises(ValueError, match=r"0\.\.3"):
        Accumulator(4, 4)
    assert Accumulator.from_dict(Accumulator(4, 3).to_dict()) == Accumulator(4, 3)


# --- 3.1 rapid fire --------------------------------------------------------------------------------------


def test_rapid_fire_hits_and_bullet_margin():
    """Seed 002 §3.1: 40 % at "Нормально" (0), +10 % per point, all at +6, at least 1; bullet margin = half, at least 1."""
    assert [rapid_fire_hits(10, s) for s in range(-1, 8)] == [0, 4, 5, 6, 7, 8, 9, 10, 10]
    assert rapid_fire_hits(2, 0) == 1
    assert [rapid_fire_bullet_margin(s) for s in (0, 1, 2, 3, 4, 7)] == [1, 1, 1, 1, 2, 3]


def test_rapid_fire_attack_odds_brute_force():
    """Seed 002 §3.1: hit-count odds of a 20-round burst equal a count over both sides' faces."""
    attacker, defender = Side(skill=2), Side(skill=0)
    factors = DamageFactors(RANGED_WEAPONS[2].weapon(), armour=1)
    counts = Counter()
    for x in itertools.product(DF, repeat=4):
        for y in itertools.product(DF, repeat=4):
            margin = 2 + sum(x) - max(-4, sum(y))
            counts[rapid_fire_hits(20, margin) if 2 + sum(x) >= -3 else 0] += 1
    odds = attack_odds(attacker, defender, factors, "4dF", bullets=20)
    assert odds.hits == {k: Fraction(v, 3**8) for k, v in sorted(counts.items())}


# --- 2.3 ranges -------------------------------------------------------------------------------------------


def test_range_table():
    """Seed 002 §2.3: "до 2м 0" … "до 1000м -15", limits inclusive; beyond 1000 m is outside the table."""
    assert len(RANGE_TABLE) == 16
    assert [range_penalty(m) for m in (0, 2, 3, 4, 7, 10, 15, 20, 30)] == [0, 0, -1, -1, -2, -3, -4, -5, -6]
    assert [range_penalty(m) for m in (50, 70, 100, 150, 200, 300, 500, 700, 1000)] == list(
        range(-7, -16, -1)
    )
    assert range_penalty(Fraction(401, 2)) == -12
    for bad in (-1, 1001, float("nan"), "5"):
        with pytest.raises(ValueError):
            range_penalty(bad)


# --- 1.8 scale ----------------------------------------------------------------------------------------


def test_scale_factors_and_group_example():
    """Seed 002 §1.8: 1.2 per step (strength, toughness, mass), 1.1 for speed; scale 12 at -2 becomes 10 = 6 people."""
    assert scale_factor(1) == scale_factor(1, "mass") == Fraction(6, 5)
    assert scale_factor(3, "speed") == Fraction(1331, 1000)
    assert headcount(10) == 6 and headcount(12) == 8 and headcount(0) == 1
    group = Group(12, WoundTrack((2, 1, 0, 0, 0, 0)))
    update = group.take(3)  # "Среднее повреждение": penalty -2
    assert update.scale_penalty == -2
    assert update.group.scale == 10 and update.group.headcount == 6
    assert update.group.track.marked == (2, 0, 0, 0, 0, 0)  # scratches kept, the rest cleared
    assert Group.from_dict(update.group.to_dict()) == update.group
    scratched = Group(12).take(1)
    assert scratched.group.scale == 12 and scratched.group.track.marked[0] == 1
    with pytest.raises(ValueError, match="scale kind"):
        scale_factor(1, "luck")


def test_group_wounds_are_the_rows_with_a_numeric_penalty():
    """Seed 002 §1.8: "Если группа получает ранение, то в соответствии со штрафом ранения пересчитывается
    численность группы (штраф идёт к масштабу)": the wounds with a penalty are light (-1), medium (-2) and
    heavy (-3), marked by damage 2, 3, 4 on a fresh track (§3.3); each lowers the scale by its penalty."""
    assert {d: box.key for d, box in fudge.GROUP_WOUNDS.items()} == {2: "light", 3: "medium", 4: "heavy"}
    for amount, box in fudge.GROUP_WOUNDS.items():
        assert WoundTrack().take(amount).box_name == box.name
        assert Group(12).take(amount).scale_penalty == box.penalty
    assert Group(12).take(3).group.scale == 10  # the seed's example: 12 with -2 is 10, 6 people


def test_melee_weapon_scale():
    """Seed 002 §1.8: melee counts at strength scale; -1 per 2 steps of smaller weapon; >2 steps bigger is flagged."""
    assert melee_scale(0, 0) == fudge.MeleeScale(0, 0, False)
    assert melee_scale(4, 0).penalty == -2 and melee_scale(5, 0).penalty == -2
    assert melee_scale(0, 2) == fudge.MeleeScale(0, 0, False)
    assert melee_scale(0, 3).too_heavy


# --- 3.3 wounds --------------------------------------------------------------------------------------------


def test_wound_boxes_and_penalties():
    """Seed 002 §3.3: scratch ×4, light ×2, medium, heavy, incapacitated, dying, with penalties 0,-1,-2,-3."""
    assert [(b.name, b.boxes, b.penalty) for b in WOUND_BOXES] == [
        ("Царапина", 4, 0),
        ("Лёгкое повреждение", 2, -1),
        ("Среднее повреждение", 1, -2),
        ("Тяжелое повреждение", 1, -3),
        ("Выведен из строя", 1, None),
        ("При смерти", 1, None),
    ]
    track = WoundTrack()
    assert track.status == "Невредим" and track.penalty == 0
    track = track.take(2).track.take(4).track
    assert track.penalty == -3 and track.status == "Тяжелое повреждение"


def test_marking_rolls_up_and_ends_in_death():
    """Seed 002 §3.3: damage marks its row or the next free worse row; past "При смерти" is "Мёртв"."""
    track = WoundTrack()
    rows = []
    for _ in range(7):
        update = track.take(3)
        rows.append(update.row)
        track = update.track
    assert rows[:4] == [2, 3, 4, 5] and rows[4:] == [None, None, None]
    assert track.dead and track.status == "Мёртв" and track.incapacitated
    assert WoundTrack().take(9).track.dead
    assert WoundTrack().take(0).track == WoundTrack()
    assert track.revive().status == "При смерти"


def test_clear_and_reload_track():
    """Seed 002 §3.3: boxes can be cleared; the track survives to_dict/from_dict; malformed data is a ValueError."""
    track = WoundTrack().take(1).track.take(1).track.take(2).track
    assert track.clear("scratch").marked == (1, 1, 0, 0, 0, 0)
    assert track.clear(1).marked == (2, 0, 0, 0, 0, 0)
    assert WoundTrack.from_dict(track.to_dict()) == track
    data = track.to_dict()
    for bad in (
        [],
        {**data, "extra": 1},
        {k: v for k, v in data.items() if k != "dead"},
        {**data, "scratch": 5},
        {**data, "light": -1},
        {**data, "light": "1"},
        {**data, "dead": "no"},
    ):
        with pytest.raises(ValueError):
            WoundTrack.from_dict(bad)
    with pytest.raises(ValueError, match="can clear"):
        track.clear("heavy")
    with pytest.raises(ValueError, match="damage must be"):
        track.take(-1)
    assert track.marked == (2, 1, 0, 0, 0, 0)  # failed calls changed nothing


def test_exact_odds_before_every_check():
    """Seed 002 §2.1/§2.2/§3.1: every check offers exact odds that add up to one before rolling."""
    one = one_sided_odds(Side(skill=1), 0)
    two = opposed_odds(Side(skill=1), Side())
    three = attack_odds(Side(skill=1), Side(), DamageFactors(MELEE_WEAPONS[2]))
    for odds in (one, two):
        assert odds.failure + odds.tie + odds.success == 1 == sum(odds.margins.values())
    assert three.miss + three.graze + three.hit == 1 == sum(three.damage.values())
    assert sum(three.margins.values()) == three.hit


# --- wound bookkeeping: per-bullet wounds, marking in turn, damage pools ------------------------------


def test_each_hitting_bullet_is_its_own_wound():
    """Seed 002 §3.1 "Скорострельная атака" + §3.3: every hitting bullet marks a box with the per-bullet damage; 0 marks nothing."""
    assert fudge.hit_wounds(2, 3) == (2, 2, 2)
    assert fudge.hit_wounds(4) == (4,)
    assert fudge.hit_wounds(0, 7) == () and fudge.hit_wounds(3, 0) == ()
    for bad in ((-1, 1), (1, -1), (1.0, 1)):
        with pytest.raises(ValueError):
            fudge.hit_wounds(*bad)
    assert damage(2, DamageFactors(MELEE_WEAPONS[5])).wounds == (6,)
    assert damage(1, DamageFactors(MELEE_WEAPONS[0], toughness=3)).wounds == ()
    rng = random.Random(5)
    factors = DamageFactors(RANGED_WEAPONS[2].weapon())
    for _ in range(200):
        r = attack(rng, Side(skill=3), Side(), factors, bullets=20)
        assert r.wounds == ((r.damage,) * r.hits if r.damage else ())
        if r.outcome == fudge.FAILURE:
            assert r.wounds == ()
        else:
            assert len(r.wounds) == rapid_fire_hits(20, r.margin)


def test_mark_fills_a_full_row_into_the_next_worse_one():
    """Seed 002 §3.3: a hit crosses out one free box of its row; a full row passes it to the next worse free one."""
    track = WoundTrack()
    for expected in ((1, 0, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0), (3, 0, 0, 0, 0, 0), (4, 0, 0, 0, 0, 0)):
        track = track.mark(1)
        assert track.marked == expected
    assert track.mark(1).marked == (4, 1, 0, 0, 0, 0)
    assert WoundTrack((4, 2, 1, 0, 0, 0)).mark(1).marked == (4, 2, 1, 1, 0, 0)
    assert WoundTrack((4, 2, 1, 1, 1, 1)).mark(1).dead  # no free box left: "Мёртв"
    assert WoundTrack().mark(7).dead and WoundTrack().mark(6).marked == (0, 0, 0, 0, 0, 1)
    assert WoundTrack().mark(0) == WoundTrack()
    assert WoundTrack(dead=True).mark(2) == WoundTrack(dead=True)


def test_mark_each_marks_wounds_in_turn_and_reports_each():
    """Seed 002 §3.3: several wounds (a burst, converted units) are marked one after another, each with its own box."""
    marking = WoundTrack().mark_each((2, 2, 2, 2, 2, 2, 2))
    assert marking.before == WoundTrack()
    assert [u.row for u in marking.updates] == [1, 1, 2, 3, 4, 5, None]
    assert [u.box_name for u in marking.updates][:3] == ["Лёгкое повреждение"] * 2 + ["Среднее повреждение"]
    assert marking.track.dead and marking.updates[-1].track.status == "Мёртв"
    for before, update in zip(
        (marking.before, *(u.track for u in marking.updates)), marking.updates, strict=False
    ):
        assert update.before == before
    assert WoundTrack().mark_each(()).track == WoundTrack()
    assert WoundTrack().mark_each([1] * 5).track.marked == (4, 1, 0, 0, 0, 0)


def test_pool_feed_takes_each_bullets_sub_scale_or_exhaustion_damage():
    """Seed 002 §1.8 and §3.2: a hit stopped only by scale feeds the sub-scale pool at the scale rate, one stopped by toughness feeds exhaustion (4:1); once per hitting bullet."""
    sub = damage(2, DamageFactors(MELEE_WEAPONS[5], defence_scale=12))
    assert fudge.pool_feed(sub) == fudge.PoolFeed(fudge.SUB_SCALE, 6, 12)
    assert fudge.pool_feed(sub, 3) == fudge.PoolFeed(fudge.SUB_SCALE, 18, 12)
    tired = damage(1, DamageFactors(MELEE_WEAPONS[1], toughness=3, defence_scale=2))
    assert fudge.pool_feed(tired, 2) == fudge.PoolFeed(fudge.EXHAUSTION, 2, fudge.EXHAUSTION_RATE)
    assert fudge.pool_feed(damage(2, DamageFactors(MELEE_WEAPONS[5]))) is None
    assert fudge.pool_feed(sub, 0) is None
    for bad in (("luck", 1, 2), (fudge.SUB_SCALE, -1, 2), (fudge.SUB_SCALE, 1, 0), (fudge.EXHAUSTION, 1, 3)):
        with pytest.raises(ValueError):
            fudge.PoolFeed(*bad)


def test_damage_pools_convert_and_keep_one_scale():
    """Seed 002 §1.8 ("наберётся до значения масштаба … единицу действительного урона") and §3.2 (1 к 4): pools convert whole units; a pool holding damage keeps its scale."""
    pools = fudge.DamagePools()
    assert pools.ready == 0 and pools.wounds == ()
    pools = pools.add(fudge.PoolFeed(fudge.SUB_SCALE, 2, 3))  # empty: switches to scale 3
    assert (pools.sub_scale, pools.sub_scale_units) == (Accumulator(3, 2), 0)
    pools = pools.add(fudge.PoolFeed(fudge.SUB_SCALE, 1, 3))
    assert (pools.sub_scale, pools.sub_scale_units) == (Accumulator(3, 0), 1)
    pools = pools.add(fudge.PoolFeed(fudge.EXHAUSTION, 9, 4))
    assert (pools.exhaustion, pools.exhaustion_units) == (Accumulator(4, 1), 2)
    assert pools.ready == 3 and pools.wounds == (1, 1, 1)
    held = pools.add(fudge.PoolFeed(fudge.SUB_SCALE, 2, 3))
    with pytest.raises(fudge.ScaleMismatch) as caught:
        held.add(fudge.PoolFeed(fudge.SUB_SCALE, 1, 5))
    assert (caught.value.stored, caught.value.rate, caught.value.new) == (2, 3, 5)
    assert isinstance(caught.value, ValueError)
    marked = pools.marked()
    assert marked.ready == 0 and marked.exhaustion == Accumulator(4, 1)
    assert held.reset() == fudge.DamagePools(Accumulator(3))
    assert WoundTrack().mark_each(pools.wounds).track.marked == (3, 0, 0, 0, 0, 0)


def test_damage_pools_round_trip_and_reject_corruption():
    """Seed 002 §1.8/§3.2 bookkeeping survives a reload: to_dict/from_dict keep the panel's storage format; bad data is a ValueError."""
    pools = fudge.DamagePools(Accumulator(5, 4), 2, Accumulator(4, 3), 1)
    data = pools.to_dict()
    assert data == {
        "sub": {"rate": 5, "stored": 4},
        "sub_units": 2,
        "exhaustion": {"rate": 4, "stored": 3},
        "exhaustion_units": 1,
    }
    assert fudge.DamagePools.from_dict(data) == pools
    for bad in (
        None,
        [],
        {**data, "extra": 0},
        {k: v for k, v in data.items() if k != "sub_units"},
        {**data, "sub_units": -1},
        {**data, "exhaustion_units": True},
        {**data, "exhaustion": {"rate": 3, "stored": 0}},
        {**data, "sub": {"rate": 5, "stored": 5}},
    ):
        with pytest.raises(ValueError):
            fudge.DamagePools.from_dict(bad)


def test_a_bought_success_is_the_least_hit_by_brute_force() -> None:
    """§1.9 reading: a bought attack success is a hit of S = 1: its damage is §3.2's at S = 1 for
    every weapon, armour and toughness the seed lists; a burst at S = 1 hits 50 % (at least 1)
    bullets, each at the per-bullet S = 1."""
    for weapon in (*fudge.MELEE_WEAPONS, fudge.RANGED_WEAPONS[2].weapon(3, 0)):
        for armour in (0, *fudge.ARMOUR.values()):
            for toughness in range(-2, 4):
                f = fudge.DamageFactors(weapon, armour=armour, toughness=toughness)
                expected = max(0, weapon.term(1) - armour - toughness)
                amount, hits, detail = fudge.bought_hit(f)
                assert (amount, hits) == (expected, 1) and detail == fudge.damage(1, f)
                for bullets in (1, 3, 20):
                    assert fudge.bought_hit(f, bullets)[:2] == (expected, max(1, bullets * 50 // 100))
