"""The threat panel's view: everything it shows, from the state alone (pure).

The exact forecast is the one costly part: a light one (``jobs.is_light``) is computed here and
cached, so a language switch does not compute it again; a heavy one (an exhaustible bag with many
remainders) comes from the compute worker through the state, with a "computing…" status meanwhile
and a "stopped" one after a timeout, Cancel or leaving the tab. Screen mode hides it, so it is not computed then.
"""

from __future__ import annotations

from functools import lru_cache

from kit import common
from kit import undo as kit_undo
from kit.msg import Cat, Renderable, fixed, pct
from kit.view import Node, Show, View, bar_chart, options, table_rows
from panels.threat import text
from panels.threat.actions import PARAMS
from panels.threat.jobs import is_light
from panels.threat.state import FORECAST_HORIZON, State, forecast_key
from panels.threat.words import announce, bag_text, colour_label, danger_text, journal_line
from rules import threat

__all__ = ["view"]

CHIP_CLASSES = ("chip-dark-0", "chip-dark-1", "chip-dark-2", "chip-dark-3")
ODDS_LABELS = {"normal": text.NORMAL_CHECK, "advantage": text.ADVANTAGE, "disadvantage": text.DISADVANTAGE}


def _chip(colour: str, bag: threat.BagState, *, used: bool = False, shows: str = "", extra: str = "") -> Node:
    cls = (
        "chip chip-light" if colour == threat.LIGHT else "chip " + CHIP_CLASSES[bag.colours.index(colour) - 1]
    )
    cls += (" chip-used" if used else "") + extra
    return Node("span", shows, cls=cls, attrs=(("title", colour_label(colour)),))


def _fields(state: State) -> dict[str, Show]:
    bag = state.bag
    track = bag.track(state.track)
    values = {
        "light": bag.light,
        "dark": track.dice,
        "base": track.base,
        "t": track.threshold,
        "step": track.step,
    }
    shown: dict[str, Show] = {}
    for name, _low, _high, label in PARAMS:
        shown[f"threat-{name}"] = Show(value=str(values[name]))
        shown[f"threat-{name}-range"] = Show(value=str(values[name]), attrs=(("aria-label", label),))
    shown["threat-stepped"] = Show(checked=bag.reset_mode == "stepped")
    shown["threat-two-dice"] = Show(checked=bag.two_dice)
    shown["threat-exhaustible"] = Show(checked=bag.exhaustible)
    shown["threat-paired"] = Show(checked=bag.paired_effects)
    shown["threat-screen"] = Show(checked=state.screen)
    shown["threat-fc-roll"] = Show(value=state.fc_roll)
    colours = bag.colours
    rec = state.rec_colour if state.rec_colour in colours else state.track
    shown["threat-track"] = Show(
        children=options((c, colour_label(c)) for c in colours[1:]), value=state.track
    )
    shown["threat-rec-colour"] = Show(children=options((c, colour_label(c)) for c in colours), value=rec)
    return shown


def _status(state: State) -> dict[str, Show]:
    bag = state.bag
    track = bag.track(state.track)
    tracks = tuple(
        Node(
            "li",
            children=(
                _chip(t.name, bag),
                Node(
                    "span",
                    Cat((" ", colour_label(t.name), f": T = {t.threshold} (T₀ = {t.base}, Δ = {t.step})")),
                ),
            ),
        )
        for t in bag.tracks
    )
    chips = tuple(
        _chip(colour, bag, used=index >= left)
        for colour, left, total in zip(bag.colours, bag.left, bag.composition, strict=True)
        for index in range(total)
    )
    drawn: tuple[Node, ...] = ()
    last = state.last
    if last is not None and all(
        c in bag.colours for c in [d.colour for d in last.drawn] + [last.kept_colour]
    ):
        rolls = tuple(_chip(d.colour, bag, shows=str(v)) for d in last.drawn for v in d.rolls)
        kept = " chip-kept" + (" chip-event" if last.event else "")
        drawn = (
            *rolls,
            Node("span", "→", cls="arrow"),
            _chip(last.kept_colour, bag, shows=str(last.kept_value), extra=kept),
        )
    result: Renderable
    if state.note is text.UNDONE and not state.screen:
        result = text.UNDONE_T(name=colour_label(track.name), t=track.threshold)
    elif state.note is not None:
        result = state.note
    elif last is not None:
        result = announce(last, screen=state.screen)
    else:
        result = text.NO_CHECKS
    return {
        "threat": Show(attrs=(("data-screen", "" if state.screen else None),)),
        "threat-t-colour": Show(text=colour_label(track.name)),
        "threat-t-big": Show(text=str(track.threshold)),
        "threat-danger": Show(text=danger_text(track.threshold)),
        "threat-tracks": Show(children=tracks),
        "threat-bag": Show(children=chips),
        "threat-bag-text": Show(text=bag_text(bag)),
        "threat-drawn": Show(children=drawn),
        "threat-undo": Show(text=text.UNDO, disabled=not state.undo and state.cleared is None),
        "threat-result": Show(text=result),
    }


def _odds(bag: threat.BagState) -> dict[str, Show]:
    odds = threat.next_event_odds(bag)
    if odds is None:
        return {
            "threat-odds-head": Show(children=()),
            "threat-odds": Show(children=()),
            "threat-odds-note": Show(text=text.EMPTY_BAG),
        }
    several = len(bag.tracks) > 1
    names = [colour_label(t.name) for t in bag.tracks] if several else []
    head = table_rows([(text.ROLL, *names, text.TOTAL)], header="col")
    rows = []
    for item in odds:
        label = Cat((ODDS_LABELS[item.roll], " *")) if item.refill else ODDS_LABELS[item.roll]
        cells = [pct(p) for _, p in item.by_track] if several else []
        rows.append((label, *cells, pct(item.total)))
    note: Renderable = ""
    if any(item.refill for item in odds):
        note = text.ODDS_REFILL_NOTE
    elif bag.exhaustible:
        note = text.ODDS_EXHAUSTIBLE_NOTE
    return {
        "threat-odds-head": Show(children=head),
        "threat-odds": Show(children=table_rows(rows)),
        "threat-odds-note": Show(text=note),
    }


@lru_cache(maxsize=8)
def _forecast(bag: threat.BagState, roll: str, name: str) -> threat.Forecast | None:
    return threat.checks_until_event_distribution(bag, roll, name, FORECAST_HORIZON)


def _forecast_of(state: State) -> tuple[threat.Forecast | None, Renderable | None]:
    """The forecast to show, or else the status that replaces it (none: no event can happen)."""
    name = state.track
    if is_light(state.bag, name):
        return _forecast(state.bag, state.fc_roll, name), None
    got = state.forecast
    if got is None or got.key != forecast_key(state) or got.pending:
        return None, text.FC_PENDING
    if got.stopped:
        return None, text.FC_STOPPED if got.settled else text.FC_CANCELLED
    if got.refused is not None:
        cost, budget = got.refused
        return None, text.FC_TOO_SLOW(cost=cost, budget=budget)
    return got.result, None


def _forecast_view(state: State) -> dict[str, Show]:
    empty = {
        "threat-fc-chart": Show(children=(), attrs=(("aria-hidden", "true"),)),
        "threat-fc-table": Show(children=()),
    }
    if state.screen:
        return {"threat-fc-summary": Show(text=""), **empty}  # hidden anyway: don't spend the time
    label = colour_label(state.track)
    forecast, status = _forecast_of(state)
    if status is not None:
        return {"threat-fc-summary": Show(text=status), **empty}
    if forecast is None:
        return {"threat-fc-summary": Show(text=text.FC_IMPOSSIBLE(name=label)), **empty}
    cumulative = forecast.cumulative()
    summary = text.FC_SUMMARY(
        name=label,
        mean=fixed(forecast.mean),
        p5=pct(cumulative[4]),
        p10=pct(cumulative[9]),
        tail=pct(forecast.tail),
    )
    bars = [(str(k), p) for k, p in enumerate(forecast.probabilities, start=1)]
    rows = [
        (str(k), pct(p), pct(c))
        for k, (p, c) in enumerate(zip(forecast.probabilities, cumulative, strict=True), start=1)
    ]
    return {
        "threat-fc-summary": Show(text=summary),
        "threat-fc-chart": Show(children=bar_chart(bars), attrs=(("aria-hidden", "true"),)),
        "threat-fc-table": Show(children=table_rows(rows)),
    }


def _journal(state: State) -> dict[str, Show]:
    lines = tuple(
        Node("li", journal_line(entry), cls="threat-event" if entry.event else None)
        for entry in reversed(state.journal)
    )
    return {
        "threat-journal": Show(children=lines),
        "threat-journal-empty": Show(text=text.JOURNAL_EMPTY, hidden=bool(state.journal)),
        "threat-journal-note": Show(text=state.journal_note or ""),
        "threat-journal-clear": Show(disabled=not state.journal),
        **kit_undo.view(state.cleared, "threat-journal"),
        "threat-aside": Show(hidden=not state.aside_new),
        "threat-aside-said": Show(
            text=common.LOG_ENTRIES_SET_ASIDE(count=state.aside_new) if state.aside_new else ""
        ),
    }


def view(state: State) -> View:
    return {
        **_fields(state),
        **_status(state),
        **_odds(state.bag),
        **_forecast_view(state),
        **_journal(state),
    }
