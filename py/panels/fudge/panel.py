"""The Omicron FUDGE panel (seed 002): dice, action, attack, wounds, accumulators, scale and the
character builder, each its own module written on its own part of ``State``; this one lifts
their actions and views onto the whole with ``kit.part`` (``state.LIFT``) and composes one ``Panel``.
The pickers and buying success (``cast``) work on the whole state.

Each control has one selector: a sub-tool's fields are named one by one (``action.FIELDS``,
``attack.FIELDS``, the builder's form), never by a section around them, so the order of
``actions`` does not matter (``tests/unit/test_fudge_lift.py`` checks that no control is
claimed twice).

>>> import random
>>> from kit.msg import render
>>> fudge_panel = panel(random.Random(1))
>>> state = fudge_panel.actions["#fudge-w-take"](State(), {"fudge-w-amount": "3"}).state
>>> render(fudge_panel.view(state)["fudge-w-status"].text, "en")
'Damage 3: marked «Среднее повреждение» (medium wound). State: «Среднее повреждение» (medium wound), penalty −2.'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from kit.form import Form, InputError
from kit.panel import Action, LogSpec, Panel
from kit.shared import Follow
from kit.view import View
from panels.fudge import accumulators, action, attack, builder, cast, dice, scale, text, wounds
from panels.fudge.state import (
    LIFT,
    ActionState,
    AttackState,
    BuilderState,
    DiceState,
    PoolsState,
    ScaleState,
    State,
    WoundsState,
)
from panels.roster.shared import ROSTER
from panels.shell.table import from_table
from rules import fudge
from rules.roster import Roster

__all__ = ["LEGACY_KEYS", "LIFT", "State", "dump", "legacy", "load", "panel", "start", "sync", "view"]

LEGACY_KEYS = {"wounds": "gm.fudge.wounds", "pools": "gm.fudge.accumulators", "log": "gm.fudge.log"}
LOG_SIZE = 50
# each sub-tool's module, under its name in ``LIFT``
PARTS = {
    "dice": dice,
    "action": action,
    "attack": attack,
    "wounds": wounds,
    "accumulators": accumulators,
    "scale": scale,
    "builder": builder,
}


def _on(part: str, run: Callable[[Any, Form], Any]) -> Action[State]:
    """A sub-tool's action, run on its part of the state."""
    return LIFT[part].action(run)


def view(state: State) -> View:
    shown: dict[str, Any] = {}
    for name, module in PARTS.items():
        shown.update(LIFT[name].view(module.view)(state))
    shown.update(cast.view(state))
    return shown


def dump(state: State) -> dict[str, Any]:
    """What survives a reload: the hand wound track, the damage pools, whose track is shown and
    the sheet being edited (the inputs are in the saved form, read again by ``start``; the
    characters, their wounds and ledgers are in the shared roster's own record)."""
    return {
        "wounds": state.wounds.track.to_dict(),
        "pools": state.pools.pools.to_dict(),
        "who": state.wounds.who,
        "editing": state.builder.editing,
    }


def _id(raw: Any, what: str) -> str:
    if not isinstance(raw, str) or len(raw) > 40:
        raise ValueError(f"{what} must be a roster id")
    return raw


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything malformed (older records lack who/editing)."""
    if not isinstance(raw, dict) or not {"wounds", "pools"} <= set(raw) <= {
        "wounds",
        "pools",
        "who",
        "editing",
    }:
        raise ValueError("fudge state must be an object with wounds and pools")
    track = fudge.WoundTrack.from_dict(raw["wounds"])
    pools = accumulators.check(fudge.DamagePools.from_dict(raw["pools"]))
    who = _id(raw.get("who", ""), "who")
    editing = raw.get("editing")
    return State(
        wounds=WoundsState(track, who=who),
        pools=PoolsState(pools),
        builder=BuilderState(editing=None if editing is None else _id(editing, "editing")),
    )


def sync(state: State, roster: Roster) -> State:
    """The shared roster changed: keep it; forget a shown track or an edited sheet that is gone."""
    synced = replace(state, cast=state.cast.synced(roster))
    who = state.wounds.who if wounds.owner(LIFT["wounds"].get(synced), state.wounds.who) else ""
    kept = replace(synced, wounds=replace(state.wounds, who=who))
    return LIFT["builder"].put(kept, builder.sync(LIFT["builder"].get(kept)))


def legacy(read: Callable[[str], Any]) -> Any:
    """The wounds and accumulators saved before the kit (``gm.fudge.wounds``,
    ``gm.fudge.accumulators``), as dumped state; ``ValueError`` when either is malformed."""
    wounds_saved, pools_saved = read(LEGACY_KEYS["wounds"]), read(LEGACY_KEYS["pools"])
    if wounds_saved is None and pools_saved is None:
        return None
    state = State(
        wounds=WoundsState(
            fudge.WoundTrack() if wounds_saved is None else fudge.WoundTrack.from_dict(wounds_saved)
        ),
        pools=PoolsState(
            fudge.DamagePools()
            if pools_saved is None
            else accumulators.check(fudge.DamagePools.from_dict(pools_saved))
        ),
    )
    return dump(state)


def _tolerant(read: Callable[[], Any], fallback: Any) -> Any:
    try:
        return read()
    except InputError:
        return fallback


def start(state: State, form: Form, _params: Mapping[str, str]) -> State:
    """After a reload: the inputs the odds depend on, from the restored form (a field that does
    not read keeps the default of its sub-tool)."""
    name = _tolerant(lambda: dice.read_dice(form), state.dice.name)
    setup = _tolerant(lambda: action.read_setup(form, state.action.setup), state.action.setup)
    attack_setup = _tolerant(
        lambda: attack.read_setup(form, state.attack.setup, keep_model=True)[0], state.attack.setup
    )
    return replace(
        state,
        dice=DiceState(name),
        action=ActionState(setup),
        attack=AttackState(attack_setup),
        scale=ScaleState(
            _tolerant(lambda: scale.read_bullets(form), state.scale.bullets),
            _tolerant(lambda: scale.read_wound(form), state.scale.wound),
        ),
    )


def panel(rng: random.Random) -> Panel[State]:
    by_tool: dict[str, Action[State]] = {
        "#fudge-dice": _on("dice", dice.set_dice),
        "#fudge-roll-dice": from_table(lambda r: _on("dice", partial(dice.roll, r)), rng, "fudge-roll-dice"),
        "#fudge-act-roll": from_table(
            lambda r: cast.acting(_on("action", partial(action.roll, r))), rng, "fudge-act-roll"
        ),
        "#fudge-attack": from_table(
            lambda r: cast.aimed(_on("attack", partial(attack.attack, r))), rng, "fudge-attack"
        ),
        "#fudge-dmg-calc": cast.aimed(_on("attack", attack.compute_damage)),
        "#fudge-apply": _on("attack", attack.apply),
        "#fudge-w-who": _on("wounds", wounds.choose),
        "#fudge-w-take": _on("wounds", wounds.take),
        wounds.ROW_BUTTON: _on("wounds", wounds.clear_row),
        "#fudge-w-clear-all": _on("wounds", wounds.clear_all),
        "#fudge-w-undo": _on("wounds", wounds.restore),
        "#fudge-w-revive": _on("wounds", wounds.revive),
        "#fudge-acc-sub-add": _on("accumulators", accumulators.add_sub_scale),
        "#fudge-acc-exh-add": _on("accumulators", accumulators.add_exhaustion),
        "#fudge-acc-apply": _on("accumulators", accumulators.apply),
        "#fudge-acc-reset": _on("accumulators", accumulators.reset),
        "#fudge-g-calc": _on("scale", scale.group),
        "#fudge-g-wound": _on("scale", scale.set_wound),
        "#fudge-rf-bullets": _on("scale", scale.set_bullets),
    }
    groups = (
        by_tool,
        {f"#{field}": _on("action", action.set_setup) for field in action.FIELDS},
        {f"#{field}": _on("attack", attack.set_setup) for field in attack.FIELDS},
        {selector: _on("builder", run) for selector, run in builder.actions().items()},
        cast.actions(),
    )
    actions = {selector: run for group in groups for selector, run in group.items()}
    if len(actions) != sum(map(len, groups)):  # one action per selector: none may hide another
        raise ValueError("a FUDGE selector is given twice")
    return Panel(
        name="fudge",
        initial=State(),
        view=view,
        actions=actions,
        dump=dump,
        load=load,
        log=LogSpec("fudge", size=LOG_SIZE, legacy_key=LEGACY_KEYS["log"]),
        start=start,
        legacy=legacy,
        title=text.TITLE,
        follows=(Follow(ROSTER, sync),),
        unsaved_fields=frozenset({*(p.field for p in cast.PICKERS), "fudge-w-who"}),
    )
