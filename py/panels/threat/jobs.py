"""The threat panel's heavy computation, run in the compute worker (``kit.compute``): the forecast.

``rules.threat.checks_until_event_distribution`` ("checks until the next event") is cheap for a
plain bag (≤ 2 ms on CPython for any bag the panel accepts, estimate 0) but grows with the
remainders of an exhaustible bag. A forecast whose estimate (``state.forecast_cost``) is at most
``INLINE_COST`` (≤ 4 ms on CPython, Pyodide is 2–3× slower: within a frame) is computed by the
view at once; anything heavier goes to the worker (the default bag made exhaustible already does:
192, about 10 ms on CPython and over 100 ms in Pyodide on a busy machine). There the main thread's old bound ``FORECAST_BUDGET`` gives way to
``WORKER_BUDGET``, which covers every bag the panel accepts (at most 15 876, about 1.5 s on
CPython): the worker's time and memory budget protect the page. The main-thread fallback (no
worker) keeps the old bound and its refusal.

>>> from panels.threat.words import default_bag
>>> bag = threat.set_modes(default_bag(), exhaustible=True)
>>> f = forecast_from(forecast(bag=bag.to_dict(), roll="normal", track=bag.tracks[0].name))
>>> f == threat.checks_until_event_distribution(bag, "normal", None, FORECAST_HORIZON)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kit import compute
from kit.compute import JobError, job
from panels.threat.state import FORECAST_BUDGET, FORECAST_HORIZON, forecast_cost
from rules import threat

__all__ = ["INLINE_COST", "WORKER_BUDGET", "budget", "forecast", "forecast_from", "is_light"]

INLINE_COST = 100  # estimated work computed on the page: ≤ 4 ms on CPython
WORKER_BUDGET = 10 * FORECAST_BUDGET  # ≥ every bag the panel accepts: the worker's budget decides


def is_light(bag: threat.BagState, track: str) -> bool:
    """Whether the forecast of colour ``track`` is cheap enough to compute on the page."""
    return forecast_cost(bag, track) <= INLINE_COST


def budget() -> int:
    """The largest cost estimate computed here: more in the worker than on the main thread."""
    return WORKER_BUDGET if compute.IN_WORKER else FORECAST_BUDGET


@job("threat.forecast")
def forecast(bag: dict[str, Any], roll: str, track: str) -> dict[str, Any] | None:
    """The exact forecast (20 probabilities, tail and mean) of colour ``track`` for the bag
    ``bag`` (``BagState.to_dict``), all checks of type ``roll``; ``None`` if no event can happen.
    Refused (``too_slow``, with the estimate and the budget) over ``budget()``."""
    state = threat.BagState.from_dict(bag)
    cost, limit = forecast_cost(state, track), budget()
    if cost > limit:
        raise JobError("too_slow", cost=cost, budget=limit)
    result = threat.checks_until_event_distribution(state, roll, track, FORECAST_HORIZON)
    if result is None:
        return None
    return {
        "track": result.track,
        "roll": result.roll,
        "probabilities": list(result.probabilities),
        "tail": result.tail,
        "mean": result.mean,
    }


def forecast_from(result: dict[str, Any] | None) -> threat.Forecast | None:
    """A job's result back as a ``rules.threat.Forecast``."""
    if result is None:
        return None
    return threat.Forecast(
        str(result["track"]),
        str(result["roll"]),
        tuple(Fraction(p) for p in result["probabilities"]),
        Fraction(result["tail"]),
        Fraction(result["mean"]),
    )
