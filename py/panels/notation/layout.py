"""What of a wide distribution the chart and the table show (pure).

A distribution of hundreds of outcomes (``8d10!`` has 873) would give unreadable bars and a
table too long to build quickly in the page: the chart leaves out thin tails and groups values
into bins, the table shows its central part until "show all" is pressed.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from fractions import Fraction

from panels.notation.words import minus

__all__ = ["MAX_BARS", "TABLE_ALL", "TABLE_MAX", "TAIL", "chart_bars", "central_window", "table_window"]

TAIL = Fraction(1, 2000)  # a chart of many outcomes leaves out tails thinner than 0.05 % each
TABLE_ALL = 120  # a table this short is drawn whole; longer ones show the central part first
TABLE_MAX = 200  # rows drawn at most until "show all" (873 rows take ~0.5 s in Pyodide)
MAX_BARS = 48  # bars at most (fits a phone); more outcomes are grouped
LABEL_SPACE = 40  # characters of axis labels that fit under the chart
VIEWS = {"eq": 1, "ge": 2, "le": 3}
Row = tuple[int, Fraction, Fraction, Fraction]


def central_window(rows: Sequence[Row], hit: int | None, /) -> tuple[int, int]:
    """Indexes (first, last) of the rows left when tails thinner than TAIL each are cut; ``hit`` stays in.

    >>> rows = [(v, Fraction(1, 10**6), 0, 0) for v in range(3)] + [(3, 1 - Fraction(3, 10**6), 0, 0)]
    >>> rows = [(v, p, 1 - sum(r[1] for r in rows[:i]), sum(r[1] for r in rows[: i + 1])) for i, (v, p, _, _) in enumerate(rows)]
    >>> central_window(rows, None), central_window(rows, 1)
    ((3, 3), (1, 3))
    """
    first, last = 0, len(rows) - 1
    while first < last and rows[first][3] <= TAIL:
        first += 1
    while last > first and rows[last][2] <= TAIL:
        last -= 1
    index = next((i for i, r in enumerate(rows) if r[0] == hit), None) if hit is not None else None
    if index is not None:
        first, last = min(first, index), max(last, index)
    return first, last


def table_window(rows: Sequence[Row], hit: int | None, show_all: bool, /) -> tuple[int, int]:
    """Indexes (first, last) of the table rows to draw: all of a short table, else the central part.

    >>> rows = [(v, Fraction(1, 1000), Fraction(1000 - v, 1000), Fraction(v + 1, 1000)) for v in range(1000)]
    >>> table_window(rows, None, False), table_window(rows, 700, False), table_window(rows, 700, True)
    ((0, 199), (600, 799), (0, 999))
    """
    if show_all or len(rows) <= TABLE_ALL:
        return 0, len(rows) - 1
    first, last = central_window(rows, hit)
    if last - first + 1 > TABLE_MAX:
        index = next((i for i, r in enumerate(rows) if r[0] == hit), None) if hit is not None else None
        start = first if index is None else max(first, min(index - TABLE_MAX // 2, last - TABLE_MAX + 1))
        first, last = start, start + TABLE_MAX - 1
    return first, last


def chart_bars(
    rows: Sequence[Row], view: str, hit: int | None, max_bars: int = MAX_BARS, /
) -> tuple[list[tuple[str, Fraction]], str | None, int, int, int]:
    """Bars for the chart: (bars, highlighted label, first value, last value, values per bar).

    Up to ``max_bars`` outcomes get one bar each. More: tails thinner than TAIL each are left
    out (the rolled value is always kept), and if still too many, consecutive values are
    grouped into equal bins.

    >>> from rules import notation
    >>> bars, hit, lo, hi, width = chart_bars(notation.summary("2d6").table(), "ge", 7)
    >>> len(bars), bars[0], hit, (lo, hi, width)
    (11, ('2', Fraction(1, 1)), '7', (2, 12, 1))
    >>> bars, hit, lo, hi, width = chart_bars(notation.summary("8d10!").table(), "eq", None)
    >>> len(bars) <= MAX_BARS, width > 1, bars[0][0]
    (True, True, '19…20')
    """
    col = VIEWS[view]
    values = [r[0] for r in rows]
    if len(rows) <= max_bars:
        bars = [(minus(r[0]), Fraction(r[col])) for r in rows]
        return bars, (minus(hit) if hit in values else None), values[0], values[-1], 1
    first, last = central_window(rows, hit)
    lo, hi = values[first], values[last]
    if last - first + 1 <= max_bars:
        bars = [(minus(r[0]), Fraction(r[col])) for r in rows[first : last + 1]]
        return bars, (minus(hit) if hit is not None and lo <= hit <= hi else None), lo, hi, 1
    width = math.ceil((hi - lo + 1) / max_bars)
    prefix = [Fraction(0), *(r[3] for r in rows)]  # P(X < rows[i]'s value), from the table's P(≤)
    bars = []
    highlight = None
    for a in range(lo, hi + 1, width):
        b = min(hi, a + width - 1)
        i, j = bisect.bisect_left(values, a), bisect.bisect_right(values, b)
        label = f"{minus(a)}…{minus(b)}"
        if view == "eq":
            p = prefix[j] - prefix[i]
        elif view == "ge":
            p = 1 - prefix[i]
        else:
            p = prefix[j]
        bars.append((label, p))
        if hit is not None and a <= hit <= b:
            highlight = label
    return bars, highlight, lo, hi, width


def label_every(bars: Sequence[tuple[str, Fraction]], /) -> int:
    """Every how many bars an axis label fits (all bars keep theirs in the title).

    >>> label_every([(str(v), Fraction(1, 11)) for v in range(2, 13)]), label_every([("100…120", Fraction(0))] * 48)
    (1, 8)
    """
    longest = max((len(label) for label, _ in bars), default=1)
    return max(1, math.ceil(len(bars) * (longest + 1) / LABEL_SPACE / 1.2))
