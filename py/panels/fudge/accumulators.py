"""FUDGE damage accumulators (seed 002, 1.8, 3.2): sub-scale damage at the scale difference and
exhaustion damage at 4:1, converted into wounds of damage 1. They work on ``Pooled``: the pools and the wounds (``Wounded``)
their damage is marked on."""

from __future__ import annotations

from dataclasses import replace

from kit.form import Form, InputError, read_int
from kit.msg import Cat, Renderable
from kit.panel import Outcome, SetFields
from kit.part import field_part
from kit.view import Show, View, table_rows
from panels.fudge import text_wounds as text
from panels.fudge import wounds
from panels.fudge.state import Pooled, PoolsState
from rules import fudge

__all__ = [
    "MAX_RATE",
    "MAX_UNITS",
    "add_exhaustion",
    "add_sub_scale",
    "apply",
    "check",
    "feed",
    "reset",
    "view",
]

MAX_RATE = 80  # the largest scale difference the form allows (attack −20 against defence 60)
MAX_UNITS = 999  # converted damage waiting to be marked; more means the saved data is damaged


def check(pools: fudge.DamagePools) -> fudge.DamagePools:
    """Saved pools within what the panel can make; ValueError otherwise."""
    if pools.sub_scale.rate > MAX_RATE:
        raise ValueError("accumulator rate out of range")
    if pools.sub_scale_units > MAX_UNITS or pools.exhaustion_units > MAX_UNITS:
        raise ValueError(f"converted damage must be 0..{MAX_UNITS}")
    return pools


def summary(pools: fudge.DamagePools) -> Renderable:
    sub, exh = pools.sub_scale, pools.exhaustion
    return text.POOLS_SUMMARY(
        sub=sub.stored, rate=sub.rate, exh=exh.stored, exh_rate=exh.rate, units=pools.ready
    )


def _line(state: PoolsState) -> Renderable:
    return summary(state.pools) if state.said is None else Cat((state.said, " ", summary(state.pools)))


def _added(before: fudge.DamagePools, feed: fudge.PoolFeed) -> tuple[fudge.DamagePools, int]:
    """The pools after ``DamagePools.add`` and the real damage it produced; InputError when they
    cannot take it (a sub-scale pool holding damage at another scale, or too much waiting)."""
    try:
        after = before.add(feed)
    except fudge.ScaleMismatch as error:
        raise InputError(text.SCALE_MISMATCH(stored=error.stored, rate=error.rate, new=error.new)) from None
    if after.sub_scale_units > MAX_UNITS or after.exhaustion_units > MAX_UNITS:
        raise InputError(text.TOO_MUCH_READY(most=MAX_UNITS))
    return after, after.ready - before.ready


def _with_units(said: Renderable, units: int) -> Renderable:
    return Cat((said, " ", text.PRODUCED(units=units))) if units else said


WOUNDED = field_part("wounded")  # the wound tools' part inside this one


def commit(state: Pooled, pools: fudge.DamagePools, said: Renderable) -> Outcome[Pooled]:
    """New pools with what changed them (logged); the scale field shows the pool's scale."""
    done = PoolsState(pools, said)
    return Outcome(
        replace(state, pools=done),
        log=_line(done),
        effects=(SetFields((("fudge-acc-rate", str(pools.sub_scale.rate)),)),),
    )


def feed(state: Pooled, detail: fudge.Damage, hits: int) -> Outcome[Pooled] | None:
    """A hit's sub-scale or exhaustion damage (each hitting bullet's) into its pool; a refusal is
    said in the accumulators' status and changes nothing. None when the hit has neither."""
    given = fudge.pool_feed(detail, hits)
    if given is None:
        return None
    sub = given.kind == fudge.SUB_SCALE
    try:
        pools, units = _added(state.pools.pools, given)
    except InputError as error:
        refused = (text.SUB_REFUSED if sub else text.EXH_REFUSED)(amount=given.amount, reason=error.message)
        done = replace(state.pools, said=refused)
        return Outcome(replace(state, pools=done), log=_line(done))
    said = (text.SUB_FROM_ATTACK if sub else text.EXH_FROM_ATTACK)(amount=given.amount, rate=given.rate)
    return commit(state, pools, _with_units(said, units))


def add_sub_scale(state: Pooled, form: Form) -> Outcome[Pooled]:
    rate = read_int(form, "fudge-acc-rate", 1, MAX_RATE, text.ACC_RATE)
    amount = read_int(form, "fudge-acc-sub", 1, 99, text.SUB_SCALE)
    pools, units = _added(state.pools.pools, fudge.PoolFeed(fudge.SUB_SCALE, amount, rate))
    return commit(state, pools, _with_units(text.SUB_ADDED(amount=amount, rate=rate), units))


def add_exhaustion(state: Pooled, form: Form) -> Outcome[Pooled]:
    amount = read_int(form, "fudge-acc-exh", 1, 99, text.EXHAUSTION)
    rate = fudge.EXHAUSTION_RATE
    pools, units = _added(state.pools.pools, fudge.PoolFeed(fudge.EXHAUSTION, amount, rate))
    return commit(state, pools, _with_units(text.EXH_ADDED(amount=amount, rate=rate), units))


def apply(state: Pooled, form: Form) -> Outcome[Pooled]:
    """Mark the converted damage on the wounds, 1 per unit."""
    pools = state.pools.pools
    if not pools.ready:
        raise InputError(text.NOTHING_READY)
    wounds.not_dead(state.wounded)
    track, marked = wounds.mark_each(wounds.current(state.wounded), pools.wounds)
    emptied = commit(state, pools.marked(), text.POOLS_MARKED).state
    done = WOUNDED.outcome(
        emptied, wounds.commit(emptied.wounded, track, text.FROM_POOLS(units=pools.ready, marked=marked))
    )
    rate = SetFields((("fudge-acc-rate", str(pools.sub_scale.rate)),))
    return replace(done, effects=(*(e for e in done.effects if not isinstance(e, SetFields)), rate))


def reset(state: Pooled, form: Form) -> Outcome[Pooled]:
    return commit(state, state.pools.pools.reset(), text.POOLS_RESET)


def view(state: Pooled) -> View:
    pools = state.pools.pools
    rows = [
        (
            name,
            text.STORED_OF(stored=pool.stored, rate=pool.rate),
            text.RATE_TO_ONE(rate=pool.rate),
            str(units),
        )
        for name, pool, units in (
            (text.SUB_SCALE_ROW, pools.sub_scale, pools.sub_scale_units),
            (text.EXHAUSTION_ROW, pools.exhaustion, pools.exhaustion_units),
        )
    ]
    return {
        "fudge-acc-rows": Show(children=table_rows(rows)),
        "fudge-acc-apply": Show(disabled=not pools.ready),
        "fudge-acc-status": Show(text=_line(state.pools)),
    }
