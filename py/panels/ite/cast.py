"""The ITE panel's pickers: per check (И, Т, Эф), «Кто действует» puts a character's Х and Мф of a
named check into the check, and «Против кого» puts the opponent's Х of a check into its УрС (seed
001: «УрС может быть приравнен значению той или иной характеристики»). The numbers stay editable.

A chain is one exchange between the same two (seed 001 §6: «Персонаж А сражается на мечах с
персонажем Б. Бросаем И-чек … Т-чек … Эф-чек»), so a character picked for one check is kept for
the chain's other checks still filled by hand, each with the sheet's check named for it (or the
same one): the GM picks each side once.

>>> from rules.roster import IteCheck, IteSheet
>>> sheet = IteSheet((("Фехтование", IteCheck(20, 1)),))
>>> dict(WHO["T"].fill(sheet, 0)), dict(WHOM["T"].fill(sheet, 0))
({'ite-t-x': '20', 'ite-t-mod': '1'}, {'ite-t-dif': '20'})
>>> sheet = IteSheet((("Реакция", IteCheck(12)), ("Фехтование", IteCheck(20, 1)), ("Урон меча", IteCheck(8))))
>>> [for_check(sheet, kind, 1) for kind in ite.CHECK_KINDS]
[0, 1, 2]
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kit.form import Form
from kit.panel import Outcome, Panel, SetFields, outcome
from kit.shared import Follow
from kit.view import View
from panels.ite.stage import field_id
from panels.roster import text as roster_text
from panels.roster.shared import ROSTER, Cast, Picker, ite_items, pick, picker_view
from rules import ite
from rules.roster import IteSheet, Roster

__all__ = ["WHO", "WHOM", "Cast", "attach", "for_check"]

# Words in a sheet's check names that say which of the chain's checks they serve (Russian, English).
CHECK_WORDS = {
    "I": ("иниц", "реакц", "скорост", "initiative", "reaction", "speed"),
    "T": ("точн", "атак", "фехт", "стрел", "навык", "accura", "attack", "fenc", "shoot", "skill"),
    "E": ("эфф", "урон", "сил", "effect", "damage", "strength"),
}


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


def for_check(sheet: IteSheet, kind: str, picked: int | None) -> int | None:
    """Which of the sheet's checks serves the chain's check ``kind`` when the GM picked check
    ``picked`` of the same character for another: the first whose name says so (``CHECK_WORDS``),
    else the one picked."""
    for index, (name, _check) in enumerate(sheet.checks):
        if any(word in name.casefold() for word in CHECK_WORDS[kind]):
            return index
    return picked


def _kept_across(pickers: dict[str, Picker], picker: Picker, read: Any) -> Any:
    """``picker``'s action: fill its check from the sheet, and keep the character for the chain's
    other checks of the same side that are still filled by hand."""

    def run(state: Any, form: Form) -> Outcome[Any]:
        cast, entry, fields = pick(picker, state.cast, form)
        if entry is None:
            return Outcome(replace(state, cast=cast))
        _, _, item = str(form.get(picker.field, "")).partition(":")
        index = int(item) if item.isdigit() else None
        for kind, other in pickers.items():
            if other is picker or cast.choice(other.field):
                continue
            chosen = for_check(entry.sheet, kind, index)
            value = f"{entry.id}:{'' if chosen is None else chosen}"
            cast, _, filled = pick(other, cast, {other.field: value})
            fields |= {other.field: value, **filled}
        done = outcome(read(replace(state, cast=cast), {**form, **fields}))
        said = roster_text.PICKED(name=entry.name)
        return replace(done, say=said, effects=(*done.effects, SetFields(tuple(fields.items()))))

    return run


def _sync(state: Any, roster: Roster) -> Any:
    return replace(state, cast=state.cast.synced(roster))


def attach(panel: Panel[Any]) -> Panel[Any]:
    """The ITE panel with its pickers: their actions (read the chain with ``#ite-calc``'s action),
    their selects in the view, and the roster followed."""
    base_view = panel.view

    def view(state: Any) -> View:
        return {**base_view(state), **{p.field: picker_view(p, state.cast) for p in PICKERS}}

    calc = panel.actions["#ite-calc"]
    actions = {
        **panel.actions,
        **{f"#{p.field}": _kept_across(WHO, p, calc) for p in WHO.values()},
        **{f"#{p.field}": _kept_across(WHOM, p, calc) for p in WHOM.values()},
    }
    return replace(
        panel,
        view=view,
        actions=actions,
        follows=(*panel.follows, Follow(ROSTER, _sync)),
        unsaved_fields=panel.unsaved_fields | {p.field for p in PICKERS},
    )
