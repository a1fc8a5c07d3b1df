"""Program mode of the dice lab: a user's icepool program, run in the sandboxed program runner only.

The program is Python with icepool (``output(d20 + 5, "атака")``, functions, loops). Its
``output(die, label)`` calls become series of the lab, next to its lines. The job
``notation.program`` runs it only where ``kit.compute.ISOLATED`` is set: the program runner, a
Pyodide worker inside an ``<iframe sandbox="allow-scripts">`` whose opaque origin the browser
enforces (no storage, caches, service worker or DOM of the site) and whose CSP allows no request
(static/program-runner.js, docs/compute.md). That origin boundary is the security boundary.

Inside, a program also gets restricted builtins (no ``open``, ``eval``, ``exec``, ``getattr``…),
an import hook that allows only ``icepool`` and a few pure standard modules (``ALLOWED``), and a
syntax check that refuses attributes starting with ``_`` and names starting with ``__``. These are
early, friendly errors with the line number for honest programs, **not** a boundary: any allowed
module that holds a reference to a real one opens the real builtins again (the e2e test
tests/e2e/test_program_isolation.py takes four such roads and shows that they reach nothing).

>>> [(label, dist.get(8)) for label, dist in run('output(d4 + 4, "атака")\\noutput(3)')]
[('атака', Fraction(1, 4)), ('', None)]
>>> run("import js")
Traceback (most recent call last):
...
panels.notation.program.ProgramError: denied line=1 name='js'
"""

from __future__ import annotations

import ast
import builtins
import traceback
from fractions import Fraction
from typing import Any

__all__ = [
    "ALLOWED",
    "EXAMPLES",
    "MAX_OUTCOMES",
    "MAX_OUTPUTS",
    "MAX_PROGRAM",
    "ProgramError",
    "check",
    "run",
]

MAX_PROGRAM = 20_000  # characters
MAX_OUTPUTS = 12  # as many series as the lab draws
MAX_OUTCOMES = 20_000  # outcomes of one output
ALLOWED = frozenset(
    {
        "icepool",
        "math",
        "fractions",
        "itertools",
        "functools",
        "collections",
        "operator",
        "statistics",
        "random",
        "dataclasses",
        "typing",
        "enum",
        "string",
        "re",
        "decimal",
        "numbers",
    }
)
DENIED_BUILTINS = frozenset(
    {
        "open",
        "eval",
        "exec",
        "compile",
        "input",
        "getattr",
        "setattr",
        "delattr",
        "globals",
        "locals",
        "vars",
        "breakpoint",
        "help",
        "exit",
        "quit",
        "memoryview",
        "copyright",
        "credits",
        "license",
    }
)
FILENAME = "<program>"


class ProgramError(Exception):
    """Why a program was refused or failed: ``code`` (syntax, denied, runtime, output, outcomes,
    too_many_outputs, too_many_outcomes, too_long), the ``line`` (1-based, 0 if none) and params."""

    def __init__(self, code: str, line: int = 0, /, **params: Any) -> None:
        details = " ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code} line={line}" + (f" {details}" if details else ""))
        self.code, self.line, self.params = code, line, params


def check(source: str, /) -> ast.Module:
    """Parse ``source``; refuse imports outside ``ALLOWED``, attributes starting with ``_`` and names
    starting with ``__``."""
    if len(source) > MAX_PROGRAM:
        raise ProgramError("too_long", 0, max=MAX_PROGRAM)
    try:
        tree = ast.parse(source, FILENAME)
    except SyntaxError as error:
        raise ProgramError("syntax", error.lineno or 0, message=str(error.msg)) from None
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            raise ProgramError("denied", line, name=node.attr)
        if isinstance(node, ast.Name) and node.id.startswith("__"):
            raise ProgramError("denied", line, name=node.id)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in ALLOWED:
                    raise ProgramError("denied", line, name=alias.name)
        if isinstance(node, ast.ImportFrom) and (
            node.level or (node.module or "").split(".")[0] not in ALLOWED
        ):
            raise ProgramError("denied", line, name=node.module or ".")
    return tree


def _import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
    if level or name.split(".")[0] not in ALLOWED:
        raise ImportError(f"import of {name!r} is not allowed in a lab program")
    return __import__(name, globals, locals, fromlist, level)


def _builtins() -> dict[str, Any]:
    allowed = {k: v for k, v in vars(builtins).items() if not k.startswith("_") and k not in DENIED_BUILTINS}
    allowed["__import__"] = _import
    allowed["__build_class__"] = builtins.__build_class__  # class statements
    allowed["print"] = lambda *args, **kwargs: None
    return allowed


def _distribution(value: Any, label: str, icepool: Any) -> dict[int, Fraction]:
    if isinstance(value, bool | int):
        return {int(value): Fraction(1)}
    if not isinstance(value, icepool.Die):  # a pool: .sum() it first
        raise ProgramError("output", 0, kind=type(value).__name__)
    if len(value) > MAX_OUTCOMES:
        raise ProgramError("too_many_outcomes", 0, label=label, max=MAX_OUTCOMES)
    den = value.denominator()
    out = {}
    for outcome, weight in value.items():
        if isinstance(outcome, bool):
            outcome = int(outcome)
        if not isinstance(outcome, int):
            raise ProgramError("outcomes", 0, label=label, kind=type(outcome).__name__)
        if weight:
            out[outcome] = Fraction(weight, den)
    return out


def _line_of(error: BaseException) -> int:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == FILENAME]
    return frames[-1].lineno or 0 if frames else 0


def run(source: str, /) -> list[tuple[str, dict[int, Fraction]]]:
    """Run the program; its outputs as (label, distribution), in order (label "" when not given)."""
    import icepool

    code = compile(check(source), FILENAME, "exec")
    outputs: list[tuple[str, dict[int, Fraction]]] = []

    def output(value: Any, label: Any = None) -> None:
        if len(outputs) >= MAX_OUTPUTS:
            raise ProgramError("too_many_outputs", 0, max=MAX_OUTPUTS)
        name = "" if label is None else str(label)[:100]
        outputs.append((name, _distribution(value, name, icepool)))

    namespace: dict[str, Any] = {"__builtins__": _builtins(), "__name__": "program", "icepool": icepool}
    namespace.update({name: getattr(icepool, name) for name in _ICEPOOL_NAMES if hasattr(icepool, name)})
    namespace["output"] = output
    try:
        exec(code, namespace)  # safe: only in the sandboxed runner (kit.compute.ISOLATED), see jobs.py
    except ProgramError as error:
        if not error.line:
            error.line = _line_of(error)
        raise
    except MemoryError:
        raise
    except Exception as error:
        message = str(error).splitlines()[0][:300] if str(error) else ""
        raise ProgramError("runtime", _line_of(error), kind=type(error).__name__, message=message) from None
    return outputs


_ICEPOOL_NAMES = (
    "d",
    "z",
    "Die",
    "Pool",
    "Deck",
    "Again",
    "Reroll",
    "map",
    "map_function",
    "highest",
    "lowest",
    "middle",
    "max_outcome",
    "min_outcome",
    "coin",
    "one_hot",
    "tupleize",
    "vectorize",
    "pointwise_max",
    "pointwise_min",
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d20",
    "d100",
)

EXAMPLES: dict[str, str] = {
    "gauss": """# GaussD20 (seed 000): round(3d20 / 3), then luck − 5, kept within 1..20
def gauss20(luck):
    base = (3 @ d20).map(lambda total: (total + 1) // 3)  # a third is never a half
    return base.map(lambda v: min(20, max(1, v + luck - 5)))

for luck in (3, 5, 7):
    output(gauss20(luck), f"GaussD20, luck {luck}")
output(d20, "d20")
""",
    "explode": """# AnyDice's classic: a d6 that explodes on 6, at most 3 times
def exploding(die, times):
    top = max(die.outcomes())

    def again(rest):  # on the top face: add another roll of what follows
        return lambda v: v + rest if v == top else v

    result = die
    for _ in range(times):
        result = die.map(again(result))
    return result

output(exploding(d6, 3), "d6, explodes up to 3 times")
output(d6, "d6")
""",
    "stats": """# Six stats of 4d6, drop the lowest: the best and the worst of the six
stat = d6.pool(4).highest(3).sum()
output(stat, "4d6kh3")
output(stat.pool(6).highest(1).sum(), "best of 6")
output(stat.pool(6).lowest(1).sum(), "worst of 6")
""",
}
