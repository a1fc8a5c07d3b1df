"""The threat panel on CPython: actions, views in both languages, saved data."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from kit.form import InputError
from kit.msg import render
from kit.panel import Copy, Download, Outcome, SetFields, decode, outcome
from kit.view import texts
from panels.threat.panel import State, dump, load, panel, view
from panels.threat.state import FALLBACK, FORECAST_BUDGET, forecast_cost, legacy
from panels.threat.words import DEFAULT_NAME, default_bag, journal_line
from rules import threat

CYRILLIC = re.compile("[А-Яа-яЁё]")
PANEL = panel(random.Random(7))
FORM = {
    "threat-light": "5",
    "threat-dark": "1",
    "threat-base": "5",
    "threat-t": "5",
    "threat-step": "1",
    "threat-rec-colour": DEFAULT_NAME,
    "threat-rec-number": "10",
    "threat-new-name": "",
    "threat-fc-roll": "normal",
}


def form_for(state: State, **extra: Any) -> dict[str, Any]:
    """The fields as the view would have written them for ``state``, plus ``extra``."""
    out: dict[str, Any] = dict(FORM)
    for key, show in view(state).items():
        if show.value is not None:
            out[key] = show.value
        if show.checked is not None:
            out[key] = show.checked
    out.update(extra)
    return out


def run(selector: str, state: State, **extra: Any) -> State:
    return outcome(PANEL.actions[selector](state, form_for(state, **extra))).state


def english_is_english(state: State) -> None:
    for line in texts(view(state), "en"):
        assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", line)), line


def test_record_follows_the_seed_example() -> None:
    """Seed example (5 light + 1 dark, T₀ = 5, Δ = 1): a dark 5 raises T to 6, then a dark 5 is an event."""
    state = run("#threat-record", State(), **{"threat-rec-number": "5"})
    assert state.bag.tracks[0].threshold == 6 and len(state.journal) == 1
    state = run("#threat-record", state, **{"threat-rec-number": "5"})
    assert state.bag.tracks[0].threshold == 5 and state.journal[-1].event
    shown = view(state)
    assert render(shown["threat-result"].text, "ru").startswith("Событие угрозы! Бросок со стола")
    assert render(shown["threat-t-big"].text, "en") == "5"


def test_a_check_replays_the_rules_with_the_same_rng() -> None:
    """Clicking Check with the panel's rng gives exactly the journal rules.threat gives."""
    rng = random.Random(3)
    roller = panel(rng)
    state = State()
    for _ in range(4):
        state = roller.actions["#threat-adv"](state, form_for(state))
    replay, bag, entries = random.Random(3), default_bag(), []
    for _ in range(4):
        result = threat.check(bag, replay, "advantage")
        bag = result.state
        entries.append(result.entry)
    assert state.journal == tuple(entries) and state.bag == bag


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("threat-light", "25"),
        ("threat-t", "21"),
        ("threat-step", "-1"),
        ("threat-dark", ""),
        ("threat-rec-number", "0"),
    ],
)
def test_bad_input_raises_and_changes_nothing(field: str, value: str) -> None:
    """An out-of-range or empty field refuses the record (and, for a bag field, the check and the
    field's own change); the state is unchanged and a good value goes through again."""
    state = run("#threat-record", State())
    before = dump(state)
    selectors = ["#threat-record"]
    if field != "threat-rec-number":
        selectors += ["#threat-check", f"#{field}"]
    for selector in selectors:
        with pytest.raises(InputError) as error:
            PANEL.actions[selector](state, form_for(state, **{field: value}))
        assert render(error.value.message, "ru")
    assert dump(state) == before
    assert run("#threat-record", state).bag.tracks[0].threshold == 7


def test_the_dark_total_is_capped_and_names_are_checked() -> None:
    """At most 10 dark dice in all; an empty, taken or reserved colour name is refused."""
    state = run("#threat-add-track", State(), **{"threat-new-name": "красный"})
    assert [t.name for t in state.bag.tracks] == [DEFAULT_NAME, "красный"] and state.track == "красный"
    with pytest.raises(InputError) as error:
        run("#threat-dark", state, **{"threat-dark": "10"})
    assert "10" in render(error.value.message, "en")
    for name in ("", "  ", "Светлый", "КРАСНЫЙ", "light"):
        with pytest.raises(InputError):
            run("#threat-add-track", state, **{"threat-new-name": name})
    state = run("#threat-remove-track", state)
    assert len(state.bag.tracks) == 1
    with pytest.raises(InputError):
        run("#threat-remove-track", state)


def test_add_track_clears_the_name_field() -> None:
    """Adding a colour empties the name field (an effect), and says so in the result line."""
    done = PANEL.actions["#threat-add-track"](State(), form_for(State(), **{"threat-new-name": " синий  "}))
    assert isinstance(done, Outcome)
    assert SetFields((("threat-new-name", ""),)) in done.effects
    assert render(view(done.state)["threat-result"].text, "en") == "Colour «синий» added."


def test_slider_and_number_edit_one_value() -> None:
    """A slider's change reads the slider; the view then writes the value into both fields."""
    state = run("#threat-light-range", State(), **{"threat-light-range": "9", "threat-light": "5"})
    assert state.bag.light == 9
    shown = view(state)
    assert shown["threat-light"].value == shown["threat-light-range"].value == "9"
    state = run("#threat-light", state, **{"threat-light": "3", "threat-light-range": "9"})
    assert state.bag.light == 3


def test_undo_takes_back_the_change_and_its_line() -> None:
    """Undo restores the previous bag and drops the journal line its check wrote; nothing left refuses."""
    state = run("#threat-record", State(), **{"threat-rec-number": "8"})
    state = run("#threat-undo", state)
    assert state.bag == default_bag() and state.journal == ()
    assert render(view(state)["threat-result"].text, "en") == "Undone: T dark («тёмный») = 5."
    with pytest.raises(InputError):
        run("#threat-undo", state)
    state = run("#threat-base", state, **{"threat-base": "8"})
    assert state.bag.tracks[0].threshold == 8
    assert run("#threat-undo", state).bag.tracks[0].threshold == 5


def test_screen_mode_hides_thresholds_and_skips_the_forecast() -> None:
    """In screen mode the section is marked, the result leaves T out and the forecast is not shown."""
    state = run("#threat-screen", State(), **{"threat-screen": True})
    state = run("#threat-record", state, **{"threat-rec-number": "12"})
    shown = view(state)
    assert shown["threat"].attrs == (("data-screen", ""),)
    assert "T " not in render(shown["threat-result"].text, "ru")
    assert shown["threat-fc-table"].children == ()
    assert render(run("#threat-undo", state).note, "en") == "Undone."
    assert view(run("#threat-screen", state, **{"threat-screen": False}))["threat"].attrs == (
        ("data-screen", None),
    )


def test_forecast_budget_refuses_heavy_bags() -> None:
    """Over the work budget the forecast is refused with its estimate; at the seed example it is shown."""
    shown = view(State())
    assert len(shown["threat-fc-table"].children) == 20
    bag = threat.set_modes(threat.set_composition(default_bag(), light=20, dark=10), exhaustible=True)
    assert forecast_cost(bag) > FORECAST_BUDGET
    summary = render(view(State(bag=bag))["threat-fc-summary"].text, "en")
    assert "takes too long" in summary and view(State(bag=bag))["threat-fc-chart"].children == ()


def test_english_view_has_no_russian_outside_quotes() -> None:
    """The English view, fresh and after checks, a table roll, a colour, an undo and an error-free
    forecast, shows no Cyrillic outside «…»."""
    state = State()
    english_is_english(state)
    for selector, extra in (
        ("#threat-check", {}),
        ("#threat-two-dice", {"threat-two-dice": True, "threat-paired": True}),
        ("#threat-adv", {}),
        ("#threat-add-track", {"threat-new-name": "красный"}),
        ("#threat-record", {"threat-rec-colour": "light", "threat-rec-number": "3"}),
        ("#threat-exhaustible", {"threat-exhaustible": True}),
        ("#threat-dis", {}),
        ("#threat-refill", {}),
        ("#threat-journal-download", {}),
    ):
        state = run(selector, state, **extra)
        english_is_english(state)
    english_is_english(run("#threat-undo", state))
    english_is_english(
        replace(state, bag=threat.set_composition(state.bag, light=0, dark=0, track="красный"))
    )


def test_journal_copy_and_download_render_the_lines() -> None:
    """Copy and download carry the numbered journal (rendered by the kit in the page's language);
    with an empty journal they refuse; clearing empties the journal and unties undo from it."""
    with pytest.raises(InputError):
        run("#threat-journal-copy", State())
    state = run("#threat-record", State(), **{"threat-rec-number": "3"})
    state = run("#threat-check", state)
    done = PANEL.actions["#threat-journal-download"](state, form_for(state))
    (download,) = done.effects
    assert isinstance(download, Download) and download.filename == "threat-journal.txt"
    lines = [render(journal_line(e), "ru") for e in state.journal]
    assert render(download.text, "ru") == "".join(f"{i}. {line}\n" for i, line in enumerate(lines, start=1))
    (copy,) = PANEL.actions["#threat-journal-copy"](state, form_for(state)).effects
    assert isinstance(copy, Copy) and render(copy.text, "en").startswith("1. Table roll; kept dark")
    cleared = run("#threat-journal-clear", state)
    assert cleared.journal == () and all(u.mark is None for u in cleared.undo)


def test_dump_and_load_round_trip() -> None:
    """Bag, colour, journal, undo and settings survive dump/load (the last check and notes do not)."""
    state = run("#threat-add-track", State(), **{"threat-new-name": "красный"})
    state = run("#threat-record", state, **{"threat-rec-colour": "красный", "threat-rec-number": "2"})
    state = run("#threat-screen", state, **{"threat-screen": True})
    state = run("#threat-fc-roll", state, **{"threat-fc-roll": "advantage"})
    back = load(dump(state))
    assert back == replace(state, last=None, note=None, journal_note=None)


@pytest.mark.parametrize(
    "broken",
    [
        None,
        [],
        {"bag": {"version": 1}},
        {"screen": "yes"},
        {"journal": [{"source": "roll"}]},
        {"undo": "nonsense"},
        {"track": "нет такого"},
        {"fc_roll": "sideways"},
    ],
)
def test_load_rejects_malformed_data(broken: Any) -> None:
    """Anything malformed raises ValueError (the kit then drops it with a notice)."""
    raw = dump(State())
    if isinstance(broken, dict):
        raw = {**raw, **broken}
    else:
        raw = broken
    with pytest.raises(ValueError):
        load(raw)


def test_unreadable_saved_state_falls_back_to_screen_mode() -> None:
    """If the saved state cannot be read, the panel starts with screen mode ON (the safe side)."""
    import json

    restored = decode(PANEL, json.dumps({"v": 1, "form": {}, "state": {"screen": "??"}}))
    assert restored.state == FALLBACK and restored.state.screen
    assert decode(PANEL, None).state == State() and not State().screen


def test_the_old_keys_are_carried_over() -> None:
    """What the old panel saved under gm.threat.* becomes the state; an unreadable screen setting
    means screen mode on; a damaged old state is dropped (fallback, screen on)."""
    bag = threat.record(default_bag(), DEFAULT_NAME, 7)
    old = {
        "gm.threat.state": bag.state.to_dict(),
        "gm.threat.journal": [bag.entry.to_dict()],
        "gm.threat.undo": [{"state": default_bag().to_dict(), "journal": 1}],
        "gm.threat.settings": {"screen": False, "track": DEFAULT_NAME, "fc_roll": "disadvantage"},
    }
    state = decode(PANEL, None, old.get).state
    assert state.bag == bag.state and state.journal == (bag.entry,) and state.fc_roll == "disadvantage"
    assert not state.screen and len(state.undo) == 1
    assert load(legacy({**old, "gm.threat.settings": "junk"}.get)).screen
    assert load(legacy({**old, "gm.threat.settings": {"screen": 1}}.get)).screen
    damaged = decode(PANEL, None, {**old, "gm.threat.journal": [{"source": "x"}]}.get)
    assert damaged.state == FALLBACK and damaged.dropped
    assert legacy({}.get) is None
