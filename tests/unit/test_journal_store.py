"""The journal kept entry by entry (kit.journal_store) through the runtime and the journal panel,
over the fake page and a fake store (tests/unit/test_runtime.py ``FakeRecords``): the old single
record carried over once, the page holding the newest entries and asking the store for the rest,
evenings, imports at scale (progress, a full disk, undo), imports that never push out the GM's own
entries, other tabs' entries, and a failed write said and retried."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

from kit import runtime_effects, runtime_follow, runtime_mount, runtime_page
from kit.evening import Evening
from kit.form import FILE_NAME, FILE_STORE, FILE_TEXT, NOW
from kit.journal import JOURNAL, LIMIT, Entry, Journal, entry_to_json
from kit.journal_store import HEAD, store_record
from kit.msg import render
from kit.panel import AskJournal
from panels.journal import listing
from panels.journal import panel as journal_panel
from panels.journal.state import FIRST, PAGE, SLICE
from panels.roller import panel as roller


def _fake_page() -> Any:
    """The fake page of test_runtime.py, loaded once under its own name."""
    name = "journal_fake_page"
    if name not in sys.modules:
        path = Path(__file__).with_name("test_runtime.py")
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


FAKE = _fake_page()


def _entry(n: int, panel: str = "checks", day: str = "2026-11-30", **more: Any) -> Entry:
    return Entry(
        f"old-{n:06d}",
        f"{day}T{18 + n // 3600:02d}:{(n // 60) % 60:02d}:{n % 60:02d}",
        panel,
        f"бросок {n}",
        f"roll {n}",
        evening=Evening(f"{day}T18:00:00", day),
        **more,
    )


def _page(entries: list[Entry], *, in_store: bool = True, mount: tuple[str, ...] = ("journal",)) -> Any:
    page = FAKE.make_page(in_store=in_store)
    for entry in entries:
        record = store_record(entry)
        page.records.entries[record.id] = {
            "id": record.id,
            "t": record.time,
            "p": record.panel,
            "e": record.evening,
            "j": record.text,
        }
    for name in mount:
        module = journal_panel if name == "journal" else roller
        runtime_mount.mount(page.rt, module.panel(random.Random(3)))
    return page


def _ids(page: Any) -> list[str]:
    return [li.attrs["data-id"] for li in page.dom.query_all(page.el("journal-list"), "li")]


def _count(page: Any) -> str:
    return page.el("journal-count").text


def test_an_old_single_record_is_carried_over_once_entry_by_entry() -> None:
    """The record ``gm.shared.journal`` an older version kept: its entries are written one by one
    (each given an evening by its time), a damaged one set aside, and the old record removed in
    the same write; a second start finds nothing to carry."""
    entries = [entry_to_json(_entry(n)) for n in range(3)] + [{"id": 5}]
    for raw in entries[:3]:
        del raw["evening"]
    old = json.dumps({"v": 1, "value": {"entries": entries, "dropped": 0}})
    page = FAKE.make_page({JOURNAL.key: old})
    runtime_mount.mount(page.rt, journal_panel.panel(random.Random(3)))
    kept = page.records.journal_entries()
    assert [e["id"] for e in kept] == ["old-000002", "old-000001", "old-000000"]
    assert {e["evening"]["id"] for e in kept} == {"2026-11-30T18:00:00"}
    assert page.records.journal_writes == [(3, sum(len(json.dumps(e, ensure_ascii=False)) for e in kept))]
    assert JOURNAL.key in page.records.aside and '"id": 5' in page.records.aside[JOURNAL.key]
    assert "повреждённых записей — 1" in page.el("journal").text
    page.records.records.pop(JOURNAL.key)  # the view of the store tests keep (FakeRecords)
    again = FAKE.make_page(page.records.records)
    again.records.entries = page.records.entries
    runtime_mount.mount(again.rt, journal_panel.panel(random.Random(3)))
    assert again.records.journal_writes == [] and len(_ids(again)) == 3


def test_the_panel_shows_the_newest_at_once_and_asks_the_store_for_the_rest() -> None:
    """With 1,000 entries stored the page holds the newest ``HEAD`` (and each panel's newest):
    the list shows the newest 100 at once (drawn a slice per task), the count comes from the
    store; a filter, «Показать ещё» (older than the last shown) and the evening filter are asked of
    the store; an entry the GM rolls meanwhile comes from the journal, counted once."""
    stored = [
        _entry(n, "roller" if n % 4 == 0 else "checks", "2026-11-23" if n < 500 else "2026-11-30")
        for n in range(1000)
    ]
    page = _page(stored, mount=("roller", "journal"))
    held = page.rt.shared["journal"].value
    assert not held.complete and len(held.entries) < 2 * HEAD and held.size == 1000
    page.dom.run_later()
    assert _ids(page)[:2] == ["old-000999", "old-000998"] and len(_ids(page)) == 100
    assert "подсчёт" in _count(page)
    assert [kind for kind, *_ in page.records.asked] == ["select"]
    page.click("gauss-roll")  # before the store answers: newer than the page asked about
    page.records.answer_asks()
    assert _count(page).startswith("Записей: 1001 из 1001.")
    assert _ids(page)[1:3] == ["old-000999", "old-000998"]
    assert len(page.dom.query_all(page.el("journal-evening"), "option")) == 4  # all, two nights, today
    page.change("journal-panel", "roller")
    kind, args, *_ = page.records.asked[-1]
    assert kind == "select" and args["filter"]["panel"] == "roller" and args["before"] is None
    page.records.answer_asks()
    assert _count(page).startswith("Записей: 251 из 1001.")
    page.click("journal-more")
    kind, args, *_ = page.records.asked[-1]
    assert (
        kind == "select"
        and tuple(args["before"]) == (stored[604].time, stored[604].id)
        and args["limit"] == 100
    )
    page.records.answer_asks()
    page.dom.run_later()
    assert len(_ids(page)) == 200 and _ids(page)[-1] == "old-000204"
    page.change("journal-panel", "")
    page.change("journal-evening", "2026-11-23T18:00:00")
    page.records.answer_asks()
    assert _count(page).startswith("Записей: 500 из 1001.") and _ids(page)[0] == "old-000499"


def test_the_list_draws_a_screen_at_once_and_the_rest_a_slice_per_task() -> None:
    """The work of opening, filtering, paging and rolling is bounded whatever the journal's size:
    opening the journal draws ``FIRST`` entries in its task and each later task ``SLICE`` more
    until the page of 100 is drawn; a filter draws at most ``FIRST`` again; a roll with the list open
    draws its one new entry, and an answer of the store that changes no entry shown draws none."""
    stored = [_entry(n, "roller" if n % 4 == 0 else "checks") for n in range(1000)]
    page = _page(stored, mount=("roller",))
    drawn = page.dom.drawn
    drawn.clear()
    runtime_mount.mount(page.rt, journal_panel.panel(random.Random(3)))
    assert [n for element, n in drawn if element == "journal-list"] == [FIRST]
    for _ in range((PAGE - FIRST) // SLICE):
        drawn.clear()
        page.dom.run_timers()
        assert [n for element, n in drawn if element == "journal-list"] == [SLICE]
    assert len(_ids(page)) == PAGE
    drawn.clear()
    page.records.answer_asks()  # the count and the choices: the same entries, none drawn again
    page.dom.run_later()
    assert [n for element, n in drawn if element == "journal-list"] == []
    assert _count(page).startswith("Записей: 1000 из 1000.")
    drawn.clear()
    page.click("gauss-roll")
    page.dom.run_later()
    assert sum(n for element, n in drawn if element == "journal-list") == 1
    assert len(_ids(page)) == PAGE and page.el("journal-list").children[0].attrs["data-panel"] == "roller"
    drawn.clear()
    page.change("journal-panel", "checks")
    assert sum(n for element, n in drawn if element == "journal-list") <= FIRST == len(_ids(page))
    drawn.clear()
    page.records.answer_asks()
    page.dom.run_later()
    assert sum(n for element, n in drawn if element == "journal-list") == PAGE - FIRST
    assert len(_ids(page)) == PAGE and {
        page.el("journal-list").children[i].attrs["data-panel"] for i in range(PAGE)
    } == {"checks"}


def test_the_statistics_of_a_journal_held_in_part_are_tallied_by_the_store() -> None:
    """«Посчитать» over 1,000 stored entries asks the journal's store (its index), not the compute
    worker, and shows what the entries themselves give."""
    from fractions import Fraction

    from kit.roll import Roll
    from panels.journal.statistics import statistics

    def rolled(n: int) -> Entry:
        face = 1 + n % 20
        roll = Roll("gauss.roll", ((20, face),) * 3, str(face), Fraction(1, 20), below=Fraction(face - 1, 20))
        return _entry(n, "roller", who="Кац" if n % 2 else "Вера", roll=roll)

    stored = [rolled(n) for n in range(1000)]
    page = _page(stored)
    page.records.answer_asks()
    page.click("journal-stats-run")
    assert [kind for kind, *_ in page.records.asked] == ["stats"] and page.worker.asked == []
    page.records.answer_asks()
    found = page.state("journal").stats.found
    assert found == statistics(stored) and found.rolls == 1000
    assert "Бросков с данными: 1" in page.el("journal-stats-result").text


def test_an_entry_of_another_day_shows_its_date() -> None:
    """The list shows the clock for today's entries and the date too for another day's (an
    imported campaign's, last week's): «30.11.2026 18:00», not a bare «18:00»."""
    page = _page([_entry(n) for n in range(3)], mount=("roller", "journal"))  # stored on 2026-11-30
    page.click("gauss-roll")  # the fake page's today: 2026-12-01 12:34
    page.dom.run_later()
    times = [li.text for li in page.dom.query_all(page.el("journal-list"), ".journal-time")]
    assert times == ["12:34", "30.11.2026 18:00", "30.11.2026 18:00", "30.11.2026 18:00"]


def test_an_answer_that_already_counts_a_newer_entry_counts_it_once() -> None:
    """The store may have heard of an entry the page rolled after it asked: the answer's newest
    entry bounds what the journal adds to its count."""
    old = _entry(1)
    roll = _entry(2, "roller")
    journal = Journal((roll, old), unheld=10, horizon=(old.time, old.id))
    answer = {
        "count": 12,
        "newest": [roll.time, roll.id],
        "entries": [entry_to_json(roll), entry_to_json(old)],
    }
    found = listing.found_from(answer, journal_panel.State().chosen, (old.time, old.id), None)
    shown = listing.listing(journal, journal_panel.State().chosen, 100, found)
    assert shown.count == 12 and [e.id for e in shown.entries] == [roll.id, old.id]


def test_the_rest_of_a_page_asked_after_a_roll_counts_the_roll_once() -> None:
    """A filter's first answer came before the GM rolled, the rest of its page after (the store
    counts the roll in that one): the roll is counted once, from the journal."""
    stored = [_entry(n, "roller") for n in range(600)]
    page = _page(stored)
    page.records.answer_one()  # the open's first answer (its first entries and the count)
    page.click("journal-new-evening")  # a line of the journal panel itself, written to the store
    page.records.answer_asks()  # the rest of the page, the store counting that line
    page.dom.run_later()
    assert _count(page).startswith("Записей: 601 из 601.")
    assert len(_ids(page)) == PAGE


def test_a_hidden_entry_only_the_store_gave_is_revealed_and_written() -> None:
    """«Раскрыть» on an entry of an older page (not held by the page): the page holds it from now
    on and writes it revealed (the reveal is no line of its own)."""
    secret = _entry(0, "threat", hidden=True, public_ru="за ширмой", public_en="behind the screen")
    page = _page([secret, *(_entry(n) for n in range(1, 600))])
    page.records.answer_asks()
    page.el("journal-search").value = "ширм"
    page.dom.fire(page.el("journal-search"), "input")  # the search follows the typing
    page.records.answer_asks()
    button = page.dom.query_all(page.el("journal-list"), ".journal-reveal")[0]
    page.records.journal_writes.clear()
    page.dom.fire(button, "click")
    assert [n for n, _ in page.records.journal_writes] == [1]  # the entry itself, revealed: no second line
    assert json.loads(page.records.entries[secret.id]["j"])["revealed"] is True


def test_a_new_evening_starts_after_six_hours_or_at_the_gm_s_word() -> None:
    """A roll after a pause of over six hours starts a new evening; «Новый вечер» starts one at
    once (its line is the evening's first entry); the evening filter splits them."""
    page = _page([], mount=("roller", "journal"))
    clock = [""]
    page.dom.local_stamp = lambda: clock[0]
    for now, button in (
        ("2026-12-01T20:00:00", "gauss-roll"),
        ("2026-12-01T23:00:00", "gauss-roll"),
        ("2026-12-02T05:00:01", "gauss-roll"),  # six hours and a second since the last
        ("2026-12-02T05:10:00", "journal-new-evening"),
        ("2026-12-02T05:20:00", "gauss-roll"),
    ):
        clock[0] = now
        page.click(button)
    evenings = [e["evening"]["id"] for e in page.records.journal_entries()]
    assert evenings == [
        "2026-12-02T05:10:00",
        "2026-12-02T05:10:00",
        "2026-12-02T05:00:01",
        "2026-12-01T20:00:00",
        "2026-12-01T20:00:00",
    ]
    assert page.records.journal_entries()[1]["panel"] == "journal"
    page.change("journal-evening", "2026-12-01T20:00:00")
    assert len(_ids(page)) == 2 and _count(page).startswith("Записей: 2 из 5.")
    labels = [o.text for o in page.dom.query_all(page.el("journal-evening"), "option")]
    assert labels == ["все вечера", "02.12.2026, 05:10 (2)", "02.12.2026, 05:00 (1)", "01.12.2026, 20:00 (2)"]


def test_a_big_file_is_imported_by_the_store_with_progress_and_can_be_undone() -> None:
    """Where the store runs, the file is not read on the page: the import is the store's
    (``AskJournal("import", file=…)``), its progress is shown, its answer says what joined, what
    was refused (from the future, over the room) and what a full disk did not save, and
    «Отменить» asks the store to take the import back."""
    state = journal_panel.State(Journal(unheld=5))
    begun = journal_panel.import_file(state, {FILE_STORE: "1", NOW: "2026-12-01T20:00:00"})
    (ask,) = begun.effects
    assert isinstance(ask, AskJournal) and ask.kind == "import" and ask.file == "journal-import"
    assert ask.args["now"] == "2026-12-01T20:00:00" and ask.progress is not None
    moving = ask.progress(begun.state, {"done": 4000, "total": 100000})
    assert (
        render(journal_panel.view(moving)["journal-import-status"].text, "ru")
        == "Импорт: записано 4000 из 100000…"
    )
    answer = {
        "ok": True,
        "file": "campaign.json",
        "batch": "import-1",
        "new": 60000,
        "known": 2,
        "aside": 3,
        "future": 1000,
        "over": 0,
        "unsaved": 40000,
        "unsaved_from": "2025-01-01T18:00:00",
        "unsaved_to": "2025-06-01T18:00:00",
        "failure": "QuotaExceededError",
    }
    done = ask.done(moving, answer)
    note = render(done.state.note, "ru")
    assert "новых записей — 60000" in note and "Из будущего" in note and "— 1000" in note
    assert "Не сохранено — 40000 (записи с 01.01.2025 по 01.06.2025)" in note and "QuotaExceededError" in note
    assert done.state.importing is None and done.state.undo_batch == "import-1"
    assert not journal_panel.view(done.state)["journal-import-undo-part"].hidden
    undo = journal_panel.undo_import(done.state, {})
    (request,) = undo.effects
    assert (
        isinstance(request, AskJournal)
        and request.kind == "undo_import"
        and request.args["batch"] == "import-1"
    )
    undone = request.done(undo.state, {"ok": True, "removed": 60000})
    assert "убрано записей — 60000" in render(undone.state.note, "ru")
    refused = ask.done(moving, {"ok": False, "code": "no_journal", "file": "x.json"})
    assert refused.error is not None and "x.json" in render(refused.error, "ru")


def test_an_import_never_pushes_out_the_gm_s_own_entries() -> None:
    """Where only localStorage saves (at most ``LIMIT`` entries): 1,000 imported entries dated
    9999 are refused as from the future, and entries that do not fit are refused, not the GM's
    three rolls; the import can be undone."""
    page = _page([], in_store=False, mount=("roller", "journal"))
    for _ in range(3):
        page.click("gauss-roll")
    future = [entry_to_json(_entry(n, "roller", "9999-01-01")) for n in range(1000)]
    text = json.dumps({"format": "gm-journal", "v": 1, "entries": future})
    mounted = page.rt.mounted["journal"]
    from kit.runtime_effects import apply

    apply(
        page.rt,
        mounted,
        journal_panel.import_file(
            mounted.state, {FILE_NAME: "evil.json", FILE_TEXT: text, NOW: "2026-12-01T12:34:56"}
        ),
    )
    assert len(page.records.journal_entries()) == 3 and len(_roller_lines(page)) == 3
    assert "Из будущего (позже завтрашнего дня) — 1000" in page.el("journal-import-status").text
    many = [entry_to_json(_entry(n, "checks", "2026-11-30")) for n in range(LIMIT)]
    text = json.dumps({"format": "gm-journal", "v": 2, "entries": many})
    apply(
        page.rt,
        mounted,
        journal_panel.import_file(
            mounted.state, {FILE_NAME: "big.json", FILE_TEXT: text, NOW: "2026-12-01T12:34:56"}
        ),
    )
    kept = page.records.journal_entries()
    assert len(kept) == LIMIT and [e["panel"] for e in kept[:3]] == ["roller"] * 3
    assert "Не поместились — 3" in page.el("journal-import-status").text
    page.click("journal-import-undo")
    assert len(page.records.journal_entries()) == 3


def _roller_lines(page: Any) -> list[str]:
    return [li.text for li in page.dom.query_all(page.el("gauss-log"), "li")]


def test_another_tab_s_entries_are_merged_by_id_and_a_bulk_change_reads_the_store_again() -> None:
    """Another tab's new entry shows here (in the journal and the short log), its removal too;
    after its import (``reload``) this tab asks the store for its newest entries again."""
    page = _page([_entry(n, "roller") for n in range(5)], mount=("roller", "journal"))
    theirs = _entry(10, "roller", "2026-12-01")
    runtime_follow.journal_news(page.rt, json.dumps({"put": [entry_to_json(theirs)], "gone": ["old-000004"]}))
    assert _ids(page)[0] == theirs.id and "old-000004" not in _ids(page)
    assert _roller_lines(page)[0] == "бросок 10"
    assert page.records.journal_writes == [], "another tab's entries are on disk already"
    runtime_follow.journal_news(page.rt, json.dumps({"reload": True}))
    assert page.records.asked[-1][0] == "head"


def test_a_failed_journal_write_is_said_and_written_again() -> None:
    """A full disk refuses the journal's write: the banner names the journal; «Повторить» writes
    the entries that were not written."""
    page = _page([], mount=("roller",))
    page.records.failing.add(JOURNAL.key)
    page.click("gauss-roll")
    assert not page.el("save-failed").hidden and "журнал вечера" in page.el("save-failed-text").text
    assert page.records.journal_entries() == []
    page.records.failing.clear()
    runtime_page.retry(page.rt)  # «Повторить» (kit.browser binds it)
    assert page.el("save-failed").hidden and len(page.records.journal_entries()) == 1


def test_a_job_gets_the_entries_a_selection_keeps_from_the_worker_not_the_page() -> None:
    """A CSV of a journal the page does not hold whole is the compute worker's job: the request
    names the selection (the worker reads its entries from the store) and a download, and the job
    over those entries gives the same CSV as the page makes of a journal it holds; where no worker
    runs, a journal held whole goes as the page's entries, and one that is not is refused."""
    from kit import compute
    from panels.journal import jobs  # noqa: F401  (registers the job)

    stored = [_entry(n, "roller" if n % 2 else "checks") for n in range(600)]
    page = _page(stored)
    page.records.answer_asks()
    page.change("journal-panel", "roller")
    page.click("journal-export-csv")
    job, args, on_answer = page.worker.asked[-1]
    selection, download = page.worker.selections[-1]
    assert (
        job == "journal.export" and selection["panel"] == "roller" and download == ("journal.csv", "text/csv")
    )
    assert "entries" not in args, "the page never holds them: the worker reads them itself"
    entries = [entry_to_json(e) for e in reversed(stored) if e.panel == "roller"]
    made = compute.answer(job, {**args, "entries": entries})
    whole = journal_panel.State(Journal(tuple(reversed(stored))))
    chosen = journal_panel.choose(
        whole, {"journal-who": "", "journal-panel": "roller", "journal-search": "", "journal-evening": ""}
    ).state
    local = journal_panel.panel(random.Random(1)).actions["#journal-export-csv"](chosen, {"@lang": "ru"})
    assert made.ok and made.result == local.effects[0].text  # type: ignore[union-attr]
    on_answer({"ok": True, "result": {"downloaded": len(made.result)}})

    from kit.panel import Compute, Outcome
    from kit.runtime_effects import apply

    def ask(target: Any) -> None:
        mounted = target.rt.mounted["journal"]
        request = Compute(
            "journal.export",
            args,
            lambda s, _a: s,
            "x",
            journal={"panel": "checks"},
            download=("j.csv", "text/csv"),
        )
        apply(target.rt, mounted, Outcome(mounted.state, effects=(request,)))

    small = _page([_entry(n) for n in range(3)])
    small.worker.up = False
    ask(small)
    _job, inline, on_answer = small.worker.asked[-1]
    assert [e["id"] for e in inline["entries"]] == ["old-000002", "old-000001", "old-000000"]
    on_answer({"ok": True, "result": "a;b\r\n"})
    assert small.dom.downloads[-1] == ("j.csv", "a;b\r\n", "text/csv")

    page.worker.up = False
    asked = len(page.worker.asked)
    ask(page)
    page.dom.run_timers()
    assert len(page.worker.asked) == asked, "a selection the page does not hold is not made here"


def test_an_answer_with_the_store_s_newest_entries_is_read_in_its_task_and_taken_in_the_next() -> None:
    """An import's answer carries the store's newest entries: they are read in the answer's task
    and become the held journal, with the panel's ``done``, in the next (each a long task of its
    own at ~700 entries); a newer request of the same kind made in between drops them."""
    newer = entry_to_json(_entry(5000))
    answer_text = json.dumps({"ok": True, "new": 1, "head": {"total": 4, "entries": [newer], "bad": []}})
    for stale in (False, True):
        page = _page([_entry(n) for n in range(3)])
        page.dom.run_later()
        mounted = page.rt.mounted["journal"]
        got: list[int] = []

        def done(state: Any, answer: dict[str, Any], got: list[int] = got) -> Any:
            got.append(answer["new"])
            return state

        def ask(page: Any = page, mounted: Any = mounted, done: Any = done) -> None:
            box = page.rt.error_of(mounted)
            runtime_effects._ask(page.rt, mounted, AskJournal("import", {}, done), box)  # pyright: ignore[reportPrivateUsage]

        def held(page: Any = page) -> list[str]:
            return [e.id for e in page.rt.shared["journal"].value.entries]

        ask()
        *_, answer, _file = page.records.asked.pop()
        answer(answer_text)
        assert got == [] and newer["id"] not in held()
        if stale:
            ask()
        page.dom.run_later()
        assert (got, newer["id"] in held()) == (([], False) if stale else ([1], True))
