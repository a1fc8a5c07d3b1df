"""The page's end of the compute worker (static/compute-client.js) and of the program runner
(static/program-runner.js): requests, progress, Cancel.

kit.browser hands a ``Compute`` effect here; the answer comes back as a plain dict
(``{"ok", "result" | "error"}``). Where no worker can run (an old browser, the saved file opened
from disk), the same job runs on the main thread (``kit.compute.run_inline_json``: refused over its
declared bound), or, for a sliced job (the converter), in slices of ``SLICE_MS`` that hand the page
back in between (``kit.compute.Slices``): the progress line moves, Cancel and a newer request stop it.
An ``isolated`` job (a user's program) goes to the sandboxed runner only, and its answer is
untrusted text the page never reads: it comes back ``Sealed`` (its length and the JavaScript
object holding it), and a panel passes it on, as an argument of a job of the compute worker, which
reads it there (static/compute-client.js takes it as it takes a text area's text). So a program's
answer is never copied into the page's Python, parsed or checked on the main thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import window

from kit import compute
from kit.browser_dom import LONG_TEXT, field_holding, url_params
from kit.compute import failure

__all__ = ["BUDGET_S", "MEMORY_MB", "Sealed", "available", "budget_s", "cancel", "request", "warm"]

BUDGET_S = 60.0  # a computation still running after this is stopped (Cancel stops it any time)
MEMORY_MB = 768  # static/compute-worker.mjs: MEMORY_BUDGET
SLICE_MS = 25  # a sliced job on the main thread runs this long, then hands the page back

# The sliced job running on the main thread, with its answer callback (at most one, as in the worker).
_slicing: list[tuple[compute.Slices, Callable[[dict[str, Any]], None]]] = []


@dataclass(frozen=True)
class Sealed:
    """The program runner's answer, unread: ``length`` bytes of UTF-8 in ``handle.value`` (an
    ArrayBuffer, static/program-runner.js). Handed to the compute worker as a job's argument."""

    length: int
    handle: Any


def budget_s() -> float:
    """The time budget; ``?budget=S`` from a link may only lower it (to 0.5 s at least): a link
    someone sent never lets a computation or a program run longer than ``BUDGET_S``."""
    return compute.budget_from(url_params().get("budget"), BUDGET_S)


def available() -> bool:
    client = getattr(window, "gmCompute", None)
    return bool(client is not None and client.available())


def warm() -> None:
    """Start the worker in the background (after the page is ready)."""
    if available():
        window.gmCompute.warm()


def _runner_available() -> bool:
    runner = getattr(window, "gmRunner", None)
    return bool(runner is not None and runner.available())


def _later(answer: Callable[[], dict[str, Any]], on_answer: Callable[[dict[str, Any]], None]) -> None:
    window.setTimeout(create_once_callable(lambda: on_answer(answer())), 0)


def _from_runner(answer: Any) -> dict[str, Any]:
    """The runner's promise's value: ``{code}`` when it did not answer (its budget, Cancel, an
    answer over its size or a flood of messages: static/program-runner.js), else the answer sealed."""
    code = getattr(answer, "code", None)
    if code:
        return failure(str(code))
    return {"ok": True, "result": Sealed(int(answer.length), answer)}


def _unsealed(sealed: Sealed) -> str:
    return sealed.handle.value.to_bytes().decode("utf-8", "replace")


def request(
    job: str,
    args: dict[str, Any],
    on_answer: Callable[[dict[str, Any]], None],
    *,
    isolated: bool = False,
    journal: Mapping[str, str] | None = None,
    download: tuple[str, str] | None = None,
) -> None:
    """Run ``job``; ``on_answer`` gets the answer dict (in the worker, else here and now; an
    isolated job in the program runner, else never). ``journal``: the worker puts the entries this
    selection keeps into the job's arguments (``entries``), reading them from the journal's store
    itself; ``download``: (name, type) the worker hands the text result over as a file, offered
    by static/compute-client.js (``kit.panel.Compute``)."""
    has_gm_text = getattr(window, "gmText", None) is not None  # static/prefs.js
    fields = _read_from_fields(args) if not isolated and available() and has_gm_text else {}
    sealed = {key: value for key, value in args.items() if isinstance(value, Sealed)}
    if not available() or not has_gm_text:  # read here after all (no worker to read it)
        args = {key: _unsealed(value) if key in sealed else value for key, value in args.items()}
    else:
        fields.update({key: value.handle for key, value in sealed.items()})  # read in the worker
    args = {key: value for key, value in args.items() if key not in fields}
    arguments = json.dumps(compute.encode(args), ensure_ascii=False)  # Cyrillic stays one character
    if isolated:
        if not _runner_available():
            _later(lambda: failure(compute.NEEDS_ISOLATION), on_answer)
            return
        promise = window.gmRunner.request(job, arguments, budget_s() * 1000)
        promise.then(create_once_callable(lambda answer: on_answer(_from_runner(answer))))
        return
    if not available():
        _end_slices("superseded")  # a newer request takes over, as in the worker
        slices = compute.sliced(job, compute.decode(json.loads(arguments)))
        if slices is not None:
            _in_slices(slices, on_answer)
            return
        # Answered on the next task, as the worker would: the action that asked has finished by
        # then, so what the answer says (an error, a refusal) is not overwritten by that action.
        _later(lambda: _inline(job, args), on_answer)
        return
    if not has_gm_text and journal is None and download is None:
        promise = window.gmCompute.request(job, arguments, budget_s() * 1000)
        promise.then(create_once_callable(lambda answer: on_answer(json.loads(str(answer)))))
        return
    # Both ways as UTF-8 bytes (the worker decodes a long request, and ``requestBytes``'s answer
    # comes encoded there): a 1 MB paste and its answer cross as a memory copy, not one character
    # at a time (several hundred milliseconds of the page's main thread, measured with the
    # converter). A long text read from a field goes from the field itself (``_read_from_fields``).
    payload = to_js(arguments.encode("utf-8")) if len(arguments) > LONG_TEXT else arguments
    from_fields = to_js(fields, dict_converter=window.Object.fromEntries) if fields else None
    extra = {"journal": dict(journal) if journal is not None else None, "download": download}
    more = json.dumps(extra, ensure_ascii=False) if journal is not None or download is not None else None
    promise = window.gmCompute.requestBytes(job, payload, budget_s() * 1000, from_fields, more)
    promise.then(create_once_callable(lambda answer: on_answer(json.loads(answer.to_bytes()))))


def _read_from_fields(args: dict[str, Any]) -> dict[str, Any]:
    """The arguments that are long texts the action read from text areas in this task, with their
    fields: compute-client.js reads each from its field and the worker puts it into the arguments,
    so a pasted megabyte is neither turned into JSON nor copied out of Python on the main thread
    (~13 ms of a converter click)."""
    return {
        key: field
        for key, value in args.items()
        if isinstance(value, str) and (field := field_holding(value)) is not None
    }


def _inline(job: str, args: dict[str, Any]) -> dict[str, Any]:
    return json.loads(compute.run_inline_json(job, json.dumps(compute.encode(args), ensure_ascii=False)))


def _in_slices(slices: compute.Slices, on_answer: Callable[[dict[str, Any]], None]) -> None:
    """Run ``slices`` a slice per task, from the next task on (as ``_later``), until it answers."""
    _slicing.append((slices, on_answer))

    def tick() -> None:
        if not _slicing or _slicing[0][0] is not slices:
            return  # cancelled or superseded: answered already
        answer = slices.step(window.performance.now, SLICE_MS)
        if answer is None:
            window.setTimeout(create_once_callable(tick), 0)
            return
        _slicing.clear()
        _later(lambda: answer, on_answer)  # shown in a task of its own, not after the last slice

    window.setTimeout(create_once_callable(tick), 0)


def _end_slices(code: str) -> None:
    """Stop the sliced job under way here, if any; its request ends with ``code``."""
    if _slicing:
        slices, on_answer = _slicing.pop()
        slices.close()
        _later(lambda: failure(code), on_answer)  # as the worker's, after the action that ended it


def cancel() -> None:
    _end_slices("cancelled")
    if available():
        window.gmCompute.cancel()
    if _runner_available():
        window.gmRunner.cancel()
