"""The threat panel's forecast, a sub-tool: the odds of the next event and the checks until it.

It works on its own part (``parts.Outlook``, lifted by ``parts.LIFT["forecast"]``): it reads the
bag, the colour and screen mode, and owns the kind of checks and the worker's answer. The exact
forecast is the one costly part: a light one (``jobs.is_light``) is computed in the view and
cached, so a language switch does not compute it again; a heavy one comes from the compute worker
through the part, with a "computing…" status meanwhile and a "stopped" one after a timeout,
Cancel or leaving the tab. Screen mode hides it, so it is neither computed nor asked then.

>>> from panels.threat.words import default_bag
>>> outlook = Outlook(default_bag(), default_bag().tracks[0].name, screen=False)
>>> ask(outlook) is outlook  # the default bag's forecast is light: the view computes it
True
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache, partial

from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import TOO_SLOW_HERE
from kit.form import Form, read_choice
from kit.msg import Cat, Renderable, fixed, pct
from kit.panel import Action, Answer, Compute, Outcome, outcome
from kit.view import Show, bar_chart, table_rows
from panels.threat import text
from panels.threat.jobs import forecast_from, is_light
from panels.threat.parts import LIFT, Outlook, forecast_key
from panels.threat.state import FORECAST_HORIZON, Forecasted, ForecastKey, State
from panels.threat.words import colour_label
from rules import threat

__all__ = ["ask", "asked_for", "got", "set_roll", "stopped", "view", "with_forecast"]

ODDS_LABELS = {"normal": text.NORMAL_CHECK, "advantage": text.ADVANTAGE, "disadvantage": text.DISADVANTAGE}
PART = LIFT["forecast"]


def set_roll(outlook: Outlook, form: Form) -> Outlook:
    """The kind of checks the forecast assumes."""
    return replace(outlook, roll=read_choice(form, "threat-fc-roll", threat.ROLLS, text.FC_KIND))


def ask(outlook: Outlook) -> Outlook | Outcome[Outlook]:
    """A request to the compute worker if the forecast needed is heavy and not asked yet (a light
    one is computed in the view; screen mode hides it, so it is not asked)."""
    key = forecast_key(outlook)
    asked = outlook.asked is not None and outlook.asked.key == key and outlook.asked.settled
    if outlook.screen or asked or is_light(outlook.bag, outlook.track):
        return outlook
    bag, roll, track = key
    request = Compute(
        "threat.forecast",
        {"bag": bag.to_dict(), "roll": roll, "track": track},
        partial(got, key),
        text.FC_LABEL(name=colour_label(track)),
        failed=partial(stopped, key),
    )
    return Outcome(replace(outlook, asked=Forecasted(key, pending=True)), effects=(request,))


def asked_for(result: State | Outcome[State]) -> State | Outcome[State]:
    """``result`` of an action on the whole state, plus the forecast it now needs (``ask``,
    lifted): the request and the pending answer, or ``result`` as it was."""
    done = outcome(result)
    asked = ask(PART.get(done.state))
    if not isinstance(asked, Outcome):
        return result
    lifted = PART.outcome(done.state, asked)
    return replace(done, state=lifted.state, effects=(*done.effects, *lifted.effects))


def with_forecast(action: Action[State]) -> Action[State]:
    """``action``, then ``asked_for``: every action that changes the bag, the colour, the kind of
    checks or screen mode asks for the forecast it now needs (and any action asks again for one
    that was cancelled or superseded, e.g. when the GM left the tab while it computed)."""

    def run(state: State, form: Form) -> State | Outcome[State]:
        return asked_for(action(state, form))

    return run


def got(key: ForecastKey, outlook: Outlook, answer: Answer) -> Outlook | Outcome[Outlook]:
    """The worker's forecast for ``key``; dropped if the bag, colour or kind of checks changed.
    Where no worker runs, one over the page's bound was refused before it started: the view says
    it was not computed and the error box why (``kit.common.COMPUTE_TOO_SLOW_HERE``)."""
    if forecast_key(outlook) != key:
        return outlook
    if answer.ok:
        return replace(outlook, asked=Forecasted(key, result=forecast_from(answer.result)))
    if answer.code == TOO_SLOW_HERE:
        refused = replace(outlook, asked=Forecasted(key, stopped=TOO_SLOW_HERE))
        return Outcome(refused, error=COMPUTE_TOO_SLOW_HERE(what=text.FC_LABEL(name=colour_label(key[2]))))
    if answer.code != "too_slow":
        return replace(outlook, asked=Forecasted(key, stopped=answer.code or "internal"))
    refused = (int(answer.params["cost"]), int(answer.params["budget"]))
    return replace(outlook, asked=Forecasted(key, refused=refused))


def stopped(key: ForecastKey, outlook: Outlook, answer: Answer) -> Outlook:
    """Out of time or memory, cancelled (Cancel, another tab) or superseded (another panel's
    request): the view says the forecast was stopped; the kit says why in the error box."""
    if forecast_key(outlook) != key:
        return outlook
    return replace(outlook, asked=Forecasted(key, stopped=answer.code or "internal"))


# --------------------------------------------------------------------------- the view


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


def _forecast_of(outlook: Outlook) -> tuple[threat.Forecast | None, Renderable | None]:
    """The forecast to show, or else the status that replaces it (none: no event can happen)."""
    name = outlook.track
    if is_light(outlook.bag, name):
        return _forecast(outlook.bag, outlook.roll, name), None
    got = outlook.asked
    if got is None or got.key != forecast_key(outlook) or got.pending:
        return None, text.FC_PENDING
    if got.stopped:
        return None, text.FC_STOPPED if got.settled else text.FC_CANCELLED
    if got.refused is not None:
        cost, budget = got.refused
        return None, text.FC_TOO_SLOW(cost=cost, budget=budget)
    return got.result, None


def _forecast_view(outlook: Outlook) -> dict[str, Show]:
    empty = {
        "threat-fc-chart": Show(children=(), attrs=(("aria-hidden", "true"),)),
        "threat-fc-table": Show(children=()),
    }
    if outlook.screen:
        return {"threat-fc-summary": Show(text=""), **empty}  # hidden anyway: don't spend the time
    label = colour_label(outlook.track)
    forecast, status = _forecast_of(outlook)
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


def view(outlook: Outlook) -> dict[str, Show]:
    """The odds of the next event and the forecast of the checks until it."""
    return {
        "threat-fc-roll": Show(value=outlook.roll),
        **_odds(outlook.bag),
        **_forecast_view(outlook),
    }
