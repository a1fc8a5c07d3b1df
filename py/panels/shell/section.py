"""The page's shell as static markup: header, tabs, start view, footer, and the parts every panel's
section shares (``panel``, ``rules_link``, ``about``). The tabs and the start view list
``panels.registry``; tools/page.py writes all of it into index.html's empty slots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from kit import common
from kit.markup import h
from kit.msg import Renderable
from kit.view import Node
from panels import registry
from panels.audience import text as audience
from panels.shell import text

__all__ = ["FOOTER", "HEADER", "about", "main", "panel", "part_of", "rules_link", "subtools", "tabs"]


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


def part_of(keys: str, node: Node, /) -> Node:
    """``node`` shown only for the sub-tools ``keys`` (space-separated) inside a part that several
    sub-tools share (FUDGE's attack and its odds share the attack's form and action bar)."""
    return replace(node, attrs=(*node.attrs, ("data-subtool", keys)))


def _opened(node: Node, chosen: str) -> Node:
    """Every node marked for sub-tools gets class ``subtool``, and ``subtool-open`` when it shows ``chosen``."""
    children = tuple(_opened(child, chosen) for child in node.children)
    keys = dict(node.attrs).get("data-subtool")
    if not isinstance(keys, str):
        return replace(node, children=children)
    opened = chosen in keys.split()
    cls = " ".join(part for part in (node.cls, "subtool", "subtool-open" if opened else "") if part)
    return replace(node, cls=cls, children=children)


def subtools(
    name: str,
    parts: Sequence[tuple[str, Renderable, tuple[Node, ...]]],
    /,
    *,
    default: str = "",
    opened_by: Mapping[str, str] | None = None,
) -> tuple[Node, ...]:
    """A panel's sub-tools: a tablist (``role="tab"`` per sub-tool), then each sub-tool's nodes.

    On a phone (≤ 640 px, static/app.css) only the chosen sub-tool shows; wider, all do and the
    tablist is hidden. static/prefs.js switches (click, arrow keys, Home/End) and remembers the
    choice per panel. ``parts``: (key, tab label, nodes); a node listed for several sub-tools shows
    for each (``part_of`` marks what inside it belongs to one). ``default`` opens first (else the
    first). Each node gets ``data-subtool="KEY …"`` and an id (``NAME-KEY-tool``) where it has none.
    ``opened_by`` maps a sub-tool's key to a URL parameter that opens it (a share link of the
    lab, ``?lab=``, opens the lab), over the remembered choice.
    """
    chosen = default or parts[0][0]
    order: list[Node] = []
    keys: dict[int, list[str]] = {}
    controls: dict[str, str] = {}
    for key, _, nodes in parts:
        for node in nodes:
            if id(node) not in keys:
                order.append(node)
                keys[id(node)] = []
            keys[id(node)].append(key)
    marked = []
    for index, node in enumerate(order):
        attrs = dict(node.attrs)
        attrs.setdefault("id", f"{name}-{keys[id(node)][0]}-tool" + (f"-{index}" if index else ""))
        attrs["data-subtool"] = " ".join(keys[id(node)])
        for key in keys[id(node)]:
            controls.setdefault(key, str(attrs["id"]))
        marked.append(_opened(replace(node, attrs=tuple(attrs.items())), chosen))
    tabs = (
        h(
            "button",
            label,
            type="button",
            role="tab",
            id=f"{name}-tab-{key}",
            aria_controls=controls[key],
            aria_selected="true" if key == chosen else "false",
            tabindex="0" if key == chosen else "-1",
            data_subtool=key,
            data_opened_by=(opened_by or {}).get(key),
        )
        for key, label, _ in parts
    )
    tablist = h("div", *tabs, cls="subtabs", role="tablist", aria_labelledby=f"{name}-title", data_panel=name)
    return (tablist, *marked)


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
                    "a",
                    audience.HEADER_OPEN,
                    id="players-open",
                    cls="button-link",
                    href="#players",  # this page at #players (the saved file too: not its folder)
                    target="gm-players",
                    title=audience.HEADER_OPEN_TITLE,
                    data_players_open=True,
                ),
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
        h("span", id="seed-text"),
        h("button", common.SEED_APPLY, id="seed-apply", type="button"),
        h("button", common.SEED_RANDOM, id="seed-random", type="button", hidden=True),
        id="seed-banner",
        cls="update seed-banner",
        role="alert",
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
    h("p", id="seed-notice", cls="muted", hidden=True),
    cls="foot",
)
