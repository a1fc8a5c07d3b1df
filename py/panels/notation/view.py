"""The notation panel's view (pure): the dice as chips, the exact distribution as stats, chart
and table, and a refused line with a caret under the character at fault.

>>> from kit.view import texts
>>> shown = view(State("2d6"))
>>> shown["notation-table"].children[5].children[1].text
Num(kind='short_percent', value=Fraction(1, 6), digits=2)
>>> shown["notation-dist"].hidden, "Distribution of 2d6: mean 7.00, SD 2.42, from 2 to 12." in texts(shown, "en")
(False, True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from kit import common
from kit.msg import Cat, Renderable, fixed, short_pct
from kit.view import Node, Show, View, bar_chart
from panels.notation import text
from panels.notation.jobs import is_light
from panels.notation.layout import chart_bars, label_every, table_window
from panels.notation.state import State
from panels.notation.words import error_message, minus, roll_text
from rules import notation

__all__ = ["MAX_CHIPS", "odds", "odds_of", "view"]

MAX_CHIPS = 240  # dice drawn as chips per roll; the rest are counted
VIEW_NAMES = {"eq": "P(=)", "ge": "P(≥)", "le": "P(≤)"}
Rows = tuple[tuple[int, Fraction, Fraction, Fraction], ...]


@lru_cache(maxsize=8)
def odds(line: str, /) -> tuple[notation.Summary | None, Rows, notation.NotationError | None]:
    """The summary and table of a line that parses, or why its distribution is refused."""
    try:
        summary = notation.summary(line)
    except notation.NotationError as error:  # over the work limit: refused before any work is done
        return None, (), error
    return summary, tuple(summary.table()), None


def odds_of(state: State, /) -> tuple[notation.Summary | None, Rows, notation.NotationError | None, bool]:
    """What the view shows of ``state.expr``'s odds: (summary, rows, why refused, still computing).
    A light line is computed here (``jobs.INLINE_WORK``); a heavy one comes from the worker."""
    if not state.expr:
        return None, (), None, False
    got = state.odds
    if got is not None and got.line == state.expr:
        if got.summary is not None:
            return got.summary, tuple(got.summary.table()), None, False
        return None, (), got.refused, False
    try:
        light = is_light(state.expr)
    except notation.NotationError as error:
        return None, (), error, False
    if light:
        return (*odds(state.expr), False)
    return None, (), None, True


def standard_deviation(summary: notation.Summary, /) -> float | Fraction:
    """The SD, also when the variance is too large for a float (then a whole-number root)."""
    try:
        return summary.sd
    except OverflowError:
        variance = summary.variance
        return Fraction(math.isqrt(variance.numerator // variance.denominator))


def _chip(die: notation.RolledDie) -> Node:
    classes = ["nd-die"]
    words: list[Renderable] = []
    parts: list[Node] = []
    for value in die.rerolled:
        parts += [Node("s", minus(value), cls="nd-thrown"), Node("span", "↻")]
    if die.rerolled:
        words.append(text.REROLLED)
    if die.extra:
        parts.append(Node("span", "↳"))
        classes.append("nd-extra")
        words.append(text.ADDED)
    core = minus(die.value) + (f"({'+'.join(map(minus, die.parts))})" if len(die.parts) > 1 else "")
    parts.append(Node("s" if die.dropped else "span", core))
    for flag, mark, cls, word in (
        (die.exploded, "!", "nd-exploded", text.EXPLODED),
        (die.success, "✓", "nd-success", text.SUCCESS),
        (die.dropped, "✗", "nd-dropped", text.DROPPED),
    ):
        if flag:
            parts.append(Node("span", mark))
            classes.append(cls)
            words.append(word)
    attrs: tuple[tuple[str, Renderable], ...] = ()
    if words:
        parts.append(Node("span", Cat((" (", Cat(tuple(words), ", "), ")")), cls="nd-sr"))
        attrs = (("title", Cat(tuple(words), ", ")),)
    return Node("span", cls=" ".join(classes), attrs=attrs, children=tuple(parts))


def _dice(result: notation.RollResult) -> tuple[Node, ...]:
    lines = []
    budget = MAX_CHIPS
    for group in result.dice:
        shown = max(0, budget)
        children = [Node("span", group.notation, cls="nd-term"), *(_chip(d) for d in group.dice[:shown])]
        if len(group.dice) > shown:
            children.append(Node("span", text.AND_MORE(n=len(group.dice) - shown), cls="muted"))
        budget -= len(group.dice)
        children.append(Node("span", f"= {minus(group.value)}", cls="nd-sum"))
        lines.append(Node("div", cls="nd-group", children=tuple(children)))
    total = (Node("span", "→", cls="arrow"), Node("span", minus(result.total), cls="die die-big"))
    lines.append(Node("div", cls="nd-group nd-total", children=total))
    return tuple(lines)


def _table(rows: Rows, hit: int | None, show_all: bool) -> dict[str, Show]:
    first, end = table_window(rows, hit, show_all)
    nodes = []
    for v, eq, ge, le in rows[first : end + 1]:
        head: list[Node] = []
        if v == hit:
            head = [
                Node(
                    "span",
                    " ◀",
                    cls="nd-hit-mark",
                    children=(Node("span", Cat((" ", text.ROLLED)), cls="nd-sr"),),
                )
            ]
        cells = (
            Node("th", minus(v), attrs=(("scope", "row"),), children=tuple(head)),
            *(Node("td", short_pct(p), cls="num") for p in (eq, ge, le)),
        )
        nodes.append(Node("tr", cls="nd-hit" if v == hit else None, children=cells))
    partial = end - first + 1 < len(rows)
    note: Renderable = ""
    if partial:
        note = text.TABLE_PART(
            lo=minus(rows[first][0]), hi=minus(rows[end][0]), shown=end - first + 1, n=len(rows)
        )
    return {
        "notation-table": Show(children=tuple(nodes)),
        "notation-table-note": Show(text=note),
        "notation-table-all": Show(text=text.SHOW_ALL(n=len(rows)), hidden=not partial),
    }


def _chart(rows: Rows, chart_view: str, hit: int | None) -> dict[str, Show]:
    bars, highlight, lo, hi, per_bar = chart_bars(rows, chart_view, hit)
    notes: list[Renderable] = [f"{VIEW_NAMES[chart_view]}."]
    if lo != rows[0][0] or hi != rows[-1][0]:
        notes.append(text.TAILS_CUT(lo=minus(lo), hi=minus(hi)))
    if per_bar > 1:
        notes.append(text.BINNED(w=per_bar))
    if highlight is not None:
        notes.append(text.HIGHLIGHTED)
    chart = bar_chart(bars, highlight=highlight, label_every=label_every(bars))
    return {
        "notation-chart": Show(children=chart, attrs=(("aria-hidden", "true"),)),
        "notation-chart-note": Show(text=Cat(tuple(notes), " ")),
    }


def _stats(summary: notation.Summary) -> tuple[Node, ...]:
    pairs: tuple[tuple[Renderable, Renderable], ...] = (
        (text.MEAN, fixed(summary.mean)),
        (text.SD, fixed(standard_deviation(summary))),
        (text.MIN, minus(summary.minimum)),
        (text.MAX, minus(summary.maximum)),
        (text.OUTCOMES, str(len(summary.outcomes))),
    )
    return tuple(Node("div", children=(Node("dt", name), Node("dd", value))) for name, value in pairs)


def view(state: State) -> View:
    shown: dict[str, Show] = {
        f"notation-view-{name}": Show(checked=state.view == name) for name in VIEW_NAMES
    }
    fault = state.fault
    if fault is None:
        shown["notation-caret"] = Show(text="", hidden=True)
    else:
        line = fault.line.replace("\t", " ")
        shown["notation-caret"] = Show(
            text=f"{line}\n{' ' * max(0, min(fault.position, len(line)))}^", hidden=False
        )
    result = state.roll
    summary, rows, refused, pending = odds_of(state)
    stopped = state.odds is not None and state.odds.line == state.expr and state.odds.stopped
    if result is None:
        shown["notation-dice"] = Show(children=())
        shown["notation-result"] = Show(text=common.NO_ROLL_YET)
        shown["notation-where"] = Show(text="")
    else:
        shown["notation-dice"] = Show(children=_dice(result))
        shown["notation-result"] = Show(text=roll_text(result))
        k = result.total
        shown["notation-where"] = Show(
            text=""
            if summary is None
            else Cat(
                (
                    f"P(= {minus(k)}) = ",
                    short_pct(summary.equal(k)),
                    f"; P(≤ {minus(k)}) = ",
                    short_pct(summary.at_most(k)),
                    f"; P(≥ {minus(k)}) = ",
                    short_pct(summary.at_least(k)),
                )
            )
        )
    shown["notation-refused"] = Show(
        text="" if refused is None else text.REFUSED(msg=error_message(refused)), hidden=refused is None
    )
    shown["notation-dist"] = Show(hidden=summary is None)
    shown["notation-table-box"] = Show(hidden=summary is None)
    if summary is None:
        status = text.ODDS_PENDING if pending else text.ODDS_STOPPED if stopped else text.PRESS_ROLL
        shown["notation-dist-status"] = Show(text="" if refused is not None else status)
        shown["notation-stats"] = Show(children=())
        shown["notation-chart"] = Show(children=(), attrs=(("aria-hidden", "true"),))
        shown["notation-chart-note"] = Show(text="")
        shown["notation-table"] = Show(children=())
        shown["notation-table-note"] = Show(text="")
        shown["notation-table-all"] = Show(hidden=True)
        shown["notation-table-caption"] = Show(text=common.EXACT_ODDS)
        return shown
    expr = state.expr.split("#")[0].strip()
    hit = result.total if result is not None else None
    shown["notation-dist-status"] = Show(
        text=text.DIST_STATUS(
            expr=expr,
            mean=fixed(summary.mean),
            sd=fixed(standard_deviation(summary)),
            lo=minus(summary.minimum),
            hi=minus(summary.maximum),
        )
    )
    shown["notation-stats"] = Show(children=_stats(summary))
    shown["notation-table-caption"] = Show(text=Cat((common.EXACT_ODDS, ": ", expr)))
    shown.update(_table(rows, hit, state.show_all))
    shown.update(_chart(rows, state.view, hit))
    return shown
