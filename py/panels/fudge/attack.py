"""FUDGE attack sub-tool (seed 002, 1.6, 2.3, 3.1, 3.2): attack against dodge or a still target,
rapid fire, damage factors, exact odds, the roll, and damage ready to mark on the wounds.

The odds are computed on the page, in the view, with no compute-worker job (``kit.compute``):
``rules.fudge.attack_odds`` resolves one pair of totals per attack and defence outcome, at most
13 × 13 for the seed's dice, whatever the bullets (a burst's hits are a formula of the margin).
The heaviest case the form accepts (1000 bullets, every dice, a dodging target) takes about
0.2 ms on CPython, and the whole panel's view about 3 ms: far within a frame.

It works on ``Attacking``: the chosen dice, its own ``AttackState``, and the pools and wounds
(``Pooled``) that its hits feed and its «Отметить» marks.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import TypedDict

from kit import fmt
from kit.form import Form, InputError, read_bool, read_choice, read_int, read_optional_int
from kit.journal import Note
from kit.msg import Cat, Renderable, pct, signed
from kit.panel import Outcome, SetFields
from kit.part import Part, field_part
from kit.view import Node, Show, View, bar_chart, table_rows
from panels.fudge import accumulators, rolls, text_cast, words, wounds
from panels.fudge import text_attack as text
from panels.fudge.dice import read_dice
from panels.fudge.state import Attacking, AttackSetup, AttackState, Wounded
from panels.shell.table import mark_table, rolled_by_hand
from rules import dice as dice_rules
from rules import fudge

__all__ = [
    "FIELDS",
    "WEAPON_KEYS",
    "apply",
    "attack",
    "compute_damage",
    "factors",
    "read_picked",
    "read_setup",
    "set_setup",
    "view",
]

# Weapon choices: "m<i>" = MELEE_WEAPONS[i], "r<i>" = RANGED_WEAPONS[i].
WEAPON_KEYS = tuple(f"m{i}" for i in range(len(fudge.MELEE_WEAPONS))) + tuple(
    f"r{i}" for i in range(len(fudge.RANGED_WEAPONS))
)
MAX_MULTIPLIER = 20  # the seed's "Базука (6+)S" has no upper bound; the form stops here
# the fields ``read_setup`` reads: a change of any of them is ``set_setup``
FIELDS = tuple(
    f"fudge-{name}"
    for name in "weapon wx wy att range def no-dodge min-hit graze bullets str dtype amnv ascale armour "
    "tough dmnv dscale".split()
)
POOLED = field_part("pooled")  # the accumulators' part inside this one
WOUNDED: Part[Attacking, Wounded] = Part(  # the wound tools' part inside this one
    lambda part: part.pooled.wounded,
    lambda part, hurt: replace(part, pooled=replace(part.pooled, wounded=hurt)),
)


def _preset(key: str) -> fudge.RangedPreset | None:
    return fudge.RANGED_WEAPONS[int(key[1:])] if key.startswith("r") else None


def read_setup(form: Form, old: AttackSetup, *, keep_model: bool = False) -> tuple[AttackSetup, bool]:
    """The attack as typed, and whether a newly chosen firearm starts at its lowest model (then
    its x and y fields are not read but reset). ``keep_model`` reads them anyway (a restored form)."""
    key = read_choice(form, "fudge-weapon", WEAPON_KEYS, text.WEAPON)
    preset = _preset(key)
    reset = preset is not None and key != old.weapon and not keep_model
    x, y = old.x, old.y
    if reset and preset is not None:
        x, y = preset.multiplier_min, preset.bonus_min
    elif preset is not None:
        name = words.term(preset.name)
        top = MAX_MULTIPLIER if preset.multiplier_max is None else preset.multiplier_max
        x = read_int(form, "fudge-wx", preset.multiplier_min, top, text.MULTIPLIER(weapon=name))
        y = read_int(form, "fudge-wy", preset.bonus_min, preset.bonus_max, text.BONUS(weapon=name))
    setup = AttackSetup(
        total=read_int(form, "fudge-att", -30, 30, text.ATTACK_NAME),
        metres=read_optional_int(form, "fudge-range", 0, 1000, text.RANGE),
        dodge=read_int(form, "fudge-def", -30, 30, text.DODGE),
        no_dodge=read_bool(form, "fudge-no-dodge"),
        min_hit=read_int(form, "fudge-min-hit", -8, 8, text.MIN_HIT_FIELD),
        graze_cap=int(read_choice(form, "fudge-graze", ("1", "2"), text.GRAZE)),
        bullets=read_optional_int(form, "fudge-bullets", 1, 1000, text.BULLETS_NAME),
        weapon=key,
        x=x,
        y=y,
        strength=read_int(form, "fudge-str", -10, 10, text.STRENGTH),
        dtype=read_choice(form, "fudge-dtype", ("", *fudge.DAMAGE_TYPES), text.DAMAGE_TYPE),
        attack_maneuver=read_int(form, "fudge-amnv", -10, 10, text.ATTACK_MANEUVER),
        attack_scale=read_int(form, "fudge-ascale", -20, 60, text.ATTACK_SCALE),
        armour=read_choice(form, "fudge-armour", ("", *fudge.ARMOUR), text.ARMOUR_FIELD),
        toughness=read_int(form, "fudge-tough", -10, 10, text.TOUGHNESS),
        defence_maneuver=read_int(form, "fudge-dmnv", -10, 10, text.DEFENCE_MANEUVER),
        defence_scale=read_int(form, "fudge-dscale", -20, 60, text.DEFENCE_SCALE),
    )
    return setup, reset


def weapon(setup: AttackSetup) -> fudge.Weapon:
    preset = _preset(setup.weapon)
    return fudge.MELEE_WEAPONS[int(setup.weapon[1:])] if preset is None else preset.weapon(setup.x, setup.y)


def factors(setup: AttackSetup) -> fudge.DamageFactors:
    return fudge.DamageFactors(
        weapon(setup),
        strength=setup.strength,
        damage_type=fudge.DAMAGE_TYPES.get(setup.dtype, 0),
        attack_scale=setup.attack_scale,
        attack_maneuver=setup.attack_maneuver,
        armour=fudge.ARMOUR.get(setup.armour, 0),
        toughness=setup.toughness,
        defence_scale=setup.defence_scale,
        defence_maneuver=setup.defence_maneuver,
    )


def _penalty(setup: AttackSetup) -> int:
    return 0 if setup.metres is None else fudge.range_penalty(setup.metres)


def _sides(setup: AttackSetup) -> tuple[fudge.Side, fudge.Side | None]:
    attacker = fudge.Side(modifier=setup.total)
    return attacker, None if setup.no_dodge else fudge.Side(modifier=setup.dodge)


class _Options(TypedDict):
    graze_cap: int
    bullets: int | None
    min_hit_level: int
    range_penalty: int


def _options(setup: AttackSetup) -> _Options:
    # seed 002 §2.3 «штрафы добавляются к сложности»: the penalty raises the counted defence
    return {
        "graze_cap": setup.graze_cap,
        "bullets": setup.bullets,
        "min_hit_level": setup.min_hit,
        "range_penalty": _penalty(setup),
    }


def odds(setup: AttackSetup, dice: str) -> fudge.AttackOdds:
    attacker, defender = _sides(setup)
    return fudge.attack_odds(attacker, defender, factors(setup), dice, **_options(setup))


def formula(w: fudge.Weapon) -> str:
    s = "S" if w.multiplier == 1 else f"{w.multiplier}S"
    return s if w.bonus == 0 else f"{s}{fmt.signed(w.bonus)}"


def _preset_range(preset: fudge.RangedPreset) -> str:
    low = fudge.Weapon(preset.name, preset.multiplier_min, preset.bonus_min, ranged=True)
    if preset.multiplier_max is None:
        return f"({preset.multiplier_min}+)S"
    high = fudge.Weapon(preset.name, preset.multiplier_max, preset.bonus_max, ranged=True)
    return f"{formula(low)}…{formula(high)}"


def set_setup(state: Attacking, form: Form) -> Attacking | Outcome[Attacking]:
    """A changed field of the attack: new odds, no highlight; a new firearm starts at its lowest model."""
    setup, reset = read_setup(form, state.attack.setup)
    done = replace(state, attack=replace(state.attack, setup=setup, hit=None))
    if not reset:
        return done
    return Outcome(done, effects=(SetFields((("fudge-wx", str(setup.x)), ("fudge-wy", str(setup.y)))),))


def read_picked(state: Attacking, form: Form) -> Attacking:
    """The attack filled from a picked sheet: as ``set_setup``, but a picked firearm keeps the
    sheet's x and y (``keep_model``)."""
    setup = read_setup(form, state.attack.setup, keep_model=True)[0]
    return replace(state, attack=replace(state.attack, setup=setup, hit=None))


def _factors_text(f: fudge.DamageFactors) -> Renderable:
    return text.FACTORS(
        weapon=words.term(f.weapon.name),
        formula=formula(f.weapon),
        strength=signed(f.strength),
        kind=signed(f.damage_type),
        attack_maneuver=signed(f.attack_maneuver),
        attack_scale=signed(f.attack_scale),
        armour=signed(f.armour),
        toughness=signed(f.toughness),
        defence_maneuver=signed(f.defence_maneuver),
        defence_scale=signed(f.defence_scale),
    )


def _summary(setup: AttackSetup, dice: str) -> Renderable:
    parts: list[Renderable] = [text.SUMMARY_ATTACK(dice=words.dice_label(dice), total=signed(setup.total))]
    if setup.metres is not None:
        penalty = _penalty(setup)
        parts.append(text.SUMMARY_RANGE(metres=setup.metres, penalty=signed(penalty), size=-penalty))
    parts.append(text.SUMMARY_NO_DODGE if setup.no_dodge else text.SUMMARY_DODGE(dodge=signed(setup.dodge)))
    parts.append(text.SUMMARY_MIN_HIT(level=signed(setup.min_hit)))
    if setup.bullets is not None:
        parts.append(text.SUMMARY_BURST(bullets=setup.bullets))
    return Cat((Cat(tuple(parts), "; "), ". ", _factors_text(factors(setup)), "."))


def _detail_text(detail: fudge.Damage | None, scale_rate: int) -> Renderable:
    """The sub-scale or exhaustion part of a hit, with a leading space ("" when there is none)."""
    if detail is None:
        return ""
    if detail.sub_scale:
        return text.SUB_SCALE_NOTE(amount=detail.sub_scale, rate=scale_rate)
    if detail.exhaustion:
        return text.EXHAUSTION_NOTE(amount=detail.exhaustion, rate=fudge.EXHAUSTION_RATE)
    return ""


def _describe(result: fudge.AttackResult, setup: AttackSetup, dice: str) -> Renderable:
    a = text.ATTACK_ROLL(
        faces=words.faces(result.attack_roll),
        value=signed(result.attack_roll.value),
        total=words.level(result.attack_total),
    )
    if result.defence_roll is None:
        d: Renderable = text.NOT_DODGING(level=words.level(result.defence_counted))
    else:
        d = text.DODGE_ROLL(
            faces=words.faces(result.defence_roll),
            value=signed(result.defence_roll.value),
            total=signed(result.defence_total),
        )
        if result.defence_counted != result.defence_total:
            d = Cat((d, text.COUNTED(level=words.level(result.defence_counted))))
    if result.outcome == fudge.FAILURE:
        below = result.attack_total < setup.min_hit
        outcome: Renderable = text.MISSED(why=text.BELOW_MIN(level=signed(setup.min_hit)) if below else "")
    else:
        kind = text.GRAZE if result.outcome == fudge.TIE else text.HIT
        if setup.bullets is not None:
            outcome = text.BURST_HIT(
                kind=kind,
                hits=result.hits,
                bullets=setup.bullets,
                damage=result.damage,
                margin=signed(fudge.rapid_fire_bullet_margin(result.margin)),
            )
        else:
            outcome = text.SHOT_HIT(kind=kind, damage=result.damage)
        outcome = Cat((outcome, _detail_text(result.detail, -factors(setup).scale_difference)))
    return text.ATTACK_ROLLED(
        dice=words.dice_label(dice),
        attack=a,
        defence=d,
        margin=words.level(result.margin),
        outcome=outcome,
        hit=pct(result.odds.hit),
        graze=pct(result.odds.graze),
    )


def attack(rng: random.Random, state: Attacking, form: Form) -> Outcome[Attacking]:
    """Roll the attack; its wounds are ready to mark; sub-scale or exhaustion damage feeds the pools.
    The result line shown says «со стола» when the dice were typed (the log line is marked by
    ``from_table``)."""
    dice = read_dice(form)
    setup, _ = read_setup(form, state.attack.setup, keep_model=True)
    attacker, defender = _sides(setup)
    result = fudge.attack(rng, attacker, defender, factors(setup), dice, **_options(setup))
    line = _describe(result, setup, dice)
    shown = mark_table(line, rolled_by_hand(rng))
    done = replace(
        state,
        dice=dice,
        attack=AttackState(
            setup, shown, result.damage, hit_dice=dice, pending=result.wounds, outcome=result.outcome
        ),
    )
    data = Note(roll=rolls.attack(result))
    if result.detail is None:
        return Outcome(done, log=line, effects=(data,))
    fed = accumulators.feed(done.pooled, result.detail, result.hits)
    if fed is None:
        return Outcome(done, log=line, effects=(data,))
    lifted = POOLED.outcome(done, fed)
    log = Cat((line, " ", fed.log)) if fed.log is not None else line
    return replace(lifted, log=log, effects=(*lifted.effects, data))


def compute_damage(state: Attacking, form: Form) -> Outcome[Attacking]:
    """Damage for a given margin S with the current factors; ready to mark."""
    margin = read_int(form, "fudge-margin", 1, 30, text.MARGIN_S)
    setup, _ = read_setup(form, state.attack.setup, keep_model=True)
    f = factors(setup)
    result = fudge.damage(margin, f)
    line = Cat(
        (
            text.DAMAGE_COMPUTED(
                margin=margin,
                weapon=words.term(f.weapon.name),
                formula=formula(f.weapon),
                term=signed(f.weapon.term(margin)),
                strength=signed(f.strength),
                kind=signed(f.damage_type),
                attack_maneuver=signed(f.attack_maneuver),
                scales=signed(f.scale_difference),
                armour=signed(-f.armour),
                toughness=signed(-f.toughness),
                defence_maneuver=signed(-f.defence_maneuver),
                amount=result.amount,
            ),
            _detail_text(result, -f.scale_difference),
        )
    )
    done = replace(state, attack=AttackState(setup, line, pending=result.wounds))
    return Outcome(done, log=line)


def apply(state: Attacking, form: Form) -> Outcome[Attacking]:
    """Mark the last attack's (or computed) wounds on the track, one per hitting bullet."""
    amounts = state.attack.pending
    if not amounts:
        raise InputError(text.NOTHING_TO_MARK)
    target = state.attack.target
    hurt = WOUNDED.get(state)
    if target:
        entry = hurt.roster.get(target)
        if entry is None:
            raise InputError(text_cast.TARGET_GONE)
        if wounds.owner(hurt, target) is None:
            raise InputError(text_cast.TARGET_NO_TRACK(name=entry.name))
        track = entry.sheet.wounds
    else:
        track = hurt.wounds.track  # by hand: the hand track (shown again: commit with no owner)
    track, marked = wounds.mark_each(track, amounts)
    said = text.MARKED_FROM_ATTACK(amounts=", ".join(map(str, amounts)), marked=marked)
    cleared = replace(state, attack=replace(state.attack, pending=()))
    return WOUNDED.outcome(cleared, wounds.commit(hurt, track, said, target))


def _weapon_options(chosen: str) -> tuple[Node, ...]:
    melee = tuple(
        words.option(f"m{i}", Cat((words.term(w.name), f" ({formula(w)})")), chosen)
        for i, w in enumerate(fudge.MELEE_WEAPONS)
    )
    ranged = tuple(
        words.option(f"r{i}", Cat((words.term(p.name), f" {_preset_range(p)}")), chosen)
        for i, p in enumerate(fudge.RANGED_WEAPONS)
    )
    return (
        Node("optgroup", attrs=(("label", text.MELEE),), children=melee),
        Node("optgroup", attrs=(("label", text.FIREARMS),), children=ranged),
    )


def _weapon_label(key: str) -> Renderable:
    """The chosen weapon's whole name and characteristic (a phone's select shows its start only)."""
    index = int(key[1:])
    if key.startswith("m"):
        weapon = fudge.MELEE_WEAPONS[index]
        return Cat((words.term(weapon.name), f" ({formula(weapon)})"))
    preset = fudge.RANGED_WEAPONS[index]
    return Cat((words.term(preset.name), f" {_preset_range(preset)}"))


def _table_select(table: dict[str, int], chosen: str) -> Show:
    choices = [("", "—"), *((name, Cat((words.term(name), " ", signed(v)))) for name, v in table.items())]
    return words.select(choices, chosen)


def view(state: Attacking) -> View:
    setup, dice = state.attack.setup, state.dice
    chances = odds(setup, dice)
    hurt = sum((p for d, p in chances.damage.items() if d >= 1), Fraction(0))
    damages = chances.damage
    hit = state.attack.hit if state.attack.hit_dice == dice else None
    ranged = setup.weapon.startswith("r")
    return {
        "fudge-weapon": Show(children=_weapon_options(setup.weapon), value=setup.weapon),
        "fudge-dtype": _table_select(fudge.DAMAGE_TYPES, setup.dtype),
        "fudge-armour": _table_select(fudge.ARMOUR, setup.armour),
        "fudge-wx-wrap": Show(hidden=not ranged),
        "fudge-wy-wrap": Show(hidden=not ranged),
        "fudge-att-odds": Show(
            children=table_rows(
                [
                    (text.MISS, pct(chances.miss)),
                    (text.GRAZE, pct(chances.graze)),
                    (text.HIT, pct(chances.hit)),
                    (text.HURT, pct(hurt)),
                ]
            )
        ),
        "fudge-att-chart": Show(
            children=bar_chart(
                [(str(d), p) for d, p in damages.items()], highlight=None if hit is None else str(hit)
            ),
            attrs=(("aria-hidden", "true"),),
        ),
        "fudge-att-damage": Show(
            children=table_rows(
                [(str(d), pct(p), pct(dice_rules.at_least(damages, d))) for d, p in damages.items()]
            )
        ),
        "fudge-hits-wrap": Show(hidden=chances.hits is None),
        "fudge-att-hits": Show(
            children=table_rows([(str(n), pct(p)) for n, p in (chances.hits or {}).items()])
        ),
        "fudge-att-summary": Show(text=_summary(setup, dice)),
        "fudge-weapon-note": Show(text=text.WEAPON_CHOSEN(weapon=_weapon_label(setup.weapon))),
        "fudge-att-result": Show(text="" if state.attack.result is None else state.attack.result),
        "fudge-apply": Show(disabled=not state.attack.pending),
    }
