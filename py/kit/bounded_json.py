"""JSON from untrusted text (a saved record, a link, an imported file), bounded before it is parsed.

Python's ``json`` parser recurses once per nesting level; in the page (Pyodide) a deep enough text
overflows the JavaScript stack before ``RecursionError`` and takes the whole runtime down. So the
size and the nesting depth are checked first, and only a text within both bounds is parsed.

The check reads the text in pieces of at most ``PIECE`` characters and does a fixed number of
linear string operations per piece (``str.replace``, ``split``, ``join``, ``bytes.translate``,
``accumulate``): no regular expression, no Python loop per character, and a state of three
values carried from piece to piece. Its work is linear in the length and its memory bounded by
the piece, whatever the text (an earlier regular expression restarted at every ``"`` of an
unterminated string: 64,000 characters took 10 s).

>>> loads('{"v": 1, "log": [[1, 2], {"a": "[[[["}]}')
{'v': 1, 'log': [[1, 2], {'a': '[[[['}]}
>>> depth('[[[]], {"x": "]]]"}]'), depth('"no nesting"'), depth('"\\\\\\\\"[[')
(3, 0, 2)
>>> for text, bound in (("[" * 100_000 + "]" * 100_000, {}), ("[1]", {"max_chars": 2})):
...     try:
...         loads(text, **bound)
...     except BoundError as error:
...         print(error.code)
too_deep
too_large
"""

from __future__ import annotations

import json
from array import array
from itertools import accumulate
from typing import Any

__all__ = ["MAX_CHARS", "MAX_DEPTH", "PIECE", "BoundError", "check", "depth", "loads"]

MAX_CHARS = 4_000_000  # a panel's whole saved record
MAX_DEPTH = 64  # our own records nest less than a dozen levels
PIECE = 1 << 16  # characters read at a time: the check's memory, whatever the text's length

_BRACKETS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # as signed bytes: +1 and -1
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")  # UTF-8 keeps ASCII bytes unique


class BoundError(ValueError):
    """A text refused before parsing: ``code`` is ``too_large`` or ``too_deep``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _deepest(text: str, stop_above: int | None = None) -> int:
    """The deepest nesting of brackets outside strings; once past ``stop_above``, the depth reached.

    A backslash takes a backslash or a quote after it, left to right (``\\\\`` is one backslash,
    ``\\"`` a quote inside a string); a ``"`` not so taken opens or closes a string. An unterminated
    string runs to the end: the parser fails there, before any bracket after it. A backslash
    outside a string is no JSON either: the parser fails there too, so what follows it is counted
    or not at no risk."""
    inside = escaped = False  # carried from piece to piece, with the level
    level = deepest = 0
    for start in range(0, len(text), PIECE):
        piece = text[start : start + PIECE]
        if escaped and piece.startswith(('"', "\\")):  # taken by the last piece's lone backslash
            piece = piece[1:]
        escaped = False
        piece = piece.replace("\\\\", "")  # pairs of backslashes, left to right
        if piece.endswith("\\"):
            piece, escaped = piece[:-1], True
        parts = piece.replace('\\"', "").split('"')  # every " left opens or closes a string
        outside = "".join(parts[1 if inside else 0 :: 2])
        inside ^= len(parts) % 2 == 0
        steps = outside.encode("utf-8", "surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
        if steps:
            levels = list(accumulate(array("b", steps), initial=level))
            level, deepest = levels[-1], max(deepest, max(levels))
            if stop_above is not None and deepest > stop_above:
                break
    return deepest


def depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (an unterminated string runs to the end:
    the parser fails at it before it reaches a bracket after it)."""
    return _deepest(text)


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> str | None:
    """``None`` if ``text`` may be parsed, else why not (``too_large``, ``too_deep``)."""
    if len(text) > max_chars:
        return "too_large"
    if _deepest(text, max_depth) > max_depth:
        return "too_deep"
    return None


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` once ``text`` is within the bounds; ``BoundError`` (a ``ValueError``,
    like the parser's own errors) if it is not."""
    problem = check(text, max_chars, max_depth)
    if problem is not None:
        raise BoundError(problem)
    return json.loads(text)
