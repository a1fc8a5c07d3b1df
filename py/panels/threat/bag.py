"""The threat panel's bag settings, a sub-tool: the dice, thresholds, modes and threat colours.

It works on ``parts.Bench`` (lifted by ``parts.LIFT["bag"]``): each change of the bag is asked
for with ``parts.commit`` and made one journalled, undoable step of the panel by the part.

Every change to the bag goes through one function of ``rules.threat`` and is validated first:
bad input raises ``InputError`` and nothing changes. A slider and its number field edit one
value; the action of the one that changed reads it, and the view then writes the value back into
both. The table's checks read the fields too (``from_inputs``), so a check uses the bag shown.

>>> from functools import partial
>>> from panels.threat.parts import LIFT
>>> from panels.threat.state import State
>>> form = {"threat-light": "4", "threat-dark": "1", "threat-base": "5", "threat-t": "5", "threat-step": "1"}
>>> done = LIFT["bag"].action(partial(apply_inputs, None))(State(), form).state
>>> done.bag.light, len(done.journal), len(done.undo)
(4, 1, 1)
"""

from __future__ import annotations

from dataclasses import replace

from kit.form import Form, InputError, read_bool, read_int
from kit.panel import Outcome, SetFields
from kit.view import Show, options
from panels.threat import text
from panels.threat.parts import Bench, commit
from panels.threat.words import colour_label
from rules import threat

__all__ = [
    "MODES",
    "PARAMS",
    "add_track",
    "apply_inputs",
    "from_inputs",
    "remove_track",
    "set_track",
    "view",
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


def from_inputs(bench: Bench, form: Form, slider: str | None = None) -> threat.BagState:
    """The bag the fields and mode switches ask for (``slider``: that value is read from its
    slider); validated, nothing changed yet."""
    bag, name = bench.bag, bench.track
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


def apply_inputs(slider: str | None, bench: Bench, form: Form) -> Bench:
    """A changed field, slider or mode switch: the bag it asks for (bind ``slider`` for a slider)."""
    return commit(bench, from_inputs(bench, form, slider))


def set_track(bench: Bench, form: Form) -> Bench:
    """The colour the sliders edit."""
    name = form.get("threat-track")
    if name not in [t.name for t in bench.bag.tracks]:
        raise InputError(text.NO_SUCH_COLOUR)
    return replace(bench, track=str(name), note=None, journal_note=None)


def add_track(bench: Bench, form: Form) -> Outcome[Bench]:
    """A new threat colour (seed «Несколько угроз»), with one die if the dark total allows."""
    bag = from_inputs(bench, form)
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
    added = commit(bench, new, track=name, note=text.ADDED(name=colour_label(name)))
    return Outcome(added, effects=(SetFields((("threat-new-name", ""),)),))


def remove_track(bench: Bench, form: Form) -> Bench:
    bag = from_inputs(bench, form)
    if len(bag.tracks) == 1:
        raise InputError(text.LAST_COLOUR)
    name = bench.track
    new = threat.remove_track(bag, name)
    return commit(bench, new, track=new.tracks[0].name, note=text.REMOVED(name=colour_label(name)))


def view(bench: Bench) -> dict[str, Show]:
    """The fields and sliders of the colour edited, the mode switches and the colour picker."""
    bag = bench.bag
    track = bag.track(bench.track)
    values = {
        "light": bag.light,
        "dark": track.dice,
        "base": track.base,
        "t": track.threshold,
        "step": track.step,
    }
    shown: dict[str, Show] = {}
    for name, _low, _high, label in PARAMS:
        shown[f"threat-{name}"] = Show(value=str(values[name]))
        shown[f"threat-{name}-range"] = Show(value=str(values[name]), attrs=(("aria-label", label),))
    shown["threat-stepped"] = Show(checked=bag.reset_mode == "stepped")
    shown["threat-two-dice"] = Show(checked=bag.two_dice)
    shown["threat-exhaustible"] = Show(checked=bag.exhaustible)
    shown["threat-paired"] = Show(checked=bag.paired_effects)
    shown["threat-track"] = Show(
        children=options((c, colour_label(c)) for c in bag.colours[1:]), value=bench.track
    )
    return shown
