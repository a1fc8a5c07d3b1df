"""The GM's side of the players' screen: the settings (language, threat bag, names), the curtain,
«Очистить экран» with its undo, and the broadcast the page sends after every change
(``BROADCAST``: ``panels.audience.public`` makes it from the journal and the threat panel's bag).
The players' window itself is static/players.js; it renders what arrives, and nothing of the GM's.

>>> import random
>>> from kit.msg import render
>>> p = panel(random.Random(1))
>>> down = p.actions["#audience-curtain"](State(), {})
>>> down.state.curtain, render(p.view(down.state)["audience-curtain"].text, "en")
(True, 'Raise the curtain')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from kit import undo as kit_undo
from kit.form import Form, read_bool, read_choice
from kit.journal import JOURNAL, Journal, mark_of
from kit.msg import LANGUAGES
from kit.panel import Outcome, Panel
from kit.runtime import Broadcast
from kit.shared import Follow
from kit.view import Show, View
from panels.audience import public, text
from panels.audience.state import BAG_MODES, FALLBACK, State, dump, load

__all__ = ["BROADCAST", "State", "panel", "view"]


def set_lang(state: State, form: Form) -> State:
    return replace(state, lang=read_choice(form, "audience-lang", LANGUAGES, text.LANG))


def set_bag(state: State, form: Form) -> State:
    return replace(state, bag=read_choice(form, "audience-bag", BAG_MODES, text.BAG))


def set_names(state: State, form: Form) -> State:
    return replace(state, names=read_bool(form, "audience-names"))


def curtain(state: State, _form: Form) -> Outcome[State]:
    """Down: the players' window shows the curtain alone; up: what it showed before."""
    done = replace(state, curtain=not state.curtain)
    return Outcome(done, say=text.STATUS_CURTAIN if done.curtain else text.STATUS_LIVE)


def clear(state: State, _form: Form) -> State:
    """Everything in the journal so far leaves the players' screen (not the journal)."""
    return replace(state, cleared=state.newest, undo=kit_undo.offer(state.cleared, text.CLEARED))


def restore(state: State, _form: Form) -> State:
    return replace(state, cleared=kit_undo.taken(state.undo), undo=None)


def sync(state: State, journal: Journal) -> State:
    """The journal's newest entry, where a clear puts the mark."""
    return replace(state, newest=mark_of(journal.entries[0]) if journal.entries else None)


def view(state: State) -> View:
    shown: dict[str, Show] = {
        "audience-lang": Show(value=state.lang),
        "audience-bag": Show(value=state.bag),
        "audience-names": Show(checked=state.names),
        "audience-curtain": Show(
            text=text.CURTAIN_UP if state.curtain else text.CURTAIN,
            attrs=(("aria-pressed", "true" if state.curtain else "false"),),
        ),
        "audience-status": Show(text=text.STATUS_CURTAIN if state.curtain else text.STATUS_LIVE),
    }
    return {**shown, **kit_undo.view(state.undo, "audience")}


def _message(states: Mapping[str, Any], journal: Journal) -> str:
    threat = states["threat"]
    return public.message_text(states["audience"], journal, threat.bag, threat.screen)


# The players' screen reads these panels' states: its own settings and the threat panel's bag.
BROADCAST = Broadcast(needs=("audience", "threat"), message=_message)


def panel(rng: random.Random) -> Panel[State]:
    del rng  # nothing here is random
    return Panel(
        name="audience",
        initial=State(),
        view=view,
        actions={
            "#audience-lang": set_lang,
            "#audience-bag": set_bag,
            "#audience-names": set_names,
            "#audience-curtain": curtain,
            "#audience-clear": clear,
            "#audience-undo": restore,
        },
        dump=dump,
        load=load,
        fallback=FALLBACK,
        follows=(Follow(JOURNAL, sync),),
        title=text.TITLE,
    )
