"""The shared dice engine (py/rules/dice.py) against brute-force enumeration."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules import dice


def brute(faces: list[int], count: int) -> dict[int, Fraction]:
    totals = Counter(sum(roll) for roll in itertools.product(faces, repeat=count))
    n = len(faces) ** count
    return {k: Fraction(v, n) for k, v in sorted(totals.items())}


@pytest.mark.parametrize(
    ("faces", "count"), [([1, 2, 3, 4, 5, 6], 3), ([-1, 0, 1], 4), ([-2, -1, 0, 0, 1, 2], 3)]
)
def test_sum_of_matches_brute_force(faces: list[int], count: int) -> None:
    """sum_of equals the enumerated distribution of the sum, repeated faces included."""
    assert dice.sum_of(dice.uniform(faces), count) == brute(faces, count)


def naive_power(weights: dict[int, int], count: int) -> dict[int, int]:
    """Every sequence of ``count`` outcomes, its weight the product of theirs."""
    totals: Counter[int] = Counter()
    for seq in itertools.product(weights.items(), repeat=count):
        product = 1
        for _, w in seq:
            product *= w
        totals[sum(v for v, _ in seq)] += product
    return {k: v for k, v in sorted(totals.items()) if v}


def test_power_weights_matches_every_sequence_enumerated() -> None:
    """Random dice, dense (one big-integer power) and sparse (pairs by squaring), with zero, huge
    and negative-outcome weights: the weights of the sum equal the enumerated products."""
    rng = random.Random(20)
    for trial in range(300):
        low = rng.randint(-5, 5)
        spread = rng.choice([1, 3, 8]) if trial % 2 else rng.choice([40, 500])
        outcomes = rng.sample(range(low, low + spread + 1), k=min(spread + 1, rng.randint(1, 5)))
        weights = {v: rng.choice([0, 1, 3, 7, 2**70 + 1]) for v in outcomes}
        if not any(weights.values()):
            weights[outcomes[0]] = 1
        count = rng.randint(0, 4)
        expected = naive_power(weights, count) if count else {0: 1}
        assert dice.power_weights(weights, count) == expected, (weights, count)


def test_power_weights_refuses_what_is_no_die() -> None:
    """A negative count, negative weights or no weight at all: ValueError, as ``sum_of``."""
    for weights, count in (({1: 1}, -1), ({1: -1, 2: 2}, 2), ({1: 0}, 2), ({}, 1)):
        with pytest.raises(ValueError):
            dice.power_weights(weights, count)


def test_views_match_definitions() -> None:
    """at_least/at_most/between/cumulative agree with direct sums for 2d6."""
    d = dice.sum_of(dice.uniform(range(1, 7)), 2)
    assert dice.at_least(d, 11) == Fraction(3, 36)
    assert dice.at_most(d, 3) == Fraction(3, 36)
    assert dice.between(d, 6, 8) == Fraction(16, 36)
    assert dice.between(d, 8, 6) == 0
    assert dice.cumulative_at_most(d)[12] == 1
    assert dice.mean(d) == 7


def test_zero_probability_outcomes_are_dropped() -> None:
    """combine leaves out outcomes that cancel to zero and always sums to one."""
    d = dice.combine(dice.uniform([1, 2]), dice.uniform([1, 2]), lambda a, b: a * 0)
    assert d == {0: Fraction(1)}


def test_invalid_arguments_raise() -> None:
    """An empty die and a negative count are refused with ValueError."""
    with pytest.raises(ValueError, match="face"):
        dice.uniform([])
    with pytest.raises(ValueError, match="count"):
        dice.sum_of(dice.uniform([1]), -1)


def test_roll_faces_is_fair() -> None:
    """roll_faces over 60 000 seeded rolls of a d6 stays within 5 sigma of 1/6 per face."""
    rng = random.Random(1)
    counts = Counter(dice.roll_faces(rng, (1, 2, 3, 4, 5, 6)) for _ in range(60_000))
    for face in range(1, 7):
        assert abs(counts[face] - 10_000) < 5 * (60_000 * (1 / 6) * (5 / 6)) ** 0.5
