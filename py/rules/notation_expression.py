"""A parsed, checked notation line: the bounds and work estimate of its tree (analysis),
``Expression``, ``parse`` and named-die definitions. Re-exported by :mod:`rules.notation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rules.notation_analysis import _analyse
from rules.notation_nodes import _Dice, _Node
from rules.notation_parser import _Parser, name_definition
from rules.notation_tree import _FUNCTIONS, _LOWER, DEFAULT_LIMITS, Limits, Names, NotationError, Reading

__all__ = [
    "Expression",
    "parse",
    "definition",
]

# --------------------------------------------------------------------------- parsed expression


@dataclass(frozen=True)
class Expression:
    """A parsed, checked notation line: ``text``, optional ``label``, bounds and cost estimate.

    ``repeat`` is N for an array line ``Nx…`` (N independent rolls; bounds, dice and the
    distribution are those of their sum), 0 otherwise. ``readings`` says how symbols that the
    tools a line may come from read differently were read (``Reading``; the UI words them).
    ``formula`` is the line without a pasted chat command (``/roll``) and without its label.
    """

    text: str
    label: str | None
    minimum: int
    maximum: int
    dice_count: int
    work: int
    limits: Limits = field(repr=False)
    _root: _Node = field(repr=False)
    repeat: int = 0
    readings: tuple[Reading, ...] = ()
    formula: str = ""

    def check_work(self) -> None:
        """Raise NotationError if an exact distribution would exceed ``limits.max_work``."""
        if self.work > self.limits.max_work:
            raise NotationError("too_complex", 0, work=self.work, max=self.limits.max_work)


def parse(
    text: str, /, *, limits: Limits = DEFAULT_LIMITS, names: Mapping[str, Sequence[int]] | None = None
) -> Expression:
    """Parse and check one notation line; raise NotationError with a position on any problem.

    ``names`` maps named dice (``definition()``) to their faces: ``3fib``.

    >>> e = parse("4d6dl1 + 2")
    >>> (e.minimum, e.maximum, e.dice_count)
    (5, 20, 4)
    >>> parse("3d6 + foo").position
    Traceback (most recent call last):
    ...
    rules.notation.NotationError: at 6: unknown_name {'name': 'foo'}
    """
    if not isinstance(text, str):
        raise NotationError("not_a_string", 0, type=type(text).__name__)
    return _parse_cached(text, limits, _names(names, limits))


def _names(names: Mapping[str, Sequence[int]] | None, limits: Limits, /) -> Names:
    if not names:
        return ()
    if len(names) > limits.max_names:
        raise ValueError(f"at most {limits.max_names} named dice")
    out = []
    for name, faces in names.items():
        key = str(name).lower()
        found = name_definition(f"{key}=")
        if found is None or found[0] != key or _reserved(key):
            raise ValueError(f"not a die name: {name!r}")
        if not 1 <= len(faces) <= limits.max_sides or not all(type(f) is int for f in faces):
            raise ValueError(f"faces of {name!r}: 1 to {limits.max_sides} integers")
        out.append((key, tuple(faces)))
    return tuple(sorted(out))


def _reserved(name: str, /) -> bool:
    """Names a named die cannot take: functions, GaussD20, and words that read as dice (``d6``, ``df``)."""
    if name in _FUNCTIONS or name in ("gauss", "gaussd20", "d", "x"):
        return True
    return name[0] == "d" and (name[1] in "0123456789fc" or name.startswith("dgf"))


@lru_cache(maxsize=256)
def _parse_cached(text: str, limits: Limits, names: Names = (), /) -> Expression:
    if len(text) > limits.max_length:
        raise NotationError("too_long", limits.max_length, max=limits.max_length)
    if "\n" in text or "\r" in text:
        raise NotationError("one_line", min(i for i in (text.find("\n"), text.find("\r")) if i >= 0))
    parser = _Parser(text, limits, names)
    parser.prefix()
    rest = text[parser.pos :].strip()
    if not rest or rest.startswith("#") or rest.startswith("//"):
        raise NotationError("empty", 0)
    repeat = parser.array_count()
    root, label = parser.line()
    info = _analyse(root, limits)
    if not info.integral:
        raise NotationError("needs_rounding", info.div_pos if info.div_pos is not None else 0)
    n = max(1, repeat)
    if info.dice * n > limits.max_total_dice:
        raise NotationError("too_many_dice_total", 0, max=limits.max_total_dice)
    work = info.work
    if repeat:
        # the sum (n dice of ``support`` outcomes) and the n sorted positions (n² passes over them)
        work += n * n * info.support * info.support // 2 + n * n * info.support
    lo, hi = int(info.lo) * n, int(info.hi) * n
    readings = tuple(parser.readings)
    formula = text[parser.start : parser.end].strip()
    return Expression(text, label, lo, hi, info.dice * n, work, limits, root, repeat, readings, formula)


def definition(
    text: str, /, *, limits: Limits = DEFAULT_LIMITS, names: Mapping[str, Sequence[int]] | None = None
) -> tuple[str, tuple[int, ...]] | None:
    """A named-die line ``name = die`` as (lower-case name, faces); None for any other line.

    The die is one die of any sides: ``d6``, ``dF``, ``d{1,1,2,3,5,8}``, ``d{-2..2}``, with
    ``min``/``max``, or a die named before. ``d6 = 3`` is not a definition (a comparison).

    >>> definition("fib = d{1,1,2,3,5,8}")
    ('fib', (1, 1, 2, 3, 5, 8))
    >>> definition("2d6 >= 7") is None, definition("d6 = 3") is None
    (True, True)
    >>> definition("fib = 2d6")
    Traceback (most recent call last):
    ...
    rules.notation.NotationError: at 6: bad_definition {}
    """
    if not isinstance(text, str):
        raise NotationError("not_a_string", 0, type=type(text).__name__)
    match = name_definition(text.translate(_LOWER))
    if match is None or (_reserved(match[0]) and match[0] not in (*_FUNCTIONS, "x")):
        return None
    name, start, end = match
    if name in _FUNCTIONS or name == "x":
        raise NotationError("reserved_name", start, name=name)
    if len(text) > limits.max_length:
        raise NotationError("too_long", limits.max_length, max=limits.max_length)
    parser = _Parser(text, limits, _names(names, limits))
    parser.pos = end
    parser.skip()
    at = parser.pos
    node, label = parser.line()
    if not isinstance(node, _Dice) or node.count != 1 or not node.plain:
        raise NotationError("bad_definition", at)
    del label  # a comment after the die is allowed
    return name, node.faces


def _as_expression(
    expression: str | Expression, limits: Limits, names: Mapping[str, Sequence[int]] | None = None, /
) -> Expression:
    return expression if isinstance(expression, Expression) else parse(expression, limits=limits, names=names)
