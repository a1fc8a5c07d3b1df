"""The runtime's journal (``kit.journal_store``): read from its store at start (an old single
record carried over once, damaged entries set aside), what each change added, changed or removed
written entry by entry, the newest entries held (``windowed``), and what other tabs or the store's
answers bring shown. ``kit.runtime.Runtime`` calls these; panels change the journal by ``Share``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kit.journal import JOURNAL, LIMIT, Entry, Journal, mark_of
from kit.journal_store import HEAD, PER_PANEL, Head, head_from_data, head_from_text, read_answer, store_record
from kit.shared import decode_shared

if TYPE_CHECKING:
    from kit.runtime import Runtime

__all__ = ["keep", "load", "reload", "show", "take_head", "windowed"]


def load(rt: Runtime) -> None:
    """The journal's newest entries from its store; damaged ones set aside (and deleted from
    the store); the single record an older version kept (``gm.shared.journal``) carried over
    once, its entries written one by one and the record removed in the same transaction."""
    records = rt.records
    head = head_from_text(records.journal_head(HEAD, PER_PANEL))
    journal = head.journal
    if not records.journal_in_store():
        journal = replace(journal, cap=LIMIT)
    from kit.runtime import Held

    held = Held(JOURNAL, journal, set_aside=len(head.bad))
    rt.shared[JOURNAL.name] = held
    gone = _ids_of(head.bad)
    if head.bad:
        records.set_aside(JOURNAL.key, json.dumps(list(head.bad), ensure_ascii=False))
    legacy = records.read(JOURNAL.key)
    carried: tuple[Entry, ...] = ()
    if legacy is not None:
        old = decode_shared(JOURNAL, legacy)
        if old.dropped or old.set_aside:
            records.set_aside(JOURNAL.key, legacy)
            held.dropped, held.set_aside = old.dropped, held.set_aside + old.set_aside
        room = None if not journal.cap else max(0, journal.cap - journal.size)
        journal, _ = journal.joined(old.value.entries, room=room)
        held.value = journal
        known = {e.id for e in head.journal.entries}
        carried = tuple(e for e in journal.entries if e.id not in known)
    if carried or gone or legacy is not None:
        retire = JOURNAL.key if legacy is not None else None
        records.journal_write([store_record(e) for e in carried], gone, None, retire)
    held.value = windowed(rt, held.value)


def windowed(rt: Runtime, journal: Journal) -> Journal:
    """The journal the page holds after a change: at most twice ``HEAD`` entries, cut back to
    the newest ``HEAD`` and each mounted short log's lines (where the store keeps the rest)."""
    if journal.cap or len(journal.entries) <= 2 * HEAD:
        return journal
    sizes = {m.panel.name: m.panel.log.size for m in rt.mounted.values() if m.panel.log is not None}
    return journal.windowed(HEAD, sizes, PER_PANEL)


def keep(rt: Runtime, value: Journal) -> Journal:
    """Write what ``value`` added, changed or removed since the journal this tab held (the
    work of one action, whatever the journal's size), and hold it."""
    held = rt.shared[JOURNAL.name]
    before = held.value
    if value.cap and value.size > value.cap:  # localStorage: the oldest go first, as said
        value = value.trimmed(value.cap)
    puts, gone = value.written_since(before)
    if puts or gone:  # and what another tab wrote since the newest entry this tab holds
        since = mark_of(before.entries[0]) if before.entries else ("", "")
        rt.records.journal_write([store_record(e) for e in puts], gone, since)
    held.value = windowed(rt, value)
    return held.value


def show(rt: Runtime, value: Journal) -> None:
    """The journal changed elsewhere (another tab, the store's answer): held, every follower
    synced and shown, every short log written again. Nothing is written."""
    held = rt.shared.get(JOURNAL.name)
    if held is None:
        return  # not read yet: it will be read from the store when first asked for
    held.value = windowed(rt, value)
    for mounted in rt.mounted.values():
        for follow in mounted.panel.follows:
            if follow.shared.name == JOURNAL.name:
                mounted.state = follow.sync(mounted.state, held.value)
                rt.render(mounted)
    rt.render_logs()


def take_head(rt: Runtime, head: Head) -> None:
    """The store's newest entries again (after an import, an undo, another tab's many changes;
    ``head_from_data`` of the answer): they replace the held ones; what this tab removed stays
    removed."""
    held = rt.shared.get(JOURNAL.name)
    if held is None:
        return
    now = held.value
    if head.bad:
        rt.records.set_aside(JOURNAL.key, json.dumps(list(head.bad), ensure_ascii=False))
    fresh = replace(head.journal, removed=now.removed, cap=now.cap, dropped=now.dropped)
    show(rt, fresh)


def reload(rt: Runtime) -> None:
    """Read the journal's newest entries from the store again (``journal_head``)."""
    if JOURNAL.name not in rt.shared:
        return

    def answered(text: str) -> None:
        try:
            take_head(rt, head_from_data(read_answer(text)))
        except ValueError:
            rt.dom.console("warn", "the journal's newest entries could not be read again")

    rt.records.journal_ask("head", {"newest": HEAD, "perPanel": PER_PANEL}, answered)


def _ids_of(bad: tuple[Any, ...]) -> tuple[str, ...]:
    """The ids of damaged entries (a store gives ``[id, text]``; a parsed one its ``"id"``)."""
    ids = []
    for item in bad:
        if isinstance(item, list) and item and isinstance(item[0], str):
            ids.append(item[0])
        elif isinstance(item, dict) and isinstance(item.get("id"), str):
            ids.append(item["id"])
    return tuple(dict.fromkeys(ids))
