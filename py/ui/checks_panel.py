"""GaussD20 checks panel (issue #4): skill check, median roll, madness and horror series,
opposed check and combat with active defence, with a shared, persisted log.

Every handler reads and validates all of its inputs first, then calls ``rules.gauss`` and
renders; a bad input raises ``dom.InputError`` and leaves the page as it was.

Language (issue #7): every text is built in the current language.  Seed terms (tiers,
ladder rungs) keep the Russian original with an English gloss from ``SEED_EN``, a local
glossary, because the shared catalogue already maps a bare «провал» / «успех» to plain
English.  Each render remembers its arguments and each result remembers how to rebuild
its line, so a language switch re-renders everything shown; the log stores each line in
both languages.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules import gauss
from ui import dom, gauss_words, i18n
from ui.fmt import percent, percent_of, signed
from ui.journal import Journal

LOG_KEY = "gm.checks.log"
SERIES_KEY = "gm.checks.series"
LOG_SIZE = 50
MOD_RANGE = (-30, 30)
SERIES_KINDS = (gauss.MADNESS, gauss.HORROR)

i18n.register(
    {
        "Проверки GaussD20": "GaussD20 checks",
        "Проверки из поста автора: навык, бросок медианы, безумие и ужас, противопоставленная проверка "
        "и бой с активной защитой. Все вероятности точные, на честных d20.": (
            "The checks of the seed post: skill, median roll, madness and horror, opposed check and combat "
            "with active defence. All odds are exact, on fair d20s."
        ),
        "Проверка навыка": "Проверка навыка (skill check)",
        "GaussD20 + уровень навыка + уровень сложности + ситуационные модификаторы. Модификаторы не "
        "выводят результат за 4…17; чистые 1–3 и 18–20 сдвигаются только к центру. Удача сдвигает сам "
        "кубик.": (
            "GaussD20 + skill level + difficulty + situational modifiers. Modifiers never carry a value past "
            "4…17; a pure 1–3 or 18–20 only moves towards the centre. Luck shifts the die itself."
        ),
        "Уровень навыка": "Skill level (умение)",
        "Ситуационный модификатор": "Situational modifier",
        "Бросить проверку": "Roll the check",
        "Исходы проверки до броска": "Outcomes before the roll",
        "Итог": "Value",
        "Шанс": "Chance",
        "Исход": "Outcome",
        "Вероятность": "Probability",
        "Провал на N шагов сложности выше своего уровня": "Failure N difficulty steps above one's level",
        "Шагов": "Steps",
        "В посте": "Seed post",
        "Точно": "Exact",
        "Бросок медианы": "Бросок медианы (median roll)",
        "Надо попасть в окно вокруг центра (10–11, 9–12 …) или, в обратной форме, НЕ попасть в центр. "
        "Промах ниже и промах выше считаются отдельно.": (
            "Land in a window around the centre (10–11, 9–12 …) or, inverted, miss the centre. A miss below "
            "and a miss above are counted apart."
        ),
        "Окно": "Window",
        "радиус от центра": "radius around the centre",
        "явный диапазон": "explicit range",
        "Радиус (0–9)": "Radius (0–9)",
        "от": "from",
        "до": "to",
        "Обратная форма: надо НЕ попасть в центр": "Inverted: must NOT land in the centre",
        "Интеллект (1–9)": "Intelligence (1–9)",
        "Тренированность": "Training",
        "Ситуация": "Situation",
        "Модификатор окна = (интеллект − 5) + (удача − 5) + тренированность + ситуация; каждое очко в "
        "пользу бросающего добавляет окну одну грань (в обратной форме — убирает грань у запретного "
        "центра), каждое очко против — убирает. Кубик при этом бросается без удачи.": (
            "Window modifier = (intelligence − 5) + (luck − 5) + training + situation; each point in the "
            "roller's favour adds one face to the window (inverted: removes one from the forbidden centre), "
            "each point against removes one. The die itself is rolled without luck."
        ),
        "Бросить медиану": "Roll the median",
        "Пример: призыв демона (6–15)": "Example: summoning a demon (6–15)",
        "Исходы броска медианы до броска": "Median roll outcomes before the roll",
        "Где": "Where",
        "Значения": "Values",
        "Что значит": "Meaning",
        "Безумие и ужас": "Безумие и ужас (madness and horror)",
        "Броски медианы сериями: провал вверх повторяется каждые 30 секунд. Безумие: окно 9–12, −1 за "
        "каждый провал в серии. Ужас: окно 10–11, +1 за каждый провал. Попадание или провал вниз "
        "завершают серию.": (
            "Median rolls in series: a miss above is re-rolled every 30 seconds. Madness: window 9–12, −1 per "
            "failure in the series. Horror: window 10–11, +1 per failure. A hit or a miss below ends the series."
        ),
        "Проверка Безумия": "Проверка Безумия (madness check)",
        "Проверка Ужаса": "Проверка Ужаса (horror check)",
        "Модификатор персонажа": "Character's modifier",
        "Бросить следующую": "Roll the next one",
        "Новая серия": "New series",
        "Модификатор персонажа считается как в броске медианы: (интеллект − 5) + (удача − 5) + "
        "тренированность + ситуация. Серии сохраняются в браузере.": (
            "The character's modifier is the median roll's: (intelligence − 5) + (luck − 5) + training + "
            "situation. Series are saved in the browser."
        ),
        "Противопоставленная проверка": "Противопоставленная проверка (opposed check)",
        "Первым бросает защищающийся. Атака пробивает защиту, если выпало число дальше от центра, чем у "
        "защиты: при защите 12 провал атаки — 9–12. Бонусы сужают или расширяют это окно на одну грань "
        "за очко.": (
            "The defender rolls first. The attack pierces with a number further from the centre than the "
            "defence roll: against a defence of 12 the attack fails on 9–12. Bonuses narrow or widen this "
            "window by one face per point."
        ),
        "Бонус атакующего": "Attacker's bonus",
        "Бонус защиты (доспех и пр.)": "Defence bonus (armour etc.)",
        "Удача атакующего": "Attacker's luck",
        "Удача защиты": "Defender's luck",
        "Атакующий беспомощен": "Attacker helpless",
        "Защищающийся беспомощен": "Defender helpless",
        "Бросок защиты (1–20, пусто — ещё не брошен)": "Defence roll (1–20, empty: not rolled yet)",
        "Бросить защиту": "Roll the defence",
        "Бросить атаку": "Roll the attack",
        "Шанс пробоя": "Chance to pierce",
        "Удача в противопоставленной проверке сдвигает окно: (удача защиты − удача атакующего) "
        "добавляется к модификатору, кости бросаются без удачи. Сдвиг самой кости уводил бы её от "
        "центра и помогал бы защите при любой крайней удаче.": (
            "Luck in an opposed check moves the window: (defender's luck − attacker's luck) is added to the "
            "modifier and the dice are rolled without luck. Shifting the die itself would push it away from "
            "the centre and help the defender at any extreme luck."
        ),
        "Бой с активной защитой": "Бой с активной защитой (combat with active defence)",
        "Проверка атаки, затем проверка защиты, затем противопоставленная проверка с бонусами этих "
        "бросков, пробитием оружия и бонусом доспеха.": (
            "Attack check, then defence check, then an opposed check with the bonuses of both, the weapon's "
            "piercing and the armour's bonus."
        ),
        "Атакующий": "Attacker",
        "Защищающийся": "Defender",
        "Боевой навык и модификаторы": "Combat skill and modifiers",
        "Удача": "Luck",
        "Пробитие оружия (≥ 0)": "Weapon piercing (≥ 0)",
        "Навык защиты и модификаторы (без брони)": "Defence skill and modifiers (no armour)",
        "Бонус доспеха (≥ 0)": "Armour bonus (≥ 0)",
        "Штраф тяжёлой брони (≤ 0)": "Heavy armour penalty (≤ 0)",
        "Защита теоретически возможна": "Defence possible at all",
        "Разыграть обмен": "Play the exchange",
        "Чем закончится обмен": "How the exchange ends",
        "Урон, если атака проходит": "Damage if the attack lands",
        "Урон": "Damage",
        "Журнал проверок": "Check log",
        "Проверок пока нет.": "No checks yet.",
    }
)

# --- dynamic text: seed terms (Russian kept, English gloss) -----------------------------------------

SEED_EN: dict[str, str] = {
    # outcome tiers of a skill check
    "худший из всех возможных результатов, включая даже околофантастические": (
        "the worst result possible, even a near-fantastic one"
    ),
    "двойной критический провал с риском для жизни": "double critical failure, life-threatening",
    "критический провал": "critical failure",
    "провал": "failure",
    "успешное выполнение": "success",
    "хорошая работа": "good work",
    "критический успех": "critical success",
    "двойной критический успех, это шедевральная работа": "double critical success, a masterpiece",
    "лучший из всех возможных результатов": "the best result possible",
    # skill ladder («Умения»): names and the seed's glosses
    "необученный": "untrained",
    "самоучка": "self-taught",
    "дилетант": "dilettante",
    "ученик": "apprentice",
    "стажер": "trainee",
    "подручный, подмастерье": "helper, journeyman",
    "младший специалист": "junior specialist",
    "работник": "worker",
    "специалист": "specialist",
    "опытный работник": "experienced worker",
    "компетентный, опытный специалист": "competent, experienced specialist",
    "старший работник": "senior worker",
    "ведущий специалист": "lead specialist",
    "мастер": "master",
    "опытный профессионал, участвующий в комиссиях по оценке": (
        "seasoned professional who sits on assessment boards"
    ),
    "главный мастер": "grand master",
    "заслуженный профессионал общенационального уровня известности, олимпийский призер, "
    "директор конструкторского бюро": (
        "distinguished professional known nationwide, an Olympic medallist, head of a design bureau"
    ),
    "легендарный мастер": "legendary master",
    "мировое светило в своей области, таких один-два на всю планету": (
        "a world luminary in the field, one or two on the whole planet"
    ),
    # difficulty ladder («Уровни сложности»)
    "инстинктивная": "instinctive",
    "простейшая": "simplest",
    "детская": "child's play",
    "элементарная": "elementary",
    "легкая": "easy",
    "простая": "simple",
    "нормальная": "normal",
    "средняя": "average",
    "сложная": "hard",
    "очень сложная": "very hard",
    "сверхзадача": "a super-task",
    "практически неосуществимая": "practically impossible",
    "легендарная": "legendary",
    "фантастическая": "fantastic",
    "вызов богу": "a challenge to a god",
}


def _seed(text: str) -> str:
    """A seed term: Russian as it is, in English with its gloss («провал (failure)»)."""
    if i18n.current() == "ru" or text not in SEED_EN:
        return text
    return f"{text} ({SEED_EN[text]})"


def _step_words(step: gauss.LadderStep) -> tuple[str, str]:
    """(name, gloss) of a rung of either ladder, in Russian."""
    if step in gauss.SKILL_LEVELS:
        return gauss_words.SKILL_WORDS[step.value]
    return gauss_words.DIFFICULTY_WORDS[step.value], ""


def _step_label(step: gauss.LadderStep) -> str:
    """A ladder rung as its dropdown title shows it: ``+4: ученик (стажер)``, glossed in English."""
    name, gloss = _step_words(step)
    if i18n.current() == "ru":
        return gauss_words.ladder_label(step.value, name, gloss)
    text = _seed(name) + (f" — {_seed(gloss)}" if gloss else "")
    return f"{step.value:+d}: {text}" if step.value else f"0: {text}"


# --- dynamic text: the rules' sentences and this panel's templates ---------------------------------

_ATTACK_EN = {
    "worst": "The worst of all possible results. A pure 1 on the attack roll is a chance to slip and break "
    "one's neck",
    "weak_success": "Successful attack, a -1 penalty to piercing",
    "success": "Successful attack",
    "strong_success": "Successful attack, a piercing bonus equal to the die minus 12 (up to +5 on 17)",
    "double_critical_success": "Double critical success. Piercing bonus +7 on 18 and +9 on 19, the damage "
    "is doubled",
    "best": "The best of all possible results. If a successful attack is possible even in theory, it "
    "succeeds. The defence die is not rolled. The damage is maximised and tripled; no damage roll.",
}
_DEFENCE_EN = {
    "worst": "The worst of all possible results. A pure 1 on the defence roll is a chance to slip and "
    "break one's neck",
    "weak_success": "Successful defence, a -1 penalty to the defence",
    "success": "Successful defence",
    "strong_success": "Successful defence, a defence bonus equal to the die minus 12 (up to +5 on 17)",
    "double_critical_success": "Double critical success. Defence bonus +7 on 18 and +9 on 19, the damage is "
    "halved even if the attack gets through",
    "best": "The best of all possible results. If a defence is possible even in theory, the attack does "
    "not land. If the attack does land, the damage dice are minimised.",
}
_FAILURE_EN = {
    "double_critical_failure": "Double critical failure. Lose a turn, lose the weapon AND an injury",
    "critical_failure": "Critical failure. Dropped the weapon, hurt oneself… lose a turn, lose the weapon "
    "or an injury",
    "failure": "Failure",
}
_ENDING_EN = {
    "defender_helpless": "Defender helpless: automatic success for the attacker.",
    "attack_failed": "The attack roll failed: the attack does not land.",
    "attack_best": "A pure 20 on the attack: the defence die is not rolled, the attack lands.",
    "defence_failed": "If the defence roll fails, the attack lands automatically.",
    "unblockable": "No defence is possible even in theory: the attack lands.",
    "defence_best": "A pure 20 on the defence: the attack does not land.",
    "held": "Opposed check: the defence held.",
    "pierced": "Opposed check: the defence is pierced, the attack lands.",
}

i18n.register(
    {
        **{text: {**_FAILURE_EN, **_ATTACK_EN}[key] for key, text in gauss_words.ATTACK_TEXTS.items()},
        **{text: {**_FAILURE_EN, **_DEFENCE_EN}[key] for key, text in gauss_words.DEFENCE_TEXTS.items()},
        **{gauss_words.ENDING_TEXTS[key]: text for key, text in _ENDING_EN.items()},
        gauss_words.SERIES_MISS_TEXTS[gauss.MADNESS, gauss.ABOVE]: (
            "Madness, a miss above: the victim's mind is seized by infernal visions. They fall into mad "
            "aggression (power, lust, wrath), fall asleep (sloth) or get lost in a maze of mirages doing "
            "nothing (deceit)."
        ),
        gauss_words.SERIES_MISS_TEXTS[gauss.MADNESS, gauss.BELOW]: (
            "Madness, a miss below: the victim's mind has withstood the influence, but at a heavy price. A "
            "splitting headache, disorientation and possibly even loss of consciousness, depending on how far "
            "below the die fell and on the situation."
        ),
        gauss_words.SERIES_MISS_TEXTS[gauss.HORROR, gauss.ABOVE]: (
            "Horror, a miss above: the character falls into hysterical panic and tries to flee the source of "
            "horror at any cost, barely aware of what they do."
        ),
        gauss_words.SERIES_MISS_TEXTS[gauss.HORROR, gauss.BELOW]: (
            "Horror, a miss below: too strong an impression overloaded the observer's mind; they faint."
        ),
        gauss_words.DEMONOLOGIST_TEXTS[gauss.BELOW]: (
            "A 5 or less means there simply was not enough mana; the spell dissipated."
        ),
        gauss_words.DEMONOLOGIST_TEXTS[
            gauss.INSIDE
        ]: "Landing in 6-15 is an ordinary summoning; nothing interferes.",
        gauss_words.DEMONOLOGIST_TEXTS[gauss.ABOVE]: (
            "A 16 or more means the summoning worked, only a demon of a higher rank came, not the one the "
            "demonologist expected."
        ),
        # shared pieces
        "пусто": "empty",
        " ← выпало": " ← rolled",
        ", удача {luck} → {value}": ", luck {luck} → {value}",
        # input names in messages
        "Удача": "Luck",
        "Бонус защиты": "Defence bonus",
        "Бросок защиты": "Defence roll",
        "Радиус": "Radius",
        "Окно «от»": "Window «from»",
        "Окно «до»": "Window «to»",
        "Интеллект": "Intelligence",
        "Боевой навык атакующего": "Attacker's combat skill",
        "Навык защиты": "Defence skill",
        "Штраф тяжёлой брони": "Heavy armour penalty",
        "Бонус доспеха": "Armour bonus",
        "Пробитие оружия": "Weapon piercing",
        "Удача защищающегося": "Defender's luck",
        # messages and notices
        "{name}: выберите ступень из списка ({allowed}).": "{name}: choose a rung from the list ({allowed}).",
        "{name}: значения {value} нет в списке автора ({allowed}).": (
            "{name}: {value} is not on the seed's list ({allowed})."
        ),
        "Окно: «от» ({low}) больше, чем «до» ({high}).": "Window: «from» ({low}) is greater than «to» ({high}).",
        "Сохранённые серии безумия и ужаса повреждены и начаты заново.": (
            "The saved madness and horror series were damaged and have been started afresh."
        ),
        "{name}: серия окончена. Нажмите «Новая серия».": "{name}: the series is over. Press «New series».",
        "Беспомощной может быть только одна сторона.": "Only one side can be helpless.",
        "Одна из сторон беспомощна: кубики не бросаются.": "One side is helpless: no dice are rolled.",
        # skill check
        "Итоговый модификатор: {modifier} (навык {skill}, сложность {difficulty}, ситуация {situational}); "
        "удача {luck}. Успех — 8 и выше: {success}, провал: {failure}.": (
            "Net modifier: {modifier} (skill {skill}, difficulty {difficulty}, situation {situational}); "
            "luck {luck}. Success (8 and up): {success}, failure: {failure}."
        ),
        "{skill}; сложность {difficulty}.": "{skill}; difficulty {difficulty}.",
        "успех (всего)": "успех (success), total",
        "провал (всего)": "провал (failure), total",
        "совпадает с точным": "matches the exact figure",
        "точно — {exact}": "exact: {exact}",
        "Задача по уровню навыка": "A task at one's skill level",
        "Сложность на {steps} шаг(а) выше уровня навыка": "Difficulty {steps} step(s) above one's skill level",
        "{head}. В посте автора провал — {printed}; {verdict}.": (
            "{head}. The seed post gives failure {printed}; {verdict}."
        ),
        "Проверка навыка ({skill} {skill_value} против «{difficulty}» {difficulty_value}): {roll}, "
        "модификатор {modifier} → {value}: {tier} {verdict}.": (
            "Skill check ({skill} {skill_value} vs «{difficulty}» {difficulty_value}): {roll}, "
            "modifier {modifier} → {value}: {tier} {verdict}."
        ),
        "(успех)": "(success)",
        "(провал)": "(failure)",
        # median roll
        "Модификатор окна: (интеллект {intelligence} − 5) + (удача {luck} − 5) + тренированность {training} "
        "+ ситуация {situational} = {modifier}. Окно {window} → {adjusted}{forbidden}; успех: {success}.": (
            "Window modifier: (intelligence {intelligence} − 5) + (luck {luck} − 5) + training {training} "
            "+ situation {situational} = {modifier}. Window {window} → {adjusted}{forbidden}; success: {success}."
        ),
        " (запретный центр)": " (forbidden centre)",
        "ниже окна": "below the window",
        "в окне": "in the window",
        "выше окна": "above the window",
        "провал: попал в центр": "failure: landed in the centre",
        "успех: мимо центра": "success: missed the centre",
        "промах вниз": "miss below",
        "успех": "success",
        "промах вверх": "miss above",
        "Бросок медианы: {roll}; окно {window}{inverted}: {side} {verdict}.": (
            "Median roll: {roll}; window {window}{inverted}: {side} {verdict}."
        ),
        " (обратная форма)": " (inverted)",
        "— успех": "— success",
        "— провал": "— failure",
        # madness and horror series
        "Провалов в серии: {failures}; накопленный модификатор: {accumulated}; всего к окну: {total}.": (
            "Failures in the series: {failures}; accumulated modifier: {accumulated}; total on the window: "
            "{total}."
        ),
        "Окно: {window} (база {base}).": "Window: {window} (base {base}).",
        "Следующая проверка: ниже {below} · в окне {inside} · выше {above}.": (
            "Next check: below {below} · inside {inside} · above {above}."
        ),
        "Серия окончена — начните новую.": "The series is over: start a new one.",
        "Серия идёт.": "The series is running.",
        "Проверка пройдена: разум выдержал, серия окончена.": "Check passed: the mind held out; the series is over.",
        " Через 30 секунд — повторная проверка.": " Another check in 30 seconds.",
        "{name}, проверка {number}: {roll}; окно {window}: {side}. {outcome}{more}": (
            "{name}, check {number}: {roll}; window {window}: {side}. {outcome}{more}"
        ),
        "{name}: новая серия.": "{name}: new series.",
        # opposed check
        "Защита {defence}: окно провала пусто — любой бросок атаки пробивает защиту.": (
            "Defence {defence}: the failure window is empty, so any attack roll pierces."
        ),
        "Защита {defence}: провал атаки при 1–20 — пробить нельзя.": (
            "Defence {defence}: the attack fails on 1–20, so it cannot pierce."
        ),
        "Защита {defence}: провал атаки при {low}–{high}, пробой — всё остальное.": (
            "Defence {defence}: the attack fails on {low}–{high} and pierces on anything else."
        ),
        "Модификатор окна: бонус защиты {defence} − бонус атакующего {attack} + (удача защиты {defence_luck} "
        "− удача атакующего {attack_luck}) = {modifier}; плюс — в пользу защиты.": (
            "Window modifier: defence bonus {defence} − attacker's bonus {attack} + (defender's luck "
            "{defence_luck} − attacker's luck {attack_luck}) = {modifier}; a plus favours the defence."
        ),
        "Защищающийся беспомощен: автоматический успех атакующего, кубики не бросаются.": (
            "Defender helpless: automatic success for the attacker, no dice are rolled."
        ),
        "Атакующий беспомощен: автоматический успех защиты, кубики не бросаются.": (
            "Attacker helpless: automatic success for the defence, no dice are rolled."
        ),
        "Бросок защиты ещё не сделан: введите его или бросьте.": "No defence roll yet: enter it or roll it.",
        "Пробой": "Pierce",
        "Пробой при защите {defence}": "Pierce against defence {defence}",
        "Пробой до броска защиты": "Pierce, before the defence roll",
        "Защита устоит до броска": "Defence holds, before the roll",
        "Бросок защиты: {roll}.": "Defence roll: {roll}.",
        "Противопоставленная проверка: защищающийся беспомощен — автоматический успех атакующего.": (
            "Opposed check: the defender is helpless, automatic success for the attacker."
        ),
        "Противопоставленная проверка: атакующий беспомощен — автоматический успех защиты.": (
            "Opposed check: the attacker is helpless, automatic success for the defence."
        ),
        "введено": "entered",
        "пробой защиты": "defence pierced",
        "защита устояла": "defence held",
        "Противопоставленная проверка: защита {defence} ({how}), модификатор {modifier}, провал атаки при "
        "{window}; атака {attack} ({attack_roll}): {verdict}.": (
            "Opposed check: defence {defence} ({how}), modifier {modifier}, the attack fails on {window}; "
            "attack {attack} ({attack_roll}): {verdict}."
        ),
        # combat
        "Атака пройдёт: {lands}; не пройдёт: {misses}. Модификатор проверки защиты: {modifier}.": (
            "The attack lands: {lands}; does not land: {misses}. Defence check modifier: {modifier}."
        ),
        "атака не проходит": "the attack does not land",
        "Обмен: {ending}{damage}": "Exchange: {ending}{damage}",
        "Бой: {lines}": "Combat: {lines}",
    }
)

_state: dict[str, Any] = {"skill": None, "median": None, "opposed": None, "exchange": None, "notice": ""}
# What is shown, so that a language switch can rebuild it: render functions with their last
# arguments, result lines as text builders, and error boxes with their message builders.
_shown: dict[str, tuple[Callable[..., None], tuple[Any, ...]]] = {}
_said: dict[str, Callable[[], str]] = {}
_errors: dict[str, tuple[Any, Callable[[], str]]] = {}

# --- small helpers --------------------------------------------------------------------------------


def _tr(template: str, /, **values: object) -> str:
    """A template in the current language, filled in."""
    return i18n.t(template).format(**values)


class _Error(dom.InputError):
    """Bad input whose message can be rebuilt in the other language."""

    def __init__(self, render: Callable[[], str]) -> None:
        super().__init__(render())
        self.render = render


def _message_of(read: Callable[[], object], fallback: str) -> str:
    """The message ``read`` fails with now (in the current language), else ``fallback``."""
    try:
        read()
    except ValueError as error:
        return str(error)
    return fallback


def _reader(read: Callable[[], Any]) -> Any:
    """Run an input reader; its error is re-readable in the other language."""
    try:
        return read()
    except _Error:
        raise
    except dom.InputError as error:
        first = str(error)
        raise _Error(lambda: _message_of(read, first)) from None


def _int(element_id: str, low: int, high: int, name: str) -> int:
    return _reader(lambda: dom.read_int(element_id, low, high, i18n.t(name)))


def _handler(event_type: str, selector: str) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    """``dom.handler`` that also remembers the message its sub-panel's error box shows."""

    def decorator(fn: Callable[[Any], None]) -> Callable[[Any], None]:
        def tracked(event: Any) -> None:
            section = event.target.closest("section")
            key = str(section.getAttribute("aria-labelledby")) if hasattr(section, "getAttribute") else ""
            _errors.pop(key, None)
            try:
                fn(event)
            except _Error as error:
                if key:
                    _errors[key] = (section.querySelector(".error"), error.render)
                raise

        dom.handler(event_type, selector)(tracked)
        return fn

    return decorator


def _optional_int(element_id: str, low: int, high: int, name: str) -> int | None:
    """An optional whole number: None for an empty field."""
    if not str(dom.by_id(element_id).value).strip():
        return None
    return _int(element_id, low, high, name)


def _checked(element_id: str) -> bool:
    return bool(dom.by_id(element_id).checked)


def _ladder_value(element_id: str, ladder: tuple[gauss.LadderStep, ...], name: str) -> int:
    raw = str(dom.by_id(element_id).value).strip().replace("−", "-")
    allowed = ", ".join(signed(step.value) for step in ladder)
    try:
        value = int(raw)
    except ValueError:
        raise _Error(
            lambda: _tr("{name}: выберите ступень из списка ({allowed}).", name=i18n.t(name), allowed=allowed)
        ) from None
    if value not in {step.value for step in ladder}:
        raise _Error(
            lambda: _tr(
                "{name}: значения {value} нет в списке автора ({allowed}).",
                name=i18n.t(name),
                value=signed(value),
                allowed=allowed,
            )
        )
    return value


def _span(low: int, high: int) -> str:
    if low > high:
        return "—"
    return str(low) if low == high else f"{low}–{high}"


def _window_text(window: tuple[int, int]) -> str:
    low, high = window
    return i18n.t("пусто") if low > high else f"{low}–{high}"


def _seed_percent(p: Fraction) -> str:
    """A printed seed figure as the seed prints it: 18 %, 99,95 %."""
    return percent_of(f"{float(p * 100):g}")


def _rolled(hit: bool) -> str:
    return i18n.t(" ← выпало") if hit else ""


def _stack(
    bar_id: str, legend_id: str, segments: list[tuple[str, str, Fraction]], hit: str | None = None
) -> None:
    """A horizontal stacked bar (decorative) with a text legend of the same numbers."""
    bar, legend = dom.by_id(bar_id), dom.by_id(legend_id)
    dom.clear(bar)
    dom.clear(legend)
    for key, label, p in segments:
        cls = f"seg seg-{key}" + (" seg-hit" if key == hit else "")
        if p:
            segment = dom.make("div", cls=cls, title=f"{label}: {percent(p)}")
            segment.style.width = f"{float(p) * 100:.3f}%"
            bar.append(segment)
        item = dom.make("li", cls="legend-hit" if key == hit else None)
        item.append(dom.make("span", cls=f"swatch seg-{key}", aria_hidden="true"))
        item.append(dom.make("span", f"{label}: {percent(p)}" + _rolled(key == hit)))
        legend.append(item)
    bar.setAttribute("aria-hidden", "true")


def _describe_roll(roll: gauss.GaussRoll) -> str:
    a, b, c = roll.dice
    text = f"3d20 = {a}+{b}+{c} = {roll.total} → GaussD20 {roll.base}"
    if roll.luck != gauss.NEUTRAL_LUCK:
        text += _tr(", удача {luck} → {value}", luck=roll.luck, value=roll.value)
    return text


def _say(element_id: str, make: Callable[[], str], *, logged: bool = True) -> None:
    """Announce a result line (rebuilt on a language switch) and log it in both languages."""
    _said[element_id] = make
    dom.announce(element_id, make())
    if logged:
        log.add(make)


# --- the log --------------------------------------------------------------------------------------


def _notice(text: str) -> None:
    _state["notice"] = text
    box = dom.by_id("chk-notice")
    box.textContent = i18n.t(text) if text else ""
    box.hidden = not text


log = Journal(LOG_KEY, "chk", size=LOG_SIZE)


@_handler("click", "#chk-log-clear")
def on_log_clear(_event: Any) -> None:
    log.clear()


# --- skill check ----------------------------------------------------------------------------------


def _read_skill() -> tuple[int, int, int, int]:
    skill = _ladder_value("chk-skill", gauss.SKILL_LEVELS, "Уровень навыка")
    difficulty = _ladder_value("chk-diff", gauss.DIFFICULTIES, "Сложность")
    situational = _int("chk-skill-sit", *MOD_RANGE, "Ситуационный модификатор")
    luck = _int("chk-skill-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача")
    return skill, difficulty, situational, luck


def _render_skill(skill: int, difficulty: int, situational: int, luck: int) -> None:
    _shown["skill"] = (_render_skill, (skill, difficulty, situational, luck))
    odds = gauss.skill_check_odds(skill, difficulty, situational=situational, luck=luck)
    modifier = odds.modifier
    last = _state["skill"]
    hit = last.tier.key if last is not None and last.modifier == modifier and last.roll.luck == luck else None
    dom.set_text(
        "chk-skill-mod",
        _tr(
            "Итоговый модификатор: {modifier} (навык {skill}, сложность {difficulty}, ситуация {situational}); "
            "удача {luck}. Успех — 8 и выше: {success}, провал: {failure}.",
            modifier=signed(modifier),
            skill=signed(skill),
            difficulty=signed(difficulty),
            situational=signed(situational),
            luck=luck,
            success=percent(odds.success),
            failure=percent(odds.failure),
        ),
    )
    dom.set_text(
        "chk-skill-gloss",
        _tr(
            "{skill}; сложность {difficulty}.",
            skill=_step_label(gauss.skill_level(skill)),
            difficulty=_step_label(gauss.difficulty_level(difficulty)),
        ),
    )
    _stack(
        "chk-skill-bar",
        "chk-skill-legend",
        [(t.key, _seed(gauss_words.TIER_TEXTS[t.key]), p) for t, p in odds.tiers],
        hit,
    )
    rows = [
        dom.table_row(
            _span(t.low, t.high),
            _seed(gauss_words.TIER_TEXTS[t.key]) + _rolled(t.key == hit),
            percent(p),
            cls="row-hit" if t.key == hit else None,
        )
        for t, p in odds.tiers
    ]
    rows.append(dom.table_row("8–20", i18n.t("успех (всего)"), percent(odds.success), cls="row-total"))
    rows.append(dom.table_row("1–7", i18n.t("провал (всего)"), percent(odds.failure), cls="row-total"))
    dom.fill_table("chk-skill-odds", rows)
    # The seed's printed failure claims, where this check is one of them.
    claim = dom.by_id("chk-skill-claim")
    steps = -modifier // gauss.DIFFICULTY_STEP
    if (
        luck == gauss.NEUTRAL_LUCK
        and modifier <= 0
        and modifier % 2 == 0
        and steps in gauss.SEED_FAILURE_AT_STEPS
    ):
        printed = gauss.SEED_FAILURE_AT_STEPS[steps]
        verdict = (
            i18n.t("совпадает с точным")
            if printed == odds.failure
            else _tr("точно — {exact}", exact=percent(odds.failure))
        )
        head = (
            i18n.t("Задача по уровню навыка")
            if steps == 0
            else _tr("Сложность на {steps} шаг(а) выше уровня навыка", steps=steps)
        )
        claim.textContent = _tr(
            "{head}. В посте автора провал — {printed}; {verdict}.",
            head=head,
            printed=_seed_percent(printed),
            verdict=verdict,
        )
        claim.hidden = False
    else:
        claim.textContent = ""
        claim.hidden = True
    claim_rows = []
    for n, printed in gauss.SEED_FAILURE_AT_STEPS.items():
        exact = gauss.failure_at_steps(n)
        mark = "" if exact == printed else " ≠"
        current = luck == gauss.NEUTRAL_LUCK and modifier == -gauss.DIFFICULTY_STEP * n
        claim_rows.append(
            dom.table_row(
                str(n), _seed_percent(printed) + mark, percent(exact), cls="row-hit" if current else None
            )
        )
    dom.fill_table("chk-claims", claim_rows)


@_handler("change", "#chk-skill, #chk-diff, #chk-skill-sit, #chk-skill-luck")
def on_skill_change(_event: Any) -> None:
    _render_skill(*_read_skill())


def _skill_line(result: gauss.CheckResult, skill: int, difficulty: int) -> str:
    return _tr(
        "Проверка навыка ({skill} {skill_value} против «{difficulty}» {difficulty_value}): {roll}, "
        "модификатор {modifier} → {value}: {tier} {verdict}.",
        skill=_seed(gauss_words.skill_name(skill)),
        skill_value=signed(skill),
        difficulty=_seed(gauss_words.difficulty_name(difficulty)),
        difficulty_value=signed(difficulty),
        roll=_describe_roll(result.roll),
        modifier=signed(result.modifier),
        value=result.value,
        tier=_seed(gauss_words.TIER_TEXTS[result.tier.key]),
        verdict=i18n.t("(успех)" if result.success else "(провал)"),
    )


@_handler("click", "#chk-skill-roll")
def on_skill_roll(_event: Any) -> None:
    skill, difficulty, situational, luck = _read_skill()
    result = gauss.skill_check(dom.app_rng, skill, difficulty, situational=situational, luck=luck)
    _state["skill"] = result
    _render_skill(skill, difficulty, situational, luck)
    _say("chk-skill-result", lambda: _skill_line(result, skill, difficulty))


# --- median roll ----------------------------------------------------------------------------------


def _read_median() -> tuple[tuple[int, int], bool, dict[str, int]]:
    mode = _reader(lambda: dom.read_choice("chk-med-mode", ("radius", "range"), i18n.t("Окно")))
    if mode == "radius":
        window = gauss.radius_window(_int("chk-med-radius", 0, 9, "Радиус"))
    else:
        low = _int("chk-med-low", 1, 20, "Окно «от»")
        high = _int("chk-med-high", 1, 20, "Окно «до»")
        if low > high:
            raise _Error(lambda: _tr("Окно: «от» ({low}) больше, чем «до» ({high}).", low=low, high=high))
        window = (low, high)
    parts = {
        "intelligence": _int("chk-med-int", gauss.LUCK_MIN, gauss.LUCK_MAX, "Интеллект"),
        "luck": _int("chk-med-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача"),
        "training": _int("chk-med-train", -20, 20, "Тренированность"),
        "situational": _int("chk-med-sit", -20, 20, "Ситуация"),
    }
    return window, _checked("chk-med-inverted"), parts


def _side_meaning(side: str, inverted: bool, base: tuple[int, int]) -> str:
    if inverted:
        return i18n.t("провал: попал в центр" if side == gauss.INSIDE else "успех: мимо центра")
    if base == gauss.DEMONOLOGIST_WINDOW:
        return i18n.t(gauss_words.DEMONOLOGIST_TEXTS[side])
    return i18n.t({gauss.BELOW: "промах вниз", gauss.INSIDE: "успех", gauss.ABOVE: "промах вверх"}[side])


SIDE_NAMES = {gauss.BELOW: "ниже окна", gauss.INSIDE: "в окне", gauss.ABOVE: "выше окна"}


def _side_name(side: str) -> str:
    return i18n.t(SIDE_NAMES[side])


def _render_median(window: tuple[int, int], inverted: bool, parts: dict[str, int]) -> None:
    _shown["median"] = (_render_median, (window, inverted, parts))
    modifier = gauss.median_modifier(**parts)
    odds = gauss.median_odds(*window, modifier=modifier, inverted=inverted)
    low, high = odds.window
    last = _state["median"]
    hit = last.side if last is not None and last.window == odds.window and last.inverted == inverted else None
    dom.set_text(
        "chk-med-mapping",
        _tr(
            "Модификатор окна: (интеллект {intelligence} − 5) + (удача {luck} − 5) + тренированность {training} "
            "+ ситуация {situational} = {modifier}. Окно {window} → {adjusted}{forbidden}; успех: {success}.",
            intelligence=parts["intelligence"],
            luck=parts["luck"],
            training=signed(parts["training"]),
            situational=signed(parts["situational"]),
            modifier=signed(modifier),
            window=_window_text(window),
            adjusted=_window_text(odds.window),
            forbidden=i18n.t(" (запретный центр)") if inverted else "",
            success=percent(odds.success),
        ),
    )
    sides = [(gauss.BELOW, odds.below, (1, low - 1)), (gauss.INSIDE, odds.inside, (low, high))]
    sides.append((gauss.ABOVE, odds.above, (high + 1, 20)))
    _stack("chk-med-bar", "chk-med-legend", [(side, _side_name(side), p) for side, p, _ in sides], hit)
    dom.fill_table(
        "chk-med-odds",
        [
            dom.table_row(
                _side_name(side) + _rolled(side == hit),
                _span(*span),
                _side_meaning(side, inverted, window),
                percent(p),
                cls="row-hit" if side == hit else None,
            )
            for side, p, span in sides
        ],
    )


@_handler(
    "change",
    "#chk-med-mode, #chk-med-radius, #chk-med-low, #chk-med-high, #chk-med-inverted, "
    "#chk-med-int, #chk-med-luck, #chk-med-train, #chk-med-sit",
)
def on_median_change(_event: Any) -> None:
    _render_median(*_read_median())


@_handler("click", "#chk-med-demon")
def on_median_demon(_event: Any) -> None:
    for element_id, value in (
        ("chk-med-mode", "range"),
        ("chk-med-low", str(gauss.DEMONOLOGIST_WINDOW[0])),
        ("chk-med-high", str(gauss.DEMONOLOGIST_WINDOW[1])),
        ("chk-med-int", "5"),
        ("chk-med-luck", "5"),
        ("chk-med-train", "0"),
        ("chk-med-sit", "0"),
    ):
        dom.by_id(element_id).value = value
    dom.by_id("chk-med-inverted").checked = False
    _render_median(*_read_median())


def _median_line(result: gauss.MedianResult, window: tuple[int, int], inverted: bool) -> str:
    text = _tr(
        "Бросок медианы: {roll}; окно {window}{inverted}: {side} {verdict}.",
        roll=_describe_roll(result.roll),
        window=_window_text(result.window),
        inverted=i18n.t(" (обратная форма)") if inverted else "",
        side=_side_name(result.side),
        verdict=i18n.t("— успех" if result.success else "— провал"),
    )
    if window == gauss.DEMONOLOGIST_WINDOW and not inverted:
        text += " " + i18n.t(gauss_words.DEMONOLOGIST_TEXTS[result.side])
    return text


@_handler("click", "#chk-med-roll")
def on_median_roll(_event: Any) -> None:
    window, inverted, parts = _read_median()
    modifier = gauss.median_modifier(**parts)
    result = gauss.median_roll(dom.app_rng, *window, modifier=modifier, inverted=inverted)
    _state["median"] = result
    _render_median(window, inverted, parts)
    _say("chk-med-result", lambda: _median_line(result, window, inverted))


# --- madness and horror series --------------------------------------------------------------------


def _default_series() -> dict[str, dict[str, Any]]:
    return {kind: {"modifier": 0, "failures": 0, "finished": False} for kind in SERIES_KINDS}


def _valid_series(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    modifier, failures, finished = entry.get("modifier"), entry.get("failures"), entry.get("finished")
    return (
        type(modifier) is int
        and -20 <= modifier <= 20
        and type(failures) is int
        and 0 <= failures <= 100
        and type(finished) is bool
    )


def _load_series() -> dict[str, dict[str, Any]]:
    saved = dom.load_json(SERIES_KEY, None)
    if saved is None:
        return _default_series()
    if not isinstance(saved, dict) or not all(_valid_series(saved.get(kind)) for kind in SERIES_KINDS):
        _notice("Сохранённые серии безумия и ужаса повреждены и начаты заново.")
        dom.save_json(SERIES_KEY, _default_series())
        return _default_series()
    return {kind: dict(saved[kind]) for kind in SERIES_KINDS}


def _tracker(entry: dict[str, Any], kind: str) -> gauss.MedianSeries:
    return gauss.MedianSeries(
        kind, modifier=entry["modifier"], failures=entry["failures"], finished=entry["finished"]
    )


def _render_series(all_series: dict[str, dict[str, Any]]) -> None:
    _shown["series"] = (_render_series, (all_series,))
    for kind in SERIES_KINDS:
        entry = all_series[kind]
        series = _tracker(entry, kind)
        odds = series.odds()
        box = dom.by_id(f"chk-{kind}-state")
        dom.clear(box)
        lines = [
            _tr(
                "Провалов в серии: {failures}; накопленный модификатор: {accumulated}; всего к окну: {total}.",
                failures=series.failures,
                accumulated=signed(series.rule.step_per_failure * series.failures),
                total=signed(series.window_modifier),
            ),
            _tr(
                "Окно: {window} (база {base}).",
                window=_window_text(series.window),
                base=_window_text(series.rule.base),
            ),
            _tr(
                "Следующая проверка: ниже {below} · в окне {inside} · выше {above}.",
                below=percent(odds.below),
                inside=percent(odds.inside),
                above=percent(odds.above),
            ),
            i18n.t("Серия окончена — начните новую." if series.finished else "Серия идёт."),
        ]
        for line in lines:
            box.append(dom.make("span", line, cls="series-line"))
        dom.by_id(f"chk-{kind}-mod").value = str(entry["modifier"])


def _series_kind(event: Any) -> str:
    element_id = str(event.target.id)
    for kind in SERIES_KINDS:
        if element_id.startswith(f"chk-{kind}-"):
            return kind
    raise LookupError(element_id)


def _read_series_modifier(kind: str) -> int:
    return _int(f"chk-{kind}-mod", -20, 20, "Модификатор персонажа")


@_handler("change", "#chk-madness-mod, #chk-horror-mod")
def on_series_modifier(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    all_series[kind]["modifier"] = modifier
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)


def _series_line(series: gauss.MedianSeries, result: gauss.MedianResult, finished: bool) -> str:
    outcome = gauss_words.SERIES_MISS_TEXTS.get(
        (series.kind, result.side), "Проверка пройдена: разум выдержал, серия окончена."
    )
    return _tr(
        "{name}, проверка {number}: {roll}; окно {window}: {side}. {outcome}{more}",
        name=i18n.t(gauss_words.SERIES_NAMES[series.kind]),
        number=series.failures + 1,
        roll=_describe_roll(result.roll),
        window=_window_text(result.window),
        side=_side_name(result.side),
        outcome=i18n.t(outcome),
        more="" if finished else i18n.t(" Через 30 секунд — повторная проверка."),
    )


@_handler("click", "#chk-madness-roll, #chk-horror-roll")
def on_series_roll(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    entry = {**all_series[kind], "modifier": modifier}
    series = _tracker(entry, kind)
    if series.finished:
        raise _Error(
            lambda: _tr(
                "{name}: серия окончена. Нажмите «Новая серия».",
                name=i18n.t(gauss_words.SERIES_NAMES[series.kind]),
            )
        )
    result, after = series.check(dom.app_rng)
    all_series[kind] = {"modifier": modifier, "failures": after.failures, "finished": after.finished}
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)
    _say(f"chk-{kind}-result", lambda: _series_line(series, result, after.finished))


@_handler("click", "#chk-madness-reset, #chk-horror-reset")
def on_series_reset(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    all_series[kind] = {"modifier": modifier, "failures": 0, "finished": False}
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)
    name = gauss_words.SERIES_NAMES[kind]
    _say(f"chk-{kind}-result", lambda: _tr("{name}: новая серия.", name=i18n.t(name)), logged=False)


# --- opposed check --------------------------------------------------------------------------------


def _read_opposed() -> dict[str, Any]:
    values = {
        "attack": _int("chk-opp-att", *MOD_RANGE, "Бонус атакующего"),
        "defence": _int("chk-opp-def", *MOD_RANGE, "Бонус защиты"),
        "attack_luck": _int("chk-opp-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача атакующего"),
        "defence_luck": _int("chk-opp-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача защиты"),
        "roll": _optional_int("chk-opp-droll", 1, 20, "Бросок защиты"),
        "attacker_helpless": _checked("chk-opp-ahelpless"),
        "defender_helpless": _checked("chk-opp-dhelpless"),
    }
    if values["attacker_helpless"] and values["defender_helpless"]:
        raise _Error(lambda: i18n.t("Беспомощной может быть только одна сторона."))
    return values


def _window_sentence(defence: int, window: tuple[int, int]) -> str:
    low, high = window
    if low > high:
        return _tr(
            "Защита {defence}: окно провала пусто — любой бросок атаки пробивает защиту.", defence=defence
        )
    if (low, high) == (1, 20):
        return _tr("Защита {defence}: провал атаки при 1–20 — пробить нельзя.", defence=defence)
    return _tr(
        "Защита {defence}: провал атаки при {low}–{high}, пробой — всё остальное.",
        defence=defence,
        low=low,
        high=high,
    )


def _opposed_modifier(v: dict[str, Any]) -> gauss.OpposedModifier:
    return gauss.opposed_check_modifier(
        attack_bonus=v["attack"],
        defence_bonus=v["defence"],
        attack_luck=v["attack_luck"],
        defence_luck=v["defence_luck"],
    )


def _render_opposed(v: dict[str, Any], rolled_defence: int | None = None) -> None:
    _shown["opposed"] = (_render_opposed, (v, rolled_defence))
    parts = _opposed_modifier(v)
    modifier = parts.modifier
    lucks = {"defence_luck": parts.defence_luck, "attack_luck": parts.attack_luck}
    before = gauss.opposed_odds(modifier, **lucks)
    dom.set_text(
        "chk-opp-mod",
        _tr(
            "Модификатор окна: бонус защиты {defence} − бонус атакующего {attack} + (удача защиты {defence_luck} "
            "− удача атакующего {attack_luck}) = {modifier}; плюс — в пользу защиты.",
            defence=signed(parts.defence_bonus),
            attack=signed(parts.attack_bonus),
            defence_luck=parts.defence_luck,
            attack_luck=parts.attack_luck,
            modifier=signed(parts.window_modifier),
        ),
    )
    defence = v["roll"] if v["roll"] is not None else rolled_defence
    rows = []
    if v["defender_helpless"]:
        window_text = i18n.t("Защищающийся беспомощен: автоматический успех атакующего, кубики не бросаются.")
        rows.append(dom.table_row(i18n.t("Пробой"), "100 %"))
    elif v["attacker_helpless"]:
        window_text = i18n.t("Атакующий беспомощен: автоматический успех защиты, кубики не бросаются.")
        rows.append(dom.table_row(i18n.t("Пробой"), "0 %"))
    else:
        if defence is None:
            window_text = i18n.t("Бросок защиты ещё не сделан: введите его или бросьте.")
        else:
            window_text = _window_sentence(defence, gauss.opposed_window(defence, before.window_modifier))
            given = gauss.pierce_chance(defence, modifier, **lucks)
            rows.append(dom.table_row(_tr("Пробой при защите {defence}", defence=defence), percent(given)))
        rows.append(dom.table_row(i18n.t("Пробой до броска защиты"), percent(before.pierce)))
        rows.append(dom.table_row(i18n.t("Защита устоит до броска"), percent(before.hold)))
    dom.set_text("chk-opp-window", window_text)
    dom.fill_table("chk-opp-odds", rows)


@_handler(
    "change",
    "#chk-opp-att, #chk-opp-def, #chk-opp-aluck, #chk-opp-dluck, #chk-opp-droll, #chk-opp-ahelpless, "
    "#chk-opp-dhelpless",
)
def on_opposed_change(_event: Any) -> None:
    _render_opposed(_read_opposed())


@_handler("click", "#chk-opp-roll-def")
def on_opposed_roll_defence(_event: Any) -> None:
    values = _read_opposed()
    if values["attacker_helpless"] or values["defender_helpless"]:
        raise _Error(lambda: i18n.t("Одна из сторон беспомощна: кубики не бросаются."))
    rolled = gauss.roll(dom.app_rng)
    dom.by_id("chk-opp-droll").value = str(rolled.value)
    values["roll"] = rolled.value
    _render_opposed(values)
    _say("chk-opp-result", lambda: _tr("Бросок защиты: {roll}.", roll=_describe_roll(rolled)))


def _opposed_line(result: gauss.OpposedResult) -> str:
    if result.automatic == "defender_helpless":
        return i18n.t(
            "Противопоставленная проверка: защищающийся беспомощен — автоматический успех атакующего."
        )
    if result.automatic == "attacker_helpless":
        return i18n.t("Противопоставленная проверка: атакующий беспомощен — автоматический успех защиты.")
    return _tr(
        "Противопоставленная проверка: защита {defence} ({how}), модификатор {modifier}, провал атаки при "
        "{window}; атака {attack} ({attack_roll}): {verdict}.",
        defence=result.defence_value,
        how=i18n.t("введено") if result.defence is None else _describe_roll(result.defence),
        modifier=signed(result.window_modifier),
        window=_window_text(result.window),
        attack=result.attack.value,
        attack_roll=_describe_roll(result.attack),
        verdict=i18n.t("пробой защиты" if result.pierced else "защита устояла"),
    )


@_handler("click", "#chk-opp-roll")
def on_opposed_roll(_event: Any) -> None:
    v = _read_opposed()
    result = gauss.opposed_check(
        dom.app_rng,
        _opposed_modifier(v).modifier,
        defence_luck=v["defence_luck"],
        attack_luck=v["attack_luck"],
        attacker_helpless=v["attacker_helpless"],
        defender_helpless=v["defender_helpless"],
        defence=v["roll"],
    )
    _render_opposed(v, result.defence_value)
    _say("chk-opp-result", lambda: _opposed_line(result))


# --- combat with active defence -------------------------------------------------------------------

ENDING_KEYS = {ending: ending.replace("_", "-") for ending in gauss.ENDINGS}


def _read_combat() -> gauss.CombatSetup:
    return gauss.CombatSetup(
        attack_modifier=_int("chk-cmb-att", *MOD_RANGE, "Боевой навык атакующего"),
        defence_modifier=_int("chk-cmb-def", *MOD_RANGE, "Навык защиты"),
        armour_penalty=_int("chk-cmb-penalty", -20, 0, "Штраф тяжёлой брони"),
        armour_bonus=_int("chk-cmb-armour", 0, 20, "Бонус доспеха"),
        weapon_piercing=_int("chk-cmb-pierce", 0, 20, "Пробитие оружия"),
        attack_luck=_int("chk-cmb-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача атакующего"),
        defence_luck=_int("chk-cmb-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача защищающегося"),
        blockable=_checked("chk-cmb-blockable"),
        defender_helpless=_checked("chk-cmb-helpless"),
    )


def _ending(ending: str) -> str:
    return i18n.t(gauss_words.ENDING_TEXTS[ending])


def _damage(effect: gauss.DamageEffect) -> str:
    return gauss_words.damage_label(effect, i18n.current())


def _narration(exchange: gauss.Exchange) -> tuple[str, ...]:
    """The exchange's data told in Russian (``gauss_words.narration``), or the same lines in English."""
    if i18n.current() == "ru":
        return gauss_words.narration(exchange)
    lines = []
    for label, stage in (("Attack", exchange.attack), ("Defence", exchange.defence)):
        if stage is not None:
            entry = gauss_words.entry_text(stage.side, stage.entry.key)
            lines.append(f"{gauss_words.describe_check(label, stage.check, 'en')}. {i18n.t(entry)}")
    opposed = exchange.opposed
    if opposed is not None and opposed.defence and opposed.attack:
        verdict = "the defence is pierced" if opposed.pierced else "the defence held"
        lines.append(
            f"Opposed check (modifier {opposed.window_modifier:+d}): defence {opposed.defence.value}, the "
            f"attack fails on {_window_text(opposed.window)}; attack {opposed.attack.value}: {verdict}"
        )
    lines.append(_ending(exchange.ending))
    if exchange.damage is not None:
        lines.append(f"Result: {_damage(exchange.damage)}")
    return tuple(lines)


def _render_combat(setup: gauss.CombatSetup, hit: str | None = None) -> None:
    _shown["combat"] = (_render_combat, (setup, hit))
    odds = gauss.exchange_odds(setup)
    dom.set_text(
        "chk-cmb-lands",
        _tr(
            "Атака пройдёт: {lands}; не пройдёт: {misses}. Модификатор проверки защиты: {modifier}.",
            lands=percent(odds.lands),
            misses=percent(1 - odds.lands),
            modifier=signed(setup.active_defence_modifier),
        ),
    )
    _stack(
        "chk-cmb-bar",
        "chk-cmb-legend",
        [(ENDING_KEYS[e], _ending(e).rstrip("."), p) for e, p in odds.endings.items()],
        ENDING_KEYS.get(hit or ""),
    )
    dom.fill_table(
        "chk-cmb-endings",
        [
            dom.table_row(_ending(e) + _rolled(e == hit), percent(p), cls="row-hit" if e == hit else None)
            for e, p in odds.endings.items()
        ],
    )
    rows = [dom.table_row(_damage(effect), percent(p)) for effect, p in odds.damage.items()]
    rows.append(dom.table_row(i18n.t("атака не проходит"), percent(1 - odds.lands), cls="row-total"))
    dom.fill_table("chk-cmb-damage", rows)


def _render_narration() -> None:
    exchange = _state["exchange"]
    box = dom.by_id("chk-cmb-narration")
    dom.clear(box)
    if exchange is not None:
        for line in _narration(exchange):
            box.append(dom.make("li", line))


def _combat_summary(exchange: gauss.Exchange) -> str:
    damage = exchange.damage
    return _tr(
        "Обмен: {ending}{damage}",
        ending=_ending(exchange.ending),
        damage=f" {_damage(damage)}." if damage else "",
    )


@_handler(
    "change",
    "#chk-cmb-att, #chk-cmb-def, #chk-cmb-penalty, #chk-cmb-armour, #chk-cmb-pierce, #chk-cmb-aluck, "
    "#chk-cmb-dluck, #chk-cmb-blockable, #chk-cmb-helpless",
)
def on_combat_change(_event: Any) -> None:
    _render_combat(_read_combat())


@_handler("click", "#chk-cmb-roll")
def on_combat_roll(_event: Any) -> None:
    setup = _read_combat()
    exchange = gauss.resolve_exchange(dom.app_rng, setup)
    _state["exchange"] = exchange
    _render_combat(setup, exchange.ending)
    _render_narration()
    _say("chk-cmb-result", lambda: _combat_summary(exchange), logged=False)
    log.add(lambda: _tr("Бой: {lines}", lines=" | ".join(_narration(exchange))))


# --- setup ----------------------------------------------------------------------------------------


def _label_ladder(select_id: str, ladder: tuple[gauss.LadderStep, ...]) -> None:
    """Name every rung of a ladder dropdown in the current language (the selection stays)."""
    steps = {str(step.value): step for step in ladder}
    for option in dom.by_id(select_id).querySelectorAll("option"):
        step = steps.get(str(option.value))
        if step is not None:
            option.textContent = f"{signed(step.value)}: {_seed(_step_words(step)[0])}"
            option.setAttribute("title", _step_label(step))


def _fill_ladder(select_id: str, ladder: tuple[gauss.LadderStep, ...], selected: int) -> None:
    select = dom.by_id(select_id)
    dom.clear(select)
    for step in ladder:
        option = dom.make("option", value=str(step.value))
        if step.value == selected:
            option.setAttribute("selected", "")
        select.append(option)
    _label_ladder(select_id, ladder)
    select.value = str(selected)


def rerender() -> None:
    """Rebuild everything this panel shows in the current language (after a language switch)."""
    _label_ladder("chk-skill", gauss.SKILL_LEVELS)
    _label_ladder("chk-diff", gauss.DIFFICULTIES)
    for render, args in list(_shown.values()):
        render(*args)
    _render_narration()
    for element_id, make in _said.items():
        dom.set_text(element_id, make())
    _notice(_state["notice"])
    for box, render in _errors.values():
        if not box.hidden:
            box.textContent = render()


def render_all() -> None:
    """Render every sub-panel from the current inputs (they are valid after setup)."""
    _render_skill(*_read_skill())
    _render_median(*_read_median())
    _render_series(_load_series())
    _render_opposed(_read_opposed())
    _render_combat(_read_combat())


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
    _fill_ladder("chk-skill", gauss.SKILL_LEVELS, 4)
    _fill_ladder("chk-diff", gauss.DIFFICULTIES, -4)
    render_all()
    log.render()
    i18n.on_change(rerender)
