"""Words of the notation panel (pure): a roll as text, an error as a message, the CSV.

>>> from kit.msg import render
>>> render(error_message(notation_error("2d6 + foo")), "en")
"unknown name 'foo'"
>>> render(error_message(notation_error("d-1")), "ru")
'после «d» ожидается число граней (целое от 1), например d6'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from kit.msg import Renderable, grouped
from panels.notation import text
from rules import notation

__all__ = [
    "MAX_TEXT_DICE",
    "csv_text",
    "die_text",
    "error_message",
    "group_text",
    "minus",
    "reading_message",
    "roll_text",
]

MAX_TEXT_DICE = 60  # dice written out per group in the text line / log
Row = tuple[int, Fraction, Fraction, Fraction]


def minus(value: int, /) -> str:
    """An integer with a true minus sign.

    >>> minus(-3), minus(0), minus(12)
    ('−3', '0', '12')
    """
    return f"−{-value}" if value < 0 else str(value)


def die_text(die: notation.RolledDie, /) -> str:
    """One die as text: ``1↻4`` rerolled, ``↳6`` added by an explosion, ``10!`` exploded, ``3✗`` dropped.

    >>> die_text(notation.RolledDie(4, rerolled=(1,))), die_text(notation.RolledDie(3, dropped=True))
    ('1↻4', '3✗')
    >>> die_text(notation.RolledDie(16, exploded=True, parts=(10, 6)))
    '16(10+6)!'
    """
    out = "".join(f"{minus(v)}↻" for v in die.rerolled)
    out += "↳" if die.extra else ""
    out += minus(die.value)
    if len(die.parts) > 1:
        out += f"({'+'.join(map(minus, die.parts))})"
    out += "!" if die.exploded else ""
    out += "✓" if die.success else ""
    out += "⊖" if die.failure else ""
    out += "▲" if die.critical in ("success", "both") else ""
    out += "▼" if die.critical in ("failure", "both") else ""
    out += "≡" if die.matched else ""
    out += "✗" if die.dropped else ""
    return out


def group_text(group: notation.DiceGroup, /) -> str:
    """``4d6kh3 [5, 3✗, 6, 4] = 15``, at most MAX_TEXT_DICE dice written out."""
    dice = [die_text(d) for d in group.dice[:MAX_TEXT_DICE]]
    if len(group.dice) > MAX_TEXT_DICE:
        dice.append(f"…+{len(group.dice) - MAX_TEXT_DICE}")
    return f"{group.notation} [{', '.join(dice)}] = {minus(group.value)}"


def roll_text(result: notation.RollResult, /) -> str:
    """The log line of a roll (language-neutral): ``сила: 4d6kh3 [2✗, 5, 5, 2] = 12``,
    ``d4 + 1 → d4 [2] = 2 → 3``.

    >>> import random
    >>> roll_text(notation.roll("d4 + 1", random.Random(2)))
    'd4 + 1 → d4 [1] = 1 → 2'
    >>> roll_text(notation.roll("2d6 # атака", random.Random(2)))
    'атака: 2d6 [1, 1] = 2'
    """
    head = f"{result.label}: " if result.label else ""
    body = result.said
    if len(result.dice) == 1 and result.dice[0].notation == body:
        return f"{head}{group_text(result.dice[0])}"  # a lone dice term: no need to repeat it
    groups = "; ".join(group_text(g) for g in result.dice)
    middle = f" → {groups}" if groups else ""
    return f"{head}{body}{middle} → {minus(result.total)}"


def notation_error(line: str, /) -> notation.NotationError:
    """The error ``line`` raises (for examples and tests); ``ValueError`` if it parses."""
    try:
        notation.parse(line)
    except notation.NotationError as error:
        return error
    raise ValueError(f"{line!r} parses")


def _count(value: object, /) -> int:
    """A count the rules put into an error's params (always a whole number there)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"an error's count must be a whole number, got {value!r}")
    return value


def error_message(error: notation.NotationError, /) -> Renderable:
    """The message of a ``rules.notation`` error, filled from its params (``notation.error.<code>``).

    >>> from kit.msg import render
    >>> render(error_message(notation.NotationError("too_complex", 0, work=1234567, max=1000000)), "ru")
    'слишком долго считать точно (оценка работы 1 234 567, предел 1 000 000); бросать можно, для вероятностей уменьшите число кубиков или граней'
    >>> render(error_message(notation.NotationError("wrong_arity", 0, name="min", low=2, high=20, got=1)), "en")
    'min() takes 2 to 20 argument(s), got 1'
    """
    msg = text.ERRORS.get(error.code)
    if msg is None:  # pragma: no cover (every code is worded; a unit test checks)
        return text.UNKNOWN_ERROR(code=error.code)
    p = error.params
    values: dict[str, Renderable] = {name: str(value) for name, value in p.items()}
    if error.code in ("unexpected_char", "unknown_name"):
        key = "char" if error.code == "unexpected_char" else "name"
        values[key] = repr(p[key])
    elif error.code == "wrong_arity":
        low, high = _count(p["low"]), _count(p["high"])
        values["wanted"] = str(low) if low == high else text.ARITY_RANGE(low=low, high=high)
    elif error.code == "modifier_twice":
        values["kind"] = text.KINDS.get(str(p["kind"]), str(p["kind"]))
    elif error.code == "too_complex":
        values = {"work": grouped(_count(p["work"])), "max": grouped(_count(p["max"]))}
    elif error.code == "unknown_modifier":
        instead = str(p.get("instead", ""))
        values = {
            "text": str(p["text"]),
            "hint": text.HINT_INSTEAD(text=str(p["text"]), instead=instead)
            if instead
            else text.HINT_EXPECTED,
        }
    elif error.code == "not_supported":
        form = text.FORMS[str(p["form"])]
        values = {"form": form(**{k: str(v) for k, v in p.items() if k != "form"})}
    return msg(**values)


def reading_message(reading: notation.Reading, /) -> Renderable:
    """How a symbol the tools read differently was read, and the explicit form of the other reading.

    >>> from kit.msg import render
    >>> render(reading_message(notation.parse("5d10>7").readings[0]), "en")
    "'>7' compares strictly, as rpg-dice-roller and Foundry do: 7 is not included. Roll20 includes 7 in '>7'; here that is '>=7'."
    """
    return text.READINGS[reading.code](**{k: str(v) for k, v in reading.params})


def csv_text(rows: Sequence[Row], /) -> str:
    """The table as CSV: decimal probabilities (dot, comma-separated) plus the exact P(=).

    >>> print(csv_text(notation.summary("d2").table()), end="")
    value,P(=),P(>=),P(<=),P(=) exact
    1,0.5,1,0.5,1/2
    2,0.5,0.5,1,1/2
    """
    lines = ["value,P(=),P(>=),P(<=),P(=) exact"]
    for v, eq, ge, le in rows:
        lines.append(f"{v},{float(eq):.12g},{float(ge):.12g},{float(le):.12g},{eq}")
    return "\n".join(lines) + "\n"
