"""Unit-test fixtures: a work meter, so that "fast enough" is asserted as bounded work, not time.

A wall-clock limit fails on a busy machine; a count of the Python calls made, or of the lines run
inside chosen files, does not depend on the machine, and still grows when an algorithm falls back
to brute force. The meter stops the measured code as soon as a budget is exceeded, so a blow-up
fails at once instead of hanging. Timings live in tools/bench.py and tools/bench_notation.py.

Two counts, two fixtures: ``work_meter`` (``sys.settrace``: Python functions, and lines in chosen
files, with budgets) and ``call_count`` (``sys.setprofile``: Python functions *and* builtins, the
unit the jobs' declared bounds are written in, e.g. rules.notation_cost).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import pytest


@dataclass
class Work:
    """What one call did: Python function calls (any module), lines run in the watched files, and
    what it returned."""

    calls: int = 0
    lines: int = 0
    result: Any = None


class OverBudget(AssertionError):
    """Raised inside the measured code once it exceeds its budget."""


def count_work(
    fn: Callable[..., Any],
    /,
    *args: Any,
    max_calls: int | None = None,
    max_lines: int | None = None,
    files: Iterable[str] = (),
) -> Work:
    """Run ``fn(*args)`` under ``sys.settrace`` and return its Work (with the result); raise OverBudget once over a budget.

    Lines are counted only in frames whose code comes from ``files`` (other frames are not traced
    line by line, which keeps the overhead small).
    """
    watched = set(files)
    work = Work()

    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            work.lines += 1
            if max_lines is not None and work.lines > max_lines:
                raise OverBudget(f"more than {max_lines:,} lines run in {sorted(watched)}")
        return local

    def on_call(frame: FrameType, event: str, arg: object) -> Any:
        work.calls += 1
        if max_calls is not None and work.calls > max_calls:
            raise OverBudget(f"more than {max_calls:,} Python calls")
        return local if frame.f_code.co_filename in watched else None

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        work.result = fn(*args)
    finally:
        sys.settrace(previous)
    return work


def count_calls(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> int:
    """Python-level calls made by ``fn(*args, **kwargs)``: functions, methods and builtins, as
    ``sys.setprofile`` sees them ("call" and "c_call" events; the call of ``fn`` itself included).

    This is the measure a job's bound (``jobs.steps`` and the like) claims to cover.
    """
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        fn(*args, **kwargs)
    finally:
        sys.setprofile(previous)
    return count


@pytest.fixture
def call_count() -> Callable[..., int]:
    """``count_calls`` as a fixture (test modules cannot import this conftest)."""
    return count_calls


@pytest.fixture
def work_meter() -> Callable[..., Work]:
    """``count_work`` as a fixture (test modules cannot import this conftest)."""
    return count_work


@contextmanager
def _importable(entry: Path, package: str) -> Iterator[None]:
    sys.path.insert(0, str(entry))
    meta_path = list(sys.meta_path)
    try:
        yield
    finally:
        sys.meta_path[:] = meta_path
        sys.path.remove(str(entry))
        sys.path_importer_cache.pop(str(entry), None)
        for name in [name for name in sys.modules if name.split(".")[0] == package]:
            del sys.modules[name]


@pytest.fixture
def importable() -> Callable[[Path, str], AbstractContextManager[None]]:
    """``with importable(entry, package):`` puts ``entry`` (a folder or an archive) on ``sys.path``
    for a throw-away ``package``; afterwards the path, any finder installed meanwhile and the
    package's modules are gone again."""
    return _importable
