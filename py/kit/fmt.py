"""Pure text formatting for the page (no browser imports, so it is unit-tested on CPython).

Numbers follow the page's language: Russian ``10,5`` and ``13,27 %`` (the default), English
``10.5`` and ``13.27%``. kit.browser switches the style with :func:`use_language`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

__all__ = [
    "fixed",
    "language",
    "localize",
    "number",
    "numbers_in",
    "percent",
    "percent_of",
    "grouped",
    "scientific",
    "short_percent",
    "signed",
    "use_language",
]

LARGE = 10**15  # from here on (in magnitude) numbers are shown as 1,23·10¹⁵
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

# (decimal separator, what follows a percentage) per language
_STYLES = {"ru": (",", " %"), "en": (".", "%")}
_style = {"lang": "ru"}


def use_language(lang: str, /) -> None:
    """Format numbers for ``lang`` ("ru" or "en") from now on.

    >>> use_language("en"); print(number(Fraction(21, 2)), percent(Fraction(1, 8)))
    10.5 12.50%
    >>> use_language("ru"); print(number(Fraction(21, 2)), percent(Fraction(1, 8)))
    10,5 12,50 %
    """
    if lang not in _STYLES:
        raise ValueError(f"no number style for language {lang!r}")
    _style["lang"] = lang


def language() -> str:
    """The language numbers are formatted for now."""
    return _style["lang"]


@contextmanager
def numbers_in(lang: str, /) -> Iterator[None]:
    """Format numbers for ``lang`` inside the block, whatever the page's language (journal lines
    are stored in both languages).

    >>> with numbers_in("en"):
    ...     number(Fraction(5, 2))
    '2.5'
    >>> number(Fraction(5, 2))
    '2,5'
    """
    before = _style["lang"]
    use_language(lang)
    try:
        yield
    finally:
        _style["lang"] = before


def localize(text: str, /) -> str:
    """A number already written with a decimal point, in the current language's style.

    >>> localize("2.75")
    '2,75'
    """
    return text.replace(".", _STYLES[_style["lang"]][0])


def percent_of(text: str, /) -> str:
    """A percentage already written with a decimal point, in the current language's style.

    >>> percent_of("99.95")
    '99,95 %'
    """
    return localize(text) + _STYLES[_style["lang"]][1]


def fixed(value: float | Fraction, /, digits: int = 2) -> str:
    """A number with ``digits`` decimals and a true minus; a value that rounds to zero has none.

    >>> fixed(-1.5), fixed(Fraction(22, 3)), fixed(-0.001)
    ('−1,50', '7,33', '0,00')
    >>> fixed(999999999**41)
    '1,00·10³⁶⁹'
    """
    if _large(value):
        return scientific(value, digits)
    text = f"{float(value):.{digits}f}"
    if text.startswith("-"):
        text = text[1:]
        if text.strip("0."):
            return "−" + localize(text)
    return localize(text)


def _large(value: float | Fraction) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value) or abs(value) >= LARGE
    return abs(Fraction(value)) >= LARGE


def scientific(value: float | Fraction, /, digits: int = 2) -> str:
    """A number of any size as mantissa·10ⁿ (no float overflow: exact values stay exact).

    >>> scientific(Fraction(-12345, 1)), scientific(10**400), scientific(Fraction(999, 10**7))
    ('−1,23·10⁴', '1,00·10⁴⁰⁰', '9,99·10⁻⁵')
    >>> scientific(float("inf")), scientific(0)
    ('∞', '0,00')
    """
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "∞" if value > 0 else "−∞"
    q = Fraction(value)
    if q == 0:
        return localize(f"{0:.{digits}f}")
    sign = "−" if q < 0 else ""
    q = abs(q)
    exponent = math.floor(math.log10(q.numerator) - math.log10(q.denominator))
    for _ in range(3):  # log10 of huge numbers is a float: settle the exponent exactly
        mantissa = q / Fraction(10) ** exponent
        if mantissa >= 10:
            exponent += 1
        elif mantissa < 1:
            exponent -= 1
        else:
            break
    text = f"{float(q / Fraction(10) ** exponent):.{digits}f}"
    if float(text) >= 10:  # 9.999 rounds up to 10.00
        exponent += 1
        text = f"{float(q / Fraction(10) ** exponent):.{digits}f}"
    return f"{sign}{localize(text)}·10{str(exponent).translate(_SUPERSCRIPT)}"


def percent(p: Fraction, /, digits: int = 2) -> str:
    """A percentage with enough digits to tell small odds apart.

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
    # Integer arithmetic throughout (no Fraction operations, which reduce by gcd each time): a
    # table of hundreds of cells is formatted in the page at once.
    a, b = Fraction(p).numerator, Fraction(p).denominator
    if a == 0:
        return percent_of("0")
    if a == b:
        return percent_of("100")
    value = a * 100 / b  # int / int: the correctly rounded float, however big the integers
    if 1 <= value <= 99:  # the common case, away from both edges
        return percent_of(f"{value:.{digits}f}")
    # Small odds (and odds near certainty) get three significant digits, so that
    # 0,0125 % and 99,9875 % never collapse into 0 % or 100 %.
    # Exact: in floats, 100 - value is 0 when p is within 1e-16 of 1 (log10 would fail).
    edge = a * 100 if value < 50 else (b - a) * 100  # the closest edge, in hundredths: edge / b
    text = f"{value:.{digits}f}"
    if edge < b:
        places = max(digits, 2 - _decimal_exponent(edge, b))
        text = f"{value:.{places}f}"
        whole, _, fraction = text.partition(".")
        text = f"{whole}.{fraction.rstrip('0').ljust(digits, '0')}"
    return percent_of(text)


def _decimal_exponent(num: int, den: int, /) -> int:
    """floor(log10(num / den)) for positive integers, exactly (a float guess checked in integers).

    >>> _decimal_exponent(1, 10), _decimal_exponent(99, 1000), _decimal_exponent(1, 10**400)
    (-1, -2, -400)
    """
    ratio = num / den
    guess = math.floor(math.log10(ratio)) if ratio > 0 else math.floor(math.log10(num) - math.log10(den))

    def at_least(exponent: int) -> bool:  # num / den >= 10**exponent
        return num >= den * 10**exponent if exponent >= 0 else num * 10**-exponent >= den

    while not at_least(guess):
        guess -= 1
    while at_least(guess + 1):
        guess += 1
    return guess


TINY = Fraction(1, 10**8)
TINY_DEN = 10**8


def short_percent(p: Fraction, /, digits: int = 2) -> str:
    """``percent``, but odds within 10⁻⁸ of 0 or 1 stay short (exploding dice reach 10⁻⁸⁸).

    >>> short_percent(Fraction(1, 4)), short_percent(Fraction(1, 10**90)), short_percent(1 - Fraction(1, 10**90))
    ('25,00 %', '1,0·10⁻⁸⁸ %', '> 99,999999 %')
    >>> short_percent(Fraction(999, 10**13))
    '1,0·10⁻⁸ %'
    """
    a, b = Fraction(p).numerator, Fraction(p).denominator
    if 0 < a and a * TINY_DEN < b:  # 0 < p < 10⁻⁸
        return scientific(Fraction(p) * 100, 1) + _STYLES[_style["lang"]][1]
    if a < b and (b - a) * TINY_DEN < b:  # 0 < 1 - p < 10⁻⁸
        return "> " + percent_of("99.999999")
    return percent(p, digits)


def grouped(number: int, /) -> str:
    """A whole number with its thousands grouped: ``1 234 567`` in Russian, ``1,234,567`` in English.

    >>> grouped(1234567), grouped(-1000)
    ('1 234 567', '−1 000')
    """
    text = f"{abs(number):,}"
    if _style["lang"] == "ru":
        text = text.replace(",", " ")
    return ("−" if number < 0 else "") + text


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


def number(value: int | Fraction | float, /, digits: int = 2) -> str:
    """An exact number: whole, halves exactly, anything else rounded; true minus.

    >>> number(7), number(Fraction(21, 2)), number(Fraction(-3, 2)), number(Fraction(13, 7))
    ('7', '10,5', '−1,5', '1,86')
    >>> number(Fraction(-1, 1000))
    '0,00'
    >>> number(Fraction(10**40, 3))
    '3,33·10³⁹'
    """
    value = Fraction(value)
    if value.denominator not in (1, 2) and abs(value) >= LARGE:
        return scientific(value, digits)
    if value.denominator in (1, 2):
        text = str(abs(value.numerator) // value.denominator)
        if value.denominator == 2:
            text += localize(".5")
    else:
        text = localize(f"{float(abs(value)):.{digits}f}")
    return ("−" + text) if value < 0 and text.strip("0,.") else text
