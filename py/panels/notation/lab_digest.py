"""The dice lab's exact results (pure): lines → series → a digest of what the page shows.

A lab is several lines at once: expressions (``4d6kh3 # stats``), arrays (``6x4d6kh3``: one
series per sorted position, highest first, and one for the sum) and named dice
(``fib = d{1,1,2,3,5,8}``, usable on every other line). ``prepare`` reads the lines and finds
the first refused one (the panel points at its character); ``make`` computes every series and
keeps what the page draws: at most ``MAX_VALUES`` values of the union, the statistics and the
pairwise P(A > B), P(A = B), exact. The compute worker sends the page this digest, not the
distributions.

>>> d = make(("2d6 # two", "d12"))
>>> [(s.label, s.mean) for s in d.series]
[('two', Fraction(7, 1)), ('d12', Fraction(13, 2))]
>>> d.pairs[(0, 1)]
(Fraction(1, 2), Fraction(1, 12))
>>> from_json(to_json(d)) == d
True
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kit.compute import decode, encode
from panels.notation.layout import central_window
from rules import notation

__all__ = [
    "MAX_ROWS",
    "MAX_SERIES",
    "MAX_VALUES",
    "LabDigest",
    "Prepared",
    "Series",
    "from_json",
    "make",
    "prepare",
    "shown_label",
    "to_json",
]

MAX_ROWS = 8  # lines in the lab (the page has this many row slots)
MAX_SERIES = 12  # series drawn (an array of 6 is 7 series: its positions and its sum)
MAX_VALUES = 150  # values in the chart and the table (the union of every series' central part)
Cells = tuple[Fraction, Fraction, Fraction]  # P(=), P(≥), P(≤)


@dataclass(frozen=True)
class Prepared:
    """The lines read: named dice, the lines to compute (row index, text), or the first fault."""

    names: tuple[tuple[str, tuple[int, ...]], ...] = ()
    lines: tuple[tuple[int, str], ...] = ()
    fault: tuple[int, notation.NotationError] | None = None


def prepare(rows: Sequence[str], /, limits: notation.Limits = notation.DEFAULT_LIMITS) -> Prepared:
    """Named dice first (in order, each may use those above it), then every other line is parsed.

    >>> p = prepare(("3fib", "fib = d{1,1,2,3,5,8}", ""))
    >>> p.names, p.lines, p.fault
    ((('fib', (1, 1, 2, 3, 5, 8)),), ((0, '3fib'),), None)
    >>> prepare(("d6", "2d6 + ")).fault[0]
    1
    """
    names: dict[str, tuple[int, ...]] = {}  # at most MAX_ROWS, well within limits.max_names
    exprs: list[tuple[int, str]] = []
    for index, row in enumerate(rows):
        try:
            defined = notation.definition(row, limits=limits, names=names) if row.strip() else None
        except notation.NotationError as error:
            return Prepared(fault=(index, error))
        if defined is not None:
            names[defined[0]] = defined[1]
        elif row.strip():
            exprs.append((index, row))
    for index, row in exprs:
        try:
            notation.parse(row, limits=limits, names=names)
        except notation.NotationError as error:
            return Prepared(tuple(names.items()), fault=(index, error))
    return Prepared(tuple(names.items()), tuple(exprs))


@dataclass(frozen=True)
class Series:
    """One line's distribution (``part`` 0), or the ``part``-th highest of an array of ``count``;
    an array's sum is ``part`` 0 with ``count`` > 0. ``cells`` line up with the digest's values.
    ``label`` is the line's label (its expression if it has none); the view shows ``line`` beside
    a label that is not the expression, so ``d2+16 # 3d6`` never passes for a 3d6."""

    row: int
    label: str
    part: int
    count: int
    mean: Fraction
    sd: float
    minimum: int
    maximum: int
    cells: tuple[Cells, ...]
    line: str = ""  # the expression computed, as typed without its label ("" for a program's output)


@dataclass(frozen=True)
class LabDigest:
    """What the page shows of a lab: the values drawn, the series, the pairwise odds
    ``pairs[(i, j)] = (P(i > j), P(i = j))``, the lines refused (row, error) and whether
    series or values were left out."""

    values: tuple[int, ...]
    series: tuple[Series, ...]
    pairs: Mapping[tuple[int, int], tuple[Fraction, Fraction]] = field(default_factory=dict)
    refused: tuple[tuple[int, str, Mapping[str, Any]], ...] = ()
    cut_series: bool = False
    cut_values: bool = False


def _sd(variance: Fraction) -> float:
    try:
        return math.sqrt(variance)
    except OverflowError:
        return float(math.isqrt(variance.numerator // variance.denominator))


def shown_label(text: str, /) -> str:
    """A label as the page shows it: without control or format characters (a right-to-left
    override would reorder what is shown around it).

    >>> shown_label("3d6\u202e61+2d")
    '3d661+2d'
    """
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp"))


def _line(expr: notation.Expression) -> str:
    return expr.text.split("#")[0].strip()


def _label(expr: notation.Expression) -> str:
    return shown_label(expr.label or "") or _line(expr)


def _distributions(
    line: str, names: Mapping[str, Sequence[int]], limits: notation.Limits
) -> list[tuple[int, int, dict[int, Fraction]]]:
    """(part, count, distribution) of a line: the sum first, then an array's positions."""
    expr = notation.parse(line, limits=limits, names=names)
    out = [(0, expr.repeat, notation.distribution(expr))]
    if expr.repeat:
        out += [(k, expr.repeat, d) for k, d in enumerate(notation.array(expr), start=1)]
    return out


def make(
    rows: Sequence[str],
    /,
    limits: notation.Limits = notation.DEFAULT_LIMITS,
    outputs: Sequence[tuple[str, dict[int, Fraction]]] = (),
) -> LabDigest:
    """Every series of ``rows`` (which ``prepare`` accepted) and of a program's ``outputs`` (label,
    distribution; row MAX_ROWS + k for the k-th), their union of values and pairs."""
    prepared = prepare(rows, limits)
    names = dict(prepared.names)
    found: list[tuple[int, str, str, int, int, dict[int, Fraction]]] = []
    refused: list[tuple[int, str, Mapping[str, Any]]] = []
    for index, line in prepared.lines:
        try:
            parts = _distributions(line, names, limits)
        except notation.NotationError as error:
            refused.append((index, error.code, error.params))
            continue
        expr = notation.parse(line, limits=limits, names=names)
        found += [(index, _label(expr), _line(expr), part, count, dist) for part, count, dist in parts]
    found += [(MAX_ROWS + k, shown_label(label), "", 0, 0, dist) for k, (label, dist) in enumerate(outputs)]
    cut_series = len(found) > MAX_SERIES
    found = found[:MAX_SERIES]
    summaries = [notation.summary_of(dist) for *_, dist in found]
    values = _window([s.table() for s in summaries])
    cut_values = bool(summaries) and len(values) < len(set().union(*(dict(s.outcomes) for s in summaries)))
    series = tuple(
        Series(
            row, label, part, count, s.mean, _sd(s.variance), s.minimum, s.maximum, _cells(s, values), line
        )
        for (row, label, line, part, count, _), s in zip(found, summaries, strict=True)
    )
    pairs = {}
    for i, (*_, a) in enumerate(found):
        for j, (*_, b) in enumerate(found):
            if i != j:
                odds = notation.compare(a, b)
                pairs[(i, j)] = (odds["gt"], odds["eq"])
    return LabDigest(values, series, pairs, tuple(refused), cut_series, cut_values)


def _window(tables: Sequence[Sequence[tuple[int, Fraction, Fraction, Fraction]]]) -> tuple[int, ...]:
    """The values drawn: every series' values without tails thinner than layout.TAIL, at most MAX_VALUES."""
    values: set[int] = set()
    for rows in tables:
        first, last = central_window(rows, None)
        values.update(r[0] for r in rows[first : last + 1])
    ordered = sorted(values)
    if len(ordered) > MAX_VALUES:
        middle = len(ordered) // 2
        ordered = ordered[max(0, middle - MAX_VALUES // 2) :][:MAX_VALUES]
    return tuple(ordered)


def _cells(summary: notation.Summary, values: Sequence[int]) -> tuple[Cells, ...]:
    return tuple((summary.equal(v), summary.at_least(v), summary.at_most(v)) for v in values)


def to_json(digest: LabDigest, /) -> dict[str, Any]:
    return encode(
        {
            "values": digest.values,
            "series": [
                [s.row, s.label, s.part, s.count, s.mean, s.sd, s.minimum, s.maximum, s.cells, s.line]
                for s in digest.series
            ],
            "pairs": [[i, j, gt, eq] for (i, j), (gt, eq) in digest.pairs.items()],
            "refused": [[row, code, dict(params)] for row, code, params in digest.refused],
            "cut": [digest.cut_series, digest.cut_values],
        }
    )


def from_json(raw: Mapping[str, Any], /) -> LabDigest:
    data = decode(dict(raw))
    series = tuple(
        Series(
            int(row),
            str(label),
            int(part),
            int(count),
            Fraction(mean),
            float(sd),
            int(lo),
            int(hi),
            tuple((Fraction(a), Fraction(b), Fraction(c)) for a, b, c in cells),
            str(line),
        )
        for row, label, part, count, mean, sd, lo, hi, cells, line in data["series"]
    )
    pairs = {(int(i), int(j)): (Fraction(gt), Fraction(eq)) for i, j, gt, eq in data["pairs"]}
    refused = tuple((int(row), str(code), dict(params)) for row, code, params in data["refused"])
    cut_series, cut_values = data["cut"]
    return LabDigest(
        tuple(int(v) for v in data["values"]), series, pairs, refused, bool(cut_series), bool(cut_values)
    )
