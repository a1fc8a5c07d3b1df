"""The fudge panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit import common
from kit.markup import h
from panels.fudge import (
    section_action,
    section_attack,
    section_sheet,
    section_wounds,
    text,
    text_attack,
    text_sheet,
    text_wounds,
)
from panels.shell.section import about, panel, part_of, rules_link, subtools

SHEET_PART = h(
    "details",
    h("summary", text_sheet.BUILDER, id="fudge-c-title"),
    section_sheet.SHEET,
    cls="fudge-part",
    id="fudge-c-details",
    data_remember="fudge.builder",
)

DICE_PART = h(
    "details",
    h("summary", text.DICE, id="fudge-dice-title"),
    section_action.DICE,
    cls="fudge-part",
    open=True,
    data_remember="fudge.dice",
)

ACTION_PART = h(
    "details",
    h("summary", text.ACTION, id="fudge-act-title"),
    section_action.ACTION,
    cls="fudge-part",
    open=True,
    data_remember="fudge.act",
)

ATTACK_PART = h(
    "details",
    h("summary", text_attack.ATTACK_TITLE, id="fudge-att-title"),
    section_attack.ATTACK,
    part_of("odds", section_attack.ODDS),
    cls="fudge-part",
    open=True,
    data_remember="fudge.att",
)

WOUNDS_PART = h(
    "details",
    h("summary", text_wounds.WOUNDS, id="fudge-w-title"),
    section_wounds.WOUNDS,
    cls="fudge-part",
    open=True,
    data_remember="fudge.w",
)

ACC_PART = h(
    "details",
    h("summary", text_wounds.ACC_TITLE, id="fudge-acc-title"),
    section_wounds.ACCUMULATORS,
    cls="fudge-part",
    open=True,
    data_remember="fudge.acc",
)

SCALE_PART = h(
    "details",
    h("summary", text_wounds.SCALE_TITLE, id="fudge-scale-title"),
    section_wounds.SCALE,
    cls="fudge-part",
    open=True,
    data_remember="fudge.scale",
)

LOG_PART = h(
    "details",
    h("summary", common.LOG, id="fudge-log-title"),
    section_wounds.LOG,
    cls="fudge-part",
    open=True,
    data_remember="fudge.log",
)

SECTION = panel(
    "fudge",
    h("h2", text.TITLE, id="fudge-title"),
    rules_link("fudge"),
    about("fudge", h("p", text.HINT, cls="hint")),
    h("p", cls="error", role="alert", hidden=True),
    # On a phone one sub-tool at a time, the dice first; the log stays under whichever is open.
    *subtools(
        "fudge",
        (
            ("sheet", text_sheet.BUILDER, (SHEET_PART,)),
            ("ledger", text_sheet.TAB_LEDGER, (SHEET_PART,)),
            ("dice", text.DICE, (DICE_PART,)),
            ("action", text.ACTION, (ACTION_PART,)),
            ("attack", text_attack.ATTACK_TITLE, (ATTACK_PART,)),
            ("odds", text_attack.ODDS_TITLE, (ATTACK_PART,)),
            ("wounds", text_wounds.WOUNDS, (WOUNDS_PART, ACC_PART)),
            ("scale", text_wounds.SCALE_TITLE, (SCALE_PART,)),
        ),
        default="dice",
    ),
    LOG_PART,
)
