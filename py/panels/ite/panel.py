"""The ITE panel (seed 001): И-, Т- and Эф-checks in the GM's order, exact odds before the roll, log.

One stage's fields, formula and saved form: ``panels.ite.stage``; the roster pickers: ``.cast``.

>>> import random
>>> from kit.msg import render
>>> ite_panel = panel(random.Random(1))
>>> done = ite_panel.actions["#ite-preset"](State(), {"ite-preset": "sword"})
>>> [stage.kind for stage in done.state.stages]
['I', 'T', 'E']
>>> render(ite_panel.view(done.state)["ite-status"].text, "en")
'Form filled: Seed example 2: sword fight (ITE-2).'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from itertools import permutations
from typing import Any

from kit import common
from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import Form, InputError, read_choice
from kit.journal import Note
from kit.msg import Cat, Msg, Renderable, pct
from kit.panel import Answer, Compute, Effect, LogSpec, Outcome, Panel, SetFields, outcome
from kit.view import Show, View, bar_chart, table_rows
from panels.ite import jobs, text
from panels.ite.cast import WHO, WHOM, Cast, attach
from panels.ite.stage import (
    dump_stage,
    load_stage,
    read_stage,
    stage_fields,
    stage_view,
)
from panels.ite.words import new_situation, roll_rows, summary
from panels.roster.shared import who_acts
from panels.shell.table import from_table, mark_table, rolled_by_hand
from rules import ite

__all__ = [
    "DEFAULT_STAGES",
    "ORDERS",
    "PRESETS",
    "Computed",
    "Rolled",
    "State",
    "calc",
    "dump",
    "got_odds",
    "load",
    "odds_of",
    "odds_stopped",
    "panel",
    "preset",
    "read_chain",
    "roll",
    "start",
    "summary",
    "view",
]

KINDS = ite.CHECK_KINDS
ORDERS = tuple("".join(p) for p in permutations(KINDS))
LOG_SIZE = 50


def _preset_stages(name: str) -> tuple[ite.Stage, ...]:
    """The seed's §6 examples, built with the rules module."""
    C = ite.Check
    if name == "crafting":
        # Т-чек first (is the thing made at all), then И (time taken), then Эф (does it fail at the worst moment).
        return ite.crafting_chain(
            C(13, 2, 6, 1, 14, critical=ite.FaceCritical.extremes(2, 6)),
            C(14, 2, 6, 0, 12),
            C(12, 2, 6, 2, 13, critical=ite.FaceCritical.extremes(2, 6)),
        )
    if name == "sword":
        # И: who strikes first; its margin is the time left to aim; Т: attack against defence; Эф: damage.
        return ite.sword_fight_chain(
            C(20, 3, 6, 0, 19),
            C(21, 3, 6, 0, 20, critical=ite.MarginCritical(6)),
            C(7, 1, 6, 0, 5, critical=ite.MarginCritical(8)),
        )
    if name == "critical":
        # The new situation after a critical hit: Т — how dangerous the zone, Эф — the exact effect.
        return ite.critical_hit_chain(C(14, 2, 6, 0, 12), C(12, 2, 6, 0, 10))
    return (ite.Stage("T", C(20, 3, 6, 0, 18), carry=False),)


PRESETS: dict[str, Msg] = {
    "crafting": text.PRESET_CRAFTING,
    "sword": text.PRESET_SWORD,
    "critical": text.PRESET_CRITICAL,
    "single": text.PRESET_SINGLE,
}
# What the form shows before anything is typed (index.html): every check on, 2к6, no carries.
DEFAULT_STAGES = tuple(
    ite.Stage(kind, ite.Check(x, 2, 6, 0, 10), carry=False)
    for kind, x in zip(KINDS, (10, 12, 10), strict=True)
)


@dataclass(frozen=True)
class Rolled:
    """The last roll and the chain it was rolled with (the form may have changed since)."""

    stages: tuple[ite.Stage, ...]
    result: ite.ChainResult
    from_table: bool = False  # its dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class Computed:
    """A heavy chain's odds from the compute worker: ``odds`` once they came, ``stopped`` after a
    timeout, running out of memory or Cancel; neither while they are being computed."""

    stages: tuple[ite.Stage, ...]
    odds: jobs.Odds | None = None
    stopped: bool = False


@dataclass(frozen=True)
class State:
    stages: tuple[ite.Stage, ...] = DEFAULT_STAGES
    last: Rolled | None = None
    status: str | None = None  # the preset whose fields were filled
    computed: Computed | None = None  # a heavy chain's odds (light ones are computed in the view); not saved
    cast: Cast = field(default_factory=Cast)  # the roster and the pickers' choices (panels.ite.cast)


# --------------------------------------------------------------------------- odds off the page


def _with_odds(state: State) -> State | Outcome[State]:
    """``state`` (whose chain may have changed), asking the worker for a heavy chain's odds unless
    they are already here or on their way; a stopped computation is asked for again."""
    got = state.computed
    if got is not None and got.stages == state.stages and not got.stopped:
        return state
    if jobs.is_light(state.stages):
        return replace(state, computed=None)
    stages = state.stages
    ask: Effect = Compute(
        jobs.JOB,
        {"stages": [jobs.dump_stage(stage) for stage in stages]},
        partial(got_odds, stages),
        text.ODDS_LABEL,
        failed=partial(odds_stopped, stages),
    )
    return Outcome(replace(state, computed=Computed(stages)), effects=(ask,))


def got_odds(stages: tuple[ite.Stage, ...], state: State, answer: Answer) -> State | Outcome[State]:
    """The worker's answer for ``stages``; dropped if the form describes another chain by now.
    Where no worker runs, a chain over the job's bound is refused: stopped, and said why."""
    if state.stages != stages:
        return state
    if not answer.ok and answer.code == TOO_SLOW_HERE:  # no worker here, and over its bound
        stopped = odds_stopped(stages, state, answer)
        return Outcome(stopped, error=COMPUTE_TOO_SLOW_HERE(what=text.ODDS_LABEL))
    if not answer.ok:  # the job refused its input: cannot happen for a chain the form accepted
        return odds_stopped(stages, state, answer)
    return replace(state, computed=Computed(stages, jobs.odds_from(answer.result)))


def odds_stopped(stages: tuple[ite.Stage, ...], state: State, answer: Answer) -> State:
    """Out of time or memory, or cancelled: the view says so until the odds are asked for again."""
    return replace(state, computed=Computed(stages, stopped=True)) if state.stages == stages else state


def odds_of(state: State) -> tuple[jobs.Odds | None, Renderable]:
    """What the view shows of the chain's odds: the odds, or None with why not (computing, stopped).
    A light chain is computed here; a heavy one comes from the worker."""
    got = state.computed
    if got is not None and got.stages == state.stages:
        if got.odds is not None:
            return got.odds, ""
        if got.stopped:
            return None, text.ODDS_STOPPED
    if jobs.is_light(state.stages):
        return jobs.odds(state.stages), ""
    return None, text.ODDS_PENDING


# --------------------------------------------------------------------------- actions


def read_chain(form: Form) -> tuple[ite.Stage, ...]:
    """Every input read and checked before anything changes (InputError on bad input)."""
    order = read_choice(form, "ite-order", ORDERS, text.ORDER)
    built = {kind: read_stage(form, kind) for kind in KINDS}
    stages = tuple(stage for kind in order if (stage := built[kind]) is not None)
    if not stages:
        raise InputError(text.NONE_ON)
    total = sum(stage.check.span for stage in stages)
    if total > ite.MAX_CHAIN_SPAN:
        raise InputError(text.CHAIN_TOO_BIG(total=total, limit=ite.MAX_CHAIN_SPAN))
    return ite.validate_chain(stages)


def calc(state: State, form: Form) -> State | Outcome[State]:
    """Any input changed, or "Compute odds": the odds of the chain the form describes (asked of the
    compute worker when heavy; "Compute odds" asks again after a stopped computation)."""
    return _with_odds(replace(state, stages=read_chain(form)))


def preset(state: State, form: Form) -> State | Outcome[State]:
    """A seed example fills the form and shows its odds; "— custom —" changes nothing."""
    name = read_choice(form, "ite-preset", ("", *PRESETS), text.PRESET)
    if not name:
        return state
    stages = _preset_stages(name)
    by_kind = {stage.kind: stage for stage in stages}
    order = "".join(stage.kind for stage in stages) + "".join(k for k in KINDS if k not in by_kind)
    fields = (("ite-order", order), *(f for kind in KINDS for f in stage_fields(kind, by_kind.get(kind))))
    done = outcome(_with_odds(replace(state, stages=stages, status=name)))
    return replace(done, effects=(SetFields(fields), *done.effects))


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    stages = read_chain(form)
    result = ite.run_chain(rng, stages, with_odds=False)
    line = summary(result)
    rolled = Rolled(stages, result, rolled_by_hand(rng))
    done = outcome(_with_odds(replace(state, stages=stages, last=rolled)))
    who = who_acts(state.cast, (p.field for p in WHO.values()), (p.field for p in WHOM.values()))
    return replace(done, log=line, effects=(*done.effects, Note(who=who)))


def start(state: State, form: Form, params: Mapping[str, str]) -> State | Outcome[State]:
    """A restored heavy chain's odds are asked of the worker (they are not saved)."""
    return _with_odds(state)


# --------------------------------------------------------------------------- view


def _roll_view(last: Rolled | None) -> dict[str, Show]:
    if last is None:
        return {
            "ite-result": Show(text=common.NO_ROLL_YET),
            "ite-rolls": Show(children=()),
            "ite-new-situation": Show(text="", hidden=True),
        }
    result = last.result
    note: Renderable = ""
    if result.new_situation:
        note = new_situation(result)
        if any(stage.kind == "I" for stage in last.stages):
            note = Cat((note, text.PICK_CRITICAL), " ")
    line = summary(result)
    return {
        "ite-result": Show(text=mark_table(line, last.from_table)),
        "ite-rolls": Show(children=table_rows(roll_rows(last.stages, last.result))),
        "ite-new-situation": Show(text=note, hidden=not result.new_situation),
    }


def _status(status: str | None) -> Renderable:
    if status in PRESETS:
        return text.FILLED(name=PRESETS[status])
    return ""


def view(state: State) -> View:
    stages = state.stages
    odds, why = odds_of(state)
    by_kind = {stage.kind: stage for stage in stages}
    previous = {stage.kind: (stages[i - 1].kind if i else None) for i, stage in enumerate(stages)}
    alone: dict[str, Renderable] = {}
    if odds is not None:
        alone = {line.kind: pct(line.alone) for line in odds.stages}
    missing = "—" if why is text.ODDS_STOPPED else "…"
    shown: dict[str, Show] = {}
    for kind in KINDS:
        shown.update(stage_view(kind, by_kind.get(kind), previous.get(kind), alone.get(kind, missing)))
    shown.update(_roll_view(state.last))
    shown["ite-status"] = Show(text=_status(state.status))
    if odds is None:
        shown["ite-odds"] = Show(children=())
        shown["ite-chain-odds"] = Show(text=why)
        shown["ite-chart"] = Show(children=(), attrs=(("aria-hidden", "true"),))
        return shown
    rows = [
        (
            Cat((f"{position}. ", text.NAME[s.kind])),
            pct(s.reached),
            pct(s.success),
            pct(s.success_if_reached),
            pct(s.critical_high),
            pct(s.critical_low),
        )
        for position, s in enumerate(odds.stages, start=1)
    ]
    bars: list[tuple[Any, Fraction]] = [(text.SHORT[s.kind], s.success) for s in odds.stages]
    shown["ite-odds"] = Show(children=table_rows(rows))
    shown["ite-chain-odds"] = Show(
        text=text.CHAIN_ODDS(all=pct(odds.all_succeed), crit=pct(odds.any_critical))
    )
    shown["ite-chart"] = Show(
        children=bar_chart([*bars, (text.ALL, odds.all_succeed)]), attrs=(("aria-hidden", "true"),)
    )
    return shown


# --------------------------------------------------------------------------- saved state


def dump(state: State) -> dict[str, Any]:
    last = state.last
    saved_last = None
    if last is not None:
        saved_last = {
            "stages": [dump_stage(stage) for stage in last.stages],
            "dice": [[list(s.faces), list(s.right_faces)] for s in last.result.stages],
            "table": last.from_table,
        }
    return {"stages": [dump_stage(stage) for stage in state.stages], "last": saved_last}


def _load_chain(raw: Any) -> tuple[ite.Stage, ...]:
    if not isinstance(raw, list):
        raise ValueError(f"a chain must be a list of stages, got {raw!r}")
    return ite.validate_chain([load_stage(item) for item in raw])


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything the panel could not have saved."""
    if not isinstance(raw, dict):
        raise ValueError("the ITE state must be an object")
    stages = _load_chain(raw.get("stages"))
    last = raw.get("last")
    if last is None:
        return State(stages)
    if not isinstance(last, dict):
        raise ValueError("the last roll must be an object")
    rolled = _load_chain(last.get("stages"))
    result = ite.resolve_chain(rolled, last.get("dice"))
    return State(stages, Rolled(rolled, result, last.get("table", False) is True))


def panel(rng: random.Random) -> Panel[State]:
    actions = {"#ite-preset": preset, ".ite-input": calc, "#ite-calc": calc}
    return attach(
        Panel(
            name="ite",
            initial=State(),
            view=view,
            actions={**actions, "#ite-roll": from_table(lambda r: partial(roll, r), rng, "ite-roll")},
            dump=dump,
            load=load,
            log=LogSpec("ite", size=LOG_SIZE, legacy_key="gm.ite.log"),
            start=start,
            title=text.TITLE,
        )
    )
