"""Messages of the journal panel (ids ``journal.*``)."""

from kit.msg import Msg
from panels.journal import text_stats  # noqa: F401 (the statistics' ids declared with the panel's)

TAB = Msg("journal.tab", "Журнал", "Journal")
TITLE = Msg("journal.title", "Журнал вечера", "Journal of the evening")
ABOUT = Msg(
    "journal.about",
    "Журнал — все броски и проверки всех панелей в одной ленте: когда, кто, зачем; пост для форума.",
    "Journal: every roll and check of every panel in one timeline (when, who, why); a forum post.",
)
HINT = Msg(
    "journal.hint",
    "Сюда попадает каждый результат каждой панели, новые сверху. «Зачем» — поле рядом с главной"
    " кнопкой панели. Результат за ширмой (панель угрозы) скрыт, пока вы его не раскроете; любую"
    " запись можно скрыть и позже («Скрыть»). Скрытое не попадает ни в один экспорт.",
    "Every result of every panel lands here, newest first. «Зачем» (why) is the field beside a"
    " panel's main button. A result behind the screen (the threat panel) stays hidden until you"
    " reveal it; any entry can be hidden later too («Скрыть», hide). Nothing hidden goes into any"
    " export.",
)
WHO = Msg("journal.who", "Персонаж", "Character")
ANY_WHO = Msg("journal.any_who", "все персонажи", "every character")
PANEL = Msg("journal.panel", "Панель", "Panel")
ANY_PANEL = Msg("journal.any_panel", "все панели", "every panel")
SEARCH = Msg("journal.search", "Поиск", "Search")
EMPTY = Msg(
    "journal.empty", "Записей пока нет: бросьте кубики в любой панели.", "No entries yet: roll in any panel."
)
NONE_MATCH = Msg("journal.none_match", "Под эти условия ничего не подходит.", "Nothing matches.")
COUNT = Msg("journal.count", "Записей: {shown} из {total}.", "Entries: {shown} of {total}.")
PAGED = Msg("journal.paged", "Показаны новые {showing}.", "The newest {showing} are shown.")
MORE = Msg("journal.more", "Показать ещё", "Show more")
LIMIT = Msg(
    "journal.limit",
    "Журнал хранит не больше {limit} записей: старые уходят первыми (ушло: {dropped}). Скачайте JSON, чтобы сохранить всё.",
    "The journal keeps at most {limit} entries: the oldest go first ({dropped} gone). Download the JSON to keep everything.",
)
HIDDEN = Msg("journal.hidden", "скрыто", "hidden")
REVEAL = Msg("journal.reveal", "Раскрыть", "Reveal")
HIDE = Msg("journal.hide", "Скрыть", "Hide")
HIDE_LABEL = Msg("journal.hide_label", "Скрыть запись {time}, {panel}", "Hide the entry of {time}, {panel}")
HIDDEN_SAID = Msg(
    "journal.hidden_said",
    "Скрыто: запись показывает только «Скрыто мастером», пока вы её не раскроете.",
    "Hidden: the entry shows only «Hidden by the GM» until you reveal it.",
)
REVEALED = Msg("journal.revealed", "Раскрыто.", "Revealed.")
REVEALED_MARK = Msg("journal.revealed_mark", "раскрыто", "revealed")
EXPORTS = Msg("journal.exports", "Экспорт", "Export")
EXPORT_BBCODE = Msg("journal.export_bbcode", "BBCode (форум)", "BBCode (forum)")
EXPORT_MARKDOWN = Msg("journal.export_markdown", "Markdown", "Markdown")
EXPORT_CSV = Msg("journal.export_csv", "CSV (таблица)", "CSV (spreadsheet)")
EXPORT_JSON = Msg("journal.export_json", "JSON (всё)", "JSON (everything)")
COPY_BBCODE = Msg("journal.copy_bbcode", "Скопировать BBCode", "Copy the BBCode")
COLUMNS = (
    Msg("journal.col_time", "Время", "Time"),
    Msg("journal.col_panel", "Панель", "Panel"),
    Msg("journal.col_who", "Кто", "Who"),
    Msg("journal.col_what", "Что", "What"),
    Msg("journal.col_why", "Зачем", "Why"),
)
DATA_COLUMNS = (
    Msg("journal.col_evening", "Вечер", "Evening"),
    Msg("journal.col_rule", "Правило", "Rule"),
    Msg("journal.col_dice", "Кости", "Dice"),
    Msg("journal.col_by_hand", "Со стола", "From the table"),
    Msg("journal.col_total", "Сумма", "Total"),
    Msg("journal.col_outcome", "Исход", "Outcome"),
    Msg("journal.col_p", "Вероятность", "Probability"),
)
YES = Msg("journal.yes", "да", "yes")
ORDER = Msg("journal.order", "Порядок в посте", "Order in the post")
OLDEST_FIRST = Msg("journal.oldest_first", "старые сверху", "oldest first")
NEWEST_FIRST = Msg("journal.newest_first", "новые сверху", "newest first")
WITH_STATS = Msg("journal.with_stats", "со статистикой", "with statistics")
IMPORT = Msg("journal.import", "Импорт журнала из файла JSON", "Import a journal from a JSON file")
IMPORT_HINT = Msg(
    "journal.import_hint",
    "Подходит файл «Скачать все данные» или JSON журнала. Записи добавляются к журналу по своим"
    " id (уже известные остаются как есть), повреждённые откладываются; плохой файл ничего не меняет.",
    "Takes the file of «Скачать все данные» (download all data) or the journal's JSON. Entries join"
    " the journal by their ids (known ones stay as they are), damaged ones are set aside; a bad file"
    " changes nothing.",
)
IMPORTED = Msg(
    "journal.imported",
    "Из файла {file}: новых записей — {new}, уже были — {known}, повреждённых отложено — {aside}.",
    "From {file}: {new} new entries, {known} already here, {aside} damaged set aside.",
)
IMPORT_REFUSED = Msg(
    "journal.import_refused",
    "Файл {file} не импортирован, журнал не изменился: {why}",
    "The file {file} was not imported and the journal is unchanged: {why}",
)
IMPORT_WHY = {
    "not_json": Msg("journal.import_not_json", "это не JSON.", "it is not JSON."),
    "no_journal": Msg(
        "journal.import_no_journal",
        "в нём нет журнала (ни «Скачать все данные», ни JSON журнала).",
        "it holds no journal (neither «Скачать все данные» nor a journal's JSON).",
    ),
}
IMPORT_ASIDE = Msg("journal.import_aside", "Скачать отложенные записи", "Download the entries set aside")
NOTHING_ASIDE = Msg("journal.nothing_aside", "Отложенных записей нет.", "No entries were set aside.")
