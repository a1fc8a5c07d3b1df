"""The players' screen's settings, as the GM left them: the window's language, how the threat bag
shows, whether names show, the curtain, and where the screen was last cleared.

>>> dump(State(bag="dark", cleared=("2026-12-01T20:00:00", "e1")))
{'lang': 'ru', 'bag': 'dark', 'names': True, 'curtain': False, 'cleared': ['2026-12-01T20:00:00', 'e1']}
>>> load(dump(State(curtain=True))).curtain
True
>>> load({"lang": "de", "bag": "none", "names": True, "curtain": False, "cleared": None})
Traceback (most recent call last):
...
ValueError: the players' window speaks ru or en, not 'de'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit import undo as kit_undo
from kit.journal import LogMark
from kit.msg import LANGUAGES

__all__ = ["BAG_MODES", "FALLBACK", "State", "dump", "load"]

BAG_MODES = ("none", "dark", "whole")  # the threat bag: not shown, its dark dice counted, all of it


@dataclass(frozen=True)
class State:
    """``cleared``: the newest journal entry when the GM last cleared the screen (older ones stay
    off it); ``newest``: the journal's newest entry now (followed, not saved); ``undo``: what a
    clear took (the mark before it)."""

    lang: str = "ru"
    bag: str = "none"
    names: bool = True
    curtain: bool = False
    cleared: LogMark | None = None
    newest: LogMark | None = None
    undo: kit_undo.Undo[LogMark | None] | None = None


# A record that does not load: the curtain down, the bag not shown (the safe side).
FALLBACK = State(curtain=True)


def dump(state: State) -> dict[str, Any]:
    return {
        "lang": state.lang,
        "bag": state.bag,
        "names": state.names,
        "curtain": state.curtain,
        "cleared": None if state.cleared is None else list(state.cleared),
    }


def _mark(raw: Any) -> LogMark | None:
    if raw is None:
        return None
    if not (
        isinstance(raw, list) and len(raw) == 2 and all(isinstance(p, str) and len(p) <= 80 for p in raw)
    ):
        raise ValueError("the screen's clear mark is [time, id]")
    return (raw[0], raw[1])


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything malformed."""
    if not isinstance(raw, dict):
        raise ValueError("the players' screen settings must be an object")
    lang, bag = raw.get("lang"), raw.get("bag")
    if lang not in LANGUAGES:
        raise ValueError(f"the players' window speaks ru or en, not {lang!r}")
    if bag not in BAG_MODES:
        raise ValueError(f"no way to show the bag called {bag!r}")
    names, curtain = raw.get("names"), raw.get("curtain")
    if not isinstance(names, bool) or not isinstance(curtain, bool):
        raise ValueError("names and curtain are true or false")
    return State(lang, bag, names, curtain, _mark(raw.get("cleared")))
