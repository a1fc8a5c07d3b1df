"""Rolls as data in the ITE, FUDGE, dice-line and threat panels, and how the kit keeps them: each
roll action's journal note carries its roll, and every ``p`` and ``below`` equals a count over
every throw of the dice (every draw from the bag), enumerated here from the seeds' rules, not by
the panels' odds. A secret entry's roll goes nowhere a secret sentence does not."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from kit.journal import Journal, Note, entry_for, entry_from_json, entry_to_json, note_of
from kit.panel import outcome
from kit.roll import Roll
from panels.fudge import panel as fp
from panels.ite import jobs as ite_jobs
from panels.ite import panel as ite_panel
from panels.ite.chain import Chain, Computed
from panels.ite.rolling import as_data as ite_data
from panels.journal import export
from panels.notation import rolls as notation_rolls
from panels.notation.digest import Key, make
from panels.notation.panel import State as NotationState
from panels.notation.panel import panel as notation_panel
from panels.notation.state import Odds, Roller
from panels.threat.panel import State as ThreatState
from panels.threat.panel import panel as threat_panel
from panels.threat.view import view as threat_view
from rules import ite, notation, threat


def roll_of(done: Any) -> Roll:
    note = note_of(outcome(done).effects)
    assert note is not None and note.roll is not None
    return note.roll


def odds(counts: Counter[Any], worst_first: Iterable[Any], outcome_: Any) -> tuple[Fraction, Fraction]:
    """(P(outcome), P(an outcome before it)) from counts of every throw."""
    order = list(worst_first)
    whole = sum(counts.values())
    at = order.index(outcome_)
    return Fraction(counts[outcome_], whole), Fraction(sum(counts[o] for o in order[:at]), whole)


# --------------------------------------------------------------------------- the kit


def test_an_outcomes_notes_are_one_entry() -> None:
    """A roll action's ``Note(roll=…)`` and the ``Note(who=…)`` its panel adds around it: one entry
    with both (the kit used to read the first note only)."""
    data = Roll("gauss.roll", ((20, 1), (20, 2), (20, 3)), "2", Fraction(3, 8000), total=6)
    note = note_of((Note(roll=data), "a field", Note(who="Кац → Бандит")))
    entry = entry_for("e1", "2026-12-04T20:00:00", "checks", "x", note, "")
    assert entry.roll == data and entry.who == "Кац → Бандит"


def test_a_secret_rolls_data_is_kept_and_goes_nowhere_until_revealed() -> None:
    """A check behind the threat panel's screen: its entry keeps the roll (the GM's own data: its
    odds tell the threshold), its public line carries no threshold, every export leaves it out;
    revealed, the JSON carries it."""
    done = outcome(
        threat_panel(random.Random(5)).actions["#threat-check"](ThreatState(), _threat_form(ThreatState()))
    )
    note = note_of(done.effects)
    assert note is not None and note.public is not None and note.roll is not None
    entry = entry_for("e1", "2026-12-04T20:00:00", "threat", done.log or "", note, "")
    assert entry.secret and entry.roll == note.roll
    assert entry_from_json(entry_to_json(entry)) == entry  # saved with the GM's record
    for lang in ("ru", "en"):  # the die is seen at the table; the threshold is not, even once revealed
        assert "T " not in entry.shown(lang) and "T " not in (entry.en if lang == "en" else entry.ru)
    words = export.Words("J", ("a", "b", "c", "d", "e"), {})
    assert json.loads(export.json_text((entry,)))["entries"] == []
    for made in (export.csv_text((entry,), "ru", words), export.bbcode((entry,), "en", words)):
        assert "threat" not in made and str(note.roll.p) not in made
    revealed = Journal((entry,)).reveal("e1").entries
    saved = json.loads(export.json_text(revealed))["entries"]
    # the entry itself: no second line
    assert [e.get("roll") for e in saved] == [entry_to_json(entry)["roll"]]


# --------------------------------------------------------------------------- ITE


def _stage(kind: str, x: int, m: int, n: int, dif: int, **extra: object) -> dict[str, object]:
    k = kind.lower()
    form: dict[str, object] = {
        f"ite-{k}-on": True,
        f"ite-{k}-x": str(x),
        f"ite-{k}-m": str(m),
        f"ite-{k}-n": str(n),
        f"ite-{k}-mod": "0",
        f"ite-{k}-dif": str(dif),
        f"ite-{k}-right": False,
        f"ite-{k}-carry": False,
        f"ite-{k}-gate": False,
        f"ite-{k}-crit": "none",
        f"ite-{k}-crit-high": "",
        f"ite-{k}-crit-low": "",
    }
    form.update({f"ite-{k}-{key}": value for key, value in extra.items()})
    return form


CHAIN = {  # И 2к6, Т 2к6 carried and gating, Эф 1к6 carried; in the order И, Т, Эф
    "ite-order": "ITE",
    **_stage("I", 10, 2, 6, 10),
    **_stage("T", 12, 2, 6, 13, carry=True, gate=True),
    **_stage("E", 10, 1, 6, 9, carry=True),
}


def _chain_success(stages: Sequence[tuple[int, int, int, int, bool, bool]]) -> tuple[int, int]:
    """(successes, all throws): every face of every stage; a stage's margin is X + MкN − (УрС +
    M(N+1)/2), plus the previous margin when carried; a gate stops the chain at its failure."""
    faces = [itertools.product(range(1, n + 1), repeat=m) for _, m, n, _, _, _ in stages]
    wins = whole = 0
    for throw in itertools.product(*faces):
        whole += 1
        margin, ok = Fraction(0), True
        for (x, m, n, dif, carry, gate), dice in zip(stages, throw, strict=True):
            margin = (margin if carry else 0) + x + sum(dice) - dif - Fraction(m * (n + 1), 2)
            if margin < 0:
                ok = False
                if gate:
                    break
        wins += ok
    return wins, whole


def test_an_ite_chain_carries_success_or_failure_of_the_whole_chain() -> None:
    wins, whole = _chain_success(
        [(10, 2, 6, 10, False, False), (12, 2, 6, 13, True, True), (10, 1, 6, 9, True, False)]
    )
    p = Fraction(wins, whole)
    seen = set()
    for seed in range(12):
        done = outcome(ite_panel.panel(random.Random(seed)).actions["#ite-roll"](ite_panel.State(), CHAIN))
        data, last = roll_of(done), done.state.last
        assert last is not None and data.rule == "ite.chain" and data.total is None
        assert data.dice == tuple((6, f) for s in last.result.stages for f in s.faces)
        assert data.outcome == ("success" if last.result.all_succeed else "failure")
        assert (data.p, data.below) == ((p, 1 - p) if data.outcome == "success" else (1 - p, Fraction(0)))
        seen.add(data.outcome)
    assert seen == {"success", "failure"}


def test_a_single_ite_check_with_both_sides_rolled_and_a_d3() -> None:
    """ITE-1 (one check on): ``ite.check``; the right side's dice are kept too; a d3 is kept as the
    FUDGE die it equals."""
    form = {"ite-order": "TIE", "ite-i-on": False, "ite-e-on": False, **_stage("T", 1, 2, 6, 0, right=True)}
    pairs = itertools.product(itertools.product(range(1, 7), repeat=2), repeat=2)
    p = Fraction(sum(1 + sum(left) >= sum(right) for left, right in pairs), 36 * 36)  # X 1, УрС 0
    for seed in range(6):
        done = outcome(ite_panel.panel(random.Random(seed)).actions["#ite-roll"](ite_panel.State(), form))
        data, last = roll_of(done), done.state.last
        assert last is not None and data.rule == "ite.check" and len(data.dice) == 4 and data.total is None
        assert data.p == (p if data.outcome == "success" else 1 - p)
    d3 = {"ite-order": "TIE", "ite-i-on": False, "ite-e-on": False, **_stage("T", 0, 2, 3, 0)}
    data = roll_of(ite_panel.panel(random.Random(1)).actions["#ite-roll"](ite_panel.State(), d3))
    wins, whole = _chain_success([(0, 2, 3, 0, False, False)])
    assert {s for s, _ in data.dice} == {3} and all(-1 <= f <= 1 for _, f in data.dice)
    assert data.total == sum(f + 2 for _, f in data.dice)
    assert data.p == (Fraction(wins, whole) if data.outcome == "success" else 1 - Fraction(wins, whole))


def test_an_ite_roll_from_the_table_and_a_heavy_chain() -> None:
    """Typed dice mark the roll by hand. A heavy chain's odds come from the compute worker: rolled
    once they are here, the roll carries them; before, it carries none (the page does not compute
    them itself)."""
    form = {"ite-order": "TIE", "ite-i-on": False, "ite-e-on": False, **_stage("T", 10, 2, 6, 10)}
    data = roll_of(
        ite_panel.panel(random.Random(1)).actions["#ite-roll"](
            ite_panel.State(), {**form, "ite-roll-table": "6 6"}
        )
    )
    assert data.by_hand and data.dice == ((6, 6), (6, 6)) and data.outcome == "success"
    stages = (ite.Stage("T", ite.Check(0, 11, 9, 0, 0, True)),)
    assert not ite_jobs.is_light(stages)
    result = ite.run_chain(random.Random(2), stages, with_odds=False)
    assert ite_data(Chain(stages, Computed(stages)), result) is None
    shown = ite_jobs.odds(stages)
    data = ite_data(Chain(stages, Computed(stages, shown)), result)
    assert data is not None and len(data.dice) == 22
    assert data.p == (shown.all_succeed if result.all_succeed else 1 - shown.all_succeed)


# --------------------------------------------------------------------------- FUDGE

FUDGE_ACTION = {
    "fudge-dice": "6dF",
    "fudge-mode": "one",
    "fudge-diff": "0",
    **{f"fudge-{s}-{f}": "0" for s in "ab" for f in ("attr", "skill", "adj", "tech", "mod")},
    "fudge-a-skill-mode": "have",
    "fudge-b-skill-mode": "have",
}
FUDGE_ATTACK = {
    "fudge-dice": "4dF",
    "fudge-att": "1",
    "fudge-range": "",
    "fudge-def": "0",
    "fudge-no-dodge": False,
    "fudge-min-hit": "-3",
    "fudge-graze": "1",
    "fudge-bullets": "",
    "fudge-weapon": "m1",
    "fudge-wx": "1",
    "fudge-wy": "0",
    "fudge-str": "0",
    "fudge-dtype": "",
    "fudge-amnv": "0",
    "fudge-ascale": "0",
    "fudge-armour": "",
    "fudge-tough": "0",
    "fudge-dmnv": "0",
    "fudge-dscale": "0",
    "fudge-margin": "1",
}
FACES = {"6dF": ((-1, 0, 1), 6, 0), "4dF": ((-1, 0, 1), 4, 0), "3dGF": ((-2, -1, 0, 0, 1, 2), 3, 0)}
FACES["6d3-12"] = ((1, 2, 3), 6, -12)


def _fudge(dice: str) -> Counter[int]:
    """Every throw of the seed's dice: dF as −1/0/+1, dGF −2, −1, 0, 0, +1, +2, d3 1–3 (then −12)."""
    faces, count, offset = FACES[dice]
    return Counter(sum(t) + offset for t in itertools.product(faces, repeat=count))


@pytest.mark.parametrize("dice", list(FACES))
def test_a_fudge_dice_roll_carries_its_result_and_its_dice(dice: str) -> None:
    counts = _fudge(dice)
    for seed in range(5):
        done = outcome(
            fp.panel(random.Random(seed)).actions["#fudge-roll-dice"](fp.State(), {"fudge-dice": dice})
        )
        data, last = roll_of(done), done.state.dice.last
        assert last is not None and data.rule == "fudge.roll" and data.total == last.value
        assert (data.p, data.below) == odds(counts, sorted(counts), last.value)
        if dice == "3dGF":
            assert data.dice == ()
        else:
            offset = -2 if dice == "6d3-12" else 0
            assert data.dice == tuple((3, f + offset) for f in last.faces)


def _action_counts(static: int, difficulty: int | None, dice: str) -> Counter[str]:
    single = _fudge(dice)
    found: Counter[str] = Counter()
    against = (
        Counter({difficulty: 1}) if difficulty is not None else Counter({k: n for k, n in single.items()})
    )
    for mine, n in single.items():
        for theirs, m in against.items():
            margin = static + mine - theirs
            found["failure" if margin < 0 else "tie" if margin == 0 else "success"] += n * m
    return found


@pytest.mark.parametrize(
    ("fields", "static", "difficulty"),
    [
        ({"fudge-a-attr": "1", "fudge-a-skill": "2", "fudge-diff": "2"}, 3, 2),
        ({"fudge-a-attr": "-1", "fudge-diff": "1", "fudge-a-skill-mode": "free"}, -2, 1),
        ({"fudge-mode": "opp", "fudge-dice": "4dF", "fudge-a-skill": "2", "fudge-b-attr": "1"}, 1, None),
    ],
)
def test_a_fudge_action_carries_failure_tie_or_success(
    fields: dict[str, str], static: int, difficulty: int | None
) -> None:
    form = {**FUDGE_ACTION, **fields}
    counts = _action_counts(static, difficulty, form["fudge-dice"])
    for seed in range(6):
        done = outcome(fp.panel(random.Random(seed)).actions["#fudge-act-roll"](fp.State(), form))
        data = roll_of(done)
        last = done.state.action.last
        assert last is not None and data.rule == "fudge.action" and data.outcome == last.outcome
        rolled = (last.roll, last.opposing_roll) if last.opposing_roll else (last.roll,)
        assert data.dice == tuple((3, f) for r in rolled for f in r.faces)
        assert (data.p, data.below) == odds(counts, ("failure", "tie", "success"), last.outcome)
        assert data.total == (None if last.opposing_roll else last.roll.value)


def _attack_counts(total: int, dodge: int | None, dice: str, min_hit: int) -> Counter[str]:
    """Seed 3.1: the margin is the attack against the counted dodge (a rolled dodge counts no lower
    than −4; a still target −3); under the minimum hit level, or below the dodge, a miss; level, a
    graze."""
    single = _fudge(dice)
    defences = Counter({-3: 1}) if dodge is None else Counter()
    if dodge is not None:
        for k, n in single.items():
            defences[max(dodge + k, -4)] += n
    found: Counter[str] = Counter()
    for k, n in single.items():
        attack = total + k
        for d, m in defences.items():
            miss = attack < min_hit or attack < d
            found["miss" if miss else "graze" if attack == d else "hit"] += n * m
    return found


@pytest.mark.parametrize(
    ("fields", "dodge"),
    [
        ({}, 0),
        ({"fudge-def": "-5", "fudge-min-hit": "-1"}, -5),
        ({"fudge-no-dodge": True, "fudge-dice": "6dF", "fudge-att": "-3"}, None),
    ],
)
def test_a_fudge_attack_carries_miss_graze_or_hit(fields: dict[str, Any], dodge: int | None) -> None:
    form = {**FUDGE_ATTACK, **fields}
    counts = _attack_counts(
        int(form["fudge-att"]), dodge, str(form["fudge-dice"]), int(form["fudge-min-hit"])
    )
    seen = set()
    for seed in range(10):
        done = outcome(fp.panel(random.Random(seed)).actions["#fudge-attack"](fp.State(), form))
        data = roll_of(done)
        assert data.rule == "fudge.attack" and data.outcome in ("miss", "graze", "hit")
        assert len(data.dice) == (6 if dodge is None else 8) and {s for s, _ in data.dice} == {3}
        assert (data.p, data.below) == odds(counts, ("miss", "graze", "hit"), data.outcome)
        seen.add(data.outcome)
    assert len(seen) > 1


def test_fudge_dice_typed_from_the_table_are_by_hand() -> None:
    actions = fp.panel(random.Random(1)).actions
    typed = "+ + 0 - 0 +"
    for button, form in (("fudge-roll-dice", {"fudge-dice": "6dF"}), ("fudge-act-roll", FUDGE_ACTION)):
        data = roll_of(actions[f"#{button}"](fp.State(), {**form, f"{button}-table": typed}))
        assert data.by_hand and data.dice == ((3, 1), (3, 1), (3, 0), (3, -1), (3, 0), (3, 1))
    attack = roll_of(
        actions["#fudge-attack"](fp.State(), {**FUDGE_ATTACK, "fudge-attack-table": "+ + + +  - - - -"})
    )
    assert attack.by_hand and attack.outcome == "hit" and len(attack.dice) == 8


# --------------------------------------------------------------------------- the dice line


def _notation_counts(line: str) -> Counter[int]:
    """Every throw of the line's dice, enumerated for the lines below."""
    d6 = range(1, 7)
    if line == "2d6 + 3":
        return Counter(a + b + 3 for a, b in itertools.product(d6, d6))
    if line == "4d6kh3":
        return Counter(sum(t) - min(t) for t in itertools.product(d6, repeat=4))
    if line == "3dF + 1":
        return Counter(sum(t) + 1 for t in itertools.product((-1, 0, 1), repeat=3))
    if line == "d3 + d4":
        return Counter(a + b for a in range(1, 4) for b in range(1, 5))
    if line == "d20 >= 11":
        return Counter(int(v >= 11) for v in range(1, 21))
    if line == "gauss(7)":
        return Counter(
            min(20, max(1, (sum(t) + 1) // 3 + 2)) for t in itertools.product(range(1, 21), repeat=3)
        )
    raise AssertionError(line)


@pytest.mark.parametrize("line", ["2d6 + 3", "4d6kh3", "3dF + 1", "d3 + d4", "d20 >= 11", "gauss(7)"])
def test_a_notation_roll_carries_its_total_and_its_dice(line: str) -> None:
    counts = _notation_counts(line)
    for seed in range(5):
        done = outcome(
            notation_panel(random.Random(seed)).actions["#notation-roll"](
                NotationState(), {"notation-expr": line}
            )
        )
        data, result = roll_of(done), done.state.roller.roll
        assert result is not None and data.rule == "notation" and data.outcome == str(result.total)
        assert (data.p, data.below) == odds(counts, sorted(counts), result.total)
        thrown = [die.value for group in result.dice for die in group.dice]
        if line == "3dF + 1":
            assert data.dice == tuple((3, v) for v in thrown)
        elif line == "d3 + d4":
            assert data.dice == ((3, thrown[0] - 2), (4, thrown[1]))
        else:
            sides = 20 if "d20" in line or "gauss" in line else 6
            assert data.dice == tuple((sides, v) for v in thrown)


def test_a_notation_roll_from_the_table_keeps_every_throw() -> None:
    """«2d6r1» typed as 1 1 4 5: the rerolled ones were thrown too. P(total) by the reroll rule:
    a die is rerolled until it is no 1, so it shows 2…6 alike."""
    line = "2d6r1"
    done = outcome(
        notation_panel(random.Random(1)).actions["#notation-roll"](
            NotationState(), {"notation-expr": line, "notation-roll-table": "1 1 4 5"}
        )
    )
    data = roll_of(done)
    assert data.by_hand and data.dice == ((6, 1), (6, 1), (6, 4), (6, 5)) and data.total == 9
    die = {v: Fraction(1, 5) for v in range(2, 7)}
    pairs = {(a, b): die[a] * die[b] for a in die for b in die}
    p = sum((q for (a, b), q in pairs.items() if a + b == 9), Fraction(0))
    below = sum((q for (a, b), q in pairs.items() if a + b < 9), Fraction(0))
    assert (data.p, data.below) == (p, below)


def test_a_heavy_line_takes_the_odds_shown_before_the_roll() -> None:
    """A heavy line's distribution comes from the compute worker: the roll takes P(total) from the
    table shown before it when the total is on it, and keeps no data otherwise."""
    line = "200d6"
    shown = make(notation.summary(line), Key(line, None, "eq", False))
    before = Roller(line, odds=Odds(Key(line, None, "eq", False), digest=shown))
    for seed in range(3):
        done = outcome(
            notation_panel(random.Random(seed)).actions["#notation-roll"](
                NotationState(roller=before), {"notation-expr": line}
            )
        )
        result = done.state.roller.roll
        assert result is not None
        data = note_of(done.effects)
        rows = {row[0]: row for row in shown.rows}
        if result.total in rows:
            assert data is not None and data.roll is not None and data.roll.p == rows[result.total][1]
            assert data.roll.p == notation.distribution(line)[result.total] and len(data.roll.dice) == 200
        else:
            assert data is None or data.roll is None
    assert notation_rolls.as_data(Roller(line, result)) is None  # nothing shown before: no data


# --------------------------------------------------------------------------- threat dice


def _threat_form(state: ThreatState, **extra: Any) -> dict[str, Any]:
    form: dict[str, Any] = {
        "threat-rec-colour": state.track,
        "threat-rec-number": "10",
        "threat-new-name": "",
    }
    form["threat-fc-roll"] = "normal"
    for key, show in threat_view(state).items():
        if show.value is not None:
            form[key] = show.value
        if show.checked is not None:
            form[key] = show.checked
    form.update(extra)
    return form


def _draws(bag: threat.BagState, roll: str) -> Counter[str]:
    """Every draw of labelled dice (in order) and every face: the kept die's outcome code."""
    counts = list(bag.left)
    pair = roll != "normal" and bag.two_dice and bag.size >= 2
    need = 2 if pair else 1
    if bag.exhaustible and sum(counts) < need:
        counts = list(bag.composition)
    dice = [colour for colour, n in zip(bag.colours, counts, strict=True) for _ in range(n)]
    found: Counter[str] = Counter()

    def code(colour: str, value: int) -> str:
        if colour == threat.LIGHT:
            return "light"
        i = bag.track_index(colour)
        mark = "" if i == 0 else f".{i + 1}"
        return ("event" if value < bag.tracks[i].threshold else "dark") + mark

    for first in range(len(dice)):
        if not pair:
            rolls = 1 if roll == "normal" else 2
            for faces in itertools.product(range(1, 21), repeat=rolls):
                kept = max(faces) if roll == "advantage" else min(faces)
                found[code(dice[first], kept)] += 1
            continue
        for second in range(len(dice)):
            if second == first:
                continue
            for a, b in itertools.product(range(1, 21), repeat=2):
                one, two = (dice[first], a), (dice[second], b)
                if a == b:
                    lights = [d for d in (one, two) if d[0] == threat.LIGHT]
                    kept = lights[0] if lights else one
                else:
                    kept = (
                        max(one, two, key=lambda d: d[1])
                        if roll == "advantage"
                        else min(one, two, key=lambda d: d[1])
                    )
                found[code(*kept)] += 1
    return found


def _order(bag: threat.BagState) -> list[str]:
    marks = ["" if i == 0 else f".{i + 1}" for i in range(len(bag.tracks))]
    return [f"event{m}" for m in marks] + [f"dark{m}" for m in marks] + ["light"]


def _bag(two_dice: bool = False, exhaustible: bool = False, colours: int = 1) -> threat.BagState:
    bag = threat.new_state(
        light=3, dark=2, base=6, step=2, name="тёмный", two_dice=two_dice, exhaustible=exhaustible
    )
    if colours > 1:
        bag = threat.add_track(bag, "красный", dice=1, base=3, threshold=12, step=1)
    return bag


@pytest.mark.parametrize(
    ("bag", "button", "roll"),
    [
        (_bag(), "#threat-check", "normal"),
        (_bag(), "#threat-adv", "advantage"),
        (_bag(two_dice=True), "#threat-adv", "advantage"),
        (_bag(two_dice=True, colours=2), "#threat-dis", "disadvantage"),
        (_bag(colours=2), "#threat-check", "normal"),
        (_bag(exhaustible=True, two_dice=True), "#threat-dis", "disadvantage"),
    ],
)
def test_a_threat_check_carries_the_kept_dies_colour_and_the_bags_odds(
    bag: threat.BagState, button: str, roll: str
) -> None:
    """Each check from the bag as it stands (an exhaustible bag loses dice, and refills): its d20s,
    the outcome, P(outcome) and P(worse) over every draw and face."""
    actions = threat_panel(random.Random(9)).actions
    state = ThreatState(bag=bag, screen=False)
    seen = set()
    for _ in range(8):
        counts = _draws(state.bag, roll)
        done = outcome(actions[button](state, _threat_form(state)))
        data, entry = roll_of(done), done.state.last
        assert entry is not None and data.rule == "threat.check" and not data.by_hand
        assert (
            data.dice == tuple((20, v) for d in entry.drawn for v in d.rolls)
            and data.total == entry.kept_value
        )
        assert (data.p, data.below) == odds(counts, _order(state.bag), data.outcome)
        seen.add(data.outcome)
        state = done.state
    assert len(seen) > 1


def test_a_threat_table_roll_and_a_substitution() -> None:
    """«Учесть результат»: by hand, its one d20 the number typed, the odds of a normal check. «Замена
    до броска»: no die thrown, the odds of the colour drawn given the number."""
    actions = threat_panel(random.Random(4)).actions
    state = ThreatState(bag=_bag(colours=2), screen=False)
    for colour, number in (("тёмный", 3), ("тёмный", 15), ("красный", 11), (threat.LIGHT, 7)):
        form = _threat_form(state, **{"threat-rec-colour": colour, "threat-rec-number": str(number)})
        done = outcome(actions["#threat-record"](state, form))
        data = roll_of(done)
        assert data.by_hand and data.dice == ((20, number),) and data.total == number
        assert (data.p, data.below) == odds(_draws(state.bag, "normal"), _order(state.bag), data.outcome)
        state = done.state
    for number in (2, 11, 20):
        done = outcome(
            actions["#threat-substitute"](state, _threat_form(state, **{"threat-rec-number": str(number)}))
        )
        data, bag = roll_of(done), state.bag
        assert data.dice == () and data.total is None and not data.by_hand
        size = sum(bag.left)
        given = Counter({"light": bag.left[0]})
        for i, track in enumerate(bag.tracks):
            given[("event" if number < track.threshold else "dark") + ("" if i == 0 else f".{i + 1}")] += (
                bag.left[i + 1]
            )
        assert sum(given.values()) == size
        assert (data.p, data.below) == odds(given, _order(bag), data.outcome)
        state = done.state
