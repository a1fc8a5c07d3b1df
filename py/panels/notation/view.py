"""The notation panel's view (pure): the dice as chips, the exact distribution as stats, chart
and table, and a refused line with a caret under the character at fault.

>>> from kit.view import texts
>>> shown = view(State(Roller("2d6")))
>>> shown["notation-table"].children[5].children[1].text
Num(kind='short_percent', value=Fraction(1, 6), digits=2)
>>> shown["notation-dist"].hidden, "Distribution of 2d6: mean 7.00, SD 2.42, from 2 to 12." in texts(shown, "en")
(False, True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from kit import common
from kit.msg import Cat, Renderable, fixed, short_pct
from kit.view import Node, Show, View, bar_chart
from panels.notation import text
from panels.notation.digest import Digest, Key, make
from panels.notation.jobs import is_light, parse_is_light
from panels.notation.lab_view import lab_view
from panels.notation.layout import label_every
from panels.notation.state import LIFT, Roller, State
from panels.notation.words import error_message, minus, reading_message, roll_text
from panels.shell.table import FROM_TABLE
from rules import notation

__all__ = ["MAX_CHIPS", "key_of", "light_digest", "odds_of", "roller_view", "view"]

MAX_CHIPS = 240  # dice drawn as chips per roll; the rest are counted
VIEW_NAMES = {"eq": "P(=)", "ge": "P(≥)", "le": "P(≤)"}
Rows = tuple[tuple[int, Fraction, Fraction, Fraction], ...]


def key_of(state: Roller, /) -> Key:
    """What the odds on screen depend on: the line, the rolled value, the chart's view, "show all"."""
    hit = state.roll.total if state.roll is not None else None
    return Key(state.expr, hit, state.view, state.show_all)


@lru_cache(maxsize=16)
def light_digest(key: Key, /) -> Digest | notation.NotationError:
    """The digest of a light line, computed here; or why its distribution is refused."""
    try:
        return make(notation.summary(key.line), key)
    except notation.NotationError as error:
        return error


def odds_of(state: Roller, /) -> tuple[Digest | None, notation.NotationError | None, bool, bool]:
    """What the view shows of ``state.expr``'s odds: (digest, why refused, still computing,
    stopped). A light line is computed here (``jobs.INLINE_WORK``); a heavy one comes from the
    worker into ``state.odds``."""
    if not state.expr:
        return None, None, False, False
    key = key_of(state)
    got = state.odds
    if got is not None and got.key == key:
        return got.digest, got.refused, False, got.stopped
    try:
        light = is_light(state.expr)
    except notation.NotationError as error:
        return None, error, False, False
    if light:
        found = light_digest(key)
        return (
            (None, found, False, False)
            if isinstance(found, notation.NotationError)
            else (found, None, False, False)
        )
    return None, None, True, False


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
        (die.penetrated, "−1", "nd-penetrated", text.PENETRATED),
        (die.exploded, "!", "nd-exploded", text.EXPLODED),
        (die.success, "✓", "nd-success", text.SUCCESS),
        (die.failure, "⊖", "nd-failure", text.FAILURE),
        (die.critical in ("success", "both"), "▲", "nd-crit", text.CRITICAL_SUCCESS),
        (die.critical in ("failure", "both"), "▼", "nd-fumble", text.CRITICAL_FAILURE),
        (die.matched, "≡", "nd-matched", text.MATCHED),
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


def _table(digest: Digest, hit: int | None) -> dict[str, Show]:
    rows = digest.rows
    nodes = []
    for v, eq, ge, le in rows:
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
    partial = len(rows) < digest.count
    note: Renderable = ""
    if partial:
        note = text.TABLE_PART(lo=minus(rows[0][0]), hi=minus(rows[-1][0]), shown=len(rows), n=digest.count)
    return {
        "notation-table": Show(children=tuple(nodes)),
        "notation-table-note": Show(text=note),
        "notation-table-all": Show(text=text.SHOW_ALL(n=digest.count), hidden=not partial),
    }


def _chart(digest: Digest, chart_view: str) -> dict[str, Show]:
    bars, highlight = digest.bars, digest.highlight
    notes: list[Renderable] = [f"{VIEW_NAMES[chart_view]}."]
    if digest.lo != digest.minimum or digest.hi != digest.maximum:
        notes.append(text.TAILS_CUT(lo=minus(digest.lo), hi=minus(digest.hi)))
    if digest.per_bar > 1:
        notes.append(text.BINNED(w=digest.per_bar))
    if highlight is not None:
        notes.append(text.HIGHLIGHTED)
    chart = bar_chart(bars, highlight=highlight, label_every=label_every(bars))
    return {
        "notation-chart": Show(children=chart, attrs=(("aria-hidden", "true"),)),
        "notation-chart-note": Show(text=Cat(tuple(notes), " ")),
    }


def _stats(digest: Digest) -> tuple[Node, ...]:
    pairs: tuple[tuple[Renderable, Renderable], ...] = (
        (text.MEAN, fixed(digest.mean)),
        (text.SD, fixed(digest.sd)),
        (text.MIN, minus(digest.minimum)),
        (text.MAX, minus(digest.maximum)),
        (text.OUTCOMES, str(digest.count)),
    )
    return tuple(Node("div", children=(Node("dt", name), Node("dd", value))) for name, value in pairs)


def view(state: State) -> View:
    """The dice line's roll, odds, chart and table, and the lab (``panels.notation.lab_view``),
    each sub-tool's view lifted onto the whole state."""
    return {**LIFT["roller"].view(roller_view)(state), **LIFT["lab"].view(lab_view)(state)}


def _parsed(line: str, /) -> notation.Expression | None:
    """``line`` parsed on the page (cached), or None: empty, refused, or too heavy even to parse
    here (``jobs.parse_is_light``: the worker parses it with its odds)."""
    if not line or not parse_is_light((line,)):
        return None
    try:
        return notation.parse(line)
    except notation.NotationError:
        return None


def _formula(line: str, /) -> str:
    """The line without a pasted chat command and its label (as typed if not parsed here)."""
    parsed = _parsed(line)
    return parsed.formula if parsed is not None else line.split("#")[0].strip()


def _readings(line: str, /) -> Show:
    """How the line's symbols that the tools read differently were read (nothing for most lines)."""
    parsed = _parsed(line)
    return Show(hidden=parsed is None or not parsed.readings)


def _reading_items(line: str, /) -> Show:
    parsed = _parsed(line)
    readings = parsed.readings if parsed is not None else ()
    return Show(children=tuple(Node("li", reading_message(r)) for r in readings))


def roller_view(state: Roller) -> dict[str, Show]:
    """The dice line's sub-tool: its roll, odds, chart and table, and how the line was read."""
    shown: dict[str, Show] = {
        f"notation-view-{name}": Show(checked=state.view == name) for name in VIEW_NAMES
    }
    shown["notation-readings"] = _readings(state.expr)
    shown["notation-readings-list"] = _reading_items(state.expr)
    fault = state.fault
    if fault is None:
        shown["notation-caret"] = Show(text="", hidden=True)
    else:
        line = fault.line.replace("\t", " ")
        shown["notation-caret"] = Show(
            text=f"{line}\n{' ' * max(0, min(fault.position, len(line)))}^", hidden=False
        )
    result = state.roll
    summary, refused, pending, stopped = odds_of(state)
    if result is None:
        shown["notation-dice"] = Show(children=())
        shown["notation-result"] = Show(text=common.NO_ROLL_YET)
        shown["notation-where"] = Show(text="")
    else:
        shown["notation-dice"] = Show(children=_dice(result))
        said = roll_text(result)  # typed dice are marked as the roller and ITE mark them
        shown["notation-result"] = Show(text=Cat((said, " (", FROM_TABLE, ")")) if state.from_table else said)
        k = result.total
        shown["notation-where"] = Show(
            text=""
            if summary is None or summary.where is None
            else Cat(
                (
                    f"P(= {minus(k)}) = ",
                    short_pct(summary.where[0]),
                    f"; P(≤ {minus(k)}) = ",
                    short_pct(summary.where[1]),
                    f"; P(≥ {minus(k)}) = ",
                    short_pct(summary.where[2]),
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
    expr = result.said if result is not None else _formula(state.expr)
    hit = result.total if result is not None else None
    shown["notation-dist-status"] = Show(
        text=text.DIST_STATUS(
            expr=expr,
            mean=fixed(summary.mean),
            sd=fixed(summary.sd),
            lo=minus(summary.minimum),
            hi=minus(summary.maximum),
        )
    )
    shown["notation-stats"] = Show(children=_stats(summary))
    shown["notation-table-caption"] = Show(text=Cat((common.EXACT_ODDS, ": ", expr)))
    shown.update(_table(summary, hit))
    shown.update(_chart(summary, state.view))
    return shown
