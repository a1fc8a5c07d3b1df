"""The rules documents (docs/rules.md, docs/rules/*.md) as pages inside index.html.

tools/build.py puts one hidden ``<section class="doc" id="rules-NAME">`` per document before
``</main>``, each inside a ``<template data-page="rules-NAME">``: the documents stay out of the
page's first parse and style until one is opened, when static/first-paint.js stamps it in place
(a ``#rules-NAME`` address, or one naming a heading inside it). A ``#rules-NAME`` link then shows
it in place of the panels (static/app.css, ``:target``), so the pages work before Python,
offline, and in the single saved file. Links between documents
become links between these sections; links to source files or other sites stay plain words (the
page references nothing outside itself). The chrome around a
document (back link, note on its language) is marked ``data-i18n``, so it follows the language switch.
"""

from __future__ import annotations

import re
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from markdown import to_html

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
from panels import registry  # noqa: E402
from panels.shell import text  # noqa: E402

__all__ = ["doc_id", "rules_sections", "with_rules"]

INDEX = "rules-index"


def doc_id(path: str) -> str | None:
    """The section id of a document a link points at (``rules/ite.md``, ``../rules.md``).

    Only the rules documents are pages; a link to another document (``../compute.md``) is ``None``.

    >>> doc_id("rules/ite.md"), doc_id("../rules.md"), doc_id("fudge.md"), doc_id("x.py")
    ('rules-ite', 'rules-index', 'rules-fudge', None)
    >>> doc_id("../compute.md") is None
    True
    """
    name = path.rsplit("/", 1)[-1]
    if not name.endswith(".md"):
        return None
    stem = name.removesuffix(".md")
    if stem == "rules":
        return INDEX
    return f"rules-{stem}" if (ROOT / "docs" / "rules" / name).is_file() else None


def _linker(own: str):
    def link(url: str) -> str | None:
        path, _, fragment = url.partition("#")
        target = own if not path else doc_id(path)
        if target is None:
            return None
        return f"#{target}-{fragment}" if fragment else f"#{target}"

    return link


def _section(section_id: str, markdown: str, back: str) -> str:
    body = to_html(markdown, _linker(section_id), lambda slug: f"{section_id}-{slug}")
    # The document's headings one level down: the page's <h1> is the app's title.
    body = re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}", body)
    # The first heading names the page: focus lands on it when the page opens.
    body = re.sub(r'<h2 id="[^"]*"', f'<h2 tabindex="-1" id="{section_id}-title"', body, count=1)
    return (
        f'<template data-page="{section_id}">'  # out of the first parse until opened (first-paint.js)
        f'<section id="{section_id}" class="doc" aria-labelledby="{section_id}-title">\n'
        f'<p class="doc-nav"><a class="doc-back" href="#{escape(back)}" data-i18n="{text.RULES_BACK.id}">'
        f"{escape(text.RULES_BACK.ru)}</a>"
        + (
            ""
            if section_id == INDEX
            else f' · <a href="#{INDEX}" data-i18n="{text.RULES_ALL.id}">{escape(text.RULES_ALL.ru)}</a>'
        )
        + "</p>\n"
        f'<p class="muted" data-i18n="{text.RULES_LANGUAGE.id}">{escape(text.RULES_LANGUAGE.ru)}</p>\n'
        f'<article class="doc-body" lang="en">\n{body}\n</article>\n</section></template>\n'
    )


def rules_sections(root: Path = ROOT) -> str:
    """Every rules document as a page section."""
    # A page's back link before Python leads to the panel that links to it (panels.registry); the
    # kit then points it at the tab the GM came from.
    pages = [(INDEX, root / "docs" / "rules.md", registry.PANELS[0].name)]
    for path in sorted((root / "docs" / "rules").glob("*.md")):
        pages.append((f"rules-{path.stem}", path, registry.rules_home(f"rules-{path.stem}")))
    out = []
    for section_id, path, back in pages:
        out.append(_section(section_id, path.read_text(encoding="utf-8"), back))
    return "\n".join(out)


def with_rules(html: str, root: Path = ROOT) -> str:
    """index.html with the rules pages at the end of ``<main>``."""
    if html.count("</main>") != 1:
        raise RuntimeError("index.html must have exactly one </main> for the rules pages")
    return html.replace("</main>", rules_sections(root) + "</main>")
