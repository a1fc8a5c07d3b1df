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
REMOVED = Msg("notation.lab.removed", "Строка {n} убрана: {line}.", "Row {n} removed: {line}.")
RESTORED = Msg("notation.lab.restored", "Строка {n} возвращена.", "Row {n} is back.")
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
DOWNLOAD_PNG = Msg("notation.lab.download_png", "Скачать график (PNG)", "Download the chart (PNG)")
DOWNLOAD_SVG = Msg("notation.lab.download_svg", "Скачать график (SVG)", "Download the chart (SVG)")
# The page's language, written by the view into the export buttons' data-arg: a file is made in it
# (the CSV's separators and decimals, the chart's title and legend).
LANG = Msg("notation.lab.lang", "ru", "en")
EXPORT_TITLE = Msg(
    "notation.lab.export_title", "Лаборатория кубиков, {view}: {names}", "Dice lab, {view}: {names}"
)
CSV_VALUE = Msg("notation.lab.csv_value", "значение", "value")
CSV_STATS = Msg(
    "notation.lab.csv_stats", "ряд{s}среднее{s}СКО{s}минимум{s}максимум", "series{s}mean{s}sd{s}min{s}max"
)
CSV_PAIRS = Msg("notation.lab.csv_pairs", "A{s}B{s}P(A>B){s}P(A=B)", "A{s}B{s}P(A>B){s}P(A=B)")
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
OUTPUT = Msg("notation.lab.output", "вывод {n}", "output {n}")
# A program's output is the program's own series: never taken for a row (its figures are what the
# program said, computed into the lab by the compute worker).
PROGRAM_SERIES = Msg("notation.lab.program_series", "программа: {label}", "program: {label}")
# A row's label beside its expression (a label alone could pass for another expression).
LABELLED = Msg("notation.lab.labelled", "{label} ({line})", "{label} ({line})")
PROGRAM_TITLE = Msg(
    "notation.lab.program_title", "Программа (Python + icepool)", "Program (Python + icepool)"
)
PROGRAM_HINT = Msg(
    "notation.lab.program_hint",
    'output(d20 + 5, "атака") добавляет ряд на тот же график и в ту же таблицу; можно несколько выводов, '
    "функции, циклы. Доступны d4 … d100, d(n), Die, Pool, map, highest, lowest и модуль icepool; import — только "
    "icepool и чистые модули (math, fractions, itertools, functools, collections…). Программа выполняется "
    "в песочнице браузера (отдельный источник без доступа к странице, сохранённым данным и сети) и только "
    "по нажатию «Запустить программу»; «Отмена» и лимит времени её останавливают.",
    'output(d20 + 5, "attack") adds a series to the same chart and table; several outputs, functions and '
    "loops are fine. Available: d4 … d100, d(n), Die, Pool, map, highest, lowest and the icepool module; "
    "import only icepool and pure modules (math, fractions, itertools, functools, collections…). The program "
    "runs in the browser's sandbox (an origin of its own, with no access to the page, the saved data or the "
    "network), and only when you press “Run the program”; Cancel and the time limit stop it.",
)
PROGRAM = Msg("notation.lab.program", "Программа", "Program")
PROGRAM_RUN = Msg("notation.lab.program_run", "Запустить программу", "Run the program")
PROGRAM_EXAMPLES = Msg("notation.lab.program_examples", "Примеры программ", "Example programs")
EXAMPLE_GAUSS = Msg(
    "notation.lab.example.gauss", "GaussD20 с удачей (сид 000)", "GaussD20 with luck («удача», seed 000)"
)
EXAMPLE_EXPLODE = Msg(
    "notation.lab.example.explode",
    "d6, взрывается на 6 не больше 3 раз (AnyDice)",
    "d6 exploding on 6 up to 3 times (AnyDice)",
)
EXAMPLE_STATS = Msg(
    "notation.lab.example.stats", "4d6kh3: лучшая и худшая из шести", "4d6kh3: best and worst of six"
)
PROGRAM_LINKED = Msg(
    "notation.lab.program_linked",
    "Программа из ссылки: прочитайте её, прежде чем запускать. Она не запустится сама.",
    "A program from a link: read it before you run it. It will not run by itself.",
)
PROGRAM_NOT_RUN = Msg(
    "notation.lab.program_not_run",
    "Программа не запускается сама: чтобы добавить её ряды, нажмите «Запустить программу».",
    "The program does not run by itself: press “Run the program” to add its series.",
)
BAD_ANSWER = Msg(
    "notation.lab.bad_answer",
    "Песочница программы вернула не то, что ожидалось: ответ отброшен.",
    "The program's sandbox answered with something unexpected: the answer was dropped.",
)
PROGRAM_LABEL = Msg("notation.lab.program_label", "программа лаборатории", "the lab's program")
NEEDS_WORKER = Msg(
    "notation.lab.needs_worker",
    "Программы выполняются только в песочнице браузера, а в сохранённом файле (file://) её не запустить: "
    "откройте страницу с сайта. Строки-выражения работают и здесь.",
    "Programs run only in the browser's sandbox, which the saved file (file://) cannot start: open the "
    "hosted page. Expression rows work here too.",
)
PROGRAM_ERRORS = {
    "syntax": Msg(
        "notation.lab.program.syntax",
        "Программа, строка {line}: синтаксическая ошибка: {message}",
        "Program, line {line}: syntax error: {message}",
    ),
    "denied": Msg(
        "notation.lab.program.denied",
        "Программа, строка {line}: {name} недоступно программе (нет доступа к странице, сети и файлам)",
        "Program, line {line}: {name} is not available to a program (no page, network or files)",
    ),
    "runtime": Msg(
        "notation.lab.program.runtime",
        "Программа, строка {line}: {kind}: {message}",
        "Program, line {line}: {kind}: {message}",
    ),
    "output": Msg(
        "notation.lab.program.output",
        "Программа, строка {line}: output() ждёт кубик icepool или целое число, а получено {kind} (у пула вызовите .sum())",
        "Program, line {line}: output() takes an icepool die or a whole number, got {kind} (call .sum() on a pool)",
    ),
    "outcomes": Msg(
        "notation.lab.program.outcomes",
        "Программа, строка {line}: у вывода {label} исходы не целые ({kind})",
        "Program, line {line}: the output {label} has outcomes that are not whole numbers ({kind})",
    ),
    "too_many_outputs": Msg(
        "notation.lab.program.too_many_outputs",
        "Программа, строка {line}: больше {max} выводов",
        "Program, line {line}: more than {max} outputs",
    ),
    "too_many_outcomes": Msg(
        "notation.lab.program.too_many_outcomes",
        "Программа, строка {line}: у вывода {label} больше {max} исходов",
        "Program, line {line}: the output {label} has more than {max} outcomes",
    ),
    "too_long": Msg(
        "notation.lab.program.too_long",
        "Программа длиннее {max} символов",
        "The program is longer than {max} characters",
    ),
    "too_large": Msg(
        "notation.lab.program.too_large",
        "Выводы программы слишком велики: {size} символов, а можно не больше {max} (меньше исходов или выводов)",
        "The program's outputs are too large: {size} characters, at most {max} (fewer outcomes or outputs)",
    ),
}
SHARE = Msg("notation.lab.share", "Копировать ссылку на лабораторию", "Copy a link to the lab")
COPY_TEXT = Msg("notation.lab.copy_text", "Копировать как текст", "Copy as text")
SHARE_OFFLINE = Msg(
    "notation.lab.share_offline",
    "Ссылке нужна страница на сайте: из сохранённого файла (file://) её не открыть на другом компьютере. "
    "Скопируйте лабораторию как текст (кнопка рядом).",
    "A link needs the hosted page: one made from the saved file (file://) does not open on another computer. "
    "Copy the lab as text instead (the button next to this).",
)
NOTHING_TO_SHARE = Msg("notation.lab.nothing_to_share", "Лаборатория пуста.", "The lab is empty.")
TOO_BIG = Msg(
    "notation.lab.too_big",
    "Лаборатория слишком велика для ссылки; скопируйте её как текст.",
    "The lab is too big for a link; copy it as text instead.",
)
LINK_BROKEN = Msg(
    "notation.lab.link_broken",
    "Лаборатория из ссылки повреждена и не загружена.",
    "The lab in the link is damaged and was not loaded.",
)
