"""The FUDGE panel's wounds, accumulators, scale and log (static markup; panels/fudge/section.py places them)."""

from kit import common, undo
from kit.markup import button, h, number, select
from panels.fudge import text, text_cast, text_wounds

WOUNDS = h(
    "section",
    h("p", cls="notice", id="fudge-w-notice", role="status", hidden=True),
    h(
        "div",
        h("label", text_cast.WHOSE_WOUNDS, for_="fudge-w-who"),
        select("fudge-w-who"),
        h("label", text_wounds.DAMAGE, for_="fudge-w-amount"),
        " ",
        number("fudge-w-amount", 0, 99, 1),
        " ",
        button("fudge-w-take", text_wounds.MARK_DAMAGE, cls="primary", data_main_action=True),
        " ",
        button("fudge-w-clear-all", text_wounds.CLEAR_ALL),
        " ",
        h("button", h("span", text_wounds.REVIVE), id="fudge-w-revive", type="button", disabled=True),
        cls="controls",
    ),
    undo.bar("fudge-w"),  # «Отменить» of «Очистить все раны», just under it
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="result", id="fudge-w-status", aria_live="polite"),
    h(
        "div",
        h(
            "table",
            h("caption", text_wounds.WOUND_BOXES),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text_wounds.STATE, scope="col"),
                    h("th", text_wounds.BOXES, scope="col"),
                    h("th", h("span", text.ACTION, cls="fudge-sr"), scope="col"),
                    h("th", text_wounds.PENALTY, scope="col"),
                ),
            ),
            h("tbody", id="fudge-w-rows"),
        ),
        cls="table-wrap",
    ),
    h("p", text_wounds.WOUNDS_NOTE, cls="note"),
    h("h3", text_cast.PARTY),
    h("p", h("span", text_cast.PARTY_EMPTY), cls="muted", id="fudge-party-empty"),
    h(
        "div",
        h(
            "table",
            h("caption", text_cast.PARTY, cls="fudge-sr"),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text_cast.NAME, scope="col"),
                    h("th", text_cast.WOUND_STATE, scope="col"),
                    h("th", text_cast.CHIPS, scope="col"),
                    h("th", text_cast.POINTS, scope="col"),
                ),
            ),
            h("tbody", id="fudge-party"),
        ),
        cls="table-wrap",
    ),
    id="fudge-w-part",
    aria_labelledby="fudge-w-title",
)


ACCUMULATORS = h(
    "section",
    h("p", text_wounds.ACC_NOTE, cls="note"),
    h(
        "div",
        h("label", text_wounds.ACC_RATE, for_="fudge-acc-rate"),
        " ",
        number("fudge-acc-rate", 1, 80, 2),
        " ",
        h("label", text_wounds.SUB_SCALE, for_="fudge-acc-sub"),
        " ",
        number("fudge-acc-sub", 1, 99, 1, data_enter="fudge-acc-sub-add"),
        " ",
        button("fudge-acc-sub-add", text_wounds.ADD_SUB_SCALE),
        cls="controls",
    ),
    h(
        "div",
        h("label", text_wounds.EXHAUSTION, for_="fudge-acc-exh"),
        " ",
        number("fudge-acc-exh", 1, 99, 1, data_enter="fudge-acc-exh-add"),
        " ",
        button("fudge-acc-exh-add", text_wounds.ADD_EXHAUSTION),
        cls="controls",
    ),
    h(
        "div",
        h(
            "button",
            h("span", text_wounds.ACC_APPLY),
            cls="primary",
            id="fudge-acc-apply",
            type="button",
            disabled=True,
        ),
        " ",
        button("fudge-acc-reset", text_wounds.ACC_RESET),
        cls="controls",
    ),
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="result", id="fudge-acc-status", aria_live="polite"),
    h(
        "div",
        h(
            "table",
            h("caption", text_wounds.ACCUMULATORS),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text_wounds.ACCUMULATOR, scope="col"),
                    h("th", text_wounds.STORED, scope="col"),
                    h("th", text_wounds.RATE, scope="col"),
                    h("th", text_wounds.READY, scope="col"),
                ),
            ),
            h("tbody", id="fudge-acc-rows"),
        ),
        cls="table-wrap",
    ),
    id="fudge-acc-part",
    aria_labelledby="fudge-acc-title",
)


SCALE = h(
    "section",
    h("h3", text_wounds.GROUP_TITLE),
    h(
        "div",
        h("label", text_wounds.GROUP_SCALE, for_="fudge-g-scale"),
        " ",
        number("fudge-g-scale", 0, 100, 12, data_enter="fudge-g-calc"),
        " ",
        h("label", text_wounds.GROUP_WOUND, for_="fudge-g-wound"),
        select("fudge-g-wound", data_enter="fudge-g-calc"),
        button("fudge-g-calc", text_wounds.GROUP_CALC, data_main_action=True),
        cls="controls",
    ),
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="result", id="fudge-g-result", aria_live="polite"),
    h("h3", text_wounds.RAPID_FIRE),
    h(
        "div",
        h("label", text_wounds.BULLETS_FIRED, for_="fudge-rf-bullets"),
        " ",
        number("fudge-rf-bullets", 1, 1000, 20),
        cls="controls",
    ),
    h(
        "div",
        h(
            "table",
            h("caption", text_wounds.HITS_BY_MARGIN),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text.MARGIN_TITLE, scope="col"),
                    h("th", text_wounds.BULLETS_HIT_COL, scope="col"),
                    h("th", text_wounds.BULLET_MARGIN, scope="col"),
                ),
            ),
            h("tbody", id="fudge-rf-table"),
        ),
        cls="table-wrap",
    ),
    h("h3", text_wounds.RANGE_TITLE),
    h(
        "div",
        h(
            "table",
            h("caption", text_wounds.RANGE_CAPTION),
            h(
                "thead",
                h(
                    "tr",
                    h("th", text_wounds.DISTANCE, scope="col"),
                    h("th", text_wounds.PENALTY, scope="col"),
                ),
            ),
            h("tbody", id="fudge-range-table"),
        ),
        cls="table-wrap fudge-scroll",
    ),
    id="fudge-scale-part",
    aria_labelledby="fudge-scale-title",
)


LOG = h(
    "section",
    h("p", cls="notice", id="fudge-log-notice", role="status", hidden=True),
    h("p", text.NO_ENTRIES, cls="muted", id="fudge-log-empty"),
    h("ol", cls="history", id="fudge-log"),
    button("fudge-log-clear", common.CLEAR_LOG),
    h("p", cls="error", role="alert", hidden=True),
    id="fudge-log-part",
    aria_labelledby="fudge-log-title",
)
