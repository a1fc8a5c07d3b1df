"""The tabs (WAI-ARIA tabs pattern) over the ``#fragment`` that picks the panel on screen.

Each ``nav.tabs`` link becomes a ``tab`` of a ``tablist`` made inside the nav (``aria-selected``,
``aria-controls`` once its panel is in the document, roving ``tabindex``) and its panel a ``tabpanel``; Left/Right/Home/End move between tabs and open
them (focus stays on the tab). Opening a tab by click or Enter moves focus to the panel's heading
(``tabindex=-1``), so a screen reader says where it landed; so does following a link to a rules
page (``#rules-*``). The last panel opened is saved (``kit.tabs.TAB_KEY``) and reopened after a
reload by static/first-paint.js. Links keep working before Python and as deep links (``#ite``).

A panel's section may still be a ``<template data-page="NAME">`` (tools/page.py): its tab is a tab
all the same, and ``stamp_panel`` puts the section in place (static/first-paint.js's
``gmPages.stamp``) and makes it a tabpanel, before the kit mounts it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from kit import browser_dom as dom
from kit.tabs import TAB_KEY, moved

__all__ = ["current_tab", "stamp_panel", "start_tabs"]

_tabs: dict[str, Any] = {"names": (), "current": "", "keep_focus": ""}


def _links() -> list[Any]:
    return list(document.querySelectorAll("nav.tabs a[href^='#']"))


def _name(link: Any) -> str:
    return str(link.getAttribute("href")).removeprefix("#")


def current_tab() -> str:
    """The panel on screen (the last one opened while a rules page shows)."""
    return _tabs["current"]


def _target() -> str:
    return str(window.location.hash).removeprefix("#")


def _mark() -> None:
    """aria-selected, the roving tabindex and aria-current on the tab of the panel on screen."""
    names = _tabs["names"]
    wanted = _target()
    if wanted in names:
        _tabs["current"] = wanted
    elif not _tabs["current"]:
        _tabs["current"] = names[0] if names else ""
    for link in _links():
        selected = _name(link) == _tabs["current"]
        link.setAttribute("aria-selected", "true" if selected else "false")
        link.setAttribute("tabindex", "0" if selected else "-1")
        if selected:
            link.setAttribute("aria-current", "page")
        else:
            link.removeAttribute("aria-current")
    for back in document.querySelectorAll("a.doc-back"):  # a rules page leads back where the GM was
        back.setAttribute("href", f"#{_tabs['current']}")


def _heading(target_id: str) -> Any:
    """The heading to focus for ``#target_id``: a panel's or rules page's ``h2``, or the heading
    the fragment names inside a rules page (``None`` if there is none)."""
    target = document.getElementById(target_id) if target_id else None
    if target is None or not hasattr(target, "tagName"):
        return None
    if str(target.tagName) in ("H2", "H3", "H4", "H5", "H6"):
        return target
    heading = target.querySelector("h2")
    return heading if hasattr(heading, "focus") else None


def _focus_heading(target_id: str) -> None:
    heading = _heading(target_id)
    if heading is not None:
        if not heading.hasAttribute("tabindex"):
            heading.setAttribute("tabindex", "-1")
        heading.focus()


def _as_tabpanel(panel: Any, name: str) -> None:
    panel.setAttribute("role", "tabpanel")
    tab = document.getElementById(f"tab-{name}")
    if hasattr(tab, "setAttribute"):  # the tab names its panel once that is in the document
        tab.setAttribute("aria-controls", name)
    heading = _heading(name)
    if heading is not None and not heading.hasAttribute("tabindex"):
        heading.setAttribute("tabindex", "-1")  # focus lands here when the tab opens


def _section(name: str) -> Any:
    """The panel's section, stamped from its template first if it is still one (``None``: neither)."""
    panel = document.getElementById(name)
    if hasattr(panel, "setAttribute"):
        return panel
    pages = getattr(window, "gmPages", None)
    panel = pages.stamp(name) if pages is not None else None
    return panel if hasattr(panel, "setAttribute") else None


def stamp_panel(name: str) -> None:
    """The section of panel ``name`` in the document (stamped if it was a template) and, once the
    tabs have started, a tabpanel: the kit mounts it next."""
    panel = _section(name)
    if panel is not None and name in _tabs["names"]:
        _as_tabpanel(panel, name)


def _opened(on_switch: Callable[[], None]) -> Callable[..., None]:
    def on_hash(*_: Any) -> None:
        name = _target()
        _mark()
        if name in _tabs["names"]:
            dom.store_setting(TAB_KEY, json.dumps(name))
        if name and name == _tabs["keep_focus"]:  # moved by an arrow key: focus stays on the tab
            _tabs["keep_focus"] = ""
            tab = document.getElementById(f"tab-{name}")
            if hasattr(tab, "focus"):  # the fragment's navigation took focus away from it
                tab.focus()
                tab.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))
        else:
            _focus_heading(name)
        on_switch()

    return on_hash


def _on_key(event: Any) -> None:
    target = event.target
    if not hasattr(target, "getAttribute") or target.getAttribute("role") != "tab":
        return
    name = moved(_tabs["names"], _name(target), str(event.key))
    if name is None or event.altKey or event.ctrlKey or event.metaKey:
        return
    event.preventDefault()
    tab = document.getElementById(f"tab-{name}")
    tab.focus()
    if name != _target():
        _tabs["keep_focus"] = name
        window.location.replace(f"#{name}")  # no history entry per arrow press


def _on_click(event: Any) -> None:
    """A click on the tab already open: no hashchange, but focus goes to the heading all the same."""
    link = event.target.closest("a") if hasattr(event.target, "closest") else None
    if link is not None and _name(link) == _target() and not event.ctrlKey and not event.metaKey:
        _focus_heading(_name(link))


def start_tabs(on_switch: Callable[[], None]) -> None:
    """Turn the nav links into tabs; ``on_switch()`` runs after every change of the fragment."""
    nav = document.querySelector("nav.tabs")
    if not hasattr(nav, "setAttribute"):
        return
    # The tablist inside the nav (the nav stays a landmark); display: contents keeps the layout.
    tablist = document.createElement("div")
    tablist.className = "tablist"
    tablist.setAttribute("role", "tablist")
    for name in ("aria-label", "data-i18n-aria-label"):
        if nav.hasAttribute(name):
            tablist.setAttribute(name, nav.getAttribute(name))
    tablist.append(*list(nav.childNodes))
    nav.append(tablist)
    names = []
    for link in _links():
        name = _name(link)
        panel = document.getElementById(name)
        if not hasattr(panel, "setAttribute"):
            panel = document.querySelector(f'template[data-page="{name}"]')
            if not hasattr(panel, "content"):
                continue
            panel = None  # stamped (and made a tabpanel) when it is opened or mounted
        names.append(name)
        link.setAttribute("role", "tab")
        link.id = f"tab-{name}"
        if panel is not None:
            _as_tabpanel(panel, name)
    _tabs["names"] = tuple(names)
    _mark()
    tablist.addEventListener("keydown", create_proxy(_on_key))
    tablist.addEventListener("click", create_proxy(_on_click))
    window.addEventListener("hashchange", create_proxy(_opened(on_switch)))
