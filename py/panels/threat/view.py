"""The threat panel's view: everything it shows, from the state alone (pure).

The bag's fields and the table's status are views of the whole state; the forecast's and the
journal's are their sub-tools' views (``panels.threat.forecast``, ``panels.threat.journal``)
lifted onto it (``state.LIFT``).
"""

from __future__ import annotations

from kit.msg import Cat, Renderable
from kit.view import Node, Show, View, options
from panels.threat import forecast, journal, text
from panels.threat.actions import PARAMS
from panels.threat.state import LIFT, State
from panels.threat.words import announce, bag_text, colour_label, danger_text
from rules import threat

__all__ = ["view"]

CHIP_CLASSES = ("chip-dark-0", "chip-dark-1", "chip-dark-2", "chip-dark-3")


def _chip(colour: str, bag: threat.BagState, *, used: bool = False, shows: str = "", extra: str = "") -> Node:
    cls = (
        "chip chip-light" if colour == threat.LIGHT else "chip " + CHIP_CLASSES[bag.colours.index(colour) - 1]
    )
    cls += (" chip-used" if used else "") + extra
    return Node("span", shows, cls=cls, attrs=(("title", colour_label(colour)),))


def _fields(state: State) -> dict[str, Show]:
    bag = state.bag
    track = bag.track(state.track)
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
    shown["threat-screen"] = Show(checked=state.screen)
    colours = bag.colours
    rec = state.rec_colour if state.rec_colour in colours else state.track
    shown["threat-track"] = Show(
        children=options((c, colour_label(c)) for c in colours[1:]), value=state.track
    )
    shown["threat-rec-colour"] = Show(children=options((c, colour_label(c)) for c in colours), value=rec)
    return shown


def _status(state: State) -> dict[str, Show]:
    bag = state.bag
    track = bag.track(state.track)
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
    drawn: tuple[Node, ...] = ()
    last = state.last
    if last is not None and all(
        c in bag.colours for c in [d.colour for d in last.drawn] + [last.kept_colour]
    ):
        rolls = tuple(_chip(d.colour, bag, shows=str(v)) for d in last.drawn for v in d.rolls)
        kept = " chip-kept" + (" chip-event" if last.event else "")
        drawn = (
            *rolls,
            Node("span", "→", cls="arrow"),
            _chip(last.kept_colour, bag, shows=str(last.kept_value), extra=kept),
        )
    result: Renderable
    if state.note is text.UNDONE and not state.screen:
        result = text.UNDONE_T(name=colour_label(track.name), t=track.threshold)
    elif state.note is not None:
        result = state.note
    elif last is not None:
        result = announce(last, screen=state.screen)
    else:
        result = text.NO_CHECKS
    return {
        "threat": Show(attrs=(("data-screen", "" if state.screen else None),)),
        "threat-t-colour": Show(text=colour_label(track.name)),
        "threat-t-big": Show(text=str(track.threshold)),
        "threat-danger": Show(text=danger_text(track.threshold)),
        "threat-tracks": Show(children=tracks),
        "threat-bag": Show(children=chips),
        "threat-bag-text": Show(text=bag_text(bag)),
        "threat-drawn": Show(children=drawn),
        "threat-undo": Show(text=text.UNDO, disabled=not state.undo and state.cleared is None),
        "threat-result": Show(text=result),
    }


def view(state: State) -> View:
    return {
        **_fields(state),
        **_status(state),
        **LIFT["forecast"].view(forecast.view)(state),
        **LIFT["journal"].view(journal.view)(state),
    }
