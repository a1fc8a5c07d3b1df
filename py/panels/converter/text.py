"""The converter's messages (ids ``converter.*``); the converted text itself is the forum's Russian."""

from kit.msg import Msg

TITLE = Msg("converter.title", "Конвертер 3D20 → GaussD20", "3D20 → GaussD20 converter")
HINT = Msg(
    "converter.hint",
    "Вставьте строки форумного броска вида «Результат броска 3D20: 4 + 6 + 2 = 12.» — сколько угодно, с комментариями. Прочие строки останутся как есть. Ctrl+Enter — конвертировать.",
    "Paste forum roll lines such as «Результат броска 3D20: 4 + 6 + 2 = 12.» — any number of them, "
    "comments included. Other lines stay as they are. The output keeps the forum's Russian wording. "
    "Ctrl+Enter converts.",
)
INPUT = Msg("converter.input", "Лог бросков 3D20", "3D20 roll log")
LINE_LINK_TITLE = Msg(
    "converter.line_link_title", "Выделить эту строку в логе", "Select this line in the log"
)
OUTPUT = Msg("converter.output", "Результат", "Result")
COPY = Msg("converter.copy", "Копировать результат", "Copy the result")
DOWNLOAD = Msg("converter.download", "Скачать .txt", "Download .txt")
SHOWN = Msg(
    "converter.shown",
    "В поле — начало результата: строк {shown} из {total}. «Копировать результат» и «Скачать .txt» берут весь текст.",
    "The box shows the start of the result: {shown} of {total} lines. «Copy the result» and "
    "«Download .txt» take the whole text.",
)
EXAMPLE = Msg("converter.example", "Пример из поста", "The post's example")
SUMMARY = Msg(
    "converter.summary",
    "Конвертировано бросков: {converted}. Помечено как неверные: {flagged}.",
    "Rolls converted: {converted}. Marked invalid («неверный бросок»): {flagged}.",
)
LINE = Msg("converter.line", "Строка {line}: {reason}", "Line {line}: {reason}")
LINE_ROLL = Msg(
    "converter.line_roll", "Строка {line}, бросок {roll}: {reason}", "Line {line}, roll {roll}: {reason}"
)
# A purpose rolled again (a re-roll); the purpose is the forum's own text.
REPEAT = Msg(
    "converter.repeat", 'Повтор: "{purpose}", строки {lines}.', "Repeated: «{purpose}», lines {lines}."
)
REPEAT_ON_LINE = Msg(
    "converter.repeat_on_line",
    'Повтор: "{purpose}", строка {line}, бросков: {count}.',
    "Repeated: «{purpose}», line {line}, {count} rolls.",
)
AND = Msg("converter.and", " и ", " and ")
MORE_REPEATS = Msg("converter.more_repeats", "Других повторов: {count}.", "{count} more repeated.")
MORE_LINES = Msg("converter.more_lines", " и ещё {count}", " and {count} more")
MORE = Msg("converter.more", "…и ещё {count}", "…and {count} more")
EMPTY = Msg(
    "converter.empty",
    "Вставьте строки бросков 3D20 в поле «Лог бросков 3D20».",
    "Paste 3D20 roll lines into «3D20 roll log».",
)
NOTHING_TO_COPY = Msg("converter.nothing_to_copy", "Сначала конвертируйте лог.", "Convert a log first.")

# Why a roll line was marked «неверный бросок» (rules.forum_log.REASON_CODES); user text in «…».
REASONS = {
    "no_total": Msg("converter.reason.no_total", "нет итога «= N»", "no total «= N»"),
    "modifier": Msg(
        "converter.reason.modifier", "модификатор в броске {spec}", "a modifier in the roll «{spec}»"
    ),
    "not_3d20": Msg("converter.reason.not_3d20", "бросок {spec}, а не 3D20", "a «{spec}» roll, not 3D20"),
    "dice_format": Msg(
        "converter.reason.dice_format",
        "кубики записаны не как «a + b + c»",
        "the dice are not written as «a + b + c»",
    ),
    "dice_count": Msg(
        "converter.reason.dice_count", "кубиков {count}, а нужно 3", "{count} dice instead of 3"
    ),
    "die_range": Msg("converter.reason.die_range", "значение кубика вне 1..20", "a die outside 1..20"),
    "sum_mismatch": Msg(
        "converter.reason.sum_mismatch",
        "сумма кубиков {dice_sum}, а не {total}",
        "the dice add up to {dice_sum}, not {total}",
    ),
}

# A long paste converts in the compute worker: the progress line names it (kit.common.COMPUTING,
# "Считаю: {what} — {seconds} с"), and so do the kit's cancel/timeout messages ("{what}: …").
# Russian puts the noun in the genitive after the number: 1 and 21 take «строки», the rest «строк».
CONVERTING_ONE = Msg(
    "converter.converting_one", "конвертация {lines} строки", "the conversion of {lines} line"
)
CONVERTING_21 = Msg(
    "converter.converting_21", "конвертация {lines} строки", "the conversion of {lines} lines"
)
CONVERTING = Msg("converter.converting", "конвертация {lines} строк", "the conversion of {lines} lines")
PENDING = Msg(
    "converter.pending",
    "Конвертирую… Результат появится здесь.",
    "Converting… The result will appear here.",
)
STOPPED = Msg(
    "converter.stopped",
    "Лог не конвертирован: конвертация остановлена.",
    "The log was not converted: the conversion was stopped.",
)

# «Пример из поста» over a pasted log: the log can be had back (kit.undo)
EXAMPLE_REPLACED = Msg(
    "converter.example_replaced",
    "Вставленный лог заменён примером из поста.",
    "The pasted log was replaced by the post's example.",
)
UNDO_EXAMPLE = Msg("converter.undo_example", "Вернуть мой лог", "Bring my log back")
FAIRNESS = Msg("converter.fairness", "Честен ли кубик форума", "Is the forum's dice fair")
FAIRNESS_HINT = Msg(
    "converter.fairness_hint",
    "Грани d20 из сконвертированных бросков — против честной кости, суммы 3D20 — против их точного"
    " распределения (критерий хи-квадрат; «подозрительно» при p < 0,1 %, «стоит присмотреться» при p < 1 %)."
    " Отмеченные как неверные броски не учитываются.",
    "The d20 faces of the converted rolls against a fair die, the 3D20 totals against their exact"
    " distribution (a chi-square test; «suspicious» below p = 0.1 %, «worth a look» below 1 %)."
    " Rolls marked invalid are left out.",
)
FACES = Msg("converter.faces", "Грани d20 форума", "The forum's d20 faces")
SUMS = Msg("converter.sums", "Суммы 3D20 форума", "The forum's 3D20 totals")
