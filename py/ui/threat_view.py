"""Pure helpers for the threat panel: default state, saved-data loading, text, forecast budget.

No browser imports, so the e2e tests can replay a session on CPython and build
the very journal lines the page shows.  ``tr`` is the translation function
(``ui.i18n.t`` in the page; the identity, i.e. Russian, by default).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import threat

__all__ = [
    "DEFAULT_NAME",
    "FORECAST_BUDGET",
    "FORECAST_HORIZON",
    "JOURNAL_SIZE",
    "UNDO_SIZE",
    "ROLL_LABELS",
    "announce_text",
    "bag_text",
    "colour_label",
    "danger_text",
    "default_state",
    "forecast_cost",
    "journal_line",
    "load_journal",
    "load_state",
    "load_undo",
]

DEFAULT_NAME = "тёмный"
UNDO_SIZE = 50
JOURNAL_SIZE = 500
FORECAST_HORIZON = 20
# Work units (bag remainders × T levels) above which an exhaustible-bag forecast is refused:
# measured ≤ 0.08 s on CPython at 2000, and Pyodide is 2–3× slower (see the panel docs).
FORECAST_BUDGET = 2000

ROLL_LABELS = {"normal": "Проверка", "advantage": "С преимуществом", "disadvantage": "С помехой"}

Tr = Callable[[str], str]


def _same(text: str) -> str:
    return text


def default_state() -> threat.BagState:
    """The seed's «Пример нарастания»: 5 light + 1 dark, T₀ = 5, Δ = 1, named in Russian."""
    return threat.new_state(light=5, dark=1, base=5, step=1, name=DEFAULT_NAME)


def load_state(raw: object) -> threat.BagState:
    """A saved state dict back to a state; ValueError on anything malformed."""
    return threat.BagState.from_dict(raw)


def load_undo(raw: object) -> list[dict[str, Any]]:
    """Saved undo entries ``{"state": dict, "journal": int | None}``; ValueError if malformed."""
    if not isinstance(raw, list):
        raise ValueError("undo stack must be a list")
    out = []
    for item in raw[-UNDO_SIZE:]:
        if not isinstance(item, dict) or set(item) != {"state", "journal"}:
            raise ValueError("undo entry must have state and journal")
        mark = item["journal"]
        if mark is not None and (isinstance(mark, bool) or not isinstance(mark, int) or mark < 0):
            raise ValueError("undo entry: bad journal mark")
        threat.BagState.from_dict(item["state"])
        out.append({"state": item["state"], "journal": mark})
    return out


def load_journal(raw: object) -> list[threat.JournalEntry]:
    """Saved journal lines; ValueError if malformed."""
    if not isinstance(raw, list):
        raise ValueError("journal must be a list")
    return [threat.JournalEntry.from_dict(item) for item in raw[-JOURNAL_SIZE:]]


def colour_label(colour: str, tr: Tr = _same) -> str:
    """«светлый» for the light dice, the default «тёмный» through ``tr`` (a gloss), a user's name as typed."""
    if colour == threat.LIGHT:
        return tr("светлый")
    return tr(DEFAULT_NAME) if colour == DEFAULT_NAME else colour


def danger_text(threshold: int, tr: Tr = _same) -> str:
    """Which results of a dark die cause an event at T (seed: 1…T−1)."""
    danger = threat.dangerous_results(threshold)
    if not danger:
        return tr("опасных результатов нет (при T ≤ 1 событий нет)")
    if len(danger) == 1:
        return tr("опасен результат 1")
    return tr("опасны результаты 1–{last}").format(last=danger[-1])


def journal_line(entry: threat.JournalEntry, tr: Tr = _same, *, screen: bool = False) -> str:
    """One journal line: dice drawn, the kept die, the event, and T before → after.

    ``screen`` leaves the thresholds out (for the screen mode announcement).
    """
    if entry.source == "record":
        head = tr("Бросок со стола")
    else:
        head = tr(ROLL_LABELS[entry.roll])
        if entry.mode == "two_dice":
            head += " " + tr("(два куба)")
        drew = ", ".join(f"{colour_label(d.colour, tr)} {'/'.join(map(str, d.rolls))}" for d in entry.drawn)
        head += ": " + tr("вытянуто") + " " + drew
    parts = [
        tr("оставлен") + f" {colour_label(entry.kept_colour, tr)} {entry.kept_value}",
        tr("СОБЫТИЕ УГРОЗЫ") if entry.event else tr("события нет"),
    ]
    if not screen:
        parts.append(
            ", ".join(
                f"{colour_label(name, tr)}: T {before} → {after}" for name, before, after in entry.thresholds
            )
        )
    if entry.pair:
        parts.append(tr("пара тёмных") if entry.pair == "dark" else tr("пара светлых"))
    if entry.refilled:
        parts.append(tr("мешок пополнен перед проверкой"))
    return head + "; " + "; ".join(parts)


def announce_text(entry: threat.JournalEntry, tr: Tr = _same, *, screen: bool = False) -> str:
    """The aria-live summary of one check: the verdict first, then the journal line."""
    verdict = tr("Событие угрозы!") if entry.event else tr("Без события.")
    return f"{verdict} {journal_line(entry, tr, screen=screen)}"


def bag_text(state: threat.BagState, tr: Tr = _same) -> str:
    """What is in the bag, per colour; for an exhaustible bag, what remains of the full set."""
    parts = []
    for colour, left, total in zip(state.colours, state.left, state.composition, strict=True):
        label = colour_label(colour, tr)
        parts.append(f"{label}: {left} {tr('из')} {total}" if state.exhaustible else f"{label}: {total}")
    head = tr("Осталось в мешке") if state.exhaustible else tr("В мешке")
    return f"{head} — " + ", ".join(parts) + "."


def forecast_cost(state: threat.BagState, track: str | None = None) -> int:
    """Rough work estimate for ``checks_until_event_distribution``: bag remainders × T levels.

    Only an exhaustible bag has many remainders; a plain bag is always cheap (a few ms).
    """
    if not state.exhaustible:
        return 0
    index = state.track_index(track)
    target = state.tracks[index]
    others = state.dark - target.dice
    levels, t = 1, target.threshold
    while target.step and t < threat.MAX_THRESHOLD:
        t = min(threat.MAX_THRESHOLD, t + target.step)
        levels += 1
    return (state.light + 1) * (target.dice + 1) * (others + 1) * levels
