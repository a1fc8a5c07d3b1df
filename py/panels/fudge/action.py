"""FUDGE action sub-tool (seed 002, 1.2, 2.1, 2.2): one-sided and opposed actions, odds and roll."""

from __future__ import annotations

import random
from dataclasses import replace

from kit import common, fmt
from kit.form import Form, InputError, read_choice, read_int
from kit.journal import Note
from kit.msg import Msg, Renderable, pct, signed
from kit.panel import Outcome
from kit.view import Show, View, bar_chart, table_rows
from panels.fudge import rolls, text, words
from panels.fudge.dice import read_dice
from panels.fudge.state import Acting, ActionSetup, ActionState, SideInput
from panels.shell.table import mark_table, rolled_by_hand
from rules import dice as dice_rules
from rules import fudge

__all__ = ["FIELDS", "odds", "read_setup", "roll", "set_setup", "side", "view"]

SKILL_MODES = ("have", "required", "free")
MODES = ("one", "opp")
WHO = {"a": text.SIDE_NAME_A, "b": text.SIDE_NAME_B}
SIDE_FIELDS = ("attr", "skill-mode", "skill", "adj", "tech", "mod")
# the fields ``read_setup`` reads: a change of any of them is ``set_setup``
FIELDS = ("fudge-mode", "fudge-diff", *(f"fudge-{p}-{f}" for p in WHO for f in SIDE_FIELDS))


def _read_side(form: Form, prefix: str) -> SideInput:
    who = WHO[prefix]
    attribute = read_int(form, f"fudge-{prefix}-attr", -10, 10, text.FIELD_ATTRIBUTE(who=who))
    mode = read_choice(form, f"fudge-{prefix}-skill-mode", SKILL_MODES, text.SKILL)
    value = read_int(form, f"fudge-{prefix}-skill", -10, 10, text.FIELD_SKILL(who=who))
    adjustment = read_int(form, f"fudge-{prefix}-adj", -10, 10, text.FIELD_ADJ(who=who))
    technique = read_int(form, f"fudge-{prefix}-tech", -10, 10, text.FIELD_TECHNIQUE(who=who))
    modifier = read_int(form, f"fudge-{prefix}-mod", -30, 30, text.FIELD_MODIFIERS(who=who))
    if mode == "have" and adjustment:
        raise InputError(text.ADJ_ONLY_DEFAULT(who=who))
    return SideInput(attribute, mode, value, adjustment, technique, modifier)


def read_setup(form: Form, old: ActionSetup) -> ActionSetup:
    """The action as typed; side B (or the difficulty) is read only when it counts."""
    mode = read_choice(form, "fudge-mode", MODES, text.ACTION_KIND)
    a = _read_side(form, "a")
    if mode == "one":
        difficulty = read_int(form, "fudge-diff", -8, 8, common.DIFFICULTY)
        return ActionSetup(mode, a, old.b, difficulty)
    return ActionSetup(mode, a, _read_side(form, "b"), old.difficulty)


def side(given: SideInput) -> fudge.Side:
    if given.mode == "have":
        skill = fudge.skill_term(given.value)
    elif given.mode == "required":
        skill = fudge.skill_term(None, required=True, default=given.value, adjustment=given.adjustment)
    else:
        skill = fudge.skill_term(None, adjustment=given.adjustment)
    return fudge.Side(given.attribute, skill, given.technique, given.modifier)


def _side_text(given: SideInput, who: Msg) -> Renderable:
    total = side(given)
    skill = signed(total.skill)
    if given.mode == "have":
        how: Renderable = text.HOW_HAVE(skill=skill)
    elif given.mode == "required":
        how = text.HOW_REQUIRED(value=signed(given.value), adjustment=signed(given.adjustment), skill=skill)
    else:
        how = text.HOW_FREE(adjustment=signed(given.adjustment), skill=skill)
    return text.SIDE_SUMMARY(
        who=who,
        attribute=signed(given.attribute),
        how=how,
        technique=signed(given.technique),
        modifier=signed(given.modifier),
        total=signed(total.static),
    )


def odds(setup: ActionSetup, dice: str) -> fudge.ActionOdds:
    if setup.mode == "one":
        return fudge.one_sided_odds(side(setup.a), setup.difficulty, dice)
    return fudge.opposed_odds(side(setup.a), side(setup.b), dice)


def set_setup(state: Acting, form: Form) -> Acting:
    """A changed field of the action: new odds, no highlight (the last result stays)."""
    setup = read_setup(form, state.action.setup)
    return replace(state, action=replace(state.action, setup=setup, hit=None))


def describe(result: fudge.ActionResult) -> Renderable:
    name = result.roll.dice
    if result.opposing_roll is None:
        against: Renderable = text.AGAINST_DIFFICULTY(level=words.level(result.against))
    else:
        theirs = result.opposing_roll
        against = text.AGAINST_B(
            faces=words.faces(theirs), value=signed(theirs.value), level=words.level(result.against)
        )
    return text.ACTION_ROLLED(
        dice=words.dice_label(name),
        faces=words.faces(result.roll),
        value=signed(result.roll.value),
        total=words.level(result.total),
        against=against,
        margin=words.level(result.margin),
        label=words.outcome_label(result.outcome),
        outcome=words.OUTCOME_TEXT[result.outcome],
        p=pct(getattr(result.odds, result.outcome)),
    )


def roll(rng: random.Random, state: Acting, form: Form) -> Outcome[Acting]:
    dice = read_dice(form)
    setup = read_setup(form, state.action.setup)
    if setup.mode == "one":
        result = fudge.one_sided(rng, side(setup.a), setup.difficulty, dice)
    else:
        result = fudge.opposed(rng, side(setup.a), side(setup.b), dice)
    typed = rolled_by_hand(rng)
    done = Acting(dice, ActionState(setup, result, result.margin, from_table=typed))
    return Outcome(done, log=describe(result), effects=(Note(roll=rolls.action(result)),))


def view(state: Acting) -> View:
    setup, dice = state.action.setup, state.dice
    chances = odds(setup, dice)
    margins = dict(sorted(chances.margins.items()))
    last = state.action.last
    hit = state.action.hit if last is not None and last.roll.dice == dice else None
    if setup.mode == "one":
        summary = text.ONE_SIDED_SUMMARY(
            dice=words.dice_label(dice), a=_side_text(setup.a, WHO["a"]), level=words.level(setup.difficulty)
        )
    else:
        summary = text.OPPOSED_SUMMARY(
            dice=words.dice_label(dice), a=_side_text(setup.a, WHO["a"]), b=_side_text(setup.b, WHO["b"])
        )
    levels = [(str(level), words.level(level)) for level in sorted(fudge.LADDER, reverse=True)]
    return {
        "fudge-diff": words.select(levels, str(setup.difficulty)),
        "fudge-diff-wrap": Show(hidden=setup.mode != "one"),
        "fudge-side-b": Show(hidden=setup.mode == "one"),
        "fudge-act-odds": Show(
            children=table_rows(
                [
                    (words.outcome_line(fudge.FAILURE), pct(chances.failure)),
                    (words.outcome_line(fudge.TIE), pct(chances.tie)),
                    (words.outcome_line(fudge.SUCCESS), pct(chances.success)),
                ]
            )
        ),
        "fudge-act-chart": Show(
            children=bar_chart(
                [(fmt.signed(m), p) for m, p in margins.items()],
                highlight=None if hit is None else fmt.signed(hit),
            ),
            attrs=(("aria-hidden", "true"),),
        ),
        "fudge-act-margins": Show(
            children=table_rows(
                [
                    (signed(m), words.ladder(m), pct(p), pct(dice_rules.at_least(margins, m)))
                    for m, p in margins.items()
                ]
            )
        ),
        "fudge-act-summary": Show(text=summary),
        "fudge-act-result": Show(
            text="" if last is None else mark_table(describe(last), state.action.from_table)
        ),
    }
