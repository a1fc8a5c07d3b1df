"""The dice lab's state and its saved form (pure); ``State.lab`` of the notation panel.

>>> lab = Lab(("4d6kh3 # stats", "3d6"), "ge")
>>> load_lab(dump_lab(lab)) == lab
True
>>> load_lab({"rows": ["d6"] * 9, "view": "eq"})
Traceback (most recent call last):
...
ValueError: the lab holds 1 to 8 rows of at most 500 characters
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.undo import Undo
from panels.notation.lab_digest import MAX_ROWS, LabDigest
from panels.notation.program import MAX_PROGRAM
from rules import notation

__all__ = ["MAX_LENGTH", "VIEWS", "Lab", "LabFault", "dump_lab", "load_lab"]

VIEWS = ("eq", "ge", "le")
MAX_LENGTH = notation.DEFAULT_LIMITS.max_length


@dataclass(frozen=True)
class LabFault:
    """The first refused row: its index, its text and the 0-based position of the error."""

    row: int
    line: str
    position: int


@dataclass(frozen=True)
class Lab:
    """``rows``: the lines as typed (1 to MAX_ROWS); ``view``: =, ≥ or ≤ in the chart and table;
    ``digest``: the results for ``key`` (the rows computed), or ``pending``/``stopped`` while the
    worker computes them or after it was stopped (while a program runs, and after it failed, the
    last good results stay shown); ``fault``: a refused row (nothing else shown)."""

    rows: tuple[str, ...] = ("",)
    view: str = "eq"
    digest: LabDigest | None = None
    key: tuple[str, ...] | None = None
    pending: bool = False
    stopped: bool = False
    fault: LabFault | None = None
    program: str = ""  # the lab's program (shown, saved and shared), "" for none
    run: bool = False  # its outputs join the series: the user ran it in this page (never restored)
    linked: bool = False  # it came from a link and has not been run yet (the lab says so)
    undo: Undo[tuple[int, str]] | None = None  # a removed row: its place and its text (never saved)


def dump_lab(lab: Lab, /) -> dict[str, Any]:
    return {"rows": list(lab.rows), "view": lab.view, "program": lab.program}


def load_lab(raw: Any, /) -> Lab:
    """Saved or shared lab rows back (untrusted: checked); ``ValueError`` on anything malformed."""
    if not isinstance(raw, dict):
        raise ValueError("the lab must be an object")
    rows, view = raw.get("rows"), raw.get("view", "eq")
    if (
        not isinstance(rows, list)
        or not 1 <= len(rows) <= MAX_ROWS
        or not all(isinstance(r, str) and len(r) <= MAX_LENGTH and "\n" not in r for r in rows)
    ):
        raise ValueError(f"the lab holds 1 to {MAX_ROWS} rows of at most {MAX_LENGTH} characters")
    if view not in VIEWS:
        raise ValueError("unknown lab view")
    program = raw.get("program", "")
    if not isinstance(program, str) or len(program) > MAX_PROGRAM:
        raise ValueError(f"the program must be text of at most {MAX_PROGRAM} characters")
    return Lab(tuple(rows), view, program=program)
