"""The roller panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit import common
from kit.markup import button, h, number
from panels.roller import text
from panels.shell.section import about, panel, rules_link
from panels.shell.table import roll_extras

SECTION = panel(
    "roller",
    h("h2", text.TITLE, id="roller-title"),
    rules_link("roller"),
    about("roller", h("p", text.HINT, cls="hint")),
    h(
        "div",
        h(
            "div",
            h("label", common.LUCK_1_9, for_="gauss-luck"),
            " ",
            number("gauss-luck", 1, 9, 5),
            " ",
            h("span", cls="muted", id="gauss-luck-note"),
            " ",
            button("gauss-roll", text.ROLL, cls="primary", data_main_action=True),
            " ",
            roll_extras("gauss-roll", text.TABLE_EXAMPLE),
            cls="controls",
        ),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="result", id="gauss-result", aria_live="polite"),
        cls="action-bar",
    ),
    h(
        "div",
        h(
            "div",
            h("span", "–", cls="die", id="gauss-die-0"),
            h("span", "–", cls="die", id="gauss-die-1"),
            h("span", "–", cls="die", id="gauss-die-2"),
            " ",
            h("span", "→", cls="arrow"),
            h("span", "–", cls="die die-big", id="gauss-value"),
            cls="dice-row",
            aria_hidden="true",
        ),
        h("p", cls="muted", id="gauss-where"),
        cls="roll-out",
    ),
    h(
        "figure",
        h("div", cls="chart", id="gauss-chart"),
        h("figcaption", text.CHART_CAPTION),
        cls="chart-figure",
    ),
    h(
        "div",
        h(
            "div",
            h(
                "table",
                h("caption", common.EXACT_ODDS),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", common.VALUE, scope="col"),
                        h("th", "P(=)", scope="col"),
                        h("th", "P(≤)", scope="col"),
                        h("th", "P(≥)", scope="col"),
                    ),
                ),
                h("tbody", id="gauss-odds"),
            ),
            cls="table-wrap",
        ),
        h(
            "div",
            h(
                "div",
                h(
                    "table",
                    h("caption", text.CENTRE),
                    h(
                        "thead",
                        h("tr", h("th", text.WINDOW, scope="col"), h("th", common.PROBABILITY, scope="col")),
                    ),
                    h("tbody", id="gauss-windows"),
                ),
                cls="table-wrap",
            ),
            h("p", text.MONTE_CARLO, cls="note"),
            h("h3", text.HISTORY),
            h("p", cls="muted", id="gauss-log-notice", role="status", hidden=True),
            h("p", common.NO_ROLLS_YET, cls="muted", id="gauss-log-empty"),
            h("ol", cls="history", id="gauss-log"),
            button("gauss-log-clear", common.CLEAR_HISTORY),
        ),
        cls="two-col",
    ),
)
