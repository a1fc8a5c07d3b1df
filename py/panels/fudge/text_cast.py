"""Messages of the FUDGE panel's characters in play (ids ``fudge.cast.*``): pickers, whose wounds,
the participants' table, buying success (seed 002 §1.9)."""

from kit.msg import Msg

BY_HAND = Msg("fudge.cast.by_hand", "— вручную —", "— by hand —")
WHOSE_WOUNDS = Msg("fudge.cast.whose_wounds", "Чьи раны", "Whose wounds")
PARTY = Msg("fudge.cast.party", "Участники боя", "Participants")
PARTY_EMPTY = Msg(
    "fudge.cast.party_empty",
    "Персонажей FUDGE пока нет: создайте их в разделе «Персонажи FUDGE».",
    "No FUDGE characters yet: create them under «Персонажи FUDGE» (FUDGE characters).",
)
NAME = Msg("fudge.cast.name", "Имя", "Name")
WOUND_STATE = Msg("fudge.cast.wound_state", "Состояние", "State")
CHIPS = Msg("fudge.cast.chips", "Фишки", "Chips")
POINTS = Msg("fudge.cast.points", "Очки", "Points")
NO_BOXES = Msg("fudge.cast.no_boxes", "без ячеек повреждений", "no wound boxes")
NO_TRACK = Msg(
    "fudge.cast.no_track",
    "У этого листа нет ячеек повреждений (или его уже нет в списке).",
    "This sheet has no wound boxes (or it is no longer in the list).",
)
TARGET_NO_TRACK = Msg(
    "fudge.cast.target_no_track",
    "У цели «{name}» нет ячеек повреждений: урон не отмечен.",
    "The target «{name}» has no wound boxes: no damage marked.",
)
TARGET_GONE = Msg(
    "fudge.cast.target_gone",
    "Цели атаки больше нет в списке: урон не отмечен.",
    "The attack's target is no longer in the list: no damage marked.",
)
NO_SKILL = Msg("fudge.cast.no_skill", "без навыка", "no skill")
BARE_HANDS = Msg("fudge.cast.bare_hands", "без оружия", "no weapon")

# buying success (§1.9 «на покупку успеха действий»)
BUY = Msg("fudge.cast.buy", "Купить успех", "Buy success")
PAY_WITH = Msg("fudge.cast.pay_with", "Чем платить", "Pay with")
PAY_CHIP = Msg("fudge.cast.pay_chip", "1 фишка FUDGE", "1 FUDGE chip")
PAY_POINT = Msg("fudge.cast.pay_point", "1 очко персонажа", "1 character point")
BUY_NEEDS_RESULT = Msg(
    "fudge.cast.buy_needs_result",
    "Сначала бросьте: покупать пока нечего.",
    "Roll first: there is nothing to buy yet.",
)
BUY_NEEDS_WHO = Msg(
    "fudge.cast.buy_needs_who",
    "Выберите персонажа в «Кто действует»: платит он.",
    "Pick a character in «Кто действует» (who acts): they pay.",
)
BUY_NOTHING_LEFT = Msg(
    "fudge.cast.buy_nothing_left",
    "У «{name}» нет {what}: баланс 0. Успех не куплен, лист не изменился.",
    "«{name}» has no {what} left (balance 0). No success bought; the sheet is unchanged.",
)
CHIPS_WORD = Msg("fudge.cast.chips_word", "фишек FUDGE", "FUDGE chips")
POINTS_WORD = Msg("fudge.cast.points_word", "очков персонажа", "character points")
BOUGHT = Msg(
    "fudge.cast.bought",
    "{name} покупает успех ({what}); осталось: {left}. Действие считается успешным (решение Мастера).",
    "{name} buys success ({what}); left: {left}. The action counts as a success (the GM's call).",
)
BUY_NOT_NEEDED = Msg(
    "fudge.cast.buy_not_needed",
    "Бросок уже успешен: покупать успех незачем.",
    "The roll already succeeded: there is no success to buy.",
)
BUY_ALREADY = Msg(
    "fudge.cast.buy_already",
    "Успех этого броска уже куплен.",
    "The success of this roll is already bought.",
)
BOUGHT_HIT = Msg(
    "fudge.cast.bought_hit",
    "{name} покупает успех ({what}); осталось: {left}. Атака считается попаданием с наименьшим успехом"
    " (S = {margin}): урон {damage}, попаданий {hits}; отметьте его в ранах.",
    "{name} buys success ({what}); left: {left}. The attack counts as a hit of the least success"
    " (S = {margin}): damage {damage}, hits {hits}; mark it on the wounds.",
)
BOUGHT_NOTE = Msg("fudge.cast.bought_note", "покупка успеха", "success bought")
