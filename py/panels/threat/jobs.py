"""The threat panel's heavy computation, run in the compute worker (``kit.compute``): the forecast.

``rules.threat.checks_until_event_distribution`` ("checks until the next event") is cheap for a
plain bag (≤ 2 ms on CPython for any bag the panel accepts, estimate 0) but grows with the
remainders of an exhaustible bag (``state.forecast_cost``: remainders × T levels). Where it runs
is decided by cost, as for the dice panel (docs/compute.md, "Route by cost"): ``forecast_steps``
bounds its work in the kit's steps before it runs, ``kit.compute.light`` says whether that fits
in a frame on the page, and the job declares the same bound, so that where no worker runs (the
saved file from ``file://``) ``kit.compute.run_inline_json`` refuses a forecast over
``MAIN_THREAD_STEPS`` with a message instead of freezing the page.

The bound: at most ``CALLS_BASE`` Python-level calls for any bag, and ``CALLS_PER_UNIT`` for each
unit of the estimate (measured: ≤ 7,700 for a plain bag, ≤ 282 a unit on small bags, ~190 on big
ones; ``tests/unit/test_threat_cost.py``), counted ``WEIGHT`` times: a call here carries
big-integer arithmetic (the path weights of 20 levels, the mean's Fractions, whose gcds dominate
the profile), which a dice line's calls do not; measured in Pyodide, the default bag made
exhaustible (estimate 192, ~22,500 calls) took over 100 ms on a busy machine. So the page computes
an estimate up to 77 at once (the old limit was 100: ≤ 4 ms on CPython), the worker the rest (the
default bag made exhaustible already goes there); from ``file://`` an estimate up to 1,077 runs
on the page after its progress line (~0.15 s on CPython), and more is refused. In the worker
``WORKER_BUDGET`` covers every bag the panel accepts (at most 15 876, about 1.5 s on CPython):
the worker's time and memory budget protect the page.

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

__all__ = [
    "CALLS_BASE",
    "CALLS_PER_UNIT",
    "WEIGHT",
    "WORKER_BUDGET",
    "forecast",
    "forecast_calls",
    "forecast_from",
    "forecast_steps",
    "is_light",
]

CALLS_BASE = 10_000  # Python-level calls of any forecast, whatever the bag (measured ≤ 7,700)
CALLS_PER_UNIT = 300  # and for each unit of the estimate (measured ≤ 282)
WEIGHT = 9  # kit steps per call, for the big-integer arithmetic each call carries (see above)
WORKER_BUDGET = 10 * FORECAST_BUDGET  # ≥ every bag the panel accepts: the worker's budget decides


def forecast_calls(bag: threat.BagState, track: str | None = None) -> int:
    """A bound of the Python-level calls of the forecast of colour ``track``, before computing it.

    >>> from panels.threat.words import default_bag
    >>> forecast_calls(default_bag()), forecast_calls(threat.set_modes(default_bag(), exhaustible=True))
    (10000, 67600)
    """
    return CALLS_BASE + CALLS_PER_UNIT * forecast_cost(bag, track)


def forecast_steps(bag: threat.BagState, track: str | None = None) -> int:
    """The forecast's work in the kit's steps (``kit.compute.light``, ``MAIN_THREAD_STEPS``)."""
    return WEIGHT * forecast_calls(bag, track)


def is_light(bag: threat.BagState, track: str) -> bool:
    """Whether the forecast of colour ``track`` is cheap enough to compute on the page.

    >>> from panels.threat.words import default_bag
    >>> exhaustible = threat.set_modes(default_bag(), exhaustible=True)
    >>> is_light(default_bag(), "тёмный"), is_light(exhaustible, "тёмный")
    (True, False)
    """
    return compute.light(forecast_steps(bag, track))


def _job_steps(bag: dict[str, Any], roll: str, track: str) -> int:
    return forecast_steps(threat.BagState.from_dict(bag), track)


@job("threat.forecast", steps=_job_steps)
def forecast(bag: dict[str, Any], roll: str, track: str) -> dict[str, Any] | None:
    """The exact forecast (20 probabilities, tail and mean) of colour ``track`` for the bag
    ``bag`` (``BagState.to_dict``), all checks of type ``roll``; ``None`` if no event can happen.
    Refused (``too_slow``, with the estimate and the budget) over ``WORKER_BUDGET``: only the
    certainly hopeless (where no worker runs, the kit refuses it sooner, by ``forecast_steps``)."""
    state = threat.BagState.from_dict(bag)
    cost, limit = forecast_cost(state, track), WORKER_BUDGET
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
