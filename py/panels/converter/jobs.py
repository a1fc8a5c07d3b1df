"""The converter's heavy computation, run in the compute worker (``kit.compute``).

A paste of up to ``INLINE_CHARS`` characters (the seed's example, an evening's log) converts on the
page at once, within a frame; a longer one (up to ``forum_log.MAX_INPUT_CHARS``, 0.3–3 s in Pyodide)
converts in the worker, or, where no worker runs (the saved file opened from disk), on the page in
slices of ``forum_log.SLICE_LINES`` lines that hand the page back in between (``converting``;
``kit.compute.Slices``), so the page never freezes and Cancel works. ``steps`` bounds the work
before it runs (the job's declared bound, ``kit.compute``). All give the same digest: what the panel shows — the converted text, the
counts, the first ``MAX_FLAGGED_SHOWN`` flagged rolls' reasons as data (values cut short as the
view shows them) and the first ``MAX_REPEATS_SHOWN`` repeated purposes, never every line's result.

>>> got = convert(source="Результат броска 3D20: 4 + 6 = 10.\\nРезультат броска 3D20: 1 + 1 + 1 = 3.")
>>> got["output"].splitlines()[1], got["converted"], got["flagged_count"]
('Результат броска 3D20: 1 + 1 + 1 , GaussD20: 1', 1, 1)
>>> got["flagged"]
[{'line': 1, 'roll': 0, 'code': 'dice_count', 'params': {'count': 2}}]
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from kit.compute import JobError, drain, job
from rules import forum_log

__all__ = [
    "INLINE_CHARS",
    "MAX_FLAGGED_SHOWN",
    "MAX_LINES_SHOWN",
    "MAX_REPEATS_SHOWN",
    "MAX_VALUE_SHOWN",
    "convert",
    "converting",
    "is_light",
    "short",
    "steps",
]

INLINE_CHARS = 20_000  # converted on the page: a few milliseconds even in Pyodide
MAX_FLAGGED_SHOWN = 50
MAX_VALUE_SHOWN = 40  # a pasted "3D20xxxx…" or a huge total is cut short in a reason
MAX_REPEATS_SHOWN = 5  # repeated purposes named in the summary (the rest are counted): it stays short
MAX_LINES_SHOWN = 6  # line numbers named per repeated purpose (the rest are counted)


# The bound of ``convert``'s work (Python-level calls, as rules.notation_cost counts them), from the
# text alone: a roll costs at most ~80 calls and starts with the 16-character «Результат броска»,
# so there are at most len // 16 of them; a line costs ~6 more (tests/unit/test_converter_panel.py
# checks the measured calls never exceed it).
STEPS_PER_LINE = 10
STEPS_PER_16_CHARS = 100
STEPS_FIXED = 200


def steps(source: str) -> int:
    """An upper bound of ``convert(source=source)``'s Python-level calls, computed before it runs.

    >>> steps("Результат броска 3D20: 4 + 6 + 2 = 12.")
    510
    """
    lines = source.count("\n") + 1
    return STEPS_FIXED + STEPS_PER_LINE * lines + STEPS_PER_16_CHARS * (len(source) // 16 + 1)


def is_light(source: str) -> bool:
    """Whether ``source`` is short enough to convert on the page."""
    return len(source) <= INLINE_CHARS


def short(value: str | int) -> str | int:
    """A reason's value as shown: a long text is cut to ``MAX_VALUE_SHOWN`` characters and «…»
    (cutting a value already cut gives it back unchanged)."""
    if isinstance(value, str) and len(value) > MAX_VALUE_SHOWN:
        return value[:MAX_VALUE_SHOWN] + "…"
    return value


def converting(source: str) -> Generator[int, None, dict[str, Any]]:
    """``convert`` in slices: yields the lines converted so far, returns the digest."""
    if len(source) > forum_log.MAX_INPUT_CHARS:
        raise JobError("too_long", length=len(source), limit=forum_log.MAX_INPUT_CHARS)
    conversion = yield from forum_log.converting(source)
    return _digest(conversion)


@job("converter.convert", steps=steps, slices=converting)
def convert(source: str) -> dict[str, Any]:
    """``source`` converted: ``output``, ``converted`` and ``flagged_count`` (rolls); ``flagged``,
    the first ``MAX_FLAGGED_SHOWN`` refused rolls as ``{"line", "roll", "code", "params"}`` (``roll``:
    its place on a line of several rolls, else 0); ``repeats``, the first ``MAX_REPEATS_SHOWN``
    purposes rolled more than once as ``{"purpose", "lines", "count"}``, and ``repeats_count``;
    ``faces`` (20 counts of the converted rolls' d20 faces) and ``sums`` (58 of their totals, 3 … 60)."""
    return drain(converting(source))


def _digest(conversion: forum_log.Conversion) -> dict[str, Any]:
    """What the panel shows of a conversion."""
    flags = conversion.flags
    all_repeats = conversion.repeats
    repeats = all_repeats[:MAX_REPEATS_SHOWN]
    return {
        "output": conversion.text,
        "converted": conversion.converted,
        "flagged_count": len(flags),
        "flagged": [
            {
                "line": flag.line,
                "roll": flag.roll,
                "code": flag.reason.code,
                "params": {k: short(v) for k, v in flag.reason.params},
            }
            for flag in flags[:MAX_FLAGGED_SHOWN]
        ],
        "repeats": [
            {"purpose": short(r.purpose), "lines": list(r.lines[:MAX_LINES_SHOWN]), "count": len(r.lines)}
            for r in repeats
        ],
        "repeats_count": len(all_repeats),
        "faces": list(conversion.faces),
        "sums": list(conversion.sums),
    }
