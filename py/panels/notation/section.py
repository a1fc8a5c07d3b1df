"""The notation panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from collections.abc import Iterable

from kit import common, undo
from kit.markup import button, h, main_button, select
from kit.msg import Msg
from kit.view import Node
from panels.notation import lab_text, text
from panels.notation.lab_digest import MAX_ROWS
from panels.notation.lab_state import MAX_LENGTH
from panels.shell.section import about, panel, rules_link, subtools
from panels.shell.table import roll_extras


def _row(i: int) -> Node:
    """Lab row ``i``: its label, the line and its moves (the view words the labels: «Строка 1»,
    «Выше: строка 1»). The lab starts with one row; the view shows the others as rows are added."""
    move = {"up": "↑", "down": "↓", "remove": "✕"}
    moves = (
        button(f"lab-{kind}-{i}", mark, cls=f"lab-{kind}", data_arg=str(i)) for kind, mark in move.items()
    )
    line = h(
        "input", id=f"lab-row-{i}", cls="lab-row", type="text", maxlength=str(MAX_LENGTH), autocomplete="off",
        autocapitalize="off", spellcheck="false", enterkeyhint="go", data_enter="lab-run",
        data_needs_python=True, disabled=True,
    )  # fmt: skip
    return h(
        "li",
        h("label", id=f"lab-label-{i}", for_=f"lab-row-{i}"),
        " ",
        line,
        " ",
        h("span", *_spaced(moves), cls="nd-lab-moves"),
        id=f"lab-rowbox-{i}",
        cls="nd-lab-row",
        hidden=i > 0,
    )


def _export(element_id: str, label: Msg) -> Node:
    """An export button: its label in a span, since the view writes the button's ``data-arg`` (the
    page's language, in which the file is made) and an element a view writes has no static text."""
    return h("button", h("span", label), id=element_id, type="button", data_needs_python=True, disabled=True)


def _spaced(nodes: Iterable[Node]) -> list[Node | str]:
    out: list[Node | str] = []
    for node in nodes:
        out += [" ", node] if out else [node]
    return out


# The dice roller: a line of notation, its roll and its exact distribution.
ROLL = (
    h(
        "div",
        h("label", text.EXPRESSION, for_="notation-expr"),
        " ",
        h(
            "input",
            id="notation-expr",
            type="text",
            value="4d6kh3 # сила",
            maxlength="500",
            autocomplete="off",
            autocapitalize="off",
            spellcheck="false",
            enterkeyhint="go",
            data_enter="notation-roll",
            placeholder=text.PLACEHOLDER,
            data_needs_python=True,
            disabled=True,
        ),
        " ",
        main_button("notation-roll", text.ROLL),
        " ",
        button("notation-odds", text.ODDS_ONLY),
        " ",
        roll_extras("notation-roll", text.TABLE_EXAMPLE),
        cls="controls nd-entry",
    ),
    h(
        "div",
        h("label", text.EXAMPLES, for_="notation-preset"),
        select(
            "notation-preset",
            h("option", text.CHOOSE, value=""),
            h("option", text.PRESET_GAUSS, value="gauss"),
            h("option", text.PRESET_ROUND, value="round(3d20/3)"),
            h("option", text.PRESET_6D3, value="6d3-12"),
            h("option", text.PRESET_4DF, value="4dF"),
            h("option", text.PRESET_3DGF, value="3dGF"),
            h("option", text.PRESET_VERSUS, value="4d6 > 4d6"),
            h("option", text.PRESET_BEST, value="10d20kh1"),
            h("option", text.PRESET_DROP, value="20d6dl5"),
            h("option", text.PRESET_EXPLODE, value="8d10!"),
            h("option", text.PRESET_SUCCESS, value="5d10>=8"),
            h("option", text.PRESET_ADVANTAGE, value="2d20kh1+5"),
            h("option", text.PRESET_RUSSIAN, value="3к6"),
            h("option", text.PRESET_POOL, value="{1d8!, 1d6!}kh"),
            h("option", text.PRESET_FAILURES, value="10d10>=8f1"),
        ),
        cls="controls",
    ),
    h("p", cls="error", role="alert", hidden=True),
    h("div", h("pre", cls="nd-caret", id="notation-caret", hidden=True), cls="nd-caret-wrap"),
    h(
        "div",
        h("h3", text.READINGS_TITLE),
        h("ul", id="notation-readings-list"),
        cls="nd-readings",
        id="notation-readings",
        hidden=True,
    ),
    h(
        "div",
        h("p", cls="result", id="notation-result", aria_live="polite"),  # the verdict first, then its dice
        h("div", cls="nd-dice", id="notation-dice"),
        h("p", cls="muted", id="notation-where"),
        h("p", text.LEGEND, cls="muted nd-legend"),
        cls="roll-out",
    ),
    h("h3", text.EXACT_DISTRIBUTION),
    h("p", cls="nd-refused", id="notation-refused", role="alert", hidden=True),
    h("p", cls="muted", id="notation-dist-status", aria_live="polite"),
    h(
        "div",
        h("dl", cls="nd-stats", id="notation-stats"),
        h(
            "fieldset",
            h("legend", text.SHOW),
            h(
                "input",
                type="radio",
                id="notation-view-eq",
                name="notation-view",
                value="eq",
                checked=True,
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(=)", for_="notation-view-eq"),
            " ",
            h(
                "input",
                type="radio",
                id="notation-view-ge",
                name="notation-view",
                value="ge",
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(≥)", for_="notation-view-ge"),
            " ",
            h(
                "input",
                type="radio",
                id="notation-view-le",
                name="notation-view",
                value="le",
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(≤)", for_="notation-view-le"),
            cls="nd-view",
        ),
        h(
            "figure",
            h("div", cls="chart nd-chart", id="notation-chart"),
            h("figcaption", id="notation-chart-note"),
            cls="chart-figure",
        ),
        h(
            "div",
            button("notation-csv", text.DOWNLOAD_CSV),
            " ",
            button("notation-share", text.COPY_LINK),
            " ",
            h("span", cls="muted", id="notation-copy-status", aria_live="polite"),
            cls="controls",
        ),
        id="notation-dist",
        hidden=True,
    ),
    h(
        "div",
        h(
            "div",
            h(
                "div",
                h(
                    "table",
                    h("caption", id="notation-table-caption"),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", common.VALUE, scope="col"),
                            h("th", "P(=)", scope="col"),
                            h("th", "P(≥)", scope="col"),
                            h("th", "P(≤)", scope="col"),
                        ),
                    ),
                    h("tbody", id="notation-table"),
                ),
                cls="table-wrap nd-table-wrap",
            ),
            h("p", cls="muted", id="notation-table-note"),
            button("notation-table-all", None, hidden=True),
            id="notation-table-box",
            hidden=True,
        ),
        h(
            "div",
            h("h3", text.ROLL_LOG),
            h("p", cls="muted", id="notation-log-notice", role="status", hidden=True),
            h("p", common.NO_ROLLS_YET, cls="muted", id="notation-log-empty"),
            h("ol", cls="history nd-log", id="notation-log"),
            h(
                "div",
                button("notation-log-export", text.DOWNLOAD_LOG),
                " ",
                button("notation-log-clear", common.CLEAR_LOG),
                cls="controls",
            ),
        ),
        cls="two-col",
    ),
)

# The lab: several rows compared in one chart and table.
LAB = h(
    "section",
    h("h3", lab_text.TITLE, id="lab-title"),
    h("ol", *(_row(i) for i in range(MAX_ROWS)), cls="nd-lab-rows"),
    undo.bar("lab"),  # a removed row's «Отменить», just under the rows
    h(
        "div",
        button("lab-add", lab_text.ADD),
        " ",
        main_button("lab-run", lab_text.RUN, data_scroll_to="lab-results"),
        cls="controls",
    ),
    h("p", lab_text.HINT, cls="hint"),  # under the rows: on a phone «Сравнить» is in the first screen
    h(
        "div",
        h("h4", lab_text.PROGRAM_TITLE),
        h("p", lab_text.PROGRAM_HINT, cls="hint"),
        h(
            "div",
            h("label", lab_text.PROGRAM_EXAMPLES, for_="lab-example"),
            select(
                "lab-example",
                h("option", text.CHOOSE, value=""),
                h("option", lab_text.EXAMPLE_GAUSS, value="gauss"),
                h("option", lab_text.EXAMPLE_EXPLODE, value="explode"),
                h("option", lab_text.EXAMPLE_STATS, value="stats"),
            ),
            cls="controls",
        ),
        # where the program in the field came from (a link: read it first), written by the view
        h("p", cls="program-origin", id="lab-program-origin", role="note", hidden=True),
        h("label", lab_text.PROGRAM, for_="lab-program"),
        " ",
        h(
            "textarea",
            cls="nd-lab-code",
            id="lab-program",
            rows="8",
            maxlength="20000",
            spellcheck="false",
            autocapitalize="off",
            autocomplete="off",
            data_needs_python=True,
            disabled=True,
        ),
        h(
            "div",
            button("lab-program-run", lab_text.PROGRAM_RUN, cls="primary", data_scroll_to="lab-results"),
            cls="controls",
        ),
        cls="nd-lab-program",
    ),
    h("p", cls="error", role="alert", hidden=True),
    h("div", h("pre", cls="nd-caret", id="lab-caret", hidden=True), cls="nd-caret-wrap"),
    h("p", cls="muted", id="lab-status", aria_live="polite"),
    h(
        "div",
        h(
            "fieldset",
            h("legend", lab_text.SHOW),
            h(
                "input",
                type="radio",
                id="lab-view-eq",
                name="lab-view",
                value="eq",
                checked=True,
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(=)", for_="lab-view-eq"),
            " ",
            h(
                "input",
                type="radio",
                id="lab-view-ge",
                name="lab-view",
                value="ge",
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(≥)", for_="lab-view-ge"),
            " ",
            h(
                "input",
                type="radio",
                id="lab-view-le",
                name="lab-view",
                value="le",
                data_needs_python=True,
                disabled=True,
            ),
            h("label", "P(≤)", for_="lab-view-le"),
            cls="nd-view",
        ),
        h(
            "figure",
            h("div", cls="nd-lab-chart", id="lab-chart", aria_hidden="true"),
            h("figcaption", h("ul", cls="nd-lab-legend", id="lab-legend")),
            cls="chart-figure nd-lab-figure",
        ),
        h(
            "div",
            _export("lab-csv", lab_text.DOWNLOAD_CSV),
            " ",
            _export("lab-svg", lab_text.DOWNLOAD_SVG),
            " ",
            _export("lab-png", lab_text.DOWNLOAD_PNG),
            " ",
            button("lab-share", lab_text.SHARE),
            " ",
            button("lab-copy-text", lab_text.COPY_TEXT),
            " ",
            h("span", cls="muted", id="lab-copy-status", aria_live="polite"),
            cls="controls",
        ),
        h("h4", lab_text.STATS),
        h(
            "div",
            h(
                "table",
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", lab_text.SERIES, scope="col"),
                        h("th", text.MEAN, scope="col"),
                        h("th", text.SD, scope="col"),
                        h("th", text.MIN, scope="col"),
                        h("th", text.MAX, scope="col"),
                    ),
                ),
                h("tbody", id="lab-stats"),
                cls="nd-lab-table",
            ),
            cls="table-wrap",
        ),
        h("h4", text.EXACT_DISTRIBUTION),
        h(
            "div",
            h("table", h("thead", id="lab-dist-head"), h("tbody", id="lab-dist"), cls="nd-lab-table"),
            cls="table-wrap",
        ),
        h("h4", lab_text.PAIRS),
        h(
            "div",
            h("table", h("thead", id="lab-pairs-head"), h("tbody", id="lab-pairs"), cls="nd-lab-table"),
            cls="table-wrap",
        ),
        h("p", cls="muted", id="lab-note"),
        id="lab-results",
        hidden=True,
    ),
    cls="nd-lab",
    id="notation-lab",
    aria_labelledby="lab-title",
)

SECTION = panel(
    "notation",
    h("h2", text.TITLE, id="notation-title"),
    rules_link("notation"),
    about("notation", h("p", text.HINT, cls="hint")),
    # On a phone the roller or the lab.
    *subtools(
        "notation", (("roll", text.TAB_ROLL, ROLL), ("lab", text.TAB_LAB, (LAB,))), opened_by={"lab": "lab"}
    ),
)
