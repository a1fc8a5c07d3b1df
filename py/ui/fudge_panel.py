"""Omicron FUDGE panel (seed 002): dice, actions, attack and damage, wounds, accumulators, scale, log.

Thin glue: every number comes from ``rules.fudge``; this module reads inputs, validates
all of them before touching state or the page, and renders.  Every text it shows is a
:class:`Text` (a Russian template, the catalogue key, with its values) turned into the page's
language when shown, and shown again in the other language on a switch.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules import dice, fudge
from ui import dom, i18n
from ui.chart import bar_chart
from ui.fmt import fixed, percent, signed
from ui.i18n import Later, Text
from ui.journal import Journal

WOUNDS_KEY = "gm.fudge.wounds"
ACC_KEY = "gm.fudge.accumulators"
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
MAX_RATE = 80  # the largest scale difference the form allows (attack −20 against defence 60)
MAX_UNITS = 999  # converted damage waiting to be marked; more means the saved data is damaged

_state: dict[str, Any] = {
    "track": fudge.WoundTrack(),
    "pending": [],  # damage per wound from the last attack, ready to mark
    "dice_hit": None,
    "act_hit": None,
    "att_hit": None,
    # Sub-scale damage (rate = scale difference) and exhaustion damage (4:1), and the real damage
    # each has produced that is not yet marked on the wound track.
    "pools": fudge.DamagePools(),
}
_shown: dict[str, Any] = {}  # element id -> the Text it shows (shown again on a language switch)
_errors: dict[str, tuple[Any, str]] = {}  # section id -> (error from a click, the text it showed)

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


i18n.register(
    {
        name: f"{name} ({english})"
        for name, english in (
            ("Без боевого искусства и оружия", "no martial art or weapon"),
            ("Мелкое оружие, камень, палка, боевой навык", "small weapon, stone, stick, combat skill"),
            ("Кастет, дубинка, сапог", "knuckle-duster, cudgel, boot"),
            ("Дубина, большой камень, нож", "club, big stone, knife"),
            ("Топор, палица, малый меч", "axe, mace, short sword"),
            ("Средний меч, копьё, боевой топор", "medium sword, spear, battle axe"),
            ("Двуручный меч, молот", "two-handed sword, hammer"),
            ("Малый пистолет", "small pistol"),
            ("Пистолет", "pistol"),
            ("Винтовка", "rifle"),
            ("Крупнокалиберная винтовка", "large-calibre rifle"),
            ("Базука", "bazooka"),
            ("Режущий", "cutting"),
            ("Большой пробивающий", "large piercing"),
            ("Средний пробивающий", "medium piercing"),
            ("Тканевая броня", "cloth armour"),
            ("Кожаная броня", "leather armour"),
            ("Кольчуга", "chain mail"),
            ("Легкая чашуйчатая броня", "light scale armour"),
            ("Пластинчатая броня", "plate armour"),
            ("Латы", "full plate"),
            ("Современный бронежилет", "modern body armour"),
        )
    }
)
i18n.register(
    {
        # names of inputs (in error messages) and select groups
        "А": "A",
        "Б": "B",
        "Сила": "Strength",
        "Атака": "Attack",
        "Уклонение": "Dodge",
        "Дистанция, м": "Distance, m",
        "Скорострельность: пуль": "Rapid fire: bullets",
        "Величина успеха S": "Margin S",
        "Ближний бой": "Melee",
        "Огнестрельное": "Firearms",
        "{who}: атрибут": "{who}: attribute",
        "{who}: навык": "{who}: skill",
        "{who}: навык или значение по умолчанию": "{who}: skill or default value",
        "{who}: бонус/штраф за сложность навыка": "{who}: skill difficulty bonus/penalty",
        "{who}: техника": "{who}: technique",
        "{who}: модификаторы": "{who}: modifiers",
        "{weapon}: множитель x": "{weapon}: multiplier x",
        "{weapon}: добавка y": "{weapon}: bonus y",
        # input errors
        "{name}: введите целое число от {low} до {high}.": "{name}: enter a whole number from {low} to {high}.",
        "{name}: {value} вне допустимого диапазона {low}…{high}.": (
            "{name}: {value} is outside the allowed range {low}…{high}."
        ),
        "{name}: недопустимое значение.": "{name}: not an allowed value.",
        "{name}: введите целое число от {low} до {high} или оставьте поле пустым.": (
            "{name}: enter a whole number from {low} to {high}, or leave the field empty."
        ),
        "Невозможное значение: {detail}": "Impossible value: {detail}",
        "{who}: бонус/штраф за сложность добавляется только к значению по умолчанию, когда навыка нет; "
        "поставьте 0 или выберите «нет навыка».": (
            "{who}: the difficulty bonus/penalty is only added to the default value when the skill is "
            "missing; set it to 0 or choose a missing skill."
        ),
        # outcomes (the seed's wording)
        "действие не удалось": "the action fails",
        "действие либо не удалось, либо удалось, но с некоторыми сложностями": (
            "the action either fails, or succeeds with some complications"
        ),
        "действие успешно": "the action succeeds",
        # dice and actions
        "навык {skill}": "skill {skill}",
        "навыка нет, по умолчанию {value} {adjustment} = {skill}": (
            "no skill, default {value} {adjustment} = {skill}"
        ),
        "навыка нет, атрибут со штрафом −1 {adjustment} = {skill}": (
            "no skill, the attribute at −1 {adjustment} = {skill}"
        ),
        "{who}: атрибут {attribute}, {how}, техника {technique}, модификаторы {modifier} → {total}": (
            "{who}: attribute {attribute}, {how}, technique {technique}, modifiers {modifier} → {total}"
        ),
        "{dice}. {a}; сложность {level}.": "{dice}. {a}; difficulty {level}.",
        "сложность {level}": "difficulty {level}",
        "Б: {faces} = {value}, итог {level}": "B: {faces} = {value}, total {level}",
        "{dice} А: {faces} = {value}, итог {total}; {against} → величина успеха {margin}. "
        "{label}: {outcome} (шанс был {p}).": (
            "{dice} A: {faces} = {value}, total {total}; {against} → margin of success {margin}. "
            "{label}: {outcome} (the chance was {p})."
        ),
        # attack and damage
        "{weapon} ({formula}), сила {strength}, тип {kind}, манёвр атаки {attack_maneuver}, "
        "масштаб {attack_scale}; броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver}, "
        "масштаб {defence_scale}": (
            "{weapon} ({formula}), strength {strength}, type {kind}, attack manoeuvre {attack_maneuver}, "
            "scale {attack_scale}; armour {armour}, toughness {toughness}, defence manoeuvre {defence_maneuver}, "
            "scale {defence_scale}"
        ),
        "{dice}. Атака {total}": "{dice}. Attack {total}",
        "дистанция {metres} м: {penalty}": "distance {metres} m: {penalty}",
        "цель не уклоняется (−3)": "target does not dodge (−3)",
        "уклонение {dodge} (не ниже −4)": "dodge {dodge} (not below −4)",
        "мин. уровень попадания {level}": "min. hit level {level}",
        "очередь {bullets} пуль": "burst of {bullets} bullets",
        " Урон без учёта масштаба {amount}: записать отдельно, каждые {rate} дают 1 действительный урон.": (
            " Sub-scale damage {amount}: record it separately, every {rate} make 1 real damage."
        ),
        " Изматывающий урон {amount}: обменивается на обычный 1 к {rate}.": (
            " Exhaustion damage {amount}: trades for ordinary damage 1 for {rate}."
        ),
        "атака {faces} = {value}, итог {total}": "attack {faces} = {value}, total {total}",
        "цель не уклоняется: {level}": "target does not dodge: {level}",
        "уклонение {faces} = {value}, итог {total}": "dodge {faces} = {value}, total {total}",
        ", в расчёт {level}": ", counted as {level}",
        " (итог атаки ниже минимального уровня {level})": " (attack total below the minimum level {level})",
        "Промах{why}.": "Miss{why}.",
        "{kind}: попало пуль {hits} из {bullets}, урон каждой {damage} (успех для пули {margin}).": (
            "{kind}: {hits} of {bullets} bullets hit, {damage} damage each (margin per bullet {margin})."
        ),
        "{kind}: урон {damage}.": "{kind}: damage {damage}.",
        "{dice}: {attack}; {defence} → величина успеха {margin}. {outcome} "
        "(P(попадание) = {hit}, P(задевание) = {graze})": (
            "{dice}: {attack}; {defence} → margin of success {margin}. {outcome} "
            "(P(hit) = {hit}, P(graze) = {graze})"
        ),
        "S = {margin}: {weapon} {formula} = {term}, сила {strength}, тип {kind}, манёвр {attack_maneuver}, "
        "масштабы {scales}, броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver} "
        "→ урон {amount}.": (
            "S = {margin}: {weapon} {formula} = {term}, strength {strength}, type {kind}, "
            "manoeuvre {attack_maneuver}, scales {scales}, armour {armour}, toughness {toughness}, "
            "defence manoeuvre {defence_maneuver} → damage {amount}."
        ),
        "Нет урона для отметки: сначала атакуйте или посчитайте урон.": (
            "No damage to mark: attack or compute the damage first."
        ),
        "Урон {amounts} из атаки: {marked}.": "Damage {amounts} from the attack: {marked}.",
        # wounds
        "Сохранённые раны повреждены и не прочитаны; показан чистый трек «Невредим».": (
            "The saved wounds were damaged and not read; showing a clean track, «Невредим» (unhurt)."
        ),
        "Состояние: {state}.": "State: {state}.",
        "Состояние: {state}, штраф {penalty}.": "State: {state}, penalty {penalty}.",
        "Персонаж уже «Мёртв»: снимите отметку «Мёртв» или очистите раны.": (
            "The character is already «Мёртв» (dead): undo «Мёртв» or clear the wounds."
        ),
        "ничего не отмечено": "nothing marked",
        "ячеек не осталось или урон 7+ — «Мёртв» (решение за Мастером)": (
            "no boxes left or damage 7+: «Мёртв» (dead; the GM decides)"
        ),
        "отмечено «{box}»": "marked «{box}»",
        "Урон {amount}: {what}.": "Damage {amount}: {what}.",
        "В строке «{box}» нет отмеченных ячеек.": "Row «{box}» has no marked boxes.",
        "Снята одна ячейка «{box}».": "Cleared one box of «{box}».",
        "Все раны очищены.": "All wounds cleared.",
        "Отметки «Мёртв» нет.": "There is no «Мёртв» (dead) mark.",
        "Отметка «Мёртв» снята (решение Мастера).": "«Мёртв» (dead) undone (the GM's decision).",
        # accumulators
        "Накопители урона": "Damage accumulators",
        "Урон без учёта масштаба копится отдельно, пока не наберёт значение масштаба: тогда это 1 "
        "действительный урон. Изматывающий урон обменивается на обычный 1 к 4. Атака пополняет "
        "накопители сама; готовый урон отмечается в ранах по 1.": (
            "Sub-scale damage is stored separately until it reaches the scale: then it is 1 real damage. "
            "Exhaustion damage trades for ordinary damage 1 for 4. An attack feeds the accumulators itself; "
            "converted damage is marked on the wounds 1 at a time."
        ),
        "Масштаб (разница)": "Scale (difference)",
        "Урон без учёта масштаба": "Sub-scale damage",
        "Добавить урон без учёта масштаба": "Add sub-scale damage",
        "Изматывающий урон": "Exhaustion damage",
        "Добавить изматывающий урон": "Add exhaustion damage",
        "Отметить готовый урон в ранах": "Mark converted damage on the wounds",
        "Сбросить накопители": "Reset the accumulators",
        "Накопители": "Accumulators",
        "Накопитель": "Accumulator",
        "Накоплено": "Stored",
        "Курс": "Rate",
        "Готово урона": "Damage ready",
        "Без учёта масштаба": "Sub-scale",
        "Изматывающий (1 к 4)": "Exhaustion (1 for 4)",
        "{stored} из {rate}": "{stored} of {rate}",
        "{rate} к 1": "{rate} to 1",
        "Сохранённые накопители повреждены и не прочитаны; накопители начаты с нуля.": (
            "The saved accumulators were damaged and not read; they start from zero."
        ),
        "В накопителе уже {stored} при масштабе {rate}; сбросьте накопители, чтобы сменить масштаб на {new}.": (
            "The accumulator already holds {stored} at scale {rate}; reset the accumulators to change "
            "the scale to {new}."
        ),
        "Урон без учёта масштаба +{amount} (масштаб {rate}).": "Sub-scale damage +{amount} (scale {rate}).",
        "Из атаки: урон без учёта масштаба +{amount} (масштаб {rate}).": (
            "From the attack: sub-scale damage +{amount} (scale {rate})."
        ),
        "Из атаки урон без учёта масштаба {amount} не добавлен: {reason}": (
            "Sub-scale damage {amount} from the attack was not added: {reason}"
        ),
        "Из атаки изматывающий урон {amount} не добавлен: {reason}": (
            "Exhaustion damage {amount} from the attack was not added: {reason}"
        ),
        "Готового урона больше {most}: сначала отметьте его в ранах.": (
            "More than {most} converted damage: mark it on the wounds first."
        ),
        "Изматывающий урон +{amount} (1 к {rate}).": "Exhaustion damage +{amount} (1 for {rate}).",
        "Из атаки: изматывающий урон +{amount} (1 к {rate}).": (
            "From the attack: exhaustion damage +{amount} (1 for {rate})."
        ),
        "Получено действительного урона: {units}.": "Real damage produced: {units}.",
        "Накоплено: без учёта масштаба {sub} из {rate}, изматывающий {exh} из {exh_rate}; "
        "готово урона {units}.": (
            "Stored: sub-scale {sub} of {rate}, exhaustion {exh} of {exh_rate}; damage ready {units}."
        ),
        "Нет готового урона: накопители ещё не набрали ни одной единицы.": (
            "No converted damage: the accumulators have not reached a full unit yet."
        ),
        "Урон 1 × {units} из накопителей: {marked}.": "Damage 1 × {units} from the accumulators: {marked}.",
        "Готовый урон отмечен в ранах.": "Converted damage marked on the wounds.",
        "Накопители сброшены.": "Accumulators reset.",
        # scale and range
        "Масштаб {scale}: 1,2^{scale} = {power} → {count} чел. {wound} ({penalty}) → масштаб {after}: "
        "1,2^{after} = {after_power} → в строю остаётся {after_count} чел.": (
            "Scale {scale}: 1.2^{scale} = {power} → {count} people. {wound} ({penalty}) → scale {after}: "
            "1.2^{after} = {after_power} → {after_count} people still standing."
        ),
        "{low}–{high} м": "{low}–{high} m",
        "до {limit} м": "up to {limit} m",
    }
)


# --- text in the page's language ------------------------------------------------------------------


class _Join:
    """Parts (text or ``Text``) joined by ``sep`` when shown."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: list[Any], /, sep: str = "") -> None:
        self.parts, self.sep = parts, sep

    def __str__(self) -> str:
        return self.sep.join(str(part) for part in self.parts)


class _Ladder:
    """A ladder name (seed term, with an English gloss); beyond ±8 the end name gets the excess."""

    __slots__ = ("value",)

    def __init__(self, value: int, /) -> None:
        self.value = value

    def __str__(self) -> str:
        rung, excess = fudge.ladder_step(self.value)
        name = i18n.t(fudge.LADDER[rung])
        return f"{name} {excess:+d}" if excess else name


def _show(element_id: str, text: Any) -> None:
    """Announce a text and remember it, to show it again after a language switch."""
    _shown[element_id] = text
    dom.announce(element_id, str(text))


def _handler(event_type: str, selector: str) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    """``dom.handler`` that also remembers the error message it shows, to translate it on a switch."""

    def decorator(fn: Callable[[Any], None]) -> Callable[[Any], None]:
        def remembering(event: Any) -> None:
            try:
                fn(event)
            except ValueError as error:
                target = getattr(event, "target", None)
                section = target.closest("section") if hasattr(target, "closest") else None
                if hasattr(section, "id") and str(section.id):
                    _errors[str(section.id)] = (error, str(error))
                raise

        dom.handler(event_type, selector)(remembering)
        return fn

    return decorator


def _translate_shown() -> None:
    for element_id, text in _shown.items():
        dom.set_text(element_id, str(text))
    for section_id, (error, before) in list(_errors.items()):
        box = dom.by_id(section_id).querySelector(".error")
        if hasattr(box, "hidden") and not box.hidden and str(box.textContent) == before:
            box.textContent = str(error)
            _errors[section_id] = (error, str(error))
        else:
            del _errors[section_id]  # the message has gone (fixed, or replaced by another)


# --- small helpers -------------------------------------------------------------------------------


def _level(value: int) -> Text:
    """A level with its ladder name: +2 «Хорошо»."""
    return Text("{value} «{name}»", value=signed(value), name=_Ladder(value))


def _fill(body_id: str, rows: list[tuple[Any, ...]]) -> None:
    dom.fill_table(body_id, [dom.table_row(*cells) for cells in rows])


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
            raise dom.InputError(
                Text(
                    "{name}: введите целое число от {low} до {high} или оставьте поле пустым.",
                    name=Text(name),
                    low=low,
                    high=high,
                )
            )
        return None
    return dom.read_int(element_id, low, high, name)


def _rules(call: Callable[[], Any]) -> Any:
    """Call a rules function; its (English) ValueError becomes a message with the detail."""
    try:
        return call()
    except ValueError as error:
        raise dom.InputError(Text("Невозможное значение: {detail}", detail=str(error))) from None


def _faces(roll: fudge.FudgeRoll) -> str:
    if roll.dice == "6d3-12":
        return "(" + " + ".join(str(face) for face in roll.faces) + ") − 12"
    return " ".join(signed(face) for face in roll.faces)


def _read_dice() -> str:
    return dom.read_choice("fudge-dice", tuple(fudge.DICE), "Кубики")


def _record(element_id: str, text: Any) -> None:
    """Show a result and add it to the log (in both languages when ``text`` is a ``Text``)."""
    _show(element_id, text)
    log.add(text)


# --- log -----------------------------------------------------------------------------------------


log = Journal(LOG_KEY, "fudge", size=LOG_SIZE)


@_handler("click", "#fudge-log-clear")
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
                _Ladder(k),
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


@_handler("change", "#fudge-dice")
def on_dice_change(_event: Any) -> None:
    render_dice()
    _safely(render_action, "fudge-act-part")
    _safely(render_attack, "fudge-att-part")


@_handler("click", "#fudge-roll-dice")
def on_roll_dice(_event: Any) -> None:
    name = _read_dice()
    roll = fudge.roll(dom.app_rng, name)
    dist = fudge.distribution(name)
    _state["dice_hit"] = (name, roll.value)
    render_dice()
    text = Text(
        "{dice}: {faces} = {level}; P(= {value}) = {p}",
        dice=DICE_LABEL[name],
        faces=_faces(roll),
        level=_level(roll.value),
        value=signed(roll.value),
        p=Later(percent, dist[roll.value]),
    )
    _record("fudge-dice-result", text)


# --- one-sided and opposed actions ---------------------------------------------------------------


def _read_side(prefix: str, who: str) -> tuple[fudge.Side, Text]:
    """A side and a line explaining its skill term."""
    side_name = Text(who)

    def name(template: str) -> Text:
        return Text(template, who=side_name)

    attribute = dom.read_int(f"fudge-{prefix}-attr", -10, 10, name("{who}: атрибут"))
    mode = dom.read_choice(f"fudge-{prefix}-skill-mode", SKILL_MODES, "Навык")
    value = dom.read_int(f"fudge-{prefix}-skill", -10, 10, name("{who}: навык или значение по умолчанию"))
    adjustment = dom.read_int(f"fudge-{prefix}-adj", -10, 10, name("{who}: бонус/штраф за сложность навыка"))
    technique = dom.read_int(f"fudge-{prefix}-tech", -10, 10, name("{who}: техника"))
    modifier = dom.read_int(f"fudge-{prefix}-mod", -30, 30, name("{who}: модификаторы"))
    if mode == "have":
        if adjustment:
            raise dom.InputError(
                name(
                    "{who}: бонус/штраф за сложность добавляется только к значению по умолчанию, "
                    "когда навыка нет; поставьте 0 или выберите «нет навыка»."
                )
            )
        skill = _rules(lambda: fudge.skill_term(value))
        how = Text("навык {skill}", skill=signed(skill))
    elif mode == "required":
        skill = _rules(lambda: fudge.skill_term(None, required=True, default=value, adjustment=adjustment))
        how = Text(
            "навыка нет, по умолчанию {value} {adjustment} = {skill}",
            value=signed(value),
            adjustment=signed(adjustment),
            skill=signed(skill),
        )
    else:
        skill = _rules(lambda: fudge.skill_term(None, adjustment=adjustment))
        how = Text(
            "навыка нет, атрибут со штрафом −1 {adjustment} = {skill}",
            adjustment=signed(adjustment),
            skill=signed(skill),
        )
    side = _rules(lambda: fudge.Side(attribute, skill, technique, modifier))
    text = Text(
        "{who}: атрибут {attribute}, {how}, техника {technique}, модификаторы {modifier} → {total}",
        who=side_name,
        attribute=signed(attribute),
        how=how,
        technique=signed(technique),
        modifier=signed(modifier),
        total=signed(side.static),
    )
    return side, text


def _read_action() -> dict[str, Any]:
    name = _read_dice()
    mode = dom.read_choice("fudge-mode", ("one", "opp"), "Вид действия")
    a, a_text = _read_side("a", "А")
    if mode == "one":
        difficulty = dom.read_int("fudge-diff", -8, 8, "Сложность")
        odds = _rules(lambda: fudge.one_sided_odds(a, difficulty, name))
        summary = Text(
            "{dice}. {a}; сложность {level}.", dice=DICE_LABEL[name], a=a_text, level=_level(difficulty)
        )
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
    summary = Text("{dice}. {a}; {b}.", dice=DICE_LABEL[name], a=a_text, b=b_text)
    return {"dice": name, "mode": mode, "a": a, "b": b, "odds": odds, "summary": summary}


def _show_mode() -> None:
    one = str(dom.by_id("fudge-mode").value) != "opp"
    dom.by_id("fudge-diff-wrap").hidden = not one
    dom.by_id("fudge-side-b").hidden = one


OUTCOME_LABEL = {fudge.FAILURE: "Провал", fudge.TIE: "Ничья", fudge.SUCCESS: "Успех"}
# The seed's wording of each outcome code (seed 002, 2.1).
OUTCOME_TEXT = {
    fudge.FAILURE: "действие не удалось",
    fudge.TIE: "действие либо не удалось, либо удалось, но с некоторыми сложностями",
    fudge.SUCCESS: "действие успешно",
}


def _outcome(outcome: str) -> Text:
    """ "Провал: действие не удалось" — the label and the seed's wording."""
    return Text("{label}: {text}", label=Text(OUTCOME_LABEL[outcome]), text=Text(OUTCOME_TEXT[outcome]))


def render_action(highlight: int | None = None) -> None:
    action = _read_action()
    odds: fudge.ActionOdds = action["odds"]
    _fill(
        "fudge-act-odds",
        [
            (_outcome(fudge.FAILURE), percent(odds.failure)),
            (_outcome(fudge.TIE), percent(odds.tie)),
            (_outcome(fudge.SUCCESS), percent(odds.success)),
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
        [(signed(m), _Ladder(m), percent(p), percent(dice.at_least(margins, m))) for m, p in margins.items()],
    )
    dom.set_text("fudge-act-summary", str(action["summary"]))


@_handler("change", "#fudge-act-part")
def on_action_change(_event: Any) -> None:
    _show_mode()
    render_action()


@_handler("click", "#fudge-act-roll")
def on_action_roll(_event: Any) -> None:
    _show_mode()
    action = _read_action()
    name = action["dice"]
    if action["mode"] == "one":
        result = fudge.one_sided(dom.app_rng, action["a"], action["difficulty"], name)
        against = Text("сложность {level}", level=_level(result.against))
    else:
        result = fudge.opposed(dom.app_rng, action["a"], action["b"], name)
        theirs = result.opposing_roll
        against = Text(
            "Б: {faces} = {value}, итог {level}",
            faces=_faces(theirs),
            value=signed(theirs.value),
            level=_level(result.against),
        )
    render_action(highlight=result.margin)
    text = Text(
        "{dice} А: {faces} = {value}, итог {total}; {against} → величина успеха {margin}. "
        "{label}: {outcome} (шанс был {p}).",
        dice=DICE_LABEL[name],
        faces=_faces(result.roll),
        value=signed(result.roll.value),
        total=_level(result.total),
        against=against,
        margin=_level(result.margin),
        label=Text(OUTCOME_LABEL[result.outcome]),
        outcome=Text(OUTCOME_TEXT[result.outcome]),
        p=Later(percent, getattr(result.odds, result.outcome)),
    )
    _record("fudge-act-result", text)


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
    weapon = Text(preset.name)
    x = dom.read_int("fudge-wx", preset.multiplier_min, top, Text("{weapon}: множитель x", weapon=weapon))
    y = dom.read_int(
        "fudge-wy", preset.bonus_min, preset.bonus_max, Text("{weapon}: добавка y", weapon=weapon)
    )
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


def _factors_text(f: fudge.DamageFactors) -> Text:
    return Text(
        "{weapon} ({formula}), сила {strength}, тип {kind}, манёвр атаки {attack_maneuver}, "
        "масштаб {attack_scale}; броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver}, "
        "масштаб {defence_scale}",
        weapon=Text(f.weapon.name),
        formula=_weapon_formula(f.weapon),
        strength=signed(f.strength),
        kind=signed(f.damage_type),
        attack_maneuver=signed(f.attack_maneuver),
        attack_scale=signed(f.attack_scale),
        armour=signed(f.armour),
        toughness=signed(f.toughness),
        defence_maneuver=signed(f.defence_maneuver),
        defence_scale=signed(f.defence_scale),
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
    parts: list[Any] = [Text("{dice}. Атака {total}", dice=DICE_LABEL[name], total=signed(total))]
    if metres is not None:
        parts.append(Text("дистанция {metres} м: {penalty}", metres=metres, penalty=signed(penalty)))
    parts.append(
        Text("цель не уклоняется (−3)")
        if no_dodge
        else Text("уклонение {dodge} (не ниже −4)", dodge=signed(dodge))
    )
    parts.append(Text("мин. уровень попадания {level}", level=signed(min_hit)))
    if bullets is not None:
        parts.append(Text("очередь {bullets} пуль", bullets=bullets))
    summary = _Join([_Join(parts, "; "), ". ", _factors_text(factors), "."])
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
    dom.set_text("fudge-att-summary", str(data["summary"]))


def _set_pending(amounts: list[int]) -> None:
    _state["pending"] = amounts
    dom.by_id("fudge-apply").disabled = not amounts


@_handler("change", "#fudge-att-part")
def on_attack_change(event: Any) -> None:
    target = getattr(event, "target", None)
    _show_weapon(reset=target is not None and str(getattr(target, "id", "")) == "fudge-weapon")
    if target is not None and str(getattr(target, "id", "")) == "fudge-margin":
        return
    render_attack()


def _detail_text(detail: fudge.Damage | None, scale_rate: int) -> Text | str:
    """The sub-scale or exhaustion part of a hit, with a leading space ("" when there is none)."""
    if detail is None:
        return ""
    if detail.sub_scale:
        return Text(
            " Урон без учёта масштаба {amount}: записать отдельно, каждые {rate} дают 1 действительный урон.",
            amount=detail.sub_scale,
            rate=scale_rate,
        )
    if detail.exhaustion:
        return Text(
            " Изматывающий урон {amount}: обменивается на обычный 1 к {rate}.",
            amount=detail.exhaustion,
            rate=fudge.EXHAUSTION_RATE,
        )
    return ""


@_handler("click", "#fudge-attack")
def on_attack(_event: Any) -> None:
    data = _read_attack()
    name = data["dice"]
    result = fudge.attack(
        dom.app_rng, data["attacker"], data["defender"], data["factors"], name, **data["kwargs"]
    )
    render_attack(highlight=result.damage)
    a = Text(
        "атака {faces} = {value}, итог {total}",
        faces=_faces(result.attack_roll),
        value=signed(result.attack_roll.value),
        total=_level(result.attack_total),
    )
    if result.defence_roll is None:
        d: Any = Text("цель не уклоняется: {level}", level=_level(result.defence_counted))
    else:
        d = Text(
            "уклонение {faces} = {value}, итог {total}",
            faces=_faces(result.defence_roll),
            value=signed(result.defence_roll.value),
            total=signed(result.defence_total),
        )
        if result.defence_counted != result.defence_total:
            d = _Join([d, Text(", в расчёт {level}", level=_level(result.defence_counted))])
    min_hit = data["kwargs"]["min_hit_level"]
    if result.outcome == fudge.FAILURE:
        why = (
            Text(" (итог атаки ниже минимального уровня {level})", level=signed(min_hit))
            if result.attack_total < min_hit
            else ""
        )
        outcome: Any = Text("Промах{why}.", why=why)
        amounts: list[int] = []
    else:
        kind = Text("Задевание" if result.outcome == fudge.TIE else "Попадание")
        if data["bullets"] is not None:
            outcome = Text(
                "{kind}: попало пуль {hits} из {bullets}, урон каждой {damage} (успех для пули {margin}).",
                kind=kind,
                hits=result.hits,
                bullets=data["bullets"],
                damage=result.damage,
                margin=signed(fudge.rapid_fire_bullet_margin(result.margin)),
            )
        else:
            outcome = Text("{kind}: урон {damage}.", kind=kind, damage=result.damage)
        outcome = _Join([outcome, _detail_text(result.detail, -data["factors"].scale_difference)])
        amounts = list(result.wounds)
    text = Text(
        "{dice}: {attack}; {defence} → величина успеха {margin}. {outcome} "
        "(P(попадание) = {hit}, P(задевание) = {graze})",
        dice=DICE_LABEL[name],
        attack=a,
        defence=d,
        margin=_level(result.margin),
        outcome=outcome,
        hit=Later(percent, result.odds.hit),
        graze=Later(percent, result.odds.graze),
    )
    _set_pending(amounts)
    _record("fudge-att-result", text)
    if result.detail is not None and result.hits:
        _feed_from_attack(result.detail, result.hits)


@_handler("click", "#fudge-dmg-calc")
def on_damage_calc(_event: Any) -> None:
    margin = dom.read_int("fudge-margin", 1, 30, "Величина успеха S")
    factors = _read_factors()
    result = _rules(lambda: fudge.damage(margin, factors))
    f = factors
    text = _Join(
        [
            Text(
                "S = {margin}: {weapon} {formula} = {term}, сила {strength}, тип {kind}, манёвр {attack_maneuver}, "
                "масштабы {scales}, броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver} "
                "→ урон {amount}.",
                margin=margin,
                weapon=Text(f.weapon.name),
                formula=_weapon_formula(f.weapon),
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
        ]
    )
    _set_pending(list(result.wounds))
    _record("fudge-att-result", text)


def _mark_each(amounts: list[int] | tuple[int, ...]) -> tuple[fudge.WoundTrack, _Join]:
    """The track after each wound in turn (``WoundTrack.mark_each``), and what each marked."""
    marking = _state["track"].mark_each(amounts)
    marked = [Text(u.box_name) if u.box_name else Text(u.track.status) for u in marking.updates]
    return marking.track, _Join(marked, ", ")


@_handler("click", "#fudge-apply")
def on_apply(_event: Any) -> None:
    amounts = list(_state["pending"])
    if not amounts:
        raise dom.InputError(Text("Нет урона для отметки: сначала атакуйте или посчитайте урон."))
    track, marked = _mark_each(amounts)
    _set_pending([])
    _commit_track(
        track,
        Text("Урон {amounts} из атаки: {marked}.", amounts=", ".join(map(str, amounts)), marked=marked),
    )


# --- wounds --------------------------------------------------------------------------------------


def _load_wounds() -> tuple[fudge.WoundTrack, Text | None]:
    if not dom.has_saved(WOUNDS_KEY):
        return fudge.WoundTrack(), None
    saved = dom.load_json(WOUNDS_KEY, None)
    try:
        return fudge.WoundTrack.from_dict(saved), None
    except (ValueError, TypeError):
        return (
            fudge.WoundTrack(),
            Text("Сохранённые раны повреждены и не прочитаны; показан чистый трек «Невредим»."),
        )


def _status(track: fudge.WoundTrack) -> Text:
    if track.penalty:
        return Text(
            "Состояние: {state}, штраф {penalty}.", state=Text(track.status), penalty=signed(track.penalty)
        )
    return Text("Состояние: {state}.", state=Text(track.status))


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


def _commit_track(track: fudge.WoundTrack, text: Any) -> None:
    _state["track"] = track
    dom.save_json(WOUNDS_KEY, track.to_dict())
    render_wounds()
    dom.by_id("fudge-w-notice").hidden = True
    _shown.pop("fudge-w-notice", None)
    _record("fudge-w-status", _Join([text, " ", _status(track)]))


def _not_dead() -> None:
    if _state["track"].dead:
        raise dom.InputError(Text("Персонаж уже «Мёртв»: снимите отметку «Мёртв» или очистите раны."))


@_handler("click", "#fudge-w-take")
def on_wound_take(_event: Any) -> None:
    amount = dom.read_int("fudge-w-amount", 0, 99, "Урон")
    _not_dead()
    update = _state["track"].take(amount)
    if amount == 0:
        what = Text("ничего не отмечено")
    elif update.box_name is None:
        what = Text("ячеек не осталось или урон 7+ — «Мёртв» (решение за Мастером)")
    else:
        what = Text("отмечено «{box}»", box=Text(update.box_name))
    _commit_track(update.track, Text("Урон {amount}: {what}.", amount=amount, what=what))


@_handler("click", "#fudge-w-rows")
def on_wound_clear_row(event: Any) -> None:
    target = getattr(event, "target", None)
    button = target.closest("button[data-row]") if target is not None and hasattr(target, "closest") else None
    if button is None:
        return
    index = int(str(button.dataset.row))
    track: fudge.WoundTrack = _state["track"]
    box = Text(fudge.WOUND_BOXES[index].name)
    if track.marked[index] == 0:
        raise dom.InputError(Text("В строке «{box}» нет отмеченных ячеек.", box=box))
    _commit_track(track.clear(index), Text("Снята одна ячейка «{box}».", box=box))


@_handler("click", "#fudge-w-clear-all")
def on_wound_clear_all(_event: Any) -> None:
    _commit_track(_state["track"].clear_all(), Text("Все раны очищены."))


@_handler("click", "#fudge-w-revive")
def on_wound_revive(_event: Any) -> None:
    track: fudge.WoundTrack = _state["track"]
    if not track.dead:
        raise dom.InputError(Text("Отметки «Мёртв» нет."))
    _commit_track(track.revive(), Text("Отметка «Мёртв» снята (решение Мастера)."))


# --- accumulators: sub-scale damage (rate = scale difference) and exhaustion damage (4:1) ----------


def _units(value: int) -> int:
    if value > MAX_UNITS:
        raise ValueError(f"converted damage must be 0..{MAX_UNITS}, got {value!r}")
    return value


def _load_accumulators() -> tuple[fudge.DamagePools, Text | None]:
    if not dom.has_saved(ACC_KEY):
        return fudge.DamagePools(), None
    saved = dom.load_json(ACC_KEY, None)
    try:
        pools = fudge.DamagePools.from_dict(saved)
        if pools.sub_scale.rate > MAX_RATE:
            raise ValueError("accumulator rate out of range")
        _units(pools.sub_scale_units)
        _units(pools.exhaustion_units)
        return pools, None
    except (ValueError, TypeError):
        return (
            fudge.DamagePools(),
            Text("Сохранённые накопители повреждены и не прочитаны; накопители начаты с нуля."),
        )


def _acc_summary() -> Text:
    pools: fudge.DamagePools = _state["pools"]
    sub, exh = pools.sub_scale, pools.exhaustion
    return Text(
        "Накоплено: без учёта масштаба {sub} из {rate}, изматывающий {exh} из {exh_rate}; готово урона {units}.",
        sub=sub.stored,
        rate=sub.rate,
        exh=exh.stored,
        exh_rate=exh.rate,
        units=pools.ready,
    )


def render_accumulators() -> None:
    pools: fudge.DamagePools = _state["pools"]
    rows = []
    for name, pool, units in (
        ("Без учёта масштаба", pools.sub_scale, pools.sub_scale_units),
        ("Изматывающий (1 к 4)", pools.exhaustion, pools.exhaustion_units),
    ):
        rows.append(
            (
                Text(name),
                Text("{stored} из {rate}", stored=pool.stored, rate=pool.rate),
                Text("{rate} к 1", rate=pool.rate),
                str(units),
            )
        )
    _fill("fudge-acc-rows", rows)
    dom.by_id("fudge-acc-apply").disabled = not pools.ready


def _commit_accumulators(pools: fudge.DamagePools, text: Any) -> None:
    _state["pools"] = pools
    dom.save_json(ACC_KEY, pools.to_dict())
    dom.by_id("fudge-acc-rate").value = str(pools.sub_scale.rate)
    render_accumulators()
    dom.by_id("fudge-acc-notice").hidden = True
    _shown.pop("fudge-acc-notice", None)
    _record("fudge-acc-status", _Join([text, " ", _acc_summary()]))


def _added(feed: fudge.PoolFeed) -> tuple[fudge.DamagePools, int]:
    """The pools after ``DamagePools.add`` and the real damage it produced; InputError (and
    nothing changed) when they cannot take it: a sub-scale pool holding damage at another scale."""
    before: fudge.DamagePools = _state["pools"]
    try:
        after = before.add(feed)
    except fudge.ScaleMismatch as error:
        raise dom.InputError(
            Text(
                "В накопителе уже {stored} при масштабе {rate}; сбросьте накопители, "
                "чтобы сменить масштаб на {new}.",
                stored=error.stored,
                rate=error.rate,
                new=error.new,
            )
        ) from None
    if after.sub_scale_units > MAX_UNITS or after.exhaustion_units > MAX_UNITS:
        raise dom.InputError(
            Text("Готового урона больше {most}: сначала отметьте его в ранах.", most=MAX_UNITS)
        )
    return after, after.ready - before.ready


def _with_units(text: Text, units: int) -> Any:
    if not units:
        return text
    return _Join([text, " ", Text("Получено действительного урона: {units}.", units=units)])


def _feed_from_attack(detail: fudge.Damage, hits: int) -> None:
    """Put a hit's sub-scale or exhaustion damage (each hitting bullet's, for a burst) in its pool."""
    feed = fudge.pool_feed(detail, hits)
    if feed is None:
        return
    if feed.kind == fudge.SUB_SCALE:
        done = "Из атаки: урон без учёта масштаба +{amount} (масштаб {rate})."
        refused = "Из атаки урон без учёта масштаба {amount} не добавлен: {reason}"
    else:
        done = "Из атаки: изматывающий урон +{amount} (1 к {rate})."
        refused = "Из атаки изматывающий урон {amount} не добавлен: {reason}"
    try:
        pools, units = _added(feed)
    except ValueError as error:
        _record("fudge-acc-status", Text(refused, amount=feed.amount, reason=error.args[0]))
        return
    _commit_accumulators(pools, _with_units(Text(done, amount=feed.amount, rate=feed.rate), units))


@_handler("click", "#fudge-acc-sub-add")
def on_acc_sub_add(_event: Any) -> None:
    rate = dom.read_int("fudge-acc-rate", 1, MAX_RATE, "Масштаб (разница)")
    amount = dom.read_int("fudge-acc-sub", 1, 99, "Урон без учёта масштаба")
    pools, units = _added(fudge.PoolFeed(fudge.SUB_SCALE, amount, rate))
    text = Text("Урон без учёта масштаба +{amount} (масштаб {rate}).", amount=amount, rate=rate)
    _commit_accumulators(pools, _with_units(text, units))


@_handler("click", "#fudge-acc-exh-add")
def on_acc_exh_add(_event: Any) -> None:
    amount = dom.read_int("fudge-acc-exh", 1, 99, "Изматывающий урон")
    pools, units = _added(fudge.PoolFeed(fudge.EXHAUSTION, amount, fudge.EXHAUSTION_RATE))
    text = Text("Изматывающий урон +{amount} (1 к {rate}).", amount=amount, rate=fudge.EXHAUSTION_RATE)
    _commit_accumulators(pools, _with_units(text, units))


@_handler("click", "#fudge-acc-apply")
def on_acc_apply(_event: Any) -> None:
    pools: fudge.DamagePools = _state["pools"]
    if not pools.ready:
        raise dom.InputError(Text("Нет готового урона: накопители ещё не набрали ни одной единицы."))
    _not_dead()
    track, marked = _mark_each(pools.wounds)
    _commit_accumulators(pools.marked(), Text("Готовый урон отмечен в ранах."))
    _commit_track(track, Text("Урон 1 × {units} из накопителей: {marked}.", units=pools.ready, marked=marked))


@_handler("click", "#fudge-acc-reset")
def on_acc_reset(_event: Any) -> None:
    _commit_accumulators(_state["pools"].reset(), Text("Накопители сброшены."))


# --- scale, rapid fire, range --------------------------------------------------------------------


class _Power:
    """1.2^scale to two decimals, with the page language's decimal mark."""

    __slots__ = ("scale",)

    def __init__(self, scale: int, /) -> None:
        self.scale = scale

    def __str__(self) -> str:
        return fixed(fudge.scale_factor(self.scale))


def _group_text() -> Text:
    scale = dom.read_int("fudge-g-scale", 0, 100, "Масштаб группы")
    wound = dom.read_choice("fudge-g-wound", tuple(GROUP_WOUNDS), "Ранение группы")
    update = _rules(lambda: fudge.Group(scale).take(int(wound)))
    after = update.group
    return Text(
        "Масштаб {scale}: 1,2^{scale} = {power} → {count} чел. {wound} ({penalty}) → масштаб {after}: "
        "1,2^{after} = {after_power} → в строю остаётся {after_count} чел.",
        scale=scale,
        power=_Power(scale),
        count=fudge.headcount(scale),
        wound=Text(GROUP_WOUNDS[wound].name),
        penalty=signed(update.scale_penalty),
        after=after.scale,
        after_power=_Power(after.scale),
        after_count=after.headcount,
    )


@_handler("click", "#fudge-g-calc")
def on_group(_event: Any) -> None:
    _record("fudge-g-result", _group_text())


def render_rapid_fire() -> None:
    bullets = dom.read_int("fudge-rf-bullets", 1, 1000, "Выпущено пуль")
    _fill(
        "fudge-rf-table",
        [
            (_level(m), str(fudge.rapid_fire_hits(bullets, m)), signed(fudge.rapid_fire_bullet_margin(m)))
            for m in range(0, 7)
        ],
    )


@_handler("change", "#fudge-scale-part")
def on_scale_change(event: Any) -> None:
    target = getattr(event, "target", None)
    if target is not None and str(getattr(target, "id", "")) == "fudge-rf-bullets":
        render_rapid_fire()


def render_range() -> None:
    rows = []
    previous = 0
    for limit, penalty in fudge.RANGE_TABLE:
        where = (
            Text("{low}–{high} м", low=previous, high=limit)
            if previous
            else Text("до {limit} м", limit=limit)
        )
        rows.append((where, signed(penalty)))
        previous = limit
    _fill("fudge-range-table", rows)


# --- setup ---------------------------------------------------------------------------------------


def _fill_selects() -> None:
    diff = dom.by_id("fudge-diff")
    chosen = str(diff.value) or "0"
    dom.clear(diff)
    for level in sorted(fudge.LADDER, reverse=True):
        diff.append(dom.make("option", str(_level(level)), value=str(level)))
    diff.value = chosen
    weapon = dom.by_id("fudge-weapon")
    selected = str(weapon.value) or "m1"
    dom.clear(weapon)
    melee = dom.make("optgroup", label=i18n.t("Ближний бой"))
    for i, w in enumerate(fudge.MELEE_WEAPONS):
        melee.append(dom.make("option", f"{i18n.t(w.name)} ({_weapon_formula(w)})", value=f"m{i}"))
    ranged = dom.make("optgroup", label=i18n.t("Огнестрельное"))
    for i, preset in enumerate(fudge.RANGED_WEAPONS):
        ranged.append(dom.make("option", f"{i18n.t(preset.name)} {_preset_range(preset)}", value=f"r{i}"))
    weapon.append(melee, ranged)
    weapon.value = selected
    for element_id, table in (("fudge-dtype", fudge.DAMAGE_TYPES), ("fudge-armour", fudge.ARMOUR)):
        select = dom.by_id(element_id)
        chosen = str(select.value)
        dom.clear(select)
        select.append(dom.make("option", "—", value=""))
        for name, value in table.items():
            select.append(dom.make("option", f"{i18n.t(name)} {signed(value)}", value=name))
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
    render_accumulators()
    _translate_shown()


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
    _show_mode()
    track, notice = _load_wounds()
    _state["track"] = track
    if notice:
        _show("fudge-w-notice", notice)
        dom.by_id("fudge-w-notice").hidden = False
    _show("fudge-w-status", _status(track))
    pools, acc_notice = _load_accumulators()
    _state["pools"] = pools
    dom.by_id("fudge-acc-rate").value = str(pools.sub_scale.rate)
    if acc_notice:
        _show("fudge-acc-notice", acc_notice)
        dom.by_id("fudge-acc-notice").hidden = False
    _show("fudge-acc-status", _acc_summary())
    log.render()
    _set_pending([])
    _render_all()
    i18n.on_change(_render_all)
