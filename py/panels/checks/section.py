"""The checks panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit.markup import h
from panels.checks import section_fight, section_tools, text
from panels.shell.section import about, panel, rules_link, subtools

SECTION = panel(
    "checks",
    h("h2", text.TITLE, id="checks-title"),
    rules_link("checks"),
    about("checks", h("p", text.HINT, cls="hint")),
    h("p", cls="error", role="alert", hidden=True),
    h("p", cls="note notice", id="chk-notice", role="status", hidden=True),
    # On a phone one check at a time; the log of every check stays under whichever is open.
    *subtools(
        "checks",
        (
            ("skill", text.TAB_SKILL, (section_tools.SKILL,)),
            ("median", text.TAB_MEDIAN, (section_tools.MEDIAN,)),
            ("series", text.TAB_SERIES, (section_tools.SERIES,)),
            ("opposed", text.TAB_OPPOSED, (section_fight.OPPOSED,)),
            ("combat", text.TAB_COMBAT, (section_fight.COMBAT,)),
        ),
    ),
    section_fight.LOG,
)
