"""GaussD20 checks panel (issue #4): skill check, median roll, madness and horror series,
opposed check and combat with active defence, with a shared, persisted log.

Every handler reads and validates all of its inputs first, then calls ``rules.gauss`` and
renders; a bad input raises ``dom.InputError`` and leaves the page as it was.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules import gauss
from ui import dom, i18n
from ui.fmt import percent, signed
from ui.journal import Journal

LOG_KEY = "gm.checks.log"
SERIES_KEY = "gm.checks.series"
LOG_SIZE = 50
MOD_RANGE = (-30, 30)
SERIES_KINDS = (gauss.MADNESS, gauss.HORROR)

i18n.register(
    {
        "Проверки GaussD20": "GaussD20 checks",
        "Проверки из поста автора: навык, бросок медианы, безумие и ужас, противопоставленная проверка "
        "и бой с активной защитой. Все вероятности точные, на честных d20.": (
            "The checks of the seed post: skill, median roll, madness and horror, opposed check and combat "
            "with active defence. All odds are exact, on fair d20s."
        ),
        "Проверка навыка": "Проверка навыка (skill check)",
        "GaussD20 + уровень навыка + уровень сложности + ситуационные модификаторы. Модификаторы не "
        "выводят результат за 4…17; чистые 1–3 и 18–20 сдвигаются только к центру. Удача сдвигает сам "
        "кубик.": (
            "GaussD20 + skill level + difficulty + situational modifiers. Modifiers never carry a value past "
            "4…17; a pure 1–3 or 18–20 only moves towards the centre. Luck shifts the die itself."
        ),
        "Уровень навыка": "Skill level (умение)",
        "Сложность": "Difficulty (сложность)",
        "Ситуационный модификатор": "Situational modifier",
        "Удача (1–9)": "Luck (1–9)",
        "Бросить проверку": "Roll the check",
        "Исходы проверки до броска": "Outcomes before the roll",
        "Итог": "Value",
        "Шанс": "Chance",
        "Исход": "Outcome",
        "Вероятность": "Probability",
        "Провал на N шагов сложности выше своего уровня": "Failure N difficulty steps above one's level",
        "Шагов": "Steps",
        "В посте": "Seed post",
        "Точно": "Exact",
        "Бросок медианы": "Бросок медианы (median roll)",
        "Надо попасть в окно вокруг центра (10–11, 9–12 …) или, в обратной форме, НЕ попасть в центр. "
        "Промах ниже и промах выше считаются отдельно.": (
            "Land in a window around the centre (10–11, 9–12 …) or, inverted, miss the centre. A miss below "
            "and a miss above are counted apart."
        ),
        "Окно": "Window",
        "радиус от центра": "radius around the centre",
        "явный диапазон": "explicit range",
        "Радиус (0–9)": "Radius (0–9)",
        "от": "from",
        "до": "to",
        "Обратная форма: надо НЕ попасть в центр": "Inverted: must NOT land in the centre",
        "Интеллект (1–9)": "Intelligence (1–9)",
        "Тренированность": "Training",
        "Ситуация": "Situation",
        "Модификатор окна = (интеллект − 5) + (удача − 5) + тренированность + ситуация; каждое очко в "
        "пользу бросающего добавляет окну одну грань (в обратной форме — убирает грань у запретного "
        "центра), каждое очко против — убирает. Кубик при этом бросается без удачи.": (
            "Window modifier = (intelligence − 5) + (luck − 5) + training + situation; each point in the "
            "roller's favour adds one face to the window (inverted: removes one from the forbidden centre), "
            "each point against removes one. The die itself is rolled without luck."
        ),
        "Бросить медиану": "Roll the median",
        "Пример: призыв демона (6–15)": "Example: summoning a demon (6–15)",
        "Исходы броска медианы до броска": "Median roll outcomes before the roll",
        "Где": "Where",
        "Значения": "Values",
        "Что значит": "Meaning",
        "Безумие и ужас": "Безумие и ужас (madness and horror)",
        "Броски медианы сериями: провал вверх повторяется каждые 30 секунд. Безумие: окно 9–12, −1 за "
        "каждый провал в серии. Ужас: окно 10–11, +1 за каждый провал. Попадание или провал вниз "
        "завершают серию.": (
            "Median rolls in series: a miss above is re-rolled every 30 seconds. Madness: window 9–12, −1 per "
            "failure in the series. Horror: window 10–11, +1 per failure. A hit or a miss below ends the series."
        ),
        "Проверка Безумия": "Проверка Безумия (madness check)",
        "Проверка Ужаса": "Проверка Ужаса (horror check)",
        "Модификатор персонажа": "Character's modifier",
        "Бросить следующую": "Roll the next one",
        "Новая серия": "New series",
        "Модификатор персонажа считается как в броске медианы: (интеллект − 5) + (удача − 5) + "
        "тренированность + ситуация. Серии сохраняются в браузере.": (
            "The character's modifier is the median roll's: (intelligence − 5) + (luck − 5) + training + "
            "situation. Series are saved in the browser."
        ),
        "Противопоставленная проверка": "Противопоставленная проверка (opposed check)",
        "Первым бросает защищающийся. Атака пробивает защиту, если выпало число дальше от центра, чем у "
        "защиты: при защите 12 провал атаки — 9–12. Бонусы сужают или расширяют это окно на одну грань "
        "за очко.": (
            "The defender rolls first. The attack pierces with a number further from the centre than the "
            "defence roll: against a defence of 12 the attack fails on 9–12. Bonuses narrow or widen this "
            "window by one face per point."
        ),
        "Бонус атакующего": "Attacker's bonus",
        "Бонус защиты (доспех и пр.)": "Defence bonus (armour etc.)",
        "Удача атакующего": "Attacker's luck",
        "Удача защиты": "Defender's luck",
        "Атакующий беспомощен": "Attacker helpless",
        "Защищающийся беспомощен": "Defender helpless",
        "Бросок защиты (1–20, пусто — ещё не брошен)": "Defence roll (1–20, empty: not rolled yet)",
        "Бросить защиту": "Roll the defence",
        "Бросить атаку": "Roll the attack",
        "Шанс пробоя": "Chance to pierce",
        "Удача в противопоставленной проверке сдвигает окно: (удача защиты − удача атакующего) "
        "добавляется к модификатору, кости бросаются без удачи. Сдвиг самой кости уводил бы её от "
        "центра и помогал бы защите при любой крайней удаче.": (
            "Luck in an opposed check moves the window: (defender's luck − attacker's luck) is added to the "
            "modifier and the dice are rolled without luck. Shifting the die itself would push it away from "
            "the centre and help the defender at any extreme luck."
        ),
        "Бой с активной защитой": "Бой с активной защитой (combat with active defence)",
        "Проверка атаки, затем проверка защиты, затем противопоставленная проверка с бонусами этих "
        "бросков, пробитием оружия и бонусом доспеха.": (
            "Attack check, then defence check, then an opposed check with the bonuses of both, the weapon's "
            "piercing and the armour's bonus."
        ),
        "Атакующий": "Attacker",
        "Защищающийся": "Defender",
        "Боевой навык и модификаторы": "Combat skill and modifiers",
        "Удача": "Luck",
        "Пробитие оружия (≥ 0)": "Weapon piercing (≥ 0)",
        "Навык защиты и модификаторы (без брони)": "Defence skill and modifiers (no armour)",
        "Бонус доспеха (≥ 0)": "Armour bonus (≥ 0)",
        "Штраф тяжёлой брони (≤ 0)": "Heavy armour penalty (≤ 0)",
        "Защита теоретически возможна": "Defence possible at all",
        "Разыграть обмен": "Play the exchange",
        "Чем закончится обмен": "How the exchange ends",
        "Урон, если атака проходит": "Damage if the attack lands",
        "Урон": "Damage",
        "Журнал проверок": "Check log",
        "Проверок пока нет.": "No checks yet.",
    }
)

_state: dict[str, Any] = {"skill": None, "median": None, "opposed": None}

# --- small helpers --------------------------------------------------------------------------------


def _optional_int(element_id: str, low: int, high: int, name: str) -> int | None:
    """An optional whole number: None for an empty field."""
    if not str(dom.by_id(element_id).value).strip():
        return None
    return dom.read_int(element_id, low, high, name)


def _checked(element_id: str) -> bool:
    return bool(dom.by_id(element_id).checked)


def _ladder_value(element_id: str, ladder: tuple[gauss.LadderStep, ...], name: str) -> int:
    raw = str(dom.by_id(element_id).value).strip().replace("−", "-")
    allowed = ", ".join(signed(step.value) for step in ladder)
    try:
        value = int(raw)
    except ValueError:
        raise dom.InputError(f"{name}: выберите ступень из списка ({allowed}).") from None
    if value not in {step.value for step in ladder}:
        raise dom.InputError(f"{name}: значения {signed(value)} нет в списке автора ({allowed}).")
    return value


def _span(low: int, high: int) -> str:
    if low > high:
        return "—"
    return str(low) if low == high else f"{low}–{high}"


def _window_text(window: tuple[int, int]) -> str:
    low, high = window
    return "пусто" if low > high else f"{low}–{high}"


def _seed_percent(p: Fraction) -> str:
    """A printed seed figure as the seed prints it: 18 %, 99,95 %."""
    return f"{float(p * 100):g}".replace(".", ",") + " %"


def _row(cells: list[str], *, header: bool = True, cls: str | None = None) -> Any:
    row = dom.make("tr", cls=cls)
    for index, text in enumerate(cells):
        if index == 0 and header:
            row.append(dom.make("th", text, scope="row"))
        else:
            row.append(dom.make("td", text, cls="num" if "%" in text else None))
    return row


def _fill(body_id: str, rows: list[Any]) -> None:
    body = dom.by_id(body_id)
    dom.clear(body)
    for row in rows:
        body.append(row)


def _stack(
    bar_id: str, legend_id: str, segments: list[tuple[str, str, Fraction]], hit: str | None = None
) -> None:
    """A horizontal stacked bar (decorative) with a text legend of the same numbers."""
    bar, legend = dom.by_id(bar_id), dom.by_id(legend_id)
    dom.clear(bar)
    dom.clear(legend)
    for key, label, p in segments:
        cls = f"seg seg-{key}" + (" seg-hit" if key == hit else "")
        if p:
            segment = dom.make("div", cls=cls, title=f"{label}: {percent(p)}")
            segment.style.width = f"{float(p) * 100:.3f}%"
            bar.append(segment)
        item = dom.make("li", cls="legend-hit" if key == hit else None)
        item.append(dom.make("span", cls=f"swatch seg-{key}", aria_hidden="true"))
        item.append(dom.make("span", f"{label}: {percent(p)}" + (" ← выпало" if key == hit else "")))
        legend.append(item)
    bar.setAttribute("aria-hidden", "true")


def _describe_roll(roll: gauss.GaussRoll) -> str:
    a, b, c = roll.dice
    text = f"3d20 = {a}+{b}+{c} = {roll.total} → GaussD20 {roll.base}"
    if roll.luck != gauss.NEUTRAL_LUCK:
        text += f", удача {roll.luck} → {roll.value}"
    return text


# --- the log --------------------------------------------------------------------------------------


def _notice(text: str) -> None:
    box = dom.by_id("chk-notice")
    box.textContent = text
    box.hidden = not text


log = Journal(LOG_KEY, "chk", size=LOG_SIZE)


@dom.handler("click", "#chk-log-clear")
def on_log_clear(_event: Any) -> None:
    log.clear()


# --- skill check ----------------------------------------------------------------------------------


def _read_skill() -> tuple[int, int, int, int]:
    skill = _ladder_value("chk-skill", gauss.SKILL_LEVELS, "Уровень навыка")
    difficulty = _ladder_value("chk-diff", gauss.DIFFICULTIES, "Сложность")
    situational = dom.read_int("chk-skill-sit", *MOD_RANGE, "Ситуационный модификатор")
    luck = dom.read_int("chk-skill-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача")
    return skill, difficulty, situational, luck


def _render_skill(skill: int, difficulty: int, situational: int, luck: int) -> None:
    odds = gauss.skill_check_odds(skill, difficulty, situational=situational, luck=luck)
    modifier = odds.modifier
    last = _state["skill"]
    hit = last.tier.key if last is not None and last.modifier == modifier and last.roll.luck == luck else None
    dom.set_text(
        "chk-skill-mod",
        f"Итоговый модификатор: {signed(modifier)} (навык {signed(skill)}, сложность {signed(difficulty)}, "
        f"ситуация {signed(situational)}); удача {luck}. Успех — 8 и выше: {percent(odds.success)}, "
        f"провал: {percent(odds.failure)}.",
    )
    dom.set_text(
        "chk-skill-gloss",
        f"{gauss.skill_level(skill).label}; сложность {gauss.difficulty_level(difficulty).label}.",
    )
    _stack("chk-skill-bar", "chk-skill-legend", [(t.key, t.text, p) for t, p in odds.tiers], hit)
    rows = [
        _row(
            [_span(t.low, t.high), t.text + (" ← выпало" if t.key == hit else ""), percent(p)],
            cls="row-hit" if t.key == hit else None,
        )
        for t, p in odds.tiers
    ]
    rows.append(_row(["8–20", "успех (всего)", percent(odds.success)], cls="row-total"))
    rows.append(_row(["1–7", "провал (всего)", percent(odds.failure)], cls="row-total"))
    _fill("chk-skill-odds", rows)
    # The seed's printed failure claims, where this check is one of them.
    claim = dom.by_id("chk-skill-claim")
    steps = -modifier // gauss.DIFFICULTY_STEP
    if (
        luck == gauss.NEUTRAL_LUCK
        and modifier <= 0
        and modifier % 2 == 0
        and steps in gauss.SEED_FAILURE_AT_STEPS
    ):
        printed = gauss.SEED_FAILURE_AT_STEPS[steps]
        verdict = "совпадает с точным" if printed == odds.failure else f"точно — {percent(odds.failure)}"
        claim.textContent = (
            "Задача по уровню навыка" if steps == 0 else f"Сложность на {steps} шаг(а) выше уровня навыка"
        ) + f". В посте автора провал — {_seed_percent(printed)}; {verdict}."
        claim.hidden = False
    else:
        claim.textContent = ""
        claim.hidden = True
    claim_rows = []
    for n, printed in gauss.SEED_FAILURE_AT_STEPS.items():
        exact = gauss.failure_at_steps(n)
        mark = "" if exact == printed else " ≠"
        current = luck == gauss.NEUTRAL_LUCK and modifier == -gauss.DIFFICULTY_STEP * n
        claim_rows.append(
            _row([str(n), _seed_percent(printed) + mark, percent(exact)], cls="row-hit" if current else None)
        )
    _fill("chk-claims", claim_rows)


@dom.handler("change", "#chk-skill, #chk-diff, #chk-skill-sit, #chk-skill-luck")
def on_skill_change(_event: Any) -> None:
    _render_skill(*_read_skill())


@dom.handler("click", "#chk-skill-roll")
def on_skill_roll(_event: Any) -> None:
    skill, difficulty, situational, luck = _read_skill()
    result = gauss.skill_check(dom.app_rng, skill, difficulty, situational=situational, luck=luck)
    _state["skill"] = result
    _render_skill(skill, difficulty, situational, luck)
    verdict = "успех" if result.success else "провал"
    text = (
        f"Проверка навыка ({gauss.skill_level(skill).name} {signed(skill)} против "
        f"«{gauss.difficulty_level(difficulty).name}» {signed(difficulty)}): {_describe_roll(result.roll)}, "
        f"модификатор {signed(result.modifier)} → {result.value}: {result.tier.text} ({verdict})."
    )
    dom.announce("chk-skill-result", text)
    log.add(text)


# --- median roll ----------------------------------------------------------------------------------


def _read_median() -> tuple[tuple[int, int], bool, dict[str, int]]:
    mode = dom.read_choice("chk-med-mode", ("radius", "range"), "Окно")
    if mode == "radius":
        window = gauss.radius_window(dom.read_int("chk-med-radius", 0, 9, "Радиус"))
    else:
        low = dom.read_int("chk-med-low", 1, 20, "Окно «от»")
        high = dom.read_int("chk-med-high", 1, 20, "Окно «до»")
        if low > high:
            raise dom.InputError(f"Окно: «от» ({low}) больше, чем «до» ({high}).")
        window = (low, high)
    parts = {
        "intelligence": dom.read_int("chk-med-int", gauss.LUCK_MIN, gauss.LUCK_MAX, "Интеллект"),
        "luck": dom.read_int("chk-med-luck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача"),
        "training": dom.read_int("chk-med-train", -20, 20, "Тренированность"),
        "situational": dom.read_int("chk-med-sit", -20, 20, "Ситуация"),
    }
    return window, _checked("chk-med-inverted"), parts


def _side_meaning(side: str, inverted: bool, base: tuple[int, int]) -> str:
    if inverted:
        return "провал: попал в центр" if side == gauss.INSIDE else "успех: мимо центра"
    if base == gauss.DEMONOLOGIST_WINDOW:
        return gauss.DEMONOLOGIST_TEXTS[side]
    return {gauss.BELOW: "промах вниз", gauss.INSIDE: "успех", gauss.ABOVE: "промах вверх"}[side]


SIDE_NAMES = {gauss.BELOW: "ниже окна", gauss.INSIDE: "в окне", gauss.ABOVE: "выше окна"}


def _render_median(window: tuple[int, int], inverted: bool, parts: dict[str, int]) -> None:
    modifier = gauss.median_modifier(**parts)
    odds = gauss.median_odds(*window, modifier=modifier, inverted=inverted)
    low, high = odds.window
    last = _state["median"]
    hit = last.side if last is not None and last.window == odds.window and last.inverted == inverted else None
    dom.set_text(
        "chk-med-mapping",
        f"Модификатор окна: (интеллект {parts['intelligence']} − 5) + (удача {parts['luck']} − 5) + "
        f"тренированность {signed(parts['training'])} + ситуация {signed(parts['situational'])} = "
        f"{signed(modifier)}. Окно {_window_text(window)} → {_window_text(odds.window)}"
        + (" (запретный центр)" if inverted else "")
        + f"; успех: {percent(odds.success)}.",
    )
    sides = [(gauss.BELOW, odds.below, (1, low - 1)), (gauss.INSIDE, odds.inside, (low, high))]
    sides.append((gauss.ABOVE, odds.above, (high + 1, 20)))
    _stack("chk-med-bar", "chk-med-legend", [(side, SIDE_NAMES[side], p) for side, p, _ in sides], hit)
    _fill(
        "chk-med-odds",
        [
            _row(
                [
                    SIDE_NAMES[side] + (" ← выпало" if side == hit else ""),
                    _span(*span),
                    _side_meaning(side, inverted, window),
                    percent(p),
                ],
                cls="row-hit" if side == hit else None,
            )
            for side, p, span in sides
        ],
    )


@dom.handler(
    "change",
    "#chk-med-mode, #chk-med-radius, #chk-med-low, #chk-med-high, #chk-med-inverted, "
    "#chk-med-int, #chk-med-luck, #chk-med-train, #chk-med-sit",
)
def on_median_change(_event: Any) -> None:
    _render_median(*_read_median())


@dom.handler("click", "#chk-med-demon")
def on_median_demon(_event: Any) -> None:
    for element_id, value in (
        ("chk-med-mode", "range"),
        ("chk-med-low", str(gauss.DEMONOLOGIST_WINDOW[0])),
        ("chk-med-high", str(gauss.DEMONOLOGIST_WINDOW[1])),
        ("chk-med-int", "5"),
        ("chk-med-luck", "5"),
        ("chk-med-train", "0"),
        ("chk-med-sit", "0"),
    ):
        dom.by_id(element_id).value = value
    dom.by_id("chk-med-inverted").checked = False
    _render_median(*_read_median())


@dom.handler("click", "#chk-med-roll")
def on_median_roll(_event: Any) -> None:
    window, inverted, parts = _read_median()
    modifier = gauss.median_modifier(**parts)
    result = gauss.median_roll(dom.app_rng, *window, modifier=modifier, inverted=inverted)
    _state["median"] = result
    _render_median(window, inverted, parts)
    verdict = "успех" if result.success else "провал"
    text = (
        f"Бросок медианы: {_describe_roll(result.roll)}; окно {_window_text(result.window)}"
        + (" (обратная форма)" if inverted else "")
        + f": {SIDE_NAMES[result.side]} — {verdict}."
    )
    if window == gauss.DEMONOLOGIST_WINDOW and not inverted:
        text += " " + gauss.DEMONOLOGIST_TEXTS[result.side]
    dom.announce("chk-med-result", text)
    log.add(text)


# --- madness and horror series --------------------------------------------------------------------


def _default_series() -> dict[str, dict[str, Any]]:
    return {kind: {"modifier": 0, "failures": 0, "finished": False} for kind in SERIES_KINDS}


def _valid_series(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    modifier, failures, finished = entry.get("modifier"), entry.get("failures"), entry.get("finished")
    return (
        type(modifier) is int
        and -20 <= modifier <= 20
        and type(failures) is int
        and 0 <= failures <= 100
        and type(finished) is bool
    )


def _load_series() -> dict[str, dict[str, Any]]:
    saved = dom.load_json(SERIES_KEY, None)
    if saved is None:
        return _default_series()
    if not isinstance(saved, dict) or not all(_valid_series(saved.get(kind)) for kind in SERIES_KINDS):
        _notice("Сохранённые серии безумия и ужаса повреждены и начаты заново.")
        dom.save_json(SERIES_KEY, _default_series())
        return _default_series()
    return {kind: dict(saved[kind]) for kind in SERIES_KINDS}


def _tracker(entry: dict[str, Any], kind: str) -> gauss.MedianSeries:
    return gauss.MedianSeries(
        kind, modifier=entry["modifier"], failures=entry["failures"], finished=entry["finished"]
    )


def _render_series(all_series: dict[str, dict[str, Any]]) -> None:
    for kind in SERIES_KINDS:
        entry = all_series[kind]
        series = _tracker(entry, kind)
        odds = series.odds()
        box = dom.by_id(f"chk-{kind}-state")
        dom.clear(box)
        lines = [
            f"Провалов в серии: {series.failures}; накопленный модификатор: "
            f"{signed(series.rule.step_per_failure * series.failures)}; всего к окну: "
            f"{signed(series.window_modifier)}.",
            f"Окно: {_window_text(series.window)} (база {_window_text(series.rule.base)}).",
            f"Следующая проверка: ниже {percent(odds.below)} · в окне {percent(odds.inside)} · "
            f"выше {percent(odds.above)}.",
            "Серия окончена — начните новую." if series.finished else "Серия идёт.",
        ]
        for line in lines:
            box.append(dom.make("span", line, cls="series-line"))
        dom.by_id(f"chk-{kind}-mod").value = str(entry["modifier"])


def _series_kind(event: Any) -> str:
    element_id = str(event.target.id)
    for kind in SERIES_KINDS:
        if element_id.startswith(f"chk-{kind}-"):
            return kind
    raise LookupError(element_id)


def _read_series_modifier(kind: str) -> int:
    return dom.read_int(f"chk-{kind}-mod", -20, 20, "Модификатор персонажа")


@dom.handler("change", "#chk-madness-mod, #chk-horror-mod")
def on_series_modifier(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    all_series[kind]["modifier"] = modifier
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)


@dom.handler("click", "#chk-madness-roll, #chk-horror-roll")
def on_series_roll(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    entry = {**all_series[kind], "modifier": modifier}
    series = _tracker(entry, kind)
    if series.finished:
        raise dom.InputError(f"{series.rule.name}: серия окончена. Нажмите «Новая серия».")
    result, after = series.check(dom.app_rng)
    all_series[kind] = {"modifier": modifier, "failures": after.failures, "finished": after.finished}
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)
    outcome = series.outcome_text(result.side) or "Проверка пройдена: разум выдержал, серия окончена."
    more = " Через 30 секунд — повторная проверка." if not after.finished else ""
    text = (
        f"{series.rule.name}, проверка {series.failures + 1}: {_describe_roll(result.roll)}; окно "
        f"{_window_text(result.window)}: {SIDE_NAMES[result.side]}. {outcome}{more}"
    )
    dom.announce(f"chk-{kind}-result", text)
    log.add(text)


@dom.handler("click", "#chk-madness-reset, #chk-horror-reset")
def on_series_reset(event: Any) -> None:
    kind = _series_kind(event)
    modifier = _read_series_modifier(kind)
    all_series = _load_series()
    all_series[kind] = {"modifier": modifier, "failures": 0, "finished": False}
    dom.save_json(SERIES_KEY, all_series)
    _render_series(all_series)
    dom.announce(f"chk-{kind}-result", f"{gauss.SERIES_RULES[kind].name}: новая серия.")


# --- opposed check --------------------------------------------------------------------------------


def _read_opposed() -> dict[str, Any]:
    values = {
        "attack": dom.read_int("chk-opp-att", *MOD_RANGE, "Бонус атакующего"),
        "defence": dom.read_int("chk-opp-def", *MOD_RANGE, "Бонус защиты"),
        "attack_luck": dom.read_int("chk-opp-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача атакующего"),
        "defence_luck": dom.read_int("chk-opp-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача защиты"),
        "roll": _optional_int("chk-opp-droll", 1, 20, "Бросок защиты"),
        "attacker_helpless": _checked("chk-opp-ahelpless"),
        "defender_helpless": _checked("chk-opp-dhelpless"),
    }
    if values["attacker_helpless"] and values["defender_helpless"]:
        raise dom.InputError("Беспомощной может быть только одна сторона.")
    return values


def _window_sentence(defence: int, window: tuple[int, int]) -> str:
    low, high = window
    if low > high:
        return f"Защита {defence}: окно провала пусто — любой бросок атаки пробивает защиту."
    if (low, high) == (1, 20):
        return f"Защита {defence}: провал атаки при 1–20 — пробить нельзя."
    return f"Защита {defence}: провал атаки при {low}–{high}, пробой — всё остальное."


def _render_opposed(v: dict[str, Any], rolled_defence: int | None = None) -> None:
    modifier = v["defence"] - v["attack"]
    lucks = {"defence_luck": v["defence_luck"], "attack_luck": v["attack_luck"]}
    before = gauss.opposed_odds(modifier, **lucks)
    dom.set_text(
        "chk-opp-mod",
        f"Модификатор окна: бонус защиты {signed(v['defence'])} − бонус атакующего {signed(v['attack'])} + "
        f"(удача защиты {v['defence_luck']} − удача атакующего {v['attack_luck']}) = "
        f"{signed(before.window_modifier)}; плюс — в пользу защиты.",
    )
    defence = v["roll"] if v["roll"] is not None else rolled_defence
    rows = []
    if v["defender_helpless"]:
        window_text = "Защищающийся беспомощен: автоматический успех атакующего, кубики не бросаются."
        rows.append(_row(["Пробой", "100 %"]))
    elif v["attacker_helpless"]:
        window_text = "Атакующий беспомощен: автоматический успех защиты, кубики не бросаются."
        rows.append(_row(["Пробой", "0 %"]))
    else:
        if defence is None:
            window_text = "Бросок защиты ещё не сделан: введите его или бросьте."
        else:
            window_text = _window_sentence(defence, gauss.opposed_window(defence, before.window_modifier))
            given = gauss.pierce_chance(defence, modifier, **lucks)
            rows.append(_row([f"Пробой при защите {defence}", percent(given)]))
        rows.append(_row(["Пробой до броска защиты", percent(before.pierce)]))
        rows.append(_row(["Защита устоит до броска", percent(before.hold)]))
    dom.set_text("chk-opp-window", window_text)
    _fill("chk-opp-odds", rows)


@dom.handler(
    "change",
    "#chk-opp-att, #chk-opp-def, #chk-opp-aluck, #chk-opp-dluck, #chk-opp-droll, #chk-opp-ahelpless, "
    "#chk-opp-dhelpless",
)
def on_opposed_change(_event: Any) -> None:
    _render_opposed(_read_opposed())


@dom.handler("click", "#chk-opp-roll-def")
def on_opposed_roll_defence(_event: Any) -> None:
    values = _read_opposed()
    if values["attacker_helpless"] or values["defender_helpless"]:
        raise dom.InputError("Одна из сторон беспомощна: кубики не бросаются.")
    rolled = gauss.roll(dom.app_rng)
    dom.by_id("chk-opp-droll").value = str(rolled.value)
    values["roll"] = rolled.value
    _render_opposed(values)
    text = f"Бросок защиты: {_describe_roll(rolled)}."
    dom.announce("chk-opp-result", text)
    log.add(text)


@dom.handler("click", "#chk-opp-roll")
def on_opposed_roll(_event: Any) -> None:
    v = _read_opposed()
    result = gauss.opposed_check(
        dom.app_rng,
        v["defence"] - v["attack"],
        defence_luck=v["defence_luck"],
        attack_luck=v["attack_luck"],
        attacker_helpless=v["attacker_helpless"],
        defender_helpless=v["defender_helpless"],
        defence=v["roll"],
    )
    _render_opposed(v, result.defence_value)
    if result.automatic == "defender_helpless":
        text = "Противопоставленная проверка: защищающийся беспомощен — автоматический успех атакующего."
    elif result.automatic == "attacker_helpless":
        text = "Противопоставленная проверка: атакующий беспомощен — автоматический успех защиты."
    else:
        how = "введено" if result.defence is None else _describe_roll(result.defence)
        verdict = "пробой защиты" if result.pierced else "защита устояла"
        text = (
            f"Противопоставленная проверка: защита {result.defence_value} ({how}), модификатор "
            f"{signed(result.window_modifier)}, провал атаки при {_window_text(result.window)}; атака "
            f"{result.attack.value} ({_describe_roll(result.attack)}): {verdict}."
        )
    dom.announce("chk-opp-result", text)
    log.add(text)


# --- combat with active defence -------------------------------------------------------------------

ENDING_KEYS = {ending: ending.replace("_", "-") for ending in gauss.ENDINGS}


def _read_combat() -> gauss.CombatSetup:
    return gauss.CombatSetup(
        attack_modifier=dom.read_int("chk-cmb-att", *MOD_RANGE, "Боевой навык атакующего"),
        defence_modifier=dom.read_int("chk-cmb-def", *MOD_RANGE, "Навык защиты"),
        armour_penalty=dom.read_int("chk-cmb-penalty", -20, 0, "Штраф тяжёлой брони"),
        armour_bonus=dom.read_int("chk-cmb-armour", 0, 20, "Бонус доспеха"),
        weapon_piercing=dom.read_int("chk-cmb-pierce", 0, 20, "Пробитие оружия"),
        attack_luck=dom.read_int("chk-cmb-aluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача атакующего"),
        defence_luck=dom.read_int("chk-cmb-dluck", gauss.LUCK_MIN, gauss.LUCK_MAX, "Удача защищающегося"),
        blockable=_checked("chk-cmb-blockable"),
        defender_helpless=_checked("chk-cmb-helpless"),
    )


def _render_combat(setup: gauss.CombatSetup, hit: str | None = None) -> None:
    odds = gauss.exchange_odds(setup)
    dom.set_text(
        "chk-cmb-lands",
        f"Атака пройдёт: {percent(odds.lands)}; не пройдёт: {percent(1 - odds.lands)}. "
        f"Модификатор проверки защиты: {signed(setup.active_defence_modifier)}.",
    )
    _stack(
        "chk-cmb-bar",
        "chk-cmb-legend",
        [(ENDING_KEYS[e], gauss.ENDING_TEXTS[e].rstrip("."), p) for e, p in odds.endings.items()],
        ENDING_KEYS.get(hit or ""),
    )
    _fill(
        "chk-cmb-endings",
        [
            _row(
                [gauss.ENDING_TEXTS[e] + (" ← выпало" if e == hit else ""), percent(p)],
                cls="row-hit" if e == hit else None,
            )
            for e, p in odds.endings.items()
        ],
    )
    rows = [_row([effect.label, percent(p)]) for effect, p in odds.damage.items()]
    rows.append(_row(["атака не проходит", percent(1 - odds.lands)], cls="row-total"))
    _fill("chk-cmb-damage", rows)


@dom.handler(
    "change",
    "#chk-cmb-att, #chk-cmb-def, #chk-cmb-penalty, #chk-cmb-armour, #chk-cmb-pierce, #chk-cmb-aluck, "
    "#chk-cmb-dluck, #chk-cmb-blockable, #chk-cmb-helpless",
)
def on_combat_change(_event: Any) -> None:
    _render_combat(_read_combat())


@dom.handler("click", "#chk-cmb-roll")
def on_combat_roll(_event: Any) -> None:
    setup = _read_combat()
    exchange = gauss.resolve_exchange(dom.app_rng, setup)
    _render_combat(setup, exchange.ending)
    box = dom.by_id("chk-cmb-narration")
    dom.clear(box)
    for line in exchange.narration:
        box.append(dom.make("li", line))
    damage = exchange.damage
    summary = "Обмен: " + gauss.ENDING_TEXTS[exchange.ending] + (f" {damage.label}." if damage else "")
    dom.announce("chk-cmb-result", summary)
    log.add("Бой: " + " | ".join(exchange.narration))


# --- setup ----------------------------------------------------------------------------------------


def _fill_ladder(select_id: str, ladder: tuple[gauss.LadderStep, ...], selected: int) -> None:
    select = dom.by_id(select_id)
    dom.clear(select)
    for step in ladder:
        option = dom.make(
            "option", f"{signed(step.value)}: {step.name}", value=str(step.value), title=step.label
        )
        if step.value == selected:
            option.setAttribute("selected", "")
        select.append(option)
    select.value = str(selected)


def render_all() -> None:
    """Render every sub-panel from the current inputs (they are valid after setup)."""
    _render_skill(*_read_skill())
    _render_median(*_read_median())
    _render_series(_load_series())
    _render_opposed(_read_opposed())
    _render_combat(_read_combat())


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
    _fill_ladder("chk-skill", gauss.SKILL_LEVELS, 4)
    _fill_ladder("chk-diff", gauss.DIFFICULTIES, -4)
    render_all()
    log.render()
