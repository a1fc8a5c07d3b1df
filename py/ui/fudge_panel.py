"""Omicron FUDGE panel (seed 002): dice, actions, attack and damage, wounds, scale, log.

Thin glue: every number comes from ``rules.fudge``; this module reads inputs, validates
all of them before touching state or the page, and renders.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules import dice, fudge
from ui import dom, i18n
from ui.chart import bar_chart
from ui.fmt import percent, signed
from ui.journal import Journal

WOUNDS_KEY = "gm.fudge.wounds"
LOG_KEY = "gm.fudge.log"
LOG_SIZE = 50
DICE_LABEL = {"6dF": "6dF", "3dGF": "3dGF", "6d3-12": "6d3−12", "4dF": "4dF"}
SKILL_MODES = ("have", "required", "free")
# Weapon choices: "m<i>" = MELEE_WEAPONS[i], "r<i>" = RANGED_WEAPONS[i].
WEAPON_KEYS = tuple(f"m{i}" for i in range(len(fudge.MELEE_WEAPONS))) + tuple(
    f"r{i}" for i in range(len(fudge.RANGED_WEAPONS))
)
MAX_MULTIPLIER = 20  # the seed's "Базука (6+)S" has no upper bound; the form stops here
# Group wounds with a numeric penalty: damage that marks the row on a fresh track.
GROUP_WOUNDS = {str(i + 1): box for i, box in enumerate(fudge.WOUND_BOXES) if box.penalty}

_state: dict[str, Any] = {
    "track": fudge.WoundTrack(),
    "pending": [],  # damage per wound from the last attack, ready to mark
    "dice_hit": None,
    "act_hit": None,
    "att_hit": None,
}

i18n.register(
    {
        "Отряд «Омикрон», FUDGE-хак: лестница успеха от −8 «Эпический провал» до +8 «Эпически». "
        "Точные вероятности — до броска.": (
            "Omicron squad FUDGE hack: the success ladder runs from −8 «Эпический провал» (epic failure) "
            "to +8 «Эпически» (epic). Exact odds before the roll."
        ),
        "Кубики": "Dice",
        "Основной бросок": "Main roll",
        "Бросить кубики": "Roll the dice",
        "Точное распределение броска; выпавшее значение выделено.": (
            "Exact distribution of the roll; the rolled value is highlighted."
        ),
        "Точные вероятности броска": "Exact odds of the roll",
        "Результат": "Result",
        "Лестница успеха": "Success ladder",
        "Действие": "Action",
        "Вид действия": "Kind of action",
        "Одностороннее (против сложности)": "One-sided (against a difficulty)",
        "Встречное (против другой стороны)": "Opposed (against the other side)",
        "Сложность": "Difficulty",
        "Сторона А (действующий)": "Side A (acting)",
        "Сторона Б (противник)": "Side B (opponent)",
        "Атрибут": "Attribute",
        "Навык": "Skill",
        "есть": "has it",
        "нет, обязательный: «по умолчанию»": "missing, required: the default value",
        "нет, не обязательный: −1": "missing, not required: −1",
        "Навык или значение по умолчанию": "Skill or default value",
        "Бонус/штраф за сложность навыка (без навыка)": "Skill difficulty bonus/penalty (without the skill)",
        "Техника": "Technique",
        "Модификаторы": "Modifiers",
        "Бросить действие": "Roll the action",
        "Вероятности до броска": "Odds before the roll",
        "Исход": "Outcome",
        "Вероятность": "Probability",
        "Распределение величины успеха (отрицательная — величина провала); выпавшая выделена.": (
            "Distribution of the margin of success (negative: margin of failure); the rolled one is highlighted."
        ),
        "Величина успеха": "Margin of success",
        "Величина": "Margin",
        "Атака и урон": "Attack and damage",
        "Атака и защита": "Attack and defence",
        "Атака: атрибут + навык + техника + модификаторы": "Attack: attribute + skill + technique + modifiers",
        "Дистанция, м (пусто — без штрафа)": "Distance, m (empty: no penalty)",
        "Уклонение: атрибут + навык + модификаторы": "Dodge: attribute + skill + modifiers",
        "Цель не уклоняется (считается «Очень плохо», −3)": "Target does not dodge (counts as −3)",
        "Минимальный уровень попадания": "Minimum hit level",
        "Задевание: не более": "Graze: at most",
        "1 урона": "1 damage",
        "2 урона (особо оговорённый случай)": "2 damage (GM's special case)",
        "Скорострельность: пуль (пусто — одиночная)": "Rapid fire: bullets (empty: single shot)",
        "Факторы урона": "Damage factors",
        "Оружие": "Weapon",
        "Множитель x (x·S+y)": "Multiplier x (x·S+y)",
        "Добавка y (x·S+y)": "Bonus y (x·S+y)",
        "Сила атакующего (ближний бой) или сила оружия": "Attacker's strength (melee) or the weapon's",
        "Тип повреждения": "Damage type",
        "Свойства манёвра атаки": "Attack manoeuvre",
        "Масштаб атаки": "Attack scale",
        "Броня": "Armour",
        "Живучесть": "Toughness",
        "Свойства манёвра защиты": "Defence manoeuvre",
        "Масштаб защиты": "Defence scale",
        "Атаковать": "Attack",
        "или величина успеха S": "or margin S",
        "Посчитать урон": "Compute damage",
        "Отметить урон в ранах": "Mark the damage on the wounds",
        "Вероятности атаки до броска": "Attack odds before the roll",
        "Урон за одно ранение": "Damage per wound",
        "Урон": "Damage",
        "Распределение урона за одно ранение (0 — промах или урон остановлен); выпавший выделен.": (
            "Distribution of damage per wound (0: miss or stopped); the rolled one is highlighted."
        ),
        "Попавшие пули": "Bullets that hit",
        "Пуль": "Bullets",
        "Раны": "Wounds",
        "Отметить урон": "Mark damage",
        "Очистить все раны": "Clear all wounds",
        "Снять «Мёртв»": "Undo «Мёртв» (dead)",
        "Ячейки повреждений": "Wound boxes",
        "Состояние": "State",
        "Штраф": "Penalty",
        "Ячейки": "Boxes",
        "Урон d отмечает ячейку в строке d (1 — царапина … 6 — при смерти), а если она занята — первую "
        "свободную ниже; урон 7+ или нет свободных ячеек — «Мёртв» (решение за Мастером).": (
            "Damage d marks a box in row d (1: scratch … 6: dying), or the first free box below it; "
            "damage 7+ or no free box: «Мёртв» (dead; the GM decides)."
        ),
        "Масштаб и очередь": "Scale and rapid fire",
        "Численность группы": "Group headcount",
        "Масштаб группы": "Group scale",
        "Ранение группы": "Group wound",
        "Пересчитать численность": "Recount the group",
        "Скорострельная атака": "Rapid fire",
        "Выпущено пуль": "Bullets fired",
        "Попадания по величине успеха": "Hits by margin of success",
        "Попало пуль": "Bullets hit",
        "Успех для урона пули": "Margin for each bullet's damage",
        "Штрафы за расстояние": "Range penalties",
        "Штраф к попаданию (прибавляется к итогу атаки)": "Penalty to hit (added to the attack total)",
        "Дистанция": "Distance",
        "Журнал": "Log",
        "Записей пока нет.": "No entries yet.",
        "Провал": "Failure",
        "Ничья": "Tie",
        "Успех": "Success",
        "Промах": "Miss",
        "Задевание": "Graze",
        "Попадание": "Hit",
        "Снять": "Clear",
        "нет эффекта": "no effect",
        "недееспособность": "incapacitated",
        "6d3−12 совпадает с 6dF точно: d3 − 2 равновероятно даёт −1, 0, +1, как один dF.": (
            "6d3−12 equals 6dF exactly: d3 − 2 is −1, 0, +1 with equal odds, just like one dF."
        ),
        "Ещё не бросали.": "Not rolled yet.",
        "Урон ≥ 1": "Damage ≥ 1",
    }
)
i18n.register(
    {
        name: f"{name} ({english})"
        for name, english in zip(
            fudge.LADDER.values(),
            (
                "epic",
                "legendary",
                "fantastic",
                "superb",
                "excellent",
                "very good",
                "good",
                "decent",
                "fair",
                "mediocre",
                "poor",
                "very poor",
                "terrible",
                "abysmal",
                "worst possible",
                "legendary failure",
                "epic failure",
            ),
            strict=True,
        )
    }
)
i18n.register(
    {
        "Невредим": "Невредим (unhurt)",
        "Мёртв": "Мёртв (dead)",
        "Царапина": "Царапина (scratch)",
        "Лёгкое повреждение": "Лёгкое повреждение (light wound)",
        "Среднее повреждение": "Среднее повреждение (medium wound)",
        "Тяжелое повреждение": "Тяжелое повреждение (heavy wound)",
        "Выведен из строя": "Выведен из строя (incapacitated)",
        "При смерти": "При смерти (dying)",
    }
)


# --- small helpers -------------------------------------------------------------------------------


def _level(value: int) -> str:
    """A level with its ladder name: +2 «Хорошо»."""
    return f"{signed(value)} «{i18n.t(fudge.ladder_name(value))}»"


def _row(*cells: str) -> Any:
    row = dom.make("tr")
    for index, text in enumerate(cells):
        row.append(dom.make("th", text, scope="row") if index == 0 else dom.make("td", text))
    return row


def _fill(body_id: str, rows: list[tuple[str, ...]]) -> None:
    body = dom.by_id(body_id)
    dom.clear(body)
    for cells in rows:
        body.append(_row(*cells))


def _part_error(part_id: str, message: str) -> None:
    dom.show_error(dom.by_id(part_id).querySelector(".error"), message)


def _safely(render: Callable[[], None], part_id: str) -> None:
    """Re-render a sub-section after a change elsewhere; bad inputs there show their message there."""
    try:
        render()
    except ValueError as error:
        _part_error(part_id, str(error))
    else:
        _part_error(part_id, "")


def _optional_int(element_id: str, low: int, high: int, name: str) -> int | None:
    if not str(dom.by_id(element_id).value).strip():
        if dom.by_id(element_id).validity.badInput:
            raise dom.InputError(f"{name}: введите целое число от {low} до {high} или оставьте поле пустым.")
        return None
    return dom.read_int(element_id, low, high, name)


def _rules(call: Callable[[], Any]) -> Any:
    """Call a rules function; its (English) ValueError becomes a Russian message with the detail."""
    try:
        return call()
    except ValueError as error:
        raise dom.InputError(f"Невозможное значение: {error}") from None


def _faces(roll: fudge.FudgeRoll) -> str:
    if roll.dice == "6d3-12":
        return "(" + " + ".join(str(face) for face in roll.faces) + ") − 12"
    return " ".join(signed(face) for face in roll.faces)


def _read_dice() -> str:
    return dom.read_choice("fudge-dice", tuple(fudge.DICE), "Кубики")


# --- log -----------------------------------------------------------------------------------------


log = Journal(LOG_KEY, "fudge", size=LOG_SIZE)


@dom.handler("click", "#fudge-log-clear")
def on_log_clear(_event: Any) -> None:
    log.clear()


# --- dice ----------------------------------------------------------------------------------------


def render_dice() -> None:
    name = _read_dice()
    dist = fudge.distribution(name)
    hit = _state["dice_hit"]
    highlight = signed(hit[1]) if hit is not None and hit[0] == name else None
    bar_chart(
        dom.by_id("fudge-dice-chart"), [(signed(k), p) for k, p in sorted(dist.items())], highlight=highlight
    )
    _fill(
        "fudge-dice-table",
        [
            (
                signed(k),
                i18n.t(fudge.ladder_name(k)),
                percent(p),
                percent(dice.at_most(dist, k)),
                percent(dice.at_least(dist, k)),
            )
            for k, p in sorted(dist.items())
        ],
    )
    low, high = min(dist), max(dist)
    note = f"{DICE_LABEL[name]}: {signed(low)}…{signed(high)}."
    if name in ("6dF", "6d3-12"):
        note += " " + i18n.t(
            "6d3−12 совпадает с 6dF точно: d3 − 2 равновероятно даёт −1, 0, +1, как один dF."
        )
    dom.set_text("fudge-dice-note", note)


@dom.handler("change", "#fudge-dice")
def on_dice_change(_event: Any) -> None:
    render_dice()
    _safely(render_action, "fudge-act-part")
    _safely(render_attack, "fudge-att-part")


@dom.handler("click", "#fudge-roll-dice")
def on_roll_dice(_event: Any) -> None:
    name = _read_dice()
    roll = fudge.roll(dom.app_rng, name)
    dist = fudge.distribution(name)
    _state["dice_hit"] = (name, roll.value)
    render_dice()
    text = (
        f"{DICE_LABEL[name]}: {_faces(roll)} = {_level(roll.value)}; "
        f"P(= {signed(roll.value)}) = {percent(dist[roll.value])}"
    )
    dom.announce("fudge-dice-result", text)
    log.add(text)


# --- one-sided and opposed actions ---------------------------------------------------------------


def _read_side(prefix: str, who: str) -> tuple[fudge.Side, str]:
    """A side and a line explaining its skill term."""
    attribute = dom.read_int(f"fudge-{prefix}-attr", -10, 10, f"{who}: атрибут")
    mode = dom.read_choice(f"fudge-{prefix}-skill-mode", SKILL_MODES, f"{who}: навык")
    value = dom.read_int(f"fudge-{prefix}-skill", -10, 10, f"{who}: навык или значение по умолчанию")
    adjustment = dom.read_int(f"fudge-{prefix}-adj", -10, 10, f"{who}: бонус/штраф за сложность навыка")
    technique = dom.read_int(f"fudge-{prefix}-tech", -10, 10, f"{who}: техника")
    modifier = dom.read_int(f"fudge-{prefix}-mod", -30, 30, f"{who}: модификаторы")
    if mode == "have":
        if adjustment:
            raise dom.InputError(
                f"{who}: бонус/штраф за сложность добавляется только к значению по умолчанию, "
                "когда навыка нет; поставьте 0 или выберите «нет навыка»."
            )
        skill = _rules(lambda: fudge.skill_term(value))
        how = f"навык {signed(skill)}"
    elif mode == "required":
        skill = _rules(lambda: fudge.skill_term(None, required=True, default=value, adjustment=adjustment))
        how = f"навыка нет, по умолчанию {signed(value)} {signed(adjustment)} = {signed(skill)}"
    else:
        skill = _rules(lambda: fudge.skill_term(None, adjustment=adjustment))
        how = f"навыка нет, атрибут со штрафом −1 {signed(adjustment)} = {signed(skill)}"
    side = _rules(lambda: fudge.Side(attribute, skill, technique, modifier))
    text = (
        f"{who}: атрибут {signed(attribute)}, {how}, техника {signed(technique)}, "
        f"модификаторы {signed(modifier)} → {signed(side.static)}"
    )
    return side, text


def _read_action() -> dict[str, Any]:
    name = _read_dice()
    mode = dom.read_choice("fudge-mode", ("one", "opp"), "Вид действия")
    a, a_text = _read_side("a", "А")
    if mode == "one":
        difficulty = dom.read_int("fudge-diff", -8, 8, "Сложность")
        odds = _rules(lambda: fudge.one_sided_odds(a, difficulty, name))
        summary = f"{DICE_LABEL[name]}. {a_text}; сложность {_level(difficulty)}."
        return {
            "dice": name,
            "mode": mode,
            "a": a,
            "difficulty": difficulty,
            "odds": odds,
            "summary": summary,
        }
    b, b_text = _read_side("b", "Б")
    odds = _rules(lambda: fudge.opposed_odds(a, b, name))
    summary = f"{DICE_LABEL[name]}. {a_text}; {b_text}."
    return {"dice": name, "mode": mode, "a": a, "b": b, "odds": odds, "summary": summary}


def _show_mode() -> None:
    one = str(dom.by_id("fudge-mode").value) != "opp"
    dom.by_id("fudge-diff-wrap").hidden = not one
    dom.by_id("fudge-side-b").hidden = one


def render_action(highlight: int | None = None) -> None:
    action = _read_action()
    odds: fudge.ActionOdds = action["odds"]
    _fill(
        "fudge-act-odds",
        [
            (f"{i18n.t('Провал')}: {fudge.OUTCOME_TEXT[fudge.FAILURE]}", percent(odds.failure)),
            (f"{i18n.t('Ничья')}: {fudge.OUTCOME_TEXT[fudge.TIE]}", percent(odds.tie)),
            (f"{i18n.t('Успех')}: {fudge.OUTCOME_TEXT[fudge.SUCCESS]}", percent(odds.success)),
        ],
    )
    margins = dict(sorted(odds.margins.items()))
    bar_chart(
        dom.by_id("fudge-act-chart"),
        [(signed(m), p) for m, p in margins.items()],
        highlight=None if highlight is None else signed(highlight),
    )
    _fill(
        "fudge-act-margins",
        [
            (signed(m), i18n.t(fudge.ladder_name(m)), percent(p), percent(dice.at_least(margins, m)))
            for m, p in margins.items()
        ],
    )
    dom.set_text("fudge-act-summary", action["summary"])


@dom.handler("change", "#fudge-act-part")
def on_action_change(_event: Any) -> None:
    _show_mode()
    render_action()


@dom.handler("click", "#fudge-act-roll")
def on_action_roll(_event: Any) -> None:
    _show_mode()
    action = _read_action()
    name = action["dice"]
    if action["mode"] == "one":
        result = fudge.one_sided(dom.app_rng, action["a"], action["difficulty"], name)
        against = f"сложность {_level(result.against)}"
    else:
        result = fudge.opposed(dom.app_rng, action["a"], action["b"], name)
        theirs = result.opposing_roll
        against = f"Б: {_faces(theirs)} = {signed(theirs.value)}, итог {_level(result.against)}"
    render_action(highlight=result.margin)
    label = {fudge.FAILURE: "Провал", fudge.TIE: "Ничья", fudge.SUCCESS: "Успех"}[result.outcome]
    text = (
        f"{DICE_LABEL[name]} А: {_faces(result.roll)} = {signed(result.roll.value)}, итог {_level(result.total)}; "
        f"{against} → величина успеха {_level(result.margin)}. {i18n.t(label)}: {result.outcome_text} "
        f"(шанс был {percent(getattr(result.odds, result.outcome))})."
    )
    dom.announce("fudge-act-result", text)
    log.add(text)


# --- attack and damage ---------------------------------------------------------------------------


def _weapon_formula(weapon: fudge.Weapon) -> str:
    s = "S" if weapon.multiplier == 1 else f"{weapon.multiplier}S"
    return s if weapon.bonus == 0 else f"{s}{signed(weapon.bonus)}"


def _preset_range(preset: fudge.RangedPreset) -> str:
    top = preset.multiplier_max
    low = fudge.Weapon(preset.name, preset.multiplier_min, preset.bonus_min, ranged=True)
    if top is None:
        return f"({preset.multiplier_min}+)S"
    high = fudge.Weapon(preset.name, top, preset.bonus_max, ranged=True)
    return f"{_weapon_formula(low)}…{_weapon_formula(high)}"


def _show_weapon(reset: bool) -> None:
    key = str(dom.by_id("fudge-weapon").value)
    ranged = key.startswith("r") and key in WEAPON_KEYS
    dom.by_id("fudge-wx-wrap").hidden = not ranged
    dom.by_id("fudge-wy-wrap").hidden = not ranged
    if ranged and reset:
        preset = fudge.RANGED_WEAPONS[int(key[1:])]
        dom.by_id("fudge-wx").value = str(preset.multiplier_min)
        dom.by_id("fudge-wy").value = str(preset.bonus_min)


def _read_weapon() -> fudge.Weapon:
    key = dom.read_choice("fudge-weapon", WEAPON_KEYS, "Оружие")
    index = int(key[1:])
    if key.startswith("m"):
        return fudge.MELEE_WEAPONS[index]
    preset = fudge.RANGED_WEAPONS[index]
    top = MAX_MULTIPLIER if preset.multiplier_max is None else preset.multiplier_max
    x = dom.read_int("fudge-wx", preset.multiplier_min, top, f"{preset.name}: множитель x")
    y = dom.read_int("fudge-wy", preset.bonus_min, preset.bonus_max, f"{preset.name}: добавка y")
    return _rules(lambda: preset.weapon(x, y))


def _read_factors() -> fudge.DamageFactors:
    weapon = _read_weapon()
    strength = dom.read_int("fudge-str", -10, 10, "Сила")
    damage_type = dom.read_choice("fudge-dtype", ("", *fudge.DAMAGE_TYPES), "Тип повреждения")
    attack_maneuver = dom.read_int("fudge-amnv", -10, 10, "Свойства манёвра атаки")
    attack_scale = dom.read_int("fudge-ascale", -20, 60, "Масштаб атаки")
    armour = dom.read_choice("fudge-armour", ("", *fudge.ARMOUR), "Броня")
    toughness = dom.read_int("fudge-tough", -10, 10, "Живучесть")
    defence_maneuver = dom.read_int("fudge-dmnv", -10, 10, "Свойства манёвра защиты")
    defence_scale = dom.read_int("fudge-dscale", -20, 60, "Масштаб защиты")
    return _rules(
        lambda: fudge.DamageFactors(
            weapon,
            strength=strength,
            damage_type=fudge.DAMAGE_TYPES.get(damage_type, 0),
            attack_scale=attack_scale,
            attack_maneuver=attack_maneuver,
            armour=fudge.ARMOUR.get(armour, 0),
            toughness=toughness,
            defence_scale=defence_scale,
            defence_maneuver=defence_maneuver,
        )
    )


def _factors_text(f: fudge.DamageFactors) -> str:
    return (
        f"{f.weapon.name} ({_weapon_formula(f.weapon)}), сила {signed(f.strength)}, тип {signed(f.damage_type)}, "
        f"манёвр атаки {signed(f.attack_maneuver)}, масштаб {signed(f.attack_scale)}; "
        f"броня {signed(f.armour)}, живучесть {signed(f.toughness)}, манёвр защиты {signed(f.defence_maneuver)}, "
        f"масштаб {signed(f.defence_scale)}"
    )


def _read_attack() -> dict[str, Any]:
    name = _read_dice()
    total = dom.read_int("fudge-att", -30, 30, "Атака")
    metres = _optional_int("fudge-range", 0, 1000, "Дистанция, м")
    no_dodge = bool(dom.by_id("fudge-no-dodge").checked)
    dodge = dom.read_int("fudge-def", -30, 30, "Уклонение")
    min_hit = dom.read_int("fudge-min-hit", -8, 8, "Минимальный уровень попадания")
    graze_cap = int(dom.read_choice("fudge-graze", ("1", "2"), "Задевание"))
    bullets = _optional_int("fudge-bullets", 1, 1000, "Скорострельность: пуль")
    factors = _read_factors()
    penalty = 0 if metres is None else _rules(lambda: fudge.range_penalty(metres))
    attacker = _rules(lambda: fudge.Side(modifier=total + penalty))
    defender = None if no_dodge else _rules(lambda: fudge.Side(modifier=dodge))
    kwargs = {"graze_cap": graze_cap, "bullets": bullets, "min_hit_level": min_hit}
    odds = _rules(lambda: fudge.attack_odds(attacker, defender, factors, name, **kwargs))
    parts = [f"{DICE_LABEL[name]}. Атака {signed(total)}"]
    if metres is not None:
        parts.append(f"дистанция {metres} м: {signed(penalty)}")
    parts.append("цель не уклоняется (−3)" if no_dodge else f"уклонение {signed(dodge)} (не ниже −4)")
    parts.append(f"мин. уровень попадания {signed(min_hit)}")
    if bullets is not None:
        parts.append(f"очередь {bullets} пуль")
    summary = "; ".join(parts) + ". " + _factors_text(factors) + "."
    return {
        "dice": name,
        "attacker": attacker,
        "defender": defender,
        "factors": factors,
        "kwargs": kwargs,
        "odds": odds,
        "summary": summary,
        "bullets": bullets,
    }


def render_attack(highlight: int | None = None) -> None:
    _show_weapon(reset=False)
    data = _read_attack()
    odds: fudge.AttackOdds = data["odds"]
    hurt = sum((p for d, p in odds.damage.items() if d >= 1), Fraction(0))
    _fill(
        "fudge-att-odds",
        [
            (i18n.t("Промах"), percent(odds.miss)),
            (i18n.t("Задевание"), percent(odds.graze)),
            (i18n.t("Попадание"), percent(odds.hit)),
            (i18n.t("Урон ≥ 1"), percent(hurt)),
        ],
    )
    damages = odds.damage
    bar_chart(
        dom.by_id("fudge-att-chart"),
        [(str(d), p) for d, p in damages.items()],
        highlight=None if highlight is None else str(highlight),
    )
    _fill(
        "fudge-att-damage",
        [(str(d), percent(p), percent(dice.at_least(damages, d))) for d, p in damages.items()],
    )
    dom.by_id("fudge-hits-wrap").hidden = odds.hits is None
    _fill("fudge-att-hits", [(str(n), percent(p)) for n, p in (odds.hits or {}).items()])
    dom.set_text("fudge-att-summary", data["summary"])


def _set_pending(amounts: list[int]) -> None:
    _state["pending"] = amounts
    dom.by_id("fudge-apply").disabled = not amounts


@dom.handler("change", "#fudge-att-part")
def on_attack_change(event: Any) -> None:
    target = getattr(event, "target", None)
    _show_weapon(reset=target is not None and str(getattr(target, "id", "")) == "fudge-weapon")
    if target is not None and str(getattr(target, "id", "")) == "fudge-margin":
        return
    render_attack()


def _detail_text(detail: fudge.Damage | None, scale_rate: int) -> str:
    if detail is None:
        return ""
    if detail.sub_scale:
        return (
            f" Урон без учёта масштаба {detail.sub_scale}: записать отдельно, "
            f"каждые {scale_rate} дают 1 действительный урон."
        )
    if detail.exhaustion:
        return f" Изматывающий урон {detail.exhaustion}: обменивается на обычный 1 к {fudge.EXHAUSTION_RATE}."
    return ""


@dom.handler("click", "#fudge-attack")
def on_attack(_event: Any) -> None:
    data = _read_attack()
    name = data["dice"]
    result = fudge.attack(
        dom.app_rng, data["attacker"], data["defender"], data["factors"], name, **data["kwargs"]
    )
    render_attack(highlight=result.damage)
    a = f"атака {_faces(result.attack_roll)} = {signed(result.attack_roll.value)}, итог {_level(result.attack_total)}"
    if result.defence_roll is None:
        d = f"цель не уклоняется: {_level(result.defence_counted)}"
    else:
        d = f"уклонение {_faces(result.defence_roll)} = {signed(result.defence_roll.value)}, итог {signed(result.defence_total)}"
        if result.defence_counted != result.defence_total:
            d += f", в расчёт {_level(result.defence_counted)}"
    min_hit = data["kwargs"]["min_hit_level"]
    if result.outcome == fudge.FAILURE:
        why = (
            f" (итог атаки ниже минимального уровня {signed(min_hit)})"
            if result.attack_total < min_hit
            else ""
        )
        outcome = f"Промах{why}."
        amounts: list[int] = []
    else:
        kind = "Задевание" if result.outcome == fudge.TIE else "Попадание"
        if data["bullets"] is not None:
            outcome = (
                f"{kind}: попало пуль {result.hits} из {data['bullets']}, урон каждой {result.damage} "
                f"(успех для пули {signed(fudge.rapid_fire_bullet_margin(result.margin))})."
            )
        else:
            outcome = f"{kind}: урон {result.damage}."
        outcome += _detail_text(result.detail, -data["factors"].scale_difference)
        amounts = [result.damage] * result.hits if result.damage > 0 else []
    text = (
        f"{DICE_LABEL[name]}: {a}; {d} → величина успеха {_level(result.margin)}. {outcome} "
        f"(P(попадание) = {percent(result.odds.hit)}, P(задевание) = {percent(result.odds.graze)})"
    )
    _set_pending(amounts)
    dom.announce("fudge-att-result", text)
    log.add(text)


@dom.handler("click", "#fudge-dmg-calc")
def on_damage_calc(_event: Any) -> None:
    margin = dom.read_int("fudge-margin", 1, 30, "Величина успеха S")
    factors = _read_factors()
    result = _rules(lambda: fudge.damage(margin, factors))
    f = factors
    text = (
        f"S = {margin}: {f.weapon.name} {_weapon_formula(f.weapon)} = {signed(f.weapon.term(margin))}, "
        f"сила {signed(f.strength)}, тип {signed(f.damage_type)}, манёвр {signed(f.attack_maneuver)}, "
        f"масштабы {signed(f.scale_difference)}, броня {signed(-f.armour)}, живучесть {signed(-f.toughness)}, "
        f"манёвр защиты {signed(-f.defence_maneuver)} → урон {result.amount}."
        + _detail_text(result, -f.scale_difference)
    )
    _set_pending([result.amount] if result.amount > 0 else [])
    dom.announce("fudge-att-result", text)
    log.add(text)


@dom.handler("click", "#fudge-apply")
def on_apply(_event: Any) -> None:
    amounts = list(_state["pending"])
    if not amounts:
        raise dom.InputError("Нет урона для отметки: сначала атакуйте или посчитайте урон.")
    track = _state["track"]
    marked = []
    for amount in amounts:
        update = track.take(amount)
        track = update.track
        marked.append(i18n.t(update.box_name) if update.box_name else i18n.t(track.status))
    _set_pending([])
    _commit_track(track, f"Урон {', '.join(map(str, amounts))} из атаки: {', '.join(marked)}.")


# --- wounds --------------------------------------------------------------------------------------


def _load_wounds() -> tuple[fudge.WoundTrack, str | None]:
    if not dom.has_saved(WOUNDS_KEY):
        return fudge.WoundTrack(), None
    saved = dom.load_json(WOUNDS_KEY, None)
    try:
        return fudge.WoundTrack.from_dict(saved), None
    except (ValueError, TypeError):
        return (
            fudge.WoundTrack(),
            "Сохранённые раны повреждены и не прочитаны; показан чистый трек «Невредим».",
        )


def _status(track: fudge.WoundTrack) -> str:
    text = f"Состояние: {i18n.t(track.status)}"
    if track.penalty:
        text += f", штраф {signed(track.penalty)}"
    return text + "."


def render_wounds() -> None:
    track: fudge.WoundTrack = _state["track"]
    body = dom.by_id("fudge-w-rows")
    dom.clear(body)
    for index, (box, count) in enumerate(zip(fudge.WOUND_BOXES, track.marked, strict=True)):
        name = i18n.t(box.name)
        row = dom.make("tr")
        row.append(dom.make("th", name, scope="row"))
        if box.penalty is None:
            penalty = i18n.t("недееспособность")
        else:
            penalty = signed(box.penalty) if box.penalty else i18n.t("нет эффекта")
        boxes = "☒" * count + "☐" * (box.boxes - count)
        row.append(dom.make("td", boxes, cls="fudge-boxes", aria_label=f"{count} / {box.boxes}"))
        cell = dom.make("td")
        button = dom.make(
            "button",
            i18n.t("Снять"),
            type="button",
            data_row=str(index),
            aria_label=f"{i18n.t('Снять')}: {name}",
        )
        button.disabled = count == 0
        cell.append(button)
        row.append(cell)
        row.append(dom.make("td", penalty))
        body.append(row)
    dom.by_id("fudge-w-revive").disabled = not track.dead


def _commit_track(track: fudge.WoundTrack, text: str) -> None:
    _state["track"] = track
    dom.save_json(WOUNDS_KEY, track.to_dict())
    render_wounds()
    dom.by_id("fudge-w-notice").hidden = True
    full = f"{text} {_status(track)}"
    dom.announce("fudge-w-status", full)
    log.add(full)


@dom.handler("click", "#fudge-w-take")
def on_wound_take(_event: Any) -> None:
    amount = dom.read_int("fudge-w-amount", 0, 99, "Урон")
    track: fudge.WoundTrack = _state["track"]
    if track.dead:
        raise dom.InputError("Персонаж уже «Мёртв»: снимите отметку «Мёртв» или очистите раны.")
    update = track.take(amount)
    if amount == 0:
        what = "ничего не отмечено"
    elif update.box_name is None:
        what = "ячеек не осталось или урон 7+ — «Мёртв» (решение за Мастером)"
    else:
        what = f"отмечено «{i18n.t(update.box_name)}»"
    _commit_track(update.track, f"Урон {amount}: {what}.")


@dom.handler("click", "#fudge-w-rows")
def on_wound_clear_row(event: Any) -> None:
    target = getattr(event, "target", None)
    button = target.closest("button[data-row]") if target is not None and hasattr(target, "closest") else None
    if button is None:
        return
    index = int(str(button.dataset.row))
    track: fudge.WoundTrack = _state["track"]
    box = fudge.WOUND_BOXES[index]
    if track.marked[index] == 0:
        raise dom.InputError(f"В строке «{i18n.t(box.name)}» нет отмеченных ячеек.")
    _commit_track(track.clear(index), f"Снята одна ячейка «{i18n.t(box.name)}».")


@dom.handler("click", "#fudge-w-clear-all")
def on_wound_clear_all(_event: Any) -> None:
    _commit_track(_state["track"].clear_all(), "Все раны очищены.")


@dom.handler("click", "#fudge-w-revive")
def on_wound_revive(_event: Any) -> None:
    track: fudge.WoundTrack = _state["track"]
    if not track.dead:
        raise dom.InputError("Отметки «Мёртв» нет.")
    _commit_track(track.revive(), "Отметка «Мёртв» снята (решение Мастера).")


# --- scale, rapid fire, range --------------------------------------------------------------------


def _power(scale: int) -> str:
    return f"{float(fudge.scale_factor(scale)):.2f}".replace(".", ",")


def _group_text() -> str:
    scale = dom.read_int("fudge-g-scale", 0, 100, "Масштаб группы")
    wound = dom.read_choice("fudge-g-wound", tuple(GROUP_WOUNDS), "Ранение группы")
    update = _rules(lambda: fudge.Group(scale).take(int(wound)))
    after = update.group
    return (
        f"Масштаб {scale}: 1,2^{scale} = {_power(scale)} → {fudge.headcount(scale)} чел. "
        f"{i18n.t(GROUP_WOUNDS[wound].name)} ({signed(update.scale_penalty)}) → масштаб {after.scale}: "
        f"1,2^{after.scale} = {_power(after.scale)} → в строю остаётся {after.headcount} чел."
    )


@dom.handler("click", "#fudge-g-calc")
def on_group(_event: Any) -> None:
    text = _group_text()
    dom.announce("fudge-g-result", text)
    log.add(text)


def render_rapid_fire() -> None:
    bullets = dom.read_int("fudge-rf-bullets", 1, 1000, "Выпущено пуль")
    _fill(
        "fudge-rf-table",
        [
            (_level(m), str(fudge.rapid_fire_hits(bullets, m)), signed(fudge.rapid_fire_bullet_margin(m)))
            for m in range(0, 7)
        ],
    )


@dom.handler("change", "#fudge-scale-part")
def on_scale_change(event: Any) -> None:
    target = getattr(event, "target", None)
    if target is not None and str(getattr(target, "id", "")) == "fudge-rf-bullets":
        render_rapid_fire()


def render_range() -> None:
    rows = []
    previous = 0
    for limit, penalty in fudge.RANGE_TABLE:
        rows.append((f"{previous}–{limit} м" if previous else f"до {limit} м", signed(penalty)))
        previous = limit
    _fill("fudge-range-table", rows)


# --- setup ---------------------------------------------------------------------------------------


def _fill_selects() -> None:
    diff = dom.by_id("fudge-diff")
    dom.clear(diff)
    for level in sorted(fudge.LADDER, reverse=True):
        option = dom.make("option", _level(level), value=str(level))
        option.selected = level == 0
        diff.append(option)
    weapon = dom.by_id("fudge-weapon")
    selected = str(weapon.value) or "m1"
    dom.clear(weapon)
    melee = dom.make("optgroup", label="Ближний бой")
    for i, w in enumerate(fudge.MELEE_WEAPONS):
        melee.append(dom.make("option", f"{w.name} ({_weapon_formula(w)})", value=f"m{i}"))
    ranged = dom.make("optgroup", label="Огнестрельное")
    for i, preset in enumerate(fudge.RANGED_WEAPONS):
        ranged.append(dom.make("option", f"{preset.name} {_preset_range(preset)}", value=f"r{i}"))
    weapon.append(melee, ranged)
    weapon.value = selected
    for element_id, table in (("fudge-dtype", fudge.DAMAGE_TYPES), ("fudge-armour", fudge.ARMOUR)):
        select = dom.by_id(element_id)
        chosen = str(select.value)
        dom.clear(select)
        select.append(dom.make("option", "—", value=""))
        for name, value in table.items():
            select.append(dom.make("option", f"{name} {signed(value)}", value=name))
        select.value = chosen
    group = dom.by_id("fudge-g-wound")
    chosen = str(group.value) or "3"
    dom.clear(group)
    for value, box in GROUP_WOUNDS.items():
        group.append(dom.make("option", f"{signed(box.penalty)} {i18n.t(box.name)}", value=value))
    group.value = chosen


def _render_all() -> None:
    _fill_selects()
    _safely(render_dice, "fudge-dice-part")
    _safely(render_action, "fudge-act-part")
    _safely(render_attack, "fudge-att-part")
    _safely(render_rapid_fire, "fudge-scale-part")
    render_range()
    render_wounds()


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
    _show_mode()
    track, notice = _load_wounds()
    _state["track"] = track
    if notice:
        dom.set_text("fudge-w-notice", notice)
        dom.by_id("fudge-w-notice").hidden = False
    dom.set_text("fudge-w-status", _status(track))
    log.render()
    _set_pending([])
    _render_all()
    i18n.on_change(_render_all)
