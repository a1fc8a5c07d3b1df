"""Untrusted text in linear time and bounded memory: every entry point, fed 2 MB adversarial
strings, does bounded work.

What a link, an imported file, a saved record or the program runner's answer holds reaches the
page as text. Each entry point is run here on 2 MB strings of the shapes that break naive checks
(unterminated strings, runs of escapes, brackets, deep nesting, and motifs hypothesis draws from
their characters, repeated), under a step counter: Python-level calls, C functions included
(what ``sys.setprofile`` sees, as ``rules.notation_cost`` counts them). C-level work the counter
cannot see is bounded otherwise: ``kit.bounded_json`` reads its text in pieces of ``PIECE``
characters (checked with a text that only hands out slices), the JSON parser is linear, and no
regular expression ever runs on such text (the counter stops the first one, before it runs,
unless it is one of the few below, each linear by construction).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit import bounded_json

SIZE = 2_000_000  # characters: the largest text any entry point reads (imports, records)
ALPHABET = '"\\[]{},:a1 \n'
# Regular expressions that may run where untrusted text is read, each linear by construction: a
# run of one character class from a fixed position, with nothing after it to backtrack into.
LINEAR = frozenset(
    {
        r"[ \t\n\r]*",  # json.decoder.WHITESPACE: the standard JSON parser skips blanks with it
    }
)


class Overworked(AssertionError):
    """An entry point went past its work bound (stopped there, not run to the end)."""


class RegexOverInput(AssertionError):
    """A regular expression ran where untrusted text is read."""


@contextmanager
def counted(most: int, patterns: frozenset[str] = frozenset()) -> Iterator[list[int]]:
    """Count calls (Python functions and C functions) while the block runs; stop it with
    ``Overworked`` past ``most`` and with ``RegexOverInput`` at a regular expression's method
    (before it runs) unless its pattern is one of ``patterns``."""
    steps = [0]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event not in ("call", "c_call"):
            return
        steps[0] += 1
        if steps[0] > most:
            raise Overworked(f"more than {most} steps")
        if event == "c_call":
            owner = getattr(arg, "__self__", None)
            if isinstance(owner, re.Pattern) and owner.pattern not in patterns:
                raise RegexOverInput(owner.pattern)

    sys.setprofile(profile)
    try:
        yield steps
    finally:
        sys.setprofile(None)


def work(fn: Callable[[], Any], most: int, patterns: frozenset[str] = frozenset()) -> int:
    """The steps ``fn`` took (an exception of its own is its answer, not a fault)."""
    with counted(most, patterns) as steps:
        try:
            fn()
        except (Overworked, RegexOverInput):
            raise
        except Exception:
            pass
    return steps[0]


def stretched(motif: str, size: int = SIZE) -> str:
    """``motif`` repeated to ``size`` characters."""
    return (motif * (size // max(1, len(motif)) + 1))[:size]


# The shapes that break checks of JSON text: each a 2 MB string.
HOSTILE = {
    "unterminated escaped quotes": '"' + stretched('\\"', SIZE - 1),
    "unterminated string": '"' + stretched("a", SIZE - 1),
    "quotes": stretched('"'),
    "backslashes": stretched("\\"),
    "quote, backslash": stretched('"\\'),
    "escaped backslashes": '"' + stretched("\\\\", SIZE - 1),
    "open brackets": stretched("["),
    "nested": "[" * (SIZE // 2) + "]" * (SIZE // 2),
    "nested objects": stretched('{"a":'),
    "brackets in a string": '"' + stretched("[{", SIZE - 1),
    "brackets after a string": '"x"' + stretched("[", SIZE - 3),
    "many entries": "[" + stretched("{},", SIZE - 4) + "{}]",
    "many strings": "[" + stretched('"\\"",', SIZE - 4) + '""]',
}


# --------------------------------------------------------------------------- the check itself


class Slices:
    """Text that only hands out slices (no ``str`` to pass whole to a C function), and records
    each slice's length: a check that reads it does work linear in its length, whatever it
    does with a slice of at most ``PIECE`` characters."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.read: list[int] = []

    def __len__(self) -> int:
        return len(self.text)

    def __getitem__(self, part: slice) -> str:
        piece = self.text[part]
        self.read.append(len(piece))
        return piece


def reference_depth(text: str) -> int:
    """The deepest nesting outside strings, a character at a time (the definition): a backslash
    takes a backslash or a quote after it (inside a string nothing else matters; outside one the
    parser fails at the backslash itself, so whatever is counted after it is counted safely)."""
    inside = escaped = False
    level = deepest = 0
    for ch in text:
        taken, escaped = escaped and ch in '"\\', False
        if taken:
            continue
        if ch == "\\":
            escaped = True
        elif ch == '"':
            inside = not inside
        elif not inside and ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif not inside and ch in "]}":
            level -= 1
    return deepest


@pytest.mark.parametrize("shape", HOSTILE)
def test_the_depth_check_reads_its_text_in_bounded_pieces(shape: str) -> None:
    """Each 2 MB shape is read once, in slices of at most PIECE characters, with a bounded number
    of steps per slice. (The check this replaced ran one regular expression over the whole text,
    restarting at every ``"`` of an unterminated string: quadratic, 10 s for 64,000 characters.)"""
    text = Slices(HOSTILE[shape])
    pieces = -(-SIZE // bounded_json.PIECE)
    steps = work(lambda: bounded_json.check(text, SIZE, 10**9), most=40 * pieces + 50)
    assert max(text.read) <= bounded_json.PIECE and sum(text.read) <= SIZE
    assert steps <= 40 * pieces + 50


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60), st.integers(1, 9))
def test_the_depth_check_equals_the_definition_across_pieces(text: str, piece: int) -> None:
    """Whatever the text and wherever the pieces end (pieces of 1 to 9 characters here), the
    depth equals the character-at-a-time definition."""
    before = bounded_json.PIECE
    try:
        bounded_json.PIECE = piece
        assert bounded_json.depth(text) == reference_depth(text)
    finally:
        bounded_json.PIECE = before


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=40))
def test_any_motif_stretched_to_2_mb_is_checked_in_bounded_steps(motif: str) -> None:
    """A motif of the characters that matter, repeated to 2 MB: checked in pieces, in bounded
    steps, and the text is refused or parsed as JSON decides, never by a crash."""
    text = stretched(motif)
    pieces = -(-SIZE // bounded_json.PIECE)
    sliced = Slices(text)
    work(lambda: bounded_json.check(sliced, SIZE), most=40 * pieces + 50)
    assert max(sliced.read) <= bounded_json.PIECE
    try:
        json.loads(text) if bounded_json.check(text, SIZE) is None else None
    except ValueError:
        pass


# --------------------------------------------------------------------------- every entry point


def _panels() -> list[Any]:
    """Every registered panel, as the page mounts it."""
    import importlib
    import random

    from panels import registry

    return [importlib.import_module(entry.module).panel(random.Random(1)) for entry in registry.PANELS]


def _entry_points() -> dict[str, Callable[[str], Any]]:
    """Where untrusted text enters: saved records (every panel's, the shared ones, the language
    setting, a record about to be written), imported files (the roster, the journal), links
    (``?lab=``, ``?expr=``, ``?seed=``, ``?budget=``) and the program runner's answer (read by the
    compute worker)."""
    from kit import compute, seed
    from kit.form import FILE_NAME, FILE_TEXT
    from kit.journal import JOURNAL
    from kit.panel import check_record, decode
    from kit.runtime import language_of
    from kit.shared import decode_shared
    from panels.journal import importing
    from panels.notation import jobs
    from panels.notation import panel as dice
    from panels.notation.state import State
    from panels.roster import panel as roster_panel
    from panels.roster.shared import ROSTER

    panels = _panels()
    return {
        "a panel's saved record": lambda text: [decode(panel, text) for panel in panels],
        "a record to be saved": check_record,
        "a shared record": lambda text: [decode_shared(shared, text) for shared in (ROSTER, JOURNAL)],
        "the language setting": language_of,
        "a roster file": lambda text: roster_panel.import_file(
            roster_panel.State(), {FILE_NAME: "x.json", FILE_TEXT: text}
        ),
        "a journal file": lambda text: importing.read(text, "2026-12-04T20:00:00"),
        "?lab=": lambda text: dice.start(State(), {}, {"lab": text}),
        "?expr=": lambda text: dice.start(State(), {}, {"expr": text}),
        "?seed=": seed.from_address,
        "?budget=": lambda text: compute.budget_from(text, 60.0),
        "the runner's answer": lambda text: jobs.lab(["3d6"], text),
    }


ENTRY_POINTS = _entry_points()
# A fixed number of steps per piece the check reads, and per entry point besides: a Python loop
# over the characters (or the tokens) of 2 MB would take millions.
MOST = 50_000


@pytest.mark.parametrize("shape", HOSTILE)
@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_every_entry_point_reads_2_mb_of_hostile_text_in_bounded_work(entry: str, shape: str) -> None:
    """Each entry point, on each 2 MB shape: a bounded number of steps, no regular expression but
    the JSON parser's own, and an answer (a refusal, a default, a message), never a crash."""
    work(lambda: ENTRY_POINTS[entry](HOSTILE[shape]), MOST, LINEAR)


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=40))
def test_every_entry_point_reads_any_motif_stretched_to_2_mb_in_bounded_work(motif: str) -> None:
    """Whatever motif of the characters that matter, repeated to 2 MB, every entry point reads it
    within the same bound."""
    text = stretched(motif)
    for entry in ENTRY_POINTS.values():
        work(lambda entry=entry: entry(text), MOST, LINEAR)


def _link(text: str) -> str:
    """A ``?lab=`` parameter holding ``text`` (as panels.notation.lab_share packs a lab)."""
    import base64
    import zlib

    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


@pytest.mark.parametrize("shape", HOSTILE)
def test_a_lab_link_of_any_hostile_shape_is_refused_in_bounded_work(shape: str) -> None:
    """What a ``?lab=`` link unpacks to is as hostile as its author likes, up to the 64,000 bytes a
    link may unpack to: each shape is refused as a damaged link, in bounded work. Among them the
    118-character link of ``"`` and 31,999 ``\\"`` that froze the page for 20 s."""
    from kit.msg import render
    from panels.notation import panel as dice
    from panels.notation.lab_share import MAX_JSON, MAX_PARAM
    from panels.notation.state import State

    link = _link(HOSTILE[shape][: MAX_JSON - 1])
    assert len(link) <= MAX_PARAM
    opened: list[Any] = []
    work(lambda: opened.append(dice.start(State(), {}, {"lab": link})), MOST, LINEAR)
    assert render(opened[0].error, "en") == "The lab in the link is damaged and was not loaded."


def test_the_118_character_link() -> None:
    """The link itself, as it was sent: refused at once."""
    from panels.notation import panel as dice
    from panels.notation.state import State

    link = _link('"' + '\\"' * 31_999)
    assert len(link) == 118
    opened: list[Any] = []
    steps = work(lambda: opened.append(dice.start(State(), {}, {"lab": link})), MOST, LINEAR)
    assert opened[0].error is not None and steps < 2_000
