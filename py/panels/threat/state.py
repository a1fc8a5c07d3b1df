"""The threat panel's state: the bag, the chosen colour, the journal, the undo stack, the settings.

Everything a GM sees depends on this one frozen value (the view renders it), and everything that
survives a reload is ``dump(state)``. ``load`` refuses anything malformed (``ValueError``); the kit
then starts from ``FALLBACK``, which has the screen mode on: if we cannot read whether the screen
was up, we hide the secrets rather than show them to the players. The journal is read line by line
(``rules.threat_journal``): a damaged line is set aside (kept in the record under ``aside``,
offered for download with a notice), the others stay. Screen mode is also the default for a new
GM (seed 003: «Не раскрывайте числа без нужды»; docs/rules/threat.md).

The sub-tools see it through parts of their own (``panels.threat.parts``, ``kit.part``); the
state stays flat, so the saved record keeps its shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from kit import undo as kit_undo
from kit.merge import merge_by_id
from kit.msg import Renderable
from panels.threat.words import DEFAULT_NAME, default_bag
from rules import threat, threat_journal
from rules.threat_journal import Line

__all__ = [
    "FALLBACK",
    "Cleared",
    "Took",
    "FORECAST_BUDGET",
    "FORECAST_HORIZON",
    "JOURNAL_SIZE",
    "ForecastKey",
    "Forecasted",
    "UNDO_SIZE",
    "State",
    "Undo",
    "dump",
    "forecast_cost",
    "legacy",
    "load",
    "same_line",
]

UNDO_SIZE = 50
JOURNAL_SIZE = 500
ASIDE_SIZE = 100  # damaged journal lines kept aside in the record
FORECAST_HORIZON = 20
# Work units (bag remainders × T levels): the main thread's old bound, up to which a forecast once ran
# on the page (measured ≤ 0.08 s on CPython at 2000, Pyodide 2–3× slower); the heaviest such bag
# is the tests' and the bench's reference. Where no worker runs the kit now refuses sooner
# (panels.threat.jobs.forecast_steps); the worker accepts more (panels.threat.jobs.WORKER_BUDGET).
FORECAST_BUDGET = 2000
RETRIED = frozenset({"cancelled", "superseded"})  # stops not of the forecast's making
LEGACY_KEYS = ("gm.threat.state", "gm.threat.undo", "gm.threat.journal", "gm.threat.settings")


@dataclass(frozen=True)
class Undo:
    """One step of the panel, to be undone: the bag before it, the journal ``line`` it wrote
    (``None``: it wrote none; its ``id`` is the entry's in the journal of the evening, which undo
    removes too), and ``what`` names a step that wrote no line (``"refill"``: a refill of a full bag)."""

    bag: threat.BagState
    line: Line | None = None
    what: str = ""


@dataclass(frozen=True)
class Took:
    """What «Очистить журнал» took: the ``lines``, the ``last`` undo step then (while it is still
    the last and the journal empty, the clear is the last step: «Отменить» gives the lines back),
    and the clear ``before`` it that was still on offer (given back in its turn)."""

    lines: tuple[Line, ...]
    last: Undo | None = None
    before: Cleared | None = None

    def without(self, line: Line) -> Took:
        """The same, without ``line`` (its step was undone)."""
        before = (
            None if self.before is None else kit_undo.offer(self.before.value.without(line), self.before.said)
        )
        return Took(tuple(kept for kept in self.lines if not same_line(kept, line)), self.last, before)


def same_line(one: Line, other: Line) -> bool:
    """One line of the journal: the same entry's (a line saved before ids: an equal one)."""
    return one.id == other.id if other.id else one == other


Cleared = kit_undo.Undo[Took]  # what a clear took, offered back
ForecastKey = tuple[threat.BagState, str, str]  # what the forecast depends on: bag, roll, colour


@dataclass(frozen=True)
class Forecasted:
    """The forecast of ``key`` as the compute worker gave it (not saved: asked again on start):
    ``pending`` while asked, then ``result`` (``None``: no event can happen), or ``refused``
    (cost estimate, budget) or ``stopped`` (the kit's code: ``timeout``, ``memory``, ``cancelled``
    by the GM or by leaving the tab, ``superseded`` by another panel's request, …)."""

    key: ForecastKey
    pending: bool = False
    result: threat.Forecast | None = None
    refused: tuple[int, int] | None = None
    stopped: str = ""

    @property
    def settled(self) -> bool:
        """Whether asking again for the same key is pointless: it was answered, or it ran out of
        time or memory (a cancelled or superseded request is asked again by the next action)."""
        return self.stopped not in RETRIED


@dataclass(frozen=True)
class State:
    """``track`` is the colour the sliders edit; ``last`` the last check (its dice are shown);
    ``note`` a short message in the result line; ``journal_note`` one next to the journal;
    ``cleared`` what «Очистить журнал» took (``kit.undo``: «Отменить» gives it back); ``aside``
    the damaged saved lines set aside (raw), ``aside_new`` how many this load found."""

    bag: threat.BagState = field(default_factory=default_bag)
    track: str = DEFAULT_NAME
    journal: tuple[Line, ...] = ()
    undo: tuple[Undo, ...] = ()
    screen: bool = True
    fc_roll: str = "normal"
    rec_colour: str = DEFAULT_NAME
    last: threat.JournalEntry | None = None
    note: Renderable | None = None
    journal_note: Renderable | None = None
    forecast: Forecasted | None = None  # a heavy forecast from the worker (light ones: in the view)
    cleared: Cleared | None = None
    aside: tuple[Any, ...] = ()
    aside_new: int = 0


FALLBACK = State(screen=True)


def forecast_cost(bag: threat.BagState, track: str | None = None) -> int:
    """Rough work estimate for ``checks_until_event_distribution``: bag remainders × T levels.

    Only an exhaustible bag has many remainders; a plain bag is always cheap (a few ms).
    """
    if not bag.exhaustible:
        return 0
    target = bag.tracks[bag.track_index(track)]
    others = bag.dark - target.dice
    levels, t = 1, target.threshold
    while target.step and t < threat.MAX_THRESHOLD:
        t = min(threat.MAX_THRESHOLD, t + target.step)
        levels += 1
    return (bag.light + 1) * (target.dice + 1) * (others + 1) * levels


# --------------------------------------------------------------------------- saved data


def _line_key(line: Line) -> object:
    """A line's identity across tabs: its journal entry's id (a line saved before ids: itself)."""
    return line.id or line


def merge_lines(base: tuple[Line, ...], mine: tuple[Line, ...], theirs: tuple[Line, ...]) -> tuple[Line, ...]:
    """Two tabs' journals, oldest first: every line either wrote, each once (by id), in the order
    they were written (ids begin with the time); one a tab undid since ``base`` goes."""
    joined = merge_by_id(base, mine, theirs, key=_line_key)
    dated = sorted((line for line in joined if line.id), key=lambda line: line.id)
    return (*(line for line in joined if not line.id), *dated)[-JOURNAL_SIZE:]


def _added_tracks(base: threat.BagState, other: threat.BagState, into: threat.BagState) -> threat.BagState:
    """``into`` with the threat colours ``other`` added or removed since ``base`` (colours are
    entries: a colour added in two tabs at once is kept from both; the dark dice stay within the
    bag's limit)."""
    known = {t.name.casefold() for t in base.tracks}
    have = {t.name.casefold() for t in into.tracks}
    bag = into
    for track in other.tracks:
        name = track.name.casefold()
        if name in known or name in have or len(bag.tracks) >= threat.MAX_TRACKS:
            continue
        dice = min(track.dice, threat.MAX_DARK - bag.dark)
        bag = threat.add_track(
            bag, track.name, dice=dice, base=track.base, threshold=track.threshold, step=track.step
        )
        have.add(name)
    kept = {t.name.casefold() for t in other.tracks}
    for track in base.tracks:
        name = track.name.casefold()
        gone = name not in kept and name in {t.name.casefold() for t in bag.tracks}
        if gone and len(bag.tracks) > 1 and bag.track(track.name) == track:  # a change wins over a removal
            bag = threat.remove_track(bag, track.name)
    return bag


def merge(base: State, mine: State, theirs: State, mine_is_newer: bool) -> State:
    """Two tabs' threat panels: every check of both stays in the journal, line by line (by its
    journal entry's id, as in the journal of the evening), and the threat colours either tab added
    or removed stay so; the other settings and the undo steps are the newer tab's (the colours the
    older one added are added to its steps' bags too, so an undo does not take them away)."""
    journal = merge_lines(base.journal, mine.journal, theirs.journal)
    aside = (*theirs.aside, *(a for a in mine.aside if a not in theirs.aside))[-ASIDE_SIZE:]
    newer, older = (mine, theirs) if mine_is_newer else (theirs, mine)
    bag = _added_tracks(base.bag, older.bag, newer.bag)
    undo = newer.undo
    if bag != newer.bag:
        undo = tuple(replace(u, bag=_added_tracks(base.bag, older.bag, u.bag)) for u in newer.undo)
    names = [t.name for t in bag.tracks]
    track = newer.track if newer.track in names else names[0]
    return replace(newer, bag=bag, track=track, journal=journal, undo=undo, aside=aside)


def dump(state: State) -> dict[str, Any]:
    return {
        "bag": state.bag.to_dict(),
        "track": state.track,
        "journal": [threat_journal.entry_to_data(e) for e in state.journal],
        "undo": [_dump_undo(u) for u in state.undo],
        "screen": state.screen,
        "fc_roll": state.fc_roll,
        "rec_colour": state.rec_colour,
        **({"aside": list(state.aside)} if state.aside else {}),
    }


def _dump_undo(step: Undo) -> dict[str, Any]:
    line = None if step.line is None else threat_journal.entry_to_data(step.line)
    return {"state": step.bag.to_dict(), "line": line, **({"what": step.what} if step.what else {})}


UNDO_WHATS = ("", "refill")


def _undo(raw: Any, lines: tuple[Line, ...]) -> tuple[Undo, ...]:
    """The saved undo steps; a record written before steps kept their lines gives the journal's
    length after the step (``journal``), read as the line there."""
    if not isinstance(raw, list):
        raise ValueError("the undo stack must be a list")
    out = []
    for item in raw[-UNDO_SIZE:]:
        if not isinstance(item, dict) or not (
            {"state", "journal"} == set(item) or {"state", "line"} <= set(item)
        ):
            raise ValueError("an undo entry has a state and its journal line")
        line: Line | None = None
        if "journal" in item:
            mark = item["journal"]
            if mark is not None and (type(mark) is not int or mark < 0):
                raise ValueError("an undo entry's journal mark is a count")
            line = lines[mark - 1] if mark and mark <= len(lines) else None
        elif item["line"] is not None:
            line = threat_journal.entry_from_data(item["line"])
        what = item.get("what", "")
        if what not in UNDO_WHATS:
            raise ValueError(f"unknown undo step {what!r}")
        out.append(Undo(threat.BagState.from_dict(item["state"]), line, what))
    return tuple(out)


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything malformed."""
    if not isinstance(raw, dict):
        raise ValueError("the threat state must be an object")
    bag = threat.BagState.from_dict(raw.get("bag"))
    journal = raw.get("journal")
    if not isinstance(journal, list):
        raise ValueError("the journal must be a list")
    screen = raw.get("screen")
    if not isinstance(screen, bool):
        raise ValueError("the screen setting must be true or false")
    fc_roll = raw.get("fc_roll")
    if fc_roll not in threat.ROLLS:
        raise ValueError(f"unknown forecast roll {fc_roll!r}")
    names = [t.name for t in bag.tracks]
    track, rec_colour = raw.get("track"), raw.get("rec_colour")
    if track not in names:
        raise ValueError(f"no threat colour {track!r}")
    if rec_colour not in bag.colours:
        raise ValueError(f"no colour {rec_colour!r}")
    kept_aside = raw.get("aside", [])
    if not isinstance(kept_aside, list):
        raise ValueError("the lines set aside must be a list")
    lines, aside = threat_journal.journal_from_data(journal[-JOURNAL_SIZE:])
    # a line left out: an old record's undo marks no longer count lines
    undo = _undo(raw.get("undo"), () if aside else lines)
    return State(
        bag=bag,
        track=track,
        journal=lines,
        undo=undo,
        screen=screen,
        fc_roll=fc_roll,
        rec_colour=rec_colour,
        aside=(*kept_aside, *aside)[-ASIDE_SIZE:],
        aside_new=len(aside),
    )


def legacy(read: Callable[[str], Any]) -> dict[str, Any] | None:
    """What the panel saved before the kit (four ``gm.threat.*`` keys), in ``dump``'s shape.

    An unreadable screen setting counts as screen mode on (the safe side); any other damaged
    part raises ``ValueError`` (the kit then starts from ``FALLBACK`` and says so).
    """
    bag, undo, journal, settings = (read(key) for key in LEGACY_KEYS)
    if bag is None and undo is None and journal is None and settings is None:
        return None
    bag = default_bag().to_dict() if bag is None else bag
    settings_ok = isinstance(settings, dict)
    settings = settings if settings_ok else {}
    screen = settings.get("screen", False) if settings_ok else settings is not None
    names = (
        [t.get("name") for t in bag.get("tracks", []) if isinstance(t, dict)] if isinstance(bag, dict) else []
    )
    track = settings.get("track") if settings.get("track") in names else (names[0] if names else None)
    return {
        "bag": bag,
        "track": track,
        "journal": [] if journal is None else journal,
        "undo": [] if undo is None else undo,
        "screen": screen if isinstance(screen, bool) else True,
        "fc_roll": settings.get("fc_roll") if settings.get("fc_roll") in threat.ROLLS else "normal",
        "rec_colour": track,
    }
