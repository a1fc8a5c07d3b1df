"""Program mode of the dice lab: the restricted runner, its worked examples, and the panel's handling."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import pytest

from kit import compute
from kit.compute import settle
from kit.msg import render
from kit.panel import Compute, outcome
from panels.notation import lab
from panels.notation import panel as dice
from panels.notation.lab_state import Lab
from panels.notation.program import EXAMPLES, MAX_OUTPUTS, ProgramError, run
from panels.notation.state import LIFT, State
from rules import gauss, notation


def _lab(action: Callable[..., Any], *bound: Any) -> Callable[[State, dict[str, Any]], Any]:
    """A lab action run on the whole state, as the panel runs it (``kit.part``)."""
    return LIFT["lab"].action(partial(action, *bound))


@pytest.fixture
def in_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs run as in the sandboxed program runner (programs run nowhere else)."""
    monkeypatch.setattr(compute, "IN_WORKER", True)
    monkeypatch.setattr(compute, "ISOLATED", True)


def _code(source: str) -> tuple[str, int, dict[str, object]]:
    with pytest.raises(ProgramError) as info:
        run(source)
    return info.value.code, info.value.line, info.value.params


def test_outputs_are_exact_distributions_in_order() -> None:
    """output(die, label) in a loop and a function: each becomes (label, exact distribution), in order."""
    source = 'def adv(bonus):\n    return d20.pool(2).highest(1).sum() + bonus\n\nfor b in (0, 5):\n    output(adv(b), f"adv +{b}")\noutput(d6)\n'
    outputs = run(source)
    assert [label for label, _ in outputs] == ["adv +0", "adv +5", ""]
    assert outputs[1][1] == notation.distribution("2d20kh1 + 5")
    assert outputs[2][1] == {v: Fraction(1, 6) for v in range(1, 7)}


def test_worked_examples_match_the_rules() -> None:
    """The shipped examples: GaussD20 with luck equals rules.gauss, the exploding d6 equals d6! with
    depth 3, best and worst of six 4d6kh3 equal rules.notation.array."""
    outputs = dict(run(EXAMPLES["gauss"]))
    for luck in (3, 5, 7):
        assert outputs[f"GaussD20, luck {luck}"] == gauss.distribution(luck)
    exploding = dict(run(EXAMPLES["explode"]))["d6, explodes up to 3 times"]
    assert exploding == notation.distribution("d6!", limits=notation.Limits(explode_depth=3))
    stats = dict(run(EXAMPLES["stats"]))
    positions = notation.array("4d6kh3", 6)
    assert (stats["best of 6"], stats["worst of 6"]) == (positions[0], positions[-1])


@pytest.mark.parametrize(
    ("source", "code", "line"),
    [
        ("import js", "denied", 1),
        ("output(d6)\nfrom pyodide import ffi", "denied", 2),
        ("import micropip", "denied", 1),
        ("import pyscript", "denied", 1),
        ("import os", "denied", 1),
        ("import urllib.request", "denied", 1),
        ("x = ().__class__", "denied", 1),
        ("__builtins__", "denied", 1),
        ("open('/etc/passwd')", "runtime", 1),
        ("getattr(d6, '__class__')", "runtime", 1),
        ("__import__('js')", "denied", 1),
        ("m = 'j' + 's'\nimportlib = 1\nexec('import js')", "runtime", 3),
        ("eval('1')", "runtime", 1),
        ("output(d6)\n\nx = 1 / 0", "runtime", 3),
        ("def f(:\n  pass", "syntax", 1),
        ("output('a')", "output", 1),
        ("output(d6.pool(3))", "output", 1),
        ("output(d6 / 2)", "outcomes", 1),
        ("for i in range(20):\n    output(d6 + i)", "too_many_outputs", 2),
        ("x" * 20_001, "too_long", 0),
    ],
)
def test_programs_cannot_reach_the_page_network_or_files(source: str, code: str, line: int) -> None:
    """Imports of js/pyodide/pyscript/micropip/os and network modules, dunder access, open/eval/exec/
    getattr are refused, with the line; bad outputs and limits say what is wrong."""
    got, at, _ = _code(source)
    assert (got, at) == (code, line)


def test_a_runtime_error_names_its_kind_and_message() -> None:
    """A failing program reports the exception's type and message (first line), not a traceback."""
    assert _code("output(d6)\noutput(d6 + nope)") == (
        "runtime",
        2,
        {"kind": "NameError", "message": "name 'nope' is not defined"},
    )


def test_a_program_runs_only_in_the_sandboxed_runner() -> None:
    """Outside the runner (the page, the saved file), the job refuses: the page says so."""
    asked = _lab(lab.run_program)(State(lab=Lab(("",))), {"lab-row-0": "", "lab-program": "output(d6)"})
    assert [e.job for e in asked.effects if isinstance(e, Compute)] == ["notation.program"]
    effect = next(e for e in asked.effects if isinstance(e, Compute))
    done = outcome(effect.done(asked.state, compute.answer(effect.job, effect.args)))
    assert render(done.error, "en").startswith("Programs run only in the browser's sandbox")
    assert not done.state.lab.pending and done.state.lab.digest is None


def test_program_outputs_join_the_lab_and_errors_show_the_line(in_worker: None) -> None:
    """Outputs land in the same series as the rows; a failing program shows its line in both languages;
    rows changed later are computed with the program again; an empty program drops its outputs."""
    form = {"lab-row-0": "d20 + 5 # plain", "lab-program": 'output(d20 + 5, "атака")\noutput(d4)'}
    state = settle(_lab(lab.run_program)(State(lab=Lab(("",))), form))
    digest = state.lab.digest
    assert digest is not None and [s.label for s in digest.series] == ["plain", "атака", ""]
    assert digest.pairs[(0, 1)][1] == Fraction(1, 20)
    failing = _lab(lab.run_program)(state, {**form, "lab-program": "output(d6)\nraise ValueError('boom')"})
    effect = next(e for e in failing.effects if isinstance(e, Compute))
    read = outcome(effect.done(failing.state, compute.answer(effect.job, effect.args, isolated=True)))
    effect = next(e for e in read.effects if isinstance(e, Compute))  # the compute worker reads the answer
    done = effect.done(read.state, compute.answer(effect.job, effect.args))
    assert render(done.error, "en") == "Program, line 2: ValueError: boom"
    assert render(done.error, "ru") == "Программа, строка 2: ValueError: boom"
    assert done.state.lab.digest == digest and not done.state.lab.pending  # the last good comparison stays
    assert not dice.view(done.state)["lab-results"].hidden
    again = settle(_lab(lab.run_lab)(state, {"lab-row-0": "d6"}))
    assert [s.label for s in again.lab.digest.series] == ["d6", "атака", ""]
    dropped = settle(_lab(lab.run_program)(again, {"lab-row-0": "d6", "lab-program": ""}))
    assert [s.label for s in dropped.lab.digest.series] == ["d6"] and dropped.lab.program == ""


def test_examples_fill_the_field_and_run(in_worker: None) -> None:
    """Choosing an example puts it into the field, resets the list and runs it."""
    done = _lab(lab.choose_example)(State(), {"lab-row-0": "", "lab-example": "explode"})
    assert ("lab-program", EXAMPLES["explode"]) in done.effects[0].values
    assert [s.label for s in settle(done).lab.digest.series] == ["d6, explodes up to 3 times", "d6"]
    assert MAX_OUTPUTS == 12
