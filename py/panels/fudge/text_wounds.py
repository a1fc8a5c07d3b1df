"""The FUDGE wounds, accumulators and scale sub-tools' messages (ids ``fudge.*``)."""

from kit.msg import Msg

# Wound rows and states (seed 002, 3.3), by the seed's Russian name.
TERMS = {
    ru: Msg(f"fudge.wound.{key}", ru, f"«{ru}» ({en})")
    for key, ru, en in (
        ("unhurt", "Невредим", "unhurt"),
        ("dead", "Мёртв", "dead"),
        ("scratch", "Царапина", "scratch"),
        ("light", "Лёгкое повреждение", "light wound"),
        ("medium", "Среднее повреждение", "medium wound"),
        ("heavy", "Тяжелое повреждение", "heavy wound"),
        ("incapacitated", "Выведен из строя", "incapacitated"),
        ("dying", "При смерти", "dying"),
    )
}

# --- wounds ---------------------------------------------------------------------------------------
WOUNDS = Msg("fudge.wounds", "Раны", "Wounds")
DAMAGE = Msg("fudge.damage", "Урон", "Damage")
MARK_DAMAGE = Msg("fudge.mark_damage", "Отметить урон", "Mark damage")
CLEAR_ALL = Msg("fudge.clear_all", "Очистить все раны", "Clear all wounds")
REVIVE = Msg("fudge.revive", "Снять «Мёртв»", "Undo «Мёртв» (dead)")
WOUND_BOXES = Msg("fudge.wound_boxes", "Ячейки повреждений", "Wound boxes")
STATE = Msg("fudge.state", "Состояние", "State")
PENALTY = Msg("fudge.penalty", "Штраф", "Penalty")
BOXES = Msg("fudge.boxes", "Ячейки", "Boxes")
WOUNDS_NOTE = Msg(
    "fudge.wounds_note",
    "Урон d отмечает ячейку в строке d (1 — царапина … 6 — при смерти), а если она занята — первую "
    "свободную ниже; урон 7+ или нет свободных ячеек — «Мёртв» (решение за Мастером).",
    "Damage d marks a box in row d (1: scratch … 6: dying), or the first free box below it; "
    "damage 7+ or no free box: «Мёртв» (dead; the GM decides).",
)
CLEAR = Msg("fudge.clear", "Снять", "Clear")
CLEAR_ROW = Msg("fudge.clear_row", "Снять: {box}", "Clear: {box}")
NO_EFFECT = Msg("fudge.no_effect", "нет эффекта", "no effect")
INCAPACITATED = Msg("fudge.incapacitated", "недееспособность", "incapacitated")
STATUS = Msg("fudge.status", "Состояние: {state}.", "State: {state}.")
STATUS_PENALTY = Msg(
    "fudge.status_penalty", "Состояние: {state}, штраф {penalty}.", "State: {state}, penalty {penalty}."
)
ALREADY_DEAD = Msg(
    "fudge.already_dead",
    "Персонаж уже «Мёртв»: снимите отметку «Мёртв» или очистите раны.",
    "The character is already «Мёртв» (dead): undo «Мёртв» or clear the wounds.",
)
NOTHING_MARKED = Msg("fudge.nothing_marked", "ничего не отмечено", "nothing marked")
NO_BOXES_LEFT = Msg(
    "fudge.no_boxes_left",
    "ячеек не осталось или урон 7+ — «Мёртв» (решение за Мастером)",
    "no boxes left or damage 7+: «Мёртв» (dead; the GM decides)",
)
MARKED_BOX = Msg("fudge.marked_box", "отмечено «{box}»", "marked {box}")
TOOK = Msg("fudge.took", "Урон {amount}: {what}.", "Damage {amount}: {what}.")
ROW_EMPTY = Msg("fudge.row_empty", "В строке «{box}» нет отмеченных ячеек.", "Row {box} has no marked boxes.")
ROW_CLEARED = Msg("fudge.row_cleared", "Снята одна ячейка «{box}».", "Cleared one box of {box}.")
ALL_CLEARED = Msg("fudge.all_cleared", "Все раны очищены.", "All wounds cleared.")
CLEARED_OF = Msg("fudge.cleared_of", "Раны очищены: {name}.", "Wounds cleared: {name}.")
CLEARED_BY_HAND = Msg(
    "fudge.cleared_by_hand", "Раны очищены (ручной трек).", "Wounds cleared (the track by hand)."
)
WOUNDS_BACK = Msg("fudge.wounds_back", "Очищенные раны возвращены.", "The cleared wounds are back.")
TRACK_GONE = Msg(
    "fudge.track_gone",
    "Этого персонажа больше нет в списке: раны вернуть некуда.",
    "That character is no longer in the list: there is no track to put the wounds back on.",
)
NOT_DEAD = Msg("fudge.not_dead", "Отметки «Мёртв» нет.", "There is no «Мёртв» (dead) mark.")
REVIVED = Msg(
    "fudge.revived", "Отметка «Мёртв» снята (решение Мастера).", "«Мёртв» (dead) undone (the GM's decision)."
)
NO_SUCH_ROW = Msg("fudge.no_such_row", "Нет такой строки ран.", "There is no such wound row.")

# --- accumulators ---------------------------------------------------------------------------------
ACC_TITLE = Msg("fudge.acc_title", "Накопители урона", "Damage accumulators")
ACC_NOTE = Msg(
    "fudge.acc_note",
    "Урон без учёта масштаба копится отдельно, пока не наберёт значение масштаба: тогда это 1 "
    "действительный урон. Изматывающий урон обменивается на обычный 1 к 4. Атака пополняет "
    "накопители сама; готовый урон отмечается в ранах по 1.",
    "Sub-scale damage is stored separately until it reaches the scale: then it is 1 real damage. "
    "Exhaustion damage trades for ordinary damage 1 for 4. An attack feeds the accumulators itself; "
    "converted damage is marked on the wounds 1 at a time.",
)
ACC_RATE = Msg("fudge.acc_rate", "Масштаб (разница)", "Scale (difference)")
SUB_SCALE = Msg("fudge.sub_scale", "Урон без учёта масштаба", "Sub-scale damage")
ADD_SUB_SCALE = Msg("fudge.add_sub_scale", "Добавить урон без учёта масштаба", "Add sub-scale damage")
EXHAUSTION = Msg("fudge.exhaustion", "Изматывающий урон", "Exhaustion damage")
ADD_EXHAUSTION = Msg("fudge.add_exhaustion", "Добавить изматывающий урон", "Add exhaustion damage")
ACC_APPLY = Msg("fudge.acc_apply", "Отметить готовый урон в ранах", "Mark converted damage on the wounds")
ACC_RESET = Msg("fudge.acc_reset", "Сбросить накопители", "Reset the accumulators")
ACCUMULATORS = Msg("fudge.accumulators", "Накопители", "Accumulators")
ACCUMULATOR = Msg("fudge.accumulator", "Накопитель", "Accumulator")
STORED = Msg("fudge.stored", "Накоплено", "Stored")
RATE = Msg("fudge.rate", "Курс", "Rate")
READY = Msg("fudge.ready", "Готово урона", "Damage ready")
SUB_SCALE_ROW = Msg("fudge.sub_scale_row", "Без учёта масштаба", "Sub-scale")
EXHAUSTION_ROW = Msg("fudge.exhaustion_row", "Изматывающий (1 к 4)", "Exhaustion (1 for 4)")
STORED_OF = Msg("fudge.stored_of", "{stored} из {rate}", "{stored} of {rate}")
RATE_TO_ONE = Msg("fudge.rate_to_one", "{rate} к 1", "{rate} to 1")
SCALE_MISMATCH = Msg(
    "fudge.scale_mismatch",
    "В накопителе уже {stored} при масштабе {rate}; сбросьте накопители, чтобы сменить масштаб на {new}.",
    "The accumulator already holds {stored} at scale {rate}; reset the accumulators to change the scale to {new}.",
)
TOO_MUCH_READY = Msg(
    "fudge.too_much_ready",
    "Готового урона больше {most}: сначала отметьте его в ранах.",
    "More than {most} converted damage: mark it on the wounds first.",
)
SUB_ADDED = Msg(
    "fudge.sub_added",
    "Урон без учёта масштаба +{amount} (масштаб {rate}).",
    "Sub-scale damage +{amount} (scale {rate}).",
)
EXH_ADDED = Msg(
    "fudge.exh_added",
    "Изматывающий урон +{amount} (1 к {rate}).",
    "Exhaustion damage +{amount} (1 for {rate}).",
)
SUB_FROM_ATTACK = Msg(
    "fudge.sub_from_attack",
    "Из атаки: урон без учёта масштаба +{amount} (масштаб {rate}).",
    "From the attack: sub-scale damage +{amount} (scale {rate}).",
)
EXH_FROM_ATTACK = Msg(
    "fudge.exh_from_attack",
    "Из атаки: изматывающий урон +{amount} (1 к {rate}).",
    "From the attack: exhaustion damage +{amount} (1 for {rate}).",
)
SUB_REFUSED = Msg(
    "fudge.sub_refused",
    "Из атаки урон без учёта масштаба {amount} не добавлен: {reason}",
    "Sub-scale damage {amount} from the attack was not added: {reason}",
)
EXH_REFUSED = Msg(
    "fudge.exh_refused",
    "Из атаки изматывающий урон {amount} не добавлен: {reason}",
    "Exhaustion damage {amount} from the attack was not added: {reason}",
)
PRODUCED = Msg("fudge.produced", "Получено действительного урона: {units}.", "Real damage produced: {units}.")
POOLS_SUMMARY = Msg(
    "fudge.pools_summary",
    "Накоплено: без учёта масштаба {sub} из {rate}, изматывающий {exh} из {exh_rate}; готово урона {units}.",
    "Stored: sub-scale {sub} of {rate}, exhaustion {exh} of {exh_rate}; damage ready {units}.",
)
NOTHING_READY = Msg(
    "fudge.nothing_ready",
    "Нет готового урона: накопители ещё не набрали ни одной единицы.",
    "No converted damage: the accumulators have not reached a full unit yet.",
)
FROM_POOLS = Msg(
    "fudge.from_pools",
    "Урон 1 × {units} из накопителей: {marked}.",
    "Damage 1 × {units} from the accumulators: {marked}.",
)
POOLS_MARKED = Msg(
    "fudge.pools_marked", "Готовый урон отмечен в ранах.", "Converted damage marked on the wounds."
)
POOLS_RESET = Msg("fudge.pools_reset", "Накопители сброшены.", "Accumulators reset.")

# --- scale, rapid fire, range ---------------------------------------------------------------------
SCALE_TITLE = Msg("fudge.scale_title", "Масштаб и очередь", "Scale and rapid fire")
GROUP_TITLE = Msg("fudge.group_title", "Численность группы", "Group headcount")
GROUP_SCALE = Msg("fudge.group_scale", "Масштаб группы", "Group scale")
GROUP_WOUND = Msg("fudge.group_wound", "Ранение группы", "Group wound")
GROUP_CALC = Msg("fudge.group_calc", "Пересчитать численность", "Recount the group")
RAPID_FIRE = Msg("fudge.rapid_fire", "Скорострельная атака", "Rapid fire")
BULLETS_FIRED = Msg("fudge.bullets_fired", "Выпущено пуль", "Bullets fired")
HITS_BY_MARGIN = Msg("fudge.hits_by_margin", "Попадания по величине успеха", "Hits by margin of success")
BULLETS_HIT_COL = Msg("fudge.bullets_hit_col", "Попало пуль", "Bullets hit")
BULLET_MARGIN = Msg("fudge.bullet_margin", "Успех для урона пули", "Margin for each bullet's damage")
RANGE_TITLE = Msg("fudge.range_title", "Штрафы за расстояние", "Range penalties")
RANGE_CAPTION = Msg(
    "fudge.range_caption",
    "Штраф к попаданию (прибавляется к итогу атаки)",
    "Penalty to hit (added to the attack total)",
)
DISTANCE = Msg("fudge.distance", "Дистанция", "Distance")
GROUP_RESULT = Msg(
    "fudge.group_result",
    "Масштаб {scale}: 1,2^{scale} = {power} → {count} чел. {wound} ({penalty}) → масштаб {after}: "
    "1,2^{after} = {after_power} → в строю остаётся {after_count} чел.",
    "Scale {scale}: 1.2^{scale} = {power} → {count} people. {wound} ({penalty}) → scale {after}: "
    "1.2^{after} = {after_power} → {after_count} people still standing.",
)
RANGE_BETWEEN = Msg("fudge.range_between", "{low}–{high} м", "{low}–{high} m")
RANGE_UP_TO = Msg("fudge.range_up_to", "до {limit} м", "up to {limit} m")
