"""Pure text formatting for the page (no browser imports, so it is unit-tested on CPython)."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["percent", "signed"]


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
    closest_edge = min(value, 100 - value)
    text = f"{value:.{digits}f}"
    if closest_edge < 1:
        places = max(digits, 2 - math.floor(math.log10(closest_edge)))
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
