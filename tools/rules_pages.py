"""The rules documents (docs/rules.md, docs/rules/*.md) as pages inside index.html.

tools/build.py puts one hidden ``<section class="doc" id="rules-NAME">`` per document before
``</main>``, each inside a ``<template data-page="rules-NAME">``: the documents stay out of the
page's first parse and style until one is opened, when static/first-paint.js stamps it in place
(a ``#rules-NAME`` address, or one naming a heading inside it). A ``#rules-NAME`` link then shows
it in place of the panels (static/app.css, ``:target``), so the pages work before Python,
offline, and in the single saved file. Links between documents
become links between these sections; links to source files or other sites stay plain words (the
page references nothing outside itself). The chrome around a
document (back link) is marked ``data-i18n``, so it follows the language switch.

A document is written for GMs in Russian and in English, then for developers: its text between
``<!-- page: ru -->``, ``<!-- page: en -->`` and ``<!-- developers -->`` (``parts``). The page
holds the two GM parts, the one of the page's language shown (static/app.css, ``.doc-lang``); the
developers' part (modules, tests, figures by commit) stays in the repository's docs only.
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

__all__ = ["LANGS", "doc_id", "parts", "rules_sections", "with_rules"]

INDEX = "rules-index"
LANGS = ("ru", "en")
_MARK = re.compile(r"^<!-- (page: (ru|en)|developers) -->$", re.M)


def parts(markdown: str) -> dict[str, str]:
    """A document's parts: ``ru`` and ``en`` (the GM's page in each language) and ``developers``.

    >>> text = "<!-- page: ru -->\\n# Т\\n<!-- page: en -->\\n# T\\n<!-- developers -->\\n# D\\n"
    >>> {name: part.strip() for name, part in parts(text).items()}
    {'ru': '# Т', 'en': '# T', 'developers': '# D'}
    """
    found = list(_MARK.finditer(markdown))
    out: dict[str, str] = {}
    for index, mark in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(markdown)
        out[mark.group(2) or "developers"] = markdown[mark.end() : end]
    missing = [lang for lang in LANGS if lang not in out]
    if missing:
        raise ValueError(f"a rules document needs its page in {', '.join(missing)} (<!-- page: LANG -->)")
    return out


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


def _linker(own: str, lang: str):
    """Links of one language's part: a heading of this or another document in the same language."""
    suffix = "" if lang == LANGS[0] else f"-{lang}"

    def link(url: str) -> str | None:
        path, _, fragment = url.partition("#")
        target = own if not path else doc_id(path)
        if target is None:
            return None
        return f"#{target}{suffix}-{fragment}" if fragment else f"#{target}"

    return link


def _lang_part(section_id: str, markdown: str, lang: str) -> tuple[str, str]:
    """One language's part: its title (the first heading, as HTML) and its body (headings one
    level down: the page's <h1> is the app's, the title its <h2>)."""
    prefix = section_id if lang == LANGS[0] else f"{section_id}-{lang}"
    title_line = re.search(r"^# (.+)$", markdown, re.M)
    if title_line is None:
        raise ValueError(f"{section_id}: the {lang} page needs a title (# …)")
    title = to_html(title_line.group(1), _linker(section_id, lang)).removeprefix("<p>").removesuffix("</p>")
    rest = markdown[: title_line.start()] + markdown[title_line.end() :]
    body = to_html(rest, _linker(section_id, lang), lambda slug: f"{prefix}-{slug}")
    body = re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}", body)
    return title, body


def _section(section_id: str, markdown: str, back: str) -> str:
    texts = parts(markdown)
    rendered = {lang: _lang_part(section_id, texts[lang], lang) for lang in LANGS}
    title = "".join(f'<span class="doc-lang" lang="{lang}">{rendered[lang][0]}</span>' for lang in LANGS)
    articles = "\n".join(
        f'<article class="doc-lang" lang="{lang}">\n{rendered[lang][1]}\n</article>' for lang in LANGS
    )
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
        # the first heading names the page: focus lands on it when the page opens
        f'<div class="doc-body">\n<h2 tabindex="-1" id="{section_id}-title">{title}</h2>\n{articles}\n</div>\n'
        "</section></template>\n"
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
