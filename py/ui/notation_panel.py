"""Dice notation panel (issue #6): roll any Roll20-style line, exact odds, share link, roll log.

Game logic lives in ``rules.notation``; this module reads the field, calls ``parse`` /
``roll`` / ``summary`` and renders.  The helpers above the DOM section are pure (no
browser calls), so they can be checked on CPython.
"""

from __future__ import annotations

import bisect
import math
import traceback
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, when, window

from rules import notation
from ui import dom, i18n
from ui.chart import bar_chart
from ui.fmt import fixed, percent, percent_of
from ui.journal import Journal
from ui.notation_errors import error_text

LOG_KEY = "gm.notation.log"
LOG_SIZE = 200
LIMITS = notation.DEFAULT_LIMITS
MAX_CHIPS = 240  # dice drawn as chips per roll; the rest are counted
MAX_TEXT_DICE = 60  # dice written out per group in the text line / log
TAIL = Fraction(1, 2000)  # a chart of many outcomes leaves out tails thinner than 0.05 % each
TABLE_ALL = 120  # a table this short is drawn whole; longer ones show the central part first
TABLE_MAX = 200  # rows drawn at most until "show all" (873 rows take ~0.5 s in Pyodide)
VIEWS = {"eq": 1, "ge": 2, "le": 3}
VIEW_NAMES = {"eq": "P(=)", "ge": "P(≥)", "le": "P(≤)"}

EN = {
    "Кубики любой системы": "Dice of any system",
    "Нотация Roll20: 4d6kh3, 2d20kl1+5, 8d10!, 5d10>=8, 4dF, gauss. Текст после # — подпись броска, "
    "она попадёт в журнал.": (
        "Roll20 notation: 4d6kh3, 2d20kl1+5, 8d10!, 5d10>=8, 4dF, gauss. Text after # is the roll's label; "
        "it goes into the log."
    ),
    "Выражение": "Expression",
    "например, 4d6kh3 # сила": "e.g. 4d6kh3 # strength",
    "Бросить": "Roll",
    "Только вероятности": "Odds only",
    "Примеры": "Examples",
    "— выберите —": "— choose —",
    "round(3d20/3) — тот же GaussD20 через три d20": "round(3d20/3) — the same GaussD20 from three d20",
    "6d3-12 — от −6 до +6": "6d3-12 — from −6 to +6",
    "4dF — кубики Fudge": "4dF — Fudge dice",
    "3dGF — грани −2, −1, 0, 0, 1, 2": "3dGF — faces −2, −1, 0, 0, 1, 2",
    "4d6 > 4d6 — первый бросок выше? (1 — да, 0 — нет)": "4d6 > 4d6 — is the first roll higher? (1 yes, 0 no)",
    "10d20kh1 — лучший из десяти d20": "10d20kh1 — best of ten d20",
    "20d6dl5 — 20d6 без пяти худших": "20d6dl5 — 20d6 without the five lowest",
    "8d10! — взрывающиеся d10": "8d10! — exploding d10",
    "5d10>=8 — число успехов (8 и выше)": "5d10>=8 — number of successes (8 or more)",
    "2d20kh1+5 — преимущество": "2d20kh1+5 — advantage",
    "Обозначения: зачёркнуто и ✗ — отброшен; ! — взорвался (дал ещё бросок); ↳ — добавлен взрывом; "
    "1↻ — переброшена единица; ✓ — успех.": (
        "Marks: struck through and ✗ — dropped; ! — exploded (gave another roll); ↳ — added by an explosion; "
        "1↻ — a 1 was rerolled; ✓ — success."
    ),
    "Точное распределение": "Exact distribution",
    "Нажмите «Бросить» или «Только вероятности».": "Press “Roll” or “Odds only”.",
    "Показать": "Show",
    "Копировать CSV": "Copy CSV",
    "Копировать ссылку": "Copy link",
    "Точные вероятности": "Exact odds",
    "Значение": "Value",
    "Журнал бросков": "Roll log",
    "Бросков пока нет.": "No rolls yet.",
    "Скачать журнал (.txt)": "Download log (.txt)",
    # dynamic text
    "Введите выражение, например 4d6kh3.": "Type an expression, e.g. 4d6kh3.",
    "Ошибка в символе {col}: {msg}": "Error at character {col}: {msg}",
    "Точное распределение не считается: {msg}": "No exact distribution: {msg}",
    "Среднее": "Mean",
    "СКО": "SD",
    "Мин.": "Min",
    "Макс.": "Max",
    "Исходов": "Outcomes",
    "Распределение {expr}: среднее {mean}, СКО {sd}, от {lo} до {hi}.": (
        "Distribution of {expr}: mean {mean}, SD {sd}, from {lo} to {hi}."
    ),
    "выпало": "rolled",
    "отброшен": "dropped",
    "взорвался": "exploded",
    "добавлен взрывом": "added by an explosion",
    "переброшен": "rerolled",
    "успех": "success",
    "…и ещё {n}": "…and {n} more",
    "Значения от {lo} до {hi}; за их пределами вместе меньше 0,1 %, полный список — в таблице.": (
        "Values {lo} to {hi}; the rest add up to less than 0.1 %; the table lists them all."
    ),
    "Один столбец — {w} подряд идущих значений (подпись — диапазон).": (
        "One bar is {w} consecutive values (labelled with the range)."
    ),
    "Выпавшее значение выделено.": "The rolled value is highlighted.",
    "Журнал в браузере был повреждён; начат новый.": "The saved log was damaged; a new one was started.",
    "Журнал пуст: скачивать нечего.": "The log is empty: nothing to download.",
    "Журнал бросков (нотация)": "Roll log (notation)",
    "Показать все значения ({n})": "Show all values ({n})",
    "Показаны значения от {lo} до {hi} ({shown} из {n}); остальные — в CSV или по кнопке.": (
        "Values {lo} to {hi} shown ({shown} of {n}); the rest are in the CSV or behind the button."
    ),
    "Нет распределения: сначала нажмите «Только вероятности».": "No distribution yet: press “Odds only” first.",
}
i18n.register(EN)

# --------------------------------------------------------------------------- pure helpers


def num(value: int, /) -> str:
    """An integer with a true minus sign.

    >>> num(-3), num(0), num(12)
    ('−3', '0', '12')
    """
    return f"−{-value}" if value < 0 else str(value)


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
TINY = Fraction(1, 10**8)


def short_percent(p: Fraction, /) -> str:
    """``percent``, but odds within 10⁻⁸ of 0 or 1 stay short (exploding dice reach 10⁻⁸⁸).

    >>> short_percent(Fraction(1, 4)), short_percent(Fraction(1, 10**90)), short_percent(1 - Fraction(1, 10**90))
    ('25,00 %', '1,0·10⁻⁸⁸ %', '> 99,999999 %')
    >>> short_percent(Fraction(999, 10**13))
    '1,0·10⁻⁸ %'
    """
    if 0 < p < TINY:
        q = p * 100
        exponent = math.floor(math.log10(q.numerator) - math.log10(q.denominator))
        mantissa = f"{float(q / Fraction(10) ** exponent):.1f}"
        if mantissa == "10.0":
            mantissa, exponent = "1.0", exponent + 1
        return percent_of(f"{mantissa}·10{str(exponent).translate(_SUPERSCRIPT)}")
    if 0 < 1 - p < TINY:
        return "> " + percent_of("99.999999")
    return percent(p)


def die_text(die: notation.RolledDie, /) -> str:
    """One die as text: ``1↻4`` rerolled, ``↳6`` added by an explosion, ``10!`` exploded, ``3✗`` dropped."""
    text = "".join(f"{num(v)}↻" for v in die.rerolled)
    text += "↳" if die.extra else ""
    text += num(die.value)
    if len(die.parts) > 1:
        text += f"({'+'.join(map(num, die.parts))})"
    text += "!" if die.exploded else ""
    text += "✓" if die.success else ""
    text += "✗" if die.dropped else ""
    return text


def group_text(group: notation.DiceGroup, /) -> str:
    """``4d6kh3 [5, 3✗, 6, 4] = 15``, at most MAX_TEXT_DICE dice written out."""
    dice = [die_text(d) for d in group.dice[:MAX_TEXT_DICE]]
    if len(group.dice) > MAX_TEXT_DICE:
        dice.append(f"…+{len(group.dice) - MAX_TEXT_DICE}")
    return f"{group.notation} [{', '.join(dice)}] = {num(group.value)}"


def roll_text(result: notation.RollResult, /) -> str:
    """The log line of a roll: ``сила: 4d6kh3 [2✗, 5, 5, 2] = 12``, ``d4 + 1 → d4 [2] = 2 → 3``."""
    head = f"{result.label}: " if result.label else ""
    body = result.expression.split("#")[0].strip()
    if len(result.dice) == 1 and result.dice[0].notation == body:
        return f"{head}{group_text(result.dice[0])}"  # a lone dice term: no need to repeat it
    groups = "; ".join(group_text(g) for g in result.dice)
    middle = f" → {groups}" if groups else ""
    return f"{head}{body}{middle} → {num(result.total)}"


def central_window(
    rows: list[tuple[int, Fraction, Fraction, Fraction]], hit: int | None, /
) -> tuple[int, int]:
    """Indexes (first, last) of the rows left when tails thinner than TAIL each are cut; ``hit`` stays in.

    >>> rows = [(v, Fraction(1, 10**6), 0, 0) for v in range(3)] + [(3, 1 - Fraction(3, 10**6), 0, 0)]
    >>> rows = [(v, p, 1 - sum(r[1] for r in rows[:i]), sum(r[1] for r in rows[: i + 1])) for i, (v, p, _, _) in enumerate(rows)]
    >>> central_window(rows, None), central_window(rows, 1)
    ((3, 3), (1, 3))
    """
    first, last = 0, len(rows) - 1
    while first < last and rows[first][3] <= TAIL:
        first += 1
    while last > first and rows[last][2] <= TAIL:
        last -= 1
    index = next((i for i, r in enumerate(rows) if r[0] == hit), None) if hit is not None else None
    if index is not None:
        first, last = min(first, index), max(last, index)
    return first, last


def table_window(
    rows: list[tuple[int, Fraction, Fraction, Fraction]], hit: int | None, show_all: bool, /
) -> tuple[int, int]:
    """Indexes (first, last) of the table rows to draw: all of a short table, else the central part.

    >>> rows = [(v, Fraction(1, 1000), Fraction(1000 - v, 1000), Fraction(v + 1, 1000)) for v in range(1000)]
    >>> table_window(rows, None, False), table_window(rows, 700, False), table_window(rows, 700, True)
    ((0, 199), (600, 799), (0, 999))
    """
    if show_all or len(rows) <= TABLE_ALL:
        return 0, len(rows) - 1
    first, last = central_window(rows, hit)
    if last - first + 1 > TABLE_MAX:
        index = next((i for i, r in enumerate(rows) if r[0] == hit), None) if hit is not None else None
        start = first if index is None else max(first, min(index - TABLE_MAX // 2, last - TABLE_MAX + 1))
        first, last = start, start + TABLE_MAX - 1
    return first, last


def chart_bars(
    rows: list[tuple[int, Fraction, Fraction, Fraction]], view: str, hit: int | None, max_bars: int, /
) -> tuple[list[tuple[str, Fraction]], str | None, int, int, int]:
    """Bars for the chart: (bars, highlighted label, first value, last value, values per bar).

    Up to ``max_bars`` outcomes get one bar each.  More: tails thinner than TAIL each are
    left out (the rolled value is always kept), and if still too many, consecutive values
    are grouped into equal bins.
    """
    col = VIEWS[view]
    values = [r[0] for r in rows]
    if len(rows) <= max_bars:
        bars = [(num(r[0]), r[col]) for r in rows]
        return bars, (num(hit) if hit in values else None), values[0], values[-1], 1
    first, last = central_window(rows, hit)
    lo, hi = values[first], values[last]
    if last - first + 1 <= max_bars:
        bars = [(num(r[0]), r[col]) for r in rows[first : last + 1]]
        return bars, (num(hit) if hit is not None and lo <= hit <= hi else None), lo, hi, 1
    width = math.ceil((hi - lo + 1) / max_bars)
    prefix = [Fraction(0)]
    for r in rows:
        prefix.append(prefix[-1] + r[1])
    bars = []
    highlight = None
    for a in range(lo, hi + 1, width):
        b = min(hi, a + width - 1)
        i, j = bisect.bisect_left(values, a), bisect.bisect_right(values, b)
        label = f"{num(a)}…{num(b)}"
        if view == "eq":
            p = prefix[j] - prefix[i]
        elif view == "ge":
            p = 1 - prefix[i]
        else:
            p = prefix[j]
        bars.append((label, p))
        if hit is not None and a <= hit <= b:
            highlight = label
    return bars, highlight, lo, hi, width


def csv_text(rows: list[tuple[int, Fraction, Fraction, Fraction]], /) -> str:
    """The table as CSV: decimal probabilities (dot, comma-separated) plus the exact P(=)."""
    lines = ["value,P(=),P(>=),P(<=),P(=) exact"]
    for v, eq, ge, le in rows:
        lines.append(f"{v},{float(eq):.12g},{float(ge):.12g},{float(le):.12g},{eq}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- state and rendering

_state: dict[str, Any] = {
    "expr": None,  # the parsed Expression now shown
    "summary": None,  # its Summary, or None
    "refused": None,  # NotationError when the distribution was refused
    "roll": None,  # the last RollResult (of this expression)
    "rows": [],  # summary.table() of the shown expression, computed once
    "rows_by_value": {},  # value -> <tr> of the table
    "table_key": None,  # (Expression, first, last) the table was built for
    "show_all": False,  # the whole table was asked for
}


def _t(text: str, /, **values: object) -> str:
    return i18n.t(text).format(**values)


# element id (or "error" for the panel's error box) -> (text shown, how to build it again in the page's language)
_shown: dict[str, tuple[str, Callable[[], str]]] = {}


def _element(key: str) -> Any:
    return document.querySelector("#notation .error") if key == "error" else dom.by_id(key)


def _show(element_id: str, build: Callable[[], str], /) -> None:
    """Show ``build()`` in an element and remember how to word it again after a language switch."""
    text = build()
    dom.set_text(element_id, text)
    _shown[element_id] = (text, build)


def _fail(build: Callable[[], str], /) -> dom.InputError:
    """A bad-input error whose message is re-worded on a language switch while it is shown."""
    _shown["error"] = (build(), build)
    return dom.InputError(_shown["error"][0])


def _notation_error(error: notation.NotationError, /) -> str:
    return error_text(error.code, error.params, i18n.current())


def _hide_caret() -> None:
    caret = dom.by_id("notation-caret")
    caret.hidden = True
    caret.textContent = ""


def _show_caret(text: str, error: notation.NotationError, /) -> None:
    line = text.replace("\t", " ")
    position = max(0, min(error.position, len(line)))
    caret = dom.by_id("notation-caret")
    caret.textContent = f"{line}\n{' ' * position}^"
    caret.hidden = False


def _view() -> str:
    value = "eq"
    for radio in document.querySelectorAll("input[name='notation-view']"):
        if radio.checked:
            value = str(radio.value)
    return value if value in VIEWS else "eq"


def _chart_width() -> int:
    width = int(dom.by_id("notation-chart").clientWidth or 0)
    return width if width > 0 else max(280, int(window.innerWidth) - 60)


def _render_chart() -> None:
    summ = _state["summary"]
    if summ is None:
        return
    rows = _state["rows"]
    last = _state["roll"]
    hit = last.total if last is not None else None
    width = _chart_width()
    max_bars = max(12, min(80, width // 7))
    bars, highlight, lo, hi, per_bar = chart_bars(rows, _view(), hit, max_bars)
    longest = max(len(label) for label, _ in bars)
    label_every = max(1, math.ceil(len(bars) * (longest * 7 + 8) / width))
    bar_chart(dom.by_id("notation-chart"), bars, highlight=highlight, label_every=label_every)
    notes = []
    if lo != rows[0][0] or hi != rows[-1][0]:
        notes.append(
            _t(
                "Значения от {lo} до {hi}; за их пределами вместе меньше 0,1 %, полный список — в таблице.",
                lo=num(lo),
                hi=num(hi),
            )
        )
    if per_bar > 1:
        notes.append(_t("Один столбец — {w} подряд идущих значений (подпись — диапазон).", w=per_bar))
    if highlight is not None:
        notes.append(i18n.t("Выпавшее значение выделено."))
    dom.set_text("notation-chart-note", f"{VIEW_NAMES[_view()]}. " + " ".join(notes))


def _render_table() -> None:
    expr, summ, rows = _state["expr"], _state["summary"], _state["rows"]
    body = dom.by_id("notation-table")
    more = dom.by_id("notation-table-all")
    if summ is None:
        dom.clear(body)
        _state.update(rows_by_value={}, table_key=None)
        more.hidden = True
        return
    last = _state["roll"]
    hit = last.total if last is not None else None
    first, end = table_window(rows, hit, _state["show_all"])
    if _state["table_key"] != (expr, first, end):
        dom.clear(body)
        rows_by_value = {}
        fragment = document.createDocumentFragment()
        for v, eq, ge, le in rows[first : end + 1]:
            row = dom.make("tr")
            row.append(
                dom.make("th", num(v), scope="row"),
                dom.make("td", short_percent(eq)),
                dom.make("td", short_percent(ge)),
                dom.make("td", short_percent(le)),
            )
            fragment.append(row)
            rows_by_value[v] = row
        body.append(fragment)
        _state.update(rows_by_value=rows_by_value, table_key=(expr, first, end))
    partial = end - first + 1 < len(rows)
    more.hidden = not partial
    more.textContent = _t("Показать все значения ({n})", n=len(rows))
    dom.set_text(
        "notation-table-note",
        _t(
            "Показаны значения от {lo} до {hi} ({shown} из {n}); остальные — в CSV или по кнопке.",
            lo=num(rows[first][0]),
            hi=num(rows[end][0]),
            shown=end - first + 1,
            n=len(rows),
        )
        if partial
        else "",
    )
    for row in body.querySelectorAll("tr.nd-hit"):
        row.classList.remove("nd-hit")
    for mark in body.querySelectorAll(".nd-hit-mark"):
        mark.remove()
    row = _state["rows_by_value"].get(hit) if hit is not None else None
    if row is not None:
        row.classList.add("nd-hit")
        mark = dom.make("span", " ◀", cls="nd-hit-mark")
        mark.append(dom.make("span", f" {i18n.t('выпало')}", cls="nd-sr"))
        row.firstElementChild.append(mark)


def _render_distribution() -> None:
    expr, summ, refused = _state["expr"], _state["summary"], _state["refused"]
    box = dom.by_id("notation-refused")
    if refused is not None:
        box.textContent = _t("Точное распределение не считается: {msg}", msg=_notation_error(refused))
        box.hidden = False
    else:
        box.textContent = ""
        box.hidden = True
    dom.by_id("notation-dist").hidden = summ is None
    dom.by_id("notation-table-box").hidden = summ is None
    _render_table()
    if summ is None:
        dom.set_text(
            "notation-dist-status",
            "" if refused is not None else i18n.t("Нажмите «Бросить» или «Только вероятности»."),
        )
        return
    shown = expr.text.split("#")[0].strip()
    dom.announce(
        "notation-dist-status",
        _t(
            "Распределение {expr}: среднее {mean}, СКО {sd}, от {lo} до {hi}.",
            expr=shown,
            mean=fixed(summ.mean),
            sd=fixed(summ.sd),
            lo=num(summ.minimum),
            hi=num(summ.maximum),
        ),
    )
    stats = dom.by_id("notation-stats")
    dom.clear(stats)
    for name, value in (
        ("Среднее", fixed(summ.mean)),
        ("СКО", fixed(summ.sd)),
        ("Мин.", num(summ.minimum)),
        ("Макс.", num(summ.maximum)),
        ("Исходов", str(len(summ.outcomes))),
    ):
        item = dom.make("div")
        item.append(dom.make("dt", i18n.t(name)), dom.make("dd", value))
        stats.append(item)
    dom.set_text("notation-table-caption", f"{i18n.t('Точные вероятности')}: {shown}")
    _render_chart()


def _chip(die: notation.RolledDie, /) -> Any:
    classes = ["nd-die"]
    words = []
    chip = dom.make("span")
    for value in die.rerolled:
        chip.append(dom.make("s", num(value), cls="nd-thrown"), "↻")
    if die.rerolled:
        words.append(i18n.t("переброшен"))
    if die.extra:
        chip.append("↳")
        classes.append("nd-extra")
        words.append(i18n.t("добавлен взрывом"))
    core = num(die.value) + (f"({'+'.join(map(num, die.parts))})" if len(die.parts) > 1 else "")
    chip.append(dom.make("s", core) if die.dropped else core)
    if die.exploded:
        chip.append("!")
        classes.append("nd-exploded")
        words.append(i18n.t("взорвался"))
    if die.success:
        chip.append("✓")
        classes.append("nd-success")
        words.append(i18n.t("успех"))
    if die.dropped:
        chip.append("✗")
        classes.append("nd-dropped")
        words.append(i18n.t("отброшен"))
    if words:
        chip.append(dom.make("span", f" ({', '.join(words)})", cls="nd-sr"))
        chip.title = ", ".join(words)
    chip.className = " ".join(classes)
    return chip


def _render_roll() -> None:
    result = _state["roll"]
    box = dom.by_id("notation-dice")
    dom.clear(box)
    if result is None:
        dom.set_text("notation-result", i18n.t("Ещё не бросали."))
        dom.set_text("notation-where", "")
        return
    budget = MAX_CHIPS
    for group in result.dice:
        line = dom.make("div", cls="nd-group")
        line.append(dom.make("span", group.notation, cls="nd-term"))
        for die in group.dice[: max(0, budget)]:
            line.append(_chip(die))
        hidden = len(group.dice) - max(0, budget)
        if hidden > 0:
            line.append(dom.make("span", _t("…и ещё {n}", n=hidden), cls="muted"))
        budget -= len(group.dice)
        line.append(dom.make("span", f"= {num(group.value)}", cls="nd-sum"))
        box.append(line)
    total = dom.make("div", cls="nd-group nd-total")
    total.append(dom.make("span", "→", cls="arrow"), dom.make("span", num(result.total), cls="die die-big"))
    box.append(total)
    dom.announce("notation-result", roll_text(result))
    summ = _state["summary"]
    if summ is not None:
        k = result.total
        dom.set_text(
            "notation-where",
            f"P(= {num(k)}) = {short_percent(summ.equal(k))}; P(≤ {num(k)}) = {short_percent(summ.at_most(k))}; "
            f"P(≥ {num(k)}) = {short_percent(summ.at_least(k))}",
        )
    else:
        dom.set_text("notation-where", "")


def _share(text: str, /) -> None:
    url = window.URL.new(window.location.href)
    url.searchParams.set("expr", text)
    url.hash = "notation"
    window.history.replaceState(None, "", url.href)


def _compute(text: str, *, do_roll: bool) -> None:
    """Parse, roll (optionally) and get the exact odds; raise InputError before changing anything."""
    _hide_caret()
    if not text.strip():
        raise _fail(lambda: i18n.t("Введите выражение, например 4d6kh3."))
    try:
        expr = notation.parse(text, limits=LIMITS)
    except notation.NotationError as error:
        _show_caret(text, error)
        raise _fail(
            lambda e=error: _t("Ошибка в символе {col}: {msg}", col=e.position + 1, msg=_notation_error(e))
        ) from None
    summ, refused = None, None
    try:
        summ = notation.summary(expr)
    except notation.NotationError as error:  # over the work limit: refused before any work is done
        refused = error
    result = notation.roll(expr, dom.app_rng) if do_roll else None
    if result is None and _state["expr"] is not None and _state["expr"].text == expr.text:
        result = _state["roll"]  # same line: keep the last roll highlighted
    same = _state["expr"] is not None and _state["expr"].text == expr.text
    _state.update(
        expr=expr,
        summary=summ,
        refused=refused,
        roll=result,
        rows=summ.table() if summ is not None else [],
        show_all=_state["show_all"] and same,
    )
    _share(text)
    _render_distribution()
    _render_roll()
    if do_roll:
        log.add(lambda: roll_text(result))


# --------------------------------------------------------------------------- log


log = Journal(LOG_KEY, "notation", size=LOG_SIZE, timestamps=True)


# --------------------------------------------------------------------------- handlers


@dom.handler("click", "#notation-roll")
def on_roll(_event: Any) -> None:
    _compute(str(dom.by_id("notation-expr").value), do_roll=True)


@dom.handler("click", "#notation-odds")
def on_odds(_event: Any) -> None:
    _compute(str(dom.by_id("notation-expr").value), do_roll=False)


@when("keydown", "#notation-expr")
def on_key(event: Any) -> None:
    if str(event.key) == "Enter" and not event.isComposing:
        event.preventDefault()
        dom.by_id("notation-roll").click()


@dom.handler("change", "#notation-preset")
def on_preset(_event: Any) -> None:
    select = dom.by_id("notation-preset")
    value = str(select.value)
    if not value:
        return
    dom.by_id("notation-expr").value = value
    select.value = ""
    _compute(value, do_roll=False)


@dom.handler("change", "input[name='notation-view']")
def on_view(_event: Any) -> None:
    _render_chart()


@dom.handler("click", "#notation-table-all")
def on_table_all(_event: Any) -> None:
    _state["show_all"] = True
    _render_table()


@dom.handler("click", "#notation-csv")
def on_csv(_event: Any) -> None:
    summ = _state["summary"]
    if summ is None:
        raise _fail(lambda: i18n.t("Нет распределения: сначала нажмите «Только вероятности»."))
    dom.copy_text(csv_text(_state["rows"]), "notation-copy-status")


@dom.handler("click", "#notation-share")
def on_share(_event: Any) -> None:
    dom.copy_text(str(window.location.href), "notation-copy-status")


@dom.handler("click", "#notation-log-clear")
def on_log_clear(_event: Any) -> None:
    log.clear()
    _show("notation-log-notice", lambda: i18n.t("Журнал очищен."))
    dom.by_id("notation-log-notice").hidden = False


@dom.handler("click", "#notation-log-export")
def on_log_export(_event: Any) -> None:
    lines = log.texts()
    if not lines:
        raise _fail(lambda: i18n.t("Журнал пуст: скачивать нечего."))
    header = [i18n.t("Журнал бросков (нотация)"), ""]
    dom.download_text("notation-log.txt", "\n".join([*header, *reversed(lines)]) + "\n")


# --------------------------------------------------------------------------- start-up


def _deferred(fn: Callable[[], None], /) -> None:
    """Run ``fn`` after the page is ready; errors go where a handler's would."""

    def run() -> None:
        try:
            fn()
        except ValueError as error:
            dom.show_error(document.querySelector("#notation .error"), str(error))
        except Exception:
            window.console.error(traceback.format_exc())
            dom.show_error(
                document.querySelector("#notation .error"),
                i18n.t("Внутренняя ошибка; подробности в консоли браузера."),
            )

    window.setTimeout(create_once_callable(run), 0)


def _warm_up(*_: Any) -> None:
    """Warm icepool up once the notation tab is open: the snapshot start has it imported already,
    but a fresh start (the snapshot's fallback, the single saved file) imports it here."""
    if str(window.location.hash) == "#notation" and not _state.get("warm"):
        _state["warm"] = True
        _deferred(_import_icepool)


def _import_icepool() -> None:
    notation.distribution("d2")
    document.documentElement.dataset.notationWarm = "true"  # observable by tests and tools/bench.py


def _rerender() -> None:
    """On a language switch: the distribution, the roll, and messages still shown, re-worded."""
    still = [key for key, (text, _) in _shown.items() if str(_element(key).textContent) == text]
    _render_distribution()
    _render_roll()
    for key in still:
        text = _shown[key][1]()
        _element(key).textContent = text
        _shown[key] = (text, _shown[key][1])


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
    log.render()
    i18n.on_change(_rerender)
    shared = dom.url_param("expr")
    if shared:
        dom.by_id("notation-expr").value = shared
        if not str(window.location.hash):
            window.location.hash = "notation"
        _state["warm"] = True
        _deferred(lambda: _compute(shared, do_roll=False))
    _warm_up()
    window.addEventListener("hashchange", create_proxy(_warm_up))
