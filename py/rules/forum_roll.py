"""One forum "3D20" roll to GaussD20 (seed 000, the attached HTML page's converter): the roll's
text from its «Результат броска» to the next roll or the line's end (``rules.forum_log`` converts a
whole log with it).

>>> convert_roll('Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".').text
'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".'
>>> convert_roll("Результат броска 3D20: 4 + 6 = 10.").reason
Reason('dice_count', count=2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules import gauss

__all__ = [
    "INVALID_SUFFIX",
    "MAX_PURPOSE_CHARS",
    "REASON_CODES",
    "ROLL_MARKER",
    "Reason",
    "Roll",
    "convert_roll",
]

ROLL_MARKER = "Результат броска"
INVALID_SUFFIX = ": неверный бросок. Невозможно конвертирование."

_MARKER = re.compile(re.escape(ROLL_MARKER), re.IGNORECASE)
_SPEC = re.compile(r"\s+(?P<spec>[^:\s]+)\s*:")
_TOTAL = re.compile(r"\s*(?P<total>-?\d+)\.?(?P<rest>.*)", re.DOTALL)
_DIE = re.compile(r"\s*(-?\d+)\s*")
MAX_PURPOSE_CHARS = 200  # a longer quoted comment is not taken for a roll's purpose
# A roll's purpose: the quoted comment after the total, «= 24 - "раз".» (bounded: never backtracks far).
_PURPOSE = re.compile(rf'-\s*"(?P<purpose>[^"\r\n]{{1,{MAX_PURPOSE_CHARS}}})"')
# A number written with more digits than this is never a die or a 3d20 total (and int() of a
# 4,301-digit string raises): it is compared as text, never converted.
_MAX_DIGITS = 6

# Why a roll line was not converted, and the values each reason carries.
REASON_CODES: dict[str, tuple[str, ...]] = {
    "no_total": (),  # no «= N» after the dice
    "modifier": ("spec",),  # 3D20+1 and the like
    "not_3d20": ("spec",),  # another roll, e.g. 2D20
    "dice_format": (),  # the dice are not written as «a + b + c»
    "dice_count": ("count",),  # not three dice
    "die_range": (),  # a die outside 1..20
    "sum_mismatch": ("dice_sum", "total"),  # the dice do not add up to the stated total
}


class Reason:
    """Why a roll line was flagged: a code from ``REASON_CODES`` and its values (words are the UI's).

    >>> Reason("not_3d20", spec="3D6")
    Reason('not_3d20', spec='3D6')
    >>> Reason("not_3d20", spec="3D6")["spec"]
    '3D6'
    """

    __slots__ = ("code", "params")

    def __init__(self, code: str, /, **params: str | int) -> None:
        wanted = REASON_CODES.get(code)
        if wanted is None:
            raise ValueError(f"unknown reason code {code!r}")
        if set(params) != set(wanted):
            raise ValueError(f"reason {code} takes {', '.join(wanted) or 'no values'}")
        self.code = code
        self.params: tuple[tuple[str, str | int], ...] = tuple(sorted(params.items()))

    def __getitem__(self, name: str) -> str | int:
        return dict(self.params)[name]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self) -> int:
        return hash((self.code, self.params))

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"Reason({self.code!r}{values})"


@dataclass(frozen=True)
class Roll:
    """One roll on a line: its converted text, and its GaussD20 value and dice or why it was
    refused; ``purpose`` is its quoted comment (``"раз"`` → ``раз``), if any."""

    source: str
    text: str
    gauss: int | None = None
    reason: Reason | None = None
    purpose: str | None = None
    dice: tuple[int, ...] = ()  # the three d20 of a converted roll (none for a refused one)

    @property
    def flagged(self) -> bool:
        return self.gauss is None


def _purpose(roll: str, start: int) -> str | None:
    found = _PURPOSE.search(roll, start)
    purpose = found["purpose"].strip() if found else ""
    return purpose or None


def _reject(roll: str, equals: int, code: str, **params: str | int) -> Roll:
    """The roll kept with the seed's phrase after it (spaces before the next roll stay after it)."""
    kept = roll.rstrip()
    text = kept + INVALID_SUFFIX + roll[len(kept) :]
    purpose = _purpose(roll, equals + 1) if equals >= 0 else None
    return Roll(roll, text, reason=Reason(code, **params), purpose=purpose)


def _small_int(number: str) -> int | None:
    """``number`` (``-?\\d+``) as an int, or None when it has too many digits to be a die or a total."""
    digits = number.lstrip("-").lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS:
        return None
    return -int(digits) if number.startswith("-") else int(digits)


# The roll as the forum writes it, tried first: a log is mostly these, and one match is a fraction
# of the careful path's work. Anything else, or dice that do not add up, takes the careful path,
# which gives the same result for whatever this matches (tests/unit/test_forum_log.py checks it).
_DIE_1_20 = r"(?:1\d|20|[1-9])"
_PLAIN = re.compile(
    rf"(?P<head>Результат броска 3D20: (?P<a>{_DIE_1_20}) \+ (?P<b>{_DIE_1_20}) \+ (?P<c>{_DIE_1_20}))"
    r" = (?P<total>\d{1,6})(?!\d)\.?(?P<rest>.*)",
    re.DOTALL,
)


def convert_roll(roll: str, /) -> Roll:
    """Convert one roll: text starting with «Результат броска», up to the next roll or the line's end."""
    plain = _PLAIN.fullmatch(roll)
    if plain is not None:
        dice_sum = int(plain["a"]) + int(plain["b"]) + int(plain["c"])
        if int(plain["total"]) == dice_sum:
            value = gauss.from_3d20_total(dice_sum)
            purpose = _purpose(roll, plain.end("head") + 2)  # after the «=», as below
            dice = (int(plain["a"]), int(plain["b"]), int(plain["c"]))
            text = f"{plain['head']} , GaussD20: {value}{plain['rest']}"
            return Roll(roll, text, gauss=value, purpose=purpose, dice=dice)
    return _convert_roll_carefully(roll)


def _convert_roll_carefully(roll: str, /) -> Roll:
    """``convert_roll`` for any text, every step checked."""
    marker = _MARKER.match(roll)
    if marker is None:
        raise ValueError("a roll starts with «Результат броска»")
    # Plain string scanning, not one big regex: a 1 MB line must not backtrack.
    after_marker = marker.end()
    spec_match = _SPEC.match(roll, after_marker)
    equals = roll.find("=", after_marker)
    total_match = _TOTAL.fullmatch(roll, equals + 1) if equals >= 0 else None
    if spec_match is None or total_match is None or spec_match.end() > equals:
        return _reject(roll, equals, "no_total")
    spec = spec_match["spec"]
    if spec.upper() != "3D20":
        if spec.upper().startswith("3D20"):
            return _reject(roll, equals, "modifier", spec=spec)
        return _reject(roll, equals, "not_3d20", spec=spec)
    head = roll[:equals].rstrip()
    parts = roll[spec_match.end() : equals].split("+")
    if not all(_DIE.fullmatch(part) for part in parts):
        return _reject(roll, equals, "dice_format")
    if len(parts) != 3:
        return _reject(roll, equals, "dice_count", count=len(parts))
    dice = [_small_int(part.strip()) for part in parts]
    if not all(die is not None and 1 <= die <= 20 for die in dice):
        return _reject(roll, equals, "die_range")
    total = total_match["total"]
    dice_sum = sum(die for die in dice if die is not None)
    if _small_int(total) != dice_sum:
        return _reject(roll, equals, "sum_mismatch", dice_sum=dice_sum, total=total)
    value = gauss.from_3d20_total(dice_sum)
    text = f"{head} , GaussD20: {value}{total_match['rest']}"
    faces = tuple(die for die in dice if die is not None)
    return Roll(roll, text, gauss=value, purpose=_purpose(roll, equals + 1), dice=faces)
