"""rules.roster: sheets, operations and the JSON format, which reads untrusted files."""

from __future__ import annotations

import json

import pytest

from rules import roster as r
from rules.roster import GaussSheet, IteCheck, IteSheet, Roster, RosterError


def sample() -> Roster:
    hero = GaussSheet(
        luck=7,
        intelligence=6,
        skills=(("Меч", 8),),
        armour_bonus=2,
        armour_penalty=-1,
        weapons=(("Клинок", 1),),
    )
    guard = IteSheet((("Фехтование", IteCheck(20, 1)), ("Уклонение", IteCheck(12, -2))))
    return Roster().add("Борис", "gauss", hero).add("Стражник", "ite", guard)


def code(text: str) -> tuple[str, dict]:
    with pytest.raises(RosterError) as caught:
        r.roster_from_json(text)
    return caught.value.code, caught.value.params


def export(entries: list) -> str:
    return json.dumps({"format": "gm-dice-roster", "version": 1, "entries": entries})


def test_json_round_trip_keeps_every_sheet_and_the_order() -> None:
    """An export read back is the same roster: names, systems, ids, sheets and order."""
    roster = sample()
    assert r.roster_from_json(r.roster_to_json(roster)) == roster
    data = r.roster_to_data(roster)
    assert data["format"] == "gm-dice-roster" and data["version"] == 1
    assert [e["system"] for e in data["entries"]] == ["gauss", "ite"]


def test_operations_return_new_rosters() -> None:
    """Add, update, duplicate, delete and move give new rosters and leave the old one as it was."""
    roster = sample()
    copied = roster.duplicate("c1")
    assert [e.id for e in copied.entries] == ["c1", "c3", "c2"] and copied.entries[1].name == "Борис"
    assert [e.id for e in copied.move("c2", -5).entries] == ["c2", "c1", "c3"]
    assert [e.id for e in copied.move("c1", 1).entries] == ["c3", "c1", "c2"]
    assert [e.id for e in copied.delete("c3").entries] == ["c1", "c2"]
    renamed = roster.update("c1", "Борис II", GaussSheet(luck=3))
    assert renamed.get("c1").name == "Борис II" and renamed.get("c1").system == "gauss"
    assert roster.get("c1").name == "Борис" and len(roster.entries) == 2
    assert Roster().add("А", "ite", IteSheet()).delete("c1").add("Б", "ite", IteSheet()).entries[0].id == "c1"
    with pytest.raises(RosterError, match="not_found"):
        roster.delete("c9")


def test_sheets_check_their_numbers() -> None:
    """Luck and intelligence are 1–9, skill levels are rungs of the ladder, armour has its signs,
    names are unique per sheet; each refusal names its field."""
    for bad, field in (
        (dict(luck=0), "luck"),
        (dict(intelligence=10), "intelligence"),
        (dict(armour_bonus=-1), "armour_bonus"),
        (dict(armour_penalty=1), "armour_penalty"),
        (dict(skills=(("Меч", 3),)), "skills"),
        (dict(weapons=(("Нож", -1),)), "weapons"),
    ):
        with pytest.raises(RosterError) as caught:
            GaussSheet(**bad)
        assert caught.value.params["field"] == field
    with pytest.raises(RosterError) as caught:
        IteSheet((("Бег", IteCheck(1)), ("бег", IteCheck(2))))
    assert caught.value.code == "duplicate_item"
    assert GaussSheet(skills=(("Меч", 18),)).skill("МЕЧ") == 18


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x" * (r.MAX_TEXT_CHARS + 1), "too_large"),
        ("{not json", "not_json"),
        ("[1, 2]", "not_object"),
        ('{"app": "gm-dice", "records": {}}', "wrong_format"),
        ('{"format": "gm-dice-roster", "version": "1", "entries": []}', "bad_version"),
        ('{"format": "gm-dice-roster", "version": 7, "entries": []}', "future_version"),
        ('{"format": "gm-dice-roster", "version": 1, "entries": {}}', "not_list"),
        (export([{"id": "c1", "name": "А", "system": "gurps", "sheet": {}}]), "unknown_system"),
        (export([{"id": "c1", "name": "А", "system": "ite"}]), "bad_entry"),
        (export([{"id": "c1", "name": "", "system": "ite", "sheet": {}}]), "bad_name"),
        (export([{"id": "c 1", "name": "А", "system": "ite", "sheet": {}}]), "bad_id"),
        (
            export([{"id": "c1", "name": "А", "system": "ite", "sheet": {"checks": [["X", "1", 0]]}}]),
            "bad_sheet",
        ),
        (export([{"id": "c1", "name": "А", "system": "gauss", "sheet": {"luck": 12}}]), "out_of_range"),
        (export([{"id": "c1", "name": "А", "system": "gauss", "sheet": {"luck": "5"}}]), "bad_sheet"),
        (export([{"id": "c1", "name": "А", "system": "ite", "sheet": {}}] * 2), "duplicate_id"),
        (
            export([{"id": f"c{i}", "name": "А", "system": "ite", "sheet": {}} for i in range(501)]),
            "too_many",
        ),
        ("[" * 100_000, "not_json"),
    ],
)
def test_bad_files_are_refused_with_a_code(text: str, expected: str) -> None:
    """Untrusted text: every kind of damage or foreign file gives its own code, never a crash."""
    assert code(text)[0] == expected


def test_a_future_version_says_which() -> None:
    """A newer format names its version, so the UI can say to update the page."""
    assert code('{"format": "gm-dice-roster", "version": 2, "entries": []}') == (
        "future_version",
        {"version": 2},
    )


def test_a_system_is_added_by_registering_its_codec() -> None:
    """A new system (FUDGE later) needs only a codec: then its entries are accepted and exported."""

    class Door:
        def __eq__(self, other: object) -> bool:
            return isinstance(other, Door)

    r.register(r.Codec("test-door", Door, lambda _s: {}, lambda _raw: Door()))
    try:
        roster = Roster().add("Дверь", "test-door", Door())
        assert r.roster_from_json(r.roster_to_json(roster)) == roster
        with pytest.raises(RosterError, match="bad_sheet"):
            Roster().add("Дверь", "test-door", IteSheet())
    finally:
        del r.CODECS["test-door"]


def test_fudge_sheets_live_in_the_roster_and_survive_export() -> None:
    """A FUDGE sheet (seed 002 §1) is a roster system: it exports and imports whole."""
    from rules import fudge_character as fc

    hero = fc.gain(fc.Character("Ира", attributes=(("Ловкость", 2),)), "chips", 2, "compensation")
    roster = r.Roster().add("Ира", "fudge", hero)
    back = r.roster_from_json(r.roster_to_json(roster))
    assert back == roster and back.entries[0].sheet.ledger == hero.ledger


@pytest.mark.parametrize(
    "sheet",
    [{"schema": 99}, {"schema": 1}, [], {"schema": 1, "name": "x"}, "text"],
)
def test_a_damaged_fudge_sheet_is_refused_as_bad_sheet(sheet: object) -> None:
    """An imported FUDGE sheet is untrusted: anything malformed is a RosterError, nothing loads."""
    data = {
        "format": "gm-dice-roster",
        "version": 1,
        "entries": [{"id": "c1", "name": "A", "system": "fudge", "sheet": sheet}],
    }
    with pytest.raises(r.RosterError) as caught:
        r.roster_from_data(data)
    assert caught.value.code == "bad_sheet"


def test_unknown_keys_of_an_entry_and_its_sheet_are_kept_as_they_are() -> None:
    """Keys a newer version would add (to the entry or to its sheet) are no reason to drop the
    entry: it loads, and they are written back unchanged, also after the character is edited."""
    raw = json.loads(
        export(
            [
                {
                    "id": "c1",
                    "name": "А",
                    "system": "gauss",
                    "sheet": {"luck": 6, "stamina": [1, 2]},
                    "portrait": {"url": "x"},
                }
            ]
        )
    )
    roster = r.roster_from_data(raw)
    assert roster.entries[0].sheet.luck == 6
    edited = roster.update("c1", "Б", r.GaussSheet(luck=7))
    (entry,) = r.roster_to_data(edited)["entries"]
    assert entry["portrait"] == {"url": "x"} and entry["sheet"]["stamina"] == [1, 2]
    assert entry["sheet"]["luck"] == 7 and entry["name"] == "Б"


def test_a_saved_roster_loads_entry_by_entry() -> None:
    """One bad field in one of three entries, a second use of an id, and a newer version: the
    sound entries load, the others are set aside; only a damaged header refuses the whole."""
    good = {"id": "c1", "name": "А", "system": "gauss", "sheet": {"luck": 6}}
    bad = {"id": "c2", "name": "Б", "system": "gauss", "sheet": {"luck": "5"}}
    third = {"id": "c3", "name": "В", "system": "ite", "sheet": {}, "colour": "red"}
    data = {"format": r.FORMAT, "version": 2, "entries": [good, bad, third, dict(good, name="Г")]}
    roster, aside = r.roster_entries_from_data(data)
    assert [e.name for e in roster.entries] == ["А", "В"]
    assert [e["name"] for e in aside] == ["Б", "Г"]
    with pytest.raises(r.RosterError):
        r.roster_entries_from_data({"format": "other", "entries": []})
