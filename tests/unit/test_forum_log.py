"""Seed 000, the attached page's converter: forum "3D20" lines to GaussD20."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import forum_log, forum_roll, gauss

SEED_INPUT = (
    "Результат броска 3D20: 4 + 6 + 2 = 12.\n"
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".'
)
SEED_OUTPUT = (
    "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\n"
    'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".: неверный бросок. Невозможно конвертирование.'
)


def test_seed_example_is_byte_exact() -> None:
    """Seed 000 «Преобразуется в»: the three-line example converts byte for byte."""
    assert forum_log.convert(SEED_INPUT) == SEED_OUTPUT


def test_seed_example_counts() -> None:
    """Seed 000 example: two lines are converted and the 3D20+1 line is flagged."""
    result = forum_log.convert_text(SEED_INPUT)
    assert (result.converted, result.flagged) == (2, 1)
    assert result.lines[2].reason == forum_log.Reason("modifier", spec="3D20+1")
    assert result.lines[0].reason is None and result.lines[1].reason is None


def test_crlf_and_lf_are_kept_per_line() -> None:
    """Each line keeps its own ending: CRLF stays CRLF, LF stays LF, no ending is added."""
    text = "Результат броска 3D20: 4 + 6 + 2 = 12.\r\nпривет\nРезультат броска 3D20: 1 + 1 + 1 = 3."
    assert forum_log.convert(text) == (
        "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\r\nпривет\nРезультат броска 3D20: 1 + 1 + 1 , GaussD20: 1"
    )


def test_plain_lines_pass_through_unchanged() -> None:
    """Lines that are not roll lines, including empty ones and HTML, come out unchanged."""
    text = "\nМастер: бросайте.\n<script>alert(1)</script>\n\n"
    assert forum_log.convert(text) == text
    assert forum_log.convert_text(text).converted == 0


R = forum_log.Reason


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23.", R("modifier", spec="3D20+1")),
        ("Результат броска 2D20: 4 + 2 = 6.", R("not_3d20", spec="2D20")),
        ("Результат броска 3D20: 4 + 2 = 6.", R("dice_count", count=2)),
        ("Результат броска 3D20: 4 + 2 + 3 + 1 = 10.", R("dice_count", count=4)),
        ("Результат броска 3D20: 0 + 2 + 3 = 5.", R("die_range")),
        ("Результат броска 3D20: 21 + 2 + 3 = 26.", R("die_range")),
        ("Результат броска 3D20: 4 + 6 + 2 = 13.", R("sum_mismatch", dice_sum=12, total="13")),
        ("Результат броска 3D20: 4 + 6 + 2.", R("no_total")),
        ("Результат броска 3D20: a + 6 + 2 = 8.", R("dice_format")),
    ],
)
def test_bad_roll_lines_are_kept_and_marked(line: str, reason: forum_log.Reason) -> None:
    """Seed 000 converter: an unconvertible roll line is kept, gets the seed's phrase, and its reason
    is data (a code and values) that the panel words."""
    result = forum_log.convert_text(line)
    assert result.text == line + forum_log.INVALID_SUFFIX
    assert result.flagged == 1
    assert result.lines[0].reason == reason


def test_reasons_are_codes_with_their_values() -> None:
    """A reason names a known code with exactly that code's values; anything else is a bug."""
    reason = R("not_3d20", spec="3D6")
    assert (reason.code, reason["spec"], reason.params) == ("not_3d20", "3D6", (("spec", "3D6"),))
    assert reason == R("not_3d20", spec="3D6") and reason != R("not_3d20", spec="2D20")
    with pytest.raises(ValueError, match="unknown reason"):
        R("bad_luck")
    with pytest.raises(ValueError, match="takes spec"):
        R("not_3d20")
    assert set(forum_log.REASON_CODES) == {
        "no_total",
        "modifier",
        "not_3d20",
        "dice_format",
        "dice_count",
        "die_range",
        "sum_mismatch",
    }


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (
            "Результат броска 3D20: 4 + 6 + 2 = " + "9" * 4301 + ".",
            R("sum_mismatch", dice_sum=12, total="9" * 4301),
        ),
        ("Результат броска 3D20: " + "9" * 4301 + " + 6 + 2 = 12.", R("die_range")),
        ("Результат броска 3D20: 4 + 6 + " + "0" * 4301 + "2 = 12.", None),
    ],
)
def test_a_4301_digit_number_flags_its_own_line_only(line: str, reason: forum_log.Reason | None) -> None:
    """A number too long for int() (4,301 digits) flags its own line; the lines around it still
    convert (leading zeros are not digits that count)."""
    text = f"Результат броска 3D20: 1 + 1 + 1 = 3.\n{line}\nРезультат броска 3D20: 20 + 20 + 20 = 60."
    result = forum_log.convert_text(text)
    assert result.lines[1].reason == reason
    assert result.converted == (3 if reason is None else 2)
    out = result.text.split("\n")
    assert out[0].endswith("GaussD20: 1") and out[2].endswith("GaussD20: 20")
    if reason is not None:
        assert out[1] == line + forum_log.INVALID_SUFFIX


def test_leading_zeros_still_convert() -> None:
    """«= 012» and «004» are the numbers 12 and 4, as before."""
    assert forum_log.convert("Результат броска 3D20: 004 + 6 + 2 = 0012.") == (
        "Результат броска 3D20: 004 + 6 + 2 , GaussD20: 4"
    )


def test_every_valid_3d20_line_matches_the_table() -> None:
    """Every one of the 8000 dice triples converts to round(total/3) with the comment kept."""
    for dice in itertools.product(range(1, 21), repeat=3):
        total = sum(dice)
        line = f"Результат броска 3D20: {dice[0]} + {dice[1]} + {dice[2]} = {total} - к."
        expected_value = round(total / 3)
        assert forum_log.convert(line) == (
            f"Результат броска 3D20: {dice[0]} + {dice[1]} + {dice[2]} , GaussD20: {expected_value} - к."
        )
        assert gauss.from_3d20_total(total) == expected_value


def test_prefix_before_the_marker_is_kept() -> None:
    """A forum prefix (name, time) before «Результат броска» stays in front."""
    line = "[12:01] Вася: Результат броска 3D20: 20 + 20 + 20 = 60."
    assert forum_log.convert(line) == "[12:01] Вася: Результат броска 3D20: 20 + 20 + 20 , GaussD20: 20"


def test_oversized_input_is_refused() -> None:
    """Input beyond MAX_INPUT_CHARS raises ValueError instead of hanging."""
    with pytest.raises(ValueError, match="at most"):
        forum_log.convert("x" * (forum_log.MAX_INPUT_CHARS + 1))


def test_pathological_long_line_is_linear() -> None:
    """A 1 MB roll line full of spaces and pluses converts (is flagged) without backtracking blow-up."""
    line = "Результат броска 3D20:" + " +" * 500_000 + " = 5"
    assert forum_log.convert_text(line).flagged == 1


def test_every_roll_on_a_merged_line_converts() -> None:
    """A forum copy merges lines; each roll on a line converts in the seed's format, a
    refused one in the middle gets the seed's phrase right after it, the text before them stays."""
    line = (
        "Вася: Результат броска 3D20: 4 + 6 + 2 = 12. "
        'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три". '
        'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".'
    )
    result = forum_log.convert_text(line)
    assert result.text == (
        "Вася: Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4 "
        'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".: неверный бросок. Невозможно конвертирование. '
        'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".'
    )
    assert (result.converted, result.flagged) == (2, 1)
    rolls = result.lines[0].rolls
    assert [roll.gauss for roll in rolls] == [4, None, 8]
    assert rolls[1].reason == R("modifier", spec="3D20+1") and result.lines[0].reason == rolls[1].reason
    assert [roll.purpose for roll in rolls] == [None, "три", "раз"]
    # each roll alone converts exactly as on a line of its own (the seed's example, roll by roll)
    merged = " ".join(SEED_INPUT.split("\n"))
    assert forum_log.convert(merged) == " ".join(SEED_OUTPUT.split("\n"))


def test_a_repeated_purpose_is_listed_with_its_lines() -> None:
    """«скрытность» rolled on lines 1 and 3 (a re-roll after «перекину») is a repeat;
    purposes compare ignoring case and spaces; a purpose twice on one line names that line twice."""
    text = (
        'Результат броска 3D20: 4 + 6 + 2 = 12 - "скрытность".\n'
        "перекину\n"
        'Результат броска 3D20: 17 + 5 + 2 = 24 - " Скрытность ".\n'
        'Результат броска 3D20: 1 + 1 + 1 = 3 - "атака". Результат броска 3D20: 1 + 1 + 2 = 4 - "атака".\n'
        'Результат броска 3D20: 1 + 1 = 2 - "разовый".'
    )
    repeats = forum_log.convert_text(text).repeats
    assert repeats == (forum_log.Repeat("скрытность", (1, 3)), forum_log.Repeat("атака", (4, 4)))
    assert forum_log.convert_text(SEED_INPUT).repeats == ()


# Pieces of roll text around the forum's own format: the fast path of convert_roll must give what
# the careful path gives for each of them. Each piece is the plain one half the time, so that many
# rolls are plain or one step from it.
def _plain_or(plain: str, *others: str) -> st.SearchStrategy[str]:
    return st.one_of(st.just(plain), st.sampled_from(others))


_VALID_DIE = st.integers(1, 20).map(str)
_ODD_DIE = st.sampled_from(("0", "05", "21", "-3", "100", "x", " 7", "7 "))


@given(
    marker=_plain_or("Результат броска", "результат броска", "РЕЗУЛЬТАТ БРОСКА"),
    spec=_plain_or(" 3D20: ", " 3d20: ", " 3D20 : ", "  3D20: ", " 3D20:", " 3D20+1: ", " 2D20: ", " 3D20 "),
    dice=st.one_of(
        st.lists(_VALID_DIE, min_size=3, max_size=3), st.lists(_VALID_DIE | _ODD_DIE, min_size=1, max_size=4)
    ),
    join=_plain_or(" + ", "+", " +  ", "  + "),
    equals=_plain_or(" = ", "", " =", "= ", " =  ", " == "),
    total=st.one_of(st.none(), st.integers(-5, 130).map(str), st.sampled_from(("024", "0000024", "x"))),
    end=st.sampled_from(
        ("", ".", ". ", ' - "раз".', '. - "раз"', " ещё = 5", "0", "5.", "\n", "1234567", ".7")
    ),
)
@settings(max_examples=3000, deadline=None)
def test_the_fast_path_converts_as_the_careful_path(
    marker: str, spec: str, dice: list[str], join: str, equals: str, total: str | None, end: str
) -> None:
    """convert_roll's match of the plain forum format gives the very Roll (text, value, reason,
    purpose) that the step-by-step path gives, on rolls near that format and far from it."""
    if total is None:  # the dice's own sum, so that most rolls near the format convert
        total = str(sum(int(die) for die in dice if die.strip().lstrip("-").isdigit()))
    roll = marker + spec + join.join(dice) + equals + total + end
    assert forum_log.convert_roll(roll) == forum_roll._convert_roll_carefully(roll)


def test_every_plain_roll_converts_as_the_careful_path() -> None:
    """All 8,000 plain rolls (with a comment, a full stop or nothing after the total), and each
    one's total off by one: the fast path gives what the careful path gives."""
    taken = 0
    for a, b, c in itertools.product(range(1, 21), repeat=3):
        for total, end in ((a + b + c, ' - "раз".'), (a + b + c, "."), (a + b + c, ""), (a + b + c + 1, ".")):
            roll = f"Результат броска 3D20: {a} + {b} + {c} = {total}{end}"
            taken += forum_roll._PLAIN.fullmatch(roll) is not None
            assert forum_log.convert_roll(roll) == forum_roll._convert_roll_carefully(roll), roll
    assert taken == 4 * 20**3  # the fast path matched every one (the last kind falls back after it)


def _line_by_line(text: str) -> tuple[str, int, tuple[forum_log.Flag, ...], tuple[forum_log.Repeat, ...]]:
    """What ``convert_text`` gives, by its definition: each line through ``convert_line``, then
    the text joined with each line's own ending, the counts, the refused rolls and the purposes
    rolled more than once (compared ignoring case and spaces around), from every line's rolls."""
    pieces, ends = forum_log._LINE_BREAK.split(text), [*forum_log._LINE_BREAK.findall(text), ""]
    lines = [forum_log.convert_line(piece) for piece in pieces]
    flags, seen = [], {}
    for number, line in enumerate(lines, start=1):
        for place, roll in enumerate(line.rolls, start=1):
            if roll.reason is not None:
                flags.append(forum_log.Flag(number, place if len(line.rolls) > 1 else 0, roll.reason))
            if roll.purpose is not None:
                seen.setdefault(" ".join(roll.purpose.casefold().split()), (roll.purpose, []))[1].append(
                    number
                )
    converted = sum(roll.reason is None for line in lines for roll in line.rolls)
    repeats = tuple(forum_log.Repeat(p, tuple(numbers)) for p, numbers in seen.values() if len(numbers) > 1)
    return (
        "".join(line.text + end for line, end in zip(lines, ends, strict=True)),
        converted,
        tuple(flags),
        repeats,
    )


def _value(die: str) -> int:
    """A die as written, as a number (0 for one that is not)."""
    return int(die) if die.strip().lstrip("-").isdigit() else 0


_ROLL = st.builds(
    lambda marker, a, b, c, equals, off, end: (
        f"{marker}{a} + {b} + {c}{equals}{_value(a) + _value(b) + _value(c) + off}{end}"
    ),
    _plain_or(
        "Результат броска 3D20: ",
        "результат броска 3D20: ",
        "Результат броска 3d20: ",
        "Результат броска 3D20+1: ",
    ),
    _VALID_DIE,
    _VALID_DIE | _ODD_DIE,
    _VALID_DIE | st.just("1٣"),
    _plain_or(" = ", " =", " == "),
    _plain_or(0, 1),
    st.sampled_from(("", ".", ' - "раз".', ' - " Раз ".', ' - "атака"', " и ещё", "0")),
)
_LINE = st.lists(_ROLL | st.sampled_from(("", "болтовня", "Ход 3: ", " ")), min_size=1, max_size=3).map(
    "".join
)


@given(st.lists(st.tuples(_LINE, st.sampled_from(("\n", "\r\n", "\r"))), max_size=12))
@settings(max_examples=500, deadline=None)
def test_a_log_converts_as_its_lines_do(lines: list[tuple[str, str]]) -> None:
    """``convert_text``'s whole lines of one plain roll (converted without a ``LineResult``) give
    what ``convert_line`` gives each line: the text, the counts, the refused rolls, the repeats;
    on logs of plain rolls, rolls near that format, several rolls on a line and other lines."""
    text = "".join(line + end for line, end in lines)
    got = forum_log.convert_text(text)
    assert (got.text, got.converted, got.flags, got.repeats) == _line_by_line(text)
    assert got.lines == tuple(forum_log.convert_line(p) for p in forum_log._LINE_BREAK.split(text))


def test_every_plain_roll_line_converts_as_its_line_does() -> None:
    """All 8,000 plain rolls as whole lines (with a comment, a full stop, nothing, or a total off
    by one) in one log: what ``convert_line`` gives each line."""
    text = "\n".join(
        f"Результат броска 3D20: {a} + {b} + {c} = {total}{end}"
        for a, b, c in itertools.product(range(1, 21), repeat=3)
        for total, end in (
            (a + b + c, f' - "раз {a}".'),
            (a + b + c, "."),
            (a + b + c, ""),
            (a + b + c + 1, "."),
        )
    )
    got = forum_log.convert_text(text)
    assert (got.text, got.converted, got.flags, got.repeats) == _line_by_line(text)
    assert got.converted == 3 * 20**3 and len(got.flags) == 20**3
