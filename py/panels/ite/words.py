"""The ITE panel's wording of a rolled chain: the one-line summary (shown, announced, logged) and the
roll table's rows."""

from __future__ import annotations

from kit.msg import Cat, Renderable, num
from panels.ite import text
from panels.ite.stage import MARGIN_LETTER
from rules import ite

__all__ = ["new_situation", "roll_rows", "summary", "verdict"]


def _crit_text(critical: str | None) -> Renderable | None:
    return {ite.CRIT_HIGH: text.HIGH_CRIT, ite.CRIT_LOW: text.LOW_CRIT}.get(critical or "")


def verdict(step: ite.StageResult) -> Renderable:
    """Success or failure, and which critical if any."""
    said = text.SUCCESS if step.success else text.FAILURE
    crit = _crit_text(step.critical)
    return Cat((said, crit), ", ") if crit is not None else said


def new_situation(result: ite.ChainResult) -> Renderable:
    checks = Cat(
        tuple(
            Cat((text.NAME[s.kind], " (", _crit_text(s.critical) or "", ")"))
            for s in result.stages
            if s.critical
        ),
        ", ",
    )
    return text.NEW_SITUATION(checks=checks)


def summary(result: ite.ChainResult) -> Renderable:
    """The one-line outcome (shown, announced and logged in both languages): the chain's verdict
    first (a phone's action bar shows the line's start), then each check's."""
    parts: list[Renderable] = [
        Cat((text.NAME[s.kind], f": {MARGIN_LETTER[s.kind]} = ", num(s.margin), " — ", verdict(s)))
        for s in result.stages
    ]
    parts += [Cat((text.NAME[kind], " — ", text.NOT_ROLLED)) for kind in result.skipped]
    chain = text.CHAIN_ALL if result.all_succeed else text.CHAIN_NOT_ALL
    line: list[Renderable] = [chain, " ", Cat(tuple(parts), "; "), "."]
    if result.new_situation:
        line += [" ", new_situation(result)]
    return Cat(tuple(line))


def _faces(faces: tuple[int, ...]) -> str:
    return "(" + " + ".join(str(f) for f in faces) + ")"


def roll_rows(stages: tuple[ite.Stage, ...], result: ite.ChainResult) -> list[tuple[Renderable, ...]]:
    """The roll table: each check's two sides, what it carried, its margin and verdict."""
    by_kind = {stage.kind: stage for stage in stages}
    rows: list[tuple[Renderable, ...]] = []
    for step in result.stages:
        stage = by_kind[step.kind]
        c = stage.check
        sign = f"+ {c.modifier}" if c.modifier >= 0 else f"− {-c.modifier}"
        left = f"{c.x} + {_faces(step.faces)} {sign} = {step.left}"
        right_part: Renderable = _faces(step.right_faces) if step.right_faces else num(c.constant)
        right = Cat((f"{c.difficulty} + ", right_part, " = ", num(step.right)))
        carried: Renderable = num(step.carried) if stage.carry else "—"
        margin = Cat((f"{MARGIN_LETTER[step.kind]} = ", num(step.margin)))
        rows.append((text.NAME[step.kind], left, right, carried, margin, verdict(step)))
    for kind in result.skipped:
        rows.append((text.NAME[kind], "—", "—", "—", "—", text.NOT_ROLLED_STOPPED))
    return rows
