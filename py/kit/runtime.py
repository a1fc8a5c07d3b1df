"""The kit's runtime: what is mounted, in which language, and how views and messages reach the page.

One ``Runtime`` object holds everything the page keeps while it runs (the mounted panels, the
language, the records this tab knows, the shared values, what could not be saved) and the three
interfaces it works through (``kit.dom``: the page, the records, the compute worker). It is pure
Python: ``kit.browser`` makes the page's one runtime over the browser, the unit tests make theirs
over a fake page. The rest of the runtime are functions of it: ``kit.runtime_effects`` (actions
and their effects), ``kit.runtime_mount`` (mounting, events), ``kit.runtime_page`` (the save
banner and the page's data) and ``kit.runtime_follow`` (other tabs).

After anything on screen changed, the page's ``Broadcast`` (the players' screen) is made again
once the turn is over and sent when it differs from what was sent last (``changed``, ``tell``).

A language switch re-renders every mounted panel, its log, the kit's messages on screen and the
static text (``data-i18n="id"``). A panel's short log is a view of the journal of the evening
(``kit.journal``): whenever the journal changes, every mounted log is written again where it
changed. The journal is kept entry by entry (``kit.journal_store``): the runtime holds its newest
entries and writes what each change added, changed or removed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kit import aside, bounded_json, common, fmt
from kit.dom import Dom, Element, Records, Worker
from kit.journal import JOURNAL, Entry, Journal, LogMark, of_panel
from kit.journal_store import Head
from kit.msg import LANGUAGES, Renderable, catalogue, render
from kit.panel import MAX_FIELD_CHARS, Download, LogEntry, Panel, encode
from kit.prerender import painted
from kit.shared import Shared, decode_shared, encode_shared
from kit.view import Node, Show, changes, kept, to_html

__all__ = ["LANG_KEY", "Broadcast", "Held", "Mounted", "Offer", "Runtime", "language_of"]

LANG_KEY = "gm.lang"
MADE_NODES = 4096  # markup kept for this many view nodes (``Runtime.markup``), then made again
STATIC_ATTRIBUTES = ("title", "aria-label", "placeholder")


@dataclass(frozen=True)
class Offer:
    """A button beside a kit message (``label``, element id ``element_id``) that runs ``run``: the
    «Отменить» of a cleared log."""

    label: Renderable
    element_id: str
    run: Callable[[], None]


@dataclass(frozen=True)
class Broadcast:
    """What the page sends beyond itself (the players' screen, ``panels.audience``): ``message``
    made from the states of the panels ``needs`` names and the journal, as text. It is made once
    they are all mounted, after every change, and sent (``Dom.broadcast``) when it differs from the
    last text sent."""

    needs: tuple[str, ...]
    message: Callable[[Mapping[str, Any], Journal], str]


@dataclass
class Mounted:
    """A mounted panel: its current state, where its short log was cleared (``cleared``; the lines
    are the journal's), and the kit's texts on screen (error boxes, notices, copy statuses) kept
    as renderables so that a switch re-words them."""

    panel: Panel[Any]
    section: Element
    state: Any
    cleared: LogMark | None = None
    shown: dict[str, tuple[Element, Renderable, str | Download | Offer]] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)  # copy statuses on screen, until the next action
    written: dict[str, Show] = field(default_factory=dict)  # what each element shows (in ``lang``)
    painted: bool = False  # until the first render: the section shows the build's first paint (in ``lang``)
    written_log: tuple[str, tuple[LogEntry, ...]] | None = None
    computing: int = 0  # the panel's request in flight (0: none)
    computing_for_journal: bool = False  # … whose answer gives journal entries their rolls
    asking: dict[str, int] = field(default_factory=dict)  # the journal store's request in flight, by kind
    log_view: tuple[Journal, LogMark | None, tuple[Entry, ...]] | None = None  # the last one worked out
    later_due: bool = False  # the panel's ``later`` is asked for in a task of its own (``Runtime.render``)


@dataclass
class Held:
    """A shared value as this tab has it, and what its record's load found damaged (said once, by
    its home panel)."""

    shared: Shared[Any]
    value: Any
    dropped: bool = False
    set_aside: int = 0


def language_of(raw: object, /) -> str:
    """The language a saved setting names (JSON text such as ``"en"``; untrusted, like any saved
    data: bounded before it is parsed), else Russian.

    >>> language_of('"en"'), language_of("[" * 100_000), language_of(None)
    ('en', 'ru', 'ru')
    """
    try:
        lang = bounded_json.loads(raw, 100) if isinstance(raw, str) else "ru"
    except ValueError:
        lang = "ru"
    return lang if isinstance(lang, str) and lang in LANGUAGES else "ru"


@dataclass
class Runtime:
    """Everything the page keeps while it runs; see the module docstring."""

    dom: Dom
    records: Records
    worker: Worker
    memory_mb: int = 768  # the compute worker's memory budget (its failure message names it)
    lang: str = "ru"
    boxes: int = 0  # error boxes given an id by the kit
    requests: int = 0  # compute requests made (each gets the next number)
    listeners: list[Callable[[str], None]] = field(default_factory=list)
    mounted: dict[str, Mounted] = field(default_factory=dict)
    page_shown: dict[str, Renderable] = field(default_factory=dict)  # page-level kit texts by id
    unsaved: dict[str, str] = field(default_factory=dict)  # record key → why its last save failed
    known: dict[str, str | None] = field(default_factory=dict)  # key → its text as this tab knows it
    shared: dict[str, Held] = field(default_factory=dict)  # shared values read so far, by name
    typing: dict[str, int] = field(default_factory=dict)  # panel name → the timer of its typing save
    broadcast: Broadcast | None = None
    told: str | None = None  # the broadcast's last text sent
    telling: bool = False  # a broadcast is due at the end of this turn
    made: dict[int, tuple[Node, str, str]] = field(default_factory=dict)  # id(node) → node, lang, markup

    # ----------------------------------------------------------------------- elements

    def by_id(self, element_id: str) -> Element:
        element = self.dom.find(element_id)
        if element is None:
            raise LookupError(f"no element #{element_id}")
        return element

    def error_of(self, mounted: Mounted) -> Element:
        """The panel's first error box (where a message with no box nearer goes)."""
        box = self.dom.query(mounted.section, ".error")
        if box is None:
            raise LookupError(f"no .error in #{mounted.panel.name}")
        return box

    # ----------------------------------------------------------------------- language

    def saved_language(self) -> str:
        return language_of(self.dom.setting(LANG_KEY))

    def apply_static(self) -> None:
        """Static text marked ``data-i18n="id"`` (and ``data-i18n-title`` etc.) in the page's language."""
        dom, lang, messages = self.dom, self.lang, catalogue()
        for element in dom.query_all(None, "[data-i18n]"):
            msg = messages.get(dom.attribute(element, "data-i18n") or "")
            if msg is not None:
                dom.set_text(element, msg.text(lang))
        for attribute in STATIC_ATTRIBUTES:
            for element in dom.query_all(None, f"[data-i18n-{attribute}]"):
                msg = messages.get(dom.attribute(element, f"data-i18n-{attribute}") or "")
                if msg is not None:
                    dom.set_attribute(element, attribute, msg.text(lang))
        dom.set_attribute(dom.root(), "lang", lang)

    def set_language(self, lang: str, /, *, save: bool = True, first_paint: bool = False) -> None:
        """Show the page in ``lang``. ``first_paint``: at start, where static/first-paint.js (or the
        build's Russian markup) has already written the static text in the language ``<html lang>``
        names, so that pass (a browser call per element of every panel) is skipped if it is ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        self.lang = lang
        fmt.use_language(lang)
        if save:
            self.dom.store_setting(LANG_KEY, json.dumps(lang))
        if not first_paint or self.dom.attribute(self.dom.root(), "lang") != lang:
            self.apply_static()
        for element_id, text in self.page_shown.items():
            self.dom.set_text(self.by_id(element_id), render(text, lang))
        for mounted in self.mounted.values():
            mounted.written.clear()  # every text is in the other language now
            self.render(mounted)
            for element, text, details in mounted.shown.values():
                self.fill(element, text, details)
        for callback in self.listeners:
            callback(lang)

    def page_say(self, element_id: str, text: Renderable) -> None:
        """A page-level kit text (footer, banner), re-worded on a language switch."""
        self.page_shown[element_id] = text
        self.dom.set_text(self.by_id(element_id), render(text, self.lang))

    # ----------------------------------------------------------------------- views

    def write(self, element: Element, show: Show, shown: tuple[Node, ...] | None = None) -> None:
        """Make ``element`` show ``show``; ``shown``: the children it shows now (as last written)."""
        dom, lang = self.dom, self.lang
        if show.text is not None:
            dom.set_text(element, render(show.text, lang))
        if show.children is not None:
            self.write_children(element, shown, show.children)
        if show.value is not None and dom.value(element) != show.value:
            dom.set_value(element, show.value)
        if show.checked is not None:
            dom.set_checked(element, show.checked)
        if show.hidden is not None:
            dom.set_hidden(element, show.hidden)
        if show.disabled is not None:
            dom.set_disabled(element, show.disabled)
        for name, value in show.attrs:
            if value is None:
                dom.remove_attribute(element, name)
            else:
                dom.set_attribute(element, name, render(value, lang))

    def write_children(
        self, element: Element, shown: tuple[Node, ...] | None, nodes: tuple[Node, ...]
    ) -> None:
        """Make ``element``'s children ``nodes``, where it shows ``shown`` now (``None``: not known).

        Markup, not a browser call per element, attribute and text (a table of 200 rows is thousands
        of them). Safe: kit.view.to_html escapes every text and attribute, and the markup comes only
        from a view's Nodes, never from user text as markup. Where the children that stay are known
        (``kit.view.kept``: a run of them, with children added before or after it, such as a new
        entry on top of a list or a list's next page), only the others are written or removed: a
        list's cost follows what changed, not its length."""
        plan = kept(shown, nodes) if shown is not None else None
        if plan is None:
            self.dom.set_html(element, self.markup(nodes))
            return
        for start, remove, added in plan:
            self.dom.splice_html(element, start, remove, self.markup(added))

    def markup(self, nodes: tuple[Node, ...]) -> str:
        """``to_html`` of each node in the page's language, made once per node object (a view that
        keeps its nodes, such as the journal's list items, pays for each one once)."""
        lang, made = self.lang, self.made
        if len(made) > MADE_NODES:
            made.clear()
        out = []
        for node in nodes:
            known = made.get(id(node))
            if known is None or known[0] is not node or known[1] != lang:
                known = (node, lang, to_html(node, lang))
                made[id(node)] = known
            out.append(known[2])
        return "".join(out)

    def render(self, mounted: Mounted) -> None:
        """Write what changed in the view since the last render (everything after a switch). The
        first render of a panel whose section still shows the first paint, in its initial state,
        starts from what that paint wrote (``kit.prerender.painted``). A panel with ``later`` is
        asked for its next step in a task of its own (``_later``)."""
        view = mounted.panel.view(mounted.state)
        if mounted.painted:
            mounted.painted = False
            if mounted.state == mounted.panel.initial:
                mounted.written = painted(view)
        for element_id, show in view.items():
            before = mounted.written.get(element_id)
            change = changes(before, show)
            if change is not None:
                self.write(self.by_id(element_id), change, before.children if before is not None else None)
                mounted.written[element_id] = show
        self._render_log(mounted)
        self.changed()
        if mounted.panel.later is not None and not mounted.later_due:
            mounted.later_due = True
            self.dom.later(0, lambda: self._later(mounted))

    def _later(self, mounted: Mounted) -> None:
        """The panel's ``later`` step (a long list drawn a slice at a time): its state rendered,
        and the next one asked for, until it has none."""
        mounted.later_due = False
        later = mounted.panel.later
        if later is None or self.mounted.get(mounted.panel.name) is not mounted:
            return
        step = later(mounted.state)
        if step is not None:
            mounted.state = step
            self.render(mounted)

    def log_entries(self, mounted: Mounted) -> tuple[Entry, ...]:
        """The journal entries the panel's short log shows (newest first; none without a LogSpec)."""
        spec = mounted.panel.log
        if spec is None:
            return ()
        journal = self.shared_value(JOURNAL)
        cached = mounted.log_view
        if cached is not None and cached[0] is journal and cached[1] == mounted.cleared:
            return cached[2]
        entries = of_panel(journal, mounted.panel.name, spec.size, mounted.cleared)
        mounted.log_view = (journal, mounted.cleared, entries)
        return entries

    def log_of(self, mounted: Mounted) -> tuple[LogEntry, ...]:
        """The panel's short log as it shows: each entry's line (a hidden one's public line), with
        its time (``2026-12-01 20:00``) where the panel shows times."""
        spec = mounted.panel.log
        stamped = spec is not None and spec.timestamps
        return tuple(
            LogEntry(e.shown("ru"), e.shown("en"), e.time[:16].replace("T", " ") if stamped else "")
            for e in self.log_entries(mounted)
        )

    def render_logs(self) -> None:
        """Every mounted short log again where it changed (the journal changed)."""
        for mounted in self.mounted.values():
            self._render_log(mounted)
        self.changed()

    # ----------------------------------------------------------------------- the broadcast

    def changed(self) -> None:
        """Something on screen may have changed: the broadcast is made again once this turn is
        over (an action re-renders several panels and logs: one message for all of it)."""
        if self.broadcast is not None and not self.telling:
            self.telling = True
            self.dom.later(0, self.tell)

    def tell(self) -> None:
        """Make the broadcast now and send it if it changed (nothing until its panels are mounted)."""
        self.telling = False
        broadcast = self.broadcast
        if broadcast is None or any(name not in self.mounted for name in broadcast.needs):
            return
        states = {name: self.mounted[name].state for name in broadcast.needs}
        text = broadcast.message(states, self.shared_value(JOURNAL))
        if text != self.told:
            self.told = text
            self.dom.broadcast(text)

    def _render_log(self, mounted: Mounted) -> None:
        spec, lang = mounted.panel.log, self.lang
        if spec is None:
            return
        log = self.log_of(mounted)
        if mounted.written_log == (lang, log):
            return
        box = self.by_id(f"{spec.prefix}-log")
        before = mounted.written_log
        if before is not None and before[0] == lang and log and log[1:] == before[1][: len(log) - 1]:
            self.dom.prepend_html(box, _log_item(log[0], lang))  # one new line: the others stay
            self.dom.keep_children(box, len(log))
        else:
            self.dom.set_html(box, "".join(_log_item(entry, lang) for entry in log))
        mounted.written_log = (lang, log)
        self.dom.set_hidden(self.by_id(f"{spec.prefix}-log-empty"), bool(log))

    def log_text(self, mounted: Mounted, title: Renderable | None = None, oldest_first: bool = False) -> str:
        lang, log = self.lang, self.log_of(mounted)
        entries = reversed(log) if oldest_first else log
        lines = [f"{e.time} {e.text(lang)}" if e.time else e.text(lang) for e in entries]
        if title is not None:
            lines = [render(title, lang), "", *lines]
        return "\n".join(lines) + ("\n" if title is not None else "")

    # ----------------------------------------------------------------------- the kit's messages

    def say(
        self,
        mounted: Mounted,
        element: Element,
        text: Renderable | None,
        details: str | Download | Offer = "",
    ) -> None:
        """Put a kit message (error, notice, status) into ``element``; empty hides an error box.
        ``details`` (an unexpected error's traceback) gets a «copy details» button; a ``Download``
        (damaged data set aside) a button that offers it; an ``Offer`` its button."""
        dom = self.dom
        key = dom.attribute(element, "id") or ""
        if not key:  # an error box without an id: give it one, to find it again
            self.boxes += 1
            key = f"{mounted.panel.name}-box-{self.boxes}"
            dom.set_attribute(element, "id", key)
        if text is None:
            mounted.shown.pop(key, None)
            dom.set_text(element, "")
            dom.set_hidden(element, True)
            return
        mounted.shown[key] = (element, text, details)
        self.fill(element, text, details)
        dom.set_hidden(element, False)

    def fill(self, element: Element, text: Renderable, details: str | Download | Offer) -> None:
        dom = self.dom
        dom.set_text(element, render(text, self.lang))
        if isinstance(details, Offer):
            button = dom.append_button(element, render(details.label, self.lang), "log-undo")
            dom.set_attribute(button, "id", details.element_id)
            dom.listen(button, "click", details.run)
        elif isinstance(details, Download):
            offer = dom.append_button(element, render(aside.DOWNLOAD, self.lang), "copy-details")
            dom.listen(
                offer, "click", lambda: dom.download(details.filename, str(details.text), details.mime)
            )
        elif details:
            button = dom.append_button(element, render(common.COPY_DETAILS, self.lang), "copy-details")

            def copy() -> None:
                dom.clipboard(
                    details, lambda: dom.set_text(button, render(common.COPIED, self.lang)), _nothing
                )

            dom.listen(button, "click", copy)

    # ----------------------------------------------------------------------- saving

    def save(self, mounted: Mounted) -> None:
        """The panel's whole record (fields, state, log) in one write."""
        panel = mounted.panel
        # A field too long to save is not read at all (a 2 MB paste: a copy into Python per save)
        form = self.dom.read_form(mounted.section, MAX_FIELD_CHARS)
        text = encode(panel, form, mounted.state, mounted.cleared)
        self.known[panel.key] = text
        self.records.save(panel.key, text)

    # ----------------------------------------------------------------------- shared values (kit.shared)

    def shared_value(self, shared: Shared[Any]) -> Any:
        """The value of ``shared`` (read from its record the first time a follower asks)."""
        if shared.name == JOURNAL.name and shared.name not in self.shared:
            self._load_journal()
        if shared.name not in self.shared:
            raw = self.records.read(shared.key)
            self.known[shared.key] = raw
            value, dropped, set_aside = decode_shared(shared, raw)
            self.shared[shared.name] = Held(shared, value, dropped, set_aside)
            if dropped or set_aside:
                self.records.set_aside(shared.key, str(raw))
                self.save_shared(shared)  # repaired: from now on one sound record
        return self.shared[shared.name].value

    def save_shared(self, shared: Shared[Any]) -> None:
        if shared.name == JOURNAL.name:  # written entry by entry as it changes: what failed goes again
            self.records.journal_retry()
            return
        text = encode_shared(shared, self.shared[shared.name].value)
        self.known[shared.key] = text
        self.records.save(shared.key, text)

    def share(self, acting: Mounted | None, shared: Shared[Any], value: Any) -> None:
        """``shared`` takes the new value: save it, sync every follower (the acting panel is saved
        and rendered by the outcome that shared it); a new journal shows in every short log."""
        self.shared_value(shared)
        if shared.name == JOURNAL.name:
            value = self._keep_journal(value)
        else:
            self.shared[shared.name].value = value
            self.save_shared(shared)
        for mounted in self.mounted.values():
            for follow in mounted.panel.follows:
                if follow.shared.name == shared.name:
                    mounted.state = follow.sync(mounted.state, value)
                    if mounted is not acting:
                        self.save(mounted)
                        self.render(mounted)
        if shared.name == JOURNAL.name:
            self.render_logs()

    def shared_records(self) -> dict[str, str]:
        """Every shared value's saved record by key (the page's data export; the journal, kept
        entry by entry, goes into it from its store)."""
        return {
            held.shared.key: encode_shared(held.shared, held.value)
            for held in self.shared.values()
            if held.shared.name != JOURNAL.name
        }

    def resave_shared(self, keys: set[str]) -> None:
        """Save again the shared values whose record key is in ``keys`` (after a failed save)."""
        for held in list(self.shared.values()):
            if held.shared.key in keys:
                self.save_shared(held.shared)

    # ----------------------------------------------------------------------- the journal (kit.runtime_journal)

    def _load_journal(self) -> None:
        from kit import runtime_journal

        runtime_journal.load(self)

    def _keep_journal(self, value: Journal) -> Journal:
        from kit import runtime_journal

        return runtime_journal.keep(self, value)

    def set_journal(self, value: Journal) -> None:
        """The journal changed elsewhere (another tab, the store's answer): held, every follower
        synced and shown, every short log written again. Nothing is written."""
        from kit import runtime_journal

        runtime_journal.show(self, value)

    def journal_head(self, head: Head) -> None:
        """The store's newest entries again (after an import, an undo, another tab's import)."""
        from kit import runtime_journal

        runtime_journal.take_head(self, head)

    def reload_journal(self) -> None:
        """Read the journal's newest entries from the store again."""
        from kit import runtime_journal

        runtime_journal.reload(self)


def _nothing() -> None:
    pass


def _log_item(entry: LogEntry, lang: str) -> str:
    if not entry.time:
        return to_html(Node("li", entry.text(lang)), lang)
    stamp = Node("time", entry.time[-5:], cls="muted", tail=" " + entry.text(lang))
    return to_html(Node("li", children=(stamp,)), lang)
