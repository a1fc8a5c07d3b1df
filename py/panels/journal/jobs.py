"""The journal's heavy computation, run in the compute worker (``kit.compute``): the statistics
of a selection bigger than ``stats.INLINE_ENTRIES`` entries, from their saved JSON
(``statistics.statistics_of_json``: no ``Entry`` built, rolls grouped before any exact work).

>>> entry = {"id": "1", "time": "2026-12-01T20:00:00", "panel": "roller", "ru": "x", "en": "x", "who": "Кац",
...          "roll": {"rule": "gauss.roll", "dice": [[20, 7], [20, 12], [20, 20]], "by_hand": True,
...                   "total": 39, "outcome": "13", "p": "1/40", "below": "3/4"}}
>>> found = stats(entries=[entry])
>>> found["rolls"], found["luck"][0]
(1, ['Кац', '', 1, 0.7625])
"""

from __future__ import annotations

from typing import Any

from kit.compute import job
from panels.journal.statistics import statistics_of_json, statistics_to_json

__all__ = ["STEPS_PER_ENTRY", "stats", "steps"]

STEPS_PER_ENTRY = 40  # Python-level calls an entry costs at most (grouped: most cost a few)


def steps(entries: list[Any]) -> int:
    """A bound of ``stats``' work, from the number of entries."""
    return 1_000 + STEPS_PER_ENTRY * len(entries)


@job("journal.stats", steps=steps)
def stats(entries: list[Any]) -> dict[str, Any]:
    """``statistics_to_json`` of these saved entries."""
    return statistics_to_json(statistics_of_json(entries))
