"""The journal's statistics: dice fairness, luck and outcome counts from the rolls as data
(panels.journal.statistics, the sub-tool panels.journal.stats), checked against brute force."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from kit.compute import settle
from kit.journal import Entry, Filter, Journal, entry_to_json
from kit.msg import render
from kit.panel import AskJournal
from kit.roll import Roll, ordered
from kit.roll import d3 as d3_face
from kit.view import Node, texts
from panels.journal import jobs, stats
from panels.journal import panel as journal_panel
from panels.journal.statistics import (
    DiceCounts,
    Luck,
    statistics,
    statistics_from_json,
    statistics_of_json,
    statistics_to_json,
)
from panels.journal.tally import tally_of_json, tally_to_json
from panels.roller.panel import as_data
from rules import fairness, gauss

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
NAMES = ("Кац", "Вера", "", "Кац → Бандит", "Вера, Кац")


def _gauss_entries(count: int, seed: int = 1, *, by_hand_every: int = 0) -> list[Entry]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        roll = as_data(gauss.roll(rng, rng.choice((3, 5, 5, 7))))
        if by_hand_every and i % by_hand_every == 0:
            roll = replace(roll, by_hand=True)
        out.append(
            Entry(f"e{i}", "2026-12-01T20:00:00", "roller", "x", "x", who=rng.choice(NAMES), roll=roll)
        )
    return out


def _journal(entries: list[Entry]) -> Journal:
    journal = Journal()
    for entry in entries:
        journal = journal.add(entry)
    return journal


def _brute_rank(luck: int, value: int) -> Fraction:
    """P(GaussD20 < value) + P(= value)/2 at ``luck``, by enumerating the 8,000 throws of 3d20."""
    values = Counter(
        gauss.apply_luck(gauss.from_3d20_total(a + b + c), luck)
        for a, b, c in product(range(1, 21), repeat=3)
    )
    below = sum(n for v, n in values.items() if v < value)
    return Fraction(below, 8000) + Fraction(values[value], 16000)


def test_the_percentile_of_a_gaussd20_roll_is_its_place_among_the_8000_throws() -> None:
    """``Roll.rank`` of the roller's rolls against enumeration, at every luck; and its mean over
    all throws is exactly 1/2 (the average luck), whatever the luck."""
    for luck in range(gauss.LUCK_MIN, gauss.LUCK_MAX + 1):
        mean = Fraction(0)
        for a, b, c in product(range(1, 21), repeat=3):
            base = gauss.from_3d20_total(a + b + c)
            rank = as_data(gauss.GaussRoll((a, b, c), luck, base, gauss.apply_luck(base, luck))).rank
            assert rank is not None
            mean += rank
        assert mean / 8000 == Fraction(1, 2), luck
        for value in gauss.distribution(luck):
            typed = gauss.GaussRoll((), luck, value, value)  # a value typed as it is («=N»)
            assert as_data(typed).rank == _brute_rank(luck, value)

    # a known value, by the closed form of 3d20's sums (inclusion-exclusion, not enumeration): a
    # plain 10 at luck 5 is a total of 29-31; 3,108 throws total at most 28 and 892 total 29-31
    def ways(s: int) -> int:
        return sum((-1) ** k * comb(3, k) * comb(s - 20 * k - 1, 2) for k in range(4) if s - 20 * k >= 3)

    assert (sum(map(ways, range(3, 29))), sum(map(ways, range(29, 32)))) == (3108, 892)
    assert _brute_rank(5, 10) == Fraction(3108, 8000) + Fraction(892, 16000) == Fraction(1777, 4000)


def test_dice_luck_and_outcomes_match_a_plain_count() -> None:
    entries = _gauss_entries(3000, by_hand_every=7)
    found = statistics(entries)
    assert found.rolls == 3000 and found.secret == 0
    for by_hand in (True, False):
        faces = Counter(f for e in entries if e.roll and e.roll.by_hand == by_hand for _, f in e.roll.dice)
        (dice,) = [d for d in found.dice if d.by_hand == by_hand]
        assert dice.sides == 20 and not dice.fudge and dice.counts == tuple(faces[f] for f in range(1, 21))
    # luck: the exact mean rank of each character (the actor of «Кац → Бандит») and rule
    ranks: dict[str, list[Fraction]] = {}
    for entry in entries:
        assert entry.roll is not None and entry.roll.rank is not None
        ranks.setdefault(entry.who.split("→")[0].split(",")[0].strip(), []).append(entry.roll.rank)
    overall = {luck.who: luck for luck in found.luck if luck.rule == ""}
    assert set(overall) == set(ranks)
    for who, mine in ranks.items():
        assert overall[who].n == len(mine)
        assert abs(overall[who].mean - float(sum(mine) / len(mine))) < 1e-12
    outcomes = Counter(e.roll.outcome for e in entries if e.roll)
    assert {(o.outcome, o.count) for o in found.outcomes} == set(outcomes.items())
    assert all(o.expected is not None for o in found.outcomes)  # every roll carries its odds


def test_expected_gaussd20_values_are_the_enumerated_odds_summed_over_the_rolls() -> None:
    """«Ожидалось» for the roller's values: Σ over the rolls of P(value | that roll's luck), each P
    by enumerating the 8,000 throws of 3d20 (values that never came included)."""
    rng = random.Random(7)
    lucks = [rng.choice((1, 3, 5, 8)) for _ in range(300)]
    entries = [
        Entry(f"e{i}", "2026-12-01T20:00:00", "roller", "x", "x", roll=as_data(gauss.roll(rng, luck)))
        for i, luck in enumerate(lucks)
    ]
    brute: dict[int, Counter[int]] = {
        luck: Counter(
            gauss.apply_luck(gauss.from_3d20_total(a + b + c), luck)
            for a, b, c in product(range(1, 21), repeat=3)
        )
        for luck in set(lucks)
    }
    want: Counter[str] = Counter()
    for luck in lucks:
        for value, n in brute[luck].items():
            want[str(value)] += n  # in 8000ths
    found = {o.outcome: o for o in statistics(entries).outcomes if o.rule == "gauss.roll"}
    assert set(found) == set(want)
    for value, ways in want.items():
        assert found[value].expected == pytest.approx(ways / 8000, abs=1e-9)
    assert sum(o.count for o in found.values()) == 300


def test_secret_entries_are_left_out_and_counted_as_such() -> None:
    entries = _gauss_entries(10)
    entries[0] = replace(entries[0], hidden=True, public_ru="?", public_en="?")
    entries[1] = replace(entries[1], hidden=True, revealed=True, public_ru="?", public_en="?")
    found = statistics(entries)
    assert found.rolls == 9 and found.secret == 1
    assert sum(d.n for d in found.dice) == 27


def test_the_saved_json_gives_the_same_statistics_and_damage_counts_nowhere() -> None:
    entries = _gauss_entries(500, seed=3, by_hand_every=5)
    entries.append(replace(entries[0], id="hidden", hidden=True, public_ru="?", public_en="?"))
    raw = json.loads(json.dumps([entry_to_json(e) for e in entries]))
    assert statistics_of_json(raw) == statistics(entries)
    good = statistics_of_json(raw)
    damaged = [
        *raw,
        {"id": "x"},
        "not an entry",
        {"id": "y", "roll": {"rule": "gauss.roll", "outcome": "9", "p": "3/2", "dice": [[20, 1]]}},
        {"id": "z", "roll": {"rule": "gauss.roll", "outcome": "9", "p": "nope"}},
        {"id": "w", "roll": {"rule": 5, "outcome": "9", "p": "1/2"}},
    ]
    assert statistics_of_json(damaged).rolls == good.rolls
    odd = [
        {"id": "d", "roll": {"rule": "notation", "outcome": "3", "p": "1/6", "dice": [[6, "x"], [6, 3], 7]}}
    ]
    (counted,) = statistics_of_json(odd).dice  # a die that is no pair of whole numbers counts nowhere
    assert counted.counts == (0, 0, 1, 0, 0, 0) and counted.off == 0
    assert statistics_from_json(json.loads(json.dumps(statistics_to_json(good)))) == good
    with pytest.raises(ValueError):
        statistics_from_json({"rolls": 1})


def test_three_sided_dice_custom_faces_and_big_dice() -> None:
    """A die of three sides (a dF, a d3 kept as one: ``kit.roll.d3``) has faces −1/0/+1; a face
    a die does not have, and a die over 100 sides, are counted as not tested."""
    fudge = Roll(
        "fudge.action", ((3, -1), (3, 0), (3, 1), (3, 1)), "1", Fraction(16, 81), below=Fraction(1, 2)
    )
    d3 = Roll("notation", (d3_face(1), d3_face(3)), "4", Fraction(1, 3))
    odd = Roll("notation", ((6, 9), (1000, 5), (6, 2), (3, 2)), "16", Fraction(1, 10))
    found = statistics(
        Entry(str(i), "2026-12-01T20:00:00", "x", "x", "x", roll=r) for i, r in enumerate((fudge, d3, odd))
    )
    by = {(d.sides, d.fudge): d for d in found.dice}
    assert set(by) == {(3, True), (6, False), (1000, False)}
    assert by[(3, True)].faces == (-1, 0, 1) and by[(3, True)].counts == (2, 1, 3) and by[(3, True)].off == 1
    assert by[(6, False)].counts == (0, 1, 0, 0, 0, 0) and by[(6, False)].off == 1
    assert by[(1000, False)].off == 1 and by[(1000, False)].n == 0


def test_outcome_expectations_sum_every_rolls_odds() -> None:
    """The expected count of an outcome is Σ P(outcome) over the rolls, also of outcomes that
    never came; a rule with a roll lacking the odds shows none."""
    coin = (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
    loaded = (("heads", Fraction(9, 10)), ("tails", Fraction(1, 10)))
    rolls = [
        Roll("test.coin", (), "heads", Fraction(1, 2), odds=coin),
        Roll("test.coin", (), "heads", Fraction(1, 2), odds=coin),
        Roll("test.coin", (), "heads", Fraction(9, 10), odds=loaded),
        Roll("test.die", (), "1", Fraction(1, 4), odds=(("1", Fraction(1, 4)), ("2", Fraction(3, 4)))),
        Roll("test.die", (), "2", Fraction(3, 4)),
    ]
    found = statistics(Entry(str(i), "t", "x", "x", "x", roll=r) for i, r in enumerate(rolls))
    got = {(o.rule, o.outcome): (o.count, o.expected) for o in found.outcomes}
    assert got[("test.coin", "heads")] == (3, pytest.approx(1.9))
    assert got[("test.coin", "tails")] == (0, pytest.approx(1.1))
    assert got[("test.die", "1")] == (1, None) and got[("test.die", "2")] == (1, None)
    raw = [
        {
            "roll": {
                "rule": "test.coin",
                "outcome": "heads",
                "p": "1/2",
                "odds": {"heads": "1/2", "tails": "1/2"},
            }
        }
    ]
    assert statistics_of_json(raw * 4).outcomes[1].expected == pytest.approx(2.0)


def test_luck_is_lucky_or_unlucky_only_beyond_two_standard_deviations() -> None:
    assert Luck("Кац", "", 140, 0.68).lean == "lucky"
    assert Luck("Кац", "", 140, 0.5 + 2 / (12 * 140) ** 0.5 - 1e-9).lean == "even"
    assert Luck("Кац", "", 140, 0.5 - 2 / (12 * 140) ** 0.5 - 1e-9).lean == "unlucky"
    assert Luck("Кац", "", 1, 0.99).lean == "even"


def test_a_die_counts_its_fairness_against_a_fair_die() -> None:
    dice = DiceCounts(True, 20, False, (0,) * 19 + (60,))
    assert dice.n == 60 and dice.fairness().verdict == fairness.SUSPICIOUS


def _shown(view: dict[str, object], lang: str) -> str:
    return " ".join(texts(view, lang))  # type: ignore[arg-type]


def _verdicts(nodes: tuple[Node, ...]) -> list[str]:
    out = []
    for node in nodes:
        attrs = dict(node.attrs)
        if "data-verdict" in attrs:
            out.append(str(attrs["data-verdict"]))
        out.extend(_verdicts(node.children))
    return out


def test_the_sub_tool_counts_when_asked_and_follows_the_filters() -> None:
    entries = _gauss_entries(60)
    typed = [
        Entry(f"t{i}", "2026-12-01T21:00:00", "roller", "x", "x", who="Вера",
              roll=Roll("gauss.roll", ((20, 20),) * 3, "20", Fraction(1, 8000), by_hand=True, below=Fraction(7999, 8000)))
        for i in range(20)
    ]  # fmt: skip
    state = journal_panel.State(_journal([*entries, *typed]))
    view = journal_panel.view(state)
    assert render(view["journal-stats-status"].text, "ru").startswith("Нажмите «Посчитать»")
    assert view["journal-stats-result"].children == ()
    action = journal_panel.panel(random.Random(1)).actions["#journal-stats-run"]
    counted = settle(action(state, {}))
    view = journal_panel.view(counted)
    assert view["journal-stats-status"].hidden
    result = view["journal-stats-result"].children or ()
    assert _verdicts(result) == ["suspicious", "fine"]  # the table's 60 twenties, the page's 180 faces
    assert "Вера: везёт — в среднем лучше" in _shown(dict(view), "ru")
    # the filters move: the statistics follow (Кац only: no dice from the table)
    narrowed = replace(counted, chosen=Filter(who="Кац"))
    result = journal_panel.view(narrowed)["journal-stats-result"].children or ()
    assert len(_verdicts(result)) == 1 and "from the table" not in _shown(
        dict(journal_panel.view(narrowed)), "en"
    )
    for lang_view in (journal_panel.view(counted), journal_panel.view(narrowed)):
        for shown in texts(lang_view, "en"):
            assert not CYRILLIC.search(shown.replace("Кац", "").replace("Вера", "").replace("Бандит", "")), (
                shown
            )


def test_a_big_selection_is_counted_by_the_job_and_marked_stale_when_the_journal_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stats, "INLINE_ENTRIES", 10)
    state = journal_panel.State(_journal(_gauss_entries(40)))
    action = journal_panel.panel(random.Random(1)).actions["#journal-stats-run"]
    asked = action(state, {})
    assert [e.job for e in asked.effects] == ["journal.stats"]  # type: ignore[union-attr]
    assert render(journal_panel.view(asked.state)["journal-stats-status"].text, "en") == "Counting…"
    counted = settle(asked)
    assert counted.stats.found == statistics(state.journal.entries)
    assert journal_panel.view(counted)["journal-stats-status"].hidden
    moved = replace(counted, journal=counted.journal.add(_gauss_entries(1, seed=9)[0]))
    assert "press «Count» again" in render(journal_panel.view(moved)["journal-stats-status"].text, "en")
    late = stats.counted(Filter(), (), stats.PART.get(moved), None)  # type: ignore[arg-type]
    assert late.stats == moved.stats  # an answer for other entries is dropped


def test_the_job_bounds_its_work() -> None:
    assert jobs.steps([{}] * 100) == 1_000 + 100 * jobs.STEPS_PER_ENTRY


def test_a_journal_held_in_part_is_counted_from_the_store_s_tally() -> None:
    """The page holds only the newest entries of a long journal: «Посчитать» asks the journal's
    store to tally the filters' selection over its index (no entries sent from the page, none read
    again), and the statistics summarised from its answer are those of the entries themselves."""
    roll = Roll(
        "gauss.roll", ((20, 20), (20, 20), (20, 20)), "20", Fraction(1, 8000), below=Fraction(7999, 8000)
    )
    held = (Entry("1", "2026-12-01T20:00:00", "roller", "x", "x", who="Кац", roll=roll),)
    journal = Journal(held, unheld=200_000)
    chosen = Filter(who="Кац")
    asked_before = stats.view(stats.Looking(journal, chosen, stats.Stats(asked=True)))
    assert "Count" in " ".join(texts(asked_before, "en"))  # a light journal's answer is not reused: ask
    done = stats.count(stats.Looking(journal, chosen, stats.Stats()), {})
    assert not isinstance(done, stats.Looking)
    (ask,) = done.effects
    assert isinstance(ask, AskJournal) and ask.kind == "stats"
    assert ask.args == {"filter": {"who": "Кац", "panel": "", "search": "", "evening": ""}}
    saved = [entry_to_json(e) for e in held]
    answer = json.loads(json.dumps(tally_to_json(tally_of_json(saved))))
    shown = ask.done(done.state, answer)
    assert isinstance(shown, stats.Looking) and shown.stats.found == statistics_of_json(saved)
    assert shown.stats.found.rolls == 1 and shown.stats.found.luck[0].who == "Кац"
    failed = ask.done(done.state, {"ok": False, "code": "failed"})
    assert isinstance(failed, stats.Looking) and failed.stats.failed and not failed.stats.pending


SKILL_TIERS = (
    "worst", "double_critical_failure", "critical_failure", "failure", "success", "good",
    "critical_success", "double_critical_success", "best",
)  # fmt: skip  # worst first (docs/rules.md)


def test_outcomes_are_worded_and_listed_worst_first() -> None:
    """A skill check's tiers show in the seed's words, worst first as the rule's odds list them
    (not alphabetically, not as codes); a threat check's colours are told apart."""
    scale = tuple((key, Fraction(1, 9)) for key in SKILL_TIERS)
    rolls = [
        ordered("gauss.skill", ((20, 10),) * 3, "success", scale),
        ordered("gauss.skill", ((20, 10),) * 3, "best", scale),
        ordered("threat.check", ((20, 4),), "light", (("event", Fraction(1, 4)), ("dark", Fraction(1, 4)), ("light", Fraction(1, 2)))),
    ]  # fmt: skip
    entries = [Entry(f"s{i}", "2026-12-01T20:00:00", "checks", "x", "x", roll=r) for i, r in enumerate(rolls)]
    found = statistics(entries)
    assert [o.outcome for o in found.outcomes if o.rule == "gauss.skill"] == list(SKILL_TIERS)
    counted = settle(journal_panel.panel(random.Random(1)).actions["#journal-stats-run"](
        journal_panel.State(_journal(entries)), {}))  # fmt: skip
    ru = _shown(dict(journal_panel.view(counted)), "ru")
    en = _shown(dict(journal_panel.view(counted)), "en")
    assert "double_critical_failure" not in ru + en and "critical_success" not in ru + en
    assert ru.index("худший из всех возможных") < ru.index("провал") < ru.index("лучший из всех возможных")
    assert "Тёмный, без события" in ru and "Светлый, без события" in ru and "Light, no event" in en
