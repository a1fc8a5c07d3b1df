"""The FUDGE panel's dice and action sub-tools (static markup; panels/fudge/section.py places them)."""

from kit import common
from kit.markup import button, h, number, select
from panels.fudge import text, text_cast
from panels.roster import text as roster_text
from panels.shell.table import roll_extras

DICE = h(
    "section",
    h(
        "div",
        h(
            "div",
            h("label", text.MAIN_ROLL, for_="fudge-dice"),
            select(
                "fudge-dice",
                h("option", "6dF", value="6dF", selected=True),
                h("option", "3dGF", value="3dGF"),
                h("option", "6d3−12", value="6d3-12"),
                h("option", "4dF", value="4dF"),
            ),
            button("fudge-roll-dice", text.ROLL_DICE, cls="primary", data_main_action=True),
            " ",
            roll_extras("fudge-roll-dice", text.TABLE_EXAMPLE),
            cls="controls",
        ),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="result", id="fudge-dice-result", aria_live="polite"),
        cls="action-bar",
    ),
    h("p", cls="note", id="fudge-dice-note"),
    h(
        "figure",
        h("div", cls="chart", id="fudge-dice-chart"),
        h("figcaption", text.DICE_CHART),
        cls="chart-figure",
    ),
    h(
        "div",
        h(
            "table",
            h("caption", text.DICE_ODDS),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text.RESULT, scope="col"),
                    h("th", text.LADDER_TITLE, scope="col"),
                    h("th", "P(=)", scope="col"),
                    h("th", "P(≤)", scope="col"),
                    h("th", "P(≥)", scope="col"),
                ),
            ),
            h("tbody", id="fudge-dice-table"),
        ),
        cls="table-wrap",
    ),
    id="fudge-dice-part",
    aria_labelledby="fudge-dice-title",
)


ACTION = h(
    "section",
    h(
        "div",
        h("label", text.ACTION_KIND, for_="fudge-mode"),
        select(
            "fudge-mode",
            h("option", text.ONE_SIDED, value="one", selected=True),
            h("option", text.OPPOSED, value="opp"),
        ),
        h(
            "span",
            h("label", common.DIFFICULTY, for_="fudge-diff"),
            select("fudge-diff"),
            cls="fudge-inline",
            id="fudge-diff-wrap",
        ),
        cls="controls",
    ),
    h(
        "div",
        h(
            "fieldset",
            h("legend", text.SIDE_A),
            h(
                "div",
                h("label", roster_text.WHO, for_="fudge-a-who"),
                select("fudge-a-who"),
                cls="controls pick",
            ),
            h(
                "div",
                h(
                    "div",
                    h("label", text.ATTRIBUTE, for_="fudge-a-attr"),
                    number("fudge-a-attr", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL, for_="fudge-a-skill-mode"),
                    select(
                        "fudge-a-skill-mode",
                        h("option", text.SKILL_HAVE, value="have", selected=True),
                        h("option", text.SKILL_REQUIRED, value="required"),
                        h("option", text.SKILL_FREE, value="free"),
                    ),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL_VALUE, for_="fudge-a-skill"),
                    number("fudge-a-skill", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL_ADJ, for_="fudge-a-adj"),
                    number("fudge-a-adj", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.TECHNIQUE, for_="fudge-a-tech"),
                    number("fudge-a-tech", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.MODIFIERS, for_="fudge-a-mod"),
                    number("fudge-a-mod", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            cls="fudge-side",
            id="fudge-side-a",
        ),
        h(
            "fieldset",
            h("legend", text.SIDE_B),
            h(
                "div",
                h("label", roster_text.WHOM, for_="fudge-b-who"),
                select("fudge-b-who"),
                cls="controls pick",
            ),
            h(
                "div",
                h(
                    "div",
                    h("label", text.ATTRIBUTE, for_="fudge-b-attr"),
                    number("fudge-b-attr", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL, for_="fudge-b-skill-mode"),
                    select(
                        "fudge-b-skill-mode",
                        h("option", text.SKILL_HAVE, value="have", selected=True),
                        h("option", text.SKILL_REQUIRED, value="required"),
                        h("option", text.SKILL_FREE, value="free"),
                    ),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL_VALUE, for_="fudge-b-skill"),
                    number("fudge-b-skill", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.SKILL_ADJ, for_="fudge-b-adj"),
                    number("fudge-b-adj", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.TECHNIQUE, for_="fudge-b-tech"),
                    number("fudge-b-tech", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text.MODIFIERS, for_="fudge-b-mod"),
                    number("fudge-b-mod", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            cls="fudge-side",
            id="fudge-side-b",
            hidden=True,
        ),
        cls="two-col",
    ),
    h(
        "div",
        h(
            "div",
            button("fudge-act-roll", text.ROLL_ACTION, cls="primary", data_main_action=True),
            " ",
            roll_extras("fudge-act-roll", text.TABLE_EXAMPLE),
            cls="controls",
        ),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="result", id="fudge-act-result", aria_live="polite"),
        cls="action-bar",
    ),
    h("p", cls="muted", id="fudge-act-summary"),
    h(
        "div",
        h("label", text_cast.PAY_WITH, for_="fudge-act-pay"),
        select(
            "fudge-act-pay",
            h("option", text_cast.PAY_CHIP, value="chips", selected=True),
            h("option", text_cast.PAY_POINT, value="points"),
        ),
        h("button", h("span", text_cast.BUY), id="fudge-act-buy", type="button", disabled=True),
        cls="controls fudge-buy",
    ),
    h("p", cls="result", id="fudge-act-bought", aria_live="polite"),
    h(
        "div",
        h(
            "div",
            h(
                "table",
                h("caption", text.ODDS_BEFORE),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", text.OUTCOME, scope="col"),
                        h("th", common.PROBABILITY, scope="col"),
                    ),
                ),
                h("tbody", id="fudge-act-odds"),
            ),
            cls="table-wrap",
        ),
        h(
            "figure",
            h("div", cls="chart", id="fudge-act-chart"),
            h("figcaption", text.MARGIN_CHART),
            cls="chart-figure",
        ),
        cls="two-col",
    ),
    h(
        "div",
        h(
            "table",
            h("caption", text.MARGIN_TITLE),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text.MARGIN, scope="col"),
                    h("th", text.LADDER_TITLE, scope="col"),
                    h("th", "P(=)", scope="col"),
                    h("th", "P(≥)", scope="col"),
                ),
            ),
            h("tbody", id="fudge-act-margins"),
        ),
        cls="table-wrap fudge-scroll",
    ),
    id="fudge-act-part",
    aria_labelledby="fudge-act-title",
)
