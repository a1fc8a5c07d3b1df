"""A cell of a CSV file for a spreadsheet (pure): text that can never start a formula.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and, after a tab or a
carriage return, what follows): ``=HYPERLINK(…)`` or ``+cmd|' /C calc'!A0`` typed as a label
would act when the file is opened. Every CSV the product writes passes each text cell through
``cell``, which puts an apostrophe before such a start (the spreadsheet shows the text as typed);
numbers the product formats itself are written as they are.

>>> [cell(text) for text in ("=1+2", "@SUM(1)", "-1+2", "\\tx", "атака", "")]
["'=1+2", "'@SUM(1)", "'-1+2", "'\\tx", 'атака', '']
>>> quoted('=HYPERLINK("x")')
'"\\'=HYPERLINK(""x"")"'
"""

from __future__ import annotations

__all__ = ["FORMULA", "cell", "quoted"]

FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet runs a cell that starts so


def cell(text: str, /) -> str:
    """``text`` as a cell's text that starts no formula."""
    return "'" + text if text.startswith(FORMULA) else text


def quoted(text: str, /) -> str:
    """``cell(text)`` in double quotes, inner quotes doubled (RFC 4180): for a CSV written by hand."""
    return '"' + cell(text).replace('"', '""') + '"'
