"""Running a panel's actions and carrying out their outcomes: one handler per effect type.

An action runs with the section's form; bad input (``InputError``) shows its message in the
nearest error box and changes nothing; anything unexpected is logged to the console and reported
as an internal error. After an action the runtime carries out the effects, logs, saves the whole
record in one write, writes the new view and announces; a ``Compute`` then goes to the worker,
with elapsed time and Cancel shown until its answer, and a superseded answer is dropped.
"""

from __future__ import annotations

import secrets
import traceback
from collections.abc import Callable
from typing import Any, assert_never

from kit import common, compute, undo
from kit.dom import Element
from kit.form import ARG, LANG, LOG_ID, MAX_READ_CHARS, NOW, OVERSIZED, InputError
from kit.journal import (
    JOURNAL,
    Filter,
    LateRoll,
    Note,
    entry_for,
    entry_to_json,
    evening_now,
    mark_of,
    note_of,
)
from kit.journal_store import Head, head_from_data, read_answer
from kit.msg import Renderable, fixed, render
from kit.panel import (
    Answer,
    AskJournal,
    ClearLog,
    Compute,
    Copy,
    CopyLog,
    CopyUrl,
    Download,
    DownloadLog,
    DownloadPng,
    Effect,
    Outcome,
    SetFields,
    SetUrl,
    Unlog,
    outcome,
    sound_url_params,
)
from kit.runtime import Mounted, Offer, Runtime
from kit.shared import Share
from kit.view import Node, to_html

__all__ = ["KEEP", "KIT_FAILURES", "apply", "error_box", "guarded", "run"]


def _copy(rt: Runtime, mounted: Mounted, text: str, status_id: str) -> None:
    status = rt.by_id(status_id)
    mounted.statuses.add(status_id)
    rt.dom.clipboard(
        text,
        lambda: rt.say(mounted, status, common.COPIED),
        lambda: rt.say(mounted, status, common.COPY_FAILED),
    )


def _effect(
    rt: Runtime, mounted: Mounted, effect: Effect[Any], box: Element | None
) -> Compute[Any, Any] | AskJournal[Any] | None:
    """Carry out one effect; a ``Compute`` or an ``AskJournal`` is returned, to be asked for once
    the state is shown."""
    dom = rt.dom
    match effect:
        case SetFields(values=values):
            for key, value in values:
                dom.put_field(mounted.section, key, value)
        case ClearLog():
            _clear_log(rt, mounted)
        case Copy(text=text, status=status):
            _copy(rt, mounted, render(text, rt.lang), status)
        case CopyLog(status=status):
            _copy(rt, mounted, rt.log_text(mounted), status)
        case Download(filename=filename, text=text, mime=mime):
            dom.download(filename, render(text, rt.lang), mime)
        case DownloadPng(filename=filename, svg=svg, width=width, height=height):
            dom.download_png(filename, svg, width, height)
        case SetUrl(params=params):
            dom.set_url(sound_url_params(params))
        case CopyUrl(status=status, offline=offline):
            if offline is not None and dom.from_disk():
                mounted.statuses.add(status)
                rt.say(mounted, rt.by_id(status), offline)
            else:
                _copy(rt, mounted, dom.address(), status)
        case DownloadLog(filename=filename, title=title, oldest_first=oldest_first):
            dom.download(filename, rt.log_text(mounted, title, oldest_first), "text/plain")
        case Share(shared=shared, value=value):
            rt.share(mounted, shared, value)
        case Compute() | AskJournal():
            return effect
        case Note():
            pass  # read with the outcome's log line (``journal``)
        case LateRoll(entry=ident, roll=roll):
            before = rt.shared_value(JOURNAL)
            after = before.with_roll(ident, roll)
            if after is not before:  # that one entry written (``runtime_journal.keep``)
                rt.share(mounted, JOURNAL, after)
        case Unlog(ids=ids):
            before = rt.shared_value(JOURNAL)
            after = before
            for ident in ids:
                after = after.remove(ident)
            if after != before:  # also an entry held on disk only (``Journal.remove`` notes it)
                rt.share(mounted, JOURNAL, after)
        case _:
            assert_never(effect)
    return None


def apply(
    rt: Runtime, mounted: Mounted, result: Any, box: Element | None = None, log_id: str | None = None
) -> None:
    """Carry out an action's outcome; ``box`` is the error box near the control that asked (a
    computation shows its progress there); ``log_id``: the id its log line gets (the action saw it
    as ``form[LOG_ID]``)."""
    done = outcome(result)
    mounted.state = done.state
    for status_id in mounted.statuses:  # "Copied." spoke of the previous result
        rt.say(mounted, rt.by_id(status_id), None)
    mounted.statuses.clear()
    computing = [job for effect in done.effects if (job := _effect(rt, mounted, effect, box)) is not None]
    if done.log is not None:  # the panel's short log shows it from the journal
        journal(rt, mounted, done.log, note_of(done.effects), log_id)
    rt.save(mounted)
    rt.render(mounted)
    if done.say is not None:
        rt.dom.set_text(rt.by_id("announcer"), render(done.say, rt.lang))
    for job in computing:  # after the state is shown: the answer may come at once
        near = box if box is not None else rt.error_of(mounted)
        if isinstance(job, AskJournal):
            _ask(rt, mounted, job, near)
        else:
            _compute(rt, mounted, job, near)


def _clear_log(rt: Runtime, mounted: Mounted) -> None:
    """«Очистить» of a short log: its lines leave the view, not the journal of the evening (the
    mark of the newest one is kept in the panel's record), and «Отменить» beside «Журнал очищен.»
    puts the mark back as it was, whatever was logged since (an offer outlives the
    panel's other actions; a new clear replaces it)."""
    spec = mounted.panel.log
    if spec is None:
        return
    notice = rt.by_id(f"{spec.prefix}-log-notice")
    shown = rt.log_entries(mounted)
    if not shown:  # nothing to clear: an offer on screen stays, another notice goes
        on_screen = mounted.shown.get(f"{spec.prefix}-log-notice")
        if on_screen is None or not isinstance(on_screen[2], Offer):
            rt.say(mounted, notice, None)
        return
    before = mounted.cleared
    journal = rt.shared_value(
        JOURNAL
    )  # every line of the panel so far (a reveal line keeps its entry's time)
    mounted.cleared = max(mark_of(e) for e in journal.entries if e.panel == mounted.panel.name)

    def give_back() -> None:
        mounted.cleared = before
        rt.say(mounted, notice, None)
        rt.save(mounted)
        rt.render(mounted)

    rt.say(mounted, notice, common.LOG_CLEARED, Offer(undo.UNDO, f"{spec.prefix}-log-undo", give_back))


# Entry ids unique across tabs: the tab's part is drawn at its first entry, from the system's
# randomness; drawn at import it would be the same in every tab (the page starts from a memory
# snapshot taken after the import, docs/startup.md), and two tabs' entries of one second would
# share their ids and merge into one.
_JOURNAL_IDS: dict[str, Any] = {"tab": "", "count": 0}


def tab_id() -> str:
    if not _JOURNAL_IDS["tab"]:
        _JOURNAL_IDS["tab"] = secrets.token_hex(4)
    return _JOURNAL_IDS["tab"]


def next_log_id(time: str) -> str:
    """A journal entry id unique across tabs: the time, the tab, a count (padded: ids sort as made)."""
    _JOURNAL_IDS["count"] += 1
    return f"{time}-{tab_id()}-{_JOURNAL_IDS['count']:06d}"


def journal(
    rt: Runtime, mounted: Mounted, line: Renderable, note: Note | None, ident: str | None = None
) -> None:
    """A logged line into the journal of the evening (``kit.journal``), with the «зачем» typed in
    the panel's note field beside the button (``.why-note``; then emptied: a note goes with one
    result); ``ident``: the id the action was given for it (else a new one)."""
    name = mounted.panel.name
    why = ""
    for field in rt.dom.query_all(mounted.section, "input.why-note"):
        typed = rt.dom.value(field).strip()
        if typed:
            why = why or typed
            rt.dom.set_value(field, "")
    time = rt.dom.local_stamp()
    if ident is None:
        ident = next_log_id(time)
    held = rt.shared_value(JOURNAL)
    entry = entry_for(ident, time, name, line, note, why, evening_now(held, time, note))
    rt.share(mounted, JOURNAL, held.add(entry))


# --------------------------------------------------------------------------- the journal's store


def _ask(rt: Runtime, mounted: Mounted, effect: AskJournal[Any], box: Element) -> None:
    """Ask the journal's store (``AskJournal``); the answer runs ``done`` unless a newer request
    of the same kind took over; an answer with the store's newest entries updates the journal."""
    rt.requests += 1
    token = rt.requests
    mounted.asking[effect.kind] = token

    def current() -> bool:
        return mounted.asking.get(effect.kind) == token

    def read(text: str) -> dict[str, Any]:
        try:
            data = read_answer(text)
        except ValueError:
            data = None
        return data if isinstance(data, dict) else {"ok": False, "code": "failed"}

    def answered(text: str) -> None:
        if not current():
            return
        data = read(text)
        head = data.get("head")
        if not isinstance(head, dict):
            take(data, None)
            return
        # The store's newest entries (after an import, an undo, a trim; ~700 of them): read in
        # this task, taken with the answer in the next, so that neither is one long task.
        parsed = head_from_data(head)
        rt.dom.later(0, lambda: take(data, parsed) if current() else None)

    def take(data: dict[str, Any], head: Head | None) -> None:
        mounted.asking.pop(effect.kind, None)
        if head is not None:
            rt.journal_head(head)

        def step() -> Renderable | _Keep | None:
            done = outcome(effect.done(mounted.state, data))
            apply(rt, mounted, done, box)
            return done.error if done.error is not None else KEEP

        guarded(rt, mounted, box, step)

    def progressed(text: str) -> None:
        if not current() or effect.progress is None:
            return
        mounted.state = effect.progress(mounted.state, read(text))
        rt.render(mounted)

    file = rt.by_id(effect.file) if effect.file else None
    on_progress = progressed if effect.progress is not None else None
    rt.records.journal_ask(effect.kind, dict(effect.args), answered, on_progress, file)


# --------------------------------------------------------------------------- computing off the main thread

_FILTER_FIELDS = ("who", "panel", "search", "evening")

KIT_FAILURES = {
    "timeout": common.COMPUTE_TIMEOUT,
    "memory": common.COMPUTE_MEMORY,
    "cancelled": common.COMPUTE_CANCELLED,
    "internal": common.COMPUTE_FAILED,
    "start": common.COMPUTE_FAILED,
    "unavailable": common.COMPUTE_FAILED,
}


def _status_near(rt: Runtime, box: Element) -> Element:
    """The progress line after ``box`` (made the first time)."""
    after = rt.dom.next_sibling(box)
    if after is not None and rt.dom.has_class(after, "compute-status"):
        return after
    status = rt.dom.insert_after(
        box, to_html(Node("p", cls="compute-status", attrs=(("role", "status"),)), "en")
    )
    rt.dom.set_hidden(status, True)
    return status


def _compute(rt: Runtime, mounted: Mounted, effect: Compute[Any, Any], box: Any) -> None:
    """Ask the worker; show elapsed time and Cancel until the answer, then run ``done``."""
    dom = rt.dom
    rt.requests += 1
    token = rt.requests
    mounted.computing = token
    mounted.computing_for_journal = effect.for_journal
    status = _status_near(rt, box)
    started = dom.now_ms()

    def elapsed() -> str:
        seconds = (dom.now_ms() - started) / 1000
        return render(common.COMPUTING(what=effect.label, seconds=fixed(seconds, 1)), rt.lang)

    progress = (  # Cancel first: the seconds never move it
        Node("button", common.CANCEL, attrs=(("type", "button"),), tail=" "),
        Node("span", cls="spinner", attrs=(("aria-hidden", "true"),), tail=" "),
        Node("span", elapsed(), cls="compute-elapsed"),
    )
    dom.set_html(status, "".join(to_html(node, rt.lang) for node in progress))
    dom.set_hidden(status, False)
    cancel, label = dom.query(status, "button"), dom.query(status, ".compute-elapsed")
    if cancel is not None:
        dom.listen(cancel, "click", rt.worker.cancel)
    timer = dom.every(200, lambda: dom.set_text(label, elapsed()) if label is not None else None)

    def finish(answer: dict[str, Any]) -> None:
        dom.stop_timer(timer)
        if mounted.computing != token:
            return  # a newer request of this panel took over: this answer is stale
        mounted.computing = 0
        dom.set_hidden(status, True)
        dom.set_html(status, "")
        _answered(rt, mounted, effect, box, answer)

    args = dict(effect.args)
    if effect.journal is not None and not rt.worker.available():
        # No worker to read the store: the page's own entries, if it holds the whole journal.
        journal = rt.shared_value(JOURNAL)
        if not journal.complete:
            rt.dom.later(0, lambda: finish(compute.failure(compute.TOO_SLOW_HERE)))
            return
        chosen = Filter(**{k: str(v) for k, v in effect.journal.items() if k in _FILTER_FIELDS})
        args["entries"] = [entry_to_json(e) for e in journal.select(chosen)]
        rt.worker.request(effect.job, args, finish, isolated=effect.isolated, download=effect.download)
        return
    rt.worker.request(
        effect.job, args, finish, isolated=effect.isolated, journal=effect.journal, download=effect.download
    )


def _answered(
    rt: Runtime, mounted: Mounted, effect: Compute[Any, Any], box: Any, answer: dict[str, Any]
) -> None:
    error = answer.get("error") or {}
    code, params = str(error.get("code", "")), error.get("params") or {}
    if answer.get("ok") and effect.download is not None and isinstance(answer.get("result"), str):
        # computed on the page (no worker): offered here, as the worker's script would
        rt.dom.download(effect.download[0], answer["result"], effect.download[1])
        answer = {"ok": True, "result": {"downloaded": len(answer["result"])}}
    if answer.get("ok"):
        reply: Answer[Any] = Answer(True, compute.decode(answer.get("result")))
        action = effect.done
    else:
        reply = Answer(False, None, code, params)
        action = effect.failed if code in KIT_FAILURES or code == "superseded" else effect.done

    def step() -> Renderable | _Keep | None:
        if code in KIT_FAILURES:
            message = (
                KIT_FAILURES[code](
                    what=effect.label, seconds=int(rt.worker.budget_s()), megabytes=rt.memory_mb
                )
                if code in ("timeout", "memory")
                else KIT_FAILURES[code](what=effect.label)
            )
            rt.say(mounted, box, message)
        if action is None:
            return KEEP
        done = outcome(action(mounted.state, reply))
        if done.state is mounted.state and not done.effects and done.error is None and done.log is None:
            return KEEP  # a late answer the panel dropped: leave what is on screen (an error meanwhile)
        apply(rt, mounted, done, box)
        return KEEP if code in KIT_FAILURES else done.error

    guarded(rt, mounted, box, step)


# --------------------------------------------------------------------------- running an action


def error_box(rt: Runtime, mounted: Mounted, target: Element) -> Element:
    """The first ``.error`` of the closest ``<section>`` around ``target``, else the panel's."""
    part = rt.dom.closest(target, "section")
    box = rt.dom.query(part, ".error") if part is not None else None
    return box if box is not None else rt.error_of(mounted)


def run(
    rt: Runtime,
    mounted: Mounted,
    action: Callable[[Any, Any], Any],
    target: Element,
    extra: dict[str, str] | None = None,
) -> None:
    box = error_box(rt, mounted, target)
    form = rt.dom.read_form(mounted.section)
    arg = rt.dom.attribute(target, "data-arg")
    if arg is not None:  # which of many generated buttons (e.g. a wound box) was pressed
        form[ARG] = arg
    form[LANG] = rt.lang
    form[NOW] = now = rt.dom.local_stamp()
    form[LOG_ID] = log_id = next_log_id(now)
    form.update(extra or {})
    unread = [
        k for k in form if k.startswith(OVERSIZED) and k[len(OVERSIZED) :] not in mounted.panel.long_fields
    ]
    if unread:  # a paste too long to read: refused before the action, nothing changes
        too_long = common.TOO_LONG(name=common.A_FIELD, length=form[unread[0]], limit=MAX_READ_CHARS)
        rt.say(mounted, box, too_long)
        return

    def step() -> Renderable | _Keep | None:
        done = outcome(action(mounted.state, form))
        apply(rt, mounted, done, box, log_id)
        return done.error

    guarded(rt, mounted, box, step)


class _Keep:
    """What a step returns to leave the error box as it is."""


KEEP = _Keep()


def guarded(
    rt: Runtime, mounted: Mounted, box: Element, step: Callable[[], Renderable | _Keep | None]
) -> None:
    """Run ``step`` (it carries out an outcome and returns the message for ``box``: a renderable,
    ``None`` to clear it, or ``KEEP``); bad input and unexpected errors are shown the kit's way."""
    try:
        message = step()
    except InputError as error:
        rt.say(mounted, box, error.message)
    except Exception:
        details = traceback.format_exc()
        rt.dom.console("error", details)
        rt.say(mounted, box, common.INTERNAL_ERROR, details)
    else:
        if not isinstance(message, _Keep):
            rt.say(mounted, box, message)


def clear_log(rt: Runtime, mounted: Mounted) -> None:
    apply(rt, mounted, Outcome(mounted.state, effects=(ClearLog(),)))
