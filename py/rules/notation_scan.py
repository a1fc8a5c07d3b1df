"""The character-level reader under dice notation's parser: position, lookahead, numbers, compare
points and the readings a line collects. Every method moves forward through the line or looks a
bounded number of characters ahead, so a line is read in linear time (no regular expressions)."""

from __future__ import annotations

from fractions import Fraction

from rules.notation_nodes import _Cond
from rules.notation_tree import (
    _CP_SPELLINGS,
    _DIGITS_SET,
    _LOWER,
    _SPACE,
    Limits,
    Names,
    NotationError,
    Reading,
)

__all__: list[str] = []

# Words a dice term's modifiers start with (longest first where one is a prefix of another); a
# compare point glued to dice and followed by one of them is success counting, not a comparison.
MODIFIER_WORDS = (
    "min", "max", "even", "odd", "ms", "mt", "m", "rr", "ro", "r", "xo", "x", "uo", "u",
    "kh", "kl", "k", "dh", "dl", "df", "d", "cs", "cf", "sf", "sa", "sd", "s", "f", "!",
)  # fmt: skip


def _one_of(ch: str, chars: str, /) -> bool:
    """Whether ``ch`` is one character of ``chars`` (``"" in chars`` would be true)."""
    return len(ch) == 1 and ch in chars


class _Scanner:
    """One line being read: ``text`` as typed, ``low`` the same with letters folded (к is d)."""

    def __init__(self, text: str, limits: Limits, names: Names = (), /) -> None:
        self.text = text
        self.low = text.translate(_LOWER)
        self.limits = limits
        self.names = dict(names)
        self.pos = 0
        self.depth = 0
        self.readings: list[Reading] = []
        self.notes: list[str] = []  # inline labels: [Fire damage], /* … */
        self.start = 0  # where the formula starts (after a pasted chat command)
        self.end = len(text)  # where it ends (before its label)

    # errors and readings, noted where they occur
    def error(self, code: str, pos: int | None = None, /, **params: object) -> NotationError:
        return NotationError(code, self.pos if pos is None else pos, **params)

    def read(self, code: str, pos: int, /, **params: object) -> None:
        """Note how an ambiguous symbol was read (once per code: the first place it occurs)."""
        if all(r.code != code for r in self.readings):
            self.readings.append(Reading(code, pos, tuple(params.items())))

    def peek(self, n: int = 1, /) -> str:
        return self.low[self.pos : self.pos + n]

    def at(self, i: int, /) -> str:
        return self.low[i : i + 1]

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _SPACE:
            self.pos += 1

    def eat(self, word: str, /) -> bool:
        if self.low.startswith(word, self.pos):
            self.pos += len(word)
            return True
        return False

    def expect(self, word: str, /) -> None:
        self.skip()
        if not self.eat(word):
            raise self.error("expected_token", token=word)

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.limits.max_nesting:
            raise self.error("too_deep", max=self.limits.max_nesting)

    def letters_end(self, start: int, /) -> int:
        """The end of the run of ASCII letters and digits starting at ``start``."""
        end = start
        while end < len(self.low) and self.low[end].isascii() and self.low[end].isalnum():
            end += 1
        return end

    def integer(self, missing: str = "expected_number", /, **params: object) -> int:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS_SET:
            self.pos += 1
        if start == self.pos:
            raise self.error(missing, **params)
        if self.pos - start > 12:  # never build a huge int from a long run of digits
            raise self.error("number_too_large", start, max=self.limits.max_literal)
        value = int(self.text[start : self.pos])
        if value > self.limits.max_literal:
            raise self.error("number_too_large", start, max=self.limits.max_literal)
        return value

    def decimal(self) -> int | Fraction:
        """A whole number, or a decimal one (``3.4`` is exactly 17/5)."""
        start = self.pos
        whole = self.integer()
        if self.peek() != "." or self.at(self.pos + 1) not in _DIGITS_SET:
            return whole
        self.pos += 1
        digits = self.pos
        self.integer()
        if self.pos - digits > 9:
            raise self.error("number_too_large", start, max=self.limits.max_literal)
        return Fraction(self.text[start : self.pos])

    def signed_integer(self) -> int:
        sign = -1 if self.eat("-") or self.eat("−") else 1
        return sign * self.integer()

    def compare_op(self) -> str | None:
        for spelling, op in _CP_SPELLINGS:
            if self.eat(spelling):
                return op
        return None

    def compare_point(self, *, bare: bool = True) -> _Cond | None:
        """``>=5``, ``<>4``, or a bare ``5`` (meaning ``=5``, when ``bare``); None if none is here.
        A strict ``>``/``<`` is noted: Roll20 reads it as ``>=``/``<=``."""
        at = self.pos
        op = self.compare_op()
        if op is not None:
            if self.peek() not in _DIGITS_SET and not (
                _one_of(self.peek(), "-−") and self.at(self.pos + 1) in _DIGITS_SET
            ):
                raise self.error("expected_number")
            cond = _Cond(op, self.signed_integer())
            if op in (">", "<"):
                self.read("strict_compare", at, op=op, value=cond.value, inclusive=f"{op}={cond.value}")
            return cond
        if bare and self.peek() in _DIGITS_SET:
            return _Cond("=", self.integer())
        return None

    def modifier_here(self) -> bool:
        """Whether a dice modifier starts here (so a compare point before it counted successes)."""
        ch = self.peek()
        if ch == "!":
            return True
        if not (ch.isascii() and ch.isalpha()):
            return False
        if self.low.startswith("df", self.pos) and _one_of(self.at(self.pos + 2), "<>=≤≥≠0123456789"):
            return True  # Foundry's deduct-failures: 5d10>=6df=1
        if ch == "d" and self.die_follows(self.pos + 1):
            return False  # 4d6>4d6 compares two dice terms
        end = self.letters_end(self.pos)
        if self.at(end) == "(":
            return False  # a function: 2d6>1max(…) is not a modifier
        return any(self.low.startswith(w, self.pos) for w in MODIFIER_WORDS)

    def die_follows(self, at: int, /) -> bool:
        """Whether the sides of a die start at ``at`` (just after its letter)."""
        nxt = self.at(at)
        if not nxt:
            return False
        if _one_of(nxt, "0123456789%{("):
            return True
        if nxt == "f" or self.low.startswith("gf", at):
            return True
        if nxt == "c":  # a coin, dc (Foundry), maybe called: 3dcc1
            after = self.at(at + 1)
            return not (after.isascii() and after.isalpha()) or (
                after == "c" and self.at(at + 2) in _DIGITS_SET
            )
        return False
