"""The journal panel: the evening's results of every panel (``kit.journal.JOURNAL``), filtered,
searched, hidden or revealed, exported, and imported from a file (merged by entry id). The kit
writes the entries; this panel shows them and changes them only at the GM's word.

>>> import random
>>> from kit.journal import Entry, Journal
>>> j = Journal().add(Entry("1", "2026-12-01T20:00:05", "roller", "3d20 → 8", "3d20 → 8", who="Кац"))
>>> shown = view(State(j))
>>> [dict(li.attrs)["data-panel"] for li in shown["journal-list"].children]
['roller']
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from kit import aside
from kit.form import ARG, FILE_NAME, FILE_TEXT, LANG, Form, InputError, read_choice, read_text
from kit.journal import JOURNAL, LIMIT, Entry, Filter, Journal
from kit.msg import Both, Cat, Renderable, render
from kit.panel import Copy, Download, Outcome, Panel
from kit.shared import Follow, Share
from kit.view import Node, Show, View, options
from panels import registry
from panels.journal import export, importing, stats, text
from panels.journal.posts import post_options

__all__ = ["State", "panel", "view"]

SEARCH_LIMIT = 100
PAGE = 100  # entries written into the list at first and per «Показать ещё» (the journal keeps up to LIMIT)


@dataclass(frozen=True)
class State:
    journal: Journal = field(default_factory=Journal)  # follows JOURNAL (the kit writes it)
    chosen: Filter = field(default_factory=Filter)
    showing: int = PAGE  # how many of the matching entries the list shows (newest first)
    note: Renderable = ""  # what the last import did
    aside: tuple[Any, ...] = ()  # damaged entries of the last imported file, offered for download
    stats: stats.Stats = field(default_factory=stats.Stats)  # the statistics sub-tool (stats.PART)


def _sync(state: State, journal: Journal) -> State:
    return replace(state, journal=journal)


def choose(state: State, form: Form) -> State:
    """The filters and the search (any of them changed)."""
    who = read_text(form, "journal-who", 200, text.WHO)
    panel = read_choice(form, "journal-panel", ("", *registry.NAMES), text.PANEL)
    search = read_text(form, "journal-search", SEARCH_LIMIT, text.SEARCH).strip()
    return replace(state, chosen=Filter(who, panel, search), showing=PAGE)


def more(state: State, form: Form) -> State:
    """«Показать ещё»: the next ``PAGE`` older entries too (a list of 1,000 written after every
    roll would cost the page more than the roll)."""
    return replace(state, showing=state.showing + PAGE)


def reveal(state: State, form: Form) -> Outcome[State]:
    """Reveal a hidden entry (its button's ``data-arg`` is the entry's id): it shows its own line,
    marked revealed, here and in every export (once: no second copy)."""
    revealed = state.journal.reveal(str(form.get(ARG, "")))
    if revealed is state.journal:
        return Outcome(state)
    return Outcome(replace(state, journal=revealed), say=text.REVEALED, effects=(Share(JOURNAL, revealed),))


def hide(state: State, form: Form) -> Outcome[State]:
    """Hide an entry after the fact (its button's ``data-arg`` is the entry's id): it shows only a
    public line, here, in its panel's short log and in no export, until it is revealed."""
    hidden = state.journal.hide(str(form.get(ARG, "")))
    if hidden is state.journal:
        return Outcome(state)
    return Outcome(replace(state, journal=hidden), say=text.HIDDEN_SAID, effects=(Share(JOURNAL, hidden),))


def import_file(state: State, form: Form) -> Outcome[State]:
    """A chosen file («Скачать все данные» or the journal's JSON): its entries join the journal by
    id (an entry the journal has stays as it is), each where its time puts it; damaged ones are
    set aside and offered for download. A file with no journal changes nothing."""
    name = str(form.get(FILE_NAME, ""))[:200]
    try:
        found = importing.read(form.get(FILE_TEXT))
    except ValueError as error:
        raise InputError(text.IMPORT_REFUSED(file=name, why=text.IMPORT_WHY[str(error)])) from error
    joined, new = state.journal.joined(found.good)
    line = text.IMPORTED(file=name, new=new, known=len(found.good) - new, aside=len(found.bad))
    done = replace(state, journal=joined, note=line, aside=found.bad)
    return Outcome(done, say=line, effects=(Share(JOURNAL, joined),) if new else ())


def download_aside(state: State, form: Form) -> Outcome[State]:
    """The damaged entries of the last imported file, as a file (``kit.aside``'s format)."""
    if not state.aside:
        raise InputError(text.NOTHING_ASIDE)
    lines = json.dumps(list(state.aside), ensure_ascii=False)
    file = aside.download_text({f"{JOURNAL.key} import": lines})
    return Outcome(state, effects=(Download(aside.FILE_NAME, file, "application/json"),))


def _words(lang: str) -> export.Words:
    columns = tuple(render(c, lang) for c in text.COLUMNS)
    panels = {e.name: render(e.tab, lang) for e in registry.PANELS}
    data = tuple(render(c, lang) for c in text.DATA_COLUMNS)
    return export.Words(render(text.TITLE, lang), columns, panels, data, render(text.YES, lang))


def _lang(form: Form) -> str:
    return "en" if form.get(LANG) == "en" else "ru"


def _export(kind: str, state: State, form: Form) -> Outcome[State]:
    """Download what the filters show (nothing hidden) in the page's language."""
    lang, entries = _lang(form), state.journal.select(state.chosen)
    posts = partial(post_options, entries, lang, form)  # the order and statistics the GM chose
    files = {
        "bbcode": (
            "journal.bbcode.txt",
            lambda: export.bbcode(entries, lang, _words(lang), **posts()),
            "text/plain",
        ),
        "markdown": (
            "journal.md",
            lambda: export.markdown(entries, lang, _words(lang), **posts()),
            "text/markdown",
        ),
        "csv": ("journal.csv", lambda: export.csv_text(entries, lang, _words(lang)), "text/csv"),
        "json": ("journal.json", lambda: export.json_text(entries), "application/json"),
    }
    name, make, mime = files[kind]
    return Outcome(state, effects=(Download(name, make(), mime),))


def copy_bbcode(state: State, form: Form) -> Outcome[State]:
    lang, entries = _lang(form), state.journal.select(state.chosen)
    post = export.bbcode(entries, lang, _words(lang), **post_options(entries, lang, form))
    return Outcome(state, effects=(Copy(post, "journal-status"),))


# --------------------------------------------------------------------------- view


def _item(entry: Entry) -> Node:
    title = registry.entry(entry.panel).tab if entry.panel in registry.NAMES else entry.panel
    clock = entry.time.partition("T")[2][:5]
    parts: list[Node] = [Node("span", clock, cls="journal-time"), Node("span", title, cls="journal-panel")]
    if entry.who:
        parts.append(Node("span", entry.who, cls="journal-who"))
    parts.append(Node("span", Both(entry.shown("ru"), entry.shown("en")), cls="journal-what"))
    if entry.why:
        parts.append(Node("span", Cat(("— ", entry.why)), cls="journal-why"))
    if entry.hidden and entry.revealed:
        parts.append(Node("span", text.REVEALED_MARK, cls="journal-revealed-mark"))
    if entry.secret:
        parts.append(Node("span", text.HIDDEN, cls="journal-hidden-mark"))
        parts.append(
            Node(
                "button",
                text.REVEAL,
                cls="journal-reveal",
                attrs=(("type", "button"), ("data-arg", entry.id)),
            )
        )
    else:
        label = text.HIDE_LABEL(time=clock, panel=title)
        parts.append(
            Node(
                "button",
                text.HIDE,
                cls="journal-hide",
                attrs=(("type", "button"), ("data-arg", entry.id), ("aria-label", label)),
            )
        )
    attrs: tuple[tuple[str, Renderable], ...] = (
        ("data-panel", entry.panel),
        ("data-id", entry.id),
        *((("data-hidden", "true"),) if entry.secret else ()),
    )
    return Node("li", cls="journal-entry", attrs=attrs, children=tuple(parts))


def view(state: State) -> View:
    matching = state.journal.select(state.chosen)
    shown = matching[: state.showing]
    total = len(state.journal.entries)
    count = text.COUNT(shown=len(matching), total=total)
    who = state.journal.who()
    notice: Renderable = (
        text.LIMIT(limit=LIMIT, dropped=state.journal.dropped) if state.journal.dropped else ""
    )
    return {
        "journal-list": Show(children=tuple(_item(e) for e in shown)),
        "journal-empty": Show(text=text.EMPTY if not total else text.NONE_MATCH, hidden=bool(shown)),
        "journal-count": Show(
            text=Cat((count, text.PAGED(showing=len(shown))), " ") if len(shown) < len(matching) else count
        ),
        "journal-more-part": Show(hidden=len(shown) >= len(matching)),
        "journal-limit": Show(text=notice, hidden=not state.journal.dropped),
        "journal-import-status": Show(text=state.note, hidden=not state.note),
        "journal-import-aside-part": Show(hidden=not state.aside),
        "journal-who": Show(
            children=options([("", text.ANY_WHO), *((name, name) for name in who)]), value=state.chosen.who
        ),
        **stats.PART.view(stats.view)(state),
    }


def dump(state: State) -> dict[str, Any]:
    return {}


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("the journal panel's state is an object")
    return State()


def panel(rng: random.Random) -> Panel[State]:
    actions = {
        "#journal-who": choose,
        "#journal-panel": choose,
        "#journal-search": choose,
        "#journal-more": more,
        ".journal-reveal": reveal,
        ".journal-hide": hide,
        "#journal-import": import_file,
        "#journal-import-aside": download_aside,
        "#journal-copy-bbcode": copy_bbcode,
        "#journal-stats-run": stats.PART.action(stats.count),
        **{
            f"#journal-export-{kind}": (lambda k: lambda s, f: _export(k, s, f))(kind)
            for kind in export.KINDS
        },
    }
    return Panel(
        name="journal",
        initial=State(),
        view=view,
        actions=actions,
        dump=dump,
        load=load,
        title=text.TITLE,
        follows=(Follow(JOURNAL, _sync),),
    )
