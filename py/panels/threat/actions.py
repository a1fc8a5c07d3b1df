"""The threat panel's actions: ``(state, form) -> State | Outcome`` (pure; rolls take the rng).

Every change to the bag goes through one function of ``rules.threat`` and is validated first:
bad input raises ``InputError`` and nothing changes. The previous bag goes on the undo stack.
A slider and its number field edit one value; the action of the one that changed reads it, and
the view then writes the value back into both.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import partial

from kit import aside, common
from kit import undo as kit_undo
from kit.form import Form, InputError, read_bool, read_choice, read_int
from kit.panel import Action, Answer, Compute, Copy, Download, Outcome, SetFields, outcome
from panels.threat import text
from panels.threat.jobs import forecast_from, is_light
from panels.threat.state import JOURNAL_SIZE, Forecasted, ForecastKey, State, Undo, commit, forecast_key
from panels.threat.words import colour_label, journal_text
from rules import threat, threat_journal

__all__ = [
    "PARAMS",
    "add_track",
    "apply_inputs",
    "ask_forecast",
    "check",
    "clear_journal",
    "copy_journal",
    "download_aside",
    "download_journal",
    "forecast_stopped",
    "got_forecast",
    "record",
    "refill",
    "remove_track",
    "set_fc_roll",
    "set_rec_colour",
    "set_screen",
    "substitute",
    "set_track",
    "undo",
    "with_forecast",
]

# field name (threat-NAME and threat-NAME-range), low, high, the value's name in messages
PARAMS = (
    ("light", 0, threat.MAX_LIGHT, text.LIGHT_DICE),
    ("dark", 0, threat.MAX_DARK, text.DARK_DICE),
    ("base", 0, threat.MAX_THRESHOLD, text.BASE),
    ("t", 0, threat.MAX_THRESHOLD, text.T),
    ("step", 0, threat.MAX_STEP, text.STEP),
)
MODES = ("threat-stepped", "threat-two-dice", "threat-exhaustible", "threat-paired")
RESERVED = frozenset({"светлый", "светлые", "light"})  # names a threat colour may not take


def _from_inputs(state: State, form: Form, slider: str | None = None) -> threat.BagState:
    """The bag the fields and mode switches ask for (``slider``: that value is read from its
    slider); validated, nothing changed yet."""
    bag, name = state.bag, state.track
    current = bag.track(name)
    values = {
        key: read_int(form, f"threat-{key}-range" if key == slider else f"threat-{key}", low, high, label)
        for key, low, high, label in PARAMS
    }
    other_dark = bag.dark - current.dice
    if other_dark + values["dark"] > threat.MAX_DARK:
        left = threat.MAX_DARK - other_dark
        raise InputError(text.DARK_CAP(max=threat.MAX_DARK, other=other_dark, left=left))
    new = threat.set_composition(bag, light=values["light"], dark=values["dark"], track=name)
    if values["base"] != current.base:
        new = threat.set_base_threshold(new, values["base"], name)
    if values["t"] != current.threshold:
        new = threat.set_threshold(new, values["t"], name)
    if values["step"] != current.step:
        new = threat.set_step(new, values["step"], name)
    return threat.set_modes(
        new,
        reset_mode="stepped" if read_bool(form, "threat-stepped") else "full",
        two_dice=read_bool(form, "threat-two-dice"),
        exhaustible=read_bool(form, "threat-exhaustible"),
        paired_effects=read_bool(form, "threat-paired"),
    )


def apply_inputs(slider: str | None, state: State, form: Form) -> State:
    """A changed field, slider or mode switch: the bag it asks for (bind ``slider`` for a slider)."""
    return commit(state, _from_inputs(state, form, slider))


def check(rng: random.Random, roll: str, state: State, form: Form) -> State:
    """Draw and roll from the virtual bag (after taking the fields as they are)."""
    bag = _from_inputs(state, form)
    if bag.size == 0:
        raise InputError(text.EMPTY_BAG)
    state = commit(state, bag)
    result = threat.check(bag, rng, roll)
    return commit(state, result.state, result.entry)


def record(state: State, form: Form) -> State:
    """A roll made at the table: the kept die's colour and final number change T, not the bag."""
    bag = _from_inputs(state, form)
    colour = form.get("threat-rec-colour")
    if colour not in bag.colours:
        raise InputError(text.PICK_COLOUR)
    number = read_int(form, "threat-rec-number", 1, 20, text.FINAL_NUMBER)
    state = commit(state, bag)
    result = threat.record(bag, str(colour), number)
    return commit(state, result.state, result.entry, rec_colour=str(colour))


def substitute(rng: random.Random, state: State, form: Form) -> State:
    """A number substituted before the roll: a die is still drawn blind from the virtual bag (its
    colour decides), not rolled; the number is its result (seed «Замена, объявленная до броска»)."""
    bag = _from_inputs(state, form)
    if bag.size == 0:
        raise InputError(text.EMPTY_BAG)
    number = read_int(form, "threat-rec-number", 1, 20, text.FINAL_NUMBER)
    state = commit(state, bag)
    result = threat.substitute(bag, rng, number)
    return commit(state, result.state, result.entry)


def refill(state: State, form: Form) -> State:
    """The bag full again by hand; a journal line says so when dice were out."""
    bag = _from_inputs(state, form)
    state = commit(state, bag)
    full = threat.refill(bag)
    return commit(state, full, threat_journal.refill_entry() if full != bag else None, note=text.REFILLED)


def undo(state: State, _form: Form) -> State:
    """Back to the bag before the last change; a check's or a change's journal line goes too.
    Right after «Очистить журнал», the cleared journal comes back instead (the clear was the
    last action, so it is what is undone)."""
    if state.cleared is not None and not state.journal and state.undo == _unmarked(state.cleared.value[1]):
        return restore_journal(state, _form)
    if not state.undo:
        raise InputError(text.UNDO_NOTHING)
    *rest, item = state.undo
    journal = state.journal
    if item.mark is not None and item.mark == len(journal):
        journal = journal[:-1]
    names = [t.name for t in item.bag.tracks]
    return replace(
        state,
        bag=item.bag,
        undo=tuple(rest),
        journal=journal,
        last=None,
        track=state.track if state.track in names else names[0],
        note=text.UNDONE,
        journal_note=None,
    )


def set_track(state: State, form: Form) -> State:
    """The colour the sliders edit."""
    name = form.get("threat-track")
    if name not in [t.name for t in state.bag.tracks]:
        raise InputError(text.NO_SUCH_COLOUR)
    return replace(state, track=str(name), note=None, journal_note=None)


def add_track(state: State, form: Form) -> Outcome[State]:
    """A new threat colour (seed «Несколько угроз»), with one die if the dark total allows."""
    bag = _from_inputs(state, form)
    raw = form.get("threat-new-name")
    name = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not name:
        raise InputError(text.NAME_EMPTY)
    if len(name) > threat.MAX_NAME:
        raise InputError(text.NAME_LONG(max=threat.MAX_NAME))
    if name.casefold() in RESERVED | {c.casefold() for c in bag.colours}:
        raise InputError(text.NAME_TAKEN(name=name))
    if len(bag.tracks) >= threat.MAX_TRACKS:
        raise InputError(text.TOO_MANY_COLOURS(max=threat.MAX_TRACKS))
    dice = 1 if bag.dark < threat.MAX_DARK else 0
    new = threat.add_track(bag, name, dice=dice, base=5, step=1)
    added = commit(state, new, track=name, note=text.ADDED(name=colour_label(name)))
    return Outcome(added, effects=(SetFields((("threat-new-name", ""),)),))


def remove_track(state: State, form: Form) -> State:
    bag = _from_inputs(state, form)
    if len(bag.tracks) == 1:
        raise InputError(text.LAST_COLOUR)
    name = state.track
    new = threat.remove_track(bag, name)
    return commit(state, new, track=new.tracks[0].name, note=text.REMOVED(name=colour_label(name)))


def set_screen(state: State, form: Form) -> State:
    return replace(state, screen=read_bool(form, "threat-screen"), note=None, journal_note=None)


def set_fc_roll(state: State, form: Form) -> State:
    return replace(state, fc_roll=read_choice(form, "threat-fc-roll", threat.ROLLS, text.FC_KIND))


def set_rec_colour(state: State, form: Form) -> State:
    colour = form.get("threat-rec-colour")
    if colour not in state.bag.colours:
        raise InputError(text.PICK_COLOUR)
    return replace(state, rec_colour=str(colour))


def copy_journal(state: State, _form: Form) -> Outcome[State]:
    if not state.journal:
        raise InputError(text.JOURNAL_NOTHING)
    return Outcome(
        replace(state, journal_note=None),
        effects=(Copy(journal_text(state.journal), "threat-journal-status"),),
    )


def download_journal(state: State, _form: Form) -> Outcome[State]:
    if not state.journal:
        raise InputError(text.JOURNAL_NOTHING)
    done = replace(state, journal_note=text.FILE_READY)
    return Outcome(done, effects=(Download("threat-journal.txt", journal_text(state.journal)),))


def _unmarked(steps: tuple[Undo, ...]) -> tuple[Undo, ...]:
    """Undo steps that no longer take a journal line back (their lines were cleared)."""
    return tuple(replace(u, mark=None) for u in steps)


def clear_journal(state: State, _form: Form) -> State:
    """An empty journal, and «Отменить» gives it back (with the undo steps it had); the steps
    meanwhile undo the bag but take no line back, since their lines are gone."""
    if not state.journal:
        raise InputError(text.JOURNAL_NOTHING_TO_CLEAR)
    offered = kit_undo.offer((state.journal, state.undo), common.LOG_CLEARED)
    return replace(
        state, journal=(), undo=_unmarked(state.undo), journal_note=None, note=None, cleared=offered
    )


def restore_journal(state: State, _form: Form) -> State:
    """Undo «Очистить журнал», whatever was done since: the cleared lines come back before the
    lines written since. Right after the clear that is the state before it, undo steps included;
    later, the steps made since keep taking their own lines back and the older ones stay unmarked."""
    journal, steps = kit_undo.taken(state.cleared)
    if state.journal or state.undo != _unmarked(steps):
        joined = (*journal, *state.journal)
        dropped = max(0, len(joined) - JOURNAL_SIZE)
        shift = len(journal) - dropped

        def shifted(u: Undo) -> Undo:
            mark = None if u.mark is None or u.mark + shift <= 0 else u.mark + shift
            return replace(u, mark=mark)

        journal, steps = joined[dropped:], tuple(shifted(u) for u in state.undo)
    return replace(
        state,
        journal=journal,
        undo=steps,
        cleared=None,
        note=text.JOURNAL_BACK,
        journal_note=text.JOURNAL_BACK,
    )


def download_aside(state: State, _form: Form) -> Outcome[State]:
    """The damaged saved journal lines set aside, as a file (``kit.aside``'s format)."""
    if not state.aside:
        raise InputError(text.JOURNAL_NOTHING)
    lines = json.dumps(list(state.aside), ensure_ascii=False)
    done = replace(state, aside_new=0, journal_note=text.ASIDE_DOWNLOADED)
    file = aside.download_text({"gm.panel.threat journal": lines})
    return Outcome(done, effects=(Download(aside.FILE_NAME, file, "application/json"),))


# --------------------------------------------------------------------------- the forecast, off the main thread


def ask_forecast(result: State | Outcome[State]) -> State | Outcome[State]:
    """``result`` plus a request to the compute worker if the forecast it needs is heavy and not
    asked yet (a light one is computed in the view; screen mode hides it, so it is not asked)."""
    done = outcome(result)
    state = done.state
    key = forecast_key(state)
    asked = state.forecast is not None and state.forecast.key == key and state.forecast.settled
    if state.screen or asked or is_light(state.bag, state.track):
        return result
    bag, roll, track = key
    request = Compute(
        "threat.forecast",
        {"bag": bag.to_dict(), "roll": roll, "track": track},
        partial(got_forecast, key),
        text.FC_LABEL(name=colour_label(track)),
        failed=partial(forecast_stopped, key),
    )
    state = replace(state, forecast=Forecasted(key, pending=True))
    return replace(done, state=state, effects=(*done.effects, request))


def with_forecast(action: Action[State]) -> Action[State]:
    """``action``, then ``ask_forecast``: every action that changes the bag, the colour, the kind
    of checks or screen mode asks for the forecast it now needs (and any action asks again for
    one that was cancelled or superseded, e.g. when the GM left the tab while it computed)."""

    def run(state: State, form: Form) -> State | Outcome[State]:
        return ask_forecast(action(state, form))

    return run


def got_forecast(key: ForecastKey, state: State, answer: Answer) -> State:
    """The worker's forecast for ``key``; dropped if the bag, colour or kind of checks changed."""
    if forecast_key(state) != key:
        return state
    if answer.ok:
        return replace(state, forecast=Forecasted(key, result=forecast_from(answer.result)))
    if answer.code != "too_slow":
        return replace(state, forecast=Forecasted(key, stopped=answer.code or "internal"))
    refused = (int(answer.params["cost"]), int(answer.params["budget"]))
    return replace(state, forecast=Forecasted(key, refused=refused))


def forecast_stopped(key: ForecastKey, state: State, answer: Answer) -> State:
    """Out of time or memory, cancelled (Cancel, another tab) or superseded (another panel's
    request): the view says the forecast was stopped; the kit says why in the error box."""
    if forecast_key(state) != key:
        return state
    return replace(state, forecast=Forecasted(key, stopped=answer.code or "internal"))
