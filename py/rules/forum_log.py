"""Forum "3D20" roll lines to GaussD20 (seed 000, the attached HTML page's converter).

The seed's example, byte for byte::

    Результат броска 3D20: 4 + 6 + 2 = 12.
    → Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4

The `` = total`` part and a full stop right after it become
`` , GaussD20: value``; whatever follows (a comment such as `` - "раз".``) is
kept.  A roll line that is not a plain 3D20 roll, or whose dice are not three
d20s adding up to the stated total, is kept as it is and marked with the
seed's phrase.  Every other line passes through untouched, and each line keeps
its own line ending (LF or CRLF).

>>> convert('Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".')
'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules import gauss

__all__ = [
    "INVALID_SUFFIX",
    "MAX_INPUT_CHARS",
    "ROLL_MARKER",
    "Conversion",
    "LineResult",
    "convert",
    "convert_line",
    "convert_text",
]

ROLL_MARKER = "Результат броска"
INVALID_SUFFIX = ": неверный бросок. Невозможно конвертирование."
# 2 MB of pasted log converts in well under a second even in Pyodide; more is refused.
MAX_INPUT_CHARS = 2_000_000

_MARKER = re.compile(re.escape(ROLL_MARKER), re.IGNORECASE)
_SPEC = re.compile(r"\s+(?P<spec>[^:\s]+)\s*:")
_TOTAL = re.compile(r"\s*(?P<total>-?\d+)\.?(?P<rest>.*)", re.DOTALL)
_DIE = re.compile(r"\s*(-?\d+)\s*")
_LINE_BREAK = re.compile(r"\r\n|\n")


@dataclass(frozen=True)
class LineResult:
    """One input line: its converted text and, for a roll line, the outcome."""

    source: str
    text: str
    is_roll: bool
    gauss: int | None = None
    reason: str | None = None

    @property
    def flagged(self) -> bool:
        return self.is_roll and self.gauss is None


@dataclass(frozen=True)
class Conversion:
    """A whole converted log with per-line results and the counts the UI shows."""

    text: str
    lines: tuple[LineResult, ...]

    @property
    def converted(self) -> int:
        return sum(1 for line in self.lines if line.gauss is not None)

    @property
    def flagged(self) -> int:
        return sum(1 for line in self.lines if line.flagged)


def _reject(line: str, reason: str) -> LineResult:
    return LineResult(line, line + INVALID_SUFFIX, is_roll=True, reason=reason)


def convert_line(line: str, /) -> LineResult:
    """Convert one line (without its line ending)."""
    marker = _MARKER.search(line)
    if marker is None:
        return LineResult(line, line, is_roll=False)
    # Plain string scanning, not one big regex: a 1 MB line must not backtrack.
    after_marker = marker.end()
    spec_match = _SPEC.match(line, after_marker)
    equals = line.find("=", after_marker)
    total_match = _TOTAL.fullmatch(line, equals + 1) if equals >= 0 else None
    if spec_match is None or total_match is None or spec_match.end() > equals:
        return _reject(line, "нет итога «= N»")
    spec = spec_match["spec"]
    if spec.upper() != "3D20":
        if spec.upper().startswith("3D20"):
            return _reject(line, f"модификатор в броске {spec}")
        return _reject(line, f"бросок {spec}, а не 3D20")
    head = line[:equals].rstrip()
    parts = line[spec_match.end() : equals].split("+")
    if not all(_DIE.fullmatch(part) for part in parts):
        return _reject(line, "кубики записаны не как «a + b + c»")
    dice = [int(part) for part in parts]
    if len(dice) != 3:
        return _reject(line, f"кубиков {len(dice)}, а нужно 3")
    if not all(1 <= die <= 20 for die in dice):
        return _reject(line, "значение кубика вне 1..20")
    if sum(dice) != int(total_match["total"]):
        return _reject(line, f"сумма кубиков {sum(dice)}, а не {total_match['total']}")
    value = gauss.from_3d20_total(sum(dice))
    text = f"{head} , GaussD20: {value}{total_match['rest']}"
    return LineResult(line, text, is_roll=True, gauss=value)


def convert_text(text: str, /) -> Conversion:
    """Convert a pasted log line by line, keeping each line's ending.

    Raises ValueError for input longer than ``MAX_INPUT_CHARS``.
    """
    if len(text) > MAX_INPUT_CHARS:
        raise ValueError(f"text is {len(text)} characters long; at most {MAX_INPUT_CHARS} are converted")
    pieces = _LINE_BREAK.split(text)
    breaks = [*_LINE_BREAK.findall(text), ""]
    results = tuple(convert_line(piece) for piece in pieces)
    out = "".join(result.text + end for result, end in zip(results, breaks, strict=True))
    return Conversion(out, results)


def convert(text: str) -> str:
    """The converted text, in the seed's format."""
    return convert_text(text).text
