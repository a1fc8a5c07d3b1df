"""First paint: every kit panel's initial view rendered on the build machine (pure).

``tools/build.py`` runs this in Pyodide while it makes the memory snapshot and writes the markup
into the built ``index.html`` (Russian) and ``static/first-paint.js`` (English, with the static
catalogue), so the page shows real odds before Python is up. The kit knows no panel by name: the
caller passes the modules (``panels.registry``).
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Iterable
from typing import Any

from kit.msg import catalogue, render
from kit.view import Show, View, to_html

__all__ = ["PAINTED", "first_paint", "load_texts", "painted"]

# On a panel's section: the language static/first-paint.js painted its initial view in (the build's
# Russian, or English). The kit reads it when it mounts the panel (``painted``).
PAINTED = "data-painted"


def load_texts(modules: Iterable[str]) -> None:
    """Import every text module, so that every static id is in the catalogue."""
    for module in modules:
        importlib.import_module(module)


def _shown(view: View, lang: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for element_id, show in view.items():
        entry: dict[str, Any] = {}
        if show.text is not None:
            entry["text"] = render(show.text, lang)
        if show.children is not None:
            entry["html"] = "".join(to_html(node, lang) for node in show.children)
        attrs = {name: render(value, lang) for name, value in show.attrs if value is not None}
        if attrs:  # labels and placeholders a view gives (a lab row's «Выше: строка 1»)
            entry["attrs"] = attrs
        if entry:
            out[element_id] = entry
    return out


def painted(view: View) -> dict[str, Show]:
    """What the first paint wrote of ``view`` (``_shown``): each element's text, children and set
    attributes. A panel mounted in its initial state, in the language its section was painted in,
    starts from this as what its elements show, so the kit writes only the rest (hidden, values,
    removed attributes) instead of the same tables and charts again.

    >>> shown = Show(text="1/2", hidden=False, attrs=(("title", "x"), ("aria-busy", None)))
    >>> painted({"odds": shown})["odds"] == Show(text="1/2", attrs=(("title", "x"),))
    True
    """
    return {
        element_id: Show(
            text=show.text,
            children=show.children,
            attrs=tuple((name, value) for name, value in show.attrs if value is not None),
        )
        for element_id, show in view.items()
    }


def first_paint(panel_modules: Iterable[str], text_modules: Iterable[str]) -> str:
    """JSON: ``{"ru": views, "en": views, "ids": {id: English}}``, views by element id, of the
    panels ``panel_modules`` (each has ``panel(rng)``); the catalogue holds ``text_modules``."""
    load_texts(text_modules)
    views: dict[str, dict[str, dict[str, Any]]] = {"ru": {}, "en": {}}
    for module in panel_modules:
        panel = importlib.import_module(module).panel(random.Random(0))
        view = panel.view(panel.initial)
        for lang in views:
            views[lang].update(_shown(view, lang))
    ids = {msg.id: msg.en for msg in catalogue().values()}
    return json.dumps({**views, "ids": ids}, ensure_ascii=False, sort_keys=True)
