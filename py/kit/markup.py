"""Static markup: a panel's section (and the page's shell) declared as ``kit.view`` trees.

Each panel package declares its ``<section>`` in ``section.py`` with ``h``, next to its messages;
the build (tools/page.py) writes it into index.html with ``to_markup``: Russian, every message
text marked with its id (``data-i18n``), so the page's language switch and the English first paint
(static/first-paint.js) re-render it. Elements a view writes stay empty here: the first paint
fills them.

>>> from kit.msg import Msg
>>> roll = Msg("doc.roll", "Бросить", "Roll")
>>> to_markup(h("p", h("button", roll, id="go", type="button", disabled=True), " → ", h("span", id="out")))
'<p><button id="go" type="button" disabled="" data-i18n="doc.roll">Бросить</button> → <span id="out"></span></p>'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from kit.msg import Cat, Renderable
from kit.view import Node, to_html

__all__ = ["button", "checkbox", "h", "main_button", "number", "select", "to_markup"]

Content = Renderable | Node | None


def _attribute(name: str) -> str:
    """A keyword's attribute name: ``aria_label`` → ``aria-label``, ``for_`` → ``for``."""
    return name.rstrip("_").replace("_", "-")


def h(tag: str, /, *content: Content, cls: str | None = None, **attrs: Renderable | bool | None) -> Node:
    """An element: a text first (optional), then children; a text after a child is that child's tail.

    Attributes by keyword (``data_main_action=True`` → ``data-main-action=""``; ``False`` and
    ``None`` leave it out), in the order given.

    >>> h("label", "a", h("b", "b"), "c", for_="x").attrs, h("label", "a", h("b", "b"), "c").children
    ((('for', 'x'),), (Node(tag='b', text='b', cls=None, attrs=(), children=(), tail='c'),))
    >>> h("p", h("b"), None, "x", " y").children[0].tail
    Cat(parts=('x', ' y'), sep='')
    """
    text: Renderable | None = None
    children: list[Node] = []
    for part in content:
        if part is None:
            continue
        if isinstance(part, Node):
            children.append(part)
        elif children:
            last = children[-1]
            tail = part if last.tail is None else Cat((last.tail, part))
            children[-1] = replace(last, tail=tail)
        elif text is None:
            text = part
        else:
            text = Cat((text, part))
    pairs = tuple(
        (_attribute(name), "" if value is True else value)
        for name, value in attrs.items()
        if value is not None and value is not False
    )
    return Node(tag, text, cls, pairs, tuple(children))  # type: ignore[arg-type]


def to_markup(nodes: Node | Iterable[Node], /) -> str:
    """The static markup of ``nodes``: Russian, every message marked with its id (see above)."""
    if isinstance(nodes, Node):
        nodes = (nodes,)
    return "".join(to_html(node, "ru", marked=True) for node in nodes)


# Controls that wait for Python: disabled in the markup, enabled when their panel mounts
# (``data-needs-python``, kit/runtime_page.py).


def button(
    element_id: str, text: Renderable | None, /, *, cls: str | None = None, **attrs: Renderable | bool | None
) -> Node:
    """A button of a panel."""
    return h(
        "button", text, id=element_id, type="button", data_needs_python=True, disabled=True, cls=cls, **attrs
    )


def main_button(
    element_id: str, text: Renderable | None, /, *, cls: str | None = None, **attrs: Renderable | bool | None
) -> Node:
    """A panel's (or sub-tool's) main action: the primary button, in the first screen on a phone."""
    return button(
        element_id, text, cls=f"primary {cls}" if cls else "primary", data_main_action=True, **attrs
    )


def number(
    element_id: str, low: int | str | None, high: int | str | None, value: int | str | None, /,
    *, numeric: bool = True, cls: str | None = None, **attrs: Renderable | bool | None,
) -> Node:  # fmt: skip
    """A whole-number input from ``low`` to ``high`` (``None``: no bound); ``numeric`` asks a
    phone for the digits keyboard, but only where no minus is needed (``low`` >= 0): that keypad
    has no minus key on iOS, so a field that takes a negative number keeps the browser's number
    keyboard (digits and punctuation, minus included); junk is refused by the kit either way.

    >>> dict(number("a", -5, 5, 0).attrs).get("inputmode"), dict(number("b", 0, 9, 0).attrs)["inputmode"]
    (None, 'numeric')
    """
    negative = low is None or int(low) < 0
    return h(
        "input", id=element_id, type="number", inputmode="numeric" if numeric and not negative else None,
        min=None if low is None else str(low), max=None if high is None else str(high), step="1",
        value=None if value is None else str(value), data_needs_python=True, disabled=True, cls=cls, **attrs,
    )  # fmt: skip


def checkbox(element_id: str, /, *, cls: str | None = None, **attrs: Renderable | bool | None) -> Node:
    return h("input", id=element_id, type="checkbox", data_needs_python=True, disabled=True, cls=cls, **attrs)


def select(
    element_id: str, /, *options: Node, cls: str | None = None, **attrs: Renderable | bool | None
) -> Node:
    return h("select", *options, id=element_id, data_needs_python=True, disabled=True, cls=cls, **attrs)
