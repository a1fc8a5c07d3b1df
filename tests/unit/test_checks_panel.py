"""The checks panel on CPython: actions, views in both languages, saved state, the seed's words."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from kit.form import InputError
from kit.journal import note_of
from kit.msg import pct, render
from kit.panel import SetFields, decode, outcome
from kit.view import texts
from panels.checks import combat, opposed, parts, seed
from panels.checks.panel import FORM, State, dump, load, panel
from rules import gauss
from rules.gauss import CombatSetup, DamageEffect

CYRILLIC = re.compile("[А-Яа-яЁё]")
SEED_FILE = next(
    (
        folder / "000_72c187918b3e0925.txt"
        for folder in (
            Path(__file__).resolve().parents[2].parent / "shared" / "seeds",
            Path("/work/shared/seeds"),
        )
        if (folder / "000_72c187918b3e0925.txt").exists()
    ),
    Path("/nonexistent"),
)


class ScriptedRandom(random.Random):
    """Each roll is given as a GaussD20 base value v, made from the d20 triple (v, v, v)."""

    def __init__(self, bases: list[int]):
        super().__init__(0)
        self.faces = [v - 1 for v in bases for _ in range(3)]

    def randrange(self, *args, **kwargs):  # roll_faces asks randrange(20)
        return self.faces.pop(0)


CHECKS = panel(random.Random(7))


def act(state: State, selector: str, **fields: str | bool) -> State:
    return outcome(CHECKS.actions[selector](state, {**FORM, **fields})).state


def stray_russian(state: State) -> list[str]:
    return [t for t in texts(CHECKS.view(state), "en") if CYRILLIC.search(re.sub(r"«[^»]*»", "", t))]


def busy_state() -> State:
    state = CHECKS.initial
    state = act(state, "#chk-skill-roll")
    state = act(state, "#chk-med-demon")
    state = act(state, "#chk-med-roll", **{"chk-med-mode": "range", "chk-med-low": "6", "chk-med-high": "15"})
    state = act(state, "#chk-madness-roll")
    state = act(state, "#chk-horror-reset")
    state = act(state, "#chk-opp-roll-def")
    state = act(state, "#chk-opp-roll", **{"chk-opp-droll": "12"})
    for _ in range(5):
        state = act(state, "#chk-cmb-roll")
    return state


def test_english_view_has_no_russian_outside_quotes() -> None:
    """Every text the view shows in English keeps Russian only inside «…», before and after actions."""
    assert stray_russian(CHECKS.initial) == []
    assert stray_russian(busy_state()) == []


def test_russian_view_follows_the_state() -> None:
    """The Russian view shows the skill roll's line, its verdict first (a phone's action bar
    shows the line's start), and the combat narration once rolled."""
    state = busy_state()
    shown = CHECKS.view(state)
    line = render(shown["chk-skill-result"].text, "ru")
    verdict, _, rest = line.partition(". ")
    assert verdict in {render(head, "ru") for head in seed.TIER_HEADS.values()}, line
    assert rest.startswith("Проверка навыка (ученик +4 против «легкая» −4)")
    assert render(shown["chk-cmb-narration"].children[0].text, "ru").startswith("Атака: 3d20 = ")


@pytest.mark.parametrize(
    ("selector", "fields"),
    [
        ("#chk-skill-roll", {"chk-skill-sit": ""}),
        ("#chk-skill", {"chk-skill": "7"}),
        ("#chk-med-low", {"chk-med-mode": "range", "chk-med-low": "16", "chk-med-high": "15"}),
        ("#chk-opp-roll", {"chk-opp-droll": "-"}),
        ("#chk-opp-roll", {"chk-opp-droll": "1e309"}),
        ("#chk-opp-roll", {"chk-opp-droll": "21"}),
        ("#chk-opp-roll", {"chk-opp-ahelpless": True, "chk-opp-dhelpless": True}),
        ("#chk-opp-roll-def", {"chk-opp-dhelpless": True}),
        ("#chk-cmb-penalty", {"chk-cmb-penalty": "2"}),
        ("#chk-madness-mod", {"chk-madness-mod": "x"}),
    ],
)
def test_bad_input_is_refused_and_nothing_changes(selector: str, fields: dict[str, str | bool]) -> None:
    """Bad input raises InputError (shown by the kit) and the state stays as it was."""
    state = busy_state()
    before = (dump(state), texts(CHECKS.view(state), "ru"))
    with pytest.raises(InputError):
        CHECKS.actions[selector](state, {**FORM, **fields})
    assert (dump(state), texts(CHECKS.view(state), "ru")) == before


def test_an_off_ladder_rung_names_the_list() -> None:
    """A rung not on the seed's ladder is refused with the list of rungs, in both languages."""
    with pytest.raises(InputError) as caught:
        act(State(), "#chk-skill", **{"chk-skill": "7"})
    assert "нет в списке автора" in render(caught.value.message, "ru")
    assert "not on the seed's list" in render(caught.value.message, "en")


def test_junk_in_the_defence_field_never_rolls_silently() -> None:
    """«-» or «1e309» in «Бросок защиты» is refused on change too, and the stale window goes."""
    state = act(State(), "#chk-opp-droll", **{"chk-opp-droll": "12"})
    assert "12" in render(CHECKS.view(state)["chk-opp-window"].text, "en")
    done = outcome(CHECKS.actions["#chk-opp-droll"](state, {**FORM, "chk-opp-droll": "-"}))
    assert done.error is not None and "Defence roll" in render(done.error, "en")
    assert done.state.opposed.entered is None
    assert "No defence roll yet" in render(CHECKS.view(done.state)["chk-opp-window"].text, "en")


def test_the_defence_used_is_labelled_entered_rolled_or_rolled_with_the_attack() -> None:
    """Entered by hand, rolled with «Бросить защиту», or rolled with the attack: the line says which."""
    entered = act(State(), "#chk-opp-roll", **{"chk-opp-droll": "12"})
    assert "(typed by the GM)" in render(CHECKS.view(entered)["chk-opp-result"].text, "en")
    done = outcome(CHECKS.actions["#chk-opp-roll-def"](State(), FORM))
    value = done.state.opposed.entered
    assert done.effects[0] == SetFields((("chk-opp-droll", str(value)),))
    note = note_of(done.effects)
    assert note is not None and note.who == "" and note.roll is not None and note.roll.rule == "gauss.defence"
    rolled = act(done.state, "#chk-opp-roll", **{"chk-opp-droll": str(value)})
    assert "rolled with Roll the defence: 3d20" in render(CHECKS.view(rolled)["chk-opp-result"].text, "en")
    retyped = act(rolled, "#chk-opp-roll", **{"chk-opp-droll": str(value % 20 + 1)})
    assert "(typed by the GM)" in render(CHECKS.view(retyped)["chk-opp-result"].text, "en")
    fresh = act(State(), "#chk-opp-roll")
    assert "rolled with the attack: 3d20" in render(CHECKS.view(fresh)["chk-opp-result"].text, "en")


def test_a_defence_roll_serves_one_attack() -> None:
    """«Бросить защиту» then an attack: the attack empties the defence field, so the next attack
    rolls a fresh defence (said so) instead of silently reusing the old roll."""
    done = outcome(CHECKS.actions["#chk-opp-roll-def"](State(), FORM))
    value = str(done.state.opposed.entered)
    attacked = outcome(CHECKS.actions["#chk-opp-roll"](done.state, {**FORM, "chk-opp-droll": value}))
    assert attacked.effects[0] == SetFields((("chk-opp-droll", ""),))
    note = note_of(attacked.effects)
    assert note is not None and note.roll is not None and len(note.roll.dice) == 3  # the attack's own
    assert attacked.state.opposed.entered is None and attacked.state.opposed.defence_roll is None
    again = act(attacked.state, "#chk-opp-roll", **{"chk-opp-droll": ""})
    assert "rolled with the attack: 3d20" in render(CHECKS.view(again)["chk-opp-result"].text, "en")


def test_series_runs_until_it_ends_and_then_refuses() -> None:
    """A madness series counts misses above; once over, a further roll is refused until «Новая серия»."""
    state = State()
    for _ in range(40):
        if state.series.madness.series.finished:
            break
        state = act(state, "#chk-madness-roll")
    assert state.series.madness.series.finished
    with pytest.raises(InputError):
        act(state, "#chk-madness-roll")
    state = act(state, "#chk-madness-reset")
    assert state.series.madness.failures == 0
    assert render(CHECKS.view(state)["chk-madness-result"].text, "en").endswith("new series.")


def test_demonologist_preset_fills_the_fields_and_words_the_sides() -> None:
    """The preset sets 6–15 with base modifiers and shows the seed's meaning of each side."""
    done = outcome(CHECKS.actions["#chk-med-demon"](State(), FORM))
    values = dict(done.effects[0].values)
    assert (values["chk-med-mode"], values["chk-med-low"], values["chk-med-high"]) == ("range", "6", "15")
    rows = CHECKS.view(done.state)["chk-med-odds"].children
    assert "не хватило маны" in render(rows[0].children[2].text, "ru")


def test_dump_and_load_round_trip() -> None:
    """What is saved comes back (inputs and series; a roll is not kept over a reload)."""
    state = busy_state()
    again = load(dump(state))
    assert dump(again) == dump(state)
    assert again.series.madness.series == state.series.madness.series


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"skill": {}},
        {**dump(State()), "skill": {**dump(State())["skill"], "skill": 7}},
        {**dump(State()), "series": {"madness": {"modifier": 0, "failures": -1, "finished": False}}},
        {**dump(State()), "opposed": {**dump(State())["opposed"], "entered": 21}},
        {**dump(State()), "combat": {**dump(State())["combat"], "armour_penalty": 3}},
        {**dump(State()), "median": {**dump(State())["median"], "window": [12, 9]}},
    ],
)
def test_load_rejects_malformed_data(raw: object) -> None:
    """Malformed saved data raises ValueError (the kit then drops it with a notice)."""
    with pytest.raises(ValueError):
        load(raw)


def test_series_saved_before_the_kit_are_carried_over() -> None:
    """gm.checks.series (the old key) becomes the series part of the state; broken data is dropped."""
    old = {
        "madness": {"modifier": 2, "failures": 3, "finished": False},
        "horror": {"modifier": 0, "failures": 0, "finished": True},
    }
    restored = decode(CHECKS, None, {"gm.checks.series": old, "gm.checks.log": [{"text": "x"}]}.get)
    assert restored.state.series.madness.series.failures == 3 and restored.state.series.horror.series.finished
    assert restored.log[0].ru == "x" and restored.dropped == ()
    broken = decode(CHECKS, None, {"gm.checks.series": {"madness": 1}}.get)
    assert broken.dropped and broken.state == State()


# --- the seed's words for the rules' codes (moved from ui.gauss_words) ---------------------------


def test_every_code_the_rules_return_has_words() -> None:
    """Every ladder value, tier key, table-row key, series kind and side, ending and damage kind is worded."""
    assert set(seed.SKILL_NAMES) == set(seed.SKILL_OPTIONS) == {s.value for s in gauss.SKILL_LEVELS}
    assert set(seed.DIFFICULTY_NAMES) == {d.value for d in gauss.DIFFICULTIES}
    assert set(seed.TIERS) == {t.key for t in gauss.TIERS}
    assert set(seed.ATTACK) == {e.key for e in gauss.ATTACK_TABLE}
    assert set(seed.DEFENCE) == {e.key for e in gauss.DEFENCE_TABLE}
    assert set(seed.SERIES_NAMES) == set(gauss.SERIES_RULES)
    assert set(seed.SERIES_MISS) == {(k, s) for k in gauss.SERIES_RULES for s in (gauss.ABOVE, gauss.BELOW)}
    assert set(seed.DEMONOLOGIST) == {gauss.BELOW, gauss.INSIDE, gauss.ABOVE}
    assert set(seed.ENDINGS) == set(gauss.ENDINGS)
    assert set(seed.DAMAGE) == {gauss.DAMAGE_ROLL, gauss.DAMAGE_MAX, gauss.DAMAGE_MIN}


@pytest.mark.skipif(not SEED_FILE.exists(), reason="seed text not available")
def test_seed_words_appear_verbatim_in_the_seed() -> None:
    """Seed 000 (all sections): every Russian seed text shown for a rule code is quoted verbatim."""
    text = " ".join(SEED_FILE.read_text(encoding="utf-8").split())
    quoted = [seed.SKILL_TITLES[v].ru.split(": ", 1)[1] for v in seed.SKILL_TITLES]
    quoted += [f"{v:+d}, {m.ru}" if v else f"0, {m.ru}" for v, m in seed.DIFFICULTY_NAMES.items()]
    for table in (seed.TIERS, seed.ATTACK, seed.DEFENCE, seed.SERIES_MISS, seed.DEMONOLOGIST):
        quoted += [m.ru for m in table.values()]
    quoted.append(seed.ENDINGS[gauss.DEFENCE_FAILED].ru)
    for words in quoted:
        assert words in text, words


def test_ladder_and_damage_labels_keep_the_old_wording() -> None:
    """Dropdown titles and damage labels read as before; English glosses the seed term."""
    assert (
        seed.SKILL_TITLES[2].ru == "+2: самоучка (дилетант)" and seed.DIFFICULTY_OPTIONS[0].ru == "0: детская"
    )
    assert render(combat.damage_label(DamageEffect(Fraction(1, 2))), "ru") == "урон ×1/2"
    assert (
        render(combat.damage_label(DamageEffect(Fraction(2), gauss.DAMAGE_MIN)), "ru")
        == "урон минимизирован на кубах ×2"
    )
    assert (
        render(combat.damage_label(DamageEffect(Fraction(3), gauss.DAMAGE_MAX)), "en")
        == "damage maximised ×3"
    )


def test_narration_tells_each_stage_of_an_exchange_in_both_languages() -> None:
    """One builder: checks, opposed check, ending and damage, from the Exchange data, in each language."""
    ex = gauss.resolve_exchange(ScriptedRandom([18, 19, 12, 14]), CombatSetup())
    ru = [render(line, "ru") for line in combat.narration(ex)]
    en = [render(line, "en") for line in combat.narration(ex)]
    assert (
        ru[0]
        == "Атака: 3d20 = 18+18+18 = 54 → GaussD20 18. Двойной критический успех: бонус на пробитие +7, урон ×2"
    )
    assert ru[1] == (
        "Защита: 3d20 = 19+19+19 = 57 → GaussD20 19. Двойной критический успех: бонус на защиту +9, урон ×1/2, "
        "даже если атака пройдёт"
    )
    assert ru[2] == (
        "Противопоставленная проверка (модификатор +2): защита 12, провал атаки при 8–13; атака 14: пробой защиты"
    )
    assert ru[3:] == ["Противопоставленная проверка: пробой защиты, атака проходит.", "Итог: урон ×1"]
    assert en[0].startswith("Attack: 3d20 = 18+18+18 = 54 → GaussD20 18. Double critical success")
    assert en[-1] == "Result: damage ×1" and not any(CYRILLIC.search(line) for line in en)
    ex = gauss.resolve_exchange(ScriptedRandom([20, 10, 10, 10]), CombatSetup(attack_modifier=-5))
    lines = [render(line, "ru") for line in combat.narration(ex)]
    assert "модификатор −5 → 15" in lines[0] and "пусто" in lines[2]
    ex = gauss.resolve_exchange(ScriptedRandom([1]), CombatSetup())
    lines = [render(line, "ru") for line in combat.narration(ex)]
    assert "сломать себе шею" in lines[0] and lines[-1] == "Бросок атаки провален: атака не проходит."


def test_combat_rows_give_the_bonus_as_a_number() -> None:
    """The log says «бонус на пробитие +5», never the rule's «значению кубика минус 12»,
    for every value of both checks; the rows without a bonus keep the seed's words."""
    for side in ("attack", "defence"):
        for value in range(1, 21):
            check = gauss.CheckResult(gauss.GaussRoll((value,) * 3, 5, value, value), 0, value)
            ru = render(combat.row_text(gauss.CombatCheck(side, check)), "ru")
            en = render(combat.row_text(gauss.CombatCheck(side, check)), "en")
            assert "минус 12" not in ru and "minus 12" not in en
            if 13 <= value <= 19:
                assert f"+{gauss.combat_bonus(value)}" in ru and f"+{gauss.combat_bonus(value)}" in en
    check = gauss.CheckResult(gauss.GaussRoll((17,) * 3, 5, 17, 17), 0, 17)
    assert render(combat.row_text(gauss.CombatCheck("attack", check)), "ru") == (
        "Успешная атака, бонус на пробитие +5"
    )


def test_combat_against_a_target_that_cannot_defend() -> None:
    """Seed 000 «… и цель имеет возможность защищаться»: unticked, the odds before the roll and the
    exchange have no defence; the setting is saved, and a record from before it still loads."""
    state = act(State(), "#chk-cmb-candefend", **{"chk-cmb-candefend": False})
    assert state.combat.setup.defender_can_defend is False
    shown = combat.view(state.combat)
    assert "только проверка атаки" in render(shown["chk-cmb-lands"].text, "ru")
    assert render(shown["chk-cmb-lands"].text, "ru").startswith("Атака пройдёт: 80,75 %")
    endings = [render(row.children[0].text, "ru") for row in shown["chk-cmb-endings"].children]
    assert seed.ENDINGS[gauss.UNDEFENDED].ru in endings and len(endings) == 3
    assert load(dump(state)).combat.setup.defender_can_defend is False
    old = {k: v for k, v in dump(State())["combat"].items() if k != "defender_can_defend"}
    assert combat.load(old).setup.defender_can_defend is True


def test_a_roll_with_luck_names_luck_and_modifier() -> None:
    """A check's roll shows luck's shift and the modifier step, in English words in English."""
    check = gauss.roll_check(random.Random(3), 2, luck=7)
    line = render(
        combat.narration(
            gauss.Exchange(CombatSetup(), gauss.CombatCheck("attack", check), None, None, gauss.ATTACK_FAILED)
        )[0],
        "en",
    )
    assert line.startswith("Attack: 3d20 = ") and ", luck 7 → " in line and ", modifier +2 → " in line
    assert render(parts.roll_text(check.roll), "ru").count("удача 7") == 1


def test_opposed_view_matches_the_rules() -> None:
    """Defence 12 with attacker +2: the window is 10–11 and the pierce chance is the rules' figure."""
    state = act(State(), "#chk-opp-att", **{"chk-opp-droll": "12", "chk-opp-att": "2"})
    shown = opposed.view(state.opposed)
    assert "10–11" in render(shown["chk-opp-window"].text, "ru")
    assert render(shown["chk-opp-odds"].children[0].children[1].text, "ru") == render(
        pct(gauss.pierce_chance(12, -2)), "ru"
    )


def test_opposed_pickers_fill_weapon_armour_and_luck() -> None:
    """The opposed check has «Кто действует» / «Против кого» like combat: the attacker's
    weapon gives its piercing bonus (seed 000 «пассивные бонусы оружия (на пробитие)») and luck, the
    defender's sheet its armour bonus and luck; the odds follow at once."""
    from rules.roster import GaussSheet, Roster

    hero = GaussSheet(luck=7, skills=(("Меч", 8),), armour_bonus=2, weapons=(("Клинок", 1), ("Топор", 3)))
    guard = GaussSheet(luck=3, armour_bonus=4)
    roster = Roster().add("Борис", "gauss", hero).add("Страж", "gauss", guard)
    built = panel(random.Random(1))
    state = replace(State(), cast=State().cast.synced(roster))
    shown = built.view(state)
    assert [node.attrs[0][1] for node in shown["chk-opp-who"].children] == ["", "c1:0", "c1:1", "c2:"]
    assert [node.attrs[0][1] for node in shown["chk-opp-whom"].children] == ["", "c1:", "c2:"]
    form = {**FORM, "chk-opp-who": "c1:1", "chk-opp-whom": "c2:"}
    attacked = built.actions["#chk-opp-who"](state, form)
    assert (attacked.state.opposed.attack, attacked.state.opposed.attack_luck) == (3, 7)
    assert dict(attacked.effects[0].values) == {"chk-opp-att": "3", "chk-opp-aluck": "7"}
    defended = built.actions["#chk-opp-whom"](attacked.state, {**form, **dict(attacked.effects[0].values)})
    assert (defended.state.opposed.defence, defended.state.opposed.defence_luck) == (4, 3)
    assert defended.state.opposed.parts.window_modifier == 4 - 3 + (3 - 7)
    assert built.view(defended.state)["chk-opp-whom"].value == "c2:"


# Each roll button of the checks and dice that fit it («со стола» on the result line).
TABLE_ROLLS = {
    "chk-skill-roll": ("chk-skill-result", "4 6 2"),
    "chk-med-roll": ("chk-med-result", "=10"),
    "chk-madness-roll": ("chk-madness-result", "=20"),  # above the window: the series goes on
    "chk-horror-roll": ("chk-horror-result", "=20"),
    "chk-opp-roll": ("chk-opp-result", "10 10 10; 3 3 3"),
    "chk-cmb-roll": ("chk-cmb-result", "18 18 18; 19 19 19; 10 10 10; 10 10 10"),
}


@pytest.mark.parametrize(("button", "shown"), [(b, r) for b, (r, _typed) in TABLE_ROLLS.items()])
def test_a_result_of_typed_dice_says_so_on_its_line_and_a_rolled_one_does_not(
    button: str, shown: str
) -> None:
    """The result line shown in the panel (not only the log) is marked «со стола» / "from the
    table" when its dice were typed; the next, rolled result is not."""
    typed = TABLE_ROLLS[button][1]
    done = outcome(CHECKS.actions[f"#{button}"](CHECKS.initial, {**FORM, f"{button}-table": typed}))
    line = CHECKS.view(done.state)[shown].text
    assert render(line, "ru").endswith("(со стола)") and render(line, "en").endswith("(from the table)")
    assert render(done.log, "ru").endswith("(со стола)")
    if button != "chk-cmb-roll":  # combat shows a summary of the exchange its log line narrates
        assert render(line, "ru") == render(done.log, "ru")
    again = act(done.state, f"#{button}")
    assert "со стола" not in render(CHECKS.view(again)[shown].text, "ru")


def test_combat_takes_the_manoeuvre_s_difficulty_and_situation() -> None:
    """Seed 000, «Бой с активной защитой»: the attack check counts skills and characteristics «а так
    же все то, что позволяет лучше выполнить маневр атаки». A combat skill of +10 alone lifts any
    raw 7 or more to 17 (the clamp); against the manoeuvre's difficulty −10 it is the skill check
    of an adequate task, exactly as a +0 attacker's; the situation adds on top. The modifier's
    parts are shown, saved, and a record from before the fields loads with none."""
    alone = act(State(), "#chk-cmb-att", **{"chk-cmb-att": "10"}).combat
    assert alone.setup.attack_modifier == 10
    clamped = gauss.check_distribution(10)
    assert clamped[17] > Fraction(1, 2)  # the GM's complaint: most attacks are a 17
    fair = act(State(), "#chk-cmb-diff", **{"chk-cmb-att": "10", "chk-cmb-diff": "-10"}).combat
    assert fair.setup.attack_modifier == 0 and fair.skill == 10 and fair.difficulty == -10
    assert gauss.exchange_odds(fair.setup) == gauss.exchange_odds(gauss.CombatSetup())
    helped = act(State(), "#chk-cmb-sit", **{"chk-cmb-att": "10", "chk-cmb-diff": "-10", "chk-cmb-sit": "2"})
    assert helped.combat.setup.attack_modifier == 2
    shown = render(combat.view(helped.combat)["chk-cmb-mod"].text, "ru")
    assert shown == "Модификатор атаки: +2 (навык +10, сложность манёвра −10, ситуация +2)."
    assert load(dump(helped)).combat == helped.combat
    old = dump(State())
    for key in ("difficulty", "situational"):
        del old["combat"][key]
    old["combat"]["attack_modifier"] = 6
    assert load(old).combat.setup.attack_modifier == 6 and load(old).combat.difficulty == 0
    with pytest.raises(InputError):
        act(State(), "#chk-cmb-diff", **{"chk-cmb-diff": "-3"})  # not a rung of the ladder


def test_a_legend_never_puts_a_colon_after_a_full_stop() -> None:
    """A seed text ending with a full stop is followed by its share in brackets: «атака не
    проходит. (19,25 %)», never «атака не проходит.: 19,25 %»."""
    shown = combat.view(combat.State())
    for item in shown["chk-cmb-legend"].children or ():
        line = render(item.children[1].text, "ru")
        assert ".:" not in line and re.fullmatch(r".+ \(\d+(,\d+)? %\)", line), line
