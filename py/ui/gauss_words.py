"""The Russian words of the GaussD20 checks (seed 000), keyed by the codes ``rules.gauss`` returns.

The rules return data (tier keys, table-row keys, series kinds, window sides, ending codes,
damage kinds, ladder values); this module holds the seed's own words for them, quoted
verbatim where the seed has them, and builds the sentences the checks panel shows.
Pure (no browser imports), so unit tests can check the quotes against the seed.  The
panel translates each Russian text through its ``i18n`` catalogue.
"""

from __future__ import annotations

from rules import gauss

# «Умения»: ladder value -> (name, the seed's gloss in brackets).
SKILL_WORDS: dict[int, tuple[str, str]] = {
    0: ("необученный", ""),
    2: ("самоучка", "дилетант"),
    4: ("ученик", "стажер"),
    6: ("подручный, подмастерье", "младший специалист"),
    8: ("работник", "специалист"),
    10: ("опытный работник", "компетентный, опытный специалист"),
    12: ("старший работник", "ведущий специалист"),
    14: ("мастер", "опытный профессионал, участвующий в комиссиях по оценке"),
    16: (
        "главный мастер",
        "заслуженный профессионал общенационального уровня известности, олимпийский призер, "
        "директор конструкторского бюро",
    ),
    18: ("легендарный мастер", "мировое светило в своей области, таких один-два на всю планету"),
}

# «Уровни сложности»: ladder value -> name.
DIFFICULTY_WORDS: dict[int, str] = {
    4: "инстинктивная",
    2: "простейшая",
    0: "детская",
    -2: "элементарная",
    -4: "легкая",
    -6: "простая",
    -8: "нормальная",
    -10: "средняя",
    -12: "сложная",
    -14: "очень сложная",
    -16: "сверхзадача",
    -18: "практически неосуществимая",
    -20: "легендарная",
    -22: "фантастическая",
    -24: "вызов богу",
}

# «Результат»: tier key -> the seed's words.
TIER_TEXTS: dict[str, str] = {
    "worst": "худший из всех возможных результатов, включая даже околофантастические",
    "double_critical_failure": "двойной критический провал с риском для жизни",
    "critical_failure": "критический провал",
    "failure": "провал",
    "success": "успешное выполнение",
    "good": "хорошая работа",
    "critical_success": "критический успех",
    "double_critical_success": "двойной критический успех, это шедевральная работа",
    "best": "лучший из всех возможных результатов",
}

_FAILURE_ROWS = {
    "double_critical_failure": "Двойной критический провал. Пропуск хода, потеря оружия И травма",
    "critical_failure": "Критический провал. Выронил оружие, поранил себя... пропуск хода, потеря оружия или травма",
    "failure": "Провал",
}


def _table(side: str, noun: str, bonus_noun: str, crit: str, best: str) -> dict[str, str]:
    return {
        "worst": "Худший результат из всех возможных. Чистая единица на броске "
        f"{side} - это возможность поскользнуться и сломать себе шею",
        **_FAILURE_ROWS,
        "weak_success": f"Успешная {noun}, штраф -1 на {bonus_noun}",
        "success": f"Успешная {noun}",
        "strong_success": f"Успешная {noun}, бонус на {bonus_noun} равный значению кубика минус 12 "
        "(до максимума +5 на 17)",
        "double_critical_success": crit,
        "best": best,
    }


# «Бой с активной защитой»: combat-table row key -> the seed's text, for each side.
ATTACK_TEXTS: dict[str, str] = _table(
    "атаки",
    "атака",
    "пробитие",
    "Двойной критический успех. Бонус на пробитие защиты +7 на 18 и +9 на 19, урон увеличивается в 2 раза",
    "Лучший результат из всех возможных. Если хотя бы теоретически возможна успешная атака, она будет "
    "успешна. Кубик защиты не кидается. Урон максимизируется и увеличивается в 3 раза, бросок урона не "
    "кидается.",
)
DEFENCE_TEXTS: dict[str, str] = _table(
    "защиты",
    "защита",
    "защиту",
    "Двойной критический успех. Бонус на защиту +7 на 18 и +9 на 19, урон уменьшается в 2 раза даже "
    "если пройдет через защиту",
    "Лучший результат из всех возможных. Если хотя бы теоретически возможна защита, атака не проходит. "
    "Если атака проходит, урон минимизирован на кубах урона.",
)

# Madness and horror: series kind -> name, and the seed's text for a miss above / below.
SERIES_NAMES: dict[str, str] = {gauss.MADNESS: "Проверка Безумия", gauss.HORROR: "Проверка Ужаса"}
SERIES_MISS_TEXTS: dict[tuple[str, str], str] = {
    (gauss.MADNESS, gauss.ABOVE): "Провал безумия вверх - разум жертвы захвачен инфернальными видениями. Он "
    "впадает в безумную агрессию (власть, похоть, гнев), падает спать (лень) или теряется в лабиринтах "
    "миражей ничего не делая (ложь).",
    (gauss.MADNESS, gauss.BELOW): "Провал безумия вниз - разум жертвы справился с воздействием, но дорогой "
    "ценой. Дикая головная боль, дезориентация и возможно даже потеря сознания, зависит от того, насколько "
    "ниже выпал кубик и от конкретной ситуации.",
    (gauss.HORROR, gauss.ABOVE): "Провал ужаса вверх - персонаж впадает в истерическую панику и любой ценой "
    "пытается сбежать от источника ужаса, практически не осознавая своих действий.",
    (gauss.HORROR, gauss.BELOW): "Провал ужаса вниз - слишком сильное впечатление перегрузило сознание "
    "наблюдателя, он упал в обморок.",
}

# «Бросок медианы»: the demonologist's summoning, window side -> the seed's text.
DEMONOLOGIST_TEXTS: dict[str, str] = {
    gauss.BELOW: "Если выпадет 5 или меньше - значит просто не хватило маны, заклятие рассеялось.",
    gauss.INSIDE: "уложиться в интервал 6-15 - это рядовой призыв, ничего не мешает.",
    gauss.ABOVE: "Если же выпало 16 и больше - призыв сработал, вот только пришел демон рангом постарше, "
    "а не тот, кого ждал демонолог.",
}

# How an exchange ends: ending code -> sentence ("defence_failed" quotes the seed).
ENDING_TEXTS: dict[str, str] = {
    gauss.DEFENDER_HELPLESS: "Защищающийся беспомощен: автоматический успех атакующего.",
    gauss.ATTACK_FAILED: "Бросок атаки провален: атака не проходит.",
    gauss.ATTACK_BEST: "Чистая 20 на атаке: кубик защиты не кидается, атака проходит.",
    gauss.DEFENCE_FAILED: "Если бросок защиты провален, атака автоматически проходит.",
    gauss.UNBLOCKABLE: "Защита невозможна даже теоретически: атака проходит.",
    gauss.DEFENCE_BEST: "Чистая 20 на защите: атака не проходит.",
    gauss.HELD: "Противопоставленная проверка: защита устояла.",
    gauss.PIERCED: "Противопоставленная проверка: пробой защиты, атака проходит.",
}

# Damage kind -> words (Russian, English).
DAMAGE_WORDS: dict[str, tuple[str, str]] = {
    gauss.DAMAGE_ROLL: ("урон", "damage"),
    gauss.DAMAGE_MAX: ("урон максимизирован", "damage maximised"),
    gauss.DAMAGE_MIN: ("урон минимизирован на кубах", "damage dice minimised"),
}


def skill_name(value: int, /) -> str:
    """The name of a rung of «Умения».

    >>> skill_name(14)
    'мастер'
    """
    return SKILL_WORDS[gauss.skill_level(value).value][0]


def skill_gloss(value: int, /) -> str:
    """The seed's gloss in brackets for a rung of «Умения» ("" when there is none)."""
    return SKILL_WORDS[gauss.skill_level(value).value][1]


def difficulty_name(value: int, /) -> str:
    """The name of a rung of «Уровни сложности».

    >>> difficulty_name(-16)
    'сверхзадача'
    """
    return DIFFICULTY_WORDS[gauss.difficulty_level(value).value]


def ladder_label(value: int, name: str, gloss: str = "", /) -> str:
    """A ladder rung as a dropdown title shows it: ``+2: самоучка (дилетант)``, ``0: детская``."""
    text = f"{name} ({gloss})" if gloss else name
    return f"{value:+d}: {text}" if value else f"0: {text}"


def entry_text(side: str, key: str, /) -> str:
    """The seed's text of a combat-table row; ``side`` is "attack" or "defence"."""
    return (ATTACK_TEXTS if side == "attack" else DEFENCE_TEXTS)[key]


def damage_label(effect: gauss.DamageEffect, language: str = "ru", /) -> str:
    """A damage effect in words, e.g. ``урон ×2`` or ``урон максимизирован ×3``.

    >>> damage_label(gauss.landing_damage(20, None)), damage_label(gauss.landing_damage(12, 19), "en")
    ('урон максимизирован ×3', 'damage ×1/2')
    """
    words = DAMAGE_WORDS[effect.kind][0 if language == "ru" else 1]
    return f"{words} ×{effect.multiplier}"


def describe_check(label: str, check: gauss.CheckResult, language: str = "ru", /) -> str:
    """One attack or defence check: the dice, the GaussD20 value, luck and modifier steps."""
    luck_word, modifier_word = ("удача", "модификатор") if language == "ru" else ("luck", "modifier")
    r = check.roll
    text = f"{label}: 3d20 = {r.dice[0]}+{r.dice[1]}+{r.dice[2]} = {r.total} → GaussD20 {r.base}"
    if r.luck != gauss.NEUTRAL_LUCK:
        text += f", {luck_word} {r.luck} → {r.value}"
    if check.modifier:
        text += f", {modifier_word} {check.modifier:+d} → {check.value}"
    return text


def narration(exchange: gauss.Exchange, /) -> tuple[str, ...]:
    """An exchange in Russian, one line per stage, then the ending and the damage.

    The seed's table texts and the ending are left in Russian for the panel to translate
    line by line; the English lines are built by the panel itself.
    """
    lines = []
    for label, stage in (("Атака", exchange.attack), ("Защита", exchange.defence)):
        if stage is not None:
            lines.append(f"{describe_check(label, stage.check)}. {entry_text(stage.side, stage.entry.key)}")
    opposed = exchange.opposed
    if opposed is not None and opposed.defence and opposed.attack and opposed.window is not None:
        low, high = opposed.window
        window = f"{low}–{high}" if low <= high else "пусто"
        verdict = "пробой защиты" if opposed.pierced else "защита устояла"
        lines.append(
            f"Противопоставленная проверка (модификатор {opposed.window_modifier:+d}): "
            f"защита {opposed.defence.value}, провал атаки при {window}; "
            f"атака {opposed.attack.value}: {verdict}"
        )
    lines.append(ENDING_TEXTS[exchange.ending])
    if exchange.damage is not None:
        lines.append(f"Итог: {damage_label(exchange.damage)}")
    return tuple(lines)
