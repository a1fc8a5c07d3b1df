"""«Отменить» after «Очистить все раны» (FUDGE) and after a dice lab row's «Убрать»: the offer
shows where the tap was, gives back exactly what was taken, and writes nothing to the journal."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from kit.compute import settle
from kit.form import ARG, LOG_ID, InputError
from kit.markup import to_markup
from kit.msg import render
from kit.panel import Outcome, Unlog, outcome
from kit.shared import Share
from panels.fudge import panel as fp
from panels.fudge import section_wounds, sheet_form
from panels.notation import lab, section
from panels.notation import panel as notation_panel
from panels.notation.lab_digest import MAX_ROWS
from panels.notation.lab_state import Lab
from panels.notation.lab_view import lab_view
from panels.notation.state import LIFT, State
from rules import fudge
from rules.roster import Roster

FUDGE = fp.panel(random.Random(3))
IRA = {**sheet_form.FORM, "fudge-c-name": "Ira"}


def run(state: fp.State, selector: str, form: dict[str, Any]) -> Outcome[fp.State]:
    return outcome(FUDGE.actions[selector](state, form))


def shared(done: Outcome[fp.State]) -> Roster:
    return next(e.value for e in done.effects if isinstance(e, Share))


def said(view: dict[str, Any], element: str, lang: str) -> str:
    return render(view[element].text, lang)


# --------------------------------------------------------------------------- FUDGE wounds


def test_clear_all_on_the_hand_track_is_offered_back_exactly_without_a_journal_line() -> None:
    track = fudge.WoundTrack((3, 1, 0, 1, 0, 0), False)
    state = fp.State(wounds=fp.WoundsState(track))
    cleared = run(state, "#fudge-w-clear-all", {LOG_ID: "e-7"})
    assert cleared.state.wounds.track == fudge.WoundTrack() and cleared.log is not None
    shown = FUDGE.view(cleared.state)
    assert shown["fudge-w-undo-bar"].hidden is False
    assert said(shown, "fudge-w-undo-said", "ru") == "Раны очищены (ручной трек)."
    assert said(shown, "fudge-w-undo-said", "en") == "Wounds cleared (the track by hand)."
    back = run(cleared.state, "#fudge-w-undo", {LOG_ID: "e-8"})
    assert back.state.wounds.track == track and back.state.wounds.undo is None
    assert back.log is None and back.effects == (Unlog(("e-7",)),)  # the clear's line goes, none added
    assert (
        render(back.say, "ru") == "Очищенные раны возвращены."
        and FUDGE.view(back.state)["fudge-w-undo-bar"].hidden
    )
    with pytest.raises(InputError):  # used: nothing left to undo
        FUDGE.actions["#fudge-w-undo"](back.state, {})


def test_a_characters_cleared_wounds_come_back_to_them_added_to_marks_made_since() -> None:
    state = run(fp.State(), "#fudge-c-save", IRA).state
    ira = state.cast.roster.entries[0]
    state = run(state, "#fudge-w-who", {"fudge-w-who": ira.id}).state
    state = run(state, "#fudge-w-take", {"fudge-w-amount": "3"}).state
    state = run(state, "#fudge-w-take", {"fudge-w-amount": "1"}).state
    before = state.cast.roster.get(ira.id).sheet.wounds
    cleared = run(state, "#fudge-w-clear-all", {LOG_ID: "e-1"})
    assert shared(cleared).get(ira.id).sheet.wounds == fudge.WoundTrack()
    assert said(FUDGE.view(cleared.state), "fudge-w-undo-said", "en") == "Wounds cleared: Ira."
    later = run(cleared.state, "#fudge-w-who", {"fudge-w-who": ""}).state  # the offer outlives others
    later = run(later, "#fudge-w-who", {"fudge-w-who": ira.id}).state
    later = run(later, "#fudge-w-take", {"fudge-w-amount": "1"}).state
    back = run(later, "#fudge-w-undo", {})
    track = shared(back).get(ira.id).sheet.wounds
    assert track.marked == tuple(m + (i == 0) for i, m in enumerate(before.marked))
    assert Unlog(("e-1",)) in back.effects and back.log is None


def test_clearing_an_empty_track_offers_nothing_and_a_gone_character_is_refused() -> None:
    assert run(fp.State(), "#fudge-w-clear-all", {}).state.wounds.undo is None
    state = run(fp.State(), "#fudge-c-save", IRA).state
    ira = state.cast.roster.entries[0]
    state = run(
        run(state, "#fudge-w-who", {"fudge-w-who": ira.id}).state, "#fudge-w-take", {"fudge-w-amount": "2"}
    )
    cleared = run(state.state, "#fudge-w-clear-all", {}).state
    gone = fp.sync(cleared, cleared.cast.roster.delete(ira.id))
    with pytest.raises(InputError) as caught:
        FUDGE.actions["#fudge-w-undo"](gone, {})
    assert "больше нет" in render(caught.value.message, "ru")


def test_the_wound_offer_stands_just_under_clear_all() -> None:
    html = to_markup(section_wounds.WOUNDS)
    assert (
        html.index('id="fudge-w-clear-all"')
        < html.index('id="fudge-w-undo-bar"')
        < html.index("fudge-w-status")
    )


# --------------------------------------------------------------------------- the dice lab


def _lab(action: Callable[..., Any], *bound: Any) -> Callable[[State, dict[str, Any]], Any]:
    return LIFT["lab"].action(partial(action, *bound))


def _form(rows: tuple[str, ...], **extra: Any) -> dict[str, Any]:
    return {**{f"lab-row-{i}": r for i, r in enumerate(rows)}, **extra}


def test_a_removed_lab_row_comes_back_at_its_place_with_label_and_expression() -> None:
    rows = ("4d6kh3 # stats", "3d6 # plain", "2d6+3")
    state = settle(_lab(lab.run_lab)(State(lab=Lab(rows)), _form(rows)))
    removed = settle(_lab(lab.remove_row)(state, _form(rows, **{ARG: "1"})))
    assert removed.lab.rows == ("4d6kh3 # stats", "2d6+3")
    shown = lab_view(removed.lab)
    assert shown["lab-undo-bar"].hidden is False
    assert render(shown["lab-undo-said"].text, "ru") == "Строка 2 убрана: 3d6 # plain."
    assert render(shown["lab-undo-said"].text, "en") == "Row 2 removed: 3d6 # plain."
    typed = ("4d6kh3 # stats", "2d6+4")  # edited since: kept
    back = outcome(_lab(lab.restore_row)(removed, _form(typed)))
    assert back.state.lab.rows == ("4d6kh3 # stats", "3d6 # plain", "2d6+4") and back.log is None
    assert back.state.lab.undo is None and lab_view(back.state.lab)["lab-undo-bar"].hidden
    assert render(back.say, "en") == "Row 2 is back."
    digest = settle(back.state).lab.digest
    assert digest is not None and [s.label for s in digest.series] == ["stats", "plain", "2d6+4"]


def test_the_only_row_comes_back_alone_an_empty_row_offers_nothing_a_full_lab_refuses() -> None:
    only = settle(_lab(lab.remove_row)(State(lab=Lab(("d6 # one",))), _form(("d6 # one",), **{ARG: "0"})))
    assert only.lab.rows == ("",)
    assert outcome(_lab(lab.restore_row)(only, _form(("",)))).state.lab.rows == ("d6 # one",)
    blank = settle(_lab(lab.remove_row)(State(lab=Lab(("d6", ""))), _form(("d6", ""), **{ARG: "1"})))
    assert blank.lab.undo is None
    full = ("d4",) * MAX_ROWS
    removed = settle(_lab(lab.remove_row)(State(lab=Lab(full)), _form(full, **{ARG: "0"})))
    refill = settle(_lab(lab.add_row)(removed, _form(full[1:])))
    with pytest.raises(InputError):
        _lab(lab.restore_row)(refill, _form(refill.lab.rows))


def test_the_lab_offer_stands_under_the_rows_and_its_button_is_bound() -> None:
    html = to_markup(section.LAB)
    assert (
        html.index(f'id="lab-rowbox-{MAX_ROWS - 1}"')
        < html.index('id="lab-undo-bar"')
        < html.index('id="lab-add"')
    )
    assert notation_panel.panel(random.Random(1)).actions["#lab-undo"] is not None
    assert FUDGE.actions["#fudge-w-undo"] is not None
