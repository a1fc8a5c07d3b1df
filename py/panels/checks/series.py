"""Madness and horror («Проверка Безумия», «Проверка Ужаса»): median checks in series.

>>> import random
>>> state = reset(gauss.MADNESS, State(), {"chk-madness-mod": "2"})
>>> state.madness.modifier, state.madness.failures, state.madness.reset
(2, 0, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from kit.form import Form, InputError, read_int
from kit.journal import Note
from kit.msg import Renderable, pct, signed
from kit.panel import Outcome
from kit.view import Node, Show, View
from panels.checks import parts, rolls, seed, text
from panels.shell.table import mark_table, rolled_by_hand
from rules import gauss

__all__ = ["KINDS", "State", "Track", "dump", "legacy", "load", "reset", "roll", "set_modifier", "view"]

KINDS = (gauss.MADNESS, gauss.HORROR)
MOD_RANGE = (-20, 20)
MAX_FAILURES = 100
LEGACY_KEY = "gm.checks.series"


@dataclass(frozen=True)
class Track:
    """One series: the tracker, the last check (with the tracker before it), and whether it was just reset."""

    series: gauss.MedianSeries
    last: tuple[gauss.MedianSeries, gauss.MedianResult] | None = None
    reset: bool = False
    from_table: bool = False  # the last check's dice were typed (rolled by hand at the table)

    @property
    def modifier(self) -> int:
        return self.series.modifier

    @property
    def failures(self) -> int:
        return self.series.failures


@dataclass(frozen=True)
class State:
    madness: Track = Track(gauss.MedianSeries(gauss.MADNESS))
    horror: Track = Track(gauss.MedianSeries(gauss.HORROR))

    def track(self, kind: str) -> Track:
        return self.madness if kind == gauss.MADNESS else self.horror

    def with_track(self, kind: str, track: Track) -> State:
        return replace(self, **{kind: track})


def _modifier(kind: str, form: Form) -> int:
    return read_int(form, f"chk-{kind}-mod", *MOD_RANGE, text.CHARACTER_MODIFIER)


def set_modifier(kind: str, state: State, form: Form) -> State:
    """A new character modifier applies to the series from its next check on."""
    track = state.track(kind)
    return state.with_track(
        kind, replace(track, series=replace(track.series, modifier=_modifier(kind, form)))
    )


def line(before: gauss.MedianSeries, result: gauss.MedianResult) -> Renderable:
    after = before.after(result)
    outcome = seed.SERIES_MISS.get((before.kind, result.side), text.SERIES_PASSED)
    return text.SERIES_LINE(
        name=seed.SERIES_NAMES[before.kind],
        number=before.failures + 1,
        roll=parts.roll_text(result.roll),
        window=parts.window_text(result.window),
        side=text.SIDES[result.side],
        outcome=outcome,
        more="" if after.finished else text.SERIES_AGAIN,
    )


def roll(kind: str, rng: random.Random, state: State, form: Form) -> Outcome[State]:
    """The next check of the series; a finished series is refused until «Новая серия»."""
    modifier = _modifier(kind, form)
    before = replace(state.track(kind).series, modifier=modifier)
    if before.finished:
        raise InputError(text.SERIES_OVER(name=seed.SERIES_NAMES[kind]))
    result, after = before.check(rng)
    track = Track(after, (before, result), from_table=rolled_by_hand(rng))
    data = Note(roll=rolls.series(kind, before.odds(), result))
    return Outcome(state.with_track(kind, track), log=line(before, result), effects=(data,))


def reset(kind: str, state: State, form: Form) -> State:
    return state.with_track(kind, Track(gauss.MedianSeries(kind, modifier=_modifier(kind, form)), reset=True))


def _lines(series: gauss.MedianSeries) -> tuple[Node, ...]:
    odds = series.odds()
    lines = (
        text.SERIES_FAILURES(
            failures=series.failures,
            accumulated=signed(series.rule.step_per_failure * series.failures),
            total=signed(series.window_modifier),
        ),
        text.SERIES_WINDOW(window=parts.window_text(series.window), base=parts.window_text(series.rule.base)),
        text.SERIES_NEXT(below=pct(odds.below), inside=pct(odds.inside), above=pct(odds.above)),
        text.SERIES_FINISHED if series.finished else text.SERIES_RUNNING,
    )
    return tuple(Node("span", item, cls="series-line") for item in lines)


def view(state: State) -> View:
    shown: dict[str, Show] = {}
    for kind in KINDS:
        track = state.track(kind)
        shown[f"chk-{kind}-state"] = Show(children=_lines(track.series))
        if track.reset:
            said: Renderable = text.SERIES_NEW(name=seed.SERIES_NAMES[kind])
        elif track.last is not None:
            said = mark_table(line(*track.last), track.from_table)
        else:
            said = ""
        shown[f"chk-{kind}-result"] = Show(text=said)
    return shown


def _dump_track(track: Track) -> dict[str, Any]:
    s = track.series
    return {"modifier": s.modifier, "failures": s.failures, "finished": s.finished}


def dump(state: State) -> dict[str, Any]:
    """The trackers (what the panel saved before the kit, under ``gm.checks.series``)."""
    return {kind: _dump_track(state.track(kind)) for kind in KINDS}


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("series state must be an object")
    tracks = {}
    for kind in KINDS:
        entry = raw.get(kind)
        if not isinstance(entry, dict):
            raise ValueError(f"series {kind} must be an object")
        series = gauss.MedianSeries(
            kind,
            modifier=parts.saved_int(entry, "modifier", *MOD_RANGE),
            failures=parts.saved_int(entry, "failures", 0, MAX_FAILURES),
            finished=parts.saved_bool(entry, "finished"),
        )
        tracks[kind] = Track(series)
    return State(**tracks)


def legacy(read: Any) -> dict[str, Any] | None:
    """The series saved before the kit (``gm.checks.series``, the same shape), checked by ``load``."""
    saved = read(LEGACY_KEY)
    if saved is None:
        return None
    return dump(load(saved))
