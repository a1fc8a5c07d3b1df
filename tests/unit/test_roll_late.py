"""A roll journalled before its odds were known gets its data when the compute worker answers
(``kit.journal.LateRoll``): a heavy ITE chain rolled before its odds came and a heavy dice line
whose total was on no table shown. The entry is written at once with its sentences; the answer
gives that entry its roll once (one record written), and nothing to an entry undone since or
to a newer one. Every ``p`` here is a count over every throw of the dice, made in the test.
A dice line of few totals keeps every total's odds, and the statistics say why a rule has no
expected counts where its rolls keep none."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kit import compute, runtime_effects, runtime_mount, runtime_page
from kit.journal import Entry, Journal, LateRoll, Note, entry_for, note_of
from kit.msg import pct, render, short_pct
from kit.panel import Outcome, Unlog, outcome
from kit.roll import MAX_DIGITS, MAX_ODDS, Roll, roll_from_json, roll_to_json
from kit.view import texts
from panels.ite import jobs as ite_jobs
from panels.ite import panel as ite_panel
from panels.journal import panel as journal_panel
from panels.journal.statistics import statistics
from panels.journal.stats import Looking, Stats
from panels.journal.stats import view as stats_view
from panels.notation import jobs as notation_jobs
from panels.notation import panel as notation_panel
from panels.notation.state import State as NotationState
from rules import notation


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


def _answer(page: Any, index: int = -1) -> dict[str, Any]:
    """Answer a request of the fake worker as the compute worker would."""
    job, args, on_answer = page.worker.asked[index]
    reply = json.loads(compute.run_json(job, json.dumps(compute.encode(args))))
    on_answer(reply)
    return reply


def _stored(page: Any) -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in page.records.journal_entries()}


# --------------------------------------------------------------------------- the journal


def test_a_late_roll_is_given_once_to_its_entry_and_to_no_other() -> None:
    """``Journal.with_roll``: the entry gets its roll once (a second one, or the same again, leaves
    the journal as it is: the same object); an id the journal does not hold, or holds no more, or
    an entry written with its roll, changes nothing."""
    plain = Entry("a", "2026-12-01T20:00:00", "ite", "x", "x")
    rolled = Entry(
        "b", "2026-12-01T20:01:00", "ite", "y", "y", roll=Roll("ite.chain", (), "failure", Fraction(1))
    )
    journal = Journal((rolled, plain))
    first = Roll("ite.chain", ((6, 1),), "success", Fraction(1, 3))
    late = journal.with_roll("a", first)
    assert [e.roll for e in late.entries] == [rolled.roll, first]
    assert late.with_roll("a", first) is late
    assert late.with_roll("a", Roll("ite.chain", (), "failure", Fraction(2, 3))) is late
    assert journal.with_roll("b", first) is journal
    assert journal.with_roll("gone", first) is journal
    assert journal.remove("a").with_roll("a", first).entries == (rolled,)


def test_a_roll_whose_p_needs_many_digits_is_kept_exactly_or_not_at_all() -> None:
    """200d6's P(700) has 155 digits: the entry keeps it and reads it back (it was refused past 60
    digits, so the entry was set aside as damaged at the next load); a p of more than
    ``MAX_DIGITS`` digits is not kept (the entry keeps its sentences)."""
    p = notation.distribution("200d6")[700]
    assert len(str(p.denominator)) == 155
    data = Roll("notation", ((6, 3),) * 200, "700", p, total=700, below=Fraction(1, 2) - p)
    assert roll_from_json(json.loads(json.dumps(roll_to_json(data)))) == data
    entry = entry_for("e", "2026-12-01T20:00:00", "notation", "x", note_of([Note(roll=data)]), "")
    assert entry.roll == data
    huge = Roll("notation", (), "1", Fraction(1, 10**MAX_DIGITS))
    assert entry_for("e", "2026-12-01T20:00:00", "notation", "x", note_of([Note(roll=huge)]), "").roll is None


# --------------------------------------------------------------------------- ITE


def _stage(kind: str, on: bool, x: int, m: int, n: int, dif: int, carry: bool = False) -> dict[str, Any]:
    k = kind.lower()
    fields = {"on": on, "x": str(x), "m": str(m), "n": str(n), "mod": "0", "dif": str(dif), "right": False}
    fields.update({"carry": carry, "gate": False, "crit": "none", "crit-high": "", "crit-low": ""})
    return {f"ite-{k}-{key}": value for key, value in fields.items()}


# И 1к100 against 10 + 101/2, then Т 2к50 carrying its margin: heavy (computed by the worker)
HEAVY: dict[str, Any] = {
    "ite-order": "ITE",
    **_stage("I", True, 10, 1, 100, 10),
    **_stage("T", True, 10, 2, 50, 10, carry=True),
    **_stage("E", False, 10, 2, 6, 10),
}


def _heavy_success() -> Fraction:
    """P(both checks succeed), over all 100 × 50 × 50 throws: И's margin 10 + i − 10 − 50.5, Т's
    that margin plus 10 + a + b − 10 − 51."""
    wins = 0
    for i in range(1, 101):
        first = Fraction(2 * i - 101, 2)
        if first < 0:
            continue
        wins += sum(1 for a, b in itertools.product(range(1, 51), repeat=2) if first + a + b - 51 >= 0)
    return Fraction(wins, 100 * 50 * 50)


def _ite_page(records: dict[str, str] | None = None, *, journal: bool = False) -> Any:
    page = FAKE.make_page(records)
    runtime_mount.mount(page.rt, ite_panel.panel(random.Random(4)))
    if journal:
        runtime_mount.mount(page.rt, journal_panel.panel(random.Random(4)))
    return page


def _fill(page: Any, fields: dict[str, str | bool]) -> None:
    """Type the fields without their change events: the roll itself reads the chain."""
    for key, value in fields.items():
        element = page.el(key)
        if isinstance(value, bool):
            element.checked = value
        else:
            element.value = value


def test_a_heavy_chain_rolled_before_its_odds_came_gets_its_roll_when_they_come() -> None:
    """The roll is journalled at once without data; the worker's answer gives that entry its roll
    (one record written), whose p is the count over every throw and the share the screen prints."""
    stages = ite_panel.read_chain(HEAVY)
    assert not ite_jobs.is_light(stages), "a chain the worker computes"
    page = _ite_page()
    _fill(page, HEAVY)
    page.click("ite-roll")
    (entry,) = _stored(page).values()
    assert "roll" not in entry, "its odds are on their way: no data yet, the line is written"
    assert len(page.state("ite").chain.waiting) == 1
    job, args, _ = page.worker.asked[-1]
    assert job == ite_jobs.JOB and "rolled" not in args, "the chain's own request covers its roll"
    page.records.journal_writes.clear()
    _answer(page)
    assert [n for n, _ in page.records.journal_writes] == [1], "that one entry written"
    data = _stored(page)[entry["id"]]["roll"]
    last = page.state("ite").last
    success = _heavy_success()
    assert data["rule"] == "ite.chain" and data["outcome"] == (
        "success" if last.result.all_succeed else "failure"
    )
    assert Fraction(data["p"]) == (success if data["outcome"] == "success" else 1 - success)
    assert data["dice"] == [
        [100, last.result.stages[0].faces[0]],
        *([50, f] for f in last.result.stages[1].faces),
    ]
    assert render(pct(success), "ru") in page.el("ite-chain-odds").text
    assert page.state("ite").chain.waiting == ()


def test_leaving_the_panel_stops_odds_for_the_view_only_not_those_rolls_wait_for() -> None:
    """Another tab stops a heavy chain's odds asked for the view (the worker restarts), but not a
    request that rolls wait for: the GM rolls, then opens the journal."""
    page = _ite_page()
    _fill(page, HEAVY)
    page.click("ite-calc")
    runtime_page.left_panel(page.rt)
    assert page.worker.cancelled == 1
    _fill(page, {**HEAVY, "ite-t-dif": "15"})
    page.click("ite-roll")
    runtime_page.left_panel(page.rt)
    assert page.worker.cancelled == 1, "the roll's data is on its way"
    _answer(page)
    assert "roll" in page.records.journal_entries()[0]


def test_rolls_of_several_heavy_chains_all_get_their_rolls_from_the_newest_request() -> None:
    """A roll, then another chain before the first odds came: the newer request carries the older
    chain (the older one's answer is dropped as stale), and its answer gives both rolls theirs; a
    roll typed from the table keeps ``by_hand``."""
    page = _ite_page()
    _fill(page, HEAVY)
    page.click("ite-roll")
    other = {**HEAVY, "ite-t-dif": "20"}
    _fill(page, {**other, "ite-roll-table": "50 25 25"})
    page.click("ite-roll")
    _job, args, _ = page.worker.asked[-1]
    assert args["rolled"] == [ite_panel.dump_chain(ite_panel.read_chain(HEAVY))]
    _answer(page, 0)  # stale: a newer request took over
    assert all("roll" not in e for e in _stored(page).values())
    _answer(page)
    second, first = page.records.journal_entries()
    assert first["roll"]["by_hand"] is False and second["roll"]["by_hand"] is True
    assert second["roll"]["dice"] == [[100, 50], [50, 25], [50, 25]]
    for entry, chain in ((first, HEAVY), (second, other)):
        p = ite_jobs.odds(ite_panel.read_chain(chain)).all_succeed
        assert Fraction(entry["roll"]["p"]) == (p if entry["roll"]["outcome"] == "success" else 1 - p)
    assert Fraction(first["roll"]["p"]) in (_heavy_success(), 1 - _heavy_success())


def test_an_answer_for_an_undone_entry_or_after_a_new_evening_does_no_harm() -> None:
    """The entry undone before the answer: nothing is written, nothing comes back. «Новый вечер»
    between the roll and the answer: the roll goes to its own entry, in its own evening, and the
    new evening's line is left as it is."""
    page = _ite_page(journal=True)
    _fill(page, HEAVY)
    page.click("ite-roll")
    (entry,) = _stored(page).values()
    mounted = page.rt.mounted["ite"]
    runtime_effects.apply(page.rt, mounted, Outcome(mounted.state, effects=(Unlog((entry["id"],)),)))
    assert _stored(page) == {}
    page.records.journal_writes.clear()
    _answer(page)
    assert _stored(page) == {} and page.records.journal_writes == []
    assert page.state("ite").chain.waiting == ()

    _fill(page, {**HEAVY, "ite-t-dif": "15"})  # a chain whose odds have not come
    page.click("ite-roll")
    (rolled,) = _stored(page).values()
    assert "roll" not in rolled
    page.dom.local_stamp = lambda: "2026-12-01T12:40:00"
    page.click("journal-new-evening")
    page.records.journal_writes.clear()
    _answer(page)
    assert [n for n, _ in page.records.journal_writes] == [1]
    newest, kept = page.records.journal_entries()
    assert kept["id"] == rolled["id"] and "roll" in kept and kept["evening"] == rolled["evening"]
    assert newest["panel"] == "journal" and "roll" not in newest and newest["evening"] != rolled["evening"]


def test_a_waiting_roll_is_saved_and_asked_for_again_after_a_reload() -> None:
    """The page closed before the answer: the roll waits in the panel's record, and the reloaded
    panel asks for it (its chain light now: the request carries the waiting chain alone)."""
    page = _ite_page()
    _fill(page, HEAVY)
    page.click("ite-roll")
    saved = json.loads(page.records.records["gm.panel.ite"])["state"]
    assert len(saved["waiting"]) == 1
    records = dict(page.records.records)
    records["gm.panel.ite"] = json.dumps(
        {"v": 1, "form": {}, "state": {**saved, "stages": ite_panel.dump_chain(ite_panel.DEFAULT_STAGES)}}
    )
    again = FAKE.make_page(records)
    again.records.entries = page.records.entries
    runtime_mount.mount(again.rt, ite_panel.panel(random.Random(4)))
    job, args, _ = again.worker.asked[-1]
    assert job == ite_jobs.JOB and args["rolled"] == [saved["waiting"][0]["stages"]]
    _answer(again)
    (entry,) = again.records.journal_entries()
    assert Fraction(entry["roll"]["p"]) in (_heavy_success(), 1 - _heavy_success())
    assert "waiting" not in json.loads(again.records.records["gm.panel.ite"])["state"]


def test_the_odds_job_answers_each_rolled_chain_as_counted_over_its_throws() -> None:
    """``ite.odds`` with ``rolled``: each chain's P(every check succeeds), in order, checked
    against a count over every throw (a light chain's and the heavy one's)."""
    light = {**HEAVY, "ite-i-n": "6", "ite-t-m": "1", "ite-t-n": "6"}
    wins = 0
    for i, t in itertools.product(range(1, 7), repeat=2):
        first = 10 + i - 10 - Fraction(7, 2)
        wins += first >= 0 and first + 10 + t - 10 - Fraction(7, 2) >= 0
    chains = [ite_panel.dump_chain(ite_panel.read_chain(f)) for f in (light, HEAVY)]
    made = ite_jobs.odds_job(ite_panel.dump_chain(ite_panel.DEFAULT_STAGES), rolled=chains)
    assert made["rolled"] == [Fraction(wins, 36), _heavy_success()]
    assert ite_jobs.steps(chains[0], rolled=chains) > ite_jobs.steps(chains[0])
    with pytest.raises(compute.JobError):
        ite_jobs.odds_job(chains[0], rolled=chains * 5)


# --------------------------------------------------------------------------- the dice line


def _products() -> Counter[int]:
    """d100 × d100 over all 10,000 throws."""
    return Counter(a * b for a, b in itertools.product(range(1, 101), repeat=2))


def _notation_page() -> Any:
    page = FAKE.make_page()
    runtime_mount.mount(page.rt, notation_panel.panel(random.Random(5)))
    return page


def test_a_heavy_line_whose_total_was_on_no_table_gets_its_roll_when_the_odds_come() -> None:
    """d100*d100 rolled at once: no table was shown, so the entry is written without data and its
    roll comes with the worker's answer: P(= total) and P(< total) as counted over every throw,
    the share the screen prints, no odds of every total (2,906 of them)."""
    line = "d100*d100"
    assert not notation_jobs.is_light(line)
    page = _notation_page()
    page.el("notation-expr").value = line
    page.click("notation-roll")
    (entry,) = _stored(page).values()
    assert "roll" not in entry
    job, args, _ = page.worker.asked[-1]
    total = page.state("notation").roller.roll.total
    assert job == "notation.digest" and args["rolled"] == [[line, total]]
    page.records.journal_writes.clear()
    _answer(page)
    assert [n for n, _ in page.records.journal_writes] == [1]
    data = _stored(page)[entry["id"]]["roll"]
    counts = _products()
    assert data["outcome"] == str(total) and data["total"] == total and "odds" not in data
    assert Fraction(data["p"]) == Fraction(counts[total], 10_000)
    assert Fraction(data["below"]) == Fraction(sum(n for v, n in counts.items() if v < total), 10_000)
    assert sorted(data["dice"]) == sorted(
        [100, d.value] for g in page.state("notation").roller.roll.dice for d in g.dice
    )
    assert f"P(= {total}) = {render(short_pct(Fraction(data['p'])), 'ru')}" in page.el("notation-where").text


def test_rolls_made_faster_than_the_odds_come_all_get_theirs_and_a_few_totals_keep_every_odds() -> None:
    """Three rolls of a heavy line of two totals (a success on d10000 ≥ 5000) before any answer:
    the last request carries all three, each entry gets its roll with both totals' odds. Then a
    heavy line rolled and a light one asked for before the answer: the request carries the
    waiting roll alone, as the light line needs no worker."""
    line = "d10000>=5000"
    assert not notation_jobs.is_light(line)
    page = _notation_page()
    page.el("notation-expr").value = line
    for _ in range(3):
        page.click("notation-roll")
    job, args, _ = page.worker.asked[-1]
    assert job == "notation.digest" and len(args["rolled"]) in (1, 2), "each (line, total) once"
    _answer(page)
    success = Fraction(5001, 10_000)
    for entry in page.records.journal_entries():
        data = entry["roll"]
        assert data["odds"] == {"0": str(1 - success), "1": f"{success.numerator}/{success.denominator}"}
        assert Fraction(data["p"]) == (success if data["outcome"] == "1" else 1 - success)
    page.el("notation-expr").value = "d100*d100"
    page.click("notation-roll")
    page.el("notation-expr").value = "2d6"
    page.click("notation-odds")
    job, args, _ = page.worker.asked[-1]
    assert job == "notation.rolled" and args["rolled"][0][0] == "d100*d100"
    _answer(page)
    assert all("roll" in e for e in page.records.journal_entries())
    assert page.state("notation").roller.waiting == ()


def _every(line: str) -> Counter[int]:
    d6, fudge = range(1, 7), (-1, 0, 1)
    if line == "d20":
        return Counter(range(1, 21))
    if line == "2d6":
        return Counter(a + b for a, b in itertools.product(d6, repeat=2))
    if line == "3d6":
        return Counter(sum(t) for t in itertools.product(d6, repeat=3))
    if line == "4dF":
        return Counter(sum(t) for t in itertools.product(fudge, repeat=4))
    if line == "5d6>=5":
        return Counter(sum(v >= 5 for v in t) for t in itertools.product(d6, repeat=5))
    raise AssertionError(line)


@pytest.mark.parametrize("line", ["d20", "2d6", "3d6", "4dF", "5d6>=5"])
def test_a_dice_line_of_few_totals_keeps_every_total_s_odds(line: str) -> None:
    counts = _every(line)
    whole = sum(counts.values())
    for seed in range(3):
        done = outcome(
            notation_panel.panel(random.Random(seed)).actions["#notation-roll"](
                NotationState(), {"notation-expr": line}
            )
        )
        note = note_of(done.effects)
        assert note is not None and note.roll is not None
        odds = dict(note.roll.odds)
        assert odds == {str(v): Fraction(n, whole) for v, n in counts.items()}
        assert odds[note.roll.outcome] == note.roll.p


def test_a_line_of_many_totals_keeps_none_and_the_statistics_say_why() -> None:
    """3d20 has 58 totals: its rolls keep only the odds of what came, and the outcome counts say in
    both languages why there is no expected count, under that rule; 3d6's rolls have theirs,
    summed over the rolls as counted over every throw."""
    rolls = []
    for seed, line in enumerate(["3d20", "3d6", "3d6", "3d20"]):
        done = outcome(
            notation_panel.panel(random.Random(seed)).actions["#notation-roll"](
                NotationState(), {"notation-expr": line}
            )
        )
        note = note_of(done.effects)
        assert note is not None and note.roll is not None
        assert bool(note.roll.odds) == (line == "3d6") and len(_every("3d6")) <= MAX_ODDS
        rolls.append(Entry(f"e{seed}", "2026-12-01T20:00:00", "notation", "x", "x", roll=note.roll))
    found = statistics(rolls[1:3])
    counts = _every("3d6")
    assert {o.outcome: o.expected for o in found.outcomes} == pytest.approx(
        {str(v): 2 * n / 216 for v, n in counts.items()}
    )
    found = statistics(rolls)
    assert found.unexpected == (("notation", 2, 4),)
    assert all(o.count for o in found.outcomes), "no row of what never came where nothing is expected"
    journal = Journal(tuple(rolls))
    shown = stats_view(Looking(journal, journal_panel.State().chosen, Stats(asked=True)))
    ru, en = " ".join(texts(shown, "ru")), " ".join(texts(shown, "en"))
    assert "у 2 из 4 бросков больше 24 возможных итогов" in ru
    assert "2 of 4 rolls have more than 24 possible totals" in en


def test_the_rolled_job_answers_as_counted_and_refuses_nothing_it_cannot_read() -> None:
    """``notation.rolled``: each (line, total) as counted over every throw, a refused line
    ``None`` (its roll then keeps its sentences), more than it may carry refused."""
    made = notation_jobs.rolled_odds(rolled=[["d100*d100", 12], ["2d6", 7], ["d6 + foo", 3], ["2d6", 13]])
    counts = _products()
    p, at_most, odds = made["rolled"][0]
    assert (p, at_most, odds) == (
        Fraction(counts[12], 10_000),
        Fraction(sum(n for v, n in counts.items() if v <= 12), 10_000),
        [],
    )
    assert made["rolled"][1][0] == Fraction(1, 6) and len(made["rolled"][1][2]) == 11
    assert made["rolled"][2:] == [None, None]
    with pytest.raises(compute.JobError):
        notation_jobs.rolled_odds(rolled=[["2d6", 7]] * 9)
    assert LateRoll("e", Roll("notation", (), "7", Fraction(1, 6))).entry == "e"
