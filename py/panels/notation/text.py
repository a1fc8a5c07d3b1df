"""The notation panel's messages (ids ``notation.*``); ``notation.error.<code>`` words each
``rules.notation`` error code."""

from kit.msg import Msg

TITLE = Msg("notation.title", "Кубики любой системы", "Dice of any system")
HINT = Msg(
    "notation.hint",
    "Нотация Roll20, rpg-dice-roller и Foundry, кубики можно писать по-русски: 3к6, 4d6kh3, 2d20kl1+5, 8d10!, "
    "5d10>=8f1, {{1d20, 10}}kh, 4dF, gauss. Текст после # — подпись броска, она попадёт в журнал.",
    "Roll20, rpg-dice-roller and Foundry notation, dice in Russian too («3к6»): 4d6kh3, 2d20kl1+5, 8d10!, "
    "5d10>=8f1, {{1d20, 10}}kh, 4dF, gauss. Text after # is the roll's label; it goes into the log.",
)
EXPRESSION = Msg("notation.expression", "Выражение", "Expression")
PLACEHOLDER = Msg("notation.placeholder", "например, 4d6kh3 # сила", "e.g. 4d6kh3 # strength")
ROLL = Msg("notation.roll", "Бросить", "Roll")
ODDS_ONLY = Msg("notation.odds_only", "Только вероятности", "Odds only")
EXAMPLES = Msg("notation.examples", "Примеры", "Examples")
CHOOSE = Msg("notation.choose", "— выберите —", "— choose —")
PRESET_GAUSS = Msg("notation.preset.gauss", "gauss — GaussD20", "gauss — GaussD20")
PRESET_ROUND = Msg(
    "notation.preset.round",
    "round(3d20/3) — тот же GaussD20 через три d20",
    "round(3d20/3) — the same GaussD20 from three d20",
)
PRESET_6D3 = Msg("notation.preset.6d3", "6d3-12 — от −6 до +6", "6d3-12 — from −6 to +6")
PRESET_4DF = Msg("notation.preset.4df", "4dF — кубики Fudge", "4dF — Fudge dice")
PRESET_3DGF = Msg(
    "notation.preset.3dgf", "3dGF — грани −2, −1, 0, 0, 1, 2", "3dGF — faces −2, −1, 0, 0, 1, 2"
)
PRESET_VERSUS = Msg(
    "notation.preset.versus",
    "4d6 > 4d6 — первый бросок выше? (1 — да, 0 — нет)",
    "4d6 > 4d6 — is the first roll higher? (1 yes, 0 no)",
)
PRESET_BEST = Msg("notation.preset.best", "10d20kh1 — лучший из десяти d20", "10d20kh1 — best of ten d20")
PRESET_DROP = Msg(
    "notation.preset.drop", "20d6dl5 — 20d6 без пяти худших", "20d6dl5 — 20d6 without the five lowest"
)
PRESET_EXPLODE = Msg("notation.preset.explode", "8d10! — взрывающиеся d10", "8d10! — exploding d10")
PRESET_SUCCESS = Msg(
    "notation.preset.success",
    "5d10>=8 — число успехов (8 и выше)",
    "5d10>=8 — number of successes (8 or more)",
)
PRESET_ADVANTAGE = Msg("notation.preset.advantage", "2d20kh1+5 — преимущество", "2d20kh1+5 — advantage")
PRESET_RUSSIAN = Msg(
    "notation.preset.russian", "3к6 — три шестигранника по-русски", "«3к6» — three d6, written in Russian"
)
PRESET_POOL = Msg(
    "notation.preset.pool",
    "{{1d8!, 1d6!}}kh — лучший из двух взрывающихся (дикий кубик)",
    "{{1d8!, 1d6!}}kh — the better of two exploding dice (a wild die)",
)
PRESET_FAILURES = Msg(
    "notation.preset.failures",
    "10d10>=8f1 — успехи минус единицы",
    "10d10>=8f1 — successes minus the 1s",
)
LEGEND = Msg(
    "notation.legend",
    "Обозначения: зачёркнуто и ✗ — отброшен; ! — взорвался (дал ещё бросок); ↳ — добавлен взрывом; 1↻ — переброшена единица; ✓ — успех; "
    "⊖ — провал; ▲ и ▼ — критический успех и провал; ≡ — совпал с другими.",
    "Marks: struck through and ✗ — dropped; ! — exploded (gave another roll); ↳ — added by an explosion; "
    "1↻ — a 1 was rerolled; ✓ — success; ⊖ — failure; ▲ and ▼ — critical success and failure; ≡ — matches others.",
)
READINGS_TITLE = Msg("notation.readings_title", "Как прочитано", "How it was read")
EXACT_DISTRIBUTION = Msg("notation.exact_distribution", "Точное распределение", "Exact distribution")
PRESS_ROLL = Msg(
    "notation.press_roll", "Нажмите «Бросить» или «Только вероятности».", "Press “Roll” or “Odds only”."
)
ODDS_PENDING = Msg(
    "notation.odds_pending",
    "Точные вероятности считаются в фоне…",
    "The exact odds are being computed in the background…",
)
ODDS_STOPPED = Msg(
    "notation.odds_stopped",
    "Точные вероятности не посчитаны: расчёт остановлен.",
    "The exact odds were not computed: the computation was stopped.",
)
CSV_LABEL = Msg("notation.csv_label", "таблица для CSV", "the CSV table")
ODDS_LABEL = Msg("notation.odds_label", "точные вероятности «{expr}»", "the exact odds of «{expr}»")
ROLLED_LABEL = Msg(
    "notation.rolled_label", "точные вероятности прошлых бросков", "the exact odds of earlier rolls"
)
SHOW = Msg("notation.show", "Показать", "Show")
DOWNLOAD_CSV = Msg("notation.download_csv", "Скачать CSV", "Download CSV")
COPY_LINK = Msg("notation.copy_link", "Копировать ссылку", "Copy link")
ROLL_LOG = Msg("notation.roll_log", "Журнал бросков", "Roll log")
DOWNLOAD_LOG = Msg("notation.download_log", "Скачать журнал (.txt)", "Download log (.txt)")

# dynamic text
EMPTY = Msg("notation.empty", "Введите выражение, например 4d6kh3.", "Type an expression, e.g. 4d6kh3.")
ERROR_AT = Msg("notation.error_at", "Ошибка в символе {col}: {msg}", "Error at character {col}: {msg}")
REFUSED = Msg("notation.refused", "Точное распределение не считается: {msg}", "No exact distribution: {msg}")
MEAN = Msg("notation.mean", "Среднее", "Mean")
SD = Msg("notation.sd", "СКО", "SD")
MIN = Msg("notation.min", "Мин.", "Min")
MAX = Msg("notation.max", "Макс.", "Max")
OUTCOMES = Msg("notation.outcomes", "Исходов", "Outcomes")
DIST_STATUS = Msg(
    "notation.dist_status",
    "Распределение {expr}: среднее {mean}, СКО {sd}, от {lo} до {hi}.",
    "Distribution of {expr}: mean {mean}, SD {sd}, from {lo} to {hi}.",
)
ROLLED = Msg("notation.rolled", "выпало", "rolled")
DROPPED = Msg("notation.dropped", "отброшен", "dropped")
EXPLODED = Msg("notation.exploded", "взорвался", "exploded")
ADDED = Msg("notation.added", "добавлен взрывом", "added by an explosion")
REROLLED = Msg("notation.rerolled", "переброшен", "rerolled")
SUCCESS = Msg("notation.success", "успех", "success")
FAILURE = Msg("notation.failure", "провал", "failure")
CRITICAL_SUCCESS = Msg("notation.critical_success", "критический успех", "critical success")
CRITICAL_FAILURE = Msg("notation.critical_failure", "критический провал", "critical failure")
PENETRATED = Msg("notation.penetrated", "проникающий: на 1 меньше", "penetrating: one less")
MATCHED = Msg("notation.matched", "совпал с другими", "matches others")
AND_MORE = Msg("notation.and_more", "…и ещё {n}", "…and {n} more")
TAILS_CUT = Msg(
    "notation.tails_cut",
    "Значения от {lo} до {hi}; за их пределами вместе меньше 0,1 %, полный список — в таблице.",
    "Values {lo} to {hi}; the rest add up to less than 0.1 %; the table lists them all.",
)
BINNED = Msg(
    "notation.binned",
    "Один столбец — {w} подряд идущих значений (подпись — диапазон).",
    "One bar is {w} consecutive values (labelled with the range).",
)
HIGHLIGHTED = Msg("notation.highlighted", "Выпавшее значение выделено.", "The rolled value is highlighted.")
LOG_TITLE = Msg("notation.log_title", "Журнал бросков (нотация)", "Roll log (notation)")
SHOW_ALL = Msg("notation.show_all", "Показать все значения ({n})", "Show all values ({n})")
TABLE_PART = Msg(
    "notation.table_part",
    "Показаны значения от {lo} до {hi} ({shown} из {n}); остальные — в CSV или по кнопке.",
    "Values {lo} to {hi} shown ({shown} of {n}); the rest are in the CSV or behind the button.",
)
NO_DISTRIBUTION = Msg(
    "notation.no_distribution",
    "Нет распределения: сначала нажмите «Только вероятности».",
    "No distribution yet: press “Odds only” first.",
)
NOT_CURRENT = Msg(
    "notation.not_current",
    "В поле другое выражение: сначала нажмите «Бросить» или «Только вероятности».",
    "The field holds another expression: press “Roll” or “Odds only” first.",
)
BAD_VIEW = Msg("notation.bad_view", "Вид графика", "Chart view")

# rules.notation's errors and readings, worded (ERRORS, FORMS, READINGS, KINDS): panels.notation.text_errors
from panels.notation import lab_text  # noqa: E402,F401  (the lab's static ids are in the catalogue too)
from panels.notation.text_errors import (  # noqa: E402,F401
    ARITY_RANGE,
    ERRORS,
    FORMS,
    HINT_EXPECTED,
    HINT_INSTEAD,
    KINDS,
    READINGS,
    UNKNOWN_ERROR,
)

TAB_ROLL = Msg("notation.tab_roll", "Бросок", "Roll")
TAB_LAB = Msg("notation.tab_lab", "Лаборатория", "Lab")
TABLE_EXAMPLE = Msg("notation.table_example", "со стола: 6 5 1 3", "table: 6 5 1 3")
