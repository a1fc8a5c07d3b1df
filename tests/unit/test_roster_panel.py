"""The roster panel, the kit's shared values and the pickers of the checks and ITE panels, on CPython."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from kit.form import ARG, FILE_NAME, FILE_TEXT, InputError
from kit.msg import render
from kit.panel import Download, Panel, SetFields
from kit.shared import Follow, Share, Shared, decode_shared, encode_shared
from kit.view import texts
from panels.checks import panel as checks_panel
from panels.ite import panel as ite_panel
from panels.roster import panel as roster_panel
from panels.roster.shared import ROSTER
from rules.roster import GaussSheet, IteCheck, IteSheet, Roster, roster_to_data

FORM = roster_panel.FORM
CYRILLIC = re.compile("[А-Яа-яЁё]")


def shared_of(outcome: object) -> Roster:
    """The roster an outcome shares (the kit saves it and syncs every follower)."""
    shares = [e for e in outcome.effects if isinstance(e, Share)]
    assert len(shares) == 1 and shares[0].shared is ROSTER
    return shares[0].value


def sample() -> Roster:
    hero = GaussSheet(
        luck=7,
        intelligence=3,
        skills=(("Sword", 8), ("Bow", 4)),
        armour_bonus=2,
        armour_penalty=-1,
        weapons=(("Blade", 1), ("Axe", 3)),
    )
    return Roster().add("Boris", "gauss", hero).add("Guard", "ite", IteSheet((("Fencing", IteCheck(20, 1)),)))


# --------------------------------------------------------------------------- kit.shared


def test_shared_record_round_trip_and_damage() -> None:
    """The roster's own record reads back; damaged, foreign or future records give the empty
    roster and say they were dropped (the kit then shows a notice in the home panel)."""
    roster = sample()
    assert decode_shared(ROSTER, encode_shared(ROSTER, roster)) == (roster, False, 0)
    assert decode_shared(ROSTER, None) == (Roster(), False, 0)
    for raw in ("{", "[]", '{"v": 1}', '{"v": 2, "value": {}}', '{"v": 1, "value": {"format": "x"}}'):
        assert decode_shared(ROSTER, raw) == (Roster(), True, 0), raw
    assert ROSTER.key == "gm.shared.roster" and ROSTER.home == "roster"


def test_the_saved_roster_loads_entry_by_entry() -> None:
    """One bad field in one of three characters sets that one aside (counted for the notice); the
    other two load, one of them with a key this version does not know, kept."""
    data = roster_to_data(sample().add("В", "ite", IteSheet()))
    data["entries"][0]["sheet"]["luck"] = "5"
    data["entries"][2]["mood"] = "grim"
    decoded = decode_shared(ROSTER, json.dumps({"v": 1, "value": data}))
    assert [e.name for e in decoded.value.entries] == [e["name"] for e in data["entries"][1:]]
    assert decoded.set_aside == 1 and not decoded.dropped
    assert roster_to_data(decoded.value)["entries"][1]["mood"] == "grim"


def test_panels_that_show_pickers_follow_the_roster() -> None:
    """The roster, checks and ITE panels follow the shared roster; their syncs keep it in state."""
    roster = sample()
    for module in (roster_panel, checks_panel, ite_panel):
        built: Panel = module.panel(random.Random(1))
        (follow,) = built.follows
        assert isinstance(follow, Follow) and follow.shared is ROSTER
        assert follow.sync(built.initial, roster) != built.initial


def test_a_panel_without_follows_is_unchanged() -> None:
    """Opting in is additive: a plain panel follows nothing."""
    assert Panel("x", 0, lambda s: {}).follows == ()
    assert Shared("n", 0, int, int, "x", "n").key == "gm.shared.n"


# --------------------------------------------------------------------------- the roster panel


def test_save_adds_then_edit_updates_in_place() -> None:
    """Saving the editor adds a character and shares the new roster; Edit fills the editor, and
    saving again updates the same character (same id, same place)."""
    form = {
        **FORM,
        "roster-name": " Boris ",
        "roster-g-luck": "7",
        "roster-g-skills": "Sword: 8\n\nBow: +4",
        "roster-g-weapons": "Blade: 1",
    }
    done = roster_panel.save(roster_panel.State(), form)
    roster = shared_of(done)
    entry = roster.entries[0]
    assert (entry.id, entry.name, entry.sheet.skills, entry.sheet.luck) == (
        "c1",
        "Boris",
        (("Sword", 8), ("Bow", 4)),
        7,
    )
    state = roster_panel.sync(done.state, roster)
    edited = roster_panel.edit(state, {ARG: "c1"})
    filled = dict(next(e for e in edited.effects if isinstance(e, SetFields)).values)
    assert filled["roster-g-skills"] == "Sword: 8\nBow: 4" and edited.state.editing == "c1"
    again = roster_panel.save(edited.state, {**FORM, **filled, "roster-g-luck": "2"})
    assert shared_of(again).entries[0].sheet.luck == 2 and len(shared_of(again).entries) == 1


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"roster-name": ""}, "Name"),
        ({"roster-g-luck": "10"}, "Luck"),
        ({"roster-g-skills": "Sword 8"}, "line 1"),
        ({"roster-g-skills": "Sword: 7"}, "skills"),
        ({"roster-g-skills": "Sword: 8\nsword: 4"}, "appears twice"),
        ({"roster-system": "ite", "roster-i-checks": "Fencing: 20 1 3"}, "line 1"),
    ],
)
def test_bad_sheets_are_refused_with_a_message(change: dict, needle: str) -> None:
    """Bad editor input raises InputError (nothing changes) whose English names the problem."""
    with pytest.raises(InputError) as caught:
        roster_panel.save(roster_panel.State(), {**FORM, "roster-name": "A", **change})
    assert needle in render(caught.value.message, "en")


def test_duplicate_move_delete_share_the_new_roster() -> None:
    """List buttons (by ``data-arg``) change the shared roster; a vanished id says so."""
    state = roster_panel.sync(roster_panel.State(), sample())
    assert [e.id for e in shared_of(roster_panel.duplicate(state, {ARG: "c1"})).entries] == ["c1", "c3", "c2"]
    assert [e.id for e in shared_of(roster_panel.move(1, state, {ARG: "c1"})).entries] == ["c2", "c1"]
    assert [e.id for e in shared_of(roster_panel.delete(state, {ARG: "c2"})).entries] == ["c1"]
    with pytest.raises(InputError):
        roster_panel.delete(state, {ARG: "c7"})


def test_export_and_import() -> None:
    """Export downloads the JSON format; importing it gives the roster back; a bad file is refused
    naming the file and the reason, and nothing is shared."""
    state = roster_panel.sync(roster_panel.State(), sample())
    (download,) = roster_panel.export(state, {}).effects
    assert isinstance(download, Download) and json.loads(download.text)["format"] == "gm-dice-roster"
    empty = roster_panel.State()
    assert (
        shared_of(roster_panel.import_file(empty, {FILE_NAME: "r.json", FILE_TEXT: download.text}))
        == sample()
    )
    with pytest.raises(InputError) as caught:
        roster_panel.import_file(state, {FILE_NAME: "notes.txt", FILE_TEXT: "hello"})
    assert render(caught.value.message, "en") == (
        "The file notes.txt was not imported and the list is unchanged: this is not JSON."
    )
    with pytest.raises(InputError) as caught:
        roster_panel.import_file(
            state, {FILE_NAME: "x.json", FILE_TEXT: '{"format": "gm-dice-roster", "version": 3}'}
        )
    assert "version 3" in render(caught.value.message, "en")


def test_an_import_is_undone_and_keeps_what_was_made_since() -> None:
    """An import replaces the whole roster: «Отменить» is offered (kit.undo) and gives back the
    roster it replaced, with the characters made after it; a refused file offers nothing."""
    actions = roster_panel.panel().actions
    state = roster_panel.sync(roster_panel.State(), sample())
    other = Roster().add("Imported", "ite", IteSheet())
    text = json.dumps(roster_to_data(other))
    imported = actions["#roster-import"](state, {FILE_NAME: "other.json", FILE_TEXT: text})
    assert shared_of(imported) == other
    listed = roster_panel.view(imported.state)["roster-list"].children or ()
    offered = listed[-1]  # at the list's end, just above «Импорт» where the GM tapped
    assert offered.attrs == (("id", "roster-undo-bar"), ("role", "status"))
    assert render(offered.children[0].text, "en") == "Imported from other.json: 1 characters."
    back = actions["#roster-undo"](imported.state, {})
    assert shared_of(back) == sample()
    assert render(back.state.status, "ru") == "Импорт отменён: список персонажей снова прежний."
    assert all(item.cls != "undo-bar" for item in roster_panel.view(back.state)["roster-list"].children or ())
    # a character made after the import stays, after the old ones (its id was free in neither)
    later = actions["#roster-save"](imported.state, {**FORM, "roster-name": "Later"})
    kept = shared_of(actions["#roster-undo"](later.state, {}))
    assert [e.name for e in kept.entries] == ["Boris", "Guard", "Later"] and len(
        {e.id for e in kept.entries}
    ) == 3
    with pytest.raises(InputError):
        actions["#roster-import"](back.state, {FILE_NAME: "bad.json", FILE_TEXT: '"' + '\\"' * 40_000})
    with pytest.raises(InputError):
        actions["#roster-undo"](back.state, {})  # nothing to undo: the refused file changed nothing


def test_roster_view_in_both_languages() -> None:
    """The list shows each character with its system and sheet; no Russian in English outside «…»."""
    state = roster_panel.sync(roster_panel.State(), sample())
    shown = roster_panel.view(state)
    assert shown["roster-empty"].hidden is True and shown["roster-ite"].hidden is True
    english = texts(shown, "en")
    assert any("Sword +8" in t and "Blade +1" in t for t in english)
    for t in english:
        assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", t)), t
    assert roster_panel.view(roster_panel.State())["roster-empty"].hidden is False


def test_a_system_without_an_editor_is_listed_but_not_edited_here() -> None:
    """A FUDGE entry (edited in its own panel) can be listed, duplicated and deleted; Edit says where."""
    from rules.fudge_character import Character

    state = roster_panel.sync(
        roster_panel.State(), Roster().add("Door", "fudge", Character("Door", kind="object"))
    )
    with pytest.raises(InputError) as caught:
        roster_panel.edit(state, {ARG: "c1"})
    assert "FUDGE" in render(caught.value.message, "en")
    assert "FUDGE" in " ".join(texts(roster_panel.view(state), "en"))
    assert len(roster_panel.duplicate(state, {ARG: "c1"}).state.roster.entries) == 2


# --------------------------------------------------------------------------- pickers


def test_checks_skill_picker_fills_and_reads_skill_and_luck() -> None:
    """Picking «Boris — Bow» fills the skill level and luck and the skill check uses them at once."""
    built = checks_panel.panel(random.Random(1))
    state = checks_panel.sync(checks_panel.State(), sample())
    options = [node.attrs[0][1] for node in built.view(state)["chk-skill-who"].children]
    assert options == ["", "c1:0", "c1:1"]  # the ITE character is not listed
    done = built.actions["#chk-skill-who"](state, {**checks_panel.FORM, "chk-skill-who": "c1:1"})
    assert (done.state.skill.skill, done.state.skill.luck) == (4, 7)
    assert dict(done.effects[0].values) == {"chk-skill": "4", "chk-skill-luck": "7"}
    assert built.view(done.state)["chk-skill-who"].value == "c1:1"
    by_hand = built.actions["#chk-skill-who"](done.state, {**checks_panel.FORM, "chk-skill-who": ""})
    assert by_hand.effects == () and by_hand.state.skill == done.state.skill


def test_checks_combat_pickers_fill_attacker_and_defender() -> None:
    """The attacker's option per skill and weapon fills skill, luck and piercing; the defender's
    fills skill, luck and armour."""
    built = checks_panel.panel(random.Random(1))
    state = checks_panel.sync(checks_panel.State(), sample())
    form = {**checks_panel.FORM, "chk-cmb-who": "c1:1", "chk-cmb-whom": "c1:0"}  # Sword with Axe
    attacked = built.actions["#chk-cmb-who"](state, form)
    assert (
        attacked.state.combat.setup.attack_modifier == 8 and attacked.state.combat.setup.weapon_piercing == 3
    )
    defended = built.actions["#chk-cmb-whom"](attacked.state, form)
    setup = defended.state.combat.setup
    assert (setup.defence_modifier, setup.defence_luck, setup.armour_bonus, setup.armour_penalty) == (
        8,
        7,
        2,
        -1,
    )
    median = built.actions["#chk-med-who"](state, {**checks_panel.FORM, "chk-med-who": "c1:"})
    assert (median.state.median.intelligence, median.state.median.luck) == (3, 7)


def test_a_vanished_character_is_refused() -> None:
    """A choice naming a character no longer in the roster says so and fills nothing."""
    built = checks_panel.panel(random.Random(1))
    with pytest.raises(InputError):
        built.actions["#chk-skill-who"](checks_panel.State(), {**checks_panel.FORM, "chk-skill-who": "c1:0"})


def test_ite_pickers_fill_x_modifier_and_difficulty() -> None:
    """In the ITE panel «Кто действует» fills Х and Мф of the Т-check, «Против кого» its УрС; the
    character is kept for the chain's other checks filled by hand (one pick a side)."""
    built = ite_panel.panel(random.Random(1))
    state = ite_panel.State(cast=ite_panel.State().cast.synced(sample()))
    form = {"ite-order": "ITE"}
    for kind in "ite":
        form.update(
            {
                f"ite-{kind}-{f}": v
                for f, v in (("x", "10"), ("m", "2"), ("n", "6"), ("mod", "0"), ("dif", "10"))
            }
        )
        form.update({f"ite-{kind}-{f}": False for f in ("right", "carry", "gate")})
        form.update(
            {
                f"ite-{kind}-on": True,
                f"ite-{kind}-crit": "none",
                f"ite-{kind}-crit-high": "",
                f"ite-{kind}-crit-low": "",
            }
        )
    done = built.actions["#ite-t-who"](state, {**form, "ite-t-who": "c2:0"})
    assert dict(done.effects[-1].values) == {
        "ite-t-x": "20",
        "ite-t-mod": "1",
        **{f"ite-{k}-{f}": v for k in "ie" for f, v in (("who", "c2:0"), ("x", "20"), ("mod", "1"))},
    }
    assert {done.state.cast.choice(f"ite-{k}-who") for k in "ite"} == {"c2:0"}
    t_stage = next(stage for stage in done.state.chain.stages if stage.kind == "T")
    assert (t_stage.check.x, t_stage.check.modifier) == (20, 1)  # the odds follow at once
    against = built.actions["#ite-t-whom"](done.state, {**form, "ite-t-whom": "c2:0"})
    assert next(s for s in against.state.chain.stages if s.kind == "T").check.difficulty == 20
    assert {against.state.cast.choice(f"ite-{k}-whom") for k in "ite"} == {"c2:0"}
    by_hand = built.actions["#ite-i-who"](done.state, {**form, "ite-i-who": ""})
    again = built.actions["#ite-e-who"](by_hand.state, {**form, "ite-e-who": "c2:0"})
    assert again.state.cast.choice("ite-i-who") == "c2:0"  # by hand again: it follows the next pick
    shown = built.view(against.state)
    assert [n.attrs[0][1] for n in shown["ite-t-who"].children] == ["", "c2:0"]  # only ITE characters


def test_delete_is_undone_in_place_and_a_new_name_is_a_new_character() -> None:
    """«Удалить» offers «Отменить» (kit.undo), which other actions leave in place; it puts the character back in
    its place, exactly as it was, and into the roster as it is now (a character added meanwhile by
    another panel stays). After a save the editor stays on the character; a changed name saves a
    new one, «Переименовать» renames."""
    actions = roster_panel.panel().actions
    state = roster_panel.sync(roster_panel.State(), sample())
    first = state.roster.entries[0]
    gone = actions[".roster-delete"](state, {ARG: first.id})
    listed = roster_panel.view(gone.state)["roster-list"].children or ()
    offered = listed[0]  # where the deleted character stood, where the GM tapped «Удалить»
    assert offered.attrs == (("id", "roster-undo-bar"), ("role", "status"))
    assert render(offered.children[0].text, "en") == f"Deleted: {first.name}."
    meanwhile = roster_panel.sync(gone.state, shared_of(gone).add("Z", "ite", IteSheet()))
    back = actions["#roster-undo"](meanwhile, {})
    restored = shared_of(back).entries[0]  # its id went to Z meanwhile: a new one, all else as it was
    assert (restored.id, replace(restored, id=first.id)) == ("c3", first)
    assert shared_of(back).entries[-1].name == "Z"
    assert shared_of(actions["#roster-undo"](gone.state, {})) == state.roster
    assert all(item.cls != "undo-bar" for item in roster_panel.view(back.state)["roster-list"].children or ())
    moved = actions[".roster-up"](gone.state, {ARG: gone.state.roster.entries[-1].id})
    assert shared_of(actions["#roster-undo"](moved.state, {})).entries[0] == first  # the offer stays
    with pytest.raises(InputError):
        actions["#roster-undo"](back.state, {})  # used: nothing more to undo

    saved = actions["#roster-save"](roster_panel.State(), {**FORM, "roster-name": "Boris"})
    assert saved.state.editing == "c1"
    typed = actions["#roster-name"](saved.state, {**FORM, "roster-name": "Ivan"})
    assert "«Boris» stays as it was" in render(roster_panel.view(typed)["roster-rename-said"].text, "en")
    again = actions["#roster-save"](typed, {**FORM, "roster-name": "Ivan"})
    assert [e.name for e in shared_of(again).entries] == ["Boris", "Ivan"]
    renamed = actions["#roster-rename"](again.state, {**FORM, "roster-name": "Ivan the Bold"})
    assert [e.name for e in shared_of(renamed).entries] == ["Boris", "Ivan the Bold"]
