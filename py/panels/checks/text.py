"""The checks panel's messages (ids ``checks.*``); the seed's words for rule codes are in ``seed``."""

from kit.msg import Msg
from panels.checks import seed  # noqa: F401  (registers the seed's words with the catalogue)

# --- static markup -------------------------------------------------------------------------------
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
PLAY_EXCHANGE = Msg("checks.play_exchange", "Разыграть обмен", "Play the exchange")
ENDINGS_CAPTION = Msg("checks.endings_caption", "Чем закончится обмен", "How the exchange ends")
DAMAGE_CAPTION = Msg("checks.damage_caption", "Урон, если атака проходит", "Damage if the attack lands")
DAMAGE = Msg("checks.damage", "Урон", "Damage")
LOG_TITLE = Msg("checks.log_title", "Журнал проверок", "Check log")
NO_CHECKS = Msg("checks.no_checks", "Проверок пока нет.", "No checks yet.")

# --- field names in messages ---------------------------------------------------------------------
RADIUS = Msg("checks.radius", "Радиус", "Radius")
WINDOW_FROM = Msg("checks.window_from", "Окно «от»", "Window «from»")
WINDOW_TO = Msg("checks.window_to", "Окно «до»", "Window «to»")
INTELLIGENCE = Msg("checks.intelligence", "Интеллект", "Intelligence")
DEFENCE_BONUS = Msg("checks.defence_bonus", "Бонус защиты", "Defence bonus")
DEFENCE_ROLL = Msg("checks.defence_roll", "Бросок защиты", "Defence roll")
ATTACKER_SKILL = Msg("checks.attacker_skill", "Боевой навык атакующего", "Attacker's combat skill")
DEFENCE_SKILL_NAME = Msg("checks.defence_skill_name", "Навык защиты", "Defence skill")
ARMOUR_PENALTY = Msg("checks.armour_penalty", "Штраф тяжёлой брони", "Heavy armour penalty")
ARMOUR_BONUS = Msg("checks.armour_bonus", "Бонус доспеха", "Armour bonus")
WEAPON_PIERCING = Msg("checks.weapon_piercing", "Пробитие оружия", "Weapon piercing")
DEFENDER_LUCK = Msg("checks.defender_luck", "Удача защищающегося", "Defender's luck")

# --- errors --------------------------------------------------------------------------------------
CHOOSE_RUNG = Msg(
    "checks.choose_rung",
    "{name}: выберите ступень из списка ({allowed}).",
    "{name}: choose a rung from the list ({allowed}).",
)
NOT_ON_LADDER = Msg(
    "checks.not_on_ladder",
    "{name}: значения {value} нет в списке автора ({allowed}).",
    "{name}: {value} is not on the seed's list ({allowed}).",
)
WINDOW_REVERSED = Msg(
    "checks.window_reversed",
    "Окно: «от» ({low}) больше, чем «до» ({high}).",
    "Window: «from» ({low}) is greater than «to» ({high}).",
)
SERIES_OVER = Msg(
    "checks.series_over",
    "{name}: серия окончена. Нажмите «Новая серия».",
    "{name}: the series is over. Press New series («Новая серия»).",
)
ONE_HELPLESS = Msg(
    "checks.one_helpless", "Беспомощной может быть только одна сторона.", "Only one side can be helpless."
)
HELPLESS_NO_DICE = Msg(
    "checks.helpless_no_dice",
    "Одна из сторон беспомощна: кубики не бросаются.",
    "One side is helpless: no dice are rolled.",
)

# --- shared pieces -------------------------------------------------------------------------------
EMPTY = Msg("checks.empty", "пусто", "empty")
ROLLED_MARK = Msg("checks.rolled_mark", " ← выпало", " ← rolled")
ROLL = Msg(
    "checks.roll",
    "3d20 = {a}+{b}+{c} = {total} → GaussD20 {base}",
    "3d20 = {a}+{b}+{c} = {total} → GaussD20 {base}",
)
ROLL_LUCK = Msg("checks.roll_luck", ", удача {luck} → {value}", ", luck {luck} → {value}")
SEED_PERCENT = Msg("checks.seed_percent", "{n} %", "{n}%")

# --- skill check ---------------------------------------------------------------------------------
SKILL_MOD = Msg(
    "checks.skill_mod",
    "Итоговый модификатор: {modifier} (навык {skill}, сложность {difficulty}, ситуация {situational}); "
    "удача {luck}. Успех — 8 и выше: {success}, провал: {failure}.",
    "Net modifier: {modifier} (skill {skill}, difficulty {difficulty}, situation {situational}); luck "
    "{luck}. Success (8 and up): {success}, failure: {failure}.",
)
SKILL_GLOSS = Msg(
    "checks.skill_gloss", "{skill}; сложность {difficulty}.", "{skill}; difficulty {difficulty}."
)
SUCCESS_TOTAL = Msg("checks.success_total", "успех (всего)", "success («успех»), total")
FAILURE_TOTAL = Msg("checks.failure_total", "провал (всего)", "failure («провал»), total")
MATCHES = Msg("checks.matches", "совпадает с точным", "matches the exact figure")
EXACT_IS = Msg("checks.exact_is", "точно — {exact}", "exact: {exact}")
AT_LEVEL = Msg("checks.at_level", "Задача по уровню навыка", "A task at one's skill level")
STEPS_ABOVE = Msg(
    "checks.steps_above",
    "Сложность на {steps} шаг(а) выше уровня навыка",
    "Difficulty {steps} step(s) above one's skill level",
)
CLAIM = Msg(
    "checks.claim",
    "{head}. В посте автора провал — {printed}; {verdict}.",
    "{head}. The seed post gives failure {printed}; {verdict}.",
)
SKILL_LINE = Msg(
    "checks.skill_line",
    "Проверка навыка ({skill} {skill_value} против «{difficulty}» {difficulty_value}): {roll}, "
    "модификатор {modifier} → {value}: {tier} {verdict}.",
    "Skill check ({skill} {skill_value} vs {difficulty} {difficulty_value}): {roll}, modifier {modifier} "
    "→ {value}: {tier} {verdict}.",
)
SUCCESS_MARK = Msg("checks.success_mark", "(успех)", "(success)")
FAILURE_MARK = Msg("checks.failure_mark", "(провал)", "(failure)")

# --- median roll ---------------------------------------------------------------------------------
MEDIAN_MAPPING = Msg(
    "checks.median_mapping",
    "Модификатор окна: (интеллект {intelligence} − 5) + (удача {luck} − 5) + тренированность {training} "
    "+ ситуация {situational} = {modifier}. Окно {window} → {adjusted}{forbidden}; успех: {success}.",
    "Window modifier: (intelligence {intelligence} − 5) + (luck {luck} − 5) + training {training} + "
    "situation {situational} = {modifier}. Window {window} → {adjusted}{forbidden}; success: {success}.",
)
FORBIDDEN = Msg("checks.forbidden", " (запретный центр)", " (forbidden centre)")
BELOW = Msg("checks.below", "ниже окна", "below the window")
INSIDE = Msg("checks.inside", "в окне", "in the window")
ABOVE = Msg("checks.above", "выше окна", "above the window")
SIDES = {"below": BELOW, "inside": INSIDE, "above": ABOVE}
INVERTED_FAIL = Msg("checks.inverted_fail", "провал: попал в центр", "failure: landed in the centre")
INVERTED_WIN = Msg("checks.inverted_win", "успех: мимо центра", "success: missed the centre")
MISS_BELOW = Msg("checks.miss_below", "промах вниз", "miss below")
HIT = Msg("checks.hit", "успех", "success")
MISS_ABOVE = Msg("checks.miss_above", "промах вверх", "miss above")
MEDIAN_LINE = Msg(
    "checks.median_line",
    "Бросок медианы: {roll}; окно {window}{inverted}: {side} {verdict}.",
    "Median roll: {roll}; window {window}{inverted}: {side} {verdict}.",
)
INVERTED_MARK = Msg("checks.inverted_mark", " (обратная форма)", " (inverted)")
DASH_SUCCESS = Msg("checks.dash_success", "— успех", "— success")
DASH_FAILURE = Msg("checks.dash_failure", "— провал", "— failure")

# --- madness and horror --------------------------------------------------------------------------
SERIES_FAILURES = Msg(
    "checks.series_failures",
    "Провалов в серии: {failures}; накопленный модификатор: {accumulated}; всего к окну: {total}.",
    "Failures in the series: {failures}; accumulated modifier: {accumulated}; total on the window: {total}.",
)
SERIES_WINDOW = Msg(
    "checks.series_window", "Окно: {window} (база {base}).", "Window: {window} (base {base})."
)
SERIES_NEXT = Msg(
    "checks.series_next",
    "Следующая проверка: ниже {below} · в окне {inside} · выше {above}.",
    "Next check: below {below} · inside {inside} · above {above}.",
)
SERIES_FINISHED = Msg(
    "checks.series_finished", "Серия окончена — начните новую.", "The series is over: start a new one."
)
SERIES_RUNNING = Msg("checks.series_running", "Серия идёт.", "The series is running.")
SERIES_PASSED = Msg(
    "checks.series_passed",
    "Проверка пройдена: разум выдержал, серия окончена.",
    "Check passed: the mind held out; the series is over.",
)
SERIES_AGAIN = Msg(
    "checks.series_again", " Через 30 секунд — повторная проверка.", " Another check in 30 seconds."
)
SERIES_LINE = Msg(
    "checks.series_line",
    "{name}, проверка {number}: {roll}; окно {window}: {side}. {outcome}{more}",
    "{name}, check {number}: {roll}; window {window}: {side}. {outcome}{more}",
)
SERIES_NEW = Msg("checks.series_new", "{name}: новая серия.", "{name}: new series.")

# --- opposed check -------------------------------------------------------------------------------
OPPOSED_MOD = Msg(
    "checks.opposed_mod",
    "Модификатор окна: бонус защиты {defence} − бонус атакующего {attack} + (удача защиты {defence_luck} − "
    "удача атакующего {attack_luck}) = {modifier}; плюс — в пользу защиты.",
    "Window modifier: defence bonus {defence} − attacker's bonus {attack} + (defender's luck "
    "{defence_luck} − attacker's luck {attack_luck}) = {modifier}; a plus favours the defence.",
)
WINDOW_EMPTY = Msg(
    "checks.window_empty",
    "Защита {defence} ({how}): окно провала пусто — любой бросок атаки пробивает защиту.",
    "Defence {defence} ({how}): the failure window is empty, so any attack roll pierces.",
)
WINDOW_ALL = Msg(
    "checks.window_all",
    "Защита {defence} ({how}): провал атаки при 1–20 — пробить нельзя.",
    "Defence {defence} ({how}): the attack fails on 1–20, so it cannot pierce.",
)
WINDOW_LINE = Msg(
    "checks.window_line",
    "Защита {defence} ({how}): провал атаки при {low}–{high}, пробой — всё остальное.",
    "Defence {defence} ({how}): the attack fails on {low}–{high} and pierces on anything else.",
)
HOW_ENTERED = Msg("checks.how_entered", "введено", "entered")
HOW_ROLLED = Msg(
    "checks.how_rolled", "брошено кнопкой «Бросить защиту»: {roll}", "rolled with Roll the defence: {roll}"
)
HOW_WITH_ATTACK = Msg(
    "checks.how_with_attack", "брошено вместе с атакой: {roll}", "rolled with the attack: {roll}"
)
DEFENDER_HELPLESS_AUTO = Msg(
    "checks.defender_helpless_auto",
    "Защищающийся беспомощен: автоматический успех атакующего, кубики не бросаются.",
    "Defender helpless: automatic success for the attacker, no dice are rolled.",
)
ATTACKER_HELPLESS_AUTO = Msg(
    "checks.attacker_helpless_auto",
    "Атакующий беспомощен: автоматический успех защиты, кубики не бросаются.",
    "Attacker helpless: automatic success for the defence, no dice are rolled.",
)
NO_DEFENCE_YET = Msg(
    "checks.no_defence_yet",
    "Бросок защиты ещё не сделан: введите его, бросьте его или оставьте поле пустым — тогда он будет брошен "
    "вместе с атакой.",
    "No defence roll yet: enter it, roll it, or leave the field empty to roll it with the attack.",
)
PIERCE = Msg("checks.pierce", "Пробой", "Pierce")
PIERCE_AT = Msg("checks.pierce_at", "Пробой при защите {defence}", "Pierce against defence {defence}")
PIERCE_BEFORE = Msg("checks.pierce_before", "Пробой до броска защиты", "Pierce, before the defence roll")
HOLD_BEFORE = Msg("checks.hold_before", "Защита устоит до броска", "Defence holds, before the roll")
DEFENCE_ROLLED = Msg(
    "checks.defence_rolled",
    "Бросок защиты: {roll}. Он будет использован в следующем броске атаки, пока стоит в поле.",
    "Defence roll: {roll}. The next attack uses it while it stays in the field.",
)
OPPOSED_DEFENDER_HELPLESS = Msg(
    "checks.opposed_defender_helpless",
    "Противопоставленная проверка: защищающийся беспомощен — автоматический успех атакующего.",
    "Opposed check: the defender is helpless, automatic success for the attacker.",
)
OPPOSED_ATTACKER_HELPLESS = Msg(
    "checks.opposed_attacker_helpless",
    "Противопоставленная проверка: атакующий беспомощен — автоматический успех защиты.",
    "Opposed check: the attacker is helpless, automatic success for the defence.",
)
PIERCED = Msg("checks.pierced", "пробой защиты", "defence pierced")
HELD = Msg("checks.held", "защита устояла", "defence held")
OPPOSED_LINE = Msg(
    "checks.opposed_line",
    "Противопоставленная проверка: защита {defence} ({how}), модификатор {modifier}, провал атаки при "
    "{window}; атака {attack} ({attack_roll}): {verdict}.",
    "Opposed check: defence {defence} ({how}), modifier {modifier}, the attack fails on {window}; attack "
    "{attack} ({attack_roll}): {verdict}.",
)

# --- combat --------------------------------------------------------------------------------------
COMBAT_LANDS = Msg(
    "checks.combat_lands",
    "Атака пройдёт: {lands}; не пройдёт: {misses}. Модификатор проверки защиты: {modifier}.",
    "The attack lands: {lands}; does not land: {misses}. Defence check modifier: {modifier}.",
)
NO_LANDING = Msg("checks.no_landing", "атака не проходит", "the attack does not land")
EXCHANGE = Msg("checks.exchange", "Обмен: {ending}{damage}", "Exchange: {ending}{damage}")
COMBAT_LOG = Msg("checks.combat_log", "Бой: {lines}", "Combat: {lines}")
ATTACK_WORD = Msg("checks.attack_word", "Атака", "Attack")
DEFENCE_WORD = Msg("checks.defence_word", "Защита", "Defence")
CHECK_LINE = Msg("checks.check_line", "{label}: {roll}", "{label}: {roll}")
CHECK_MODIFIER = Msg(
    "checks.check_modifier", ", модификатор {modifier} → {value}", ", modifier {modifier} → {value}"
)
STAGE_OPPOSED = Msg(
    "checks.stage_opposed",
    "Противопоставленная проверка (модификатор {modifier}): защита {defence}, провал атаки при {window}; "
    "атака {attack}: {verdict}",
    "Opposed check (modifier {modifier}): defence {defence}, the attack fails on {window}; attack {attack}: "
    "{verdict}",
)
RESULT = Msg("checks.result", "Итог: {damage}", "Result: {damage}")
