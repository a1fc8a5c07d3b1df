"""The statistics as a short table for a forum post (pure): each character's luck and each die's
verdict, worded in one language; ``export`` writes it as BBCode or Markdown.

>>> from panels.journal.statistics import DiceCounts, Luck, Statistics
>>> found = Statistics(140, 0, (DiceCounts(True, 20, False, (0,) * 19 + (60,)),), (Luck("Кац", "", 140, 0.68),))
>>> told = summary(found, "ru")
>>> told.title, [t.rows for t in told.tables]
('Статистика', [(('Кац', '140', '68 %', 'везёт'),), (('d20 со стола', '60', 'p < 0,0001', 'подозрительно'),)])
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.msg import render
from panels.journal import text_stats as text
from panels.journal.statistics import Statistics
from panels.journal.stats import die_name, share
from panels.shell import fairness

__all__ = ["Summary", "Table", "summary"]


@dataclass(frozen=True)
class Table:
    """A small table: its column names and rows, all text."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Summary:
    """A post's statistics: a title and its tables (luck, dice), in one language."""

    title: str
    tables: tuple[Table, ...]


def summary(found: Statistics, lang: str, /) -> Summary | None:
    """The statistics of ``found`` worded in ``lang``; ``None`` when there is nothing to tell."""
    tables: list[Table] = []
    luck = [x for x in found.luck if not x.rule]
    if luck:
        rows = tuple(
            (
                x.who or render(text.NOBODY, lang),
                str(x.n),
                render(share(x.mean), lang),
                render(text.LEAN[x.lean], lang),
            )
            for x in luck
        )
        tables.append(Table(tuple(render(m, lang) for m in text.SUMMARY_LUCK), rows))
    dice = []
    for counted in found.dice:
        if not counted.n:
            continue
        tested = counted.fairness()
        what = (text.HAND if counted.by_hand else text.PAGE)(die=die_name(counted))
        p = "—" if tested.p is None else render(fairness.p_value(tested.p), lang)
        dice.append((render(what, lang), str(counted.n), p, render(fairness.VERDICT[tested.verdict], lang)))
    if dice:
        tables.append(Table(tuple(render(m, lang) for m in text.SUMMARY_DICE), tuple(dice)))
    return Summary(render(text.SUMMARY_TITLE, lang), tuple(tables)) if tables else None
