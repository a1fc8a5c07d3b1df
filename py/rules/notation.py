"""Dice notation: parse one line of Roll20 / rpg-dice-roller style notation, roll it, or get exact odds.

The grammar, the semantics and the limits are documented in ``docs/rules/notation.md``.
Exact distributions are computed by icepool, which is imported lazily, the first
time a distribution is asked for, so page start-up does not pay for it; parsing and
rolling use only the standard library.

>>> distribution("2d6 >= 11")
{0: Fraction(11, 12), 1: Fraction(1, 12)}
>>> distribution("round(3d20/3)") == gauss.distribution()
True
>>> r = roll("4d6kh3 # strength", random.Random(1))
>>> (r.label, r.total == sum(d.value for d in r.dice[0].dice if not d.dropped))
('strength', True)
>>> parse("2d6 + ")
Traceback (most recent call last):
...
rules.notation.NotationError: at 6: expected_operand {}
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules import dice, gauss

if TYPE_CHECKING:  # pragma: no cover
    import icepool

__all__ = [
    "DEFAULT_LIMITS",
    "ERROR_CODES",
    "DiceGroup",
    "Expression",
    "Limits",
    "NotationError",
    "RollResult",
    "RolledDie",
    "Summary",
    "array",
    "compare",
    "definition",
    "distribution",
    "parse",
    "roll",
    "round_half_away",
    "summary",
    "summary_of",
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


# --------------------------------------------------------------------------- parser


class _Parser:
    """Hand-written recursive descent over characters; whitespace matters only inside dice terms."""

    def __init__(self, text: str, limits: Limits, names: Names = (), /) -> None:
        self.text = text
        self.low = text.translate(_LOWER)
        self.limits = limits
        self.names = dict(names)
        self.pos = 0
        self.depth = 0

    # helpers
    def error(self, code: str, pos: int | None = None, /, **params: object) -> NotationError:
        return NotationError(code, self.pos if pos is None else pos, **params)

    def peek(self, n: int = 1, /) -> str:
        return self.low[self.pos : self.pos + n]

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

    def integer(self, missing: str = "expected_number", /, **params: object) -> int:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS_SET:
            self.pos += 1
        if start == self.pos:
            raise self.error(missing, **params)
        value = int(self.text[start : self.pos])
        if value > self.limits.max_literal:
            raise self.error("number_too_large", start, max=self.limits.max_literal)
        return value

    def signed_integer(self) -> int:
        sign = -1 if self.eat("-") or self.eat("−") else 1
        return sign * self.integer()

    # grammar
    def array_count(self) -> int:
        """``N x`` in front of a line (``6x4d6kh3``, ``6 x 4d6kh3``): N, else 0 (not an array)."""
        match = _ARRAY.match(self.low)
        if match is None:
            return 0
        at = match.start(1)
        count = int(match.group(1)) if len(match.group(1)) < 10 else self.limits.max_array + 1
        if not 1 <= count <= self.limits.max_array:
            raise self.error("array_count", at, low=1, high=self.limits.max_array)
        self.pos = match.end()
        return count

    def line(self) -> tuple[_Node, str | None]:
        node = self.expression()
        self.skip()
        label = None
        if self.eat("#"):
            label = self.text[self.pos :].strip()
            self.pos = len(self.text)
        if self.pos < len(self.text):
            if self.text[self.pos] in "),":
                raise self.error("unbalanced_paren")
            raise self.error("trailing_char", char=self.text[self.pos])
        return node, label

    def expression(self) -> _Node:
        left = self.sum()
        self.skip()
        pos = self.pos
        op = self.comparison_op()
        if op is None:
            return left
        right = self.sum()
        self.skip()
        second = self.pos
        if self.comparison_op() is not None:
            raise self.error("one_comparison", second)
        return _Compare(pos, op, left, right)

    def comparison_op(self) -> str | None:
        for spelling, op in _CMP_SPELLINGS:
            if self.eat(spelling):
                return op
        return None

    def sum(self) -> _Node:
        return self.chain(self.product, (("+", "+"), ("-", "-"), ("−", "-")))

    def product(self) -> _Node:
        return self.chain(self.unary, (("*", "*"), ("×", "*"), ("/", "/"), ("÷", "/")))

    def chain(self, operand: Callable[[], _Node], ops: tuple[tuple[str, str], ...], /) -> _Node:
        self.skip()
        start = self.pos
        first = operand()
        rest: list[tuple[str, int, _Node]] = []
        while True:
            self.skip()
            pos = self.pos
            op = next((name for spelling, name in ops if self.eat(spelling)), None)
            if op is None:
                break
            rest.append((op, pos, operand()))
        return first if not rest else _Chain(start, first, tuple(rest))

    def unary(self) -> _Node:
        self.skip()
        pos = self.pos
        if self.eat("-") or self.eat("−"):
            self.nest()
            node = _Neg(pos, self.unary())
            self.depth -= 1
            return node
        if self.eat("+"):
            self.nest()
            node = self.unary()
            self.depth -= 1
            return node
        return self.primary()

    def primary(self) -> _Node:
        self.skip()
        pos = self.pos
        ch = self.peek()
        if ch == "(":
            self.pos += 1
            self.nest()
            node = self.expression()
            self.expect(")")
            self.depth -= 1
            return node
        if ch in _DIGITS_SET:
            value = self.integer()
            if self.peek() == "d" and self.dice_follows(self.pos + 1):
                return self.dice(pos, value)
            named = self.named_die()
            if named is not None:
                return self.dice(pos, value, named)
            if self.peek() == "d" and not self.low[self.pos + 1 : self.pos + 2].isalnum():
                raise self.error("expected_sides", self.pos + 1)
            return _Const(pos, value)
        if ch == "d" and self.dice_follows(self.pos + 1):
            return self.dice(pos, 1)
        if ch.isalpha() and ch.isascii():
            while self.pos < len(self.text) and self.low[self.pos].isascii() and self.low[self.pos].isalnum():
                self.pos += 1
            name = self.low[pos : self.pos]
            if name == "d":
                raise self.error("expected_sides")
            if name in ("gauss", "gaussd20"):
                return self.gauss(pos)
            if name in _FUNCTIONS:
                return self.call(pos, name)
            self.pos = pos
            named = self.named_die()
            if named is not None:
                return self.dice(pos, 1, named)
            self.pos = pos + len(name)
            raise self.error("unknown_name", pos, name=self.text[pos : self.pos])
        if not ch:
            raise self.error("expected_operand")
        raise self.error("unexpected_char", char=self.text[pos])

    def named_die(self) -> tuple[int, ...] | None:
        """The faces of the longest named die the word here starts with (its modifiers may follow)."""
        end = self.pos
        while end < len(self.low) and self.low[end].isascii() and self.low[end].isalnum():
            end += 1
        word = self.low[self.pos : end]
        name = max((n for n in self.names if word.startswith(n)), key=len, default=None)
        if name is None:
            return None
        self.pos += len(name)
        return self.names[name]

    def dice_follows(self, at: int, /) -> bool:
        nxt = self.low[at : at + 1]
        return bool(nxt) and (nxt in "0123456789%f{" or self.low.startswith("gf", at))

    def gauss(self, pos: int, /) -> _Node:
        luck = gauss.NEUTRAL_LUCK
        save = self.pos
        self.skip()
        if self.eat("("):
            self.skip()
            at = self.pos
            luck = self.integer("expected_luck", low=gauss.LUCK_MIN, high=gauss.LUCK_MAX)
            if not gauss.LUCK_MIN <= luck <= gauss.LUCK_MAX:
                raise self.error("luck_range", at, low=gauss.LUCK_MIN, high=gauss.LUCK_MAX)
            self.expect(")")
        else:
            self.pos = save
        return _Gauss(pos, luck)

    def call(self, pos: int, name: str, /) -> _Node:
        self.skip()
        if not self.eat("("):
            raise self.error("call_needs_paren", name=name)
        self.nest()
        args = [self.expression()]
        self.skip()
        while self.eat(","):
            args.append(self.expression())
            self.skip()
        self.expect(")")
        self.depth -= 1
        low, high = _FUNCTIONS[name]
        if not low <= len(args) <= high:
            raise self.error("wrong_arity", pos, name=name, low=low, high=high, got=len(args))
        return _Call(pos, name, tuple(args))

    def dice(self, pos: int, count: int, named: tuple[int, ...] | None = None, /) -> _Dice:
        lim = self.limits
        if count < 1:
            raise self.error("dice_count_zero", pos)
        if count > lim.max_dice_per_term:
            raise self.error("too_many_dice", pos, max=lim.max_dice_per_term)
        if named is None:
            self.pos += 1  # the 'd'
            faces = self.sides()
        else:
            faces = named
        clamp: dict[str, int] = {}
        mods: dict[str, Any] = {}
        seen: set[str] = set()
        while True:
            at = self.pos
            kind: str
            if self.eat("min"):
                kind = "min"
                clamp["min"] = self.signed_integer()
            elif self.eat("max"):
                kind = "max"
                clamp["max"] = self.signed_integer()
            elif self.peek(2) == "!=":
                raise self.error("ambiguous_not_equal", at)
            elif self.eat("!"):
                kind = "explode"
                mods["compound"] = self.eat("!")
                mods["explode"] = self.compare_point()
            elif self.eat("ro") or self.eat("r"):
                kind = "reroll"
                mods["reroll_once"] = self.low[at : at + 2] == "ro"
                mods["reroll"] = self.compare_point()
            elif self.eat("kh") or self.eat("kl") or self.eat("k") or self.eat("dh") or self.eat("dl"):
                kind = "keep"
                word = self.low[at : self.pos]
                word = "kh" if word == "k" else word
                n = self.integer() if self.peek() in _DIGITS_SET else 1
                if n < 1:
                    raise self.error("keep_zero", at, word=word)
                mods["keep"] = (word, n)
            else:
                break
            if kind in seen:
                raise self.error("modifier_twice", at, kind=kind)
            seen.add(kind)
        # Success counting: a compare point glued to the dice term, then a bare number.
        save = self.pos
        op = next((name for spelling, name in _CP_SPELLINGS if self.eat(spelling)), None)
        if op is not None:
            sign = -1 if self.peek() == "-" and self.low[self.pos + 1 : self.pos + 2] in _DIGITS_SET else 1
            self.pos += sign < 0
            if self.peek() in _DIGITS_SET:
                value = sign * self.integer()
                if not (self.peek() == "(" or self.peek().isalpha()):
                    mods["success"] = _Cond(op, value)
                else:
                    self.pos = save
            else:
                self.pos = save
        text = self.text[pos : self.pos]
        faces = self.clamp(faces, clamp.get("min"), clamp.get("max"), pos)
        # A bare 'r' rerolls the lowest face, a bare '!' explodes on the highest (after clamping).
        if "reroll" in seen and mods["reroll"] is None:
            mods["reroll"] = _Cond("=", min(faces))
        if "explode" in seen and mods["explode"] is None:
            mods["explode"] = _Cond("=", max(faces))
        node = _Dice(pos, text, count, faces, **mods)
        self.check_dice(node)
        return node

    def sides(self) -> tuple[int, ...]:
        lim = self.limits
        at = self.pos
        if self.eat("%"):
            return tuple(range(1, 101))
        if self.eat("gf"):
            return (-2, -1, 0, 0, 1, 2)
        if self.eat("f"):
            return (-1, 0, 1)
        if self.eat("{"):
            faces: list[int] = []
            entries = 0
            while True:
                self.skip()
                start = self.pos
                low = high = self.signed_integer()
                self.skip()
                if self.eat("..") or self.eat("…"):
                    self.skip()
                    high = self.signed_integer()
                    if high < low:
                        raise self.error("range_reversed", start, low=low, high=high)
                entries += 1
                if max(abs(low), abs(high)) > lim.max_sides * 100:
                    raise self.error("face_too_large", at, max=lim.max_sides * 100)
                if entries > lim.max_custom_faces:
                    raise self.error("too_many_faces", at, max=lim.max_custom_faces)
                if len(faces) + high - low >= lim.max_sides:
                    raise self.error("too_many_faces", at, max=lim.max_sides)
                faces.extend(range(low, high + 1))
                self.skip()
                if self.eat("}"):
                    return tuple(faces)
                if not self.eat(","):
                    raise self.error("expected_face_separator")
        sides = self.integer()  # dice_follows() saw a digit here
        if sides < 1:
            raise self.error("no_sides", at)
        if sides > lim.max_sides:
            raise self.error("too_many_sides", at, max=lim.max_sides)
        return tuple(range(1, sides + 1))

    def compare_point(self) -> _Cond | None:
        for spelling, op in _CP_SPELLINGS:
            if self.eat(spelling):
                return _Cond(op, self.signed_integer())
        if self.peek() in _DIGITS_SET:
            return _Cond("=", self.integer())
        return None

    def clamp(
        self, faces: tuple[int, ...], low: int | None, high: int | None, pos: int, /
    ) -> tuple[int, ...]:
        if low is not None and high is not None and low > high:
            raise self.error("min_above_max", pos)
        if low is not None:
            faces = tuple(max(low, f) for f in faces)
        if high is not None:
            faces = tuple(min(high, f) for f in faces)
        return faces

    def check_dice(self, node: _Dice, /) -> None:
        if node.reroll is None and node.explode is None:
            return
        values = set(node.faces)
        if node.reroll is not None and all(node.reroll(v) for v in values):
            raise self.error("reroll_all", node.pos)
        if node.explode is not None and all(node.explode(v) for v in values):
            raise self.error("explode_all", node.pos)


# --------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class _Info:
    lo: Fraction
    hi: Fraction
    integral: bool
    support: int
    work: int
    dice: int
    div_pos: int | None = None


def _support(lo: Fraction, hi: Fraction, integral: bool, cap: int, /) -> int:
    width = int(hi - lo) + 1 if integral else cap
    return max(1, min(width, cap))


def _chain_bounds(node: _Dice, depth: int, /) -> tuple[int, int]:
    """Exact min and max of one die with its explosion chain (at most ``depth`` extra rolls)."""
    explode = node.explode
    if explode is None or not depth:
        return node.low, node.high
    boom = [v for v in set(node.faces) if explode(v)]
    if not boom:
        return node.low, node.high
    # one pass over the faces, then per level only the extremes: a die of 10,000 faces stays cheap
    calm = [v for v in set(node.faces) if not explode(v)]
    lo = hi = 0
    for _ in range(depth + 1):
        lo = min([min(boom) + lo] + ([min(calm)] if calm else []))
        hi = max([max(boom) + hi] + ([max(calm)] if calm else []))
    return lo, hi


def _kept_range(keep: tuple[str, int] | None, low: int, high: int, /) -> tuple[int, int]:
    """How many dice are kept, given that the pool has between ``low`` and ``high`` dice."""
    if keep is None:
        return low, high
    word, n = keep
    if word in ("kh", "kl"):
        return min(n, low), min(n, high)
    return max(0, low - n), max(0, high - n)


def _analyse(node: _Node, limits: Limits, /) -> _Info:
    cap = 10**12
    if isinstance(node, _Const):
        v = Fraction(node.value)
        return _Info(v, v, True, 1, 1, 0)
    if isinstance(node, _Gauss):
        return _Info(Fraction(1), Fraction(20), True, 20, 100, 3)
    if isinstance(node, _Dice):
        return _analyse_dice(node, limits)
    if isinstance(node, _Neg):
        i = _analyse(node.operand, limits)
        return replace(i, lo=-i.hi, hi=-i.lo)
    if isinstance(node, _Chain):
        acc = _analyse(node.first, limits)
        for op, pos, operand in node.rest:
            b = _analyse(operand, limits)
            if op == "+":
                lo, hi = acc.lo + b.lo, acc.hi + b.hi
            elif op == "-":
                lo, hi = acc.lo - b.hi, acc.hi - b.lo
            else:
                if op == "/" and b.lo <= 0 <= b.hi:
                    raise NotationError("divisor_zero", pos)
                f = (lambda x, y: x * y) if op == "*" else (lambda x, y: x / y)
                corners = [f(x, y) for x in (acc.lo, acc.hi) for y in (b.lo, b.hi)]
                lo, hi = min(corners), max(corners)
            integral = acc.integral and b.integral and op != "/"
            div_pos = acc.div_pos if acc.div_pos is not None else b.div_pos
            if op == "/" and div_pos is None:
                div_pos = pos
            work = acc.work + b.work + acc.support * b.support
            support = _support(lo, hi, integral, min(cap, acc.support * b.support))
            acc = _Info(lo, hi, integral, support, work, acc.dice + b.dice, div_pos)
        return acc
    if isinstance(node, _Compare):
        a, b = _analyse(node.left, limits), _analyse(node.right, limits)
        work = a.work + b.work + a.support * b.support
        return _Info(Fraction(0), Fraction(1), True, 2, work, a.dice + b.dice)
    if isinstance(node, _Call):
        infos = [_analyse(arg, limits) for arg in node.args]
        work = sum(i.work for i in infos)
        product = math.prod(i.support for i in infos)
        n_dice = sum(i.dice for i in infos)
        div_pos = next((i.div_pos for i in infos if i.div_pos is not None), None)
        if node.name in ("round", "floor", "ceil"):
            i = infos[0]
            fn = {"round": round_half_away, "floor": math.floor, "ceil": math.ceil}[node.name]
            lo, hi = Fraction(fn(i.lo)), Fraction(fn(i.hi))
            return _Info(lo, hi, True, _support(lo, hi, True, i.support), work + i.support, n_dice)
        if node.name == "abs":
            i = infos[0]
            lo = Fraction(0) if i.lo <= 0 <= i.hi else min(abs(i.lo), abs(i.hi))
            hi = max(abs(i.lo), abs(i.hi))
            return _Info(lo, hi, i.integral, i.support, work + i.support, n_dice, div_pos)
        pick = min if node.name == "min" else max
        lo, hi = pick(i.lo for i in infos), pick(i.hi for i in infos)
        integral = all(i.integral for i in infos)
        support = _support(lo, hi, integral, min(cap, product))
        return _Info(lo, hi, integral, support, work + product * len(infos), n_dice, div_pos)
    raise AssertionError(node)  # pragma: no cover


def _needs_pool(node: _Dice, /) -> bool:
    """Whether a keep/drop really chooses among the dice; keeping all of them (``d20kh1``) is a
    plain sum and dropping all of them (``d2000dl1``) is 0, computed without a pool."""
    if node.keep is None:
        return False
    if node.explode is not None and not node.compound:
        return True  # the number of dice varies with the explosions
    return node.keep[1] < node.count


def _analyse_dice(node: _Dice, limits: Limits, /) -> _Info:
    n, depth = node.count, limits.explode_depth if node.explode is not None else 0
    distinct = node.distinct
    face_lo, face_hi = node.low, node.high
    chain_lo, chain_hi = _chain_bounds(node, depth)
    chain_support = min(chain_hi - chain_lo + 1, distinct ** (depth + 1))
    reroll_work = distinct * 4 if node.reroll is not None else 0
    if node.explode is not None and not node.compound:
        # every roll of the chain is a separate die
        low_count, high_count = n, n * (depth + 1)
        unit_lo, unit_hi, unit_support = face_lo, face_hi, distinct
    else:
        low_count = high_count = n
        unit_lo, unit_hi, unit_support = chain_lo, chain_hi, chain_support
    kept_low, kept_high = _kept_range(node.keep, low_count, high_count)
    if _needs_pool(node) and unit_support > limits.max_keep_values:
        raise NotationError("keep_too_wide", node.pos, max=limits.max_keep_values)
    explode_work = depth * distinct * chain_support
    if node.success is not None:
        lo, hi = 0, kept_high
        per_die = 2
    elif node.keep is None:
        lo, hi = n * chain_lo, n * chain_hi
        per_die = chain_support
    else:
        corners = [k * v for k in (kept_low, kept_high) for v in (unit_lo, unit_hi)]
        lo, hi = min(corners), max(corners)
        per_die = unit_support
    if node.keep is None:
        # icepool adds the dice one by one: about n² · s² / 2 products
        work = n * n * per_die * per_die // 2 + n * per_die
    else:
        sums = hi - lo + 1 if node.success is None else kept_high + 1
        work = unit_support * high_count * max(1, min(sums, kept_high * unit_support))
        if node.explode is not None and not node.compound:
            # explode_to_pool mixes one pool per split of explosions; measured ≈ n³ per exploding face
            exploding = sum(1 for v in set(node.faces) if node.explode(v))
            work = 1000 * n**3 * exploding * max(1, depth) // 10
    work += explode_work + reroll_work
    support = hi - lo + 1
    return _Info(Fraction(lo), Fraction(hi), True, support, work, n)


# --------------------------------------------------------------------------- parsed expression


@dataclass(frozen=True)
class Expression:
    """A parsed, checked notation line: ``text``, optional ``label``, bounds and cost estimate.

    ``repeat`` is N for an array line ``Nx…`` (N independent rolls; bounds, dice and the
    distribution are those of their sum), 0 otherwise.
    """

    text: str
    label: str | None
    minimum: int
    maximum: int
    dice_count: int
    work: int
    limits: Limits = field(repr=False)
    _root: _Node = field(repr=False)
    repeat: int = 0

    def check_work(self) -> None:
        """Raise NotationError if an exact distribution would exceed ``limits.max_work``."""
        if self.work > self.limits.max_work:
            raise NotationError("too_complex", 0, work=self.work, max=self.limits.max_work)


def parse(
    text: str, /, *, limits: Limits = DEFAULT_LIMITS, names: Mapping[str, Sequence[int]] | None = None
) -> Expression:
    """Parse and check one notation line; raise NotationError with a position on any problem.

    ``names`` maps named dice (``definition()``) to their faces: ``3fib``.

    >>> e = parse("4d6dl1 + 2")
    >>> (e.minimum, e.maximum, e.dice_count)
    (5, 20, 4)
    >>> parse("3d6 + foo").position
    Traceback (most recent call last):
    ...
    rules.notation.NotationError: at 6: unknown_name {'name': 'foo'}
    """
    if not isinstance(text, str):
        raise NotationError("not_a_string", 0, type=type(text).__name__)
    return _parse_cached(text, limits, _names(names, limits))


def _names(names: Mapping[str, Sequence[int]] | None, limits: Limits, /) -> Names:
    if not names:
        return ()
    if len(names) > limits.max_names:
        raise ValueError(f"at most {limits.max_names} named dice")
    out = []
    for name, faces in names.items():
        key = str(name).lower()
        if _NAME.fullmatch(f"{key}=") is None or _reserved(key):
            raise ValueError(f"not a die name: {name!r}")
        if not 1 <= len(faces) <= limits.max_sides or not all(type(f) is int for f in faces):
            raise ValueError(f"faces of {name!r}: 1 to {limits.max_sides} integers")
        out.append((key, tuple(faces)))
    return tuple(sorted(out))


def _reserved(name: str, /) -> bool:
    """Names a named die cannot take: functions, GaussD20, and words that read as dice (``d6``, ``df``)."""
    if name in _FUNCTIONS or name in ("gauss", "gaussd20", "d", "x"):
        return True
    return name[0] == "d" and (name[1] in "0123456789f" or name.startswith("dgf"))


@lru_cache(maxsize=256)
def _parse_cached(text: str, limits: Limits, names: Names = (), /) -> Expression:
    if len(text) > limits.max_length:
        raise NotationError("too_long", limits.max_length, max=limits.max_length)
    if "\n" in text or "\r" in text:
        raise NotationError("one_line", min(i for i in (text.find("\n"), text.find("\r")) if i >= 0))
    parser = _Parser(text, limits, names)
    if not text.strip() or text.strip().startswith("#"):
        raise NotationError("empty", 0)
    repeat = parser.array_count()
    root, label = parser.line()
    info = _analyse(root, limits)
    if not info.integral:
        raise NotationError("needs_rounding", info.div_pos if info.div_pos is not None else 0)
    n = max(1, repeat)
    if info.dice * n > limits.max_total_dice:
        raise NotationError("too_many_dice_total", 0, max=limits.max_total_dice)
    work = info.work
    if repeat:
        # the sum (n dice of ``support`` outcomes) and the n sorted positions (n² passes over them)
        work += n * n * info.support * info.support // 2 + n * n * info.support
    lo, hi = int(info.lo) * n, int(info.hi) * n
    return Expression(text, label, lo, hi, info.dice * n, work, limits, root, repeat)


def definition(
    text: str, /, *, limits: Limits = DEFAULT_LIMITS, names: Mapping[str, Sequence[int]] | None = None
) -> tuple[str, tuple[int, ...]] | None:
    """A named-die line ``name = die`` as (lower-case name, faces); None for any other line.

    The die is one die of any sides: ``d6``, ``dF``, ``d{1,1,2,3,5,8}``, ``d{-2..2}``, with
    ``min``/``max``, or a die named before. ``d6 = 3`` is not a definition (a comparison).

    >>> definition("fib = d{1,1,2,3,5,8}")
    ('fib', (1, 1, 2, 3, 5, 8))
    >>> definition("2d6 >= 7") is None, definition("d6 = 3") is None
    (True, True)
    >>> definition("fib = 2d6")
    Traceback (most recent call last):
    ...
    rules.notation.NotationError: at 6: bad_definition {}
    """
    if not isinstance(text, str):
        raise NotationError("not_a_string", 0, type=type(text).__name__)
    match = _NAME.match(text.translate(_LOWER))
    if match is None or (_reserved(match.group(1)) and match.group(1) not in (*_FUNCTIONS, "x")):
        return None
    name = match.group(1)
    if name in _FUNCTIONS or name == "x":
        raise NotationError("reserved_name", match.start(1), name=name)
    if len(text) > limits.max_length:
        raise NotationError("too_long", limits.max_length, max=limits.max_length)
    parser = _Parser(text, limits, _names(names, limits))
    parser.pos = match.end()
    parser.skip()
    at = parser.pos
    node, label = parser.line()
    if (
        not isinstance(node, _Dice)
        or node.count != 1
        or node.reroll
        or node.explode
        or node.keep
        or node.success
    ):
        raise NotationError("bad_definition", at)
    del label  # a comment after the die is allowed
    return name, node.faces


def _as_expression(
    expression: str | Expression, limits: Limits, names: Mapping[str, Sequence[int]] | None = None, /
) -> Expression:
    return expression if isinstance(expression, Expression) else parse(expression, limits=limits, names=names)


# --------------------------------------------------------------------------- rolling


@dataclass(frozen=True)
class RolledDie:
    """One die as rolled.

    ``rerolled`` holds the values thrown away by rerolls; ``exploded`` marks a die
    that caused another roll, ``extra`` a die rolled because of an explosion;
    ``parts`` holds the rolls of a compounded (``!!``) die; ``success`` is None
    unless successes are counted.
    """

    value: int
    dropped: bool = False
    exploded: bool = False
    extra: bool = False
    rerolled: tuple[int, ...] = ()
    parts: tuple[int, ...] = ()
    success: bool | None = None

    def __str__(self) -> str:
        marks = "".join(f"{v}r→" for v in self.rerolled)
        core = "+".join(map(str, self.parts)) if len(self.parts) > 1 else str(self.value)
        flags = ("!" if self.exploded else "") + ("*" if self.success else "") + ("d" if self.dropped else "")
        return f"{marks}{core}{flags}"


@dataclass(frozen=True)
class DiceGroup:
    """The dice of one dice term (``notation`` as written, at ``position``) and what it adds up to."""

    notation: str
    position: int
    dice: tuple[RolledDie, ...]
    value: int

    def __str__(self) -> str:
        return f"{self.notation} [{', '.join(map(str, self.dice))}] = {self.value}"


@dataclass(frozen=True)
class RollResult:
    """The result of ``roll()``: the total and the detail of every dice term, in writing order."""

    expression: str
    label: str | None
    total: int
    dice: tuple[DiceGroup, ...]
    values: tuple[int, ...] = ()  # an array line's rolls, in the order rolled (total is their sum)

    def __str__(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return (
            f"{head}{self.expression.split('#')[0].strip()} → {'; '.join(map(str, self.dice))} → {self.total}"
        )


def roll(expression: str | Expression, rng: random.Random, *, limits: Limits = DEFAULT_LIMITS) -> RollResult:
    """Roll a notation line with ``rng`` only; every die and its marks are in the result.

    >>> roll("3d6", random.Random(7)).total
    9
    """
    expr = _as_expression(expression, limits)
    groups: list[DiceGroup] = []
    values = tuple(int(_roll(expr._root, rng, groups, expr.limits)) for _ in range(max(1, expr.repeat)))
    return RollResult(expr.text, expr.label, sum(values), tuple(groups), values if expr.repeat else ())


def _physical(node: _Dice, rng: random.Random, cap: int, /) -> tuple[int, tuple[int, ...]]:
    """One throw of a die with its rerolls: (final value, values thrown away)."""
    value = dice.roll_faces(rng, node.faces)
    thrown: list[int] = []
    limit = 1 if node.reroll_once else cap
    while node.reroll is not None and node.reroll(value) and len(thrown) < limit:
        thrown.append(value)
        value = dice.roll_faces(rng, node.faces)
    return value, tuple(thrown)


def _roll_dice(node: _Dice, rng: random.Random, limits: Limits, /) -> DiceGroup:
    rolled: list[RolledDie] = []
    for _ in range(node.count):
        chain = [_physical(node, rng, limits.reroll_cap)]
        while node.explode is not None and node.explode(chain[-1][0]) and len(chain) <= limits.explode_depth:
            chain.append(_physical(node, rng, limits.reroll_cap))
        if node.compound:
            parts = tuple(v for v, _ in chain)
            thrown = tuple(t for _, ts in chain for t in ts)
            rolled.append(RolledDie(sum(parts), exploded=len(chain) > 1, rerolled=thrown, parts=parts))
        else:
            for i, (v, thrown) in enumerate(chain):
                rolled.append(RolledDie(v, exploded=i < len(chain) - 1, extra=i > 0, rerolled=thrown))
    if node.keep is not None:
        word, n = node.keep
        order = sorted(range(len(rolled)), key=lambda i: rolled[i].value)
        size = len(order)
        if word == "kh":
            drop = order[: max(0, size - n)]
        elif word == "kl":
            drop = order[min(n, size) :]
        elif word == "dh":
            drop = order[max(0, size - n) :]
        else:
            drop = order[:n]
        for i in drop:
            rolled[i] = replace(rolled[i], dropped=True)
    if node.success is not None:
        cond = node.success
        rolled = [d if d.dropped else replace(d, success=cond(d.value)) for d in rolled]
        value = sum(1 for d in rolled if d.success)
    else:
        value = sum(d.value for d in rolled if not d.dropped)
    return DiceGroup(node.text, node.pos, tuple(rolled), value)


def _roll(node: _Node, rng: random.Random, groups: list[DiceGroup], limits: Limits, /) -> Number:
    if isinstance(node, _Const):
        return node.value
    if isinstance(node, _Dice):
        group = _roll_dice(node, rng, limits)
        groups.append(group)
        return group.value
    if isinstance(node, _Gauss):
        g = gauss.roll(rng, node.luck)
        text = "gauss" if node.luck == gauss.NEUTRAL_LUCK else f"gauss({node.luck})"
        groups.append(DiceGroup(text, node.pos, tuple(RolledDie(v) for v in g.dice), g.value))
        return g.value
    if isinstance(node, _Neg):
        return -_roll(node.operand, rng, groups, limits)
    if isinstance(node, _Chain):
        acc = _roll(node.first, rng, groups, limits)
        for op, _, operand in node.rest:
            acc = _ARITH[op](acc, _roll(operand, rng, groups, limits))
        return acc
    if isinstance(node, _Compare):
        left = _roll(node.left, rng, groups, limits)
        return int(_CMP[node.op](left, _roll(node.right, rng, groups, limits)))
    if isinstance(node, _Call):
        values = [_roll(arg, rng, groups, limits) for arg in node.args]
        return _CALLS[node.name](*values)
    raise AssertionError(node)  # pragma: no cover


_ARITH: dict[str, Callable[[Any, Any], Number]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: Fraction(a) / b,
}
_CALLS: dict[str, Callable[..., Number]] = {
    "round": round_half_away,
    "floor": lambda x: math.floor(x),
    "ceil": lambda x: math.ceil(x),
    "abs": lambda x: abs(x),
    "min": lambda *xs: min(*xs),
    "max": lambda *xs: max(*xs),
}


# --------------------------------------------------------------------------- exact distribution


def distribution(
    expression: str | Expression,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> dict[int, Fraction]:
    """Exact distribution, value -> probability, computed by icepool; comparisons give 0/1.
    An array line ``Nx…`` gives the distribution of the sum of its N rolls.

    >>> distribution("2d4kh1")[4]
    Fraction(7, 16)
    >>> distribution("d{1..3}") == distribution("d3"), distribution("2x d2") == distribution("2d2")
    (True, True)
    """
    expr = _as_expression(expression, limits, names)
    return dict(_distribution_items(expr))


@lru_cache(maxsize=64)
def _distribution_items(expr: Expression, /) -> tuple[tuple[int, Fraction], ...]:
    expr.check_work()
    die = _die(expr._root, expr.limits)
    if expr.repeat:
        die = expr.repeat @ die
    den = die.denominator()
    return tuple((int(o), Fraction(q, den)) for o, q in die.items() if q)


@lru_cache(maxsize=64)
def _single_items(expr: Expression, /) -> tuple[tuple[int, Fraction], ...]:
    """One roll of the line (an array's element), ascending."""
    expr.check_work()
    die = _die(expr._root, expr.limits)
    den = die.denominator()
    return tuple(sorted((int(o), Fraction(q, den)) for o, q in die.items() if q))


def array(
    expression: str | Expression,
    n: int | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> tuple[dict[int, Fraction], ...]:
    """Roll the line ``n`` times independently and sort the results: the exact distribution of
    each sorted position, highest first (AnyDice's ``[highest 1 of …]``, second highest, … lowest).

    ``n`` may come from the line itself (``6x4d6kh3``); 1 <= n <= ``limits.max_array``.

    >>> best, worst = array("d2", 2)
    >>> best, worst
    ({1: Fraction(1, 4), 2: Fraction(3, 4)}, {1: Fraction(3, 4), 2: Fraction(1, 4)})
    >>> len(array("6x4d6kh3"))
    6
    """
    expr = _as_expression(expression, limits, names)
    count = expr.repeat if n is None else n
    if expr.repeat and n is not None and n != expr.repeat:
        raise ValueError(f"the line rolls {expr.repeat} times, not {n}")
    if type(count) is not int or not 1 <= count <= expr.limits.max_array:
        raise NotationError("array_count", 0, low=1, high=expr.limits.max_array)
    items = _single_items(expr)
    if not expr.repeat:  # the work of n sorted positions, as parse() counts it for ``Nx…``
        work = expr.work + count * count * len(items)
        if work > expr.limits.max_work:
            raise NotationError("too_complex", 0, work=work, max=expr.limits.max_work)
    return tuple(_order_statistic(items, count, k) for k in range(1, count + 1))


def _order_statistic(items: Sequence[tuple[int, Fraction]], n: int, k: int, /) -> dict[int, Fraction]:
    """The distribution of the k-th highest of n independent rolls (``items`` ascending).

    The k-th highest is <= x when at least n - k + 1 of the n rolls are <= x.
    """
    out: dict[int, Fraction] = {}
    below = Fraction(0)  # P(k-th highest <= previous value)
    cdf = Fraction(0)
    for value, p in items:
        cdf += p
        at_most = sum(
            (math.comb(n, j) * cdf**j * (1 - cdf) ** (n - j) for j in range(n - k + 1, n + 1)), Fraction(0)
        )
        if at_most != below:
            out[value] = at_most - below
        below = at_most
    return out


Distribution = Mapping[int, Fraction]


def compare(
    a: str | Expression | Distribution,
    b: str | Expression | Distribution,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> dict[str, Fraction]:
    """Exact ``{"gt": P(A > B), "eq": P(A = B), "lt": P(A < B)}`` for independent A and B,
    each a line (an array line compares its sum) or a distribution (value -> probability).

    >>> compare("d6", "d6") == {"gt": Fraction(5, 12), "eq": Fraction(1, 6), "lt": Fraction(5, 12)}
    True
    >>> compare("4d6kh3", {10: Fraction(1)})["gt"]
    Fraction(947, 1296)
    """
    da, db = (_as_distribution(x, limits, names) for x in (a, b))
    below_b = Fraction(0)  # P(B < value) as values rise
    b_items = sorted(db.items())
    gt = eq = Fraction(0)
    i = 0
    for value, p in sorted(da.items()):
        while i < len(b_items) and b_items[i][0] < value:
            below_b += b_items[i][1]
            i += 1
        gt += p * below_b
        eq += p * db.get(value, Fraction(0))
    return {"gt": gt, "eq": eq, "lt": 1 - gt - eq}


def _as_distribution(
    x: str | Expression | Distribution, limits: Limits, names: Mapping[str, Sequence[int]] | None, /
) -> Mapping[int, Fraction]:
    if isinstance(x, str | Expression):
        return distribution(x, limits=limits, names=names)
    if not isinstance(x, Mapping) or not x:
        raise ValueError("a distribution maps values to probabilities")
    return {int(v): Fraction(p) for v, p in x.items()}


def _icepool() -> Any:
    import icepool  # lazy: only the first exact distribution pays for the import

    return icepool


def _die(node: _Node, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    if isinstance(node, _Const):
        return ip.Die([node.value])
    if isinstance(node, _Dice):
        return _dice_die(node, limits)
    if isinstance(node, _Gauss):
        return _from_distribution(gauss.distribution(node.luck))
    if isinstance(node, _Neg):
        return -_die(node.operand, limits)
    if isinstance(node, _Chain):
        acc = _die(node.first, limits)
        for op, _, operand in node.rest:
            right = _die(operand, limits)
            if op == "+":
                acc = acc + right
            elif op == "-":
                acc = acc - right
            elif op == "*":
                acc = acc * right
            else:
                acc = ip.map(_ARITH["/"], acc, right)
        return acc
    if isinstance(node, _Compare):
        cmp = _CMP[node.op]
        return ip.map(lambda a, b: int(cmp(a, b)), _die(node.left, limits), _die(node.right, limits))
    if isinstance(node, _Call):
        args = [_die(arg, limits) for arg in node.args]
        fn = _CALLS[node.name]
        # icepool's Outcome protocol admits no int or Fraction under pyright (Die[int] is refused too)
        return args[0].map(fn) if len(args) == 1 else ip.map(lambda *xs: fn(xs), *args)  # pyright: ignore[reportArgumentType]
    raise AssertionError(node)  # pragma: no cover


def _from_distribution(dist: dict[int, Fraction], /) -> icepool.Die:
    den = math.lcm(*(p.denominator for p in dist.values()))
    return _icepool().Die({v: int(p * den) for v, p in dist.items()})


def _dice_die(node: _Dice, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    one = ip.Die(list(node.faces))
    if node.reroll is not None:
        cap = 1 if node.reroll_once else limits.reroll_cap
        one = one.reroll({v for v in one.outcomes() if node.reroll(v)}, depth=cap)
    explode = {v for v in one.outcomes() if node.explode(v)} if node.explode is not None else set()
    depth = limits.explode_depth
    success = node.success

    def indicator(v: int) -> int:
        return int(success(v)) if success is not None else v

    if node.keep is not None and not _needs_pool(node):
        if node.keep[0] in ("dh", "dl"):
            return ip.Die([0])  # every die dropped
        node = replace(node, keep=None)  # every die kept
    if node.explode is not None and not node.compound and node.keep is not None:
        pool = one.explode_to_pool(node.count, explode, depth=depth)
        return _keep(pool, node.keep).sum(map=indicator)
    if node.explode is not None and not node.compound and success is not None:
        per_die = _exploded_chain(one, explode, indicator, depth)
        return node.count @ per_die
    if node.explode is not None:
        one = one.explode(explode, depth=depth)
    if node.keep is not None:
        return _keep(one.pool(node.count), node.keep).sum(map=indicator)
    if success is not None:
        one = one.map(indicator)
    return node.count @ one


def _keep(pool: Any, keep: tuple[str, int], /) -> Any:
    word, n = keep
    if word == "kh":
        return pool.highest(keep=n)
    if word == "kl":
        return pool.lowest(keep=n)
    if word == "dh":
        return pool.highest(drop=n)
    return pool.lowest(drop=n)


def _exploded_chain(
    one: icepool.Die, explode: set[int], f: Callable[[int], int], depth: int, /
) -> icepool.Die:
    """Sum of ``f`` over one die's explosion chain, each roll counted separately."""

    def step(previous: icepool.Die) -> Callable[[int], Any]:
        return lambda v: f(v) + previous if v in explode else f(v)

    chain = one.map(f)  # pyright: ignore[reportArgumentType]  (icepool's Outcome protocol: see _die)
    for _ in range(depth):
        chain = one.map(step(chain))
    return chain


# --------------------------------------------------------------------------- summary


@dataclass(frozen=True)
class Summary:
    """Exact distribution with its views: ``=``, ``≥`` and ``≤`` per value, mean, SD, min, max."""

    outcomes: tuple[tuple[int, Fraction], ...]
    mean: Fraction
    variance: Fraction
    minimum: int
    maximum: int

    @property
    def sd(self) -> float:
        """Standard deviation (float)."""
        return math.sqrt(self.variance)

    def equal(self, k: int, /) -> Fraction:
        """P(X = k)."""
        return dict(self.outcomes).get(k, Fraction(0))

    def at_least(self, k: int, /) -> Fraction:
        """P(X >= k)."""
        return dice.at_least(dict(self.outcomes), k)

    def at_most(self, k: int, /) -> Fraction:
        """P(X <= k)."""
        return dice.at_most(dict(self.outcomes), k)

    def table(self) -> list[tuple[int, Fraction, Fraction, Fraction]]:
        """Rows (value, P(=), P(≥), P(≤)) in ascending order of value."""
        rows = []
        below = Fraction(0)
        for v, p in self.outcomes:
            rows.append((v, p, 1 - below, below + p))
            below += p
        return rows


def summary(
    expression: str | Expression,
    *,
    limits: Limits = DEFAULT_LIMITS,
    names: Mapping[str, Sequence[int]] | None = None,
) -> Summary:
    """Exact distribution plus mean, variance/SD, min, max and the =/≥/≤ views.

    >>> s = summary("2d6")
    >>> (s.mean, s.minimum, s.maximum, s.at_least(11), round(s.sd, 3))
    (Fraction(7, 1), 2, 12, Fraction(1, 12), 2.415)
    """
    return summary_of(distribution(expression, limits=limits, names=names))


def summary_of(dist: Mapping[int, Fraction], /) -> Summary:
    """The ``Summary`` of a distribution (value -> probability), e.g. an array position.

    >>> summary_of({1: Fraction(1, 4), 2: Fraction(3, 4)}).mean
    Fraction(7, 4)
    """
    items = tuple(sorted(dist.items()))
    mean = dice.mean(dist)
    variance = sum(((v - mean) ** 2 * p for v, p in items), Fraction(0))
    return Summary(items, mean, variance, items[0][0], items[-1][0])
