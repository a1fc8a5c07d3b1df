"""The threat calculator's messages (ids ``threat.*``), seed 003 «Кубы угрозы»."""

from kit.msg import Msg

# --------------------------------------------------------------------------- static markup
TITLE = Msg("threat.title", "Калькулятор угрозы", "Threat calculator («Кубы угрозы», threat dice)")
HINT = Msg(
    "threat.hint",
    "Мешок светлых и тёмных d20: событие угрозы — только если на тёмном кубе выпало строго меньше "
    "порога T. Безопасный тёмный результат (не 20) поднимает T на Δ, событие сбрасывает T к T₀.",
    "A bag of light and dark d20s: a threat event happens only when a dark die shows strictly less "
    "than the threshold T. A safe dark result (not 20) raises T by Δ; an event resets T to T₀.",
)
SCREEN = Msg("threat.screen", "Режим ширмы", "Screen mode («режим ширмы»)")
SCREEN_HINT = Msg(
    "threat.screen_hint",
    "скрывает T₀, T, Δ, шансы, прогноз и журнал — экран можно повернуть к игрокам",
    "hides T₀, T, Δ, the odds, the forecast and the journal, so you can turn the screen to the players",
)
CHECK = Msg("threat.check", "Проверка", "Check")
ADVANTAGE = Msg("threat.advantage", "С преимуществом", "With advantage")
DISADVANTAGE = Msg("threat.disadvantage", "С помехой", "With disadvantage")
REFILL = Msg("threat.refill", "Пополнить мешок", "Refill the bag")
UNDO = Msg("threat.undo", "Отменить", "Undo")
NO_CHECKS = Msg("threat.no_checks", "Проверок ещё не было.", "No checks yet.")
RECORD_LEGEND = Msg("threat.record_legend", "Записать бросок со стола", "Record a roll from the table")
REC_COLOUR = Msg("threat.rec_colour", "Цвет оставленного куба", "Colour of the kept die")
REC_NUMBER = Msg("threat.rec_number", "Итоговое число (1–20)", "Final number (1–20)")
RECORD = Msg("threat.record", "Записать", "Record")
SUBSTITUTE = Msg(
    "threat.substitute",
    "Замена до броска: вытянуть куб",
    "Substitution before the roll: draw a die",
)
SUBSTITUTE_HINT = Msg(
    "threat.substitute_hint",
    "«Записать» — бросок со стола: цвет и итоговое число, мешок не меняется. «Замена до броска» — число "
    "подставлено до броска: куб всё равно вытягивается из мешка вслепую (исчерпаемый мешок его теряет), "
    "его цвет решает, затронута ли угроза, а результатом считается подставленное число.",
    "Record is a table roll: colour and final number, the bag is unchanged. A substitution "
    "before the roll still draws a die blind from the bag (an exhaustible bag loses it); its colour "
    "decides whether the threat is touched, and the substituted number is its result.",
)
BAG_LEGEND = Msg("threat.bag_legend", "Мешок и порог", "Bag and threshold")
TRACK = Msg("threat.track", "Угроза (тёмный цвет)", "Threat (dark colour)")
REMOVE_TRACK = Msg("threat.remove_track", "Убрать цвет", "Remove colour")
NEW_COLOUR = Msg("threat.new_colour", "Новый цвет", "New colour")
NEW_COLOUR_EXAMPLE = Msg("threat.new_colour_example", "красный", "red")
ADD_TRACK = Msg("threat.add_track", "Добавить цвет", "Add colour")
LIGHT_LABEL = Msg("threat.light_label", "Светлые кубы (0–20)", "Light dice (0–20)")
LIGHT_DICE = Msg("threat.light_dice", "Светлые кубы", "Light dice")
DARK_LABEL = Msg("threat.dark_label", "Тёмные кубы этого цвета (0–10)", "Dark dice of this colour (0–10)")
DARK_DICE = Msg("threat.dark_dice", "Тёмные кубы", "Dark dice")
BASE_LABEL = Msg("threat.base_label", "Базовый порог T₀ (0–20)", "Base threshold T₀ (0–20)")
BASE = Msg("threat.base", "Базовый порог T₀", "Base threshold T₀")
T_LABEL = Msg("threat.t_label", "Текущий порог T (0–20)", "Current threshold T (0–20)")
T = Msg("threat.t", "Текущий порог T", "Current threshold T")
STEP_LABEL = Msg("threat.step_label", "Шаг Δ (0–5)", "Step Δ (0–5)")
STEP = Msg("threat.step", "Шаг Δ", "Step Δ")
BAG_HINT = Msg(
    "threat.bag_hint",
    "Смена T₀ сдвигает T на ту же разницу; смена состава наполняет мешок заново. "
    "Тёмных кубов всех цветов вместе — не больше 10.",
    "Changing T₀ shifts T by the same difference; changing the composition refills the bag. "
    "At most 10 dark dice of all colours together.",
)
STEPPED = Msg("threat.stepped", "Сброс с шагом: T := T₀ + Δ", "Stepped reset: T := T₀ + Δ")
TWO_DICE = Msg("threat.two_dice", "Режим двух кубов", "Two-dice mode")
EXHAUSTIBLE = Msg("threat.exhaustible", "Исчерпаемый мешок", "Exhaustible bag")
PAIRED = Msg("threat.paired", "Парные эффекты", "Paired effects")
ODDS_CAPTION = Msg(
    "threat.odds_caption",
    "Шанс события на следующей проверке (точно)",
    "Chance of an event on the next check (exact)",
)
FORECAST_TITLE = Msg(
    "threat.forecast_title",
    "Прогноз: проверок до следующего события",
    "Forecast: checks until the next event",
)
FC_ALL = Msg("threat.fc_all", "Все проверки", "All checks")
FC_NORMAL = Msg("threat.fc_normal", "обычные", "normal")
FC_ADVANTAGE = Msg("threat.fc_advantage", "с преимуществом", "with advantage")
FC_DISADVANTAGE = Msg("threat.fc_disadvantage", "с помехой", "with disadvantage")
FC_CAPTION = Msg(
    "threat.fc_caption",
    "P(первое событие этого цвета — на проверке № k) для первых 20 проверок; параметры не меняются, "
    "T растёт на Δ.",
    "P(the first event of this colour is on check no. k) for the first 20 checks; parameters stay "
    "fixed, T grows by Δ.",
)
FC_TABLE = Msg("threat.fc_table", "Таблица прогноза", "Forecast table")
CHECK_NO = Msg("threat.check_no", "Проверка №", "Check no.")
JOURNAL_EMPTY = Msg("threat.journal_empty", "Журнал пуст.", "The log is empty.")
COPY_JOURNAL = Msg("threat.copy_journal", "Копировать журнал", "Copy the log")
DOWNLOAD = Msg("threat.download", "Скачать .txt", "Download .txt")

# --------------------------------------------------------------------------- colours and the journal
LIGHT = Msg("threat.light", "светлый", "light («светлый»)")
DARK = Msg("threat.dark", "тёмный", "dark («тёмный»)")
USER_COLOUR = Msg("threat.user_colour", "{name}", "«{name}»")
NO_DANGER = Msg(
    "threat.no_danger",
    "опасных результатов нет (при T ≤ 1 событий нет)",
    "no dangerous results (no events at T ≤ 1)",
)
DANGER_ONE = Msg("threat.danger_one", "опасен результат 1", "result 1 is dangerous")
DANGER_MANY = Msg("threat.danger_many", "опасны результаты 1–{last}", "results 1–{last} are dangerous")
TABLE_ROLL = Msg("threat.table_roll", "Бросок со стола", "Table roll")
SUBSTITUTED = Msg(
    "threat.substituted",
    "Замена до броска, вытянут {colour}",
    "Substitution before the roll, drew {colour}",
)
TWO_DICE_MARK = Msg("threat.two_dice_mark", "(два куба)", "(two dice)")
DREW = Msg("threat.drew", "вытянут {dice}", "drew {dice}")  # один куб
DREW_TWO = Msg("threat.drew_two", "вытянуты {dice}", "drew {dice}")  # два куба
KEPT = Msg("threat.kept", "оставлен {colour} {value}", "kept {colour} {value}")
EVENT = Msg("threat.event", "СОБЫТИЕ УГРОЗЫ", "THREAT EVENT")
NO_EVENT = Msg("threat.no_event", "события нет", "no event")
DARK_PAIR = Msg("threat.dark_pair", "пара тёмных", "dark pair")
LIGHT_PAIR = Msg("threat.light_pair", "пара светлых", "light pair")
REFILLED_FIRST = Msg("threat.refilled_first", "мешок пополнен перед проверкой", "bag refilled first")
VERDICT_EVENT = Msg("threat.verdict_event", "Событие угрозы!", "Threat event!")
VERDICT_NONE = Msg("threat.verdict_none", "Без события.", "No event.")
BAG_LEFT = Msg("threat.bag_left", "Осталось в мешке — {parts}.", "Left in the bag — {parts}.")
BAG = Msg("threat.bag", "В мешке — {parts}.", "In the bag — {parts}.")
LEFT_OF = Msg("threat.left_of", "{colour}: {left} из {total}", "{colour}: {left} of {total}")

# --------------------------------------------------------------------------- odds and forecast
ROLL = Msg("threat.roll", "Бросок", "Roll")
TOTAL = Msg("threat.total", "Итого", "Total")
NORMAL_CHECK = Msg("threat.normal_check", "Обычная проверка", "Normal check")
ODDS_REFILL_NOTE = Msg(
    "threat.odds_refill_note",
    "* исчерпаемый мешок не обслужит такую проверку: шанс посчитан для пополненного мешка.",
    "* the exhaustible bag cannot serve this check: the chance is for the refilled bag.",
)
ODDS_EXHAUSTIBLE_NOTE = Msg(
    "threat.odds_exhaustible_note",
    "В исчерпаемом мешке шансы считаются по тому, что осталось.",
    "In an exhaustible bag the odds use what remains.",
)
EMPTY_BAG = Msg(
    "threat.empty_bag",
    "Мешок пуст: добавьте светлые или тёмные кубы.",
    "The bag is empty: add light or dark dice.",
)
FC_IMPOSSIBLE = Msg(
    "threat.fc_impossible",
    "Событие цвета «{name}» невозможно: нет его кубов или Δ = 0 при T ≤ 1.",
    "An event of colour {name} cannot happen: it has no dice, or Δ = 0 with T ≤ 1.",
)
FC_TOO_SLOW = Msg(
    "threat.fc_too_slow",
    "Прогноз для исчерпаемого мешка такого размера слишком долго считать в браузере "
    "(оценка {cost} > {budget}). Уменьшите число кубов или поднимите T₀/Δ.",
    "The forecast for an exhaustible bag this large takes too long in the browser "
    "(estimate {cost} > {budget}). Use fewer dice or raise T₀/Δ.",
)
FC_PENDING = Msg(
    "threat.fc_pending",
    "Прогноз считается в фоне…",
    "The forecast is being computed in the background…",
)
FC_STOPPED = Msg(
    "threat.fc_stopped",
    "Прогноз не посчитан: расчёт остановлен. Измените мешок или тип проверок, чтобы посчитать снова.",
    "The forecast was not computed: the computation was stopped. Change the bag or the kind of checks "
    "to compute it again.",
)
FC_CANCELLED = Msg(
    "threat.fc_cancelled",
    "Прогноз не посчитан: расчёт прерван. Любое действие в этой панели запустит его снова.",
    "The forecast was not computed: the computation was interrupted. Any action in this panel starts "
    "it again.",
)
FC_LABEL = Msg("threat.fc_label", "прогноз для цвета «{name}»", "the forecast for colour {name}")
FC_SUMMARY = Msg(
    "threat.fc_summary",
    "Цвет «{name}»: в среднем {mean} проверок до события; P(за 5 проверок) = {p5}; "
    "P(за 10) = {p10}; P(позже 20-й) = {tail}.",
    "Colour {name}: {mean} checks until the event on average; P(within 5 checks) = {p5}; "
    "P(within 10) = {p10}; P(after the 20th) = {tail}.",
)

# --------------------------------------------------------------------------- notes and errors
UNDO_NOTHING = Msg("threat.undo_nothing", "Отменять нечего.", "Nothing to undo.")
UNDONE_STEP = Msg("threat.undone_step", "Отменено: {step}.", "Undone: {step}.")
UNDONE_STEP_T = Msg(
    "threat.undone_step_t",
    "Отменено: {step}. Теперь {name}: T = {t}.",
    "Undone: {step}. Now {name}: T = {t}.",
)
UNDONE_REFILL = Msg("threat.undone_refill", "пополнение мешка", "the refill of the bag")
UNDONE_CHANGE_SECRET = Msg("threat.undone_change_secret", "изменение за ширмой", "a change behind the screen")
UNDONE_CLEAR = Msg("threat.undone_clear", "Отменено: очистка журнала.", "Undone: the log's clearing.")
REFILLED = Msg("threat.refilled", "Мешок пополнен.", "The bag is refilled.")
ALREADY_FULL = Msg(
    "threat.already_full",
    "Мешок и так полон: пополнять нечего.",
    "The bag is full already: nothing to refill.",
)
JOURNAL_NOTHING = Msg(
    "threat.journal_nothing", "Журнал пуст — нечего копировать.", "The log is empty: nothing to copy."
)
FILE_READY = Msg("threat.file_ready", "Файл журнала готов.", "The log file is ready.")
ADDED = Msg("threat.added", "Цвет «{name}» добавлен.", "Colour {name} added.")
REMOVED = Msg("threat.removed", "Цвет «{name}» убран.", "Colour {name} removed.")
FINAL_NUMBER = Msg("threat.final_number", "Итоговое число", "Final number")
FC_KIND = Msg("threat.fc_kind", "Тип проверок", "Kind of checks")
DARK_CAP = Msg(
    "threat.dark_cap",
    "Тёмных кубов всех цветов вместе не больше {max}: у других цветов уже {other}, для этого можно до {left}.",
    "At most {max} dark dice of all colours together: the other colours have {other}, this one can have "
    "up to {left}.",
)
PICK_COLOUR = Msg(
    "threat.pick_colour",
    "Цвет куба: выберите цвет из списка.",
    "Colour of the die: pick a colour from the list.",
)
NO_SUCH_COLOUR = Msg("threat.no_such_colour", "Такого цвета нет.", "There is no such colour.")
NAME_EMPTY = Msg(
    "threat.name_empty",
    "Новый цвет: введите название, например «красный».",
    "New colour: type a name, e.g. “red”.",
)
NAME_LONG = Msg(
    "threat.name_long", "Новый цвет: не длиннее {max} символов.", "New colour: at most {max} characters."
)
NAME_TAKEN = Msg(
    "threat.name_taken",
    "Цвет «{name}» уже есть (или зарезервирован для светлых кубов).",
    "Colour «{name}» already exists (or is reserved for the light dice).",
)
TOO_MANY_COLOURS = Msg(
    "threat.too_many_colours",
    "Не больше {max} тёмных цветов в одном мешке.",
    "At most {max} dark colours in one bag.",
)
LAST_COLOUR = Msg(
    "threat.last_colour",
    "Нужен хотя бы один тёмный цвет; чтобы убрать его кубы, поставьте 0 тёмных.",
    "At least one dark colour is needed; to remove its dice, set 0 dark dice.",
)
# The sub-tools' tabs on a phone (panels/threat/section.py)
TAB_TABLE = Msg("threat.tab_table", "Стол", "Table")
TAB_BAG = Msg("threat.tab_bag", "Мешок и порог", "Bag and threshold")
TAB_FORECAST = Msg("threat.tab_forecast", "Шансы и прогноз", "Odds and forecast")

# journal lines for the GM's own changes (rules.threat_journal.ChangeEntry)
CHANGED = Msg("threat.changed", "Изменение", "Change")
CHANGE_LIGHT = Msg(
    "threat.change_light", "светлых кубов: {before} → {after}", "light dice: {before} → {after}"
)
CHANGE_DICE = Msg(
    "threat.change_dice", "{colour}: кубов {before} → {after}", "{colour}: dice {before} → {after}"
)
CHANGE_BASE = Msg("threat.change_base", "{colour}: T₀ {before} → {after}", "{colour}: T₀ {before} → {after}")
CHANGE_T = Msg("threat.change_t", "{colour}: T {before} → {after}", "{colour}: T {before} → {after}")
CHANGE_STEP = Msg("threat.change_step", "{colour}: Δ {before} → {after}", "{colour}: Δ {before} → {after}")
CHANGE_ADDED = Msg(
    "threat.change_added", "добавлен цвет {colour} (кубов {after})", "colour {colour} added ({after} dice)"
)
CHANGE_REMOVED = Msg("threat.change_removed", "убран цвет {colour}", "colour {colour} removed")
CHANGE_ON = Msg("threat.change_on", "{mode}: включено", "{mode}: on")
CHANGE_OFF = Msg("threat.change_off", "{mode}: выключено", "{mode}: off")
CHANGE_REFILL = Msg("threat.change_refill", "мешок пополнен вручную", "bag refilled by hand")
JOURNAL_BACK = Msg("threat.journal_back", "Журнал восстановлен.", "The log is restored.")
ASIDE_DOWNLOADED = Msg(
    "threat.aside_downloaded",
    "Файл с отложенными строками журнала готов.",
    "The file with the journal lines set aside is ready.",
)
JOURNAL_NOTHING_TO_CLEAR = Msg(
    "threat.journal_nothing_to_clear", "Журнал и так пуст.", "The log is already empty."
)
CHANGE_BEHIND_SCREEN = Msg(
    "threat.change_behind_screen", "Угроза: изменение за ширмой", "Threat: a change behind the screen"
)
