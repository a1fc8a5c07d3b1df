"""The program runner's answer, read as untrusted data (pure).

A lab program runs in the sandboxed runner (static/program-runner.js), and what comes back is
whatever that sandbox sent: the program may have left Python's restrictions there. So the page
never takes the answer's word for anything: every field of the digest is checked for its type,
its range and its size before it becomes a ``LabDigest``; anything else is refused whole.

>>> from kit.compute import decode
>>> from panels.notation.lab_digest import make, to_json
>>> digest = make(("2d6 # two", "d12"))
>>> from_untrusted(decode(to_json(digest))) == digest
True
>>> from_untrusted({"values": [1], "series": "not a list"})
Traceback (most recent call last):
...
ValueError: the program runner's answer is malformed
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise
from typing import Any

from kit.msg import render
from panels.notation.lab_digest import MAX_ROWS, MAX_SERIES, MAX_VALUES, LabDigest, Series
from panels.notation.words import error_message
from rules import notation

__all__ = ["from_untrusted"]

KEYS = {"values", "series", "pairs", "refused", "cut"}
MAX_NUMBER = 10**18  # outcomes and bounds: far beyond any die the lab draws
MAX_BITS = 16_000  # of an exact fraction's numerator or denominator (about 4,800 digits)
MAX_LABEL = 200


def _int(raw: Any, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    if type(raw) is not int or not low <= raw <= high:
        raise ValueError("not a whole number in range")
    return raw


def _list(raw: Any, most: int, length: int | None = None) -> list[Any]:
    if type(raw) is not list or len(raw) > most or (length is not None and len(raw) != length):
        raise ValueError("not a list of the expected size")
    return raw


def _fraction(raw: Any) -> Fraction:
    """An exact number as the kit decodes it (``kit.compute.decode``): a Fraction or a whole number."""
    if type(raw) is int:
        return Fraction(_int(raw))
    if type(raw) is not Fraction or max(raw.numerator.bit_length(), raw.denominator.bit_length()) > MAX_BITS:
        raise ValueError("not an exact fraction")
    return raw


def _probability(raw: Any) -> Fraction:
    p = _fraction(raw)
    if not 0 <= p <= 1:
        raise ValueError("not a probability")
    return p


def _series(raw: Any, values: int) -> Series:
    row, label, part, count, mean, sd, lo, hi, cells = _list(raw, 9, 9)
    if type(label) is not str or len(label) > MAX_LABEL:
        raise ValueError("not a label")
    if type(sd) not in (int, float) or not math.isfinite(sd) or sd < 0:
        raise ValueError("not a standard deviation")
    cell_rows = tuple(
        (_probability(a), _probability(b), _probability(c))
        for a, b, c in (_list(x, 3, 3) for x in _list(cells, values, values))
    )
    return Series(
        _int(row, 0, MAX_ROWS + MAX_SERIES),
        label,
        _int(part, 0, 1000),
        _int(count, 0, 1000),
        _fraction(mean),
        float(sd),
        _int(lo),
        _int(hi),
        cell_rows,
    )


def _refused(raw: Any) -> tuple[int, str, dict[str, Any]]:
    row, code, params = _list(raw, 3, 3)
    if type(code) is not str or not code.isidentifier() or len(code) > 40 or type(params) is not dict:
        raise ValueError("not a refusal")
    if len(params) > 10 or not all(
        type(k) is str and (type(v) is int or (type(v) is str and len(v) <= MAX_LABEL))
        for k, v in params.items()
    ):
        raise ValueError("not a refusal's parameters")
    for lang in ("ru", "en"):  # it must word like a refusal of ours, or the view could not show it
        render(error_message(notation.NotationError(code, 0, **params)), lang)
    return _int(row, 0, MAX_ROWS - 1), code, params


def _checked(raw: Any) -> LabDigest:
    if type(raw) is not dict or set(raw) != KEYS:
        raise ValueError("not a digest")
    values = tuple(_int(v) for v in _list(raw["values"], MAX_VALUES))
    if any(a >= b for a, b in pairwise(values)):
        raise ValueError("values out of order")
    series = tuple(_series(s, len(values)) for s in _list(raw["series"], MAX_SERIES))
    pairs: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    for pair in _list(raw["pairs"], MAX_SERIES * MAX_SERIES):
        i, j, gt, eq = _list(pair, 4, 4)
        i, j = _int(i, 0, len(series) - 1), _int(j, 0, len(series) - 1)
        if i == j:
            raise ValueError("a series paired with itself")
        pairs[(i, j)] = (_probability(gt), _probability(eq))
    refused = tuple(_refused(r) for r in _list(raw["refused"], MAX_ROWS))
    cut_series, cut_values = _list(raw["cut"], 2, 2)
    if type(cut_series) is not bool or type(cut_values) is not bool:
        raise ValueError("not a flag")
    return LabDigest(values, series, pairs, refused, cut_series, cut_values)


def from_untrusted(raw: Any, /) -> LabDigest:
    """The digest in ``raw`` (the runner's JSON, parsed and decoded by the kit), every part checked;
    ``ValueError`` otherwise."""
    try:
        return _checked(raw)
    except (TypeError, ValueError, KeyError, ZeroDivisionError, OverflowError):
        raise ValueError("the program runner's answer is malformed") from None
