"""Other tabs of this browser: what one saves, every other shows without a reload, and nothing a
tab did is lost to another's write.

``static/storage.js`` tells this tab of another's save (BroadcastChannel), or answers a save of
this tab with the newer record it found on disk instead of writing over it (``kit.browser_storage``
hands both to ``changed``). Either way the record is merged here with what this tab did since the
version it last knew (``Runtime.known``): a shared value through its ``merge`` (the roster,
character by character), the mark of a panel's cleared log as the tab that moved it left it, a
panel's state newest-wins, said in the panel when it replaced a change of this tab. What was merged
is saved again; the fields a GM is typing in are never touched.

The journal is kept entry by entry (``kit.journal_store``), so two tabs' writes never collide:
another tab's new, changed or removed entries are heard of (``journal_news``), or found on disk
by this tab's next write, and merged by id into what this tab holds; after many changes at once
(an import, its undo) this tab reads the store's newest entries again.
"""

from __future__ import annotations

import json
from typing import Any

from kit.journal import JOURNAL
from kit.journal_store import news_from_text, store_record
from kit.msg import Msg
from kit.panel import Panel, decode
from kit.runtime import Held, Mounted, Runtime
from kit.shared import decode_shared

__all__ = ["NEWER_IN_OTHER_TAB", "changed", "journal_news"]

NEWER_IN_OTHER_TAB = Msg(
    "kit.follow.newer",
    "Эта панель изменена в другой вкладке: показано более новое.",
    "This panel was changed in another tab: the newer version is shown.",
)


def _dumped(panel: Panel[Any], state: Any) -> str | None:
    return None if panel.dump is None else json.dumps(panel.dump(state), sort_keys=True, default=str)


def changed(rt: Runtime, key: str, text: str, base: str | None, found: bool) -> None:
    """Another tab saved ``key`` (``text`` is on disk); see ``kit.browser_storage.on_change``."""
    if not found:
        if rt.known.get(key) == text:
            return  # what this tab has already (it wrote it, or merged it)
        base = rt.known.get(key)  # nothing in flight: the version this tab last wrote or took
    rt.dom.console("debug", f"{key} was saved in another tab: merged here")
    for mounted in rt.mounted.values():
        if mounted.panel.key == key:
            _merge_panel(rt, mounted, text, base, found)
            return
    for held in rt.shared.values():
        if held.shared.key == key and held.shared.name == JOURNAL.name:
            _carry_old_journal(rt, text)
            return
        if held.shared.key == key:
            _merge_shared(rt, held, text, base, found)
            return


def journal_news(rt: Runtime, text: str) -> None:
    """Journal entries written elsewhere (``kit.journal_store.news_from_text``): merged by id
    into what this tab holds; many at once: the store's newest entries read again."""
    held = rt.shared.get(JOURNAL.name)
    if held is None:
        return  # not read yet: it will be read from the store
    news = news_from_text(text)
    if news.reload:
        rt.reload_journal()
        return
    value = held.value.with_entries(news.put, news.gone)
    if value is not held.value:
        rt.set_journal(value)


def _carry_old_journal(rt: Runtime, text: str) -> None:
    """A tab of an older version saved the journal as one record: its new entries are carried
    into the store, one by one, as at start."""
    held = rt.shared[JOURNAL.name]
    old = decode_shared(JOURNAL, text)
    if old.dropped:
        return
    joined, new = held.value.joined(old.value.entries)
    if not new:
        return
    known = {e.id for e in held.value.entries}
    rt.records.journal_write([store_record(e) for e in joined.entries if e.id not in known], (), None)
    rt.set_journal(joined)


def _merge_panel(rt: Runtime, mounted: Mounted, text: str, base_text: str | None, found: bool) -> None:
    """``found``: this tab's save was not written (its action is the newer one: its state stays)."""
    panel = mounted.panel
    base, theirs = decode(panel, base_text), decode(panel, text)
    if theirs.dropped or theirs.log_damaged:
        return  # a record this version cannot read whole: ours, saved next, stays sound
    rt.known[panel.key] = text
    mine_state = _dumped(panel, mounted.state)
    replaced = not found and mine_state not in (_dumped(panel, base.state), _dumped(panel, theirs.state))
    if panel.merge is not None:
        state = panel.merge(base.state, mounted.state, theirs.state, found)
        for follow in panel.follows:
            state = follow.sync(state, rt.shared[follow.shared.name].value)
        mounted.state, replaced = state, False
    elif not found:
        state = theirs.state
        for follow in panel.follows:  # the shared values as this tab has them
            state = follow.sync(state, rt.shared[follow.shared.name].value)
        mounted.state = state
    if panel.log is not None and mounted.cleared == base.cleared:
        mounted.cleared = theirs.cleared  # else this tab's «Очистить» (or its undo) is the newer
    rt.render(mounted)
    if replaced:
        box = rt.dom.query(mounted.section, ".notice") or rt.error_of(mounted)
        rt.say(mounted, box, NEWER_IN_OTHER_TAB)
    merged_state = panel.merge is not None and _dumped(panel, mounted.state) != _dumped(panel, theirs.state)
    if found or merged_state or mounted.cleared != theirs.cleared:
        rt.save(mounted)  # what this tab did, onto the other's version


def _merge_shared(rt: Runtime, held: Held, text: str, base_text: str | None, found: bool) -> None:
    shared = held.shared
    base = decode_shared(shared, base_text).value
    theirs = decode_shared(shared, text)
    if theirs.dropped:
        return
    rt.known[shared.key] = text
    value = theirs.value if shared.merge is None else shared.merge(base, held.value, theirs.value)
    held.value = value
    for mounted in rt.mounted.values():
        for follow in mounted.panel.follows:
            if follow.shared.name == shared.name:
                mounted.state = follow.sync(mounted.state, value)
                rt.render(mounted)
    rt.render_logs()
    if found or value != theirs.value:
        rt.save_shared(shared)  # what this tab did, onto the other's version
