"""The small Markdown subset our rules documents use, as HTML (tools/build.py puts them in the page).

Blocks: ATX headings, paragraphs, ``-``/``*``/``+`` and ``1.`` lists (nested by indentation,
lazy continuation lines), pipe tables, fenced and indented code. Inline: code spans, links,
``**strong**`` and ``*emphasis*``. Every text is escaped; a link goes where ``link`` maps it
(or stays plain words). Not a general Markdown implementation: what the
documents do not use is rendered as plain paragraphs.

>>> to_html("# Title\\n\\nSome *text* with `a<b>` and [a page](rules/ite.md).", lambda u: "#doc-" + u[6:-3])
'<h1 id="title">Title</h1>\\n<p>Some <em>text</em> with <code>a&lt;b&gt;</code> and <a href="#doc-ite">a page</a>.</p>'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

__all__ = ["slug", "to_html"]

_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_CODE = re.compile(r"(`+)(.+?)\1")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])")

Linker = Callable[[str], str | None]


def slug(text: str) -> str:
    """A heading's anchor, the way GitHub makes it.

    >>> slug("Forum 3D20 → GaussD20 converter (seed 000)")
    'forum-3d20--gaussd20-converter-seed-000'
    """
    plain = re.sub(r"[^\w\- ]", "", text.lower())
    return plain.replace(" ", "-")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def inline(text: str, link: Linker) -> str:
    """One line of inline Markdown as escaped HTML."""
    codes: list[str] = []

    def keep_code(match: re.Match[str]) -> str:
        codes.append(f"<code>{escape(match.group(2).strip(), quote=False)}</code>")
        return f"\0{len(codes) - 1}\0"

    out = escape(_CODE.sub(keep_code, text), quote=False)

    def make_link(match: re.Match[str]) -> str:
        target = link(match.group(2).replace("&amp;", "&"))
        if target is None:
            return match.group(1)  # nowhere to go in the page: keep the words
        return f'<a href="{escape(target)}">{match.group(1)}</a>'

    out = _LINK.sub(make_link, out)
    out = _STRONG.sub(r"<strong>\1</strong>", out)
    out = _EM.sub(r"<em>\1</em>", out)
    return re.sub(r"\0(\d+)\0", lambda m: codes[int(m.group(1))], out)


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row)]


def _table(lines: list[str], link: Linker) -> str:
    head = "".join(  # an empty header cell is no header (a corner above row labels)
        f"<th scope='col'>{inline(c, link)}</th>" if c else "<td></td>" for c in _cells(lines[0])
    )
    rows = "".join(
        "<tr>" + "".join(f"<td>{inline(c, link)}</td>" for c in _cells(line)) + "</tr>\n"
        for line in lines[2:]
    )
    return f'<div class="table-wrap"><table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody></table></div>'


def _list(lines: list[str], start: int, link: Linker, ids: Callable[[str], str]) -> tuple[str, int]:
    """The list starting at ``lines[start]``; returns its HTML and the index after it."""
    first = _ITEM.match(lines[start])
    assert first is not None
    base = len(first.group(1))
    ordered = first.group(2)[0].isdigit()
    items: list[list[str]] = []
    index = start
    while index < len(lines):
        line = lines[index]
        match = _ITEM.match(line)
        if match and len(match.group(1)) <= base:
            if len(match.group(1)) < base and items:
                break
            offset = len(match.group(1)) + len(match.group(2)) + 1
            items.append([match.group(3)])
            index += 1
            while index < len(lines):
                line = lines[index]
                if not line.strip():
                    following = next((x for x in lines[index + 1 :] if x.strip()), "")
                    if following and _indent(following) > base:
                        items[-1].append("")
                        index += 1
                        continue
                    break
                nested = _ITEM.match(line)
                if _indent(line) > base:
                    items[-1].append(line[min(_indent(line), offset) :])
                elif nested is None and not _HEADING.match(line) and not line.lstrip().startswith("|"):
                    items[-1].append(line.strip())  # a lazy continuation line
                else:
                    break
                index += 1
            continue
        break
    tag = "ol" if ordered else "ul"
    number = int(first.group(2)[:-1]) if ordered else 1  # the marker: digits and "." or ")"
    attrs = f' start="{number}"' if ordered and number != 1 else ""
    body = []
    for item in items:
        inner = _blocks(item, link, ids)
        if inner.startswith("<p>") and inner.count("<p>") == 1:
            inner = inner[3:].replace("</p>", "", 1)
        body.append(f"<li>{inner}</li>")
    return f"<{tag}{attrs}>\n" + "\n".join(body) + f"\n</{tag}>", index


def _blocks(lines: list[str], link: Linker, ids: Callable[[str], str]) -> str:
    out: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append("<p>" + inline(" ".join(p.strip() for p in paragraph), link) + "</p>")
            paragraph.clear()

    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            flush()
            index += 1
        elif _FENCE.match(line):
            flush()
            end = next((i for i in range(index + 1, len(lines)) if _FENCE.match(lines[i])), len(lines))
            code = "\n".join(lines[index + 1 : end])
            out.append(f"<pre><code>{escape(code, quote=False)}</code></pre>")
            index = end + 1
        elif (heading := _HEADING.match(line)) is not None:
            flush()
            level, text = len(heading.group(1)), heading.group(2)
            out.append(f'<h{level} id="{escape(ids(slug(text)))}">{inline(text, link)}</h{level}>')
            index += 1
        elif line.lstrip().startswith("|") and index + 1 < len(lines) and _TABLE_RULE.match(lines[index + 1]):
            flush()
            end = index + 2
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                end += 1
            out.append(_table(lines[index:end], link))
            index = end
        elif _ITEM.match(line) and (not paragraph or _indent(line) == 0):
            flush()
            html, index = _list(lines, index, link, ids)
            out.append(html)
        elif _indent(line) >= 4 and not paragraph:
            end = index
            while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= 4):
                end += 1
            while end > index and not lines[end - 1].strip():
                end -= 1
            code = "\n".join(x[4:] for x in lines[index:end])
            out.append(f"<pre><code>{escape(code, quote=False)}</code></pre>")
            index = end
        else:
            paragraph.append(line)
            index += 1
    flush()
    return "\n".join(out)


def to_html(text: str, link: Linker = lambda _url: None, ids: Callable[[str], str] = lambda s: s) -> str:
    """``text`` as HTML; ``link(url)`` gives a link's address in the page (``None``: plain words),
    ``ids(slug)`` a heading's id."""
    return _blocks(text.replace("\r\n", "\n").split("\n"), link, ids)
