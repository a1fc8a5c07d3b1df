"""The threat panel on CPython: actions, views in both languages, saved data."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from kit import compute
from kit.compute import settle
from kit.form import InputError
from kit.msg import fixed, pct, render
from kit.panel import Answer, Compute, Copy, Download, Outcome, SetFields, decode, outcome
from kit.view import texts
from panels.threat import jobs
from panels.threat.panel import State, dump, load, panel, start, view
from panels.threat.state import FALLBACK, FORECAST_BUDGET, FORECAST_HORIZON, forecast_cost, legacy
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
    """The state after ``selector``'s action, once the compute worker (if asked) has answered."""
    return settle(PANEL.actions[selector](state, form_for(state, **extra)))


# The heaviest bag forecast on the main thread before the worker (tests/e2e/test_threat.py too):
# exhaustible, 8 light + 10 dark, T₀ = T = 1, Δ = 1, all checks with advantage.
HEAVY = {
    "threat-exhaustible": True,
    "threat-light": "8",
    "threat-dark": "10",
    "threat-base": "1",
    "threat-fc-roll": "advantage",
}
ADV = State(screen=False, fc_roll="advantage")  # the kind of checks, set by its own action


def heavy_bag(light: int = 8) -> threat.BagState:
    bag = threat.set_modes(default_bag(), exhaustible=True)
    return threat.set_base_threshold(threat.set_composition(bag, light=light, dark=10), 1)


def heavy_state() -> State:
    """The state with the HEAVY inputs, its forecast not asked for yet."""
    return State(screen=False, bag=heavy_bag(), fc_roll="advantage")


def forecast_shown(state: State) -> tuple[str, list[tuple[str, ...]]]:
    """The forecast's summary (English) and table rows as the view shows them."""
    shown = view(state)
    rows = [
        tuple(render(cell.text, "en") for cell in row.children) for row in shown["threat-fc-table"].children
    ]
    return render(shown["threat-fc-summary"].text, "en"), rows


def expected_rows(forecast: threat.Forecast) -> list[tuple[str, ...]]:
    cumulative = forecast.cumulative()
    return [
        (str(k), render(pct(p), "en"), render(pct(c), "en"))
        for k, (p, c) in enumerate(zip(forecast.probabilities, cumulative, strict=True), start=1)
    ]


def english_is_english(state: State) -> None:
    for line in texts(view(state), "en"):
        assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", line)), line


def test_record_follows_the_seed_example() -> None:
    """Seed example (5 light + 1 dark, T₀ = 5, Δ = 1): a dark 5 raises T to 6, then a dark 5 is an event."""
    state = run("#threat-record", State(screen=False), **{"threat-rec-number": "5"})
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
    state = State(screen=False)
    for _ in range(4):
        state = outcome(roller.actions["#threat-adv"](state, form_for(state))).state
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
    state = run("#threat-record", State(screen=False))
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
    state = run("#threat-add-track", State(screen=False), **{"threat-new-name": "красный"})
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
    done = PANEL.actions["#threat-add-track"](
        State(screen=False), form_for(State(screen=False), **{"threat-new-name": " синий  "})
    )
    assert isinstance(done, Outcome)
    assert SetFields((("threat-new-name", ""),)) in done.effects
    assert render(view(done.state)["threat-result"].text, "en") == "Colour «синий» added."


def test_slider_and_number_edit_one_value() -> None:
    """A slider's change reads the slider; the view then writes the value into both fields."""
    state = run(
        "#threat-light-range", State(screen=False), **{"threat-light-range": "9", "threat-light": "5"}
    )
    assert state.bag.light == 9
    shown = view(state)
    assert shown["threat-light"].value == shown["threat-light-range"].value == "9"
    state = run("#threat-light", state, **{"threat-light": "3", "threat-light-range": "9"})
    assert state.bag.light == 3


def test_undo_takes_back_the_change_and_its_line() -> None:
    """Undo restores the previous bag and drops the journal line its check wrote; the result line
    names the step undone (then T as it is now); nothing left refuses."""
    state = run("#threat-record", State(screen=False), **{"threat-rec-number": "8"})
    state = run("#threat-undo", state)
    assert state.bag == default_bag() and state.journal == ()
    assert render(view(state)["threat-result"].text, "en") == (
        "Undone: Table roll; kept dark («тёмный») 8; no event; dark («тёмный»): T 5 → 6."
        " Now dark («тёмный»): T = 5."
    )
    with pytest.raises(InputError):
        run("#threat-undo", state)
    state = run("#threat-base", state, **{"threat-base": "8"})
    assert state.bag.tracks[0].threshold == 8
    assert run("#threat-undo", state).bag.tracks[0].threshold == 5


def test_screen_mode_hides_thresholds_and_skips_the_forecast() -> None:
    """In screen mode the section is marked, the result leaves T out and the forecast is not shown."""
    state = run("#threat-screen", State(screen=False), **{"threat-screen": True})
    state = run("#threat-record", state, **{"threat-rec-number": "12"})
    shown = view(state)
    assert shown["threat"].attrs == (("data-screen", ""),)
    assert "T " not in render(shown["threat-result"].text, "ru")
    assert shown["threat-fc-table"].children == ()
    assert (
        render(run("#threat-undo", state).note, "en")
        == "Undone: Table roll; kept dark («тёмный») 12; no event."
    )
    assert view(run("#threat-screen", state, **{"threat-screen": False}))["threat"].attrs == (
        ("data-screen", None),
    )


def test_a_light_forecast_is_computed_in_the_view() -> None:
    """The seed example's forecast (and any plain bag's) needs no worker: no Compute effect, and
    the view of the initial state (pre-rendered by the build) shows it, equal to the rules."""
    assert jobs.is_light(State(screen=False).bag, DEFAULT_NAME)
    done = PANEL.actions["#threat-light"](
        State(screen=False), form_for(State(screen=False), **{"threat-light": "6"})
    )
    assert not any(isinstance(e, Compute) for e in outcome(done).effects)
    summary, rows = forecast_shown(State(screen=False))
    expected = threat.checks_until_event_distribution(default_bag(), "normal", None, FORECAST_HORIZON)
    assert rows == expected_rows(expected) and summary.startswith("Colour")
    plain = threat.set_composition(default_bag(), light=20, dark=10)
    assert jobs.is_light(threat.set_base_threshold(plain, 0), DEFAULT_NAME)


def test_a_heavy_forecast_is_asked_of_the_worker_once() -> None:
    """The heavy exhaustible bag: the action that makes it asks the worker (one Compute effect),
    the view says "computing" meanwhile with no chart, and an action that changes none of the
    forecast's inputs does not ask again (it would restart the worker)."""
    assert not jobs.is_light(heavy_bag(), DEFAULT_NAME)
    done = outcome(PANEL.actions["#threat-exhaustible"](ADV, form_for(ADV, **HEAVY)))
    (request,) = [e for e in done.effects if isinstance(e, Compute)]
    assert request.job == "threat.forecast"
    assert request.args == {"bag": heavy_bag().to_dict(), "roll": "advantage", "track": DEFAULT_NAME}
    assert done.state.forecast is not None and done.state.forecast.pending
    summary, rows = forecast_shown(done.state)
    assert summary == "The forecast is being computed in the background…" and rows == []
    assert view(done.state)["threat-fc-chart"].children == ()
    again = PANEL.actions["#threat-rec-colour"](done.state, form_for(done.state))
    assert not any(isinstance(e, Compute) for e in outcome(again).effects)


def test_the_settled_forecast_equals_the_rules() -> None:
    """Once the worker answers, the view shows exactly what it showed when computed inline:
    summary and table from checks_until_event_distribution, 20 bars."""
    state = settle(PANEL.actions["#threat-exhaustible"](ADV, form_for(ADV, **HEAVY)))
    expected = threat.checks_until_event_distribution(heavy_bag(), "advantage", None, FORECAST_HORIZON)
    assert state.forecast is not None and state.forecast.result == expected
    summary, rows = forecast_shown(state)
    assert rows == expected_rows(expected)
    assert summary.startswith("Colour") and f"{render(fixed(expected.mean), 'en')} checks" in summary
    assert len(view(state)["threat-fc-chart"].children) == FORECAST_HORIZON


def test_a_stale_forecast_is_dropped() -> None:
    """An answer for a bag the panel no longer shows (a check drew a die meanwhile) changes nothing;
    the newer request's answer is the one shown."""
    first = outcome(PANEL.actions["#threat-exhaustible"](ADV, form_for(ADV, **HEAVY)))
    (request,) = [e for e in first.effects if isinstance(e, Compute)]
    later = outcome(PANEL.actions["#threat-check"](first.state, form_for(first.state)))
    assert later.state.bag != first.state.bag
    (newer,) = [e for e in later.effects if isinstance(e, Compute)]
    old_answer = compute.answer(request.job, request.args)
    assert outcome(request.done(later.state, old_answer)) == Outcome(later.state)
    assert request.failed is not None and outcome(
        request.failed(later.state, Answer(False, code="timeout"))
    ) == Outcome(later.state)
    shown = outcome(newer.done(later.state, compute.answer(newer.job, newer.args))).state
    expected = threat.checks_until_event_distribution(later.state.bag, "advantage", None, FORECAST_HORIZON)
    assert shown.forecast is not None and shown.forecast.result == expected


def asks(state: State, selector: str, **extra: Any) -> bool:
    """Whether ``selector``'s action asks the compute worker for a forecast."""
    return any(
        isinstance(e, Compute)
        for e in outcome(PANEL.actions[selector](state, form_for(state, **extra))).effects
    )


def test_a_stopped_forecast_says_so_and_is_asked_again_when_it_may_finish() -> None:
    """Out of time or memory shows "stopped" (the kit words the reason in the error box) and the
    same inputs are not asked again, other inputs are; a forecast cancelled (Cancel, leaving the
    tab) or superseded by another panel's request says so and any action of the panel asks again."""
    done = outcome(PANEL.actions["#threat-exhaustible"](ADV, form_for(ADV, **HEAVY)))
    (request,) = [e for e in done.effects if isinstance(e, Compute)]
    assert request.failed is not None
    for code in ("timeout", "memory"):
        stopped = outcome(request.failed(done.state, Answer(False, code=code))).state
        summary = forecast_shown(stopped)[0]
        assert summary.startswith("The forecast was not computed: the computation was stopped. Change")
        assert not asks(stopped, "#threat-rec-colour")
        assert asks(stopped, "#threat-fc-roll", **{"threat-fc-roll": "normal"})
    for code in ("cancelled", "superseded"):
        stopped = outcome(request.failed(done.state, Answer(False, code=code))).state
        assert forecast_shown(stopped)[0].endswith("Any action in this panel starts it again.")
        again = outcome(PANEL.actions["#threat-rec-colour"](stopped, form_for(stopped)))
        assert [e.job for e in again.effects if isinstance(e, Compute)] == ["threat.forecast"]
        assert forecast_shown(again.state)[0] == "The forecast is being computed in the background…"


def test_over_the_budget_the_forecast_is_refused_with_its_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a worker (the saved file) a forecast over the page's bound (``jobs.forecast_steps``
    over ``MAIN_THREAD_STEPS``) is refused before it runs: the error box says why and the forecast
    says it was not computed (it once ran on the page for a quarter of a second). In the worker the
    budget covers every bag the panel accepts (the largest estimate, 15 876, is within
    WORKER_BUDGET), and a refusal there quotes WORKER_BUDGET."""
    bag = threat.set_modes(threat.set_composition(default_bag(), light=20, dark=10), exhaustible=True)
    assert jobs.forecast_steps(bag, DEFAULT_NAME) > compute.MAIN_THREAD_STEPS
    asked = outcome(
        PANEL.actions["#threat-exhaustible"](
            State(screen=False), form_for(State(screen=False, bag=bag), **{"threat-exhaustible": True})
        )
    )
    (request,) = [e for e in asked.effects if isinstance(e, Compute)]
    reply = json.loads(compute.run_inline_json(request.job, json.dumps(request.args)))
    assert reply["error"]["code"] == compute.TOO_SLOW_HERE
    refused = outcome(
        request.done(asked.state, Answer(False, None, reply["error"]["code"], reply["error"]["params"]))
    )
    assert refused.error is not None and "file" in render(refused.error, "en")
    summary, rows = forecast_shown(refused.state)
    assert summary.startswith("The forecast was not computed") and rows == []
    assert view(refused.state)["threat-fc-chart"].children == ()
    assert not asks(refused.state, "#threat-rec-colour")  # the same bag is not asked again
    largest = max(
        (threat.MAX_LIGHT + 1) * (dice + 1) * (threat.MAX_DARK - dice + 1) * (threat.MAX_THRESHOLD + 1)
        for dice in range(threat.MAX_DARK + 1)
    )
    assert largest == 15_876 <= jobs.WORKER_BUDGET
    monkeypatch.setattr(compute, "IN_WORKER", True)
    over = heavy_bag(light=9)  # over the main thread's budget, computed in the worker
    assert forecast_cost(over) > FORECAST_BUDGET
    worked = settle(
        PANEL.actions["#threat-light"](heavy_state(), form_for(heavy_state(), **{"threat-light": "9"}))
    )
    expected = threat.checks_until_event_distribution(over, "advantage", None, FORECAST_HORIZON)
    assert worked.forecast is not None and worked.forecast.result == expected
    monkeypatch.setattr(jobs, "WORKER_BUDGET", 100)
    refused = settle(
        PANEL.actions["#threat-light"](heavy_state(), form_for(heavy_state(), **{"threat-light": "9"}))
    )
    assert f"(estimate {forecast_cost(over)} > 100)" in forecast_shown(refused)[0]


def test_screen_mode_asks_for_no_forecast() -> None:
    """Screen mode hides the forecast, so a heavy bag asks nothing then; turning it off asks."""
    screened = replace(heavy_state(), screen=True)
    done = PANEL.actions["#threat-fc-roll"](screened, form_for(screened, **{"threat-fc-roll": "normal"}))
    assert not any(isinstance(e, Compute) for e in outcome(done).effects)
    assert forecast_shown(outcome(done).state) == ("", [])
    shown = outcome(done).state
    back = outcome(PANEL.actions["#threat-screen"](shown, form_for(shown, **{"threat-screen": False})))
    assert [e.job for e in back.effects if isinstance(e, Compute)] == ["threat.forecast"]


def test_start_asks_for_a_restored_heavy_forecast() -> None:
    """The forecast is not saved: a restored heavy bag asks the worker on start, a light one does not."""
    restored = load(dump(heavy_state()))
    assert restored.forecast is None
    (request,) = outcome(start(restored, {}, {})).effects
    assert isinstance(request, Compute) and request.job == "threat.forecast"
    assert start(State(screen=False), {}, {}) == State(screen=False)
    assert outcome(start(replace(restored, screen=True), {}, {})).effects == ()


def test_english_view_has_no_russian_outside_quotes() -> None:
    """The English view, fresh and after checks, a table roll, a colour, an undo and an error-free
    forecast, shows no Cyrillic outside «…»."""
    state = State(screen=False)
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
        ("#threat-substitute", {"threat-rec-number": "2"}),
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
        run("#threat-journal-copy", State(screen=False))
    state = run("#threat-record", State(screen=False), **{"threat-rec-number": "3"})
    state = run("#threat-check", state)
    done = PANEL.actions["#threat-journal-download"](state, form_for(state))
    (download,) = done.effects
    assert isinstance(download, Download) and download.filename == "threat-journal.txt"
    lines = [render(journal_line(e), "ru") for e in state.journal]
    assert render(download.text, "ru") == "".join(f"{i}. {line}\n" for i, line in enumerate(lines, start=1))
    (copy,) = PANEL.actions["#threat-journal-copy"](state, form_for(state)).effects
    assert isinstance(copy, Copy) and render(copy.text, "en").startswith("1. Table roll; kept dark")
    cleared = run("#threat-journal-clear", state)
    assert cleared.journal == () and cleared.undo == state.undo  # each step still undoes its own line


def test_dump_and_load_round_trip() -> None:
    """Bag, colour, journal, undo and settings survive dump/load (the last check and notes do not)."""
    state = run("#threat-add-track", State(screen=False), **{"threat-new-name": "красный"})
    state = run("#threat-record", state, **{"threat-rec-colour": "красный", "threat-rec-number": "2"})
    state = run("#threat-screen", state, **{"threat-screen": True})
    state = run("#threat-fc-roll", state, **{"threat-fc-roll": "advantage"})
    back = load(dump(state))
    assert back == replace(state, last=None, note=None, journal_note=None, forecast=None)


@pytest.mark.parametrize(
    "broken",
    [
        None,
        [],
        {"bag": {"version": 1}},
        {"screen": "yes"},
        {"undo": "nonsense"},
        {"track": "нет такого"},
        {"fc_roll": "sideways"},
    ],
)
def test_load_rejects_malformed_data(broken: Any) -> None:
    """Anything malformed raises ValueError (the kit then drops it with a notice)."""
    raw = dump(State(screen=False))
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
    assert decode(PANEL, None).state == State() and State().screen  # and the default (seed 003)


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
    damaged = decode(PANEL, None, {**old, "gm.threat.journal": [{"source": "x"}, bag.entry.to_dict()]}.get)
    assert damaged.state.journal == (bag.entry,) and damaged.state.aside == ({"source": "x"},)
    assert decode(PANEL, None, {**old, "gm.threat.undo": "junk"}.get).state == FALLBACK
    assert legacy({}.get) is None


def test_substitution_draws_a_die_from_the_exhaustible_bag() -> None:
    """Seed 003 «Замена, объявленная до броска»: «Куб всё равно вытягивается из мешка вслепую»: the
    button draws one die from the virtual bag (an exhaustible bag loses it), does not roll it, and
    the substituted number is its result; the same rng gives exactly rules.threat.substitute."""
    state = run("#threat-exhaustible", State(screen=False), **{"threat-exhaustible": True})
    bag = state.bag
    rng = random.Random(3)
    got = settle(
        panel(rng).actions["#threat-substitute"](state, form_for(state, **{"threat-rec-number": "4"}))
    )
    expected = threat.substitute(bag, random.Random(3), 4)
    assert got.journal[-1] == expected.entry and got.bag == expected.state
    assert sum(got.bag.left) == sum(bag.left) - 1
    line = render(journal_line(got.journal[-1]), "ru")
    assert line.startswith("Замена до броска, вытянут") and "4" in line
    assert run("#threat-undo", got).bag == bag
    with pytest.raises(InputError):
        PANEL.actions["#threat-substitute"](state, form_for(state, **{"threat-rec-number": "21"}))


# --------------------------------------------------------------------------- change lines, undo of a clear, line by line


def test_the_gms_changes_are_journal_lines_and_undo_takes_them_back() -> None:
    """T₀ (with the T it shifts), Δ, the bag and the modes changed by hand are journal lines;
    undo removes the change and its line; a refill by hand is a line when dice were out."""
    state = run("#threat-base", State(screen=False), **{"threat-base": "8"})
    state = run("#threat-step", state, **{"threat-step": "2"})
    state = run("#threat-two-dice", state, **{"threat-two-dice": True})
    lines = [render(journal_line(e), "en") for e in state.journal]
    dark = "dark («тёмный»)"
    assert lines == [
        f"Change: {dark}: T₀ 5 → 8; {dark}: T 5 → 8",
        f"Change: {dark}: Δ 1 → 2",
        "Change: Two-dice mode: on",
    ]
    assert state.last is None  # a change line is not a check
    undone = run("#threat-undo", state)
    assert len(undone.journal) == 2 and not undone.bag.two_dice
    drained = run("#threat-exhaustible", State(screen=False), **{"threat-exhaustible": True})
    drained = run("#threat-check", drained)
    refilled = run("#threat-refill", drained)
    assert render(journal_line(refilled.journal[-1]), "en") == "Change: bag refilled by hand"
    full = run("#threat-refill", State(screen=False))  # a full bag: nothing happened, and it says so
    assert full.journal == () and full.bag == State().bag
    assert render(view(full)["threat-result"].text, "en") == "The bag is full already: nothing to refill."
    view(state)  # the view words every line


def test_undo_right_after_a_clear_restores_the_clear() -> None:
    """«Очистить журнал» offers «Отменить» (kit.undo): undo right after it gives the journal and its
    undo steps back, not the check before (T stays). After another check the panel's «Отменить»
    undoes that check, and the bar's button still gives the cleared lines back, before the new
    one, whose own undo step still takes its line back."""
    state = run("#threat-record", State(screen=False), **{"threat-rec-number": "8"})
    state = run("#threat-check", state)
    t = state.bag.tracks[0].threshold
    cleared = run("#threat-journal-clear", state)
    assert cleared.journal == () and view(cleared)["threat-journal-undo-bar"].hidden is False
    assert view(cleared)["threat-undo"].disabled is False
    back = run("#threat-undo", cleared)
    assert back.journal == state.journal and back.undo == state.undo and back.bag.tracks[0].threshold == t
    assert render(view(back)["threat-result"].text, "en") == "Undone: the log's clearing."
    assert run("#threat-journal-undo", cleared).journal == state.journal  # the bar's button too
    later = run("#threat-check", cleared)
    assert later.cleared == cleared.cleared and len(later.journal) == 1
    assert run("#threat-undo", later).journal == () and run("#threat-undo", later).cleared is not None
    joined = run("#threat-journal-undo", later)
    assert joined.journal == (*state.journal, later.journal[0]) and joined.cleared is None
    assert view(joined)["threat-journal-undo-bar"].hidden is True
    assert run("#threat-undo", joined).journal == state.journal  # the new check's step takes its line
    with pytest.raises(InputError):
        PANEL.actions["#threat-journal-clear"](State(screen=False), form_for(State(screen=False)))


def test_the_journal_loads_line_by_line_and_keeps_newer_keys() -> None:
    """A damaged saved line is set aside (kept in the record, a notice, a download); the other lines
    stay and a key a newer version wrote is kept and written back."""
    state = run("#threat-record", State(screen=False), **{"threat-rec-number": "8"})
    state = run("#threat-base", state, **{"threat-base": "7"})
    saved = dump(state)
    saved["journal"][0]["mood"] = "tense"
    saved["journal"].insert(1, {"source": "roll", "roll": "sideways"})
    back = load(saved)
    assert [type(e).__name__ for e in back.journal] == ["JournalEntry", "ChangeEntry"]
    assert back.aside == ({"source": "roll", "roll": "sideways"},) and back.aside_new == 1
    assert dump(back)["journal"][0]["mood"] == "tense" and dump(back)["aside"] == list(back.aside)
    assert [u.line for u in back.undo] == [u.line for u in state.undo]  # each step keeps its line
    shown = view(back)
    assert shown["threat-aside"].hidden is False
    assert "1 damaged entries" in render(shown["threat-aside-said"].text, "en")
    done = outcome(PANEL.actions["#threat-aside-download"](back, form_for(back)))
    assert isinstance(done.effects[0], Download) and "sideways" in render(done.effects[0].text, "en")
    assert view(done.state)["threat-aside"].hidden is True
    again = load(dump(done.state))
    assert again.aside == back.aside and again.aside_new == 0  # kept, said once


def test_screen_mode_is_the_default() -> None:
    """Seed 003 «Не раскрывайте числа без нужды»: a new GM starts behind the screen."""
    assert State().screen and view(State())["threat"].attrs == (("data-screen", ""),)
