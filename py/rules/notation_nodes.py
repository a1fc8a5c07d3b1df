"""Dice notation's syntax tree: what the parser (:mod:`rules.notation_parser`) builds and every
later stage (analysis, cost, exact odds, rolling) reads. Immutable; a node knows its position."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__: list[str] = []

_CMP: dict[str, Callable[[Any, Any], bool]] = {
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "even": lambda a, b: a % 2 == 0,
    "odd": lambda a, b: a % 2 != 0,
    "else": lambda a, b: True,  # df/sf after a success count: every die that is not a success
}


@dataclass(frozen=True)
class _Cond:
    """A compare point such as ``>=5`` on one die value (``even``/``odd`` ignore the value)."""

    op: str
    value: int

    def __call__(self, v: int, /) -> bool:
        return _CMP[self.op](v, self.value)

    def __str__(self) -> str:
        return self.op if self.op in ("even", "odd", "else") else f"{self.op}{self.value}"


def _any(conds: tuple[_Cond, ...], v: int, /) -> bool:
    """Whether ``v`` matches any of the compare points (a modifier written several times: r1r3)."""
    return any(c(v) for c in conds)


@dataclass(frozen=True)
class _Const:
    pos: int
    value: int | Fraction


@dataclass(frozen=True)
class _Dice:
    """One dice term: ``count`` dice of ``faces`` and its modifiers, applied in a fixed order:
    clamp (in ``faces``), reroll, explode, unique, keep/drop, count (success, failure), margin."""

    pos: int
    text: str
    count: int
    faces: tuple[int, ...]  # after min/max clamping, in face order
    reroll: tuple[_Cond, ...] = ()  # rerolled while any matches (until it stops; once with reroll_once)
    reroll_once: bool = False
    explode: _Cond | None = None
    compound: bool = False  # !!: the chain adds up to one die
    penetrate: bool = False  # !p: every extra throw counts one less
    explode_once: bool = False  # xo: only the first throw may explode
    explode_cap: int | None = None  # Foundry x5=10: at most this many explosions in the whole term
    unique: _Cond | None = None  # u: a value already rolled (and matching) is rolled again
    has_unique: bool = False
    unique_once: bool = False
    keep: tuple[tuple[str, int], ...] = ()  # ("kh"|"kl"|"dh"|"dl", n), every one applied
    success: _Cond | None = None  # the term counts dice instead of adding them
    failure: _Cond | None = None  # such a die counts -1 (f, df) or minus its value (sf)
    failure_value: bool = False  # sf: a failure subtracts its value
    margin: tuple[str, int] | None = None  # ms: ("+", M) total - M, ("-", M) M - total
    matches: tuple[int, _Cond | None] | None = None  # mt: count the values rolled at least N times
    show_matches: bool = False  # m: mark them only
    crit_success: tuple[_Cond, ...] = ()  # cs: marks only
    crit_failure: tuple[_Cond, ...] = ()  # cf: marks only
    sort: str = ""  # "a" or "d": the roll's dice are shown sorted
    # of the faces, found once: a die may have 10,000 of them, and the analysis asks often
    low: int = field(init=False, repr=False)
    high: int = field(init=False, repr=False)
    distinct: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "low", min(self.faces))
        object.__setattr__(self, "high", max(self.faces))
        object.__setattr__(self, "distinct", len(set(self.faces)))

    @property
    def counts(self) -> bool:
        """Whether the term's dice map to counts (successes, failures) rather than their values."""
        return self.success is not None

    def value_of(self, v: int, /) -> int:
        """What one kept die of value ``v`` adds to the term: its value, or 1 for a success,
        -1 (or minus its value) for a failure, 0 otherwise."""
        if self.success is not None and self.success(v):
            return 1
        if self.failure is not None and self.failure(v):
            return -v if self.failure_value else -1
        return 0 if self.success is not None else v

    @property
    def plain(self) -> bool:
        """No modifier at all beyond clamping (a named die's definition)."""
        return self == _Dice(self.pos, self.text, self.count, self.faces)


@dataclass(frozen=True)
class _RandomDice:
    """Dice whose number or sides are themselves rolled: ``(2d4)d8``, ``1d(1d20)``, ``[[2d6]]d5``.
    ``template`` carries the modifiers (and the faces when the sides are fixed)."""

    pos: int
    text: str
    count: _Node | None  # None: the template's count
    sides: _Node | None  # None: the template's faces
    template: _Dice


@dataclass(frozen=True)
class _Group:
    """A roll group ``{a, b, …}`` and its modifiers. With several expressions, keep/drop and success
    act on their totals; with one, keep/drop acts on its dice (``pool``: the dice terms of a sum,
    ``offset`` the numbers added) and success compares its total."""

    pos: int
    text: str
    items: tuple[_Node, ...]
    keep: tuple[tuple[str, int], ...] = ()
    success: _Cond | None = None
    failure: _Cond | None = None
    sort: str = ""
    crit_success: tuple[_Cond, ...] = ()
    crit_failure: tuple[_Cond, ...] = ()
    pool: tuple[_Dice, ...] = ()
    offset: int = 0

    def value_of(self, v: int, /) -> int:
        if self.success is not None and self.success(v):
            return 1
        if self.failure is not None and self.failure(v):
            return -1
        return 0 if self.success is not None else v


@dataclass(frozen=True)
class _Gauss:
    pos: int
    luck: int


@dataclass(frozen=True)
class _Neg:
    pos: int
    operand: _Node


@dataclass(frozen=True)
class _Chain:
    """``first (op operand)*`` for one precedence level of + -, * / % or ^ (left to right; a power
    chain has one step, right-associated by the parser)."""

    pos: int
    first: _Node
    rest: tuple[tuple[str, int, _Node], ...]


@dataclass(frozen=True)
class _Compare:
    pos: int
    op: str
    left: _Node
    right: _Node


@dataclass(frozen=True)
class _Call:
    pos: int
    name: str
    args: tuple[_Node, ...]


_Node = _Const | _Dice | _RandomDice | _Group | _Gauss | _Neg | _Chain | _Compare | _Call
