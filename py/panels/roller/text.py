"""The roller's messages (ids ``roller.*``)."""

from kit.msg import Msg

TITLE = Msg("roller.title", "Бросок GaussD20", "GaussD20 roll")
HINT = Msg(
    "roller.hint",
    "GaussD20 = round(3d20 / 3): диапазон d20, но с «горбом» в центре. Удача 1…9 сдвигает результат на (удача − 5), в пределах 1…20.",
    "GaussD20 = round(3d20 / 3): the range of a d20 with a bell-shaped hump in the middle. "
    "Luck («удача») 1…9 shifts the result by (luck − 5), kept within 1…20.",
)
ROLL = Msg("roller.roll", "Бросить", "Roll")
CHART_CAPTION = Msg(
    "roller.chart_caption",
    "Точное распределение GaussD20 при выбранной удаче; выпавшее значение выделено.",
    "Exact GaussD20 distribution for the chosen luck; the rolled value is highlighted.",
)
CENTRE = Msg("roller.centre", "Попадание в центр", "Hitting the centre («попадание в центр»)")
WINDOW = Msg("roller.window", "Окно", "Window")
MONTE_CARLO = Msg(
    "roller.monte_carlo",
    "Таблицы в посте автора получены методом Монте-Карло, а его rnd20 выдаёт 1 и 20 вдвое реже остальных граней. Здесь вероятности точные, на честных d20: например, 9–12 — 43,25 %, а не 45 %.",
    "The author's tables are Monte-Carlo estimates, and his rnd20 gives 1 and 20 half as often as "
    "the other faces. These odds are exact, on fair d20s: 9–12, for example, is 43.25 %, not 45 %.",
)
HISTORY = Msg("roller.history", "История", "History")
LUCK = Msg("roller.luck", "Удача", "Luck")
LUCK_SHIFT = Msg("roller.luck_shift", "Сдвиг удачи: {shift}", "Luck shift: {shift}")
# the value first (a phone's action bar shows the line's start), then the dice it came from
ROLLED = Msg(
    "roller.rolled",
    "GaussD20: {base}. 3d20: {a} + {b} + {c} = {total}",
    "GaussD20: {base}. 3d20: {a} + {b} + {c} = {total}",
)
TYPED = Msg("roller.typed", "GaussD20 со стола: {base}", "GaussD20 from the table: {base}")
TYPED_LUCK = Msg(
    "roller.typed_luck",
    "GaussD20 со стола: {base}, с удачей {luck} ({shift}): {value}",
    "GaussD20 from the table: {base}, with luck {luck} ({shift}): {value}",
)
ROLLED_LUCK = Msg(
    "roller.rolled_luck",
    "GaussD20 с удачей {luck}: {value}. 3d20: {a} + {b} + {c} = {total} → {base}, удача {shift}",
    "GaussD20 with luck {luck}: {value}. 3d20: {a} + {b} + {c} = {total} → {base}, luck {shift}",
)
WHERE = Msg(
    "roller.where",
    "P(= {v}) = {eq}; P(≤ {v}) = {le}; P(≥ {v}) = {ge}",
    "P(= {v}) = {eq}; P(≤ {v}) = {le}; P(≥ {v}) = {ge}",
)
TABLE_EXAMPLE = Msg("roller.table_example", "со стола: 17 5 2 или =8", "table: 17 5 2 or =8")
