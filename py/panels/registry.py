"""The page's panels, in tab order: one line each. Everything that lists the panels reads this.

The build writes the tabs, the start view and each panel's section from it (tools/page.py), the
rules pages lead back to the panel that links to them (tools/rules_pages.py), the page mounts the
panels in this order (main.py), the compute worker loads their jobs and the tests walk them. A new
panel is its package (``text``, ``section``, ``panel``, optional ``jobs``) and one line here.

>>> [entry.name for entry in PANELS][:3]
['roller', 'converter', 'threat']
>>> entry("ite").module, entry("ite").section
('panels.ite.panel', 'panels.ite.section')
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from kit.msg import Msg, Renderable
from panels.audience import text as audience
from panels.journal import text as journal
from panels.shell import text as shell

__all__ = ["NAMES", "PANELS", "TEXT_MODULES", "Entry", "entry", "job_modules", "rules_home"]


@dataclass(frozen=True)
class Entry:
    """One panel: ``name`` (its package, section id, ``#fragment`` and storage key), the tab's
    title, what it is for (the start view's line and the panel's «?» summary) and the rules page
    (or heading) its «Правила» link opens."""

    name: str
    tab: Renderable
    about: Msg
    rules: str

    @property
    def package(self) -> str:
        return f"panels.{self.name}"

    @property
    def module(self) -> str:
        """The panel itself: ``panel(rng)`` returns its ``kit.panel.Panel``."""
        return f"{self.package}.panel"

    @property
    def section(self) -> str:
        """Its static markup: ``SECTION``, the ``<section>`` as a ``kit.view.Node`` tree."""
        return f"{self.package}.section"

    @property
    def text(self) -> str:
        return f"{self.package}.text"


PANELS = (
    Entry("roller", "GaussD20", shell.ABOUT_ROLLER, "rules-gauss"),
    Entry("converter", shell.TAB_CONVERTER, shell.ABOUT_CONVERTER, "rules-converter"),
    Entry("threat", shell.TAB_THREAT, shell.ABOUT_THREAT, "rules-threat"),
    Entry("notation", shell.TAB_NOTATION, shell.ABOUT_NOTATION, "rules-notation"),
    Entry("checks", shell.TAB_CHECKS, shell.ABOUT_CHECKS, "rules-gauss"),
    Entry("ite", "ITE", shell.ABOUT_ITE, "rules-ite"),
    Entry("fudge", "FUDGE", shell.ABOUT_FUDGE, "rules-fudge"),
    Entry("roster", shell.TAB_ROSTER, shell.ABOUT_ROSTER, "rules-index"),
    Entry("journal", journal.TAB, journal.ABOUT, "rules-index"),
    Entry("audience", audience.TAB, audience.ABOUT, "rules-index"),
)  # fmt: skip

NAMES = tuple(panel.name for panel in PANELS)
# Every module of static messages: the page's own, then each panel's.
TEXT_MODULES = ("panels.shell.text", *(panel.text for panel in PANELS))


def entry(name: str) -> Entry:
    """The panel called ``name``; ``LookupError`` if there is none."""
    for panel in PANELS:
        if panel.name == name:
            return panel
    raise LookupError(f"no panel {name!r}")


def rules_home(page: str) -> str:
    """The panel a rules page (``rules-ite``) leads back to: the first one linking to it, else the first.

    >>> rules_home("rules-gauss"), rules_home("rules-ite"), rules_home("rules-nowhere")
    ('roller', 'ite', 'roller')
    """
    return next((panel.name for panel in PANELS if panel.rules == page), PANELS[0].name)


def job_modules() -> tuple[str, ...]:
    """The ``jobs`` module of every panel that has one (the compute worker imports them)."""
    return tuple(
        f"{panel.package}.jobs"
        for panel in PANELS
        if importlib.util.find_spec(f"{panel.package}.jobs") is not None
    )
