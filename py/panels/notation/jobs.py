"""The dice panel's heavy computations, run in the compute worker (``kit.compute``).

Where a computation runs is decided here, by cost, in one place: ``line_steps`` and
``lab_steps`` bound the work of a line and of a lab before anything runs
(``rules.notation_cost``), and ``kit.compute.light`` says whether that fits in a frame on the
page. Everything else goes to the worker, where the old a-priori work limit gives way to the
worker's time and memory budget: only the certainly hopeless is refused before computing. Where
no worker runs, the same bounds refuse what would freeze the page (``kit.compute.run_inline_json``).
The worker answers with a digest (``panels.notation.digest``): what the page shows, not the whole
distribution. A request also carries the (line, total) of the rolls journalled before their odds
were known (``panels.notation.late``, ``rolled``); the answer adds what each keeps (``rolled``),
and ``notation.rolled`` asks for those alone.

>>> from panels.notation.digest import from_json
>>> from panels.notation.jobs import digest
>>> from_json(digest(line="2d6", hit=12, view="ge", show_all=False)).where[0]
Fraction(1, 36)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from kit import bounded_json, compute
from kit.compute import JobError, job
from panels.notation import lab_answer, lab_digest, late, program
from panels.notation.digest import Key, make, to_json
from panels.notation.words import csv_text
from rules import notation, notation_cost

__all__ = [
    "WORKER_LIMITS",
    "csv",
    "digest",
    "is_light",
    "is_light_lab",
    "lab",
    "lab_steps",
    "line_steps",
    "parse_is_light",
    "parse_steps",
    "reply_steps",
    "rolled_odds",
    "rolled_steps",
    "run_program",
]

WORKER_LIMITS = replace(notation.DEFAULT_LIMITS, max_work=10**12)  # the worker's budget decides


def line_steps(line: str, *_: object, **__: object) -> int:
    """A bound of the work of ``line``'s odds (its digest or CSV), before computing them; raises
    ``NotationError`` for a line that does not parse."""
    return notation_cost.steps(notation.parse(line))  # the page's parse, cached


def is_light(line: str) -> bool:
    """Whether ``line`` (which parses) is cheap enough to compute on the page; a line too heavy
    even to parse there (``parse_is_light``: a saved line restored at mount, in idle time) is
    not parsed to find out.

    >>> is_light("4d6kh3"), is_light("+".join(["d10000>=5000"] * 38)), is_light("200d6")
    (True, False, False)
    """
    return parse_is_light((line,)) and compute.light(line_steps(line))


def _line_job_steps(line: str, *_: object, **__: object) -> int:
    """The parse's bound, and once that is light the line's: where no worker runs, a line too
    heavy to parse on the page is refused without being parsed."""
    parsing = parse_steps((line,))
    return parsing if parsing > compute.MAIN_THREAD_STEPS else parsing + line_steps(line)


_NUMBER = re.compile(r"\d+")
_BRACES = re.compile(r"\{[^}]*\}?")
_MAY_DEFINE = re.compile(r"(?<![<>!=])=(?!=)")  # a lone "=": perhaps ``name = die``
PARSE_PER_CHAR = 60  # the parser's calls per character, with room (measured: 12-39)
PARSE_PER_FACE = 10  # a face built, then clamped, checked by a reroll or explosion, or by a name


def _largest(texts: Sequence[str]) -> int:
    numbers = [m.group() for text in texts for m in _NUMBER.finditer(text)]
    return max((int(n) if len(n) <= 6 else 10**6 for n in numbers), default=0)


def parse_steps(rows: Sequence[str]) -> int:
    """A bound of the work of parsing ``rows`` (a lab's, or one line) from their text alone,
    before anything is parsed: parsing builds every face of every die (``d10000`` holds 10,000),
    so a lab of long lines of wide dice takes hundreds of milliseconds to parse on the page,
    before its own bound (``lab_steps``) can be asked. A die has a letter of its own (``d``, or a
    name) and is never wider than ``max_sides``, nor than 100 (``d%``), the largest number
    written, or (with faces listed in braces) every number in braces counted as a range as wide as
    twice the largest of them; each row's parse checks the faces of every die a row may name.

    >>> parse_steps(("4d6kh3", "3d6")) < 30_000 < 3_000_000 < parse_steps(("+".join(["d10000>=5000"] * 38),))
    True
    """
    texts = [row.split("#")[0] for row in rows if row.strip()]  # a comment is a label
    largest = _largest(texts)
    braces = [inside for text in texts for inside in _BRACES.findall(text)]
    listed = sum(len(_NUMBER.findall(inside)) for inside in braces) * (2 * _largest(braces) + 1)
    width = min(notation.DEFAULT_LIMITS.max_sides, max(100, largest, listed))
    names = sum(1 for text in texts if _MAY_DEFINE.search(text))
    total = 0
    for text in texts:
        dice = sum(ch.isalpha() for ch in text)
        total += PARSE_PER_CHAR * len(text) + PARSE_PER_FACE * (dice + names) * width
    return total


def parse_is_light(rows: Sequence[str]) -> bool:
    """Whether ``rows`` may be parsed on the page at once (their bound asked, their errors shown
    where they are): else they go to the worker unparsed, as they are.

    >>> parse_is_light(("4d6kh3", "3d6", "d20+5", "d%")), parse_is_light(("+".join(["d10000>=5000"] * 38),))
    (True, False)
    """
    return compute.light(parse_steps(rows))


def lab_steps(rows: Sequence[str]) -> int:
    """A bound of the work of the lab's digest of ``rows`` (which ``prepare`` accepted): each
    line's distribution, an array's positions, the summaries and the pairwise odds."""
    prepared = lab_digest.prepare(tuple(rows[: lab_digest.MAX_ROWS]))
    names = dict(prepared.names)
    total, supports = notation_cost.BASE, []
    for _, line in prepared.lines:
        expr = notation.parse(line, names=names)
        total += notation_cost.steps(expr)
        if expr.repeat:
            total += notation_cost.array_steps(expr, expr.repeat)
            supports += [notation_cost.outcomes(replace(expr, repeat=0))] * expr.repeat
        supports.append(notation_cost.outcomes(expr))
    series = supports[: lab_digest.MAX_SERIES]
    values = min(lab_digest.MAX_VALUES, sum(series))
    summaries = notation_cost.SUMMARY * sum(series)
    cells = 40 * values * sum(series)  # P(≥) and P(≤) of every value shown, each a sum over a series
    pairs = 60 * sum(a + b for a in series for b in series)  # every ordered pair compared, exactly
    return total + summaries + cells + pairs


def is_light_lab(rows: Sequence[str]) -> bool:
    """Whether the lab's rows (which ``prepare`` accepted) are cheap enough to compute on the page.

    >>> is_light_lab(("4d6kh3", "3d6")), is_light_lab(("4d6kh3", "+".join(["d10000>=5000"] * 38)))
    (True, False)
    """
    return compute.light(lab_steps(rows))


def _summary(line: str) -> notation.Summary:
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    try:
        return notation.summary(line, limits=limits)
    except notation.NotationError as error:
        raise JobError(error.code, position=error.position, **error.params) from None


def _rolled_lines(rolled: Any) -> list[str]:
    """The distinct lines of ``rolled`` ([[line, total], …], at most ``late.MAX_WAITING``)."""
    if rolled is None:
        return []
    if not isinstance(rolled, list) or len(rolled) > late.MAX_WAITING:
        raise ValueError(f"at most {late.MAX_WAITING} rolls")
    if not all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and type(r[1]) is int for r in rolled
    ):
        raise ValueError("a roll is [line, total]")
    return list(dict.fromkeys(r[0] for r in rolled))


def rolled_steps(rolled: Any, line: str | None = None, *_: object, **__: object) -> int:
    """A bound of the work of what ``rolled`` keeps (each distinct line's distribution, ``line``'s
    counted with it); a line that does not parse counts nothing (it is answered ``None``)."""
    total = 0
    for other in _rolled_lines(rolled):
        if other != line:
            try:
                total += line_steps(other)
            except notation.NotationError:
                continue
    return total


def _digest_steps(line: str, hit: int | None, view: str, show_all: bool, rolled: Any = None) -> int:
    return _line_job_steps(line) + rolled_steps(rolled, line)


def _rolled_answer(rolled: list[list[Any]] | None) -> list[Any]:
    """What each roll of ``rolled`` keeps (``late.found_in``: P(= total), P(≤ total), the odds of
    every total of a line of at most ``kit.roll.MAX_ODDS``), or ``None`` where the line's
    distribution is refused or the total is not one of it."""
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    answers: list[Any] = []
    for line, total in rolled or []:
        try:
            outcomes = sorted(notation.distribution(line, limits=limits).items())
        except notation.NotationError:
            answers.append(None)
            continue
        found = late.found_in(outcomes, total)
        answers.append(None if found is None else [found[0], found[1], [list(pair) for pair in found[2]]])
    return answers


@job("notation.digest", steps=_digest_steps)
def digest(line: str, hit: int | None, view: str, show_all: bool, rolled: Any = None) -> dict[str, Any]:
    """What the panel shows of ``line``'s exact distribution (see ``panels.notation.digest``);
    with ``rolled`` ([[line, total], …] of rolls waiting for their odds), what each keeps, in
    order, under ``"rolled"`` (``_rolled_answer``)."""
    try:
        _rolled_lines(rolled)
    except ValueError as error:
        raise JobError("bad_rows", reason=str(error)) from None
    answer = to_json(make(_summary(line), Key(line, hit, view, show_all)))
    if rolled:
        answer["rolled"] = _rolled_answer(rolled)
    return answer


@job("notation.rolled", steps=rolled_steps)
def rolled_odds(rolled: Any) -> dict[str, Any]:
    """What each of ``rolled`` keeps, as ``digest``'s ``"rolled"`` (rolls waiting for their odds
    while the line shown needs no worker)."""
    try:
        _rolled_lines(rolled)
    except ValueError as error:
        raise JobError("bad_rows", reason=str(error)) from None
    return {"rolled": _rolled_answer(rolled)}


@job("notation.csv", steps=_line_job_steps)
def csv(line: str) -> str:
    """The whole table of ``line`` as CSV."""
    return csv_text(_summary(line).table())


def reply_steps(length: int, /) -> int:
    """A bound of the work a program's answer of ``length`` characters adds to the lab: reading
    and checking it, and its outputs as series (their summaries, cells and pairs with every other
    series). Each outcome takes at least four characters of the answer."""
    outcomes = length // 4
    per_outcome = 30 + notation_cost.SUMMARY + 40 * lab_digest.MAX_VALUES + 120 * lab_digest.MAX_SERIES
    return 10 * length // bounded_json.PIECE + per_outcome * outcomes


def _lab_job_steps(rows: list[str], reply: str | None = None) -> int:
    """The parse's bound, and once that is light the lab's, with the program's answer if any: rows
    too heavy to parse on the page are refused there without being parsed (where no worker runs)."""
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ValueError("bad rows")
    parsing = parse_steps(rows) + (reply_steps(len(reply)) if isinstance(reply, str) else 0)
    return parsing if parsing > compute.MAIN_THREAD_STEPS else parsing + lab_steps(rows)


@job("notation.lab", steps=_lab_job_steps)
def lab(rows: list[str], reply: str | None = None) -> dict[str, Any]:
    """The dice lab's results for ``rows`` (see ``panels.notation.lab_digest``), and for the
    outputs of a program when ``reply`` is the program runner's answer (untrusted text, read by
    ``lab_answer.from_reply``): every figure, the rows' and the outputs', is computed here. Rows
    sent unparsed (a saved lab too heavy to parse on the page) may hold a refused one:
    ``JobError`` with the notation error's code, its ``row`` and ``position``."""
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise JobError("bad_rows")
    outputs = lab_answer.from_reply(reply) if reply is not None else ()
    limits = WORKER_LIMITS if compute.IN_WORKER else notation.DEFAULT_LIMITS
    lines = tuple(rows[: lab_digest.MAX_ROWS])
    fault = lab_digest.prepare(lines, limits).fault
    if fault is not None:
        row, error = fault
        raise JobError(error.code, row=row, position=error.position, **error.params)
    return lab_digest.to_json(lab_digest.make(lines, limits, outputs))


@job("notation.program")
def run_program(source: str) -> dict[str, Any]:
    """A program's outputs (``panels.notation.program``) as data (``lab_answer.outputs_to_json``):
    in the sandboxed program runner only (``kit.compute.ISOLATED``), never in the page or our
    compute worker. The runner sees no row of the lab and computes none of its figures."""
    if not compute.ISOLATED:
        raise JobError(compute.NEEDS_ISOLATION)
    if not isinstance(source, str):
        raise JobError("bad_rows")
    try:
        outputs = program.run(source)
    except program.ProgramError as error:
        raise JobError("program_error", problem=error.code, line=error.line, **error.params) from None
    data = lab_answer.outputs_to_json(outputs)
    size = lab_answer.reply_size(data)
    if size > lab_answer.MAX_REPLY:
        raise JobError("program_error", problem="too_large", line=0, size=size, max=lab_answer.MAX_REPLY)
    return {"outputs": data}
