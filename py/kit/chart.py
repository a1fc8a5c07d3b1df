"""A line chart of several series as SVG nodes (pure): told apart without colour.

Each series gets a colour, a dash pattern and a marker shape (``style(i)``: eight colours and
eight markers, so the first eight series differ in all three, and twelve distinct pairs of dash
and marker), so a print-out in grey or a colour-blind reader still tells them apart; ``legend``
draws the same line and marker next to each name. Charts are decorative for screen readers (give
the container ``aria-hidden``): pair every chart with a table of the same numbers. ``svg_file`` is
the same chart as a standalone SVG document (the chart's export); given a ``title`` and the
series' ``names`` it carries them (``<title>``, a heading and a legend drawn below the plot), so
an image posted alone still says what it shows; ``export_height`` is that document's height.

>>> chart = line_chart([1, 2], [[Fraction(1, 2), Fraction(1, 2)]], ymax=Fraction(1))
>>> chart.tag, [c.tag for c in chart.children][-2:]
('svg', ['polyline', 'g'])
>>> text = svg_file(chart, "en")
>>> text.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'viewBox="0 0 640 280"' in text
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from kit.msg import Cat, Renderable, fixed, render, short_pct
from kit.view import Node, to_html

__all__ = [
    "COLOURS",
    "against_legend",
    "bars_against",
    "DASHES",
    "HEIGHT",
    "MARKERS",
    "WIDTH",
    "export_height",
    "legend",
    "line_chart",
    "style",
    "svg_file",
    "ticks",
]

COLOURS = ("#1f5fa8", "#c0392b", "#1e8449", "#7d3c98", "#b9770e", "#148f9b", "#4d4d4d", "#c2185b")
DASHES = ("", "7 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down", "ring", "plus")
WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 78, 12, 12, 30  # LEFT: a y label at a phone's larger type (static/app.css)
MAX_MARKERS = 30  # markers per series; a longer series marks every n-th point


def style(index: int, /) -> tuple[str, str, str]:
    """(colour, dash pattern, marker) of series ``index``: the first eight differ in colour and in
    marker, the first twelve in dash and marker (past eight the dash moves on a step).

    >>> len({style(i)[0] for i in range(8)}), len({style(i)[2] for i in range(8)})
    (8, 8)
    >>> len({style(i)[1:] for i in range(12)})
    12
    """
    dash = (index + index // len(MARKERS)) % len(DASHES)
    return COLOURS[index % len(COLOURS)], DASHES[dash], MARKERS[index % len(MARKERS)]


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def marker(shape: str, x: float, y: float, colour: str, /) -> Node:
    """One marker centred on (x, y)."""
    r = 4.0
    paint = (("fill", colour), ("stroke", colour))
    if shape == "circle":
        return Node("circle", attrs=(("cx", _num(x)), ("cy", _num(y)), ("r", _num(r)), *paint))
    if shape == "ring":  # hollow: told from the filled circle without colour
        ring = (("fill", "none"), ("stroke", colour), ("stroke-width", "2"))
        return Node("circle", attrs=(("cx", _num(x)), ("cy", _num(y)), ("r", _num(r)), *ring))
    if shape == "plus":
        d = f"M{_num(x - r - 1)} {_num(y)}h{_num(2 * r + 2)}M{_num(x)} {_num(y - r - 1)}v{_num(2 * r + 2)}"
        return Node("path", attrs=(("d", d), ("stroke", colour), ("stroke-width", "2.5"), ("fill", "none")))
    if shape == "square":
        d = f"M{_num(x - r)} {_num(y - r)}h{_num(2 * r)}v{_num(2 * r)}h{_num(-2 * r)}z"
    elif shape == "triangle":
        d = f"M{_num(x)} {_num(y - r - 1)}L{_num(x + r + 1)} {_num(y + r)}L{_num(x - r - 1)} {_num(y + r)}z"
    elif shape == "down":
        d = f"M{_num(x)} {_num(y + r + 1)}L{_num(x + r + 1)} {_num(y - r)}L{_num(x - r - 1)} {_num(y - r)}z"
    elif shape == "diamond":
        d = f"M{_num(x)} {_num(y - r - 1)}L{_num(x + r + 1)} {_num(y)}L{_num(x)} {_num(y + r + 1)}L{_num(x - r - 1)} {_num(y)}z"
    else:  # cross: drawn with strokes only
        d = f"M{_num(x - r)} {_num(y - r)}L{_num(x + r)} {_num(y + r)}M{_num(x - r)} {_num(y + r)}L{_num(x + r)} {_num(y - r)}"
        return Node("path", attrs=(("d", d), ("stroke", colour), ("stroke-width", "2"), ("fill", "none")))
    return Node("path", attrs=(("d", d), *paint))


def ticks(low: int, high: int, /, most: int = 12) -> list[int]:
    """Round x-axis ticks from ``low`` to ``high``: steps of 1, 2, 5, 10, 20, 50… and at most ``most``.

    >>> ticks(3, 18), ticks(-7, 108)
    ([4, 6, 8, 10, 12, 14, 16, 18], [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    """
    step = 1
    while (high - low) // step + 1 > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def line_chart(
    xs: Sequence[int],
    series: Sequence[Sequence[Fraction | None]],
    /,
    *,
    ymax: Fraction | None = None,
    label: Callable[[int], str] = str,
) -> Node:
    """An SVG line chart: x = the values ``xs`` (to scale, gaps included), one line per series with a
    point per value (``None``: no point); x ticks are round numbers written by ``label``.

    The y axis runs from 0 to ``ymax`` (default: the largest value), with gridlines at quarters.
    """
    top = ymax or max((p for s in series for p in s if p is not None), default=Fraction(1)) or Fraction(1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    low, high = (min(xs), max(xs)) if xs else (0, 1)
    span = max(1, high - low)

    def at(v: int) -> float:
        return LEFT + (plot_w * (v - low) / span if high > low else plot_w / 2)

    def x(i: int) -> float:
        return at(xs[i])

    def y(p: Fraction) -> float:
        return TOP + plot_h * (1 - float(p / top))

    nodes: list[Node] = []
    for quarter in range(5):
        level = top * quarter / 4
        yy = _num(y(level))
        nodes.append(
            Node(
                "line",
                attrs=(
                    ("x1", str(LEFT)),
                    ("x2", str(WIDTH - RIGHT)),
                    ("y1", yy),
                    ("y2", yy),
                    ("class", "grid"),
                ),
            )
        )
        nodes.append(
            Node("text", short_pct(level), attrs=(("x", str(LEFT - 4)), ("y", yy), ("class", "ylabel")))
        )
    for tick in ticks(low, high) if xs else ():
        nodes.append(
            Node(
                "text",
                label(tick),
                attrs=(("x", _num(at(tick))), ("y", str(HEIGHT - 10)), ("class", "xlabel")),
            )
        )
    for index, points in enumerate(series):
        colour, dash, shape = style(index)
        present = [(i, p) for i, p in enumerate(points) if p is not None]
        if not present:
            continue
        line = " ".join(f"{_num(x(i))},{_num(y(p))}" for i, p in present)
        attrs: tuple[tuple[str, Renderable], ...] = (
            ("points", line),
            ("fill", "none"),
            ("stroke", colour),
            ("stroke-width", "2"),
        )
        nodes.append(Node("polyline", attrs=attrs + ((("stroke-dasharray", dash),) if dash else ())))
        mark_every = max(1, -(-len(present) // MAX_MARKERS))
        marks = tuple(
            marker(shape, x(i), y(p), colour)
            for n, (i, p) in enumerate(present)
            if n % mark_every == (index % mark_every)
        )
        nodes.append(Node("g", children=marks))
    return Node(
        "svg",
        cls="line-chart",
        attrs=(("viewbox", f"0 0 {WIDTH} {HEIGHT}"), ("preserveaspectratio", "xMidYMid meet")),
        children=tuple(nodes),
    )


def bars_against(labels: Sequence[str], observed: Sequence[int], expected: Sequence[float], /) -> Node:
    """An SVG bar chart of counts: solid bars for ``observed``, and across each bar a dashed line
    at its ``expected`` count (a die's faces against a fair die's), told apart without colour;
    ``against_legend`` draws the key. The y axis runs from 0 to the larger of both, gridlines at
    quarters; with many bars only some x labels are written (every bar has its ``<title>``).

    >>> chart = bars_against(["1", "2"], [3, 0], [1.5, 1.5])
    >>> [c.tag for c in chart.children].count("rect"), [c.tag for c in chart.children].count("line")
    (2, 7)
    """
    count = len(observed)
    if count != len(labels) or count != len(expected):
        raise ValueError("one label, one count and one expectation per bar")
    step = _step(max((*observed, *expected, 1)) / 4)
    top = 4 * step  # gridlines at quarters, each a round count
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(1, count)

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    nodes: list[Node] = []
    for quarter in range(5):
        level = step * quarter
        yy = _num(y(level))
        grid = (("x1", str(LEFT)), ("x2", str(WIDTH - RIGHT)), ("y1", yy), ("y2", yy), ("class", "grid"))
        nodes.append(Node("line", attrs=grid))
        nodes.append(Node("text", str(level), attrs=(("x", str(LEFT - 4)), ("y", yy), ("class", "ylabel"))))
    every = max(1, -(-count // 20))
    bar, dash = COLOURS[0], COLOURS[1]
    for index, (label, seen, fair) in enumerate(zip(labels, observed, expected, strict=True)):
        left = LEFT + slot * index
        box = (
            ("x", _num(left + slot * 0.15)),
            ("y", _num(y(seen))),
            ("width", _num(slot * 0.7)),
            ("height", _num(plot_h * seen / top)),
            ("fill", bar),
        )
        nodes.append(
            Node("rect", attrs=box, children=(Node("title", Cat((f"{label}: {seen} / ", fixed(fair, 1)))),))
        )
        across = (
            ("x1", _num(left + slot * 0.05)),
            ("x2", _num(left + slot * 0.95)),
            ("y1", _num(y(fair))),
            ("y2", _num(y(fair))),
            ("stroke", dash),
            ("stroke-width", "2.5"),
            ("stroke-dasharray", "5 3"),
        )
        nodes.append(Node("line", attrs=across))
        if index % every == 0 or index == count - 1:
            where = (("x", _num(left + slot / 2)), ("y", str(HEIGHT - 10)), ("class", "xlabel"))
            nodes.append(Node("text", label, attrs=where))
    return Node(
        "svg",
        cls="bars-chart",
        attrs=(("viewbox", f"0 0 {WIDTH} {HEIGHT}"), ("preserveaspectratio", "xMidYMid meet")),
        children=tuple(nodes),
    )


def _step(least: float, /) -> int:
    """The smallest round count (1, 2, 3, 4, 5, 6, 8, 10, 20 …) of at least ``least``.

    >>> _step(0.3), _step(7.5), _step(26), _step(1250)
    (1, 8, 30, 2000)
    """
    scale = 1
    while True:
        for mantissa in (1, 2, 3, 4, 5, 6, 8):
            if mantissa * scale >= least:
                return mantissa * scale
        scale *= 10


def against_legend(observed: Renderable, expected: Renderable, /) -> tuple[Node, ...]:
    """``<li>`` items keying ``bars_against``: a solid bar, then a dashed line."""
    swatch = Node(
        "svg",
        attrs=(("viewbox", "0 0 36 16"), ("width", "36"), ("height", "16"), ("aria-hidden", "true")),
        children=(
            Node(
                "rect",
                attrs=(("x", "10"), ("y", "2"), ("width", "16"), ("height", "12"), ("fill", COLOURS[0])),
            ),
        ),
    )
    line = Node(
        "svg",
        attrs=(("viewbox", "0 0 36 16"), ("width", "36"), ("height", "16"), ("aria-hidden", "true")),
        children=(
            Node(
                "line",
                attrs=(
                    ("x1", "2"),
                    ("x2", "34"),
                    ("y1", "8"),
                    ("y2", "8"),
                    ("stroke", COLOURS[1]),
                    ("stroke-width", "2.5"),
                    ("stroke-dasharray", "5 3"),
                ),
            ),
        ),
    )
    return (
        Node("li", children=(swatch, Node("span", observed))),
        Node("li", children=(line, Node("span", expected))),
    )


def legend(names: Sequence[Renderable], /) -> tuple[Node, ...]:
    """``<li>`` items: each series' line and marker, then its name."""
    out = []
    for index, name in enumerate(names):
        colour, dash, shape = style(index)
        line_attrs: tuple[tuple[str, Renderable], ...] = (
            ("x1", "2"),
            ("x2", "34"),
            ("y1", "8"),
            ("y2", "8"),
            ("stroke", colour),
            ("stroke-width", "2"),
        )
        sample = Node(
            "svg",
            attrs=(("viewbox", "0 0 36 16"), ("width", "36"), ("height", "16"), ("aria-hidden", "true")),
            children=(
                Node("line", attrs=line_attrs + ((("stroke-dasharray", dash),) if dash else ())),
                marker(shape, 18, 8, colour),
            ),
        )
        out.append(Node("li", children=(sample, Node("span", name))))
    return tuple(out)


STYLE = (
    "<style>.grid{stroke:#ccc;stroke-width:1}text{font:12px sans-serif;fill:#333}"
    ".ylabel{text-anchor:end;dominant-baseline:middle}.xlabel{text-anchor:middle}"
    ".title{font:bold 14px sans-serif;fill:#111}.name{dominant-baseline:middle}</style>"
)
TITLE_HEIGHT = 28  # the heading above the plot in an export
LEGEND_ROW = 18  # one row of the export's legend (two names per row)
LEGEND_COLUMN = (WIDTH - 2 * 12) // 2
MAX_NAME_SHOWN = 42  # characters of a name in the export's legend (the <title> has them whole)


def export_height(names: int, /) -> int:
    """Height of ``svg_file``'s document with a title and ``names`` legend entries.

    >>> export_height(0), export_height(3)
    (316, 358)
    """
    rows = -(-names // 2)
    return TITLE_HEIGHT + HEIGHT + 8 + rows * LEGEND_ROW + (6 if rows else 0)


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _legend_entry(index: int, name: str, x: float, y: float) -> Node:
    colour, dash, shape = style(index)
    line: tuple[tuple[str, Renderable], ...] = (
        ("x1", _num(x)),
        ("x2", _num(x + 32)),
        ("y1", _num(y)),
        ("y2", _num(y)),
        ("stroke", colour),
        ("stroke-width", "2"),
    )
    return Node(
        "g",
        children=(
            Node("line", attrs=line + ((("stroke-dasharray", dash),) if dash else ())),
            marker(shape, x + 16, y, colour),
            Node(
                "text",
                _cut(name, MAX_NAME_SHOWN),
                attrs=(("x", _num(x + 40)), ("y", _num(y)), ("class", "name")),
            ),
        ),
    )


def _exported(chart: Node, title: str, names: Sequence[str]) -> Node:
    """The chart under a heading and over a legend of ``names``, as one SVG element."""
    height = export_height(len(names))
    top = TITLE_HEIGHT + HEIGHT + 8
    entries = tuple(
        _legend_entry(i, name, 12 + (i % 2) * LEGEND_COLUMN, top + (i // 2) * LEGEND_ROW + LEGEND_ROW / 2)
        for i, name in enumerate(names)
    )
    heading = _cut(title, 68)  # bold 14 px: about 9 px a character on 640
    return Node(
        "svg",
        attrs=(("viewbox", f"0 0 {WIDTH} {height}"), ("width", str(WIDTH)), ("height", str(height))),
        children=(
            Node("title", title),
            Node("rect", attrs=(("width", str(WIDTH)), ("height", str(height)), ("fill", "#ffffff"))),
            Node("text", heading, attrs=(("x", "12"), ("y", "19"), ("class", "title"))),
            Node("g", attrs=(("transform", f"translate(0 {TITLE_HEIGHT})"),), children=chart.children),
            *entries,
        ),
    )


def svg_file(
    chart: Node, lang: str, /, *, title: Renderable | None = None, names: Sequence[Renderable] = ()
) -> str:
    """The chart as a standalone SVG document (XML is case-sensitive: ``viewBox``). With a
    ``title`` it carries ``<title>``, a heading and a legend of the series' ``names`` (in
    ``lang``), ``export_height(len(names))`` high; user text in them is escaped like any text.

    >>> doc = svg_file(line_chart([1], [[Fraction(1)]]), "en", title="A & B", names=["<x>"])
    >>> "<title>A &amp; B</title>" in doc, "&lt;x&gt;" in doc, 'viewBox="0 0 640 340"' in doc
    (True, True, True)
    """
    if title is not None:
        chart = _exported(chart, render(title, lang), [render(name, lang) for name in names])
    markup = to_html(chart, lang)
    markup = markup.replace(" viewbox=", " viewBox=").replace(
        " preserveaspectratio=", " preserveAspectRatio="
    )
    markup = markup.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    if title is not None:  # <title> stays the first child (what readers and viewers look for)
        return markup.replace("</title>", "</title>" + STYLE, 1) + "\n"
    return markup.replace(">", ">" + STYLE, 1) + "\n"
