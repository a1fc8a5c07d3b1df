"""Tests for rules.notation: parser, limits, exact distributions (vs brute force) and rolls."""

from __future__ import annotations

import itertools
import math
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules import dice, gauss, notation, notation_cost, notation_expression, notation_parser, notation_tree
from rules.notation import Limits, NotationError

SMALL = Limits(explode_depth=2, reroll_cap=2)
# Work budgets (Python calls, counted by tests/unit/conftest.py) instead of wall-clock limits.
# A refusal costs 7-4,300 calls and 9-4,600 lines of notation.py (d1000*d1000 the most); the four
# benchmarks 5,000-70,000 calls (8d10! the most, about 0.3 s of CPython), with icepool 2.1.3.
REFUSAL_WORK = 10_000
BENCHMARK_CALLS = 200_000
PY_DIR = Path(__file__).resolve().parents[2] / "py"

# --------------------------------------------------------------------------- brute force reference

Cond = Callable[[int], bool] | None


def _physical(faces: list[int], reroll: Cond, cap: int | None) -> dict[int, Fraction]:
    """One throw with rerolls, by enumerating every reroll sequence (``cap`` None: rerolled until it
    stops matching, which leaves each face it may stop on equally likely)."""
    out: Counter[int] = Counter()
    if cap is None:
        stop = [f for f in faces if reroll is None or not reroll(f)]
        return dict(Counter({f: Fraction(1, len(stop)) for f in stop}) + Counter())
    p = Fraction(1, len(faces))
    for f in faces:
        if reroll is not None and reroll(f) and cap > 0:
            for v, q in _physical(faces, reroll, cap - 1).items():
                out[v] += p * q
        else:
            out[f] += p
    return dict(out)


def _chains(throw: dict[int, Fraction], explode: Cond, depth: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every explosion chain of one die (at most ``depth`` extra throws) with its probability."""
    result = []
    for v, p in throw.items():
        if explode is not None and explode(v) and depth > 0:
            result += [((v, *rest), p * q) for rest, q in _chains(throw, explode, depth - 1)]
        else:
            result.append(((v,), p))
    return result


def brute_term(
    n: int,
    faces: list[int],
    *,
    reroll: Cond = None,
    cap: int | None = 0,
    explode: Cond = None,
    depth: int = 0,
    compound: bool = False,
    keep: tuple[str, int] | None = None,
    success: Cond = None,
) -> dict[int, Fraction]:
    """Distribution of one dice term by itertools.product over whole explosion chains."""
    chains = _chains(_physical(faces, reroll, cap), explode, depth)
    out: Counter[int] = Counter()
    for combo in itertools.product(chains, repeat=n):
        p = math.prod((q for _, q in combo), start=Fraction(1))
        values = [sum(c) for c, _ in combo] if compound else [v for c, _ in combo for v in c]
        values.sort()
        if keep is not None:
            word, k = keep
            size = len(values)
            values = {
                "kh": values[max(0, size - k) :],
                "kl": values[:k],
                "dh": values[: max(0, size - k)],
                "dl": values[k:],
            }[word]
        value = sum(1 for v in values if success(v)) if success is not None else sum(values)
        out[value] += p
    return {k: v for k, v in sorted(out.items()) if v}


def brute_binary(a: dict[int, Fraction], b: dict[int, Fraction], op: Callable[[int, int], int]):
    """Brute-force combination of two independent distributions."""
    out: Counter[int] = Counter()
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        out[op(x, y)] += p * q
    return {k: v for k, v in sorted(out.items()) if v}


D4, D6 = [1, 2, 3, 4], [1, 2, 3, 4, 5, 6]

# --------------------------------------------------------------------------- distributions vs brute force


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d4", brute_term(3, D4)),
        ("d%", brute_term(1, list(range(1, 101)))),
        ("3dF", brute_term(3, [-1, 0, 1])),
        ("2dGF", brute_term(2, [-2, -1, 0, 0, 1, 2])),
        ("2d{-2,-1,0,0,1,2}", brute_term(2, [-2, -1, 0, 0, 1, 2])),
        ("3d6kh1", brute_term(3, D6, keep=("kh", 1))),
        ("4d4k2", brute_term(4, D4, keep=("kh", 2))),
        ("4d4kl2", brute_term(4, D4, keep=("kl", 2))),
        ("4d4dh1", brute_term(4, D4, keep=("dh", 1))),
        ("4d4dl1", brute_term(4, D4, keep=("dl", 1))),
        ("2d4dl3", brute_term(2, D4, keep=("dl", 3))),
        ("3d4!", brute_term(3, D4, explode=lambda v: v == 4, depth=2)),
        ("2d4!>=3", brute_term(2, D4, explode=lambda v: v >= 3, depth=2)),
        ("2d4!!kh1", brute_term(2, D4, explode=lambda v: v == 4, depth=2, compound=True, keep=("kh", 1))),
        ("3d4!kh2", brute_term(3, D4, explode=lambda v: v == 4, depth=2, keep=("kh", 2))),
        ("2d4!dl1", brute_term(2, D4, explode=lambda v: v == 4, depth=2, keep=("dl", 1))),
        ("3d4!4>=4", brute_term(3, D4, explode=lambda v: v == 4, depth=2, success=lambda v: v >= 4)),
        (
            "3d4!!4>=6",
            brute_term(3, D4, explode=lambda v: v == 4, depth=2, compound=True, success=lambda v: v >= 6),
        ),
        (
            "3d4!kh2>3",
            brute_term(3, D4, explode=lambda v: v == 4, depth=2, keep=("kh", 2), success=lambda v: v > 3),
        ),
        ("3d4r", brute_term(3, D4, reroll=lambda v: v == 1, cap=None)),
        ("3d4r<3", brute_term(3, D4, reroll=lambda v: v < 3, cap=None)),
        ("3d4ro<=2", brute_term(3, D4, reroll=lambda v: v <= 2, cap=1)),
        ("2d4r1!", brute_term(2, D4, reroll=lambda v: v == 1, cap=None, explode=lambda v: v == 4, depth=2)),
        ("4d6>=5", brute_term(4, D6, success=lambda v: v >= 5)),
        ("4d6<2", brute_term(4, D6, success=lambda v: v < 2)),
        ("4d6=6", brute_term(4, D6, success=lambda v: v == 6)),
        ("4d6kl2=3", brute_term(4, D6, keep=("kl", 2), success=lambda v: v == 3)),
        ("4d4kh2<=2", brute_term(4, D4, keep=("kh", 2), success=lambda v: v <= 2)),
        ("3d6min3", brute_term(3, [3, 3, 3, 4, 5, 6])),
        ("3d6max4min2", brute_term(3, [2, 2, 3, 4, 4, 4])),
        ("2d6min5!", brute_term(2, [5, 5, 5, 5, 5, 6], explode=lambda v: v == 6, depth=2)),
    ],
)
def test_dice_term_matches_brute_force(text: str, expected: dict[int, Fraction]) -> None:
    """Every modifier, alone and combined, gives exactly the brute-force distribution."""
    assert notation.distribution(text, limits=SMALL) == expected


def test_arithmetic_and_comparison_match_brute_force() -> None:
    """+ - × ÷-with-rounding and comparisons combine independent terms as brute force does."""
    d2d4, d3 = brute_term(2, D4), brute_term(1, [1, 2, 3])
    assert notation.distribution("2d4 > 2d4") == brute_binary(d2d4, d2d4, lambda a, b: int(a > b))
    assert notation.distribution("2d4 != d3") == brute_binary(d2d4, d3, lambda a, b: int(a != b))
    assert notation.distribution("2d4 × d3 - 1") == brute_binary(d2d4, d3, lambda a, b: a * b - 1)
    assert notation.distribution("floor(2d4 / d3)") == brute_binary(d2d4, d3, lambda a, b: a // b)
    assert notation.distribution("ceil(2d4 ÷ d3)") == brute_binary(d2d4, d3, lambda a, b: -(-a // b))
    assert notation.distribution("max(2d4, d3)") == brute_binary(d2d4, d3, max)
    assert notation.distribution("-d3 + abs(d3 − 3)") == brute_binary(d3, d3, lambda a, b: -a + abs(b - 3))


def test_round_is_half_away_from_zero() -> None:
    """round() sends halves away from zero, also for negative values (unlike Python's round)."""
    assert notation.distribution("round(d2/2)") == {1: Fraction(1)}
    assert notation.distribution("round(-d2/2)") == {-1: Fraction(1)}
    assert notation.distribution("round((d4-1)/2)") == {
        0: Fraction(1, 4),
        1: Fraction(1, 2),
        2: Fraction(1, 4),
    }


def test_seed_forms_and_named_gauss() -> None:
    """round(3d20/3), 6d3-12 and the named GaussD20 die agree with the seed modules."""
    assert notation.distribution("round(3d20/3)") == gauss.distribution()
    assert notation.distribution("gauss") == gauss.distribution()
    assert notation.distribution("GaussD20(7)") == gauss.distribution(7)
    expected = dice.map_outcomes(dice.sum_of(dice.uniform([1, 2, 3]), 6), lambda x: x - 12)
    assert notation.distribution("6d3−12") == expected


def test_summary_views_and_moments() -> None:
    """summary() gives the =/≥/≤ views, exact mean and variance, min and max."""
    s = notation.summary("2d6")
    assert (s.minimum, s.maximum, s.mean, s.variance) == (2, 12, 7, Fraction(35, 6))
    assert (
        s.equal(7) == Fraction(1, 6) and s.at_least(11) == Fraction(1, 12) and s.at_most(3) == Fraction(1, 12)
    )
    assert s.sd == pytest.approx(math.sqrt(35 / 6))
    rows = s.table()
    assert rows[0] == (2, Fraction(1, 36), Fraction(1), Fraction(1, 36))
    assert all(eq + le - ge == le - ge + eq for _, eq, ge, le in rows)  # shape
    assert all(ge + le - eq == 1 for _, eq, ge, le in rows)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(-50, 50), st.integers(1, 10**12), min_size=1, max_size=30))
def test_summary_of_and_table_match_the_fraction_definitions(weights: dict[int, int]) -> None:
    """The moments and the table's running sums, done in whole numbers over one denominator, equal
    their definitions in ``Fraction``s term by term (reduced probabilities of mixed denominators)."""
    total = sum(weights.values())
    dist = {v: Fraction(w, total) for v, w in weights.items()}
    s = notation.summary_of(dist)
    mean = sum((v * p for v, p in dist.items()), Fraction(0))
    assert s.mean == mean
    assert s.variance == sum(((v - mean) ** 2 * p for v, p in dist.items()), Fraction(0))
    values = sorted(dist)
    expected = [
        (
            v,
            dist[v],
            sum((dist[u] for u in values if u >= v), Fraction(0)),
            sum((dist[u] for u in values if u <= v), Fraction(0)),
        )
        for v in values
    ]
    assert s.table() == expected


def test_distribution_is_fresh_dict_with_int_keys() -> None:
    """distribution() returns a new dict each time (cache cannot be corrupted) with int keys."""
    first = notation.distribution("4d6 > 4d6")
    first.clear()
    again = notation.distribution("4d6 > 4d6")
    assert set(again) == {0, 1} and all(type(k) is int for k in again)
    assert sum(again.values()) == 1


# --------------------------------------------------------------------------- parser


def test_success_counting_versus_comparison() -> None:
    """A compare point glued to dice with a bare number counts successes; spaced, it compares."""
    assert notation.parse("4d6>=4").maximum == 4  # count of successes 0..4
    assert notation.distribution("4d6 >= 4") == {1: Fraction(1)}  # 4d6 is always >= 4
    assert notation.distribution("4d6>4d6") == notation.distribution("4d6 > 4d6")
    assert notation.distribution("(2d6>=5) + 1") == {
        k + 1: p for k, p in notation.distribution("2d6>=5").items()
    }


# One input per error code: (code, how to call, input, position or None, params expected in the error).
# ``call`` is "parse" or "distribution" (a line that parses but is refused exact odds).
ERROR_CASES: list[tuple[str, str, object, int | None, dict[str, object]]] = [
    ("not_a_string", "parse", 5, 0, {"type": "int"}),
    ("too_long", "parse", "d6+" * 200 + "1", 500, {"max": 500}),
    ("one_line", "parse", "d6\n+1", 2, {}),
    ("empty", "parse", "", 0, {}),
    ("expected_operand", "parse", "2d6 + ", 6, {}),
    ("unexpected_char", "parse", "2d6 + ?", 6, {"char": "?"}),
    ("trailing_char", "parse", "2 d6", 2, {"char": "d"}),
    ("unbalanced_paren", "parse", "2d6)", 3, {}),
    ("expected_token", "parse", "(2d6", 4, {"token": ")"}),
    ("expected_number", "parse", "d6min", 5, {}),
    ("expected_luck", "parse", "gauss(x)", 6, {"low": 1, "high": 9}),
    ("expected_face_separator", "parse", "d{1 2}", 4, {}),
    ("call_needs_paren", "parse", "max", 3, {"name": "max"}),
    ("too_deep", "parse", "(" * 60 + "1" + ")" * 60, 41, {"max": 40}),
    ("number_too_large", "parse", "9" * 20, 0, {"max": 10**9}),
    ("one_comparison", "parse", "1 < 2 < 3", 6, {}),
    ("unknown_name", "parse", "3d6 + foo", 6, {"name": "foo"}),
    ("expected_sides", "parse", "d-1", 1, {}),
    ("luck_range", "parse", "gauss(10)", 6, {"low": 1, "high": 9}),
    ("wrong_arity", "parse", "min(d6)", 0, {"name": "min", "low": 2, "high": 20, "got": 1}),
    ("dice_count_zero", "parse", "(1-2)d6", 0, {}),
    ("too_many_dice", "parse", "501d6", 0, {"max": 500}),
    ("too_many_dice_total", "parse", "+".join(["400d6"] * 3), 0, {"max": 1000}),
    ("keep_zero", "parse", "4d6kh0", 3, {"word": "kh"}),
    ("modifier_twice", "parse", "4d6min2min3", 7, {"kind": "min"}),
    ("face_too_large", "parse", "d{1,9999999}", 1, {"max": 1_000_000}),
    ("too_many_faces", "parse", "d{" + ",".join(["1"] * 101) + "}", 1, {"max": 100}),
    ("no_sides", "parse", "2d0", 2, {}),
    ("too_many_sides", "parse", "d10001", 1, {"max": 10_000}),
    ("min_above_max", "parse", "d6min5max2", 0, {}),
    ("reroll_all", "parse", "d6r<7", 0, {}),
    ("explode_all", "parse", "d6!>0", 0, {}),
    ("divisor_zero", "parse", "round(d6/(d3-2))", 8, {}),
    ("needs_rounding", "parse", "d6/2", 2, {}),
    ("too_complex", "distribution", "20d100kh10", 0, {"max": notation.DEFAULT_LIMITS.max_work}),
    ("range_reversed", "parse", "d{3..1}", 2, {"low": 3, "high": 1}),
    ("array_count", "parse", "21x d6", 0, {"low": 1, "high": 20}),
    ("bad_definition", "definition", "fib = 2d6", 6, {}),
    ("reserved_name", "definition", "min = d6", 0, {"name": "min"}),
    ("keep_too_wide", "parse", "1 + 2d2000kh1", 4, {"max": 500}),
    ("unknown_modifier", "parse", "4d6e6", 3, {"text": "e", "instead": "!"}),
    ("expected_compare", "parse", "3d6ms", 3, {"word": "ms"}),
    ("not_supported", "parse", "1d20 + @prof", 7, {"form": "attribute", "text": "@prof"}),
    ("too_many_items", "parse", "{" + ",".join(["1"] * 21) + "}", 0, {"max": 20}),
    ("too_many_conditions", "parse", "d20" + "r1" * 21, 0, {"max": 20}),
]


def _raise(call: str, text: object) -> NotationError:
    with pytest.raises(NotationError) as info:
        getattr(notation, call)(text)
    return info.value


@pytest.mark.parametrize(
    ("code", "call", "text", "position", "params"), ERROR_CASES, ids=[c[0] for c in ERROR_CASES]
)
def test_each_error_code_is_raised_with_its_position_and_params(
    code: str, call: str, text: object, position: int | None, params: dict[str, object]
) -> None:
    """Each error code has an input that raises it: a ValueError with that code, position and params."""
    error = _raise(call, text)
    assert isinstance(error, ValueError)
    assert error.code == code, str(error)
    if position is not None:
        assert error.position == position, str(error)
    assert params.items() <= error.params.items(), str(error)
    assert str(error).startswith(f"at {error.position}: {code}")


def test_every_error_code_has_a_case() -> None:
    """The cases above cover every code in ERROR_CODES, once each (so none is unreachable or untested)."""
    codes = [case[0] for case in ERROR_CASES]
    assert sorted(codes) == sorted(notation.ERROR_CODES)
    assert len(set(codes)) == len(codes)


def test_error_codes_are_checked() -> None:
    """NotationError refuses a code that is not in ERROR_CODES, so the UI table cannot silently miss one."""
    with pytest.raises(ValueError, match="unknown notation error code"):
        NotationError("no_such_code", 0)


def test_ui_words_every_error_code_in_both_languages() -> None:
    """The notation panel has a Russian and an English message for every code (notation.error.<code>),
    filled from the params the rules really raise."""
    from kit.msg import render
    from panels.notation import text
    from panels.notation.words import error_message

    assert set(text.ERRORS) == set(notation.ERROR_CODES)
    for code, call, line, _, _ in ERROR_CASES:
        error = _raise(call, line)
        assert text.ERRORS[code].id == f"notation.error.{code}"
        russian = render(error_message(error), "ru")
        english = render(error_message(error), "en")
        assert russian and english and russian != english, code
        assert "{" not in russian.replace("«}»", "") and "{" not in english.replace("'}'", ""), code
        assert re.search("[А-Яа-яЁё]", russian), code
        assert not re.search("[А-Яа-яЁё]", re.sub("«[^»]*»", "", english)), code


def _worded(code: str, lang: str = "ru", /, **params: object) -> str:
    from kit.msg import render
    from panels.notation.words import error_message

    return render(error_message(NotationError(code, 0, **params)), lang)


def test_ui_keeps_the_russian_wording_of_errors() -> None:
    """The Russian texts are the ones the panel showed before errors were coded (e2e tests read some)."""
    assert _worded("expected_operand") == "ожидается число, кубик, функция или «(»"
    assert (
        _worded("unexpected_char", char="?")
        == "неожиданный символ '?'; ожидается число, кубик, функция или «(»"
    )
    assert _worded("unknown_name", name="foo") == "неизвестное имя 'foo'"
    assert _worded("too_many_dice", max=500) == "больше 500 кубиков в одном броске — слишком много"
    assert _worded("wrong_arity", name="min", low=2, high=20, got=1) == (
        "min() принимает от 2 до 20 аргумент(а), а получено 1"
    )
    assert (
        _worded("wrong_arity", "en", name="abs", low=1, high=1, got=2) == "abs() takes 1 argument(s), got 2"
    )
    assert _worded("modifier_twice", kind="keep") == "модификатор оставить/отбросить указан дважды"
    assert _worded("expected_face_separator") == "в списке граней ожидается «,» или «}»"
    assert _worded("too_complex", work=1234567, max=1000000) == (
        "слишком долго считать точно (оценка работы 1 234 567, предел 1 000 000); "
        "бросать можно, для вероятностей уменьшите число кубиков или граней"
    )
    assert _worded("too_complex", "en", work=1234567, max=1000000).startswith(
        "too complex for an exact distribution (estimated work 1,234,567 > 1,000,000)"
    )
    assert _worded("expected_operand", "en") == "expected a number, a die, a function or '('"


def test_d_with_no_sides_says_so() -> None:
    """``d-1`` (and ``3d``) is a die with no sides: a clear message at the character after the d,
    not "unknown name 'd'"."""
    for line, position in (("d-1", 1), ("3d-1", 2), ("3d", 2), ("2d6+d", 5)):
        error = _raise("parse", line)
        assert (error.code, error.position) == ("expected_sides", position), line
    assert "число граней" in _worded("expected_sides") and "d6" in _worded("expected_sides", "en")


def test_a_label_alone_is_no_error_but_an_empty_line_is() -> None:
    """A line with an expression and a label parses; a label with no expression is 'empty'."""
    assert notation.parse("2d6 # only a label").label == "only a label"
    assert _raise("parse", "# just a label").code == "empty"


def test_parser_accepts_the_documented_spellings() -> None:
    """Case, unicode operators, d%, dF, dGF, custom faces, labels and functions all parse."""
    for text in ["4D6KH3", "2d6 ≥ 7", "d20 ≠ 1", "round(3 × d4 ÷ 2)", "round(3d20/3) # attack roll", "d%", "4dF", "4dgf",
                 "d{-1, 0, 1}", "max(d20, d20, d20)", "gauss", "gaussd20(3)", "5d10>=8", "8d10!", "3d6!!>=5",
                 "4d6ro<2", "3d6r2", "2d20k1", "-(d6)", "+3", "d6min2max5"]:  # fmt: skip
        notation.parse(text)


def test_limits_refuse_at_once(monkeypatch: pytest.MonkeyPatch, work_meter: Callable[..., Any]) -> None:
    """Too long, too many dice, too many sides, too deep and too costly lines fail fast.

    "Fast" is bounded work, not time: however big the request, each refusal makes at most
    REFUSAL_WORK Python calls and runs at most REFUSAL_WORK lines of rules/notation*.py, and a line
    over the work limit is refused by its a-priori estimate before icepool builds anything
    (``_die`` is never called); rolling it is still fine.
    """

    def no_die(node: object, limits: Limits) -> None:
        raise AssertionError("an exact distribution was started before the refusal")

    monkeypatch.setattr(notation, "_die", no_die)
    refusal_budget: dict[str, Any] = {
        "max_calls": REFUSAL_WORK,
        "max_lines": REFUSAL_WORK,
        "files": [
            module.__file__ for module in (notation, notation_tree, notation_parser, notation_expression)
        ],
    }
    cases = [
        ("d6+" * 200 + "1", "too_long"),
        ("501d6", "too_many_dice"),
        ("+".join(["400d6"] * 3), "too_many_dice_total"),
        ("d10001", "too_many_sides"),
        ("(" * 60 + "1" + ")" * 60, "too_deep"),
        ("-" * 60 + "1", "too_deep"),
        ("9" * 20, "number_too_large"),
    ]
    for text, code in cases:
        with pytest.raises(NotationError) as caught:
            work_meter(notation.parse, text, **refusal_budget)
        assert caught.value.code == code, text
    for text in ["20d100kh10", "30d20!", "12d6!kh3", "d1000*d1000", "500d6"]:
        with pytest.raises(NotationError) as caught:
            work_meter(notation.distribution, text, **refusal_budget)
        error = caught.value
        assert error.code == "too_complex" and error.params["work"] > error.params["max"], text
        assert notation.parse(text).work > notation.DEFAULT_LIMITS.max_work, text
        assert isinstance(notation.roll(text, random.Random(0)).total, int)  # rolling is still fine


def test_benchmark_expressions_have_bounded_work(work_meter: Callable[..., Any]) -> None:
    """The four issue benchmarks compute exactly, within the work limit and a Python-call budget.

    Their estimates pass ``max_work``, and icepool's fast paths (pool evaluation for keep/drop,
    convolution for sums) stay under BENCHMARK_CALLS calls each from a cold result cache; brute
    force over the outcomes (10d20kh1: 20**10 rolls) would blow through it. Their wall-clock
    times are measured by tools/bench_notation.py (CPython) and tools/bench.py (browser).
    """
    notation.distribution("d6")  # import icepool outside the count
    for text in ["4d6 > 4d6", "10d20kh1", "20d6dl5", "8d10!"]:
        assert notation.parse(text).work <= notation.DEFAULT_LIMITS.max_work, text
        notation._distribution_items.cache_clear()
        work = work_meter(notation.distribution, text, max_calls=BENCHMARK_CALLS)
        assert work.calls > 0, text  # it really was computed, not served from the cache
        assert sum(work.result.values()) == 1, text


def test_icepool_is_imported_lazily() -> None:
    """Parsing and rolling never import icepool; the first distribution does."""
    code = (
        "import sys, random; from rules import notation;"
        "notation.parse('4d6kh3'); notation.roll('8d10! + gauss', random.Random(1));"
        "assert 'icepool' not in sys.modules; notation.distribution('d6');"
        "assert 'icepool' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PY_DIR, timeout=30)


# --------------------------------------------------------------------------- hypothesis

_dice_terms = st.builds(
    lambda n, sides, mod: f"{n}d{sides}{mod}",
    st.integers(1, 3),
    st.sampled_from(["4", "6", "F", "GF", "{-1,0,2}", "3"]),
    st.sampled_from(
        ["", "kh", "kl2", "dl1", "dh1", "!", "!!", "r", "ro", ">=2", "<1", "!kh2", "r!", "min0", "max1"]
    ),
)
_atoms = st.one_of(st.integers(0, 9).map(str), _dice_terms, st.just("gauss"))


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from([" + ", " - ", " * ", " − "]), children).map("".join)
    divided = st.tuples(
        st.sampled_from(["round", "floor", "ceil"]), children, st.sampled_from(["2", "d3"])
    ).map(lambda t: f"{t[0]}(({t[1]}) / {t[2]})")
    calls = st.tuples(st.sampled_from(["min", "max"]), children, children).map(
        lambda t: f"{t[0]}({t[1]}, {t[2]})"
    )
    return st.one_of(
        binary, divided, calls, children.map(lambda c: f"({c})"), children.map(lambda c: f"-{c}")
    )


_expressions = st.recursive(_atoms, _combine, max_leaves=4)
_lines = st.one_of(
    _expressions,
    st.tuples(_expressions, st.sampled_from([" > ", " <= ", " = ", " != "]), _expressions).map("".join),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_lines, st.integers(0, 2**32))
@example("3d4 * 3d6! > 3d6! * 3d6!", 0)  # parses, but its distribution is past the work bound
def test_random_valid_expressions_parse_roll_and_agree(text: str, seed: int) -> None:
    """Random valid lines parse; the exact distribution sums to 1 and contains every roll, or is
    refused as too complex (a message, never a freeze) and the line still rolls."""
    expr = notation.parse(text, limits=SMALL)
    try:
        dist = notation.distribution(expr)
    except NotationError as error:
        assert error.code == "too_complex"
        notation.roll(expr, random.Random(seed))
        return
    assert sum(dist.values()) == 1
    assert expr.minimum <= min(dist) and max(dist) <= expr.maximum
    result = notation.roll(expr, random.Random(seed))
    assert result.total in dist


_GARBAGE_ALPHABET = "0123456789dDFgGkhlr!o%{},()+-*/×÷−<>=≥≤≠# .aeimnx\t\n"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(_GARBAGE_ALPHABET, max_size=40), st.text(max_size=20)))
def test_garbage_raises_notation_error_or_parses(text: str) -> None:
    """Arbitrary text either parses or raises NotationError with a position inside the text."""
    try:
        expr = notation.parse(text)
    except NotationError as error:
        assert 0 <= error.position <= max(len(text), notation.DEFAULT_LIMITS.max_length)
    else:
        notation.roll(expr, random.Random(0))


# --------------------------------------------------------------------------- rolls


def test_roll_detail_marks_dropped_exploded_rerolled_and_successes() -> None:
    """Roll detail marks every dropped, exploding, extra, rerolled and successful die consistently."""
    rng = random.Random(2024)
    for _ in range(200):
        r = notation.roll("4d6kh3 + 3d6!6>=5 + 2d6r<3 + 3d4!!", rng)
        kept, explo, rer, comp = r.dice
        assert sum(d.dropped for d in kept.dice) == 1 and kept.value == sum(
            d.value for d in kept.dice if not d.dropped
        )
        assert min(d.value for d in kept.dice if not d.dropped) >= max(
            d.value for d in kept.dice if d.dropped
        )
        assert all(d.exploded == (d.value == 6) for d in explo.dice[:-1]) and explo.dice[0].extra is False
        assert (
            explo.value
            == sum(1 for d in explo.dice if d.success)
            == sum(1 for d in explo.dice if d.value >= 5)
        )
        assert all(all(t < 3 for t in d.rerolled) for d in rer.dice)
        assert all(d.value >= 3 or len(d.rerolled) == notation.DEFAULT_LIMITS.reroll_cap for d in rer.dice)
        assert all(sum(d.parts) == d.value and all(p == 4 for p in d.parts[:-1]) for d in comp.dice)
        assert r.total == kept.value + explo.value + rer.value + comp.value
        assert len(comp.dice) == 3 and len(explo.dice) >= 3


def test_roll_uses_only_the_given_rng_and_keeps_the_label() -> None:
    """The same seed gives the same roll, global random is untouched, and the label is kept."""
    random.seed(5)
    before = random.random()
    random.seed(5)
    a = notation.roll("3d6!+gauss(3) # init", random.Random(9))
    b = notation.roll("3d6!+gauss(3) # init", random.Random(9))
    assert a == b and a.label == "init" and random.random() == before
    assert a.dice[1].notation == "gauss(3)" and len(a.dice[1].dice) == 3
    assert "init" in str(a) and str(a.total) in str(a)


def test_explosion_depth_cap_holds_in_rolls() -> None:
    """A die never explodes more than explode_depth times (here 2) in a roll."""
    rng = random.Random(1)
    for _ in range(300):
        group = notation.roll("d2!", rng, limits=SMALL).dice[0]
        assert 1 <= len(group.dice) <= 3
        assert notation.roll("d2!!", rng, limits=SMALL).dice[0].dice[0].value <= 6


@pytest.mark.parametrize("text", ["2d6", "4d6kh3", "3d4!kh2", "2d6r<3", "5d6>=5", "round(3d20/3)"])
def test_roll_frequencies_match_exact_distribution(text: str) -> None:
    """Observed frequencies of 4000 rolls stay within 5 standard errors of the exact probabilities."""
    dist = notation.distribution(text, limits=SMALL)
    rng = random.Random(hash(text) & 0xFFFF)
    n = 4000
    counts = Counter(notation.roll(text, rng, limits=SMALL).total for _ in range(n))
    assert set(counts) <= set(dist)
    for value, p in dist.items():
        sd = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(counts[value] - n * float(p)) <= 5 * sd + 1, (value, counts[value], n * float(p))
    mean = sum(v * c for v, c in counts.items()) / n
    s = notation.summary(text, limits=SMALL)
    assert abs(mean - float(s.mean)) <= 5 * s.sd / math.sqrt(n)


@pytest.mark.parametrize(
    ("line", "same_as"),
    [
        ("d2000dl1", "0"),
        ("3d6dh3>=4", "0"),
        ("d20kh1", "d20"),
        ("3d6kl5", "3d6"),
        ("2d1000kh2>=500", "2d1000>=500"),
    ],
)
def test_a_keep_of_every_die_or_of_none_needs_no_pool(line: str, same_as: str) -> None:
    """Dropping every die is 0 and keeping every die is the plain sum, whatever the faces: no pool,
    so no recursion per value (a saved ``d2000dl1`` once ended in a RecursionError)."""
    assert notation.distribution(line) == notation.distribution(same_as)


def test_a_keep_pool_too_wide_for_the_stack_is_refused_before_any_work() -> None:
    """icepool's pool evaluation recurses once per distinct value: past ``max_keep_values`` the line
    is refused with a code (worded by the UI), never a RecursionError; up to it, it computes."""
    width = notation.DEFAULT_LIMITS.max_keep_values
    with pytest.raises(NotationError) as info:
        notation.parse(f"2d{width + 1}kh1")
    assert info.value.code == "keep_too_wide" and info.value.params == {"max": width}
    assert notation.parse(f"2d{width}kh1").maximum == width
    wide = replace(notation.DEFAULT_LIMITS, max_work=10**12)
    assert sum(notation.distribution(f"2d{width}kh1", limits=wide).values()) == 1


POWER_LINES = [
    "8d10!",
    "200d6",
    "5d6!>=5",
    "10d6r1",
    "20x 3d6",
    "12dF",
    "9d{1,1,2,3,5,8}",
    "6d10!!",
    "30d20-2d4",
]


@pytest.mark.parametrize("line", POWER_LINES)
def test_a_sum_taken_as_one_power_equals_icepools_sum(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``notation_cost`` judges a sum of copies cheaper as one big-integer power, that way is
    taken, and its distribution is the one icepool's own ``n @ die`` gives."""
    judged = notation_cost.power_is_cheaper
    taken: list[bool] = []

    def spy(*args: int) -> bool:
        taken.append(judged(*args))
        return taken[-1]

    monkeypatch.setattr(notation_cost, "power_is_cheaper", spy)
    notation._distribution_items.cache_clear()
    fast = notation.distribution(line)
    assert any(taken), f"{line}: no sum was taken as a power"
    monkeypatch.setattr(notation_cost, "power_is_cheaper", lambda *args: False)
    notation._distribution_items.cache_clear()
    assert fast == notation.distribution(line)
