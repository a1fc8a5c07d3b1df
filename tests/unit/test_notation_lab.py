"""Tests for the dice lab's rules in rules.notation: face ranges, named dice, arrays, compare.

Every exact figure is checked against brute-force enumeration of small cases.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules import notation
from rules.notation import NotationError


def _uniform(faces: list[int]) -> dict[int, Fraction]:
    counts = Counter(faces)
    return {v: Fraction(c, len(faces)) for v, c in counts.items()}


def _brute_sorted(faces: list[int], n: int) -> list[dict[int, Fraction]]:
    """Distribution of each sorted position (highest first) of n rolls of a fair die, by enumeration."""
    positions: list[Counter[int]] = [Counter() for _ in range(n)]
    total = 0
    for rolls in itertools.product(faces, repeat=n):
        total += 1
        for i, v in enumerate(sorted(rolls, reverse=True)):
            positions[i][v] += 1
    return [{v: Fraction(c, total) for v, c in pos.items()} for pos in positions]


def _brute_compare(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[str, Fraction]:
    out = {"gt": Fraction(0), "eq": Fraction(0), "lt": Fraction(0)}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        out["gt" if x > y else "eq" if x == y else "lt"] += p * q
    return out


@pytest.mark.parametrize(
    ("line", "faces"),
    [
        ("d{1..3}", [1, 2, 3]),
        ("d{-2..2}", [-2, -1, 0, 1, 2]),
        ("d{0..1, 5}", [0, 1, 5]),
        ("d{1..2,1..2,3}", [1, 2, 1, 2, 3]),
        ("d{4..4}", [4]),
        ("d{−1…1}", [-1, 0, 1]),
    ],
)
def test_face_ranges_match_enumeration(line: str, faces: list[int]) -> None:
    """A face range {a..b} means every whole face from a to b; ranges mix with single faces and repeats."""
    assert notation.distribution(line) == _uniform(faces)
    two = Counter(x + y for x, y in itertools.product(faces, repeat=2))
    assert notation.distribution("2" + line) == {v: Fraction(c, len(faces) ** 2) for v, c in two.items()}


def test_face_ranges_are_bounded() -> None:
    """A reversed range is refused with its position; a huge range counts against the faces limit."""
    with pytest.raises(NotationError) as info:
        notation.parse("2 + d{5..1}")
    assert (info.value.code, info.value.position) == ("range_reversed", 6)
    with pytest.raises(NotationError) as info:
        notation.parse("d{1..20000}")
    assert info.value.code == "too_many_faces"
    assert len(notation.distribution("d{1..100}")) == 100


def test_named_dice_are_defined_once_and_used_like_sides() -> None:
    """``fib = d{1,1,2,3,5,8}`` names a die; ``3fib``, ``fib`` and ``2fibkh1`` then roll it like any die."""
    name, faces = notation.definition("Fib = d{1,1,2,3,5,8}")  # type: ignore[misc]
    assert (name, faces) == ("fib", (1, 1, 2, 3, 5, 8))
    names = {name: faces}
    one = _uniform(list(faces))
    three = Counter(sum(r) for r in itertools.product(faces, repeat=3))
    assert notation.distribution("3fib", names=names) == {v: Fraction(c, 216) for v, c in three.items()}
    assert notation.distribution("fib + 1", names=names) == {v + 1: p for v, p in one.items()}
    best = Counter(max(r) for r in itertools.product(faces, repeat=2))
    assert notation.distribution("2FIBkh1", names=names) == {v: Fraction(c, 36) for v, c in best.items()}
    assert notation.definition("pair = fib", names=names) == ("pair", faces)
    rolled = notation.roll(notation.parse("3fib", names=names), random.Random(3))
    assert all(d.value in faces for d in rolled.dice[0].dice)
    with pytest.raises(NotationError) as info:
        notation.parse("3fib")
    assert info.value.code in ("trailing_char", "unknown_name")


def test_definition_tells_definitions_from_comparisons() -> None:
    """``d6 = 3`` and ``gauss = 10`` stay comparisons; a name must be one plain die, not a function."""
    for line in ("d6 = 3", "gauss = 10", "2d6 >= 7", "fib == 3", "4d6kh3 # stats"):
        assert notation.definition(line) is None, line
    for line, code in (
        ("fib = 2d6", "bad_definition"),
        ("fib = d6!", "bad_definition"),
        ("max = d6", "reserved_name"),
    ):
        with pytest.raises(NotationError) as info:
            notation.definition(line)
        assert info.value.code == code, line
    assert notation.definition("fate = dF # the FUDGE die") == ("fate", (-1, 0, 1))
    with pytest.raises(ValueError, match="not a die name"):
        notation.parse("d6", names={"d8": (1, 2)})


@pytest.mark.parametrize(("faces", "n"), [([1, 2, 3], 3), ([1, 1, 2, 5], 2), ([-1, 0, 1], 4), ([2], 3)])
def test_array_positions_match_enumeration(faces: list[int], n: int) -> None:
    """array(expr, n) gives each sorted position of n independent rolls, highest first, exactly."""
    line = "d{" + ",".join(map(str, faces)) + "}"
    assert list(notation.array(line, n)) == _brute_sorted(faces, n)


def test_array_of_a_compound_line_matches_enumeration() -> None:
    """A line of several dice (``2d3kh1``) as an array element: its own distribution, n times, sorted."""
    outcomes = [max(a, b) for a, b in itertools.product([1, 2, 3], repeat=2)]  # 9 equally likely
    assert list(notation.array("2d3kh1", 3)) == _brute_sorted(outcomes, 3)


def test_array_lines_parse_in_both_spellings() -> None:
    """``6x4d6kh3`` and ``6 x 4d6kh3`` roll six values; their distribution is the sum's."""
    for line in ("6x4d6kh3", "6 x 4d6kh3", " 6X 4d6kh3 # stats"):
        expr = notation.parse(line)
        assert expr.repeat == 6 and (expr.minimum, expr.maximum) == (18, 108), line
    assert notation.parse("6x4d6kh3 # stats").label == "stats"
    assert notation.distribution("3x d4") == notation.distribution("3d4")
    positions = notation.array("6x4d6kh3")
    assert len(positions) == 6
    assert all(sum(p.values()) == 1 for p in positions)
    assert notation.array("6x4d6kh3") == notation.array("4d6kh3", 6)
    assert notation.summary_of(positions[0]).mean > notation.summary_of(positions[-1]).mean
    rolled = notation.roll("6x4d6kh3", random.Random(5))
    assert len(rolled.values) == 6 and rolled.total == sum(rolled.values) and len(rolled.dice) == 6
    assert notation.roll("4d6kh3", random.Random(5)).values == ()


def test_array_counts_are_bounded() -> None:
    """0 or more than max_array rolls are refused at the count; the work of the positions is bounded."""
    for line in ("0x d6", "21x d6", "99999999999x d6"):
        with pytest.raises(NotationError) as info:
            notation.parse(line)
        assert info.value.code == "array_count", line
    with pytest.raises(NotationError) as info:
        notation.array("d6", 0)
    assert info.value.code == "array_count"
    with pytest.raises(NotationError) as info:
        notation.array("d10000*d1000", 20)
    assert info.value.code == "too_complex"
    with pytest.raises(NotationError):
        notation.distribution("20x 50d100")  # the sum of many wide rolls is refused, not computed
    with pytest.raises(ValueError, match="rolls 6 times"):
        notation.array("6x d6", 5)


@pytest.mark.parametrize(
    ("a", "b"),
    [("d6", "d6"), ("2d4", "d8"), ("d{-2..2}", "dF"), ("4d6kh3", "3d6"), ("d20 + 5", "2d20kh1"), ("3", "d6")],
)
def test_compare_matches_enumeration(a: str, b: str) -> None:
    """compare(a, b) is exactly P(A>B), P(A=B), P(A<B) for independent A and B."""
    da, db = notation.distribution(a), notation.distribution(b)
    expected = _brute_compare(da, db)
    got = notation.compare(a, b)
    assert got == expected
    assert all(isinstance(v, Fraction) for v in got.values())
    assert notation.compare(da, db) == expected  # distributions work as well as lines
    assert notation.compare(notation.parse(a), db) == expected
    assert sum(got.values()) == 1


def test_compare_takes_array_positions() -> None:
    """The best of six stats against a plain 3d6: the distributions array() returns compare directly."""
    best = notation.array("4d6kh3", 2)[0]
    brute = _brute_compare(best, notation.distribution("3d6"))
    assert notation.compare(best, "3d6") == brute
    with pytest.raises(ValueError):
        notation.compare({}, "d6")
