"""Dice notation's building blocks: the error codes, the limits, rounding and the syntax tree the
parser builds (see :mod:`rules.notation`, whose names these are)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "ERROR_CODES",
    "NotationError",
    "Limits",
    "DEFAULT_LIMITS",
    "round_half_away",
]

Number = int | Fraction


# Every ``NotationError.code``; the UI words each one (``panels.notation.text``).  The parameters
# each code carries are listed with it.
ERROR_CODES: tuple[str, ...] = (
    "not_a_string",  # type: the name of the type given
    "too_long",  # max: the length limit
    "one_line",
    "empty",
    "expected_operand",  # the line ends where a number, a die, a function or '(' should be
    "unexpected_char",  # char: found where a number, a die, a function or '(' should be
    "trailing_char",  # char: left over after a whole expression
    "unbalanced_paren",
    "expected_token",  # token: the character that should follow
    "expected_number",
    "expected_luck",  # low, high
    "expected_face_separator",
    "call_needs_paren",  # name: the function
    "expected_sides",  # a 'd' with no sides after it (``d-1``, ``3d``)
    "too_deep",  # max: the nesting limit
    "number_too_large",  # max: the largest literal
    "one_comparison",
    "unknown_name",  # name: as written
    "luck_range",  # low, high
    "wrong_arity",  # name, low, high: arguments allowed, got: arguments given
    "dice_count_zero",
    "too_many_dice",  # max: dice in one term
    "too_many_dice_total",  # max: dice in the whole line
    "ambiguous_not_equal",
    "keep_zero",  # word: kh, kl, dh or dl
    "modifier_twice",  # kind: min, max, explode, reroll or keep
    "face_too_large",  # max: the largest face magnitude
    "too_many_faces",  # max: faces in a {…} list
    "no_sides",
    "too_many_sides",  # max
    "min_above_max",
    "reroll_all",
    "explode_all",
    "divisor_zero",
    "needs_rounding",
    "too_complex",  # work: estimated, max: the work limit
    "range_reversed",  # low, high: a face range ``{low..high}`` with low > high
    "array_count",  # low, high: an array ``Nx…`` needs low <= N <= high
    "bad_definition",  # a named die must be one die: ``fib = d{1,1,2,3,5,8}``
    "reserved_name",  # name: a name that is a function, GaussD20 or reads as a die
    "keep_too_wide",  # max: distinct values a keep/drop pool may have (icepool recurses per value)
)


class NotationError(ValueError):
    """A notation that cannot be parsed, or is refused by a limit.

    ``code`` is one of :data:`ERROR_CODES`, ``position`` a 0-based index into the line and
    ``params`` the numbers and strings the code refers to.  ``str()`` is for developers; the
    UI words the error from ``code`` and ``params``.

    >>> e = NotationError("too_many_dice", 3, max=500)
    >>> e.code, e.position, e.params, str(e)
    ('too_many_dice', 3, {'max': 500}, "at 3: too_many_dice {'max': 500}")
    """

    def __init__(self, code: str, position: int, /, **params: object) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown notation error code {code!r}")
        super().__init__(f"at {position}: {code} {params}")
        self.code = code
        self.position = position
        self.params: dict[str, object] = params


# Its public home: tracebacks and reprs say ``rules.notation.NotationError`` wherever it is raised.
NotationError.__module__ = "rules.notation"


@dataclass(frozen=True)
class Limits:
    """Hard limits; anything beyond them is refused with NotationError before any work is done.

    ``explode_depth`` and ``reroll_cap`` are part of the semantics: a die explodes at
    most ``explode_depth`` extra times and is rerolled at most ``reroll_cap`` times.
    ``max_work`` bounds the a-priori cost estimate of an exact distribution.
    """

    max_length: int = 500
    max_nesting: int = 40
    max_literal: int = 10**9
    max_dice_per_term: int = 500
    max_total_dice: int = 1000
    max_sides: int = 10_000
    max_custom_faces: int = 100
    explode_depth: int = 10
    reroll_cap: int = 20
    max_work: int = 1_000_000
    max_array: int = 20
    max_names: int = 50
    max_keep_values: int = 500  # icepool's pool evaluation recurses once per value: stay far from the stack


DEFAULT_LIMITS = Limits()


def round_half_away(x: Number, /) -> int:
    """Round to the nearest whole number; a half goes away from zero.

    >>> [round_half_away(Fraction(n, 2)) for n in (-3, -1, 1, 3, 5)]
    [-2, -1, 1, 2, 3]
    """
    q = Fraction(x)
    floor = math.floor(abs(q) + Fraction(1, 2))
    return floor if q >= 0 else -floor


# --------------------------------------------------------------------------- syntax tree

_CMP: dict[str, Callable[[Any, Any], bool]] = {
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


@dataclass(frozen=True)
class _Cond:
    """A compare point such as ``>=5`` on one die value."""

    op: str
    value: int

    def __call__(self, v: int, /) -> bool:
        return _CMP[self.op](v, self.value)

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@dataclass(frozen=True)
class _Const:
    pos: int
    value: int


@dataclass(frozen=True)
class _Dice:
    pos: int
    text: str
    count: int
    faces: tuple[int, ...]  # after min/max clamping, in face order
    reroll: _Cond | None = None
    reroll_once: bool = False
    explode: _Cond | None = None
    compound: bool = False
    keep: tuple[str, int] | None = None  # ("kh"|"kl"|"dh"|"dl", n)
    success: _Cond | None = None
    # of the faces, found once: a die may have 10,000 of them, and the analysis asks often
    low: int = field(init=False, repr=False)
    high: int = field(init=False, repr=False)
    distinct: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", min(self.faces))
        object.__setattr__(self, "high", max(self.faces))
        object.__setattr__(self, "distinct", len(set(self.faces)))


@dataclass(frozen=True)
class _Gauss:
    pos: int
    luck: int


@dataclass(frozen=True)
class _Neg:
    pos: int
    operand: _Node


@dataclass(frozen=True)
class _Chain:
    """``first (op operand)*`` for one precedence level of + - or * /, left to right."""

    pos: int
    first: _Node
    rest: tuple[tuple[str, int, _Node], ...]


@dataclass(frozen=True)
class _Compare:
    pos: int
    op: str
    left: _Node
    right: _Node


@dataclass(frozen=True)
class _Call:
    pos: int
    name: str
    args: tuple[_Node, ...]


_Node = _Const | _Dice | _Gauss | _Neg | _Chain | _Compare | _Call

_FUNCTIONS = {"round": (1, 1), "floor": (1, 1), "ceil": (1, 1), "abs": (1, 1), "min": (2, 20), "max": (2, 20)}
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_SPACE = " \t"
_DIGITS_SET = frozenset("0123456789")
_CMP_SPELLINGS = (  # longest first
    (">=", ">="),
    ("<=", "<="),
    ("==", "="),
    ("!=", "!="),
    ("<>", "!="),
    ("≥", ">="),
    ("≤", "<="),
    ("≠", "!="),
    (">", ">"),
    ("<", "<"),
    ("=", "="),
)
_ARRAY = re.compile(r"[ \t]*([0-9]+)[ \t]*x")  # ``6x…`` / ``6 x …``: an array of six rolls
_NAME = re.compile(r"[ \t]*([a-z][a-z0-9]{0,19})[ \t]*=(?![=<>])")  # ``fib = d{…}``: a named die
Names = tuple[tuple[str, tuple[int, ...]], ...]  # named dice, (lower-case name, faces), sorted
_CP_SPELLINGS = ((">=", ">="), ("<=", "<="), ("≥", ">="), ("≤", "<="), (">", ">"), ("<", "<"), ("=", "="))
