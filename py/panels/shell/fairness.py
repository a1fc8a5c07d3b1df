"""A fairness test shown (``rules.fairness``): the verdict in words, a chart of the counts against
a fair die's and the same numbers in a table. The journal's statistics and the converter's
forum dice show it the same way.

The verdict element carries ``data-verdict`` (``few``, ``fine``, ``look``, ``suspicious``), so a
test or a style reads it whatever the language.

>>> from fractions import Fraction
>>> from kit.msg import render
>>> from rules import fairness
>>> found = fairness.check([0] * 19 + [60], fairness.uniform(20))
>>> render(verdict_line("d20", found), "ru")
'd20, бросков: 60 — подозрительно (χ² = 540,0, степеней свободы 9, p < 0,0001; мало бросков, соседние грани объединены по 2 — в каждой группе ожидается не меньше 5).'
>>> render(verdict_line("d6", fairness.check([1, 2, 1, 0, 0, 1], fairness.uniform(6))), "en")
'd6, rolls: 5 — too few to tell (at least 10 are needed: 5 expected per group).'
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.chart import against_legend, bars_against
from kit.msg import Cat, Msg, Renderable, fixed, grouped
from kit.view import Node, table_rows
from rules import fairness

__all__ = ["VERDICT", "figure", "p_value", "verdict_line"]

VERDICT = {
    fairness.FEW: Msg("fairness.few", "мало бросков для вывода", "too few to tell"),
    fairness.FINE: Msg("fairness.fine", "в порядке", "fine"),
    fairness.LOOK: Msg("fairness.look", "стоит присмотреться", "worth a look"),
    fairness.SUSPICIOUS: Msg("fairness.suspicious", "подозрительно", "suspicious"),
}
ROLLS = Msg("fairness.rolls", "{what}, бросков: {n} — {verdict}", "{what}, rolls: {n} — {verdict}")
TESTED = Msg(
    "fairness.tested",
    " (χ² = {statistic}, степеней свободы {df}, {p}",
    " (χ² = {statistic}, {df} degrees of freedom, {p}",
)
POOLED = Msg(
    "fairness.pooled",
    "; мало бросков, соседние грани объединены по {size} — в каждой группе ожидается не меньше 5",
    "; few rolls, so neighbouring faces are pooled by {size}: at least 5 expected in each group",
)
POOLED_UNEVEN = Msg(
    "fairness.pooled_uneven",
    "; мало бросков, соседние значения объединены в {cells} групп — в каждой ожидается не меньше 5",
    "; few rolls, so neighbouring values are pooled into {cells} groups: at least 5 expected in each",
)
TOO_FEW = Msg(
    "fairness.too_few",
    " (нужно хотя бы {least}: по 5 ожидаемых на группу).",
    " (at least {least} are needed: 5 expected per group).",
)
P_BELOW = Msg("fairness.p_below", "p < {p}", "p < {p}")
P_IS = Msg("fairness.p_is", "p = {p}", "p = {p}")
FACE = Msg("fairness.face", "Грань", "Face")
VALUE = Msg("fairness.value", "Значение", "Value")
CAME = Msg("fairness.came", "Выпало", "Came")
FAIR = Msg("fairness.fair", "Ожидалось", "Expected")
CAME_KEY = Msg("fairness.came_key", "выпало", "came")
FAIR_KEY = Msg("fairness.fair_key", "ожидалось у честной кости", "expected of a fair die")
FAIR_SUMS_KEY = Msg(
    "fairness.fair_sums_key", "ожидалось по точному распределению", "expected by the exact odds"
)
NUMBERS = Msg("fairness.numbers", "Числа", "The numbers")
SMALLEST_P = 0.0001  # p-values below this are shown as «p < 0,0001»


def p_value(p: float, /) -> Renderable:
    """«p = 0,0123», or «p < 0,0001» below that."""
    if p < SMALLEST_P:
        return P_BELOW(p=fixed(SMALLEST_P, 4))
    return P_IS(p=fixed(p, 4))


def _least(test: fairness.Fairness) -> int:
    """The fewest rolls that make two cells of this test."""
    n = 1
    while not fairness.cells(test.probabilities, n):
        n += 1
    return n


def verdict_line(what: Renderable, test: fairness.Fairness, /) -> Renderable:
    """What the test says, in one sentence with its figures."""
    head = ROLLS(what=what, n=grouped(test.n), verdict=VERDICT[test.verdict])
    if test.statistic is None or test.p is None:
        return Cat((head, TOO_FEW(least=grouped(_least(test)))))
    parts: list[Renderable] = [
        head,
        TESTED(statistic=fixed(test.statistic, 1), df=test.df, p=p_value(test.p)),
    ]
    if test.pooled:
        sizes = {last - first + 1 for first, last in test.cells[:-1]}
        even = len(sizes) == 1 and len(set(test.probabilities)) == 1
        parts.append(POOLED(size=sizes.pop()) if even else POOLED_UNEVEN(cells=len(test.cells)))
    parts.append(").")
    return Cat(tuple(parts))


def figure(
    ident: str, what: Renderable, test: fairness.Fairness, labels: Sequence[str], /, *, uniform: bool = True
) -> Node:
    """The whole test: its verdict (``data-verdict``), the chart of each outcome's count against
    its expected count (``aria-hidden``: the table below holds the same numbers) and the table."""
    expected = [float(e) for e in test.expected]
    chart = Node(
        "div",
        cls="fairness-chart",
        attrs=(("aria-hidden", "true"),),
        children=(bars_against(labels, test.observed, expected),),
    )
    key = Node(
        "ul",
        cls="legend",
        attrs=(("aria-hidden", "true"),),
        children=against_legend(CAME_KEY, FAIR_KEY if uniform else FAIR_SUMS_KEY),
    )
    rows = table_rows(
        (label, str(seen), fixed(fair, 1))
        for label, seen, fair in zip(labels, test.observed, expected, strict=True)
    )
    head = table_rows([(FACE if uniform else VALUE, CAME, FAIR)], header="col")
    table = Node(
        "details",
        cls="fairness-numbers",
        children=(
            Node("summary", NUMBERS),
            Node(
                "div",
                cls="table-wrap",
                children=(
                    Node("table", children=(Node("thead", children=head), Node("tbody", children=rows))),
                ),
            ),
        ),
    )
    verdict = Node(
        "p", verdict_line(what, test), cls="fairness-verdict", attrs=(("data-verdict", test.verdict),)
    )
    return Node("div", cls="fairness", attrs=(("id", ident),), children=(verdict, chart, key, table))
