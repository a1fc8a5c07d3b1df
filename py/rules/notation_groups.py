"""Roll groups ``{a, b, …}`` and their modifiers (rpg-dice-roller, Roll20, Foundry's dice pools):
keep/drop, success with failures, sorting and marks; one expression kept die by die must add dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from rules.notation_nodes import _Chain, _Cond, _Const, _Dice, _Group, _Node
from rules.notation_scan import _Scanner
from rules.notation_terms import keep_op, success_here
from rules.notation_values import constant

__all__: list[str] = []


class _Sums(Protocol):
    """What a group needs of the whole parser: the expressions it holds."""

    def sum(self) -> _Node: ...


def group(p: _Scanner, reader: _Sums, pos: int, /) -> _Node:
    """``{a, b, …}`` then its modifiers (keep/drop, success with failures, sort, marks)."""
    p.pos += 1
    p.nest()
    items = [reader.sum()]
    p.skip()
    while p.eat(","):
        items.append(reader.sum())
        p.skip()
        if len(items) > p.limits.max_group_items:
            raise p.error("too_many_items", pos, max=p.limits.max_group_items)
    p.expect("}")
    p.depth -= 1
    keep: list[tuple[str, int]] = []
    success: _Cond | None = None
    failure: _Cond | None = None
    sort = ""
    marks: dict[str, list[_Cond]] = {"cs": [], "cf": []}
    while True:
        at = p.pos
        op = keep_op(p)
        if op is not None:
            keep.append(op)
        elif success is None and len(p.peek()) == 1 and p.peek() in "<>=≤≥≠" and success_here(p):
            success = p.compare_point()
            if p.eat("f"):
                failure = p.compare_point()
                if failure is None:
                    raise p.error("expected_compare", at, word="f")
            if len(items) == 1:
                p.read("group_total", at, point=str(success))
        elif not sort and (p.eat("sa") or p.eat("sd") or p.eat("s")):
            sort = "d" if p.low[at : p.pos] == "sd" else "a"
        elif p.eat("cs") or p.eat("cf"):
            word = p.low[at : p.pos]
            cond = p.compare_point()
            if cond is not None:
                marks[word].append(cond)
            p.read("critical_marks", at, word=word, point="" if cond is None else str(cond))
        else:
            break
    text = p.text[pos : p.pos]
    group = _Group(
        pos,
        text,
        tuple(items),
        tuple(keep),
        success,
        failure,
        sort,
        tuple(marks["cs"]),
        tuple(marks["cf"]),
    )
    if len(items) == 1 and keep:
        return pooled(p, group)
    return group


def pooled(p: _Scanner, group: _Group, /) -> _Group:
    """One expression kept or dropped die by die: it must add dice and numbers (``{4d6+3d8}k4``)."""
    fixed = constant(group.items[0], p.limits)
    if fixed is not None and fixed.denominator == 1:
        return replace(group, offset=int(fixed), pool=())  # no dice to keep: {4/2}kh1 is 2
    dice: list[_Dice] = []
    offset = 0
    parts: list[tuple[str, _Node]] = [("+", group.items[0])]
    if isinstance(group.items[0], _Chain):
        chain = group.items[0]
        parts = [("+", chain.first), *((op, node) for op, _, node in chain.rest)]
    for op, node in parts:
        if isinstance(node, _Dice) and op == "+" and node.plain:
            dice += [replace(node, count=1)] * node.count
        elif isinstance(node, _Const) and op in "+-" and node.value == int(node.value):
            offset += int(node.value) if op == "+" else -int(node.value)
        else:
            raise p.error("not_supported", group.pos, form="group_keep", text=group.text)
    return replace(group, pool=tuple(dice), offset=offset)
