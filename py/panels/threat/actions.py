"""The threat panel's actions on the bag: ``(state, form) -> State | Outcome`` (pure; rolls take the rng).

The bag's settings (its sub-tool «Мешок»), the table's record and substitution, the checks,
refill and undo. They act on the whole state: each change of the bag is journalled and undone
with it in one step (``state.commit``). The forecast and the journal are sub-tools on parts of
their own (``panels.threat.forecast``, ``panels.threat.journal``, lifted by ``state.LIFT``).

Every change to the bag goes through one function of ``rules.threat`` and is validated first:
bad input raises ``InputError`` and nothing changes. The previous bag goes on the undo stack.
A slider and its number field edit one value; the action of the one that changed reads it, and
the view then writes the value back into both.
"""

from __future__ import annotations

import random
from dataclasses import replace

from kit.form import Form, InputError, read_bool, read_int
from kit.panel import Outcome, SetFields
from panels.threat import journal, text
from panels.threat.state import LIFT, State, commit
from panels.threat.words import colour_label
from rules import threat, threat_journal

__all__ = [
    "PARAMS",
    "add_track",
    "apply_inputs",
    "check",
    "record",
    "refill",
    "remove_track",
    "set_rec_colour",
    "set_screen",
    "substitute",
    "set_track",
    "undo",
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


def undo(state: State, form: Form) -> State | Outcome[State]:
    """Back to the bag before the last change; a check's or a change's journal line goes too.
    Right after «Очистить журнал», the cleared journal comes back instead (the clear was the
    last action, so it is what is undone)."""
    cleared = state.cleared
    if cleared is not None and not state.journal and state.undo == journal.unmarked(cleared.value[1]):
        return LIFT["journal"].action(journal.restore)(state, form)
    if not state.undo:
        raise InputError(text.UNDO_NOTHING)
    *rest, item = state.undo
    lines = state.journal
    if item.mark is not None and item.mark == len(lines):
        lines = lines[:-1]
    names = [t.name for t in item.bag.tracks]
    return replace(
        state,
        bag=item.bag,
        undo=tuple(rest),
        journal=lines,
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


def set_rec_colour(state: State, form: Form) -> State:
    colour = form.get("threat-rec-colour")
    if colour not in state.bag.colours:
        raise InputError(text.PICK_COLOUR)
    return replace(state, rec_colour=str(colour))
