"""The converter panel: forum "3D20" roll lines to GaussD20 (seed 000, the author's page).

The state is the last conversion (or none); the view shows its output, counts and the reasons
for flagged lines, worded in the page's language (the output itself is the forum's own Russian
format). A refused conversion (empty or too long) clears the previous result, so no output stays
beside input it does not belong to.

>>> from kit.msg import render
>>> converter = panel(None)
>>> state = converter.actions["#convert-run"](State(), {"convert-input": EXAMPLE}).state
>>> render(converter.view(state)["convert-summary"].text, "en")
'Lines converted: 2. Marked invalid («неверный бросок»): 1.'
>>> render(converter.view(state)["convert-reasons"].children[0].text, "en")
'Line 3: a modifier in the roll «3D20+1»'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kit import common
from kit.form import Form, InputError
from kit.msg import Renderable
from kit.panel import MAX_FIELD_CHARS, Copy, Outcome, Panel, SetFields
from kit.view import Show, View, items
from panels.converter import text
from rules import forum_log

__all__ = ["EXAMPLE", "Result", "State", "convert", "copy", "dump", "example", "load", "panel", "view"]

MAX_FLAGGED_SHOWN = 50
MAX_VALUE_SHOWN = 40  # a pasted "3D20xxxx…" or a huge total is cut short in a reason

INPUT_ID = "convert-input"
OUTPUT_ID = "convert-output"

# The seed's own example (seed 000, the attached page's description).
EXAMPLE = (
    "Результат броска 3D20: 4 + 6 + 2 = 12.\n"
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".'
)


@dataclass(frozen=True)
class Result:
    """One conversion: what was converted, the converted text, and every flagged line's reason."""

    source: str
    output: str
    converted: int
    flagged: tuple[tuple[int, forum_log.Reason], ...]


@dataclass(frozen=True)
class State:
    result: Result | None = None


def _result(source: str) -> Result:
    conversion = forum_log.convert_text(source)
    flagged = tuple(
        (number, line.reason)
        for number, line in enumerate(conversion.lines, start=1)
        if line.flagged and line.reason is not None
    )
    return Result(source, conversion.text, conversion.converted, flagged)


def convert(state: State, form: Form) -> Outcome[State]:
    """Convert the pasted log; empty or too long input is refused and clears the old result."""
    raw = form.get(INPUT_ID, "")
    source = raw if isinstance(raw, str) else ""
    if not source.strip():
        return Outcome(State(), error=text.EMPTY)
    if len(source) > forum_log.MAX_INPUT_CHARS:
        too_long = common.TOO_LONG(name=text.INPUT, length=len(source), limit=forum_log.MAX_INPUT_CHARS)
        return Outcome(State(), error=too_long)
    return Outcome(State(_result(source)))


def copy(state: State, form: Form) -> Outcome[State]:
    """Copy the current output (the button is disabled without one)."""
    if state.result is None:
        raise InputError(text.NOTHING_TO_COPY)
    return Outcome(state, effects=(Copy(state.result.output, "convert-copy-status"),))


def example(state: State, form: Form) -> Outcome[State]:
    """The post's example goes into the input; the old output would not belong to it, so it goes."""
    return Outcome(State(), effects=(SetFields(((INPUT_ID, EXAMPLE),)),))


def _short(value: str | int) -> str | int:
    if isinstance(value, str) and len(value) > MAX_VALUE_SHOWN:
        return value[:MAX_VALUE_SHOWN] + "…"
    return value


def describe(reason: forum_log.Reason) -> Renderable:
    """A flagged line's reason in words."""
    return text.REASONS[reason.code](**{name: _short(value) for name, value in reason.params})


def view(state: State) -> View:
    result = state.result
    if result is None:
        return {
            OUTPUT_ID: Show(value=""),
            "convert-copy": Show(text=text.COPY, disabled=True),
            "convert-summary": Show(text=""),
            "convert-reasons": Show(children=()),
        }
    lines: list[Renderable] = [
        text.LINE(line=number, reason=describe(reason))
        for number, reason in result.flagged[:MAX_FLAGGED_SHOWN]
    ]
    if len(result.flagged) > MAX_FLAGGED_SHOWN:
        lines.append(text.MORE(count=len(result.flagged) - MAX_FLAGGED_SHOWN))
    return {
        OUTPUT_ID: Show(value=result.output),
        "convert-copy": Show(text=text.COPY, disabled=False),
        "convert-summary": Show(text=text.SUMMARY(converted=result.converted, flagged=len(result.flagged))),
        "convert-reasons": Show(children=items(lines)),
    }


def dump(state: State) -> dict[str, Any]:
    """The converted source, if small enough to save (the result is recomputed on load); a huge
    paste stays in the page only, like its field."""
    result = state.result
    if result is None or len(result.source) > MAX_FIELD_CHARS or len(result.output) > MAX_FIELD_CHARS:
        return {"source": None}
    return {"source": result.source}


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything but ``{"source": text or null}``."""
    if not isinstance(raw, dict) or set(raw) != {"source"}:
        raise ValueError("converter state must be {'source': ...}")
    source = raw["source"]
    if source is None:
        return State()
    if not isinstance(source, str) or not source.strip() or len(source) > MAX_FIELD_CHARS:
        raise ValueError("a saved source is a non-empty text of at most MAX_FIELD_CHARS characters")
    return State(_result(source))


def panel(rng: random.Random | None = None) -> Panel[State]:
    """The converter rolls nothing, so ``rng`` is unused."""
    return Panel(
        name="converter",
        initial=State(),
        view=view,
        actions={"#convert-run": convert, "#convert-copy": copy, "#convert-example": example},
        dump=dump,
        load=load,
        unsaved_fields=frozenset({OUTPUT_ID}),
        title=text.TITLE,
    )
