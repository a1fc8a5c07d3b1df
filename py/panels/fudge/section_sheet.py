"""The FUDGE panel's character sheet (static markup; panels/fudge/section.py places it)."""

from kit.markup import button, checkbox, h, number, select
from panels.fudge import text_attack, text_sheet
from panels.shell.section import part_of

# The character sheet, and its ledger of points and chips (the «ledger» sub-tool on a phone).
SHEET = h(
    "section",
    part_of("sheet", h("p", text_sheet.BUILDER_HINT, cls="hint")),
    part_of("sheet", h("h3", text_sheet.LIST)),
    part_of("sheet", h("p", h("span", text_sheet.EMPTY), cls="muted", id="fudge-c-empty")),
    part_of("sheet", h("ul", cls="fudge-c-list", id="fudge-c-list")),  # a deletion's «Отменить» in its place
    part_of("sheet", h("h3", id="fudge-c-editor-title")),
    part_of(
        "sheet",
        h(
            "div",
            h(
                "div",
                h("label", text_sheet.NAME, for_="fudge-c-name"),
                h(
                    "input",
                    id="fudge-c-name",
                    type="text",
                    maxlength="80",
                    autocomplete="off",
                    data_needs_python=True,
                    disabled=True,
                ),
                cls="field fudge-wide",
            ),
            h(
                "div",
                h("label", text_sheet.KIND, for_="fudge-c-kind"),
                select(
                    "fudge-c-kind",
                    *(
                        h("option", label, value=str(key), selected=key == "character")
                        for key, label in text_sheet.KINDS.items()
                    ),
                ),
                cls="field",
            ),
            cls="fudge-grid",
        ),
    ),
    part_of(
        "sheet",
        h(
            "p",
            h("span", id="fudge-c-rename-said"),
            " ",
            button("fudge-c-rename", text_sheet.RENAME),
            cls="undo-bar",
            id="fudge-c-rename-bar",
            role="status",
            hidden=True,
        ),
    ),
    part_of(
        "sheet",
        h(
            "fieldset",
            h("legend", text_sheet.ATTRIBUTES_TITLE),
            h(
                "div",
                h(
                    "div",
                    h("label", text_sheet.ATTRIBUTE_LABELS[0], for_="fudge-c-a0"),
                    number("fudge-c-a0", -30, 30, "", numeric=False, placeholder="0"),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.ATTRIBUTE_LABELS[1], for_="fudge-c-a1"),
                    number("fudge-c-a1", -30, 30, "", numeric=False, placeholder="0"),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.ATTRIBUTE_LABELS[2], for_="fudge-c-a2"),
                    number("fudge-c-a2", -30, 30, "", numeric=False, placeholder="0"),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.ATTRIBUTE_LABELS[3], for_="fudge-c-a3"),
                    number("fudge-c-a3", -30, 30, "", numeric=False, placeholder="0"),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            cls="fudge-side",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h("label", text_sheet.SKILLS, for_="fudge-c-skills"),
            h(
                "textarea",
                id="fudge-c-skills",
                rows="3",
                spellcheck="false",
                aria_describedby="fudge-c-skills-hint",
                data_needs_python=True,
                disabled=True,
            ),
            h("p", text_sheet.SKILLS_HINT, cls="muted", id="fudge-c-skills-hint"),
            cls="field fudge-c-lines",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h("label", text_sheet.TECHNIQUES, for_="fudge-c-techs"),
            h(
                "textarea",
                id="fudge-c-techs",
                rows="3",
                spellcheck="false",
                aria_describedby="fudge-c-techs-hint",
                data_needs_python=True,
                disabled=True,
            ),
            h("p", text_sheet.TECHNIQUES_HINT, cls="muted", id="fudge-c-techs-hint"),
            cls="field fudge-c-lines",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h("label", text_sheet.PROPERTIES, for_="fudge-c-props"),
            h(
                "textarea",
                id="fudge-c-props",
                rows="3",
                spellcheck="false",
                aria_describedby="fudge-c-props-hint",
                data_needs_python=True,
                disabled=True,
            ),
            h("p", text_sheet.PROPERTIES_HINT, cls="muted", id="fudge-c-props-hint"),
            cls="field fudge-c-lines",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h("label", text_sheet.WEAPONS, for_="fudge-c-weapons"),
            h(
                "textarea",
                id="fudge-c-weapons",
                rows="3",
                spellcheck="false",
                aria_describedby="fudge-c-weapons-hint",
                data_needs_python=True,
                disabled=True,
            ),
            h("p", text_sheet.WEAPONS_HINT, cls="muted", id="fudge-c-weapons-hint"),
            cls="field fudge-c-lines",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h(
                "div",
                h("label", text_sheet.ARMOUR, for_="fudge-c-armour"),
                select(
                    "fudge-c-armour",
                    h("option", text_sheet.NO_ARMOUR, value="", selected=True),
                    *(h("option", label, value=str(key)) for key, label in text_attack.ARMOUR.items()),
                ),
                cls="field",
            ),
            h(
                "div",
                checkbox("fudge-c-wounds", checked=True),
                h("label", text_sheet.HAS_WOUNDS, for_="fudge-c-wounds"),
                cls="field fudge-check",
            ),
            cls="fudge-grid",
        ),
    ),
    part_of(
        "sheet",
        h(
            "fieldset",
            h("legend", text_sheet.SCALE_TITLE),
            h(
                "div",
                h(
                    "div",
                    h("label", text_sheet.SCALES[0], for_="fudge-c-s0"),
                    number("fudge-c-s0", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.SCALES[1], for_="fudge-c-s1"),
                    number("fudge-c-s1", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.SCALES[2], for_="fudge-c-s2"),
                    number("fudge-c-s2", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                h(
                    "div",
                    h("label", text_sheet.SCALES[3], for_="fudge-c-s3"),
                    number("fudge-c-s3", -30, 30, 0, numeric=False),
                    cls="field",
                ),
                cls="fudge-grid",
            ),
            cls="fudge-side",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h("label", text_sheet.NOTES, for_="fudge-c-notes"),
            h("textarea", id="fudge-c-notes", rows="2", data_needs_python=True, disabled=True),
            cls="field fudge-c-lines",
        ),
    ),
    part_of(
        "sheet",
        h(
            "div",
            h(
                "div",
                button("fudge-c-save", text_sheet.SAVE, cls="primary", data_main_action=True),
                " ",
                button("fudge-c-new", text_sheet.NEW),
                cls="controls",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="fudge-c-status", aria_live="polite"),
            cls="action-bar",  # on a phone it stays in view while the long sheet scrolls
        ),
    ),
    part_of("sheet", h("h3", text_sheet.PROBLEMS_TITLE)),
    part_of("sheet", h("ul", cls="fudge-c-problems", id="fudge-c-problems", aria_live="polite")),
    part_of(
        "ledger",
        h(
            "section",
            h("h3", text_sheet.LEDGER, id="fudge-c-ledger-title"),
            h(
                "div",
                h("label", text_sheet.LEDGER_OP, for_="fudge-c-op"),
                select(
                    "fudge-c-op",
                    *(
                        h("option", label, value=str(key), selected=key == "gain:points:start")
                        for key, label in text_sheet.OP_LABELS.items()
                    ),
                ),
                h("label", text_sheet.AMOUNT, for_="fudge-c-amount"),
                number("fudge-c-amount", 1, 10000, 1),
                " ",
                h("label", text_sheet.NOTE, for_="fudge-c-note"),
                h(
                    "input",
                    id="fudge-c-note",
                    type="text",
                    maxlength="80",
                    autocomplete="off",
                    data_needs_python=True,
                    disabled=True,
                ),
                " ",
                h(
                    "button",
                    h("span", text_sheet.LEDGER_ADD),
                    id="fudge-c-ledger-add",
                    data_main_action=True,
                    type="button",
                    disabled=True,
                ),
                cls="controls",
                data_enter="fudge-c-ledger-add",
            ),
            h("p", cls="error", role="alert", hidden=True),
            h("p", cls="result", id="fudge-c-budget", aria_live="polite"),
            h("p", h("span", text_sheet.LEDGER_EMPTY), cls="muted", id="fudge-c-ledger-empty"),
            h(
                "div",
                h(
                    "table",
                    h("caption", text_sheet.LEDGER),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", "#", scope="col"),
                            h("th", text_sheet.CURRENCY, scope="col"),
                            h("th", text_sheet.AMOUNT, scope="col"),
                            h("th", text_sheet.REASON, scope="col"),
                            h("th", text_sheet.NOTE, scope="col"),
                        ),
                    ),
                    h("tbody", id="fudge-c-ledger"),
                ),
                cls="table-wrap",
            ),
            id="fudge-c-ledger-part",
            aria_labelledby="fudge-c-ledger-title",
        ),
    ),
    part_of(
        "ledger",
        h(
            "div",
            h(
                "table",
                h("caption", text_sheet.DERIVED),
                h(
                    "thead",
                    h(
                        "tr",
                        h("th", text_sheet.WHAT, scope="col"),
                        h("th", text_sheet.VALUE, scope="col"),
                    ),
                ),
                h("tbody", id="fudge-c-derived"),
            ),
            cls="table-wrap",
        ),
    ),
    id="fudge-c-part",
    aria_labelledby="fudge-c-title",
)
