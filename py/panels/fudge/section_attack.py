"""The FUDGE panel's attack sub-tool (static markup; panels/fudge/section.py places it)."""

from kit import common
from kit.markup import button, checkbox, h, number, select
from panels.fudge import text, text_attack, text_cast, text_wounds
from panels.fudge import text as fudge_text
from panels.roster import text as roster_text
from panels.shell.section import part_of
from panels.shell.table import roll_extras

# The attack's form (its odds are the «odds» sub-tool); the action bar serves both.
ATTACK = h(
    "section",
    part_of(
        "attack",
        h(
            "fieldset",
            h("legend", text_attack.ATTACK_DEFENCE),
            h(
                "div",
                h("label", roster_text.WHO, for_="fudge-att-who"),
                select("fudge-att-who"),
                cls="controls pick",
            ),
            h(
                "div",
                h(
                    "div",
                    h("label", text_attack.ATTACK_FIELD, for_="fudge-att"),
                    number("fudge-att", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.RANGE_FIELD, for_="fudge-range"),
                    number("fudge-range", 0, 1000, "", numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.DODGE_FIELD, for_="fudge-def"),
                    number("fudge-def", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    checkbox("fudge-no-dodge"),
                    h("label", text_attack.NO_DODGE_FIELD, for_="fudge-no-dodge"),
                    cls="field fudge-check",
                ),
                h(
                    "div",
                    h("label", text_attack.MIN_HIT_FIELD, for_="fudge-min-hit"),
                    number("fudge-min-hit", -8, 8, -3, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.GRAZE_FIELD, for_="fudge-graze"),
                    select(
                        "fudge-graze",
                        h("option", text_attack.GRAZE_1, value="1", selected=True),
                        h("option", text_attack.GRAZE_2, value="2"),
                    ),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.BULLETS_FIELD, for_="fudge-bullets"),
                    number("fudge-bullets", 1, 1000, "", numeric=False),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            cls="fudge-side",
        ),
    ),
    part_of(
        "attack",
        h(
            "fieldset",
            h("legend", text_attack.DAMAGE_FACTORS),
            h(
                "div",
                h(
                    "div",
                    h("label", text_attack.WEAPON, for_="fudge-weapon"),
                    select("fudge-weapon"),
                    cls="field fudge-wide",
                ),
                h(
                    "div",
                    h("label", text_attack.MULTIPLIER_FIELD, for_="fudge-wx"),
                    number("fudge-wx", 1, 20, 1, numeric=False),
                    cls="field",
                    id="fudge-wx-wrap",
                    hidden=True,
                ),
                h(
                    "div",
                    h("label", text_attack.BONUS_FIELD, for_="fudge-wy"),
                    number("fudge-wy", -3, 3, 0, numeric=False),
                    cls="field",
                    id="fudge-wy-wrap",
                    hidden=True,
                ),
                h(
                    "div",
                    h("label", text_attack.STRENGTH_FIELD, for_="fudge-str"),
                    number("fudge-str", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.DAMAGE_TYPE, for_="fudge-dtype"),
                    select("fudge-dtype"),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.ATTACK_MANEUVER, for_="fudge-amnv"),
                    number("fudge-amnv", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.ATTACK_SCALE, for_="fudge-ascale"),
                    number("fudge-ascale", -20, 60, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.ARMOUR_FIELD, for_="fudge-armour"),
                    select("fudge-armour"),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.TOUGHNESS, for_="fudge-tough"),
                    number("fudge-tough", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.DEFENCE_MANEUVER, for_="fudge-dmnv"),
                    number("fudge-dmnv", -10, 10, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_attack.DEFENCE_SCALE, for_="fudge-dscale"),
                    number("fudge-dscale", -20, 60, 0, numeric=False),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            h("p", cls="muted", id="fudge-weapon-note"),
            cls="fudge-side",
        ),
    ),
    # Who is attacked and the damage from a margin typed by hand are set before the roll; the bar
    # holds the roll, its result and what follows from it (a third of a phone's screen at most).
    part_of(
        "attack",
        h(
            "div",
            h("label", roster_text.WHOM, for_="fudge-att-whom"),
            select("fudge-att-whom"),
            " ",
            h("label", text_attack.OR_MARGIN, for_="fudge-margin"),
            " ",
            number("fudge-margin", 1, 30, 1, numeric=False),
            " ",
            button("fudge-dmg-calc", text_attack.COMPUTE_DAMAGE),
            cls="controls",
        ),
    ),
    h(
        "div",
        h(
            "div",
            button("fudge-attack", text_attack.ATTACK, cls="primary", data_main_action=True),
            " ",
            roll_extras("fudge-attack", fudge_text.TABLE_EXAMPLE_ATTACK),
            " ",
            h("button", h("span", text_attack.APPLY), id="fudge-apply", type="button", disabled=True),
            cls="controls",
        ),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="result", id="fudge-att-result", aria_live="polite"),
        cls="action-bar",
    ),
    part_of("attack", h("p", cls="muted", id="fudge-att-summary")),
    part_of("attack", h("p", text_attack.READINGS, cls="note", id="fudge-readings")),
    part_of(
        "attack",
        h(
            "div",
            h("label", text_cast.PAY_WITH, for_="fudge-att-pay"),
            select(
                "fudge-att-pay",
                h("option", text_cast.PAY_CHIP, value="chips", selected=True),
                h("option", text_cast.PAY_POINT, value="points"),
            ),
            h("button", h("span", text_cast.BUY), id="fudge-att-buy", type="button", disabled=True),
            cls="controls fudge-buy",
        ),
    ),
    part_of("attack", h("p", cls="result", id="fudge-att-bought", aria_live="polite")),
    id="fudge-att-part",
    aria_labelledby="fudge-att-title",
)

# The attack's odds before the roll, a sub-tool of its own on a phone (panels/fudge/section.py).
ODDS = h(
    "section",
    h(
        "div",
        h(
            "div",
            h(
                "table",
                h("caption", text_attack.ATTACK_ODDS),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", text.OUTCOME, scope="col"),
                        h("th", common.PROBABILITY, scope="col"),
                    ),
                ),
                h("tbody", id="fudge-att-odds"),
            ),
            cls="table-wrap",
        ),
        h(
            "div",
            h(
                "table",
                h("caption", text_attack.PER_WOUND),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", text_wounds.DAMAGE, scope="col"),
                        h("th", "P(=)", scope="col"),
                        h("th", "P(≥)", scope="col"),
                    ),
                ),
                h("tbody", id="fudge-att-damage"),
            ),
            cls="table-wrap fudge-scroll",
        ),
        cls="two-col",
    ),
    h(
        "figure",
        h("div", cls="chart", id="fudge-att-chart"),
        h("figcaption", text_attack.DAMAGE_CHART),
        cls="chart-figure",
    ),
    h(
        "div",
        h(
            "table",
            h("caption", text_attack.BULLETS_HIT),
            h(
                "thead",
                h("tr", h("th", text_attack.BULLETS, scope="col"), h("th", "P(=)", scope="col")),
            ),
            h("tbody", id="fudge-att-hits"),
        ),
        cls="table-wrap fudge-scroll",
        id="fudge-hits-wrap",
        hidden=True,
    ),
    id="fudge-att-odds-part",
    aria_labelledby="fudge-att-odds-title",
)
