"""First paint: every kit panel's initial view rendered on the build machine (pure).

``tools/build.py`` runs this in Pyodide while it makes the memory snapshot and writes the markup
into the built ``index.html`` (Russian) and ``static/first-paint.js`` (English, with the static
catalogue), so the page shows real odds before Python is up.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random

from kit.msg import catalogue, render
from kit.view import View, to_html

__all__ = ["PANEL_NAMES", "first_paint", "load_texts", "panel_module"]

PANEL_NAMES = ("roller", "converter", "threat", "notation", "checks", "ite", "fudge", "roster")


def panel_module(name: str) -> str | None:
    """The kit module of panel ``name`` (``panels.NAME.panel``), if it has one."""
    if importlib.util.find_spec(f"panels.{name}") is None:
        return None
    module = f"panels.{name}.panel"
    return module if importlib.util.find_spec(module) is not None else None


def load_texts() -> None:
    """Import every panel's text module, so that every static id is in the catalogue."""
    importlib.import_module("panels.shell.text")
    for name in PANEL_NAMES:
        if importlib.util.find_spec(f"panels.{name}") is not None:
            importlib.import_module(f"panels.{name}.text")


def _shown(view: View, lang: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for element_id, show in view.items():
        entry: dict[str, str] = {}
        if show.text is not None:
            entry["text"] = render(show.text, lang)
        if show.children is not None:
            entry["html"] = "".join(to_html(node, lang) for node in show.children)
        if entry:
            out[element_id] = entry
    return out


def first_paint() -> str:
    """JSON: ``{"ru": views, "en": views, "ids": {id: English}}``, views by element id."""
    load_texts()
    views: dict[str, dict[str, dict[str, str]]] = {"ru": {}, "en": {}}
    for name in PANEL_NAMES:
        module = panel_module(name)
        if module is None:
            continue
        panel = importlib.import_module(module).panel(random.Random(0))
        view = panel.view(panel.initial)
        for lang in views:
            views[lang].update(_shown(view, lang))
    ids = {msg.id: msg.en for msg in catalogue().values()}
    return json.dumps({**views, "ids": ids}, ensure_ascii=False, sort_keys=True)
