"""Messages of the page around the panels (ids ``shell.*``)."""

from kit.msg import Msg

DOC_TITLE = Msg(
    "shell.doc_title",
    "Кубики мастера — GaussD20, конвертер 3D20, угроза",
    "GM's dice — GaussD20, 3D20 converter, threat",
)
SKIP = Msg("shell.skip", "К содержимому", "Skip to content")
TITLE = Msg("shell.title", "Кубики мастера", "GM's dice")
LANG_SWITCH = Msg("shell.lang_switch", "English", "Русский")
LANG_SWITCH_TITLE = Msg("shell.lang_switch_title", "Переключить язык", "Switch language")
TAGLINE = Msg(
    "shell.tagline",
    "Точные вероятности до броска. Работает без сети.",
    "Exact odds before the roll. Works offline.",
)
UPDATE = Msg("shell.update", "Доступна новая версия.", "A new version is available.")
UPDATE_RELOAD = Msg("shell.update_reload", "Перезагрузить", "Reload")
LOADING = Msg(
    "shell.loading",
    "Загружается Python… (несколько секунд при первом открытии)",
    "Loading Python… (a few seconds the first time)",
)
# static/boot-progress.js shows these before Python (tools/build.py writes them into it).
LOADING_BYTES = Msg(
    "shell.loading_bytes", "Загружается Python: {got} из {total} МБ", "Loading Python: {got} of {total} MB"
)
LOADING_STARTING = Msg("shell.loading_starting", "Запускается Python…", "Starting Python…")
TOOLS = Msg("shell.tools", "Инструменты", "Tools")
TAB_CONVERTER = Msg("shell.tab_converter", "Конвертер 3D20", "3D20 converter")
TAB_THREAT = Msg("shell.tab_threat", "Угроза", "Threat")
TAB_NOTATION = Msg("shell.tab_notation", "Кубики", "Dice")
TAB_CHECKS = Msg("shell.tab_checks", "Проверки GaussD20", "GaussD20 checks")
TAB_ROSTER = Msg("shell.tab_roster", "Персонажи", "Characters")
RULES = Msg("shell.rules", "Правила:", "Rules:")
RULES_LINK = Msg("shell.rules_link", "документ с толкованиями", "how the seeds are read")
COMPUTED = Msg(
    "shell.computed",
    "Все вычисления — в браузере, на Python (PyScript + Pyodide).",
    "Everything is computed in your browser, in Python (PyScript + Pyodide).",
)
PANEL_RULES = Msg("shell.panel_rules", "Правила и толкования", "Rules and readings")
RULES_BACK = Msg("shell.rules_back", "← Назад к инструменту", "← Back to the tool")
RULES_ALL = Msg("shell.rules_all", "Все правила", "All rules")
RULES_PAGE = Msg("shell.rules_page", "Правила", "Rules")
THEME = Msg("shell.theme", "Тема оформления", "Colour theme")
THEME_AUTO = Msg("shell.theme_auto", "◐ Авто", "◐ Auto")
THEME_LIGHT = Msg("shell.theme_light", "☀ Светлая", "☀ Light")
THEME_DARK = Msg("shell.theme_dark", "☾ Тёмная", "☾ Dark")
START_TITLE = Msg("shell.start_title", "С чего начать", "Where to start")
START_HINT = Msg(
    "shell.start_hint",
    "Выберите инструмент; в следующий раз откроется тот, которым пользовались последним.",
    "Pick a tool; next time the one you used last opens.",
)
# One line per tool: what it is for (the summary of each panel's «?» hint).
ABOUT_ROSTER = Msg(
    "shell.about_roster",
    "Листы персонажей всех систем: заполняют поля других панелей.",
    "Character sheets of every system: they fill the other panels' inputs.",
)
ABOUT_ROLLER = Msg(
    "shell.about_roller",
    "Бросок GaussD20 (3d20 / 3) с удачей и точными шансами.",
    "Roll GaussD20 (3d20 / 3) with luck, and see the exact odds.",
)
ABOUT_CONVERTER = Msg(
    "shell.about_converter",
    "Переводит форумные броски 3D20 в GaussD20.",
    "Turns forum 3D20 roll lines into GaussD20.",
)
ABOUT_THREAT = Msg(
    "shell.about_threat",
    "Мешок светлых и тёмных кубов: когда случится событие угрозы.",
    "A bag of light and dark dice: when the next threat event comes.",
)
ABOUT_NOTATION = Msg(
    "shell.about_notation",
    "Любой бросок в нотации Roll20, Foundry или rpg-dice-roller (и «3к6») — с точным распределением.",
    "Any roll in Roll20, Foundry or rpg-dice-roller notation («3к6» too), with its exact distribution.",
)
ABOUT_CHECKS = Msg(
    "shell.about_checks",
    "Навык, медиана, безумие и ужас, бой — проверки GaussD20 с шансами.",
    "Skill, median, madness and horror, combat — GaussD20 checks with odds.",
)
ABOUT_ITE = Msg(
    "shell.about_ite",
    "Цепочка чеков инициативы, точности и эффекта с шансами.",
    "A chain of initiative, accuracy and effect checks, with odds.",
)
ABOUT_FUDGE = Msg(
    "shell.about_fudge",
    "FUDGE-хак отряда «Омикрон»: действия, атаки, урон и раны.",
    "The «Омикрон» FUDGE hack: actions, attacks, damage and wounds.",
)
