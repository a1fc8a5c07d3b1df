"""Data shared by several panels (e.g. the roster of characters): one saved record of its own.

A ``Shared`` value lives outside every panel's state and is saved as ``gm.shared.NAME`` after every
change. A panel follows it with ``Panel(..., follows=(Follow(SHARED, sync),))``: the kit calls
``sync(state, value) -> state`` when the panel mounts and after every change of the value (from any
panel), and the panel keeps in its state what its view needs, so ``view(state)`` stays pure. An
action changes the value by returning the effect ``Share(SHARED, new_value)`` in its ``Outcome``;
every follower is then synced, saved and re-rendered. A damaged record is dropped (the value starts
from ``initial``) and the ``home`` panel shows the usual notice naming ``what``.

>>> NUMBERS = Shared("numbers", (), dump=list, load=lambda raw: tuple(raw), home="roller", what="numbers")
>>> decode_shared(NUMBERS, encode_shared(NUMBERS, (1, 2)))
Decoded(value=(1, 2), dropped=False, set_aside=0)
>>> decode_shared(NUMBERS, "{oops").dropped, decode_shared(NUMBERS, None).dropped
(True, False)

A value that is a list of entries loads entry by entry: its ``load`` returns ``Salvaged(value,
set_aside)``, the value of the sound entries and how many were set aside (the home panel says so).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from kit import bounded_json
from kit.msg import Renderable

__all__ = [
    "Decoded",
    "Follow",
    "Salvaged",
    "Share",
    "Shared",
    "Sound",
    "decode_shared",
    "encode_shared",
    "sound_part",
]

S = TypeVar("S")
T = TypeVar("T")


class Sound(str):
    """A record's text already known to pass ``kit.panel.check_record`` but for its size: built of
    parts each checked once (``sound_part``), so a save need not parse the whole text again (the
    journal of a long evening is half a megabyte, parsed after every roll: ~0.1 s in CPython).

    >>> part = json.dumps({"ru": "бросок"}, ensure_ascii=False)
    >>> sound_part(part, nesting=3), sound_part('{"a": "\\ud800' + chr(0xD800) + '"}', nesting=3)
    (True, False)
    """

    __slots__ = ()


def sound_part(text: str, /, *, nesting: int) -> bool:
    """Whether ``text`` (JSON made by ``json.dumps``) may sit ``nesting`` levels deep in a record:
    it is UTF-8 and nests no deeper than a record may (``bounded_json.MAX_DEPTH``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return bounded_json.check(text, bounded_json.MAX_CHARS, bounded_json.MAX_DEPTH - nesting) is None


@dataclass(frozen=True)
class Shared(Generic[T]):
    """A value several panels follow. ``dump``/``load`` turn it into JSON-able data and back
    (``load`` raises ``ValueError``/``TypeError``/``KeyError`` on anything malformed, or returns
    ``Salvaged`` when it set some entries aside); ``home`` is the panel that says so, naming the
    value with ``what``. ``merge(base, mine, theirs)`` carries this tab's changes since ``base``
    onto another tab's newer value (without it, the newer value is taken)."""

    name: str
    initial: T
    dump: Callable[[T], Any]
    load: Callable[[Any], T | Salvaged[T]]
    home: str
    what: Renderable
    merge: Callable[[T, T, T], T] | None = None  # (base, mine, theirs): two tabs' changes kept
    # ``json.dumps(dump(value))`` made faster (parts reused); a ``Sound`` text is not parsed again
    text: Callable[[T], str] | None = None

    @property
    def key(self) -> str:
        return f"gm.shared.{self.name}"


@dataclass(frozen=True)
class Follow(Generic[S, T]):
    """A panel follows ``shared``: ``sync(state, value)`` keeps what the panel needs of it."""

    shared: Shared[T]
    sync: Callable[[S, T], S]


@dataclass(frozen=True)
class Share:
    """An effect: ``shared`` becomes ``value`` (saved; every follower synced and re-rendered)."""

    shared: Shared[Any]
    value: Any


def encode_shared(shared: Shared[T], value: T) -> str:
    """The saved record of ``value`` (``shared.text``, when given, writes the same text cheaper)."""
    if shared.text is not None:
        text = shared.text(value)
        record = '{"v": 1, "value": ' + text + "}"
        return Sound(record) if isinstance(text, Sound) else record
    return json.dumps({"v": 1, "value": shared.dump(value)}, ensure_ascii=False)


@dataclass(frozen=True)
class Salvaged(Generic[T]):
    """What a ``Shared.load`` gives when it set entries aside: the value of the sound ones."""

    value: T
    set_aside: int


class Decoded(NamedTuple, Generic[T]):
    """A saved record read back: the value, whether the whole record was dropped as damaged, and
    how many of its entries were set aside."""

    value: T
    dropped: bool
    set_aside: int


def decode_shared(shared: Shared[T], raw: str | None) -> Decoded[T]:
    """The value of a saved record, and what of it was dropped (no record: ``initial``)."""
    if raw is None:
        return Decoded(shared.initial, False, 0)
    try:
        record = bounded_json.loads(raw)
        if not isinstance(record, dict) or record.get("v") != 1 or "value" not in record:
            raise ValueError("not a shared record")
        loaded = shared.load(record["value"])
    except (ValueError, TypeError, KeyError, RecursionError):
        return Decoded(shared.initial, True, 0)
    if isinstance(loaded, Salvaged):
        return Decoded(loaded.value, False, loaded.set_aside)
    return Decoded(loaded, False, 0)
