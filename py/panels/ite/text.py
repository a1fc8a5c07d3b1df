"""The ITE panel's messages (ids ``ite.*``; seed 001). Seed terms stay Russian in English inside «…»."""

from kit.msg import Msg

# --- static markup -------------------------------------------------------------------------------
TITLE = Msg("ite.title", "ИТЭ — инициатива, точность, эффект", "ITE («ИТЭ») — initiative, accuracy, effect")
HINT = Msg(
    "ite.hint",
    "ИТЭ-1: успех, если Х + MкN + Мф ≥ УрС + M(N+1)/2 (константа кубиков может быть половинной: 3к6 → 10,5). "
    "ИТЭ-2: мера успеха t, d, e переносится от первого чека ко второму и от второго к третьему; "
    "успех — мера ≥ 0.",
    "ITE-1 («ИТЭ-1»): success when «Х» + MdN + «Мф» ≥ «УрС» + M(N+1)/2 («Х» a characteristic, MdN "
    "M dice with N faces, «Мф» a modifier, «УрС» the difficulty; the dice constant may be a half: "
    "3d6 → 10.5). ITE-2 («ИТЭ-2»): the margin t, d, e carries from the first check to the second and "
    "from the second to the third; success is a margin ≥ 0.",
)
PRESET = Msg("ite.preset", "Пример", "Preset")
PRESET_CUSTOM = Msg("ite.preset_custom", "— свой набор —", "— custom —")
PRESET_CRAFTING = Msg(
    "ite.preset_crafting",
    "Пример 1 из текста: изготовление изделия (ИТЭ-1)",
    "Seed example 1: crafting an item (ITE-1)",
)
PRESET_SWORD = Msg(
    "ite.preset_sword", "Пример 2 из текста: бой на мечах (ИТЭ-2)", "Seed example 2: sword fight (ITE-2)"
)
PRESET_CRITICAL = Msg(
    "ite.preset_critical",
    "Критическое попадание: новая ситуация чеков (ИТЭ-2)",
    "Critical hit: a new check situation (ITE-2)",
)
PRESET_SINGLE = Msg(
    "ite.preset_single", "Один чек ИТЭ-1: 3к6, константа 10,5", "One ITE-1 check: 3d6, constant 10.5"
)
ORDER = Msg("ite.order", "Порядок чеков", "Order of checks")
ORDERS = {
    "ITE": Msg("ite.order_ite", "И → Т → Эф", "Initiative → accuracy → effect"),
    "IET": Msg("ite.order_iet", "И → Эф → Т", "Initiative → effect → accuracy"),
    "TIE": Msg("ite.order_tie", "Т → И → Эф", "Accuracy → initiative → effect"),
    "TEI": Msg("ite.order_tei", "Т → Эф → И", "Accuracy → effect → initiative"),
    "EIT": Msg("ite.order_eit", "Эф → И → Т", "Effect → initiative → accuracy"),
    "ETI": Msg("ite.order_eti", "Эф → Т → И", "Effect → accuracy → initiative"),
}
LEGEND = {
    "I": Msg("ite.legend_i", "И-чек — чек на инициативу", "«И-чек» — the initiative check"),
    "T": Msg("ite.legend_t", "Т-чек — чек на точность", "«Т-чек» — the accuracy check"),
    "E": Msg("ite.legend_e", "Эф-чек — чек на эффект", "«Эф-чек» — the effect check"),
}
ROLL_THIS = Msg("ite.roll_this", "бросать этот чек", "roll this check")
X_LABEL = Msg("ite.x_label", "Х — характеристика", "«Х» — characteristic")
M_LABEL = Msg("ite.m_label", "M — кубиков", "M — dice")
N_LABEL = Msg("ite.n_label", "N — граней", "N — faces")
MOD_LABEL = Msg("ite.mod_label", "Мф — модификатор", "«Мф» — modifier")
DIF_LABEL = Msg("ite.dif_label", "УрС — сложность", "«УрС» — difficulty")
RIGHT_LABEL = Msg(
    "ite.right_label", "справа бросок MкN вместо константы", "roll MdN on the right instead of the constant"
)
CARRY_LABEL = Msg(
    "ite.carry_label", "+ мера успеха предыдущего чека (ИТЭ-2)", "+ the previous check's margin (ITE-2)"
)
GATE_LABEL = Msg("ite.gate_label", "провал останавливает цепочку", "a failure ends the chain")
CRITS = Msg("ite.crits", "Критикалы", "Criticals")
CRIT_NONE = Msg("ite.crit_none", "нет", "none")
CRIT_FACE_MODE = Msg("ite.crit_face_mode", "по выпавшей сумме MкN (ИТЭ-1)", "by the rolled MdN total (ITE-1)")
CRIT_MARGIN_MODE = Msg(
    "ite.crit_margin_mode", "по превышению над УрС (ИТЭ-2)", "by the margin over «УрС» (ITE-2)"
)
HIGH_FROM = Msg("ite.high_from", "высокий от", "high from")
LOW_UP_TO = Msg("ite.low_up_to", "низкий до", "low up to")
ALONE = Msg("ite.alone", "ИТЭ-1 отдельно: P(успех) =", "ITE-1 alone: P(success) =")
RATIO_LABEL = Msg("ite.ratio_label", "Вычислимая : случайная часть =", "Computed : random part =")
CRIT_NOTE = Msg(
    "ite.crit_note",
    "Критикалы по сумме: пустое поле — все кубики на максимуме (M·N) или на единице (M). По превышению: "
    "мера ≥ «высокий от» (больше 0) или ≤ «низкий до» (меньше 0), пустое поле — без этой границы. "
    "Критикал открывает новую ситуацию чеков.",
    "Criticals by the total: an empty field means all dice at maximum (M·N) or all at one (M). By the "
    "margin: margin ≥ “high from” (above 0) or ≤ “low up to” (below 0); an empty field switches that "
    "side off. A critical opens a new check situation.",
)
CALC = Msg("ite.calc", "Посчитать шансы", "Compute odds")
ROLL = Msg("ite.roll", "Бросить чеки", "Roll the checks")
ODDS_TITLE = Msg("ite.odds_title", "Шансы до броска", "Odds before the roll")
ODDS_CAPTION = Msg(
    "ite.odds_caption", "Точные вероятности по чекам цепочки", "Exact odds for each check of the chain"
)
CHECK = Msg("ite.check", "Чек", "Check")
REACHED = Msg("ite.reached", "дойдёт", "reached")
SUCCESS = Msg("ite.success", "успех", "success")
FAILURE = Msg("ite.failure", "провал", "failure")
SUCCESS_IF_REACHED = Msg("ite.success_if_reached", "успех, если дошли", "success if reached")
HIGH_CRIT_SHORT = Msg("ite.high_crit_short", "выс. критикал", "high critical")
LOW_CRIT_SHORT = Msg("ite.low_crit_short", "низк. критикал", "low critical")
CHART_CAPTION = Msg(
    "ite.chart_caption",
    "Вероятность успеха каждого чека в цепочке и всей цепочки (те же числа — в таблице).",
    "Success odds of each check in the chain and of the whole chain (the same numbers are in the table).",
)
ROLL_TITLE = Msg("ite.roll_title", "Бросок", "Roll")
ROLLS_CAPTION = Msg("ite.rolls_caption", "Чеки по порядку", "Checks in order")
LEFT_SIDE = Msg("ite.left_side", "Х + MкN + Мф", "«Х» + MdN + «Мф»")
RIGHT_SIDE = Msg("ite.right_side", "УрС + справа", "«УрС» + right side")
CARRIED = Msg("ite.carried", "перенос", "carried")
MARGIN = Msg("ite.margin", "мера успеха", "margin")
OUTCOME = Msg("ite.outcome", "итог", "outcome")

# --- what the view shows -------------------------------------------------------------------------
NAME = {
    "I": Msg("ite.name_i", "И-чек", "Initiative check («И-чек»)"),
    "T": Msg("ite.name_t", "Т-чек", "Accuracy check («Т-чек»)"),
    "E": Msg("ite.name_e", "Эф-чек", "Effect check («Эф-чек»)"),
}
SHORT = {
    "I": Msg("ite.short_i", "И", "Init."),
    "T": Msg("ite.short_t", "Т", "Acc."),
    "E": Msg("ite.short_e", "Эф", "Eff."),
}
ALL = Msg("ite.all", "всё", "all")
DICE = Msg("ite.dice", "{m}к{n}", "{m}d{n}")
FORMULA = Msg(
    "ite.formula",
    "{formula}; константа кубиков M(N+1)/2 = {constant}",
    "{formula}; dice constant M(N+1)/2 = {constant}",
)
SWITCHED_OFF = Msg("ite.switched_off", "чек выключен", "check switched off")
RATIO = Msg(
    "ite.ratio",
    "{computed} : {constant} ≈ {ratio} : 1 (сид советует около 2 : 1)",
    "{computed} : {constant} ≈ {ratio} : 1 (the seed suggests about 2 : 1)",
)
CHAIN_ODDS = Msg(
    "ite.chain_odds",
    "Вся цепочка: все чеки успешны — {all}; возникнет критикал (новая ситуация) — {crit}.",
    "Whole chain: every check succeeds — {all}; a critical arises (new situation) — {crit}.",
)
ODDS_PENDING = Msg(
    "ite.odds_pending",
    "Точные шансы этой цепочки считаются в фоне…",
    "The exact odds of this chain are being computed in the background…",
)
ODDS_STOPPED = Msg(
    "ite.odds_stopped",
    "Точные шансы не посчитаны: расчёт остановлен. «Посчитать шансы» — попробовать снова.",
    "The exact odds were not computed: the computation was stopped. “Compute odds” tries again.",
)
ODDS_LABEL = Msg("ite.odds_label", "точные шансы цепочки ИТЭ", "the exact odds of the ITE chain")
HIGH_CRIT = Msg("ite.high_crit", "высокий критикал", "high critical")
LOW_CRIT = Msg("ite.low_crit", "низкий критикал", "low critical")
NOT_ROLLED = Msg("ite.not_rolled", "не бросали", "not rolled")
NOT_ROLLED_STOPPED = Msg(
    "ite.not_rolled_stopped", "не бросали: цепочку остановил провал", "not rolled: a failure ended the chain"
)
CHAIN_ALL = Msg("ite.chain_all", "Цепочка: все чеки успешны.", "Chain: every check succeeded.")
CHAIN_NOT_ALL = Msg("ite.chain_not_all", "Цепочка: не все чеки успешны.", "Chain: not every check succeeded.")
NEW_SITUATION = Msg(
    "ite.new_situation",
    "Критикал: {checks}. Возникает новая ситуация чеков — она обкидывается по той же механике.",
    "Critical: {checks}. A new check situation arises — resolve it by the same mechanics.",
)
PICK_CRITICAL = Msg(
    "ite.pick_critical",
    "«Новая ситуация» заполняет её чеки: Т — насколько опасна зона, Эф — конкретный эффект.",
    "“New situation” fills its checks: «Т» — how dangerous the zone is, «Эф» — the exact effect.",
)
NEXT_SITUATION = Msg("ite.next_situation", "Новая ситуация", "New situation")
NO_CRITICAL = Msg(
    "ite.no_critical",
    "Новой ситуации нет: последний бросок без критикала.",
    "No new situation: the last roll had no critical.",
)
NEXT_STARTED = Msg(
    "ite.next_started",
    "Новая ситуация чеков после критикала: Т — опасность зоны, Эф — эффект. Кто действует и против кого — те же.",
    "A new check situation after the critical: «Т» — the zone's danger, «Эф» — the effect. Who acts and "
    "against whom stay.",
)
FILLED = Msg("ite.filled", "Форма заполнена: {name}.", "Form filled: {name}.")

# --- bad input -----------------------------------------------------------------------------------
FIELD_CRIT = Msg("ite.field_crit", "{check}, критикалы", "{check}, criticals")
FIELD_CRIT_FACE = Msg(
    "ite.field_crit_face", "{check}, критикал по сумме {dice}", "{check}, critical by the {dice} total"
)
FIELD_CRIT_MARGIN = Msg(
    "ite.field_crit_margin", "{check}, критикал по превышению", "{check}, critical by the margin"
)
FIELD_HIGH = Msg("ite.field_high", "{what} (высокий)", "{what} (high)")
FIELD_LOW = Msg("ite.field_low", "{what} (низкий)", "{what} (low)")
LOW_NOT_BELOW = Msg(
    "ite.low_not_below",
    "{what}: низкий ({low}) должен быть меньше высокого ({high}).",
    "{what}: the low bound ({low}) must be below the high one ({high}).",
)
NEED_BOUND = Msg(
    "ite.need_bound",
    "{what}: укажите хотя бы одну границу — «высокий от» или «низкий до».",
    "{what}: give at least one bound, “high from” or “low up to”.",
)
FIELD_X = Msg("ite.field_x", "{check}, Х", "{check}, «Х» (characteristic)")
FIELD_M = Msg("ite.field_m", "{check}, M (число кубиков)", "{check}, M (number of dice)")
FIELD_N = Msg("ite.field_n", "{check}, N (число граней)", "{check}, N (number of faces)")
FIELD_MOD = Msg("ite.field_mod", "{check}, Мф", "{check}, «Мф» (modifier)")
FIELD_DIF = Msg("ite.field_dif", "{check}, УрС", "{check}, «УрС» (difficulty)")
TOO_MANY = Msg(
    "ite.too_many",
    "{check}: {dice} — слишком много исходов для точного расчёта. Предел: M·(N−1) ≤ {limit}.",
    "{check}: {dice} has too many outcomes for an exact calculation. Limit: M·(N−1) ≤ {limit}.",
)
TOO_MANY_RIGHT = Msg(
    "ite.too_many_right",
    "{check}: {dice} с броском справа — слишком много исходов для точного расчёта. "
    "Предел: M·(N−1) ≤ {limit}, а с броском справа — вдвое меньше.",
    "{check}: {dice} with a roll on the right has too many outcomes for an exact calculation. "
    "Limit: M·(N−1) ≤ {limit}, and half that with a roll on the right.",
)
NONE_ON = Msg(
    "ite.none_on",
    "Включите хотя бы один чек: И, Т или Эф.",
    "Switch on at least one check: «И», «Т» or «Эф».",
)
CHAIN_TOO_BIG = Msg(
    "ite.chain_too_big",
    "Цепочка слишком велика для точного расчёта: сумма M·(N−1) по чекам (вдвое — с броском справа) "
    "равна {total}, предел {limit}. Уменьшите число кубиков или граней.",
    "The chain is too big for an exact calculation: the sum of M·(N−1) over the checks (doubled with "
    "a roll on the right) is {total}, the limit is {limit}. Use fewer dice or faces.",
)
# The checks' tabs on a phone (panels/ite/section.py)
TAB = {
    "I": Msg("ite.tab_i", "И-чек", "Initiative"),
    "T": Msg("ite.tab_t", "Т-чек", "Accuracy"),
    "E": Msg("ite.tab_e", "Эф-чек", "Effect"),
}
TABLE_EXAMPLE = Msg("ite.table_example", "со стола: 4 2; 6 1", "table: 4 2; 6 1")
