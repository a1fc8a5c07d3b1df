"""Rolling a parsed line with a caller's ``random.Random`` (or the dice typed at the table): every
die with its marks, in the same order of modifiers as the exact odds, so that a roll is always one
of the outcomes the odds list (tests check the frequencies against them)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rules import dice, gauss
from rules.notation_analysis import depth_of, keep_slice
from rules.notation_exact import ARITH
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
from rules.notation_tree import Limits, Number, round_half_away
from rules.notation_values import CALLS

__all__ = ["DiceGroup", "RollResult", "RolledDie"]


@dataclass(frozen=True)
class RolledDie:
    """One die as rolled.

    ``rerolled`` holds the values thrown away by rerolls (and by ``u``, a repeated value);
    ``exploded`` marks a die that caused another roll, ``extra`` a die rolled because of an
    explosion (``penetrated``: it counts one less); ``parts`` holds the rolls of a compounded
    (``!!``) die; ``success`` is None unless successes are counted, ``failure`` a die that took
    one away; ``critical`` is ``"success"``, ``"failure"`` or ``"both"`` for the marks ``cs``/``cf``;
    ``matched``: its value came up on other dice too (``m``, ``mt``).
    """

    value: int
    dropped: bool = False
    exploded: bool = False
    extra: bool = False
    rerolled: tuple[int, ...] = ()
    parts: tuple[int, ...] = ()
    success: bool | None = None
    failure: bool = False
    critical: str = ""
    penetrated: bool = False
    matched: bool = False

    def __str__(self) -> str:
        marks = "".join(f"{v}r→" for v in self.rerolled)
        core = "+".join(map(str, self.parts)) if len(self.parts) > 1 else str(self.value)
        flags = ("!" if self.exploded else "") + ("*" if self.success else "") + ("d" if self.dropped else "")
        return f"{marks}{core}{flags}"


@dataclass(frozen=True)
class DiceGroup:
    """The dice of one dice term (``notation`` as written, at ``position``) and what it adds up to;
    ``faces`` are the faces of its die after clamping (empty for a group read back from saved data,
    and for a roll group's totals)."""

    notation: str
    position: int
    dice: tuple[RolledDie, ...]
    value: int
    faces: tuple[int, ...] = field(default=(), compare=False, repr=False)

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
    formula: str = ""  # the line without a chat command and without its label ("" : before the label)

    @property
    def said(self) -> str:
        """The formula as the log says it."""
        return self.formula or self.expression.split("#")[0].strip()

    def __str__(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return f"{head}{self.said} → {'; '.join(map(str, self.dice))} → {self.total}"


def _physical(node: _Dice, rng: random.Random, cap: int, /) -> tuple[int, tuple[int, ...]]:
    """One throw of a die with its rerolls: (final value, values thrown away). A reroll goes on
    until the die no longer matches: after ``cap`` shown throws it is drawn from the faces it may
    stop on, which is exactly where the endless rerolling would end."""
    value = dice.roll_faces(rng, node.faces)
    thrown: list[int] = []
    if not node.reroll:
        return value, ()
    limit = 1 if node.reroll_once else cap
    while _any(node.reroll, value) and len(thrown) < limit:
        thrown.append(value)
        value = dice.roll_faces(rng, node.faces)
    if not node.reroll_once and _any(node.reroll, value):
        thrown.append(value)
        value = dice.roll_faces(rng, [v for v in node.faces if not _any(node.reroll, v)])
    return value, tuple(thrown)


def _unique(node: _Dice, rolled: list[RolledDie], rng: random.Random, cap: int, /) -> list[RolledDie]:
    """``u``: each die showing a value an earlier die shows (and matching the point) is rolled
    again, until it does not (``uo``: once); if no face can differ, it keeps a plain roll."""
    out: list[RolledDie] = []
    for die in rolled:
        value, thrown = die.value, []
        earlier = frozenset(d.value for d in out)

        def bad(v: int, earlier: frozenset[int] = earlier) -> bool:
            return v in earlier and (node.unique is None or node.unique(v))

        limit = 1 if node.unique_once else cap
        while bad(value) and len(thrown) < limit:
            thrown.append(value)
            value = dice.roll_faces(rng, node.faces)
        good = [v for v in node.faces if not bad(v)]
        if not node.unique_once and bad(value) and good:
            thrown.append(value)
            value = dice.roll_faces(rng, good)
        out.append(replace(die, value=value, rerolled=die.rerolled + tuple(thrown)))
    return out


def _chains(node: _Dice, rng: random.Random, limits: Limits, /) -> list[RolledDie]:
    """Every die of the term with its explosions: separate dice, or one compounded die each."""
    throw = lambda: _physical(node, rng, limits.reroll_cap)  # noqa: E731
    pen = 1 if node.penetrate else 0
    if node.explode_cap is not None and node.explode is not None:
        chain = [(*throw(), False) for _ in range(node.count)]
        caps, i = node.explode_cap, 0
        exploded: set[int] = set()
        while i < len(chain) and caps > 0:
            if node.explode(chain[i][0]) and (not node.explode_once or i < node.count):
                chain.append((*throw(), True))
                exploded.add(i)
                caps -= 1
            i += 1
        return [
            RolledDie(v, exploded=j in exploded, extra=x, rerolled=t) for j, (v, t, x) in enumerate(chain)
        ]
    depth = depth_of(node, limits)
    rolled: list[RolledDie] = []
    for _ in range(node.count):
        links = [throw()]
        while node.explode is not None and node.explode(links[-1][0]) and len(links) <= depth:
            links.append(throw())
        counted = [v - (pen if k else 0) for k, (v, _) in enumerate(links)]
        if node.compound:
            thrown = tuple(t for _, ts in links for t in ts)
            rolled.append(
                RolledDie(
                    sum(counted),
                    exploded=len(links) > 1,
                    rerolled=thrown,
                    parts=tuple(counted),
                    penetrated=pen > 0 and len(links) > 1,
                )
            )
        else:
            for k, (_, thrown) in enumerate(links):
                rolled.append(
                    RolledDie(
                        counted[k],
                        exploded=k < len(links) - 1,
                        extra=k > 0,
                        rerolled=thrown,
                        penetrated=k > 0 and pen > 0,
                    )
                )
    return rolled


def _kept(rolled: list[RolledDie], keep: tuple[tuple[str, int], ...], /) -> list[RolledDie]:
    if not keep:
        return rolled
    order = sorted(range(len(rolled)), key=lambda i: rolled[i].value)
    bottom, top = keep_slice(keep, len(order))
    drop = set(order[:bottom]) | set(order[len(order) - top :])
    return [replace(d, dropped=True) if i in drop else d for i, d in enumerate(rolled)]


def _roll_dice(node: _Dice, rng: random.Random, limits: Limits, /) -> DiceGroup:
    rolled = _chains(node, rng, limits)
    if node.has_unique:
        rolled = _unique(node, rolled, rng, limits.reroll_cap)
    rolled = _kept(rolled, node.keep)
    live = [d for d in rolled if not d.dropped]
    if node.show_matches or node.matches is not None:
        least, cond = node.matches if node.matches is not None else (2, None)
        counts = Counter(d.value for d in live)
        hits = {v for v, c in counts.items() if c >= least and (cond is None or cond(v))}
        rolled = [replace(d, matched=not d.dropped and d.value in hits) for d in rolled]
        value = len(hits) if node.matches is not None else sum(d.value for d in live)
    else:
        value = sum(node.value_of(d.value) for d in live)
    if node.success is not None or node.failure is not None:
        rolled = [
            d
            if d.dropped
            else replace(
                d,
                success=None if node.success is None else node.success(d.value),
                failure=node.failure is not None
                and node.failure(d.value)
                and (node.success is None or not node.success(d.value)),
            )
            for d in rolled
        ]
    rolled = [_critical(node.crit_success, node.crit_failure, d) for d in rolled]
    if node.sort:
        rolled.sort(key=lambda d: d.value, reverse=node.sort == "d")
    if node.margin is not None:
        sign, m = node.margin
        value = value - m if sign == "+" else m - value
    return DiceGroup(node.text, node.pos, tuple(rolled), value, node.faces)


def _critical(cs: tuple, cf: tuple, die: RolledDie, /) -> RolledDie:
    hit_s, hit_f = _any(cs, die.value), _any(cf, die.value)
    if not (hit_s or hit_f):
        return die
    return replace(die, critical="both" if hit_s and hit_f else "success" if hit_s else "failure")


def _roll_group(node: _Group, rng: random.Random, groups: list[DiceGroup], limits: Limits, /) -> int:
    inner: list[DiceGroup] = []
    totals = [int(_roll(item, rng, inner, limits)) for item in node.items]
    if node.pool:
        # keep/drop acts on every die of the one expression, by value (ties: in writing order)
        flat = [(g, i) for g, grp in enumerate(inner) for i in range(len(grp.dice))]
        order = sorted(range(len(flat)), key=lambda k: inner[flat[k][0]].dice[flat[k][1]].value)
        bottom, top = keep_slice(node.keep, len(flat))
        drop = {flat[k] for k in (*order[:bottom], *order[len(order) - top :])}
        inner = [
            replace(
                grp,
                dice=tuple(replace(d, dropped=(g, i) in drop) for i, d in enumerate(grp.dice)),
                value=sum(d.value for i, d in enumerate(grp.dice) if (g, i) not in drop),
            )
            for g, grp in enumerate(inner)
        ]
        totals = [sum(grp.value for grp in inner) + node.offset]
    shown = [RolledDie(t) for t in totals]
    if not node.pool:
        shown = _kept(shown, node.keep)
    live = [d.value for d in shown if not d.dropped]
    value = sum(node.value_of(v) for v in live)
    if node.success is not None:
        shown = [
            d if d.dropped else replace(d, success=node.success(d.value), failure=node.value_of(d.value) < 0)
            for d in shown
        ]
    shown = [_critical(node.crit_success, node.crit_failure, d) for d in shown]
    if node.sort:
        shown.sort(key=lambda d: d.value, reverse=node.sort == "d")
    groups.extend(inner)
    groups.append(DiceGroup(node.text, node.pos, tuple(shown), value))
    return value


def _roll(node: _Node, rng: random.Random, groups: list[DiceGroup], limits: Limits, /) -> Number:
    if isinstance(node, _Const):
        return node.value
    if isinstance(node, _Dice):
        group = _roll_dice(node, rng, limits)
        groups.append(group)
        return group.value
    if isinstance(node, _RandomDice):
        template = node.template
        count = (
            template.count if node.count is None else round_half_away(_roll(node.count, rng, groups, limits))
        )
        faces = template.faces
        if node.sides is not None:
            faces = tuple(range(1, round_half_away(_roll(node.sides, rng, groups, limits)) + 1))
        group = _roll_dice(replace(template, count=count, faces=faces), rng, limits)
        groups.append(group)
        return group.value
    if isinstance(node, _Group):
        return _roll_group(node, rng, groups, limits)
    if isinstance(node, _Gauss):
        g = gauss.roll(rng, node.luck)
        text = "gauss" if node.luck == gauss.NEUTRAL_LUCK else f"gauss({node.luck})"
        groups.append(
            DiceGroup(text, node.pos, tuple(RolledDie(v) for v in g.dice), g.value, gauss.D20_FACES)
        )
        return g.value
    if isinstance(node, _Neg):
        return -_roll(node.operand, rng, groups, limits)
    if isinstance(node, _Chain):
        acc = _roll(node.first, rng, groups, limits)
        for op, _, operand in node.rest:
            acc = ARITH[op](acc, _roll(operand, rng, groups, limits))
        return acc
    if isinstance(node, _Compare):
        left = _roll(node.left, rng, groups, limits)
        return int(_CMP[node.op](left, _roll(node.right, rng, groups, limits)))
    if isinstance(node, _Call):
        values = [_roll(arg, rng, groups, limits) for arg in node.args]
        return ARITH["^"](*values) if node.name == "pow" else CALLS[node.name](*values)
    raise AssertionError(node)  # pragma: no cover


def whole(value: Number, /) -> int:
    """A line's value as a whole number (the parser refused every line that could be a fraction)."""
    q = Fraction(value)
    if q.denominator != 1:  # pragma: no cover (refused by the analysis)
        raise ValueError(f"not a whole number: {value}")
    return math.floor(q)
