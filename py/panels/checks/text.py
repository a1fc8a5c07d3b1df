"""The checks panel's messages (ids ``checks.*``); the seed's words for rule codes are in ``seed``."""

from kit.msg import Msg
from panels.checks import seed  # noqa: F401  (registers the seed's words with the catalogue)

# Static markup (titles, hints, labels): panels.checks.markup, re-exported here.
from panels.checks.markup import *  # noqa: F403

# --- field names in messages ---------------------------------------------------------------------
RADIUS = Msg("checks.radius", "Радиус", "Radius")
WINDOW_FROM = Msg("checks.window_from", "Окно «от»", "Window «from»")
WINDOW_TO = Msg("checks.window_to", "Окно «до»", "Window «to»")
INTELLIGENCE = Msg("checks.intelligence", "Интеллект", "Intelligence")
DEFENCE_BONUS = Msg("checks.defence_bonus", "Бонус защиты", "Defence bonus")
DEFENCE_ROLL = Msg("checks.defence_roll", "Бросок защиты", "Defence roll")
ATTACKER_SKILL = Msg("checks.attacker_skill", "Боевой навык атакующего", "Attacker's combat skill")
MANOEUVRE_DIFFICULTY = Msg("checks.manoeuvre_difficulty", "Сложность манёвра", "Manoeuvre difficulty")
MANOEUVRE_SITUATION = Msg(
    "checks.manoeuvre_situation",
    "Ситуация (всё, что помогает манёвру)",
    "Situation (whatever helps the manoeuvre)",
)
COMBAT_MOD = Msg(
    "checks.combat_mod",
    "Модификатор атаки: {modifier} (навык {skill}, сложность манёвра {difficulty}, ситуация {situational}).",
    "Attack modifier: {modifier} (skill {skill}, manoeuvre difficulty {difficulty}, situation {situational}).",
)
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
ROLL_TYPED = Msg("checks.roll_typed", "GaussD20 со стола: {base}", "GaussD20 from the table: {base}")
TABLE_EXAMPLE = Msg("checks.table_example", "со стола: 17 5 2 или =8", "table: 17 5 2 or =8")
TABLE_EXAMPLE_OPPOSED = Msg(
    "checks.table_example_opposed", "со стола: атака; защита", "table: attack; defence"
)
TABLE_EXAMPLE_COMBAT = Msg("checks.table_example_combat", "со стола: 9 8 7; 6 5 4", "table: 9 8 7; 6 5 4")
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
# the verdict first (a phone's action bar shows the line's start), then how it came about
SKILL_LINE = Msg(
    "checks.skill_line",
    "{verdict}. Проверка навыка ({skill} {skill_value} против «{difficulty}» {difficulty_value}): {roll}, "
    "модификатор {modifier} → {value}.",
    "{verdict}. Skill check ({skill} {skill_value} vs {difficulty} {difficulty_value}): {roll}, modifier "
    "{modifier} → {value}.",
)
SUCCESS_WORD = Msg("checks.success_word", "Успех", "Success")
FAILURE_WORD = Msg("checks.failure_word", "Провал", "Failure")

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
    "{verdict}: {side}. Бросок медианы: {roll}; окно {window}{inverted}.",
    "{verdict}: {side}. Median roll: {roll}; window {window}{inverted}.",
)
INVERTED_MARK = Msg("checks.inverted_mark", " (обратная форма)", " (inverted)")

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
HOW_ENTERED = Msg("checks.how_entered", "введено мастером", "typed by the GM")
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
    "{verdict}. Противопоставленная проверка: атака {attack} ({attack_roll}) против защиты {defence} "
    "({how}), модификатор {modifier}, провал атаки при {window}.",
    "{verdict}. Opposed check: attack {attack} ({attack_roll}) against defence {defence} ({how}), "
    "modifier {modifier}, the attack fails on {window}.",
)
PIERCED_HEAD = Msg("checks.pierced_head", "Пробой защиты", "Defence pierced")
HELD_HEAD = Msg("checks.held_head", "Защита устояла", "Defence held")

# --- combat --------------------------------------------------------------------------------------
COMBAT_LANDS_UNDEFENDED = Msg(
    "checks.combat_lands_undefended",
    "Атака пройдёт: {lands}; не пройдёт: {misses}. Цель не может защищаться: бросается только проверка "
    "атаки.",
    "The attack lands: {lands}; does not land: {misses}. The target cannot defend: only the attack check is "
    "rolled.",
)
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
# A check's table row with its numbers (the seed's rows say «значению кубика минус 12»; the log
# gives the bonus itself).
ATTACK_ROW_BONUS = Msg(
    "checks.attack_row_bonus",
    "Успешная атака, бонус на пробитие {bonus}",
    "Successful attack, piercing bonus {bonus}",
)
ATTACK_ROW_DOUBLE = Msg(
    "checks.attack_row_double",
    "Двойной критический успех: бонус на пробитие {bonus}, урон ×2",
    "Double critical success: piercing bonus {bonus}, damage ×2",
)
DEFENCE_ROW_BONUS = Msg(
    "checks.defence_row_bonus",
    "Успешная защита, бонус на защиту {bonus}",
    "Successful defence, defence bonus {bonus}",
)
DEFENCE_ROW_DOUBLE = Msg(
    "checks.defence_row_double",
    "Двойной критический успех: бонус на защиту {bonus}, урон ×1/2, даже если атака пройдёт",
    "Double critical success: defence bonus {bonus}, damage ×1/2 even if the attack gets through",
)
