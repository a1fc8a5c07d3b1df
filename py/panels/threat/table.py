"""The threat panel's table, a sub-tool: checks from the virtual bag, rolls made at the table,
substitutions and refills, and what they show (T, the dangerous results, the bag, the dice drawn).

It works on ``parts.Bench`` (lifted by ``parts.LIFT["table"]``): a check takes the bag's fields as
they are (``bag.from_inputs``; in the page a field's own change has run first, so they are the
bag) and asks for its result with ``parts.commit``: one step, which the part journals and stacks
for undo, so «Отменить» gives back the bag before the press, whatever it was.

>>> import random
>>> from panels.threat.parts import LIFT
>>> from panels.threat.state import State
>>> form = {"threat-light": "5", "threat-dark": "1", "threat-base": "5", "threat-t": "5", "threat-step": "1"}
>>> done = LIFT["table"].action(refill)(State(), form).state
>>> done.journal, done.undo[-1].what  # the bag was full: no line, a step that «Отменить» names
((), 'refill')
"""

from __future__ import annotations

import random
from dataclasses import replace

from kit.form import Form, InputError, read_int
from kit.msg import Cat, Renderable
from kit.view import Node, Show, options
from panels.threat import text
from panels.threat.bag import from_inputs
from panels.threat.parts import Bench, commit
from panels.threat.words import announce, bag_text, colour_label, danger_text
from rules import threat, threat_journal

__all__ = ["check", "record", "refill", "set_rec_colour", "substitute", "view"]

CHIP_CLASSES = ("chip-dark-0", "chip-dark-1", "chip-dark-2", "chip-dark-3")


def check(rng: random.Random, roll: str, bench: Bench, form: Form) -> Bench:
    """Draw and roll from the virtual bag (after taking the fields as they are)."""
    bag = from_inputs(bench, form)
    if bag.size == 0:
        raise InputError(text.EMPTY_BAG)
    result = threat.check(bag, rng, roll)
    return commit(bench, result.state, result.entry)


def record(bench: Bench, form: Form) -> Bench:
    """A roll made at the table: the kept die's colour and final number change T, not the bag."""
    bag = from_inputs(bench, form)
    colour = form.get("threat-rec-colour")
    if colour not in bag.colours:
        raise InputError(text.PICK_COLOUR)
    number = read_int(form, "threat-rec-number", 1, 20, text.FINAL_NUMBER)
    result = threat.record(bag, str(colour), number)
    return commit(bench, result.state, result.entry, rec_colour=str(colour))


def substitute(rng: random.Random, bench: Bench, form: Form) -> Bench:
    """A number substituted before the roll: a die is still drawn blind from the virtual bag (its
    colour decides), not rolled; the number is its result (seed «Замена, объявленная до броска»)."""
    bag = from_inputs(bench, form)
    if bag.size == 0:
        raise InputError(text.EMPTY_BAG)
    number = read_int(form, "threat-rec-number", 1, 20, text.FINAL_NUMBER)
    result = threat.substitute(bag, rng, number)
    return commit(bench, result.state, result.entry)


def refill(bench: Bench, form: Form) -> Bench:
    """The bag full again by hand; a journal line says so when dice were out. A full bag stays as
    it is, and says so; the press is still a step that «Отменить» names and undoes."""
    bag = from_inputs(bench, form)
    full = threat.refill(bag)
    if full == bag:
        return commit(bench, bag, what="refill", note=text.ALREADY_FULL)
    return commit(bench, full, threat_journal.refill_entry(), note=text.REFILLED)


def set_rec_colour(bench: Bench, form: Form) -> Bench:
    colour = form.get("threat-rec-colour")
    if colour not in bench.bag.colours:
        raise InputError(text.PICK_COLOUR)
    return replace(bench, rec_colour=str(colour))


# --------------------------------------------------------------------------- the view


def _chip(colour: str, bag: threat.BagState, *, used: bool = False, shows: str = "", extra: str = "") -> Node:
    cls = (
        "chip chip-light" if colour == threat.LIGHT else "chip " + CHIP_CLASSES[bag.colours.index(colour) - 1]
    )
    cls += (" chip-used" if used else "") + extra
    return Node("span", shows, cls=cls, attrs=(("title", colour_label(colour)),))


def _drawn(bench: Bench) -> tuple[Node, ...]:
    """The last check's dice, the kept one marked (none if its colours are no longer the bag's)."""
    bag, last = bench.bag, bench.last
    if last is None or not all(c in bag.colours for c in [d.colour for d in last.drawn] + [last.kept_colour]):
        return ()
    rolls = tuple(_chip(d.colour, bag, shows=str(v)) for d in last.drawn for v in d.rolls)
    kept = " chip-kept" + (" chip-event" if last.event else "")
    return (
        *rolls,
        Node("span", "→", cls="arrow"),
        _chip(last.kept_colour, bag, shows=str(last.kept_value), extra=kept),
    )


def view(bench: Bench) -> dict[str, Show]:
    """T of the colour edited and its danger, every colour's T, the bag, the dice drawn, the result."""
    bag = bench.bag
    track = bag.track(bench.track)
    tracks = tuple(
        Node(
            "li",
            children=(
                _chip(t.name, bag),
                Node(
                    "span",
                    Cat((" ", colour_label(t.name), f": T = {t.threshold} (T₀ = {t.base}, Δ = {t.step})")),
                ),
            ),
        )
        for t in bag.tracks
    )
    chips = tuple(
        _chip(colour, bag, used=index >= left)
        for colour, left, total in zip(bag.colours, bag.left, bag.composition, strict=True)
        for index in range(total)
    )
    result: Renderable
    if bench.note is not None:
        result = bench.note
    elif bench.last is not None:
        result = announce(bench.last, screen=bench.screen)
    else:
        result = text.NO_CHECKS
    colours = bag.colours
    rec = bench.rec_colour if bench.rec_colour in colours else bench.track
    return {
        "threat-t-colour": Show(text=colour_label(track.name)),
        "threat-t-big": Show(text=str(track.threshold)),
        "threat-danger": Show(text=danger_text(track.threshold)),
        "threat-tracks": Show(children=tracks),
        "threat-bag": Show(children=chips),
        "threat-bag-text": Show(text=bag_text(bag)),
        "threat-drawn": Show(children=_drawn(bench)),
        "threat-rec-colour": Show(children=options((c, colour_label(c)) for c in colours), value=rec),
        "threat-result": Show(text=result),
    }
