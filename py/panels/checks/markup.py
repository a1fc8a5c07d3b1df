"""The checks panel's static markup (ids ``checks.*``): titles, hints, labels and captions in index.html."""

from kit.msg import Msg

TITLE = Msg("checks.title", "Проверки GaussD20", "GaussD20 checks")
HINT = Msg(
    "checks.hint",
    "Проверки из поста автора: навык, бросок медианы, безумие и ужас, противопоставленная проверка и бой "
    "с активной защитой. Все вероятности точные, на честных d20.",
    "The checks of the seed post: skill, median roll, madness and horror, opposed check and combat with "
    "active defence. All odds are exact, on fair d20s.",
)
SKILL_TITLE = Msg("checks.skill_title", "Проверка навыка", "Skill check («Проверка навыка»)")
SKILL_HINT = Msg(
    "checks.skill_hint",
    "GaussD20 + уровень навыка + уровень сложности + ситуационные модификаторы. Модификаторы не выводят "
    "результат за 4…17; чистые 1–3 и 18–20 сдвигаются только к центру. Удача сдвигает сам кубик.",
    "GaussD20 + skill level + difficulty + situational modifiers. Modifiers never carry a value past "
    "4…17; a pure 1–3 or 18–20 only moves towards the centre. Luck shifts the die itself.",
)
SKILL_LEVEL = Msg("checks.skill_level", "Уровень навыка", "Skill level («умение»)")
SITUATIONAL = Msg("checks.situational", "Ситуационный модификатор", "Situational modifier")
ROLL_CHECK = Msg("checks.roll_check", "Бросить проверку", "Roll the check")
SKILL_CAPTION = Msg("checks.skill_caption", "Исходы проверки до броска", "Outcomes before the roll")
TOTAL = Msg("checks.total", "Итог", "Value")
OUTCOME = Msg("checks.outcome", "Исход", "Outcome")
CHANCE = Msg("checks.chance", "Шанс", "Chance")
CLAIMS_CAPTION = Msg(
    "checks.claims_caption",
    "Провал на N шагов сложности выше своего уровня",
    "Failure N difficulty steps above one's level",
)
STEPS = Msg("checks.steps", "Шагов", "Steps")
IN_POST = Msg("checks.in_post", "В посте", "Seed post")
EXACT = Msg("checks.exact", "Точно", "Exact")
MEDIAN_TITLE = Msg("checks.median_title", "Бросок медианы", "Median roll («Бросок медианы»)")
MEDIAN_HINT = Msg(
    "checks.median_hint",
    "Надо попасть в окно вокруг центра (10–11, 9–12 …) или, в обратной форме, НЕ попасть в центр. Промах "
    "ниже и промах выше считаются отдельно.",
    "Land in a window around the centre (10–11, 9–12 …) or, inverted, miss the centre. A miss below and a "
    "miss above are counted apart.",
)
WINDOW = Msg("checks.window", "Окно", "Window")
MODE_RADIUS = Msg("checks.mode_radius", "радиус от центра", "radius around the centre")
MODE_RANGE = Msg("checks.mode_range", "явный диапазон", "explicit range")
RADIUS_0_9 = Msg("checks.radius_0_9", "Радиус (0–9)", "Radius (0–9)")
FROM = Msg("checks.from", "от", "from")
TO = Msg("checks.to", "до", "to")
INVERTED_LABEL = Msg(
    "checks.inverted_label",
    "Обратная форма: надо НЕ попасть в центр",
    "Inverted: must NOT land in the centre",
)
INTELLIGENCE_1_9 = Msg("checks.intelligence_1_9", "Интеллект (1–9)", "Intelligence (1–9)")
TRAINING = Msg("checks.training", "Тренированность", "Training")
SITUATION = Msg("checks.situation", "Ситуация", "Situation")
MEDIAN_NOTE = Msg(
    "checks.median_note",
    "Модификатор окна = (интеллект − 5) + (удача − 5) + тренированность + ситуация; каждое очко в пользу "
    "бросающего добавляет окну одну грань (в обратной форме — убирает грань у запретного центра), каждое "
    "очко против — убирает. Кубик при этом бросается без удачи.",
    "Window modifier = (intelligence − 5) + (luck − 5) + training + situation; each point in the roller's "
    "favour adds one face to the window (inverted: removes one from the forbidden centre), each point "
    "against removes one. The die itself is rolled without luck.",
)
ROLL_MEDIAN = Msg("checks.roll_median", "Бросить медиану", "Roll the median")
DEMON_EXAMPLE = Msg(
    "checks.demon_example", "Пример: призыв демона (6–15)", "Example: summoning a demon (6–15)"
)
MEDIAN_CAPTION = Msg(
    "checks.median_caption", "Исходы броска медианы до броска", "Median roll outcomes before the roll"
)
WHERE = Msg("checks.where", "Где", "Where")
VALUES = Msg("checks.values", "Значения", "Values")
MEANING = Msg("checks.meaning", "Что значит", "Meaning")
SERIES_TITLE = Msg("checks.series_title", "Безумие и ужас", "Madness and horror («Безумие и ужас»)")
SERIES_HINT = Msg(
    "checks.series_hint",
    "Броски медианы сериями: провал вверх повторяется каждые 30 секунд. Безумие: окно 9–12, −1 за каждый "
    "провал в серии. Ужас: окно 10–11, +1 за каждый провал. Попадание или провал вниз завершают серию.",
    "Median rolls in series: a miss above is re-rolled every 30 seconds. Madness: window 9–12, −1 per "
    "failure in the series. Horror: window 10–11, +1 per failure. A hit or a miss below ends the series.",
)
CHARACTER_MODIFIER = Msg("checks.character_modifier", "Модификатор персонажа", "Character's modifier")
ROLL_NEXT = Msg("checks.roll_next", "Бросить следующую", "Roll the next one")
NEW_SERIES = Msg("checks.new_series", "Новая серия", "New series")
SERIES_NOTE = Msg(
    "checks.series_note",
    "Модификатор персонажа считается как в броске медианы: (интеллект − 5) + (удача − 5) + "
    "тренированность + ситуация. Серии сохраняются в браузере.",
    "The character's modifier is the median roll's: (intelligence − 5) + (luck − 5) + training + "
    "situation. Series are saved in the browser.",
)
OPPOSED_TITLE = Msg(
    "checks.opposed_title", "Противопоставленная проверка", "Opposed check («Противопоставленная проверка»)"
)
OPPOSED_HINT = Msg(
    "checks.opposed_hint",
    "Первым бросает защищающийся. Атака пробивает защиту, если выпало число дальше от центра, чем у "
    "защиты: при защите 12 провал атаки — 9–12. Бонусы сужают или расширяют это окно на одну грань за очко.",
    "The defender rolls first. The attack pierces with a number further from the centre than the defence "
    "roll: against a defence of 12 the attack fails on 9–12. Bonuses narrow or widen this window by one "
    "face per point.",
)
ATTACK_BONUS = Msg("checks.attack_bonus", "Бонус атакующего", "Attacker's bonus")
DEFENCE_BONUS_LABEL = Msg(
    "checks.defence_bonus_label", "Бонус защиты (доспех и пр.)", "Defence bonus (armour etc.)"
)
ATTACK_LUCK = Msg("checks.attack_luck", "Удача атакующего", "Attacker's luck")
DEFENCE_LUCK = Msg("checks.defence_luck", "Удача защиты", "Defender's luck")
ATTACKER_HELPLESS = Msg("checks.attacker_helpless", "Атакующий беспомощен", "Attacker helpless")
DEFENDER_HELPLESS = Msg("checks.defender_helpless", "Защищающийся беспомощен", "Defender helpless")
DEFENCE_ROLL_LABEL = Msg(
    "checks.defence_roll_label",
    "Бросок защиты (1–20, пусто — бросить вместе с атакой)",
    "Defence roll (1–20; empty: rolled with the attack)",
)
ROLL_DEFENCE = Msg("checks.roll_defence", "Бросить защиту", "Roll the defence")
ROLL_ATTACK = Msg("checks.roll_attack", "Бросить атаку", "Roll the attack")
PIERCE_CAPTION = Msg("checks.pierce_caption", "Шанс пробоя", "Chance to pierce")
OPPOSED_NOTE = Msg(
    "checks.opposed_note",
    "Удача в противопоставленной проверке сдвигает окно: (удача защиты − удача атакующего) добавляется к "
    "модификатору, кости бросаются без удачи. Сдвиг самой кости уводил бы её от центра и помогал бы защите "
    "при любой крайней удаче.",
    "Luck in an opposed check moves the window: (defender's luck − attacker's luck) is added to the "
    "modifier and the dice are rolled without luck. Shifting the die itself would push it away from the "
    "centre and help the defender at any extreme luck.",
)
COMBAT_TITLE = Msg(
    "checks.combat_title", "Бой с активной защитой", "Combat with active defence («Бой с активной защитой»)"
)
COMBAT_HINT = Msg(
    "checks.combat_hint",
    "Проверка атаки, затем проверка защиты, затем противопоставленная проверка с бонусами этих бросков, "
    "пробитием оружия и бонусом доспеха.",
    "Attack check, then defence check, then an opposed check with the bonuses of both, the weapon's "
    "piercing and the armour's bonus.",
)
ATTACKER = Msg("checks.attacker", "Атакующий", "Attacker")
DEFENDER = Msg("checks.defender", "Защищающийся", "Defender")
COMBAT_SKILL = Msg("checks.combat_skill", "Боевой навык и модификаторы", "Combat skill and modifiers")
LUCK = Msg("checks.luck", "Удача", "Luck")
WEAPON_PIERCING_LABEL = Msg("checks.weapon_piercing_label", "Пробитие оружия (≥ 0)", "Weapon piercing (≥ 0)")
DEFENCE_SKILL = Msg(
    "checks.defence_skill",
    "Навык защиты и модификаторы (без брони)",
    "Defence skill and modifiers (no armour)",
)
ARMOUR_BONUS_LABEL = Msg("checks.armour_bonus_label", "Бонус доспеха (≥ 0)", "Armour bonus (≥ 0)")
ARMOUR_PENALTY_LABEL = Msg(
    "checks.armour_penalty_label", "Штраф тяжёлой брони (≤ 0)", "Heavy armour penalty (≤ 0)"
)
BLOCKABLE = Msg("checks.blockable", "Защита теоретически возможна", "Defence possible at all")
CAN_DEFEND = Msg(
    "checks.can_defend",
    "Цель может защищаться (иначе — только проверка атаки)",
    "The target can defend («цель имеет возможность защищаться»); unticked: the attack check alone",
)
PLAY_EXCHANGE = Msg("checks.play_exchange", "Разыграть обмен", "Play the exchange")
ENDINGS_CAPTION = Msg("checks.endings_caption", "Чем закончится обмен", "How the exchange ends")
DAMAGE_CAPTION = Msg("checks.damage_caption", "Урон, если атака проходит", "Damage if the attack lands")
DAMAGE = Msg("checks.damage", "Урон", "Damage")
LOG_TITLE = Msg("checks.log_title", "Журнал проверок", "Check log")
NO_CHECKS = Msg("checks.no_checks", "Проверок пока нет.", "No checks yet.")
# The sub-tools' tabs on a phone (panels/checks/section.py)
TAB_SKILL = Msg("checks.tab_skill", "Навык", "Skill")
TAB_MEDIAN = Msg("checks.tab_median", "Медиана", "Median")
TAB_SERIES = Msg("checks.tab_series", "Безумие и ужас", "Madness, horror")
TAB_OPPOSED = Msg("checks.tab_opposed", "Против", "Opposed")
TAB_COMBAT = Msg("checks.tab_combat", "Бой", "Combat")
