"""The journal panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit.markup import button, h, main_button, select
from panels import registry
from panels.journal import text
from panels.shell.section import about, panel, rules_link

SECTION = panel(
    "journal",
    h("h2", text.TITLE, id="journal-title"),
    rules_link("journal"),
    about("journal", h("p", text.HINT, cls="hint")),
    h("p", cls="notice", role="status", hidden=True),
    h(
        "div",
        h("label", text.WHO, for_="journal-who"),
        " ",
        select("journal-who", h("option", text.ANY_WHO, value="")),
        " ",
        h("label", text.PANEL, for_="journal-panel"),
        " ",
        select(
            "journal-panel",
            h("option", text.ANY_PANEL, value=""),
            *(h("option", e.tab, value=e.name) for e in registry.PANELS if e.name != "journal"),
        ),
        " ",
        h("label", text.SEARCH, for_="journal-search"),
        " ",
        h(
            "input",
            id="journal-search",
            type="search",
            maxlength="100",
            autocomplete="off",
            data_enter="",
            data_needs_python=True,
            disabled=True,
        ),
        cls="controls",
    ),
    h(
        "div",
        h("span", text.EXPORTS, cls="muted"),
        " ",
        button("journal-export-bbcode", text.EXPORT_BBCODE),
        " ",
        button("journal-export-markdown", text.EXPORT_MARKDOWN),
        " ",
        button("journal-export-csv", text.EXPORT_CSV),
        " ",
        button("journal-export-json", text.EXPORT_JSON),
        " ",
        main_button("journal-copy-bbcode", text.COPY_BBCODE),
        " ",
        h("span", cls="muted", id="journal-status", role="status"),
        cls="controls",
    ),
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="muted", id="journal-count", aria_live="polite"),
    h("p", cls="muted", id="journal-limit", hidden=True),
    h("p", cls="muted", id="journal-empty"),
    h("ol", cls="journal-list", id="journal-list"),
)
