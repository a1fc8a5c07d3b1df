"""Where the panels' records are kept: IndexedDB (static/storage.js), else localStorage.

``load()`` reads every record once, before the panels mount; ``read`` then answers from memory.
``save`` writes a whole record in one strict-durability transaction and reports a failure
(quota, private mode, blocked storage) to ``on_failure`` with the key, so the page can say what
was not saved and offer a way out; ``on_saved`` hears when a key is saved again. A record is
checked before it is written (``kit.panel.check_record``), so damaged text never reaches the disk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import window

from kit import aside
from kit.panel import MAX_RECORD_CHARS, check_record

__all__ = [
    "backend",
    "legacy_json",
    "load",
    "on_change",
    "on_failure",
    "on_saved",
    "on_settle",
    "read",
    "save",
    "set_aside",
    "set_aside_records",
    "usage",
]

_records: dict[str, str] = {}
_state: dict[str, Any] = {"backend": "indexeddb"}
_failure: list[Callable[[str, str], None]] = []
_saved: list[Callable[[str], None]] = []
_bases: dict[str, str | None] = {}  # key → the text this tab last knew on disk (None: unknown)
_change: list[Callable[[str, str, str | None, bool], None]] = []
_in_flight: dict[str, int] = {}  # key → saves of this tab not answered yet
_aside: dict[str, str] = {}  # key → the damaged text found under it on this load


def backend() -> str:
    """ "indexeddb", or "localstorage" when IndexedDB could not be opened."""
    return _state["backend"]


async def load() -> None:
    """Read every saved record (falls back to localStorage where IndexedDB is refused)."""
    try:
        found = await window.gmStorage.loadAll()
        _records.update({str(k): str(v) for k, v in found.to_py().items() if isinstance(v, str)})
        _bases.update(_records)
    except Exception:
        _state["backend"] = "localstorage"
        storage = window.localStorage
        for index in range(int(storage.length)):
            key = str(storage.key(index))
            if key.startswith(("gm.panel.", "gm.shared.")):
                _records[key] = str(storage.getItem(key))


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


def usage(callback: Callable[[int, int], None]) -> None:
    """``callback(bytes used, quota)`` when the browser says (nothing if it cannot)."""

    def told(answer: Any) -> None:
        if answer is not None and hasattr(answer, "to_py"):
            used, quota = answer.to_py()
            callback(int(used), int(quota))

    window.gmStorage.usage().then(create_once_callable(told), create_once_callable(lambda *_: None))
