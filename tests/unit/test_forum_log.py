"""Seed 000, the attached page's converter: forum "3D20" lines to GaussD20."""

from __future__ import annotations

import itertools

import pytest

from rules import forum_log, gauss

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
    assert "+1" in (result.lines[2].reason or "")


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


@pytest.mark.parametrize(
    ("line", "reason_part"),
    [
        ("Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23.", "модификатор"),
        ("Результат броска 2D20: 4 + 2 = 6.", "2D20"),
        ("Результат броска 3D20: 4 + 2 = 6.", "кубиков 2"),
        ("Результат броска 3D20: 4 + 2 + 3 + 1 = 10.", "кубиков 4"),
        ("Результат броска 3D20: 0 + 2 + 3 = 5.", "вне 1..20"),
        ("Результат броска 3D20: 21 + 2 + 3 = 26.", "вне 1..20"),
        ("Результат броска 3D20: 4 + 6 + 2 = 13.", "сумма кубиков 12"),
        ("Результат броска 3D20: 4 + 6 + 2.", "итога"),
        ("Результат броска 3D20: a + 6 + 2 = 8.", "a + b + c"),
    ],
)
def test_bad_roll_lines_are_kept_and_marked(line: str, reason_part: str) -> None:
    """Seed 000 converter: an unconvertible roll line is kept and gets the seed's phrase."""
    result = forum_log.convert_text(line)
    assert result.text == line + forum_log.INVALID_SUFFIX
    assert result.flagged == 1
    assert reason_part in (result.lines[0].reason or "")


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
