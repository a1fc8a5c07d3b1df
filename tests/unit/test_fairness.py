"""The chi-square maths and the fairness verdicts (rules.chi_square, rules.fairness), checked
against scipy's figures (quoted as constants: scipy is not in the page) and brute force."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import pairwise, product

import pytest

from rules import fairness
from rules.chi_square import chi_square_sf, gamma_p, gamma_q

# scipy 1.17.1: stats.chi2.sf(x, df), special.gammaincc(a, x)
SCIPY_CHI2_SF = (
    (3.841458820694124, 1, 0.04999999999999989),
    (30.14352720564616, 19, 0.05000000000000003),
    (36.19086912927004, 19, 0.010000000000000052),
    (43.82019596451793, 19, 0.0009999999999998725),
    (540.0, 9, 1.5497588244567282e-110),
    (10.0, 1, 0.001565402258002549),
    (0.5, 4, 0.9735009788392561),
    (100.0, 50, 3.454931382984871e-05),
    (19.0, 19, 0.45683612559196224),
    (1140.0, 19, 6.411830238916654e-230),
    (60.0, 9, 1.3406780483959625e-09),
    (25.6, 10, 0.0043170929552904655),
)
SCIPY_GAMMAINCC = (
    (0.5, 2.0, 0.04550026389635857),
    (10.0, 3.0, 0.9988975118698845),
    (3.0, 10.0, 0.0027693957155115775),
    (100.0, 90.0, 0.84177901081357),
)


@pytest.mark.parametrize(("x", "df", "expected"), SCIPY_CHI2_SF)
def test_the_chi_square_tail_matches_scipy(x: float, df: int, expected: float) -> None:
    assert math.isclose(chi_square_sf(x, df), expected, rel_tol=1e-12)


@pytest.mark.parametrize(("a", "x", "expected"), SCIPY_GAMMAINCC)
def test_the_incomplete_gamma_function_matches_scipy(a: float, x: float, expected: float) -> None:
    assert math.isclose(gamma_q(a, x), expected, rel_tol=1e-12)
    assert math.isclose(gamma_p(a, x) + gamma_q(a, x), 1.0, rel_tol=1e-14)


def test_whole_shapes_match_the_poisson_sum() -> None:
    """Q(n, x) = e^-x Σ_{k<n} x^k / k!, on both sides of a + 1 (series and continued fraction)."""
    for n in range(1, 30):
        for x in (0.1, 1.0, n - 0.5, n + 1.5, 2.0 * n, 5.0 * n + 10):
            exact = math.exp(-x) * math.fsum(x**k / math.factorial(k) for k in range(n))
            assert math.isclose(gamma_q(float(n), x), exact, rel_tol=1e-11), (n, x)


def test_bad_arguments_are_refused() -> None:
    for a, x in ((0.0, 1.0), (-1.0, 1.0), (1.0, -0.5), (math.nan, 1.0), (1.0, math.nan)):
        with pytest.raises(ValueError):
            gamma_q(a, x)
    with pytest.raises(ValueError):
        chi_square_sf(-1.0, 3)
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)


def test_pearsons_statistic_matches_scipy() -> None:
    """scipy.stats.chisquare([8, 12, 10, 9, 11, 10]) = (1.0, 0.9625657732472964)."""
    found = fairness.check([8, 12, 10, 9, 11, 10], fairness.uniform(6))
    assert found.statistic == 1.0 and found.df == 5 and found.cells == tuple((i, i) for i in range(6))
    assert found.p is not None and math.isclose(found.p, 0.9625657732472964, rel_tol=1e-12)


def test_sixty_twenties_are_suspicious_on_ten_pairs_of_faces() -> None:
    """60 d20 faces expect 3 each (under 5): faces are pooled by two; scipy.stats.chisquare of
    [0]*9 + [60] against [6]*10 is 540.0, p 1.5497588244567282e-110."""
    found = fairness.check([0] * 19 + [60], fairness.uniform(20))
    assert found.cells == tuple((2 * i, 2 * i + 1) for i in range(10)) and found.pooled
    assert found.statistic == 540.0 and found.df == 9
    assert found.p is not None and math.isclose(found.p, 1.5497588244567282e-110, rel_tol=1e-12)
    assert found.verdict == fairness.SUSPICIOUS


def test_every_verdict_and_its_thresholds() -> None:
    assert fairness.verdict(fairness.LOOK_BELOW) == fairness.FINE
    assert fairness.verdict(math.nextafter(fairness.LOOK_BELOW, 0)) == fairness.LOOK
    assert fairness.verdict(fairness.SUSPICIOUS_BELOW) == fairness.LOOK
    assert fairness.verdict(math.nextafter(fairness.SUSPICIOUS_BELOW, 0)) == fairness.SUSPICIOUS
    d6 = fairness.uniform(6)
    # 60 rolls of a d6, scipy.stats.chisquare: X² 9.6 p 0.0873956533205822; 15.2 p
    # 0.009541093715731707; 19.6 p 0.0014851493403113733; 21.6 p 0.0006236565240405808
    for counts, p, verdict in (
        ([10] * 6, 1.0, fairness.FINE),
        ([16, 14, 4, 8, 8, 10], 0.0873956533205822, fairness.FINE),
        ([20, 4, 6, 10, 10, 10], 0.009541093715731707, fairness.LOOK),
        ([21, 3, 5, 10, 11, 10], 0.0014851493403113733, fairness.LOOK),
        ([22, 4, 4, 10, 10, 10], 0.0006236565240405808, fairness.SUSPICIOUS),
    ):
        found = fairness.check(counts, d6)
        assert found.p is not None and math.isclose(found.p, p, rel_tol=1e-12), counts
        assert found.verdict == verdict, counts
    few = fairness.check([3, 1, 2, 0, 0, 3], d6)
    assert few.verdict == fairness.FEW and few.p is None and few.statistic is None and few.cells == ()


def test_pooled_cells_always_expect_five_and_cover_every_outcome() -> None:
    rng = random.Random(7)
    for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100):
        for n in range(0, 130, 3):
            cells = fairness.cells(fairness.uniform(sides), n)
            if not cells:
                assert n < 4 * fairness.MIN_EXPECTED  # two cells of 5 need at most 20 rolls
                continue
            assert cells[0][0] == 0 and cells[-1][1] == sides - 1
            assert all(a[1] + 1 == b[0] for a, b in pairwise(cells))
            assert all(
                Fraction(n * (last - first + 1), sides) >= fairness.MIN_EXPECTED for first, last in cells
            )
    sums = fairness.three_d20_sums()
    for n in (rng.randrange(10, 5000) for _ in range(30)):
        cells = fairness.cells(sums, n)
        assert all(n * sum(sums[a : b + 1]) >= fairness.MIN_EXPECTED for a, b in cells)


def test_three_d20_sums_are_the_enumeration() -> None:
    ways = Counter(a + b + c for a, b, c in product(range(1, 21), repeat=3))
    assert fairness.three_d20_sums() == tuple(Fraction(ways[s], 8000) for s in range(3, 61))


def test_a_fair_die_is_called_suspicious_about_once_in_a_thousand() -> None:
    """The verdicts' rates on a fair die, from a seeded sample: p is uniform, so about 1 % are
    «worth a look» or worse and 0.1 % «suspicious» (here: 2,000 tests of 600 d20s)."""
    rng = random.Random(2026)
    verdicts: Counter[str] = Counter()
    for _ in range(2000):
        faces = Counter(rng.randint(1, 20) for _ in range(600))
        verdicts[fairness.check([faces[f] for f in range(1, 21)], fairness.uniform(20)).verdict] += 1
    assert verdicts[fairness.FINE] >= 1940 and verdicts[fairness.SUSPICIOUS] <= 8


def test_a_biased_die_is_caught() -> None:
    rng = random.Random(1)
    weights = [1.0] * 19 + [2.0]  # a d20 that shows 20 twice as often
    faces = Counter(rng.choices(range(1, 21), weights=weights, k=2000))
    assert (
        fairness.check([faces[f] for f in range(1, 21)], fairness.uniform(20)).verdict == fairness.SUSPICIOUS
    )


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        fairness.check([1, 2], fairness.uniform(3))
    with pytest.raises(ValueError):
        fairness.check([-1, 2], fairness.uniform(2))
    with pytest.raises(ValueError):
        fairness.check([1, 2], [Fraction(1, 3), Fraction(1, 3)])
    with pytest.raises(ValueError):
        fairness.uniform(0)
