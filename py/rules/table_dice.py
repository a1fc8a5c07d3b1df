"""Dice rolled at the table: the faces a GM typed, handed to a roller in place of its ``random.Random``.

Every roller in ``rules`` draws each die through ``dice.roll_faces(rng, faces)``. Given a
``TableDice`` it takes the next typed face instead, checked against that die's faces, so a typed
result is built by exactly the code of a rolled one: the same value, odds and log line.

>>> from rules import gauss
>>> table = TableDice.parse("17 5 2")
>>> rolled = gauss.roll(table, 5)
>>> rolled.dice, rolled.value, table.left
((17, 5, 2), 8, 0)

Faces are separated by spaces, commas or ``;`` (a combat exchange's stages). ``=N`` is a GaussD20
value typed as it is (round(3d20/3), before luck), and ``+``, ``-`` and ``0`` are the faces of a
FUDGE die. What does not fit is a ``TableDiceError`` with a code and its parameters:

>>> gauss.roll(TableDice.parse("21 5 2"))
Traceback (most recent call last):
...
rules.table_dice.TableDiceError: off_face {'position': 1, 'face': '21', 'low': 1, 'high': 20}
>>> gauss.roll(TableDice.parse("17 5"))
Traceback (most recent call last):
...
rules.table_dice.TableDiceError: too_few {'typed': 2}
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

__all__ = [
    "EMPTY",
    "GAUSS_HERE",
    "MAX_FACES",
    "NOT_A_FACE",
    "NOT_GAUSS",
    "OFF_FACE",
    "TOO_FEW",
    "TOO_LONG",
    "TOO_MANY",
    "TableDice",
    "TableDiceError",
]

MAX_FACES = 500  # more than any roll the panels make by hand; bounds the work of a pasted line

# Error codes (the panels word them; ``params`` name the position, the face, the die's range …)
EMPTY = "empty"  # nothing typed
TOO_LONG = "too_long"  # {limit}
NOT_A_FACE = "not_a_face"  # {position, token}: neither a number, ``=N`` nor ``+``/``-``
OFF_FACE = "off_face"  # {position, face, low, high}: not a face of the die rolled there
GAUSS_HERE = "gauss_here"  # {position, face}: ``=N`` where one die is rolled
NOT_GAUSS = "not_gauss"  # {position, face}: ``=N`` outside GaussD20's 1…20
TOO_FEW = "too_few"  # {typed}: the roll needs more dice than were typed
TOO_MANY = "too_many"  # {typed, used}: dice left over after the roll

_SEPARATORS = re.compile(r"[\s,;]+")
_SIGNS = {"+": 1, "-": -1, "−": -1, "–": -1}  # a FUDGE die's faces as they are drawn
_FUDGE_FACES = frozenset((-1, 0, 1))
_GAUSS_RANGE = (1, 20)


class TableDiceError(ValueError):
    """Typed dice that do not fit the roll (``code`` and ``params``, worded by the panel)."""

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(f"{code} {params}")
        self.code, self.params = code, params


@dataclass(frozen=True)
class _Face:
    """One typed token: a number, a FUDGE sign, or a GaussD20 value (``=N``)."""

    position: int  # 1-based, for messages
    token: str
    value: int
    kind: str  # "number", "sign" or "gauss"


def _token(position: int, token: str) -> _Face:
    if token in _SIGNS:
        return _Face(position, token, _SIGNS[token], "sign")
    kind, digits = ("gauss", token[1:]) if token.startswith("=") else ("number", token)
    if not re.fullmatch(r"[+\-−–]?\d{1,6}", digits):
        raise TableDiceError(NOT_A_FACE, position=position, token=token[:20])
    sign = -1 if digits[0] in "-−–" else 1
    return _Face(position, token, sign * int(digits.lstrip("+-−–")), kind)


class TableDice(random.Random):
    """The dice a GM rolled by hand, taken one by one, in the order the roller draws them.

    It is a ``random.Random`` only so that every roller takes it: anything that would draw a
    random number from it (not a die through ``dice.roll_faces``) is an error, never a silent
    random result.
    """

    def __init__(self, faces: Sequence[_Face], /) -> None:
        self._faces = tuple(faces)
        self._next = 0
        super().__init__(0)

    @classmethod
    def parse(cls, typed: str, /) -> TableDice:
        """The typed line's faces (``TableDiceError`` on an empty line, junk or too many)."""
        tokens = [token for token in _SEPARATORS.split(typed.strip()) if token]
        if not tokens:
            raise TableDiceError(EMPTY)
        if len(tokens) > MAX_FACES:
            raise TableDiceError(TOO_LONG, limit=MAX_FACES)
        return cls([_token(position, token) for position, token in enumerate(tokens, start=1)])

    @property
    def typed(self) -> int:
        return len(self._faces)

    @property
    def left(self) -> int:
        """Typed dice not used yet (a roll that leaves some was typed with too many)."""
        return len(self._faces) - self._next

    def finish(self) -> None:
        """After the roll: every typed die was used (else ``TOO_MANY``)."""
        if self.left:
            raise TableDiceError(TOO_MANY, typed=self.typed, used=self._next)

    def _peek(self) -> _Face:
        if self._next >= len(self._faces):
            raise TableDiceError(TOO_FEW, typed=self.typed)
        return self._faces[self._next]

    def _take(self) -> _Face:
        face = self._peek()
        self._next += 1
        return face

    def take(self, faces: Sequence[int], /) -> int:
        """The next typed die, which must be one of ``faces`` (the die the roller draws)."""
        face = self._take()
        if face.kind == "gauss":
            raise TableDiceError(GAUSS_HERE, position=face.position, face=face.token)
        if face.kind == "sign" and not _FUDGE_FACES <= set(faces):
            raise TableDiceError(NOT_A_FACE, position=face.position, token=face.token)
        if face.value not in faces:
            raise TableDiceError(
                OFF_FACE, position=face.position, face=face.token, low=min(faces), high=max(faces)
            )
        return face.value

    def take_gauss(self) -> int | None:
        """A GaussD20 value typed as ``=N`` next, taken; else None (its three d20s follow)."""
        if self.left == 0 or self._peek().kind != "gauss":
            return None
        face = self._take()
        low, high = _GAUSS_RANGE
        if not low <= face.value <= high:
            raise TableDiceError(NOT_GAUSS, position=face.position, face=face.token)
        return face.value

    def random(self) -> NoReturn:
        raise TypeError("table dice give dice faces only (rules.dice.roll_faces)")

    def getrandbits(self, k: int, /) -> NoReturn:
        raise TypeError("table dice give dice faces only (rules.dice.roll_faces)")

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """No generator to seed (``random.Random.__init__`` calls this)."""
