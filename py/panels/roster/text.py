"""Messages of the roster panel (ids ``roster.*``) and of the character pickers (``pick.*``)."""

from kit.msg import Msg

TITLE = Msg("roster.title", "Персонажи", "Characters")

HINT = Msg(
    "roster.hint",
    "Общий список персонажей всех систем: их листы заполняют поля в других панелях"
    " («Кто действует» / «Против кого»). Экспорт и импорт — файл JSON, чтобы перенести список"
    " между ноутбуком и телефоном.",
    "One list of characters of every system: their sheets fill the inputs of the other panels"
    " («Кто действует» / «Против кого», who acts / against whom). Export and import a JSON file"
    " to move the list between a laptop and a phone.",
)
LIST_TITLE = Msg("roster.list_title", "Список", "List")
EMPTY = Msg("roster.empty", "Персонажей пока нет.", "No characters yet.")
EDITOR_NEW = Msg("roster.editor_new", "Новый персонаж", "New character")
EDITOR_EDIT = Msg("roster.editor_edit", "Правка: {name}", "Editing: {name}")
NAME = Msg("roster.name", "Имя", "Name")
SYSTEM = Msg("roster.system", "Система", "System")
LUCK = Msg("roster.luck", "Удача (1–9)", "Luck («удача», 1–9)")
INTELLIGENCE = Msg("roster.intelligence", "Интеллект (1–9)", "Intelligence («интеллект», 1–9)")
ARMOUR_BONUS = Msg("roster.armour_bonus", "Бонус брони (0…20)", "Armour bonus (0…20)")
ARMOUR_PENALTY = Msg(
    "roster.armour_penalty", "Штраф брони к защите (−20…0)", "Armour penalty on defence (−20…0)"
)
SKILLS = Msg("roster.skills", "Навыки: «название: уровень» в строке", "Skills: «name: level» per line")
SKILLS_HINT = Msg(
    "roster.skills_hint",
    "Уровни навыка: 0, 2, 4 … 18 (ученик +4, мастер +14).",
    "Skill levels: 0, 2, 4 … 18 (apprentice «ученик» +4, master «мастер» +14).",
)
WEAPONS = Msg(
    "roster.weapons",
    "Оружие: «название: бонус пробития» в строке",
    "Weapons: «name: piercing bonus» per line",
)
CHECKS = Msg(
    "roster.checks", "Проверки: «название: Х Мф» в строке", "Checks: «name: Х Мф» per line (X, modifier)"
)
CHECKS_HINT = Msg(
    "roster.checks_hint",
    "Например: «Фехтование: 20 1» — Х = 20, Мф = +1.",
    "E.g. «Фехтование: 20 1»: X = 20, modifier («Мф») = +1.",
)
SAVE = Msg("roster.save", "Сохранить персонажа", "Save character")
NEW = Msg("roster.new", "Новый / отмена", "New / cancel")
EXPORT = Msg("roster.export", "Экспорт", "Export")
IMPORT = Msg("roster.import", "Импорт из файла JSON", "Import from a JSON file")
IMPORT_HINT = Msg(
    "roster.import_hint",
    "Импорт заменяет весь список; плохой файл ничего не меняет.",
    "Import replaces the whole list; a bad file changes nothing.",
)
EDIT = Msg("roster.edit", "Изменить", "Edit")
DUPLICATE = Msg("roster.duplicate", "Копия", "Duplicate")
UP = Msg("roster.up", "Выше", "Up")
DOWN = Msg("roster.down", "Ниже", "Down")
DELETE = Msg("roster.delete", "Удалить", "Delete")
EDIT_OF = Msg("roster.edit_of", "Изменить: {name}", "Edit: {name}")
DUPLICATE_OF = Msg("roster.duplicate_of", "Копия: {name}", "Duplicate: {name}")
UP_OF = Msg("roster.up_of", "Выше: {name}", "Move up: {name}")
DOWN_OF = Msg("roster.down_of", "Ниже: {name}", "Move down: {name}")
DELETE_OF = Msg("roster.delete_of", "Удалить: {name}", "Delete: {name}")
EDIT_ELSEWHERE = Msg(
    "roster.edit_elsewhere", "лист правится в панели {system}", "the sheet is edited in the {system} panel"
)

SAVED_NEW = Msg("roster.saved_new", "Добавлен: {name}.", "Added: {name}.")
SAVED_EDIT = Msg("roster.saved_edit", "Сохранён: {name}.", "Saved: {name}.")
DUPLICATED = Msg("roster.duplicated", "Скопирован: {name}.", "Duplicated: {name}.")
DELETED = Msg("roster.deleted", "Удалён: {name}.", "Deleted: {name}.")
RESTORED = Msg("roster.restored", "Возвращён: {name}.", "Restored: {name}.")
NEXT = Msg(
    "roster.next",
    "Дальше правится этот персонаж; для нового — «Новый / отмена».",
    "This character stays in the editor; for a new one press «Новый / отмена» (new / cancel).",
)
RENAME_HINT = Msg(
    "roster.rename_hint",
    "Имя изменено: «Сохранить персонажа» добавит нового «{name}», а «{old}» останется как был.",
    "The name changed: «Сохранить персонажа» (save character) adds a new «{name}» and «{old}» stays as it was.",
)
RENAME = Msg("roster.rename", "Переименовать этого персонажа", "Rename this character")
RENAMED = Msg("roster.renamed", "Переименован: {old} → {name}.", "Renamed: {old} → {name}.")
RENAME_NEEDS_EDIT = Msg(
    "roster.rename_needs_edit",
    "Переименовать можно сохранённого персонажа, открытого на правку.",
    "Only a saved character open for editing can be renamed.",
)
MOVED = Msg("roster.moved", "Перемещён: {name}.", "Moved: {name}.")
EXPORTED = Msg("roster.exported", "Список выгружен в файл {file}.", "The list was exported to {file}.")
IMPORTED = Msg(
    "roster.imported",
    "Импортировано из {file}: персонажей — {count}.",
    "Imported from {file}: {count} characters.",
)
IMPORT_UNDONE = Msg(
    "roster.import_undone",
    "Импорт отменён: список персонажей снова прежний.",
    "Import undone: the list of characters is back as it was.",
)
IMPORT_REFUSED = Msg(
    "roster.import_refused",
    "Файл {file} не импортирован, список не изменился: {why}",
    "The file {file} was not imported and the list is unchanged: {why}",
)
NOT_FOUND = Msg(
    "roster.not_found", "Этого персонажа уже нет в списке.", "This character is no longer in the list."
)
LINE_ERROR = Msg(
    "roster.line_error",
    "{field}, строка {line}: {why}",
    "{field}, line {line}: {why}",
)
LINE_FORMAT = Msg("roster.line_format", "нужно «название: число».", "expected «name: number».")
LINE_FORMAT_ITE = Msg("roster.line_format_ite", "нужно «название: Х Мф».", "expected «name: Х Мф».")

GAUSS = Msg("roster.gauss", "GaussD20", "GaussD20")
ITE = Msg("roster.ite", "ITE", "ITE")
FUDGE = Msg("roster.fudge", "FUDGE (Омикрон)", "FUDGE («Омикрон»)")
GAUSS_SUMMARY = Msg(
    "roster.gauss_summary",
    "удача {luck}, интеллект {intelligence}; навыки: {skills}; броня: {armour}; оружие: {weapons}",
    "luck {luck}, intelligence {intelligence}; skills: {skills}; armour: {armour}; weapons: {weapons}",
)
ARMOUR = Msg("roster.armour", "бонус {bonus}, штраф {penalty}", "bonus {bonus}, penalty {penalty}")
ITE_SUMMARY = Msg("roster.ite_summary", "проверки: {checks}", "checks: {checks}")
ITE_CHECK = Msg("roster.ite_check", "{name} (Х {x}, Мф {modifier})", "{name} (X {x}, «Мф» {modifier})")
NONE = Msg("roster.none", "нет", "none")
ROSTER_WHAT = Msg("roster.what", "список персонажей", "the list of characters")

# Why a roster or sheet was refused (rules.roster.RosterError codes)
ERRORS = {
    "too_large": Msg("roster.err.too_large", "файл слишком большой.", "the file is too large."),
    "not_json": Msg("roster.err.not_json", "это не JSON.", "this is not JSON."),
    "not_object": Msg(
        "roster.err.not_object", "это не экспорт списка персонажей.", "this is not an export of characters."
    ),
    "wrong_format": Msg(
        "roster.err.wrong_format",
        "это не экспорт списка персонажей (нет «format»: «gm-dice-roster»).",
        "this is not an export of characters (no «format»: «gm-dice-roster»).",
    ),
    "bad_version": Msg(
        "roster.err.bad_version", "неверная версия формата.", "the format version is invalid."
    ),
    "future_version": Msg(
        "roster.err.future_version",
        "версия формата {version} новее этой программы; обновите страницу.",
        "format version {version} is newer than this page; reload it to update.",
    ),
    "not_list": Msg("roster.err.not_list", "нет списка персонажей.", "there is no list of characters."),
    "too_many": Msg("roster.err.too_many", "больше {limit} персонажей.", "more than {limit} characters."),
    "bad_entry": Msg("roster.err.bad_entry", "испорченная запись персонажа.", "a damaged character entry."),
    "bad_id": Msg("roster.err.bad_id", "неверный идентификатор персонажа.", "an invalid character id."),
    "duplicate_id": Msg(
        "roster.err.duplicate_id", "идентификатор {id} повторяется.", "the id {id} appears twice."
    ),
    "bad_name": Msg(
        "roster.err.bad_name",
        "{field}: нужно название от 1 до 80 знаков.",
        "{field}: a name of 1 to 80 characters is needed.",
    ),
    "unknown_system": Msg(
        "roster.err.unknown_system", "неизвестная система «{system}».", "unknown system «{system}»."
    ),
    "bad_sheet": Msg("roster.err.bad_sheet", "{field}: неверные данные.", "{field}: invalid data."),
    "duplicate_item": Msg(
        "roster.err.duplicate_item", "{field}: «{name}» повторяется.", "{field}: «{name}» appears twice."
    ),
    "out_of_range": Msg(
        "roster.err.out_of_range",
        "{field}: нужно число от {low} до {high}.",
        "{field}: a number from {low} to {high} is needed.",
    ),
    "off_ladder": Msg(
        "roster.err.off_ladder",
        "{field}: у «{name}» уровень {value}, а уровни навыка идут через {step}: от {low} до +{high} "
        "(0, +2, +4 … +18).",
        "{field}: «{name}» has level {value}, but skill levels go in steps of {step} from {low} to +{high} "
        "(0, +2, +4 … +18).",
    ),
    "not_found": Msg("roster.err.not_found", "персонажа {id} нет.", "there is no character {id}."),
}
FIELDS = {
    "name": NAME,
    "luck": Msg("roster.f.luck", "удача", "luck"),
    "intelligence": Msg("roster.f.intelligence", "интеллект", "intelligence"),
    "skills": Msg("roster.f.skills", "навыки", "skills"),
    "weapons": Msg("roster.f.weapons", "оружие", "weapons"),
    "armour_bonus": Msg("roster.f.armour_bonus", "бонус брони", "armour bonus"),
    "armour_penalty": Msg("roster.f.armour_penalty", "штраф брони", "armour penalty"),
    "checks": Msg("roster.f.checks", "проверки", "checks"),
    "sheet": Msg("roster.f.sheet", "лист персонажа", "character sheet"),
}

# Pickers in other panels
WHO = Msg("pick.who", "Кто действует", "Who acts («Кто действует»)")
WHOM = Msg("pick.whom", "Против кого", "Against whom («Против кого»)")
NOBODY = Msg("pick.nobody", "— вручную —", "— by hand —")
PICKED = Msg("pick.picked", "Поля заполнены из листа: {name}.", "Inputs filled from the sheet: {name}.")
PICK_GONE = Msg(
    "pick.gone", "Этого персонажа больше нет в списке.", "This character is no longer in the list."
)
