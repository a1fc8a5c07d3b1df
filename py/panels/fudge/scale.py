"""FUDGE scale sub-tool (seed 002, 1.8, 2.3, 3.1): a group's headcount after a wound, the
rapid-fire hits table and the range penalties."""

from __future__ import annotations

from dataclasses import replace

from kit.form import Form, read_choice, read_int
from kit.msg import Cat, Renderable, fixed, signed
from kit.panel import Outcome
from kit.view import Show, View, table_rows
from panels.fudge import text_wounds as text
from panels.fudge import words
from panels.fudge.state import ScaleState
from rules import fudge

__all__ = ["group", "read_bullets", "read_wound", "set_bullets", "set_wound", "view"]


def read_wound(form: Form) -> int:
    return int(read_choice(form, "fudge-g-wound", tuple(map(str, fudge.GROUP_WOUNDS)), text.GROUP_WOUND))


def read_bullets(form: Form) -> int:
    return read_int(form, "fudge-rf-bullets", 1, 1000, text.BULLETS_FIRED)


def set_wound(state: ScaleState, form: Form) -> ScaleState:
    return replace(state, wound=read_wound(form))


def set_bullets(state: ScaleState, form: Form) -> ScaleState:
    return replace(state, bullets=read_bullets(form))


def _power(scale: int) -> Renderable:
    return fixed(fudge.scale_factor(scale))


def group(state: ScaleState, form: Form) -> Outcome[ScaleState]:
    """The seed's example: a scale-12 group with a −2 wound is scale 10, 6 people."""
    scale = read_int(form, "fudge-g-scale", 0, 100, text.GROUP_SCALE)
    wound = read_wound(form)
    update = fudge.Group(scale).take(wound)
    after = update.group
    line = text.GROUP_RESULT(
        scale=scale,
        power=_power(scale),
        count=fudge.headcount(scale),
        wound=words.term(fudge.GROUP_WOUNDS[wound].name),
        penalty=signed(update.scale_penalty),
        after=after.scale,
        after_power=_power(after.scale),
        after_count=after.headcount,
    )
    return Outcome(replace(state, wound=wound, result=line), log=line)


def _range_rows() -> list[tuple[Renderable, Renderable]]:
    rows: list[tuple[Renderable, Renderable]] = []
    previous = 0
    for limit, penalty in fudge.RANGE_TABLE:
        where = text.RANGE_BETWEEN(low=previous, high=limit) if previous else text.RANGE_UP_TO(limit=limit)
        rows.append((where, signed(penalty)))
        previous = limit
    return rows


def view(state: ScaleState) -> View:
    bullets = state.bullets
    wounds = [
        (str(d), Cat((signed(box.penalty or 0), " ", words.term(box.name))))
        for d, box in fudge.GROUP_WOUNDS.items()
    ]
    return {
        "fudge-g-wound": words.select(wounds, str(state.wound)),
        "fudge-g-result": Show(text="" if state.result is None else state.result),
        "fudge-rf-table": Show(
            children=table_rows(
                [
                    (
                        words.level(m),
                        str(fudge.rapid_fire_hits(bullets, m)),
                        signed(fudge.rapid_fire_bullet_margin(m)),
                    )
                    for m in range(0, 7)
                ]
            )
        ),
        "fudge-range-table": Show(children=table_rows(_range_rows())),
    }
