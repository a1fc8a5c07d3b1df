"""Pure text formatting for the page (no browser imports, so it is unit-tested on CPython)."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["number", "percent", "signed"]


def percent(p: Fraction, /, digits: int = 2) -> str:
    """Russian-style percentage with enough digits to tell small odds apart.

    >>> percent(Fraction(1, 2000))
    '0,05 %'
    >>> percent(Fraction(1, 2))
    '50,00 %'
    >>> percent(Fraction(1, 8000))
    '0,0125 %'
    >>> percent(Fraction(0))
    '0 %'
    >>> percent(Fraction(1))
    '100 %'
    """
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    value = float(p * 100)
    # Small odds (and odds near certainty) get three significant digits, so that
    # 0,0125 % and 99,9875 % never collapse into 0 % or 100 %.
    # Exact: in floats, 100 - value is 0 when p is within 1e-16 of 1 (log10 would fail).
    closest_edge = Fraction(min(p, 1 - p)) * 100
    text = f"{value:.{digits}f}"
    if closest_edge < 1:
        exponent = math.log10(closest_edge.numerator) - math.log10(closest_edge.denominator)
        places = max(digits, 2 - math.floor(exponent))
        text = f"{value:.{places}f}"
        whole, _, fraction = text.partition(".")
        text = f"{whole}.{fraction.rstrip('0').ljust(digits, '0')}"
    return text.replace(".", ",") + " %"


def signed(number: int, /) -> str:
    """A modifier with its sign: +2, 0, −3 (true minus sign).

    >>> signed(2), signed(0), signed(-3)
    ('+2', '0', '−3')
    """
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "0"


def number(value: int | Fraction, /, digits: int = 2) -> str:
    """An exact number Russian-style: whole, halves exactly, anything else rounded; true minus.

    >>> number(7), number(Fraction(21, 2)), number(Fraction(-3, 2)), number(Fraction(13, 7))
    ('7', '10,5', '−1,5', '1,86')
    >>> number(Fraction(-1, 1000))
    '0,00'
    """
    value = Fraction(value)
    if value.denominator in (1, 2):
        text = str(abs(value.numerator) // value.denominator)
        if value.denominator == 2:
            text += ",5"
    else:
        text = f"{float(abs(value)):.{digits}f}".replace(".", ",")
    return ("−" + text) if value < 0 and text.strip("0,") else text
