"""What the dice panel shows of a line's exact distribution, made where the distribution is.

A distribution can hold 100,000 outcomes (``d1000*d100``); the page shows at most a few hundred
table rows, 48 bars, the statistics and the odds of the rolled value. ``make`` picks exactly
those (exact Fractions, the same rows and bars as the whole distribution would give), so the
compute worker sends the page a digest of a few kilobytes instead of the distribution.

>>> from rules import notation
>>> d = make(notation.summary("2d6"), Key("2d6", 7, "eq", False))
>>> (d.count, len(d.rows), d.where, d.mean)
(11, 11, (Fraction(1, 6), Fraction(7, 12), Fraction(7, 12)), Fraction(7, 1))
>>> from_json(to_json(d)) == d
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from kit.compute import decode, encode
from panels.notation.layout import chart_bars, table_window
from rules import notation

__all__ = ["Digest", "Key", "from_json", "make", "to_json"]

Row = tuple[int, Fraction, Fraction, Fraction]


class Key(NamedTuple):
    """What a digest depends on: the line, the rolled value, the chart's view, "show all"."""

    line: str
    hit: int | None
    view: str
    show_all: bool


@dataclass(frozen=True)
class Digest:
    key: Key
    mean: Fraction
    sd: Fraction | float
    minimum: int
    maximum: int
    count: int  # outcomes in the whole distribution
    rows: tuple[Row, ...]  # the table rows drawn (all of them, or the central part)
    bars: tuple[tuple[str, Fraction], ...]
    highlight: str | None
    lo: int  # the chart's first and last value, and values per bar
    hi: int
    per_bar: int
    where: tuple[Fraction, Fraction, Fraction] | None  # P(= hit), P(≤ hit), P(≥ hit)


def standard_deviation(summary: notation.Summary, /) -> float | Fraction:
    """The SD, also when the variance is too large for a float (then a whole-number root)."""
    try:
        return summary.sd
    except OverflowError:
        variance = summary.variance
        return Fraction(math.isqrt(variance.numerator // variance.denominator))


def make(summary: notation.Summary, key: Key, /) -> Digest:
    rows = summary.table()
    first, last = table_window(rows, key.hit, key.show_all)
    bars, highlight, lo, hi, per_bar = chart_bars(rows, key.view, key.hit)
    hit = key.hit
    where = None
    if hit is not None:
        where = (summary.equal(hit), summary.at_most(hit), summary.at_least(hit))
    return Digest(
        key,
        summary.mean,
        standard_deviation(summary),
        summary.minimum,
        summary.maximum,
        len(rows),
        tuple(rows[first : last + 1]),
        tuple(bars),
        highlight,
        lo,
        hi,
        per_bar,
        where,
    )


def to_json(digest: Digest, /) -> dict[str, Any]:
    sd = digest.sd
    return encode(
        {
            "key": list(digest.key),
            "mean": digest.mean,
            "sd": sd if isinstance(sd, Fraction) else {"float": sd},
            "minimum": digest.minimum,
            "maximum": digest.maximum,
            "count": digest.count,
            "rows": [list(row) for row in digest.rows],
            "bars": [list(bar) for bar in digest.bars],
            "highlight": digest.highlight,
            "chart": [digest.lo, digest.hi, digest.per_bar],
            "where": None if digest.where is None else list(digest.where),
        }
    )


def _where(equal: Any, at_most: Any, at_least: Any, /) -> tuple[Fraction, Fraction, Fraction]:
    return Fraction(equal), Fraction(at_most), Fraction(at_least)


def from_json(raw: dict[str, Any], /) -> Digest:
    data = decode(raw)
    sd = data["sd"]
    lo, hi, per_bar = data["chart"]
    return Digest(
        Key(*data["key"]),
        Fraction(data["mean"]),
        float(sd["float"]) if isinstance(sd, dict) else Fraction(sd),
        int(data["minimum"]),
        int(data["maximum"]),
        int(data["count"]),
        tuple((int(v), Fraction(a), Fraction(b), Fraction(c)) for v, a, b, c in data["rows"]),
        tuple((str(label), Fraction(p)) for label, p in data["bars"]),
        data["highlight"],
        int(lo),
        int(hi),
        int(per_bar),
        None if data["where"] is None else _where(*data["where"]),
    )
