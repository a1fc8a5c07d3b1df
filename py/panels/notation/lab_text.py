"""The dice lab's messages (ids ``notation.lab.*``), imported by ``panels.notation.text``."""

from kit.msg import Msg

TITLE = Msg("notation.lab.title", "Лаборатория: сравнить распределения", "Lab: compare distributions")
HINT = Msg(
    "notation.lab.hint",
    "По выражению в строке, подпись после #: 4d6kh3 # характеристики. Массив: 6x4d6kh3 (или 6 x 4d6kh3) — "
    "шесть бросков, показаны самый высокий … самый низкий и сумма. Грани: d{1..3}, d{-2..2}. "
    "Свой кубик: fib = d{1,1,2,3,5,8} в одной строке, затем 3fib в другой.",
    "One expression per row, label after #: 4d6kh3 # stats. Array: 6x4d6kh3 (or 6 x 4d6kh3) — six rolls, "
    "shown highest … lowest and their sum. Faces: d{1..3}, d{-2..2}. Your own die: fib = d{1,1,2,3,5,8} "
    "on one row, then 3fib on another.",
)
ROW = Msg("notation.lab.row", "Строка {n}", "Row {n}")
ROW_ACTION = Msg("notation.lab.row_action", "{action}: строка {n}", "{action}: row {n}")
ROW_PLACEHOLDER = Msg("notation.lab.row_placeholder", "например, 3d6 # тест", "e.g. 3d6 # test")
UP = Msg("notation.lab.up", "Выше", "Move up")
DOWN = Msg("notation.lab.down", "Ниже", "Move down")
REMOVE = Msg("notation.lab.remove", "Убрать", "Remove")
ADD = Msg("notation.lab.add", "Добавить строку", "Add a row")
RUN = Msg("notation.lab.run", "Сравнить", "Compare")
SHOW = Msg("notation.lab.show", "Показать", "Show")
STATS = Msg("notation.lab.stats", "Статистика", "Statistics")
SERIES = Msg("notation.lab.series", "Ряд", "Series")
VALUE = Msg("notation.lab.value", "Значение", "Value")
PAIRS = Msg(
    "notation.lab.pairs",
    "Попарно: P(строка > столбец) / P(=)",
    "Pairwise: P(row > column) / P(=)",
)
CHART = Msg("notation.lab.chart", "График", "Chart")
DOWNLOAD_CSV = Msg("notation.lab.download_csv", "Скачать таблицу (CSV)", "Download the table (CSV)")
DOWNLOAD_SVG = Msg("notation.lab.download_svg", "Скачать график (SVG)", "Download the chart (SVG)")
EMPTY = Msg(
    "notation.lab.empty",
    "Впишите выражения в строки и нажмите «Сравнить».",
    "Type expressions into the rows and press “Compare”.",
)
PENDING = Msg("notation.lab.pending", "Считается в фоне…", "Computing in the background…")
STOPPED = Msg("notation.lab.stopped", "Расчёт остановлен.", "The computation was stopped.")
DONE = Msg("notation.lab.done", "Рядов: {n}.", "Series: {n}.")
LABEL = Msg("notation.lab.label", "лаборатория ({n} строк)", "the lab ({n} rows)")
ERROR_AT = Msg(
    "notation.lab.error_at",
    "Строка {row}, символ {col}: {msg}",
    "Row {row}, character {col}: {msg}",
)
REFUSED = Msg("notation.lab.refused", "Строка {row} не посчитана: {msg}", "Row {row} not computed: {msg}")
FULL = Msg("notation.lab.full", "Не больше {n} строк.", "At most {n} rows.")
HIGHEST = Msg("notation.lab.highest", "высший", "highest")
LOWEST = Msg("notation.lab.lowest", "низший", "lowest")
NTH = Msg("notation.lab.nth", "{k}-й", "#{k}")
SUM = Msg("notation.lab.sum", "сумма", "sum")
CUT_SERIES = Msg(
    "notation.lab.cut_series",
    "Показаны первые {n} рядов; остальные не поместились.",
    "The first {n} series are shown; the rest did not fit.",
)
CUT_VALUES = Msg(
    "notation.lab.cut_values",
    "Показаны значения от {lo} до {hi}; крайние, самые редкие, опущены.",
    "Values {lo} to {hi} are shown; the rarest ones at the edges are left out.",
)
NO_RESULT = Msg("notation.lab.no_result", "Сначала нажмите «Сравнить».", "Press “Compare” first.")
