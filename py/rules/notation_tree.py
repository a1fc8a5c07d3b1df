"""Dice notation's building blocks: the error codes, the limits, rounding, the readings a line was
given where the tools it comes from disagree, and the spelling tables the parser reads (see
:mod:`rules.notation`, whose names these are; the syntax tree is :mod:`rules.notation_nodes`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "ERROR_CODES",
    "READING_CODES",
    "NotationError",
    "Limits",
    "DEFAULT_LIMITS",
    "Reading",
    "round_half_away",
]

Number = int | Fraction


# Every ``NotationError.code``; the UI words each one (``panels.notation.text``).  The parameters
# each code carries are listed with it.
ERROR_CODES: tuple[str, ...] = (
    "not_a_string",  # type: the name of the type given
    "too_long",  # max: the length limit
    "one_line",
    "empty",
    "expected_operand",  # the line ends where a number, a die, a function or '(' should be
    "unexpected_char",  # char: found where a number, a die, a function or '(' should be
    "trailing_char",  # char: left over after a whole expression
    "unbalanced_paren",
    "expected_token",  # token: the character that should follow
    "expected_number",
    "expected_luck",  # low, high
    "expected_face_separator",
    "call_needs_paren",  # name: the function
    "expected_sides",  # a 'd' with no sides after it (``d-1``, ``3d``)
    "too_deep",  # max: the nesting limit
    "number_too_large",  # max: the largest literal (or value a power may reach)
    "one_comparison",
    "unknown_name",  # name: as written
    "luck_range",  # low, high
    "wrong_arity",  # name, low, high: arguments allowed, got: arguments given
    "dice_count_zero",  # a computed number of dice that can fall below 0
    "too_many_dice",  # max: dice in one term
    "too_many_dice_total",  # max: dice in the whole line
    "keep_zero",  # word: kh, kl, dh or dl
    "modifier_twice",  # kind: min, max, explode, reroll, unique, success, sort, margin, matches
    "face_too_large",  # max: the largest face magnitude
    "too_many_faces",  # max: faces in a {…} list
    "no_sides",
    "too_many_sides",  # max
    "min_above_max",
    "reroll_all",
    "explode_all",
    "divisor_zero",
    "needs_rounding",
    "too_complex",  # work: estimated, max: the work limit
    "range_reversed",  # low, high: a face range ``{low..high}`` with low > high
    "array_count",  # low, high: an array ``Nx…`` needs low <= N <= high
    "bad_definition",  # a named die must be one die: ``fib = d{1,1,2,3,5,8}``
    "reserved_name",  # name: a name that is a function, GaussD20 or reads as a die
    "keep_too_wide",  # max: distinct values a keep/drop pool may have (icepool recurses per value)
    "unknown_modifier",  # text: the letters glued to a die; instead: the form we take for them, or ""
    "expected_compare",  # word: a modifier that needs a compare point (``ms>10``, ``f<3``)
    "not_supported",  # form: a key (see FORMS), text: as written; the UI words a suggestion per form
    "too_many_items",  # max: expressions in one roll group {a, b, …}
    "too_many_conditions",  # max: compare points (r1r3…, cs…, cf…) or keep/drop modifiers on one term
)

# ``not_supported``'s forms: what other tools write that this notation does not take, each worded
# with the nearest form it does take (``panels.notation.text``).
FORMS: tuple[str, ...] = (
    "attribute",  # Foundry @data.path, Roll20 @{attribute}: a character's value
    "query",  # Roll20 ?{prompt|default}
    "roll_option",  # Roll20 &{tracker}, &{template:…}
    "irrational",  # sqrt, exp, log, sin, cos, tan: not a whole number
    "two_explosions",  # two explosion modifiers on one term (Foundry 5d10xo<8x10)
    "reroll_cap",  # Foundry r2=1: at most N rerolls in the term
    "group_keep",  # a keep/drop over the dice of one {…} that is not a sum of dice
    "combination",  # two modifiers that do not combine (a, b: the modifiers)
    "failure_alone",  # f<3 with no success compare point before it
    "random_sides",  # modifiers on a die whose sides are rolled (1d(1d20)!)
    "roll_table",  # Roll20 1t[weather]: a roll on a table the product does not have
    "die_letter",  # 3д6, k20: another letter where a die's goes (ru, en: the dice spelled with к and d)
)


class NotationError(ValueError):
    """A notation that cannot be parsed, or is refused by a limit.

    ``code`` is one of :data:`ERROR_CODES`, ``position`` a 0-based index into the line and
    ``params`` the numbers and strings the code refers to.  ``str()`` is for developers; the
    UI words the error from ``code`` and ``params``.

    >>> e = NotationError("too_many_dice", 3, max=500)
    >>> e.code, e.position, e.params, str(e)
    ('too_many_dice', 3, {'max': 500}, "at 3: too_many_dice {'max': 500}")
    """

    def __init__(self, code: str, position: int, /, **params: object) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown notation error code {code!r}")
        if code == "not_supported" and params.get("form") not in FORMS:
            raise ValueError(f"unknown unsupported form {params.get('form')!r}")
        super().__init__(f"at {position}: {code} {params}")
        self.code = code
        self.position = position
        self.params: dict[str, object] = params


# Its public home: tracebacks and reprs say ``rules.notation.NotationError`` wherever it is raised.
NotationError.__module__ = "rules.notation"


# Where the tools a line may come from mean different things by one symbol, the line is read the
# most common way and says so: a ``Reading`` (code, position, params) the UI words
# (``notation.reading.<code>``), with the explicit form of the other meaning in ``params``.
READING_CODES: tuple[str, ...] = (
    "strict_compare",  # op, value, inclusive: `>4` is strictly above 4; Roll20 counts 4 too (`>=4`)
    "critical_marks",  # word, point: cs/cf only mark dice; Foundry counts them (`>10`)
    "reroll_until",  # point: r rerolls until the die no longer matches; Foundry's r rerolls once (`ro…`)
    "explode_not_equal",  # value: a glued `!=5` explodes on 5 (rpg-dice-roller); spaced `!= 5` compares
    "group_total",  # point: {…}>N compares the group's total; Roll20 compares each die (write it on the dice)
    "trailing_label",  # label: text after the formula is its label (Roll20)
    "cyrillic_drop",  # n: «к3» after dice is d3 (drop the lowest 3), as к is d; keeping is kh3
)


@dataclass(frozen=True)
class Reading:
    """How a symbol two tools read differently was read here: a code of :data:`READING_CODES`,
    the 0-based position of the symbol and the parameters the UI words it with."""

    code: str
    position: int
    params: tuple[tuple[str, object], ...] = ()

    def __post_init__(self) -> None:
        if self.code not in READING_CODES:
            raise ValueError(f"unknown reading code {self.code!r}")


@dataclass(frozen=True)
class Limits:
    """Hard limits; anything beyond them is refused with NotationError before any work is done.

    ``explode_depth`` is part of the semantics: a die explodes at most ``explode_depth`` extra
    times. ``reroll_cap`` is how many thrown-away values a rolled die shows before it is drawn
    from the faces it may stop on (a reroll itself continues until the die no longer matches,
    exactly). ``max_work`` bounds the a-priori cost estimate of an exact distribution.
    """

    max_length: int = 500
    max_nesting: int = 40
    max_literal: int = 10**9
    max_dice_per_term: int = 500
    max_total_dice: int = 1000
    max_sides: int = 10_000
    max_custom_faces: int = 100
    explode_depth: int = 10
    reroll_cap: int = 20
    max_work: int = 1_000_000
    max_array: int = 20
    max_names: int = 50
    max_keep_values: int = 500  # icepool's pool evaluation recurses once per value: stay far from the stack
    max_value: int = 10**15  # the largest magnitude a power (or a computed value) may reach
    max_group_items: int = 20
    max_conditions: int = 20  # of one kind on a term: r1r3r5…, cs20cs10…, kh3dl1…


DEFAULT_LIMITS = Limits()


def round_half_away(x: Number, /) -> int:
    """Round to the nearest whole number; a half goes away from zero.

    >>> [round_half_away(Fraction(n, 2)) for n in (-3, -1, 1, 3, 5)]
    [-2, -1, 1, 2, 3]
    """
    q = Fraction(x)
    floor = math.floor(abs(q) + Fraction(1, 2))
    return floor if q >= 0 else -floor


# --------------------------------------------------------------------------- spelling tables

_FUNCTIONS = {
    "round": (1, 1),
    "floor": (1, 1),
    "ceil": (1, 1),
    "abs": (1, 1),
    "sign": (1, 1),
    "min": (2, 20),
    "max": (2, 20),
    "pow": (2, 2),
}
_IRRATIONAL = frozenset(("sqrt", "cbrt", "exp", "log", "log2", "log10", "sin", "cos", "tan"))
# Letters are read case-insensitively, and the Russian die letter к (К) is a d: 3к6, к20, 4кF.
_LOWER = {ord(c): ord(c.lower()) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} | {ord("к"): "d", ord("К"): "d"}
_DIE_LETTERS = "dDкК"
_SPACE = " \t"
_DIGITS_SET = frozenset("0123456789")
_CMP_SPELLINGS = (  # longest first
    (">=", ">="),
    ("<=", "<="),
    ("==", "="),
    ("!=", "!="),
    ("<>", "!="),
    ("≥", ">="),
    ("≤", "<="),
    ("≠", "!="),
    (">", ">"),
    ("<", "<"),
    ("=", "="),
)
# A compare point glued to a die (success counting and every modifier's condition).
_CP_SPELLINGS = (
    (">=", ">="),
    ("<=", "<="),
    ("==", "="),
    ("<>", "!="),
    ("!=", "!="),
    ("≥", ">="),
    ("≤", "<="),
    ("≠", "!="),
    (">", ">"),
    ("<", "<"),
    ("=", "="),
)
Names = tuple[tuple[str, tuple[int, ...]], ...]  # named dice, (lower-case name, faces), sorted
