"""Navigation: tab keys (kit.tabs), the Markdown subset and the rules pages the build
puts in the page (tools/markdown.py, tools/rules_pages.py), and the markup's main actions."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import markdown
import page as built
import rules_pages
from kit.tabs import moved
from panels import registry

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("roller", "converter", "threat")


@pytest.mark.parametrize(
    ("current", "key", "expected"),
    [
        ("roller", "ArrowRight", "converter"),
        ("threat", "ArrowRight", "roller"),
        ("roller", "ArrowLeft", "threat"),
        ("converter", "Home", "roller"),
        ("converter", "End", "threat"),
        ("gone", "ArrowRight", "converter"),
        ("roller", "Enter", None),
    ],
)
def test_arrow_keys_move_between_tabs_and_wrap(current: str, key: str, expected: str | None) -> None:
    """Left/Right wrap around, Home/End go to the ends, other keys are not the tablist's."""
    assert moved(NAMES, current, key) == expected


def test_tools_doctests_pass() -> None:
    """The doctests of the build's Markdown renderer and rules pages run (tools/ is not collected)."""
    for module in (markdown, rules_pages):
        assert doctest.testmod(module).failed == 0


def test_markdown_subset_covers_what_the_documents_use() -> None:
    """Headings, nested lists, tables, fenced and indented code, emphasis and links: no raw Markdown."""
    source = (
        "# T\n\n1. **One** `a|b`\n   - nested *em*\n     lazy line\n2. Two\n\n"
        "| a | b |\n|---|---|\n| `x` | [l](rules/ite.md) |\n\n```\n<raw> **no**\n```\n\n    code\n"
    )
    html = markdown.to_html(source, lambda url: "#" + url)
    assert "<ol>" in html and "<ul>" in html and "<li>nested <em>em</em> lazy line</li>" in html
    assert "<strong>One</strong> <code>a|b</code>" in html
    assert '<td><a href="#rules/ite.md">l</a></td>' in html and '<div class="table-wrap">' in html
    assert "<pre><code>&lt;raw&gt; **no**</code></pre>" in html and "<pre><code>code</code></pre>" in html


def test_markdown_escapes_text_and_refuses_script_links() -> None:
    """Text is escaped; a link the page cannot follow keeps its words only."""
    html = markdown.to_html(
        "<script>x</script> [go](javascript:alert(1))", rules_pages._linker("rules-x", "ru")
    )
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "javascript" not in html and "go" in html


def test_every_rules_document_becomes_a_page_without_raw_markdown() -> None:
    """One section per document, its first heading the focus target, links between documents as
    in-page links that exist, and no Markdown syntax left in the text."""
    html = rules_pages.rules_sections(ROOT)
    ids = re.findall(r'<section id="([^"]+)" class="doc"', html)
    expected = {"rules-index"} | {f"rules-{p.stem}" for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert set(ids) == expected
    for section_id in ids:
        assert f'<h2 tabindex="-1" id="{section_id}-title"' in html
    anchors = set(re.findall(r'\sid="([^"]+)"', html))
    targets = set(re.findall(r'href="#([^"]+)"', html))
    assert targets - anchors <= {"roller", "converter", "ite", "fudge", "threat", "notation"}
    text = re.sub(r"<pre>.*?</pre>|<code>.*?</code>|<[^>]+>", "", html, flags=re.S)
    assert not re.search(r"^#+ |\*\*|\]\(|^\|", text, re.M)


# What a GM's page says of each rule, in each language, and what only developers need (left out).
GM_PARTS = {
    "ru": ("Что говорит правило", "Как это читает программа", "Пример"),
    "en": ("What the rule says", "How the toolkit reads it", "Example"),
}
NOTATION_PARTS = {
    "ru": ("Что означает запись", *GM_PARTS["ru"][1:]),
    "en": ("What the notation means", *GM_PARTS["en"][1:]),
}
DEVELOPER_WORDS = re.compile(
    r"\btests?/|\bpy/|\.py\b|\btest_\w+|\brules\.\w+|\bpanels\.\w+|\bkit\.\w+|\bmodule\b|\bissue\b"
)


def test_the_rules_pages_are_written_for_gms_in_both_languages() -> None:
    """Every rules page holds its GM text in Russian and English, each rule told as what it says,
    how the toolkit reads it and an example; the developers' notes (modules, tests) stay in the
    docs and never reach the page."""
    html = rules_pages.rules_sections(ROOT)
    for path in sorted((ROOT / "docs" / "rules").glob("*.md")):
        section = html[html.index(f'<section id="rules-{path.stem}"') :]
        section = section[: section.index("</section>")]
        for lang in rules_pages.LANGS:
            found = re.search(rf'<article class="doc-lang" lang="{lang}">(.*?)</article>', section, re.S)
            assert found is not None, (path.name, lang)
            words = re.sub(r"<[^>]+>", "", found.group(1))
            wanted = (NOTATION_PARTS if path.stem == "notation" else GM_PARTS)[lang]
            for part in wanted:
                assert words.count(part) >= 2, (path.name, lang, part)
            assert not DEVELOPER_WORDS.search(words), (path.name, lang, DEVELOPER_WORDS.search(words))
            cyrillic = re.sub(r"«[^»]*»", "", words)
            if lang == "en":
                assert not re.search("[А-Яа-яЁё]", cyrillic), (
                    path.name,
                    re.findall(r".{30}[А-Яа-яЁё].{10}", cyrillic)[:3],
                )
        assert "for developers" in (ROOT / "docs" / "rules" / path.name).read_text(encoding="utf-8")
    assert "for developers" not in html and "tests/unit" not in html


def test_each_panel_links_to_its_rules_page_and_marks_its_main_action() -> None:
    """Every panel of the built page has a «правила» link to a rules page that exists, and the main
    actions named in the markup are buttons."""
    page = built.page((ROOT / "index.html").read_text(encoding="utf-8"))
    pages = rules_pages.rules_sections(ROOT)
    panels = re.findall(r'<section class="panel" id="([a-z]+)"', page)
    assert panels == list(registry.NAMES), "every panel, in the registry's order"
    for panel in panels:
        body = page[page.index(f'<section class="panel" id="{panel}"') :]
        link = re.search(r'<p class="rules-link"><a href="#([^"]+)"', body[:600])
        assert link is not None, panel
        assert f'id="{link.group(1)}"' in pages
    mains = re.findall(r"<(\w+)[^>]*\sdata-main-action\b", page)
    assert mains and set(mains) == {"button"}
    for target in re.findall(r'data-enter="([^"]+)"', page):
        assert f'id="{target}"' in page


def test_only_the_first_panel_is_in_the_first_parse() -> None:
    """The built page holds the first panel's section as markup and every other one inside its own
    ``<template data-page="NAME">`` (static/first-paint.js and the kit stamp it), in the registry's
    order; the bytes outside every template are a small part of the page."""
    page = built.page((ROOT / "index.html").read_text(encoding="utf-8"))
    outside = re.sub(r"<template\b.*?</template>", "", page, flags=re.DOTALL)
    first, *others = registry.NAMES
    assert re.findall(r'<section class="panel" id="([a-z]+)"', outside) == [first]
    templates = re.findall(r'<template data-page="([a-z]+)"><section class="panel" id="([a-z]+)"', page)
    assert templates == [(name, name) for name in others]
    assert len(outside) < len(page) / 4
