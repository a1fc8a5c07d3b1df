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
    "Сюда попадает каждый результат каждой панели, новые сверху, за всю кампанию. «Зачем» — поле"
    " рядом с главной кнопкой панели. Каждая запись принадлежит вечеру: новый вечер начинается сам"
    " после перерыва дольше шести часов или по кнопке «Новый вечер». Результат за ширмой (панель"
    " угрозы) скрыт, пока вы его не раскроете; любую запись можно скрыть и позже («Скрыть»)."
    " Скрытое не попадает ни в один экспорт.",
    "Every result of every panel lands here, newest first, for the whole campaign. «Зачем» (why) is"
    " the field beside a panel's main button. Each entry belongs to an evening: a new one starts by"
    " itself after a pause of over six hours, or with «Новый вечер» (new evening). A result behind"
    " the screen (the threat panel) stays hidden until you reveal it; any entry can be hidden later"
    " too («Скрыть», hide). Nothing hidden goes into any export.",
)
WHO = Msg("journal.who", "Персонаж", "Character")
ANY_WHO = Msg("journal.any_who", "все персонажи", "every character")
PANEL = Msg("journal.panel", "Панель", "Panel")
ANY_PANEL = Msg("journal.any_panel", "все панели", "every panel")
SEARCH = Msg("journal.search", "Поиск", "Search")
EVENING = Msg("journal.evening", "Вечер", "Evening")
ANY_EVENING = Msg("journal.any_evening", "все вечера", "every evening")
UNDATED = Msg("journal.undated", "без даты", "undated")
NEW_EVENING = Msg("journal.new_evening", "Новый вечер", "New evening")
NEW_EVENING_LINE = Msg("journal.new_evening_line", "Начат новый вечер.", "A new evening started.")
NEW_EVENING_SAID = Msg(
    "journal.new_evening_said",
    "Начат новый вечер: следующие записи попадут в него.",
    "A new evening started: the next entries belong to it.",
)
EMPTY = Msg(
    "journal.empty", "Записей пока нет: бросьте кубики в любой панели.", "No entries yet: roll in any panel."
)
NONE_MATCH = Msg("journal.none_match", "Под эти условия ничего не подходит.", "Nothing matches.")
COUNT = Msg("journal.count", "Записей: {shown} из {total}.", "Entries: {shown} of {total}.")
COUNTING = Msg(
    "journal.counting",
    "Записей всего: {total}; подсчёт по условиям…",
    "Entries in all: {total}; counting the matches…",
)
PAGED = Msg("journal.paged", "Показаны новые {showing}.", "The newest {showing} are shown.")
MORE = Msg("journal.more", "Показать ещё", "Show more")
LIMIT_LOCAL = Msg(
    "journal.limit_local",
    "IndexedDB недоступна, журнал хранится в localStorage: не больше {limit} записей, старые уходят"
    " первыми (ушло: {dropped}). Скачайте JSON, чтобы сохранить всё.",
    "IndexedDB is unavailable, so the journal is kept in localStorage: at most {limit} entries, the"
    " oldest going first ({dropped} gone). Download the JSON to keep everything.",
)
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
EXPORTING = Msg("journal.exporting", "экспорт журнала", "the journal's export")
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
    "Подходит файл «Скачать все данные» или JSON журнала (любой версии). Записи добавляются к"
    " журналу по своим id (уже известные остаются как есть), повреждённые откладываются, записи из"
    " будущего не принимаются, ваши записи никогда не вытесняются; импорт можно отменить. Плохой"
    " файл ничего не меняет.",
    "Takes the file of «Скачать все данные» (download all data) or the journal's JSON (any"
    " version). Entries join the journal by their ids (known ones stay as they are), damaged ones"
    " are set aside, entries from the future are refused, your own entries are never pushed out;"
    " an import can be undone. A bad file changes nothing.",
)
IMPORTED = Msg(
    "journal.imported",
    "Из файла {file}: новых записей — {new}, уже были — {known}, повреждённых отложено — {aside}.",
    "From {file}: {new} new entries, {known} already here, {aside} damaged set aside.",
)
IMPORTED_FUTURE = Msg(
    "journal.imported_future",
    "Из будущего (позже завтрашнего дня) — {count}, не приняты и отложены.",
    "{count} dated after tomorrow were refused and set aside.",
)
IMPORTED_OVER = Msg(
    "journal.imported_over",
    "Не поместились — {count} (самые старые из файла): журнал не вытесняет ради импорта свои записи.",
    "{count} did not fit (the file's oldest): the journal never pushes out its own entries for an import.",
)
IMPORT_UNSAVED = Msg(
    "journal.import_unsaved",
    "Не сохранено — {count} (записи с {first} по {last}): не хватило места ({why}). Всё, что было"
    " сохранено раньше, на месте; освободите место и импортируйте файл снова.",
    "{count} were not saved (entries from {first} to {last}): out of space ({why}). Everything saved"
    " before is kept; free some space and import the file again.",
)
IMPORTING = Msg("journal.importing", "Импорт: читаю файл…", "Import: reading the file…")
IMPORT_PROGRESS = Msg(
    "journal.import_progress", "Импорт: записано {done} из {total}…", "Import: {done} of {total} written…"
)
IMPORT_UNDO = Msg("journal.import_undo", "Отменить импорт", "Undo the import")
IMPORT_UNDOING = Msg("journal.import_undoing", "Отмена импорта…", "Undoing the import…")
IMPORT_UNDONE = Msg(
    "journal.import_undone",
    "Импорт отменён: убрано записей — {count}.",
    "The import is undone: {count} entries removed.",
)
IMPORT_FAILED = Msg("journal.import_failed", "не удалось прочитать файл.", "the file could not be read.")
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
    "too_large": Msg(
        "journal.import_too_large",
        "он слишком большой (больше 256 МБ; в сохранённом файле страницы — больше 2 МБ).",
        "it is too large (over 256 MB; over 2 MB in the saved page file).",
    ),
}
IMPORT_ASIDE = Msg("journal.import_aside", "Скачать отложенные записи", "Download the entries set aside")
NOTHING_ASIDE = Msg("journal.nothing_aside", "Отложенных записей нет.", "No entries were set aside.")
