"""JSON from untrusted text (a saved record, a link, an imported file), bounded before it is parsed.

Python's ``json`` parser recurses once per nesting level; in the page (Pyodide) a deep enough text
overflows the JavaScript stack before ``RecursionError`` and takes the whole runtime down. So the
size and the nesting depth are checked first, by regular expressions and ``accumulate`` (no
recursion, no Python loop per character), and only a text within both bounds is parsed.

>>> loads('{"v": 1, "log": [[1, 2], {"a": "[[[["}]}')
{'v': 1, 'log': [[1, 2], {'a': '[[[['}]}
>>> depth('[[[]], {"x": "]]]"}]'), depth('"no nesting"')
(3, 0)
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
import re
from itertools import accumulate
from typing import Any

__all__ = ["MAX_CHARS", "MAX_DEPTH", "BoundError", "check", "depth", "loads"]

MAX_CHARS = 4_000_000  # a panel's whole saved record
MAX_DEPTH = 64  # our own records nest less than a dozen levels

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string (brackets inside are text)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class BoundError(ValueError):
    """A text refused before parsing: ``code`` is ``too_large`` or ``too_deep``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (of an unterminated string, too: a text
    like that is no JSON, and so over-counting it refuses nothing valid)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets.encode("ascii")))))


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> str | None:
    """``None`` if ``text`` may be parsed, else why not (``too_large``, ``too_deep``)."""
    if len(text) > max_chars:
        return "too_large"
    if depth(text) > max_depth:
        return "too_deep"
    return None


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` once ``text`` is within the bounds; ``BoundError`` (a ``ValueError``,
    like the parser's own errors) if it is not."""
    problem = check(text, max_chars, max_depth)
    if problem is not None:
        raise BoundError(problem)
    return json.loads(text)
