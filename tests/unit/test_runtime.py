"""The kit's runtime (kit.runtime*) on CPython, over a fake page: the page as the build writes it
(tools/page.py), parsed into a small element tree that records what the runtime did to it.

Mount, an action, bad input (message shown, state unchanged), a language switch, a failed save
(the banner names what), a stale compute answer dropped, and a damaged record set aside.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import page as built
from kit import common, compute, prerender, runtime_mount, runtime_page
from kit.form import MAX_READ_CHARS, OVERSIZED, Form, read_int
from kit.msg import Msg
from kit.panel import MAX_FIELD_CHARS, Answer, Compute, Outcome, Panel
from kit.runtime import Runtime
from kit.runtime_effects import KIT_FAILURES
from kit.view import Show
from panels import registry
from panels.converter import jobs as converter_jobs
from panels.converter import panel as converter
from panels.roller import panel as roller
from panels.roster import panel as roster

ROOT = Path(__file__).resolve().parents[2]
PAGE = built.page((ROOT / "index.html").read_text(encoding="utf-8"))
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


# --------------------------------------------------------------------------- the fake page


@dataclass(eq=False)
class El:
    """An element of the fake page."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[El | str] = field(default_factory=list)
    parent: El | None = None
    value: str = ""
    checked: bool = False
    clicks: list[Callable[[], None]] = field(default_factory=list)
    fields: list[Callable[[str, Any], None]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs

    def descendants(self) -> list[El]:
        out: list[El] = []
        for child in self.children:
            if isinstance(child, El):
                out += [child, *child.descendants()]
        return out

    def ancestors(self) -> list[El]:
        out, node = [], self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out


_SIMPLE = re.compile(
    r"(?P<tag>^[a-z][\w-]*)|#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)|\[(?P<attr>[\w-]+)(?:=\"(?P<val>[^\"]*)\")?\]"
    r"|:not\((?P<neg>[^)]*)\)"
)


def matches(element: El, selector: str) -> bool:
    """A comma list of compound selectors (tag, #id, .class, [attr], [attr="v"], :not(…))."""
    for part in selector.split(","):
        part = part.strip()
        if " " in part or ">" in part:
            raise NotImplementedError(f"the fake page has no combinators: {part!r}")
        position, ok = 0, True
        for found in _SIMPLE.finditer(part):
            if found.start() != position:
                raise NotImplementedError(f"the fake page cannot read {part!r}")
            position = found.end()
            kind, value = next((k, v) for k, v in found.groupdict().items() if v is not None and k != "val")
            if kind == "tag":
                ok &= element.tag == value
            elif kind == "id":
                ok &= element.attrs.get("id") == value
            elif kind == "cls":
                ok &= value in element.attrs.get("class", "").split()
            elif kind == "attr":
                wanted = found.group("val")
                ok &= value in element.attrs and (wanted is None or element.attrs[value] == wanted)
            else:
                ok &= not matches(element, value)
        if position != len(part):
            raise NotImplementedError(f"the fake page cannot read {part!r}")
        if ok:
            return True
    return False


class _Builder(HTMLParser):
    def __init__(self, root: El) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = El(tag, {name: value or "" for name, value in attrs}, parent=self.stack[-1])
        element.value = element.attrs.get("value", "")
        element.checked = "checked" in element.attrs
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)
        if self.stack[-1].tag == "textarea":
            self.stack[-1].value += data


def parse_into(parent: El, markup: str) -> list[El | str]:
    holder = El("div")
    _Builder(holder).feed(markup)
    for child in holder.children:
        if isinstance(child, El):
            child.parent = parent
    return holder.children


def _select_value(select: El) -> str:
    options = [e for e in select.descendants() if e.tag == "option"]
    chosen = next((o for o in options if "selected" in o.attrs), options[0] if options else None)
    return "" if chosen is None else chosen.attrs.get("value", chosen.text)


class FakeDom:
    """``kit.dom.Dom`` over the fake page; it records downloads, copies, console lines and timers."""

    def __init__(self, markup: str = PAGE, params: dict[str, str] | None = None) -> None:
        self.document = El("#document")
        self.document.children = parse_into(self.document, markup)
        self.html = next(e for e in self.document.descendants() if e.tag == "html")
        for select in self.query_all(None, "select"):
            select.value = _select_value(select)
        self.params = params or {}
        self.settings: dict[str, str] = {}
        self.downloads: list[tuple[str, str, str]] = []
        self.copied: list[str] = []
        self.logged: list[tuple[str, str]] = []
        self.timers: dict[int, tuple[Callable[[], None], bool]] = {}
        self.timer_count = 0
        self.clock = 0.0
        self.broadcasts: list[str] = []  # what the page sent to the players' window
        self.drawn: list[tuple[str, int]] = []  # each markup write: the element's id, elements made

    # finding
    def root(self) -> El:
        return self.html

    def find(self, element_id: str, /) -> El | None:
        return next((e for e in self.document.descendants() if e.attrs.get("id") == element_id), None)

    def query(self, root: El, selector: str, /) -> El | None:
        return next((e for e in root.descendants() if matches(e, selector)), None)

    def query_all(self, root: El | None, selector: str, /) -> list[El]:
        return [e for e in (root or self.document).descendants() if matches(e, selector)]

    def closest(self, element: El, selector: str, /) -> El | None:
        return next(
            (e for e in (element, *element.ancestors()) if e.tag != "#document" and matches(e, selector)),
            None,
        )

    def contains(self, root: El, element: El, /) -> bool:
        return element is root or root in element.ancestors()

    def next_sibling(self, element: El, /) -> El | None:
        assert element.parent is not None
        siblings = [c for c in element.parent.children if isinstance(c, El)]
        index = siblings.index(element)
        return siblings[index + 1] if index + 1 < len(siblings) else None

    # reading
    def tag(self, element: El, /) -> str:
        return element.tag.upper()

    def kind(self, element: El, /) -> str:
        return element.attrs.get("type", "text") if element.tag == "input" else ""

    def attribute(self, element: El, name: str, /) -> str | None:
        return element.attrs.get(name)

    def has_class(self, element: El, name: str, /) -> bool:
        return name in element.attrs.get("class", "").split()

    def _fields(self, section: El) -> list[El]:
        return [
            e
            for e in self.query_all(section, "input, select, textarea")
            if self.kind(e) != "file" and ("id" in e.attrs or "name" in e.attrs)
        ]

    def read_form(self, section: El, /, limit: int = MAX_READ_CHARS) -> dict[str, str | bool]:
        form: dict[str, str | bool] = {}
        for element in self._fields(section):
            kind = self.kind(element)
            if kind == "radio":
                if element.checked:
                    form[element.attrs["name"]] = element.attrs.get("value", "on")
            elif kind == "checkbox":
                form[element.attrs["id"]] = element.checked
            elif element.tag == "textarea" and len(element.value) > limit:
                form[element.attrs["id"]] = ""
                form[OVERSIZED + element.attrs["id"]] = str(len(element.value))
            elif "id" in element.attrs:
                form[element.attrs["id"]] = element.value
        return form

    def put_field(self, section: El, key: str, value: str | bool, /) -> bool:
        for element in self._fields(section):
            if element.attrs.get("id") != key:
                continue
            if self.kind(element) == "checkbox":
                if not isinstance(value, bool):
                    return False
                element.checked = value
                return True
            if not isinstance(value, str):
                return False
            element.value = value
            return True
        return False

    def reset_fields(self, section: El, /) -> None:
        for element in self._fields(section):
            element.value = element.attrs.get("value", "")
            element.checked = "checked" in element.attrs

    # writing
    def set_text(self, element: El, text: str, /) -> None:
        element.children = [text]

    def set_html(self, element: El, markup: str, /) -> None:
        element.children = parse_into(element, markup)
        self.drawn.append((element.attrs.get("id", ""), sum(isinstance(c, El) for c in element.children)))

    def prepend_html(self, element: El, markup: str, /) -> None:
        element.children[:0] = parse_into(element, markup)

    def splice_html(self, element: El, start: int, remove: int, markup: str, /) -> None:
        places = [i for i, c in enumerate(element.children) if isinstance(c, El)]
        for place in reversed(places[start : start + remove]):
            del element.children[place]
        places = [i for i, c in enumerate(element.children) if isinstance(c, El)]
        at = places[start] if start < len(places) else len(element.children)
        made = parse_into(element, markup)
        element.children[at:at] = made
        self.drawn.append((element.attrs.get("id", ""), sum(isinstance(c, El) for c in made)))

    def keep_children(self, element: El, count: int, /) -> None:
        while len([c for c in element.children if isinstance(c, El)]) > count:
            last = max(i for i, c in enumerate(element.children) if isinstance(c, El))
            del element.children[last]

    def append_button(self, element: El, label: str, cls: str, /) -> El:
        button = El("button", {"type": "button", "class": cls}, [label], parent=element)
        element.children += [" ", button]
        return button

    def insert_after(self, element: El, markup: str, /) -> El:
        assert element.parent is not None
        made = parse_into(element.parent, markup)
        index = element.parent.children.index(element)
        element.parent.children[index + 1 : index + 1] = made
        new = made[0]
        assert isinstance(new, El)
        return new

    def value(self, element: El, /) -> str:
        return element.value

    def set_value(self, element: El, value: str, /) -> None:
        element.value = value

    def set_checked(self, element: El, checked: bool, /) -> None:
        element.checked = checked

    def set_hidden(self, element: El, hidden: bool, /) -> None:
        self._flag(element, "hidden", hidden)

    def set_disabled(self, element: El, disabled: bool, /) -> None:
        self._flag(element, "disabled", disabled)

    def _flag(self, element: El, name: str, on: bool) -> None:
        if on:
            element.attrs[name] = ""
        else:
            element.attrs.pop(name, None)

    def set_attribute(self, element: El, name: str, value: str, /) -> None:
        element.attrs[name] = value

    def remove_attribute(self, element: El, name: str, /) -> None:
        element.attrs.pop(name, None)

    # events
    def listen(self, element: El, kind: str, callback: Callable[[], None], /) -> None:
        assert kind == "click"
        element.clicks.append(callback)

    def listen_fields(self, section: El, handler: Callable[[str, Any], None], /) -> None:
        section.fields.append(handler)

    def fire(self, element: El, kind: str) -> None:
        """An event on ``element``, as the browser sends it: its own listeners, then bubbling."""
        if kind == "click":
            assert "disabled" not in element.attrs, "a disabled control cannot be pressed"
            for callback in list(element.clicks):
                callback()
        for node in (element, *element.ancestors()):
            for handler in list(node.fields):
                handler(kind, element)

    # the page's services
    def now_ms(self) -> float:
        return self.clock

    def local_time(self) -> str:
        return "2026-12-01 12:34"

    def local_stamp(self) -> str:
        return "2026-12-01T12:34:56"

    def later(self, ms: int, callback: Callable[[], None], /) -> int:
        self.timer_count += 1  # a handle is never given twice, as the browser's are not
        self.timers[self.timer_count] = (callback, False)
        return self.timer_count

    def every(self, ms: int, callback: Callable[[], None], /) -> int:
        self.timer_count += 1
        self.timers[self.timer_count] = (callback, True)
        return self.timer_count

    def stop_timer(self, handle: int, /) -> None:
        self.timers.pop(handle, None)

    def run_timers(self) -> None:
        for handle, (callback, repeat) in list(self.timers.items()):
            if not repeat:
                self.timers.pop(handle)
            callback()

    def run_later(self, most: int = 100) -> None:
        """The timers due at once, and those they set, until none is left (at most ``most``
        rounds): what the page does in the tasks after this one."""
        for _ in range(most):
            due = [h for h, (_, repeat) in self.timers.items() if not repeat]
            if not due:
                return
            for handle in due:
                callback, _ = self.timers.pop(handle)
                callback()
        raise AssertionError("timers keep setting timers")

    def console(self, level: str, text: str, /) -> None:
        self.logged.append((level, text))

    def setting(self, key: str, /) -> str | None:
        return self.settings.get(key)

    def store_setting(self, key: str, text: str, /) -> None:
        self.settings[key] = text

    def url_params(self) -> dict[str, str]:
        return dict(self.params)

    def set_url(self, params: tuple[tuple[str, str | None], ...], /) -> None:
        for key, value in params:
            if value is None:
                self.params.pop(key, None)
            else:
                self.params[key] = value

    def address(self) -> str:
        return "http://127.0.0.1/index.html"

    def from_disk(self) -> bool:
        return False

    def broadcast(self, text: str, /) -> None:
        self.broadcasts.append(text)

    def clipboard(self, text: str, done: Callable[[], None], failed: Callable[[], None], /) -> None:
        self.copied.append(text)
        done()

    def download(self, filename: str, text: str, mime: str, /) -> None:
        self.downloads.append((filename, text, mime))

    def download_png(self, filename: str, svg: str, width: int, height: int, /) -> None:
        self.downloads.append((filename, svg, "image/png"))

    def read_file(
        self, element: El, done: Callable[[str, str], None], failed: Callable[[str], None], /
    ) -> None:
        failed("unreadable")


class FakeRecords:
    """``kit.dom.Records`` in memory; a key in ``failing`` fails to save, as a full disk does.

    The journal's store is ``entries`` (id → ``{"id", "t", "p", "e", "j"}``, as
    static/journal-db.js keeps them); ``journal_writes`` counts what each write carried (records,
    characters). For tests that read the journal as the single record it once was, the record
    ``gm.shared.journal`` is kept as a view of the store (a new page made from these records
    carries it over, as it carries an old record over)."""

    def __init__(self, records: dict[str, str] | None = None, *, in_store: bool = True) -> None:
        self.records = dict(records or {})
        self.writes: list[str] = []
        self.failing: set[str] = set()
        self.aside: dict[str, str] = {}
        self.failure: list[Callable[[str, str], None]] = []
        self.saved: list[Callable[[str], None]] = []
        self.entries: dict[str, dict[str, str]] = {}
        self.journal_writes: list[tuple[int, int]] = []
        self.unwritten: dict[str, Any] = {}
        self.asked: list[tuple[str, dict[str, Any], Callable[[str], None], Any]] = []
        self.in_store = in_store

    def read(self, key: str, /) -> str | None:
        return self.records.get(key)

    def save(self, key: str, text: str, /) -> None:
        self.writes.append(key)
        if key in self.failing:
            for callback in self.failure:
                callback(key, "QuotaExceededError")
            return
        self.records[key] = text
        for callback in self.saved:
            callback(key)

    def set_aside(self, key: str, raw: str, /) -> None:
        self.aside[key] = raw

    def set_aside_records(self) -> dict[str, str]:
        return dict(self.aside)

    def legacy_json(self, key: str, /) -> Any:
        return None

    def backend(self) -> str:
        return "indexeddb" if self.in_store else "localstorage"

    # the journal's store
    def journal_in_store(self) -> bool:
        return self.in_store

    def _sorted(self) -> list[dict[str, str]]:
        return sorted(self.entries.values(), key=lambda r: (r["t"], r["id"]), reverse=True)

    def journal_head(self, newest: int, per_panel: int, /) -> str | None:
        ordered = self._sorted()
        kept = ordered[:newest] if self.in_store else ordered
        ids = {r["id"] for r in kept}
        if self.in_store:
            for panel in {r["p"] for r in ordered}:
                for record in [r for r in ordered if r["p"] == panel][:per_panel]:
                    if record["id"] not in ids:
                        kept.append(record)
                        ids.add(record["id"])
        kept.sort(key=lambda r: (r["t"], r["id"]), reverse=True)
        complete = len(ordered) <= len(kept)
        horizon = None if complete else [ordered[newest - 1]["t"], ordered[newest - 1]["id"]]
        body = ", ".join(r["j"] for r in kept)
        return (
            f'{{"total": {len(ordered)}, "horizon": {json.dumps(horizon)}, "entries": [{body}], "bad": []}}'
        )

    def journal_write(self, records: Any, gone: Any, since: Any, retire: str | None = None, /) -> None:
        from kit.journal import JOURNAL
        from kit.journal_store import record_problem

        self.writes.append("journal")
        self.journal_writes.append((len(records) + len(gone), sum(len(r.text) for r in records)))
        problems = [p for r in records if (p := record_problem(r)) is not None]
        if JOURNAL.key in self.failing or problems:
            for record in records:
                self.unwritten[record.id] = record
            for ident in gone:
                self.unwritten[ident] = None
            for callback in self.failure:
                callback(JOURNAL.key, problems[0] if problems else "QuotaExceededError")
            return
        for record in records:
            self.entries[record.id] = {
                "id": record.id,
                "t": record.time,
                "p": record.panel,
                "e": record.evening,
                "j": record.text,
            }
            self.unwritten.pop(record.id, None)
        for ident in gone:
            self.entries.pop(ident, None)
            self.unwritten.pop(ident, None)
        if retire:
            self.records.pop(retire, None)
        self._mirror()
        if not self.unwritten:
            for callback in self.saved:
                callback(JOURNAL.key)

    def _mirror(self) -> None:
        entries = [json.loads(r["j"]) for r in self._sorted()]
        self.records["gm.shared.journal"] = json.dumps({"v": 1, "value": {"entries": entries, "dropped": 0}})

    def journal_retry(self) -> None:
        records = [r for r in self.unwritten.values() if r is not None]
        gone = [i for i, r in self.unwritten.items() if r is None]
        if records or gone:
            self.journal_write(records, gone, None)

    def journal_entries(self) -> list[dict[str, Any]]:
        """Every entry the store keeps, newest first."""
        return [json.loads(r["j"]) for r in self._sorted()]

    def journal_ask(
        self,
        kind: str,
        args: Any,
        on_answer: Callable[[str], None],
        on_progress: Callable[[str], None] | None = None,
        file: Any = None,
        /,
    ) -> None:
        self.asked.append((kind, dict(args), on_answer, file))

    def answer_asks(self) -> None:
        """Answer every question asked of the store so far, as static/journal-db.js would."""
        while self.asked:
            self.answer_one()

    def answer_one(self) -> None:
        """Answer the oldest question asked of the store (those it leads to wait)."""
        kind, args, on_answer, _file = self.asked.pop(0)
        on_answer(self._answer(kind, args))

    def _answer(self, kind: str, args: dict[str, Any]) -> str:
        from kit.journal import Filter, Journal, entries_from_json

        ordered = self._sorted()
        if kind == "head":
            return str(self.journal_head(args["newest"], args["perPanel"]))
        if kind == "panel":
            chosen = [r for r in ordered if r["p"] == args["panel"]][: args["limit"]]
            return (
                '{"total": 0, "horizon": null, "entries": ['
                + ", ".join(r["j"] for r in chosen)
                + '], "bad": []}'
            )
        if kind == "select":
            entries, _ = entries_from_json(json.loads(r["j"]) for r in ordered)
            chosen = Filter(**args["filter"])
            matching = [e for e in entries if chosen.keeps(e)]
            before = args.get("before")
            start = [e for e in matching if before is None or (e.time, e.id) < tuple(before)]
            page = start[: args["limit"]]
            whole = Journal(tuple(entries))
            evenings = [[e.id, e.date, first, n] for e, first, n in whole.evenings()]
            body = ", ".join(self.entries[e.id]["j"] for e in page)
            newest = json.dumps([ordered[0]["t"], ordered[0]["id"]] if ordered else None)
            return (
                f'{{"count": {len(matching)}, "total": {len(entries)}, "newest": {newest}, "entries": [{body}],'
                f' "evenings": {json.dumps(evenings)}, "who": {json.dumps(list(whole.who()), ensure_ascii=False)}}}'
            )
        if kind == "stats":  # the store's index tallies the selection (journal-db.js Index.tally)
            from panels.journal.tally import tally_of_json, tally_to_json

            entries, _ = entries_from_json(json.loads(r["j"]) for r in reversed(ordered))
            chosen = Filter(**args["filter"])
            kept = [json.loads(self.entries[e.id]["j"]) for e in entries if chosen.keeps(e)]
            return json.dumps(tally_to_json(tally_of_json(kept)), ensure_ascii=False)
        return json.dumps({"ok": False, "code": "unavailable"})


class FakeWorker:
    """``kit.dom.Worker`` that answers when the test says so."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], None]]] = []
        self.selections: list[tuple[Any, Any]] = []  # each request's journal selection and download
        self.cancelled = 0
        self.up = True

    def request(
        self,
        job: str,
        args: dict[str, Any],
        on_answer: Callable[[dict[str, Any]], None],
        *,
        isolated: bool = False,
        journal: Any = None,
        download: Any = None,
    ) -> None:
        self.asked.append((job, args, on_answer))
        self.selections.append((journal, download))

    def cancel(self) -> None:
        self.cancelled += 1

    def budget_s(self) -> float:
        return 60.0

    def available(self) -> bool:
        return self.up


# --------------------------------------------------------------------------- a runtime over the fake page


@dataclass
class Page:
    rt: Runtime
    dom: FakeDom
    records: FakeRecords
    worker: FakeWorker

    def el(self, element_id: str) -> El:
        found = self.dom.find(element_id)
        assert found is not None, element_id
        return found

    def click(self, element_id: str) -> None:
        self.dom.fire(self.el(element_id), "click")

    def change(self, element_id: str, value: str) -> None:
        self.el(element_id).value = value
        self.dom.fire(self.el(element_id), "change")

    def state(self, name: str) -> Any:
        return self.rt.mounted[name].state


def make_page(records: dict[str, str] | None = None, markup: str = PAGE, *, in_store: bool = True) -> Page:
    """A runtime over the fake page; ``in_store=False``: IndexedDB refused (localStorage keeps the
    journal whole, at most ``kit.journal.LIMIT`` entries)."""
    prerender.load_texts(registry.TEXT_MODULES)
    dom, store, worker = FakeDom(markup), FakeRecords(records, in_store=in_store), FakeWorker()
    rt = Runtime(dom, store, worker)
    store.failure.append(lambda key, reason: runtime_page.save_failed(rt, key, reason))
    store.saved.append(lambda key: runtime_page.saved(rt, key))
    rt.set_language("ru", save=False)
    return Page(rt, dom, store, worker)


def mount_roller(page: Page) -> None:
    runtime_mount.mount(page.rt, roller.panel(random.Random(7)))


# --------------------------------------------------------------------------- the tests


def test_mount_shows_the_view_enables_controls_and_saves_a_first_record() -> None:
    """Mounting the roller writes its view (the odds table), enables its controls, marks its
    section mounted (and no other) and, with no record yet, saves one sound record."""
    page = make_page()
    assert "disabled" in page.el("gauss-roll").attrs
    mount_roller(page)
    assert "disabled" not in page.el("gauss-roll").attrs
    assert [e.attrs["id"] for e in page.dom.query_all(None, "[data-mounted]")] == ["roller"]
    assert page.el("roller").attrs["data-mounted"] == "true"
    assert "disabled" in page.el("threat-check").attrs, "another panel waits for its own mount"
    assert page.el("gauss-odds").descendants(), "the odds table is written"
    record = json.loads(page.records.records["gm.panel.roller"])
    assert record["v"] == 1 and record["form"]["gauss-luck"] == "5"


def test_an_action_changes_the_state_logs_saves_and_shows_the_result() -> None:
    """A click on the roll button runs the action: the result shows, the log gets a line, the
    record is written once for the action (and the journal of the evening once: the line is its
    newest entry, with the panel's name), the announcer says it."""
    page = make_page()
    mount_roller(page)
    writes = len(page.records.writes)
    page.click("gauss-roll")
    assert page.state("roller").last is not None
    assert "GaussD20" in page.el("gauss-result").text
    assert len(page.el("gauss-log").descendants()) >= 1
    assert sorted(page.records.writes[writes:]) == ["gm.panel.roller", "journal"]
    assert "log" not in json.loads(page.records.records["gm.panel.roller"]), "the line is stored once"
    journal = json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]
    assert [(e["panel"], e["time"]) for e in journal] == [("roller", "2026-12-01T12:34:56")]
    assert page.dom.query_all(page.el("gauss-log"), "li")[0].text == journal[0]["ru"]
    page.click("gauss-roll")
    assert len([c for c in page.el("gauss-log").children if isinstance(c, El)]) == 2


def test_bad_input_shows_a_message_and_changes_nothing() -> None:
    """Luck 12 is refused: the section's error box says why, the state and the record stay."""
    page = make_page()
    mount_roller(page)
    before = page.state("roller")
    page.change("gauss-luck", "12")
    box = page.dom.query(page.el("roller"), ".error")
    assert box is not None and not box.hidden and box.text
    assert page.state("roller") is before
    page.change("gauss-luck", "7")
    assert box.hidden and page.state("roller").luck == 7


def test_a_language_switch_rewords_static_text_views_and_messages() -> None:
    """English: the static text (data-i18n), the view, an error on screen and the log follow."""
    page = make_page()
    mount_roller(page)
    page.click("gauss-roll")
    page.change("gauss-luck", "0")
    box = page.dom.query(page.el("roller"), ".error")
    assert box is not None
    russian_error, russian_button = box.text, page.el("gauss-roll").text
    page.rt.set_language("en")
    assert page.el("gauss-roll").text == "Roll" != russian_button
    assert box.text != russian_error and not re.search("[А-Яа-я]", box.text)
    assert page.dom.root().attrs["lang"] == "en"
    assert page.dom.settings["gm.lang"] == '"en"'
    assert not re.search("[А-Яа-я]", page.el("gauss-log").text)


def test_at_start_the_static_text_already_painted_in_the_language_is_not_written_again() -> None:
    """At start (``first_paint``) the static text is left as the first paint wrote it when
    ``<html lang>`` already names the language (one browser call per element saved); when it
    does not (the first paint did not switch it), it is written."""
    page = make_page()
    page.dom.set_text(page.el("gauss-roll"), "painted")  # what static/first-paint.js left
    page.rt.set_language("ru", save=False, first_paint=True)
    assert page.el("gauss-roll").text == "painted"
    page.rt.set_language("en", save=False, first_paint=True)  # <html lang> says ru: not painted
    assert page.el("gauss-roll").text == "Roll"
    assert page.dom.root().attrs["lang"] == "en"


def test_a_failed_save_shows_the_banner_naming_the_panel_until_a_save_succeeds() -> None:
    """A save that fails names the panel in the banner; «Повторить» that succeeds hides it."""
    page = make_page()
    mount_roller(page)
    banner = page.el("save-failed")
    assert banner.hidden
    page.records.failing.add("gm.panel.roller")
    page.click("gauss-roll")
    assert not banner.hidden
    title = roller.panel(random.Random(0)).title
    assert title is not None and title.ru in page.el("save-failed-text").text
    page.rt.set_language("en")
    assert title.en in page.el("save-failed-text").text
    page.records.failing.clear()
    runtime_page.retry(page.rt)
    assert banner.hidden


# A panel of the test's own, to drive a computation.
ASKED = Msg("test.asked", "Считаем", "Computing")


@dataclass(frozen=True)
class Squares:
    n: int = 1
    square: int | None = None


def _ask(state: Squares, form: Form) -> Outcome[Squares]:
    n = read_int(form, "gauss-luck", 1, 9, ASKED)
    return Outcome(Squares(n), effects=(Compute("test.square", {"n": n}, _answered, ASKED),))


def _answered(state: Squares, answer: Answer[int]) -> Squares:
    """Takes any answer: dropping a superseded one is the runtime's part."""
    return Squares(state.n, answer.result) if answer.ok else state


def _squares_view(state: Squares) -> dict[str, Show]:
    return {"gauss-result": Show(text="" if state.square is None else str(state.square))}


def _squares() -> Panel[Squares]:
    return Panel(name="roller", initial=Squares(), view=_squares_view, actions={"#gauss-roll": _ask})


def test_a_stale_compute_answer_is_dropped_and_the_newest_lands() -> None:
    """Two requests in a row: the first one's answer, late, changes nothing; the second lands. The
    progress line shows while the worker computes and goes when it answers."""
    page = make_page()
    runtime_mount.mount(page.rt, _squares())
    page.el("gauss-luck").value = "3"
    page.click("gauss-roll")
    page.el("gauss-luck").value = "4"
    page.click("gauss-roll")
    (_, first, answer_first), (_, second, answer_second) = page.worker.asked
    assert (first, second) == ({"n": 3}, {"n": 4})
    status = page.dom.query(page.el("roller"), ".compute-status")
    assert status is not None and not status.hidden and "Считаем" in status.text
    answer_first({"ok": True, "result": 9})
    assert page.state("roller") == Squares(4) and page.el("gauss-result").text == ""
    answer_second({"ok": True, "result": 16})
    assert page.state("roller") == Squares(4, 16) and page.el("gauss-result").text == "16"
    # a state check on the fake page (it has no clock): the progress line's repeating callback was
    # cleared, so no callback is still scheduled
    assert status.hidden and page.dom.timers == {}, "no callback left scheduled"


def test_a_compute_failure_of_the_kit_is_worded_and_cancel_reaches_the_worker() -> None:
    """The worker's time budget ran out: the error box says so, naming what was computed."""
    page = make_page()
    runtime_mount.mount(page.rt, _squares())
    page.click("gauss-roll")
    status = page.dom.query(page.el("roller"), ".compute-status")
    assert status is not None
    cancel = page.dom.query(status, "button")
    assert cancel is not None
    page.dom.fire(cancel, "click")
    assert page.worker.cancelled == 1
    page.worker.asked[0][2]({"ok": False, "error": {"code": "timeout", "params": {}}})
    box = page.dom.query(page.el("roller"), ".error")
    assert box is not None and not box.hidden and "Считаем" in box.text
    assert "timeout" in KIT_FAILURES


def test_a_damaged_record_is_set_aside_and_the_panel_starts_with_a_notice() -> None:
    """A record that is not JSON: the panel starts from its defaults, says so and offers the
    damaged text for download; the repaired record is saved."""
    page = make_page({"gm.panel.roller": "{not json"})
    mount_roller(page)
    assert page.records.aside == {"gm.panel.roller": "{not json"}
    notice = page.dom.query(page.el("roller"), ".notice") or page.dom.query(page.el("roller"), ".error")
    assert notice is not None and not notice.hidden
    offer = page.dom.query(notice, "button")
    assert offer is not None
    page.dom.fire(offer, "click")
    assert page.dom.downloads and page.dom.downloads[-1][0].endswith(".json")
    assert json.loads(page.records.records["gm.panel.roller"])["v"] == 1


def test_an_unexpected_error_is_logged_and_shown_as_internal() -> None:
    """An action that raises something other than InputError: the console has the traceback, the
    error box the kit's message, with a button that copies the details."""

    def broken(state: Squares, form: Form) -> Squares:
        raise RuntimeError("boom")

    page = make_page()
    runtime_mount.mount(
        page.rt, Panel(name="roller", initial=Squares(), view=_squares_view, actions={"#gauss-roll": broken})
    )
    runtime_page.enable(page.rt, page.el("roller"))
    page.click("gauss-roll")
    assert page.dom.logged and page.dom.logged[-1][0] == "error" and "boom" in page.dom.logged[-1][1]
    box = page.dom.query(page.el("roller"), ".error")
    assert box is not None and common.INTERNAL_ERROR.ru in box.text
    copy = page.dom.query(box, "button")
    assert copy is not None
    page.dom.fire(copy, "click")
    assert "boom" in page.dom.copied[-1]


def test_typing_is_saved_after_a_pause_or_when_the_page_goes() -> None:
    """An input event arms one timer; leaving the page saves at once and stops it."""
    page = make_page()
    mount_roller(page)
    writes = len(page.records.writes)
    page.el("gauss-luck").value = "6"
    page.dom.fire(page.el("gauss-luck"), "input")
    page.dom.fire(page.el("gauss-luck"), "input")
    assert len(page.dom.timers) == 1 and len(page.records.writes) == writes
    runtime_mount.save_typing_now(page.rt)
    assert not page.dom.timers and len(page.records.writes) == writes + 1
    assert json.loads(page.records.records["gm.panel.roller"])["form"]["gauss-luck"] == "6"


def _journal(page: Page) -> list[dict[str, Any]]:
    return json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]


def _lines(page: Page, prefix: str) -> list[str]:
    return [li.text for li in page.dom.query_all(page.el(f"{prefix}-log"), "li")]


def test_the_log_clear_button_empties_the_short_log_not_the_journal() -> None:
    """The roller's «Очистить» (bound by the kit from its LogSpec) empties its short log and keeps
    the mark in its record (a reload keeps it cleared); the journal of the evening keeps the lines.
    «Отменить» gives them back, also after another roll (the offer outlives it)."""
    page = make_page()
    mount_roller(page)
    page.click("gauss-roll")
    page.click("gauss-roll")
    page.click("gauss-log-clear")
    assert not page.el("gauss-log").children and not page.el("gauss-log-empty").hidden
    assert len(_journal(page)) == 2, "the journal keeps what the short log hid"
    assert json.loads(page.records.records["gm.panel.roller"])["log_cleared"]
    assert "Журнал очищен." in page.el("gauss-log-notice").text
    page.click("gauss-roll")
    assert len(_lines(page, "gauss")) == 1
    reloaded = make_page(page.records.records)
    mount_roller(reloaded)
    assert len(_lines(reloaded, "gauss")) == 1, "the clear survives a reload"
    page.click("gauss-log-undo")
    assert [e["ru"] for e in _journal(page)] == _lines(page, "gauss") and len(_lines(page, "gauss")) == 3
    assert page.el("gauss-log-notice").hidden
    assert "log_cleared" not in json.loads(page.records.records["gm.panel.roller"])


def test_after_the_undo_of_a_clear_the_ite_status_claims_no_clear() -> None:
    """ITE's «Очистить» is the kit's: «Журнал очищен.» shows once, beside its «Отменить», and
    after the undo nothing on the panel still says the log was cleared (a leftover once seen)."""
    page = make_page()
    ite = importlib.import_module(registry.entry("ite").module)
    runtime_mount.mount(page.rt, ite.panel(random.Random(3)))
    page.click("ite-roll")
    page.click("ite-log-clear")
    assert "Журнал очищен." in page.el("ite-log-notice").text
    assert "Журнал очищен." not in page.el("ite-status").text, "said once, beside its undo"
    page.click("ite-log-undo")
    assert len(_lines(page, "ite")) == 1 and page.el("ite-log-notice").hidden
    assert "Журнал очищен." not in page.el("ite").text


def test_an_older_record_s_log_is_carried_into_the_journal_once() -> None:
    """A record saved when each panel kept its own log: its lines go into the journal of the
    evening, with their times, except those the journal has already; the record then keeps no
    lines, and a second load carries nothing again."""
    journal = {
        "entries": [{"id": "j1", "time": "2026-11-30T21:00:00", "panel": "notation", "ru": "б", "en": "b"}]
    }
    old_log = [
        {"ru": "б", "en": "b", "time": "2026-11-30 21:00"},
        {"ru": "а", "en": "a", "time": "2026-11-30 20:00"},
        {"ru": "а", "en": "a", "time": "2026-11-30 19:00"},
    ]
    records = {
        "gm.panel.notation": json.dumps({"v": 1, "form": {}, "log": old_log}),
        "gm.shared.journal": json.dumps({"v": 1, "value": journal}),
    }
    page = make_page(records)
    notation = importlib.import_module(registry.entry("notation").module)
    runtime_mount.mount(page.rt, notation.panel(random.Random(3)))
    assert [(e["ru"], e["time"]) for e in _journal(page)] == [
        ("б", "2026-11-30T21:00:00"),
        ("а", "2026-11-30T20:00:00"),
        ("а", "2026-11-30T19:00:00"),
    ]
    assert "log" not in json.loads(page.records.records["gm.panel.notation"])
    assert _lines(page, "notation") == ["21:00 б", "20:00 а", "19:00 а"]
    again = make_page(page.records.records)
    runtime_mount.mount(again.rt, notation.panel(random.Random(3)))
    assert len(_journal(again)) == 3


def test_a_short_log_follows_the_journal_and_the_page_s_data() -> None:
    """An entry the GM hides in the journal shows its public line in the panel's short log too;
    «Скачать все данные» holds the journal (hidden entries included: it is the GM's own copy) as
    the journal's v2 JSON, and «Сократить журнал вдвое» halves the journal the short logs show
    (here IndexedDB is refused: the page holds the whole journal)."""
    page = make_page(in_store=False)
    mount_roller(page)
    journal = importlib.import_module(registry.entry("journal").module)
    runtime_mount.mount(page.rt, journal.panel(random.Random(3)))
    for _ in range(4):
        page.click("gauss-roll")
    hide = page.dom.query_all(page.el("journal-list"), ".journal-hide")[0]
    page.dom.fire(hide, "click")
    assert _lines(page, "gauss")[0] == "Скрыто мастером"
    assert page.dom.query_all(page.el("journal-list"), "li")[0].attrs["data-hidden"] == "true"
    runtime_page.export_all(page.rt)
    name, text, _mime = page.dom.downloads[-1]
    data = json.loads(text)
    exported = data["journal"]["entries"]
    assert name == "gm-dice-data.json" and len(exported) == 4 and exported[0]["hidden"]
    assert (data["journal"]["format"], data["journal"]["v"]) == ("gm-journal", 2)
    assert "gm.shared.journal" not in data["records"] and "gm.panel.roller" in data["records"]
    runtime_page.trim_logs(page.rt)
    assert len(_journal(page)) == 2 and len(_lines(page, "gauss")) == 2
    assert "IndexedDB" in page.el("journal-limit").text, "the GM is told the journal keeps fewer entries"


def test_where_the_store_runs_the_page_s_data_and_the_trim_are_its_work() -> None:
    """With IndexedDB, «Скачать все данные» hands the records to the journal's store, which writes
    the journal into the file itself (the page never holds it whole), and «Сократить журнал вдвое»
    asks the store; its answer (the newest entries) becomes the journal the page holds."""
    page = make_page()
    mount_roller(page)
    for _ in range(4):
        page.click("gauss-roll")
    runtime_page.export_all(page.rt)
    kind, args, _answer, _file = page.records.asked[-1]
    assert kind == "export" and args["secret"] is True and args["filename"] == "gm-dice-data.json"
    assert "gm.panel.roller" in json.loads(args["records"]) and not page.dom.downloads
    runtime_page.trim_logs(page.rt)
    kind, _args, answer, _file = page.records.asked.pop()
    assert kind == "trim"
    newest = page.records.journal_entries()[:2]
    head = {"total": 2, "horizon": None, "entries": newest, "bad": []}
    answer(json.dumps({"ok": True, "removed": 2, "head": head}))
    assert [e.id for e in page.rt.shared["journal"].value.entries] == [e["id"] for e in newest]
    assert len(_lines(page, "gauss")) == 2


def test_the_journal_search_follows_each_key() -> None:
    """A field marked ``data-live`` (the journal's search) runs its action on every input event,
    not only when it is committed: the list narrows as the GM types."""
    page = make_page()
    mount_roller(page)
    journal = importlib.import_module(registry.entry("journal").module)
    runtime_mount.mount(page.rt, journal.panel(random.Random(3)))
    page.click("gauss-roll")
    page.el("gauss-roll-why").value = "засада у моста"
    page.click("gauss-roll")
    page.click("gauss-roll")
    assert len(page.dom.query_all(page.el("journal-list"), "li")) == 3
    page.el("journal-search").value = "засад"
    page.dom.fire(page.el("journal-search"), "input")
    assert len(page.dom.query_all(page.el("journal-list"), "li")) == 1
    page.el("journal-search").value = ""
    page.dom.fire(page.el("journal-search"), "input")
    assert len(page.dom.query_all(page.el("journal-list"), "li")) == 3


@pytest.mark.parametrize("bad", ["", "abc", "-3"])
def test_refused_input_keeps_the_record(bad: str) -> None:
    """Whatever the junk, the saved state is the one before it."""
    page = make_page()
    mount_roller(page)
    page.click("gauss-roll")
    saved = json.loads(page.records.records["gm.panel.roller"])["state"]
    page.change("gauss-luck", bad)
    assert json.loads(page.records.records["gm.panel.roller"])["state"] == saved


# Each panel's action that logs a result (the journal hook, once for every panel).
JOURNALED = {
    "roller": "gauss-roll",
    "converter": "convert-example",
    "threat": "threat-check",
    "notation": "notation-roll",
    "checks": "chk-skill-roll",
    "ite": "ite-roll",
    "fudge": "fudge-roll-dice",
}


@pytest.mark.parametrize(("name", "button"), JOURNALED.items())
def test_every_panel_s_logged_result_lands_in_the_journal(name: str, button: str) -> None:
    """A panel's result goes into the journal of the evening with the panel's name and the «зачем»
    typed beside the button, which is then emptied; the journal panel shows it."""
    page = make_page()
    module = importlib.import_module(registry.entry(name).module)
    runtime_mount.mount(page.rt, module.panel(random.Random(3)))
    why = page.dom.find(f"{button}-why")
    if why is not None:
        why.value = "засада"
    page.click(button)
    if name == "converter":  # the example fills the input; converting it logs
        page.click("convert-run")
    entries = json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]
    assert entries and entries[0]["panel"] == name
    if why is not None:
        assert entries[0]["why"] == "засада" and why.value == ""
    journal = importlib.import_module(registry.entry("journal").module)
    runtime_mount.mount(page.rt, journal.panel(random.Random(3)))
    items = page.dom.query_all(page.el("journal-list"), "li")
    assert [item.attrs["data-panel"] for item in items] == [e["panel"] for e in entries]


# The checks panel's «кто»: each button that acts for a picked character names it.
CHECKS_WHO = {
    "chk-skill-roll": ({"chk-skill-who": "c1:0"}, "Кац"),
    "chk-med-roll": ({"chk-med-who": "c1:"}, "Кац"),
    "chk-opp-roll": ({"chk-opp-who": "c1:0", "chk-opp-whom": "c2:"}, "Кац → Бандит"),
    "chk-opp-roll-def": ({"chk-opp-whom": "c2:"}, "Бандит"),
    "chk-cmb-roll": ({"chk-cmb-who": "c1:0", "chk-cmb-whom": "c2:0"}, "Кац → Бандит"),
}


@pytest.mark.parametrize(("button", "picks", "who"), [(b, *v) for b, v in CHECKS_WHO.items()])
def test_a_check_for_picked_characters_names_them_in_the_journal(
    button: str, picks: dict[str, str], who: str
) -> None:
    """A check made with «Кто действует» / «Против кого» picked goes into the journal with who
    acted (against whom); made by hand, with nobody."""
    from kit.shared import encode_shared
    from panels.checks import panel as checks
    from panels.roster.shared import ROSTER
    from rules.roster import GaussSheet, Roster

    sheets = (
        GaussSheet(luck=6, skills=(("Меч", 8),), weapons=(("Нож", 2),)),
        GaussSheet(skills=(("Щит", 4),), armour_bonus=1),
    )
    roster = Roster().add("Кац", "gauss", sheets[0]).add("Бандит", "gauss", sheets[1])
    page = make_page({ROSTER.key: encode_shared(ROSTER, roster)})
    runtime_mount.mount(page.rt, checks.panel(random.Random(3)))
    page.click(button)
    entries = json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]
    assert entries[0]["panel"] == "checks" and entries[0].get("who", "") == ""
    for picker, value in picks.items():
        page.change(picker, value)
    page.click(button)
    entries = json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]
    assert len(entries) == 2 and entries[0].get("who") == who


def _stored(count: int) -> FakeRecords:
    """A store holding ``count`` journal entries of three evenings and two panels."""
    from kit.evening import Evening
    from kit.journal import Entry
    from kit.journal_store import store_record

    store = FakeRecords()
    records = [
        store_record(
            Entry(
                f"old-{n:06d}",
                f"2026-{1 + n * 11 // count:02d}-{1 + n % 28:02d}T20:{n % 60:02d}:00",
                "checks" if n % 3 else "roller",
                f"бросок {n}",
                f"roll {n}",
                evening=Evening(f"ev{n % 3}", "2026-11-30"),
            )
        )
        for n in range(count)
    ]
    store.journal_write(records, (), None)
    store.writes.clear()
    store.journal_writes.clear()
    return store


@pytest.mark.parametrize("count", [10, 10_000])
def test_a_roll_writes_what_it_adds_whatever_the_journal_s_size(count: int) -> None:
    """With 10 or 10,000 entries in the store, a roll writes one journal record of the same size
    (and the panel's own record), and the page holds at most twice ``HEAD`` entries: the work of
    an action does not grow with the journal."""
    from kit.journal_store import HEAD

    store = _stored(count)
    page = make_page()
    page.records.entries = store.entries
    mount_roller(page)
    held = page.rt.shared["journal"].value
    assert len(held.entries) <= 2 * HEAD and held.size == count
    page.records.writes.clear()
    page.click("gauss-roll")
    page.click("gauss-roll")
    assert page.records.writes.count("journal") == 2
    assert [n for n, _ in page.records.journal_writes] == [1, 1], "one entry written per roll, nothing else"
    sizes = [chars for _, chars in page.records.journal_writes]
    assert max(sizes) < 1500, "a roll's record is its own entry only"
    assert page.rt.shared["journal"].value.size == count + 2
    assert len(page.rt.shared["journal"].value.entries) <= 2 * HEAD


def test_the_same_roll_writes_the_same_bytes_with_10_or_10000_entries() -> None:
    """The bytes a roll writes, measured with a small and a big journal, are equal."""
    written = []
    for count in (10, 10_000):
        store = _stored(count)
        page = make_page()
        page.records.entries = store.entries
        mount_roller(page)
        page.records.journal_writes.clear()
        page.click("gauss-roll")
        written.append(page.records.journal_writes)
    assert written[0] == written[1]


def test_a_short_log_s_copy_and_download_are_of_its_view() -> None:
    """What ``CopyLog``/``DownloadLog`` give (``Runtime.log_text``) is the short log's view of the
    journal: the panel's lines, oldest first when asked, a hidden one as its public line, none of
    another panel's, none from before «Очистить»."""
    page = make_page()
    mount_roller(page)
    page.click("gauss-roll")
    page.click("gauss-log-clear")
    page.click("gauss-roll")
    page.click("gauss-roll")
    threat = importlib.import_module(registry.entry("threat").module)
    runtime_mount.mount(page.rt, threat.panel(random.Random(3)))
    page.click("threat-check")
    roller_lines = [e["ru"] for e in _journal(page) if e["panel"] == "roller"][:2]
    text = page.rt.log_text(page.rt.mounted["roller"], "Журнал", oldest_first=True)
    assert text == "\n".join(["Журнал", "", *roller_lines[::-1]]) + "\n"
    assert page.rt.log_text(page.rt.mounted["roller"]) == "\n".join(roller_lines)


def test_another_tab_s_clear_of_a_short_log_is_followed() -> None:
    """A short log cleared in another tab is cleared here too (its mark comes with the record);
    a clear made here since the version both knew stays this tab's."""
    from kit import runtime_follow

    page = make_page()
    mount_roller(page)
    page.click("gauss-roll")
    base = page.records.records["gm.panel.roller"]
    mark = [_journal(page)[0]["time"], _journal(page)[0]["id"]]
    theirs = json.dumps({**json.loads(base), "log_cleared": mark})
    runtime_follow.changed(page.rt, "gm.panel.roller", theirs, base, False)
    assert page.rt.mounted["roller"].cleared == tuple(mark) and not _lines(page, "gauss")
    page.click("gauss-roll")
    before = page.records.records["gm.panel.roller"]
    page.click("gauss-log-clear")
    mine = page.rt.mounted["roller"].cleared
    assert mine is not None and mine > tuple(mark)
    other = json.dumps({**json.loads(before), "form": {"gauss-luck": "6"}})  # found on disk instead of ours
    runtime_follow.changed(page.rt, "gm.panel.roller", other, before, True)
    assert page.rt.mounted["roller"].cleared == mine


def test_a_tab_s_part_of_journal_ids_is_not_drawn_at_import() -> None:
    """The page starts from a memory snapshot taken after the import: an id part drawn then would
    be every tab's, and two tabs' entries of one second would merge into one. So it is drawn at
    the tab's first entry (a fresh interpreter, as the snapshot, holds none yet)."""
    import subprocess
    import sys

    probe = "import kit.runtime_effects as r; print(repr(r._JOURNAL_IDS['tab'])); print(len(r.tab_id()))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT / "py"
    ).stdout.split()
    assert out == ["''", "8"]


def test_a_paste_too_long_to_read_is_refused_and_never_read_or_saved() -> None:
    """A text area over ``MAX_READ_CHARS`` reaches an action as "" with its length beside it: the
    roster's skills field is refused by the kit (nothing changes, nothing saved); the converter,
    which words it itself, says the length; no record takes the empty text (as for any field over
    ``MAX_FIELD_CHARS``, the record holds none)."""
    page = make_page()
    runtime_mount.mount(page.rt, roster.panel())
    runtime_mount.mount(page.rt, converter.panel())
    page.el("roster-name").value = "Кац"
    page.change("roster-g-skills", "Стрельба 3")
    before, saved = page.state("roster"), page.records.records["gm.panel.roster"]
    huge = "x" * (MAX_READ_CHARS + 1)
    page.el("roster-g-skills").value = huge
    page.click("roster-save")
    shown = [b.text for b in page.dom.query_all(page.el("roster"), ".error") if not b.hidden]
    assert shown == [
        f"Поле: слишком длинный текст ({MAX_READ_CHARS + 1} символов; можно до {MAX_READ_CHARS})."
    ]
    assert page.state("roster") is before and page.records.records["gm.panel.roster"] == saved
    assert page.dom.read_form(page.el("roster"))[OVERSIZED + "roster-g-skills"] == str(MAX_READ_CHARS + 1)

    page.change("convert-input", "Результат броска 3D20: 17 + 5 + 2 = 24.")
    page.click("convert-run")
    page.el("convert-input").value = huge
    page.click("convert-run")
    shown = [b.text for b in page.dom.query_all(page.el("converter"), ".error") if not b.hidden]
    assert len(shown) == 1 and f"слишком длинный текст ({MAX_READ_CHARS + 1} символов" in shown[0]
    form = json.loads(page.records.records["gm.panel.converter"])["form"]
    assert "convert-input" not in form and not any(key.startswith("@") for key in form)


def test_a_long_paste_and_its_output_cross_into_python_once_each() -> None:
    """Converting a 1 MB paste, the page's main thread copies the paste into Python once
    (the action's form) and never again (the record saves it not, so each save reads it by its
    length only); the 1 MB output stays in Python (its text area gets only the first lines,
    ``converter.preview``), and nothing reads the output back. (In the browser each such copy of a
    megabyte cost tens to hundreds of milliseconds, and laying out a megabyte in a text area half a
    second.)"""
    page = make_page()
    runtime_mount.mount(page.rt, converter.panel())
    paste = 'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\nболтовня\n' * 14_000
    long = MAX_FIELD_CHARS
    copies: list[str] = []
    read_form, value, set_value = page.dom.read_form, page.dom.value, page.dom.set_value

    def counted_form(section: El, /, limit: int = MAX_READ_CHARS) -> dict[str, str | bool]:
        form = read_form(section, limit)
        copies.extend(f"read {k}" for k, v in form.items() if isinstance(v, str) and len(v) > long)
        return form

    def counted_value(element: El, /) -> str:
        got = value(element)
        if len(got) > long:
            copies.append(f"read {element.attrs['id']}")
        return got

    def counted_set(element: El, text: str, /) -> None:
        if len(text) > long:
            copies.append(f"write {element.attrs['id']}")
        set_value(element, text)

    page.dom.read_form, page.dom.value, page.dom.set_value = counted_form, counted_value, counted_set  # type: ignore[method-assign]
    page.el("convert-input").value = paste
    page.click("convert-run")
    assert copies == ["read convert-input"], "the click: the action's own read, no save's"
    job, args, answer = page.worker.asked[-1]
    assert job == "converter.convert" and args == {"source": paste}
    answer({"ok": True, "result": compute.encode(converter_jobs.convert(source=paste))})
    output = converter_jobs.convert(source=paste)["output"]
    assert page.el("convert-output").value == converter.preview(output)[0]
    assert copies == ["read convert-input"], "the answer: no long write or read"
    record = json.loads(page.records.records["gm.panel.converter"])
    assert record["form"] == {} and record["state"] == {"source": None}


def test_the_same_text_typed_back_shows_its_result_again() -> None:
    """static/prefs.js empties the converter's output and disables Copy as soon as the log is edited
    (``data-clears``, ``data-disables``); when the edit ends on the very text that was converted,
    the state keeps its result, and the kit writes the output and Copy back (it had written them
    before, so without forgetting that it would think they still showed)."""
    page = make_page()
    runtime_mount.mount(page.rt, converter.panel())
    page.change("convert-input", converter.EXAMPLE)
    page.click("convert-run")
    shown = page.el("convert-output").value
    assert shown.startswith("Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4")
    page.el("convert-output").value = ""  # what prefs.js does on the input event
    page.el("convert-copy").attrs["disabled"] = ""
    page.dom.fire(page.el("convert-input"), "input")
    page.change("convert-input", converter.EXAMPLE)
    assert page.el("convert-output").value == shown and "disabled" not in page.el("convert-copy").attrs


def _threat_mounted(page: Page, seed: int) -> None:
    threat = importlib.import_module(registry.entry("threat").module)
    runtime_mount.mount(page.rt, threat.panel(random.Random(seed)))
    page.el("threat-screen").checked = False
    page.dom.fire(page.el("threat-screen"), "change")


def test_a_threat_undo_removes_its_entry_from_the_journal_and_adds_none() -> None:
    """The threat panel's «Отменить» in the page: the three draws are three entries of the journal of the evening; «Пополнить
    мешок» on a full bag writes none, and «Отменить» leaves the three as they were; a second
    «Отменить» removes the 9's entry, and no entry is ever added by an undo."""
    page = make_page()
    _threat_mounted(page, 9332)  # the first three checks keep 13, 18, 9
    for _ in range(3):
        page.click("threat-check")
    draws = _journal(page)
    assert len(draws) == 3 and "светлый 9" in draws[0]["ru"]
    page.click("threat-refill")
    page.click("threat-undo")
    assert _journal(page) == draws
    assert "Отменено: пополнение мешка." in page.el("threat-result").text
    page.click("threat-undo")
    assert _journal(page) == draws[1:]
    assert [li.text for li in page.dom.query_all(page.el("threat-journal"), "li")] == [
        e["ru"] for e in draws[1:]
    ]
    line_ids = [line.id for line in page.state("threat").journal]
    assert line_ids == [e["id"] for e in reversed(draws[1:])], "the panel's lines are the journal's entries"
