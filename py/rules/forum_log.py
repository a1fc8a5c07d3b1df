"""Forum "3D20" roll lines to GaussD20 (seed 000, the attached HTML page's converter).

The seed's example, byte for byte::

    Результат броска 3D20: 4 + 6 + 2 = 12.
    → Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4

The `` = total`` part and a full stop right after it become
`` , GaussD20: value``; whatever follows (a comment such as `` - "раз".``) is
kept.  A roll that is not a plain 3D20 roll, or whose dice are not three d20s
adding up to the stated total, is kept as it is and marked with the seed's
phrase; why it was marked is data (a ``Reason``: a code and its values), which
the panel words in the page's language.  Every other line passes through
untouched, and each line keeps its own line ending (LF or CRLF).

A forum copy often merges lines, so a line may hold several rolls: each one,
from its «Результат броска» to the next, converts on its own in the same format
(the text before the first one stays).  A roll's purpose is its quoted comment
(`` - "скрытность"``); a purpose that comes back (a re-roll) is listed in
``Conversion.repeats``.

>>> convert('Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".')
'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".'
>>> convert_line("Результат броска 3D20: 4 + 6 = 10.").reason
Reason('dice_count', count=2)
>>> convert("Результат броска 3D20: 1 + 1 + 1 = 3. Результат броска 3D20: 20 + 20 + 20 = 60.")
'Результат броска 3D20: 1 + 1 + 1 , GaussD20: 1 Результат броска 3D20: 20 + 20 + 20 , GaussD20: 20'
"""

from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass, field

from rules import gauss
from rules.forum_roll import (
    _MARKER,
    _PLAIN,
    INVALID_SUFFIX,
    MAX_PURPOSE_CHARS,
    REASON_CODES,
    ROLL_MARKER,
    Reason,
    Roll,
    _purpose,
    convert_roll,
)

__all__ = [
    "INVALID_SUFFIX",
    "MAX_INPUT_CHARS",
    "MAX_PURPOSE_CHARS",
    "ROLL_MARKER",
    "Conversion",
    "Flag",
    "LineResult",
    "REASON_CODES",
    "Reason",
    "Repeat",
    "Roll",
    "convert",
    "convert_line",
    "convert_roll",
    "convert_text",
    "converting",
]

# 2 MB of pasted log converts in well under a second even in Pyodide; more is refused.
MAX_INPUT_CHARS = 2_000_000
_LINE_BREAK = re.compile(r"\r\n|\n")


@dataclass(frozen=True)
class LineResult:
    """One input line: its converted text and its rolls (none for a line that is not a roll)."""

    source: str
    text: str
    rolls: tuple[Roll, ...] = ()

    @property
    def is_roll(self) -> bool:
        return bool(self.rolls)

    @property
    def gauss(self) -> int | None:
        """The GaussD20 value of the line's first roll (None if it was refused or there is none)."""
        return self.rolls[0].gauss if self.rolls else None

    @property
    def reason(self) -> Reason | None:
        """Why the line's first refused roll was refused (None if none was)."""
        return next((roll.reason for roll in self.rolls if roll.reason is not None), None)

    @property
    def flagged(self) -> bool:
        return any(roll.flagged for roll in self.rolls)


@dataclass(frozen=True)
class Repeat:
    """A purpose rolled more than once (a re-roll): the purpose as first written and the line
    (1-based) of each roll with it, in order."""

    purpose: str
    lines: tuple[int, ...]


@dataclass(frozen=True)
class Flag:
    """A refused roll of a log: its line (1-based), its place on that line when the line holds
    several rolls (1-based; 0 when it is the line's only roll), and why it was refused."""

    line: int
    roll: int
    reason: Reason


@dataclass(frozen=True)
class Conversion:
    """A whole converted log: its text, the counts the UI shows (of rolls), every refused roll, and
    the purposes that come back (``repeats``: in the order of their first roll, compared ignoring
    case and spaces around). ``lines`` gives every line's result, computed again when asked.
    ``faces`` counts the converted rolls' d20 faces (1 … 20) and ``sums`` their 3D20 totals
    (3 … 60): what a fairness test of the forum's dice reads (``rules.fairness``)."""

    text: str
    converted: int
    flags: tuple[Flag, ...]
    repeats: tuple[Repeat, ...]
    source: str = field(default="", repr=False)
    faces: tuple[int, ...] = (0,) * 20
    sums: tuple[int, ...] = (0,) * 58

    @property
    def flagged(self) -> int:
        return len(self.flags)

    @property
    def lines(self) -> tuple[LineResult, ...]:
        return tuple(convert_line(piece) for piece in _LINE_BREAK.split(self.source))


def convert_line(line: str, /) -> LineResult:
    """Convert one line (without its line ending): every roll on it, the text before them kept."""
    starts = [found.start() for found in _MARKER.finditer(line)]
    if not starts:
        return LineResult(line, line)
    if len(starts) == 1:  # most lines: one roll, no pieces to join
        roll = convert_roll(line[starts[0] :])
        return LineResult(line, line[: starts[0]] + roll.text, (roll,))
    ends = [*starts[1:], len(line)]
    rolls = tuple(convert_roll(line[start:end]) for start, end in zip(starts, ends, strict=True))
    return LineResult(line, line[: starts[0]] + "".join(roll.text for roll in rolls), rolls)


class _Log:
    """A log being converted line by line: its text, the counts, the refused rolls, the purposes."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.converted = 0
        self.flags: list[Flag] = []
        self.purposes: dict[str, tuple[str, list[int]]] = {}
        self.faces = [0] * 21  # by face (index 0 unused)
        self.sums = [0] * 61  # by 3D20 total (indices 0-2 unused)

    def add(self, number: int, line: str, end: str) -> None:
        """Line ``number`` (1-based, without its ending ``end``) converted and counted."""
        # The most common line, a whole line that is one roll as the forum writes it (``convert_roll``'s
        # own match, no other roll after it), is converted here without a ``Roll`` or a
        # ``LineResult``, as ``convert_line`` would (tests/unit/test_forum_log.py checks it).
        plain = _PLAIN.fullmatch(line)
        if plain is not None and _MARKER.search(line, plain.start("rest")) is None:
            head, a, b, c, total, rest = plain.group("head", "a", "b", "c", "total", "rest")
            first, second, third = int(a), int(b), int(c)
            dice_sum = first + second + third
            if int(total) == dice_sum:
                self.out += (head, " , GaussD20: ", str(gauss.from_3d20_total(dice_sum)), rest, end)
                self.converted += 1
                faces = self.faces
                faces[first] += 1
                faces[second] += 1
                faces[third] += 1
                self.sums[dice_sum] += 1
                if '"' in rest:
                    self._note_purpose(number, _purpose(line, len(head) + 2))
                return
        result = convert_line(line)
        self.out += (result.text, end)
        several = len(result.rolls) > 1
        for place, roll in enumerate(result.rolls, start=1):
            if roll.reason is None:
                self.converted += 1
                for face in roll.dice:
                    self.faces[face] += 1
                self.sums[sum(roll.dice)] += 1
            else:
                self.flags.append(Flag(number, place if several else 0, roll.reason))
            self._note_purpose(number, roll.purpose)

    def _note_purpose(self, number: int, purpose: str | None) -> None:
        if purpose is not None:
            key = " ".join(purpose.casefold().split())
            self.purposes.setdefault(key, (purpose, []))[1].append(number)

    def done(self, source: str) -> Conversion:
        repeats = tuple(
            Repeat(purpose, tuple(lines)) for purpose, lines in self.purposes.values() if len(lines) > 1
        )
        return Conversion(
            "".join(self.out),
            self.converted,
            tuple(self.flags),
            repeats,
            source,
            tuple(self.faces[1:]),
            tuple(self.sums[3:]),
        )


SLICE_LINES = 200  # lines converted between two yields of ``converting``


def converting(text: str, /, chunk: int = SLICE_LINES) -> Generator[int, None, Conversion]:
    """``convert_text`` in pieces: it yields the number of lines converted so far after every
    ``chunk`` lines, and returns the ``Conversion`` (the same, byte for byte), so a caller can
    hand the page back between pieces.

    >>> pieces = converting("Результат броска 3D20: 4 + 6 + 2 = 12.\\nа\\nб", chunk=2)
    >>> next(pieces), next(pieces)
    (2, 3)
    >>> try:
    ...     next(pieces)
    ... except StopIteration as stop:
    ...     print(stop.value.text)
    Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4
    а
    б

    Raises ValueError (at the first piece) for input longer than ``MAX_INPUT_CHARS``.
    """
    if len(text) > MAX_INPUT_CHARS:
        raise ValueError(f"text is {len(text)} characters long; at most {MAX_INPUT_CHARS} are converted")
    pieces = _LINE_BREAK.split(text)
    breaks = [*_LINE_BREAK.findall(text), ""]
    log = _Log()
    for start in range(0, len(pieces), chunk):
        for number in range(start, min(start + chunk, len(pieces))):
            log.add(number + 1, pieces[number], breaks[number])
        yield min(start + chunk, len(pieces))
    return log.done(text)


def convert_text(text: str, /) -> Conversion:
    """Convert a pasted log line by line, keeping each line's ending.

    Raises ValueError for input longer than ``MAX_INPUT_CHARS``.
    """
    pieces = converting(text, chunk=MAX_INPUT_CHARS + 1)  # one piece: nothing to hand back here
    while True:
        try:
            next(pieces)
        except StopIteration as stop:
            return stop.value


def convert(text: str) -> str:
    """The converted text, in the seed's format."""
    return convert_text(text).text
