"""Messages of the journal's statistics (ids ``journal.stats_*``; imported by ``text``)."""

from kit.msg import Msg

ENTRIES_TAB = Msg("journal.entries_tab", "Записи", "Entries")
TAB = Msg("journal.stats_tab", "Статистика", "Statistics")
TITLE = Msg("journal.stats_title", "Статистика выбранных записей", "Statistics of the chosen entries")
HOW = Msg("journal.stats_how", "Как считается", "How it is counted")
HINT = Msg(
    "journal.stats_hint",
    "Считается по броскам, которые выбраны фильтрами (персонаж, панель, поиск) и сохранены как данные;"
    " скрытые записи не учитываются. Везение — где в точном распределении своего правила легли"
    " результаты: 50 % — обычная удача. Честность — критерий хи-квадрат для каждой кости:"
    " «подозрительно» при p < 0,1 %, «стоит присмотреться» при p < 1 %.",
    "Counted from the rolls the filters choose (character, panel, search) that are kept as data;"
    " hidden entries are left out. Luck: where the results fell in their rule's exact"
    " distribution, 50 % being average luck. Fairness: a chi-square test of each die:"
    " «suspicious» below p = 0.1 %, «worth a look» below 1 %.",
)
RUN = Msg("journal.stats_run", "Посчитать", "Count")
ASK = Msg(
    "journal.stats_ask",
    "Нажмите «Посчитать»: дальше статистика сама следует за фильтрами и новыми бросками.",
    "Press «Count»: from then on the statistics follow the filters and new rolls.",
)
COUNTED = Msg(
    "journal.stats_counted",
    "Бросков с данными: {rolls}; скрытых не учтено: {secret}.",
    "Rolls with data: {rolls}; hidden ones left out: {secret}.",
)
NONE = Msg(
    "journal.stats_none",
    "Среди выбранных записей нет бросков с данными (записи, сделанные до этой версии, хранят только текст).",
    "None of the chosen entries is a roll kept as data (entries made before this version keep text only).",
)
PENDING = Msg("journal.stats_pending", "Считаю…", "Counting…")
COUNTING = Msg("journal.stats_counting", "статистика журнала", "the journal's statistics")
STALE = Msg(
    "journal.stats_stale",
    "Это статистика до изменения фильтров или журнала: нажмите «Посчитать» ещё раз.",
    "These statistics are from before the filters or the journal changed: press «Count» again.",
)
HEAVY = Msg(
    "journal.stats_heavy",
    "Выбрано больше записей, чем страница держит: нажмите «Посчитать» — их посчитают в фоне по всему журналу.",
    "More entries are chosen than the page holds: press «Count» to have them counted in the background"
    " from the whole journal.",
)
FAILED = Msg("journal.stats_failed", "Статистика не посчитана.", "The statistics were not counted.")

LUCK = Msg("journal.stats_luck", "Везение", "Luck")
LUCKY = Msg(
    "journal.stats_lucky",
    "{who}: везёт — в среднем лучше {share} бросков (n = {n})",
    "{who}: lucky — on average better than {share} of rolls (n = {n})",
)
UNLUCKY = Msg(
    "journal.stats_unlucky",
    "{who}: не везёт — в среднем лучше лишь {share} бросков (n = {n})",
    "{who}: unlucky — on average better than only {share} of rolls (n = {n})",
)
EVEN = Msg(
    "journal.stats_even",
    "{who}: как обычно — в среднем лучше {share} бросков (n = {n})",
    "{who}: as usual — on average better than {share} of rolls (n = {n})",
)
LEAN = {
    "lucky": Msg("journal.stats_lean_lucky", "везёт", "lucky"),
    "unlucky": Msg("journal.stats_lean_unlucky", "не везёт", "unlucky"),
    "even": Msg("journal.stats_lean_even", "в пределах случая", "within chance"),
}
LUCK_MORE = Msg("journal.stats_luck_more", "По персонажам и правилам", "By character and rule")
NOBODY = Msg("journal.stats_nobody", "без персонажа", "no character")
EVERY_RULE = Msg("journal.stats_every_rule", "все правила", "every rule")
LUCK_COLUMNS = (
    Msg("journal.stats_col_who", "Персонаж", "Character"),
    Msg("journal.stats_col_rule", "Правило", "Rule"),
    Msg("journal.stats_col_n", "Бросков", "Rolls"),
    Msg("journal.stats_col_mean", "Лучше, чем", "Better than"),
    Msg("journal.stats_col_lean", "Вывод", "Verdict"),
)
LUCK_NOTE = Msg(
    "journal.stats_luck_note",
    "«Везёт» и «не везёт» — только когда среднее дальше двух стандартных отклонений от 50 %"
    " (для n бросков это 2/√(12n)); ближе — в пределах случая.",
    "«Lucky» and «unlucky» only where the mean lies over two standard deviations from 50 %"
    " (for n rolls, 2/√(12n)); nearer, it is within chance.",
)
NO_LUCK = Msg(
    "journal.stats_no_luck",
    "Везение считается по броскам, исходы которых упорядочены от худшего к лучшему; таких нет.",
    "Luck is counted from rolls whose outcomes run from worse to better; there are none.",
)

DICE = Msg("journal.stats_dice", "Честность кубиков", "Are the dice fair")
HAND = Msg("journal.stats_hand", "{die} со стола", "{die} from the table")
PAGE = Msg("journal.stats_page", "{die} страницы", "{die} of the page")
OFF = Msg(
    "journal.stats_off",
    "{die}: не проверено граней, которых у кости нет: {n}.",
    "{die}: faces such a die does not have, not tested: {n}.",
)
NO_DICE = Msg(
    "journal.stats_no_dice", "Кубиков среди выбранных бросков нет.", "No dice among the chosen rolls."
)

OUTCOMES = Msg("journal.stats_outcomes", "Исходы по правилам", "Outcomes by rule")
RULE_ROLLS = Msg("journal.stats_rule_rolls", "{rule}, бросков: {n}", "{rule}, rolls: {n}")
OUTCOME_COLUMNS = (
    Msg("journal.stats_col_outcome", "Исход", "Outcome"),
    Msg("journal.stats_col_came", "Выпало", "Came"),
    Msg("journal.stats_col_expected", "Ожидалось", "Expected"),
)
NO_ODDS_LINE = Msg(
    "journal.stats_no_odds_line",
    "«—»: ожидаемого числа нет — у {n} из {of} бросков больше {most} возможных итогов (как у 3d20"
    " или 200d6) или они записаны старой версией, и у них хранится вероятность только выпавшего итога.",
    "«—»: no expected count — {n} of {of} rolls have more than {most} possible totals (as 3d20 or"
    " 200d6 do) or were saved by an older version, and they keep the probability of the total that came only.",
)
NO_ODDS_OLD = Msg(
    "journal.stats_no_odds_old",
    "«—»: ожидаемого числа нет — {n} из {of} бросков записаны старой версией, которая хранила"
    " вероятность только выпавшего исхода.",
    "«—»: no expected count — {n} of {of} rolls were saved by an older version, which kept the"
    " probability of the outcome that came only.",
)
SUMMARY_TITLE = Msg("journal.summary_title", "Статистика", "Statistics")
SUMMARY_LUCK = (
    Msg("journal.summary_who", "Персонаж", "Character"),
    Msg("journal.summary_rolls", "Бросков", "Rolls"),
    Msg("journal.summary_better", "Лучше, чем", "Better than"),
    Msg("journal.summary_luck", "Везение", "Luck"),
)
SUMMARY_DICE = (
    Msg("journal.summary_die", "Кость", "Die"),
    Msg("journal.summary_dice", "Бросков", "Rolls"),
    Msg("journal.summary_p", "p", "p"),
    Msg("journal.summary_fair", "Честность", "Fairness"),
)


RULES = {
    "gauss.roll": Msg("journal.rule_gauss_roll", "Бросок GaussD20", "GaussD20 roll"),
    "gauss.skill": Msg("journal.rule_gauss_skill", "Проверка навыка", "Skill check"),
    "gauss.median": Msg("journal.rule_gauss_median", "Бросок медианы", "Median roll"),
    "gauss.madness": Msg("journal.rule_gauss_madness", "Проверка безумия", "Madness check"),
    "gauss.horror": Msg("journal.rule_gauss_horror", "Проверка ужаса", "Horror check"),
    "gauss.defence": Msg("journal.rule_gauss_defence", "Бросок защиты", "Defence roll"),
    "gauss.opposed": Msg("journal.rule_gauss_opposed", "Противопоставленная проверка", "Opposed check"),
    "gauss.combat": Msg("journal.rule_gauss_combat", "Бой GaussD20", "GaussD20 combat"),
    "ite.check": Msg("journal.rule_ite_check", "Чек ИТЭ", "ITE check"),
    "ite.chain": Msg("journal.rule_ite_chain", "Цепочка чеков ИТЭ", "ITE chain"),
    "fudge.roll": Msg("journal.rule_fudge_roll", "Кости FUDGE", "FUDGE dice"),
    "fudge.action": Msg("journal.rule_fudge_action", "Действие FUDGE", "FUDGE action"),
    "fudge.attack": Msg("journal.rule_fudge_attack", "Атака FUDGE", "FUDGE attack"),
    "threat.check": Msg("journal.rule_threat_check", "Проверка угрозы", "Threat check"),
    "notation": Msg("journal.rule_notation", "Кости (запись)", "Dice (notation)"),
}
