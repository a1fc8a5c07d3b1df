"""The seed's words for the codes ``rules.gauss`` returns (seed 000), as messages (ids ``checks.*``).

Ladder values, tier keys, table-row keys, series kinds and window sides, ending codes and damage
kinds each map to a ``Msg``: the Russian is quoted verbatim from the seed where the seed has it;
the English translates it and keeps short seed terms inside «…».

>>> from kit.msg import render
>>> render(SKILL_OPTIONS[4], "ru"), render(SKILL_OPTIONS[4], "en")
('+4: ученик', '+4: apprentice («ученик»)')
>>> render(TIERS["failure"], "en")
'failure («провал»)'
"""

from __future__ import annotations

from kit.msg import Msg, render, signed
from rules import gauss

__all__ = [
    "ATTACK",
    "DAMAGE",
    "DEFENCE",
    "DEMONOLOGIST",
    "DIFFICULTY_NAMES",
    "DIFFICULTY_OPTIONS",
    "ENDINGS",
    "SERIES_MISS",
    "SERIES_NAMES",
    "SKILL_GLOSSES",
    "SKILL_NAMES",
    "SKILL_OPTIONS",
    "SKILL_TITLES",
    "TIERS",
    "TIER_HEADS",
]

# «Умения»: value -> (name, English, the seed's gloss in brackets, its English).
_SKILLS: dict[int, tuple[str, str, str, str]] = {
    0: ("необученный", "untrained", "", ""),
    2: ("самоучка", "self-taught", "дилетант", "dilettante"),
    4: ("ученик", "apprentice", "стажер", "trainee"),
    6: ("подручный, подмастерье", "helper, journeyman", "младший специалист", "junior specialist"),
    8: ("работник", "worker", "специалист", "specialist"),
    10: (
        "опытный работник",
        "experienced worker",
        "компетентный, опытный специалист",
        "competent, experienced specialist",
    ),
    12: ("старший работник", "senior worker", "ведущий специалист", "lead specialist"),
    14: (
        "мастер",
        "master",
        "опытный профессионал, участвующий в комиссиях по оценке",
        "a seasoned professional who sits on assessment boards",
    ),
    16: (
        "главный мастер",
        "grand master",
        "заслуженный профессионал общенационального уровня известности, олимпийский призер, "
        "директор конструкторского бюро",
        "a distinguished professional known nationwide, an Olympic medallist, head of a design bureau",
    ),
    18: (
        "легендарный мастер",
        "legendary master",
        "мировое светило в своей области, таких один-два на всю планету",
        "a world luminary in the field, one or two on the whole planet",
    ),
}

# «Уровни сложности»: value -> (name, English).
_DIFFICULTIES: dict[int, tuple[str, str]] = {
    4: ("инстинктивная", "instinctive"),
    2: ("простейшая", "simplest"),
    0: ("детская", "child's play"),
    -2: ("элементарная", "elementary"),
    -4: ("легкая", "easy"),
    -6: ("простая", "simple"),
    -8: ("нормальная", "normal"),
    -10: ("средняя", "average"),
    -12: ("сложная", "hard"),
    -14: ("очень сложная", "very hard"),
    -16: ("сверхзадача", "a super-task"),
    -18: ("практически неосуществимая", "practically impossible"),
    -20: ("легендарная", "legendary"),
    -22: ("фантастическая", "fantastic"),
    -24: ("вызов богу", "a challenge to a god"),
}


def _sign(value: int) -> str:
    return render(signed(value), "ru")


SKILL_NAMES = {
    v: Msg(f"checks.skill_name.{v}", ru, f"{en} («{ru}»)") for v, (ru, en, _, _) in _SKILLS.items()
}
SKILL_GLOSSES = {
    v: Msg(f"checks.skill_gloss.{v}", ru, f"{en} («{ru}»)") for v, (_, _, ru, en) in _SKILLS.items() if ru
}
SKILL_OPTIONS = {
    v: Msg(f"checks.skill_option.{v}", f"{_sign(v)}: {ru}", f"{_sign(v)}: {en} («{ru}»)")
    for v, (ru, en, _, _) in _SKILLS.items()
}
SKILL_TITLES = {
    v: Msg(
        f"checks.skill_title.{v}",
        f"{_sign(v)}: {ru} ({gloss})" if gloss else f"{_sign(v)}: {ru}",
        f"{_sign(v)}: {en} («{ru}»), {gloss_en} («{gloss}»)" if gloss else f"{_sign(v)}: {en} («{ru}»)",
    )
    for v, (ru, en, gloss, gloss_en) in _SKILLS.items()
}
DIFFICULTY_NAMES = {
    v: Msg(f"checks.difficulty_name.{v}", ru, f"{en} («{ru}»)") for v, (ru, en) in _DIFFICULTIES.items()
}
DIFFICULTY_OPTIONS = {
    v: Msg(f"checks.difficulty_option.{v}", f"{_sign(v)}: {ru}", f"{_sign(v)}: {en} («{ru}»)")
    for v, (ru, en) in _DIFFICULTIES.items()
}

# «Результат»: tier key -> the seed's words.
_TIERS = {
    "worst": (
        "худший из всех возможных результатов, включая даже околофантастические",
        "the worst result possible, even a near-fantastic one",
    ),
    "double_critical_failure": (
        "двойной критический провал с риском для жизни",
        "double critical failure, life-threatening",
    ),
    "critical_failure": ("критический провал", "critical failure"),
    "failure": ("провал", "failure"),
    "success": ("успешное выполнение", "success"),
    "good": ("хорошая работа", "good work"),
    "critical_success": ("критический успех", "critical success"),
    "double_critical_success": (
        "двойной критический успех, это шедевральная работа",
        "double critical success, a masterpiece",
    ),
    "best": ("лучший из всех возможных результатов", "the best result possible"),
}
TIERS = {key: Msg(f"checks.tier.{key}", ru, f"{en} («{ru}»)") for key, (ru, en) in _TIERS.items()}


def _head(key: str, success: bool) -> Msg:
    """A check's verdict as the first words of its line: the tier, capitalised, and whether it
    succeeded where the tier's name does not say so («Хорошая работа (успех)», «Провал»)."""
    ru, en = _TIERS[key]
    mark_ru, mark_en = ("успех", "success") if success else ("провал", "failure")
    said = mark_ru[:4] in ru or (success and "успе" in ru)
    tail_ru, tail_en = ("", "") if said else (f" ({mark_ru})", f" ({mark_en})")
    return Msg(
        f"checks.tier_head.{key}.{'success' if success else 'failure'}",
        ru[0].upper() + ru[1:] + tail_ru,
        f"{en[0].upper()}{en[1:]} («{ru}»){tail_en}",
    )


# the verdict that heads a skill check's line: tier and success (a tier is one or the other, but
# the seed's table is read as it is)
TIER_HEADS = {(key, success): _head(key, success) for key in _TIERS for success in (True, False)}

# «Бой с активной защитой»: table-row key -> the seed's text, for the attack and the defence.
_FAILURES = {
    "double_critical_failure": (
        "Двойной критический провал. Пропуск хода, потеря оружия И травма",
        "Double critical failure. Lose a turn, lose the weapon AND an injury",
    ),
    "critical_failure": (
        "Критический провал. Выронил оружие, поранил себя... пропуск хода, потеря оружия или травма",
        "Critical failure. Dropped the weapon, hurt oneself… lose a turn, lose the weapon or an injury",
    ),
    "failure": ("Провал", "Failure"),
}
_ATTACK = {
    "worst": (
        "Худший результат из всех возможных. Чистая единица на броске атаки - это возможность "
        "поскользнуться и сломать себе шею",
        "The worst of all possible results. A pure 1 on the attack roll is a chance to slip and break one's neck",
    ),
    **_FAILURES,
    "weak_success": ("Успешная атака, штраф -1 на пробитие", "Successful attack, a −1 penalty to piercing"),
    "success": ("Успешная атака", "Successful attack"),
    "strong_success": (
        "Успешная атака, бонус на пробитие равный значению кубика минус 12 (до максимума +5 на 17)",
        "Successful attack, a piercing bonus equal to the die minus 12 (up to +5 on 17)",
    ),
    "double_critical_success": (
        "Двойной критический успех. Бонус на пробитие защиты +7 на 18 и +9 на 19, урон увеличивается в 2 раза",
        "Double critical success. Piercing bonus +7 on 18 and +9 on 19, the damage is doubled",
    ),
    "best": (
        "Лучший результат из всех возможных. Если хотя бы теоретически возможна успешная атака, она будет "
        "успешна. Кубик защиты не кидается. Урон максимизируется и увеличивается в 3 раза, бросок урона не "
        "кидается.",
        "The best of all possible results. If a successful attack is possible even in theory, it succeeds. "
        "The defence die is not rolled. The damage is maximised and tripled; no damage roll.",
    ),
}
_DEFENCE = {
    "worst": (
        "Худший результат из всех возможных. Чистая единица на броске защиты - это возможность "
        "поскользнуться и сломать себе шею",
        "The worst of all possible results. A pure 1 on the defence roll is a chance to slip and break "
        "one's neck",
    ),
    **_FAILURES,
    "weak_success": (
        "Успешная защита, штраф -1 на защиту",
        "Successful defence, a −1 penalty to the defence",
    ),
    "success": ("Успешная защита", "Successful defence"),
    "strong_success": (
        "Успешная защита, бонус на защиту равный значению кубика минус 12 (до максимума +5 на 17)",
        "Successful defence, a defence bonus equal to the die minus 12 (up to +5 on 17)",
    ),
    "double_critical_success": (
        "Двойной критический успех. Бонус на защиту +7 на 18 и +9 на 19, урон уменьшается в 2 раза даже "
        "если пройдет через защиту",
        "Double critical success. Defence bonus +7 on 18 and +9 on 19, the damage is halved even if the "
        "attack gets through",
    ),
    "best": (
        "Лучший результат из всех возможных. Если хотя бы теоретически возможна защита, атака не проходит. "
        "Если атака проходит, урон минимизирован на кубах урона.",
        "The best of all possible results. If a defence is possible even in theory, the attack does not "
        "land. If the attack does land, the damage dice are minimised.",
    ),
}
ATTACK = {key: Msg(f"checks.attack_row.{key}", ru, en) for key, (ru, en) in _ATTACK.items()}
DEFENCE = {key: Msg(f"checks.defence_row.{key}", ru, en) for key, (ru, en) in _DEFENCE.items()}

# Madness and horror: the series' names and the seed's text for a miss above / below.
SERIES_NAMES = {
    gauss.MADNESS: Msg(
        "checks.series_name.madness", "Проверка Безумия", "Madness check («Проверка Безумия»)"
    ),
    gauss.HORROR: Msg("checks.series_name.horror", "Проверка Ужаса", "Horror check («Проверка Ужаса»)"),
}
_MISSES = {
    (gauss.MADNESS, gauss.ABOVE): (
        "Провал безумия вверх - разум жертвы захвачен инфернальными видениями. Он впадает в безумную "
        "агрессию (власть, похоть, гнев), падает спать (лень) или теряется в лабиринтах миражей ничего не "
        "делая (ложь).",
        "Madness, a miss above: the victim's mind is seized by infernal visions. They fall into mad "
        "aggression (power, lust, wrath), fall asleep (sloth) or get lost in a maze of mirages doing "
        "nothing (deceit).",
    ),
    (gauss.MADNESS, gauss.BELOW): (
        "Провал безумия вниз - разум жертвы справился с воздействием, но дорогой ценой. Дикая головная боль, "
        "дезориентация и возможно даже потеря сознания, зависит от того, насколько ниже выпал кубик и от "
        "конкретной ситуации.",
        "Madness, a miss below: the victim's mind has withstood the influence, but at a heavy price. A "
        "splitting headache, disorientation and possibly even loss of consciousness, depending on how far "
        "below the die fell and on the situation.",
    ),
    (gauss.HORROR, gauss.ABOVE): (
        "Провал ужаса вверх - персонаж впадает в истерическую панику и любой ценой пытается сбежать от "
        "источника ужаса, практически не осознавая своих действий.",
        "Horror, a miss above: the character falls into hysterical panic and tries to flee the source of "
        "horror at any cost, barely aware of what they do.",
    ),
    (gauss.HORROR, gauss.BELOW): (
        "Провал ужаса вниз - слишком сильное впечатление перегрузило сознание наблюдателя, он упал в обморок.",
        "Horror, a miss below: too strong an impression overloaded the observer's mind; they faint.",
    ),
}
SERIES_MISS = {
    (kind, side): Msg(f"checks.series_miss.{kind}.{side}", ru, en)
    for (kind, side), (ru, en) in _MISSES.items()
}

# «Бросок медианы»: the demonologist's summoning, window side -> the seed's text.
DEMONOLOGIST = {
    gauss.BELOW: Msg(
        "checks.demon.below",
        "Если выпадет 5 или меньше - значит просто не хватило маны, заклятие рассеялось.",
        "A 5 or less means there simply was not enough mana; the spell dissipated.",
    ),
    gauss.INSIDE: Msg(
        "checks.demon.inside",
        "уложиться в интервал 6-15 - это рядовой призыв, ничего не мешает.",
        "Landing in 6–15 is an ordinary summoning; nothing interferes.",
    ),
    gauss.ABOVE: Msg(
        "checks.demon.above",
        "Если же выпало 16 и больше - призыв сработал, вот только пришел демон рангом постарше, а не тот, "
        "кого ждал демонолог.",
        "A 16 or more means the summoning worked, only a demon of a higher rank came, not the one the "
        "demonologist expected.",
    ),
}

# How an exchange ends (``defence_failed`` quotes the seed).
_ENDINGS = {
    gauss.DEFENDER_HELPLESS: (
        "Защищающийся беспомощен: автоматический успех атакующего.",
        "Defender helpless: automatic success for the attacker.",
    ),
    gauss.ATTACK_FAILED: (
        "Бросок атаки провален: атака не проходит.",
        "The attack roll failed: the attack does not land.",
    ),
    gauss.ATTACK_BEST: (
        "Чистая 20 на атаке: кубик защиты не кидается, атака проходит.",
        "A pure 20 on the attack: the defence die is not rolled, the attack lands.",
    ),
    gauss.UNDEFENDED: (
        "Цель не может защищаться: успешная атака проходит, защита не бросается.",
        "The target cannot defend: a successful attack lands, no defence is rolled.",
    ),
    gauss.DEFENCE_FAILED: (
        "Если бросок защиты провален, атака автоматически проходит.",
        "If the defence roll fails, the attack lands automatically.",
    ),
    gauss.UNBLOCKABLE: (
        "Защита невозможна даже теоретически: атака проходит.",
        "No defence is possible even in theory: the attack lands.",
    ),
    gauss.DEFENCE_BEST: (
        "Чистая 20 на защите: атака не проходит.",
        "A pure 20 on the defence: the attack does not land.",
    ),
    gauss.HELD: ("Противопоставленная проверка: защита устояла.", "Opposed check: the defence held."),
    gauss.PIERCED: (
        "Противопоставленная проверка: пробой защиты, атака проходит.",
        "Opposed check: the defence is pierced, the attack lands.",
    ),
}
ENDINGS = {code: Msg(f"checks.ending.{code}", ru, en) for code, (ru, en) in _ENDINGS.items()}

# Damage kind -> words.
DAMAGE = {
    gauss.DAMAGE_ROLL: Msg("checks.damage.roll", "урон", "damage"),
    gauss.DAMAGE_MAX: Msg("checks.damage.max", "урон максимизирован", "damage maximised"),
    gauss.DAMAGE_MIN: Msg("checks.damage.min", "урон минимизирован на кубах", "damage dice minimised"),
}
