"""Messages of the players' screen (ids ``audience.*``): the GM's panel, and the words the players'
window shows (sent on the channel in the language the GM picked for it)."""

from kit.msg import Msg

TAB = Msg("audience.tab", "Экран игроков", "Players' screen")
ABOUT = Msg(
    "audience.about",
    "Окно для игроков: последние открытые броски крупно, без секретов мастера.",
    "A window for the players: the latest public rolls in large type, none of the GM's secrets.",
)
TITLE = Msg("audience.title", "Экран для игроков", "Players' screen")
HINT = Msg(
    "audience.hint",
    "Откройте окно и перетащите его на телевизор или второй монитор (F11 — во весь экран), или "
    "откройте его во второй вкладке телефона. Окно показывает только то, что здесь видно в "
    "образце: открытые результаты, «Мастер бросил за ширмой» вместо скрытых бросков и мешок угрозы "
    "так, как вы выбрали (порог — никогда, пока включён режим ширмы). В окне игроков нет кнопок, "
    "которые что-то меняют у мастера.",
    "Open the window and drag it onto a TV or a second monitor (F11 for full screen), or open it in "
    "a second tab of a phone. The window shows only what the sample here shows: public results, «Мастер "
    "бросил за ширмой» (the GM rolled behind the screen) instead of hidden rolls, and the threat bag "
    "as you chose (never the threshold while screen mode is on). The players' window has no buttons "
    "that change anything of the GM's.",
)
OPEN = Msg("audience.open", "Открыть окно игроков", "Open the players' window")
HEADER_OPEN = Msg("audience.header_open", "Экран для игроков", "Players' screen")
HEADER_OPEN_TITLE = Msg(
    "audience.header_open_title",
    "Открыть экран для игроков в новом окне",
    "Open the players' screen in a new window",
)
CURTAIN = Msg("audience.curtain", "Занавес: скрыть всё", "Curtain: hide everything")
CURTAIN_UP = Msg("audience.curtain_up", "Поднять занавес", "Raise the curtain")
CLEAR = Msg("audience.clear", "Очистить экран", "Clear the screen")
CLEARED = Msg("audience.cleared", "Экран игроков очищен.", "The players' screen was cleared.")
SETTINGS = Msg("audience.settings", "Что видят игроки", "What the players see")
LANG = Msg("audience.lang", "Язык окна", "Window language")
LANG_RU = Msg("audience.lang_ru", "Русский", "Russian («Русский»)")
LANG_EN = Msg("audience.lang_en", "English", "English")
BAG = Msg("audience.bag", "Мешок угрозы", "Threat bag")
BAG_NONE = Msg("audience.bag_none", "не показывать", "not shown")
BAG_DARK = Msg("audience.bag_dark", "число тёмных кубов", "the number of dark dice")
BAG_WHOLE = Msg("audience.bag_whole", "весь мешок", "the whole bag")
NAMES = Msg("audience.names", "Имена персонажей", "Character names")
SAMPLE = Msg(
    "audience.sample",
    "Образец: ровно то, что сейчас видят игроки",
    "Sample: exactly what the players see now",
)
STATUS_CURTAIN = Msg(
    "audience.status_curtain",
    "Занавес опущен: игроки видят только его.",
    "The curtain is down: the players see only it.",
)
STATUS_LIVE = Msg(
    "audience.status_live",
    "Окно игроков показывает открытые результаты.",
    "The players' window shows public results.",
)
FROM_FILE = Msg(
    "audience.from_file",
    "Страница открыта из файла: откройте окно игроков кнопкой здесь. Вкладка, открытая вручную, "
    "получает результаты в Chromium и Firefox, но не в Safari (WebKit не связывает файлы между вкладками).",
    "The page is opened from a file: open the players' window with the button here. A tab opened by "
    "hand gets the results in Chromium and Firefox, but not in Safari (WebKit does not connect files "
    "across tabs).",
)

# What the players' window shows: made on the GM's page, sent in the language picked for it.
WINDOW_TITLE = Msg("audience.window_title", "Экран для игроков", "Players' screen")
WAITING = Msg(
    "audience.waiting",
    "Ждём страницу мастера… Откройте это окно кнопкой «Экран для игроков» на странице мастера.",
    "Waiting for the GM's page… Open this window with «Экран для игроков» (Players' screen) on the GM's page.",
)
CURTAIN_SHOWN = Msg("audience.curtain_shown", "Мастер задёрнул занавес", "The GM has drawn the curtain")
BEHIND_SCREEN = Msg("audience.behind_screen", "Мастер бросил за ширмой", "The GM rolled behind the screen")
NOTHING_YET = Msg("audience.nothing_yet", "Бросков пока не было.", "No rolls yet.")
LAST = Msg("audience.last", "Последний бросок", "Last roll")
LINES = Msg("audience.lines", "Журнал", "Log")
BAG_TITLE = Msg("audience.bag_title", "Мешок угрозы", "Threat bag")
DARK_COUNT = Msg("audience.dark_count", "Тёмных кубов: {n}", "Dark dice: {n}")
LIGHT_COUNT = Msg("audience.light_count", "Светлых кубов: {n}", "Light dice: {n}")
COLOUR_COUNT = Msg("audience.colour_count", "{colour}: {n}", "{colour}: {n}")
LEFT_OF = Msg("audience.left_of", "{left} из {n}", "{left} of {n}")
THRESHOLD = Msg("audience.threshold", "порог {t}", "threshold {t}")
DARK_NAMED = Msg("audience.dark_named", "тёмный", "dark")

# The kind of roll, above the big result (kit.roll rule codes, docs/rules.md).
RULES = {
    "gauss.roll": Msg("audience.rule.gauss_roll", "GaussD20", "GaussD20"),
    "gauss.skill": Msg("audience.rule.gauss_skill", "Проверка навыка", "Skill check"),
    "gauss.median": Msg("audience.rule.gauss_median", "Медианный бросок", "Median roll"),
    "gauss.madness": Msg("audience.rule.gauss_madness", "Безумие", "Madness"),
    "gauss.horror": Msg("audience.rule.gauss_horror", "Ужас", "Horror"),
    "gauss.defence": Msg("audience.rule.gauss_defence", "Защита", "Defence"),
    "gauss.opposed": Msg("audience.rule.gauss_opposed", "Встречная проверка", "Opposed check"),
    "gauss.combat": Msg("audience.rule.gauss_combat", "Бой", "Combat"),
    "ite.check": Msg("audience.rule.ite_check", "ITE", "ITE"),
    "ite.chain": Msg("audience.rule.ite_chain", "ITE, цепочка", "ITE chain"),
    "fudge.roll": Msg("audience.rule.fudge_roll", "FUDGE", "FUDGE"),
    "fudge.action": Msg("audience.rule.fudge_action", "Действие", "Action"),
    "fudge.attack": Msg("audience.rule.fudge_attack", "Атака", "Attack"),
    "threat.check": Msg("audience.rule.threat_check", "Проверка угрозы", "Threat check"),
    "notation": Msg("audience.rule.notation", "Кубики", "Dice"),
}
# A threat check's verdict beside the die it names (the colour is said by the die).
NO_EVENT = Msg("audience.no_event", "Без события", "No event")
THREAT_LINE = Msg(
    "audience.threat_line", "Угроза: {drawn} {value} — {verdict}", "Threat: {drawn} {value} — {verdict}"
)
THREAT_LINE_NO_VALUE = Msg(
    "audience.threat_line_no_value", "Угроза: {drawn} — {verdict}", "Threat: {drawn} — {verdict}"
)
DREW_LIGHT = Msg("audience.drew_light", "светлый", "light")
