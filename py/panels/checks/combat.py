"""Combat with active defence («Бой с активной защитой»): attack check, defence check, opposed check.

The narration is built from the ``Exchange`` data as renderables, so one builder serves both
languages.

>>> from kit.msg import render
>>> exchange = gauss.Exchange(gauss.CombatSetup(), None, None, None, gauss.DEFENDER_HELPLESS)
>>> [render(line, "en") for line in narration(exchange)]
['Defender helpless: automatic success for the attacker.', 'Result: damage ×1']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from kit.form import Form, read_bool, read_int
from kit.journal import Note
from kit.msg import Cat, Renderable, pct, signed
from kit.panel import Outcome
from kit.view import Show, View, items
from panels.checks import combat_default, parts, rolls, seed, text
from panels.shell.table import mark_table, rolled_by_hand
from rules import gauss

__all__ = ["FORM", "State", "damage_label", "dump", "load", "narration", "read", "roll", "row_text", "view"]

MOD_RANGE = (-30, 30)
FORM = {
    "chk-cmb-att": "0",
    "chk-cmb-diff": "0",
    "chk-cmb-sit": "0",
    "chk-cmb-def": "0",
    "chk-cmb-penalty": "0",
    "chk-cmb-armour": "0",
    "chk-cmb-pierce": "0",
    "chk-cmb-aluck": "5",
    "chk-cmb-dluck": "5",
    "chk-cmb-blockable": True,
    "chk-cmb-candefend": True,
    "chk-cmb-helpless": False,
}
ENDING_KEYS = {ending: ending.replace("_", "-") for ending in gauss.ENDINGS}


@dataclass(frozen=True)
class State:
    """``setup.attack_modifier`` is the attack check's whole modifier: the attacker's combat skill,
    the manoeuvre's ``difficulty`` on the skill checks' ladder and the ``situational`` modifier
    (seed 000, «Бой с активной защитой»: «Учитываются модификаторы навыков и характеристик, а так
    же все то, что позволяет лучше выполнить маневр атаки»; the attack check is a skill check)."""

    setup: gauss.CombatSetup = field(default_factory=gauss.CombatSetup)
    last: gauss.Exchange | None = None
    from_table: bool = False  # the last exchange's dice were typed (rolled by hand at the table)
    difficulty: int = 0
    situational: int = 0

    @property
    def skill(self) -> int:
        """The attacker's combat skill (and characteristics), as typed."""
        return self.setup.attack_modifier - self.difficulty - self.situational


def read(state: State, form: Form) -> State:
    skill = read_int(form, "chk-cmb-att", *MOD_RANGE, text.ATTACKER_SKILL)
    difficulty = parts.read_ladder(form, "chk-cmb-diff", gauss.DIFFICULTIES, text.MANOEUVRE_DIFFICULTY)
    situational = read_int(form, "chk-cmb-sit", *MOD_RANGE, text.MANOEUVRE_SITUATION)
    setup = gauss.CombatSetup(
        attack_modifier=skill + difficulty + situational,
        defence_modifier=read_int(form, "chk-cmb-def", *MOD_RANGE, text.DEFENCE_SKILL_NAME),
        armour_penalty=read_int(form, "chk-cmb-penalty", -20, 0, text.ARMOUR_PENALTY),
        armour_bonus=read_int(form, "chk-cmb-armour", 0, 20, text.ARMOUR_BONUS),
        weapon_piercing=read_int(form, "chk-cmb-pierce", 0, 20, text.WEAPON_PIERCING),
        attack_luck=read_int(form, "chk-cmb-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.ATTACK_LUCK),
        defence_luck=read_int(form, "chk-cmb-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, text.DEFENDER_LUCK),
        blockable=read_bool(form, "chk-cmb-blockable"),
        defender_helpless=read_bool(form, "chk-cmb-helpless"),
        defender_can_defend=read_bool(form, "chk-cmb-candefend"),
    )
    return replace(state, setup=setup, difficulty=difficulty, situational=situational)


def damage_label(effect: gauss.DamageEffect) -> Renderable:
    """A damage effect in words: ``урон ×2``, ``damage maximised ×3``, ``урон ×1/2``."""
    return Cat((seed.DAMAGE[effect.kind], f" ×{effect.multiplier}"))


def _check(label: Renderable, check: gauss.CheckResult) -> Renderable:
    line = text.CHECK_LINE(label=label, roll=parts.roll_text(check.roll))
    if not check.modifier:
        return line
    return Cat((line, text.CHECK_MODIFIER(modifier=signed(check.modifier), value=check.value)))


_ROW_NUMBERS = {
    ("attack", "strong_success"): text.ATTACK_ROW_BONUS,
    ("attack", "double_critical_success"): text.ATTACK_ROW_DOUBLE,
    ("defence", "strong_success"): text.DEFENCE_ROW_BONUS,
    ("defence", "double_critical_success"): text.DEFENCE_ROW_DOUBLE,
}


def row_text(stage: gauss.CombatCheck) -> Renderable:
    """A check's table row: the seed's words, or for a bonus row its numbers («бонус на пробитие +5»,
    not «равный значению кубика минус 12»)."""
    numbered = _ROW_NUMBERS.get((stage.side, stage.entry.key))
    bonus = stage.bonus
    if numbered is not None and bonus is not None:
        return numbered(bonus=signed(bonus))
    return (seed.ATTACK if stage.side == "attack" else seed.DEFENCE)[stage.entry.key]


def narration(exchange: gauss.Exchange) -> tuple[Renderable, ...]:
    """The exchange stage by stage: each check with its table row, the opposed check, the ending,
    the damage."""
    lines: list[Renderable] = []
    for label, stage in ((text.ATTACK_WORD, exchange.attack), (text.DEFENCE_WORD, exchange.defence)):
        if stage is not None:
            lines.append(Cat((_check(label, stage.check), row_text(stage)), ". "))
    opposed = exchange.opposed
    if opposed is not None and opposed.defence and opposed.attack and opposed.window is not None:
        lines.append(
            text.STAGE_OPPOSED(
                modifier=signed(opposed.window_modifier),
                defence=opposed.defence.value,
                window=parts.window_text(opposed.window),
                attack=opposed.attack.value,
                verdict=text.PIERCED if opposed.pierced else text.HELD,
            )
        )
    lines.append(seed.ENDINGS[exchange.ending])
    if exchange.damage is not None:
        lines.append(text.RESULT(damage=damage_label(exchange.damage)))
    return tuple(lines)


def summary(exchange: gauss.Exchange) -> Renderable:
    damage = exchange.damage
    more: Renderable = "" if damage is None else Cat((" ", damage_label(damage), "."))
    return text.EXCHANGE(ending=seed.ENDINGS[exchange.ending], damage=more)


@lru_cache(maxsize=8)
def exchange_odds(setup: gauss.CombatSetup) -> gauss.ExchangeOdds:
    """The exchange's exact odds, shared by the view and the roll's data; the default setup's are
    data (``combat_default``), so a mount in its initial state sums none."""
    return combat_default.ODDS if setup == combat_default.ODDS.setup else gauss.exchange_odds(setup)


def roll(rng: random.Random, state: State, form: Form) -> Outcome[State]:
    new = read(state, form)
    exchange = gauss.resolve_exchange(rng, new.setup)
    done = replace(new, last=exchange, from_table=rolled_by_hand(rng))
    data = Note(roll=rolls.combat(exchange_odds(new.setup), exchange))
    return Outcome(done, log=text.COMBAT_LOG(lines=Cat(narration(exchange), " | ")), effects=(data,))


def _lands(setup: gauss.CombatSetup, odds: gauss.ExchangeOdds) -> Renderable:
    lands, misses = pct(odds.lands), pct(1 - odds.lands)
    if not setup.defender_helpless and not setup.defender_can_defend:
        return text.COMBAT_LANDS_UNDEFENDED(lands=lands, misses=misses)
    return text.COMBAT_LANDS(lands=lands, misses=misses, modifier=signed(setup.active_defence_modifier))


def view(state: State) -> View:
    setup, last = state.setup, state.last
    odds = exchange_odds(setup)
    hit = last.ending if last is not None and last.setup == setup else None
    bar, legend = parts.stack(
        [(ENDING_KEYS[e], seed.ENDINGS[e], p) for e, p in odds.endings.items()],
        ENDING_KEYS.get(hit or ""),
    )
    endings = tuple(
        parts.hit_row((parts.marked(seed.ENDINGS[e], e == hit), pct(p)), e == hit)
        for e, p in odds.endings.items()
    )
    damage = [parts.hit_row((damage_label(effect), pct(p))) for effect, p in odds.damage.items()]
    damage.append(parts.hit_row((text.NO_LANDING, pct(1 - odds.lands)), cls="row-total"))
    return {
        "chk-cmb-mod": Show(
            text=text.COMBAT_MOD(
                modifier=signed(setup.attack_modifier),
                skill=signed(state.skill),
                difficulty=signed(state.difficulty),
                situational=signed(state.situational),
            )
        ),
        "chk-cmb-lands": Show(text=_lands(setup, odds)),
        "chk-cmb-result": Show(text="" if last is None else mark_table(summary(last), state.from_table)),
        "chk-cmb-narration": Show(children=() if last is None else items(narration(last))),
        "chk-cmb-bar": Show(children=bar, attrs=(("aria-hidden", "true"),)),
        "chk-cmb-legend": Show(children=legend),
        "chk-cmb-endings": Show(children=endings),
        "chk-cmb-damage": Show(children=tuple(damage)),
    }


_FIELDS = (
    ("attack_modifier", *MOD_RANGE),
    ("defence_modifier", *MOD_RANGE),
    ("armour_penalty", -20, 0),
    ("armour_bonus", 0, 20),
    ("weapon_piercing", 0, 20),
    ("attack_luck", gauss.LUCK_MIN, gauss.LUCK_MAX),
    ("defence_luck", gauss.LUCK_MIN, gauss.LUCK_MAX),
)


def dump(state: State) -> dict[str, Any]:
    """The setup as typed: ``attack_modifier`` is the attacker's skill (as before the manoeuvre's
    difficulty and situation were fields of their own), ``difficulty`` and ``situational`` beside it."""
    s = replace(state.setup, attack_modifier=state.skill)
    return {
        **{name: getattr(s, name) for name, *_ in _FIELDS},
        "difficulty": state.difficulty,
        "situational": state.situational,
        "blockable": s.blockable,
        "defender_helpless": s.defender_helpless,
        "defender_can_defend": s.defender_can_defend,
    }


def load(raw: Any) -> State:
    if not isinstance(raw, dict):
        raise ValueError("combat state must be an object")
    values: dict[str, Any] = {name: parts.saved_int(raw, name, low, high) for name, low, high in _FIELDS}
    values["blockable"] = parts.saved_bool(raw, "blockable")
    values["defender_helpless"] = parts.saved_bool(raw, "defender_helpless")
    # saved before the setting existed: the target could defend
    values["defender_can_defend"] = parts.saved_bool(
        {"defender_can_defend": True, **raw}, "defender_can_defend"
    )
    # saved before the manoeuvre's difficulty and situation were fields: none
    difficulty = parts.saved_int({"difficulty": 0, **raw}, "difficulty", gauss.DIFFICULTIES[-1].value, 4)
    if difficulty not in {step.value for step in gauss.DIFFICULTIES}:
        raise ValueError("a combat difficulty is a rung of the ladder")
    situational = parts.saved_int({"situational": 0, **raw}, "situational", *MOD_RANGE)
    values["attack_modifier"] += difficulty + situational
    return State(gauss.CombatSetup(**values), difficulty=difficulty, situational=situational)
