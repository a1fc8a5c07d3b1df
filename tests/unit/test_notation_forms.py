"""Notation as GMs type it: Russian dice letters, the forms of Roll20, rpg-dice-roller and Foundry
(rolled as the exact odds say), the readings where the tools differ, the foreign forms refused
with the nearest form, and parsing that stays linear on hostile input."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.msg import render
from panels.notation.words import error_message, reading_message
from rules import (
    notation,
    notation_analysis,
    notation_expression,
    notation_parser,
    notation_scan,
    notation_terms,
)
from rules.notation import NotationError

# --------------------------------------------------------------------------- Russian dice letters


@pytest.mark.parametrize(
    ("russian", "latin"),
    [
        ("3к6", "3d6"),
        ("к20+2", "d20+2"),
        ("2К10", "2d10"),
        ("4кF", "4dF"),
        ("к%", "d%"),
        ("4к6кh3", "4d6dh3"),
    ],
)
def test_a_russian_die_letter_is_a_d(russian: str, latin: str) -> None:
    """к and К are d wherever a die is written: the same distribution, bounds and dice."""
    assert notation.distribution(russian) == notation.distribution(latin)
    ru, en = notation.parse(russian), notation.parse(latin)
    assert (ru.minimum, ru.maximum, ru.dice_count) == (en.minimum, en.maximum, en.dice_count)


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("1к20+5 к попаданию", "к попаданию"),
        ("4d6kh3 к силе", "к силе"),
        ("1d20+5 в голову", "в голову"),
        ("2к6 с мечом", "с мечом"),
        ("3к6 и всё", "и всё"),
    ],
)
def test_a_russian_label_may_start_with_a_one_letter_word(line: str, label: str) -> None:
    """«к попаданию»: a one-letter Russian word and a space after a formula start its label (a die
    letter is never followed by a space), and the formula means what it means without it."""
    expression = notation.parse(line)
    assert expression.label == label
    assert notation.distribution(expression) == notation.distribution(line[: line.index(label)])


@pytest.mark.parametrize(("line", "position"), [("к6 к20", 3), ("2к6 к", 4), ("2d6 x 3", 4), ("2d6 кh1", 4)])
def test_a_die_letter_after_a_formula_is_still_an_error(line: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        notation.parse(line)
    assert caught.value.position == position


def test_russian_letters_work_in_labels_names_and_links() -> None:
    """A Russian label stays as typed; a named die and a definition take к; a roll's text keeps it."""
    assert notation.parse("3к6 # атака к цели").label == "атака к цели"
    assert notation.definition("кость = к{1,1,2}") is None  # a Cyrillic name is no name
    assert notation.definition("fib = к{1,1,2,3,5,8}") == ("fib", (1, 1, 2, 3, 5, 8))
    assert notation.roll("2к6", random.Random(3)).dice[0].notation == "2к6"
    assert notation.parse("2к6 урон").label == "урон"


def test_a_russian_k_after_dice_drops_and_says_how_to_keep() -> None:
    """«4к6к3» is 4d6d3 (к is d: drop the lowest 3), said under the line with the keep spelled out;
    «кх3» / «кл3», kh and kl spelled in Cyrillic, are refused with the Latin form suggested."""
    expression = notation.parse("4к6к3")
    assert notation.distribution(expression) == notation.distribution("4d6dl3")
    (reading,) = expression.readings
    assert (reading.code, reading.position) == ("cyrillic_drop", 3)
    assert "«kh3»" in render(reading_message(reading), "ru")
    assert "'kh3'" in render(reading_message(reading), "en")
    assert notation.parse("4d6d3").readings == ()
    for line, instead in (("4к6кх3", "kh"), ("4К6КЛ1", "kl")):
        with pytest.raises(NotationError) as caught:
            notation.parse(line)
        assert (caught.value.code, caught.value.position) == ("unknown_modifier", 3)
        assert caught.value.params["instead"] == instead
        assert f"«{instead}»" in render(error_message(caught.value), "ru")


_LETTERS = st.sampled_from(["к", "К", "d", "D"])
_TERMS = st.tuples(
    st.integers(1, 3),
    _LETTERS,
    st.sampled_from(["4", "6", "F", "%", "{1,2,2}"]),
    st.sampled_from(["", "kh", "kl2", "dl1", "!", "!!", "r", "ro", ">=2", "u", "!p", "cs", "sd", "min2"]),
)


def _spelled(terms: list[tuple[int, str, str, str]], ops: list[str], russian: bool) -> str:
    parts = [f"{n}{letter if russian else 'd'}{sides}{mod}" for n, letter, sides, mod in terms]
    return "".join(p + o for p, o in zip(parts, [*ops, ""], strict=True))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_TERMS, min_size=1, max_size=3), st.lists(st.sampled_from([" + ", "-", "*", " - "]), max_size=2)
)
def test_a_random_line_and_its_russian_spelling_parse_to_the_same_distribution(
    terms: list[tuple[int, str, str, str]], ops: list[str]
) -> None:
    """Any line with its die letters written к/К (or D) means exactly what it means with d."""
    ops = ops[: len(terms) - 1] + [" + "] * (len(terms) - 1 - len(ops))
    latin, russian = _spelled(terms, ops, False), _spelled(terms, ops, True)
    try:
        expected = notation.distribution(latin)
    except NotationError as error:
        with pytest.raises(NotationError) as caught:
            notation.distribution(russian)
        assert (caught.value.code, caught.value.position) == (error.code, error.position)
        return
    assert notation.distribution(russian) == expected


# --------------------------------------------------------------------------- rolled as the odds say

ROLLED = [
    "4d6u", "5d4u<=2", "4d6uo", "3d6!p", "2d6!!p", "6d10x2>=9", "6d10xo2>=9", "6d10xo10", "d6r<3",
    "{4d6+3d8}k4", "{2d6, d12}kh", "{3d6+1}>10f<5", "(d4)d6", "1d(1d8)", "5d6mt", "3d6>4f1", "4d6sf<3",
    "3d6ms10", "2d6!=5", "4d10dh1dl2", "5d10>=8!", "3d6even", "4dc", "d20rr<5", "2d8r1r3", "5d6!!>=9",
]  # fmt: skip


@pytest.mark.parametrize("line", ROLLED)
def test_the_new_forms_roll_as_their_exact_odds_say(line: str) -> None:
    """3000 rolls of each form stay within 5 standard errors of its exact probabilities, every
    total rolled is an outcome of the distribution, and every outcome is within the line's bounds."""
    dist = notation.distribution(line)
    rng = random.Random(sum(map(ord, line)))
    n = 3000
    counts = Counter(notation.roll(line, rng).total for _ in range(n))
    assert set(counts) <= set(dist)
    expr = notation.parse(line)  # its bounds hold every outcome (a saved roll is checked against them)
    assert expr.minimum <= min(dist) and max(dist) <= expr.maximum
    for value, p in dist.items():
        sd = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(counts[value] - n * float(p)) <= 5 * sd + 1, (line, value, counts[value], n * float(p))


def test_a_roll_marks_what_each_modifier_did() -> None:
    """Critical marks, failures, penetrated extras, sorted dice, matches and dropped group totals
    show in the roll's detail, while the total is what the odds describe."""
    rng = random.Random(5)
    for _ in range(100):
        marks = notation.roll("6d6cs>4cf<2", rng).dice[0]
        assert all((d.critical == "success") == (d.value > 4) for d in marks.dice)
        assert all((d.critical == "failure") == (d.value < 2) for d in marks.dice)
        pool = notation.roll("6d6>4f<3", rng).dice[0]
        assert pool.value == sum(d.value > 4 for d in pool.dice) - sum(d.value < 3 for d in pool.dice)
        assert all(d.failure == (d.value < 3) for d in pool.dice)
        sorted_dice = notation.roll("6d6sd", rng).dice[0].dice
        assert [d.value for d in sorted_dice] == sorted((d.value for d in sorted_dice), reverse=True)
        pen = notation.roll("3d2!p", rng).dice[0]
        assert all(d.penetrated == d.extra for d in pen.dice) and all(d.value in (0, 1, 2) for d in pen.dice)
        unique = notation.roll("4d6u", rng).dice[0]
        assert len({d.value for d in unique.dice}) == 4
        matched = notation.roll("8d6mt", rng).dice[0]
        counts = Counter(d.value for d in matched.dice)
        assert matched.value == sum(1 for c in counts.values() if c >= 2)
        assert all(d.matched == (counts[d.value] >= 2) for d in matched.dice)
        group = notation.roll("{2d6, d20}kh1", rng)
        *_, totals = group.dice
        assert sum(d.dropped for d in totals.dice) == 1 and group.total == max(d.value for d in totals.dice)
        kept = notation.roll("{4d6+3d8}k4", rng)
        assert sum(not d.dropped for g in kept.dice[:2] for d in g.dice) == 4
        assert kept.total == sum(d.value for g in kept.dice[:2] for d in g.dice if not d.dropped)


# --------------------------------------------------------------------------- refused, with the nearest form


@pytest.mark.parametrize(
    ("line", "code", "position", "russian"),
    [
        ("4d6e6", "unknown_modifier", 3, "вместо «e» используйте «!»"),
        ("4d6ie", "unknown_modifier", 3, "вместо «ie» используйте «!»"),
        ("6d10t7", "unknown_modifier", 4, "вместо «t» используйте «>=»"),
        ("4d6q", "unknown_modifier", 3, "ожидается kh, kl"),
        ("4d6mi2", "unknown_modifier", 3, "вместо «mi» используйте «min»"),
        ("4d6ra", "unknown_modifier", 3, "вместо «ra» используйте «xo»"),
        ("4d6pl1", "unknown_modifier", 3, "вместо «pl» используйте «dl»"),
        ("4d6>3f", "expected_compare", 5, "«f>10»"),
        ("1d20 + @abilities.str.mod", "not_supported", 7, "подставьте число"),
        ("1d20 + ?{Bonus|2}", "not_supported", 7, "подставьте ответ числом"),
        ("1d20 &{tracker}", "not_supported", 5, "уберите её"),
        ("sqrt(4d10)", "not_supported", 0, "round, floor, ceil"),
        ("5d10xo<8x10cs>=8", "not_supported", 8, "одно правило взрыва"),
        ("20d20r1=1", "not_supported", 5, "«r=1» или «ro=1»"),
        ("{4d10*5d6}k2", "not_supported", 0, "разделите их запятой"),
        ("4d6u!", "not_supported", 0, "«u» и «!»"),
        ("4d7f!=2", "not_supported", 3, "после условия успеха"),
        ("1d(1d20)!", "not_supported", 0, "случайным числом граней"),
        ("3d6ms", "expected_compare", 3, "«ms>10»"),
        ("2d6 x 3", "trailing_char", 4, "ожидается оператор"),
        ("3д6", "not_supported", 1, "пишите «к» или «d», например «3к6» или «3d6»"),
        ("1d20 + Д8", "not_supported", 7, "«к8» или «d8»"),
        ("k20+2", "not_supported", 0, "«к20» или «d20»"),
        ("3k6", "not_supported", 1, "«3к6» или «3d6»"),
        ("2д{1,1,2}", "not_supported", 1, "«2к{1,1,2}»"),
        ("2d6 k3", "trailing_char", 4, "ожидается оператор"),
        ("1t[weather]", "not_supported", 1, "«t[weather]» — бросок по таблице Roll20"),
        ("[[1t[weather]]] + 2", "not_supported", 3, "бросьте кубик её размера"),
        ("(2d6 @{str})", "not_supported", 5, "подставьте число"),
    ],
)
def test_a_refused_form_names_its_place_and_the_nearest_form(
    line: str, code: str, position: int, russian: str
) -> None:
    """A foreign form is refused at its position, in both languages, with what to write instead."""
    with pytest.raises(NotationError) as caught:
        notation.parse(line)
    error = caught.value
    assert (error.code, error.position) == (code, position), str(error)
    ru, en = render(error_message(error), "ru"), render(error_message(error), "en")
    assert russian in ru, ru
    assert en and not re.search("[А-Яа-яЁё]", re.sub("«[^»]*»|'[^']*'", "", en)), en


def test_every_form_and_reading_is_worded_in_both_languages() -> None:
    """Each unsupported form and each reading renders in Russian and English, with its values."""
    from panels.notation import text

    params: dict[str, Any] = {"text": "@x", "a": "u", "b": "!", "ru": "3к6", "en": "3d6"}
    assert set(text.FORMS) == set(notation.FORMS)
    for form in notation.FORMS:
        error = NotationError("not_supported", 0, form=form, **params)
        assert render(error_message(error), "ru") != render(error_message(error), "en")
    assert set(text.READINGS) == set(notation.READING_CODES)
    for line in ("3d6>3", "10d20cs>10", "1d10r1", "2d6!=5", "{3d20+5}>21", "1d20+5 Roll for Initiative"):
        for reading in notation.parse(line).readings:
            ru, en = render(reading_message(reading), "ru"), render(reading_message(reading), "en")
            assert ru and en and ru != en and "{" not in ru + en


def test_readings_name_the_explicit_form_of_the_other_meaning() -> None:
    """``3d6>3`` says Roll20 writes 3 or more as ``>=3``; cs says Foundry counts with the point alone."""
    (strict,) = [r for r in notation.parse("3d6>3").readings if r.code == "strict_compare"]
    assert "'>=3'" in render(reading_message(strict), "en")
    (marks,) = [r for r in notation.parse("10d20cs>10").readings if r.code == "critical_marks"]
    assert "«>10»" in render(reading_message(marks), "ru")
    (reroll,) = notation.parse("1d20r<10").readings[1:]
    assert "«ro<10»" in render(reading_message(reroll), "ru")
    (bare,) = notation.parse("3d6cs").readings  # a bare cs marks the highest face: Foundry counts =6
    assert "«=6»" in render(reading_message(bare), "ru")
    (bare,) = notation.parse("4d{-2..2}cf").readings
    assert "'=-2'" in render(reading_message(bare), "en")


# --------------------------------------------------------------------------- bounded, linear parsing

HOSTILE = [
    lambda n: "(" * n,
    lambda n: "[" * n,
    lambda n: "[[" * (n // 2),
    lambda n: "{" * n,
    lambda n: "d6" + "!" * n,
    lambda n: "d6" + "r1" * (n // 2),
    lambda n: "d6" + "kh1" * (n // 3),
    lambda n: "1+" * (n // 2) + "1",
    lambda n: "2d6 " + "a" * n,
    lambda n: "2d6>" + "4" * (n - 4),
    lambda n: "/*" * (n // 2),
    lambda n: "2d6[" + "x" * n,
    lambda n: "@" + "a." * (n // 2),
    lambda n: "{" + ",".join(["d6"] * (n // 3)) + "}",
    lambda n: "4d6" + "cs>1" * (n // 4),
    lambda n: "1" + "^1" * (n // 2),
    lambda n: "-" * n + "1",
    lambda n: "2d6>=3" + "f" * n,
]


@pytest.mark.parametrize("make", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_parsing_hostile_lines_is_linear_in_their_length(
    make: Callable[[int], str], work_meter: Callable[..., Any]
) -> None:
    """Parsing (or refusing) a hostile line of 480 characters runs at most about twice the lines of
    notation code that one of 240 characters runs: linear, whatever the shape (no regular
    expression, no backtracking, no rescanning)."""
    files = [
        m.__file__
        for m in (notation_parser, notation_scan, notation_terms, notation_analysis, notation_expression)
    ]

    def lines(n: int) -> int:
        def attempt() -> None:
            try:
                notation.parse(make(n))
            except NotationError:
                pass

        notation_expression._parse_cached.cache_clear()
        return work_meter(attempt, files=files, max_lines=200_000).lines

    short, long = lines(240), lines(480)
    assert long <= 2.5 * short + 200, (short, long)


def test_russian_dice_in_the_lab_and_in_share_links() -> None:
    """The lab's rows, a named die defined with к, a lab link and a line's link all take Russian dice."""
    from panels.notation import lab_digest, lab_share, roller
    from panels.notation.lab_state import Lab
    from panels.notation.state import Roller

    russian = lab_digest.make(("3к6 # три", "fib = к{1,1,2,3,5,8}", "2fib"))
    latin = lab_digest.make(("3d6 # три", "fib = d{1,1,2,3,5,8}", "2fib"))
    assert [dataclasses.replace(s, line="") for s in russian.series] == [
        dataclasses.replace(s, line="") for s in latin.series
    ]
    assert [s.line for s in russian.series] == ["3к6", "2fib"]  # shown as typed
    lab = Lab(("4к6kh3 # сила", "2К20kl1"), "ge")
    assert lab_share.decode_lab(lab_share.encode_lab(lab)).rows == lab.rows
    opened = roller.from_link(Roller(), "3к6 # атака")
    assert opened.error is None and opened.state.expr == "3к6 # атака"
