"""GaussD20 roller panel: luck, roll, where the result sits, exact odds table, history."""

from __future__ import annotations

from typing import Any

from rules import dice, gauss
from ui import dom, i18n
from ui.chart import bar_chart
from ui.fmt import percent, signed
from ui.journal import Journal

history = Journal("gm.gauss.history", "gauss", size=20)
i18n.register(
    {
        "Бросок GaussD20": "GaussD20 roll",
        "GaussD20 = round(3d20 / 3): диапазон d20, но с «горбом» в центре. Удача 1…9 сдвигает результат на (удача − 5), в пределах 1…20.": (
            "GaussD20 = round(3d20 / 3): the range of a d20 with a bell-shaped hump in the middle. "
            "Luck (удача) 1…9 shifts the result by (luck − 5), kept within 1…20."
        ),
        "Бросить": "Roll",
        "Точное распределение GaussD20 при выбранной удаче; выпавшее значение выделено.": (
            "Exact GaussD20 distribution for the chosen luck; the rolled value is highlighted."
        ),
        "Точные вероятности": "Exact odds",
        "Значение": "Value",
        "Попадание в центр": "Hitting the centre (попадание в центр)",
        "Окно": "Window",
        "Вероятность": "Probability",
        "Таблицы в посте автора получены методом Монте-Карло, а его rnd20 выдаёт 1 и 20 вдвое реже остальных граней. Здесь вероятности точные, на честных d20: например, 9–12 — 43,25 %, а не 45 %.": (
            "The author's tables are Monte-Carlo estimates, and his rnd20 gives 1 and 20 half as often as "
            "the other faces. These odds are exact, on fair d20s: 9–12, for example, is 43.25 %, not 45 %."
        ),
        "История": "History",
        "невозможно": "impossible",
        "Сдвиг удачи": "Luck shift",
        "с удачей": "with luck",
        "Удача": "Luck",
    }
)
_state: dict[str, Any] = {"luck": gauss.NEUTRAL_LUCK, "last": None}


def _read_luck() -> int:
    return dom.read_int("gauss-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, i18n.t("Удача"))


def render_odds(luck: int) -> None:
    """Chart, value table and centre-window table for ``luck``."""
    dist = gauss.distribution(luck)
    last = _state["last"]
    highlight = str(last.value) if last is not None and last.luck == luck else None
    bar_chart(
        dom.by_id("gauss-chart"),
        [(str(k), dist.get(k, 0)) for k in range(gauss.VALUE_MIN, gauss.VALUE_MAX + 1)],
        highlight=highlight,
    )
    body = dom.by_id("gauss-odds")
    dom.clear(body)
    for k in range(gauss.VALUE_MIN, gauss.VALUE_MAX + 1):
        p = dist.get(k)
        if p is None:
            body.append(dom.table_row(str(k), i18n.t("невозможно"), "—", "—"))
        else:
            body.append(
                dom.table_row(
                    str(k), percent(p), percent(dice.at_most(dist, k)), percent(dice.at_least(dist, k))
                )
            )
    windows = dom.by_id("gauss-windows")
    dom.clear(windows)
    for low, high, p in gauss.centre_windows(luck)[:-1]:
        windows.append(dom.table_row(f"{low}–{high}", percent(p)))
    dom.set_text("gauss-luck-note", f"{i18n.t('Сдвиг удачи')}: {signed(luck - gauss.NEUTRAL_LUCK)}")


def _describe(roll: gauss.GaussRoll) -> str:
    a, b, c = roll.dice
    text = f"3d20: {a} + {b} + {c} = {roll.total} → GaussD20: {roll.base}"
    if roll.luck != gauss.NEUTRAL_LUCK:
        text += f", {i18n.t('с удачей')} {roll.luck} ({signed(roll.luck - gauss.NEUTRAL_LUCK)}): {roll.value}"
    return text


@dom.handler("change", "#gauss-luck")
def on_luck_change(_event: Any) -> None:
    luck = _read_luck()
    _state["luck"] = luck
    render_odds(luck)


@dom.handler("click", "#gauss-roll")
def on_roll(_event: Any) -> None:
    luck = _read_luck()
    roll = gauss.roll(dom.app_rng, luck)
    _state["luck"] = luck
    _state["last"] = roll
    render_odds(luck)
    dist = gauss.distribution(luck)
    for index, face in enumerate(roll.dice):
        dom.set_text(f"gauss-die-{index}", str(face))
    dom.set_text("gauss-value", str(roll.value))
    dom.set_text(
        "gauss-where",
        f"P(= {roll.value}) = {percent(dist[roll.value])}; "
        f"P(≤ {roll.value}) = {percent(dice.at_most(dist, roll.value))}; "
        f"P(≥ {roll.value}) = {percent(dice.at_least(dist, roll.value))}",
    )
    dom.announce("gauss-result", _describe(roll))
    history.add(lambda: _describe(roll))


@dom.handler("click", "#gauss-log-clear")
def on_history_clear(_event: Any) -> None:
    history.clear()


def setup() -> None:
    i18n.on_change(lambda: render_odds(_state["luck"]))
    render_odds(_state["luck"])
    history.render()
