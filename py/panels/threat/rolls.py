"""A threat check as data (``kit.roll``): the d20s thrown, what the kept die's colour and result
brought, and its exact probability from the bag's odds in force (the odds the panel shows,
``rules.threat.next_event_odds``, for the check's roll type).

Outcome codes, worst first for whoever drew: ``event`` (a threat die under T), ``dark`` (a threat
die kept with no event: T or more, or a 20), ``light``. With several threat colours, each colour
after the first carries its place in the bag: ``event.2``, ``dark.3``; all events come first,
then all safe threat dice, colour by colour, then ``light``.

A table roll («Учесть результат») is by hand, its one d20 the final number typed, its odds those
of a normal check. A number substituted before the roll draws a die but throws none: its odds are
those of the colour drawn, given that number.

>>> from rules import threat
>>> bag = threat.new_state(light=5, dark=1, base=5, step=1)
>>> data = check_data(bag, threat.record(bag, "dark", 3).entry)
>>> data.outcome, data.p, data.by_hand, data.dice
('event', Fraction(1, 30), True, ((20, 3),))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from kit.roll import Roll, ordered
from panels.threat.state import State
from rules import threat

__all__ = ["as_data", "check_data", "codes"]

D20 = 20


def codes(bag: threat.BagState, /) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The event and the safe code of each threat colour, in the bag's order."""
    marks = tuple("" if i == 0 else f".{i + 1}" for i in range(len(bag.tracks)))
    return tuple(f"event{m}" for m in marks), tuple(f"dark{m}" for m in marks)


def _outcome(bag: threat.BagState, entry: threat.JournalEntry) -> str:
    if entry.track is None:
        return threat.LIGHT
    events, safe = codes(bag)
    i = bag.track_index(entry.track)
    return events[i] if entry.event else safe[i]


def _scale(bag: threat.BagState, entry: threat.JournalEntry) -> tuple[tuple[str, Fraction], ...]:
    events, safe = codes(bag)
    if entry.source == "substitute":  # one die drawn; the number decides what each colour brings
        counts = bag.composition if bag.needs_refill("normal") else bag.left
        size = sum(counts)
        odds = {threat.LIGHT: Fraction(counts[0], size)}
        for i, track in enumerate(bag.tracks):
            code = events[i] if entry.kept_value < track.threshold else safe[i]
            odds[code] = odds.get(code, Fraction(0)) + Fraction(counts[i + 1], size)
        return tuple((code, odds.get(code, Fraction(0))) for code in (*events, *safe, threat.LIGHT))
    shown = threat.next_event_odds(bag)
    assert shown is not None  # a check was drawn from this bag
    row = shown[threat.ROLLS.index(entry.roll)]
    return (
        *zip(events, (p for _, p in row.by_track), strict=True),
        *zip(safe, (p for _, p in row.safe_by_track), strict=True),
        (threat.LIGHT, row.light),
    )


def check_data(bag: threat.BagState, entry: threat.JournalEntry, /) -> Roll:
    """The roll of ``entry``, a check drawn from (or recorded against) ``bag``."""
    thrown = () if entry.source == "substitute" else tuple((D20, v) for d in entry.drawn for v in d.rolls)
    if entry.source == "record":
        thrown = ((D20, entry.kept_value),)
    total = None if entry.source == "substitute" else entry.kept_value
    data = ordered("threat.check", thrown, _outcome(bag, entry), _scale(bag, entry), total=total)
    return replace(data, by_hand=entry.source == "record")


def as_data(done: State, entry: object, /) -> Roll | None:
    """The roll of the panel's newest line ``entry`` if it is a check (a change is none); the bag
    it was drawn from is the one its undo step goes back to."""
    if not isinstance(entry, threat.JournalEntry) or not done.undo:
        return None
    return check_data(done.undo[-1].bag, entry)
