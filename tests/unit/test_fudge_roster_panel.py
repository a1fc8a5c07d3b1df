"""FUDGE characters in the FUDGE panel (seed 002 §1): the builder, pickers, a wound
track per character, the §1.9 ledger and buying success; on CPython, both languages."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from kit.form import ARG, InputError
from kit.msg import render
from kit.panel import Outcome, SetFields, outcome
from kit.shared import Share
from kit.view import texts
from panels.fudge import panel as fp
from panels.fudge import sheet_form
from rules import fudge
from rules import fudge_character as fc
from rules.roster import Roster

PANEL = fp.panel(random.Random(7))
ACTION_FORM: dict[str, Any] = {
    "fudge-dice": "6dF",
    "fudge-mode": "one",
    "fudge-diff": "0",
    **{f"fudge-{s}-{f}": "0" for s in "ab" for f in ("attr", "skill", "adj", "tech", "mod")},
    "fudge-a-skill-mode": "have",
    "fudge-b-skill-mode": "have",
}
ATTACK_FORM: dict[str, Any] = {
    "fudge-dice": "6dF",
    **dict.fromkeys(("fudge-att", "fudge-def", "fudge-str", "fudge-amnv", "fudge-ascale"), "0"),
    **dict.fromkeys(("fudge-tough", "fudge-dmnv", "fudge-dscale", "fudge-wy"), "0"),
    **dict.fromkeys(("fudge-range", "fudge-bullets", "fudge-dtype", "fudge-armour"), ""),
    "fudge-no-dodge": False,
    "fudge-min-hit": "-3",
    "fudge-graze": "1",
    "fudge-weapon": "m1",
    "fudge-wx": "1",
    "fudge-margin": "1",
}
CYRILLIC = re.compile("[А-Яа-яЁё]")
BUILD = {**sheet_form.FORM}
IRA = {
    **BUILD,
    "fudge-c-name": "Ira",
    "fudge-c-a0": "1",
    "fudge-c-a3": "2",
    "fudge-c-skills": "Fencing: 1, Ловкость\nShooting: 0, Ловкость, Трудно, Широкий",
    "fudge-c-techs": "Fencing > Lunge: 1\nFencing > Lunge > Deep: 1",
    "fudge-c-props": "Night eyes: +Нормально; -Слабо (light hurts)\nFire: +Сверхсильно 30; магия",
    "fudge-c-weapons": "Knife: нож, режущий\nGun: пистолет, 2S+1, сила 1",
    "fudge-c-armour": "Кольчуга",
}
GUARD = {
    **BUILD,
    "fudge-c-name": "Guard",
    "fudge-c-a1": "2",
    "fudge-c-skills": "Dodge: 1",
    "fudge-c-armour": "Латы",
}


def run(state: fp.State, selector: str, form: dict[str, Any]) -> Outcome[fp.State]:
    return outcome(PANEL.actions[selector](state, form))


def shared(done: Outcome[fp.State]) -> Roster:
    """The roster an action shares (the kit then syncs every follower with it)."""
    return next(e.value for e in done.effects if isinstance(e, Share))


def two() -> fp.State:
    """Ira (c1) and Guard (c2) built and saved."""
    state = run(fp.State(), "#fudge-c-save", IRA).state
    state = run(state, "#fudge-c-new", {}).state
    return run(state, "#fudge-c-save", GUARD).state


def refused(state: fp.State, selector: str, form: dict[str, Any]) -> tuple[str, str]:
    """An action that must refuse: its message in both languages (and nothing returned)."""
    with pytest.raises(InputError) as caught:
        PANEL.actions[selector](state, form)
    return render(caught.value.message, "ru"), render(caught.value.message, "en")


# --------------------------------------------------------------------------- builder


def test_a_built_sheet_is_saved_in_the_roster_and_read_back_whole() -> None:
    """§1.1–§1.6: attributes, skills, techniques, properties, weapons and armour typed in the
    builder become a FUDGE sheet of the shared roster; editing it writes the same fields back."""
    done = run(fp.State(), "#fudge-c-save", IRA)
    roster = shared(done)
    entry = roster.entries[0]
    assert (entry.id, entry.name, entry.system) == ("c1", "Ira", "fudge")
    sheet = entry.sheet
    assert sheet.attributes == (("Сила", 1), ("Ловкость", 2))
    assert sheet.skills[1] == fc.Skill("Shooting", "Ловкость", "Трудно", "Широкий", 0)
    assert sheet.techniques[1] == fc.Technique("Deep", "Fencing", 1, "Lunge")
    assert [p.cost for p in sheet.properties] == [3, 30]  # §1.4: 5 − 2; «Сверхсильно» typed 30
    assert sheet.properties[1].magic and sheet.armour == fc.Armour("Кольчуга", 3)
    assert sheet.weapons[1].weapon == fudge.Weapon("Gun", 2, 1, ranged=True)
    assert done.state.builder.editing == "c1"  # the saved sheet stays open (for its ledger)
    edited = run(done.state, ".fudge-c-edit", {ARG: "c1"})
    fields = dict(next(e for e in edited.effects if isinstance(e, SetFields)).values)
    assert sheet_form.read_sheet({**BUILD, **fields}, sheet) == sheet


def test_the_fractal_rule_lets_a_sheet_leave_parts_out() -> None:
    """§1.7: a door is an object with only «Живучесть» and wound boxes; a squad is a group with a
    scale (its headcount shown); a sheet without wound boxes has none."""
    door = run(
        fp.State(),
        "#fudge-c-save",
        {**BUILD, "fudge-c-name": "Door", "fudge-c-kind": "object", "fudge-c-a1": "3"},
    )
    sheet = door.state.cast.roster.entries[0].sheet
    assert (sheet.kind, sheet.attributes, sheet.skills, sheet.wounds) == (
        "object",
        (("Живучесть", 3),),
        (),
        fudge.WoundTrack(),
    )
    squad = {**BUILD, "fudge-c-name": "Squad", "fudge-c-kind": "group", "fudge-c-wounds": False}
    squad = {**squad, **dict.fromkeys(sheet_form.SCALE_FIELDS, "12")}
    state = run(door.state, "#fudge-c-new", {}).state
    state = run(state, "#fudge-c-save", squad).state
    assert state.cast.roster.entries[1].sheet.wounds is None
    shown = texts({"d": fp.view(state)["fudge-c-derived"]}, "en")
    assert "Group headcount" in shown and str(fudge.headcount(12)) in shown


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("fudge-c-name", "  ", "Name"),
        ("fudge-c-skills", "Fencing", "line 1"),
        ("fudge-c-skills", "Ok: 1\nFencing: sharp", "line 2"),
        ("fudge-c-skills", "Fencing: 1, Магия", "«Магия» is not understood"),
        ("fudge-c-techs", "Lunge: 1", "skill > technique"),
        ("fudge-c-props", "Odd: Нормально", "needs a sign"),
        ("fudge-c-props", "Odd: +Чуть-чуть", "not a word of the cost table"),
        ("fudge-c-props", "Odd: +Нормально 30", "only for «Сверхсильно влияет»"),
        ("fudge-c-weapons", "Stick: S+9", "§1.6"),
        ("fudge-c-weapons", "Sword: средний меч, S+2", "deals S+4"),
        ("fudge-c-weapons", "Gun: пистолет, 2S+5", "outside the listed models"),
        ("fudge-c-a0", "99", "«Сила»"),
        ("fudge-c-kind", "dragon", ""),
    ],
)
def test_bad_builder_input_is_worded_and_changes_nothing(field: str, value: str, expected: str) -> None:
    """Every refusal names the field (and the line) in both languages; the roster is untouched."""
    state = two()
    selectors = ("#fudge-c-save",) if field == "fudge-c-name" else ("#fudge-c-save", "#fudge-c-skills")
    for selector in selectors:  # a sheet with no name yet still previews (it is named on save)
        ru, en = refused(state, selector, {**IRA, field: value})
        assert expected in en and CYRILLIC.search(ru)
        assert not CYRILLIC.search(re.sub("«[^»]*»", "", en))
    assert state == two()
    assert run(state, "#fudge-c-skills", {**IRA, "fudge-c-name": ""}).state.builder.draft is not None


def test_rule_problems_are_shown_in_both_languages() -> None:
    """validate's codes (§1.3 technique without skill, §1.5 weak magic) are worded in the builder."""
    form = {**IRA, "fudge-c-techs": "Riding > Jump: 1", "fudge-c-props": "Spark: +Слабо; магия"}
    state = run(fp.State(), "#fudge-c-techs", form).state
    view = {"p": fp.view(state)["fudge-c-problems"]}
    assert texts(view, "en") == [
        "Technique «Jump» is built on skill «Riding», which the sheet lacks (§1.3).",
        "Magic property «Spark» costs 2, below «Сильно влияет» (10), and is not compensated (§1.5).",
    ]
    assert "Техника «Jump»" in texts(view, "ru")[0]


def test_derived_values_are_the_rules_values() -> None:
    """Roll modifiers (§2.1), damage factors (§3.2), defence and totals come from rules.fudge_character."""
    state = run(fp.State(), "#fudge-c-save", IRA).state
    sheet = state.cast.roster.entries[0].sheet
    rows = dict(zip(*[iter(texts({"d": fp.view(state)["fudge-c-derived"]}, "en"))] * 2, strict=True))
    assert rows["Roll: Fencing › Deep"].startswith(f"+{fc.roll_modifier(sheet, 'Fencing', 'Deep')} ")
    assert rows["Damage: Gun"] == "2S+1; strength +1, type 0, scale 0, scale penalty 0"
    assert rows["Damage: Knife"].startswith("S+2; strength +1, type +2")
    assert rows["Defence"] == "armour +3, «Живучесть» 0, toughness scale 0"
    assert rows["Property: Night eyes"] == "+3 (advantage)"
    t = fc.point_totals(sheet)
    cost = t.attributes + t.skills + t.techniques + t.properties
    assert (
        rows["Total: the sheet's cost"]
        == f"{cost:+d} points (a level a point, properties as §1.4 prices them)"
    )


def test_duplicate_and_delete_change_the_roster_only() -> None:
    """Duplicate puts a copy after the sheet; deleting the sheet being edited closes the editor."""
    state = two()
    copied = run(state, ".fudge-c-dup", {ARG: "c1"})
    assert [e.name for e in shared(copied).entries] == ["Ira", "Ira", "Guard"]
    gone = run(state, ".fudge-c-del", {ARG: "c2"})
    assert [e.id for e in shared(gone).entries] == ["c1"] and gone.state.builder.editing is None
    refused(state, ".fudge-c-del", {ARG: "c9"})


# --------------------------------------------------------------------------- ledger


def test_the_ledger_records_gains_and_refuses_to_run_below_zero() -> None:
    """§1.9: chips come as compensation and points at the start; a spend beyond the balance is
    refused politely and nothing changes; the ledger shows every line."""
    state = run(fp.State(), "#fudge-c-save", IRA).state
    form = {"fudge-c-op": "gain:chips:compensation", "fudge-c-amount": "2", "fudge-c-note": "coward"}
    state = run(state, "#fudge-c-ledger-add", form).state
    state = run(
        state, "#fudge-c-ledger-add", {**form, "fudge-c-op": "spend:chips:ability", "fudge-c-amount": "1"}
    ).state
    ru, en = refused(
        state, "#fudge-c-ledger-add", {**form, "fudge-c-op": "spend:chips:success", "fudge-c-amount": "5"}
    )
    assert "not enough: 1 left, 5 needed" in en and "не хватает" in ru
    assert fc.balance(state.cast.roster.entries[0].sheet, "chips") == 1
    rows = texts({"l": fp.view(state)["fudge-c-ledger"]}, "en")
    assert rows == [
        "1",
        "FUDGE chips",
        "+2",
        "compensation for a disadvantage",
        "coward",
        "2",
        "FUDGE chips",
        "−1",
        "a special strong ability",
        "coward",
    ]
    refused(replace(state, builder=replace(state.builder, editing=None)), "#fudge-c-ledger-add", form)


# --------------------------------------------------------------------------- pickers and combat


def test_pickers_fill_the_action_and_attack_from_the_sheets() -> None:
    """«Кто действует» fills attribute + skill + technique; the attack takes the weapon's damage
    factors (a firearm keeps its model); «Против кого» the dodge, armour and «Живучесть»."""
    state = two()
    side = run(state, "#fudge-a-who", {**ACTION_FORM, "fudge-a-who": "c1:2"})  # Fencing › Deep
    filled = dict(side.effects[-1].values)
    assert (filled["fudge-a-attr"], filled["fudge-a-skill"], filled["fudge-a-tech"]) == ("2", "1", "2")
    assert fp.action.side(side.state.action.setup.a).static == 5
    gun = run(state, "#fudge-att-who", {**ATTACK_FORM, "fudge-att-who": "c1:1"})  # Fencing · Gun
    filled = dict(gun.effects[-1].values)
    assert (filled["fudge-weapon"], filled["fudge-wx"], filled["fudge-wy"], filled["fudge-str"]) == (
        "r1",
        "2",
        "1",
        "1",
    )
    assert gun.state.attack.setup.weapon == "r1" and gun.state.attack.setup.y == 1
    guard = run(state, "#fudge-att-whom", {**ATTACK_FORM, "fudge-att-whom": "c2:0"})
    filled = dict(guard.effects[-1].values)
    assert (filled["fudge-def"], filled["fudge-armour"], filled["fudge-tough"]) == ("1", "Латы", "2")
    assert render(guard.say, "en") == "Inputs filled from the sheet: Guard."


def attack_guard(state: fp.State) -> tuple[fp.State, dict[str, Any]]:
    form = {**ATTACK_FORM, "fudge-att-who": "c1:0", "fudge-att-whom": "c2:0"}
    for picker in ("#fudge-att-who", "#fudge-att-whom"):
        done = run(state, picker, form)
        state, form = done.state, {**form, **dict(done.effects[-1].values)}
    return state, {**form, "fudge-att": "20", "fudge-no-dodge": True}


def test_damage_goes_to_the_targets_own_track() -> None:
    """With «Против кого» picked, the wounds of a hit are marked on that character's track (in the
    roster), the hand track and the attacker's stay clean, and the wound tools show the target."""
    state, form = attack_guard(two())
    hit = run(state, "#fudge-attack", form).state
    assert hit.attack.target == "c2" and hit.attack.pending
    marked = run(hit, "#fudge-apply", form)
    roster = shared(marked)
    guard, ira = roster.get("c2").sheet.wounds, roster.get("c1").sheet.wounds
    assert guard == fudge.WoundTrack().mark_each(hit.attack.pending).track and ira == fudge.WoundTrack()
    assert marked.state.wounds.track == fudge.WoundTrack() and marked.state.wounds.who == "c2"
    assert render(marked.log, "en").startswith("Guard: ")
    state = fp.sync(marked.state, roster)
    assert fp.view(state)["fudge-w-who"].value == "c2"
    healed = run(state, "#fudge-w-clear-all", {})
    assert shared(healed).get("c2").sheet.wounds == fudge.WoundTrack()


def test_a_target_without_boxes_or_gone_is_refused() -> None:
    """A target with no wound boxes, or deleted since the attack, gets no damage and a message."""
    state, form = attack_guard(two())
    hit = run(state, "#fudge-attack", form).state
    entry = hit.cast.roster.get("c2")
    boxless = hit.cast.roster.update("c2", "Guard", replace(entry.sheet, wounds=None))
    assert "no wound boxes" in refused(fp.sync(hit, boxless), "#fudge-apply", form)[1]
    assert (
        "no longer in the list"
        in refused(fp.sync(hit, hit.cast.roster.delete("c2")), "#fudge-apply", form)[1]
    )


def test_whose_wounds_chooses_a_track_and_refuses_a_stranger() -> None:
    """The wound tools work on the chosen character's track; an unknown id changes nothing."""
    state = run(two(), "#fudge-w-who", {"fudge-w-who": "c1"}).state
    took = run(state, "#fudge-w-take", {"fudge-w-amount": "2"})
    assert shared(took).get("c1").sheet.wounds.marked == (0, 1, 0, 0, 0, 0)
    refused(state, "#fudge-w-who", {"fudge-w-who": "c7"})


# --------------------------------------------------------------------------- buying success


def test_buying_success_spends_a_chip_and_is_refused_at_zero() -> None:
    """§1.9 «на покупку успеха действий»: the acting character pays 1 chip (ledger «success»),
    the line is logged; with no result, no character or no chip left nothing changes."""
    state = two()
    assert "Roll first" in refused(state, "#fudge-act-buy", {"fudge-act-pay": "chips"})[1]
    rolled = run(state, "#fudge-act-roll", ACTION_FORM).state
    assert "«Кто действует»" in refused(rolled, "#fudge-act-buy", {"fudge-act-pay": "chips"})[1]
    picked = run(rolled, "#fudge-a-who", {**ACTION_FORM, "fudge-a-who": "c1:0"}).state
    ru, en = refused(picked, "#fudge-act-buy", {"fudge-act-pay": "chips"})
    assert "balance 0" in en and "баланс 0" in ru
    rich = run(
        run(picked, ".fudge-c-edit", {ARG: "c1"}).state,
        "#fudge-c-ledger-add",
        {"fudge-c-op": "gain:chips:compensation", "fudge-c-amount": "1", "fudge-c-note": ""},
    ).state
    bought = run(rich, "#fudge-act-buy", {"fudge-act-pay": "chips"})
    sheet = shared(bought).get("c1").sheet
    assert (
        sheet.ledger[-1] == fc.LedgerEntry("chips", -1, "success", "act") and fc.balance(sheet, "chips") == 0
    )
    assert render(bought.log, "en").startswith("Ira buys success (1 FUDGE chip); left: 0.")
    assert texts({"b": fp.view(bought.state)["fudge-act-bought"]}, "en")[0].startswith("Ira buys")


# --------------------------------------------------------------------------- saved state and views


def test_dump_and_load_keep_whose_track_and_the_edited_sheet() -> None:
    """The shown track and the sheet being edited survive a reload; an older record (no such keys)
    loads; a malformed id is refused."""
    state = run(two(), "#fudge-w-who", {"fudge-w-who": "c1"}).state
    back = fp.load(fp.dump(state))
    assert (back.wounds.who, back.builder.editing) == ("c1", "c2")
    old = {"wounds": fudge.WoundTrack().to_dict(), "pools": fudge.DamagePools().to_dict()}
    assert fp.load(old) == fp.State()
    for bad in ({**old, "who": 5}, {**old, "editing": ["c1"]}, {**old, "other": 1}):
        with pytest.raises(ValueError):
            fp.load(bad)
    gone = fp.sync(back, Roster())  # the characters are gone: by hand again, nothing edited
    assert (gone.wounds.who, gone.builder.editing) == ("", None)


def test_views_with_characters_have_no_stray_russian_in_english() -> None:
    """Builder, pickers, participants and ledger in English keep Russian only inside «…»."""
    state, form = attack_guard(two())
    state = run(state, "#fudge-attack", form).state
    stray = [t for t in texts(fp.view(state), "en") if CYRILLIC.search(re.sub("«[^»]*»", "", t))]
    assert stray == []
    party = texts({"p": fp.view(state)["fudge-party"]}, "ru")
    assert party[:2] == ["Ira", "Невредим"]


# --------------------------------------------------------------------------- save, rename, undo, ledger, buying


def ledger(state: fp.State, op: str, amount: int) -> fp.State:
    form = {"fudge-c-op": op, "fudge-c-amount": str(amount), "fudge-c-note": ""}
    return run(state, "#fudge-c-ledger-add", form).state


def test_a_new_name_saves_a_new_sheet_and_rename_is_explicit() -> None:
    """After a save the builder stays on the sheet; a changed name saves a second sheet (the first
    keeps its ledger, the new one starts empty), and the view says so before the save;
    «Переименовать» renames the edited sheet in place."""
    saved = run(fp.State(), "#fudge-c-save", IRA).state
    assert saved.builder.editing == "c1"
    assert "Новый / отмена" in render(fp.view(saved)["fudge-c-status"].text, "ru")
    state = ledger(saved, "gain:points:start", 30)
    typed = {**IRA, "fudge-c-name": "Bandit"}
    previewed = run(state, "#fudge-c-name", typed).state
    shown = fp.view(previewed)
    assert shown["fudge-c-rename-bar"].hidden is False
    assert "«Ira» stays as it was" in render(shown["fudge-c-rename-said"].text, "en")
    done = run(previewed, "#fudge-c-save", typed)
    roster = shared(done)
    assert [(e.id, e.name) for e in roster.entries] == [("c1", "Ira"), ("c2", "Bandit")]
    assert fc.balance(roster.get("c1").sheet, "points") == 30 and roster.get("c2").sheet.ledger == ()
    assert done.state.builder.editing == "c2"
    renamed = run(done.state, "#fudge-c-rename", {**IRA, "fudge-c-name": "Bandit Jo"})
    assert [e.name for e in shared(renamed).entries] == ["Ira", "Bandit Jo"]
    assert "Bandit → Bandit Jo" in render(renamed.say, "en")
    assert "saved sheet" in refused(fp.State(), "#fudge-c-rename", IRA)[1]


def test_balances_and_budget_follow_the_ledger_at_once() -> None:
    """The derived balances show the roster's ledger even while the form's reading (a preview) is
    older, and the budget line gives spent of given per currency (rules.fudge_character.budget)."""
    state = run(
        run(fp.State(), "#fudge-c-save", IRA).state, "#fudge-c-notes", {**IRA, "fudge-c-notes": "x"}
    ).state
    assert state.builder.draft is not None  # a preview made before the ledger lines
    state = ledger(ledger(state, "gain:points:start", 30), "spend:points:traits", 12)
    state = ledger(state, "gain:chips:compensation", 2)
    shown = fp.view(state)
    rows = texts({"d": shown["fudge-c-derived"]}, "ru")
    assert "очков 18, фишек FUDGE 2" in rows
    assert render(shown["fudge-c-budget"].text, "ru") == (
        "Очки персонажа: потрачено 12 из 30, осталось 18. Фишки FUDGE: потрачено 0 из 2, осталось 2."
    )
    assert texts({"p": shown["fudge-party"]}, "ru")[-2:] == ["2", "18"]
    sheet = state.cast.roster.get("c1").sheet
    assert fc.budget(sheet, "points") == fc.Budget(30, 12) and fc.budget(sheet, "points").left == 18


def test_delete_is_undone_in_place_even_after_other_actions() -> None:
    """«Удалить» offers «Отменить» (kit.undo); it gives the sheet back in its place with its ledger
    and the edit, also after other actions (a roll meanwhile); once used, undo refuses."""
    state = ledger(two(), "gain:points:start", 5)  # editing Guard (c2)
    gone = run(state, ".fudge-c-del", {ARG: "c2"})
    assert [e.id for e in shared(gone).entries] == ["c1"]
    listed = fp.view(gone.state)["fudge-c-list"].children or ()
    offered = listed[1]  # where Guard stood, where the GM tapped «Удалить»
    assert offered.cls == "undo-bar" and render(offered.children[0].text, "en") == "Deleted: Guard."
    back = run(gone.state, "#fudge-c-undo", {})
    assert shared(back) == state.cast.roster and back.state.builder.editing == "c2"
    assert all(item.cls != "undo-bar" for item in fp.view(back.state)["fudge-c-list"].children or ())
    rolled = run(gone.state, "#fudge-roll-dice", {"fudge-dice": "6dF"}).state
    assert rolled.undo == gone.state.undo
    assert shared(run(rolled, "#fudge-c-undo", {})) == state.cast.roster
    assert "Nothing to undo" in refused(back.state, "#fudge-c-undo", {})[1]


def test_success_is_bought_only_where_it_changes_the_outcome() -> None:
    """A success or a computed damage has nothing to buy (the button is disabled and says why); a
    miss bought with a chip becomes a hit of S = 1 whose damage goes to «Отметить урон» on the
    target; the same roll cannot be bought twice."""
    state = ledger(run(two(), ".fudge-c-edit", {ARG: "c1"}).state, "gain:chips:compensation", 2)
    state, form = attack_guard(state)
    hit = run(state, "#fudge-attack", form).state  # attack 20 against a still target: a hit
    assert hit.attack.outcome == fudge.SUCCESS and fp.view(hit)["fudge-att-buy"].disabled is True
    assert "already succeeded" in render(fp.view(hit)["fudge-att-bought"].text, "en")
    assert "already succeeded" in refused(hit, "#fudge-att-buy", {"fudge-att-pay": "chips"})[1]
    computed = run(state, "#fudge-dmg-calc", form).state
    assert fp.view(computed)["fudge-att-buy"].disabled is True
    sword = {**form, "fudge-att": "-30", "fudge-weapon": "m6", "fudge-no-dodge": False}
    missed = run(state, "#fudge-attack", sword).state
    assert missed.attack.outcome == fudge.FAILURE and not missed.attack.pending
    assert fp.view(missed)["fudge-att-buy"].disabled is False
    bought = run(missed, "#fudge-att-buy", {"fudge-att-pay": "chips"})
    factors = fp.attack.factors(bought.state.attack.setup)
    assert bought.state.attack.pending == fudge.damage(1, factors).wounds != ()
    assert fp.view(bought.state)["fudge-apply"].disabled is False
    assert "S = 1" in render(bought.log, "en")
    assert fc.balance(shared(bought).get("c1").sheet, "chips") == 1
    assert "already bought" in refused(bought.state, "#fudge-att-buy", {"fudge-att-pay": "chips"})[1]
    marked = run(bought.state, "#fudge-apply", sword)
    assert sum(shared(marked).get("c2").sheet.wounds.marked) == 1
