"""The journal panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit.markup import button, checkbox, h, main_button, select
from panels import registry
from panels.journal import text, text_stats
from panels.shell.section import about, panel, rules_link, subtools

FILTERS = h(
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
    h("label", text.EVENING, for_="journal-evening"),
    " ",
    select("journal-evening", h("option", text.ANY_EVENING, value="")),
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
        data_live=True,  # the list follows each key (kit.runtime_mount)
        data_needs_python=True,
        disabled=True,
    ),
    cls="controls",
)

# The statistics of what the filters choose (panels/journal/stats.py fills it).
STATS = h(
    "div",
    h("h3", text_stats.TITLE),
    h("div", main_button("journal-stats-run", text_stats.RUN), cls="controls"),
    h("p", cls="muted", id="journal-stats-status", role="status"),
    h("div", id="journal-stats-result", aria_live="polite"),
    h("details", h("summary", text_stats.HOW), h("p", text_stats.HINT, cls="hint"), cls="stats-more"),
    id="journal-stats",
    cls="journal-stats",
)

ENTRIES = (
    h(
        "div",
        main_button("journal-copy-bbcode", text.COPY_BBCODE),  # first: in a phone's first screen
        " ",
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
        h("label", text.ORDER, for_="journal-order"),
        " ",
        select(
            "journal-order",
            h("option", text.OLDEST_FIRST, value="old"),
            h("option", text.NEWEST_FIRST, value="new"),
        ),
        " ",
        h(
            "span",
            checkbox("journal-export-stats"),
            " ",
            h("label", text.WITH_STATS, for_="journal-export-stats"),
        ),
        " ",
        h("span", cls="muted", id="journal-status", role="status"),
        cls="controls",
    ),
    h("div", button("journal-new-evening", text.NEW_EVENING), cls="controls"),
    h(
        "div",
        h("label", text.IMPORT, for_="journal-import"),
        " ",
        h(
            "input",
            id="journal-import",
            type="file",
            accept=".json,application/json",
            data_store_file=True,
            data_needs_python=True,
            disabled=True,
        ),
        " ",
        h(
            "span",
            button("journal-import-aside", text.IMPORT_ASIDE),
            id="journal-import-aside-part",
            hidden=True,
        ),
        cls="controls",
    ),
    h("p", text.IMPORT_HINT, cls="muted"),
    h("progress", id="journal-import-progress", max="1", value="0", hidden=True),
    h("p", cls="muted", id="journal-import-status", role="status", hidden=True),
    h("p", button("journal-import-undo", text.IMPORT_UNDO), id="journal-import-undo-part", hidden=True),
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="muted", id="journal-count", aria_live="polite"),
    h("p", cls="muted", id="journal-limit", hidden=True),
    h("p", cls="muted", id="journal-empty"),
    h("ol", cls="journal-list", id="journal-list"),
    h("p", button("journal-more", text.MORE), id="journal-more-part", hidden=True),
)

SECTION = panel(
    "journal",
    h("h2", text.TITLE, id="journal-title"),
    rules_link("journal"),
    about("journal", h("p", text.HINT, cls="hint")),
    h("p", cls="notice", role="status", hidden=True),
    # Two screens at every width (static/app.css): a list of a hundred entries would push the
    # statistics out of sight. The filters are part of both.
    *subtools(
        "journal",
        (
            ("entries", text_stats.ENTRIES_TAB, (FILTERS, *ENTRIES)),
            ("stats", text_stats.TAB, (FILTERS, STATS)),
        ),
    ),
)
