"""Threat dice calculator panel (seed 003, «Кубы угрозы»): bag, threshold, odds, forecast, journal.

Every change goes through one function of ``rules.threat`` and produces a new
state; the previous one is pushed on a bounded undo stack.  Inputs are all
validated before anything changes.  State, undo stack, journal and settings
live in localStorage under ``gm.threat.*``; anything unreadable falls back to
the defaults with a visible notice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import threat
from ui import dom, i18n
from ui import threat_view as view
from ui.chart import bar_chart
from ui.fmt import fixed, percent

STATE_KEY = "gm.threat.state"
UNDO_KEY = "gm.threat.undo"
JOURNAL_KEY = "gm.threat.journal"
SETTINGS_KEY = "gm.threat.settings"

# name, min, max, Russian name for messages
PARAMS = (
    ("light", 0, threat.MAX_LIGHT, "Светлые кубы"),
    ("dark", 0, threat.MAX_DARK, "Тёмные кубы"),
    ("base", 0, threat.MAX_THRESHOLD, "Базовый порог T₀"),
    ("t", 0, threat.MAX_THRESHOLD, "Текущий порог T"),
    ("step", 0, threat.MAX_STEP, "Шаг Δ"),
)
MODES = (
    ("stepped", "reset_mode"),
    ("two-dice", "two_dice"),
    ("exhaustible", "exhaustible"),
    ("paired", "paired_effects"),
)
CHIP_CLASSES = ("chip-dark-0", "chip-dark-1", "chip-dark-2", "chip-dark-3")
_MISSING = object()

_s: dict[str, Any] = {
    "state": view.default_state(),
    "undo": [],  # [{"state": dict, "journal": journal length after the action, or None}]
    "journal": [],  # [JournalEntry]
    "track": None,  # selected colour name
    "screen": False,
    "fc_roll": "normal",
    "last": None,  # last JournalEntry (for the announcement and the drawn dice)
    "notices": [],  # Russian notices about damaged saved data
}
# element id (or "error" for the panel's error box) -> (text shown, how to build it again in the page's language)
_shown: dict[str, tuple[str, Callable[[], str]]] = {}

i18n.register(
    {
        "Калькулятор угрозы": "Threat calculator (Кубы угрозы, threat dice)",
        "Мешок светлых и тёмных d20: событие угрозы — только если на тёмном кубе выпало строго меньше порога T. "
        "Безопасный тёмный результат (не 20) поднимает T на Δ, событие сбрасывает T к T₀.": (
            "A bag of light and dark d20s: a threat event happens only when a dark die shows strictly less "
            "than the threshold T. A safe dark result (not 20) raises T by Δ; an event resets T to T₀."
        ),
        "Режим ширмы": "Screen mode (режим ширмы)",
        "скрывает T₀, T, Δ, шансы, прогноз и журнал — экран можно повернуть к игрокам": (
            "hides T₀, T, Δ, the odds, the forecast and the journal, so you can turn the screen to the players"
        ),
        "Проверка": "Check",
        "С преимуществом": "With advantage",
        "С помехой": "With disadvantage",
        "Пополнить мешок": "Refill the bag",
        "Отменить": "Undo",
        "Проверок ещё не было.": "No checks yet.",
        "Записать бросок со стола": "Record a roll from the table",
        "Цвет оставленного куба": "Colour of the kept die",
        "Итоговое число (1–20)": "Final number (1–20)",
        "Записать": "Record",
        "Мешок и порог": "Bag and threshold",
        "Угроза (тёмный цвет)": "Threat (dark colour)",
        "Убрать цвет": "Remove colour",
        "Новый цвет": "New colour",
        "красный": "red",
        "Добавить цвет": "Add colour",
        "Светлые кубы (0–20)": "Light dice (0–20)",
        "Светлые кубы": "Light dice",
        "Тёмные кубы этого цвета (0–10)": "Dark dice of this colour (0–10)",
        "Тёмные кубы": "Dark dice",
        "Базовый порог T₀ (0–20)": "Base threshold T₀ (0–20)",
        "Базовый порог T₀": "Base threshold T₀",
        "Текущий порог T (0–20)": "Current threshold T (0–20)",
        "Текущий порог T": "Current threshold T",
        "Шаг Δ (0–5)": "Step Δ (0–5)",
        "Шаг Δ": "Step Δ",
        "Смена T₀ сдвигает T на ту же разницу; смена состава наполняет мешок заново. "
        "Тёмных кубов всех цветов вместе — не больше 10.": (
            "Changing T₀ shifts T by the same difference; changing the composition refills the bag. "
            "At most 10 dark dice of all colours together."
        ),
        "Сброс с шагом: T := T₀ + Δ": "Stepped reset: T := T₀ + Δ",
        "Режим двух кубов": "Two-dice mode",
        "Исчерпаемый мешок": "Exhaustible bag",
        "Парные эффекты": "Paired effects",
        "Шанс события на следующей проверке (точно)": "Chance of an event on the next check (exact)",
        "Прогноз: проверок до следующего события": "Forecast: checks until the next event",
        "Все проверки": "All checks",
        "обычные": "normal",
        "с преимуществом": "with advantage",
        "с помехой": "with disadvantage",
        "P(первое событие этого цвета — на проверке № k) для первых 20 проверок; параметры не меняются, "
        "T растёт на Δ.": (
            "P(the first event of this colour is on check no. k) for the first 20 checks; parameters stay "
            "fixed, T grows by Δ."
        ),
        "Таблица прогноза": "Forecast table",
        "Проверка №": "Check no.",
        "Журнал пуст.": "The log is empty.",
        "Копировать журнал": "Copy the log",
        "Скачать .txt": "Download .txt",
        # dynamic text (threat_view and this module)
        "светлый": "светлый (light)",
        "опасных результатов нет (при T ≤ 1 событий нет)": "no dangerous results (no events at T ≤ 1)",
        "опасен результат 1": "result 1 is dangerous",
        "опасны результаты 1–{last}": "results 1–{last} are dangerous",
        "Бросок со стола": "Table roll",
        "(два куба)": "(two dice)",
        "вытянуто": "drew",
        "оставлен": "kept",
        "СОБЫТИЕ УГРОЗЫ": "THREAT EVENT",
        "события нет": "no event",
        "пара тёмных": "dark pair",
        "пара светлых": "light pair",
        "мешок пополнен перед проверкой": "bag refilled first",
        "Событие угрозы!": "Threat event!",
        "Без события.": "No event.",
        "Осталось в мешке": "Left in the bag",
        "В мешке": "In the bag",
        "из": "of",
        "Итого": "Total",
        "Бросок": "Roll",
        "Обычная проверка": "Normal check",
        "* исчерпаемый мешок не обслужит такую проверку: шанс посчитан для пополненного мешка.": (
            "* the exhaustible bag cannot serve this check: the chance is for the refilled bag."
        ),
        "В исчерпаемом мешке шансы считаются по тому, что осталось.": (
            "In an exhaustible bag the odds use what remains."
        ),
        "Мешок пуст: добавьте светлые или тёмные кубы.": "The bag is empty: add light or dark dice.",
        "Событие цвета «{name}» невозможно: нет его кубов или Δ = 0 при T ≤ 1.": (
            "An event of colour «{name}» cannot happen: it has no dice, or Δ = 0 with T ≤ 1."
        ),
        "Прогноз для исчерпаемого мешка такого размера слишком долго считать в браузере "
        "(оценка {cost} > {budget}). Уменьшите число кубов или поднимите T₀/Δ.": (
            "The forecast for an exhaustible bag this large takes too long in the browser "
            "(estimate {cost} > {budget}). Use fewer dice or raise T₀/Δ."
        ),
        "Цвет «{name}»: в среднем {mean} проверок до события; P(за 5 проверок) = {p5}; "
        "P(за 10) = {p10}; P(позже 20-й) = {tail}.": (
            "Colour «{name}»: {mean} checks until the event on average; P(within 5 checks) = {p5}; "
            "P(within 10) = {p10}; P(after the 20th) = {tail}."
        ),
        "Сохранённое состояние калькулятора угрозы повреждено — восстановлены значения по умолчанию.": (
            "The saved threat calculator state was damaged; the defaults are restored."
        ),
        "Сохранённый журнал угрозы повреждён — журнал очищен.": "The saved threat log was damaged; it was cleared.",
        "Сохранённый список отмены повреждён — он очищен.": "The saved undo list was damaged; it was cleared.",
        "Отменять нечего.": "Nothing to undo.",
        "Отменено: T {name} = {t}.": "Undone: T {name} = {t}.",
        "Отменено.": "Undone.",
        "Мешок пополнен.": "The bag is refilled.",
        "Журнал пуст — нечего копировать.": "The log is empty: nothing to copy.",
        "Файл журнала готов.": "The log file is ready.",
        "Цвет «{name}» добавлен.": "Colour «{name}» added.",
        "Цвет «{name}» убран.": "Colour «{name}» removed.",
        view.DEFAULT_NAME: f"{view.DEFAULT_NAME} (dark)",
        "Итоговое число": "Final number",
        "Тип проверок": "Kind of checks",
        "Тёмных кубов всех цветов вместе не больше {max}: у других цветов уже {other}, для этого можно до {left}.": (
            "At most {max} dark dice of all colours together: the other colours have {other}, this one can have "
            "up to {left}."
        ),
        "Цвет куба: выберите цвет из списка.": "Colour of the die: pick a colour from the list.",
        "Такого цвета нет.": "There is no such colour.",
        "Новый цвет: введите название, например «красный».": "New colour: type a name, e.g. “red”.",
        "Новый цвет: не длиннее {max} символов.": "New colour: at most {max} characters.",
        "Цвет «{name}» уже есть (или зарезервирован для светлых кубов).": (
            "Colour «{name}» already exists (or is reserved for the light dice)."
        ),
        "Не больше {max} тёмных цветов в одном мешке.": "At most {max} dark colours in one bag.",
        "Нужен хотя бы один тёмный цвет; чтобы убрать его кубы, поставьте 0 тёмных.": (
            "At least one dark colour is needed; to remove its dice, set 0 dark dice."
        ),
    }
)


def _tf(template: str, /, **values: object) -> str:
    return i18n.t(template).format(**values)


def _label(colour: str) -> str:
    """A colour as shown: light and the default dark colour glossed in English, a user's name as typed."""
    return view.colour_label(colour, i18n.t)


def _show(element_id: str, build: Callable[[], str]) -> None:
    """Show ``build()`` in an element and remember how to word it again after a language switch."""
    text = build()
    dom.set_text(element_id, text)
    _shown[element_id] = (text, build)


def _fail(template: str, /, **values: object) -> dom.InputError:
    """A bad-input error whose message is re-worded on a language switch while it is shown."""

    def build() -> str:
        return _tf(template, **values)

    _shown["error"] = (build(), build)
    return dom.InputError(_shown["error"][0])


def _read_int(element_id: str, low: int, high: int, label: str) -> int:
    """``dom.read_int`` with the field named in the page's language; its message is re-worded too."""

    def build() -> str:
        try:
            dom.read_int(element_id, low, high, i18n.t(label))
        except dom.InputError as error:
            return str(error)
        return ""

    try:
        return dom.read_int(element_id, low, high, i18n.t(label))
    except dom.InputError as error:
        _shown["error"] = (str(error), build)
        raise


# --------------------------------------------------------------------------- storage


def _load(key: str) -> tuple[Any, bool]:
    """(value or _MISSING, corrupted?): unreadable JSON counts as corrupted, absence does not."""
    value = dom.load_json(key, _MISSING)
    if value is _MISSING:
        return _MISSING, dom.has_saved(key)
    return value, False


def _load_saved(key: str, parse: Callable[[Any], Any], default: Any, notices: list[str], notice: str) -> Any:
    """The saved value under ``key`` parsed, or ``default`` (with ``notice``) if it is unreadable."""
    raw, bad = _load(key)
    if raw is not _MISSING:
        try:
            return parse(raw)
        except ValueError:
            bad = True
    if bad:
        notices.append(notice)
    return default


def _save() -> None:
    dom.save_json(STATE_KEY, _s["state"].to_dict())
    dom.save_json(UNDO_KEY, _s["undo"])
    dom.save_json(JOURNAL_KEY, [e.to_dict() for e in _s["journal"]])
    _save_settings()


def _save_settings() -> None:
    dom.save_json(SETTINGS_KEY, {"screen": _s["screen"], "track": _s["track"], "fc_roll": _s["fc_roll"]})


def _restore() -> list[str]:
    """Load everything saved; return the notices for whatever had to be dropped."""
    notices = []
    state = _load_saved(
        STATE_KEY,
        view.load_state,
        view.default_state(),
        notices,
        "Сохранённое состояние калькулятора угрозы повреждено — восстановлены значения по умолчанию.",
    )
    journal: list[threat.JournalEntry] = _load_saved(
        JOURNAL_KEY, view.load_journal, [], notices, "Сохранённый журнал угрозы повреждён — журнал очищен."
    )
    undo: list[dict[str, Any]] = _load_saved(
        UNDO_KEY, view.load_undo, [], notices, "Сохранённый список отмены повреждён — он очищен."
    )
    settings, _ = _load(SETTINGS_KEY)
    if not isinstance(settings, dict):
        settings = {}
    _s.update(state=state, journal=journal, undo=undo)
    _s["screen"] = settings.get("screen") is True
    _s["fc_roll"] = settings.get("fc_roll") if settings.get("fc_roll") in threat.ROLLS else "normal"
    names = [t.name for t in state.tracks]
    _s["track"] = settings.get("track") if settings.get("track") in names else names[0]
    return notices


# --------------------------------------------------------------------------- changing state


def _commit(new: threat.BagState, entry: threat.JournalEntry | None = None) -> None:
    """Make ``new`` the state (pushing the old one on the undo stack), log ``entry``, save, render."""
    old = _s["state"]
    if new == old and entry is None:
        return
    if entry is not None:
        _s["journal"] = [*_s["journal"], entry][-view.JOURNAL_SIZE :]
        _s["last"] = entry
    mark = len(_s["journal"]) if entry is not None else None
    _s["undo"] = [*_s["undo"], {"state": old.to_dict(), "journal": mark}][-view.UNDO_SIZE :]
    _s["state"] = new
    if _s["track"] not in [t.name for t in new.tracks]:
        _s["track"] = new.tracks[0].name
    _save()
    render()


def _int(name: str) -> int:
    _, low, high, label = next(p for p in PARAMS if p[0] == name)
    return _read_int(f"threat-{name}", low, high, label)


def _from_inputs() -> threat.BagState:
    """The state the parameter fields and mode switches ask for; validated, nothing changed yet."""
    state: threat.BagState = _s["state"]
    track = _s["track"]
    current = state.track(track)
    values = {name: _int(name) for name, *_ in PARAMS}
    other_dark = state.dark - current.dice
    if other_dark + values["dark"] > threat.MAX_DARK:
        raise _fail(
            "Тёмных кубов всех цветов вместе не больше {max}: у других цветов уже {other}, для этого можно до {left}.",
            max=threat.MAX_DARK,
            other=other_dark,
            left=threat.MAX_DARK - other_dark,
        )
    new = threat.set_composition(state, light=values["light"], dark=values["dark"], track=track)
    if values["base"] != current.base:
        new = threat.set_base_threshold(new, values["base"], track)
    if values["t"] != current.threshold:
        new = threat.set_threshold(new, values["t"], track)
    if values["step"] != current.step:
        new = threat.set_step(new, values["step"], track)
    return threat.set_modes(
        new,
        reset_mode="stepped" if dom.by_id("threat-stepped").checked else "full",
        two_dice=bool(dom.by_id("threat-two-dice").checked),
        exhaustible=bool(dom.by_id("threat-exhaustible").checked),
        paired_effects=bool(dom.by_id("threat-paired").checked),
    )


def _apply_inputs(_event: Any = None) -> None:
    _commit(_from_inputs())


def _do_check(roll: str) -> None:
    state = _from_inputs()
    if state.size == 0:
        raise _fail("Мешок пуст: добавьте светлые или тёмные кубы.")
    if state != _s["state"]:
        _commit(state)
    result = threat.check(state, dom.app_rng, roll)
    _commit(result.state, result.entry)


@dom.handler("click", "#threat-check")
def on_check(_event: Any) -> None:
    _do_check("normal")


@dom.handler("click", "#threat-adv")
def on_advantage(_event: Any) -> None:
    _do_check("advantage")


@dom.handler("click", "#threat-dis")
def on_disadvantage(_event: Any) -> None:
    _do_check("disadvantage")


@dom.handler("click", "#threat-record")
def on_record(_event: Any) -> None:
    state = _from_inputs()
    colour = str(dom.by_id("threat-rec-colour").value)
    if colour not in state.colours:
        raise _fail("Цвет куба: выберите цвет из списка.")
    number = _read_int("threat-rec-number", 1, 20, "Итоговое число")
    if state != _s["state"]:
        _commit(state)
    result = threat.record(state, colour, number)
    _commit(result.state, result.entry)


@dom.handler("click", "#threat-refill")
def on_refill(_event: Any) -> None:
    state = _from_inputs()
    _commit(threat.refill(state))
    _show("threat-result", lambda: i18n.t("Мешок пополнен."))


@dom.handler("click", "#threat-undo")
def on_undo(_event: Any) -> None:
    if not _s["undo"]:
        raise _fail("Отменять нечего.")
    item = _s["undo"][-1]
    previous = view.load_state(item["state"])
    _s["undo"] = _s["undo"][:-1]
    if item["journal"] is not None and item["journal"] == len(_s["journal"]):
        _s["journal"] = _s["journal"][:-1]
    _s["last"] = None
    _s["state"] = previous
    if _s["track"] not in [t.name for t in previous.tracks]:
        _s["track"] = previous.tracks[0].name
    _save()
    render()
    track = previous.track(_s["track"])
    if _s["screen"]:
        _show("threat-result", lambda: i18n.t("Отменено."))
    else:
        _show(
            "threat-result",
            lambda: _tf("Отменено: T {name} = {t}.", name=_label(track.name), t=track.threshold),
        )


@dom.handler("change", "#threat-track")
def on_track(_event: Any) -> None:
    name = str(dom.by_id("threat-track").value)
    if name not in [t.name for t in _s["state"].tracks]:
        raise _fail("Такого цвета нет.")
    _s["track"] = name
    _save_settings()
    render()


@dom.handler("click", "#threat-add-track")
def on_add_track(_event: Any) -> None:
    state = _from_inputs()
    name = " ".join(str(dom.by_id("threat-new-name").value).split())
    if not name:
        raise _fail("Новый цвет: введите название, например «красный».")
    if len(name) > threat.MAX_NAME:
        raise _fail("Новый цвет: не длиннее {max} символов.", max=threat.MAX_NAME)
    taken = {c.casefold() for c in state.colours} | {
        "светлый",
        "светлые",
        view.colour_label(threat.LIGHT).casefold(),
    }
    if name.casefold() in taken:
        raise _fail("Цвет «{name}» уже есть (или зарезервирован для светлых кубов).", name=name)
    if len(state.tracks) >= threat.MAX_TRACKS:
        raise _fail("Не больше {max} тёмных цветов в одном мешке.", max=threat.MAX_TRACKS)
    dice = 1 if state.dark < threat.MAX_DARK else 0
    new = threat.add_track(state, name, dice=dice, base=5, step=1)
    _s["track"] = name
    dom.by_id("threat-new-name").value = ""
    _commit(new)
    _show("threat-result", lambda: _tf("Цвет «{name}» добавлен.", name=name))


@dom.handler("click", "#threat-remove-track")
def on_remove_track(_event: Any) -> None:
    state = _from_inputs()
    name = _s["track"]
    if len(state.tracks) == 1:
        raise _fail("Нужен хотя бы один тёмный цвет; чтобы убрать его кубы, поставьте 0 тёмных.")
    new = threat.remove_track(state, name)
    _s["track"] = new.tracks[0].name
    _commit(new)
    _show("threat-result", lambda: _tf("Цвет «{name}» убран.", name=_label(name)))


@dom.handler("change", "#threat-screen")
def on_screen(_event: Any) -> None:
    _s["screen"] = bool(dom.by_id("threat-screen").checked)
    _save_settings()
    render()


@dom.handler("change", "#threat-fc-roll")
def on_forecast_roll(_event: Any) -> None:
    _s["fc_roll"] = dom.read_choice("threat-fc-roll", threat.ROLLS, i18n.t("Тип проверок"))
    _save_settings()
    render_forecast()


@dom.handler("click", "#threat-journal-copy")
def on_journal_copy(_event: Any) -> None:
    if not _s["journal"]:
        _show("threat-journal-status", lambda: i18n.t("Журнал пуст — нечего копировать."))
        return
    dom.copy_text(_journal_text(), "threat-journal-status")


@dom.handler("click", "#threat-journal-download")
def on_journal_download(_event: Any) -> None:
    if not _s["journal"]:
        _show("threat-journal-status", lambda: i18n.t("Журнал пуст — нечего копировать."))
        return
    dom.download_text("threat-journal.txt", _journal_text())
    _show("threat-journal-status", lambda: i18n.t("Файл журнала готов."))


@dom.handler("click", "#threat-journal-clear")
def on_journal_clear(_event: Any) -> None:
    _s["journal"] = []
    # undo no longer pops journal lines that are gone
    _s["undo"] = [{"state": u["state"], "journal": None} for u in _s["undo"]]
    _save()
    render_journal()
    _show("threat-journal-status", lambda: i18n.t("Журнал очищен."))


def _journal_text() -> str:
    return (
        "\n".join(f"{i}. {view.journal_line(e, i18n.t)}" for i, e in enumerate(_s["journal"], start=1)) + "\n"
    )


def _sync_field(name: str, source: str) -> None:
    """Copy a slider to its number field (or back) while the user drags/types; no state change."""
    target = f"threat-{name}" if source.endswith("-range") else f"threat-{name}-range"
    _, low, high, _label = next(p for p in PARAMS if p[0] == name)
    raw = str(dom.by_id(source).value).strip()
    if raw.isdigit() and low <= int(raw) <= high:
        dom.by_id(target).value = raw


# --------------------------------------------------------------------------- rendering


def _chip(colour: str, state: threat.BagState, *, used: bool = False, text: str = "") -> Any:
    cls = (
        "chip chip-light"
        if colour == threat.LIGHT
        else "chip " + CHIP_CLASSES[state.colours.index(colour) - 1]
    )
    return dom.make(
        "span", text, cls=cls + (" chip-used" if used else ""), title=view.colour_label(colour, i18n.t)
    )


def render_fields() -> None:
    state: threat.BagState = _s["state"]
    track = state.track(_s["track"])
    values = {
        "light": state.light,
        "dark": track.dice,
        "base": track.base,
        "t": track.threshold,
        "step": track.step,
    }
    for name, value in values.items():
        dom.by_id(f"threat-{name}").value = str(value)
        dom.by_id(f"threat-{name}-range").value = str(value)
    dom.by_id("threat-stepped").checked = state.reset_mode == "stepped"
    dom.by_id("threat-two-dice").checked = state.two_dice
    dom.by_id("threat-exhaustible").checked = state.exhaustible
    dom.by_id("threat-paired").checked = state.paired_effects
    dom.by_id("threat-screen").checked = _s["screen"]
    dom.by_id("threat-fc-roll").value = _s["fc_roll"]
    for select_id, colours in (("threat-track", state.colours[1:]), ("threat-rec-colour", state.colours)):
        select = dom.by_id(select_id)
        previous = str(select.value)
        dom.clear(select)
        for colour in colours:
            select.append(dom.make("option", view.colour_label(colour, i18n.t), value=colour))
        select.value = (
            _s["track"] if select_id == "threat-track" else (previous if previous in colours else _s["track"])
        )


def render_status() -> None:
    state: threat.BagState = _s["state"]
    track = state.track(_s["track"])
    dom.set_text("threat-t-colour", _label(track.name))
    dom.set_text("threat-t-big", str(track.threshold))
    dom.set_text("threat-danger", view.danger_text(track.threshold, i18n.t))
    tracks = dom.by_id("threat-tracks")
    dom.clear(tracks)
    for t in state.tracks:
        item = dom.make("li")
        item.append(_chip(t.name, state))
        item.append(dom.make("span", f" {_label(t.name)}: T = {t.threshold} (T₀ = {t.base}, Δ = {t.step})"))
        tracks.append(item)
    bag = dom.by_id("threat-bag")
    dom.clear(bag)
    for colour, left, total in zip(state.colours, state.left, state.composition, strict=True):
        for index in range(total):
            bag.append(_chip(colour, state, used=index >= left))
    dom.set_text("threat-bag-text", view.bag_text(state, i18n.t))
    drawn = dom.by_id("threat-drawn")
    dom.clear(drawn)
    last = _s["last"]
    if last is not None and all(
        c in state.colours for c in [d.colour for d in last.drawn] + [last.kept_colour]
    ):
        for die in last.drawn:
            for value in die.rolls:
                drawn.append(_chip(die.colour, state, text=str(value)))
        drawn.append(dom.make("span", "→", cls="arrow"))
        kept = _chip(last.kept_colour, state, text=str(last.kept_value))
        kept.classList.add("chip-kept")
        if last.event:
            kept.classList.add("chip-event")
        drawn.append(kept)
    dom.by_id("threat-undo").disabled = not _s["undo"]
    dom.by_id("threat").classList.toggle("screen-mode", _s["screen"])


def render_odds() -> None:
    state: threat.BagState = _s["state"]
    head, body = dom.by_id("threat-odds-head"), dom.by_id("threat-odds")
    dom.clear(head)
    dom.clear(body)
    odds = threat.next_event_odds(state)
    if odds is None:
        dom.set_text("threat-odds-note", i18n.t("Мешок пуст: добавьте светлые или тёмные кубы."))
        return
    several = len(state.tracks) > 1
    names = [_label(t.name) for t in state.tracks]
    head.append(dom.table_row(i18n.t("Бросок"), *(names if several else []), i18n.t("Итого"), header="col"))
    labels = {"normal": "Обычная проверка", "advantage": "С преимуществом", "disadvantage": "С помехой"}
    any_refill = False
    for item in odds:
        label = i18n.t(labels[item.roll]) + (" *" if item.refill else "")
        any_refill = any_refill or item.refill
        cells = [percent(p) for _, p in item.by_track] if several else []
        body.append(dom.table_row(label, *cells, percent(item.total)))
    note = ""
    if any_refill:
        note = i18n.t("* исчерпаемый мешок не обслужит такую проверку: шанс посчитан для пополненного мешка.")
    elif state.exhaustible:
        note = i18n.t("В исчерпаемом мешке шансы считаются по тому, что осталось.")
    dom.set_text("threat-odds-note", note)


def render_forecast() -> None:
    state: threat.BagState = _s["state"]
    chart, table = dom.by_id("threat-fc-chart"), dom.by_id("threat-fc-table")
    dom.clear(chart)
    dom.clear(table)
    if _s["screen"]:
        dom.set_text("threat-fc-summary", "")
        return  # hidden anyway: don't spend the time
    name = state.track(_s["track"]).name
    label = _label(name)
    cost = view.forecast_cost(state, name)
    if cost > view.FORECAST_BUDGET:
        dom.set_text(
            "threat-fc-summary",
            i18n.t(
                "Прогноз для исчерпаемого мешка такого размера слишком долго считать в браузере "
                "(оценка {cost} > {budget}). Уменьшите число кубов или поднимите T₀/Δ."
            ).format(cost=cost, budget=view.FORECAST_BUDGET),
        )
        return
    forecast = threat.checks_until_event_distribution(state, _s["fc_roll"], name, view.FORECAST_HORIZON)
    if forecast is None:
        dom.set_text(
            "threat-fc-summary",
            i18n.t("Событие цвета «{name}» невозможно: нет его кубов или Δ = 0 при T ≤ 1.").format(
                name=label
            ),
        )
        return
    cumulative = forecast.cumulative()
    dom.set_text(
        "threat-fc-summary",
        i18n.t(
            "Цвет «{name}»: в среднем {mean} проверок до события; P(за 5 проверок) = {p5}; "
            "P(за 10) = {p10}; P(позже 20-й) = {tail}."
        ).format(
            name=label,
            mean=fixed(forecast.mean),
            p5=percent(cumulative[4]),
            p10=percent(cumulative[9]),
            tail=percent(forecast.tail),
        ),
    )
    bar_chart(chart, [(str(k), p) for k, p in enumerate(forecast.probabilities, start=1)])
    for k, (p, c) in enumerate(zip(forecast.probabilities, cumulative, strict=True), start=1):
        table.append(dom.table_row(str(k), percent(p), percent(c)))


def render_journal() -> None:
    box = dom.by_id("threat-journal")
    dom.clear(box)
    for entry in reversed(_s["journal"]):
        item = dom.make("li", view.journal_line(entry, i18n.t))
        if entry.event:
            item.classList.add("threat-event")
        box.append(item)
    dom.by_id("threat-journal-empty").hidden = bool(_s["journal"])


def render_result() -> None:
    last = _s["last"]
    if last is not None:
        dom.announce("threat-result", view.announce_text(last, i18n.t, screen=_s["screen"]))


def render() -> None:
    render_fields()
    render_status()
    render_odds()
    render_forecast()
    render_journal()
    render_result()
    render_notices()


def render_notices() -> None:
    box = dom.by_id("threat-notice")
    box.textContent = " ".join(i18n.t(n) for n in _s["notices"])
    box.hidden = not _s["notices"]


def setup() -> None:
    _s["notices"] = _restore()
    if _s["notices"]:
        _save()  # replace the damaged data with what the page now shows
    for name, *_ in PARAMS:
        for suffix in ("", "-range"):
            source = f"threat-{name}{suffix}"
            dom.handler("input", f"#{source}")(lambda _e, n=name, s=source: _sync_field(n, s))
            dom.handler("change", f"#{source}")(_apply_inputs)
    for element_id, _field in MODES:
        dom.handler("change", f"#threat-{element_id}")(_apply_inputs)
    render()
    i18n.on_change(_on_language)


def _element(key: str) -> Any:
    return dom.by_id("threat").querySelector(".error") if key == "error" else dom.by_id(key)


def _on_language() -> None:
    """Re-render in the new language; messages and statuses still shown are re-worded too."""
    still = [key for key, (text, _) in _shown.items() if str(_element(key).textContent) == text]
    render()
    for key in still:
        text = _shown[key][1]()
        if text:  # an input error whose field has since been fixed keeps its wording
            _element(key).textContent = text
            _shown[key] = (text, _shown[key][1])
