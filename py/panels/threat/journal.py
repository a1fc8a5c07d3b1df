"""The threat panel's journal, a sub-tool: its lines, their copy and file, a clear and its undo.

It works on its own part (``parts.Log``, lifted by ``parts.LIFT["journal"]``): the lines, the
bag's undo steps (a clear leaves them undoing the bag but no longer taking lines back), what the
clear took (``kit.undo``), and the damaged saved lines set aside.

>>> from panels.threat.words import default_bag
>>> from rules import threat_journal
>>> log = Log(lines=(threat_journal.refill_entry(),))
>>> cleared = clear(log, {})
>>> cleared.lines, restore(cleared, {}).lines == log.lines
((), True)
"""

from __future__ import annotations

import json
from dataclasses import replace

from kit import aside, common
from kit import undo as kit_undo
from kit.form import Form, InputError
from kit.panel import Copy, Download, Outcome
from kit.view import Node, Show
from panels.threat import text
from panels.threat.parts import Log
from panels.threat.state import JOURNAL_SIZE, Undo
from panels.threat.words import journal_line, journal_text

__all__ = ["clear", "copy", "download", "download_aside", "restore", "unmarked", "view"]


def copy(log: Log, _form: Form) -> Outcome[Log]:
    if not log.lines:
        raise InputError(text.JOURNAL_NOTHING)
    return Outcome(
        replace(log, journal_note=None), effects=(Copy(journal_text(log.lines), "threat-journal-status"),)
    )


def download(log: Log, _form: Form) -> Outcome[Log]:
    if not log.lines:
        raise InputError(text.JOURNAL_NOTHING)
    done = replace(log, journal_note=text.FILE_READY)
    return Outcome(done, effects=(Download("threat-journal.txt", journal_text(log.lines)),))


def unmarked(steps: tuple[Undo, ...]) -> tuple[Undo, ...]:
    """Undo steps that no longer take a journal line back (their lines were cleared)."""
    return tuple(replace(u, mark=None) for u in steps)


def clear(log: Log, _form: Form) -> Log:
    """An empty journal, and «Отменить» gives it back (with the undo steps it had); the steps
    meanwhile undo the bag but take no line back, since their lines are gone."""
    if not log.lines:
        raise InputError(text.JOURNAL_NOTHING_TO_CLEAR)
    offered = kit_undo.offer((log.lines, log.undo), common.LOG_CLEARED)
    return replace(log, lines=(), undo=unmarked(log.undo), journal_note=None, note=None, cleared=offered)


def restore(log: Log, _form: Form) -> Log:
    """Undo «Очистить журнал», whatever was done since: the cleared lines come back before the
    lines written since. Right after the clear that is the state before it, undo steps included;
    later, the steps made since keep taking their own lines back and the older ones stay unmarked."""
    lines, steps = kit_undo.taken(log.cleared)
    if log.lines or log.undo != unmarked(steps):
        joined = (*lines, *log.lines)
        dropped = max(0, len(joined) - JOURNAL_SIZE)
        shift = len(lines) - dropped

        def shifted(u: Undo) -> Undo:
            mark = None if u.mark is None or u.mark + shift <= 0 else u.mark + shift
            return replace(u, mark=mark)

        lines, steps = joined[dropped:], tuple(shifted(u) for u in log.undo)
    return replace(
        log, lines=lines, undo=steps, cleared=None, note=text.JOURNAL_BACK, journal_note=text.JOURNAL_BACK
    )


def download_aside(log: Log, _form: Form) -> Outcome[Log]:
    """The damaged saved journal lines set aside, as a file (``kit.aside``'s format)."""
    if not log.aside:
        raise InputError(text.JOURNAL_NOTHING)
    lines = json.dumps(list(log.aside), ensure_ascii=False)
    done = replace(log, aside_new=0, journal_note=text.ASIDE_DOWNLOADED)
    file = aside.download_text({"gm.panel.threat journal": lines})
    return Outcome(done, effects=(Download(aside.FILE_NAME, file, "application/json"),))


def view(log: Log) -> dict[str, Show]:
    lines = tuple(
        Node("li", journal_line(entry), cls="threat-event" if entry.event else None)
        for entry in reversed(log.lines)
    )
    return {
        "threat-journal": Show(children=lines),
        "threat-journal-empty": Show(text=text.JOURNAL_EMPTY, hidden=bool(log.lines)),
        "threat-journal-note": Show(text=log.journal_note or ""),
        "threat-journal-clear": Show(disabled=not log.lines),
        **kit_undo.view(log.cleared, "threat-journal"),
        "threat-aside": Show(hidden=not log.aside_new),
        "threat-aside-said": Show(
            text=common.LOG_ENTRIES_SET_ASIDE(count=log.aside_new) if log.aside_new else ""
        ),
    }
