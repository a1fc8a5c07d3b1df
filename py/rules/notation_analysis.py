"""Dice notation's analysis: conservative bounds, the number of dice and an a-priori work estimate
of every node, computed from the syntax tree before anything is rolled or built. A line whose
estimate passes ``Limits.max_work`` is refused exact odds (``too_complex``); the finer routing
bound (page or compute worker) is :mod:`rules.notation_cost`."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.notation_nodes import (
    _Call,
    _Chain,
    _Compare,
    _Const,
    _Dice,
    _Gauss,
    _Group,
    _Neg,
    _Node,
    _RandomDice,
)
from rules.notation_tree import Limits, NotationError, round_half_away
from rules.notation_values import CALLS, arith

__all__: list[str] = []

CAP = 10**12  # outcomes beyond this are not counted more finely


@dataclass(frozen=True)
class _Info:
    lo: Fraction
    hi: Fraction
    integral: bool
    support: int
    work: int
    dice: int
    div_pos: int | None = None
    exact: Fraction | None = None  # the value of a dice-free node


def _support(lo: Fraction, hi: Fraction, integral: bool, cap: int, /) -> int:
    width = int(hi - lo) + 1 if integral else cap
    return max(1, min(width, cap))


# --------------------------------------------------------------------------- one dice term


def depth_of(node: _Dice, limits: Limits, /) -> int:
    """Extra throws a die's explosion chain may have: 0, 1 (xo), the term's cap, or the limit."""
    if node.explode is None:
        return 0
    if node.explode_once:
        return 1
    if node.explode_cap is not None:
        return min(node.explode_cap, node.count * limits.explode_depth)
    return limits.explode_depth


def _chain_bounds(node: _Dice, depth: int, /) -> tuple[int, int]:
    """Exact min and max of one die with its explosion chain (at most ``depth`` extra rolls, each
    one less when penetrating)."""
    explode = node.explode
    if explode is None or not depth:
        return node.low, node.high
    boom = [v for v in set(node.faces) if explode(v)]
    if not boom:
        return node.low, node.high
    # one pass over the faces, then per level only the extremes: a die of 10,000 faces stays cheap
    calm = [v for v in set(node.faces) if not explode(v)]
    pen = 1 if node.penetrate else 0
    lo = hi = 0
    for level in range(depth, -1, -1):
        shift = pen if level else 0
        lo = min([min(boom) - shift + lo] + ([min(calm) - shift] if calm else []))
        hi = max([max(boom) - shift + hi] + ([max(calm) - shift] if calm else []))
    return lo, hi


def keep_slice(keep: tuple[tuple[str, int], ...], size: int, /) -> tuple[int, int]:
    """(dropped from the bottom, dropped from the top) of ``size`` sorted dice: every keep/drop
    drops its dice, and a die dropped by any one is dropped (rpg-dice-roller's reading)."""
    bottom = top = 0
    for word, n in keep:
        if word == "kh":
            bottom = max(bottom, size - n)
        elif word == "kl":
            top = max(top, size - n)
        elif word == "dh":
            top = max(top, n)
        else:
            bottom = max(bottom, n)
    return min(bottom, size), min(top, size)


def _kept_range(keep: tuple[tuple[str, int], ...], low: int, high: int, /) -> tuple[int, int]:
    """How many dice are kept, given that the pool has between ``low`` and ``high`` dice."""
    if not keep:
        return low, high
    counts = [max(0, s - sum(keep_slice(keep, s))) for s in (low, high)]
    return min(counts), max(counts)


def _needs_pool(node: _Dice, /) -> bool:
    """Whether a keep/drop really chooses among the dice; keeping all of them (``d20kh1``) is a
    plain sum and dropping all of them (``d2000dl1``) is 0, computed without a pool."""
    if not node.keep:
        return False
    if node.explode is not None and not node.compound:
        return True  # the number of dice varies with the explosions
    bottom, top = keep_slice(node.keep, node.count)
    return 0 < bottom + top < node.count


def unit_range(node: _Dice, limits: Limits, /) -> tuple[int, int, int]:
    """(lo, hi, outcomes) of what one unit adds: a die, or a compounded chain."""
    depth = depth_of(node, limits)
    if node.explode is not None and node.compound:
        lo, hi = _chain_bounds(node, depth)
        width = min(hi - lo + 1, node.distinct ** (depth + 1))
    else:
        lo, hi = node.low - (1 if node.penetrate else 0), node.high
        width = node.distinct + (1 if node.penetrate else 0)
    if node.success is not None:
        low_fail = -max(abs(lo), abs(hi)) if node.failure_value else -1
        return (low_fail if node.failure is not None else 0), 1, 3
    if node.failure is not None:
        low_fail = -max(abs(lo), abs(hi)) if node.failure_value else -1
        return min(lo, low_fail), max(hi, 0 if node.failure_value else hi), width + 1
    return lo, hi, width


def dice_bounds(node: _Dice, limits: Limits, /) -> tuple[int, int]:
    """Conservative min and max of a dice term's value."""
    n, depth = node.count, depth_of(node, limits)
    if node.matches is not None:
        return 0, n // node.matches[0]
    unit_lo, unit_hi, _ = unit_range(node, limits)
    separate = node.explode is not None and not node.compound
    if separate and node.explode_cap is not None:
        low_count, high_count = n, n + node.explode_cap
    elif separate:
        low_count, high_count = n, n * (depth + 1)
    else:
        low_count = high_count = n
    kept_low, kept_high = _kept_range(node.keep, low_count, high_count)
    corners = [k * v for k in (kept_low, kept_high) for v in (unit_lo, unit_hi)]
    lo, hi = min(corners), max(corners)
    if separate and node.keep == ():
        # a chain adds every throw: n chains of (depth + 1) units at most
        chain_lo, chain_hi = _chain_bounds(node, depth)
        if node.success is None and node.failure is None:
            lo, hi = min(lo, n * chain_lo), max(hi, n * chain_hi)
    if node.margin is not None:
        sign, m = node.margin
        lo, hi = (lo - m, hi - m) if sign == "+" else (m - hi, m - lo)
    return lo, hi


def _analyse_dice(node: _Dice, limits: Limits, /) -> _Info:
    n, depth = node.count, depth_of(node, limits)
    distinct = node.distinct
    lo, hi = dice_bounds(node, limits)
    chain_lo, chain_hi = _chain_bounds(node, depth)
    chain_support = min(chain_hi - chain_lo + 1, distinct ** (depth + 1))
    unit_support = unit_range(node, limits)[2]
    separate = node.explode is not None and not node.compound
    if _needs_pool(node) and (distinct if separate else unit_support) > limits.max_keep_values:
        raise NotationError("keep_too_wide", node.pos, max=limits.max_keep_values)
    reroll_work = distinct * 4 if node.reroll else 0
    explode_work = depth * distinct * chain_support
    sums = hi - lo + 1
    if node.has_unique:
        # states: the values already rolled (of those that must not repeat) and the running total
        unique = node.unique
        values = min(64, distinct if unique is None else sum(1 for v in set(node.faces) if unique(v)))
        subsets = min(2**values, sum(math.comb(values, k) for k in range(min(n, values) + 1)))
        work = subsets * sums * distinct * max(1, n) // 4 + n * distinct
    elif node.matches is not None:
        work = distinct * (n + 1) ** 3
    elif node.explode_cap is not None:
        work = (n + 1) * (node.explode_cap + 1) * sums * distinct
    elif node.keep and not _needs_pool(node) and dice_bounds(node, limits) == (0, 0) and not node.margin:
        work = n * distinct  # every die dropped
    elif not node.keep or not _needs_pool(node):
        per_die = unit_support if not separate else (depth + 2 if node.counts else chain_support)
        # icepool adds the dice one by one: about n² · s² / 2 products
        work = n * n * per_die * per_die // 2 + n * per_die
    elif separate and node.explode is not None:
        # explode_to_pool mixes one pool per split of explosions; measured ≈ n³ per exploding face
        explode = node.explode
        exploding = sum(1 for v in set(node.faces) if explode(v))
        work = 1000 * n**3 * exploding * max(1, depth) // 10
    else:
        _, kept_high = _kept_range(node.keep, n, n)
        work = unit_support * n * max(1, min(sums, kept_high * unit_support))
    work += explode_work + reroll_work
    return _Info(Fraction(lo), Fraction(hi), True, max(1, sums), work, n)


# --------------------------------------------------------------------------- any node


def _analyse(node: _Node, limits: Limits, /) -> _Info:
    if isinstance(node, _Const):
        v = Fraction(node.value)
        return _Info(v, v, v.denominator == 1, 1, 1, 0, None if v.denominator == 1 else node.pos, v)
    if isinstance(node, _Gauss):
        return _Info(Fraction(1), Fraction(20), True, 20, 100, 3)
    if isinstance(node, _Dice):
        return _analyse_dice(node, limits)
    if isinstance(node, _RandomDice):
        return _analyse_random(node, limits)
    if isinstance(node, _Group):
        return _analyse_group(node, limits)
    if isinstance(node, _Neg):
        i = _analyse(node.operand, limits)
        return replace(i, lo=-i.hi, hi=-i.lo, exact=None if i.exact is None else -i.exact)
    if isinstance(node, _Chain):
        acc = _analyse(node.first, limits)
        for op, pos, operand in node.rest:
            acc = _binary(acc, op, pos, _analyse(operand, limits), limits)
        return acc
    if isinstance(node, _Compare):
        a, b = _analyse(node.left, limits), _analyse(node.right, limits)
        work = a.work + b.work + a.support * b.support
        return _Info(Fraction(0), Fraction(1), True, 2, work, a.dice + b.dice)
    if isinstance(node, _Call):
        return _analyse_call(node, limits)
    raise AssertionError(node)  # pragma: no cover


def _binary(a: _Info, op: str, pos: int, b: _Info, limits: Limits, /) -> _Info:
    div_pos = a.div_pos if a.div_pos is not None else b.div_pos
    work = a.work + b.work + a.support * b.support
    dice = a.dice + b.dice
    if a.exact is not None and b.exact is not None:  # dice-free: the value itself (4/2 is 2)
        v = arith(op, a.exact, b.exact, pos, limits)
        whole = v.denominator == 1
        return _Info(v, v, whole, 1, work, dice, div_pos if whole or div_pos is not None else pos, v)
    if op in "/%" and b.lo <= 0 <= b.hi:
        raise NotationError("divisor_zero", pos)
    integral = a.integral and b.integral
    if op == "+":
        lo, hi = a.lo + b.lo, a.hi + b.hi
    elif op == "-":
        lo, hi = a.lo - b.hi, a.hi - b.lo
    elif op in "*/":
        f = (lambda x, y: x * y) if op == "*" else (lambda x, y: x / y)
        corners = [f(x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        lo, hi = min(corners), max(corners)
        if op == "/":
            integral, div_pos = False, div_pos if div_pos is not None else pos
    elif op == "%":
        top = max(abs(b.lo), abs(b.hi))
        lo = max(-top, a.lo) if a.lo < 0 else Fraction(0)
        hi = min(top, a.hi) if a.hi > 0 else Fraction(0)
    else:  # a power: a whole, non-negative exponent up to 64 and a bounded result
        lo, hi, integral, div_pos = _power(a, b, pos, limits, integral, div_pos)
    support = _support(lo, hi, integral, min(CAP, a.support * b.support))
    return _Info(lo, hi, integral, support, work, dice, div_pos)


def _power(a: _Info, b: _Info, pos: int, limits: Limits, integral: bool, div_pos: int | None, /):
    if not b.integral or b.hi > 64:
        raise NotationError("number_too_large", pos, max=limits.max_value)
    top = max(abs(a.lo), abs(a.hi), Fraction(1)) ** int(b.hi)
    if top > limits.max_value:
        raise NotationError("number_too_large", pos, max=limits.max_value)
    if b.lo < 0:
        if a.lo <= 0 <= a.hi:
            raise NotationError("divisor_zero", pos)
        integral, div_pos = False, div_pos if div_pos is not None else pos
    return (-top if a.lo < 0 else Fraction(0)), top, integral, div_pos


def _analyse_call(node: _Call, limits: Limits, /) -> _Info:
    infos = [_analyse(arg, limits) for arg in node.args]
    work = sum(i.work for i in infos)
    product = math.prod(i.support for i in infos)
    n_dice = sum(i.dice for i in infos)
    div_pos = next((i.div_pos for i in infos if i.div_pos is not None), None)
    if node.name == "pow":
        return _binary(infos[0], "^", node.pos, infos[1], limits)
    if all(i.exact is not None for i in infos) and node.name != "pow":
        v = Fraction(CALLS[node.name](*(i.exact for i in infos)))
        whole = v.denominator == 1
        return _Info(
            v, v, whole, 1, work + 1, n_dice, None if whole else node.pos if div_pos is None else div_pos, v
        )
    if node.name in ("round", "floor", "ceil"):
        i = infos[0]
        fn = {"round": round_half_away, "floor": math.floor, "ceil": math.ceil}[node.name]
        lo, hi = Fraction(fn(i.lo)), Fraction(fn(i.hi))
        return _Info(lo, hi, True, _support(lo, hi, True, i.support), work + i.support, n_dice)
    if node.name == "sign":
        i = infos[0]
        lo, hi = Fraction((i.lo > 0) - (i.lo < 0)), Fraction((i.hi > 0) - (i.hi < 0))
        return _Info(lo, hi, True, 3, work + i.support, n_dice)
    if node.name == "abs":
        i = infos[0]
        lo = Fraction(0) if i.lo <= 0 <= i.hi else min(abs(i.lo), abs(i.hi))
        hi = max(abs(i.lo), abs(i.hi))
        return _Info(lo, hi, i.integral, i.support, work + i.support, n_dice, div_pos)
    pick = min if node.name == "min" else max
    lo, hi = pick(i.lo for i in infos), pick(i.hi for i in infos)
    integral = all(i.integral for i in infos)
    support = _support(lo, hi, integral, min(CAP, product))
    return _Info(lo, hi, integral, support, work + product * len(infos), n_dice, div_pos)


def _analyse_group(node: _Group, limits: Limits, /) -> _Info:
    infos = [_analyse(item, limits) for item in node.items]
    div_pos = next((i.div_pos for i in infos if not i.integral), None)
    if div_pos is not None:
        raise NotationError("needs_rounding", div_pos)
    work = sum(i.work for i in infos)
    dice = sum(i.dice for i in infos)
    m = len(infos)
    if node.pool:
        n = len(node.pool)
        bottom, top = keep_slice(node.keep, n)
        kept = max(0, n - bottom - top)
        values = len({v for die in node.pool for v in die.faces})
        if 0 < bottom + top < n and values > limits.max_keep_values:
            raise NotationError("keep_too_wide", node.pos, max=limits.max_keep_values)
        lows = sorted(d.low for d in node.pool)
        highs = sorted(d.high for d in node.pool)
        lo = Fraction(sum(lows[:kept]) + node.offset)
        hi = Fraction(sum(highs[n - kept :]) + node.offset) if kept else Fraction(node.offset)
        work += values * n * max(1, int(hi - lo) + 1)
    elif node.keep:
        bottom, top = keep_slice(node.keep, m)
        kept = max(0, m - bottom - top)
        lo = sum(sorted(i.lo for i in infos)[:kept]) if kept else Fraction(0)
        hi = sum(sorted(i.hi for i in infos)[m - kept :]) if kept else Fraction(0)
        union = sum(i.support for i in infos)
        work += union * m * max(1, min(int(hi - lo) + 1, CAP))
    else:
        lo, hi = sum(i.lo for i in infos), sum(i.hi for i in infos)
        work += sum(i.support for i in infos) ** 2
    if node.success is not None:
        lo, hi = Fraction(-m if node.failure is not None else 0), Fraction(m if not node.pool else 1)
        if node.pool:
            lo = Fraction(-1 if node.failure is not None else 0)
    return _Info(
        Fraction(lo), Fraction(hi), True, _support(Fraction(lo), Fraction(hi), True, CAP), work, dice
    )


def _analyse_random(node: _RandomDice, limits: Limits, /) -> _Info:
    """Dice whose number or sides are rolled: every pair (count, sides) is one term, mixed."""
    template = node.template
    counts = _analyse(node.count, limits) if node.count is not None else None
    sides = _analyse(node.sides, limits) if node.sides is not None else None
    c_lo, c_hi = (template.count, template.count) if counts is None else (counts.lo, counts.hi)
    c_lo, c_hi = round_half_away(c_lo), round_half_away(c_hi)
    if c_lo < 0:
        raise NotationError("dice_count_zero", node.pos)
    if c_hi > limits.max_dice_per_term:
        raise NotationError("too_many_dice", node.pos, max=limits.max_dice_per_term)
    pairs = c_hi - c_lo + 1
    corners = [(c_lo, template.faces), (c_hi, template.faces)]
    if sides is not None:
        s_lo, s_hi = round_half_away(sides.lo), round_half_away(sides.hi)
        if s_lo < 1:
            raise NotationError("no_sides", node.pos)
        if s_hi > limits.max_sides:
            raise NotationError("too_many_sides", node.pos, max=limits.max_sides)
        pairs *= s_hi - s_lo + 1
        corners = [(c, tuple(range(1, s + 1))) for c in (c_lo, c_hi) for s in (s_lo, s_hi)]
    infos = [_analyse_dice(replace(template, count=c, faces=f), limits) for c, f in corners]
    lo, hi = min(i.lo for i in infos), max(i.hi for i in infos)
    work = pairs * max(i.work for i in infos)
    for extra in (counts, sides):
        if extra is not None:
            work += extra.work
    dice = c_hi + sum(e.dice for e in (counts, sides) if e is not None)
    return _Info(lo, hi, True, _support(lo, hi, True, CAP), work, dice)
