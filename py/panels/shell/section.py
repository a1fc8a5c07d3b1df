"""The page's shell as static markup: header, tabs, start view, footer, and the parts every panel's
section shares (``panel``, ``rules_link``, ``about``). The tabs and the start view list
``panels.registry``; tools/page.py writes all of it into index.html's empty slots."""

from __future__ import annotations

from kit import common
from kit.markup import h
from kit.view import Node
from panels import registry
from panels.shell import text

__all__ = ["FOOTER", "HEADER", "about", "main", "panel", "rules_link", "tabs"]


def panel(name: str, /, *content: Node) -> Node:
    """A panel's ``<section>``: its heading is ``#NAME-title``."""
    return h("section", *content, id=name, cls="panel", aria_labelledby=f"{name}-title")


def rules_link(name: str, /) -> Node:
    """The panel's «Правила» link, to its rules page (``panels.registry``)."""
    return h("p", h("a", text.PANEL_RULES, href=f"#{registry.entry(name).rules}"), cls="rules-link")


def about(name: str, /, *content: Node) -> Node:
    """The panel's «?»: its line of the start view, opening onto ``content`` (remembered open)."""
    summary = h(
        "summary",
        h("span", registry.entry(name).about),
        " ",
        h("span", "?", cls="about-mark", aria_hidden="true"),
    )
    return h("details", summary, *content, cls="about", data_remember=f"{name}.about")


HEADER = (
    h("a", text.SKIP, cls="skip", href="#main"),
    h(
        "header",
        h(
            "div",
            h("h1", text.TITLE),
            h(
                "div",
                h(
                    "select",
                    h("option", text.THEME_AUTO, value="auto"),
                    h("option", text.THEME_LIGHT, value="light"),
                    h("option", text.THEME_DARK, value="dark"),
                    id="theme-switch",
                    aria_label=text.THEME,
                ),
                h(
                    "button",
                    text.LANG_SWITCH,
                    id="lang-switch",
                    type="button",
                    lang="en",
                    title=text.LANG_SWITCH_TITLE,
                    data_needs_python=True,
                    disabled=True,
                ),
                cls="top-tools",
            ),
            cls="top-row",
        ),
        h("p", text.TAGLINE, cls="tagline"),
        cls="top",
    ),
    h(
        "div",
        h("span", text.UPDATE),
        h("button", text.UPDATE_RELOAD, id="update-reload", type="button"),
        id="update-banner",
        cls="update",
        role="status",
        hidden=True,
    ),
    h(
        "div",
        h("span", id="save-failed-text"),
        h("button", common.SAVE_EXPORT, id="save-export", type="button"),
        h("button", common.SAVE_TRIM, id="save-trim", type="button"),
        h("button", common.SAVE_RETRY, id="save-retry", type="button"),
        id="save-failed",
        cls="update save-failed",
        role="alert",
        hidden=True,
    ),
    h(
        "div",
        h("span", cls="spinner", aria_hidden="true"),
        " ",
        h("span", text.LOADING),
        id="loading",
        cls="loading",
        role="status",
        aria_live="polite",
    ),
)


def tabs() -> Node:
    """One tab per panel, in the registry's order (kit/browser_tabs.py makes them a tablist)."""
    links = (h("a", entry.tab, href=f"#{entry.name}") for entry in registry.PANELS)
    return h("nav", *links, cls="tabs", aria_label=text.TOOLS)


def _start() -> Node:
    lines = (
        h("li", h("a", entry.tab, href=f"#{entry.name}"), " ", h("span", entry.about))
        for entry in registry.PANELS
    )
    return h(
        "div",
        h("h2", text.START_TITLE, id="start-title"),
        h("p", text.START_HINT, cls="muted"),
        h("ul", *lines, cls="start-list"),
        id="start",
        cls="start-view",
        role="region",
        aria_labelledby="start-title",
    )


def main(sections: tuple[Node, ...]) -> Node:
    """``<main>``: the start view, then every panel's section."""
    return h("main", _start(), *sections, id="main")


FOOTER = h(
    "footer",
    h(
        "p",
        h("span", text.RULES),
        " ",
        h("a", text.RULES_LINK, href="#rules-index"),
        ". ",
        h("span", text.COMPUTED),
    ),
    h("p", id="storage-usage", cls="muted"),
    h("p", id="compute-notice", cls="muted", hidden=True),
    cls="foot",
)
