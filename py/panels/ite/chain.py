"""The ITE chain sub-tool (ITE-2, or ITE-1 with one check on): the И-, Т- and Эф-checks the form
describes, in the GM's order, and their exact odds before the roll.

Its state is ``Chain`` (the chain last read from the form, a heavy chain's odds from the compute
worker, and the rolls journalled before their chain's odds came: ``panels.ite.waiting``); the
panel lifts it with ``kit.part`` (``panels.ite.panel.LIFT["chain"]``). The
stage tabs (И, Т, Эф) are screens of this one sub-tool: the order and the chain's bound span all
three, so the form is read as a whole. One stage's fields and formula: ``panels.ite.stage``.

>>> from kit.msg import render
>>> shown = view(Chain())
>>> render(shown["ite-chain-odds"].text, "en")
'Whole chain: every check succeeds — 28.36%; a critical arises (new situation) — 0%.'
>>> len(shown["ite-odds"].children or ())
3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from itertools import permutations
from typing import Any

from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import Form, InputError, read_choice
from kit.journal import LateRoll
from kit.msg import Cat, Renderable, pct
from kit.panel import Answer, Compute, Effect, Outcome
from kit.view import Show, View, bar_chart, table_rows
from panels.ite import jobs, text
from panels.ite.stage import dump_stage, load_stage, read_stage, stage_view
from panels.ite.waiting import MAX_WAITING, Waiting
from rules import ite

__all__ = [
    "DEFAULT_STAGES",
    "KINDS",
    "ORDERS",
    "Chain",
    "Computed",
    "calc",
    "dump_chain",
    "got_odds",
    "load_chain",
    "odds_of",
    "odds_stopped",
    "read_chain",
    "view",
    "wait",
    "with_odds",
]

KINDS = ite.CHECK_KINDS
ORDERS = tuple("".join(p) for p in permutations(KINDS))
# What the form shows before anything is typed (the section's markup): every check on, 2к6, no carries.
DEFAULT_STAGES = tuple(
    ite.Stage(kind, ite.Check(x, 2, 6, 0, 10), carry=False)
    for kind, x in zip(KINDS, (10, 12, 10), strict=True)
)


@dataclass(frozen=True)
class Computed:
    """A heavy chain's odds from the compute worker: ``odds`` once they came, ``stopped`` after a
    timeout, running out of memory or Cancel; neither while they are being computed."""

    stages: tuple[ite.Stage, ...]
    odds: jobs.Odds | None = None
    stopped: bool = False


@dataclass(frozen=True)
class Chain:
    """The chain the form describes and, for a heavy one, its odds (light ones are computed in
    the view; neither is saved); the rolls whose chain's odds had not come when they were
    journalled (``waiting``, oldest first; saved)."""

    stages: tuple[ite.Stage, ...] = DEFAULT_STAGES
    computed: Computed | None = None
    waiting: tuple[Waiting, ...] = ()


def wait(chain: Chain, waiting: Waiting) -> Chain:
    """``waiting`` among the rolls waiting for their chain's odds (the oldest beyond
    ``MAX_WAITING`` goes: its entry keeps its sentences only)."""
    return replace(chain, waiting=(*chain.waiting, waiting)[-MAX_WAITING:])


# --------------------------------------------------------------------------- odds off the page


def with_odds(chain: Chain) -> Chain | Outcome[Chain]:
    """``chain`` (whose stages may have changed), asking the worker for a heavy chain's odds unless
    they are already here or on their way (a stopped computation is asked for again), and for
    the odds of the chains of the rolls waiting, unless a heavy chain's request on its way carries
    them: every request carries every waiting chain, so a newer one loses none of them."""
    got = chain.computed
    heavy = not jobs.is_light(chain.stages)
    here = got is not None and got.stages == chain.stages and not got.stopped
    on_way = here and got is not None and got.odds is None
    if not (heavy and not here) and not (chain.waiting and not on_way):
        return chain if heavy else replace(chain, computed=None)
    stages = chain.stages
    carried = tuple(dict.fromkeys(w.stages for w in chain.waiting if w.stages != stages))
    args: dict[str, Any] = {"stages": dump_chain(stages)}
    if carried:
        args["rolled"] = [dump_chain(c) for c in carried]
    ask: Effect[Chain] = Compute(
        jobs.JOB,
        args,
        partial(got_odds, stages, carried),
        text.ODDS_LABEL,
        failed=partial(odds_stopped, stages, carried),
        for_journal=bool(chain.waiting),  # not stopped when the GM walks away to the journal
    )
    computed = (got if here else Computed(stages)) if heavy else None
    return Outcome(replace(chain, computed=computed), effects=(ask,))


Chains = tuple[tuple[ite.Stage, ...], ...]


def _answered(
    chain: Chain, found: dict[tuple[ite.Stage, ...], Fraction]
) -> tuple[Chain, tuple[LateRoll, ...]]:
    """The waiting rolls whose chain's P(every check succeeds) is ``found``, given their data."""
    late = tuple(LateRoll(w.entry, w.roll(found[w.stages])) for w in chain.waiting if w.stages in found)
    if not late:
        return chain, ()
    return replace(chain, waiting=tuple(w for w in chain.waiting if w.stages not in found)), late


def _given_up(chain: Chain, chains: Chains) -> Chain:
    """Without the rolls waiting for these chains' odds (never to come: their entries keep their
    sentences only)."""
    if not any(w.stages in chains for w in chain.waiting):
        return chain
    return replace(chain, waiting=tuple(w for w in chain.waiting if w.stages not in chains))


def got_odds(
    stages: tuple[ite.Stage, ...], carried: Chains, chain: Chain, answer: Answer
) -> Chain | Outcome[Chain]:
    """The worker's answer for ``stages`` (shown if the form still describes them) and for the
    waiting chains it ``carried`` (their rolls given their data). Where no worker runs, a chain
    over the job's bound is refused: stopped, and said why."""
    if not answer.ok and answer.code == TOO_SLOW_HERE:  # no worker here, and over its bound
        stopped = odds_stopped(stages, carried, _given_up(chain, (stages, *carried)), answer)
        if chain.stages != stages:
            return stopped
        return Outcome(stopped, error=COMPUTE_TOO_SLOW_HERE(what=text.ODDS_LABEL))
    if not answer.ok:  # the job refused its input: cannot happen for a chain the form accepted
        return odds_stopped(stages, carried, _given_up(chain, (stages, *carried)), answer)
    shown = jobs.odds_from(answer.result)
    rolled = answer.result.get("rolled") or []
    found = {stages: shown.all_succeed, **{c: Fraction(p) for c, p in zip(carried, rolled, strict=False)}}
    chain, late = _answered(chain, found)
    if chain.stages == stages and not jobs.is_light(stages):
        chain = replace(chain, computed=Computed(stages, shown))
    return Outcome(chain, effects=late) if late else chain


def odds_stopped(stages: tuple[ite.Stage, ...], carried: Chains, chain: Chain, answer: Answer) -> Chain:
    """Out of time or memory, or cancelled: the view says so until the odds are asked for again.
    The rolls waiting stay for the next request, unless the job ran out of time or memory."""
    if answer.code in ("timeout", "memory"):
        chain = _given_up(chain, (stages, *carried))
    if chain.stages != stages or jobs.is_light(stages):
        return chain
    return replace(chain, computed=Computed(stages, stopped=True))


def odds_of(chain: Chain) -> tuple[jobs.Odds | None, Renderable]:
    """What the view shows of the chain's odds: the odds, or None with why not (computing, stopped).
    A light chain is computed here; a heavy one comes from the worker."""
    got = chain.computed
    if got is not None and got.stages == chain.stages:
        if got.odds is not None:
            return got.odds, ""
        if got.stopped:
            return None, text.ODDS_STOPPED
    if jobs.is_light(chain.stages):
        return jobs.odds(chain.stages), ""
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


def calc(chain: Chain, form: Form) -> Chain | Outcome[Chain]:
    """Any input changed, or "Compute odds": the odds of the chain the form describes (asked of the
    compute worker when heavy; "Compute odds" asks again after a stopped computation)."""
    return with_odds(replace(chain, stages=read_chain(form)))


# --------------------------------------------------------------------------- view


def _odds_view(odds: jobs.Odds) -> dict[str, Show]:
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
    return {
        "ite-odds": Show(children=table_rows(rows)),
        "ite-chain-odds": Show(text=text.CHAIN_ODDS(all=pct(odds.all_succeed), crit=pct(odds.any_critical))),
        "ite-chart": Show(
            children=bar_chart([*bars, (text.ALL, odds.all_succeed)]), attrs=(("aria-hidden", "true"),)
        ),
    }


def view(chain: Chain) -> View:
    """Each stage's formula and stand-alone odds (its tab), then the chain's odds table and chart."""
    stages = chain.stages
    odds, why = odds_of(chain)
    by_kind = {stage.kind: stage for stage in stages}
    previous = {stage.kind: (stages[i - 1].kind if i else None) for i, stage in enumerate(stages)}
    alone: dict[str, Renderable] = {}
    if odds is not None:
        alone = {line.kind: pct(line.alone) for line in odds.stages}
    missing = "—" if why is text.ODDS_STOPPED else "…"
    shown: dict[str, Show] = {}
    for kind in KINDS:
        shown.update(stage_view(kind, by_kind.get(kind), previous.get(kind), alone.get(kind, missing)))
    if odds is None:
        shown["ite-odds"] = Show(children=())
        shown["ite-chain-odds"] = Show(text=why)
        shown["ite-chart"] = Show(children=(), attrs=(("aria-hidden", "true"),))
        return shown
    shown.update(_odds_view(odds))
    return shown


# --------------------------------------------------------------------------- saved form


def dump_chain(stages: tuple[ite.Stage, ...]) -> list[dict[str, Any]]:
    return [dump_stage(stage) for stage in stages]


def load_chain(raw: Any) -> tuple[ite.Stage, ...]:
    """A saved chain back; ``ValueError`` on anything the form could not have produced."""
    if not isinstance(raw, list):
        raise ValueError(f"a chain must be a list of stages, got {raw!r}")
    return ite.validate_chain([load_stage(item) for item in raw])
