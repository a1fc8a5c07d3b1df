"""An upper bound on the work of a line's exact distribution, computed from the parsed line alone.

``steps(expr)`` bounds how many Python-level calls (functions, methods, builtins: what a profiler
counts) computing ``notation.summary(expr)`` makes, from a cold start, without computing it. The
page's interpreter runs a few million such calls a second, so the bound says, before anything
runs, whether a line fits in a frame on the main thread or needs the compute worker
(``kit.compute.route``). ``notation.Expression.work`` stays what it was: the rules' refusal of
the certainly hopeless.

The model follows what ``rules.notation`` asks icepool to build: a die of ``f`` faces costs about
``f`` steps per face, a sum or product one step per pair of outcomes it visits plus a few per
outcome it keeps, a map (a comparison, a division, a function) a few dozen per tuple it calls its
function on, ``n`` dice summed one at a time (icepool's ``_sum_all``) the pairs of every partial
sum with one more die, or, where cheaper, as one big-integer power (``sum_steps``), a keep/drop pool (icepool's evaluator) its faces × dice × partial sums.
Each constant was measured and then doubled; ``tests/unit/test_notation_cost.py`` checks the
bound against the measured count on many lines, random ones among them.

>>> from rules import notation
>>> steps(notation.parse("2d6")) < 10_000
True
>>> steps(notation.parse("+".join(["d10000>=5000"] * 38))) > 10_000_000
True
>>> array_steps(notation.parse("6x4d6kh3"), 6) > steps(notation.parse("4d6kh3"))
True
"""

from __future__ import annotations

import math
from dataclasses import replace

from rules.notation_analysis import (
    _chain_bounds,
    _kept_range,
    _needs_pool,
    depth_of,
    dice_bounds,
    keep_slice,
    unit_range,
)
from rules.notation_expression import Expression
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
from rules.notation_tree import Limits

__all__ = ["BASE", "SUMMARY", "array_steps", "outcomes", "power_is_cheaper", "steps", "sum_steps"]

BASE = 1_500  # a node's fixed cost: creating a die, simplifying, a handful of checks
PER_FACE = 50  # building a die from a list of faces, per face
PER_PAIR = 3  # a binary + - * over two dice, per pair of outcomes visited
PER_OUTCOME = 60  # per outcome a result keeps (icepool's Die constructor, our Fractions)
PER_TUPLE = 60  # a map (comparison, division, function), per tuple of outcomes it is called on
PER_STATE = 4  # a keep/drop pool's evaluation, per (face, dice left, partial result, count) step
SUMMARY = 250  # per outcome of the result: Fractions, mean, variance, table


def _width(lo: int, hi: int) -> int:
    return max(1, hi - lo + 1)


def _sum_all(n: int, support: int, lo: int, hi: int) -> int:
    """``n @ die``: icepool adds the dice one by one, the partial sum of i dice with one more."""
    total = BASE * n
    partial = support
    for i in range(1, n):
        nxt = min(partial * support, _width((i + 1) * lo, (i + 1) * hi))
        total += PER_PAIR * partial * support + PER_OUTCOME * nxt
        partial = nxt
    return total


def _power(n: int, support: int, lo: int, hi: int, bits: int) -> int:
    """``n @ die`` as one big-integer power (``rules.dice.power_weights``): a few calls per outcome,
    and the multiplication, one call whose time grows as its digits to the 1.585 (Karatsuba),
    counted as the calls that take as long (measured ~130 digit-steps a call; taken as 50)."""
    span = _width(lo, hi)
    size = (span - 1) * n + 1
    digits = size * ((n * bits + 7) // 8) * 8 // 30 + 1  # CPython's 30-bit digits
    return BASE + 4 * support + (4 + PER_OUTCOME) * size + int(digits**1.585) // 50


def sum_steps(n: int, support: int, lo: int, hi: int, bits: int | None = None) -> int:
    """The steps of ``n`` copies of a die summed as ``rules.notation`` sums them: the cheaper of
    icepool's one-at-a-time sum and one big-integer power, where the bits of the die's total
    weight are known (both bounds grow with every argument, so a bound computed from upper
    bounds bounds the way the actual die takes)."""
    one_by_one = _sum_all(n, support, lo, hi)
    if bits is None or n < 2:
        return one_by_one
    return min(one_by_one, _power(n, support, lo, hi, bits))


def power_is_cheaper(n: int, support: int, lo: int, hi: int, bits: int) -> bool:
    """Whether ``rules.notation`` sums ``n`` copies of a die (its ``support`` outcomes in
    ``lo..hi``, total weight of ``bits`` bits) as one big-integer power."""
    return n >= 2 and _power(n, support, lo, hi, bits) < _sum_all(n, support, lo, hi)


def _sequential(node: _Dice, n: int, distinct: int, limits: Limits, /) -> int:
    """Steps of the dice rolled one after another in exact Fractions (``notation_sequences``): every
    state (what the rest depends on, and the running total) times every face, a few dozen calls each."""
    f_lo, f_hi, _ = unit_range(node, limits)
    per_die = f_hi - f_lo
    if node.has_unique:
        unique = node.unique
        values = min(64, distinct if unique is None else sum(1 for v in set(node.faces) if unique(v)))
        states = 0
        for k in range(min(n, 200)):
            subsets = min(2**values, sum(math.comb(values, j) for j in range(min(k, values) + 1)))
            states += subsets * (k * per_die + 1)
        return 25 * states * distinct + BASE * n
    if node.matches is not None:
        return 40 * distinct * (n + 1) ** 2 * (n // node.matches[0] + 1) + BASE * distinct
    cap = node.explode_cap or 0
    sums = (n + cap) * per_die + 1
    return 40 * (n + 1) * (cap + 1) * sums * distinct + 40 * cap * sums * distinct


def _dice(node: _Dice, limits: Limits, /) -> tuple[int, int, int, int]:
    """(support, steps, lo, hi) of one dice term."""
    n = node.count
    distinct = node.distinct
    lo, hi = dice_bounds(node, limits)
    if n == 0:
        return 1, 2 * BASE, lo, hi
    cost = BASE + PER_FACE * len(node.faces) + 4 * distinct
    total = len(node.faces)  # one weight per face listed: the die's total weight
    if node.reroll:
        cost += 3 * (BASE + PER_TUPLE * distinct)  # icepool rerolls in closed form
        total **= 2
    if node.margin is not None:
        cost += BASE + PER_TUPLE * _width(lo, hi)
    if node.has_unique or node.matches is not None or node.explode_cap is not None:
        sums = (
            _width(lo, hi)
            if node.margin is None
            else _width(*dice_bounds(replace(node, margin=None), limits))
        )
        equal = (
            node.has_unique and node.unique is None and not node.unique_once and distinct == len(node.faces)
        )
        if equal and n <= distinct:  # a deck dealt: like a keep pool of n over the faces
            cost += 6 * PER_STATE * distinct * (n + 1) * (n + 2) * sums + BASE * distinct
        else:
            cost += _sequential(node, n, distinct, limits)
        return _width(lo, hi), cost + PER_OUTCOME * _width(lo, hi), lo, hi
    depth = depth_of(node, limits)
    total **= depth + 1  # each explosion mixes in another roll
    chain_lo, chain_hi = _chain_bounds(node, depth)
    chain_support = min(_width(chain_lo, chain_hi), distinct ** (depth + 1))
    face_lo, face_hi = node.low, node.high
    separate = node.explode is not None and not node.compound
    exploding = 0
    if node.explode is not None:
        # each level mixes the die into the chain so far
        exploding = sum(1 for v in set(node.faces) if node.explode(v))
        generic = node.penetrate or (separate and (node.success is not None or node.failure is not None))
        # each level adds the chain so far to every exploding face
        for level in range(1, depth + 1):
            level_lo, level_hi = _chain_bounds(node, level)
            grown = min(_width(level_lo, level_hi), distinct ** (level + 1))
            if separate and generic and node.counts:
                grown = min(grown, 3 * (level + 1) + 1)
            step = BASE + PER_TUPLE * distinct + (2 * PER_OUTCOME + 45 * exploding) * grown
            cost += step * (3 if generic else 1)
    if _needs_pool(node):
        if separate:
            low, high = n, n * (depth + 1)
            # explode_to_pool: one pool per split of the explosions (measured ~ n³ per exploding face)
            mix = 600 * n**3 * exploding * max(1, depth) + 3_000 * n * n * distinct
            unit_lo, unit_hi, unit_support = face_lo, face_hi, distinct
        else:
            low = high = n
            mix = 0
            unit_lo, unit_hi = (chain_lo, chain_hi) if node.explode is not None else (face_lo, face_hi)
            unit_support = chain_support if node.explode is not None else distinct
        kept_low, kept_high = _kept_range(node.keep, low, high)
        if node.counts or node.failure is not None:
            kept_lo_sum, kept_hi_sum = unit_range(node, limits)[:2]
            corners = [k * v for k in (kept_low, kept_high) for v in (kept_lo_sum, kept_hi_sum)]
        else:
            corners = [k * v for k in (kept_low, kept_high) for v in (unit_lo, unit_hi)]
        sums = _width(min(corners), max(corners))
        # per face, every (dice left, partial result) state branches on how many dice show it
        partial = min(sums, max(1, kept_high) * unit_support)
        if not node.counts:  # measured: the partial sums bound the branching
            states = 3 * unit_support * (high + 1) * partial
        else:
            states = unit_support * (high + 1) * (high + 2) // 2 * partial
        if len(node.keep) > 1 or any(word in ("dh", "kl") for word, _ in node.keep):
            states *= 2  # a slice from both ends
        cost += mix + PER_STATE * states + BASE * unit_support + PER_OUTCOME * sums
        return _width(lo, hi), cost, lo, hi
    if node.keep and sum(keep_slice(node.keep, n)) >= n:
        return 1, cost + BASE, 0, 0  # every die dropped
    if node.success is not None or node.failure is not None:
        per_lo, per_hi, per_support = unit_range(node, limits)
        if separate:
            per_lo, per_hi = min(0, per_lo) * (depth + 1), max(0, per_hi) * (depth + 1)
            per_support = _width(per_lo, per_hi)
            cost += depth * (BASE + PER_TUPLE * distinct * (depth + 2)) * 3
        else:
            cost += BASE + PER_TUPLE * chain_support
        per_support = min(per_support, _width(per_lo, per_hi))
    else:
        per_lo, per_hi, per_support = chain_lo, chain_hi, chain_support
    cost += sum_steps(n, per_support, per_lo, per_hi, total.bit_length())
    return min(_width(lo, hi), per_support**n), cost, lo, hi


def _random(node: _RandomDice, limits: Limits, /) -> tuple[int, int, int, int]:
    """Every (count, sides) term built and mixed in by its odds."""
    template = node.template
    cost = 0
    counts = [(template.count, template.count)]
    if node.count is not None:
        s, c, clo, chi = _node(node.count, limits)
        cost += c + BASE + PER_TUPLE * s
        counts = [(max(0, clo), chi)]
    side_range = None
    if node.sides is not None:
        s, c, slo, shi = _node(node.sides, limits)
        cost += c + BASE + PER_TUPLE * s
        side_range = (max(1, slo), shi)
    (clo, chi) = counts[0]
    sides = [None] if side_range is None else [side_range[0], side_range[1]]
    corners = [
        replace(template, count=c, **({} if k is None else {"faces": tuple(range(1, k + 1))}))
        for c in {clo, chi}
        for k in sides
    ]
    pairs = (chi - clo + 1) * (1 if side_range is None else side_range[1] - side_range[0] + 1)
    parts = [_dice(term, limits) for term in corners]
    lo, hi = min(p[2] for p in parts), max(p[3] for p in parts)
    worst = max(p[1] + (3 * PER_OUTCOME + PER_PAIR) * p[0] for p in parts)  # the work grows with both
    support = min(pairs * max(p[0] for p in parts), _width(lo, hi))
    return support, cost + pairs * (worst + BASE) + PER_OUTCOME * support, lo, hi


def _group(node: _Group, limits: Limits, /) -> tuple[int, int, int, int]:
    """A roll group: its expressions, then a pool of their totals (or of the one's dice)."""
    parts = [_node(item, limits) for item in node.items]
    cost = sum(p[1] for p in parts) + BASE
    m = len(parts)
    if node.pool:
        size = len(node.pool)
        values = len({v for d in node.pool for v in d.faces})
        bottom, top = keep_slice(node.keep, size)
        kept = max(0, size - bottom - top)
        lo = sum(sorted(d.low for d in node.pool)[:kept]) + node.offset
        hi = sum(sorted(d.high for d in node.pool)[size - kept :]) + node.offset if kept else node.offset
        partial = min(_width(lo, hi), max(1, kept) * values)
        cost += PER_FACE * sum(len(d.faces) for d in node.pool) + BASE * size
        cost += 2 * PER_STATE * values * (size + 1) * (size + 2) * partial + PER_OUTCOME * _width(lo, hi)
    elif node.keep and 0 < sum(keep_slice(node.keep, m)) < m:
        bottom, top = keep_slice(node.keep, m)
        kept = max(0, m - bottom - top)
        lo = sum(sorted(p[2] for p in parts)[:kept]) if kept else 0
        hi = sum(sorted(p[3] for p in parts)[m - kept :]) if kept else 0
        union = sum(p[0] for p in parts)
        partial = min(_width(lo, hi), max(1, kept) * union)
        cost += 6 * PER_STATE * union * (m + 1) * (m + 2) * partial + PER_OUTCOME * _width(lo, hi) + BASE * m
    elif node.keep and sum(keep_slice(node.keep, m)) >= m:
        lo = hi = 0  # every total dropped
    else:
        lo, hi = sum(p[2] for p in parts), sum(p[3] for p in parts)
        support = parts[0][0]
        for s, _, _, _ in parts[1:]:
            cost += BASE + PER_PAIR * support * s + PER_OUTCOME * min(support * s, _width(lo, hi))
            support = min(support * s, _width(lo, hi))
    if node.success is not None:
        cost += sum(BASE + PER_TUPLE * p[0] for p in parts) + PER_TUPLE * m * m
        lo, hi = (-m if node.failure is not None else 0), (m if not node.pool else 1)
        if node.pool:
            lo = -1 if node.failure is not None else 0
    width = _width(lo, hi)
    return width, cost + PER_OUTCOME * width, lo, hi


def _node(node: _Node, limits: Limits, /) -> tuple[int, int, int, int]:
    """(support, steps, lo, hi): an upper bound on the outcomes of the node's die, on the steps
    to build it, and its integer bounds (a division's are rounded outwards)."""
    if isinstance(node, _Const):
        return 1, BASE, math.floor(node.value), math.ceil(node.value)
    if isinstance(node, _Gauss):
        return 20, 20 * BASE, 1, 20
    if isinstance(node, _Dice):
        return _dice(node, limits)
    if isinstance(node, _RandomDice):
        return _random(node, limits)
    if isinstance(node, _Group):
        return _group(node, limits)
    if isinstance(node, _Neg):
        s, c, lo, hi = _node(node.operand, limits)
        return s, c + BASE + PER_TUPLE * s, -hi, -lo
    if isinstance(node, _Chain):
        s, c, lo, hi = _node(node.first, limits)
        for op, _, operand in node.rest:
            s2, c2, lo2, hi2 = _node(operand, limits)
            pairs = s * s2
            if op in "+-":
                lo, hi = (lo + lo2, hi + hi2) if op == "+" else (lo - hi2, hi - lo2)
                out = min(pairs, _width(lo, hi))
                c += c2 + BASE + PER_PAIR * pairs + PER_OUTCOME * out
            elif op == "*":
                corners = [x * y for x in (lo, hi) for y in (lo2, hi2)]
                lo, hi = min(corners), max(corners)
                out = min(pairs, _width(lo, hi))
                c += c2 + BASE + PER_PAIR * pairs + PER_OUTCOME * out
            elif op == "%":
                top = max(abs(lo2), abs(hi2))
                lo, hi = (max(-top, lo) if lo < 0 else 0), (min(top, hi) if hi > 0 else 0)
                out = min(pairs, _width(lo, hi))
                c += c2 + BASE + 2 * (PER_TUPLE + PER_OUTCOME) * pairs
            elif op == "^":
                top = max(abs(lo), abs(hi), 1) ** max(0, hi2)
                lo, hi = (-top if lo < 0 else 0), top
                out = pairs
                c += c2 + BASE + 2 * (PER_TUPLE + PER_OUTCOME) * pairs
            else:  # a division maps every pair to a Fraction; its bounds are rounded outwards
                corners = [x / y for x in (lo, hi) for y in (lo2, hi2) if y]
                lo, hi = math.floor(min(corners)), math.ceil(max(corners))
                out = pairs
                c += c2 + BASE + 2 * (PER_TUPLE + PER_OUTCOME) * pairs
            s = out
        return s, c, lo, hi
    if isinstance(node, _Compare):
        s1, c1, _, _ = _node(node.left, limits)
        s2, c2, _, _ = _node(node.right, limits)
        return 2, c1 + c2 + BASE + PER_TUPLE * s1 * s2, 0, 1
    if isinstance(node, _Call):
        parts = [_node(arg, limits) for arg in node.args]
        cost = sum(p[1] for p in parts)
        tuples = math.prod(p[0] for p in parts)
        if node.name in ("min", "max"):
            pick = min if node.name == "min" else max
            lo, hi = pick(p[2] for p in parts), pick(p[3] for p in parts)
        elif node.name == "abs":
            lo0, hi0 = parts[0][2], parts[0][3]
            lo = 0 if lo0 <= 0 <= hi0 else min(abs(lo0), abs(hi0))
            hi = max(abs(lo0), abs(hi0))
        elif node.name == "sign":
            lo, hi = -1, 1
        elif node.name == "pow":
            top = max(abs(parts[0][2]), abs(parts[0][3]), 1) ** max(0, parts[1][3])
            lo, hi = (-top if parts[0][2] < 0 else 0), top
        else:
            lo, hi = parts[0][2], parts[0][3]
        out = min(tuples, _width(lo, hi))
        cost += BASE + PER_TUPLE * tuples * len(parts) + PER_OUTCOME * out
        return out, cost, lo, hi
    raise AssertionError(node)  # pragma: no cover


def steps(expr: Expression, /) -> int:
    """An upper bound on the steps of ``notation.summary(expr)`` (an array line: its sum), cold.

    >>> from rules import notation
    >>> steps(notation.parse("d6")) <= steps(notation.parse("3d6")) <= steps(notation.parse("30d6"))
    True
    """
    support, cost, lo, hi = _node(expr._root, expr.limits)
    if expr.repeat:
        cost += _sum_all(expr.repeat, support, lo, hi)
        support = min(_width(lo * expr.repeat, hi * expr.repeat), support**expr.repeat)
    return cost + BASE + SUMMARY * support


def outcomes(expr: Expression, /) -> int:
    """An upper bound on the number of outcomes of the line's distribution (an array's: its sum).

    >>> from rules import notation
    >>> outcomes(notation.parse("3d6")), outcomes(notation.parse("d10000>=5000"))
    (16, 2)
    """
    support, _, lo, hi = _node(expr._root, expr.limits)
    if expr.repeat:
        return min(_width(lo * expr.repeat, hi * expr.repeat), support**expr.repeat)
    return min(support, _width(lo, hi))


def array_steps(expr: Expression, count: int, /) -> int:
    """An upper bound on the steps of ``notation.array(expr, count)``, cold: one roll's
    distribution, then ``count`` order statistics, each up to ``count`` binomial terms in exact
    Fractions per value."""
    support, cost, _, _ = _node(expr._root, expr.limits)
    return cost + BASE + SUMMARY * support + 200 * count * count * support
