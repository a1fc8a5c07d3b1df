"""A saved lab too heavy to parse on the page is routed to the worker unparsed (``jobs.parse_steps``).

Parsing builds every face of every die, so a lab of 8 rows of the 38-term ``d10000>=5000`` line
took a 262-514 ms main-thread task to parse when the panel mounted on a later load (and on a link's
open). Its rows now go to the worker as they are, as a link's heavy rows always went; the worker
parses them and answers with the results or the row it refused. Work, not time, is asserted: the
parser runs no line on the page, and the text bound is at least the parse's measured work.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest

from kit import compute
from kit.compute import settle
from kit.panel import Answer, Compute, outcome
from panels.notation import jobs, lab, lab_digest
from panels.notation import panel as notation_panel
from panels.notation.lab_state import Lab, LabFault
from panels.notation.state import State
from rules import notation, notation_expression, notation_parser

LONG = "+".join(["d10000>=5000"] * 38)
HEAVY = (LONG,) * 8
PARSER = [notation_parser.__file__]


def _cold() -> None:
    notation_expression._parse_cached.cache_clear()  # pyright: ignore[reportPrivateUsage]


def _faces(node: Any) -> int:
    """Faces built in a parsed tree: every die node's ``faces``."""
    if isinstance(node, tuple):
        return sum(_faces(item) for item in node)  # pyright: ignore[reportUnknownVariableType]
    if not dataclasses.is_dataclass(node):
        return 0
    own = len(node.faces) if isinstance(getattr(node, "faces", None), tuple) else 0
    return own + sum(_faces(getattr(node, f.name)) for f in dataclasses.fields(node) if f.name != "faces")


def _parse_work(call_count: Callable[..., int], rows: tuple[str, ...]) -> int:
    """Calls of parsing ``rows`` as the lab does (from a cold parse cache), and the faces built."""
    _cold()
    calls = call_count(lambda: lab_digest.prepare(rows))
    prepared = lab_digest.prepare(rows)
    names = dict(prepared.names)
    faces = sum(len(f) for _, f in prepared.names) * max(1, len(rows))
    for _, line in prepared.lines:
        faces += _faces(notation.parse(line, names=names)._root)  # pyright: ignore[reportPrivateUsage]
    return calls + faces


LABS = [
    ("4d6kh3 # stats", "3d6"),
    ("d20+5", "2d20kh1+5", "2d20kl1+5"),
    ("d%", "dF", "4dF", "d{1,1,2,3,5,8}", "d{-2..2}", "3d6!", "4d6r1", "d8min3max6"),
    ("fib = d{1,1,2,3,5,8}", "3fib", "fib+fib+fib >= 10"),
    ("big = d{1..5000}", "big+big+big", "2big kh1"),
    ("d10000", "d10000>=5000+d10000>=5000", "d1000*d100"),
    ("d10000r<5000", "d10000!>9990", "d10000min2000max8000"),
    ("+".join(["d10000>=5000"] * 3),),
    ("6x4d6kh3", "3x d20", "floor(200d6/7d6)"),
]


@pytest.mark.parametrize("rows", LABS)
def test_the_parse_bound_is_at_least_the_work_of_parsing(
    rows: tuple[str, ...], call_count: Callable[..., int]
) -> None:
    """Named dice, ranges, clamps, rerolls, explosions, wide dice and arrays: the calls made while
    parsing, and every face built, never exceed the bound read from the text before."""
    work = _parse_work(call_count, rows)
    assert work <= jobs.parse_steps(rows), f"{rows}: {work:,} > bound {jobs.parse_steps(rows):,}"


def test_the_long_lab_is_bounded_and_too_heavy_to_parse_on_the_page(call_count: Callable[..., int]) -> None:
    """One row of the long line builds 380,000 faces; 8 distinct rows 8 times that: within the
    bound, which sends the lab to the worker unparsed and refuses it where no worker runs."""
    rows = tuple(f"{LONG}+{i}" for i in range(8))
    assert _parse_work(call_count, rows[:1]) > 380_000
    assert 8 * _parse_work(call_count, rows[:1]) <= jobs.parse_steps(rows)
    assert not jobs.parse_is_light(HEAVY) and jobs.parse_steps(HEAVY) > compute.MAIN_THREAD_STEPS


def test_everyday_labs_are_still_parsed_on_the_page() -> None:
    """Labs a GM types every day are light to parse: the page parses them itself, shows a refused
    row at once, and computes a light lab's results at once, as before."""
    every_day = ("4d6kh3 # сила", "3d6", "d20+5", "2d20kh1", "d%", "4dF", "fib = d{1,1,2,3,5,8}", "3fib")
    assert jobs.parse_is_light(every_day)
    assert jobs.parse_is_light(("d{1..100}", "10d100kh3", "gauss(7)+2", "d1000"))
    refused = outcome(lab.compute_lab(Lab(), ("3d6", "2d6 +")))
    assert refused.effects == () and refused.state.fault == LabFault(1, "2d6 +", 5)
    done = outcome(lab.compute_lab(Lab(), every_day[:2]))
    assert done.effects == () and done.state.digest is not None


def _saved(rows: tuple[str, ...]) -> State:
    return State(lab=Lab(rows))


def test_a_saved_heavy_lab_is_sent_to_the_worker_unparsed_at_mount(work_meter: Callable[..., Any]) -> None:
    """The panel's start with the saved 8-row lab of the long line: no line of the parser runs on
    the page (it ran a 262-514 ms task there); the rows go to the worker as they are, the lab
    pending meanwhile."""
    _cold()
    work = work_meter(lambda: outcome(notation_panel.start(_saved(HEAVY), {}, {})), files=PARSER)
    assert work.lines == 0
    done = work.result
    asks = [e for e in done.effects if isinstance(e, Compute)]
    assert [(a.job, a.args) for a in asks] == [("notation.lab", {"rows": list(HEAVY)})]
    assert done.state.lab.pending and done.state.lab.rows == HEAVY and done.error is None


def test_a_heavy_lab_link_is_sent_to_the_worker_unparsed(work_meter: Callable[..., Any]) -> None:
    """The same lab from a ``?lab=`` link: its rows are put in the fields and sent as they are."""
    from panels.notation.lab_share import encode_lab

    _cold()
    params = {"lab": encode_lab(Lab(HEAVY))}
    work = work_meter(lambda: outcome(notation_panel.start(State(), {}, params)), files=PARSER)
    assert work.lines == 0
    assert [e.job for e in work.result.effects if isinstance(e, Compute)] == ["notation.lab"]


def test_where_no_worker_runs_the_heavy_lab_is_refused_unparsed(work_meter: Callable[..., Any]) -> None:
    """From ``file://`` the job's bound refuses the lab before anything is parsed (it was parsed on
    the page first, to be refused)."""
    _cold()
    work = work_meter(
        lambda: json.loads(compute.run_inline_json("notation.lab", json.dumps({"rows": list(HEAVY)}))),
        files=PARSER,
    )
    assert work.lines == 0 and work.result["error"]["code"] == compute.TOO_SLOW_HERE


def test_a_refused_row_sent_unparsed_comes_back_as_the_page_would_show_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A heavy lab with a row that does not parse: the worker names the row and the position, and
    the lab shows the same fault and message as when the page parsed it itself."""
    rows = (LONG, "3d6 +", LONG)
    sent = outcome(lab.compute_lab(Lab(), rows))
    ask = next(e for e in sent.effects if isinstance(e, Compute))
    with pytest.raises(compute.JobError) as refused:
        jobs.lab(rows=list(rows))
    answer = Answer(False, code=refused.value.code, params=refused.value.params)
    shown = outcome(ask.done(sent.state, answer))
    monkeypatch.setattr(lab, "parse_is_light", lambda _rows: True)  # the page parses them itself
    parsed = outcome(lab.compute_lab(Lab(), rows))
    assert shown.state.fault == parsed.state.fault == LabFault(1, "3d6 +", 5)
    assert shown.error == parsed.error and not shown.state.pending and shown.state.digest is None


def test_the_worker_answers_a_heavy_lab_as_the_page_would() -> None:
    """Rows sent unparsed are the job's usual input: a light lab's results through the job are the
    page's own (``settle`` runs the job as the worker would)."""
    rows = ("4d6kh3", "3d6")
    assert settle(lab._ask_lab(Lab(), rows, 2, {}, ())).digest == settle(lab.compute_lab(Lab(), rows)).digest  # pyright: ignore[reportPrivateUsage]
