"""What a panel's ``view(state)`` returns: for each element id, what that element shows.

A view is a plain mapping ``{element_id: Show(...)}``. ``Show`` sets an element's text, its
children (a small tree of ``Node``: table rows, list items, chart bars, options), its value,
``hidden``/``disabled`` and attributes; anything left ``None`` is left as it is. Texts are
renderables (``kit.msg``), so one view serves both languages. Only the kit's runtime (``kit.runtime``) turns a view
into DOM; ``to_html`` turns the same tree into markup (the build pre-renders first paint with it),
and ``texts`` lists every text a view shows (tests look for stray Russian in English with it).

>>> view = {"out": Show(children=table_rows([("1", pct(Fraction(1, 4)))]))}
>>> to_html(view["out"].children[0], "en")
'<tr><th scope="row">1</th><td class="num">25.00%</td></tr>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from kit.msg import Cat, Msg, Num, Renderable, pct, render

__all__ = [
    "MARKED_ATTRIBUTES",
    "Node",
    "Show",
    "View",
    "bar_chart",
    "changes",
    "items",
    "kept",
    "options",
    "table_rows",
    "texts",
    "to_html",
]


@dataclass(frozen=True)
class Node:
    """An element to create: tag, optional text, class, attributes and children; ``tail`` is text
    after the element (static markup mixes text and elements: ``<p><a>…</a>. More text</p>``)."""

    tag: str
    text: Renderable | None = None
    cls: str | None = None
    attrs: tuple[tuple[str, Renderable], ...] = ()
    children: tuple[Node, ...] = ()
    tail: Renderable | None = None


@dataclass(frozen=True)
class Show:
    """What one existing element shows; ``None`` leaves that aspect as it is.

    ``attrs`` pairs set an attribute, or remove it when the value is ``None``.
    """

    text: Renderable | None = None
    children: tuple[Node, ...] | None = None
    value: str | None = None
    checked: bool | None = None
    hidden: bool | None = None
    disabled: bool | None = None
    attrs: tuple[tuple[str, Renderable | None], ...] = ()


View = Mapping[str, Show]


def _is_percent(cell: Renderable) -> bool:
    return isinstance(cell, Num) and cell.kind in ("percent", "short_percent")


def table_rows(
    rows: Iterable[Sequence[Renderable]], /, *, header: str = "row", cls: str | None = None
) -> tuple[Node, ...]:
    """Table rows of text cells: the first cell is a row header (``header="row"``), every cell is a
    column header (``"col"``), or none is (``""``). Percentages get class ``num`` (right-aligned)."""
    out = []
    for cells in rows:
        nodes = []
        for index, cell in enumerate(cells):
            if header == "col" or (header == "row" and index == 0):
                nodes.append(Node("th", cell, attrs=(("scope", header),)))
            else:
                nodes.append(Node("td", cell, cls="num" if _is_percent(cell) else None))
        out.append(Node("tr", cls=cls, children=tuple(nodes)))
    return tuple(out)


def items(lines: Iterable[Renderable], /, *, tag: str = "li") -> tuple[Node, ...]:
    return tuple(Node(tag, line) for line in lines)


def options(choices: Iterable[tuple[str, Renderable]], /) -> tuple[Node, ...]:
    """``<option value=…>`` children for a ``<select>``."""
    return tuple(Node("option", label, attrs=(("value", value),)) for value, label in choices)


def bar_chart(
    bars: Sequence[tuple[Renderable, Fraction]], /, *, highlight: str | None = None, label_every: int = 1
) -> tuple[Node, ...]:
    """One bar per (label, probability); the ``highlight`` label is marked.

    ``label_every=N`` thins the axis for many bars: only every N-th bar (and the highlighted one)
    shows its label under it; every bar keeps it in its ``title``. Charts are decorative for screen
    readers (give the container ``aria-hidden``): every panel shows the same numbers in a table.
    """
    tallest = max((p for _, p in bars), default=Fraction(0)) or Fraction(1)
    step = max(1, label_every)
    hit = next((i for i, (label, _) in enumerate(bars) if label == highlight), None)
    out = []
    for index, (label, probability) in enumerate(bars):
        shown = index == hit or (index % step == 0 and (hit is None or abs(index - hit) >= step))
        height = f"height: {float(Fraction(probability) / tallest) * 100:.2f}%"
        out.append(
            Node(
                "div",
                cls="bar" + (" bar-hit" if label == highlight else ""),
                attrs=(("title", Cat((label, pct(probability)), ": ")),),
                children=(
                    Node("div", cls="bar-fill", attrs=(("style", height),)),
                    Node("div", label if shown else "", cls="bar-label"),
                ),
            )
        )
    return tuple(out)


def changes(before: Show | None, after: Show, /) -> Show | None:
    """What of ``after`` differs from ``before`` (what the element already shows); ``None`` if
    nothing does. The kit writes only that, so an unchanged odds table is not rebuilt on a roll.

    >>> changes(Show(text="a", hidden=False), Show(text="a", hidden=True))
    Show(text=None, children=None, value=None, checked=None, hidden=True, disabled=None, attrs=())
    >>> changes(Show(text="a"), Show(text="a")) is None
    True
    """
    if before is None:
        return after
    if before == after:
        return None

    def differs(name: str) -> Any:
        new = getattr(after, name)
        return None if new == getattr(before, name) else new

    attrs = tuple(pair for pair in after.attrs if pair not in before.attrs)
    return Show(
        text=differs("text"),
        children=differs("children"),
        value=after.value,  # the user may have typed since: always put a value the view gives
        checked=after.checked,
        hidden=differs("hidden"),
        disabled=differs("disabled"),
        attrs=attrs,
    )


Splice = tuple[int, int, tuple[Node, ...]]  # at this index remove so many children, put these there


def _same(a: Node, b: Node) -> bool:
    return a is b or a == b


def kept(before: Sequence[Node], after: Sequence[Node], /) -> list[Splice] | None:
    """How to turn children ``before`` into ``after`` keeping those that stay: splices ``(start,
    remove, added)``, each at an index of the children as the ones before it left them; ``None``
    where none stays (write them all) or a child has a ``tail`` (text that is no child element).
    Kept: the children both start with, then one run found in both (by identity: a view that keeps
    its nodes, such as a list of entries) after children added or removed before it.

    >>> a, b, c, d, e = (Node("li", x) for x in "abcde")
    >>> def plan(before, after):
    ...     return [(at, gone, "".join(str(x.text) for x in put)) for at, gone, put in kept(before, after)]
    >>> plan((a, b, c), (e, a, b))  # a new one on top, the oldest gone
    [(0, 0, 'e'), (3, 1, '')]
    >>> plan((a, b), (a, b, c)), plan((a, b, c, d), (a, c, d)), plan((a, b), (a, b))  # a next page, one hidden
    ([(2, 0, 'c')], [(1, 1, '')], [])
    >>> kept((a, b), (c, d)) is None  # nothing stays: written whole
    True
    """
    if any(n.tail is not None for n in before) or any(n.tail is not None for n in after):
        return None
    n, m = len(before), len(after)
    p = 0
    while p < n and p < m and _same(before[p], after[p]):
        p += 1
    plan: list[Splice] = []
    inserted = removed = None
    if p < n and p < m:
        at_after = {id(node): i for i, node in reversed(list(enumerate(after[p:], p)))}
        at_before = {id(node): i for i, node in reversed(list(enumerate(before[p:], p)))}
        j, i = at_after.get(id(before[p])), at_before.get(id(after[p]))
        inserted = None if j is None else j - p
        removed = None if i is None else i - p
        if inserted is not None and removed is not None:
            inserted, removed = (inserted, None) if inserted <= removed else (None, removed)
    if inserted is not None:
        plan.append((p, 0, tuple(after[p : p + inserted])))
        source, target = p, p + inserted  # before[source] sits at target now, as after[target]
    elif removed is not None:
        plan.append((p, removed, ()))
        source, target = p + removed, p
    else:
        if p == 0 and (n or m):
            return None
        source = target = p
    run = 0
    while source + run < n and target + run < m and _same(before[source + run], after[target + run]):
        run += 1
    if not p and not run:
        return None
    left, rest = n - source - run, tuple(after[target + run :])
    if left or rest:
        plan.append((target + run, left, rest))
    return plan


_NAME = re.compile(r"[a-z][a-z0-9-]*")
# Elements and attributes that load or run something: a view never makes them, so user text in a
# value can never become a script or a frame's document; a URL stays within the page's own files.
_ACTIVE_TAGS = frozenset(
    {"script", "iframe", "frame", "object", "embed", "style", "base", "meta", "link", "form"}
    | {"foreignobject", "animate", "set"}
)
_ACTIVE_ATTRS = frozenset({"srcdoc", "action", "formaction", "srcset", "data", "ping"})
_URL_ATTRS = frozenset({"href", "src", "xlink:href"})


def _local_url(value: str) -> bool:
    """A fragment or a path below the page (``#roller``, ``./docs/rules.md``): no scheme, no host."""
    return value.startswith("#") or (value.startswith("./") and ":" not in value.split("#")[0])


_VOID = frozenset({"br", "col", "hr", "img", "input", "meta", "source", "wbr"})
# Attributes the page's language switch re-renders from ``data-i18n-NAME`` (kit.browser).
MARKED_ATTRIBUTES = ("title", "aria-label", "placeholder")


def to_html(node: Node, lang: str, /, *, marked: bool = False) -> str:
    """The node as escaped markup in ``lang``: every text and attribute value escaped; tag and
    attribute names are checked (no event handlers), so a view can never inject markup.

    ``marked`` (the static markup the build writes): a text or title that is a ``Msg`` also
    carries its id (``data-i18n``, ``data-i18n-title`` …), so a language switch re-renders it.

    >>> to_html(Node("td", "<b>", attrs=(("title", '"x"'),)), "ru")
    '<td title="&quot;x&quot;">&lt;b&gt;</td>'
    >>> to_html(Node("td", attrs=(("onclick", "x"),)), "ru")
    Traceback (most recent call last):
    ...
    ValueError: not an allowed attribute: 'onclick'
    >>> to_html(Node("iframe", attrs=(("srcdoc", "<script>"),)), "ru")
    Traceback (most recent call last):
    ...
    ValueError: not an allowed tag: 'iframe'
    >>> to_html(Node("a", "x", attrs=(("href", "javascript:alert(1)"),)), "ru")
    Traceback (most recent call last):
    ...
    ValueError: not a link within the page: href='javascript:alert(1)'
    >>> from kit.msg import Msg
    >>> yes = Msg("doc.yes", "да", "yes")
    >>> to_html(Node("b", yes, attrs=(("title", yes),), tail=" !"), "ru", marked=True)
    '<b title="да" data-i18n="doc.yes" data-i18n-title="doc.yes">да</b> !'
    >>> to_html(Node("input", attrs=(("id", "x"),)), "ru")
    '<input id="x">'
    """
    if not _NAME.fullmatch(node.tag) or node.tag in _ACTIVE_TAGS:
        raise ValueError(f"not an allowed tag: {node.tag!r}")
    for name, value in node.attrs:
        if not _NAME.fullmatch(name) or name.startswith("on") or name in _ACTIVE_ATTRS:
            raise ValueError(f"not an allowed attribute: {name!r}")
        if name in _URL_ATTRS and not _local_url(render(value, lang)):
            raise ValueError(f"not a link within the page: {name}={render(value, lang)!r}")
    attrs = "".join(f' {name}="{escape(render(value, lang))}"' for name, value in node.attrs)
    if node.cls:
        attrs = f' class="{escape(node.cls)}"' + attrs
    if marked:
        if isinstance(node.text, Msg):
            attrs += f' data-i18n="{escape(node.text.id)}"'
        for name, value in node.attrs:
            if name in MARKED_ATTRIBUTES and isinstance(value, Msg):
                attrs += f' data-i18n-{name}="{escape(value.id)}"'
    tail = escape(render(node.tail, lang), quote=False)
    if node.tag in _VOID:
        if node.text is not None or node.children:
            raise ValueError(f"<{node.tag}> holds no content")
        return f"<{node.tag}{attrs}>{tail}"
    inner = escape(render(node.text, lang), quote=False)
    inner += "".join(to_html(child, lang, marked=marked) for child in node.children)
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>{tail}"


def _node_texts(node: Node, lang: str) -> Iterable[str]:
    if node.text is not None:
        yield render(node.text, lang)
    for name, value in node.attrs:
        if name in MARKED_ATTRIBUTES:
            yield render(value, lang)
    for child in node.children:
        yield from _node_texts(child, lang)
    if node.tail is not None:
        yield render(node.tail, lang)


def texts(view: View, lang: str, /) -> list[str]:
    """Every text ``view`` shows in ``lang`` (element texts, children, titles and labels)."""
    out: list[str] = []
    for show in view.values():
        if show.text is not None:
            out.append(render(show.text, lang))
        for name, value in show.attrs:
            if value is not None and name in ("title", "aria-label", "placeholder"):
                out.append(render(value, lang))
        for child in show.children or ():
            out.extend(_node_texts(child, lang))
    return out
