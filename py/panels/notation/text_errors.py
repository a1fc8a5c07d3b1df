"""The notation panel's words for ``rules.notation``'s errors (``notation.error.<code>``), its
refused foreign forms with the nearest form it takes (``notation.form.<form>``) and its readings of
symbols the tools read differently (``notation.reading.<code>``). Russian first, English beside.
"""

from kit.msg import Msg

__all__ = [
    "ARITY_RANGE",
    "ERRORS",
    "FORMS",
    "HINT_EXPECTED",
    "HINT_INSTEAD",
    "KINDS",
    "READINGS",
    "UNKNOWN_ERROR",
]

# rules.notation errors, by code; values in {…} are the error's params
_OPERAND_RU = "ожидается число, кубик, функция или «(»"
_OPERAND_EN = "expected a number, a die, a function or '('"


def _error(code: str, ru: str, en: str) -> Msg:
    return Msg(f"notation.error.{code}", ru, en)


ERRORS: dict[str, Msg] = {
    msg.id.removeprefix("notation.error."): msg
    for msg in (
        _error(
            "not_a_string",
            "выражение должно быть строкой, а не {type}",
            "the notation must be a string, got {type}",
        ),
        _error("too_long", "длиннее {max} символов", "longer than {max} characters"),
        _error("one_line", "только одна строка", "one line only"),
        _error("empty", "пустое выражение", "empty notation"),
        _error("expected_operand", _OPERAND_RU, _OPERAND_EN),
        _error(
            "unexpected_char",
            "неожиданный символ {char}; " + _OPERAND_RU,
            "unexpected {char}; " + _OPERAND_EN,
        ),
        _error(
            "trailing_char",
            "лишний символ «{char}» после выражения; ожидается оператор (+ − * / % ^), сравнение или подпись после #",
            "unexpected '{char}' after the expression; expected an operator (+ - * / % ^), a comparison "
            "or a label after #",
        ),
        _error("unbalanced_paren", "лишняя закрывающая скобка «)»", "unbalanced ')'"),
        _error("expected_token", "ожидается «{token}»", "expected '{token}'"),
        _error("expected_number", "ожидается число", "expected a number"),
        _error(
            "expected_luck",
            "ожидается удача от {low} до {high}",
            "expected a luck («удача») from {low} to {high}",
        ),
        _error(
            "expected_face_separator",
            "в списке граней ожидается «,» или «}}»",
            "expected ',' or '}}' in the list of faces",
        ),
        _error("call_needs_paren", "после {name} ожидается «(»", "expected '(' after {name}"),
        _error(
            "expected_sides",
            "после «d» ожидается число граней (целое от 1), например d6",
            "expected the number of sides (a whole number from 1) after 'd', e.g. d6",
        ),
        _error("too_deep", "вложенность глубже {max} уровней", "nesting deeper than {max} levels"),
        _error("number_too_large", "число больше {max}", "number larger than {max}"),
        _error(
            "unknown_modifier",
            "неизвестный модификатор «{text}» после кубиков{hint}",
            "unknown modifier '{text}' after the dice{hint}",
        ),
        _error(
            "expected_compare",
            "после «{word}» ожидается условие, например «{word}>10»",
            "expected a compare point after '{word}', e.g. '{word}>10'",
        ),
        _error("not_supported", "{form}", "{form}"),
        _error(
            "too_many_conditions",
            "больше {max} условий одного модификатора у одного кубика",
            "more than {max} compare points of one modifier on one term",
        ),
        _error(
            "too_many_items",
            "больше {max} выражений в одной группе",
            "more than {max} expressions in one group",
        ),
        _error(
            "one_comparison",
            "допускается только одно сравнение; используйте скобки",
            "only one comparison is allowed; use parentheses",
        ),
        _error("unknown_name", "неизвестное имя {name}", "unknown name {name}"),
        _error(
            "luck_range",
            "удача должна быть от {low} до {high}",
            "luck («удача») must be from {low} to {high}",
        ),
        _error(
            "wrong_arity",
            "{name}() принимает {wanted} аргумент(а), а получено {got}",
            "{name}() takes {wanted} argument(s), got {got}",
        ),
        _error(
            "dice_count_zero",
            "число кубиков не может быть меньше нуля",
            "a number of dice cannot be below zero",
        ),
        _error(
            "too_many_dice",
            "больше {max} кубиков в одном броске — слишком много",
            "more than {max} dice in one term",
        ),
        _error(
            "too_many_dice_total",
            "больше {max} кубиков во всём выражении — слишком много",
            "more than {max} dice in all",
        ),
        _error("keep_zero", "«{word}» требует число не меньше 1", "'{word}' needs at least 1"),
        _error("modifier_twice", "модификатор {kind} указан дважды", "the {kind} modifier is given twice"),
        _error("face_too_large", "грань должна быть в пределах ±{max}", "a face must be within ±{max}"),
        _error("too_many_faces", "больше {max} граней в списке", "more than {max} custom faces"),
        _error("no_sides", "у кубика должна быть хотя бы одна грань", "a die needs at least 1 side"),
        _error("too_many_sides", "больше {max} граней", "more than {max} sides"),
        _error("min_above_max", "min больше max", "min is greater than max"),
        _error(
            "reroll_all",
            "условие переброса подходит под все грани",
            "the reroll condition matches every face",
        ),
        _error(
            "explode_all", "условие взрыва подходит под все грани", "the explode condition matches every face"
        ),
        _error("divisor_zero", "делитель может оказаться нулём", "the divisor can be 0"),
        _error(
            "needs_rounding",
            "деление нужно округлить: оберните его в round(), floor() или ceil()",
            "division needs explicit rounding: wrap it in round(), floor() or ceil()",
        ),
        _error(
            "range_reversed",
            "диапазон граней {low}..{high} пуст: первое число должно быть не больше второго",
            "the face range {low}..{high} is empty: the first number must not exceed the second",
        ),
        _error(
            "array_count",
            "число бросков в массиве (N x …) должно быть от {low} до {high}",
            "an array (N x …) rolls from {low} to {high} times",
        ),
        _error(
            "bad_definition",
            "имя даётся одному кубику без модификаторов, например fate = dF или my = d8min3",
            "a name is given to one die without modifiers, e.g. fate = dF or my = d8min3",
        ),
        _error(
            "reserved_name",
            "имя {name} занято (функция или кубик); выберите другое",
            "the name {name} is taken (a function or a die); choose another",
        ),
        _error(
            "keep_too_wide",
            "оставлять/отбрасывать кубики (kh, kl, dh, dl) можно при не больше чем {max} разных значениях кубика",
            "keep/drop (kh, kl, dh, dl) works on dice with at most {max} different values",
        ),
        _error(
            "too_complex",
            "слишком долго считать точно (оценка работы {work}, предел {max}); "
            "бросать можно, для вероятностей уменьшите число кубиков или граней",
            "too complex for an exact distribution (estimated work {work} > {max}); "
            "roll it instead or use fewer dice or sides",
        ),
    )
}
ARITY_RANGE = Msg("notation.arity_range", "от {low} до {high}", "{low} to {high}")
KINDS = {
    "min": "min",
    "max": "max",
    "explode": Msg("notation.kind.explode", "взрыва (!)", "explode"),
    "reroll": Msg("notation.kind.reroll", "переброса (r)", "reroll"),
    "keep": Msg("notation.kind.keep", "оставить/отбросить", "keep"),
    "unique": Msg("notation.kind.unique", "уникальности (u)", "unique (u)"),
    "success": Msg("notation.kind.success", "успеха (условие)", "success (compare point)"),
    "failure": Msg("notation.kind.failure", "провала (f, df, sf)", "failure (f, df, sf)"),
    "sort": Msg("notation.kind.sort", "сортировки (s)", "sort (s)"),
    "margin": Msg("notation.kind.margin", "запаса (ms)", "margin (ms)"),
    "matches": Msg("notation.kind.matches", "совпадений (m, mt)", "matches (m, mt)"),
}
UNKNOWN_ERROR = Msg("notation.error_unknown", "ошибка {code}", "error {code}")

HINT_INSTEAD = Msg(
    "notation.hint_instead",
    "; вместо «{text}» используйте «{instead}»",
    "; instead of '{text}' write '{instead}'",
)
HINT_EXPECTED = Msg(
    "notation.hint_expected",
    "; ожидается kh, kl, dh, dl, r, ro, rr, !, !!, !p, x, xo, u, cs, cf, s, min, max или условие вроде >=5",
    "; expected kh, kl, dh, dl, r, ro, rr, !, !!, !p, x, xo, u, cs, cf, s, min, max or a compare point like >=5",
)


def _form(form: str, ru: str, en: str) -> Msg:
    return Msg(f"notation.form.{form}", ru, en)


# ``not_supported`` by form: what was written ({text}) and the nearest form this notation takes.
FORMS: dict[str, Msg] = {
    msg.id.removeprefix("notation.form."): msg
    for msg in (
        _form(
            "attribute",
            "«{text}» — значение персонажа из Foundry или Roll20, здесь его нет: подставьте число, например «1d20 + 5»",
            "'{text}' is a character's value in Foundry or Roll20, unknown here: write its number, e.g. '1d20 + 5'",
        ),
        _form(
            "query",
            "«{text}» — вопрос игроку в Roll20: подставьте ответ числом",
            "'{text}' is a Roll20 query: write the answer as a number",
        ),
        _form(
            "roll_option",
            "«{text}» — настройка чата Roll20, а не часть броска: уберите её",
            "'{text}' is a Roll20 chat option, not part of the roll: leave it out",
        ),
        _form(
            "irrational",
            "«{text}» даёт нецелые числа, точные шансы для них не считаются; "
            "есть round, floor, ceil, abs, sign, min, max и pow",
            "'{text}' gives values that are not whole numbers, whose exact odds are not computed; "
            "round, floor, ceil, abs, sign, min, max and pow are here",
        ),
        _form(
            "two_explosions",
            "у кубика одно правило взрыва: «!», «!!», «!p», «x» или «xo» — уберите «{text}» или второе правило",
            "a die has one explosion rule: '!', '!!', '!p', 'x' or 'xo'; leave out '{text}' or the other one",
        ),
        _form(
            "reroll_cap",
            "«{text}»: предел числа перебросов (Foundry) не поддерживается; "
            "пишите условие без предела, например «r=1» или «ro=1»",
            "'{text}': a cap on the number of rerolls (Foundry) is not supported; "
            "write the compare point alone, e.g. 'r=1' or 'ro=1'",
        ),
        _form(
            "group_keep",
            "в «{text}» k/d выбирают отдельные кубики только из суммы кубиков, например «(4d6+3d8)» в группе; "
            "чтобы выбрать целые выражения, разделите их запятой, например «4d10, 5d6»",
            "in '{text}' k/d pick single dice only from a sum of dice (such as 4d6+3d8 alone in a group); "
            "to pick whole expressions, separate them by commas, e.g. '4d10, 5d6'",
        ),
        _form(
            "combination",
            "в «{text}» модификаторы «{a}» и «{b}» вместе не считаются; уберите один из них",
            "in '{text}' the modifiers '{a}' and '{b}' do not combine; leave one out",
        ),
        _form(
            "failure_alone",
            "«f» (провалы) пишется после условия успеха, например «4d6>4f<3»; "
            "вычесть провалы из суммы — «df<3» (Foundry)",
            "'f' (failures) follows a success compare point, e.g. '4d6>4f<3'; "
            "to take failures off a sum, write 'df<3' (Foundry)",
        ),
        _form(
            "random_sides",
            "у кубика со случайным числом граней («{text}») возможны только k/d, условие успеха и сортировка",
            "a die whose sides are rolled ('{text}') takes only keep/drop, a success compare point and sorting",
        ),
        _form(
            "roll_table",
            "«{text}» — бросок по таблице Roll20, её здесь нет: бросьте кубик её размера, например «d6»",
            "'{text}' rolls on a Roll20 table, unknown here: roll a die of its size, e.g. 'd6'",
        ),
        _form(
            "die_letter",
            "«{text}» — не буква кубика: пишите «к» или «d», например «{ru}» или «{en}»",
            "'{text}' is not the letter of a die: write 'd' (or the Russian «к»), e.g. '{en}' or '{ru}'",
        ),
    )
}


def _reading(code: str, ru: str, en: str) -> Msg:
    return Msg(f"notation.reading.{code}", ru, en)


# How a symbol that the tools read differently was read, and how to write the other reading.
READINGS: dict[str, Msg] = {
    msg.id.removeprefix("notation.reading."): msg
    for msg in (
        _reading(
            "strict_compare",
            "«{op}{value}» сравнивает строго, как rpg-dice-roller и Foundry: {value} не входит. "
            "В Roll20 «{op}{value}» включает {value} — здесь это «{inclusive}».",
            "'{op}{value}' compares strictly, as rpg-dice-roller and Foundry do: {value} is not included. "
            "Roll20 includes {value} in '{op}{value}'; here that is '{inclusive}'.",
        ),
        _reading(
            "critical_marks",
            "«{word}» только отмечает критические броски (Roll20, rpg-dice-roller) и не меняет итог. "
            "В Foundry «{word}» считает кубики — здесь это условие без «{word}»: «{point}».",
            "'{word}' only marks critical dice (Roll20, rpg-dice-roller) and leaves the total alone. "
            "Foundry's '{word}' counts dice; here that is the compare point alone: '{point}'.",
        ),
        _reading(
            "reroll_until",
            "«r» перебрасывает, пока кубик подходит под условие (Roll20, rpg-dice-roller; «rr» в Foundry). "
            "В Foundry «r» перебрасывает один раз — здесь это «ro{point}».",
            "'r' rerolls for as long as the die matches (Roll20, rpg-dice-roller; Foundry's 'rr'). "
            "Foundry's 'r' rerolls once; here that is 'ro{point}'.",
        ),
        _reading(
            "explode_not_equal",
            "«!=» сразу после кубиков — взрыв на этом значении (rpg-dice-roller). "
            "Чтобы сравнить итог, поставьте пробел: « != ».",
            "'!=' glued to dice explodes on that value (rpg-dice-roller). To compare the total, "
            "put a space before it: ' != '.",
        ),
        _reading(
            "group_total",
            "Условие «{point}» после группы с одним выражением сравнивает её итог (rpg-dice-roller, Foundry): "
            "1 или 0. Roll20 сравнивает каждый кубик — для этого пишите условие прямо на кубиках.",
            "The compare point '{point}' after a group of one expression compares its total "
            "(rpg-dice-roller, Foundry): 1 or 0. Roll20 compares each die; for that, write it on the dice.",
        ),
        _reading(
            "trailing_label",
            "Текст после формулы — подпись броска, как в Roll20: «{label}». Обычно подпись пишут после #.",
            "The text after the formula is the roll's label, as in Roll20: '{label}'. A label usually follows #.",
        ),
        _reading(
            "cyrillic_drop",
            "«к{n}» после кубиков читается как d{n}: отбросить {n} меньших (к — это d). "
            "Оставить {n} больших — «kh{n}».",
            "«к{n}» after the dice reads as d{n}: drop the lowest {n} («к» is d). To keep the highest {n}, "
            "write 'kh{n}'.",
        ),
    )
}
