"""The checks panel (GaussD20, seed 000): one ``State`` holding each sub-tool's state.

Each sub-tool (``skill``, ``median``, ``series``, ``opposed``, ``combat``) has its own state,
actions and view; this module lifts them onto the whole state with ``kit.part`` and joins the views.
The log (``chk-log``) is the kit's, carried over from ``gm.checks.log``; the madness and horror
series saved under ``gm.checks.series`` are carried over once.

>>> import random
>>> checks = panel(random.Random(5))
>>> state = checks.actions["#chk-skill-roll"](State(), FORM).state
>>> state.skill.last is not None, load(dump(state)) == replace(state, skill=replace(state.skill, last=None))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from kit.form import Form
from kit.journal import Note
from kit.panel import Action, LogSpec, Panel, outcome
from kit.part import field_part
from kit.shared import Follow
from kit.view import View
from panels.checks import cast, combat, median, opposed, series, skill, text
from panels.roster.shared import ROSTER, Cast, Picker, pick_action, picker_view, who_acts
from panels.shell.table import from_table
from rules.roster import Roster

__all__ = ["FORM", "State", "dump", "legacy", "load", "panel", "view"]

LOG_KEY = "gm.checks.log"
FORM: dict[str, str | bool] = {
    **skill.FORM,
    **median.FORM,
    "chk-madness-mod": "0",
    "chk-horror-mod": "0",
    **opposed.FORM,
    **combat.FORM,
}
PARTS = {"skill": skill, "median": median, "series": series, "opposed": opposed, "combat": combat}


@dataclass(frozen=True)
class State:
    skill: skill.State = field(default_factory=skill.State)
    median: median.State = field(default_factory=median.State)
    series: series.State = field(default_factory=series.State)
    opposed: opposed.State = field(default_factory=opposed.State)
    combat: combat.State = field(default_factory=combat.State)
    cast: Cast = field(default_factory=Cast)  # the roster's characters and the pickers' choices


LIFT = {name: field_part(name) for name in PARTS}  # each sub-tool's place in State (kit.part)


def _on(part: str, action: Callable[[Any, Form], Any]) -> Action[State]:
    """A sub-tool's action, run on its part of the state."""
    return LIFT[part].action(action)


def _for(who: tuple[Picker, ...], whom: tuple[Picker, ...], action: Action[State]) -> Action[State]:
    """``action``, its journal entry naming who acted: the characters picked in ``who`` (and
    ``→`` those in ``whom``), as the pickers stood when the button was pressed."""

    def run(state: State, form: Form) -> Any:
        done = outcome(action(state, form))
        acting = who_acts(state.cast, (p.field for p in who), (p.field for p in whom))
        return replace(done, effects=(*done.effects, Note(who=acting)))

    return run


def sync(state: State, roster: Roster) -> State:
    return replace(state, cast=state.cast.synced(roster))


def view(state: State) -> View:
    shown: dict[str, Any] = {}
    for name, module in PARTS.items():
        shown.update(LIFT[name].view(module.view)(state))
    for _part, picker in cast.PICKERS:
        shown[picker.field] = picker_view(picker, state.cast)
    return shown


def dump(state: State) -> dict[str, Any]:
    return {name: module.dump(getattr(state, name)) for name, module in PARTS.items()}


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything malformed (the kit then starts afresh)."""
    if not isinstance(raw, dict) or set(raw) != set(PARTS):
        raise ValueError(f"checks state must be an object with {sorted(PARTS)}")
    return State(**{name: module.load(raw[name]) for name, module in PARTS.items()})


def legacy(read: Callable[[str], Any]) -> dict[str, Any] | None:
    """The madness and horror series saved before the kit (``gm.checks.series``)."""
    saved = series.legacy(read)
    if saved is None:
        return None
    return dump(State(series=series.load(saved)))


def panel(rng: random.Random) -> Panel[State]:
    opp_who, opp_whom = (cast.OPPOSED_ATTACKER,), (cast.OPPOSED_DEFENDER,)
    actions: dict[str, Action[State]] = {
        "#chk-skill-roll": _for(
            (cast.SKILL,),
            (),
            from_table(lambda r: _on("skill", partial(skill.roll, r)), rng, "chk-skill-roll"),
        ),
        "#chk-med-roll": _for(
            (cast.MEDIAN,),
            (),
            from_table(lambda r: _on("median", partial(median.roll, r)), rng, "chk-med-roll"),
        ),
        "#chk-med-demon": _on("median", median.demon),
        # the defender rolls the defence alone
        "#chk-opp-roll-def": _for(opp_whom, (), _on("opposed", partial(opposed.roll_defence, rng))),
        "#chk-opp-roll": _for(
            opp_who,
            opp_whom,
            from_table(lambda r: _on("opposed", partial(opposed.roll, r)), rng, "chk-opp-roll"),
        ),
        "#chk-cmb-roll": _for(
            (cast.ATTACKER,),
            (cast.DEFENDER,),
            from_table(lambda r: _on("combat", partial(combat.roll, r)), rng, "chk-cmb-roll"),
        ),
    }
    changes = (
        ("skill", skill.read),
        ("median", median.read),
        ("opposed", opposed.change),
        ("combat", combat.read),
    )
    for part, read in changes:
        for field_id in PARTS[part].FORM:
            actions[f"#{field_id}"] = _on(part, read)
    reads = dict(changes)
    for part, picker in cast.PICKERS:
        actions[f"#{picker.field}"] = pick_action(picker, _on(part, reads[part]))
    for kind in series.KINDS:
        actions[f"#chk-{kind}-mod"] = _on("series", partial(series.set_modifier, kind))
        actions[f"#chk-{kind}-roll"] = from_table(
            partial(lambda k, r: _on("series", partial(series.roll, k, r)), kind), rng, f"chk-{kind}-roll"
        )
        actions[f"#chk-{kind}-reset"] = _on("series", partial(series.reset, kind))
    return Panel(
        name="checks",
        initial=State(),
        view=view,
        actions=actions,
        dump=dump,
        load=load,
        log=LogSpec("chk", size=50, legacy_key=LOG_KEY),
        legacy=legacy,
        title=text.TITLE,
        follows=(Follow(ROSTER, sync),),
        unsaved_fields=frozenset(picker.field for _part, picker in cast.PICKERS),
    )
