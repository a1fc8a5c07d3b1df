"""A lab program's outputs as data, and the program runner's answer read back as untrusted text (pure).

A program runs in the sandboxed runner (static/program-runner.js) and answers with its outputs
only: for each, its label and its exact distribution as whole numbers (``[label, denominator,
outcomes, weights]``). It never sees the lab's rows, and nothing it says is a figure of theirs:
the trusted compute worker reads the answer (``from_reply``, off the page's main thread), checks
every part of it, and computes the whole lab (the rows, the outputs as the program's own series,
the pairwise odds) itself (``panels.notation.jobs.lab``). Whatever the sandbox sent, the answer is
text of at most ``MAX_REPLY`` characters, read in linear time (``kit.bounded_json``) and refused
whole when anything in it is out of shape.

>>> from fractions import Fraction
>>> from kit.compute import run_json
>>> outputs = [("атака", {1: Fraction(1, 4), 2: Fraction(3, 4)}), ("", {3: Fraction(1)})]
>>> reply = '{"ok": true, "result": {"outputs": ' + json.dumps(outputs_to_json(outputs)) + '}}'
>>> from_reply(reply) == tuple(outputs)
True
>>> from_reply('{"ok": true, "result": {"outputs": "not a list"}}')
Traceback (most recent call last):
...
kit.compute.JobError: bad_answer {}
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

from kit import bounded_json
from kit.compute import JobError
from panels.notation.lab_digest import shown_label
from panels.notation.program import MAX_OUTCOMES, MAX_OUTPUTS

__all__ = ["BAD_ANSWER", "MAX_LABEL", "MAX_REPLY", "from_reply", "outputs_to_json", "reply_size"]

MAX_REPLY = 2_000_000  # characters of the runner's answer (static/program-runner.js, runner.html)
MAX_LABEL = 100  # characters of an output's label (program.run cuts it there)
MAX_NUMBER = 10**18  # an outcome: far beyond any die the lab draws
MAX_BITS = 14_000  # of a weight or a denominator: its digits stay under Python's 4,300-digit limit
BAD_ANSWER = "bad_answer"  # the error code of an answer out of shape (the lab words it)
_PROGRAM_ERROR = "program_error"
_RUNNER_FAILURES = ("memory", "internal", "start")  # static/python-worker.mjs, kit.compute.run_json
_PROBLEM_KEYS = 6  # the parameters of a program's error: problem, line, and what ProgramError says
Outputs = tuple[tuple[str, dict[int, Fraction]], ...]


def outputs_to_json(outputs: Sequence[tuple[str, dict[int, Fraction]]], /) -> list[list[Any]]:
    """Each output as ``[label, denominator, outcomes, weights]``: whole numbers, the outcomes in
    order, ``weights[i] / denominator`` the probability of ``outcomes[i]``."""
    out = []
    for label, dist in outputs:
        outcomes = sorted(dist)
        denominator = math.lcm(*(dist[v].denominator for v in outcomes)) if outcomes else 1
        weights = [dist[v].numerator * (denominator // dist[v].denominator) for v in outcomes]
        out.append([label, denominator, outcomes, weights])
    return out


def reply_size(data: list[list[Any]], /) -> int:
    """The length of the answer that carries ``data`` (``outputs_to_json``); the job refuses one
    over ``MAX_REPLY``, and one whose numbers are too long to read back."""
    for _, denominator, _, weights in data:
        if max((denominator, *weights), key=int.bit_length).bit_length() > MAX_BITS:
            return MAX_REPLY + 1
    return len(json.dumps({"ok": True, "result": {"outputs": data}}, ensure_ascii=False))


def _int(raw: Any, low: int, high: int) -> int:
    if type(raw) is not int or not low <= raw <= high:
        raise ValueError("not a whole number in range")
    return raw


def _list(raw: Any, most: int, length: int | None = None) -> list[Any]:
    if type(raw) is not list or len(raw) > most or (length is not None and len(raw) != length):
        raise ValueError("not a list of the expected size")
    return raw


def _label(raw: Any) -> str:
    """A label of at most MAX_LABEL characters, as the page shows it (``shown_label``)."""
    if type(raw) is not str or len(raw) > MAX_LABEL:
        raise ValueError("not a label")
    return shown_label(raw)


def _output(raw: Any) -> tuple[str, dict[int, Fraction]]:
    label, denominator, outcomes, weights = _list(raw, 4, 4)
    limit = 1 << MAX_BITS
    denominator = _int(denominator, 1, limit)
    outcomes = [_int(v, -MAX_NUMBER, MAX_NUMBER) for v in _list(outcomes, MAX_OUTCOMES)]
    weights = [_int(w, 1, denominator) for w in _list(weights, MAX_OUTCOMES, len(outcomes))]
    if not outcomes or any(a >= b for a, b in pairwise(outcomes)) or sum(weights) != denominator:
        raise ValueError("not a distribution")
    return _label(label), {v: Fraction(w, denominator) for v, w in zip(outcomes, weights, strict=True)}


def _refusal(error: Any) -> JobError:
    """The program's own error (syntax, runtime, …) as the lab words it, its parameters short
    texts and numbers only; or the runner's (out of memory, failed): the kit words those."""
    if type(error) is not dict:
        return JobError(BAD_ANSWER)
    if error.get("code") in _RUNNER_FAILURES:
        return JobError(error["code"])
    if error.get("code") != _PROGRAM_ERROR:
        return JobError(BAD_ANSWER)
    params = error.get("params")
    if (
        type(params) is not dict
        or len(params) > _PROBLEM_KEYS
        or type(params.get("problem")) is not str
        or not all(
            type(k) is str
            and len(k) <= 20
            and ((type(v) is int and abs(v) <= MAX_NUMBER) or (type(v) is str and len(v) <= 300))
            for k, v in params.items()
        )
    ):
        return JobError(BAD_ANSWER)
    return JobError(_PROGRAM_ERROR, **params)


def from_reply(text: Any, /) -> Outputs:
    """The outputs in the runner's answer ``text`` (``run_json``'s shape), every part checked;
    ``JobError`` with the program's own error, or ``BAD_ANSWER`` for anything out of shape."""
    if type(text) is not str:
        raise JobError(BAD_ANSWER)
    try:
        reply = bounded_json.loads(text, MAX_REPLY, max_depth=6)
        if type(reply) is not dict or reply.get("ok") not in (True, False):
            raise ValueError("not an answer")
        if reply["ok"] is False:
            raise _refusal(reply.get("error"))
        result = reply.get("result")
        if type(result) is not dict or set(result) != {"outputs"}:
            raise ValueError("not a program's outputs")
        return tuple(_output(raw) for raw in _list(result["outputs"], MAX_OUTPUTS))
    except JobError:
        raise
    except (ValueError, TypeError, KeyError, RecursionError):
        raise JobError(BAD_ANSWER) from None
