"""Messages shared by several panels: declared once here, used everywhere.

A phrase that more than one panel shows (a field error, "No roll yet.", "Log") lives here, so it
has one id and one translation.
"""

from __future__ import annotations

from kit.msg import Msg

# Field errors (kit.form)
NOT_A_NUMBER = Msg(
    "common.not_a_number",
    "{name}: введите целое число от {low} до {high}.",
    "{name}: enter a whole number from {low} to {high}.",
)
NOT_A_NUMBER_OR_EMPTY = Msg(
    "common.not_a_number_or_empty",
    "{name}: введите целое число от {low} до {high} или оставьте поле пустым.",
    "{name}: enter a whole number from {low} to {high}, or leave the field empty.",
)
OUT_OF_RANGE = Msg(
    "common.out_of_range",
    "{name}: {value} вне допустимого диапазона {low}…{high}.",
    "{name}: {value} is outside the allowed range {low}…{high}.",
)
NOT_ALLOWED = Msg("common.not_allowed", "{name}: недопустимое значение.", "{name}: not an allowed value.")
TOO_LONG = Msg(
    "common.too_long",
    "{name}: слишком длинный текст ({length} символов; можно до {limit}).",
    "{name}: the text is too long ({length} characters; at most {limit}).",
)
A_FIELD = Msg("common.a_field", "Поле", "A field")  # a text area's name where the kit words a paste too long
INTERNAL_ERROR = Msg(
    "common.internal_error",
    "Простите, что-то пошло не так: это ошибка в программе, а не в ваших данных. Панель работает дальше.",
    "Sorry, something went wrong: a bug in the program, not in your input. The panel keeps working.",
)
COPY_DETAILS = Msg("common.copy_details", "Скопировать подробности", "Copy the details")
SAVED_DROPPED = Msg(
    "common.saved_dropped",
    "Сохранённые данные ({what}) были повреждены и сброшены; остальное восстановлено.",
    "The saved data ({what}) was damaged and has been reset; the rest was restored.",
)
ENTRIES_SET_ASIDE = Msg(
    "common.entries_set_aside",
    "Сохранённые данные ({what}): повреждённых записей — {count}, они отложены; остальные восстановлены.",
    "The saved data ({what}): {count} damaged entries were set aside; the others were restored.",
)
LOG_ENTRIES_SET_ASIDE = Msg(
    "common.log_entries_set_aside",
    "В сохранённом журнале повреждённых записей — {count}, они отложены; остальные восстановлены.",
    "The saved log had {count} damaged entries; they were set aside, the others were restored.",
)
LOG_DAMAGED = Msg(
    "common.log_damaged",
    "Сохранённый журнал был повреждён; начат новый.",
    "The saved log was damaged; a new one was started.",
)

# Clipboard
COPIED = Msg("common.copied", "Скопировано.", "Copied.")
COPY_FAILED = Msg(
    "common.copy_failed",
    "Не удалось скопировать: выделите текст и нажмите Ctrl+C.",
    "Could not copy: select the text and press Ctrl+C.",
)

# Words several panels show
NO_ROLL_YET = Msg("common.no_roll_yet", "Ещё не бросали.", "No roll yet.")
NO_ROLLS_YET = Msg("common.no_rolls_yet", "Бросков пока нет.", "No rolls yet.")
LOG = Msg("common.log", "Журнал", "Log")
LOG_CLEARED = Msg("common.log_cleared", "Журнал очищен.", "Log cleared.")
CLEAR_LOG = Msg("common.clear_log", "Очистить журнал", "Clear the log")
CLEAR_HISTORY = Msg("common.clear_history", "Очистить историю", "Clear the history")
DIFFICULTY = Msg("common.difficulty", "Сложность", "Difficulty («сложность»)")
LUCK_1_9 = Msg("common.luck_1_9", "Удача (1–9)", "Luck («удача», 1–9)")
IMPOSSIBLE = Msg("common.impossible", "невозможно", "impossible")
VALUE = Msg("common.value", "Значение", "Value")
PROBABILITY = Msg("common.probability", "Вероятность", "Probability")
EXACT_ODDS = Msg("common.exact_odds", "Точные вероятности", "Exact odds")

# Saving (kit.storage, kit.browser)
SAVE_FAILED = Msg(
    "common.save_failed",
    "Не удалось сохранить: {what}. Последние действия видны на экране, но после перезагрузки их не будет.",
    "Could not save: {what}. The latest actions are on screen but would be lost on a reload.",
)
SAVE_EXPORT = Msg("common.save_export", "Скачать все данные (JSON)", "Download all data (JSON)")
SAVE_TRIM = Msg("common.save_trim", "Сократить журнал вдвое", "Halve the journal")
SAVE_RETRY = Msg("common.save_retry", "Повторить", "Try again")
STORAGE_USAGE = Msg(
    "common.storage_usage",
    "Данные хранятся в этом браузере: {used} КБ.",
    "Your data is kept in this browser: {used} KB.",
)
STORAGE_FALLBACK = Msg(
    "common.storage_fallback",
    "IndexedDB недоступна: данные сохраняются в localStorage, и последние действия могут не пережить сбой браузера.",
    "IndexedDB is unavailable: data is saved in localStorage, and the latest actions may not survive a browser crash.",
)

# Computing off the main thread (kit.compute, static/compute-worker.mjs)
COMPUTING = Msg("common.computing", "Считаю: {what} — {seconds} с", "Computing: {what} — {seconds} s")
CANCEL = Msg("common.cancel", "Отменить", "Cancel")
COMPUTE_CANCELLED = Msg(
    "common.compute_cancelled", "{what}: расчёт отменён.", "{what}: the computation was cancelled."
)
COMPUTE_TIMEOUT = Msg(
    "common.compute_timeout",
    "{what}: не уложилось в {seconds} с и остановлено. Это слишком много для браузера: уменьшите задачу (меньше кубов, граней или текста).",
    "{what}: did not finish within {seconds} s and was stopped. That is too much for a browser: make it smaller (fewer dice, faces or lines).",
)
COMPUTE_MEMORY = Msg(
    "common.compute_memory",
    "{what}: нужно больше {megabytes} МБ памяти, и расчёт остановлен. Уменьшите задачу (меньше кубов, граней или текста).",
    "{what}: needs more than {megabytes} MB of memory, so it was stopped. Make it smaller (fewer dice, faces or lines).",
)
COMPUTE_FAILED = Msg(
    "common.compute_failed",
    "{what}: расчёт не удался (ошибка в программе). Страница работает дальше.",
    "{what}: the computation failed (a bug in the program). The page keeps working.",
)
COMPUTE_MAIN_THREAD = Msg(
    "common.compute_main_thread",
    "Фоновые вычисления недоступны (например, в сохранённом файле): тяжёлые расчёты идут на странице, с прежними ограничениями, а то, что заморозило бы её, не считается.",
    "Background computing is unavailable (for instance in the saved file): heavy odds are computed in the page, with the old limits, and what would freeze it is not computed.",
)
COMPUTE_TOO_SLOW_HERE = Msg(
    "common.compute_too_slow_here",
    "{what}: без фоновых вычислений (страница открыта из файла) это заморозило бы страницу больше чем на секунду, "
    "поэтому не считается. Откройте страницу с сайта или установленное приложение, или уменьшите задачу.",
    "{what}: without background computing (the page was opened from a file) this would freeze the page for "
    "more than a second, so it is not computed. Open the hosted page or the installed app, or make it smaller.",
)

# Files chosen to import (kit.browser reads them; the panel's action checks what they hold).
FILE_TOO_LARGE = Msg(
    "common.file_too_large",
    "Файл слишком большой (больше {megabytes} МБ): ничего не изменилось.",
    "The file is too large (over {megabytes} MB): nothing changed.",
)
FILE_UNREADABLE = Msg(
    "common.file_unreadable",
    "Не удалось прочитать файл как текст ({megabytes} МБ максимум): ничего не изменилось.",
    "The file could not be read as text ({megabytes} MB at most): nothing changed.",
)
SEED_REFUSED = Msg(
    "common.seed_refused",
    "Ссылка просила предсказуемые кубики (зерно «{seed}»): не применено, броски случайны. С зерном тот, "
    "кто прислал ссылку, знал бы каждый бросок заранее.",
    "The link asked for predictable dice (seed “{seed}”): not applied, the rolls are random. With the seed, "
    "whoever sent the link would know every roll in advance.",
)
SEED_APPLY = Msg("common.seed_apply", "Всё равно применить (для проверки)", "Apply it anyway (for testing)")
SEED_ON = Msg(
    "common.seed_on",
    "Кубики предсказуемы: зерно «{seed}». Каждый бросок можно узнать заранее.",
    "The dice are predictable: seed “{seed}”. Every roll can be known in advance.",
)
SEED_RANDOM = Msg("common.seed_random", "Вернуть случайные кубики", "Back to random dice")
SEED_AUTOMATED = Msg(
    "common.seed_automated",
    "Повторяемые кубики: зерно «{seed}» (браузер под управлением тестов).",
    "Repeatable dice: seed “{seed}” (a browser driven by tests).",
)
