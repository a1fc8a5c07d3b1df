"""The checks panel's opposed check, combat and log (static markup; panels/checks/section.py places them)."""

from kit import common
from kit.markup import button, checkbox, h, number, select
from panels.checks import seed, text
from panels.roster import text as roster_text
from panels.shell.table import roll_extras

OPPOSED = h(
    "section",
    h(
        "details",
        h("summary", h("h3", text.OPPOSED_TITLE, id="chk-opp-title")),
        h("p", text.OPPOSED_HINT, cls="hint"),
        h(
            "div",
            h("label", roster_text.WHO, for_="chk-opp-who"),
            select("chk-opp-who"),
            " ",
            h("label", roster_text.WHOM, for_="chk-opp-whom"),
            select("chk-opp-whom"),
            cls="controls pick",
        ),
        h(
            "div",
            h("label", text.ATTACK_BONUS, for_="chk-opp-att"),
            " ",
            number("chk-opp-att", -30, 30, 0),
            " ",
            h("label", text.DEFENCE_BONUS_LABEL, for_="chk-opp-def"),
            " ",
            number("chk-opp-def", -30, 30, 0),
            cls="controls",
        ),
        h(
            "div",
            h("label", text.ATTACK_LUCK, for_="chk-opp-aluck"),
            " ",
            number("chk-opp-aluck", 1, 9, 5),
            " ",
            h("label", text.DEFENCE_LUCK, for_="chk-opp-dluck"),
            " ",
            number("chk-opp-dluck", 1, 9, 5),
            cls="controls",
        ),
        h(
            "div",
            h(
                "label",
                checkbox("chk-opp-ahelpless"),
                " ",
                h("span", text.ATTACKER_HELPLESS),
                cls="check",
                for_="chk-opp-ahelpless",
            ),
            " ",
            h(
                "label",
                checkbox("chk-opp-dhelpless"),
                " ",
                h("span", text.DEFENDER_HELPLESS),
                cls="check",
                for_="chk-opp-dhelpless",
            ),
            cls="controls",
        ),
        # the defence, typed or rolled first, above the bar: the bar keeps to the attack and its
        # result (a third of a phone's screen at most)
        h(
            "div",
            h("label", text.DEFENCE_ROLL_LABEL, for_="chk-opp-droll"),
            " ",
            number("chk-opp-droll", 1, 20, None, autocomplete="off"),  # a d20's face, or empty
            " ",
            button("chk-opp-roll-def", text.ROLL_DEFENCE),
            cls="controls",
        ),
        h(
            "div",
            h(
                "div",
                button("chk-opp-roll", text.ROLL_ATTACK, cls="primary", data_main_action=True),
                " ",
                roll_extras("chk-opp-roll", text.TABLE_EXAMPLE_OPPOSED),
                cls="controls",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="chk-opp-result", aria_live="polite"),
            cls="action-bar",
        ),
        h("p", cls="muted", id="chk-opp-mod"),
        h("p", cls="window-line", id="chk-opp-window"),
        h(
            "div",
            h("table", h("caption", text.PIERCE_CAPTION), h("tbody", id="chk-opp-odds")),
            cls="table-wrap",
        ),
        h("p", text.OPPOSED_NOTE, cls="note"),
        open=True,
        data_remember="checks.opp",
    ),
    cls="chk-sub",
    aria_labelledby="chk-opp-title",
)


COMBAT = h(
    "section",
    h(
        "details",
        h("summary", h("h3", text.COMBAT_TITLE, id="chk-cmb-title")),
        h("p", text.COMBAT_HINT, cls="hint"),
        h(
            "div",
            h(
                "fieldset",
                h("legend", text.ATTACKER),
                h(
                    "div",
                    h("label", roster_text.WHO, for_="chk-cmb-who"),
                    select("chk-cmb-who"),
                    cls="controls pick",
                ),
                h(
                    "div",
                    h("label", text.COMBAT_SKILL, for_="chk-cmb-att"),
                    " ",
                    number("chk-cmb-att", -30, 30, 0),
                    cls="controls",
                ),
                # the attack check is a skill check: the manoeuvre's difficulty and the situation
                # count («а так же все то, что позволяет лучше выполнить маневр атаки»)
                h(
                    "div",
                    h("label", text.MANOEUVRE_DIFFICULTY, for_="chk-cmb-diff"),
                    select(
                        "chk-cmb-diff",
                        *(
                            h("option", label, value=str(level), selected=level == 0)
                            for level, label in seed.DIFFICULTY_OPTIONS.items()
                        ),
                    ),
                    " ",
                    h("label", text.MANOEUVRE_SITUATION, for_="chk-cmb-sit"),
                    " ",
                    number("chk-cmb-sit", -30, 30, 0),
                    cls="controls",
                ),
                h("p", cls="muted", id="chk-cmb-mod"),
                h(
                    "div",
                    h("label", text.LUCK, for_="chk-cmb-aluck"),
                    " ",
                    number("chk-cmb-aluck", 1, 9, 5),
                    " ",
                    h("label", text.WEAPON_PIERCING_LABEL, for_="chk-cmb-pierce"),
                    " ",
                    number("chk-cmb-pierce", 0, 20, 0),
                    cls="controls",
                ),
            ),
            h(
                "fieldset",
                h("legend", text.DEFENDER),
                h(
                    "div",
                    h("label", roster_text.WHOM, for_="chk-cmb-whom"),
                    select("chk-cmb-whom"),
                    cls="controls pick",
                ),
                h(
                    "div",
                    h("label", text.DEFENCE_SKILL, for_="chk-cmb-def"),
                    " ",
                    number("chk-cmb-def", -30, 30, 0),
                    cls="controls",
                ),
                h(
                    "div",
                    h("label", text.LUCK, for_="chk-cmb-dluck"),
                    " ",
                    number("chk-cmb-dluck", 1, 9, 5),
                    " ",
                    h("label", text.ARMOUR_BONUS_LABEL, for_="chk-cmb-armour"),
                    " ",
                    number("chk-cmb-armour", 0, 20, 0),
                    " ",
                    h("label", text.ARMOUR_PENALTY_LABEL, for_="chk-cmb-penalty"),
                    " ",
                    number("chk-cmb-penalty", -20, 0, 0),
                    cls="controls",
                ),
            ),
            cls="two-col",
        ),
        h(
            "div",
            h(
                "label",
                checkbox("chk-cmb-blockable", checked=True),
                " ",
                h("span", text.BLOCKABLE),
                cls="check",
                for_="chk-cmb-blockable",
            ),
            " ",
            h(
                "label",
                checkbox("chk-cmb-candefend", checked=True),
                " ",
                h("span", text.CAN_DEFEND),
                cls="check",
                for_="chk-cmb-candefend",
            ),
            " ",
            h(
                "label",
                checkbox("chk-cmb-helpless"),
                " ",
                h("span", text.DEFENDER_HELPLESS),
                cls="check",
                for_="chk-cmb-helpless",
            ),
            cls="controls",
        ),
        h(
            "div",
            h(
                "div",
                button("chk-cmb-roll", text.PLAY_EXCHANGE, cls="primary", data_main_action=True),
                " ",
                roll_extras("chk-cmb-roll", text.TABLE_EXAMPLE_COMBAT),
                cls="controls",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="chk-cmb-result", aria_live="polite"),
            cls="action-bar",
        ),
        h("p", cls="window-line", id="chk-cmb-lands"),
        h("ol", cls="narration", id="chk-cmb-narration"),
        h("div", cls="stack", id="chk-cmb-bar"),
        h("ul", cls="legend", id="chk-cmb-legend"),
        h(
            "div",
            h(
                "div",
                h(
                    "table",
                    h("caption", text.ENDINGS_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.OUTCOME, scope="col"),
                            h("th", common.PROBABILITY, scope="col"),
                        ),
                    ),
                    h("tbody", id="chk-cmb-endings"),
                ),
                cls="table-wrap",
            ),
            h(
                "div",
                h(
                    "table",
                    h("caption", text.DAMAGE_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.DAMAGE, scope="col"),
                            h("th", common.PROBABILITY, scope="col"),
                        ),
                    ),
                    h("tbody", id="chk-cmb-damage"),
                ),
                cls="table-wrap",
            ),
            cls="two-col",
        ),
        open=True,
        data_remember="checks.cmb",
    ),
    cls="chk-sub",
    aria_labelledby="chk-cmb-title",
)


LOG = h(
    "section",
    h("h3", text.LOG_TITLE, id="chk-log-title"),
    h("p", cls="muted", id="chk-log-notice", role="status", hidden=True),
    h("p", text.NO_CHECKS, cls="muted", id="chk-log-empty"),
    h("ol", cls="history", id="chk-log"),
    button("chk-log-clear", common.CLEAR_LOG),
    h("p", cls="error", role="alert", hidden=True),
    cls="chk-sub",
    aria_labelledby="chk-log-title",
)
