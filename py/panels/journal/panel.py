"""The journal panel: every result of every panel (``kit.journal.JOURNAL``) for a whole campaign,
filtered by character, panel and evening, searched, hidden or revealed, exported, and imported from
a file (merged by entry id). The kit writes the entries; this panel shows them and changes them
only at the GM's word.

The page holds the newest entries of a long journal only (``kit.journal_store``): the list shows
those at once, and asks the journal's store (``AskJournal``: the journal worker, off the main
thread) for what a filter keeps further back, a page at a time (``panels.journal.listing``).

>>> import random
>>> from kit.journal import Entry, Journal
>>> j = Journal().add(Entry("1", "2026-12-01T20:00:05", "roller", "3d20 → 8", "3d20 → 8", who="Кац"))
>>> shown = view(State(j))
>>> [dict(li.attrs)["data-panel"] for li in shown["journal-list"].children]
['roller']
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from kit.form import ARG, LANG, NOW, Form, read_choice, read_text
from kit.journal import JOURNAL, LIMIT, Entry, Filter, Journal, Note
from kit.msg import Both, Cat, Renderable, render
from kit.panel import Answer, AskJournal, Compute, Copy, Download, Outcome, Panel
from kit.shared import Follow, Share
from kit.view import Node, Show, View, options
from panels import registry
from panels.journal import export, stats, text
from panels.journal.importing import download_aside, import_file, undo_import
from panels.journal.listing import choices, day_of, filter_args, listing
from panels.journal.posts import post_choices, post_options
from panels.journal.state import FIRST, PAGE, State, ask, drawn_more, sync

__all__ = ["PAGE", "State", "panel", "view"]

SEARCH_LIMIT = 100


def start(state: State, form: Form, params: Any) -> Outcome[State]:
    """Opened: the count and the filters' choices over the whole journal come from the store."""
    return ask(_dated(state, form))


def _dated(state: State, form: Form) -> State:
    """The state with today's date from the time the kit gives an action (``kit.form.NOW``): the
    list shows the date of an entry of another day. Opening the panel, a filter and «Показать
    ещё» take it; past midnight, until one of them runs, a new entry shows its date too (true, if
    more than needed)."""
    today = str(form.get(NOW, ""))[:10]
    return replace(state, today=today) if today and today != state.today else state


def choose(state: State, form: Form) -> Outcome[State]:
    """The filters and the search (any of them changed)."""
    who = read_text(form, "journal-who", 200, text.WHO)
    panel = read_choice(form, "journal-panel", ("", *registry.NAMES), text.PANEL)
    search = read_text(form, "journal-search", SEARCH_LIMIT, text.SEARCH).strip()
    evening = read_text(form, "journal-evening", 80, text.EVENING)
    chosen = Filter(who, panel, search, evening)
    state = _dated(state, form)
    if chosen == state.chosen:
        return Outcome(state)
    return ask(replace(state, chosen=chosen, showing=PAGE, drawn=FIRST))


def more(state: State, form: Form) -> Outcome[State]:
    """«Показать ещё»: the next ``PAGE`` older entries too (asked of the store where the page
    does not hold them)."""
    shown = replace(_dated(state, form), showing=state.showing + PAGE)
    found = state.found
    if state.journal.complete or found is None or found.chosen != state.chosen:
        return Outcome(shown)
    if len(found.entries) >= min(found.count, shown.showing):
        return Outcome(shown)
    return ask(shown, more=True)


def new_evening(state: State, form: Form) -> Outcome[State]:
    """«Новый вечер»: a line that starts a new evening (``Note(new_evening=True)``); the entries
    after it belong to that evening, until the next one or a pause of over six hours."""
    return Outcome(
        state, log=text.NEW_EVENING_LINE, say=text.NEW_EVENING_SAID, effects=(Note(new_evening=True),)
    )


def _entry_shown(state: State, ident: str) -> tuple[Journal, Entry | None]:
    """The journal holding the entry ``ident`` the list shows (one the store gave, held from now on)."""
    journal = state.journal
    entry = next((e for e in journal.entries if e.id == ident), None)
    if entry is None and state.found is not None:
        entry = next((e for e in state.found.entries if e.id == ident), None)
        if entry is not None:
            journal = journal.holding((entry,))
    return journal, entry


def reveal(state: State, form: Form) -> Outcome[State]:
    """Reveal a hidden entry (its button's ``data-arg`` is the entry's id): it shows its own line,
    marked revealed, here and in every export (once: no second copy)."""
    ident = str(form.get(ARG, ""))
    journal, target = _entry_shown(state, ident)
    if target is None or not target.secret:
        return Outcome(state)
    revealed = journal.reveal(ident)
    return Outcome(replace(state, journal=revealed), say=text.REVEALED, effects=(Share(JOURNAL, revealed),))


def hide(state: State, form: Form) -> Outcome[State]:
    """Hide an entry after the fact (its button's ``data-arg`` is the entry's id): it shows only a
    public line, here, in its panel's short log and in no export, until it is revealed."""
    journal, _ = _entry_shown(state, str(form.get(ARG, "")))
    hidden = journal.hide(str(form.get(ARG, "")))
    if hidden is journal:
        return Outcome(state)
    return Outcome(replace(state, journal=hidden), say=text.HIDDEN_SAID, effects=(Share(JOURNAL, hidden),))


# --------------------------------------------------------------------------- exports


def _words(lang: str) -> export.Words:
    columns = tuple(render(c, lang) for c in text.COLUMNS)
    panels = {e.name: render(e.tab, lang) for e in registry.PANELS}
    data = tuple(render(c, lang) for c in text.DATA_COLUMNS)
    return export.Words(
        render(text.TITLE, lang), columns, panels, data, render(text.YES, lang), render(text.UNDATED, lang)
    )


def _lang(form: Form) -> str:
    return "en" if form.get(LANG) == "en" else "ru"


def _selected(state: State) -> tuple[Entry, ...]:
    """What the filters keep of the entries the page holds (the whole journal where ``complete``)."""
    return state.journal.select(state.chosen)


def _words_json(words: export.Words) -> dict[str, Any]:
    return {
        "title": words.title,
        "columns": list(words.columns),
        "panels": dict(words.panels),
        "data": list(words.data),
        "yes": words.yes,
        "undated": words.undated,
    }


def _made(state: State, answer: Answer[Any]) -> State:
    return state


def _export(kind: str, state: State, form: Form) -> Outcome[State]:
    """Download what the filters show (nothing hidden) in the page's language. Of a journal the
    page does not hold whole, the JSON is written by the store (static/journal-db.js) and the
    others by the compute worker from the entries it reads there (``panels.journal.jobs``)."""
    lang = _lang(form)
    posts = partial(post_options, lang, form)  # the order and statistics the GM chose
    if kind == "json" and not state.journal.complete:
        args = {"filter": filter_args(state.chosen), "filename": "journal.json"}
        return Outcome(state, effects=(AskJournal("export", args, lambda s, _answer: s),))
    names = {
        "bbcode": ("journal.bbcode.txt", "text/plain"),
        "markdown": ("journal.md", "text/markdown"),
        "csv": ("journal.csv", "text/csv"),
    }
    if not state.journal.complete:
        args = {"kind": kind, "lang": lang, "words": _words_json(_words(lang)), **post_choices(form)}
        made = Compute(
            "journal.export",
            args,
            _made,
            text.EXPORTING,
            journal=filter_args(state.chosen),
            download=names[kind],
        )
        return Outcome(state, effects=(made,))
    entries = _selected(state)
    files = {
        "bbcode": (
            "journal.bbcode.txt",
            lambda: export.bbcode(entries, lang, _words(lang), **posts(entries)),
            "text/plain",
        ),
        "markdown": (
            "journal.md",
            lambda: export.markdown(entries, lang, _words(lang), **posts(entries)),
            "text/markdown",
        ),
        "csv": ("journal.csv", lambda: export.csv_text(entries, lang, _words(lang)), "text/csv"),
        "json": ("journal.json", lambda: export.json_text(entries), "application/json"),
    }
    name, make, mime = files[kind]
    return Outcome(state, effects=(Download(name, make(), mime),))


def copy_bbcode(state: State, form: Form) -> Outcome[State]:
    lang = _lang(form)
    if not state.journal.complete:
        args = {"kind": "bbcode", "lang": lang, "words": _words_json(_words(lang)), **post_choices(form)}
        made = Compute("journal.export", args, _copied, text.EXPORTING, journal=filter_args(state.chosen))
        return Outcome(state, effects=(made,))
    entries = _selected(state)
    post = export.bbcode(entries, lang, _words(lang), **post_options(lang, form, entries))
    return Outcome(state, effects=(Copy(post, "journal-status"),))


def _copied(state: State, answer: Answer[Any]) -> Outcome[State]:
    if not answer.ok or not isinstance(answer.result, str):
        return Outcome(state)
    return Outcome(state, effects=(Copy(answer.result, "journal-status"),))


# --------------------------------------------------------------------------- view


_ITEMS: dict[int, tuple[Entry, str, Node]] = {}  # id(entry) → the entry, today and its list item


def _item(entry: Entry, today: str) -> Node:
    """The entry's list item, made once per entry (and day): the list is written again after
    every action (a roll in any panel), and equal items are then the same objects, compared at
    once, and written only where they are new (``kit.view.kept``)."""
    known = _ITEMS.get(id(entry))
    if known is not None and known[0] is entry and known[1] == today:
        return known[2]
    if len(_ITEMS) > 8 * PAGE:
        _ITEMS.clear()
    node = _make_item(entry, today)
    _ITEMS[id(entry)] = (entry, today, node)
    return node


def stamp(time: str, today: str) -> str:
    """When an entry was made, as the list shows it: the clock for one of ``today`` (an ISO date),
    the date too for one of another day (an imported campaign's, or last week's).

    >>> stamp("2026-12-04T20:15:07", "2026-12-04"), stamp("2025-01-07T18:00:00", "2026-12-04")
    ('20:15', '07.01.2025 18:00')
    >>> stamp("", "2026-12-04")
    ''
    """
    date, _, clock = time.partition("T")
    if not date or date == today:
        return clock[:5]
    return f"{day_of(date)} {clock[:5]}".strip()


def _make_item(entry: Entry, today: str) -> Node:
    title = registry.entry(entry.panel).tab if entry.panel in registry.NAMES else entry.panel
    clock = stamp(entry.time, today)
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
        *((("data-evening", entry.evening.id),) if entry.evening is not None else ()),
        *((("data-hidden", "true"),) if entry.secret else ()),
    )
    return Node("li", cls="journal-entry", attrs=attrs, children=tuple(parts))


def _evening_label(date: str, first: str, count: int) -> Renderable:
    """«01.12.2026, 20:00 (37)»; an evening of lines an old log kept without a time: «без даты»."""
    if not date:
        return Cat((text.UNDATED, f" ({count})"))
    clock = first.partition("T")[2][:5]
    return f"{day_of(date)}{', ' + clock if clock else ''} ({count})"


def _limit_notice(journal: Journal) -> Renderable:
    if journal.cap:
        return text.LIMIT_LOCAL(limit=journal.cap, dropped=journal.dropped)
    return text.LIMIT(limit=LIMIT, dropped=journal.dropped) if journal.dropped else ""


def view(state: State) -> View:
    shown = listing(state.journal, state.chosen, state.showing, state.found)
    total = state.journal.size
    count: Renderable = (
        text.COUNT(shown=shown.count, total=total) if shown.count is not None else text.COUNTING(total=total)
    )
    if shown.count is not None and len(shown.entries) < shown.count:
        count = Cat((count, text.PAGED(showing=len(shown.entries))), " ")
    evenings, who = choices(state.journal, state.found)
    evening_options = [
        ("", text.ANY_EVENING),
        *((e.id, _evening_label(e.date, first, n)) for e, first, n in evenings),
    ]
    if state.chosen.evening and state.chosen.evening not in {e.id for e, _, _ in evenings}:
        evening_options.append((state.chosen.evening, state.chosen.evening))
    notice = _limit_notice(state.journal)
    progress = state.importing
    return {
        "journal-list": Show(children=tuple(_item(e, state.today) for e in shown.entries[: state.drawn])),
        "journal-empty": Show(
            text=text.EMPTY if not total else text.NONE_MATCH,
            hidden=bool(shown.entries) or shown.count is None or not state.held,
        ),
        "journal-count": Show(text=count if state.held else ""),
        "journal-more-part": Show(hidden=not shown.more or not shown.entries),
        "journal-limit": Show(text=notice, hidden=not notice),
        "journal-import-status": Show(text=state.note, hidden=not state.note),
        "journal-import-progress": Show(
            hidden=progress is None,
            attrs=(
                ("max", str(max(1, progress.total if progress else 1))),
                ("value", str(progress.done if progress else 0)),
            ),
        ),
        "journal-import-aside-part": Show(hidden=not (state.aside or state.aside_batch)),
        "journal-import-undo-part": Show(hidden=not (state.undo_batch or state.undo_ids)),
        "journal-who": Show(
            children=options([("", text.ANY_WHO), *((name, name) for name in who)]), value=state.chosen.who
        ),
        "journal-evening": Show(children=options(evening_options), value=state.chosen.evening),
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
        "#journal-evening": choose,
        "#journal-search": choose,
        "#journal-more": more,
        "#journal-new-evening": new_evening,
        ".journal-reveal": reveal,
        ".journal-hide": hide,
        "#journal-import": import_file,
        "#journal-import-undo": undo_import,
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
        initial=State(held=False),  # the first paint says nothing of a journal it cannot see
        view=view,
        actions=actions,
        dump=dump,
        load=load,
        title=text.TITLE,
        follows=(Follow(JOURNAL, sync),),
        start=start,
        later=drawn_more,
    )
