"""The FUDGE panel's logic on CPython: actions, views in both languages, saved state."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from kit.form import ARG, InputError
from kit.msg import pct, render
from kit.panel import Compute, Outcome, SetFields, decode
from kit.view import texts
from panels.fudge import panel as fp
from rules import fudge, fudge_attack

CYRILLIC = re.compile("[А-Яа-яЁё]")
PANEL = fp.panel(random.Random(7))

ACTION_FORM = {
    "fudge-dice": "6dF",
    "fudge-mode": "one",
    "fudge-diff": "0",
    **{f"fudge-{s}-{f}": "0" for s in "ab" for f in ("attr", "skill", "adj", "tech", "mod")},
    "fudge-a-skill-mode": "have",
    "fudge-b-skill-mode": "have",
}
ATTACK_FORM = {
    "fudge-dice": "6dF",
    "fudge-att": "0",
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


def run(state: fp.State, selector: str, form: dict[str, Any]) -> Outcome[fp.State]:
    result = PANEL.actions[selector](state, form)
    return result if isinstance(result, Outcome) else Outcome(result)


def english_stray(state: fp.State) -> list[str]:
    """Texts of the English view with Cyrillic outside «…»."""
    return [t for t in texts(fp.view(state), "en") if CYRILLIC.search(re.sub("«[^»]*»", "", t))]


def test_dice_view_is_the_rules_distribution_on_the_ladder() -> None:
    """Every dice choice shows rules.fudge.distribution, each value named on the seed's ladder."""
    state = fp.State()
    for name in fudge.DICE:
        state = run(state, "#fudge-dice", {"fudge-dice": name}).state
        rows = fp.view(state)["fudge-dice-table"].children or ()
        dist = fudge.distribution(name)
        assert len(rows) == len(dist)
        low = min(dist)
        assert render(rows[0].children[1].text, "ru") == fudge.ladder_name(low)
        assert render(rows[0].children[2].text, "en").endswith("%")


def test_a_dice_roll_is_the_rules_roll_and_is_logged_in_both_languages() -> None:
    """The panel rolls what rules.fudge.roll rolls with the same generator; the log line follows the language."""
    done = run(fp.State(), "#fudge-dice", {"fudge-dice": "3dGF"}).state
    result = fp.dice.roll(random.Random(5), done, {"fudge-dice": "3dGF"})
    assert result.state.dice.last == fudge.roll(random.Random(5), "3dGF")
    assert "P(=" in render(result.log, "en")
    assert done.dice.last is None


def test_one_sided_odds_and_roll() -> None:
    """The action odds match one_sided_odds for the typed side; the roll names its margin and outcome."""
    form = {
        **ACTION_FORM,
        "fudge-a-attr": "1",
        "fudge-a-skill-mode": "free",
        "fudge-diff": "2",
        "fudge-dice": "4dF",
    }
    state = run(fp.State(), "#fudge-dice", form).state
    state = run(state, "#fudge-act-part", form).state
    odds = fudge.one_sided_odds(fudge.Side(1, fudge.skill_term(None)), 2, "4dF")
    rows = fp.view(state)["fudge-act-odds"].children or ()
    assert [render(r.children[1].text, "ru") for r in rows] == [
        render(pct(p), "ru") for p in (odds.failure, odds.tie, odds.success)
    ]
    assert "атрибут со штрафом −1" in render(fp.view(state)["fudge-act-summary"].text, "ru")
    rolled = fp.action.roll(random.Random(3), state, form)
    assert rolled.state.action.hit == rolled.state.action.last.margin
    assert "the chance was" in render(rolled.log, "en")


def test_bad_input_raises_and_changes_nothing() -> None:
    """Junk or out-of-range fields raise InputError, in every sub-tool; the state object is untouched."""
    state = fp.State()
    bad = [
        ("#fudge-act-part", {**ACTION_FORM, "fudge-a-attr": "99"}),
        ("#fudge-act-part", {**ACTION_FORM, "fudge-a-adj": "1"}),  # an adjustment with the skill
        ("#fudge-att-part", {**ATTACK_FORM, "fudge-range": "x"}),
        ("#fudge-w-take", {"fudge-w-amount": "-1"}),
        ("#fudge-w-rows button", {ARG: "0"}),  # nothing to clear
        ("#fudge-w-rows button", {ARG: "nine"}),
        ("#fudge-acc-sub-add", {"fudge-acc-rate": "3", "fudge-acc-sub": "0"}),
        ("#fudge-acc-apply", {}),
        ("#fudge-apply", {}),
        ("#fudge-w-revive", {}),
        ("#fudge-g-calc", {"fudge-g-scale": "12", "fudge-g-wound": "1"}),
        ("#fudge-dice", {"fudge-dice": "7dF"}),
    ]
    for selector, form in bad:
        with pytest.raises(InputError):
            PANEL.actions[selector](state, form)
    assert state == fp.State()
    message = None
    try:
        PANEL.actions["#fudge-w-take"](state, {"fudge-w-amount": "-1"})
    except InputError as error:
        message = error.message
    assert render(message, "en") == "Damage: -1 is outside the allowed range 0…99."


def test_a_new_firearm_starts_at_its_lowest_model_and_checks_its_range() -> None:
    """Choosing the pistol puts 2S−1 in the x/y fields; a multiplier outside 2…2 is refused, naming the weapon."""
    state = run(fp.State(), "#fudge-att-part", ATTACK_FORM).state
    done = run(state, "#fudge-att-part", {**ATTACK_FORM, "fudge-weapon": "r1", "fudge-wx": "1"})
    assert done.effects == (SetFields((("fudge-wx", "2"), ("fudge-wy", "-1"))),)
    assert fp.attack.weapon(done.state.attack.setup) == fudge.Weapon("Пистолет", 2, -1, ranged=True)
    with pytest.raises(InputError) as error:
        fp.attack.set_setup(
            done.state, {**ATTACK_FORM, "fudge-weapon": "r1", "fudge-wx": "5", "fudge-wy": "0"}
        )
    assert "Пистолет: множитель x" in render(error.value.message, "ru")


def test_attack_wounds_are_marked_one_per_bullet() -> None:
    """A burst's hitting bullets are wounds of their own; marking them marks the track with mark_each."""
    form = {
        **ATTACK_FORM,
        "fudge-att": "30",
        "fudge-no-dodge": True,
        "fudge-bullets": "10",
        "fudge-weapon": "m5",
    }
    state = run(fp.State(), "#fudge-att-part", form).state
    hit = fp.attack.attack(random.Random(2), state, form)
    pending = hit.state.attack.pending
    assert pending == fudge.hit_wounds(hit.state.attack.hit or 0, len(pending))
    marked = run(hit.state, "#fudge-apply", {}).state
    assert marked.wounds.track == fudge.WoundTrack().mark_each(pending).track
    assert marked.attack.pending == ()


def test_sub_scale_attack_feeds_the_pool_and_sets_the_scale_field() -> None:
    """A hit only the scale stops puts its no-scale damage in the sub-scale pool at the scale difference."""
    form = {
        **ATTACK_FORM,
        "fudge-att": "30",
        "fudge-no-dodge": True,
        "fudge-dscale": "60",
        "fudge-weapon": "m0",
    }
    state = run(fp.State(), "#fudge-att-part", form).state
    done = fp.attack.attack(random.Random(1), state, form)
    pools = done.state.pools.pools
    assert pools.sub_scale.rate == 60 and 0 < pools.sub_scale.stored < 60
    assert SetFields((("fudge-acc-rate", "60"),)) in done.effects
    assert "каждые 60 дают" in render(done.log, "ru")


def test_accumulators_convert_and_mark_scratches() -> None:
    """3 points at scale 3 make 1 damage, 5 exhaustion make 1; marking gives two scratches; a new scale is refused."""
    state = run(fp.State(), "#fudge-acc-sub-add", {"fudge-acc-rate": "3", "fudge-acc-sub": "4"}).state
    state = run(state, "#fudge-acc-exh-add", {"fudge-acc-exh": "5"}).state
    assert state.pools.pools.ready == 2
    with pytest.raises(InputError):
        run(state, "#fudge-acc-sub-add", {"fudge-acc-rate": "5", "fudge-acc-sub": "1"})
    marked = run(state, "#fudge-acc-apply", {}).state
    assert marked.wounds.track.marked[0] == 2 and marked.pools.pools.ready == 0
    status = render(fp.view(marked)["fudge-w-status"].text, "ru")
    assert status == "Урон 1 × 2 из накопителей: Царапина, Царапина. Состояние: Царапина."


def test_wound_boxes_mark_and_clear_by_their_button() -> None:
    """Damage 1, 3, 3 mark scratch, medium, heavy; the heavy row's button (data-arg 3) clears it."""
    state = fp.State()
    for amount in ("1", "3", "3"):
        state = run(state, "#fudge-w-take", {"fudge-w-amount": amount}).state
    assert state.wounds.track.marked == (1, 0, 1, 1, 0, 0)
    rows = fp.view(state)["fudge-w-rows"].children or ()
    button = rows[3].children[2].children[0]
    assert dict(button.attrs)["data-arg"] == "3"
    state = run(state, "#fudge-w-rows button", {ARG: "3"}).state
    assert render(fp.view(state)["fudge-w-status"].text, "ru").endswith(
        "Состояние: Среднее повреждение, штраф −2."
    )
    dead = run(state, "#fudge-w-take", {"fudge-w-amount": "9"}).state
    assert dead.wounds.track.dead and fp.view(dead)["fudge-w-revive"].disabled is False
    with pytest.raises(InputError):
        run(dead, "#fudge-w-take", {"fudge-w-amount": "1"})


def test_group_example_of_the_seed() -> None:
    """Seed 1.8: scale 12 with a −2 wound becomes scale 10, 6 people."""
    done = run(fp.State(), "#fudge-g-calc", {"fudge-g-scale": "12", "fudge-g-wound": "3"})
    assert "1,2^12 = 8,92 → 8 чел." in render(done.log, "ru")
    assert "1.2^10 = 6.19 → 6 people still standing" in render(done.log, "en")


def test_english_view_has_no_russian_outside_quotes_after_actions() -> None:
    """The whole view in English keeps Russian only inside «…», before and after actions of every sub-tool."""
    state = fp.State()
    assert english_stray(state) == []
    attack_form = {
        **ATTACK_FORM,
        **{
            "fudge-weapon": "r4",
            "fudge-wx": "6",
            "fudge-bullets": "5",
            "fudge-range": "12",
            "fudge-armour": "Латы",
        },
    }
    opposed = {**ACTION_FORM, "fudge-mode": "opp", "fudge-b-skill-mode": "required", "fudge-b-skill": "-2"}
    steps = [
        lambda s: fp.dice.roll(random.Random(1), s, {"fudge-dice": "3dGF"}),
        lambda s: run(s, "#fudge-act-part", opposed),
        lambda s: fp.action.roll(random.Random(2), s, opposed),
        lambda s: run(s, "#fudge-att-part", attack_form),
        lambda s: fp.attack.attack(random.Random(3), s, {**attack_form, "fudge-att": "20"}),
        lambda s: run(
            s, "#fudge-dmg-calc", {**attack_form, "fudge-margin": "3", "fudge-wx": "6", "fudge-wy": "0"}
        ),
        lambda s: run(s, "#fudge-apply", {}),
        lambda s: run(s, "#fudge-w-clear-all", {}),
        lambda s: run(s, "#fudge-acc-exh-add", {"fudge-acc-exh": "9"}),
        lambda s: run(s, "#fudge-acc-apply", {}),
        lambda s: run(s, "#fudge-g-calc", {"fudge-g-scale": "12", "fudge-g-wound": "4"}),
        lambda s: run(s, "#fudge-w-take", {"fudge-w-amount": "12"}),
    ]
    for step in steps:
        result = step(state)
        state = result.state if isinstance(result, Outcome) else result
        assert english_stray(state) == []
        if isinstance(result, Outcome) and result.log is not None:
            assert not CYRILLIC.search(re.sub("«[^»]*»", "", render(result.log, "en")))


def test_dump_and_load_round_trip() -> None:
    """The wound track and the pools survive a reload (the inputs come back from the saved form)."""
    state = run(fp.State(), "#fudge-w-take", {"fudge-w-amount": "2"}).state
    state = run(state, "#fudge-acc-sub-add", {"fudge-acc-rate": "3", "fudge-acc-sub": "4"}).state
    back = fp.load(fp.dump(state))
    assert back.wounds.track == state.wounds.track and back.pools.pools == state.pools.pools
    assert fp.load(fp.dump(fp.State())) == fp.State()


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"wounds": {}},
        {"wounds": fudge.WoundTrack().to_dict(), "pools": None},
        {"wounds": {**fudge.WoundTrack().to_dict(), "scratch": 9}, "pools": fudge.DamagePools().to_dict()},
        {
            "wounds": fudge.WoundTrack().to_dict(),
            "pools": {**fudge.DamagePools().to_dict(), "sub_units": 5000},
        },
        {
            "wounds": fudge.WoundTrack().to_dict(),
            "pools": {**fudge.DamagePools().to_dict(), "sub": {"rate": 3, "stored": 7}},
        },
    ],
)
def test_load_rejects_malformed_data(raw: Any) -> None:
    """Anything that is not a track and pools the panel could make raises ValueError."""
    with pytest.raises(ValueError):
        fp.load(raw)


def test_legacy_wounds_and_pools_are_carried_over_once() -> None:
    """Before the kit: gm.fudge.wounds, gm.fudge.accumulators and gm.fudge.log are read into the record."""
    track = fudge.WoundTrack((1, 0, 1, 0, 0, 0))
    pools = fudge.DamagePools(fudge.Accumulator(3, 2))
    old = {
        "gm.fudge.wounds": track.to_dict(),
        "gm.fudge.accumulators": pools.to_dict(),
        "gm.fudge.log": [{"text": "6dF: 0 = 0 «Нормально»"}],
    }
    restored = decode(PANEL, None, old.get)
    assert restored.state.wounds.track == track and restored.state.pools.pools == pools
    assert restored.log[0].ru == "6dF: 0 = 0 «Нормально»" and restored.dropped == ()
    broken = decode(PANEL, None, {**old, "gm.fudge.wounds": {"scratch": 9}}.get)
    assert broken.state == PANEL.initial and broken.dropped
    assert decode(PANEL, None, {}.get).state == PANEL.initial


def test_start_reads_the_restored_form() -> None:
    """After a reload the odds follow the restored fields; a field that does not read keeps its default."""
    form = {
        **ACTION_FORM,
        **ATTACK_FORM,
        "fudge-dice": "4dF",
        "fudge-weapon": "r1",
        "fudge-wx": "2",
        "fudge-wy": "1",
    }
    form["fudge-rf-bullets"] = "x"
    state = fp.start(fp.State(), form, {})
    assert state.dice.name == "4dF"
    assert (state.attack.setup.weapon, state.attack.setup.x, state.attack.setup.y) == ("r1", 2, 1)
    assert state.scale.bullets == 20


# The heaviest inputs the panel accepts: the most bullets (both fields stop at 1000), the
# bazooka at its top multiplier (20S), the widest totals, a dodging target.
HEAVY_FORM = {
    **ACTION_FORM,
    **ATTACK_FORM,
    "fudge-att": "30",
    "fudge-def": "-30",
    "fudge-min-hit": "-8",
    "fudge-graze": "2",
    "fudge-bullets": "1000",
    "fudge-weapon": "r4",
    "fudge-wx": "20",
    "fudge-str": "10",
    "fudge-ascale": "60",
    "fudge-dscale": "-20",
    "fudge-rf-bullets": "1000",
}


def test_heaviest_rapid_fire_odds_stay_on_the_page_and_equal_the_rules() -> None:
    """No FUDGE computation needs the compute worker: with the most bullets and every dice, the
    actions that change the odds' inputs (and start) ask for no Compute effect, and the view's
    burst odds are rules.fudge.attack_odds exactly."""
    state = run(fp.State(), "#fudge-att-part", HEAVY_FORM).state  # the firearm, at its lowest model
    state = run(state, "#fudge-att-part", HEAVY_FORM).state  # then its top multiplier
    state = run(state, "#fudge-rf-bullets", HEAVY_FORM).state
    setup = state.attack.setup
    assert (setup.bullets, setup.weapon, setup.x, state.scale.bullets) == (1000, "r4", 20, 1000)
    for name in fudge.DICE:
        form = {**HEAVY_FORM, "fudge-dice": name}
        for selector in ("#fudge-dice", "#fudge-att-part", "#fudge-rf-bullets", "#fudge-attack"):
            effects = run(state, selector, form).effects
            assert not [effect for effect in effects if isinstance(effect, Compute)], selector
        state = run(state, "#fudge-dice", form).state
        assert fp.start(fp.State(), form, {}) == replace(state, dice=replace(state.dice, last=None))
        attacker, defender = fudge.Side(modifier=30), fudge.Side(modifier=-30)
        odds = fudge.attack_odds(
            attacker, defender, fp.attack.factors(setup), name, graze_cap=2, bullets=1000, min_hit_level=-8
        )
        rows = fp.view(state)["fudge-att-hits"].children or ()
        assert [(r.children[0].text, r.children[1].text) for r in rows] == [
            (str(n), pct(p)) for n, p in (odds.hits or {}).items()
        ]


def test_attack_odds_work_is_bounded_by_the_dice_not_the_bullets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the odds stay on the page: attack_odds resolves one pair of totals per attack and
    defence outcome (at most 13 × 13 for the seed's dice), the same for 1 bullet as for 1000."""
    calls: list[int] = []
    resolve = fudge_attack._resolve

    def counted(*args: Any) -> Any:
        calls.append(1)
        return resolve(*args)

    monkeypatch.setattr(fudge_attack, "_resolve", counted)
    factors = fudge.DamageFactors(fudge.RANGED_WEAPONS[4].weapon(20, 0))
    for name in fudge.DICE:
        outcomes = len(fudge.distribution(name))
        assert outcomes <= 13
        for bullets in (None, 1, 1000):
            for defender in (fudge.Side(), None):
                calls.clear()
                fudge.attack_odds(fudge.Side(), defender, factors, name, bullets=bullets)
                assert 1 <= len(calls) <= outcomes * (1 if defender is None else outcomes)


def test_range_penalty_is_added_to_the_difficulty_in_the_panel() -> None:
    """Seed 002 §2.3 «штрафы добавляются к сложности»: at 4 m (−1) attack 0 vs dodge −6 on 6dF
    misses 3095/59049 (the counted defence rises; the attack total under the −3 minimum stays),
    and the summary says where the penalty goes."""
    form = {**ATTACK_FORM, "fudge-range": "4", "fudge-def": "-6"}
    setup, _ = fp.attack.read_setup(form, fp.State().attack.setup)
    assert fp.attack.odds(setup, "6dF").miss == Fraction(3095, 59049)
    state = run(fp.State(), "#fudge-att-part", form).state
    shown = fp.attack.view(state)
    summary = render(shown["fudge-att-summary"].text, "ru")  # type: ignore[arg-type]
    assert "дистанция 4 м: −1, добавляется к сложности (защита +1)" in summary
