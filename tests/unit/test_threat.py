"""Tests for rules.threat: threat dice from seed 003 («Кубы угрозы»).

Every exact figure is derived here by brute force (labelled dice × draw order
× faces) or by a small independent formula, never copied from the seed.
"""

from __future__ import annotations

import doctest
import json
import random
from collections import Counter
from dataclasses import FrozenInstanceError
from fractions import Fraction
from functools import cache

import pytest

from rules import threat, threat_bag, threat_changes, threat_check, threat_odds

NAMES = ("light", "dark", "red", "blue")
ROLLS = ("normal", "advantage", "disadvantage")


# --------------------------------------------------------------------------- independent brute force


def _faces_kept(first: str, second: str, roll: str) -> Counter:
    """Two drawn dice of the given colours, all 400 face pairs: Counter of kept (colour, value)."""
    out: Counter = Counter()
    for a in range(1, 21):
        for b in range(1, 21):
            if a == b:
                keep = ("light", a) if first != second and "light" in (first, second) else (first, a)
            elif (a > b) == (roll == "advantage"):
                keep = (first, a)
            else:
                keep = (second, b)
            out[keep] += 1
    return out


@cache
def brute(
    counts: tuple[int, ...], roll: str, two_dice: bool
) -> dict[tuple[tuple[str, ...], str, int], Fraction]:
    """Exact P(drawn colours, kept colour, kept value) by enumerating labelled dice and faces."""
    bag = [NAMES[i] for i, n in enumerate(counts) for _ in range(n)]
    size = len(bag)
    out: Counter = Counter()
    if roll == "normal":
        for colour in bag:
            for v in range(1, 21):
                out[((colour,), colour, v)] += 1
        total = size * 20
    elif two_dice and size >= 2:
        table = {}
        for i in range(size):
            for j in range(size):
                if i == j:
                    continue
                key = (bag[i], bag[j])
                if key not in table:
                    table[key] = _faces_kept(bag[i], bag[j], roll)
                drawn = tuple(sorted(key))
                for (colour, v), n in table[key].items():
                    out[(drawn, colour, v)] += n
        total = size * (size - 1) * 400
    else:
        for colour in bag:
            for a in range(1, 21):
                for b in range(1, 21):
                    out[((colour,), colour, max(a, b) if roll == "advantage" else min(a, b))] += 1
        total = size * 400
    return {k: Fraction(n, total) for k, n in out.items()}


def brute_event(counts: tuple[int, ...], colour: str, threshold: int, roll: str, two_dice: bool) -> Fraction:
    """P(the kept die is of the colour and shows less than T)."""
    return sum(
        (p for (_, c, v), p in brute(counts, roll, two_dice).items() if c == colour and v < threshold),
        Fraction(0),
    )


def rule_after(colour: str, value: int, t: int, t0: int, step: int, reset: str) -> tuple[bool, int]:
    """Independent restatement of «Порядок проверки» for one track named 'dark'."""
    if colour != "dark" or value == 20:
        return False, t
    if value < t:
        return True, t0 if reset == "full" else min(20, t0 + step)
    return False, min(20, t + step)


class PathRandom(random.Random):
    """An RNG that follows a fixed path of randrange answers (0 after the path) and logs the sizes."""

    def __init__(self, path: tuple[int, ...]) -> None:
        super().__init__(0)
        self.path, self.choices, self.sizes = path, [], []

    def randrange(self, start, stop=None, step=1):  # type: ignore[override]
        assert stop is None and step == 1
        i = len(self.choices)
        choice = self.path[i] if i < len(self.path) else 0
        self.choices.append(choice)
        self.sizes.append(start)
        return choice


def enumerate_paths(fn):
    """Yield (probability, result) for every RNG path of fn(rng), exhaustively."""
    stack: list[tuple[int, ...]] = [()]
    while stack:
        path = stack.pop()
        rng = PathRandom(path)
        result = fn(rng)
        for i in range(len(path), len(rng.choices)):
            for alt in range(1, rng.sizes[i]):
                stack.append((*rng.choices[:i], alt))
        weight = Fraction(1)
        for n in rng.sizes:
            weight /= n
        yield weight, result


def scripted(*answers: int) -> PathRandom:
    return PathRandom(tuple(answers))


# --------------------------------------------------------------------------- closed forms vs brute force


def test_event_probability_closed_form_matches_brute_force_grid():
    """Seed 003 «Калькулятор» / «Преимущество и помеха»: closed forms equal draws × faces over W, B, T."""
    for light in range(7):
        for dark in range(5):
            if light + dark == 0:
                continue
            for roll in ROLLS:
                for two in (False, True):
                    for t in range(21):
                        expected = brute_event((light, dark), "dark", t, roll, two)
                        assert threat.event_probability(light, dark, t, roll, two) == expected, (
                            light,
                            dark,
                            t,
                        )


def test_next_event_odds_multi_colour_match_brute_force():
    """Seed 003 «Несколько угроз»: per-colour odds with several dark colours equal labelled enumeration."""
    bags = [(2, 1, 2), (0, 2, 1), (1, 1, 1, 1), (3, 0, 2), (0, 1, 1)]
    thresholds = [(6, 11, 20), (20, 2, 9), (1, 15, 4), (0, 12, 18), (7, 7, 7)]
    for counts, ts in zip(bags, thresholds, strict=True):
        state = threat.new_state(light=counts[0], dark=counts[1], threshold=ts[0])
        for name, dice_, t in zip(NAMES[2:], counts[2:], ts[1:], strict=False):
            state = threat.add_track(state, name, dice=dice_, threshold=t)
        for two in (False, True):
            odds = threat.next_event_odds(threat.set_modes(state, two_dice=two))
            assert odds is not None
            for o in odds:
                for name, p in o.by_track:
                    t = state.track(name).threshold
                    assert p == brute_event(counts, name, t, o.roll, two), (counts, name, o.roll, two)
                assert o.total == sum((p for _, p in o.by_track), Fraction(0))


def test_check_enumerated_over_all_rng_paths_matches_brute_force():
    """Seed 003 «Порядок проверки» + both adv/dis modes: the real check() over every draw×face path is exact."""
    cases = [((1, 1), 6), ((2, 1), 11), ((0, 2), 20), ((1, 2), 2), ((0, 1), 9), ((3, 1), 14)]
    for (light, dark), t in cases:
        for two in (False, True) if light + dark <= 3 else (False,):
            for roll in ROLLS[1:] if two else ROLLS:
                state = threat.new_state(light=light, dark=dark, base=3, threshold=t, step=2, two_dice=two)
                kept: Counter = Counter()
                for p, res in enumerate_paths(lambda rng, s=state, r=roll: threat.check(s, rng, r)):
                    e = res.entry
                    drawn = tuple(sorted(d.colour for d in e.drawn))
                    kept[(drawn, e.kept_colour, e.kept_value)] += p
                    event, after = rule_after(e.kept_colour, e.kept_value, t, 3, 2, "full")
                    assert (e.event, res.state.tracks[0].threshold) == (event, after)
                    assert e.thresholds == (("dark", t, after),)
                assert dict(kept) == brute((light, dark), roll, two), (light, dark, roll, two)
                assert sum(
                    (p for (_, c, v), p in kept.items() if c == "dark" and v < t), Fraction(0)
                ) == threat.event_probability(light, dark, t, roll, two)


def test_check_multi_colour_moves_only_the_kept_colour_track():
    """Seed 003 «Несколько угроз»: «вытянутый цвет определяет, какой счётчик меняется» — only that T moves."""
    state = threat.add_track(
        threat.new_state(light=1, dark=1, threshold=8, step=3), "red", threshold=8, step=3
    )
    state = threat.set_modes(state, two_dice=True)
    for roll in ("normal", "advantage"):
        for p, res in enumerate_paths(lambda rng, r=roll: threat.check(state, rng, r)):
            assert p > 0
            for name, before, after in res.entry.thresholds:
                if name != res.entry.kept_colour:
                    assert before == after == 8
            if res.entry.kept_colour == "light":
                assert res.entry.track is None and not res.entry.event


# --------------------------------------------------------------------------- the seed's worked examples


def test_seed_example_five_is_safe_at_five_and_dangerous_at_six():
    """Seed 003 «Пример нарастания»: 5 light + 1 dark, T₀ = 5, Δ = 1 — 5 safe at T = 5, dangerous at T = 6."""
    state = threat.new_state(light=5, dark=1, base=5, step=1)
    assert 5 not in threat.dangerous_results(5) and 5 in threat.dangerous_results(6)
    first = threat.record(state, "dark", 5)
    assert not first.event and first.state.tracks[0].threshold == 6
    second = threat.record(first.state, "dark", 5)
    assert second.event and second.state.tracks[0].threshold == 5
    assert threat.event_probability(5, 1, 6) - threat.event_probability(5, 1, 5) == Fraction(1, 6 * 20)


def test_thresholds_zero_and_one_never_give_events():
    """Seed 003 «Мешок и параметры»: «При T = 0 и T = 1 событий нет» in every roll type and mode."""
    for t in (0, 1):
        assert list(threat.dangerous_results(t)) == []
        for roll in ROLLS:
            for two in (False, True):
                assert threat.event_probability(3, 4, t, roll, two) == 0
        for v in (1, 2, 19):
            assert not threat.record(threat.new_state(threshold=t), "dark", v).event


def test_threshold_twenty_makes_one_to_nineteen_dangerous_and_twenty_safe():
    """Seed 003 «Мешок и параметры»: at T = 20 results 1–19 are dangerous; 20 never causes an event."""
    assert list(threat.dangerous_results(20)) == list(range(1, 20))
    state = threat.new_state(base=3, threshold=20, step=5)
    assert threat.record(state, "dark", 19).event
    res = threat.record(state, "dark", 20)
    assert not res.event and res.state.tracks[0].threshold == 20
    assert threat.event_probability(0, 1, 20) == Fraction(19, 20)


def test_check_order_light_dark20_event_growth():
    """Seed 003 «Порядок проверки» steps 3–6: light/20 keep T, low dark resets to T₀, other dark adds Δ."""
    state = threat.new_state(base=4, threshold=9, step=3)
    assert threat.record(state, "light", 1).state == state
    assert threat.record(state, "dark", 20).state == state
    assert threat.record(state, "dark", 8).state.tracks[0].threshold == 4
    assert threat.record(state, "dark", 9).state.tracks[0].threshold == 12
    assert threat.record(threat.set_threshold(state, 19), "dark", 19).state.tracks[0].threshold == 20


def test_reset_modes_full_and_stepped():
    """Seed 003 «Сброс порога»: full T := T₀; stepped T := min(20, T₀ + Δ)."""
    full = threat.new_state(base=6, threshold=15, step=4)
    stepped = threat.set_modes(full, reset_mode="stepped")
    assert threat.record(full, "dark", 2).state.tracks[0].threshold == 6
    assert threat.record(stepped, "dark", 2).state.tracks[0].threshold == 10
    capped = threat.set_modes(threat.new_state(base=18, threshold=20, step=5), reset_mode="stepped")
    assert threat.record(capped, "dark", 1).state.tracks[0].threshold == 20


def test_changing_base_threshold_shifts_current_and_later_resets():
    """Seed 003 «Сброс порога»: T₀ 5 → 8 shifts T by +3 (clamped 0..20) and later resets go to the new T₀."""
    state = threat.new_state(base=5, threshold=7, step=1)
    raised = threat.set_base_threshold(state, 8)
    assert raised.tracks[0].threshold == 10 and raised.tracks[0].base == 8
    assert threat.record(raised, "dark", 1).state.tracks[0].threshold == 8
    stepped = threat.set_modes(raised, reset_mode="stepped")
    assert threat.record(stepped, "dark", 1).state.tracks[0].threshold == 9
    assert threat.set_base_threshold(threat.new_state(base=5, threshold=3), 0).tracks[0].threshold == 0
    assert threat.set_base_threshold(threat.new_state(base=5, threshold=18), 10).tracks[0].threshold == 20


# --------------------------------------------------------------------------- advantage, two dice, pairs


def test_advantage_and_disadvantage_cancel():
    """Seed 003 «Преимущество и помеха»: both at once cancel into a normal one-die check."""
    assert threat.roll_type(True, True) == "normal"
    assert threat.roll_type(False, False) == "normal"
    assert threat.roll_type(True, False) == "advantage"
    assert threat.roll_type(False, True) == "disadvantage"


def test_base_mode_one_die_rolled_twice_keeps_its_colour():
    """Seed 003 «Базовый режим — один куб, два броска»: one die drawn, two rolls, max/min kept, same colour."""
    state = threat.new_state(light=1, dark=1, threshold=10)
    res = threat.check(state, scripted(1, 3, 16), "advantage")  # draw index 1 = dark; rolls 4 and 17
    assert res.entry.mode == "base" and len(res.entry.drawn) == 1
    assert res.entry.drawn[0].rolls == (4, 17) and (res.entry.kept_colour, res.entry.kept_value) == (
        "dark",
        17,
    )
    res = threat.check(state, scripted(1, 3, 16), "disadvantage")
    assert (res.entry.kept_colour, res.entry.kept_value, res.event) == ("dark", 4, True)


def test_two_dice_tie_between_colours_keeps_light():
    """Seed 003 «Дополнительный режим — два куба», «Ничья»: a light–dark tie keeps the light die."""
    state = threat.new_state(light=1, dark=1, threshold=20, two_dice=True)
    for roll in ("advantage", "disadvantage"):
        for order in ((0, 0), (1, 0)):  # light first, dark first
            res = threat.check(state, scripted(*order, 6, 6), roll)
            assert (res.entry.kept_colour, res.event) == ("light", False)
            assert res.state.tracks[0].threshold == 20


def test_two_dice_keeps_higher_or_lower_die():
    """Seed 003 «два куба»: advantage keeps the higher die, disadvantage the lower; only it moves T."""
    state = threat.new_state(light=1, dark=1, base=2, threshold=10, step=1, two_dice=True)
    adv = threat.check(state, scripted(1, 0, 2, 14), "advantage")  # dark 3, light 15
    assert (adv.entry.kept_colour, adv.entry.kept_value, adv.event) == ("light", 15, False)
    dis = threat.check(state, scripted(1, 0, 2, 14), "disadvantage")
    assert (dis.entry.kept_colour, dis.entry.kept_value, dis.event) == ("dark", 3, True)
    assert dis.state.tracks[0].threshold == 2


def test_two_dark_colours_tie_keeps_first_drawn():
    """Seed 003 «Несколько угроз» + «Ничья» (interpretation): a tie of two dark colours keeps the first drawn."""
    state = threat.add_track(threat.new_state(light=0, dark=1, threshold=10), "red", threshold=10)
    state = threat.set_modes(state, two_dice=True)
    res = threat.check(state, scripted(1, 0, 4, 4), "advantage")  # red first, then dark; both 5
    assert res.entry.kept_colour == "red" and res.event
    assert res.state.track("red").threshold == 0 and res.state.track("dark").threshold == 10


def test_two_dice_mode_falls_back_to_base_with_one_die_bag():
    """Seed 003 «Режиму нужны хотя бы два куба»: a one-die bag rolls one die twice instead."""
    state = threat.new_state(light=0, dark=1, threshold=10, two_dice=True)
    res = threat.check(state, random.Random(3), "advantage")
    assert res.entry.mode == "base" and len(res.entry.drawn) == 1 and len(res.entry.drawn[0].rolls) == 2
    assert threat.event_probability(0, 1, 10, "advantage", True) == threat.event_probability(
        0, 1, 10, "advantage"
    )


def test_paired_effects_depend_only_on_drawn_colours():
    """Seed 003 «Парные эффекты»: two dark → dark mark, two light → light mark, regardless of the kept die."""
    state = threat.new_state(light=2, dark=2, threshold=1, two_dice=True, paired_effects=True)
    dark_pair = threat.check(state, scripted(2, 2, 0, 19), "advantage")  # dark, dark
    light_pair = threat.check(state, scripted(0, 0, 0, 19), "disadvantage")  # light, light
    mixed = threat.check(state, scripted(0, 1, 0, 19), "advantage")  # light, dark
    mixed_dark_first = threat.check(state, scripted(2, 0, 0, 19), "disadvantage")  # dark, light
    assert (dark_pair.entry.pair, light_pair.entry.pair, mixed.entry.pair) == ("dark", "light", None)
    assert mixed_dark_first.entry.pair is None and mixed_dark_first.entry.kept_colour == "dark"
    off = threat.set_modes(state, paired_effects=False)
    assert threat.check(off, scripted(2, 2, 0, 19), "advantage").entry.pair is None
    assert threat.check(state, scripted(2, 0), "normal").entry.pair is None


# --------------------------------------------------------------------------- exhaustible bag, record, refill


def test_exhaustible_bag_removes_drawn_dice_and_refills_when_short():
    """Seed 003 «Исчерпаемый мешок»: drawn dice stay out (both in two-dice mode); refill when too few remain."""
    state = threat.new_state(light=2, dark=1, threshold=1, exhaustible=True)
    one = threat.check(state, scripted(2, 0), "normal")  # the dark die
    assert one.state.left == (2, 0) and not one.entry.refilled
    two = threat.check(one.state, scripted(0, 0), "normal")
    three = threat.check(two.state, scripted(0, 0), "normal")
    assert three.state.left == (0, 0)
    four = threat.check(three.state, scripted(2, 5), "normal")
    assert four.entry.refilled and four.state.left == (2, 0)
    pairs = threat.set_modes(state, two_dice=True)
    drawn = threat.check(pairs, scripted(0, 1, 0, 0), "advantage")  # light, then dark from [light, dark]
    assert drawn.state.left == (1, 0)
    again = threat.check(drawn.state, scripted(0, 1, 0, 0), "advantage")  # 1 die left < 2: refill first
    assert again.entry.refilled and again.entry.mode == "two_dice" and sum(again.state.left) == 1
    base = threat.check(drawn.state, scripted(0, 0), "normal")  # a normal check can use the last die
    assert not base.entry.refilled and base.entry.drawn[0].colour == "light"


def test_exhaustible_odds_use_remainder_or_full_bag():
    """Seed 003 «Калькулятор»: exhausted W and B are the remainder; if it can't serve the check, the full bag."""
    state = threat.new_state(light=3, dark=2, threshold=12, exhaustible=True, two_dice=True)
    state = threat.BagState.from_dict({**state.to_dict(), "remaining": {"light": 0, "dark": 1}})
    normal, adv, dis = threat.next_event_odds(state)
    assert normal.by_track[0][1] == brute_event((0, 1), "dark", 12, "normal", True) and not normal.refill
    assert adv.refill and adv.by_track[0][1] == brute_event((3, 2), "dark", 12, "advantage", True)
    assert dis.by_track[0][1] == brute_event((3, 2), "dark", 12, "disadvantage", True)
    partial = threat.BagState.from_dict({**state.to_dict(), "remaining": {"light": 1, "dark": 1}})
    assert threat.next_event_odds(partial)[1].by_track[0][1] == brute_event(
        (1, 1), "dark", 12, "advantage", True
    )


def test_record_changes_threshold_but_not_bag():
    """Seed 003 «Калькулятор», «Учесть результат»: kept colour + final number move T; the bag stays."""
    state = threat.new_state(light=2, dark=2, threshold=6, step=2, exhaustible=True)
    state = threat.check(state, scripted(0, 0), "normal").state
    res = threat.record(state, "dark", 6)
    assert res.state.left == state.left == (1, 2) and res.state.tracks[0].threshold == 8
    assert res.entry.source == "record" and res.entry.drawn == ()


def test_refill_and_composition_change_refill_the_bag():
    """Seed 003 «Калькулятор»: «Пополнить мешок» and a new composition refill the bag; T is kept."""
    state = threat.new_state(light=2, dark=2, threshold=9, exhaustible=True)
    drawn = threat.check(state, scripted(0, 0), "normal").state
    assert threat.refill(drawn).left == (2, 2)
    more = threat.set_composition(drawn, dark=3)
    assert more.left == (2, 3) and more.tracks[0].threshold == 9
    assert threat.set_composition(drawn, light=2) is drawn  # nothing changed, nothing refilled


def test_empty_bag_cannot_be_checked():
    """Seed 003 «Порядок проверки» step 2 needs a die: an empty bag raises, odds are None."""
    empty = threat.new_state(light=0, dark=0)
    with pytest.raises(ValueError, match="empty"):
        threat.check(empty, random.Random(1))
    with pytest.raises(ValueError, match="empty"):
        threat.event_probability(0, 0, 5)
    assert threat.next_event_odds(empty) is None


# --------------------------------------------------------------------------- forecast


def _levels_mean(light: int, dark: int, t: int, step: int, roll: str, two: bool) -> Fraction:
    """Independent E[checks to event] for a full bag: E_t = (1 + g·E_{t+Δ}) / (e + g), E_20 = 1/e."""
    if t >= 20 or step == 0:
        return 1 / brute_event((light, dark), "dark", t, roll, two)
    dist = brute((light, dark), roll, two)
    e = sum((p for (_, c, v), p in dist.items() if c == "dark" and v < t), Fraction(0))
    g = sum((p for (_, c, v), p in dist.items() if c == "dark" and t <= v < 20), Fraction(0))
    return (1 + g * _levels_mean(light, dark, min(20, t + step), step, roll, two)) / (e + g)


def test_forecast_geometric_when_threshold_is_stationary():
    """Forecast + seed «Порядок проверки»: at T = 20 (or Δ = 0) K is geometric with p = event odds."""
    for light, dark, t, step in ((5, 1, 20, 2), (2, 3, 7, 0), (0, 2, 20, 0)):
        for roll in ROLLS:
            for two in (False, True):
                state = threat.new_state(light=light, dark=dark, threshold=t, step=step, two_dice=two)
                f = threat.checks_until_event_distribution(state, roll, horizon=5)
                p = threat.event_probability(light, dark, t, roll, two)
                assert f.probabilities == tuple((1 - p) ** (m - 1) * p for m in range(1, 6))
                assert f.tail == (1 - p) ** 5 and f.mean == 1 / p


def test_forecast_mean_with_growing_threshold_matches_level_formula():
    """Forecast: with Δ > 0 the exact mean (infinite tail included) equals a level-by-level formula."""
    for light, dark, t, step in ((5, 1, 5, 1), (3, 2, 0, 3), (1, 3, 12, 5), (4, 1, 1, 2)):
        for roll in ROLLS:
            for two in (False, True):
                state = threat.new_state(light=light, dark=dark, base=2, threshold=t, step=step, two_dice=two)
                f = threat.checks_until_event_distribution(state, roll, horizon=1)
                assert f.mean == _levels_mean(light, dark, t, step, roll, two), (light, dark, t, step, roll)


def _chain_probabilities(counts, t, step, roll, two, exhaustible, left, steps):
    """Independent forward DP over (T, remainder) built from brute() draws: P(first event at check m)."""
    need = 2 if roll != "normal" and two and sum(counts) >= 2 else 1
    layer = {(t, left): Fraction(1)}
    out = []
    for _ in range(steps):
        hit, nxt = Fraction(0), Counter()
        for (tt, rem), mass in layer.items():
            bag = counts if not exhaustible or sum(rem) < need else rem
            for (drawn, colour, v), p in brute(bag, roll, two).items():
                event, after = rule_after(colour, v, tt, 0, step, "full")
                if event:
                    hit += mass * p
                    continue
                new = tuple(n - drawn.count(NAMES[i]) for i, n in enumerate(bag)) if exhaustible else counts
                nxt[(after, new)] += mass * p
        out.append(hit)
        layer = nxt
    return out


def test_forecast_first_checks_match_independent_chain():
    """Forecast, seed «Исчерпаемый мешок»: P(K = m) for the first checks equals an independent DP."""
    cases = [((2, 1), 3, 2, False), ((1, 2), 4, 3, True), ((2, 2), 18, 1, True), ((3, 1), 0, 5, True)]
    for counts, t, step, exhaustible in cases:
        for roll in ROLLS:
            for two in (False, True):
                state = threat.new_state(
                    light=counts[0],
                    dark=counts[1],
                    threshold=t,
                    step=step,
                    two_dice=two,
                    exhaustible=exhaustible,
                )
                if exhaustible:
                    state = threat.check(state, scripted(0, 0), "normal").state  # one light die out
                f = threat.checks_until_event_distribution(state, roll, horizon=5)
                expected = _chain_probabilities(counts, t, step, roll, two, exhaustible, state.left, 5)
                assert list(f.probabilities) == expected, (counts, t, step, exhaustible, roll, two)
                assert f.tail == 1 - sum(expected)


def test_forecast_mean_agrees_with_long_forward_sum_in_exhaustible_bag():
    """Forecast, seed «Исчерпаемый мешок»: the solved mean matches Σ m·P(K=m) over a long horizon."""
    state = threat.new_state(light=3, dark=2, threshold=2, step=1, exhaustible=True, two_dice=True)
    for roll in ROLLS:
        f = threat.checks_until_event_distribution(state, roll, horizon=300)
        partial = sum((m * p for m, p in enumerate(f.probabilities, 1)), Fraction(0))
        assert f.tail < Fraction(1, 10**6)
        assert partial + 301 * f.tail <= f.mean
        assert float(f.mean - partial) < 1e-3


def test_forecast_never_when_no_event_is_possible():
    """Seed 003 «При T = 0 и T = 1 событий нет», B = 0: the forecast says 'never' (None) instead of looping."""
    assert threat.checks_until_event_distribution(threat.new_state(dark=0)) is None
    assert threat.checks_until_event_distribution(threat.new_state(threshold=1, step=0)) is None
    growing = threat.checks_until_event_distribution(threat.new_state(threshold=0, step=1), horizon=3)
    assert growing is not None and growing.probabilities[0] == 0 and growing.mean > 0


def test_forecast_per_colour_in_multi_colour_bag():
    """Seed 003 «Несколько угроз»: each colour's forecast uses its own T and Δ; other colours only fill draws."""
    state = threat.add_track(
        threat.new_state(light=2, dark=1, threshold=20, step=0), "red", dice=1, threshold=0
    )
    dark = threat.checks_until_event_distribution(state, "normal", track="dark", horizon=2)
    red = threat.checks_until_event_distribution(state, "normal", track="red", horizon=2)
    p = Fraction(1, 4) * Fraction(19, 20)
    assert dark.mean == 1 / p and red.probabilities[0] == 0


# --------------------------------------------------------------------------- input, persistence, replay


def test_out_of_range_input_is_refused_and_changes_nothing():
    """«Bad input»: out-of-range or mistyped numbers raise ValueError; the state is untouched."""
    state = threat.new_state()
    snapshot = json.dumps(state.to_dict())
    bad_calls = [
        lambda: threat.set_composition(state, light=21),
        lambda: threat.set_composition(state, dark=11),
        lambda: threat.set_composition(state, light=-1),
        lambda: threat.set_base_threshold(state, 21),
        lambda: threat.set_threshold(state, -1),
        lambda: threat.set_step(state, 6),
        lambda: threat.set_step(state, True),
        lambda: threat.set_threshold(state, 5.0),
        lambda: threat.record(state, "dark", 0),
        lambda: threat.record(state, "dark", 21),
        lambda: threat.record(state, "green", 5),
        lambda: threat.check(state, random.Random(0), "double"),
        lambda: threat.set_modes(state, reset_mode="half"),
        lambda: threat.add_track(state, "light"),
        lambda: threat.add_track(state, "dark"),
        lambda: threat.add_track(state, "red", dice=10),  # 11 dark dice in total
        lambda: threat.remove_track(state, "dark"),
        lambda: threat.event_probability(21, 1, 5),
        lambda: threat.event_probability(1, 1, 5, "both"),
        lambda: threat.checks_until_event_distribution(state, horizon=0),
    ]
    for call in bad_calls:
        with pytest.raises(ValueError):
            call()
    assert json.dumps(state.to_dict()) == snapshot
    with pytest.raises(FrozenInstanceError):
        state.light = 3  # type: ignore[misc]


def test_state_round_trips_through_json():
    """Persistence: state → plain JSON → state is lossless for every mode and several colours."""
    state = threat.new_state(
        light=4, dark=3, base=2, threshold=9, step=2, reset_mode="stepped", exhaustible=True
    )
    state = threat.set_modes(
        threat.add_track(state, "red", dice=2, base=1), two_dice=True, paired_effects=True
    )
    state = threat.check(state, random.Random(7), "advantage").state
    again = threat.BagState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state and again.left == state.left


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("light"),
        lambda d: d.update(extra=1),
        lambda d: d.update(version=2),
        lambda d: d.update(light="5"),
        lambda d: d.update(light=True),
        lambda d: d.update(light=25),
        lambda d: d.update(tracks=[]),
        lambda d: d.update(tracks="dark"),
        lambda d: d["tracks"][0].update(threshold=21),
        lambda d: d["tracks"][0].update(name=""),
        lambda d: d["tracks"][0].update(name="light"),
        lambda d: d["tracks"][0].pop("step"),
        lambda d: d.update(remaining={"light": 6, "dark": 1}),
        lambda d: d.update(remaining={"light": 1, "dark": 1}),  # partial bag while not exhaustible
        lambda d: d.update(remaining=[5, 1]),
        lambda d: d.update(reset_mode="none"),
        lambda d: d.update(two_dice="yes"),
        lambda d: d["tracks"].append(dict(d["tracks"][0])),
    ],
)
def test_corrupted_state_raises_value_error(mutate):
    """Persistence: any malformed saved state raises ValueError so the UI can fall back to defaults."""
    data = json.loads(json.dumps(threat.new_state().to_dict()))
    mutate(data)
    with pytest.raises(ValueError):
        threat.BagState.from_dict(data)


def test_non_dict_state_raises_value_error():
    """Persistence: a saved state that is not an object at all raises ValueError."""
    for junk in (None, [], "state", 3):
        with pytest.raises(ValueError):
            threat.BagState.from_dict(junk)


def test_journal_entries_round_trip_and_reject_corruption():
    """Journal: one line per check survives JSON; a corrupted line raises ValueError."""
    state = threat.new_state(light=2, dark=2, two_dice=True, paired_effects=True)
    entries = [threat.check(state, random.Random(s), r).entry for s in range(4) for r in ROLLS]
    entries.append(threat.record(state, "dark", 3).entry)
    for entry in entries:
        assert threat.JournalEntry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    bad = entries[0].to_dict()
    bad["kept"]["value"] = 0
    with pytest.raises(ValueError):
        threat.JournalEntry.from_dict(bad)
    with pytest.raises(ValueError):
        threat.JournalEntry.from_dict({**entries[0].to_dict(), "event": "no"})


def test_seeded_replay_is_deterministic():
    """Seeded replay: the same seed and actions give the same journal."""

    def run(seed: int) -> list[dict]:
        rng, state, lines = random.Random(seed), threat.new_state(exhaustible=True, two_dice=True), []
        for roll in ROLLS * 4:
            res = threat.check(state, rng, roll)
            state = res.state
            lines.append(res.entry.to_dict())
        return lines

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_module_doctests_pass():
    """Module docstring examples (seed 003 worked numbers) run and pass, in ``rules.threat`` and
    in each module it re-exports (their examples are theirs: ``testmod`` skips re-exported names)."""
    tried = 0
    for module in (threat, threat_bag, threat_changes, threat_check, threat_odds):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        tried += result.attempted
    assert tried > 10


def test_every_public_name_is_one_of_a_concept_module() -> None:
    """``rules.threat`` re-exports each concept module's public names, once, and nothing else."""
    modules = (threat_bag, threat_changes, threat_check, threat_odds)
    names = [name for module in modules for name in module.__all__]
    assert sorted(threat.__all__) == sorted(names) and len(set(names)) == len(names)
    assert all(getattr(threat, name) is getattr(m, name) for m in modules for name in m.__all__)


class _Pick:
    """A stand-in rng whose ``randrange`` returns a chosen index (to enumerate every draw)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def randrange(self, n: int) -> int:
        assert 0 <= self.index < n
        return self.index


def test_substitution_before_the_roll_still_draws_from_the_bag() -> None:
    """Seed «Замена, объявленная до броска»: «Куб всё равно вытягивается из мешка вслепую: его цвет
    определяет, затронет ли проверка угрозу. Бросать его не нужно; результатом считается подставленное
    число. Если подставлена 20 и куб тёмный — ни события, ни роста.» Every blind draw is enumerated:
    an exhaustible bag loses the drawn die, the colour decides, the number is the substituted one."""
    bag = threat.new_state(light=2, dark=1, threshold=6, step=1, exhaustible=True)
    outcomes = []
    for index in range(bag.size):
        result = threat.substitute(bag, _Pick(index), 3)
        entry = result.entry
        assert entry.source == "substitute" and entry.kept_value == 3
        assert sum(result.state.left) == bag.size - 1  # the die stays out of the exhaustible bag
        outcomes.append((entry.kept_colour, entry.event, result.state.track().threshold))
    assert sorted(outcomes) == [("dark", True, 5), ("light", False, 6), ("light", False, 6)]
    dark_only = threat.new_state(light=0, dark=2, threshold=6, exhaustible=True)
    twenty = threat.substitute(dark_only, _Pick(0), 20)
    assert (twenty.event, twenty.state.track().threshold, twenty.state.left) == (False, 6, (0, 1))
    grown = threat.substitute(dark_only, _Pick(0), 9)
    assert (grown.event, grown.state.track().threshold) == (False, 7)


def test_substitution_refills_an_empty_exhaustible_bag_and_round_trips() -> None:
    """Seed «Исчерпаемый мешок»: «Когда кубов не хватает на следующую проверку, мастер наполняет мешок
    заново»; a substitution is such a check. The journal line survives a save."""
    bag = threat.new_state(light=1, dark=0, exhaustible=True)
    empty = threat.substitute(bag, random.Random(1), 4).state
    assert empty.left == (0, 0)
    again = threat.substitute(empty, random.Random(2), 4)
    assert again.entry.refilled and again.state.left == (0, 0)
    line = again.entry.to_dict()
    assert threat.JournalEntry.from_dict(line) == again.entry
    plain = threat.new_state(light=3, dark=1)
    assert threat.substitute(plain, random.Random(5), 7).state.left == plain.left
    for bad in (0, 21, True, "5"):
        with pytest.raises(ValueError):
            threat.substitute(plain, random.Random(5), bad)
    with pytest.raises(ValueError):
        threat.substitute(threat.new_state(light=0, dark=0), random.Random(5), 7)


def test_change_lines_name_every_setting_and_round_trip() -> None:
    """rules.threat_journal: every setting a GM changes by hand is in the change line (a colour
    added or removed, W, dice, T₀, T, Δ, the modes); each line survives to_dict/from_data, a bad
    one is refused."""
    from rules import threat_journal as tj

    before = threat.new_state(light=5, dark=1, base=5, step=1)
    after = threat.add_track(threat.set_composition(before, light=3, dark=2), "red", dice=1)
    after = threat.set_modes(after, reset_mode="stepped", exhaustible=True, paired_effects=True)
    after = threat.set_threshold(after, 9)
    entry = tj.change_entry(before, after)
    assert entry is not None and entry.changes == (
        ("light", "", 5, 3),
        ("dice", "dark", 1, 2),
        ("threshold", "dark", 5, 9),
        ("added", "red", 0, 1),
        ("stepped", "", 0, 1),
        ("exhaustible", "", 0, 1),
        ("paired_effects", "", 0, 1),
    )
    gone = tj.change_entry(after, threat.remove_track(after, "red"))
    assert gone is not None and gone.changes == (("removed", "red", 1, 0),)
    for line in (entry, gone, tj.refill_entry()):
        assert tj.entry_from_data(json.loads(json.dumps(tj.entry_to_data(line)))) == line
    for bad in (
        {"source": "change", "changes": []},
        {"source": "change", "changes": [["light", "", 5, 99]]},
        {"source": "change", "changes": [["mood", "", 0, 1]]},
        {"source": "change", "changes": [["dice", "", 1, 2]]},
        {"source": "change"},
    ):
        with pytest.raises(ValueError):
            tj.entry_from_data(bad)
    lines, aside = tj.journal_from_data([tj.entry_to_data(entry) | {"note": "x"}, {"source": "change"}])
    assert lines[0].changes == entry.changes and tj.entry_to_data(lines[0])["note"] == "x"
    assert aside == ({"source": "change"},)
