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
from panels.shell.section import about, panel, rules_link

SECTION = panel(
    "fudge",
    h("h2", text.TITLE, id="fudge-title"),
    rules_link("fudge"),
    about("fudge", h("p", text.HINT, cls="hint")),
    h("p", cls="error", role="alert", hidden=True),
    h(
        "details",
        h("summary", text_sheet.BUILDER, id="fudge-c-title"),
        section_sheet.SHEET,
        cls="fudge-part",
        id="fudge-c-details",
        data_remember="fudge.builder",
    ),
    h(
        "details",
        h("summary", text.DICE, id="fudge-dice-title"),
        section_action.DICE,
        cls="fudge-part",
        open=True,
        data_remember="fudge.dice",
    ),
    h(
        "details",
        h("summary", text.ACTION, id="fudge-act-title"),
        section_action.ACTION,
        cls="fudge-part",
        open=True,
        data_remember="fudge.act",
    ),
    h(
        "details",
        h("summary", text_attack.ATTACK_TITLE, id="fudge-att-title"),
        section_attack.ATTACK,
        cls="fudge-part",
        open=True,
        data_remember="fudge.att",
    ),
    h(
        "details",
        h("summary", text_wounds.WOUNDS, id="fudge-w-title"),
        section_wounds.WOUNDS,
        cls="fudge-part",
        open=True,
        data_remember="fudge.w",
    ),
    h(
        "details",
        h("summary", text_wounds.ACC_TITLE, id="fudge-acc-title"),
        section_wounds.ACCUMULATORS,
        cls="fudge-part",
        open=True,
        data_remember="fudge.acc",
    ),
    h(
        "details",
        h("summary", text_wounds.SCALE_TITLE, id="fudge-scale-title"),
        section_wounds.SCALE,
        cls="fudge-part",
        open=True,
        data_remember="fudge.scale",
    ),
    h(
        "details",
        h("summary", common.LOG, id="fudge-log-title"),
        section_wounds.LOG,
        cls="fudge-part",
        open=True,
        data_remember="fudge.log",
    ),
)
