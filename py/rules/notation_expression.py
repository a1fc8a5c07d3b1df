"""A parsed, checked notation line: the bounds and work estimate of its tree (analysis),
``Expression``, ``parse`` and named-die definitions. Re-exported by :mod:`rules.notation`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from rules.notation_parser import (
    _Parser,
)
from rules.notation_tree import (
    _FUNCTIONS,
    _LOWER,
    _NAME,
    DEFAULT_LIMITS,
    Limits,
    Names,
    NotationError,
    _Call,
    _Chain,
    _Compare,
    _Const,
    _Dice,
    _Gauss,
    _Neg,
    _Node,
    round_half_away,
)

__all__ = [
    "Expression",
    "parse",
    "definition",
]

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
