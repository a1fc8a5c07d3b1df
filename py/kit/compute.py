"""Exact computations that may take longer than a frame: named jobs, run in the compute worker.

A panel declares its heavy computations as jobs in ``panels/NAME/jobs.py``::

    @job("notation.distribution")
    def distribution(expr: str) -> dict[str, Any]: ...

and asks for one with the ``Compute`` effect (``kit.panel``); the kit sends it to the worker
(static/compute-worker.mjs: Pyodide with icepool and these modules, off the main thread, under a
time and memory budget), and runs the panel's ``done`` action with the result. Arguments and
results are JSON: ``encode``/``decode`` carry Fractions as ``"n/d"`` strings. Where no worker can
run, the kit runs the same job on the main thread (``run``), so results never differ.

>>> @job("doc.half")
... def half(x: int) -> Fraction:
...     return Fraction(x, 2)
>>> run_json("doc.half", '{"x": 3}')
'{"ok": true, "result": {"__fraction__": "3/2"}}'
>>> decode(json.loads(run_json("doc.half", '{"x": 3}'))["result"])
Fraction(3, 2)
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Generator, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

__all__ = [
    "INLINE_STEPS",
    "IN_WORKER",
    "ISOLATED",
    "MAIN_THREAD_STEPS",
    "NEEDS_ISOLATION",
    "TOO_SLOW_HERE",
    "JobError",
    "Slices",
    "answer",
    "budget_from",
    "decode",
    "drain",
    "failure",
    "encode",
    "job",
    "job_steps",
    "light",
    "load_jobs",
    "run",
    "run_inline_json",
    "run_json",
    "settle",
    "sliced",
]

T = TypeVar("T")

_JOBS: dict[str, Callable[..., Any]] = {}
_STEPS: dict[str, Callable[..., int]] = {}
_SLICES: dict[str, Callable[..., Generator[Any, None, Any]]] = {}

# Routing by cost. A panel bounds a computation's steps (Python-level calls, e.g.
# ``rules.notation_cost``) before it runs; the page's Pyodide makes 4,000-7,000 of them a millisecond.
INLINE_STEPS = 300_000  # computed at once on the page: ~10-20 ms typically, ~60 ms where the bound is tight
MAIN_THREAD_STEPS = 3_000_000  # where no worker runs, a job bounded by more is refused (~0.7 s at most)
TOO_SLOW_HERE = "too_slow_here"  # that refusal's error code (params: steps, max)
IN_WORKER = False  # set by the worker: jobs may then use the worker's budget instead of their old bounds
# Set only in the program runner (static/runner-worker.mjs): a worker in a sandboxed iframe with an
# opaque origin, where a user's program may run; our own compute worker never sets it.
ISOLATED = False
NEEDS_ISOLATION = "needs_isolation"  # the error code of an isolated job asked for where no runner is


class JobError(ValueError):
    """A job refused its input (``code`` and ``params``, worded by the panel)."""

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(f"{code} {params}")
        self.code, self.params = code, params


def job(
    name: str,
    /,
    *,
    steps: Callable[..., int] | None = None,
    slices: Callable[..., Generator[Any, None, Any]] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register ``fn`` as the job ``name`` (keyword arguments, JSON-able result). ``steps``, given
    the same arguments, bounds its work before it runs (see ``light`` and ``run_inline_json``).
    ``slices``, given them too, is the same work as a generator that yields between small pieces
    and returns ``fn``'s result (``fn`` is then ``drain(slices(...))``): where no worker runs, the
    page runs it piece by piece (``Slices``), so it never blocks for long, whatever its bound."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        _JOBS[name] = fn
        if steps is not None:
            _STEPS[name] = steps
        if slices is not None:
            _SLICES[name] = slices
        return fn

    return register


def budget_from(asked: str | None, default: float, /) -> float:
    """The time budget when the page's address asks for ``asked`` seconds (``?budget=S``, for
    tests and slow machines): never more than ``default``, since an address can come from a link
    someone sent, and never under half a second.

    >>> budget_from("3", 60.0), budget_from("600", 60.0), budget_from("0", 60.0), budget_from("nan", 60.0)
    (3.0, 60.0, 0.5, 60.0)
    """
    try:
        seconds = float(asked) if asked is not None else default
    except ValueError:
        return default
    return min(default, max(0.5, seconds)) if math.isfinite(seconds) else default


def light(steps: int, /) -> bool:
    """Whether work bounded by ``steps`` may run on the page at once, within a frame: the one
    decision, made from a bound computed before the work, for every input (typed, linked, restored).

    >>> light(INLINE_STEPS), light(INLINE_STEPS + 1)
    (True, False)
    """
    return steps <= INLINE_STEPS


def job_steps(name: str, args: Mapping[str, Any], /) -> int | None:
    """The bound of job ``name``'s work for ``args``, or None if it declares none or its
    arguments are refused (the job itself then says why)."""
    bound = _STEPS.get(name)
    if bound is None:
        return None
    try:
        return int(bound(**args))
    except (TypeError, ValueError, LookupError):
        return None


def load_jobs(modules: Iterable[str]) -> None:
    """Import the panels' ``jobs`` modules (the worker does this once it is up, with
    ``panels.registry.job_modules()``)."""
    for module in modules:
        importlib.import_module(module)


def encode(value: Any) -> Any:
    """JSON-able: a Fraction becomes ``{"__fraction__": "n/d"}``; tuples become lists; dict keys stay."""
    if isinstance(value, Fraction):
        return {"__fraction__": f"{value.numerator}/{value.denominator}"}
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    return value


def decode(value: Any) -> Any:
    """``encode`` undone (tuples come back as lists)."""
    if isinstance(value, dict):
        if set(value) == {"__fraction__"}:
            return Fraction(value["__fraction__"])
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def run(name: str, args: dict[str, Any]) -> Any:
    """Run job ``name`` here and now (the worker, or the main thread where no worker runs; there
    the panel that asks has imported its jobs)."""
    if name not in _JOBS:
        raise LookupError(f"no job {name!r}")
    return _JOBS[name](**args)


def run_json(name: str, args: str) -> str:
    """The worker's entry: JSON in, ``{"ok": true, "result": …}`` or ``{"ok": false, "error": …}`` out."""
    try:
        result = run(name, json.loads(args))
    except JobError as error:
        return json.dumps({"ok": False, "error": {"code": error.code, "params": encode(error.params)}})
    except MemoryError:
        return json.dumps({"ok": False, "error": {"code": "memory", "params": {}}})
    return json.dumps({"ok": True, "result": encode(result)}, ensure_ascii=False)


def run_inline_json(name: str, args: str) -> str:
    """``run_json`` on the page's main thread, where no worker can run (the saved file opened from
    disk): a job whose bound is over ``MAIN_THREAD_STEPS`` is refused (``TOO_SLOW_HERE``) instead of
    freezing the page; the panel words it.

    >>> @job("doc.spin", steps=lambda n: n)
    ... def spin(n: int) -> int:
    ...     return n
    >>> run_inline_json("doc.spin", '{"n": 5}')
    '{"ok": true, "result": 5}'
    >>> json.loads(run_inline_json("doc.spin", json.dumps({"n": MAIN_THREAD_STEPS + 1})))["error"]["code"]
    'too_slow_here'
    """
    steps = job_steps(name, decode(json.loads(args)))
    if steps is not None and steps > MAIN_THREAD_STEPS:
        error = {"code": TOO_SLOW_HERE, "params": {"steps": steps, "max": MAIN_THREAD_STEPS}}
        return json.dumps({"ok": False, "error": error})
    return run_json(name, args)


def drain(slices: Generator[Any, None, T], /) -> T:
    """A sliced job's result, run to the end at once (in the worker, in tests).

    >>> def count(n):
    ...     for i in range(n):
    ...         yield i
    ...     return n
    >>> drain(count(3))
    3
    """
    while True:
        try:
            next(slices)
        except StopIteration as stop:
            return stop.value


class Slices:
    """A sliced job under way on the main thread (where no worker runs): ``step`` runs it for
    about ``ms`` milliseconds, then hands the page back; its answer, in ``run_json``'s shape, once
    the job has ended. ``done`` is what the job last said of its progress (its pieces count it).

    >>> def counting(n):
    ...     yield from range(n)
    ...     return n
    >>> @job("doc.count", slices=counting)
    ... def count(n: int) -> int:
    ...     return drain(counting(n))
    >>> clock = iter(range(100))  # a millisecond a call
    >>> running = sliced("doc.count", {"n": 5})
    >>> running.step(lambda: next(clock), 2), running.done
    (None, 1)
    >>> running.step(lambda: next(clock), 100), running.done
    ({'ok': True, 'result': 5}, 4)
    """

    def __init__(self, name: str, args: Mapping[str, Any], /) -> None:
        self._pieces = _SLICES[name](**args)
        self.done: Any = None

    def step(self, now: Callable[[], float], ms: float, /) -> dict[str, Any] | None:
        """Run pieces until ``ms`` have passed by ``now``; the answer if the job ended, else None."""
        start = now()
        try:
            while True:
                self.done = next(self._pieces)
                if now() - start >= ms:
                    return None
        except StopIteration as stop:
            return {"ok": True, "result": encode(stop.value)}
        except JobError as error:
            return {"ok": False, "error": {"code": error.code, "params": encode(error.params)}}
        except MemoryError:
            return failure("memory")

    def close(self) -> None:
        """Stop it (Cancel, or a newer request): its generator is closed, nothing more runs."""
        self._pieces.close()


def sliced(name: str, args: Mapping[str, Any], /) -> Slices | None:
    """Job ``name`` on ``args`` ready to run in slices, or None if it is not sliced."""
    return Slices(name, args) if name in _SLICES else None


def failure(code: str, /) -> dict[str, Any]:
    """An answer that says ``code`` went wrong (the shape ``run_json`` gives)."""
    return {"ok": False, "error": {"code": code, "params": {}}}


def answer(name: str, args: Mapping[str, Any], /, *, isolated: bool = False) -> Any:
    """The ``kit.panel.Answer`` the worker would give for this job, computed here (tests, build).
    An ``isolated`` job's answer is the program runner's, as the page gets it: its text, unread
    (``kit.browser_compute``), or ``NEEDS_ISOLATION`` where no runner is (here: not ``ISOLATED``)."""
    from kit.panel import Answer

    if isolated:
        if not ISOLATED:
            return Answer(False, None, NEEDS_ISOLATION, {})
        return Answer(True, run_json(name, json.dumps(encode(dict(args)))))
    reply = json.loads(run_json(name, json.dumps(encode(dict(args)))))
    if reply["ok"]:
        return Answer(True, decode(reply["result"]))
    return Answer(False, None, reply["error"]["code"], decode(reply["error"]["params"]))


def settle(result: Any) -> Any:
    """An action's result with every ``Compute`` effect answered here, in order: the state the
    panel reaches once the worker has replied (for tests, and wherever no worker runs)."""
    from kit.panel import Compute, outcome

    done = outcome(result)
    state = done.state
    for effect in done.effects:
        if isinstance(effect, Compute):
            state = settle(effect.done(state, answer(effect.job, effect.args, isolated=effect.isolated)))
    return state
