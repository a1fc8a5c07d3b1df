"""Dice notation's parser: hand-written recursive descent over one line, building the tree of
:mod:`rules.notation_nodes` and refusing, with a code and a position, what the grammar or the
limits do not allow. Dice terms and their modifiers are read by :mod:`rules.notation_terms`."""

from __future__ import annotations

from collections.abc import Callable

from rules import gauss
from rules.notation_groups import group
from rules.notation_nodes import _Call, _Chain, _Compare, _Const, _Gauss, _Neg, _Node
from rules.notation_scan import MODIFIER_WORDS, _Scanner
from rules.notation_terms import modifiers, random_dice, sides
from rules.notation_tree import _CMP_SPELLINGS, _DIGITS_SET, _FUNCTIONS, _IRRATIONAL, _SPACE, round_half_away
from rules.notation_values import constant

__all__: list[str] = []

DIE_LETTERS = "дДkK"  # what a die's letter is sometimes written as (д: дайс; k: к transliterated)
PREFIXES = ("/roll ", "/r ", "/gmroll ", "/gr ")  # a chat command pasted with its formula (Roll20, Foundry)
# Words that read as notation: text after a formula that starts with one of them is not a label.
KEYWORDS = (
    frozenset(MODIFIER_WORDS) | frozenset(_FUNCTIONS) | {"gauss", "gaussd20", "d", "df", "dgf", "dc", "x"}
)


def name_definition(low: str, /) -> tuple[str, int, int] | None:
    """``fib = …`` at the start of a (folded) line: (name, its start, the end of '='), else None."""
    i = 0
    while i < len(low) and low[i] in " \t":
        i += 1
    start = i
    if i >= len(low) or not ("a" <= low[i] <= "z"):
        return None
    while i < len(low) and i - start < 21 and low[i].isascii() and low[i].isalnum():
        i += 1
    if i - start > 20 or (i < len(low) and low[i].isascii() and low[i].isalnum()):
        return None
    name = low[start:i]
    while i < len(low) and low[i] in " \t":
        i += 1
    if i >= len(low) or low[i] != "=" or low[i + 1 : i + 2] in ("=", "<", ">"):
        return None
    return name, start, i + 1


class _Parser(_Scanner):
    """Hand-written recursive descent over characters; whitespace matters only inside dice terms."""

    # line level
    def prefix(self) -> None:
        """A pasted chat command (``/roll 1d20+5``) is skipped."""
        self.skip()
        for word in PREFIXES:
            if self.eat(word):
                self.skip()
                break
        self.start = self.pos

    def array_count(self) -> int:
        """``N x`` in front of a line (``6x4d6kh3``, ``6 x 4d6kh3``): N, else 0 (not an array)."""
        start = self.pos
        self.skip()
        at = self.pos
        end = at
        while end < len(self.low) and self.low[end] in _DIGITS_SET:
            end += 1
        after = end
        while after < len(self.low) and self.low[after] in " \t":
            after += 1
        if end == at or self.at(after) != "x":
            self.pos = start
            return 0
        count = int(self.low[at:end]) if end - at < 10 else self.limits.max_array + 1
        if not 1 <= count <= self.limits.max_array:
            raise self.error("array_count", at, low=1, high=self.limits.max_array)
        self.pos = after + 1
        return count

    def line(self) -> tuple[_Node, str | None]:
        node = self.expression()
        self.end = self.pos
        self.skip()
        label = None
        if self.eat("#") or self.eat("//"):
            label = self.text[self.pos :].strip()
            self.pos = len(self.text)
        elif self.pos < len(self.text) and self.pos > 0 and self.text[self.pos - 1] in " \t":
            label = self.trailing_label()
        if self.pos < len(self.text):
            if self.text[self.pos] in "),]}":
                raise self.error("unbalanced_paren")
            self.die_letter(self.pos, operand=False)
            self.foreign(self.pos)
            raise self.error("trailing_char", char=self.text[self.pos])
        labels = [*self.notes, *([label] if label else [])]
        return node, ("; ".join(labels) if labels else label)

    def trailing_label(self) -> str | None:
        """Words after a formula and a space are its label (Roll20: ``1d20+5 Roll for Initiative``),
        unless the first word reads as notation (``2d6 kh1`` stays an error). A Russian word of one
        letter before a space is a preposition, never a die (``1к20+5 к попаданию``, ``в голову``)."""
        end = self.pos
        while end < len(self.text) and self.text[end].isalpha():
            end += 1
        word = self.text[self.pos : end].translate({ord("к"): "d", ord("К"): "d"}).lower()
        nxt = self.text[end : end + 1]
        preposition = end - self.pos == 1 and not self.text[self.pos].isascii()
        if preposition and nxt and nxt in _SPACE and self.text[end:].strip():
            pass
        elif end - self.pos < 2 or word in KEYWORDS or (nxt and (nxt in _DIGITS_SET or nxt in "(<>=!{")):
            return None
        label = self.text[self.pos :].strip()
        self.read("trailing_label", self.pos, label=label)
        self.pos = len(self.text)
        return label

    # expressions
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
        ops = (("*", "*"), ("×", "*"), ("/", "/"), ("÷", "/"), ("%", "%"))
        return self.chain(self.unary, ops)

    def chain(self, operand: Callable[[], _Node], ops: tuple[tuple[str, str], ...], /) -> _Node:
        self.skip()
        start = self.pos
        first = operand()
        rest: list[tuple[str, int, _Node]] = []
        while True:
            self.skip()
            pos = self.pos
            if self.peek(2) in ("//", "**"):
                break  # a comment (the label), or a power (read below)
            op = next((name for spelling, name in ops if self.eat(spelling)), None)
            if op is None:
                break
            rest.append((op, pos, operand()))
        return first if not rest else _Chain(start, first, tuple(rest))

    def unary(self) -> _Node:
        self.skip()
        pos = self.pos
        if self.eat("-") or self.eat("−") or self.eat("+"):
            self.nest()
            inner = self.unary()
            self.depth -= 1
            return _Neg(pos, inner) if self.text[pos] != "+" else inner
        return self.power()

    def power(self) -> _Node:
        """``a ** b`` / ``a ^ b``, right-associative, above the unary minus (``-2^2`` is -4)."""
        base = self.primary()
        self.annotations()
        self.skip()
        pos = self.pos
        if self.eat("**") or self.eat("^"):
            self.nest()
            exponent = self.unary()
            self.depth -= 1
            return _Chain(base_pos(base), base, (("^", pos, exponent),))
        return base

    def annotations(self) -> None:
        """Inline labels after an operand: ``2d6[fire]`` (Roll20, Foundry), ``4d6 /* ice */``."""
        while True:
            save = self.pos
            self.skip()
            if self.peek() == "[" and self.peek(2) != "[[":
                end = self.text.find("]", self.pos)
                if end < 0:
                    raise self.error("expected_token", len(self.text), token="]")
                self.notes.append(self.text[self.pos + 1 : end].strip())
                self.pos = end + 1
            elif self.peek(2) == "/*":
                end = self.text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.error("expected_token", len(self.text), token="*/")
                self.notes.append(self.text[self.pos + 2 : end].strip())
                self.pos = end + 2
            else:
                self.pos = save
                return

    def paren_operand(self) -> _Node:
        """``( … )`` or an inline roll ``[[ … ]]`` (Roll20)."""
        closing = ")" if self.eat("(") else "]]"
        if closing == "]]":
            self.pos += 2
        self.nest()
        node = self.expression()
        self.skip()
        self.foreign(self.pos)  # [[1t[weather]]]: said as what it is, not as a missing ]]
        self.expect(closing)
        self.depth -= 1
        return node

    def primary(self) -> _Node:
        self.skip()
        pos = self.pos
        ch = self.peek()
        if ch == "(" or self.peek(2) == "[[":
            node = self.paren_operand()
            if self.peek() == "d" and self.die_follows(self.pos + 1):
                return self.computed_dice(pos, node)
            return node
        if ch == "{":
            return group(self, self, pos)
        if ch in _DIGITS_SET:
            value = self.decimal()
            if isinstance(value, int) and self.peek() == "d" and self.die_follows(self.pos + 1):
                return self.dice(pos, value)
            named = self.named_die() if isinstance(value, int) else None
            if named is not None:
                return self.dice(pos, int(value), named)
            if self.peek() == "d" and not self.at(self.pos + 1).isalnum():
                raise self.error("expected_sides", self.pos + 1)
            return _Const(pos, value)
        if ch == "d" and self.die_follows(self.pos + 1):
            return self.dice(pos, 1)
        if ch.isalpha() and ch.isascii():
            self.pos = self.letters_end(pos)
            name = self.low[pos : self.pos]
            if name == "d":
                raise self.error("expected_sides")
            if name in ("gauss", "gaussd20"):
                return self.gauss(pos)
            if name in _FUNCTIONS:
                return self.call(pos, name)
            if name in _IRRATIONAL:
                raise self.error("not_supported", pos, form="irrational", text=self.text[pos : self.pos])
            self.pos = pos
            named = self.named_die()
            if named is not None:
                return self.dice(pos, 1, named)
            self.die_letter(pos, operand=True)
            self.foreign(pos)
            self.pos = pos + len(name)
            raise self.error("unknown_name", pos, name=self.text[pos : self.pos])
        self.die_letter(pos, operand=True)
        self.foreign(pos)
        if not ch:
            raise self.error("expected_operand")
        raise self.error("unexpected_char", char=self.text[pos])

    def foreign(self, pos: int, /) -> None:
        """What another tool writes in place of a number: a character's attribute (``@prof``,
        ``@{strength}``), a Roll20 query ``?{Bonus|2}`` or roll option ``&{tracker}``, a roll on a
        Roll20 table ``1t[weather]``."""
        if self.low.startswith("t[", pos):
            close = self.text.find("]", pos)
            end = len(self.text) if close < 0 else close + 1
            raise self.error("not_supported", pos, form="roll_table", text=self.text[pos:end])
        head = self.peek(2)
        if head[:1] != "@" and head not in ("?{", "&{"):
            return
        end = self.pos + 1
        if head in ("@{", "?{", "&{"):
            close = self.text.find("}", self.pos)
            end = len(self.text) if close < 0 else close + 1
        else:
            while end < len(self.text) and (self.text[end].isalnum() or self.text[end] in "._"):
                end += 1
        form = {"?": "query", "&": "roll_option"}.get(head[0], "attribute")
        raise self.error("not_supported", pos, form=form, text=self.text[pos:end])

    def die_letter(self, pos: int, /, *, operand: bool) -> None:
        """``д``/``Д``, or a Latin ``k`` at an operand or glued to a count, where a die's letter goes
        (before its sides: ``3д6``, ``k20``): refused with the same dice spelled ``3к6`` and ``3d6``."""
        letter, nxt = self.text[pos : pos + 1], self.text[pos + 1 : pos + 2]
        if not (letter and letter in DIE_LETTERS and nxt and (nxt in _DIGITS_SET or nxt in "fF%{")):
            return
        glued = pos > 0 and (self.text[pos - 1] in _DIGITS_SET or self.text[pos - 1] == ")")
        if letter in "kK" and not (operand or glued):
            return  # 2d6 k3: a keep written apart, worded as an unexpected character
        start, end = pos, pos + 1
        while start > 0 and self.text[start - 1] in _DIGITS_SET:
            start -= 1
        if nxt == "{":
            close = self.text.find("}", pos, pos + 40)
            rest = self.text[pos + 1 : close + 1] if close > 0 else "{…}"
        else:
            while (
                end < len(self.text)
                and end - pos <= 6
                and (self.text[end].isalnum() or self.text[end] == "%")
            ):
                end += 1
            rest = self.text[pos + 1 : end]
        count = self.text[start:pos]
        raise self.error(
            "not_supported", pos, form="die_letter", text=letter, ru=f"{count}к{rest}", en=f"{count}d{rest}"
        )

    def computed_dice(self, pos: int, count: _Node, /) -> _Node:
        """``(4-2)d10`` (a computed number, rounded to the nearest as Roll20 does), ``(2d4)d8``."""
        value = constant(count, self.limits)
        if value is None:
            return self.dice(pos, 1, None, count)
        n = round_half_away(value)
        if n < 0:
            raise self.error("dice_count_zero", pos)
        return self.dice(pos, n)

    def named_die(self) -> tuple[int, ...] | None:
        """The faces of the longest named die the word here starts with (its modifiers may follow)."""
        word = self.low[self.pos : self.letters_end(self.pos)]
        name = max((n for n in self.names if word.startswith(n)), key=len, default=None)
        if name is None:
            return None
        self.pos += len(name)
        return self.names[name]

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

    def dice(
        self, pos: int, count: int, named: tuple[int, ...] | None = None, count_node: _Node | None = None, /
    ) -> _Node:
        lim = self.limits
        if count > lim.max_dice_per_term:
            raise self.error("too_many_dice", pos, max=lim.max_dice_per_term)
        sides_node = None
        if named is None:
            self.pos += 1  # the die's letter
            faces, sides_node = sides(self, self)
        else:
            faces = named
        node = modifiers(self, pos, count, faces, sides_node is not None)
        return random_dice(pos, self.text[pos : self.pos], count_node, sides_node, node)


def base_pos(node: _Node, /) -> int:
    return node.pos
