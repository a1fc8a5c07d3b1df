"""The ITE panel's pickers: per check (И, Т, Эф), «Кто действует» puts a character's Х and Мф of a
named check into the check, and «Против кого» puts the opponent's Х of a check into its УрС (seed
001: «УрС может быть приравнен значению той или иной характеристики»). The numbers stay editable.

>>> from rules.roster import IteCheck, IteSheet
>>> sheet = IteSheet((("Фехтование", IteCheck(20, 1)),))
>>> dict(WHO["T"].fill(sheet, 0)), dict(WHOM["T"].fill(sheet, 0))
({'ite-t-x': '20', 'ite-t-mod': '1'}, {'ite-t-dif': '20'})
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kit.panel import Panel
from kit.shared import Follow
from kit.view import View
from panels.ite.stage import field_id
from panels.roster.shared import ROSTER, Cast, Picker, ite_items, pick_action, picker_view
from rules import ite
from rules.roster import IteSheet, Roster

__all__ = ["WHO", "WHOM", "Cast", "attach"]


def _who(kind: str, sheet: IteSheet, index: int | None) -> dict[str, str]:
    if index is None or index >= len(sheet.checks):
        return {}
    check = sheet.checks[index][1]
    return {field_id(kind, "x"): str(check.x), field_id(kind, "mod"): str(check.modifier)}


def _whom(kind: str, sheet: IteSheet, index: int | None) -> dict[str, str]:
    if index is None or index >= len(sheet.checks):
        return {}
    return {field_id(kind, "dif"): str(sheet.checks[index][1].x)}


WHO = {k: Picker(field_id(k, "who"), "ite", ite_items, partial(_who, k)) for k in ite.CHECK_KINDS}
WHOM = {k: Picker(field_id(k, "whom"), "ite", ite_items, partial(_whom, k)) for k in ite.CHECK_KINDS}
PICKERS = (*WHO.values(), *WHOM.values())


def _sync(state: Any, roster: Roster) -> Any:
    return replace(state, cast=state.cast.synced(roster))


def attach(panel: Panel[Any]) -> Panel[Any]:
    """The ITE panel with its pickers: their actions (read the chain with ``#ite-calc``'s action),
    their selects in the view, and the roster followed."""
    base_view = panel.view

    def view(state: Any) -> View:
        return {**base_view(state), **{p.field: picker_view(p, state.cast) for p in PICKERS}}

    calc = panel.actions["#ite-calc"]
    actions = {**panel.actions, **{f"#{p.field}": pick_action(p, calc) for p in PICKERS}}
    return replace(
        panel,
        view=view,
        actions=actions,
        follows=(*panel.follows, Follow(ROSTER, _sync)),
        unsaved_fields=panel.unsaved_fields | {p.field for p in PICKERS},
    )
