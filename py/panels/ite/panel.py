"""The ITE panel (seed 001): И-, Т- and Эф-checks in the GM's order, exact odds before the roll, log.

Three sub-tools, each written on its own part of ``State`` and lifted here with ``kit.part``
(``LIFT``): the chain and its odds (``panels.ite.chain``, whose screens are the stage tabs И, Т,
Эф; one stage's fields: ``.stage``), the roll (``.rolling``) and the seed's examples
(``.presets``). The roster pickers (``.cast``) work on the whole state. The saved record keeps
the shape it had before the split.

>>> import random
>>> from kit.msg import render
>>> ite_panel = panel(random.Random(1))
>>> done = ite_panel.actions["#ite-preset"](State(), {"ite-preset": "sword"})
>>> [stage.kind for stage in done.state.chain.stages]
['I', 'T', 'E']
>>> render(ite_panel.view(done.state)["ite-status"].text, "en")
'Form filled: Seed example 2: sword fight (ITE-2).'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from kit.form import Form, InputError
from kit.journal import Note
from kit.panel import Action, LogSpec, Outcome, Panel, SetFields, outcome
from kit.part import Part, field_part
from kit.view import View
from panels.ite import chain, presets, rolling, text
from panels.ite.cast import WHO, WHOM, Cast, attach
from panels.ite.chain import DEFAULT_STAGES, ORDERS, Chain, dump_chain, load_chain, read_chain
from panels.ite.presets import PRESETS, Filling
from panels.ite.rolling import Rolled, Rolling, dump_rolled, load_rolled
from panels.ite.waiting import dump_waiting, load_waiting
from panels.roster.shared import pick, who_acts
from panels.shell.table import from_table

__all__ = [
    "DEFAULT_STAGES",
    "LIFT",
    "ORDERS",
    "PRESETS",
    "State",
    "calc",
    "dump",
    "load",
    "panel",
    "preset",
    "read_chain",
    "roll",
    "start",
    "view",
]

LOG_SIZE = 50


@dataclass(frozen=True)
class State:
    """The panel's whole state; each sub-tool works on its part of it (``LIFT``)."""

    chain: Chain = field(default_factory=Chain)  # the chain the form describes, its odds (panels.ite.chain)
    last: Rolled | None = None  # the last roll (panels.ite.rolling)
    status: str | None = None  # the preset that last filled the form (panels.ite.presets)
    cast: Cast = field(default_factory=Cast)  # the roster and the pickers' choices (panels.ite.cast)


# Each sub-tool's place in State (kit.part). The roll and the presets set the chain, so their parts
# hold it beside their own field; the pickers work on the whole state (panels.ite.cast).
ROLLING: Part[State, Rolling] = Part(
    lambda whole: Rolling(whole.chain, whole.last),
    lambda whole, part: replace(whole, chain=part.chain, last=part.last),
)
FILLING: Part[State, Filling] = Part(
    lambda whole: Filling(whole.chain, whole.status),
    lambda whole, part: replace(whole, chain=part.chain, status=part.status),
)
LIFT: dict[str, Part[State, Any]] = {"chain": field_part("chain"), "roll": ROLLING, "presets": FILLING}
PARTS = {"chain": chain, "roll": rolling, "presets": presets}  # each sub-tool's module, by its name in LIFT

calc: Action[State] = LIFT["chain"].action(chain.calc)
preset: Action[State] = LIFT["presets"].action(presets.preset)


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    """«Бросить»: the roll sub-tool's roll, its journal entry naming who acts and against whom."""
    done = outcome(ROLLING.action(partial(rolling.roll, rng))(state, form))
    who = who_acts(state.cast, (p.field for p in WHO.values()), (p.field for p in WHOM.values()))
    return replace(done, effects=(*done.effects, Note(who=who)))


def next_situation(state: State, form: Form) -> Outcome[State]:
    """«Новая ситуация» after a critical (seed 001 §5: «возникает новая ситуация чеков … она
    обкидывается по той же стандартной механике»; §6: «Т-чеком определяется, в насколько опасную
    зону он пришелся, а Эф-чеком — конкретный эффект»): the critical hit's checks fill the form,
    the characters picked for the chain fill them again, ready to roll."""
    if state.last is None or not state.last.result.new_situation:
        raise InputError(text.NO_CRITICAL)
    filled = outcome(preset(state, {**form, "ite-preset": "critical"}))
    fields: dict[str, str | bool] = {}
    for effect in filled.effects:
        if isinstance(effect, SetFields):
            fields.update(effect.values)
    for picker in (*WHO.values(), *WHOM.values()):
        choice = state.cast.choice(picker.field)
        if choice and fields.get(f"{picker.field.rsplit('-', 1)[0]}-on") is True:
            fields.update(pick(picker, state.cast, {picker.field: choice})[2])
    done = outcome(calc(filled.state, {**form, **fields}))
    return replace(done, say=text.NEXT_STARTED, effects=(SetFields(tuple(fields.items())), *done.effects))


def start(state: State, form: Form, params: Mapping[str, str]) -> State | Outcome[State]:
    """A restored heavy chain's odds are asked of the worker (they are not saved), and those of
    the rolls still waiting for theirs."""
    return LIFT["chain"].outcome(state, chain.with_odds(state.chain))


def view(state: State) -> View:
    shown: dict[str, Any] = {}
    for name, module in PARTS.items():
        shown.update(LIFT[name].view(module.view)(state))
    return shown


# --------------------------------------------------------------------------- saved state


def dump(state: State) -> dict[str, Any]:
    """The record's shape from before the sub-tools were lifted: the chain's stages, the last roll;
    and the rolls waiting for their chain's odds, where there are any."""
    last = None if state.last is None else dump_rolled(state.last)
    record: dict[str, Any] = {"stages": dump_chain(state.chain.stages), "last": last}
    if state.chain.waiting:
        record["waiting"] = dump_waiting(state.chain.waiting)
    return record


def load(raw: Any) -> State:
    """A saved state back; ``ValueError`` on anything the panel could not have saved."""
    if not isinstance(raw, dict):
        raise ValueError("the ITE state must be an object")
    stages = load_chain(raw.get("stages"))
    last = raw.get("last")
    waiting = load_waiting(raw["waiting"]) if raw.get("waiting") is not None else ()
    return State(Chain(stages, waiting=waiting), None if last is None else load_rolled(last))


def panel(rng: random.Random) -> Panel[State]:
    actions: dict[str, Action[State]] = {
        "#ite-preset": preset,
        ".ite-input": calc,
        "#ite-calc": calc,
        "#ite-next": next_situation,
    }
    return attach(
        Panel(
            name="ite",
            initial=State(),
            view=view,
            actions={**actions, "#ite-roll": from_table(lambda r: partial(roll, r), rng, "ite-roll")},
            dump=dump,
            load=load,
            log=LogSpec("ite", size=LOG_SIZE, legacy_key="gm.ite.log"),
            start=start,
            title=text.TITLE,
        )
    )
