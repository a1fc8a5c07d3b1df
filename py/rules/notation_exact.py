"""Exact distributions of a parsed line, as icepool dice (imported lazily, on the first call):
every node of :mod:`rules.notation_nodes`, each dice term by the cheapest exact route (a plain sum,
a keep/drop pool, an explosion chain, or the sequential forms of :mod:`rules.notation_sequences`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules import dice, gauss, notation_cost, notation_sequences
from rules.notation_analysis import _needs_pool, depth_of, keep_slice
from rules.notation_nodes import (
    _CMP,
    _any,
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
from rules.notation_tree import Limits, round_half_away
from rules.notation_values import CALLS

if TYPE_CHECKING:  # pragma: no cover
    import icepool

__all__: list[str] = []


def _icepool() -> Any:
    import icepool  # lazy: only the first exact distribution pays for the import

    return icepool


def _mod(a: Any, b: Any) -> Any:
    """``a % b`` with the sign of ``a`` (Roll20, JavaScript), exact for Fractions."""
    return a - b * math.trunc(Fraction(a) / b)


ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: Fraction(a) / b,
    "%": _mod,
    "^": lambda a, b: Fraction(a) ** b if b < 0 else a**b,
}


def _die(node: _Node, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    if isinstance(node, _Const):
        return ip.Die([node.value])
    if isinstance(node, _Dice):
        return _dice_die(node, limits)
    if isinstance(node, _RandomDice):
        return _random_die(node, limits)
    if isinstance(node, _Group):
        return _group_die(node, limits)
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
                acc = ip.map(ARITH[op], acc, right)
        return acc
    if isinstance(node, _Compare):
        cmp = _CMP[node.op]
        return ip.map(lambda a, b: int(cmp(a, b)), _die(node.left, limits), _die(node.right, limits))
    if isinstance(node, _Call):
        args = [_die(arg, limits) for arg in node.args]
        fn = ARITH["^"] if node.name == "pow" else CALLS[node.name]
        return _map(args[0], fn) if len(args) == 1 else ip.map(lambda *xs: fn(*xs), *args)
    raise AssertionError(node)  # pragma: no cover


def _map(die: Any, fn: Any, /) -> Any:
    """``die.map(fn)``: icepool's Outcome protocol admits no int or Fraction under pyright (Die[int]
    is refused too), so the die and the function pass untyped."""
    return die.map(fn)


def _from_distribution(dist: dict[int, Fraction], /) -> icepool.Die:
    den = math.lcm(*(p.denominator for p in dist.values()))
    return _icepool().Die({v: int(p * den) for v, p in dist.items()})


def _margin(die: icepool.Die, node: _Dice, /) -> icepool.Die:
    if node.margin is None:
        return die
    sign, m = node.margin
    return _map(die, lambda t: t - m) if sign == "+" else _map(die, lambda t: m - t)


def _dice_die(node: _Dice, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    if node.count == 0:
        return _margin(ip.Die([0]), node)
    one = ip.Die(list(node.faces))
    if node.reroll:
        bad = {v for v in one.outcomes() if _any(node.reroll, v)}
        if len(bad) < len(one):  # rerolled once whatever it shows, a die is the same die (d6ro<7)
            one = one.reroll(bad, depth=1 if node.reroll_once else "inf")
    weights = {int(v): int(q) for v, q in one.items()}
    f = node.value_of
    if node.has_unique:
        equal = len(set(weights.values())) == 1 and len(weights) >= node.count
        if node.unique is None and not node.unique_once and equal:
            return _margin(ip.Deck([f(v) for v in weights]).deal(node.count).sum(), node)
        dist = notation_sequences.unique_sum(weights, node.count, f, node.unique, node.unique_once)
        return _margin(_from_distribution(dist), node)
    if node.matches is not None:
        least, cond = node.matches
        return _margin(
            _from_distribution(notation_sequences.matches_count(weights, node.count, least, cond)), node
        )
    if node.explode_cap is not None and node.explode is not None:
        boom = {v for v in weights if node.explode(v)}
        dist = notation_sequences.capped_sum(
            weights, node.count, f, boom, node.explode_cap, node.explode_once
        )
        return _margin(_from_distribution(dist), node)
    return _margin(_chained(node, one, limits), node)


def _chained(node: _Dice, one: icepool.Die, limits: Limits, /) -> icepool.Die:
    """A term of independent dice: each with its explosion chain, kept or dropped, summed."""
    ip = _icepool()
    explode = {v for v in one.outcomes() if node.explode(v)} if node.explode is not None else set()
    depth = depth_of(node, limits)
    f = node.value_of
    if node.keep and not _needs_pool(node):
        bottom, top = keep_slice(node.keep, node.count)
        if bottom + top >= node.count:
            return ip.Die([0])  # every die dropped
        node = replace(node, keep=())  # every die kept
    separate = node.explode is not None and not node.compound
    if separate and node.keep:
        pool = one.explode_to_pool(node.count, explode, depth=depth)
        return _keep(pool, node.keep, None).sum(map=f)
    plain = not node.penetrate and node.success is None and node.failure is None
    if separate and not plain:
        pen = 1 if node.penetrate else 0
        return _sum_copies(node.count, _chain(one, explode, f, lambda v: f(v - pen), depth))
    if node.explode is not None:
        if node.penetrate:
            one = _chain(one, explode, lambda v: v, lambda v: v - 1, depth)
        else:
            one = one.explode(explode, depth=depth)
    if node.keep:
        return _keep(one.pool(node.count), node.keep, node.count).sum(map=f)
    if node.success is not None or node.failure is not None:
        one = _map(one, f)
    return _sum_copies(node.count, one)


def _chain(
    one: icepool.Die,
    explode: set[int],
    first: Callable[[int], int],
    extra: Callable[[int], int],
    depth: int,
    /,
) -> icepool.Die:
    """What one die's explosion chain adds: ``first`` of its first throw, ``extra`` of each throw
    it causes (at most ``depth``); a throw in ``explode`` causes the next."""

    def step(rest: icepool.Die, value: Callable[[int], int]) -> Callable[[int], Any]:
        return lambda v: value(v) + rest if v in explode else value(v)

    if depth == 0:
        return _map(one, first)
    rest = _map(one, extra)
    for _ in range(depth - 1):
        rest = _map(one, step(rest, extra))
    return _map(one, step(rest, first))


def _sum_copies(count: int, die: icepool.Die, /) -> icepool.Die:
    """``count @ die``, where cheaper as one big-integer power (``dice.power_weights``): icepool
    adds the copies one at a time, pair of outcomes by pair (``8d10!``: 305,000 additions).
    ``notation_cost`` judges which way is cheaper, as its bound does."""
    items = die.items()
    if not all(type(v) is int for v, _ in items):
        return count @ die
    outcomes = [v for v, _ in items]
    bits = die.denominator().bit_length()
    if not notation_cost.power_is_cheaper(count, len(outcomes), outcomes[0], outcomes[-1], bits):
        return count @ die
    return _icepool().Die(dice.power_weights(dict(items), count))


def _keep(pool: Any, keep: tuple[tuple[str, int], ...], size: int | None, /) -> Any:
    """The kept dice of a pool: one keep/drop on a pool of varying size, any on a fixed one."""
    if size is not None:
        bottom, top = keep_slice(keep, size)
        return pool.keep(slice(bottom, size - top))
    ((word, n),) = keep
    if word == "kh":
        return pool.highest(keep=n)
    if word == "kl":
        return pool.lowest(keep=n)
    if word == "dh":
        return pool.highest(drop=n)
    return pool.lowest(drop=n)


def _random_die(node: _RandomDice, limits: Limits, /) -> icepool.Die:
    """Rolled dice counts or sides: the term for every (count, sides), mixed by their odds."""
    ip = _icepool()
    template = node.template

    def term(count: Any, sides: Any = None) -> icepool.Die:
        faces = template.faces if sides is None else tuple(range(1, round_half_away(sides) + 1))
        return _dice_die(replace(template, count=round_half_away(count), faces=faces), limits)

    counts = _die(node.count, limits) if node.count is not None else ip.Die([template.count])
    if node.sides is None:
        return _map(counts, term)
    return ip.map(term, counts, _die(node.sides, limits))


def _group_die(node: _Group, limits: Limits, /) -> icepool.Die:
    ip = _icepool()
    f = node.value_of
    if node.pool:
        size = len(node.pool)
        bottom, top = keep_slice(node.keep, size)
        total: Any
        if bottom + top >= size:
            total = ip.Die([node.offset])
        elif bottom + top == 0:
            total = ip.Die([node.offset])
            for d in node.pool:
                total = total + ip.Die(list(d.faces))
        else:
            pool = ip.Pool([ip.Die(list(d.faces)) for d in node.pool])
            total = pool.keep(slice(bottom, size - top)).sum() + node.offset
        return _map(total, f) if node.success is not None else total
    items = [_die(item, limits) for item in node.items]
    if node.keep:
        size = len(items)
        bottom, top = keep_slice(node.keep, size)
        if bottom + top >= size:
            return ip.Die([0])
        if bottom + top:
            return ip.Pool(items).keep(slice(bottom, size - top)).sum(map=f)
    if node.success is not None:
        items = [_map(item, f) for item in items]
    total = items[0]
    for item in items[1:]:
        total = total + item
    return total
