"""The converter panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit import undo
from kit.markup import button, h, main_button
from panels.converter import text
from panels.shell import text as shell
from panels.shell.section import panel, rules_link

SECTION = panel(
    "converter",
    h("h2", text.TITLE, id="converter-title"),
    rules_link("converter"),
    h("p", h("span", shell.ABOUT_CONVERTER), cls="lede"),
    h("p", text.HINT, cls="hint"),
    h(
        "div",
        h(
            "div",
            h("label", text.INPUT, for_="convert-input"),
            " ",
            h(
                "textarea",
                id="convert-input",
                rows="8",
                spellcheck="false",
                # static/prefs.js: typing clears the result of the old text; Ctrl+Enter converts
                data_clears="convert-output convert-shown convert-reasons convert-summary",
                data_disables="convert-copy convert-download",
                data_ctrl_enter="convert-run",
                data_needs_python=True,
                disabled=True,
            ),
        ),
        h(
            "div",
            h("label", text.OUTPUT, for_="convert-output"),
            " ",
            h("textarea", id="convert-output", rows="8", readonly=True, spellcheck="false"),
            h("p", cls="hint", id="convert-shown", hidden=True),
        ),
        cls="converter",
    ),
    h(
        "div",
        h(
            "div",
            main_button("convert-run", "3D20 → GaussD20"),
            " ",
            h("button", id="convert-copy", type="button", disabled=True),
            " ",
            h("button", id="convert-download", type="button", disabled=True),
            " ",
            button("convert-example", text.EXAMPLE),
            " ",
            h("span", cls="muted", id="convert-copy-status", aria_live="polite"),
            cls="controls",
        ),
        undo.bar("convert", text.UNDO_EXAMPLE),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="result", id="convert-summary", aria_live="polite"),
        cls="action-bar",
    ),
    h("ul", cls="reasons", id="convert-reasons"),
    h("div", id="convert-fairness", cls="convert-fairness", aria_live="polite", hidden=True),
)
