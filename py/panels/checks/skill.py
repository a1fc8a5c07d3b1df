"""Skill check («Проверка навыка»): ladders, the clamp rule, tier odds and the seed's claims.

>>> import random
>>> from kit.msg import render
>>> state = roll(random.Random(2), State(), {**FORM, "chk-skill": "8"}).state
>>> state.skill, state.last.skill
(8, 8)
>>> render(view(State())["chk-skill-gloss"].text, "en")
'+4: apprentice («ученик»), trainee («стажер»); difficulty −4: easy («легкая»).'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from kit import common
from kit.form import Form, read_int
from kit.journal import Note
from kit.msg import Cat, Renderable, num, pct, signed
from kit.panel import Outcome
from kit.view import Node, Show, View
from panels.checks import parts, rolls, seed, text
from panels.shell.table import mark_table, rolled_by_hand
from rules import gauss

__all__ = ["FORM", "Rolled", "State", "dump", "load", "read", "roll", "view"]

MOD_RANGE = (-30, 30)
FORM = {"chk-skill": "4", "chk-diff": "-4", "chk-skill-sit": "0", "chk-skill-luck": "5"}


@dataclass(frozen=True)
class Rolled:
    """A rolled skill check and the rungs it was rolled against (for its line)."""

    skill: int
    difficulty: int
    result: gauss.CheckResult
    from_table: bool = False  # its dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class State:
    skill: int = 4
    difficulty: int = -4
    situational: int = 0
    luck: int = gauss.NEUTRAL_LUCK
    last: Rolled | None = None


def read(state: State, form: Form) -> State:
    """The inputs; a bad one raises InputError and nothing changes. The last roll stays."""
    return replace(
        state,
        skill=parts.read_ladder(form, "chk-skill", gauss.SKILL_LEVELS, text.SKILL_LEVEL),
        difficulty=parts.read_ladder(form, "chk-diff", gauss.DIFFICULTIES, common.DIFFICULTY),
        situational=read_int(form, "chk-skill-sit", *MOD_RANGE, text.SITUATIONAL),
        luck=read_int(form, "chk-skill-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.LUCK),
    )


def line(rolled: Rolled) -> Renderable:
    result = rolled.result
    return text.SKILL_LINE(
        skill=seed.SKILL_NAMES[rolled.skill],
        skill_value=signed(rolled.skill),
        difficulty=seed.DIFFICULTY_NAMES[rolled.difficulty],
        difficulty_value=signed(rolled.difficulty),
        roll=parts.roll_text(result.roll),
        modifier=signed(result.modifier),
        value=result.value,
        verdict=seed.TIER_HEADS[(result.tier.key, result.success)],
    )


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    new = read(state, form)
    result = gauss.skill_check(rng, new.skill, new.difficulty, situational=new.situational, luck=new.luck)
    rolled = Rolled(new.skill, new.difficulty, result, rolled_by_hand(rng))
    odds = gauss.skill_check_odds(new.skill, new.difficulty, situational=new.situational, luck=new.luck)
    data = Note(roll=rolls.skill(odds, result))
    return Outcome(replace(new, last=rolled), log=line(rolled), effects=(data,))


def _claim(state: State, modifier: int, failure: Any) -> Renderable | None:
    """The seed's printed failure figure, when this check is one of its claims."""
    steps = -modifier // gauss.DIFFICULTY_STEP
    if (
        state.luck != gauss.NEUTRAL_LUCK
        or modifier > 0
        or modifier % 2
        or steps not in gauss.SEED_FAILURE_AT_STEPS
    ):
        return None
    printed = gauss.SEED_FAILURE_AT_STEPS[steps]
    verdict = text.MATCHES if printed == failure else text.EXACT_IS(exact=pct(failure))
    head = text.AT_LEVEL if steps == 0 else text.STEPS_ABOVE(steps=steps)
    return text.CLAIM(head=head, printed=_seed_pct(printed), verdict=verdict)


def _seed_pct(p: Any) -> Renderable:
    """A printed seed figure as the seed prints it: 18 %, 99,95 %."""
    return text.SEED_PERCENT(n=num(p * 100))


def view(state: State) -> View:
    odds = gauss.skill_check_odds(
        state.skill, state.difficulty, situational=state.situational, luck=state.luck
    )
    modifier = odds.modifier
    last = state.last
    same = last is not None and last.result.modifier == modifier and last.result.roll.luck == state.luck
    hit = last.result.tier.key if same and last is not None else None
    bar, legend = parts.stack([(t.key, seed.TIERS[t.key], p) for t, p in odds.tiers], hit)
    rows = [
        parts.hit_row(
            (parts.span(t.low, t.high), parts.marked(seed.TIERS[t.key], t.key == hit), pct(p)), t.key == hit
        )
        for t, p in odds.tiers
    ]
    rows.append(parts.hit_row(("8–20", text.SUCCESS_TOTAL, pct(odds.success)), cls="row-total"))
    rows.append(parts.hit_row(("1–7", text.FAILURE_TOTAL, pct(odds.failure)), cls="row-total"))
    claims: list[Node] = []
    for n, printed in gauss.SEED_FAILURE_AT_STEPS.items():
        exact = gauss.failure_at_steps(n)
        shown = _seed_pct(printed) if exact == printed else Cat((_seed_pct(printed), " ≠"))
        current = state.luck == gauss.NEUTRAL_LUCK and modifier == -gauss.DIFFICULTY_STEP * n
        claims.append(parts.hit_row((str(n), shown, pct(exact)), current))
    claim = _claim(state, modifier, odds.failure)
    return {
        "chk-skill-mod": Show(
            text=text.SKILL_MOD(
                modifier=signed(modifier),
                skill=signed(state.skill),
                difficulty=signed(state.difficulty),
                situational=signed(state.situational),
                luck=state.luck,
                success=pct(odds.success),
                failure=pct(odds.failure),
            )
        ),
        "chk-skill-gloss": Show(
            text=text.SKILL_GLOSS(
                skill=seed.SKILL_TITLES[state.skill], difficulty=seed.DIFFICULTY_OPTIONS[state.difficulty]
            )
        ),
        "chk-skill-result": Show(text="" if last is None else mark_table(line(last), last.from_table)),
        "chk-skill-bar": Show(children=bar, attrs=(("aria-hidden", "true"),)),
        "chk-skill-legend": Show(children=legend),
        "chk-skill-odds": Show(children=tuple(rows)),
        "chk-claims": Show(children=tuple(claims)),
        "chk-skill-claim": Show(text=claim or "", hidden=claim is None),
    }


def dump(state: State) -> dict[str, Any]:
    """The inputs (a roll is not kept over a reload, as before the kit)."""
    return {
        "skill": state.skill,
        "difficulty": state.difficulty,
        "situational": state.situational,
        "luck": state.luck,
    }


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("skill state must be an object")
    skill = gauss.skill_level(raw.get("skill")).value
    difficulty = gauss.difficulty_level(raw.get("difficulty")).value
    situational = parts.saved_int(raw, "situational", *MOD_RANGE)
    return State(skill, difficulty, situational, gauss.check_luck(raw.get("luck")))
