"""The threat panel's journal, a sub-tool: its lines, their copy and file, a clear and its undo.

It works on its own part (``parts.Log``, lifted by ``parts.LIFT["journal"]``): the lines, the
panel's undo steps (a clear leaves them as they are: each still takes its own line back, from the
journal of the evening too), what the clear took (``kit.undo``), and the damaged saved lines set
aside. A clear hides the lines from this short log only: the journal of the evening keeps them.

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
from panels.threat.state import JOURNAL_SIZE, Took
from panels.threat.words import journal_line, journal_text

__all__ = ["clear", "copy", "download", "download_aside", "restore", "view"]


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


def clear(log: Log, _form: Form) -> Log:
    """An empty journal, and «Отменить» gives it back."""
    if not log.lines:
        raise InputError(text.JOURNAL_NOTHING_TO_CLEAR)
    took = Took(log.lines, log.undo[-1] if log.undo else None, log.cleared)
    offered = kit_undo.offer(took, common.LOG_CLEARED)
    return replace(log, lines=(), journal_note=None, note=None, cleared=offered)


def restore(log: Log, _form: Form) -> Log:
    """Undo «Очистить журнал», whatever was done since: the cleared lines come back before the
    lines written since (a line whose step was undone meanwhile left the offer with it); a clear
    before it is offered again."""
    took = kit_undo.taken(log.cleared)
    joined = (*took.lines, *log.lines)[-JOURNAL_SIZE:]
    back = text.JOURNAL_BACK
    return replace(log, lines=joined, cleared=took.before, note=back, journal_note=back)


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
