"""FUDGE characters in play: «Кто действует» / «Против кого» pickers, the participants' table and
buying success with a chip or a character point (seed 002 §1.9).

Picking a sheet fills the inputs (numbers stay editable): in the action, attribute + skill
(+ technique) and the wound penalty as a modifier; in the attack, the attack total, the weapon and
its damage factors (``rules.fudge_character.damage_factors``); against whom, the dodge, armour,
Живучесть and toughness scale, and the target whose wound track takes the damage.

These work on the whole ``State`` (they read the roster and fill the sub-tools' inputs); a roll
for picked characters goes into the journal with their names («кто»: ``noted``).

>>> from rules.fudge_character import Character, Skill, WeaponItem
>>> from rules import fudge
>>> ira = Character("Ира", attributes=(("Ловкость", 2),), skills=(Skill("Фехтование", level=1),),
...                 weapons=(WeaponItem(fudge.MELEE_WEAPONS[5]),))
>>> dict(ATTACKER.fill(ira, 0))["fudge-att"], dict(ATTACKER.fill(ira, 0))["fudge-weapon"]
('3', 'm5')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kit.form import Form, InputError, read_choice
from kit.journal import Note
from kit.msg import Cat, Renderable, signed
from kit.panel import Action, Outcome, outcome
from kit.shared import Share
from kit.view import Node, Show, View
from panels.fudge import accumulators, action, attack, text_cast, words
from panels.fudge.state import LIFT, POOLED, State
from panels.roster.shared import ROSTER, Picker, chosen, pick_action, picker_view, who_acts
from rules import fudge
from rules import fudge_character as fc
from rules.fudge_character import Character

__all__ = [
    "ATTACKER",
    "DEFENDER",
    "PICKERS",
    "SIDE_A",
    "SIDE_B",
    "acting",
    "actions",
    "aimed",
    "buy",
    "buyable",
    "entry_of",
    "noted",
    "party_view",
    "pick_action",
    "view",
    "weapon_key",
]

# --------------------------------------------------------------------------- what a sheet offers


def _rolls(c: Character) -> list[tuple[Renderable, str, str | None]]:
    """(label, skill, technique): every skill and every technique under it (§1.2, §1.3)."""
    out: list[tuple[Renderable, str, str | None]] = []
    for skill in c.skills:
        out.append((Cat((skill.name, signed(fc.roll_modifier(c, skill.name))), " "), skill.name, None))
        for t in c.techniques:
            if t.skill == skill.name:
                value = fc.roll_modifier(c, skill.name, t.name)
                out.append((Cat((Cat((skill.name, t.name), " › "), signed(value)), " "), skill.name, t.name))
    return out


def _penalty(c: Character) -> int:
    return 0 if c.wounds is None else c.wounds.penalty


def _side_fill(prefix: str, c: Character, index: int | None) -> dict[str, str]:
    rolls = _rolls(c)
    fields = {f"fudge-{prefix}-mod": str(_penalty(c)), f"fudge-{prefix}-adj": "0"}
    if index is None or index >= len(rolls):
        return fields
    _label, skill, technique = rolls[index]
    attribute = c.skills[[s.name for s in c.skills].index(skill)].attribute
    level = fc.attribute_level(c, attribute)
    base = fc.roll_modifier(c, skill)
    tech = 0 if technique is None else fc.roll_modifier(c, skill, technique) - base
    return {
        **fields,
        f"fudge-{prefix}-attr": str(level),
        f"fudge-{prefix}-skill-mode": "have",
        f"fudge-{prefix}-skill": str(base - level),
        f"fudge-{prefix}-tech": str(tech),
    }


def _attacks(c: Character) -> list[tuple[Renderable, tuple[str, str | None] | None, int | None]]:
    """(label, (skill, technique) or None, weapon index or None): each roll with each weapon."""
    rolls: list[tuple[Renderable, tuple[str, str | None] | None]] = [
        (label, (skill, tech)) for label, skill, tech in _rolls(c)
    ] or [(text_cast.NO_SKILL, None)]
    weapons: list[tuple[Renderable, int | None]] = [(w.weapon.name, i) for i, w in enumerate(c.weapons)] or [
        (text_cast.BARE_HANDS, None)
    ]
    return [(Cat((r, w), " · "), roll, i) for r, roll in rolls for w, i in weapons]


def weapon_key(item: fc.WeaponItem) -> tuple[str, int, int]:
    """The attack form's weapon choice (``m<i>``/``r<i>``), x and y for a sheet's weapon."""
    w = item.weapon
    if not w.ranged:
        bonuses = [m.bonus for m in fudge.MELEE_WEAPONS]
        near = min(range(len(bonuses)), key=lambda i: abs(bonuses[i] - w.bonus))
        return f"m{near}", 1, 0
    for i, preset in enumerate(fudge.RANGED_WEAPONS):
        top = preset.multiplier_max if preset.multiplier_max is not None else 10**6
        if preset.multiplier_min <= w.multiplier <= top:
            y = min(max(w.bonus, preset.bonus_min), preset.bonus_max)
            return f"r{i}", min(w.multiplier, attack.MAX_MULTIPLIER), y
    return "r0", 1, 0


def _attack_fill(c: Character, index: int | None) -> dict[str, str]:
    listed = _attacks(c)
    if index is None or index >= len(listed):
        return {}
    _label, roll, weapon = listed[index]
    if roll is None:
        total = fc.roll_modifier(c, "", attribute="Ловкость")
    else:
        total = fc.roll_modifier(c, roll[0], roll[1]) if roll[1] else fc.roll_modifier(c, roll[0])
    fields = {"fudge-att": str(max(-30, min(30, total + _penalty(c))))}
    if weapon is None:
        return fields
    f = fc.damage_factors(c, weapon)
    key, x, y = weapon_key(c.weapons[weapon])
    return {
        **fields,
        "fudge-weapon": key,
        "fudge-wx": str(x),
        "fudge-wy": str(y),
        "fudge-str": str(f.strength),
        "fudge-dtype": c.weapons[weapon].damage_type or "",
        "fudge-ascale": str(f.attack_scale),
        "fudge-amnv": str(f.attack_maneuver),
    }


def _armour_choice(c: Character) -> str:
    if c.armour is None:
        return ""
    if c.armour.name in fudge.ARMOUR:
        return c.armour.name
    return next((name for name, v in fudge.ARMOUR.items() if v == c.armour.value), "")


def _defence_fill(c: Character, index: int | None) -> dict[str, str]:
    _armour, toughness, scale = fc.defence_factors(c)
    if index is not None and index < len(c.skills):
        dodge = fc.roll_modifier(c, c.skills[index].name)
    else:
        dodge = fc.roll_modifier(c, "", attribute="Ловкость")  # §1.2: no skill, not required: −1
    return {
        "fudge-def": str(max(-30, min(30, dodge + _penalty(c)))),
        "fudge-armour": _armour_choice(c),
        "fudge-tough": str(toughness),
        "fudge-dscale": str(scale),
    }


def _skill_labels(c: Character) -> list[Renderable]:
    return [Cat((s.name, signed(fc.roll_modifier(c, s.name))), " ") for s in c.skills]


SIDE_A = Picker(
    "fudge-a-who", "fudge", lambda c: [r[0] for r in _rolls(c)], lambda c, i: _side_fill("a", c, i)
)
SIDE_B = Picker(
    "fudge-b-who", "fudge", lambda c: [r[0] for r in _rolls(c)], lambda c, i: _side_fill("b", c, i)
)
ATTACKER = Picker("fudge-att-who", "fudge", lambda c: [a[0] for a in _attacks(c)], _attack_fill)
DEFENDER = Picker("fudge-att-whom", "fudge", _skill_labels, _defence_fill)
PICKERS = (SIDE_A, SIDE_B, ATTACKER, DEFENDER)


def entry_of(state: State, picker: Picker) -> Any:
    """The roster entry a picker names now (None: by hand or gone)."""
    found = chosen(state.cast.roster, state.cast.choice(picker.field))
    return None if found is None or found[0].system != "fudge" else found[0]


# --------------------------------------------------------------------------- buying success


def buyable(state: State, section: str) -> bool:
    """Whether buying success changes the last result (§1.9): an action that failed or tied, an
    attack that missed or grazed, not bought yet (a success, a computed damage: nothing to buy)."""
    if section == "act":
        last = state.action.last
        return last is not None and last.outcome != fudge.SUCCESS and state.action.bought is None
    return state.attack.outcome in (fudge.FAILURE, fudge.TIE) and state.attack.bought is None


def buy(section: str, state: State, form: Form) -> Outcome[State]:
    """Spend a chip or a point of the acting character on the last result (§1.9), where that
    changes it; nothing changes when there is no result, it is already a success, there is no
    character or no balance. A bought attack is a hit of the least success (``fudge.bought_hit``):
    its damage is ready to mark on the target's wounds."""
    act = section == "act"
    last = state.action.last if act else state.attack.result
    if last is None:
        raise InputError(text_cast.BUY_NEEDS_RESULT)
    if not buyable(state, section):
        bought = state.action.bought if act else state.attack.bought
        raise InputError(text_cast.BUY_ALREADY if bought is not None else text_cast.BUY_NOT_NEEDED)
    entry = entry_of(state, SIDE_A if act else ATTACKER)
    if entry is None:
        raise InputError(text_cast.BUY_NEEDS_WHO)
    currency = read_choice(form, f"fudge-{section}-pay", fc.CURRENCIES, text_cast.PAY_WITH)
    what = text_cast.PAY_CHIP if currency == "chips" else text_cast.PAY_POINT
    if fc.balance(entry.sheet, currency) < 1:
        word = text_cast.CHIPS_WORD if currency == "chips" else text_cast.POINTS_WORD
        raise InputError(text_cast.BUY_NOTHING_LEFT(name=entry.name, what=word))
    sheet = fc.buy_success(entry.sheet, currency, 1, section)
    roster = state.cast.roster.update(entry.id, entry.name, sheet)
    left = fc.balance(sheet, currency)
    done = replace(state, cast=state.cast.synced(roster))
    if act:
        line: Renderable = text_cast.BOUGHT(name=entry.name, what=what, left=left)
        done = replace(done, action=replace(done.action, bought=line))
        return Outcome(done, log=line, say=line, effects=(Share(ROSTER, roster), Note(who=entry.name)))
    setup = state.attack.setup
    amount, hits, detail = fudge.bought_hit(attack.factors(setup), setup.bullets)
    pending = fudge.hit_wounds(amount, hits)
    line = text_cast.BOUGHT_HIT(
        name=entry.name, what=what, left=left, damage=amount, hits=hits, margin=fudge.BOUGHT_MARGIN
    )
    bought = replace(done.attack, bought=line, hit=amount, hit_dice=done.dice.name, pending=pending)
    done = replace(done, attack=bought)
    fed = accumulators.feed(POOLED.get(done), detail, hits)
    if fed is not None:
        line = Cat((line, " ", fed.log)) if fed.log is not None else line
        done = POOLED.put(done, fed.state)
    return Outcome(done, log=line, say=line, effects=(Share(ROSTER, roster), Note(who=entry.name)))


# --------------------------------------------------------------------------- view


def party_view(state: State) -> Show:
    rows = []
    for e in state.cast.roster.of_system("fudge"):
        track = e.sheet.wounds
        if track is None:
            hurt = Node("td", text_cast.NO_BOXES)
        else:
            rows_marked = zip(fudge.WOUND_BOXES, track.marked, strict=True)
            marks = " ".join("☒" * n + "☐" * (b.boxes - n) for b, n in rows_marked)
            hurt = Node(
                "td",
                children=(
                    Node("span", words.term(track.status)),
                    Node("span", " " + marks, cls="fudge-boxes"),
                ),
            )
        rows.append(
            Node(
                "tr",
                attrs=(("data-id", e.id),),
                children=(
                    Node("th", e.name, attrs=(("scope", "row"),)),
                    hurt,
                    Node("td", str(fc.balance(e.sheet, "chips"))),
                    Node("td", str(fc.balance(e.sheet, "points"))),
                ),
            )
        )
    return Show(children=tuple(rows))


def view(state: State) -> View:
    shown: dict[str, Any] = {p.field: picker_view(p, state.cast) for p in PICKERS}
    shown["fudge-party"] = party_view(state)
    shown["fudge-party-empty"] = Show(hidden=bool(state.cast.roster.of_system("fudge")))
    for section, bought, success in (
        (
            "act",
            state.action.bought,
            state.action.last is not None and state.action.last.outcome == fudge.SUCCESS,
        ),
        ("att", state.attack.bought, state.attack.outcome == fudge.SUCCESS),
    ):
        said = bought if bought is not None else text_cast.BUY_NOT_NEEDED if success else ""
        shown[f"fudge-{section}-bought"] = Show(text=said)
        shown[f"fudge-{section}-buy"] = Show(disabled=not buyable(state, section))
    return shown


def noted(run: Action[State], who: Callable[[State], str]) -> Action[State]:
    """``run``, its journal entry naming ``who(state)`` acted (the pickers' characters)."""

    def noted_run(state: State, form: Form) -> Outcome[State]:
        done = outcome(run(state, form))
        return replace(done, effects=(*done.effects, Note(who=who(done.state))))

    return noted_run


def _acting(state: State) -> str:
    opposed = state.action.setup.mode == "opp"
    return who_acts(state.cast, (SIDE_A.field,), (SIDE_B.field,) if opposed else ())


def acting(run: Action[State]) -> Action[State]:
    """An action roll for «Кто действует» (and, opposed, side B's character): noted in the journal."""
    return noted(run, _acting)


def aimed(run: Action[State]) -> Action[State]:
    """An attack (or computed damage) whose wounds go to the «Против кого» character, if any; the
    journal entry names the attacker and the target."""

    def aimed_run(state: State, form: Form) -> Outcome[State]:
        done = outcome(run(state, form))
        target = entry_of(state, DEFENDER)
        new_attack = replace(done.state.attack, target="" if target is None else target.id)
        return replace(done, state=replace(done.state, attack=new_attack))

    return noted(aimed_run, lambda state: who_acts(state.cast, (ATTACKER.field,), (DEFENDER.field,)))


def actions() -> dict[str, Callable[[State, Form], Any]]:
    """The pickers' and buy buttons' actions."""
    set_action, read_attack = (
        LIFT["action"].action(action.set_setup),
        LIFT["attack"].action(attack.read_picked),
    )
    return {
        "#fudge-a-who": pick_action(SIDE_A, set_action),
        "#fudge-b-who": pick_action(SIDE_B, set_action),
        "#fudge-att-who": pick_action(ATTACKER, read_attack),
        "#fudge-att-whom": pick_action(DEFENDER, read_attack),
        "#fudge-act-buy": lambda s, f: buy("act", s, f),
        "#fudge-att-buy": lambda s, f: buy("att", s, f),
    }
