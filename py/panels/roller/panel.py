"""The roller panel: state, actions and view (pure; ``kit.browser`` shows it).

>>> import random
>>> from kit.msg import render
>>> roller = panel(random.Random(1))
>>> state = roller.actions["#gauss-roll"](State(), {"gauss-luck": "7"}).state
>>> state.luck, len(state.last.dice)
(7, 3)
>>> render(roller.view(state)["gauss-luck-note"].text, "en")
'Luck shift: +2'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from kit import common
from kit.form import Form, read_int
from kit.journal import Note
from kit.msg import Renderable, pct, signed
from kit.panel import LogSpec, Outcome, Panel
from kit.roll import Roll, valued
from kit.view import Node, Show, View, bar_chart, table_rows
from panels.roller import text
from panels.shell.table import from_table, mark_table, rolled_by_hand
from rules import dice, gauss

__all__ = ["State", "as_data", "describe", "dump", "load", "panel", "roll", "set_luck", "view"]


@dataclass(frozen=True)
class State:
    luck: int = gauss.NEUTRAL_LUCK
    last: gauss.GaussRoll | None = None
    from_table: bool = False  # the last roll's dice were typed (rolled by hand at the table)


def _luck(form: Form) -> int:
    return read_int(form, "gauss-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.LUCK)


def set_luck(state: State, form: Form) -> State:
    """A new luck shows its odds; the last roll stays (highlighted only under its own luck)."""
    return State(_luck(form), state.last, state.from_table)


def describe(rolled: gauss.GaussRoll) -> Renderable:
    shift = signed(rolled.luck - gauss.NEUTRAL_LUCK)
    if not rolled.dice:  # the GaussD20 value typed as it is (``=N``): no dice to show
        if rolled.luck == gauss.NEUTRAL_LUCK:
            return text.TYPED(base=rolled.base)
        return text.TYPED_LUCK(base=rolled.base, luck=rolled.luck, shift=shift, value=rolled.value)
    a, b, c = rolled.dice
    if rolled.luck == gauss.NEUTRAL_LUCK:
        return text.ROLLED(a=a, b=b, c=c, total=rolled.total, base=rolled.base)
    return text.ROLLED_LUCK(
        a=a, b=b, c=c, total=rolled.total, base=rolled.base, luck=rolled.luck, shift=shift, value=rolled.value
    )


def as_data(rolled: gauss.GaussRoll, /) -> Roll:
    """The roll for the journal: its three d20, P(GaussD20 = value | luck) before it, the chance
    of a lower value (higher is better) and every value's odds."""
    dice = tuple((20, face) for face in rolled.dice)
    total = rolled.total if rolled.dice else None
    return valued("gauss.roll", dice, rolled.value, _distribution(rolled.luck), total=total)


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    luck = _luck(form)
    rolled = gauss.roll(rng, luck)
    by_hand = rolled_by_hand(rng)
    return Outcome(State(luck, rolled, by_hand), log=describe(rolled), effects=(Note(roll=as_data(rolled)),))


@lru_cache(maxsize=9)
def _odds(luck: int) -> tuple[tuple[tuple[str, Fraction], ...], tuple[Node, ...], tuple[Node, ...]]:
    """The chart's bars and the two tables for ``luck`` (nine lucks: computed once each)."""
    dist = gauss.distribution(luck)
    values = range(gauss.VALUE_MIN, gauss.VALUE_MAX + 1)
    at_most = dice.cumulative_at_most(dist)  # one running sum, not two sums per value
    odds: list[tuple[Renderable, ...]] = []
    below = Fraction(0)  # P(X < k)
    for k in values:
        if k in dist:
            odds.append((str(k), pct(dist[k]), pct(at_most[k]), pct(1 - below)))
            below = at_most[k]
        else:
            odds.append((str(k), common.IMPOSSIBLE, "—", "—"))
    windows = [(f"{low}–{high}", pct(p)) for low, high, p in gauss.centre_windows(luck)[:-1]]
    bars = tuple((str(k), dist.get(k, Fraction(0))) for k in values)
    return bars, table_rows(odds), table_rows(windows)


def view(state: State) -> View:
    last = state.last
    hit = str(last.value) if last is not None and last.luck == state.luck else None
    bars, odds, windows = _odds(state.luck)
    shown: dict[str, Show] = {
        "gauss-chart": Show(children=bar_chart(bars, highlight=hit), attrs=(("aria-hidden", "true"),)),
        "gauss-odds": Show(children=odds),
        "gauss-windows": Show(children=windows),
        "gauss-luck-note": Show(text=text.LUCK_SHIFT(shift=signed(state.luck - gauss.NEUTRAL_LUCK))),
    }
    if last is None:
        shown["gauss-result"] = Show(text=common.NO_ROLL_YET)
        shown["gauss-where"] = Show(text="")
        for index in range(3):
            shown[f"gauss-die-{index}"] = Show(text="–")
        shown["gauss-value"] = Show(text="–")
        return shown
    rolled = _distribution(last.luck)
    v = last.value
    for index in range(3):
        shown[f"gauss-die-{index}"] = Show(text=str(last.dice[index]) if last.dice else "–")
    shown["gauss-value"] = Show(text=str(v))
    result = describe(last)
    shown["gauss-result"] = Show(text=mark_table(result, state.from_table))
    shown["gauss-where"] = Show(
        text=text.WHERE(
            v=v, eq=pct(rolled[v]), le=pct(dice.at_most(rolled, v)), ge=pct(dice.at_least(rolled, v))
        )
    )
    return shown


@lru_cache(maxsize=9)
def _distribution(luck: int) -> dict[int, Fraction]:
    return gauss.distribution(luck)


def dump(state: State) -> dict[str, Any]:
    last = state.last
    return {
        "luck": state.luck,
        "last": None
        if last is None
        else {"dice": list(last.dice), "luck": last.luck, "base": last.base, "table": state.from_table},
    }


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything that is not a roll these dice could make."""
    if not isinstance(raw, dict):
        raise ValueError("roller state must be an object")
    luck = gauss.check_luck(raw.get("luck"))
    last = raw.get("last")
    if last is None:
        return State(luck)
    if not isinstance(last, dict):
        raise ValueError("a roll must be an object")
    faces = last.get("dice")
    rolled_luck = gauss.check_luck(last.get("luck"))
    from_table = last.get("table", False) is True
    if faces == []:  # a GaussD20 value typed as it is: only its value was saved
        base = last.get("base")
        if type(base) is not int or not gauss.VALUE_MIN <= base <= gauss.VALUE_MAX:
            raise ValueError("a typed GaussD20 value is 1…20")
        return State(luck, gauss.GaussRoll((), rolled_luck, base, gauss.apply_luck(base, rolled_luck)), True)
    if not isinstance(faces, list) or len(faces) != 3:
        raise ValueError("a roll has three dice")
    if not all(type(face) is int and 1 <= face <= 20 for face in faces):
        raise ValueError("a d20 shows 1…20")
    base = gauss.from_3d20_total(sum(faces))
    rolled = gauss.GaussRoll(tuple(faces), rolled_luck, base, gauss.apply_luck(base, rolled_luck))
    return State(luck, rolled, from_table)


def panel(rng: random.Random) -> Panel[State]:
    return Panel(
        name="roller",
        initial=State(),
        view=view,
        actions={
            "#gauss-luck": set_luck,
            "#gauss-roll": from_table(lambda r: partial(roll, r), rng, "gauss-roll"),
        },
        dump=dump,
        load=load,
        log=LogSpec("gauss", size=20, legacy_key="gm.gauss.history"),
        title=text.TITLE,
    )
