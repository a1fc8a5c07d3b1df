"""The FUDGE panel's messages (ids ``fudge.*``): the panel, dice, actions and the seed's terms.

Attack texts are in ``text_attack``, wounds, accumulators and scale in ``text_wounds``; both are
imported here so that every ``fudge.*`` id is declared once this module is imported.
"""

from kit.msg import Msg
from panels.fudge import text_attack, text_wounds  # noqa: F401 (every fudge.* id declared)
from rules import fudge_action

TITLE = Msg("fudge.title", "Omicron FUDGE", "Omicron FUDGE")
HINT = Msg(
    "fudge.hint",
    "Отряд «Омикрон», FUDGE-хак: лестница успеха от −8 «Эпический провал» до +8 «Эпически». "
    "Точные вероятности — до броска.",
    "Omicron squad FUDGE hack: the success ladder runs from −8 «Эпический провал» (epic failure) "
    "to +8 «Эпически» (epic). Exact odds before the roll.",
)
NO_ENTRIES = Msg("fudge.no_entries", "Записей пока нет.", "No entries yet.")

# --- the seed's ladder (seed 002, 1.0): the Russian term, glossed in English ------------------------
_LADDER_EN = {
    8: "epic",
    7: "legendary",
    6: "fantastic",
    5: "superb",
    4: "excellent",
    3: "very good",
    2: "good",
    1: "decent",
    0: "fair",
    -1: "mediocre",
    -2: "poor",
    -3: "very poor",
    -4: "terrible",
    -5: "abysmal",
    -6: "worst possible",
    -7: "legendary failure",
    -8: "epic failure",
}
LADDER = {
    level: Msg(f"fudge.ladder.{level:+d}", name, f"«{name}» ({_LADDER_EN[level]})")
    for level, name in fudge_action.LADDER.items()  # the seed's Russian terms, kept by the rules
}
LEVEL = Msg("fudge.level", "{value} «{name}»", "{value} {name}")
LADDER_BEYOND = Msg("fudge.ladder_beyond", "{name} {excess}", "{name} {excess}")

# --- dice -----------------------------------------------------------------------------------------
DICE = Msg("fudge.dice", "Кубики", "Dice")
MAIN_ROLL = Msg("fudge.main_roll", "Основной бросок", "Main roll")
ROLL_DICE = Msg("fudge.roll_dice", "Бросить кубики", "Roll the dice")
DICE_CHART = Msg(
    "fudge.dice_chart",
    "Точное распределение броска; выпавшее значение выделено.",
    "Exact distribution of the roll; the rolled value is highlighted.",
)
DICE_ODDS = Msg("fudge.dice_odds", "Точные вероятности броска", "Exact odds of the roll")
RESULT = Msg("fudge.result", "Результат", "Result")
LADDER_TITLE = Msg("fudge.ladder_title", "Лестница успеха", "Success ladder")
SAME_AS_6DF = Msg(
    "fudge.same_as_6df",
    "6d3−12 совпадает с 6dF точно: d3 − 2 равновероятно даёт −1, 0, +1, как один dF.",
    "6d3−12 equals 6dF exactly: d3 − 2 is −1, 0, +1 with equal odds, just like one dF.",
)
# the verdict first (a phone's action bar shows the line's start), then how it came about
DICE_ROLLED = Msg(
    "fudge.dice_rolled",
    "{level}. {dice}: {faces}; P(= {value}) = {p}",
    "{level}. {dice}: {faces}; P(= {value}) = {p}",
)

# --- actions --------------------------------------------------------------------------------------
ACTION = Msg("fudge.action", "Действие", "Action")
ACTION_KIND = Msg("fudge.action_kind", "Вид действия", "Kind of action")
# the seed's names (2.1, 2.2), short enough for a phone's list; the difficulty or side B follows
ONE_SIDED = Msg("fudge.one_sided", "Одностороннее: сложность", "One-sided: a difficulty")
OPPOSED = Msg("fudge.opposed", "Встречное: сторона Б", "Opposed: side B")
SIDE_A = Msg("fudge.side_a", "Сторона А (действующий)", "Side A (acting)")
SIDE_B = Msg("fudge.side_b", "Сторона Б (противник)", "Side B (opponent)")
ATTRIBUTE = Msg("fudge.attribute", "Атрибут", "Attribute")
SKILL = Msg("fudge.skill", "Навык", "Skill")
SKILL_HAVE = Msg("fudge.skill_have", "есть", "has it")
SKILL_REQUIRED = Msg(
    "fudge.skill_required",
    "нет, обязательный: «по умолчанию»",
    "missing, required: «по умолчанию» (the default)",
)
SKILL_FREE = Msg("fudge.skill_free", "нет, не обязательный: −1", "missing, not required: −1")
SKILL_VALUE = Msg("fudge.skill_value", "Навык или значение по умолчанию", "Skill or default value")
SKILL_ADJ = Msg(
    "fudge.skill_adj",
    "Бонус/штраф за сложность навыка (без навыка)",
    "Skill difficulty bonus/penalty (without the skill)",
)
TECHNIQUE = Msg("fudge.technique", "Техника", "Technique")
MODIFIERS = Msg("fudge.modifiers", "Модификаторы", "Modifiers")
ROLL_ACTION = Msg("fudge.roll_action", "Бросить действие", "Roll the action")
ODDS_BEFORE = Msg("fudge.odds_before", "Вероятности до броска", "Odds before the roll")
OUTCOME = Msg("fudge.outcome", "Исход", "Outcome")
MARGIN_CHART = Msg(
    "fudge.margin_chart",
    "Распределение величины успеха (отрицательная — величина провала); выпавшая выделена.",
    "Distribution of the margin of success (negative: margin of failure); the rolled one is highlighted.",
)
MARGIN_TITLE = Msg("fudge.margin_title", "Величина успеха", "Margin of success")
MARGIN = Msg("fudge.margin", "Величина", "Margin")

SIDE_NAME_A = Msg("fudge.side_name_a", "А", "A")
SIDE_NAME_B = Msg("fudge.side_name_b", "Б", "B")
FIELD_ATTRIBUTE = Msg("fudge.field_attribute", "{who}: атрибут", "{who}: attribute")
FIELD_SKILL = Msg(
    "fudge.field_skill", "{who}: навык или значение по умолчанию", "{who}: skill or default value"
)
FIELD_ADJ = Msg(
    "fudge.field_adj", "{who}: бонус/штраф за сложность навыка", "{who}: skill difficulty bonus/penalty"
)
FIELD_TECHNIQUE = Msg("fudge.field_technique", "{who}: техника", "{who}: technique")
FIELD_MODIFIERS = Msg("fudge.field_modifiers", "{who}: модификаторы", "{who}: modifiers")
ADJ_ONLY_DEFAULT = Msg(
    "fudge.adj_only_default",
    "{who}: бонус/штраф за сложность добавляется только к значению по умолчанию, когда навыка нет; "
    "поставьте 0 или выберите «нет навыка».",
    "{who}: the difficulty bonus/penalty is only added to the default value when the skill is "
    "missing; set it to 0 or choose a missing skill.",
)
HOW_HAVE = Msg("fudge.how_have", "навык {skill}", "skill {skill}")
HOW_REQUIRED = Msg(
    "fudge.how_required",
    "навыка нет, по умолчанию {value} {adjustment} = {skill}",
    "no skill, default {value} {adjustment} = {skill}",
)
HOW_FREE = Msg(
    "fudge.how_free",
    "навыка нет, атрибут со штрафом −1 {adjustment} = {skill}",
    "no skill, the attribute at −1 {adjustment} = {skill}",
)
SIDE_SUMMARY = Msg(
    "fudge.side_summary",
    "{who}: атрибут {attribute}, {how}, техника {technique}, модификаторы {modifier} → {total}",
    "{who}: attribute {attribute}, {how}, technique {technique}, modifiers {modifier} → {total}",
)
ONE_SIDED_SUMMARY = Msg(
    "fudge.one_sided_summary", "{dice}. {a}; сложность {level}.", "{dice}. {a}; difficulty {level}."
)
OPPOSED_SUMMARY = Msg("fudge.opposed_summary", "{dice}. {a}; {b}.", "{dice}. {a}; {b}.")
AGAINST_DIFFICULTY = Msg("fudge.against_difficulty", "сложность {level}", "difficulty {level}")
AGAINST_B = Msg(
    "fudge.against_b", "Б: {faces} = {value}, итог {level}", "B: {faces} = {value}, total {level}"
)
ACTION_ROLLED = Msg(
    "fudge.action_rolled",
    "{label}: {outcome}. {dice} А: {faces} = {value}, итог {total}; {against} → величина успеха "
    "{margin} (шанс был {p}).",
    "{label}: {outcome}. {dice} A: {faces} = {value}, total {total}; {against} → margin of success "
    "{margin} (the chance was {p}).",
)
OUTCOME_LINE = Msg("fudge.outcome_line", "{label}: {text}", "{label}: {text}")
FAILURE = Msg("fudge.failure", "Провал", "Failure")
TIE = Msg("fudge.tie", "Ничья", "Tie")
SUCCESS = Msg("fudge.success", "Успех", "Success")
# The seed's wording of each outcome code (seed 002, 2.1).
FAILURE_TEXT = Msg("fudge.failure_text", "действие не удалось", "the action fails")
TIE_TEXT = Msg(
    "fudge.tie_text",
    "действие либо не удалось, либо удалось, но с некоторыми сложностями",
    "the action either fails, or succeeds with some complications",
)
SUCCESS_TEXT = Msg("fudge.success_text", "действие успешно", "the action succeeds")
TABLE_EXAMPLE = Msg("fudge.table_example", "со стола: + - 0 0 + -", "table: + - 0 0 + -")
TABLE_EXAMPLE_ATTACK = Msg("fudge.table_example_attack", "со стола: атака; защита", "table: attack; defence")
