"""Wording of ``rules.notation`` errors: code -> (Russian template, English template).

Pure (no browser imports), so unit tests can check that every code the rules raise is
worded here.  A template is a ``str.format`` string over the error's ``params``, or a
function of the params where the wording depends on them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Template = str | Callable[[Mapping[str, object]], str]

# The dice-modifier kinds of ``modifier_twice`` as the Russian text names them.
KINDS_RU = {
    "min": "min",
    "max": "max",
    "explode": "взрыва (!)",
    "reroll": "переброса (r)",
    "keep": "оставить/отбросить",
}

_OPERAND_RU = "ожидается число, кубик, функция или «(»"
_OPERAND_EN = "expected a number, a die, a function or '('"


def _arity_ru(p: Mapping[str, object]) -> str:
    wanted = p["low"] if p["low"] == p["high"] else f"от {p['low']} до {p['high']}"
    return f"{p['name']}() принимает {wanted} аргумент(а), а получено {p['got']}"


def _arity_en(p: Mapping[str, object]) -> str:
    wanted = p["low"] if p["low"] == p["high"] else f"{p['low']} to {p['high']}"
    return f"{p['name']}() takes {wanted} argument(s), got {p['got']}"


def _spaced(n: object) -> str:
    return f"{n:,}".replace(",", " ")


MESSAGES: dict[str, tuple[Template, Template]] = {
    "not_a_string": (
        "выражение должно быть строкой, а не {type}",
        "the notation must be a string, got {type}",
    ),
    "too_long": ("длиннее {max} символов", "longer than {max} characters"),
    "one_line": ("только одна строка", "one line only"),
    "empty": ("пустое выражение", "empty notation"),
    "expected_operand": (_OPERAND_RU, _OPERAND_EN),
    "unexpected_char": (
        lambda p: f"неожиданный символ {p['char']!r}; {_OPERAND_RU}",
        lambda p: f"unexpected {p['char']!r}; {_OPERAND_EN}",
    ),
    "trailing_char": ("лишний символ", "unexpected character"),
    "unbalanced_paren": ("лишняя закрывающая скобка «)»", "unbalanced ')'"),
    "expected_token": ("ожидается «{token}»", lambda p: f"expected {p['token']!r}"),
    "expected_number": ("ожидается число", "expected a number"),
    "expected_luck": ("ожидается удача от {low} до {high}", "expected a luck from {low} to {high}"),
    "expected_face_separator": (
        "в списке граней ожидается «,» или «}}»",
        "expected ',' or '}}' in the list of faces",
    ),
    "call_needs_paren": ("после {name} ожидается «(»", "expected '(' after {name}"),
    "too_deep": ("вложенность глубже {max} уровней", "nesting deeper than {max} levels"),
    "number_too_large": ("число больше {max}", "number larger than {max}"),
    "one_comparison": (
        "допускается только одно сравнение; используйте скобки",
        "only one comparison is allowed; use parentheses",
    ),
    "unknown_name": (lambda p: f"неизвестное имя {p['name']!r}", lambda p: f"unknown name {p['name']!r}"),
    "luck_range": ("удача должна быть от {low} до {high}", "luck must be from {low} to {high}"),
    "wrong_arity": (_arity_ru, _arity_en),
    "dice_count_zero": ("кубиков должно быть не меньше 1", "a dice count must be at least 1"),
    "too_many_dice": (
        "больше {max} кубиков в одном броске — слишком много",
        "more than {max} dice in one term",
    ),
    "too_many_dice_total": (
        "больше {max} кубиков во всём выражении — слишком много",
        "more than {max} dice in all",
    ),
    "ambiguous_not_equal": (
        "«!=» сразу после кубиков неоднозначно: «!N» — взрыв на N, « != N» (с пробелом) — сравнение",
        "'!=' glued to dice is ambiguous: write '!N' to explode on N, or ' != N' to compare",
    ),
    "keep_zero": ("«{word}» требует число не меньше 1", "'{word}' needs at least 1"),
    "modifier_twice": (
        lambda p: f"модификатор {KINDS_RU.get(str(p['kind']), p['kind'])} указан дважды",
        "the {kind} modifier is given twice",
    ),
    "face_too_large": ("грань должна быть в пределах ±{max}", "a face must be within ±{max}"),
    "too_many_faces": ("больше {max} граней в списке", "more than {max} custom faces"),
    "no_sides": ("у кубика должна быть хотя бы одна грань", "a die needs at least 1 side"),
    "too_many_sides": ("больше {max} граней", "more than {max} sides"),
    "min_above_max": ("min больше max", "min is greater than max"),
    "reroll_all": ("условие переброса подходит под все грани", "the reroll condition matches every face"),
    "explode_all": ("условие взрыва подходит под все грани", "the explode condition matches every face"),
    "divisor_zero": ("делитель может оказаться нулём", "the divisor can be 0"),
    "needs_rounding": (
        "деление нужно округлить: оберните его в round(), floor() или ceil()",
        "division needs explicit rounding: wrap it in round(), floor() or ceil()",
    ),
    "too_complex": (
        lambda p: (
            f"слишком долго считать точно (оценка работы {_spaced(p['work'])}, предел {_spaced(p['max'])}); "
            "бросать можно, для вероятностей уменьшите число кубиков или граней"
        ),
        lambda p: (
            f"too complex for an exact distribution (estimated work {p['work']:,} > {p['max']:,}); "
            "roll it instead or use fewer dice or sides"
        ),
    ),
}


def error_text(code: str, params: Mapping[str, object], language: str = "ru", /) -> str:
    """A notation error in ``language`` ("ru" or "en"); an unknown code is shown as itself.

    >>> error_text("too_many_dice", {"max": 500})
    'больше 500 кубиков в одном броске — слишком много'
    >>> error_text("unknown_name", {"name": "foo"}, "en")
    "unknown name 'foo'"
    """
    if code not in MESSAGES:
        return f"{code} {dict(params)}" if params else code
    template = MESSAGES[code][0 if language == "ru" else 1]
    return template(params) if callable(template) else template.format(**params)
