"""Where the panels' records are kept: IndexedDB (static/storage.js), else localStorage.

``load()`` reads every record once, before the panels mount; ``read`` then answers from memory.
``save`` writes a whole record in one strict-durability transaction and reports a failure
(quota, private mode, blocked storage) to ``on_failure`` with the key, so the page can say what
was not saved and offer a way out; ``on_saved`` hears when a key is saved again. A record is
checked before it is written (``kit.panel.check_record``), so damaged text never reaches the disk.

The journal is kept entry by entry (``kit.journal_store``): ``load()`` also reads its newest
entries (``journal_head``), ``journal_write`` writes an action's entries (a failure is reported
under the journal's key, and ``journal_retry`` writes them again), and ``journal_ask`` hands the
work over the whole journal (a filter, an import, an export) to the journal worker
(static/journal-worker.js). Where only localStorage saves, each entry is a key ``gm.journal.ID``
and the page keeps at most ``kit.journal.LIMIT`` (and says so).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import window

from kit import aside, bounded_json
from kit.journal import JOURNAL, LogMark
from kit.journal_store import (
    HEAD,
    MAX_ENTRY_CHARS,
    MAX_ENTRY_DEPTH,
    PER_PANEL,
    StoreRecord,
    record_problem,
    records_text,
)
from kit.panel import MAX_RECORD_CHARS, check_record

__all__ = [
    "backend",
    "journal_ask",
    "journal_head",
    "journal_in_store",
    "journal_retry",
    "journal_write",
    "legacy_json",
    "load",
    "on_change",
    "on_failure",
    "on_journal",
    "on_saved",
    "on_settle",
    "read",
    "save",
    "set_aside",
    "set_aside_records",
    "usage",
    "watch_usage",
]

_records: dict[str, str] = {}
_state: dict[str, Any] = {"backend": "indexeddb"}
_failure: list[Callable[[str, str], None]] = []
_saved: list[Callable[[str], None]] = []
_bases: dict[str, str | None] = {}  # key → the text this tab last knew on disk (None: unknown)
_change: list[Callable[[str, str, str | None, bool], None]] = []
_in_flight: dict[str, int] = {}  # key → saves of this tab not answered yet
_aside: dict[str, str] = {}  # key → the damaged text found under it on this load
_journal: dict[str, Any] = {"head": None}  # the journal's newest entries as load() read them
_unwritten: dict[str, StoreRecord | None] = {}  # entry id → its record (None: its deletion) not yet on disk
_heard: list[Callable[[str], None]] = []  # who hears of journal entries written elsewhere
_usage: list[Callable[[int, int], None]] = []  # who shows how much is stored, after writes
ENTRY_PREFIX = "gm.journal."  # localStorage: one key per entry


def backend() -> str:
    """ "indexeddb", or "localstorage" when IndexedDB could not be opened."""
    return _state["backend"]


async def load() -> None:
    """Read every saved record and the journal's newest entries (falls back to localStorage where
    IndexedDB is refused)."""
    try:
        found = await window.gmStorage.loadAll()
        _records.update({str(k): str(v) for k, v in found.to_py().items() if isinstance(v, str)})
        _bases.update(_records)
        _journal["head"] = str(await window.gmStorage.journalHead(HEAD, PER_PANEL))
    except Exception:
        _state["backend"] = "localstorage"
        storage = window.localStorage
        entries: list[tuple[str, str, str]] = []
        for index in range(int(storage.length)):
            key = str(storage.key(index))
            if key.startswith(("gm.panel.", "gm.shared.")):
                _records[key] = str(storage.getItem(key))
            elif key.startswith(ENTRY_PREFIX):
                entries.append(_local_entry(key, str(storage.getItem(key))))
        _journal["head"] = _local_head(entries)


def _local_entry(key: str, raw: str) -> tuple[str, str, str]:
    """(time, id, JSON text) of an entry kept in localStorage (its text as it is if damaged)."""
    try:
        record = bounded_json.loads(raw, 2 * MAX_ENTRY_CHARS, MAX_ENTRY_DEPTH)
        return (str(record["t"]), str(record["id"]), str(record["j"]))
    except (ValueError, TypeError, KeyError, RecursionError):
        return ("", key[len(ENTRY_PREFIX) :], raw)


def _local_head(entries: list[tuple[str, str, str]]) -> str:
    """The journal as localStorage holds it, in the store's answer (``journal_head``): all of it."""
    entries.sort(reverse=True)
    good, bad = [], []
    for _time, ident, text in entries:
        try:
            parsed = bounded_json.loads(text, MAX_ENTRY_CHARS, MAX_ENTRY_DEPTH)
        except (ValueError, RecursionError):
            parsed = None
        if isinstance(parsed, dict) and parsed.get("id") == ident:
            good.append(text)
        else:
            bad.append([ident, text])
    return (
        f'{{"total": {len(good)}, "horizon": null, "entries": [{", ".join(good)}], "bad": {json.dumps(bad)}}}'
    )


def read(key: str) -> str | None:
    return _records.get(key)


def legacy_json(key: str) -> Any:
    """What an older version saved in localStorage under ``key`` (read once, to carry it over;
    untrusted like any saved data: bounded before it is parsed)."""
    from kit import bounded_json

    try:
        raw = window.localStorage.getItem(key)
        return bounded_json.loads(raw) if isinstance(raw, str) else None
    except Exception:
        return None


def on_failure(callback: Callable[[str, str], None]) -> None:
    """``callback(key, reason)`` when a save fails."""
    _failure.append(callback)


def on_saved(callback: Callable[[str], None]) -> None:
    _saved.append(callback)


def on_settle(callback: Callable[[], None]) -> None:
    """``callback()`` when someone waits for the disk to agree with the page
    (``gmStorage.settled()``): it asks now for the saves still waiting (typed text)."""
    window.gmStorage.onSettle(create_proxy(callback))


def _failed(key: str, reason: str) -> None:
    window.console.warn(f"could not save {key}: {reason}")
    for callback in _failure:
        callback(key, reason)


def _done(key: str) -> None:
    for callback in _saved:
        callback(key)


def save(key: str, text: str) -> None:
    """Write ``text`` under ``key``: at once in memory, on disk when the transaction completes."""
    problem = check_record(text)
    if problem is not None:
        _failed(key, problem)
        return
    text = str(text)  # a ``Sound`` text is checked; JavaScript gets a plain string
    _records[key] = text
    if _state["backend"] == "localstorage":
        try:
            window.localStorage.setItem(key, text)
        except Exception as error:
            _failed(key, type(error).__name__)
        else:
            _done(key)
        return

    base = _bases.get(key, "")
    _bases[key] = text  # what the next save of this tab will find on disk (transactions keep order)
    _in_flight[key] = _in_flight.get(key, 0) + 1

    def answered(problem: Any = None) -> None:  # storage.js: null (JsNull here) once on disk, else why not
        _in_flight[key] -= 1
        if isinstance(problem, str):
            _bases[key] = None  # unknown now: the next save writes whatever is there
            _failed(key, problem)
        elif hasattr(problem, "current"):  # another tab wrote first: merge its version, save again
            _changed(key, str(problem.current), base or None)
        else:
            _done(key)

    window.gmStorage.save(key, text, base).then(
        create_once_callable(answered), create_once_callable(lambda *_: _failed(key, "Error"))
    )


def on_change(callback: Callable[[str, str, str | None, bool], None]) -> None:
    """``callback(key, text, base, found)`` when another tab saved ``key``: ``text`` is the record
    on disk. ``found``: a save of this tab found it instead of ``base``, the version that save was
    based on (``None``: no record); else the other tab's save was heard of."""
    _change.append(callback)

    def heard(key: Any, text: Any) -> None:
        if not _in_flight.get(str(key)):  # a save of this tab in flight checks the disk itself
            _changed(str(key), str(text), None, found=False)

    window.gmStorage.onChange(create_proxy(heard))


def _changed(key: str, text: str, base: str | None, found: bool = True) -> None:
    if check_record(text) is not None:
        return  # not a record of ours: the next save of this tab replaces it
    _records[key] = text
    _bases[key] = text
    for callback in _change:
        callback(key, text, base, found)


def set_aside(key: str, raw: str) -> None:
    """Keep the damaged text found under ``key`` under a key of its own, before any repair is
    written over it (too big a text stays in memory only: it is still offered for download)."""
    when = str(window.Date.new().toISOString())
    _aside[key] = raw
    if len(raw) < MAX_RECORD_CHARS - 1000:
        save(aside.aside_key(key, when), aside.aside_record(key, raw, when))


def set_aside_records() -> dict[str, str]:
    """The damaged texts set aside on this load, by the key they were found under."""
    return dict(_aside)


# --------------------------------------------------------------------------- the journal


def journal_in_store() -> bool:
    return _state["backend"] == "indexeddb"


def journal_head(newest: int, per_panel: int) -> str | None:
    """The journal's newest entries as ``load`` read them (once: later reads ask the store)."""
    head, _journal["head"] = _journal["head"], None
    return head


def on_journal(callback: Callable[[str], None]) -> None:
    """``callback(text)`` with entries written elsewhere (``kit.journal_store.news_from_text``):
    another tab's, heard of, or found on disk by a write of this tab."""
    _heard.append(callback)
    if journal_in_store():
        window.gmStorage.onJournal(create_proxy(lambda text: [heard(str(text)) for heard in _heard]))


def watch_usage(callback: Callable[[int, int], None]) -> None:
    """``callback(used, quota)`` now and a little after the journal grows or shrinks."""
    _usage.append(callback)
    usage(callback)


def _usage_changed() -> None:
    if _usage and "usage_timer" not in _state:

        def tell() -> None:
            _state.pop("usage_timer", None)
            for callback in _usage:
                usage(callback)

        _state["usage_timer"] = window.setTimeout(create_once_callable(tell), 2000)


def journal_write(
    records: Sequence[StoreRecord], gone: Sequence[str], since: LogMark | None, retire: str | None = None
) -> None:
    """Write these entries and delete these ids (IndexedDB: one strict transaction; localStorage:
    a key each). A record that may not be written (``record_problem``) or a write that fails is
    reported under the journal's key and kept for ``journal_retry``."""
    sound = []
    for record in records:
        problem = record_problem(record)
        if problem is not None:
            _failed(JOURNAL.key, problem)
        else:
            sound.append(record)
    for record in sound:
        _unwritten[record.id] = record
    for ident in gone:
        _unwritten[ident] = None
    if journal_in_store():
        _write_idb(sound, tuple(gone), since, retire)
    else:
        _write_local(sound, tuple(gone), retire)


def _written(records: Sequence[StoreRecord], gone: Sequence[str]) -> None:
    for record in records:
        if _unwritten.get(record.id) is record:
            del _unwritten[record.id]
    for ident in gone:
        if ident in _unwritten and _unwritten[ident] is None:
            del _unwritten[ident]


def _write_idb(
    records: Sequence[StoreRecord], gone: Sequence[str], since: LogMark | None, retire: str | None
) -> None:
    def answered(result: Any) -> None:
        text = str(result)
        if not text.startswith("["):  # the name of what went wrong
            _failed(JOURNAL.key, text)
            return
        _written(records, gone)
        if not _unwritten:
            _done(JOURNAL.key)
        if text != "[]":
            found = '{"put": ' + text + ', "gone": []}'
            for heard in _heard:
                heard(found)
        _usage_changed()

    window.gmStorage.journalWrite(
        records_text(records), to_js(list(gone)), to_js(list(since)) if since else None, retire
    ).then(create_once_callable(answered), create_once_callable(lambda *_: _failed(JOURNAL.key, "Error")))


def _write_local(records: Sequence[StoreRecord], gone: Sequence[str], retire: str | None) -> None:
    storage = window.localStorage
    try:
        for record in records:
            text = json.dumps(
                {"id": record.id, "t": record.time, "p": record.panel, "e": record.evening, "j": record.text}
            )
            storage.setItem(ENTRY_PREFIX + record.id, text)
        for ident in gone:
            storage.removeItem(ENTRY_PREFIX + ident)
        if retire:
            storage.removeItem(retire)
    except Exception as error:
        _failed(JOURNAL.key, type(error).__name__)
        return
    _written(records, gone)
    if not _unwritten:
        _done(JOURNAL.key)


def journal_retry() -> None:
    pending = dict(_unwritten)
    records = [r for r in pending.values() if r is not None]
    gone = [ident for ident, r in pending.items() if r is None]
    if records or gone:
        journal_write(records, gone, None)


def journal_ask(
    kind: str,
    args: Mapping[str, Any],
    on_answer: Callable[[str], None],
    on_progress: Callable[[str], None] | None = None,
    file: Any = None,
) -> None:
    """Ask the journal worker (``kit.dom.Records.journal_ask``); where only localStorage saves, the
    page holds the whole journal and only ``head`` is answered."""
    if not journal_in_store():
        if kind == "head":
            storage = window.localStorage
            entries = [
                _local_entry(key, str(storage.getItem(key)))
                for key in (str(storage.key(i)) for i in range(int(storage.length)))
                if key.startswith(ENTRY_PREFIX)
            ]
            answer = _local_head(entries)
        else:
            answer = json.dumps({"ok": False, "code": "unavailable"})
        window.setTimeout(create_once_callable(lambda: on_answer(answer)), 0)
        return
    if kind == "export":  # what is on screen, saved or not: the entries not yet on disk go too
        pending = dict(_unwritten)
        args = {
            **args,
            "unsaved": [r.text for r in pending.values() if r is not None],
            "gone": [ident for ident, r in pending.items() if r is None],
        }
    progress = create_proxy(lambda text: on_progress(str(text))) if on_progress is not None else None

    def answered(text: Any) -> None:
        if progress is not None:
            progress.destroy()
        if kind in ("import", "undo_import", "trim"):
            _usage_changed()
        on_answer(str(text))

    promise = window.gmJournal.ask(kind, json.dumps(dict(args), ensure_ascii=False), file, progress)
    promise.then(create_once_callable(answered))


def usage(callback: Callable[[int, int], None]) -> None:
    """``callback(bytes used, quota)`` when the browser says (nothing if it cannot)."""

    def told(answer: Any) -> None:
        if answer is not None and hasattr(answer, "to_py"):
            used, quota = answer.to_py()
            callback(int(used), int(quota))

    window.gmStorage.usage().then(create_once_callable(told), create_once_callable(lambda *_: None))
