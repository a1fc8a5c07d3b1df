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
RULES_LANGUAGE = Msg(
    "shell.rules_language",
    "Толкования записаны по-английски; слова сидов приведены по-русски.",
    "The readings are written in English; the seeds' words are quoted in Russian.",
)
