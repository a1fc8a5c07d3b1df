"""A panel: a frozen state, actions that return a new state, and a pure view of the state.

::

    ROLLER = Panel(
        name="roller",                      # the <section id>, and the storage key gm.panel.roller
        initial=State(),
        view=view,                          # State -> {element_id: Show}
        actions={"#gauss-roll": roll},      # selector -> (State, Form) -> State | Outcome
        dump=dump, load=load,               # what of the state survives a reload
        log=LogSpec("gauss", size=20),
    )

An action reads the form (``kit.form``), raises ``InputError`` on bad input (the kit keeps the
old state and shows the message) and returns the new state, or an ``Outcome`` that also logs,
announces or asks the kit for an effect (copy, download, fill fields). Everything here is pure:
the kit's runtime (``kit.runtime*``) shows it on the page, and a panel's logic is unit-tested by calling its actions
and views directly. This module also holds the saved record's format (``encode``/``decode``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, Union

from kit import bounded_json, common
from kit.form import OVERSIZED, Form
from kit.journal import LateRoll, LogMark, Note
from kit.msg import Cat, Msg, Renderable, both
from kit.shared import Follow, Share, Sound
from kit.view import View

__all__ = [
    "Action",
    "Answer",
    "AskJournal",
    "Compute",
    "ClearLog",
    "Copy",
    "CopyLog",
    "CopyUrl",
    "Download",
    "DownloadLog",
    "DownloadPng",
    "Effect",
    "LogEntry",
    "LogSpec",
    "Outcome",
    "Panel",
    "Restored",
    "Unlog",
    "check_record",
    "sound_url_params",
    "SetFields",
    "SetUrl",
    "decode",
    "dropped_notice",
    "encode",
    "log_entry",
    "outcome",
]

S = TypeVar("S")
R = TypeVar("R")
MAX_FIELD_CHARS = 200_000  # longer field values are not saved (a huge paste stays in the page only)
MAX_RECORD_CHARS = 4_000_000  # a panel's whole saved record


# --------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class Copy:
    """Copy ``text`` (rendered in the page's language) to the clipboard; say so in element ``status``."""

    text: Renderable
    status: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` (rendered in the page's language) as a UTF-8 download named ``filename``."""

    filename: str
    text: Renderable
    mime: str = "text/plain"


@dataclass(frozen=True)
class DownloadPng:
    """Offer an SVG drawing (``svg``: a standalone document, ``width`` × ``height`` user units) as
    a PNG image named ``filename``, drawn at twice that size on white (a chart's export)."""

    filename: str
    svg: str
    width: int
    height: int


@dataclass(frozen=True)
class SetUrl:
    """Put these query parameters into the page's URL (a share link; ``None`` removes one)."""

    params: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class SetFields:
    """Put values into form fields (a preset, an example): ``{element_id: str | bool}``."""

    values: tuple[tuple[str, str | bool], ...]


@dataclass(frozen=True)
class ClearLog:
    """Clear the panel's short log: its lines so far leave the view (they stay in the journal of
    the evening), and the kit offers «Отменить» beside it."""


@dataclass(frozen=True)
class CopyLog:
    """Copy the panel's log (newest first, in the page's language) and say so in ``status``."""

    status: str


@dataclass(frozen=True)
class CopyUrl:
    """Copy the page's address (after any ``SetUrl`` of the same outcome: a share link); say so in
    ``status``. ``offline``: what to say instead, without copying, when the page is the saved file
    (``file://``), where a link cannot be opened elsewhere."""

    status: str
    offline: Renderable | None = None


@dataclass(frozen=True)
class DownloadLog:
    """Offer the panel's log as a text file (newest first, or ``oldest_first``), under an optional
    ``title`` line."""

    filename: str
    title: Renderable | None = None
    oldest_first: bool = False


@dataclass(frozen=True)
class Unlog:
    """Remove these entries from the journal of the evening (by id): an undo takes back the lines
    of the step it undoes (``kit.form.LOG_ID`` gave their ids) and writes none of its own."""

    ids: tuple[str, ...]


_NO_RESULT: Any = None  # a failed answer's result (typed Any so that it fits every ``R``)


@dataclass(frozen=True)
class Answer(Generic[R]):
    """What a computation gave: ``result`` (decoded, see ``kit.compute``) when ``ok``, else an
    error ``code`` with ``params`` (a job's own refusal, or the kit's: ``timeout``, ``memory``).
    ``R`` is the job's result as decoded (JSON: lists, dicts, numbers, Fractions)."""

    ok: bool
    result: R = _NO_RESULT  # read it only when ``ok``
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)  # JSON from the worker


@dataclass(frozen=True)
class Compute(Generic[S, R]):
    """Run the job ``job`` (``kit.compute``) with ``args`` off the main thread, showing progress
    (``label`` says what is computed) with a Cancel button, then ``done(state, answer)``. A newer
    request, Cancel or the time budget ends it; the kit words its own failures (time, memory,
    cancelled) and then calls ``failed(state, answer)`` if given. Results of requests that were
    superseded are dropped. ``isolated`` jobs run user code: only in the sandboxed program runner
    (never our compute worker, never the page); where it cannot start, the answer is the error
    ``kit.compute.NEEDS_ISOLATION``.

    ``for_journal``: the answer gives journal entries their rolls (``kit.journal.LateRoll``): the
    computation is not stopped when the GM leaves the panel, as one only for the view is.

    ``journal``: the job gets the journal's entries this selection keeps (``kit.journal.Filter``'s
    fields: who, panel, evening, search) as its keyword ``entries``, their JSON newest first: the
    worker reads them from the journal's store itself, so the page never holds them
    (docs/compute.md). ``download``: (file name, type) of a job whose result is a text to
    download, which the page's script offers without copying it into Python; ``done`` then gets
    ``{"downloaded": characters}``."""

    job: str
    args: Mapping[str, Any]  # JSON-able keyword arguments of the job
    done: Callable[[S, Answer[R]], S | Outcome[S]]
    label: Renderable
    failed: Callable[[S, Answer[R]], S | Outcome[S]] | None = None
    isolated: bool = False
    journal: Mapping[str, str] | None = None
    download: tuple[str, str] | None = None
    for_journal: bool = False


@dataclass(frozen=True)
class AskJournal(Generic[S]):
    """Ask the journal's store ``kind`` with ``args`` (``kit.dom.Records.journal_ask``: the
    journal worker, off the main thread: a page of what a filter keeps, an import of the file
    chosen in the file input ``file``, its undo, an export), then ``done(state, answer)`` with the
    answer (a dict: JSON from static/journal-db.js); ``progress(state, answer)`` while it works.
    An answer that carries the store's newest entries (``"head"``) first becomes the journal the
    page holds (read in the answer's task; taken, and ``done`` run, in the next: each is tens of
    milliseconds for ~700 entries). A newer request of the same kind from the panel drops an older
    one's answer, until ``done`` runs."""

    kind: str
    args: Mapping[str, Any]
    done: Callable[[S, dict[str, Any]], S | Outcome[S]]
    progress: Callable[[S, dict[str, Any]], S] | None = None
    file: str = ""


Effect = Union[  # noqa: UP007  (a generic alias: Effect[S] is what an Outcome[S] may ask for)
    Copy,
    CopyUrl,
    Download,
    DownloadPng,
    SetFields,
    SetUrl,
    ClearLog,
    CopyLog,
    DownloadLog,
    Compute[S, Any],
    AskJournal[S],
    Share,
    Note,
    LateRoll,
    Unlog,
]


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """A new state plus what to log (a renderable, stored in both languages), what to announce to
    screen readers, and effects for the kit to carry out.

    ``error`` refuses the input like ``InputError`` (the message shows in the error box) but still
    moves to ``state``: e.g. a refused conversion clears the previous result instead of leaving it
    beside input it does not belong to."""

    state: S
    log: Renderable | None = None
    say: Renderable | None = None
    effects: tuple[Effect[S], ...] = ()
    error: Renderable | None = None


Action = Callable[[S, Form], S | Outcome[S]]


def outcome(result: S | Outcome[S], /) -> Outcome[S]:
    """An action's result as an ``Outcome`` (a bare state is an outcome that says nothing)."""
    return result if isinstance(result, Outcome) else Outcome(result)


# --------------------------------------------------------------------------- log


@dataclass(frozen=True)
class LogSpec:
    """The panel's short log: elements ``PREFIX-log`` (an ``<ol>``), ``PREFIX-log-empty``,
    ``PREFIX-log-notice`` and an optional ``PREFIX-log-clear`` button. It is a view of the journal
    of the evening (``kit.journal``): the panel's ``size`` newest entries there, after the mark
    its «Очистить» left; no line is stored twice. A log a record saved before (its ``log`` list),
    or the localStorage key ``legacy_key`` (before the kit), is read once and carried into the
    journal."""

    prefix: str
    size: int = 50
    timestamps: bool = False
    legacy_key: str | None = None


@dataclass(frozen=True)
class LogEntry:
    """A line of a panel's short log in both languages (the journal entry's, as it shows: a hidden
    one's public line), with its time for a panel that shows times."""

    ru: str
    en: str
    time: str = ""

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.ru


def log_entry(line: Renderable, time: str = "") -> LogEntry:
    texts = both(line)
    return LogEntry(texts["ru"], texts["en"], time)


def _entry_from_json(raw: Any) -> LogEntry:
    if not isinstance(raw, dict):
        raise ValueError("a log entry must be an object")
    ru = raw.get("ru", raw.get("text"))  # "text": the format before the kit (Russian)
    en = raw.get("en", ru)
    time = raw.get("time", "")
    if not (isinstance(ru, str) and isinstance(en, str) and isinstance(time, str)):
        raise ValueError("a log entry's texts must be strings")
    return LogEntry(ru, en, time)


# --------------------------------------------------------------------------- the panel


@dataclass(frozen=True)
class Panel(Generic[S]):
    """One tool of the page; see the module docstring.

    ``dump``/``load`` turn the state into JSON-able data and back (``load`` raises ``ValueError``
    on anything malformed: the kit then starts from ``initial`` and says what was dropped).
    ``start`` runs once after the saved state and fields are restored, with the URL's query
    parameters (a share link). ``legacy`` reads data saved before the kit (given a function that
    returns the JSON under a localStorage key, or ``None``) and returns dumped state, or ``None``.
    ``follows`` lists the shared values (``kit.shared``) the panel keeps in step with.
    ``merge(base, mine, theirs, mine_is_newer)`` joins this tab's state with another tab's newer
    record (both changed since ``base``); without it the newer state is kept whole (a collection
    in the state, such as a journal, should merge instead: ``kit.merge``).
    ``long_fields`` are text areas whose actions word a paste too long to read themselves
    (``form.oversized``); for any other, the kit refuses the action with ``common.TOO_LONG``.
    ``later(state)`` is the view's work left for later (a long list drawn a screen at a time):
    after each render the kit calls it in a task of its own and renders the state it returns,
    until it returns ``None``; so no render of the panel is longer than a slice of that work.
    """

    name: str
    initial: S
    view: Callable[[S], View]
    actions: Mapping[str, Action[S]] = field(default_factory=dict)
    dump: Callable[[S], Any] | None = None
    load: Callable[[Any], S] | None = None
    log: LogSpec | None = None
    start: Callable[[S, Form, Mapping[str, str]], S | Outcome[S]] | None = None
    legacy: Callable[[Callable[[str], Any]], Any] | None = None
    unsaved_fields: frozenset[str] = frozenset()
    long_fields: frozenset[str] = frozenset()
    title: Msg | None = None
    fallback: S | None = None
    follows: tuple[Follow[S, Any], ...] = ()
    merge: Callable[[S, S, S, bool], S] | None = None
    later: Callable[[S], S | None] | None = None

    @property
    def key(self) -> str:
        return f"gm.panel.{self.name}"


# --------------------------------------------------------------------------- the saved record

WHAT_FIELDS = Msg("kit.saved.fields", "поля формы", "form fields")
WHAT_STATE = Msg("kit.saved.state", "состояние панели", "the panel's state")
WHAT_LOG = Msg("kit.saved.log", "журнал", "the log")


@dataclass(frozen=True)
class Restored(Generic[S]):
    """What a saved record gave back, and what had to be dropped (renderables naming the parts).
    ``log``: the lines an older record kept itself (the kit carries them into the journal once);
    ``cleared``: the mark of the panel's last «Очистить»."""

    form: dict[str, str | bool]
    state: S
    log: tuple[LogEntry, ...]
    dropped: tuple[Renderable, ...] = ()
    log_damaged: bool = False
    log_set_aside: int = 0  # damaged log entries left out (the others are kept)
    cleared: LogMark | None = None


def encode(
    panel: Panel[S], form: Mapping[str, str | bool], state: S, cleared: LogMark | tuple[()] | None = None
) -> str:
    """The panel's whole saved record as one JSON text (one write: fields and state agree). Its log
    lines are the journal's (``LogSpec``); the record keeps only where «Очистить» left it."""
    fields = {
        key: value
        for key, value in form.items()
        if key not in panel.unsaved_fields
        and not key.startswith("@")  # the kit's own keys (``form.OVERSIZED``)
        and OVERSIZED + key not in form  # too long to read (and to save, as below)
        and (isinstance(value, bool) or len(value) <= MAX_FIELD_CHARS)
    }
    record: dict[str, Any] = {"v": 1, "form": fields}
    if panel.dump is not None:
        record["state"] = panel.dump(state)
    if panel.log is not None and cleared:
        record["log_cleared"] = list(cleared)
    return json.dumps(record, ensure_ascii=False)


def _form_from_json(raw: Any) -> tuple[dict[str, str | bool], bool]:
    if not isinstance(raw, dict):
        return {}, raw is not None
    good = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str | bool)}
    return good, len(good) != len(raw)


def _fallback(panel: Panel[S]) -> S:
    return panel.initial if panel.fallback is None else panel.fallback


def decode(panel: Panel[S], raw: str | None, legacy: Callable[[str], Any] | None = None) -> Restored[S]:
    """A saved record back; each broken part is dropped on its own, and named in ``dropped``.

    With no record yet, ``legacy`` (a reader of old localStorage keys) lets the panel carry over
    what it saved before the kit.
    """
    dropped: list[Renderable] = []
    record: Any = None
    if raw is not None:
        try:
            record = bounded_json.loads(raw, MAX_RECORD_CHARS)
        except (ValueError, RecursionError):
            record = None
        if not isinstance(record, dict):
            return Restored(
                {}, _fallback(panel), (), (WHAT_FIELDS, WHAT_STATE, WHAT_LOG), panel.log is not None
            )
    elif legacy is not None:
        record = {"form": {}}
        if panel.legacy is not None:
            try:
                record["state"] = panel.legacy(legacy)
            except ValueError:
                dropped.append(WHAT_STATE)
        if panel.log is not None and panel.log.legacy_key:
            record["log"] = legacy(panel.log.legacy_key)
    else:
        record = {}

    form, form_damaged = _form_from_json(record.get("form"))
    if form_damaged:
        dropped.append(WHAT_FIELDS)

    state = _fallback(panel) if WHAT_STATE in dropped else panel.initial
    if panel.load is not None and record.get("state") is not None:
        try:
            state = panel.load(record["state"])
        except (ValueError, TypeError, KeyError):
            dropped.append(WHAT_STATE)
            state = _fallback(panel)

    log: list[LogEntry] = []
    log_damaged, log_set_aside = False, 0
    if panel.log is not None and record.get("log") is not None:
        saved = record["log"]
        if not isinstance(saved, list):
            log_damaged = True
        else:
            for entry in saved[: panel.log.size]:  # entry by entry: a damaged one is left out alone
                try:
                    log.append(_entry_from_json(entry))
                except ValueError:
                    log_set_aside += 1
    mark = record.get("log_cleared")
    cleared = (
        (mark[0], mark[1])
        if isinstance(mark, list) and len(mark) == 2 and all(isinstance(m, str) for m in mark)
        else None
    )
    return Restored(form, state, tuple(log), tuple(dropped), log_damaged, log_set_aside, cleared)


def dropped_notice(dropped: tuple[Renderable, ...]) -> Renderable | None:
    """The notice shown when parts of a saved record were dropped."""
    if not dropped:
        return None
    return common.SAVED_DROPPED(what=Cat(dropped, ", "))


def check_record(text: object) -> str | None:
    """``None`` if ``text`` may be saved as a record, else why not: only text that is valid UTF-8,
    valid JSON and within the size limit is ever written, so damage never reaches the disk.

    >>> check_record('{"v": 1}') is None
    True
    >>> check_record('{"v": 1'), check_record(42)
    ('not_json', 'not_text')
    >>> check_record("[" * 1000 + "]" * 1000)
    'too_deep'
    """
    if not isinstance(text, str):
        return "not_text"
    if isinstance(text, Sound):  # its parts were checked when they were made
        return "too_large" if len(text) > MAX_RECORD_CHARS else None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "not_utf8"
    try:
        bounded_json.loads(text, MAX_RECORD_CHARS)
    except bounded_json.BoundError as error:
        return error.code
    except (ValueError, RecursionError):
        return "not_json"
    return None


MAX_URL_VALUE = 16_000  # a whole dice lab with its program (compressed) fits


def sound_url_params(params: tuple[tuple[str, str | None], ...]) -> tuple[tuple[str, str | None], ...]:
    """The share-link parameters that may go into the URL: valid UTF-8 within the size limit (a
    removal, ``None``, always may); anything else is left out rather than written.

    >>> sound_url_params((("expr", "3d6"), ("long", "x" * 20_000), ("y", None)))
    (('expr', '3d6'), ('y', None))
    """
    sound = []
    for key, value in params:
        if value is not None and (
            len(value) > MAX_URL_VALUE or check_record(json.dumps(value, ensure_ascii=False))
        ):
            continue
        sound.append((key, value))
    return tuple(sound)
