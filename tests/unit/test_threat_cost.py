"""The threat forecast's bound of its work really bounds it, and routes the forecasts.

As for the dice panel (``test_notation_cost``), the measured work is what the bound claims to
bound: Python-level calls (functions, methods and builtins, as ``sys.setprofile`` sees them) of
``rules.threat.checks_until_event_distribution``. No time is measured here (tools/bench.py prints
the times); the bound only has to be at least the count, on every bag tried: plain and
exhaustible, every mode, several colours, the three kinds of checks, small and heavy.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from kit import compute
from panels.threat import jobs
from panels.threat.state import FORECAST_HORIZON, forecast_cost
from panels.threat.words import default_bag
from rules import threat


def _bag(light: int, dark: int, base: int, step: int, tracks: int = 1, **modes: bool) -> threat.BagState:
    """A bag of ``light`` and ``dark`` dice, the dark ones shared by ``tracks`` colours."""
    bag = threat.set_modes(default_bag(), **modes)
    first = dark - (tracks - 1) if dark >= tracks else dark
    bag = threat.set_step(
        threat.set_base_threshold(threat.set_composition(bag, light=light, dark=first), base), step
    )
    for n in range(1, tracks if dark >= tracks else 1):
        bag = threat.add_track(bag, f"цвет {n}", dice=1, base=base, step=step)
    return bag


def _measured(call_count: Callable[..., int], bag: threat.BagState, roll: str) -> tuple[int, int]:
    """(calls measured by the ``call_count`` fixture, the bound) of ``bag``'s forecast for ``roll``."""
    track = bag.tracks[0].name
    calls = call_count(lambda: threat.checks_until_event_distribution(bag, roll, track, FORECAST_HORIZON))
    return calls, jobs.forecast_calls(bag, track)


HEAVY = [  # the heaviest the page once computed (8 light + 10 dark, T₀ = 1) and others near it
    _bag(8, 10, 1, 1, exhaustible=True),
    _bag(8, 10, 1, 1, exhaustible=True, two_dice=True, paired_effects=True),
    _bag(6, 9, 1, 1, tracks=3, exhaustible=True, paired_effects=True),
]


@pytest.mark.parametrize("bag", HEAVY)
def test_the_bound_is_at_least_the_work_of_heavy_forecasts(
    bag: threat.BagState, call_count: Callable[..., int]
) -> None:
    """Heavy exhaustible bags, each with advantage (two dice drawn): the calls counted while
    forecasting never exceed the bound computed before."""
    calls, bound = _measured(call_count, bag, "advantage")
    assert calls <= bound, f"{calls:,} calls > bound {bound:,}"


def test_the_bound_is_at_least_the_work_on_random_bags(call_count: Callable[..., int]) -> None:
    """80 random bags (seeded) of every mode, 1 to 4 colours and the three kinds of checks whose
    estimate is at most 700: none makes more calls than its bound."""
    rng = random.Random(22)
    tried = 0
    while tried < 80:
        modes = {m: rng.random() < 0.4 for m in ("two_dice", "paired_effects")}
        modes["exhaustible"] = rng.random() < 0.7
        tracks = rng.choice([1, 1, 2, 3, 4])
        bag = _bag(
            rng.randint(0, 20), rng.randint(1, 10), rng.randint(0, 20), rng.randint(0, 5), tracks, **modes
        )
        if forecast_cost(bag, bag.tracks[0].name) > 700:
            continue
        tried += 1
        for roll in threat.ROLLS:
            calls, bound = _measured(call_count, bag, roll)
            assert calls <= bound, f"{bag} {roll}: {calls:,} calls > bound {bound:,}"


def test_the_forecast_is_routed_by_its_bound() -> None:
    """The page computes the seed example's (and any plain bag's) forecast at once; the default bag
    made exhaustible goes to the worker; the job declares the same bound, so where no worker runs a
    forecast over the page's limit is refused before it starts, and a smaller one runs."""
    name = default_bag().tracks[0].name
    plain = _bag(20, 10, 0, 5)
    assert jobs.is_light(default_bag(), name) and jobs.is_light(plain, name)
    assert jobs.is_light(default_bag(), name) == compute.light(jobs.forecast_steps(default_bag(), name))
    exhaustible = threat.set_modes(default_bag(), exhaustible=True)
    assert not jobs.is_light(exhaustible, name)
    for bag, refused in ((exhaustible, False), (HEAVY[0], True)):
        args = {"bag": bag.to_dict(), "roll": "normal", "track": name}
        assert compute.job_steps("threat.forecast", args) == jobs.forecast_steps(bag, name)
        reply = json.loads(compute.run_inline_json("threat.forecast", json.dumps(args)))
        assert (not reply["ok"] and reply["error"]["code"] == compute.TOO_SLOW_HERE) == refused
