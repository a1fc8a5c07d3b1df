"""Route by cost: whether the dice panel computes on the page is decided by a bound of the work
(``panels.notation.jobs``), for every way an input arrives: typed, a ``?expr=`` or ``?lab=`` link,
a saved state. Heavy work goes to the worker; where no worker runs it is refused with a message
(``kit.compute.run_inline_json``) instead of freezing the page. Work is counted, never timed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from kit import compute
from kit.compute import TOO_SLOW_HERE, settle
from kit.msg import render
from kit.panel import Answer, Compute, Outcome, outcome
from panels.notation import jobs, lab, roller
from panels.notation import panel as dice
from panels.notation.lab_share import encode_lab
from panels.notation.lab_state import Lab
from panels.notation.state import Roller, State
from panels.notation.view import odds_of
from rules import notation_expression, notation_parser

LONG = "+".join(["d10000>=5000"] * 38)  # 2.9 s on the page's main thread before
LAB = Lab((LONG,) * 8)
PAGE_CALLS = 300_000  # what the page may do at once for any of these (the bound's inline limit)


def _jobs(done: Any) -> list[str]:
    return [e.job for e in outcome(done).effects if isinstance(e, Compute)]


def test_a_long_line_from_a_link_goes_to_the_worker_and_the_view_stays_cheap(
    work_meter: Callable[..., Any],
) -> None:
    """``?expr=`` with the 38-term line: the page parses it, asks the worker, and its view shows the
    odds as pending, all within the page's budget of calls."""
    opened = work_meter(dice.start, State(), {}, {"expr": LONG}, max_calls=PAGE_CALLS).result
    assert _jobs(opened) == ["notation.digest"]
    work_meter(dice.view, outcome(opened).state, max_calls=PAGE_CALLS)


def test_a_saved_heavy_line_is_asked_of_the_worker_on_the_next_load(work_meter: Callable[..., Any]) -> None:
    """The next plain load restores the line and asks the worker (before, a heavy saved line showed
    «computing» and nothing asked; a line judged light by kind ran on the page for seconds)."""
    saved = dice.load(json.loads(json.dumps(dice.dump(State(Roller(expr=LONG))))))
    started = work_meter(dice.start, saved, {}, {}, max_calls=PAGE_CALLS).result
    assert _jobs(started) == ["notation.digest"]
    light = dice.start(dice.load(dice.dump(State(Roller(expr="3d6")))), {}, {})
    assert _jobs(light) == []  # computed in the view, at once


def test_an_eight_row_lab_link_and_its_saved_lab_go_to_the_worker(work_meter: Callable[..., Any]) -> None:
    """An 8-row ``?lab=`` link of the long line (20 s on the page before): its rows are asked of the
    worker on open and again on the next plain load, each within the page's budget."""
    opened = work_meter(dice.start, State(), {}, {"lab": encode_lab(LAB)}, max_calls=PAGE_CALLS).result
    assert _jobs(opened) == ["notation.lab"]
    saved = dice.load(json.loads(json.dumps(dice.dump(outcome(opened).state))))
    again = work_meter(dice.start, saved, {}, {}, max_calls=PAGE_CALLS).result
    assert _jobs(again) == ["notation.lab"]
    work_meter(dice.view, outcome(again).state, max_calls=PAGE_CALLS)


def test_without_a_worker_heavy_work_is_refused_at_once_with_a_message(
    work_meter: Callable[..., Any],
) -> None:
    """From the saved file (no worker) the same job is refused before it starts, in a handful of
    calls, and the panel says why in both languages; light work still runs there."""
    for job, args in (
        ("notation.lab", {"rows": list(LAB.rows)}),
        ("notation.digest", {"line": LONG, "hit": None, "view": "eq", "show_all": False}),
    ):
        reply = work_meter(compute.run_inline_json, job, json.dumps(args), max_calls=PAGE_CALLS).result
        assert json.loads(reply)["error"]["code"] == TOO_SLOW_HERE
    light = json.loads(compute.run_inline_json("notation.lab", json.dumps({"rows": ["3d6", "d20"]})))
    assert light["ok"]
    refused = Answer(False, None, TOO_SLOW_HERE, {"steps": 1, "max": 1})
    pending = outcome(dice.start(State(), {}, {"expr": LONG}))
    ask = next(e for e in pending.effects if isinstance(e, Compute))
    told = ask.done(pending.state, refused)
    assert isinstance(told, Outcome) and told.error is not None and told.state.roller.odds.stopped
    assert "файл" in render(told.error, "ru") and "file" in render(told.error, "en")
    lab_pending = outcome(dice.start(State(), {}, {"lab": encode_lab(LAB)}))
    lab_ask = next(e for e in lab_pending.effects if isinstance(e, Compute))
    lab_told = lab_ask.done(lab_pending.state, refused)
    assert isinstance(lab_told, Outcome) and lab_told.error is not None and lab_told.state.lab.stopped


def test_a_saved_d2000dl1_computes() -> None:
    """``d2000dl1`` (one die, its lowest dropped: always 0) once ended in a RecursionError at every
    load; restored now, its odds are shown."""
    saved = dice.load(dice.dump(State(Roller(expr="d2000dl1"))))
    shown = settle(dice.start(saved, {}, {}))
    digest = odds_of(shown.roller)[0]
    assert digest is not None and digest.mean == 0


def test_the_routing_is_one_decision_per_panel() -> None:
    """The lab and the line use the same bound and the same limit (``kit.compute.light``)."""
    assert jobs.is_light_lab(("3d6",)) == compute.light(jobs.lab_steps(("3d6",)))
    assert lab.compute_lab(Lab(), ("3d6",)).state.digest is not None  # light: at once


PARSER = [notation_parser.__file__]


def test_a_saved_line_too_heavy_to_parse_is_restored_and_asked_of_the_worker_unparsed(
    work_meter: Callable[..., Any],
) -> None:
    """The next plain load restores the 38-term line (and its roll) and asks the worker for its
    odds without parsing it on the page: parsing it (380,000 faces built, ~40 ms on CPython) made
    the dice panel's mount in idle time a long task. The worker's refusal of a saved line that
    does not parse is shown as the page shows its own."""
    rolled = State(roller.roll(random.Random(3), Roller(), {"notation-expr": LONG}).state)
    raw = json.loads(json.dumps(dice.dump(rolled)))
    notation_expression._parse_cached.cache_clear()
    mounted = work_meter(lambda: outcome(dice.start(dice.load(raw), {}, {})), files=PARSER)
    assert mounted.lines == 0
    done = mounted.result
    assert _jobs(done) == ["notation.digest"]
    assert done.state.roller.roll is not None and done.state.roller.roll.total == rolled.roller.roll.total
    assert work_meter(dice.view, done.state, files=PARSER).lines == 0
    broken = LONG + "+"
    restored = outcome(dice.start(dice.load({**raw, "expr": broken, "roll": None}), {}, {}))
    ask = next(e for e in restored.effects if isinstance(e, Compute))
    answer = json.loads(compute.run_json(ask.job, json.dumps(ask.args)))
    told = outcome(
        ask.done(restored.state, Answer(False, None, answer["error"]["code"], answer["error"]["params"]))
    )
    assert odds_of(told.state.roller)[1] is not None  # refused, with its position
