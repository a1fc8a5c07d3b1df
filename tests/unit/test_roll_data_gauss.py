"""The checks panel's rolls as data: every roll action's journal note carries its roll, and each
``p`` and ``below`` equals a count over every throw of the dice, made here from the seed's words
(three d20 → round(sum / 3), luck, the clamp rule, the tier table), not by the panel's odds."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import pytest

from kit.journal import note_of
from kit.panel import outcome
from kit.roll import Roll
from panels.checks.panel import FORM, State, panel
from rules import gauss

THROWS = 8000  # three d20
# GaussD20 before luck, counted over all 8,000 throws: round(sum / 3) (a third never ends in .5)
BASE = Counter((sum(t) + 1) // 3 for t in itertools.product(range(1, 21), repeat=3))
# The seed's «Результат» table: the tiers of a check's final value, worst first.
TIERS = (
    ("worst", 1, 1),
    ("double_critical_failure", 2, 3),
    ("critical_failure", 4, 5),
    ("failure", 6, 7),
    ("success", 8, 13),
    ("good", 14, 15),
    ("critical_success", 16, 17),
    ("double_critical_success", 18, 19),
    ("best", 20, 20),
)


def lucky(base: int, luck: int) -> int:
    """The seed's gauss20(luck): the value moved by luck − 5, kept within 1..20."""
    return min(20, max(1, base + luck - 5))


def clamped(raw: int, modifier: int) -> int:
    """«никакие модификаторы сами по себе не могут уменьшить значение ниже 4 и выше 17»; a pure
    1–3 or 18–20 only moves towards the centre (docs/rules/gauss.md, the clamp reading)."""
    return min(max(raw, 17), max(min(raw, 4), raw + modifier))


def values(luck: int = 5, modifier: int | None = None) -> Counter[int]:
    """Final values with their counts out of 8,000 throws."""
    found: Counter[int] = Counter()
    for base, n in BASE.items():
        raw = lucky(base, luck)
        found[raw if modifier is None else clamped(raw, modifier)] += n
    return found


def roll_of(done: Any) -> Roll:
    note = note_of(outcome(done).effects)
    assert note is not None and note.roll is not None
    return note.roll


def odds(
    counts: Counter[Any], worst_first: Iterable[Any], outcome_: Any, whole: int
) -> tuple[Fraction, Fraction]:
    """(P(outcome), P(an outcome before it)) from counts."""
    order = list(worst_first)
    at = order.index(outcome_)
    return Fraction(counts[outcome_], whole), Fraction(sum(counts[o] for o in order[:at]), whole)


def d20s(*rolls: gauss.GaussRoll | None) -> tuple[tuple[int, int], ...]:
    return tuple((20, face) for r in rolls if r is not None for face in r.dice)


CASES = [(4, -4, 0, 5), (14, -14, 1, 9), (0, -10, -3, 2), (18, 4, 30, 1)]


@pytest.mark.parametrize(("skill", "difficulty", "situational", "luck"), CASES)
def test_a_skill_check_carries_its_tier_and_its_odds(
    skill: int, difficulty: int, situational: int, luck: int
) -> None:
    form = {**FORM, "chk-skill": str(skill), "chk-diff": str(difficulty), "chk-skill-sit": str(situational)}
    form["chk-skill-luck"] = str(luck)
    modifier = skill + difficulty + situational
    final = values(luck, modifier)
    tier_counts = Counter({key: sum(final[v] for v in range(lo, hi + 1)) for key, lo, hi in TIERS})
    for seed in range(6):
        done = panel(random.Random(seed)).actions["#chk-skill-roll"](State(), form)
        data, last = roll_of(done), outcome(done).state.skill.last
        assert last is not None
        rolled = last.result.roll
        value = clamped(lucky((sum(rolled.dice) + 1) // 3, luck), modifier)
        tier = next(key for key, lo, hi in TIERS if lo <= value <= hi)
        assert (data.rule, data.outcome, data.dice, data.total) == (
            "gauss.skill",
            tier,
            d20s(rolled),
            sum(rolled.dice),
        )
        assert not data.by_hand
        assert (data.p, data.below) == odds(tier_counts, (k for k, _, _ in TIERS), tier, THROWS)


def test_a_skill_check_with_table_dice_is_by_hand() -> None:
    """The dice typed beside the button: the same data, marked by hand; a typed value has no dice."""
    action = panel(random.Random(1)).actions["#chk-skill-roll"]
    data = roll_of(action(State(), {**FORM, "chk-skill-roll-table": "20 20 19"}))
    assert data.by_hand and data.dice == ((20, 20), (20, 20), (20, 19)) and data.total == 59
    final = values(5, 0)  # the form's skill +4 against difficulty −4
    assert data.outcome == "best" and data.p == Fraction(final[20], THROWS) == Fraction(4, 8000)
    typed = roll_of(action(State(), {**FORM, "chk-skill-roll-table": "=11"}))
    assert typed.by_hand and typed.dice == () and typed.total is None and typed.outcome == "success"


MEDIAN_FORMS = [
    {"chk-med-mode": "radius", "chk-med-radius": "1"},
    {
        "chk-med-mode": "range",
        "chk-med-low": "6",
        "chk-med-high": "15",
        "chk-med-int": "8",
        "chk-med-luck": "3",
    },
    {"chk-med-mode": "range", "chk-med-low": "6", "chk-med-high": "15", "chk-med-inverted": True},
    {"chk-med-mode": "radius", "chk-med-radius": "0", "chk-med-train": "-3"},
]


@pytest.mark.parametrize("fields", MEDIAN_FORMS)
def test_a_median_roll_carries_its_side_and_its_odds(fields: dict[str, Any]) -> None:
    """The die is plain; the side of the window it was rolled against, the misses worst (or, for
    the inverted form, the centre)."""
    plain = values()
    for seed in range(6):
        done = panel(random.Random(seed)).actions["#chk-med-roll"](State(), {**FORM, **fields})
        data, last = roll_of(done), outcome(done).state.median.last
        assert last is not None
        low, high = last.result.window
        sides = Counter()
        for v, n in plain.items():
            sides["below" if v < low else "inside" if v <= high else "above"] += n
        value = (sum(last.result.roll.dice) + 1) // 3
        side = "below" if value < low else "inside" if value <= high else "above"
        inverted = bool(fields.get("chk-med-inverted"))
        order = ("inside", "below", "above") if inverted else ("below", "above", "inside")
        assert (data.rule, data.outcome, data.dice) == ("gauss.median", side, d20s(last.result.roll))
        assert (data.p, data.below) == odds(sides, order, side, THROWS)


@pytest.mark.parametrize("kind", ["madness", "horror"])
def test_each_check_of_a_series_carries_the_window_it_was_rolled_against(kind: str) -> None:
    """A series moves its window after each miss above; each check's odds are those of its own
    window, a miss above (the series goes on) worst."""
    actions = panel(random.Random(11)).actions
    state = State()
    for _ in range(8):
        if state.series.track(kind).series.finished:
            state = outcome(actions[f"#chk-{kind}-reset"](state, {**FORM, f"chk-{kind}-mod": "-1"})).state
        done = outcome(actions[f"#chk-{kind}-roll"](state, {**FORM, f"chk-{kind}-mod": "-1"}))
        data, last = roll_of(done), done.state.series.track(kind).last
        assert last is not None
        low, high = last[1].window
        sides = Counter()
        for v, n in values().items():
            sides["below" if v < low else "inside" if v <= high else "above"] += n
        assert data.rule == f"gauss.{kind}" and data.outcome == last[1].side
        assert (data.p, data.below) == odds(sides, ("above", "below", "inside"), data.outcome, THROWS)
        state = done.state


def _pierce_counts(defence: int, window_modifier: int) -> int:
    """Throws of the attacker's plain die (of 8,000) that pierce a defence of ``defence``."""
    low, high = gauss.opposed_window(defence, window_modifier)
    return sum(n for v, n in values().items() if not low <= v <= high)


OPPOSED = [("0", "0", "5", "5"), ("2", "3", "7", "4"), ("0", "5", "1", "9")]


@pytest.mark.parametrize(("attack", "defence", "aluck", "dluck"), OPPOSED)
def test_an_opposed_check_carries_held_or_pierced(attack: str, defence: str, aluck: str, dluck: str) -> None:
    """Rolled with its defence: P(pierce) over both dice, all six d20 kept. Against a typed defence
    or one rolled with «Бросить защиту» (an entry of its own): P(pierce | that defence), the
    attacker's three d20. Luck moves the window, the dice are plain."""
    fields = {"chk-opp-att": attack, "chk-opp-def": defence, "chk-opp-aluck": aluck, "chk-opp-dluck": dluck}
    window_modifier = int(defence) - int(attack) + int(dluck) - int(aluck)
    before = Fraction(sum(n * _pierce_counts(d, window_modifier) for d, n in values().items()), THROWS**2)
    actions = panel(random.Random(0)).actions
    for seed in range(4):
        actions = panel(random.Random(seed)).actions
        done = outcome(actions["#chk-opp-roll"](State(), {**FORM, **fields}))
        data, last = roll_of(done), done.state.opposed.last
        result = last.result  # type: ignore[union-attr]
        assert data.rule == "gauss.opposed" and data.dice == d20s(result.defence, result.attack)
        assert data.outcome == ("pierced" if result.pierced else "held") and len(data.dice) == 6
        expected = (before, 1 - before) if result.pierced else (1 - before, Fraction(0))
        assert (data.p, data.below) == expected
    for typed in ("3", "12", "20"):
        done = outcome(actions["#chk-opp-roll"](State(), {**FORM, **fields, "chk-opp-droll": typed}))
        data = roll_of(done)
        given = Fraction(_pierce_counts(int(typed), window_modifier), THROWS)
        assert len(data.dice) == 3 and data.p == (given if data.outcome == "pierced" else 1 - given)


def test_a_defence_rolled_alone_is_a_roll_of_its_own_and_a_helpless_side_none() -> None:
    """«Бросить защиту»: a plain GaussD20 for the defender, nearer the centre worse (9 and 12 open
    one window: the high one counts as worse). A helpless side rolls nothing: no roll data."""
    plain = values()
    worse_first = sorted(range(1, 21), key=lambda v: (abs(2 * v - 21), -v))
    for seed in range(5):
        done = outcome(panel(random.Random(seed)).actions["#chk-opp-roll-def"](State(), FORM))
        data, rolled = roll_of(done), done.state.opposed.defence_roll
        assert rolled is not None and data.rule == "gauss.defence" and data.dice == d20s(rolled)
        assert (data.p, data.below) == odds(plain, worse_first, rolled.value, THROWS)
        assert data.outcome == str(rolled.value)
    helpless = outcome(
        panel(random.Random(1)).actions["#chk-opp-roll"](State(), {**FORM, "chk-opp-dhelpless": True})
    )
    note = note_of(helpless.effects)
    assert note is None or note.roll is None


# An exchange's endings for the attacker, worst first (docs/rules/gauss.md, «roll as data»).
ENDINGS = (
    "attack_failed",
    "defence_best",
    "held",
    "pierced",
    "defence_failed",
    "unblockable",
    "undefended",
    "attack_best",
)


def _bonus(value: int) -> int:
    """The seed's attack and defence tables: what a successful check carries into the opposed check."""
    return {8: -1, 18: 7, 19: 9}.get(value, value - 12 if value >= 13 else 0)


def _endings(setup: dict[str, Any]) -> Counter[str]:
    """Every exchange counted over the dice of all its stages (8,000⁴ throws in all)."""
    attack = values(setup["aluck"], setup["att"])
    defence = values(setup["dluck"], setup["def"] + setup["penalty"])
    plain = values()
    found: Counter[str] = Counter()
    weight = THROWS**3  # the stages not rolled count every throw of their dice
    for a, na in attack.items():
        if a <= 7 or a == 20 or not setup["candefend"]:
            ending = "attack_failed" if a <= 7 else "attack_best" if a == 20 else "undefended"
            found[ending] += na * weight
            continue
        for d, nd in defence.items():
            if d <= 7 or not setup["blockable"] or d == 20:
                ending = (
                    "defence_failed"
                    if d <= 7
                    else "unblockable"
                    if not setup["blockable"]
                    else "defence_best"
                )
                found[ending] += na * nd * THROWS**2
                continue
            shift = (
                _bonus(d) - _bonus(a) + setup["armour"] - setup["pierce"] + setup["dluck"] - setup["aluck"]
            )
            for dv, ndv in plain.items():
                pierce = _pierce_counts(dv, shift)
                found["pierced"] += na * nd * ndv * pierce
                found["held"] += na * nd * ndv * (THROWS - pierce)
    return found


COMBAT = [
    {
        "att": 0,
        "def": 0,
        "penalty": 0,
        "armour": 0,
        "pierce": 0,
        "aluck": 5,
        "dluck": 5,
        "blockable": True,
        "candefend": True,
    },
    {
        "att": 3,
        "def": 1,
        "penalty": -2,
        "armour": 2,
        "pierce": 1,
        "aluck": 7,
        "dluck": 4,
        "blockable": True,
        "candefend": True,
    },
    {
        "att": 2,
        "def": 0,
        "penalty": 0,
        "armour": 0,
        "pierce": 0,
        "aluck": 5,
        "dluck": 5,
        "blockable": False,
        "candefend": True,
    },
    {
        "att": -2,
        "def": 0,
        "penalty": 0,
        "armour": 0,
        "pierce": 0,
        "aluck": 6,
        "dluck": 5,
        "blockable": True,
        "candefend": False,
    },
]


@pytest.mark.parametrize("setup", COMBAT)
def test_a_combat_exchange_carries_its_ending_and_every_die_of_its_stages(setup: dict[str, Any]) -> None:
    fields = {
        "chk-cmb-att": str(setup["att"]),
        "chk-cmb-def": str(setup["def"]),
        "chk-cmb-penalty": str(setup["penalty"]),
        "chk-cmb-armour": str(setup["armour"]),
        "chk-cmb-pierce": str(setup["pierce"]),
        "chk-cmb-aluck": str(setup["aluck"]),
        "chk-cmb-dluck": str(setup["dluck"]),
        "chk-cmb-blockable": setup["blockable"],
        "chk-cmb-candefend": setup["candefend"],
    }
    counts = _endings(setup)
    whole = THROWS**4
    assert sum(counts.values()) == whole
    seen = set()
    for seed in range(12):
        done = outcome(panel(random.Random(seed)).actions["#chk-cmb-roll"](State(), {**FORM, **fields}))
        data, exchange = roll_of(done), done.state.combat.last
        assert exchange is not None and data.rule == "gauss.combat" and data.outcome == exchange.ending
        stages = [s.check.roll for s in (exchange.attack, exchange.defence) if s is not None]
        if exchange.opposed is not None:
            stages += [exchange.opposed.defence, exchange.opposed.attack]
        assert data.dice == d20s(*stages) and data.total is None
        assert (data.p, data.below) == odds(counts, ENDINGS, exchange.ending, whole)
        seen.add(exchange.ending)
    assert len(seen) > 1


def test_a_helpless_defender_is_no_roll() -> None:
    done = outcome(
        panel(random.Random(2)).actions["#chk-cmb-roll"](State(), {**FORM, "chk-cmb-helpless": True})
    )
    note = note_of(done.effects)
    assert note is None or note.roll is None


def _by_hand(button: str, typed: str, extra: dict[str, Any] | None = None) -> Roll:
    done = panel(random.Random(1)).actions[f"#{button}"](
        State(), {**FORM, **(extra or {}), f"{button}-table": typed}
    )
    return roll_of(done)


@pytest.mark.parametrize(
    ("button", "typed", "dice"),
    [
        ("chk-med-roll", "10 10 11", 3),
        ("chk-madness-roll", "1 1 1", 3),
        ("chk-opp-roll", "10 10 10 20 20 20", 6),
        ("chk-cmb-roll", "20 20 20", 3),
    ],
)
def test_every_table_field_of_the_checks_marks_its_roll_by_hand(button: str, typed: str, dice: int) -> None:
    """Each roll button's «Кости со стола»: the roll is marked by hand and keeps the typed dice."""
    data = _by_hand(button, typed)
    faces = tuple(int(f) for f in typed.split())
    assert data.by_hand and data.dice == tuple((20, f) for f in faces) and len(data.dice) == dice
