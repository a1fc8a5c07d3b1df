"""The ITE presets sub-tool: a seed example (§6) fills the form and shows its chain's odds.

Its part is ``Filling``: the chain (a preset sets it) and which preset last filled the form (the
status line says so). The panel lifts it with ``kit.part`` (``panels.ite.panel.LIFT["presets"]``).

>>> from kit.msg import render
>>> done = preset(Filling(), {"ite-preset": "crafting"})
>>> [stage.kind for stage in done.state.chain.stages], done.state.status
(['T', 'I', 'E'], 'crafting')
>>> render(view(done.state)["ite-status"].text, "en")
'Form filled: Seed example 1: crafting an item (ITE-1).'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kit.form import Form, read_choice
from kit.msg import Msg, Renderable
from kit.panel import Outcome, SetFields
from kit.part import Part, field_part
from kit.view import Show, View
from panels.ite import text
from panels.ite.chain import KINDS, Chain, with_odds
from panels.ite.stage import stage_fields
from rules import ite

__all__ = ["CHAIN", "PRESETS", "Filling", "preset", "preset_stages", "view"]

PRESETS: dict[str, Msg] = {
    "crafting": text.PRESET_CRAFTING,
    "sword": text.PRESET_SWORD,
    "critical": text.PRESET_CRITICAL,
    "single": text.PRESET_SINGLE,
}


def preset_stages(name: str) -> tuple[ite.Stage, ...]:
    """The seed's §6 examples, built with the rules module."""
    C = ite.Check
    if name == "crafting":
        # Т-чек first (is the thing made at all), then И (time taken), then Эф (does it fail at the worst moment).
        return ite.crafting_chain(
            C(13, 2, 6, 1, 14, critical=ite.FaceCritical.extremes(2, 6)),
            C(14, 2, 6, 0, 12),
            C(12, 2, 6, 2, 13, critical=ite.FaceCritical.extremes(2, 6)),
        )
    if name == "sword":
        # И: who strikes first; its margin is the time left to aim; Т: attack against defence; Эф: damage.
        return ite.sword_fight_chain(
            C(20, 3, 6, 0, 19),
            C(21, 3, 6, 0, 20, critical=ite.MarginCritical(6)),
            C(7, 1, 6, 0, 5, critical=ite.MarginCritical(8)),
        )
    if name == "critical":
        # The new situation after a critical hit: Т — how dangerous the zone, Эф — the exact effect.
        return ite.critical_hit_chain(C(14, 2, 6, 0, 12), C(12, 2, 6, 0, 10))
    return (ite.Stage("T", C(20, 3, 6, 0, 18), carry=False),)


@dataclass(frozen=True)
class Filling:
    """The presets' part: the chain a preset sets, and the preset that last filled the form."""

    chain: Chain = field(default_factory=Chain)
    status: str | None = None


# the chain inside the presets' part (kit.part): a preset's odds land there
CHAIN: Part[Filling, Chain] = field_part("chain")


def preset(part: Filling, form: Form) -> Filling | Outcome[Filling]:
    """A seed example fills the form and shows its odds; "— custom —" changes nothing."""
    name = read_choice(form, "ite-preset", ("", *PRESETS), text.PRESET)
    if not name:
        return part
    stages = preset_stages(name)
    by_kind = {stage.kind: stage for stage in stages}
    order = "".join(stage.kind for stage in stages) + "".join(k for k in KINDS if k not in by_kind)
    fields = (("ite-order", order), *(f for kind in KINDS for f in stage_fields(kind, by_kind.get(kind))))
    done = CHAIN.outcome(replace(part, status=name), with_odds(replace(part.chain, stages=stages)))
    return replace(done, effects=(SetFields(fields), *done.effects))


def _status(status: str | None) -> Renderable:
    return text.FILLED(name=PRESETS[status]) if status in PRESETS else ""


def view(part: Filling) -> View:
    return {"ite-status": Show(text=_status(part.status))}
