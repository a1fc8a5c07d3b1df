"""Dice notation's parser: hand-written recursive descent over one line, building the tree of
:mod:`rules.notation_tree` and refusing, with a code, what the grammar or the limits do not allow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import gauss
from rules.notation_tree import (
    _ARRAY,
    _CMP_SPELLINGS,
    _CP_SPELLINGS,
    _DIGITS_SET,
    _FUNCTIONS,
    _LOWER,
    _SPACE,
    Limits,
    Names,
    NotationError,
    _Call,
    _Chain,
    _Compare,
    _Cond,
    _Const,
    _Dice,
    _Gauss,
    _Neg,
    _Node,
)

__all__ = []

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
