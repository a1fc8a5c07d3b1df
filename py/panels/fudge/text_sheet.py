"""Messages of the FUDGE character builder (ids ``fudge.c.*``): fields, line errors, sheet
errors and validation problems (``rules.fudge_character`` codes), derived values, the ledger."""

from kit.msg import Msg

BUILDER = Msg("fudge.c.builder", "Персонажи FUDGE", "FUDGE characters")
BUILDER_HINT = Msg(
    "fudge.c.hint",
    "Лист персонажа (§1): заполняйте только нужное — по фрактальному правилу (§1.7) дверь может иметь"
    " одну Живучесть и ячейки повреждений, отряд — масштаб. Листы хранятся в общем списке «Персонажи»"
    " и выбираются в действии и атаке.",
    "A character sheet (§1): fill in only what is needed; by the fractal rule (§1.7) a door may have"
    " only «Живучесть» (toughness) and wound boxes, a squad a scale. Sheets live in the shared"
    " «Персонажи» list (characters) and are picked in the action and the attack.",
)
LIST = Msg("fudge.c.list", "Листы", "Sheets")
EMPTY = Msg("fudge.c.empty", "Листов FUDGE пока нет.", "No FUDGE sheets yet.")
EDITOR_NEW = Msg("fudge.c.editor_new", "Новый лист", "New sheet")
EDITOR_EDIT = Msg("fudge.c.editor_edit", "Правка: {name}", "Editing: {name}")
NAME = Msg("fudge.c.name", "Имя", "Name")
KIND = Msg("fudge.c.kind", "Что описывает лист", "What the sheet describes")
KINDS = {
    "character": Msg("fudge.c.kind_character", "персонаж", "a character"),
    "object": Msg("fudge.c.kind_object", "предмет (дверь, машина…)", "an object (a door, a vehicle…)"),
    "group": Msg("fudge.c.kind_group", "группа с масштабом (отряд)", "a group with a scale (a squad)"),
}
ATTRIBUTES_TITLE = Msg(
    "fudge.c.attributes",
    "Атрибуты (§1.1; пусто — нет в листе, считается 0)",
    "Attributes (§1.1; empty: not on the sheet, counts 0)",
)
ATTRIBUTE = Msg("fudge.c.attribute", "Атрибут «{name}»", "Attribute «{name}»")
SKILLS = Msg(
    "fudge.c.skills",
    "Навыки (§1.2): «название: уровень, атрибут, трудность, охват»",
    "Skills (§1.2): «название: уровень, атрибут, трудность, охват» (name: level, attribute, difficulty, breadth)",
)
SKILLS_HINT = Msg(
    "fudge.c.skills_hint",
    "Например «Стрельба: 2, Ловкость, Средне, Обычный». Трудность: Легко/Средне/Трудно/Оч.Трудно;"
    " охват: Специальный/Обычный/Широкий/Оч.Широкий.",
    "E.g. «Стрельба: 2, Ловкость, Средне, Обычный». Difficulty: «Легко/Средне/Трудно/Оч.Трудно»;"
    " breadth: «Специальный/Обычный/Широкий/Оч.Широкий».",
)
TECHNIQUES = Msg(
    "fudge.c.techniques",
    "Техники (§1.3): «навык > техника: уровень»",
    "Techniques (§1.3): «навык > техника: уровень» (skill > technique: level)",
)
TECHNIQUES_HINT = Msg(
    "fudge.c.techniques_hint",
    "Подтехника — через родителя: «Стрельба > Очередь > Двойной: 1».",
    "A sub-technique names its parent: «Стрельба > Очередь > Двойной: 1».",
)
PROPERTIES = Msg(
    "fudge.c.properties",
    "Свойства (§1.4, §1.5): «название: +слово; −слово (заметка); магия»",
    "Properties (§1.4, §1.5): «название: +слово; −слово (заметка); магия» (name: +word; −word (note); magic)",
)
PROPERTIES_HINT = Msg(
    "fudge.c.properties_hint",
    "Слова: Почти не (1), Слабо (2), Умеренно (3), Нормально (5), Ощутимо (7), Сильно (10), Очень сильно (15),"
    " Сверхсильно (20; больше — числом: «+Сверхсильно 30»). Стоимость — сумма со знаками.",
    "Words: «Почти не» (1), «Слабо» (2), «Умеренно» (3), «Нормально» (5), «Ощутимо» (7), «Сильно» (10),"
    " «Очень сильно» (15), «Сверхсильно» (20; more as a number: «+Сверхсильно 30»). The cost is the signed sum.",
)
WEAPONS = Msg(
    "fudge.c.weapons",
    "Оружие (§1.6): «название: из списка, x·S+y, тип, масштаб N, сила N»",
    "Weapons (§1.6): «название: из списка, x·S+y, тип, масштаб N, сила N» (name: list item, model, type, scale, strength)",
)
WEAPONS_HINT = Msg(
    "fudge.c.weapons_hint",
    "Например «Нож: нож, режущий», «Меч: средний меч», «Ствол: пистолет, 2S+1, сила 1»."
    " Тип: режущий, большой пробивающий, средний пробивающий.",
    "E.g. «Нож: нож, режущий», «Меч: средний меч», «Ствол: пистолет, 2S+1, сила 1»."
    " Types: «режущий», «большой пробивающий», «средний пробивающий».",
)
ARMOUR = Msg("fudge.c.armour", "Броня (§1.6)", "Armour (§1.6)")
NO_ARMOUR = Msg("fudge.c.no_armour", "— нет —", "— none —")
SCALE_TITLE = Msg("fudge.c.scale", "Масштаб (§1.8)", "Scale (§1.8)")
SCALES = (
    Msg("fudge.c.scale_strength", "Масштаб Силы", "Strength scale"),
    Msg("fudge.c.scale_toughness", "Масштаб Живучести", "Toughness scale"),
    Msg("fudge.c.scale_mass", "Масштаб Массы", "Mass scale"),
    Msg("fudge.c.scale_speed", "Масштаб Скорости", "Speed scale"),
)
HAS_WOUNDS = Msg("fudge.c.has_wounds", "Есть ячейки повреждений (§3.3)", "Has wound boxes (§3.3)")
NOTES = Msg("fudge.c.notes", "Заметки", "Notes")
SAVE = Msg("fudge.c.save", "Сохранить лист", "Save sheet")
NEW = Msg("fudge.c.new", "Новый / отмена", "New / cancel")
EDIT = Msg("fudge.c.edit", "Изменить", "Edit")
DUPLICATE = Msg("fudge.c.duplicate", "Копия", "Duplicate")
DELETE = Msg("fudge.c.delete", "Удалить", "Delete")
EDIT_OF = Msg("fudge.c.edit_of", "Изменить: {name}", "Edit: {name}")
DUPLICATE_OF = Msg("fudge.c.duplicate_of", "Копия: {name}", "Duplicate: {name}")
DELETE_OF = Msg("fudge.c.delete_of", "Удалить: {name}", "Delete: {name}")
SAVED_NEW = Msg("fudge.c.saved_new", "Лист добавлен: {name}.", "Sheet added: {name}.")
SAVED_EDIT = Msg("fudge.c.saved_edit", "Лист сохранён: {name}.", "Sheet saved: {name}.")
DUPLICATED = Msg("fudge.c.duplicated", "Скопирован: {name}.", "Duplicated: {name}.")
DELETED = Msg("fudge.c.deleted", "Удалён: {name}.", "Deleted: {name}.")
RESTORED = Msg("fudge.c.restored", "Возвращён: {name}.", "Restored: {name}.")
NEXT = Msg(
    "fudge.c.next",
    "Дальше правится этот лист; для нового — «Новый / отмена».",
    "This sheet stays in the editor; for a new one press «Новый / отмена» (new / cancel).",
)
RENAME_HINT = Msg(
    "fudge.c.rename_hint",
    "Имя изменено: «Сохранить лист» добавит новый лист «{name}», а «{old}» останется как был.",
    "The name changed: «Сохранить лист» (save sheet) adds a new sheet «{name}» and «{old}» stays as it was.",
)
RENAME = Msg("fudge.c.rename", "Переименовать этот лист", "Rename this sheet")
RENAMED = Msg("fudge.c.renamed", "Лист переименован: {old} → {name}.", "Sheet renamed: {old} → {name}.")
RENAME_NEEDS_SHEET = Msg(
    "fudge.c.rename_needs_sheet",
    "Переименовать можно сохранённый лист, открытый на правку.",
    "Only a saved sheet open for editing can be renamed.",
)
BUDGET = Msg(
    "fudge.c.budget",
    "Очки персонажа: потрачено {spent} из {given}, осталось {left}. Фишки FUDGE: потрачено {chips_spent}"
    " из {chips_given}, осталось {chips_left}.",
    "Character points: spent {spent} of {given}, {left} left. FUDGE chips: spent {chips_spent}"
    " of {chips_given}, {chips_left} left.",
)
NOT_FOUND = Msg("fudge.c.not_found", "Этого листа уже нет в списке.", "This sheet is no longer in the list.")
NEED_NAME = Msg("fudge.c.need_name", "Имя: нужно название листа.", "Name: the sheet needs a name.")
ROSTER_FULL = Msg(
    "fudge.c.roster_full",
    "Список персонажей не принял лист: {why}",
    "The list of characters refused the sheet: {why}",
)

# line errors
LINE_ERROR = Msg("fudge.c.line_error", "{field}, строка {line}: {why}", "{field}, line {line}: {why}")
NEED_COLON = Msg("fudge.c.need_colon", "нужно «название: …».", "expected «название: …» (name: …).")
TOO_MANY_LINES = Msg(
    "fudge.c.too_many_lines", "{field}: больше {limit} строк.", "{field}: more than {limit} lines."
)
NEED_LEVEL = Msg("fudge.c.need_level", "нужен уровень числом.", "a level (a number) is needed.")
UNKNOWN_WORD = Msg("fudge.c.unknown_word", "непонятно «{word}».", "«{word}» is not understood.")
NEED_CHAIN = Msg(
    "fudge.c.need_chain", "нужно «навык > техника».", "expected «навык > техника» (skill > technique)."
)
NEED_SIGN = Msg("fudge.c.need_sign", "у «{word}» нужен знак + или −.", "«{word}» needs a sign, + or −.")
UNKNOWN_COST = Msg(
    "fudge.c.unknown_cost",
    "«{word}» — не слово из таблицы стоимости.",
    "«{word}» is not a word of the cost table.",
)
NEED_LIST_WEAPON = Msg(
    "fudge.c.need_list_weapon",
    "назовите оружие из списков §1.6 (например «нож», «пистолет») или формулу.",
    "name a weapon of the §1.6 lists (e.g. «нож», «пистолет») or a formula.",
)
MELEE_FORMULA = Msg(
    "fudge.c.melee_formula",
    "у этого оружия ближнего боя урон {formula}.",
    "this melee weapon deals {formula}.",
)
OUT_OF_MODEL = Msg(
    "fudge.c.out_of_model",
    "x·S+y вне моделей «{weapon}» из списка.",
    "x·S+y is outside the listed models of «{weapon}».",
)
BAD_ITEM = Msg("fudge.c.bad_item", "правила не принимают это оружие.", "the rules refuse this weapon.")

# rules.fudge_character.SheetError codes
SHEET_ERRORS = {
    "out_of_range": Msg(
        "fudge.c.err.out_of_range", "{field}: нужно от {low} до {high}.", "{field}: from {low} to {high}."
    ),
    "too_long": Msg(
        "fudge.c.err.too_long", "{field}: не длиннее {limit} знаков.", "{field}: at most {limit} characters."
    ),
    "empty": Msg("fudge.c.err.empty", "{field}: пустое название.", "{field}: an empty name."),
    "too_many": Msg("fudge.c.err.too_many", "{field}: не больше {limit}.", "{field}: at most {limit}."),
    "cost_override_not_open": Msg(
        "fudge.c.err.cost_override",
        "число после слова допустимо только у «Сверхсильно влияет».",
        "a number after the word is allowed only for «Сверхсильно влияет».",
    ),
    "melee_own_strength": Msg(
        "fudge.c.err.melee_strength",
        "собственная сила — только у дистанционного оружия.",
        "only a ranged weapon has its own strength.",
    ),
    "not_enough": Msg(
        "fudge.c.err.not_enough",
        "не хватает: есть {have}, нужно {need}. Лист не изменился.",
        "not enough: {have} left, {need} needed. The sheet is unchanged.",
    ),
}
SHEET_ERROR_OTHER = Msg("fudge.c.err.other", "лист не принят ({code}).", "the sheet was refused ({code}).")

# rules.fudge_character.validate codes
PROBLEMS = {
    "duplicate_skill": Msg(
        "fudge.c.p.duplicate_skill",
        "Навык «{skill}» записан дважды (§1.2).",
        "Skill «{skill}» appears twice (§1.2).",
    ),
    "duplicate_technique": Msg(
        "fudge.c.p.duplicate_technique",
        "Техника «{technique}» записана дважды (§1.3).",
        "Technique «{technique}» appears twice (§1.3).",
    ),
    "technique_without_skill": Msg(
        "fudge.c.p.technique_without_skill",
        "Техника «{technique}» опирается на навык «{skill}», которого нет в листе (§1.3).",
        "Technique «{technique}» is built on skill «{skill}», which the sheet lacks (§1.3).",
    ),
    "subtechnique_without_parent": Msg(
        "fudge.c.p.subtechnique_without_parent",
        "Подтехника «{technique}»: нет техники-родителя «{parent}» (§1.3).",
        "Sub-technique «{technique}»: there is no parent technique «{parent}» (§1.3).",
    ),
    "subtechnique_other_skill": Msg(
        "fudge.c.p.subtechnique_other_skill",
        "Подтехника «{technique}» и её родитель «{parent}» — на разных навыках (§1.3).",
        "Sub-technique «{technique}» and its parent «{parent}» are on different skills (§1.3).",
    ),
    "magic_below_strong": Msg(
        "fudge.c.p.magic_below_strong",
        "Магическое свойство «{property}» стоит {strength}, меньше «Сильно влияет» (10), и не скомпенсировано (§1.5).",
        "Magic property «{property}» costs {strength}, below «Сильно влияет» (10), and is not compensated (§1.5).",
    ),
    "too_heavy_weapon": Msg(
        "fudge.c.p.too_heavy_weapon",
        "Оружие «{weapon}» (масштаб {scale}) больше масштаба Силы более чем на 2 (§1.8).",
        "Weapon «{weapon}» (scale {scale}) is more than 2 above the strength scale (§1.8).",
    ),
    "group_without_scale": Msg(
        "fudge.c.p.group_without_scale",
        "Группе нужен масштаб Массы больше 0 (§1.7, §1.8).",
        "A group needs a mass scale above 0 (§1.7, §1.8).",
    ),
}
PROBLEM_OTHER = Msg("fudge.c.p.other", "Нарушено правило ({code}).", "A rule is broken ({code}).")
NO_PROBLEMS = Msg("fudge.c.no_problems", "Правила §1 соблюдены.", "The §1 rules are kept.")
PROBLEMS_TITLE = Msg("fudge.c.problems_title", "Проверка листа", "Sheet check")

# derived values
DERIVED = Msg("fudge.c.derived", "Производные значения", "Derived values")
WHAT = Msg("fudge.c.what", "Что", "What")
VALUE = Msg("fudge.c.value", "Значение", "Value")
ROLL_OF = Msg("fudge.c.roll_of", "Бросок: {name}", "Roll: {name}")
ROLL_VALUE = Msg(
    "fudge.c.roll_value",
    "{total} (атрибут «{attribute}» {level})",
    "{total} (attribute «{attribute}» {level})",
)
DAMAGE_OF = Msg("fudge.c.damage_of", "Урон: {name}", "Damage: {name}")
DAMAGE_VALUE = Msg(
    "fudge.c.damage_value",
    "{formula}; сила {strength}, тип {kind}, масштаб {scale}, штраф масштаба {penalty}",
    "{formula}; strength {strength}, type {kind}, scale {scale}, scale penalty {penalty}",
)
DEFENCE = Msg("fudge.c.defence", "Защита", "Defence")
DEFENCE_VALUE = Msg(
    "fudge.c.defence_value",
    "броня {armour}, Живучесть {toughness}, масштаб Живучести {scale}",
    "armour {armour}, «Живучесть» {toughness}, toughness scale {scale}",
)
PROPERTY_OF = Msg("fudge.c.property_of", "Свойство: {name}", "Property: {name}")
PROPERTY_VALUE = Msg("fudge.c.property_value", "{cost} ({kind}{magic})", "{cost} ({kind}{magic})")
PROPERTY_KINDS = {
    "advantage": Msg("fudge.c.advantage", "преимущество", "advantage"),
    "disadvantage": Msg("fudge.c.disadvantage", "недостаток", "disadvantage"),
    "mixed": Msg("fudge.c.mixed", "уравновешено", "balanced"),
}
MAGIC_MARK = Msg("fudge.c.magic_mark", ", магия", ", magic")
TOTALS = Msg("fudge.c.totals", "Суммы", "Totals")
TOTALS_VALUE = Msg(
    "fudge.c.totals_value",
    "атрибуты {attributes}, навыки {skills}, техники {techniques}; свойства {properties}"
    " (преимущества {advantages}, недостатки {disadvantages})",
    "attributes {attributes}, skills {skills}, techniques {techniques}; properties {properties}"
    " (advantages {advantages}, disadvantages {disadvantages})",
)
TOTAL_COST = Msg("fudge.c.total_cost", "Итого: стоимость листа", "Total: the sheet's cost")
TOTAL_COST_VALUE = Msg(
    "fudge.c.total_cost_value",
    "{cost} очк. (уровень — очко, свойства по §1.4)",
    "{cost} points (a level a point, properties as §1.4 prices them)",
)
TOTAL_COST_SPENT = Msg(
    "fudge.c.total_cost_spent",
    "{cost} очк. (уровень — очко, свойства по §1.4); по записям на черты потрачено {spent}",
    "{cost} points (a level a point, properties as §1.4 prices them); the ledger spent {spent} on traits",
)
BALANCE = Msg("fudge.c.balance", "Очки и фишки (§1.9)", "Points and chips (§1.9)")
BALANCE_VALUE = Msg(
    "fudge.c.balance_value", "очков {points}, фишек FUDGE {chips}", "points {points}, FUDGE chips {chips}"
)
HEADCOUNT = Msg("fudge.c.headcount", "Численность группы", "Group headcount")

# ledger (§1.9)
LEDGER = Msg(
    "fudge.c.ledger", "Очки персонажа и фишки FUDGE (§1.9)", "Character points and FUDGE chips (§1.9)"
)
TAB_LEDGER = Msg("fudge.c.tab_ledger", "Очки и фишки", "Points and chips")
LEDGER_OP = Msg("fudge.c.ledger_op", "Запись", "Entry")
AMOUNT = Msg("fudge.c.amount", "Сколько", "Amount")
NOTE = Msg("fudge.c.note", "Заметка", "Note")
LEDGER_ADD = Msg("fudge.c.ledger_add", "Записать", "Record")
LEDGER_EMPTY = Msg("fudge.c.ledger_empty", "Записей пока нет.", "No entries yet.")
LEDGER_NEEDS_SHEET = Msg(
    "fudge.c.ledger_needs_sheet",
    "Сначала сохраните лист: записи ведутся по сохранённому листу.",
    "Save the sheet first: entries go to a saved sheet.",
)
LEDGER_SAID = Msg(
    "fudge.c.ledger_said", "{name}: {op} {amount}; осталось {left}.", "{name}: {op} {amount}; left {left}."
)
CURRENCY = Msg("fudge.c.currency", "Чего", "Of")
REASON = Msg("fudge.c.reason", "За что", "Why")
CURRENCIES = {
    "points": Msg("fudge.c.points", "очки персонажа", "character points"),
    "chips": Msg("fudge.c.chips", "фишки FUDGE", "FUDGE chips"),
}
REASONS = {
    "start": Msg("fudge.c.r.start", "выдано на начало игры", "given at the start"),
    "experience": Msg("fudge.c.r.experience", "опыт за выполнение задач", "experience for tasks done"),
    "compensation": Msg(
        "fudge.c.r.compensation", "компенсация за недостаток", "compensation for a disadvantage"
    ),
    "traits": Msg("fudge.c.r.traits", "покупка черт", "buying traits"),
    "ability": Msg("fudge.c.r.ability", "особая сильная способность", "a special strong ability"),
    "success": Msg("fudge.c.r.success", "покупка успеха действия", "buying an action's success"),
}
GAIN = Msg("fudge.c.gain", "получено", "gained")
SPENT = Msg("fudge.c.spent", "потрачено", "spent")

# the ledger select's options (static markup): «gain|spend:currency:reason»
OP_LABELS = {
    "gain:points:start": Msg(
        "fudge.c.op.points_start", "+ очки: выдано на начало игры", "+ points: given at the start"
    ),
    "gain:points:experience": Msg("fudge.c.op.points_experience", "+ очки: опыт", "+ points: experience"),
    "gain:chips:compensation": Msg(
        "fudge.c.op.chips_compensation",
        "+ фишки: компенсация за недостаток",
        "+ chips: compensation for a disadvantage",
    ),
    "spend:points:traits": Msg("fudge.c.op.points_traits", "− очки: покупка черт", "− points: buying traits"),
    "spend:points:ability": Msg(
        "fudge.c.op.points_ability", "− очки: особая способность", "− points: a special ability"
    ),
    "spend:points:success": Msg(
        "fudge.c.op.points_success", "− очки: покупка успеха", "− points: buying success"
    ),
    "spend:chips:ability": Msg(
        "fudge.c.op.chips_ability", "− фишки: особая способность", "− chips: a special ability"
    ),
    "spend:chips:success": Msg(
        "fudge.c.op.chips_success", "− фишки: покупка успеха", "− chips: buying success"
    ),
}

# the four attributes' labels (§1.1)
ATTRIBUTE_LABELS = (
    Msg("fudge.c.attr.strength", "Сила", "«Сила» (strength)"),
    Msg("fudge.c.attr.toughness", "Живучесть", "«Живучесть» (toughness)"),
    Msg("fudge.c.attr.mind", "Разум", "«Разум» (mind)"),
    Msg("fudge.c.attr.agility", "Ловкость", "«Ловкость» (agility)"),
)
