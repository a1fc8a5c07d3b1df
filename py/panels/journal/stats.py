"""The journal's statistics, a sub-tool (``kit.part``): luck, dice fairness and outcome counts of
whatever the journal's filters choose (``statistics``; its maths in ``rules.fairness``).

Its part (``Looking``) sees the journal and the filters beside its own state (``Stats``). Nothing
is counted until the GM presses «Посчитать» (``#journal-stats-run``); from then on, a selection of
at most ``INLINE_ENTRIES`` entries of a journal the page holds whole is counted again in the view
whenever the filters or the journal change (once per change: ``_counted`` keeps the last answer);
any selection of a journal the page holds only the newest entries of is tallied by the journal's
store over its index when the GM asks (``AskJournal("stats")``: static/journal-db.js
``Index.tally``, rolls grouped as ``tally.tally_of_json`` groups them) and summarised here,
once per distinct roll; a bigger one of a journal held whole, in the compute worker
(``jobs.stats``). Either answer is marked stale once the filters or the journal move on.

>>> from kit.journal import Entry, Journal
>>> from kit.roll import Roll
>>> from fractions import Fraction
>>> j = Journal().add(Entry("1", "2026-12-01T20:00:00", "roller", "x", "x", who="Кац",
...     roll=Roll("gauss.roll", ((20, 20), (20, 20), (20, 20)), "20", Fraction(1, 8000), below=Fraction(7999, 8000))))
>>> looked = count(Looking(j, Filter(), Stats()), {})
>>> looked.stats.asked
True
>>> from kit.view import texts
>>> [t for t in texts(view(looked), "en") if t.startswith("Кац:")]
['Кац: as usual — on average better than 99% of rolls (n = 1)']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

from kit.form import Form
from kit.journal import Entry, Filter, Journal, entry_to_json
from kit.msg import Msg, Renderable, fixed, grouped, pct
from kit.panel import Answer, AskJournal, Compute, Outcome
from kit.part import Part
from kit.roll import MAX_ODDS
from kit.view import Node, Show, View, table_rows
from panels.journal import text_stats as text
from panels.journal.listing import filter_args
from panels.journal.statistics import (
    DiceCounts,
    Luck,
    Statistics,
    statistics,
    statistics_from_json,
    summarise,
)
from panels.journal.tally import tally_from_json
from panels.shell import fairness
from panels.shell.outcomes import outcome_word

__all__ = ["INLINE_ENTRIES", "PART", "Looking", "Stats", "count", "counted", "die_name", "share", "view"]

INLINE_ENTRIES = 5_000  # counted on the page at once (~1.5 µs an entry in CPython): within a frame


@dataclass(frozen=True)
class Stats:
    """The sub-tool's own state: whether the GM asked (then light selections follow by
    themselves), and the worker's answer for a big one, with the filter and the journal's
    entries it was counted for."""

    asked: bool = False
    found: Statistics | None = None
    chosen: Filter | None = None
    basis: tuple[Entry, ...] | None = None
    pending: bool = False
    failed: bool = False


@dataclass(frozen=True)
class Looking:
    """The part: the journal and the filters (read only) and the statistics' own state."""

    journal: Journal
    chosen: Filter
    stats: Stats


PART: Part[Any, Looking] = Part(
    lambda whole: Looking(whole.journal, whole.chosen, whole.stats),
    lambda whole, part: replace(whole, stats=part.stats),
)

_LAST: list[tuple[tuple[Entry, ...], Filter, Statistics]] = []  # the last light count


def _counted(journal: Journal, chosen: Filter) -> Statistics:
    """The statistics of the journal's entries ``chosen`` keeps, counted once per change."""
    if _LAST and _LAST[0][0] is journal.entries and _LAST[0][1] == chosen:
        return _LAST[0][2]
    found = statistics(journal.select(chosen))
    _LAST[:] = [(journal.entries, chosen, found)]
    return found


def _light(looking: Looking) -> bool:
    """Whether the page holds the whole journal and it is small enough to count here."""
    return looking.journal.complete and len(looking.journal.entries) <= INLINE_ENTRIES


def count(looking: Looking, form: Form) -> Looking | Outcome[Looking]:
    """«Посчитать»: at once for a light selection (the view counts it), else in the worker."""
    asked = replace(looking.stats, asked=True, failed=False)
    if _light(looking):
        return replace(looking, stats=replace(asked, found=None, pending=False))
    chosen, basis = looking.chosen, looking.journal.entries
    pending = replace(asked, pending=True, chosen=chosen, basis=basis)
    done = partial(counted, chosen, basis)
    if looking.journal.complete:
        entries = [entry_to_json(e) for e in looking.journal.select(chosen)]
        ask = Compute("journal.stats", {"entries": entries}, done, text.COUNTING, failed=_failed)
        return Outcome(replace(looking, stats=pending), effects=(ask,))
    # the journal's store tallies the selection over its index (static/journal-db.js Index.tally)
    tallied = partial(_tallied, chosen, basis)
    return Outcome(
        replace(looking, stats=pending),
        effects=(AskJournal("stats", {"filter": filter_args(chosen)}, tallied),),
    )


def _tallied(chosen: Filter, basis: tuple[Entry, ...], looking: Looking, answer: dict[str, Any]) -> Looking:
    """The store's tally of the selection, summarised here (the exact work, once per distinct
    roll: ``statistics.summarise``)."""
    if not _current(chosen, basis, looking):
        return looking
    try:
        found = summarise(tally_from_json(answer))
    except ValueError:  # no tally (the store failed, or was refused): said as a failed count
        return _found(chosen, basis, looking, None)
    return _found(chosen, basis, looking, found)


def counted(chosen: Filter, basis: tuple[Entry, ...], looking: Looking, answer: Answer[Any]) -> Looking:
    """The worker's statistics; kept for the filter and entries they were counted for."""
    if not _current(chosen, basis, looking):
        return looking
    return _found(chosen, basis, looking, statistics_from_json(answer.result) if answer.ok else None)


def _current(chosen: Filter, basis: tuple[Entry, ...], looking: Looking) -> bool:
    """Whether an answer asked for ``chosen`` over ``basis`` is the one awaited (else dropped)."""
    stats = looking.stats
    return stats.pending and stats.chosen == chosen and stats.basis is basis


def _found(chosen: Filter, basis: tuple[Entry, ...], looking: Looking, found: Statistics | None) -> Looking:
    """Statistics counted elsewhere (``None``: they could not be), kept for the filter and
    entries they were asked for; an answer to an older question is dropped."""
    stats = looking.stats
    if not _current(chosen, basis, looking):
        return looking
    if found is None:
        return replace(looking, stats=replace(stats, pending=False, failed=True))
    return replace(looking, stats=replace(stats, pending=False, found=found))


def _failed(looking: Looking, answer: Answer[Any]) -> Looking:
    return replace(looking, stats=replace(looking.stats, pending=False, failed=True))


# --------------------------------------------------------------------------- view


def _who(name: str) -> Renderable:
    return name or text.NOBODY


def _rule(code: str) -> Renderable:
    return text.RULES.get(code, code)


def _luck_line(luck: Luck) -> Renderable:
    """«Кац: везёт — в среднем лучше 68 % бросков (n = 140)»."""
    words = {"lucky": text.LUCKY, "unlucky": text.UNLUCKY}.get(luck.lean, text.EVEN)
    return words(
        who=_who(luck.who),
        share=share(luck.mean),
        n=grouped(luck.n),
    )


def _luck(found: Statistics) -> tuple[Node, ...]:
    if not found.luck:
        return (Node("h4", text.LUCK), Node("p", text.NO_LUCK, cls="muted"))
    overall = [luck for luck in found.luck if not luck.rule]
    lines = tuple(
        Node("li", _luck_line(luck), cls="stats-luck", attrs=(("data-lean", luck.lean),)) for luck in overall
    )
    rows = table_rows(
        (
            _who(luck.who),
            _rule(luck.rule) if luck.rule else text.EVERY_RULE,
            grouped(luck.n),
            share(luck.mean),
            text.LEAN[luck.lean],
        )
        for luck in found.luck
    )
    more = Node(
        "details",
        cls="stats-more",
        children=(
            Node("summary", text.LUCK_MORE),
            _table(text.LUCK_COLUMNS, rows),
            Node("p", text.LUCK_NOTE, cls="muted"),
        ),
    )
    return (Node("h4", text.LUCK), Node("ul", cls="stats-luck-lines", children=lines), more)


def share(mean: float) -> Renderable:
    """A mean rank as a whole percentage, from 1 % to 99 % (it is never 0 or 1)."""
    return pct(Fraction(min(99, max(1, round(mean * 100))), 100), 0)


def _table(columns: tuple[Msg, ...], rows: tuple[Node, ...]) -> Node:
    head = Node("thead", children=table_rows([columns], header="col"))
    return Node(
        "div", cls="table-wrap", children=(Node("table", children=(head, Node("tbody", children=rows))),)
    )


def die_name(dice: DiceCounts) -> str:
    return "dF" if dice.fudge else f"d{dice.sides}"


def _dice(found: Statistics) -> tuple[Node, ...]:
    if not found.dice:
        return (Node("h4", text.DICE), Node("p", text.NO_DICE, cls="muted"))
    nodes: list[Node] = [Node("h4", text.DICE)]
    for dice in found.dice:
        what = (text.HAND if dice.by_hand else text.PAGE)(die=die_name(dice))
        ident = f"journal-stats-{'hand' if dice.by_hand else 'page'}-{die_name(dice)}"
        if dice.n:
            labels = [("+" if f > 0 else "−" if f < 0 else "0") if dice.fudge else str(f) for f in dice.faces]
            nodes.append(fairness.figure(ident, what, dice.fairness(), labels))
        if dice.off:
            nodes.append(Node("p", text.OFF(die=what, n=grouped(dice.off)), cls="muted"))
    return tuple(nodes)


def _outcomes(found: Statistics) -> tuple[Node, ...]:
    """Per rule, a line (how many rolls) that opens the table of its outcomes."""
    if not found.outcomes:
        return ()
    nodes: list[Node] = [Node("h4", text.OUTCOMES)]
    unexpected = {rule: (n, of) for rule, n, of in found.unexpected}
    for rule in dict.fromkeys(o.rule for o in found.outcomes):
        mine = [o for o in found.outcomes if o.rule == rule]
        rows = table_rows(
            (
                outcome_word(rule, o.outcome),
                grouped(o.count),
                "—" if o.expected is None else fixed(o.expected, 1),
            )
            for o in mine
        )
        said = text.RULE_ROLLS(rule=_rule(rule), n=grouped(sum(o.count for o in mine)))
        parts = [Node("summary", said), _table(text.OUTCOME_COLUMNS, rows)]
        if rule in unexpected and any(o.expected is None for o in mine):
            parts.append(Node("p", _why_unexpected(rule, *unexpected[rule]), cls="muted stats-why"))
        nodes.append(Node("details", cls="stats-more", children=tuple(parts)))
    return tuple(nodes)


def _why_unexpected(rule: str, n: int, of: int) -> Renderable:
    """Why a rule's expected counts are «—»: some of its rolls keep only the odds of what came
    (a dice line of more than ``MAX_ODDS`` totals; any rule's rolls saved before the odds were kept)."""
    if rule == "notation":
        return text.NO_ODDS_LINE(n=grouped(n), of=grouped(of), most=MAX_ODDS)
    return text.NO_ODDS_OLD(n=grouped(n), of=grouped(of))


_SHOWN: list[tuple[Statistics, tuple[Node, ...]]] = []  # the last statistics shown, as nodes


def _shown(found: Statistics) -> tuple[Node, ...]:
    """The statistics as nodes, made once per answer (the journal panel is rendered again after
    every action; the same nodes are then compared at once, and their markup made once)."""
    if _SHOWN and _SHOWN[0][0] is found:
        return _SHOWN[0][1]
    nodes = _make_shown(found)
    _SHOWN[:] = [(found, nodes)]
    return nodes


def _make_shown(found: Statistics) -> tuple[Node, ...]:
    if not found.rolls:
        return (Node("p", text.NONE, cls="muted"),)
    return (
        Node("p", text.COUNTED(rolls=grouped(found.rolls), secret=grouped(found.secret)), cls="muted"),
        Node("section", cls="stats-block", children=_luck(found)),
        Node("section", cls="stats-block", children=_dice(found)),
        Node("section", cls="stats-block", children=_outcomes(found)),
    )


def view(looking: Looking) -> View:
    stats = looking.stats
    status: Renderable = ""
    found: Statistics | None = None
    if not stats.asked:
        status = text.ASK
    elif stats.pending:
        status = text.PENDING
    elif _light(looking):
        found = _counted(looking.journal, looking.chosen)
    else:
        found = stats.found
        if stats.failed:
            status = text.FAILED
        elif found is None:  # asked while the journal was light; now it is counted from the store
            status = text.HEAVY
        elif found is not None and (
            stats.chosen != looking.chosen or stats.basis is not looking.journal.entries
        ):
            status = text.STALE
    return {
        "journal-stats-status": Show(text=status, hidden=not status),
        "journal-stats-result": Show(children=_shown(found) if found is not None else ()),
    }
