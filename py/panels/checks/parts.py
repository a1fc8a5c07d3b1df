"""Pieces every sub-tool of the checks panel words the same way: a roll, a window, a stacked bar.

>>> from kit.msg import render
>>> from rules import gauss
>>> render(roll_text(gauss.GaussRoll((4, 6, 2), 7, 4, 6)), "en")
'3d20 = 4+6+2 = 12 → GaussD20 4, luck 7 → 6'
>>> render(window_text((11, 10)), "en"), render(window_text((9, 12)), "en")
('empty', '9–12')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from kit.form import Form, InputError
from kit.msg import Cat, Renderable, pct, signed
from kit.view import Node, table_rows
from panels.checks import text
from rules import gauss

__all__ = [
    "hit_row",
    "marked",
    "read_ladder",
    "roll_text",
    "saved_bool",
    "saved_int",
    "span",
    "stack",
    "window_text",
]


def roll_text(roll: gauss.GaussRoll) -> Renderable:
    """The three dice, the GaussD20 value and luck's shift, if any."""
    if roll.dice:
        a, b, c = roll.dice
        line: Renderable = text.ROLL(a=a, b=b, c=c, total=roll.total, base=roll.base)
    else:  # the GaussD20 value typed as it is (``=N``, from the table)
        line = text.ROLL_TYPED(base=roll.base)
    if roll.luck == gauss.NEUTRAL_LUCK:
        return line
    return Cat((line, text.ROLL_LUCK(luck=roll.luck, value=roll.value)))


def window_text(window: tuple[int, int]) -> Renderable:
    low, high = window
    return text.EMPTY if low > high else f"{low}–{high}"


def span(low: int, high: int) -> str:
    if low > high:
        return "—"
    return str(low) if low == high else f"{low}–{high}"


def marked(label: Renderable, hit: bool) -> Renderable:
    """A label, with « ← выпало» when it is what was rolled."""
    return Cat((label, text.ROLLED_MARK)) if hit else label


def hit_row(cells: Sequence[Renderable], hit: bool = False, cls: str | None = None) -> Node:
    """One table row; the rolled one is marked ``row-hit``."""
    return table_rows([cells], cls="row-hit" if hit else cls)[0]


def stack(
    segments: Sequence[tuple[str, Renderable, Fraction]], hit: str | None
) -> tuple[tuple[Node, ...], tuple[Node, ...]]:
    """A horizontal stacked bar (decorative) and its legend with the same numbers: (bar, legend).
    Each share follows its label in brackets (a seed text may end with a full stop:
    «атака не проходит. (19,25 %)», never «атака не проходит.: 19,25 %»)."""
    bar, legend = [], []
    for key, label, p in segments:
        shown = Cat((label, Cat(("(", pct(p), ")"))), " ")
        if p:
            bar.append(
                Node(
                    "div",
                    cls=f"seg seg-{key}" + (" seg-hit" if key == hit else ""),
                    attrs=(("title", shown), ("style", f"width: {float(p) * 100:.3f}%")),
                )
            )
        legend.append(
            Node(
                "li",
                cls="legend-hit" if key == hit else None,
                children=(
                    Node("span", cls=f"swatch seg-{key}", attrs=(("aria-hidden", "true"),)),
                    Node("span", marked(shown, key == hit)),
                ),
            )
        )
    return tuple(bar), tuple(legend)


def read_ladder(form: Form, key: str, ladder: tuple[gauss.LadderStep, ...], name: Renderable) -> int:
    """A rung of a seed ladder chosen in a dropdown; anything else is refused with the list."""
    raw = form.get(key, "")
    raw = raw.strip().replace("−", "-") if isinstance(raw, str) else ""
    allowed = Cat(tuple(signed(step.value) for step in ladder), ", ")
    digits = raw.removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        raise InputError(text.CHOOSE_RUNG(name=name, allowed=allowed))
    value = int(raw)
    if value not in {step.value for step in ladder}:
        raise InputError(text.NOT_ON_LADDER(name=name, value=signed(value), allowed=allowed))
    return value


def saved_int(raw: dict[str, Any], key: str, low: int, high: int) -> int:
    """A whole number saved under ``key``, within ``low``…``high``; ValueError otherwise."""
    value = raw.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"saved {key} must be a whole number from {low} to {high}, got {value!r}")
    return value


def saved_bool(raw: dict[str, Any], key: str) -> bool:
    value = raw.get(key)
    if type(value) is not bool:
        raise ValueError(f"saved {key} must be true or false, got {value!r}")
    return value
