"""What the players may see: the one place that decides it. The GM's page sends the result of
``message`` on the channel ``gm-players``, and the players' window (static/players.js) shows
exactly its texts, nothing else; so nothing secret may ever be in it.

The rules, each checked by tests/unit/test_audience_public.py:

- **Only rolls, only as data.** A journal entry shows if it carries its roll as data
  (``Entry.roll``); the big result is the newest such entry that is not secret, worded from the
  roll (its rule, its outcome code, its value), never by reading its sentence. Entries without a
  roll (bag changes, wounds, money, converted logs) stay off. A reveal marks its entry in place,
  so a revealed roll shows from its own data.
- **A secret entry is one fixed line.** Hidden and not revealed: «Мастер бросил за ширмой» and the
  minute it happened; no dice, no count of dice, no outcome, no name, no «зачем». Of its roll only
  whether there is one is read. Once revealed it shows like any other.
- **Threat checks never carry a threshold.** They are worded from their data (the die kept and
  what it brought), never from their sentence, which holds T; the bag shows as the GM chose
  (nothing, its dark dice counted, or all of it) and its thresholds only while screen mode is off.
  While screen mode is on the bag's counts are its composition, not what is left of an exhaustible
  bag (what is left would tell what a hidden draw took).
- **The curtain** sends the curtain's line and nothing else.
- **Small reads**: at most ``SCAN`` of the newest entries are looked at.

>>> from fractions import Fraction
>>> from kit.journal import Entry, Journal
>>> from kit.roll import Roll
>>> roll = Roll("gauss.roll", ((20, 7), (20, 12), (20, 20)), "13", Fraction(1, 40), total=39)
>>> j = Journal().add(Entry("1", "2026-12-01T20:05:09", "roller", "3d20 → 13", "3d20 → 13", who="Кац", roll=roll))
>>> shown = message(State(), j, None, True)
>>> shown["last"]["value"], shown["last"]["label"], shown["last"]["who"], shown["last"]["time"]
('13', 'GaussD20', 'Кац', '20:05')
>>> message(State(curtain=True), j, None, True)
{'v': 1, 'lang': 'ru', 'title': 'Экран для игроков', 'curtain': 'Мастер задёрнул занавес'}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from typing import Any

from kit.journal import Entry, Journal, mark_of
from kit.msg import Cat, Renderable, render
from kit.roll import Roll
from panels.audience import text
from panels.audience.state import State
from panels.shell.outcomes import outcome_word
from rules.threat import BagState

__all__ = ["LINES", "MAX_CHARS", "SCAN", "message", "message_text"]

SCAN = 200  # newest journal entries looked at, at most
LINES = 6  # lines under the big result
MAX_CHARS = 300  # of one line: the room reads results, not converted logs
VERSION = 1


def newest(journal: Journal, count: int, /) -> Iterator[Entry]:
    """The journal's ``count`` newest entries, newest first (the only read of the journal here)."""
    return islice(journal.entries, count)


def _clip(line: str) -> str:
    return line if len(line) <= MAX_CHARS else line[: MAX_CHARS - 1] + "…"


def _outcome_word(roll: Roll) -> Renderable:
    """The roll's outcome for the room: its value, or its code in words."""
    return outcome_word(roll.rule, roll.outcome)


def _threat_line(roll: Roll) -> Renderable:
    """A threat check from its data: the colour of the die kept (a second threat colour by its
    place), its number, and what it brought; never the threshold."""
    kind, _, place = roll.outcome.partition(".")
    drawn: Renderable = text.DREW_LIGHT if kind == "light" else text.DARK_NAMED
    if kind != "light" and place:
        drawn = Cat((text.DARK_NAMED, f"№{place}"), " ")
    verdict = text.NO_EVENT if kind in ("dark", "light") else outcome_word(roll.rule, kind)
    if roll.total is None:
        return text.THREAT_LINE_NO_VALUE(drawn=drawn, verdict=verdict)
    return text.THREAT_LINE(drawn=drawn, value=roll.total, verdict=verdict)


def _sentence(entry: Entry, roll: Roll, lang: str) -> str:
    """The line the room reads for a public entry: a threat check from its data, any other
    roll's own sentence (public: it is not secret)."""
    if roll.rule == "threat.check":
        return render(_threat_line(roll), lang)
    return _clip(entry.en if lang == "en" else entry.ru)


def _time(entry: Entry) -> str:
    return entry.time[11:16]


def _bag(state: State, bag: BagState | None, screen: bool, lang: str) -> dict[str, Any] | None:
    if state.bag == "none" or bag is None:
        return None
    full = bag.composition
    counts = bag.left if bag.exhaustible and not screen else full

    def count(i: int) -> Renderable:
        if counts[i] == full[i]:
            return full[i]
        return text.LEFT_OF(left=counts[i], n=full[i])

    if state.bag == "dark":
        dark = sum(counts[1:])
        shown: Renderable = dark if dark == sum(full[1:]) else text.LEFT_OF(left=dark, n=sum(full[1:]))
        rows: list[Renderable] = [text.DARK_COUNT(n=shown)]
    else:
        rows = [text.LIGHT_COUNT(n=count(0))]
        for i, track in enumerate(bag.tracks, start=1):
            row: Renderable = text.COLOUR_COUNT(colour=track.name, n=count(i))
            if not screen:
                row = Cat((row, text.THRESHOLD(t=track.threshold)), ", ")
            rows.append(row)
    return {"title": render(text.BAG_TITLE, lang), "rows": [render(r, lang) for r in rows]}


def message(state: State, journal: Journal, bag: BagState | None, screen: bool) -> dict[str, Any]:
    """What the players' window shows, as JSON-able data, in the language picked for it
    (``state.lang``). ``bag`` and ``screen``: the threat panel's bag and screen mode."""
    lang = state.lang
    head = {"v": VERSION, "lang": lang, "title": render(text.WINDOW_TITLE, lang)}
    if state.curtain:
        return {**head, "curtain": render(text.CURTAIN_SHOWN, lang)}
    last: dict[str, str] | None = None
    lines: list[dict[str, str]] = []
    for entry in newest(journal, SCAN):
        if len(lines) >= LINES and last is not None:
            break
        if state.cleared is not None and mark_of(entry) <= state.cleared:
            continue
        if entry.roll is None:
            continue  # no roll as data: not a result for the room
        if entry.secret:
            if len(lines) < LINES:
                lines.append({"time": _time(entry), "text": render(text.BEHIND_SCREEN, lang)})
            continue
        roll = entry.roll
        said = _sentence(entry, roll, lang)
        named = {"who": entry.who} if state.names and entry.who else {}
        if last is None:
            last = {
                "time": _time(entry),
                "label": render(text.RULES.get(roll.rule, ""), lang),
                "value": _clip(render(_outcome_word(roll), lang)),
                "text": said,
                **named,
            }
        elif len(lines) < LINES:
            lines.append({"time": _time(entry), "text": said, **named})
    shown: dict[str, Any] = {**head, "last_title": render(text.LAST, lang)}
    if last is None:
        shown["empty"] = render(text.NOTHING_YET, lang)
    else:
        shown["last"] = last
    if lines:
        shown["lines_title"] = render(text.LINES, lang)
        shown["lines"] = lines
    bag_shown = _bag(state, bag, screen, lang)
    if bag_shown is not None:
        shown["bag"] = bag_shown
    return shown


def message_text(state: State, journal: Journal, bag: BagState | None, screen: bool) -> str:
    """``message`` as the JSON text the page sends (keys sorted: equal messages, equal texts)."""
    return json.dumps(message(state, journal, bag, screen), ensure_ascii=False, sort_keys=True)
