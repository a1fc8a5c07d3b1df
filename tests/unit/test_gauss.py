"""Unit tests for GaussD20 (seed 000): the die, skill checks, median rolls, opposed checks, combat.

Expected values are derived here by brute force over the 8000 outcomes of 3d20 and by
straight-line re-implementations of the seed's rules, never copied from the seed's printed
percentages.  Printed figures appear only to document how far the seed is off.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from rules import dice, gauss, gauss_checks
from rules.gauss import (
    ABOVE,
    BELOW,
    DIFFICULTIES,
    HORROR,
    INSIDE,
    MADNESS,
    SKILL_LEVELS,
    CombatSetup,
    DamageEffect,
    MedianSeries,
)

# In CI the repository is cloned into some folder and ``shared/`` is copied beside the clone, so the
# seeds live in the clone's parent; the fixed path is the development machine's.  Skip if neither exists.
SEED_NAME = "000_72c187918b3e0925.txt"
SEED_FILE = next(
    (
        folder / SEED_NAME
        for folder in (
            Path(__file__).resolve().parents[2].parent / "shared" / "seeds",
            Path("/work/shared/seeds"),
        )
        if (folder / SEED_NAME).exists()
    ),
    Path(__file__).resolve().parents[2].parent / "shared" / "seeds" / SEED_NAME,
)
FACES = range(1, 21)
FAIR = {face: 1 for face in FACES}
HALF_ENDS = {face: (1 if face in (1, 20) else 2) for face in FACES}  # the seed's rnd20, weights /38


# --- brute-force references -----------------------------------------------------------------------


def js_round(x: Fraction) -> int:
    """JavaScript Math.round: halves go up."""
    return math.floor(x + Fraction(1, 2))


@cache
def gauss20_counts(luck: int, weights: tuple[tuple[int, int], ...] = tuple(FAIR.items())) -> dict[int, int]:
    """Weighted counts of the seed's gauss20(luck) over every triple of d20 faces."""
    w = dict(weights)
    counts: dict[int, int] = {}
    for a, b, c in itertools.product(FACES, repeat=3):
        res = js_round(Fraction(a + b + c, 3)) + luck - 5
        res = min(20, max(1, res))
        counts[res] = counts.get(res, 0) + w[a] * w[b] * w[c]
    return counts


def brute(luck: int = 5, weights: dict[int, int] = FAIR) -> dict[int, Fraction]:
    counts = gauss20_counts(luck, tuple(weights.items()))
    total = sum(counts.values())
    return {v: Fraction(n, total) for v, n in counts.items()}


def clamp_rule(raw: int, mod: int) -> int:
    """The seed's «Уточнение», branch by branch."""
    if mod == 0:
        return raw
    if 4 <= raw <= 17:
        return min(17, max(4, raw + mod))
    if raw < 4:
        return raw if mod < 0 else min(17, raw + mod)
    return raw if mod > 0 else max(4, raw + mod)


RANKED_FACES = sorted(FACES, key=lambda f: (-gauss20_counts(5)[f], -f))  # most likely first, ties high


def window_faces(d: int, mod: int) -> set[int]:
    """Failure window as «the W most likely faces», W = base width + modifier, ties to the high side."""
    width = min(20, max(0, abs(2 * d - 21) + 1 + mod))
    return set(RANKED_FACES[:width])


def percent(x: Fraction) -> float:
    return float(x) * 100


# --- the die ------------------------------------------------------------------------------------


def test_distribution_matches_brute_force_for_every_luck():
    """Seed 000 «Дополнительная математика»: distribution(luck) equals gauss20(luck) on fair d20s, luck 1..9."""
    for luck in range(1, 10):
        assert gauss.distribution(luck) == brute(luck)
        assert sum(gauss.distribution(luck).values()) == 1


def test_distribution_is_symmetric_and_luck_mirrors():
    """Seed 000 «Смещенные распределения»: the base die is symmetric and luck 5±k are mirror images."""
    base = gauss.distribution()
    assert all(base[v] == base[21 - v] for v in FACES)
    for k in range(1, 5):
        low, high = gauss.distribution(5 - k), gauss.distribution(5 + k)
        assert {21 - v: p for v, p in low.items()} == high


def test_from_3d20_total_matches_seed_table():
    """Seed 000 «Таблица соответствий значения 3D20 и GaussD20»: every total maps as the table says."""
    table = {1: (3, 4), 20: (59, 60)}
    table.update({v: (3 * v - 1, 3 * v, 3 * v + 1) for v in range(2, 20)})
    assert table[2] == (5, 6, 7) and table[19] == (56, 57, 58)
    for value, totals in table.items():
        for total in totals:
            assert gauss.from_3d20_total(total) == value
    assert sum(len(t) for t in table.values()) == 58
    for bad in (2, 61):
        with pytest.raises(ValueError, match="3d20 total"):
            gauss.from_3d20_total(bad)


def test_roll_stays_in_support_and_matches_exact_frequencies():
    """Seed 000 «gauss20»: seeded rolls stay in the luck's support and follow the exact odds (5 sigma)."""
    n = 6000
    for luck in (1, 5, 9):
        rng = random.Random(1234 + luck)
        exact = gauss.distribution(luck)
        counts: dict[int, int] = {}
        for _ in range(n):
            r = gauss.roll(rng, luck)
            assert r.value in exact
            assert r.base == gauss.from_3d20_total(r.total)
            assert r.value == gauss.apply_luck(r.base, luck)
            counts[r.value] = counts.get(r.value, 0) + 1
        for v, p in exact.items():
            sigma = math.sqrt(n * float(p) * (1 - float(p)))
            assert abs(counts.get(v, 0) - n * float(p)) <= 5 * sigma + 1


def test_bad_luck_is_rejected():
    """Seed 000 «Смещенные распределения»: luck outside 1..9 or not a whole number is a ValueError."""
    for bad in (0, 10, True, 5.0):
        with pytest.raises(ValueError, match="luck"):
            gauss.distribution(bad)


def test_seed_value_table_is_fair_dice_within_noise():
    """Seed 000 «Вероятности получения значений»: printed per-value odds sit within 0.1 pp of fair exact."""
    printed = [0.05, 0.39, 1.04, 2.09, 3.47, 5.11, 7.13, 9.13, 10.47, 11.09]
    printed += [11.18, 10.48, 9.16, 7.13, 5.09, 3.4, 2.07, 1.06, 0.39, 0.05]
    exact = gauss.distribution()
    half = brute(5, HALF_ENDS)
    assert max(abs(p - percent(exact[v])) for v, p in zip(FACES, printed, strict=True)) < 0.1
    # …but not the seed's own rnd20, which would give a 20 four times less often.
    assert percent(half[20]) < 0.02 < printed[19]


def test_seed_at_least_table_follows_half_weight_rnd20():
    """Seed 000 «X или больше»: printed odds match rnd20's half-weight 1 and 20, and differ from fair dice."""
    printed = {2: 99.9, 3: 99.75, 4: 99, 5: 97, 6: 94, 7: 89, 8: 82, 9: 73, 10: 62, 11: 50}
    printed |= {12: 38, 13: 28, 14: 18, 15: 11, 16: 6, 17: 3, 18: 1, 19: 0.3}
    exact, half = gauss.distribution(), brute(5, HALF_ENDS)
    at_least = dice.at_least
    # within the noise of countPercent's 20000 samples (0.6 pp is two standard errors at 28 %)
    assert max(abs(p - percent(at_least(half, x))) for x, p in printed.items()) < 0.7
    assert percent(at_least(exact, 8)) == pytest.approx(80.75)  # fair: 80.75 %, printed 82 %
    assert max(abs(p - percent(at_least(exact, x))) for x, p in printed.items()) > 1.2


def test_seed_centre_table_follows_half_weight_rnd20():
    """Seed 000 «Попадание в центр радиусом X»: printed odds match the half-weight rnd20, not fair dice."""
    printed = [23, 45, 64, 78, 88, 94, 98, 99.5, 99.9]
    fair, half = gauss.centre_windows(), brute(5, HALF_ENDS)
    for (low, high, p_fair), p in zip(fair, printed, strict=False):
        assert p_fair == dice.between(brute(), low, high)
        assert abs(p - percent(dice.between(half, low, high))) < 0.5
    assert percent(fair[1][2]) == pytest.approx(43.25)  # 9–12: fair 43.25 %, printed 45 %


def test_seed_luck_edge_differs_from_exact():
    """Seed 000 «Смещенные распределения»: the piled-up edge is 7 % exactly, printed 6.065 % / 6.11 %."""
    assert gauss.distribution(1)[1] == gauss.distribution(9)[20] == brute(1)[1] == Fraction(7, 100)
    assert abs(percent(brute(9, HALF_ENDS)[20]) - 6.11) < 0.1 < abs(percent(brute(9)[20]) - 6.11)
    assert 17 not in gauss.distribution(1) and 1 not in gauss.distribution(6)  # the seed's NaN cells


# --- skill checks -------------------------------------------------------------------------------


def test_ladders_hold_the_seed_values_and_names():
    """Seed 000 «Умения» and «Уровни сложности»: 0..+18 and +4..-24 in steps of 2, each rung found by value."""
    assert [s.value for s in SKILL_LEVELS] == list(range(0, 19, 2))
    assert [d.value for d in DIFFICULTIES] == list(range(4, -25, -2))
    assert gauss.skill_level(14) == SKILL_LEVELS[7]
    assert gauss.difficulty_level(-24) == DIFFICULTIES[-1]


def test_rules_return_no_sentences():
    """Rules return data, not sentences: no Cyrillic outside docstrings and comments in gauss modules."""
    import ast
    import re

    for module in (gauss, gauss_checks):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        texts = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        ]
        texts += [
            part.value
            for node in ast.walk(tree)
            if isinstance(node, ast.JoinedStr)
            for part in node.values
            if isinstance(part, ast.Constant)
        ]
        assert [t for t in texts if re.search("[А-Яа-яЁё]", t)] == [], module.__name__


def test_bad_ladder_values_are_rejected():
    """Seed 000 «Умения»/«Уровни сложности»: a value off the ladder raises a ValueError naming the ladder."""
    with pytest.raises(ValueError, match=r"skill level must be a rung of the seed's ladder \(\+0, \+2"):
        gauss.skill_level(3)
    with pytest.raises(ValueError, match="difficulty must be a rung"):
        gauss.difficulty_level(-26)
    with pytest.raises(ValueError, match="skill level must be a whole number"):
        gauss.skill_check_odds(2.0, 0)
    with pytest.raises(ValueError, match="situational must be a whole number"):
        gauss.skill_modifier(2, 0, "1")


def test_apply_modifier_matches_clamp_rule_everywhere():
    """Seed 000 «Уточнение»: modifiers never pass 4..17; pure 1–3 and 18–20 only move towards the centre."""
    for raw in FACES:
        for mod in range(-40, 41):
            assert gauss.apply_modifier(raw, mod) == clamp_rule(raw, mod)
    assert gauss.apply_modifier(10, -9) == 4
    assert gauss.apply_modifier(2, -5) == 2
    assert gauss.apply_modifier(2, 1) == 3
    assert gauss.apply_modifier(19, 3) == 19
    assert gauss.apply_modifier(19, -1) == 18
    assert gauss.apply_modifier(1, 30) == 17


def test_apply_modifier_rejects_bad_input():
    """Seed 000 «Уточнение»: the raw die must be 1..20 and the modifier a whole number."""
    for raw in (0, 21, True):
        with pytest.raises(ValueError, match="raw die"):
            gauss.apply_modifier(raw, 0)
    with pytest.raises(ValueError, match="modifier must be a whole number"):
        gauss.apply_modifier(10, 0.5)


def test_luck_is_exempt_from_the_clamp_rule():
    """Seed 000 «Исключение из уточнения»: luck shifts the raw die, so a lucky 20 exists beyond 17."""
    odds = gauss.check_odds(3, luck=9)
    assert odds.values[20] == brute(9)[20]
    assert 18 not in gauss.check_odds(3, luck=5).values or gauss.check_odds(3).values[18] == brute()[18]


def test_tiers_partition_values_with_seed_words():
    """Seed 000 «Результат»: tiers 1 / 2–3 / 4–5 / 6–7 / 8–13 / 14–15 / 16–17 / 18–19 / 20 cover 1..20 once."""
    bounds = [(t.low, t.high) for t in gauss.TIERS]
    assert bounds == [(1, 1), (2, 3), (4, 5), (6, 7), (8, 13), (14, 15), (16, 17), (18, 19), (20, 20)]
    assert [gauss.tier_of(v).success for v in FACES] == [v >= 8 for v in FACES]
    assert [gauss.tier_of(v).key for v in (1, 7, 8, 20)] == ["worst", "failure", "success", "best"]
    with pytest.raises(ValueError, match="check value"):
        gauss.tier_of(0)


def test_skill_check_tier_odds_match_brute_force():
    """Seed 000 «Проверки навыков»: exact tier odds for every ladder pair and luck equal brute force."""
    for luck in (1, 5, 8):
        base = brute(luck)
        for skill in (0, 6, 18):
            for difficulty in (4, -8, -24):
                mod = skill + difficulty
                odds = gauss.skill_check_odds(skill, difficulty, situational=1, luck=luck)
                expected: dict[int, Fraction] = {}
                for raw, p in base.items():
                    v = clamp_rule(raw, mod + 1)
                    expected[v] = expected.get(v, 0) + p
                for tier, p in odds.tiers:
                    assert p == sum(
                        (q for v, q in expected.items() if tier.low <= v <= tier.high), Fraction(0)
                    )
                assert odds.failure == sum((q for v, q in expected.items() if v <= 7), Fraction(0))
                assert sum(p for _, p in odds.tiers) == 1


def test_failure_at_steps_against_seed_claims():
    """Seed 000 «вероятность провала … 18%, 38%, 62%, 82%, 94%, 99%, 99.95%»: exact values and the gap."""
    exact = [gauss.failure_at_steps(s) for s in range(7)]
    for steps, p in enumerate(exact):
        assert p == sum((q for raw, q in brute().items() if clamp_rule(raw, -2 * steps) <= 7), Fraction(0))
    assert exact[0] == Fraction(77, 400)  # 19.25 %, the seed prints 18 %
    assert exact[6] == 1 - brute()[20]  # only a pure 20 succeeds six steps up
    half = brute(5, HALF_ENDS)
    for steps, printed in gauss.SEED_FAILURE_AT_STEPS.items():
        assert abs(exact[steps] - printed) <= Fraction(125, 10000)  # within 1.25 pp of fair dice
        half_fail = sum((q for raw, q in half.items() if clamp_rule(raw, -2 * steps) <= 7), Fraction(0))
        if steps < 6:
            assert abs(half_fail - printed) < Fraction(1, 100)  # the seed's figures follow its rnd20
    assert exact[6] == gauss.SEED_FAILURE_AT_STEPS[6]


def test_miracle_20_lets_a_plus_2_do_a_very_hard_task():
    """Seed 000 «чудо из чудес»: +2 against «очень сложная» (-14) succeeds only on a pure 20, 1 in 2000."""
    odds = gauss.skill_check_odds(2, -14)
    assert odds.success == brute()[20] == Fraction(1, 2000)
    assert odds.success == gauss.SEED_MIRACLE
    # The seed calls the +2 «ученик», whose ladder bonus is +4: then 18+ succeeds, 30 times likelier.
    assert gauss.skill_check_odds(4, -14).success == sum(brute()[v] for v in (18, 19, 20))


def test_superhuman_task_is_hopeless_for_plus_2_at_any_luck():
    """Seed 000 «на сверхзадачу … бессмысленно»: +2 against -16 never succeeds, whatever the luck."""
    for luck in range(1, 10):
        assert gauss.skill_check_odds(2, -16, luck=luck).success == 0
    assert gauss.skill_check_odds(4, -16, luck=9).success == brute(9)[20] > 0  # a real «ученик» (+4) can


def test_skill_check_roll_is_consistent():
    """Seed 000 «Проверки навыков»: a rolled check's value is the clamped modified die and its tier."""
    rng = random.Random(7)
    for _ in range(300):
        result = gauss.skill_check(rng, 8, -10, situational=-1, luck=6)
        assert result.modifier == -3
        assert result.value == clamp_rule(result.roll.value, -3)
        assert result.tier == gauss.tier_of(result.value)
        assert result.success == (result.value >= 8)


# --- median rolls -------------------------------------------------------------------------------


def test_median_odds_split_low_and_high_misses_by_brute_force():
    """Seed 000 «Бросок медианы»: exact odds below, inside and above any window, including radius form."""
    base = brute()
    for low, high in [(10, 11), (9, 12), (6, 15), (3, 14), (1, 20), (20, 20)]:
        odds = gauss.median_odds(low, high)
        assert odds.below == sum((p for v, p in base.items() if v < low), Fraction(0))
        assert odds.above == sum((p for v, p in base.items() if v > high), Fraction(0))
        assert odds.inside + odds.below + odds.above == 1
        assert odds.success == odds.inside
    for radius in range(10):
        assert gauss.median_odds(*gauss.radius_window(radius)).inside == gauss.centre_windows()[radius][2]


def test_inverted_median_roll_succeeds_outside_the_centre():
    """Seed 000 «надо НЕ попасть в центр … выкинуть 1-5 или 16-20»: success is a miss on either side."""
    odds = gauss.median_odds(6, 15, inverted=True)
    assert odds.success == sum((p for v, p in brute().items() if v <= 5 or v >= 16), Fraction(0))
    assert gauss.median_window(6, 15, modifier=2, inverted=True) == (7, 14)  # in favour: narrower centre
    assert gauss.median_odds(6, 15, modifier=2, inverted=True).success > odds.success


def test_demonologist_example_separates_mana_and_elder_demon():
    """Seed 000 «демонолог вызывает демона»: 6–15 summons, <=5 fizzles, >=16 brings an elder demon."""
    odds = gauss.median_odds(*gauss.DEMONOLOGIST_WINDOW)
    assert gauss.DEMONOLOGIST_WINDOW == (6, 15)
    assert odds.below == sum(brute()[v] for v in range(1, 6))
    assert odds.above == sum(brute()[v] for v in range(16, 21))
    assert odds.below == odds.above  # same chance, different meaning
    rng = random.Random(5)
    for _ in range(200):
        r = gauss.median_roll(rng, 6, 15)
        assert r.side == (BELOW if r.roll.value <= 5 else ABOVE if r.roll.value >= 16 else INSIDE)


def test_window_modifier_adds_the_most_likely_faces():
    """Seed 000 «Модификаторы … изменяют диапазон» (our mapping): one face per point, most likely first."""
    for low, high in [(9, 12), (10, 11), (6, 15)]:
        width = high - low + 1
        for mod in range(-25, 26):
            got = gauss.adjust_window(low, high, mod)
            expected = set(RANKED_FACES[: min(20, max(0, width + mod))])
            assert set(range(got[0], got[1] + 1)) == expected
    assert gauss.adjust_window(3, 5, 4) == (1, 7)
    with pytest.raises(ValueError, match="window low must not exceed"):
        gauss.adjust_window(12, 9, 0)


def test_median_modifier_mapping():
    """Seed 000 «Проверка Безумия» (intelligence, luck, training): modifier is the sum of offsets from 5."""
    assert gauss.median_modifier() == 0
    assert gauss.median_modifier(intelligence=9, luck=1, training=2, situational=-1) == 1
    assert gauss.median_window(9, 12, modifier=gauss.median_modifier(luck=7)) == (8, 13)
    with pytest.raises(ValueError, match="intelligence must be from 1 to 9"):
        gauss.median_modifier(intelligence=0)


def test_madness_series_narrows_by_one_per_failure():
    """Seed 000 «Проверка Безумия»: base 9–12, each failed check in the series adds a cumulative -1."""
    windows = [MedianSeries(MADNESS, failures=k).window for k in range(6)]
    assert windows == [(9, 12), (10, 12), (10, 11), (11, 11), (11, 10), (11, 10)]
    s = MedianSeries(MADNESS, modifier=2)
    assert s.window == (8, 13)
    odds = MedianSeries(MADNESS, failures=4).odds()
    assert odds.success == 0 and odds.below == sum(brute()[v] for v in range(1, 11))


def test_horror_series_widens_by_one_per_failure():
    """Seed 000 «Проверка Ужаса»: base 10–11, each failed check in the series adds a cumulative +1."""
    windows = [MedianSeries(HORROR, failures=k).window for k in range(4)]
    assert windows == [(10, 11), (10, 12), (9, 12), (9, 13)]
    assert MedianSeries(HORROR).odds().inside == brute()[10] + brute()[11]


def test_series_tracker_continues_only_on_a_miss_above():
    """Seed 000 «Провал … вверх / вниз»: a miss above repeats the check, a hit or a miss below ends it."""
    rng = random.Random(11)
    seen = set()
    for kind in (MADNESS, HORROR):
        for _ in range(200):
            series = MedianSeries(kind)
            while not series.finished:
                result, after = series.check(rng)
                seen.add(result.side)
                if result.side == ABOVE:
                    assert after.failures == series.failures + 1 and not after.finished
                else:
                    assert after.finished and after.failures == series.failures
                series = after
            with pytest.raises(ValueError, match="series is over"):
                series.check(rng)
    assert seen == {BELOW, INSIDE, ABOVE}
    with pytest.raises(ValueError, match="series kind"):
        MedianSeries("fear")


# --- opposed checks -----------------------------------------------------------------------------


def test_opposed_window_seed_examples():
    """Seed 000 «Противопоставленная проверка»: defence 12 gives 9–12; attacker +2 gives 10–11; armour +3 8–14."""
    assert gauss.opposed_window(12) == (9, 12)
    assert gauss.opposed_window(12, -2) == (10, 11)
    assert gauss.opposed_window(12, 3) == (8, 14)
    assert gauss.opposed_window(12, modifier=3) == (8, 14)
    for attack in (3, 18, 15, 1, 20):
        assert gauss.pierces(attack, 12)
    for attack in (12, 11, 10, 9):
        assert not gauss.pierces(attack, 12)


def test_unmodified_pierce_means_a_less_likely_number():
    """Seed 000 «выкинуть менее вероятное число … ближе к краю»: pierce iff further from 10.5 than d."""
    for d in FACES:
        for a in FACES:
            assert gauss.pierces(a, d) == (abs(2 * a - 21) > abs(2 * d - 21))


def test_opposed_window_equals_most_likely_faces_and_saturates():
    """Seed 000 «бонусы или штрафы … изменяют диапазон защиты»: W+m likeliest faces; empty/full at the ends."""
    for d in FACES:
        assert gauss.opposed_window(d) == gauss.opposed_window(21 - d)
        for mod in range(-25, 26):
            low, high = gauss.opposed_window(d, mod)
            assert set(range(low, high + 1)) == window_faces(d, mod)
    assert gauss.opposed_window(10, -2) == (11, 10)  # empty: every attack pierces
    assert all(gauss.pierces(a, 10, -2) for a in FACES)
    assert gauss.opposed_window(20) == (1, 20)  # full: no attack pierces
    assert not any(gauss.pierces(a, 1) for a in FACES)
    with pytest.raises(ValueError, match="defence roll"):
        gauss.opposed_window(0)


def brute_pierce(d_luck: int, a_luck: int, mod: int, on_window: bool) -> tuple[dict[int, Fraction], Fraction]:
    """P(pierce | defence die d) for every d, and overall, by brute force over both dice."""
    if on_window:  # plain dice, luck moves the window
        attacker, defender, mod = brute(5), brute(5), mod + (d_luck - 5) - (a_luck - 5)
    else:  # luck shifts both raw dice
        attacker, defender = brute(a_luck), brute(d_luck)
    given = {
        d: sum((p for a, p in attacker.items() if a not in window_faces(d, mod)), Fraction(0))
        for d in defender
    }
    return given, sum((pd * given[d] for d, pd in defender.items()), Fraction(0))


def test_pierce_odds_match_brute_force():
    """Seed 000 «Противопоставленная проверка»: exact pierce odds for a given roll and before any roll."""
    for d_luck, a_luck, mod in [(5, 5, 0), (5, 5, -2), (1, 5, 3), (5, 9, -4), (3, 7, 1)]:
        for on_window in (True, False):
            given, total = brute_pierce(d_luck, a_luck, mod, on_window)
            kw = {"defence_luck": d_luck, "attack_luck": a_luck}
            if not on_window:
                kw["luck_on_window"] = False
            for d, q in given.items():
                assert gauss.pierce_chance(d, mod, **kw) == q
            odds = gauss.opposed_odds(mod, **kw)
            assert odds.pierce == total and odds.hold == 1 - total


def test_opposed_luck_moves_the_window_by_default():
    """Seed 000 «Учитываются … параметр удачи»: by default luck is (defence − attack) luck on the window, dice plain."""
    assert gauss.opposed_luck_shift(7, 4) == 3
    odds = gauss.opposed_odds(1, defence_luck=7, attack_luck=4)
    assert odds.window_modifier == 4 and odds.pierce == gauss.opposed_odds(4).pierce
    assert [row[0] for row in odds.by_defence] == list(FACES)  # the defence die is not shifted
    assert gauss.pierce_chance(12, -2, defence_luck=5, attack_luck=5) == gauss.pierce_chance(
        12, 0, attack_luck=7
    )
    with pytest.raises(ValueError, match="luck"):
        gauss.opposed_odds(0, defence_luck=0)
    with pytest.raises(ValueError, match="luck_on_window"):
        gauss.opposed_odds(0, luck_on_window=1)


def test_opposed_luck_is_monotone_only_on_the_window():
    """Seed 000 «параметр удачи»: on the window, better defender luck always helps; on raw dice luck 1 acts like 9."""
    window = [gauss.opposed_odds(0, defence_luck=luck).pierce for luck in range(1, 10)]
    assert all(a > b for a, b in itertools.pairwise(window))
    attack = [gauss.opposed_odds(0, attack_luck=luck).pierce for luck in range(1, 10)]
    assert all(a < b for a, b in itertools.pairwise(attack))
    raw = {
        luck: gauss.opposed_odds(0, defence_luck=luck, luck_on_window=False).pierce for luck in range(1, 10)
    }
    assert raw[1] == raw[9] < raw[5] and raw[3] == raw[7]  # the rejected reading's quirk


def test_opposed_check_rolls_and_helpless_sides():
    """Seed 000 «Если одна из противоборствующих сторон беспомощна»: automatic success, no dice."""
    rng = random.Random(3)
    hits = 0
    n = 3000
    for _ in range(n):
        r = gauss.opposed_check(rng, -1)
        assert r.window == gauss.opposed_window(r.defence.value, -1)
        assert r.pierced == (r.attack.value not in window_faces(r.defence.value, -1))
        hits += r.pierced
    p = float(gauss.opposed_odds(-1).pierce)
    assert abs(hits - n * p) <= 5 * math.sqrt(n * p * (1 - p))
    rng = random.Random(4)
    for _ in range(200):
        r = gauss.opposed_check(rng, -1, defence_luck=8, attack_luck=3)
        assert r.defence.luck == r.attack.luck == 5 and r.luck_shift == 5 and r.window_modifier == 4
        assert r.window == gauss.opposed_window(r.defence.value, 4)
        assert r.pierced == (r.attack.value not in window_faces(r.defence.value, 4))
    r = gauss.opposed_check(random.Random(4), -1, defence_luck=8, attack_luck=3, luck_on_window=False)
    assert r.defence.luck == 8 and r.luck_shift == 0 and r.window == gauss.opposed_window(r.defence.value, -1)
    given = gauss.opposed_check(random.Random(5), 2, defence=12)  # the defender rolled 12 at the table
    assert given.defence is None and given.defence_value == 12 and given.window == (8, 13)
    assert given.pierced == (given.attack.value not in range(8, 14))
    with pytest.raises(ValueError, match="defence roll"):
        gauss.opposed_check(random.Random(5), defence=21)
    auto = gauss.opposed_check(random.Random(0), 5, defender_helpless=True)
    assert auto.pierced and auto.defence is None and auto.automatic == "defender_helpless"
    assert not gauss.opposed_check(random.Random(0), attacker_helpless=True).pierced
    with pytest.raises(ValueError, match="both sides"):
        gauss.opposed_check(random.Random(0), attacker_helpless=True, defender_helpless=True)


# --- combat with active defence -----------------------------------------------------------------


def test_combat_tables_follow_the_seed():
    """Seed 000 «Бой с активной защитой»: rows 1/2–3/4–5/6–7/8/9–12/13–17/18–19/20 and their bonuses."""
    for table in (gauss.ATTACK_TABLE, gauss.DEFENCE_TABLE):
        assert [(e.low, e.high) for e in table] == [
            (1, 1),
            (2, 3),
            (4, 5),
            (6, 7),
            (8, 8),
            (9, 12),
            (13, 17),
            (18, 19),
            (20, 20),
        ]
    expected = {8: -1, **{v: 0 for v in range(9, 13)}, **{v: v - 12 for v in range(13, 18)}, 18: 7, 19: 9}
    assert {v: gauss.combat_bonus(v) for v in FACES if gauss.combat_bonus(v) is not None} == expected
    assert gauss.combat_bonus(17) == 5
    assert [gauss.attack_entry(v).key for v in (1, 8, 13, 19, 20)] == [
        "worst",
        "weak_success",
        "strong_success",
        "double_critical_success",
        "best",
    ]
    assert gauss.defence_entry(19).key == "double_critical_success" and gauss.defence_entry(19).success


def test_landing_damage_combines_multipliers():
    """Seed 000 «урон увеличивается в 2 раза / уменьшается в 2 раза / максимизируется ×3»: multipliers multiply."""
    assert gauss.landing_damage(20, None) == DamageEffect(Fraction(3), gauss.DAMAGE_MAX)
    assert gauss.landing_damage(18, 5) == DamageEffect(Fraction(2))
    assert gauss.landing_damage(19, 18) == DamageEffect(Fraction(1))
    assert gauss.landing_damage(12, 19) == DamageEffect(Fraction(1, 2))
    assert gauss.landing_damage(18, 20) == DamageEffect(Fraction(2), gauss.DAMAGE_MIN)
    effect = gauss.landing_damage(12, 19)
    assert (effect.kind, effect.multiplier) == (gauss.DAMAGE_ROLL, Fraction(1, 2))


def brute_exchange(setup: CombatSetup) -> tuple[dict[str, Fraction], dict[tuple[Fraction, str], Fraction]]:
    """Straight-line re-implementation of the three stages over all raw dice, integer weights."""
    if setup.defender_helpless:
        return {"defender_helpless": Fraction(1)}, {(Fraction(1), "roll"): Fraction(1)}
    att, dfn = gauss20_counts(setup.attack_luck), gauss20_counts(setup.defence_luck)
    o_dl, o_al = (5, 5) if setup.luck_on_window else (setup.defence_luck, setup.attack_luck)
    o_def, o_att = gauss20_counts(o_dl), gauss20_counts(o_al)
    scale = 8000**4
    endings: dict[str, int] = {}
    damage: dict[tuple[Fraction, str], int] = {}

    def bonus(v: int) -> int:
        return {8: -1, 18: 7, 19: 9}.get(v, v - 12 if v >= 13 else 0)

    def add(ending: str, w: int, a: int, d: int | None) -> None:
        endings[ending] = endings.get(ending, 0) + w
        if ending in ("attack_best", "undefended", "defence_failed", "unblockable", "pierced"):
            if a == 20:
                key = (Fraction(3), "max")
            else:
                factor = Fraction(2 if a >= 18 else 1)
                if d is not None and d == 20:
                    key = (factor, "min")
                else:
                    key = (factor / 2 if d is not None and d >= 18 else factor, "roll")
            damage[key] = damage.get(key, 0) + w

    for a_raw, wa in att.items():
        a = clamp_rule(a_raw, setup.attack_modifier)
        if a <= 7:
            add("attack_failed", wa * 8000**3, a, None)
            continue
        if a == 20:
            add("attack_best", wa * 8000**3, a, None)
            continue
        if not setup.defender_can_defend:
            add("undefended", wa * 8000**3, a, None)
            continue
        for d_raw, wd in dfn.items():
            d = clamp_rule(d_raw, setup.defence_modifier + setup.armour_penalty)
            w = wa * wd * 8000**2
            if d <= 7:
                add("defence_failed", w, a, d)
            elif not setup.blockable:
                add("unblockable", w, a, d)
            elif d == 20:
                add("defence_best", w, a, d)
            else:
                mod = (
                    bonus(d) - bonus(a) + setup.armour_bonus - setup.weapon_piercing + setup.opposed_modifier
                )
                if setup.luck_on_window:
                    mod += (setup.defence_luck - 5) - (setup.attack_luck - 5)
                for dd, wdd in o_def.items():
                    window = window_faces(dd, mod)
                    for aa, waa in o_att.items():
                        add("held" if aa in window else "pierced", wa * wd * wdd * waa, a, d)
    return (
        {k: Fraction(v, scale) for k, v in endings.items() if v},
        {k: Fraction(v, scale) for k, v in damage.items() if v},
    )


SETUPS = [
    CombatSetup(),
    CombatSetup(
        attack_modifier=3,
        defence_modifier=2,
        armour_penalty=-2,
        armour_bonus=3,
        weapon_piercing=1,
        attack_luck=7,
        defence_luck=4,
    ),
    CombatSetup(attack_modifier=-4, defence_modifier=6, attack_luck=2, defence_luck=8),
    CombatSetup(attack_modifier=-4, defence_modifier=6, attack_luck=2, defence_luck=8, luck_on_window=False),
    CombatSetup(blockable=False, defence_modifier=1),
    CombatSetup(defender_helpless=True),
    CombatSetup(defender_can_defend=False),
    CombatSetup(defender_can_defend=False, attack_modifier=-3, attack_luck=8, defence_modifier=9),
    CombatSetup(defender_can_defend=False, defender_helpless=True),
]


@pytest.mark.parametrize("setup", SETUPS)
def test_exchange_odds_match_brute_force(setup):
    """Seed 000 «Бой с активной защитой»: exact odds of every ending and damage effect equal brute force."""
    endings, damage = brute_exchange(setup)
    odds = gauss.exchange_odds(setup)
    assert odds.endings == endings
    assert {(e.multiplier, e.kind): p for e, p in odds.damage.items()} == damage
    assert sum(odds.endings.values()) == 1
    assert odds.lands == sum(p for k, p in odds.endings.items() if k in gauss.LANDING_ENDINGS)


def _drawn_setup(seed: int) -> CombatSetup:
    """A combat setup drawn at random over the form's ranges (the same draw for a seed)."""
    draw = random.Random(seed)
    return CombatSetup(
        attack_modifier=draw.randint(-30, 30),
        defence_modifier=draw.randint(-30, 30),
        armour_penalty=draw.randint(-20, 0),
        armour_bonus=draw.randint(0, 20),
        weapon_piercing=draw.randint(0, 20),
        opposed_modifier=draw.randint(-10, 10),
        attack_luck=draw.randint(1, 9),
        defence_luck=draw.randint(1, 9),
        luck_on_window=draw.random() < 0.7,
        blockable=draw.random() < 0.8,
        defender_can_defend=draw.random() < 0.8,
    )


@pytest.mark.parametrize("seed", range(12))
def test_exchange_odds_of_drawn_setups_match_brute_force(seed):
    """The exchange's odds are summed in whole numbers over one denominator: for setups drawn over
    every field's range they are exactly brute force's, ending by ending and damage by damage."""
    setup = _drawn_setup(seed)
    endings, damage = brute_exchange(setup)
    odds = gauss.exchange_odds(setup)
    assert odds.endings == endings
    assert {(e.multiplier, e.kind): p for e, p in odds.damage.items()} == damage


def test_exchange_odds_lands_less_with_armour():
    """Seed 000 «тяжелые латы … сужая диапазон, в котором может пройти атака»: armour lowers landing odds."""
    plain = gauss.exchange_odds(CombatSetup()).lands
    plated = gauss.exchange_odds(CombatSetup(armour_bonus=4)).lands
    piercing = gauss.exchange_odds(CombatSetup(armour_bonus=4, weapon_piercing=4)).lands
    assert plated < plain == piercing


class ScriptedRandom(random.Random):
    """Each roll is given as a GaussD20 base value v, made from the d20 triple (v, v, v)."""

    def __init__(self, bases: list[int]):
        super().__init__(0)
        self.faces = [v - 1 for v in bases for _ in range(3)]

    def randrange(self, *args, **kwargs):  # roll_faces asks randrange(20)
        return self.faces.pop(0)


def test_resolve_exchange_stops_at_a_pure_20_attack():
    """Seed 000 «20: … Кубик защиты не кидается. Урон максимизируется и увеличивается в 3 раза»."""
    rng = ScriptedRandom([20])
    ex = gauss.resolve_exchange(rng, CombatSetup(attack_modifier=5))
    assert ex.ending == "attack_best" and ex.defence is None and rng.faces == []
    assert ex.damage == DamageEffect(Fraction(3), gauss.DAMAGE_MAX)
    assert (
        ex.attack.side == "attack"
        and ex.attack.entry.key == "best"
        and ex.attack.check.roll.dice == (20, 20, 20)
    )
    ex = gauss.resolve_exchange(ScriptedRandom([20, 10, 10, 10]), CombatSetup(attack_modifier=-5))
    assert ex.attack.check.value == 15  # clamp rule: a 20 moved by a modifier is no longer pure
    assert ex.opposed.modifier == -3 and ex.opposed.window == (11, 10) and ex.ending == "pierced"
    low, high = ex.opposed.window
    assert low > high  # an empty failure window: every attack pierces


def test_resolve_exchange_failed_attack_and_failed_defence():
    """Seed 000 «Если бросок защиты провален, атака автоматически проходит»; a failed attack ends it."""
    ex = gauss.resolve_exchange(ScriptedRandom([1]), CombatSetup())
    assert ex.ending == "attack_failed" and not ex.lands and ex.damage is None
    assert ex.attack.entry.key == "worst" and ex.defence is None and ex.opposed is None
    ex = gauss.resolve_exchange(ScriptedRandom([12, 9]), CombatSetup(armour_penalty=-3))
    assert ex.defence.check.value == 6 and ex.ending == "defence_failed" and ex.lands
    assert ex.opposed is None and ex.damage == DamageEffect(Fraction(1))


def test_resolve_exchange_runs_the_opposed_stage_with_bonuses():
    """Seed 000 «Противопоставленная проверка … Учитываются бонусы предыдущих бросков»: 18 vs 19 example."""
    # attack 18 (+7, ×2), defence 19 (+9, ½): modifier +2, so defence 12 covers 8–13; attack 14 pierces.
    ex = gauss.resolve_exchange(ScriptedRandom([18, 19, 12, 14]), CombatSetup())
    assert ex.opposed.modifier == 2 and ex.opposed.window == (8, 13)
    assert ex.ending == "pierced" and ex.damage == DamageEffect(Fraction(1))
    assert ex.attack.bonus == 7 and ex.defence.bonus == 9
    assert (ex.opposed.defence_value, ex.opposed.attack.value, ex.opposed.pierced) == (12, 14, True)
    ex = gauss.resolve_exchange(
        ScriptedRandom([13, 9, 12, 13]), CombatSetup(armour_bonus=1, weapon_piercing=3)
    )
    assert ex.opposed.modifier == 0 - 1 + 1 - 3 and ex.opposed.window == (11, 11)
    assert ex.ending == "pierced"
    ex = gauss.resolve_exchange(ScriptedRandom([10, 10, 12, 12]), CombatSetup())
    assert ex.ending == "held" and not ex.lands


def test_resolve_exchange_defence_20_blocks_unless_unblockable():
    """Seed 000 «20: Если хотя бы теоретически возможна защита, атака не проходит … урон минимизирован»."""
    ex = gauss.resolve_exchange(ScriptedRandom([19, 20]), CombatSetup())
    assert ex.ending == "defence_best" and not ex.lands
    ex = gauss.resolve_exchange(ScriptedRandom([19, 20]), CombatSetup(blockable=False))
    assert ex.ending == "unblockable" and ex.damage == DamageEffect(Fraction(2), gauss.DAMAGE_MIN)


def test_resolve_exchange_helpless_defender_and_frequency():
    """Seed 000 «беспомощна … автоматический успех»; seeded exchanges follow exact landing odds (5 sigma)."""
    rng = ScriptedRandom([])
    ex = gauss.resolve_exchange(rng, CombatSetup(defender_helpless=True))
    assert ex.lands and ex.attack is None and ex.damage == DamageEffect(Fraction(1))
    setup = SETUPS[1]
    rng = random.Random(99)
    n = 3000
    landed = sum(gauss.resolve_exchange(rng, setup).lands for _ in range(n))
    p = float(gauss.exchange_odds(setup).lands)
    assert abs(landed - n * p) <= 5 * math.sqrt(n * p * (1 - p))


def test_undefended_target_rolls_only_the_attack_by_brute_force():
    """Seed 000 «Если бросок атаки успешен и цель имеет возможность защищаться, кидается проверка
    боевого навыка защищающегося»: a target that cannot defend (not helpless) meets the attack check
    alone. Every triple of d20s for every attack modifier and luck: 1–7 miss, 8–19 land (×2 on
    18/19), 20 lands maximised ×3; nothing depends on the defender's numbers."""
    for modifier, luck in itertools.product((-6, -1, 0, 2, 5), (1, 5, 9)):
        endings: dict[str, int] = {}
        damage: dict[tuple[Fraction, str], int] = {}
        for a, b, c in itertools.product(FACES, repeat=3):
            raw = min(20, max(1, js_round(Fraction(a + b + c, 3)) + luck - 5))
            value = clamp_rule(raw, modifier)
            if value <= 7:
                endings["attack_failed"] = endings.get("attack_failed", 0) + 1
                continue
            ending, key = (
                ("attack_best", (Fraction(3), "max"))
                if value == 20
                else ("undefended", (Fraction(2 if value >= 18 else 1), "roll"))
            )
            endings[ending] = endings.get(ending, 0) + 1
            damage[key] = damage.get(key, 0) + 1
        setup = CombatSetup(
            attack_modifier=modifier,
            attack_luck=luck,
            defence_modifier=7,
            armour_bonus=5,
            defence_luck=9,
            defender_can_defend=False,
        )
        odds = gauss.exchange_odds(setup)
        assert odds.endings == {k: Fraction(n, 8000) for k, n in endings.items()}
        assert {(e.multiplier, e.kind): p for e, p in odds.damage.items()} == {
            k: Fraction(n, 8000) for k, n in damage.items()
        }
        assert odds.lands == 1 - odds.endings.get("attack_failed", 0)
    plain = gauss.exchange_odds(CombatSetup(defender_can_defend=False))
    assert plain.endings["attack_failed"] == Fraction(77, 400)  # 19.25 %, the skill check's failure
    assert plain.lands == Fraction(323, 400) > gauss.exchange_odds(CombatSetup()).lands


def test_resolve_exchange_against_a_target_that_cannot_defend():
    """Seed 000 «… и цель имеет возможность защищаться»: no defence die is rolled; the attack's own
    row gives the damage (18 doubles), a failed attack still fails, helpless still means no dice."""
    rng = ScriptedRandom([18])
    ex = gauss.resolve_exchange(rng, CombatSetup(defender_can_defend=False))
    assert ex.ending == "undefended" and ex.lands and rng.faces == []
    assert ex.defence is None and ex.opposed is None and ex.damage == DamageEffect(Fraction(2))
    ex = gauss.resolve_exchange(ScriptedRandom([6]), CombatSetup(defender_can_defend=False))
    assert ex.ending == "attack_failed" and not ex.lands
    ex = gauss.resolve_exchange(ScriptedRandom([20]), CombatSetup(defender_can_defend=False))
    assert ex.ending == "attack_best" and ex.damage == DamageEffect(Fraction(3), gauss.DAMAGE_MAX)
    ex = gauss.resolve_exchange(
        ScriptedRandom([]), CombatSetup(defender_can_defend=False, defender_helpless=True)
    )
    assert ex.ending == "defender_helpless" and ex.attack is None
    with pytest.raises(ValueError, match="defender_can_defend must be True or False"):
        CombatSetup(defender_can_defend=0)  # type: ignore[arg-type]


def test_combat_setup_rejects_bad_input():
    """Seed 000 «Бой с активной защитой»: signs of armour and weapon bonuses and luck range are checked."""
    with pytest.raises(ValueError, match="armour_penalty is a penalty"):
        CombatSetup(armour_penalty=2)
    with pytest.raises(ValueError, match="weapon_piercing must be >= 0"):
        CombatSetup(weapon_piercing=-1)
    with pytest.raises(ValueError, match="luck must be from 1 to 9"):
        CombatSetup(defence_luck=10)
    with pytest.raises(ValueError, match="blockable must be True or False"):
        CombatSetup(blockable=1)
    with pytest.raises(ValueError, match=r"only checks of 8\.\.19"):
        CombatSetup().opposed_modifier_for(20, 12)


def test_opposed_check_modifier_adds_bonuses_and_luck():
    """Seed 000 «Противопоставленная проверка»: the defence bonus counts for, the attacker's against the
    defender, and luck (defence − attack) moves the window on top; the parts feed the odds unchanged."""
    m = gauss.opposed_check_modifier(attack_bonus=2, defence_bonus=3, attack_luck=4, defence_luck=7)
    assert (m.modifier, m.luck_shift, m.window_modifier) == (1, 3, 4)
    odds = gauss.opposed_odds(m.modifier, defence_luck=m.defence_luck, attack_luck=m.attack_luck)
    assert odds.window_modifier == m.window_modifier
    neutral = gauss.opposed_check_modifier()
    assert (neutral.modifier, neutral.luck_shift, neutral.window_modifier) == (0, 0, 0)
    assert gauss.opposed_check_modifier(attack_bonus=5).window_modifier == -5
    with pytest.raises(ValueError, match="luck"):
        gauss.opposed_check_modifier(defence_luck=10)
    with pytest.raises(ValueError, match="attack bonus"):
        gauss.opposed_check_modifier(attack_bonus=1.5)  # type: ignore[arg-type]
