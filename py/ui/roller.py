"""GaussD20 roller panel: luck, roll, where the result sits, exact odds table, history."""

from __future__ import annotations

from typing import Any

from rules import dice, gauss
from ui import dom
from ui.chart import bar_chart
from ui.fmt import percent, signed

HISTORY_KEY = "gm.gauss.history"
HISTORY_SIZE = 20
_state: dict[str, Any] = {"luck": gauss.NEUTRAL_LUCK, "last": None}


def _read_luck() -> int:
    return dom.read_int("gauss-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача")


def _cell_row(*cells: str) -> Any:
    row = dom.make("tr")
    for index, text in enumerate(cells):
        row.append(
            dom.make("th" if index == 0 else "td", text, scope="row") if index == 0 else dom.make("td", text)
        )
    return row


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
            body.append(_cell_row(str(k), "невозможно", "—", "—"))
        else:
            body.append(
                _cell_row(str(k), percent(p), percent(dice.at_most(dist, k)), percent(dice.at_least(dist, k)))
            )
    windows = dom.by_id("gauss-windows")
    dom.clear(windows)
    for low, high, p in gauss.centre_windows(luck)[:-1]:
        windows.append(_cell_row(f"{low}–{high}", percent(p)))
    dom.set_text("gauss-luck-note", f"Сдвиг удачи: {signed(luck - gauss.NEUTRAL_LUCK)}")


def _describe(roll: gauss.GaussRoll) -> str:
    a, b, c = roll.dice
    text = f"3d20: {a} + {b} + {c} = {roll.total} → GaussD20: {roll.base}"
    if roll.luck != gauss.NEUTRAL_LUCK:
        text += f", с удачей {roll.luck} ({signed(roll.luck - gauss.NEUTRAL_LUCK)}): {roll.value}"
    return text


def _render_history(entries: list[dict[str, Any]]) -> None:
    box = dom.by_id("gauss-history")
    dom.clear(box)
    for entry in entries:
        box.append(dom.make("li", str(entry.get("text", ""))))
    dom.by_id("gauss-history-empty").hidden = bool(entries)


def _load_history() -> list[dict[str, Any]]:
    saved = dom.load_json(HISTORY_KEY, [])
    if not isinstance(saved, list):
        return []
    return [entry for entry in saved if isinstance(entry, dict) and isinstance(entry.get("text"), str)][
        :HISTORY_SIZE
    ]


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
    text = _describe(roll)
    dom.announce("gauss-result", text)
    history = [{"text": text}, *_load_history()][:HISTORY_SIZE]
    dom.save_json(HISTORY_KEY, history)
    _render_history(history)


@dom.handler("click", "#gauss-history-clear")
def on_history_clear(_event: Any) -> None:
    dom.save_json(HISTORY_KEY, [])
    _render_history([])


def setup() -> None:
    render_odds(_state["luck"])
    _render_history(_load_history())
