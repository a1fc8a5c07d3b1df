"""The dice panel's heavy computation, run in the compute worker (``kit.compute``).

A line whose estimated work is small (``INLINE_WORK``) is computed on the page at once, within a
frame; anything heavier goes to the worker, where the old a-priori work limit gives way to the
worker's time and memory budget: only the certainly hopeless is refused before computing.

>>> s = summary_from(encode_summary("2d6"))
>>> (s.mean, s.minimum, s.maximum)
(Fraction(7, 1), 2, 12)
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from kit import compute
from kit.compute import JobError, job
from rules import notation

__all__ = ["INLINE_WORK", "WORKER_LIMITS", "encode_summary", "is_light", "summary", "summary_from"]

INLINE_WORK = 50_000  # estimated work computed on the page: milliseconds, well within a frame
WORKER_LIMITS = replace(notation.DEFAULT_LIMITS, max_work=10**12)  # the worker's budget decides


def is_light(line: str) -> bool:
    """Whether ``line`` (which parses) is cheap enough to compute on the page."""
    return notation.parse(line).work <= INLINE_WORK


def encode_summary(line: str) -> dict[str, Any]:
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    try:
        s = notation.summary(line, limits=limits)
    except notation.NotationError as error:
        raise JobError(error.code, position=error.position, **error.params) from None
    return {
        "outcomes": [[value, p] for value, p in s.outcomes],
        "mean": s.mean,
        "variance": s.variance,
        "minimum": s.minimum,
        "maximum": s.maximum,
    }


@job("notation.summary")
def summary(line: str) -> dict[str, Any]:
    """The exact distribution of ``line`` with its mean, variance, minimum and maximum."""
    return encode_summary(line)


def summary_from(result: dict[str, Any]) -> notation.Summary:
    """A job's result back as a ``rules.notation.Summary``."""
    outcomes = tuple((int(value), Fraction(p)) for value, p in result["outcomes"])
    return notation.Summary(
        outcomes,
        Fraction(result["mean"]),
        Fraction(result["variance"]),
        int(result["minimum"]),
        int(result["maximum"]),
    )
