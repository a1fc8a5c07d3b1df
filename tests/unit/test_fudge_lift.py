"""The FUDGE panel's sub-tools lifted onto its state and its journal «кто» and «со стола»,
on CPython: one selector per control, records saved before the lift still load, the
journal names who acted, a result from typed dice says so where it is shown."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from kit import runtime_mount
from kit.journal import note_of
from kit.msg import render
from kit.panel import Outcome, outcome
from panels.fudge import panel as fp
from panels.fudge import sheet_form
from rules import fudge
from rules.roster import roster_entries_from_data


def _fake_page() -> Any:
    """The kit runtime's fake page (tests/unit/test_runtime.py; this directory is not importable)."""
    spec = importlib.util.spec_from_file_location(
        "fudge_fake_page", Path(__file__).with_name("test_runtime.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


FAKE = _fake_page()
El, Page, make_page = FAKE.El, FAKE.Page, FAKE.make_page

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
IRA = {**sheet_form.FORM, "fudge-c-name": "Ira", "fudge-c-skills": "Fencing: 1, Ловкость"}
GUARD = {**sheet_form.FORM, "fudge-c-name": "Guard", "fudge-c-skills": "Dodge: 1"}

# What the panel's dump wrote before its sub-tools were lifted, for a hand track with a
# medium wound, both pools holding damage, the wound tools on Ira's track and Ira in the builder.
SAVED_BEFORE_THE_LIFT = {
    "wounds": {
        "scratch": 0,
        "light": 0,
        "medium": 1,
        "heavy": 0,
        "incapacitated": 0,
        "dying": 0,
        "dead": False,
    },
    "pools": {
        "sub": {"rate": 3, "stored": 2},
        "sub_units": 0,
        "exhaustion": {"rate": 4, "stored": 1},
        "exhaustion_units": 0,
    },
    "who": "c1",
    "editing": "c1",
}
ROSTER_BEFORE_THE_LIFT = {
    "format": "gm-dice-roster",
    "version": 1,
    "entries": [
        {
            "id": "c1",
            "name": "Ира",
            "system": "fudge",
            "sheet": {
                "schema": 1,
                "name": "Ира",
                "kind": "character",
                "attributes": {},
                "skills": [],
                "techniques": [],
                "properties": [],
                "weapons": [],
                "armour": None,
                "scale": [0, 0, 0, 0],
                "wounds": {
                    "scratch": 1,
                    "light": 0,
                    "medium": 0,
                    "heavy": 0,
                    "incapacitated": 0,
                    "dying": 0,
                    "dead": False,
                },
                "ledger": [],
                "notes": "",
            },
        }
    ],
}


def run(state: fp.State, selector: str, form: dict[str, Any]) -> Outcome[fp.State]:
    return outcome(PANEL.actions[selector](state, form))


def two() -> fp.State:
    """Ira (c1) and Guard (c2) built and saved."""
    state = run(fp.State(), "#fudge-c-save", IRA).state
    state = run(state, "#fudge-c-new", {}).state
    return run(state, "#fudge-c-save", GUARD).state


def shown(state: fp.State, element_id: str, lang: str = "ru") -> str:
    return render(fp.view(state)[element_id].text or "", lang)


def who_of(done: Outcome[fp.State]) -> str | None:
    note = note_of(done.effects)  # as the kit reads an outcome's notes: one entry
    return None if note is None else note.who


# --------------------------------------------------------------------------- one way, one selector


def _event(page: Page, element: El) -> str:
    """The event a control sends when used (what the kit's runtime dispatches on)."""
    if element.tag == "button":
        return "click"
    return "input" if page.dom.kind(element) == "range" else "change"


def _claims(page: Page, section: El, control: El) -> list[str]:
    """The panel's selectors that would run for ``control`` (the kit runs the first in order)."""
    found = []
    for selector in PANEL.actions:
        holder = page.dom.closest(control, selector)
        if (
            holder is not None
            and page.dom.contains(section, holder)
            and _event(page, holder) == _event(page, control)
        ):
            found.append(selector)
    return found


def test_every_control_has_at_most_one_action_so_their_order_does_not_matter() -> None:
    """Every field and button of the FUDGE section (with characters, wound rows and list buttons
    shown) is claimed by at most one selector: no action hides behind another, whatever the order
    of the panel's actions; every field a sub-tool reads as its setup is one of them, and the only
    fields with no action of their own are those a button reads (they are saved as typed)."""
    page = make_page()
    runtime_mount.mount(page.rt, fp.panel(random.Random(3)))
    for name in ("Ira", "Guard"):
        page.el("fudge-c-name").value = name
        page.click("fudge-c-save")
        page.click("fudge-c-new")
    section = page.el("fudge")
    controls = page.dom.query_all(section, "input, select, textarea, button")
    assert len(page.dom.query_all(section, ".fudge-c-edit")) == 2
    assert len(page.dom.query_all(section, fp.wounds.ROW_BUTTON)) == len(fudge.WOUND_BOXES)
    twice = {
        c.attrs.get("id", c.attrs.get("class")): claims
        for c in controls
        if len(claims := _claims(page, section, c)) > 1
    }
    assert twice == {}
    for field in (*fp.action.FIELDS, *fp.attack.FIELDS, "fudge-a-who", "fudge-att-whom"):
        assert _claims(page, section, page.el(field)) == [f"#{field}"], field
    unclaimed = {c.attrs["id"] for c in controls if c.tag != "button" and not _claims(page, section, c)}
    read_by_a_button = {"fudge-margin", "fudge-act-pay", "fudge-att-pay", "fudge-w-amount", "fudge-g-scale"}
    read_by_a_button |= {
        "fudge-acc-rate",
        "fudge-acc-sub",
        "fudge-acc-exh",
        "fudge-c-op",
        "fudge-c-amount",
        "fudge-c-note",
    }
    beside_rolls = {
        f"{b}-{f}" for b in ("fudge-roll-dice", "fudge-act-roll", "fudge-attack") for f in ("table", "why")
    }
    assert unclaimed == read_by_a_button | beside_rolls, "a field whose change nobody reads"


def test_picking_a_character_still_fills_and_reads_the_action() -> None:
    """A picker runs its own action (fill, then the section's reading), not the section's change."""
    state = two()
    done = run(state, "#fudge-a-who", {**ACTION_FORM, "fudge-a-who": "c1:0"})
    assert done.state.cast.choice("fudge-a-who") == "c1:0"
    assert done.state.action.setup.a.value == 1


# --------------------------------------------------------------------------- saved records


def test_a_record_saved_before_the_lift_loads_and_dumps_the_same() -> None:
    """A record the panel dumped before its sub-tools were lifted reads back to the same track,
    pools, shown track and edited sheet, and dumps to the same record."""
    state = fp.load(SAVED_BEFORE_THE_LIFT)
    assert state.wounds.track.marked == (0, 0, 1, 0, 0, 0, 0)[: len(state.wounds.track.marked)]
    assert (state.pools.pools.sub_scale.stored, state.pools.pools.exhaustion.stored) == (2, 1)
    assert (state.wounds.who, state.builder.editing) == ("c1", "c1")
    assert fp.dump(state) == SAVED_BEFORE_THE_LIFT
    roster, aside = roster_entries_from_data(ROSTER_BEFORE_THE_LIFT)
    assert aside == ()
    synced = fp.sync(state, roster)
    assert shown(synced, "fudge-w-status").startswith("Ира: ")
    assert "Царапина" in shown(synced, "fudge-w-status")
    assert "2" in shown(synced, "fudge-acc-status")
    assert shown(synced, "fudge-c-editor-title", "en").endswith("Ира")


def test_a_record_saved_before_the_lift_is_restored_by_the_kit() -> None:
    """The kit mounts the panel on that record: the wound tools show Ira's track, the hand track
    keeps its medium wound (the same record is saved back)."""
    records = {
        "gm.panel.fudge": json.dumps({"v": 1, "state": SAVED_BEFORE_THE_LIFT, "form": {}, "log": []}),
        "gm.shared.roster": json.dumps({"v": 1, "value": ROSTER_BEFORE_THE_LIFT}),
    }
    page = make_page(records)
    runtime_mount.mount(page.rt, fp.panel(random.Random(3)))
    state = page.state("fudge")
    assert fp.dump(state) == SAVED_BEFORE_THE_LIFT
    assert page.el("fudge-w-status").text.startswith("Ира: ")


# --------------------------------------------------------------------------- the journal's «кто»


def test_an_action_roll_for_a_picked_character_goes_into_the_journal_with_who() -> None:
    """Through the kit: a character picked in «Кто действует» rolls the action; the journal entry
    of that roll names them («кто»)."""
    page = make_page()
    runtime_mount.mount(page.rt, fp.panel(random.Random(3)))
    page.el("fudge-c-name").value = "Ира"
    page.el("fudge-c-skills").value = "Фехтование: 1, Ловкость"
    page.click("fudge-c-save")
    page.change("fudge-a-who", "c1:0")
    page.click("fudge-act-roll")
    entries = json.loads(page.records.records["gm.shared.journal"])["value"]["entries"]
    assert (entries[0]["panel"], entries[0]["who"]) == ("fudge", "Ира")


@pytest.mark.parametrize(
    ("selector", "form", "who"),
    [
        ("#fudge-act-roll", {**ACTION_FORM, "fudge-a-who": "c1:0"}, "Ira"),
        (
            "#fudge-act-roll",
            {**ACTION_FORM, "fudge-mode": "opp", "fudge-a-who": "c1:0", "fudge-b-who": "c2:0"},
            "Ira → Guard",
        ),
        ("#fudge-act-roll", {**ACTION_FORM, "fudge-b-who": "c2:0"}, ""),  # one-sided: side B is not in it
        ("#fudge-attack", {**ATTACK_FORM, "fudge-att-who": "c1:0", "fudge-att-whom": "c2:0"}, "Ira → Guard"),
        ("#fudge-dmg-calc", {**ATTACK_FORM, "fudge-att-whom": "c2:0"}, " → Guard"),
    ],
)
def test_rolls_for_picked_characters_name_them(selector: str, form: dict[str, Any], who: str) -> None:
    """The action roll names «Кто действует» (and side B's character when opposed); the attack and
    a computed damage name the attacker and the target (``who_acts``)."""
    state = two()
    for picker in ("fudge-a-who", "fudge-b-who", "fudge-att-who", "fudge-att-whom"):
        if picker in form:
            state = outcome(PANEL.actions[f"#{picker}"](state, form)).state
    assert who_of(run(state, selector, form)) == who


def test_wounds_and_pools_marked_on_a_character_s_track_name_them_and_share_the_roster() -> None:
    """Damage taken on Ira's track and pools marked on it go into the journal as Ira's and into the
    shared roster (the pools' marking used to drop the roster's update)."""
    from kit.shared import Share

    state = run(two(), "#fudge-w-who", {"fudge-w-who": "c1"}).state
    taken = run(state, "#fudge-w-take", {"fudge-w-amount": "2"})
    assert who_of(taken) == "Ira"
    assert any(isinstance(e, Share) for e in taken.effects)
    pooled = run(taken.state, "#fudge-acc-exh-add", {"fudge-acc-exh": "4"}).state
    marked = run(pooled, "#fudge-acc-apply", {})
    assert who_of(marked) == "Ira"
    roster = next(e.value for e in marked.effects if isinstance(e, Share))
    assert roster.get("c1").sheet.wounds == marked.state.cast.roster.get("c1").sheet.wounds
    assert who_of(run(fp.State(), "#fudge-w-take", {"fudge-w-amount": "2"})) is None  # by hand: nobody


# --------------------------------------------------------------------------- «со стола» on screen


@pytest.mark.parametrize(
    ("button", "form", "typed", "result"),
    [
        ("fudge-roll-dice", {"fudge-dice": "6dF"}, "+ + + - 0 0", "fudge-dice-result"),
        ("fudge-act-roll", ACTION_FORM, "+ + + - 0 0", "fudge-act-result"),
        ("fudge-attack", ATTACK_FORM, "+ + + + + +; - - - - - -", "fudge-att-result"),
    ],
)
def test_a_result_from_typed_dice_says_so_where_it_is_shown(
    button: str, form: dict[str, Any], typed: str, result: str
) -> None:
    """The result line in the panel (not only the log) says «со стола» / "from the table" for
    typed dice, and no longer once the next roll is random."""
    done = run(fp.State(), f"#{button}", {**form, f"{button}-table": typed})
    assert shown(done.state, result).endswith("(со стола)")
    assert shown(done.state, result, "en").endswith("(from the table)")
    assert render(done.log or "", "ru").endswith("(со стола)")
    assert render(done.log or "", "ru").count("со стола") == 1
    again = run(done.state, f"#{button}", {**form, f"{button}-table": ""})
    assert "со стола" not in shown(again.state, result)
