"""The checks panel's skill check, median roll and series (static markup; panels/checks/section.py places them).

The skill and difficulty lists start at the skill check's defaults (``panels.checks.skill.State``)."""

from kit import common
from kit.markup import button, checkbox, h, number, select
from kit.view import Node
from panels.checks import seed, skill, text
from panels.roster import text as roster_text
from panels.shell.table import roll_extras

SKILL = h(
    "section",
    h(
        "details",
        h("summary", h("h3", text.SKILL_TITLE, id="chk-skill-title")),
        h("p", text.SKILL_HINT, cls="hint"),
        h(
            "div",
            h("label", roster_text.WHO, for_="chk-skill-who"),
            select("chk-skill-who"),
            cls="controls pick",
        ),
        h(
            "div",
            h("label", text.SKILL_LEVEL, for_="chk-skill"),
            select(
                "chk-skill",
                *(
                    h(
                        "option",
                        label,
                        value=str(level),
                        title=seed.SKILL_TITLES[level],
                        selected=level == skill.State.skill,
                    )
                    for level, label in seed.SKILL_OPTIONS.items()
                ),
            ),
            h("label", common.DIFFICULTY, for_="chk-diff"),
            select(
                "chk-diff",
                *(
                    h("option", label, value=str(level), selected=level == skill.State.difficulty)
                    for level, label in seed.DIFFICULTY_OPTIONS.items()
                ),
            ),
            cls="controls",
        ),
        h(
            "div",
            h("label", text.SITUATIONAL, for_="chk-skill-sit"),
            " ",
            number("chk-skill-sit", -30, 30, 0),
            " ",
            h("label", common.LUCK_1_9, for_="chk-skill-luck"),
            " ",
            number("chk-skill-luck", 1, 9, 5),
            cls="controls",
        ),
        h(
            "div",  # the bar: the roll and its result (a third of a phone's screen at most)
            h(
                "div",
                button("chk-skill-roll", text.ROLL_CHECK, cls="primary", data_main_action=True),
                " ",
                roll_extras("chk-skill-roll", text.TABLE_EXAMPLE),
                cls="controls",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="chk-skill-result", aria_live="polite"),
            cls="action-bar",
        ),
        h("p", cls="muted", id="chk-skill-gloss"),
        h("p", cls="muted", id="chk-skill-mod"),
        h("div", cls="stack", id="chk-skill-bar"),
        h("ul", cls="legend", id="chk-skill-legend"),
        h("p", cls="note", id="chk-skill-claim", hidden=True),
        h(
            "div",
            h(
                "div",
                h(
                    "table",
                    h("caption", text.SKILL_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.TOTAL, scope="col"),
                            h("th", text.OUTCOME, scope="col"),
                            h("th", text.CHANCE, scope="col"),
                        ),
                    ),
                    h("tbody", id="chk-skill-odds"),
                ),
                cls="table-wrap",
            ),
            h(
                "div",
                h(
                    "table",
                    h("caption", text.CLAIMS_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.STEPS, scope="col"),
                            h("th", text.IN_POST, scope="col"),
                            h("th", text.EXACT, scope="col"),
                        ),
                    ),
                    h("tbody", id="chk-claims"),
                ),
                cls="table-wrap",
            ),
            cls="two-col",
        ),
        open=True,
        data_remember="checks.skill",
    ),
    cls="chk-sub",
    aria_labelledby="chk-skill-title",
)


MEDIAN = h(
    "section",
    h(
        "details",
        h("summary", h("h3", text.MEDIAN_TITLE, id="chk-med-title")),
        h("p", text.MEDIAN_HINT, cls="hint"),
        h(
            "div",
            h("label", text.WINDOW, for_="chk-med-mode"),
            select(
                "chk-med-mode",
                h("option", text.MODE_RADIUS, value="radius"),
                h("option", text.MODE_RANGE, value="range"),
            ),
            h("label", text.RADIUS_0_9, for_="chk-med-radius"),
            " ",
            number("chk-med-radius", 0, 9, 1),
            " ",
            h(
                "span",
                h("label", text.FROM, for_="chk-med-low"),
                " ",
                number("chk-med-low", 1, 20, 9),
                " ",
                h("label", text.TO, for_="chk-med-high"),
                " ",
                number("chk-med-high", 1, 20, 12),
                cls="nowrap",
            ),
            cls="controls",
        ),
        h(
            "div",
            h(
                "label",
                checkbox("chk-med-inverted"),
                " ",
                h("span", text.INVERTED_LABEL),
                cls="check",
                for_="chk-med-inverted",
            ),
            cls="controls",
        ),
        h(
            "div",
            h("label", roster_text.WHO, for_="chk-med-who"),
            select("chk-med-who"),
            cls="controls pick",
        ),
        h(
            "div",
            h("label", text.INTELLIGENCE_1_9, for_="chk-med-int"),
            " ",
            number("chk-med-int", 1, 9, 5),
            " ",
            h("label", common.LUCK_1_9, for_="chk-med-luck"),
            " ",
            number("chk-med-luck", 1, 9, 5),
            " ",
            h("label", text.TRAINING, for_="chk-med-train"),
            " ",
            number("chk-med-train", -20, 20, 0),
            " ",
            h("label", text.SITUATION, for_="chk-med-sit"),
            " ",
            number("chk-med-sit", -20, 20, 0),
            cls="controls",
        ),
        h("p", text.MEDIAN_NOTE, cls="note"),
        h(
            "div",
            h(
                "div",
                button("chk-med-roll", text.ROLL_MEDIAN, cls="primary", data_main_action=True),
                " ",
                roll_extras("chk-med-roll", text.TABLE_EXAMPLE),
                " ",
                button("chk-med-demon", text.DEMON_EXAMPLE),
                cls="controls",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="chk-med-result", aria_live="polite"),
            cls="action-bar",
        ),
        h("p", cls="muted", id="chk-med-mapping"),
        h("div", cls="stack", id="chk-med-bar"),
        h("ul", cls="legend", id="chk-med-legend"),
        h(
            "div",
            h(
                "table",
                h("caption", text.MEDIAN_CAPTION),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", text.WHERE, scope="col"),
                        h("th", text.VALUES, scope="col"),
                        h("th", text.MEANING, scope="col"),
                        h("th", text.CHANCE, scope="col"),
                    ),
                ),
                h("tbody", id="chk-med-odds"),
            ),
            cls="table-wrap",
        ),
        open=True,
        data_remember="checks.med",
    ),
    cls="chk-sub",
    aria_labelledby="chk-med-title",
)


def _series(kind: str) -> Node:
    """A series of median rolls (madness or horror): the modifier and the roll in one row (on a
    phone the roll stays in the first screen), then where the series stands and the last roll."""
    return h(
        "div",
        h("h4", seed.SERIES_NAMES[kind]),
        h(
            "div",
            h("label", text.CHARACTER_MODIFIER, for_=f"chk-{kind}-mod"),
            " ",
            number(f"chk-{kind}-mod", -20, 20, 0),
            " ",
            button(f"chk-{kind}-roll", text.ROLL_NEXT, cls="primary", data_main_action=True),
            " ",
            roll_extras(f"chk-{kind}-roll", text.TABLE_EXAMPLE),
            " ",
            button(f"chk-{kind}-reset", text.NEW_SERIES),
            cls="controls",
        ),
        h("p", cls="series-state", id=f"chk-{kind}-state"),
        h("p", cls="result", id=f"chk-{kind}-result", aria_live="polite"),
        cls="series",
        id=f"chk-series-{kind}",
    )


SERIES = h(
    "section",
    h(
        "details",
        h("summary", h("h3", text.SERIES_TITLE, id="chk-series-title")),
        h("div", _series("madness"), _series("horror"), cls="two-col"),
        h("p", text.SERIES_HINT, cls="hint"),
        h("p", text.SERIES_NOTE, cls="note"),
        h("p", cls="error", role="alert", hidden=True),
        open=True,
        data_remember="checks.series",
    ),
    cls="chk-sub",
    aria_labelledby="chk-series-title",
)
