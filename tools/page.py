"""The page: index.html is only its shell; the build writes every slot from Python.

Each empty element of the shell below is a slot, filled with static markup (``kit.markup``): the
header and footer from ``panels.shell.section``, the tabs and the start view from
``panels.registry``, and each panel's ``SECTION`` (``panels/NAME/section.py``) in ``<main>``.

After the panels, the players' window's own ``section#players`` (``panels.audience.section``),
a template too: static/players.js stamps it when the page is opened at ``./#players``.

Only the first panel's section (the page without a ``#fragment``, and what shows without
JavaScript) is in the first parse; every other one is a ``<template data-page="NAME">`` in its
place, stamped by static/first-paint.js when the address names it (before the first paint) or when
it is opened, and by the kit before it mounts the panel (``kit.browser.mount``).

    python3 tools/page.py > /tmp/page.html   # the page as the build writes it (before the first paint)
"""

from __future__ import annotations

import importlib
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
from kit.markup import to_markup  # noqa: E402
from kit.view import Node  # noqa: E402
from panels import registry  # noqa: E402
from panels.audience.section import PLAYERS  # noqa: E402
from panels.shell import section as shell  # noqa: E402
from panels.shell import text  # noqa: E402

__all__ = ["SLOTS", "page", "panels_markup", "sections"]


def sections() -> tuple[Node, ...]:
    """Every panel's section, in the registry's order."""
    return tuple(importlib.import_module(entry.section).SECTION for entry in registry.PANELS)


def panels_markup() -> str:
    """The panels' sections in ``<main>``'s order: the first as it is, each other one inside a
    ``<template data-page="NAME">`` (inert, out of the first parse, until it is stamped)."""
    out = []
    for index, (entry, section) in enumerate(zip(registry.PANELS, sections(), strict=True)):
        markup = to_markup(section)
        out.append(
            markup if index == 0 else f'<template data-page="{escape(entry.name)}">{markup}</template>'
        )
    return "".join(out)


def _main() -> str:
    empty = to_markup(shell.main(()))
    if not empty.endswith("</main>"):
        raise RuntimeError("panels.shell.section.main must end with </main>")
    players = f'<template data-page="players">{to_markup(PLAYERS)}</template>'
    return empty.removesuffix("</main>") + panels_markup() + players + "</main>"


# The empty elements of index.html that the build fills, in the page's order.
SLOTS = (
    "<title></title>",
    '<header class="top"></header>',
    '<nav class="tabs"></nav>',
    '<main id="main"></main>',
    '<footer class="foot"></footer>',
)


def _slots() -> dict[str, str]:
    title = f'<title data-i18n="{text.DOC_TITLE.id}">{escape(text.DOC_TITLE.ru, quote=False)}</title>'
    markup = (
        title,
        to_markup(shell.HEADER),
        to_markup(shell.tabs()),
        _main(),
        to_markup(shell.FOOTER),
    )
    return dict(zip(SLOTS, markup, strict=True))


def page(html: str) -> str:
    """The shell ``html`` with every slot filled; each must be there exactly once."""
    for slot, markup in _slots().items():
        if html.count(slot) != 1:
            raise RuntimeError(f"index.html must hold the empty slot {slot} exactly once")
        html = html.replace(slot, markup)
    return html


if __name__ == "__main__":
    sys.stdout.write(page((ROOT / "index.html").read_text(encoding="utf-8")))
