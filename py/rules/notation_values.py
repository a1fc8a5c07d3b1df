"""The exact value of a dice-free expression (computed dice ``(4-2)d10``, ``{4/2}``, constant
folding in the analysis) and the arithmetic both it and the dice share: ``%`` with the sign of the
dividend (Roll20, JavaScript), powers bounded by ``Limits.max_value``."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rules.notation_nodes import _Call, _Chain, _Const, _Neg, _Node
from rules.notation_tree import Limits, NotationError, round_half_away

__all__: list[str] = []


def constant(node: _Node, limits: Limits, /) -> Fraction | None:
    """The exact value of a dice-free expression, or None if it rolls dice."""
    if isinstance(node, _Const):
        return Fraction(node.value)
    if isinstance(node, _Neg):
        v = constant(node.operand, limits)
        return None if v is None else -v
    if isinstance(node, _Chain):
        acc = constant(node.first, limits)
        for op, pos, operand in node.rest:
            b = constant(operand, limits)
            if acc is None or b is None:
                return None
            acc = arith(op, acc, b, pos, limits)
        return acc
    if isinstance(node, _Call):
        args = [constant(a, limits) for a in node.args]
        if any(a is None for a in args):
            return None
        values = [a for a in args if a is not None]
        if node.name == "pow":
            return arith("^", values[0], values[1], node.pos, limits)
        return Fraction(CALLS[node.name](*values))
    return None


def arith(op: str, a: Fraction, b: Fraction, pos: int, limits: Limits, /) -> Fraction:
    """``a op b`` exactly; a zero divisor or a power beyond ``limits.max_value`` is refused."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op in "/%" and b == 0:
        raise NotationError("divisor_zero", pos)
    if op == "/":
        return a / b
    if op == "%":
        return a - b * math.trunc(a / b)  # the sign of the dividend, as Roll20 and JavaScript
    if a == 0 and b < 0:
        raise NotationError("divisor_zero", pos)
    if b.denominator != 1 or not -64 <= b <= 64 or (abs(a) > 1 and abs(a) ** abs(b) > limits.max_value):
        raise NotationError("number_too_large", pos, max=limits.max_value)
    return Fraction(a ** int(b))


CALLS: dict[str, Any] = {
    "round": round_half_away,
    "floor": lambda x: math.floor(x),
    "ceil": lambda x: math.ceil(x),
    "abs": lambda x: abs(x),
    "sign": lambda x: (x > 0) - (x < 0),
    "min": lambda *xs: min(*xs),
    "max": lambda *xs: max(*xs),
}
