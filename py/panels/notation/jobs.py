"""The dice panel's heavy computations, run in the compute worker (``kit.compute``).

A line whose estimated work is small (``INLINE_WORK``) is computed on the page at once, within a
frame; anything heavier goes to the worker, where the old a-priori work limit gives way to the
worker's time and memory budget: only the certainly hopeless is refused before computing. The
worker answers with a digest (``panels.notation.digest``): what the page shows, not the whole
distribution.

>>> from panels.notation.digest import from_json
>>> from panels.notation.jobs import digest
>>> from_json(digest(line="2d6", hit=12, view="ge", show_all=False)).where[0]
Fraction(1, 36)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kit import compute
from kit.compute import JobError, job
from panels.notation import lab_digest, program
from panels.notation.digest import Key, make, to_json
from panels.notation.words import csv_text
from rules import notation

__all__ = ["INLINE_WORK", "WORKER_LIMITS", "csv", "digest", "is_light", "lab", "run_program"]

INLINE_WORK = 50_000  # estimated work computed on the page: milliseconds, well within a frame
WORKER_LIMITS = replace(notation.DEFAULT_LIMITS, max_work=10**12)  # the worker's budget decides


def is_light(line: str) -> bool:
    """Whether ``line`` (which parses) is cheap enough to compute on the page."""
    return notation.parse(line).work <= INLINE_WORK


def _summary(line: str) -> notation.Summary:
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    try:
        return notation.summary(line, limits=limits)
    except notation.NotationError as error:
        raise JobError(error.code, position=error.position, **error.params) from None


@job("notation.digest")
def digest(line: str, hit: int | None, view: str, show_all: bool) -> dict[str, Any]:
    """What the panel shows of ``line``'s exact distribution (see ``panels.notation.digest``)."""
    return to_json(make(_summary(line), Key(line, hit, view, show_all)))


@job("notation.csv")
def csv(line: str) -> str:
    """The whole table of ``line`` as CSV."""
    return csv_text(_summary(line).table())


@job("notation.lab")
def lab(rows: list[str]) -> dict[str, Any]:
    """The dice lab's results for ``rows`` (see ``panels.notation.lab_digest``)."""
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise JobError("bad_rows")
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    return lab_digest.to_json(lab_digest.make(tuple(rows[: lab_digest.MAX_ROWS]), limits))


@job("notation.program")
def run_program(rows: list[str], source: str) -> dict[str, Any]:
    """The lab's rows and the outputs of a program (``panels.notation.program``): in the sandboxed
    program runner only (``kit.compute.ISOLATED``), never in the page or our compute worker."""
    if not compute.ISOLATED:
        raise JobError(compute.NEEDS_ISOLATION)
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows) or not isinstance(source, str):
        raise JobError("bad_rows")
    try:
        outputs = program.run(source)
    except program.ProgramError as error:
        raise JobError("program_error", problem=error.code, line=error.line, **error.params) from None
    lines = tuple(rows[: lab_digest.MAX_ROWS])
    return lab_digest.to_json(lab_digest.make(lines, WORKER_LIMITS, outputs))
