"""The converter panel: forum "3D20" roll lines to GaussD20 (seed 000, the author's page).

The state is the last conversion (or none); the view shows its output, counts, the reasons for
refused rolls (each a button that selects its line in the input: ``data-select-line``, handled by
static/prefs.js) and the purposes rolled twice, worded in the page's language (the output itself
is the forum's own Russian format). The output box shows at most ``PREVIEW_LINES`` lines (``preview``:
a browser lays out all of a text box's text, ~0.5 s for 20 000 lines, on every change), with a note
saying so; Copy and «Скачать .txt» take the whole text. No output stays beside input it does not belong to: a refused
conversion (empty or too long) clears the previous result, and so does editing the input (the
page clears it as the GM types, ``data-clears``; the state follows when the field changes). A paste longer than ``jobs.INLINE_CHARS`` converts in the
compute worker (``jobs.convert``): meanwhile the state is pending (no output, Copy disabled, the kit
shows elapsed time and Cancel), and an answer for a paste no longer pending is dropped.

>>> from kit.msg import render
>>> converter = panel(None)
>>> state = converter.actions["#convert-run"](State(), {"convert-input": EXAMPLE}).state
>>> render(converter.view(state)["convert-summary"].text, "en")
'Rolls converted: 2. Marked invalid («неверный бросок»): 1.'
>>> render(converter.view(state)["convert-reasons"].children[0].children[0].text, "en")
'Line 3: a modifier in the roll «3D20+1»'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from kit import common, undo
from kit.form import Form, InputError, oversized
from kit.msg import Renderable, grouped
from kit.panel import (
    MAX_FIELD_CHARS,
    Answer,
    Compute,
    Copy,
    Download,
    Outcome,
    Panel,
    SetFields,
    outcome,
)
from panels.converter import jobs, text
from panels.converter.view import (
    INPUT_ID,
    OUTPUT_ID,
    PREVIEW_CHARS,
    PREVIEW_LINES,
    line_count,
    preview,
    summary,
    view,
)
from rules import forum_log

__all__ = [
    "EXAMPLE",
    "PREVIEW_CHARS",
    "PREVIEW_LINES",
    "Result",
    "State",
    "convert",
    "converted",
    "copy",
    "download",
    "dump",
    "edited",
    "example",
    "load",
    "panel",
    "preview",
    "restore_pasted",
    "start",
    "stopped",
    "view",
]

DOWNLOAD_NAME = "gaussd20-log.txt"

# The seed's own example (seed 000, the attached page's description).
EXAMPLE = (
    "Результат броска 3D20: 4 + 6 + 2 = 12.\n"
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".'
)


@dataclass(frozen=True)
class Result:
    """One conversion: what was converted, the converted text, the counts (of rolls), the first
    ``MAX_FLAGGED_SHOWN`` refused rolls as (line, place on the line or 0, reason; values cut short
    as shown), the purposes rolled more than once as (purpose, first lines, how many rolls), and
    the forum's dice: how often each face and each total came (the fairness test reads them)."""

    source: str
    output: str
    converted: int
    flagged: tuple[tuple[int, int, forum_log.Reason], ...]
    flagged_count: int
    repeats: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    repeats_count: int = 0
    faces: tuple[int, ...] = (0,) * 20  # the converted rolls' d20 faces, 1 … 20
    sums: tuple[int, ...] = (0,) * 58  # and their 3D20 totals, 3 … 60


@dataclass(frozen=True)
class State:
    """The last conversion; or the long paste the worker is converting (``pending``); or
    ``stopped`` when that conversion was cancelled or ran out of time."""

    result: Result | None = None
    pending: str | None = None
    stopped: bool = False
    undo: undo.Undo[str] | None = None  # the pasted log «Пример из поста» replaced


def _from_digest(source: str, digest: Mapping[str, Any]) -> Result:
    """The ``Result`` of ``jobs.convert``'s answer (computed here or in the worker)."""
    flagged = tuple(
        (int(item["line"]), int(item["roll"]), forum_log.Reason(str(item["code"]), **item["params"]))
        for item in digest["flagged"]
    )
    repeats = tuple(
        (str(item["purpose"]), tuple(int(n) for n in item["lines"]), int(item["count"]))
        for item in digest["repeats"]
    )
    return Result(
        source,
        str(digest["output"]),
        int(digest["converted"]),
        flagged,
        int(digest["flagged_count"]),
        repeats,
        int(digest["repeats_count"]),
        _counts(digest.get("faces"), 20),
        _counts(digest.get("sums"), 58),
    )


def _counts(raw: Any, size: int) -> tuple[int, ...]:
    """A digest's list of ``size`` counts (none: all zero)."""
    if not isinstance(raw, list) or len(raw) != size:
        return (0,) * size
    return tuple(int(n) for n in raw)


def _too_long(length: int) -> Renderable:
    return common.TOO_LONG(name=text.INPUT, length=length, limit=forum_log.MAX_INPUT_CHARS)


def _label(lines: int) -> Renderable:
    """What the progress line names: «конвертация 28 000 строк» (Russian's genitive after a number)."""
    if lines == 1:
        return text.CONVERTING_ONE(lines=grouped(lines))
    if lines % 10 == 1 and lines % 100 != 11:
        return text.CONVERTING_21(lines=grouped(lines))
    return text.CONVERTING(lines=grouped(lines))


def _converting(source: str, *, log: bool = True) -> Outcome[State]:
    """``source`` converted here if it is light, else a pending state and the worker's job;
    ``log``: whether the conversion is journalled (a restored paste was, when first converted)."""
    if jobs.is_light(source):
        done = State(_from_digest(source, jobs.convert(source=source)))
        return _logged(done) if log else Outcome(done)
    return Outcome(
        State(pending=source),
        effects=(
            Compute(
                "converter.convert",
                {"source": source},
                partial(converted, source, log=log),
                _label(line_count(source)),
                failed=partial(stopped, source),
            ),
        ),
    )


def _logged(state: State) -> Outcome[State]:
    """A finished conversion, its counts written into the journal of the evening."""
    result = state.result
    if result is None:
        return Outcome(state)
    return Outcome(state, log=summary(result.converted, result.flagged_count))


def _kept(old: State, done: State | Outcome[State]) -> Outcome[State]:
    """``done`` with the offer to give the pasted log back still there (a conversion builds a new
    state; the offer outlives it, see kit.undo)."""
    done = outcome(done)
    return replace(done, state=replace(done.state, undo=old.undo))


def convert(state: State, form: Form) -> Outcome[State]:
    """Convert the pasted log; empty or too long input is refused and clears the old result.
    A long paste goes to the compute worker, and the old result goes at once."""
    unread = oversized(form, INPUT_ID)  # a paste too long for the kit to read into Python
    if unread is not None:
        return _kept(state, Outcome(State(), error=_too_long(unread)))
    raw = form.get(INPUT_ID, "")
    source = raw if isinstance(raw, str) else ""
    if not source.strip():
        return _kept(state, Outcome(State(), error=text.EMPTY))
    if len(source) > forum_log.MAX_INPUT_CHARS:
        return _kept(state, Outcome(State(), error=_too_long(len(source))))
    return _kept(state, _converting(source))


def converted(source: str, state: State, answer: Answer, *, log: bool = True) -> State | Outcome[State]:
    """The worker's conversion of ``source``; dropped unless ``source`` is still the one pending."""
    if state.pending != source:
        return state
    if not answer.ok:  # the job's own refusal (the action refuses such input before asking)
        return _kept(state, Outcome(State(), error=_too_long(len(source))))
    done = State(_from_digest(source, answer.result))
    return _kept(state, _logged(done) if log else done)


def stopped(source: str, state: State, answer: Answer) -> State:
    """Cancelled, out of time or memory (the kit says which): no result for ``source``."""
    return State(stopped=True, undo=state.undo) if state.pending == source else state


def edited(state: State, form: Form) -> State:
    """The input changed: a result (or a conversion under way) for other text goes, so Copy is
    off until the next conversion; the same text (say, after Ctrl+Enter) keeps it."""
    raw = form.get(INPUT_ID, "")
    source = raw if isinstance(raw, str) else ""
    if state.result is not None and state.result.source == source:
        return state
    if state.pending is not None and state.pending == source:
        return state
    return State() if state.result is not None or state.pending is not None or state.stopped else state


def copy(state: State, form: Form) -> Outcome[State]:
    """Copy the current output (the button is disabled without one)."""
    if state.result is None:
        raise InputError(text.NOTHING_TO_COPY)
    return Outcome(state, effects=(Copy(state.result.output, "convert-copy-status"),))


def example(state: State, form: Form) -> Outcome[State]:
    """The post's example goes into the input and is converted at once: the output beside it is
    always the example's, never the previous paste's."""
    done = _converting(EXAMPLE)
    pasted = form.get(INPUT_ID, "")
    state = done.state
    if isinstance(pasted, str) and pasted.strip() and pasted != EXAMPLE:
        state = replace(state, undo=undo.offer(pasted, text.EXAMPLE_REPLACED))
    return Outcome(state, effects=(SetFields(((INPUT_ID, EXAMPLE),)), *done.effects))


def restore_pasted(state: State, form: Form) -> Outcome[State]:
    """Undo «Пример из поста»: the pasted log back in the input, converted again (the GM may have
    converted or copied meanwhile; an edit of the input lets the offer lapse). An undo writes
    nothing to the journal: the paste was journalled when it was converted."""
    pasted = undo.taken(state.undo)
    done = _converting(pasted, log=False)
    return Outcome(done.state, effects=(SetFields(((INPUT_ID, pasted),)), *done.effects))


def download(state: State, form: Form) -> Outcome[State]:
    """The whole output as a text file (the button is disabled without one)."""
    if state.result is None:
        raise InputError(text.NOTHING_TO_COPY)
    return Outcome(state, effects=(Download(DOWNLOAD_NAME, state.result.output),))


def dump(state: State) -> dict[str, Any]:
    """The converted (or pending) source, if small enough to save (the result is recomputed on
    load); a huge paste stays in the page only, like its field."""
    result = state.result
    if result is None:
        pending = state.pending
        return {"source": pending if pending is not None and len(pending) <= MAX_FIELD_CHARS else None}
    if len(result.source) > MAX_FIELD_CHARS or len(result.output) > MAX_FIELD_CHARS:
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
    if jobs.is_light(source):
        return State(_from_digest(source, jobs.convert(source=source)))
    return State(pending=source)  # converted by the worker once the page starts (``start``)


def start(state: State, form: Form, params: Mapping[str, str]) -> Outcome[State]:
    """A restored long paste (``load`` left it pending) is converted in the worker."""
    return Outcome(state) if state.pending is None else _converting(state.pending)


def panel(rng: random.Random | None = None) -> Panel[State]:
    """The converter rolls nothing, so ``rng`` is unused."""
    return Panel(
        name="converter",
        initial=State(),
        view=view,
        actions=undo.lapsing(
            {
                "#convert-run": convert,
                "#convert-copy": copy,
                "#convert-download": download,
                "#convert-example": example,
                "#convert-undo": restore_pasted,
                f"#{INPUT_ID}": edited,
            },
            lapse_on=f"#{INPUT_ID}",  # a restore would overwrite what the GM typed since
        ),
        dump=dump,
        load=load,
        start=start,
        unsaved_fields=frozenset({OUTPUT_ID}),
        long_fields=frozenset({INPUT_ID}),  # ``convert`` words a paste too long to read
        title=text.TITLE,
    )
