"""The journal's import (pure): a file read back, the page's «Скачать все данные» (``gm-dice-data.json``,
v2: its ``"journal"``; v1: its record ``gm.shared.journal``) or the journal's own JSON export
(``{"format": "gm-journal", "v": 2, …}``; v1 files too, their entries given evenings by their
times). A damaged or oversized entry is set aside, one dated over a day after now is refused
(``kit.journal_store.import_problem``); the rest merge into the journal by id, entry by entry.

Where the journal's store runs (IndexedDB), a file of any size is imported there instead, off the
main thread, by the same rules (static/journal-db.js ``Service.importFile``: the panel hands it
the chosen file); this module reads what the page itself holds: a file of at most 2 MB where
only localStorage saves.

>>> import json
>>> data = {"app": "gm-dice", "records": {"gm.shared.journal": {"v": 1, "value": {"entries": [
...     {"id": "1", "time": "2026-12-01T20:00:00", "panel": "roller", "ru": "8", "en": "8"}, {"id": 2}]}}}}
>>> found = read(json.dumps(data), "2026-12-02T20:00:00")
>>> [(e.id, e.evening.id) for e in found.good], found.bad
([('1', '2026-12-01T20:00:00')], ({'id': 2},))
>>> read('{"format": "gm-journal", "v": 2, "entries": []}', "2026-12-02T20:00:00").good
()
>>> read('{"app": "gm-dice", "records": {}}', "2026-12-02T20:00:00")
Traceback (most recent call last):
ValueError: no_journal
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from kit import aside, bounded_json
from kit.form import FILE_NAME, FILE_STORE, FILE_TEXT, NOW, Form, InputError
from kit.journal import JOURNAL, Entry, assign_evenings, entry_from_json
from kit.journal_store import HEAD, KEPT, PER_PANEL, import_problem, latest_allowed
from kit.msg import Cat, Renderable
from kit.panel import AskJournal, Download, Outcome
from kit.shared import Share
from panels.journal import text
from panels.journal.export import FORMAT
from panels.journal.listing import day_of
from panels.journal.state import Importing, State, ask

__all__ = [
    "MAX_CHARS",
    "MAX_IMPORT_MB",
    "Found",
    "download_aside",
    "import_file",
    "journal_of",
    "read",
    "undo_import",
]

MAX_CHARS = 4_000_000  # the kit passes files of at most 2 MB; a bound before parsing all the same
MAX_IMPORT_MB = 256  # a file the store imports (where only the page reads files: the kit's 2 MB)


@dataclass(frozen=True)
class Found:
    """The sound entries of a file (each with its evening) and the ones set aside (as they were):
    damaged, oversized, or dated in the future (``future`` counts those)."""

    good: tuple[Entry, ...]
    bad: tuple[Any, ...]
    future: int = 0


def journal_of(data: Any) -> Any:
    """The entries of a file's data: the journal's JSON (any version) or «Скачать все данные»
    (static/journal-db.js ``journalOf`` reads files the same way); ``None`` if it holds none."""
    if not isinstance(data, dict):
        return None
    if data.get("format") == FORMAT:
        return data.get("entries")
    if data.get("app") != "gm-dice":
        return None
    journal = data.get("journal")
    if isinstance(journal, dict) and journal.get("format") == FORMAT:
        return journal.get("entries")
    records = data.get("records")
    record = records.get(JOURNAL.key) if isinstance(records, dict) else None
    value = record.get("value") if isinstance(record, dict) else None
    return value.get("entries") if isinstance(value, dict) else None


def read(text: Any, latest: str) -> Found:
    """The journal entries in a file's ``text``, none dated after ``latest``
    (``kit.journal_store.latest_allowed``); ``ValueError`` with a code when it holds no journal:
    ``not_json`` (not JSON, or nested too deep to read safely), ``no_journal``."""
    if not isinstance(text, str):
        raise ValueError("not_json")
    try:
        data = bounded_json.loads(text, MAX_CHARS)
    except (ValueError, RecursionError) as error:
        raise ValueError("not_json") from error
    entries = journal_of(data)
    if not isinstance(entries, list):
        raise ValueError("no_journal")
    good: list[Entry] = []
    bad: list[Any] = []
    future = 0
    for raw in entries:
        try:
            entry = entry_from_json(raw)
        except ValueError:
            bad.append(raw)
            continue
        problem = import_problem(entry, len(json.dumps(raw, ensure_ascii=False)), latest)
        if problem is not None:
            bad.append(raw)
            future += problem == "future"
            continue
        good.append(entry)
    return Found(assign_evenings(good), tuple(bad), future)


# --------------------------------------------------------------------------- the panel's actions


def import_file(state: State, form: Form) -> Outcome[State]:
    """A chosen file («Скачать все данные» or the journal's JSON): its entries join the journal by
    id (an entry the journal has stays as it is), each where its time puts it; damaged ones are
    set aside and offered for download, ones dated over a day ahead refused, and none beyond what
    the journal keeps: the GM's own entries are never pushed out. The store imports a file of any
    size off the main thread, with progress; «Отменить» takes the import back. A file with no
    journal changes nothing."""
    now = str(form.get(NOW, ""))
    if form.get(FILE_STORE):
        args = {
            "now": now,
            "kept": KEPT,
            "maxBytes": MAX_IMPORT_MB * 1024 * 1024,
            "newest": HEAD,
            "perPanel": PER_PANEL,
        }
        begun = replace(state, importing=Importing(), note=text.IMPORTING, aside=(), aside_batch="")
        request = AskJournal("import", args, _imported, _import_progress, file="journal-import")
        return Outcome(begun, say=text.IMPORTING, effects=(request,))
    name = str(form.get(FILE_NAME, ""))[:200]
    try:
        found = read(form.get(FILE_TEXT), latest_allowed(now))
    except ValueError as error:
        raise InputError(text.IMPORT_REFUSED(file=name, why=text.IMPORT_WHY[str(error)])) from error
    journal = state.journal
    room = max(0, journal.cap - journal.size) if journal.cap else None
    joined, new = journal.joined(found.good, room=room)
    known = {e.id for e in journal.entries}
    fresh = tuple(e.id for e in joined.entries if e.id not in known)
    over = 0 if room is None else max(0, len({e.id for e in found.good} - known) - room)
    line = _imported_line(
        name, new, len(found.good) - new - over, len(found.bad) - found.future, found.future, over
    )
    done = replace(
        state, journal=joined, note=line, aside=found.bad, aside_batch="", undo_ids=fresh, undo_batch=""
    )
    return Outcome(done, say=line, effects=(Share(JOURNAL, joined),) if new else ())


def _imported_line(name: str, new: int, known: int, damaged: int, future: int, over: int) -> Renderable:
    parts: list[Renderable] = [text.IMPORTED(file=name, new=new, known=known, aside=damaged)]
    if future:
        parts.append(text.IMPORTED_FUTURE(count=future))
    if over:
        parts.append(text.IMPORTED_OVER(count=over))
    return Cat(tuple(parts), " ")


def _import_progress(state: State, answer: dict[str, Any]) -> State:
    done, total = answer.get("done"), answer.get("total")
    if not isinstance(done, int) or not isinstance(total, int):
        return state
    return replace(state, importing=Importing(done, total), note=text.IMPORT_PROGRESS(done=done, total=total))


def _imported(state: State, answer: dict[str, Any]) -> Outcome[State]:
    """The store's answer to an import (``Service.importFile``)."""
    stopped = replace(state, importing=None)
    batch = str(answer.get("batch", ""))
    name = str(answer.get("file", ""))[:200]
    if not answer.get("ok"):
        code = str(answer.get("code", ""))
        why = text.IMPORT_WHY.get(code, text.IMPORT_FAILED)
        refused = text.IMPORT_REFUSED(file=name, why=why)
        return Outcome(replace(stopped, note=""), error=refused)
    counts = {
        k: answer.get(k, 0) if isinstance(answer.get(k, 0), int) else 0
        for k in ("new", "known", "aside", "future", "over", "unsaved")
    }
    line = _imported_line(
        name, counts["new"], counts["known"], counts["aside"], counts["future"], counts["over"]
    )
    if counts["unsaved"]:
        unsaved = text.IMPORT_UNSAVED(
            count=counts["unsaved"],
            first=day_of(str(answer.get("unsaved_from", ""))),
            last=day_of(str(answer.get("unsaved_to", ""))),
            why=str(answer.get("failure") or ""),
        )
        line = Cat((line, unsaved), " ")
    done = replace(
        stopped,
        note=line,
        aside=(),
        aside_batch=batch if counts["aside"] or counts["future"] else "",
        undo_batch=batch if counts["new"] else "",
        undo_ids=(),
        found=None,
    )
    asked = ask(done)
    return Outcome(asked.state, say=line, effects=asked.effects)


def undo_import(state: State, form: Form) -> Outcome[State]:
    """«Отменить» after an import: the entries it added leave the journal (those the GM changed
    since stay)."""
    if state.undo_ids:
        journal = state.journal
        for ident in state.undo_ids:
            journal = journal.remove(ident)
        line = text.IMPORT_UNDONE(count=len(state.undo_ids))
        done = replace(state, journal=journal, undo_ids=(), note=line)
        return Outcome(done, say=line, effects=(Share(JOURNAL, journal),))
    if not state.undo_batch:
        return Outcome(state)
    request = AskJournal(
        "undo_import", {"batch": state.undo_batch, "newest": HEAD, "perPanel": PER_PANEL}, _undone
    )
    return Outcome(replace(state, undo_batch="", note=text.IMPORT_UNDOING), effects=(request,))


def _count(answer: dict[str, Any], key: str) -> int:
    value = answer.get(key, 0)
    return value if type(value) is int and value >= 0 else 0


def _undone(state: State, answer: dict[str, Any]) -> Outcome[State]:
    removed = _count(answer, "removed")
    line = text.IMPORT_UNDONE(count=removed)
    asked = ask(replace(state, note=line, found=None))
    return Outcome(asked.state, say=line, effects=asked.effects)


def download_aside(state: State, form: Form) -> Outcome[State]:
    """The damaged entries of the last imported file, as a file (``kit.aside``'s format)."""
    if state.aside_batch:
        args = {"batch": state.aside_batch, "filename": aside.FILE_NAME}
        return Outcome(state, effects=(AskJournal("aside", args, lambda s, _answer: s),))
    if not state.aside:
        raise InputError(text.NOTHING_ASIDE)
    lines = json.dumps(list(state.aside), ensure_ascii=False)
    file = aside.download_text({f"{JOURNAL.key} import": lines})
    return Outcome(state, effects=(Download(aside.FILE_NAME, file, "application/json"),))
