"""A line chart of several series as SVG nodes (pure): told apart without colour.

Each series gets a colour, a dash pattern and a marker shape (``style(i)``: twelve distinct
pairs of dash and marker), so a print-out in grey or a colour-blind reader still tells them apart;
``legend`` draws the same line and marker next to each name. Charts are decorative for screen
readers (give the container ``aria-hidden``): pair every chart with a table of the same numbers.
``svg_file`` is the same chart as a standalone SVG document (the chart's export).

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

from kit.msg import Renderable, short_pct
from kit.view import Node, to_html

__all__ = [
    "COLOURS",
    "DASHES",
    "HEIGHT",
    "MARKERS",
    "WIDTH",
    "legend",
    "line_chart",
    "style",
    "svg_file",
    "ticks",
]

COLOURS = ("#1f5fa8", "#c0392b", "#1e8449", "#7d3c98", "#b9770e", "#148f9b")
DASHES = ("", "7 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "down")
WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 12, 30
MAX_MARKERS = 30  # markers per series; a longer series marks every n-th point


def style(index: int, /) -> tuple[str, str, str]:
    """(colour, dash pattern, marker) of series ``index``; the first twelve differ in dash and marker.

    >>> len({style(i)[1:] for i in range(12)})
    12
    """
    return COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)], MARKERS[index % len(MARKERS)]


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def marker(shape: str, x: float, y: float, colour: str, /) -> Node:
    """One marker centred on (x, y)."""
    r = 4.0
    paint = (("fill", colour), ("stroke", colour))
    if shape == "circle":
        return Node("circle", attrs=(("cx", _num(x)), ("cy", _num(y)), ("r", _num(r)), *paint))
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
    ".ylabel{text-anchor:end;dominant-baseline:middle}.xlabel{text-anchor:middle}</style>"
)


def svg_file(chart: Node, lang: str, /) -> str:
    """The chart as a standalone SVG document (XML is case-sensitive: ``viewBox``)."""
    markup = to_html(chart, lang)
    markup = markup.replace(" viewbox=", " viewBox=").replace(
        " preserveaspectratio=", " preserveAspectRatio="
    )
    head = '<svg xmlns="http://www.w3.org/2000/svg"'
    return markup.replace("<svg", head, 1).replace(">", ">" + STYLE, 1) + "\n"
