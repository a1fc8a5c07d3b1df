"""ITE panel (seed 001): И-, Т- and Эф-checks in the GM's order, exact odds before the roll, log."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import permutations
from typing import Any

from rules import ite
from ui import dom, i18n
from ui.chart import bar_chart
from ui.fmt import number, percent
from ui.journal import Journal

LOG_KEY = "gm.ite.log"
LOG_SIZE = 50
VALUE_LIMIT = 1000  # |Х|, |Мф|, |УрС| and critical bounds
KINDS = ite.CHECK_KINDS
ORDERS = tuple("".join(p) for p in permutations(KINDS))
CRIT_MODES = ("none", "face", "margin")
MARGIN_LETTER = {"I": "t", "T": "d", "E": "e"}  # seed §4: t, d, e
SHORT = {"I": "И", "T": "Т", "E": "Эф"}
_state: dict[str, Any] = {"stages": None, "odds": None, "result": None, "status": None}

EN = {
    "ИТЭ — инициатива, точность, эффект": "ИТЭ (ITE) — initiative, accuracy, effect",
    "ИТЭ-1: успех, если Х + MкN + Мф ≥ УрС + M(N+1)/2 (константа кубиков может быть половинной: 3к6 → 10,5). "
    "ИТЭ-2: мера успеха t, d, e переносится от первого чека ко второму и от второго к третьему; "
    "успех — мера ≥ 0.": (
        "ИТЭ-1 (ITE-1): success when Х + MкN + Мф ≥ УрС + M(N+1)/2 (Х characteristic, MкN M dice with N "
        "faces, Мф modifier, УрС difficulty; the dice constant may be a half: 3к6 → 10.5). ИТЭ-2 (ITE-2): "
        "the margin t, d, e carries from the first check to the second and from the second to the third; "
        "success is a margin ≥ 0."
    ),
    "Пример": "Preset",
    "— свой набор —": "— custom —",
    "Пример 1 из текста: изготовление изделия (ИТЭ-1)": "Seed example 1: crafting an item (ITE-1)",
    "Пример 2 из текста: бой на мечах (ИТЭ-2)": "Seed example 2: sword fight (ITE-2)",
    "Критическое попадание: новая ситуация чеков (ИТЭ-2)": "Critical hit: a new check situation (ITE-2)",
    "Один чек ИТЭ-1: 3к6, константа 10,5": "One ITE-1 check: 3к6, constant 10.5",
    "Порядок чеков": "Order of checks",
    "И-чек — чек на инициативу": "И-чек (initiative check)",
    "Т-чек — чек на точность": "Т-чек (accuracy check)",
    "Эф-чек — чек на эффект": "Эф-чек (effect check)",
    "бросать этот чек": "roll this check",
    "Х — характеристика": "Х — characteristic",
    "M — кубиков": "M — dice",
    "N — граней": "N — faces",
    "Мф — модификатор": "Мф — modifier",
    "УрС — сложность": "УрС — difficulty",
    "справа бросок MкN вместо константы": "roll MкN on the right instead of the constant",
    "+ мера успеха предыдущего чека (ИТЭ-2)": "+ the previous check's margin (ITE-2)",
    "провал останавливает цепочку": "a failure ends the chain",
    "Критикалы": "Criticals",
    "нет": "none",
    "по выпавшей сумме MкN (ИТЭ-1)": "by the rolled MкN total (ITE-1)",
    "по превышению над УрС (ИТЭ-2)": "by the margin over УрС (ITE-2)",
    "высокий от": "high from",
    "низкий до": "low up to",
    "ИТЭ-1 отдельно: P(успех) =": "ITE-1 alone: P(success) =",
    "Вычислимая : случайная часть =": "Computed : random part =",
    "Критикалы по сумме: пустое поле — все кубики на максимуме (M·N) или на единице (M). По превышению: "
    "мера ≥ «высокий от» (больше 0) или ≤ «низкий до» (меньше 0), пустое поле — без этой границы. "
    "Критикал открывает новую ситуацию чеков.": (
        "Criticals by the total: an empty field means all dice at maximum (M·N) or all at one (M). By the "
        "margin: margin ≥ “high from” (above 0) or ≤ “low up to” (below 0); an empty field switches that "
        "side off. A critical opens a new check situation."
    ),
    "Посчитать шансы": "Compute odds",
    "Бросить чеки": "Roll the checks",
    "Шансы до броска": "Odds before the roll",
    "Точные вероятности по чекам цепочки": "Exact odds for each check of the chain",
    "Чек": "Check",
    "дойдёт": "reached",
    "успех": "success",
    "провал": "failure",
    "успех, если дошли": "success if reached",
    "выс. критикал": "high critical",
    "низк. критикал": "low critical",
    "Вероятность успеха каждого чека в цепочке и всей цепочки (те же числа — в таблице).": (
        "Success odds of each check in the chain and of the whole chain (the same numbers are in the table)."
    ),
    "Бросок": "Roll",
    "Чеки по порядку": "Checks in order",
    "Х + MкN + Мф": "Х + MкN + Мф",
    "УрС + справа": "УрС + right side",
    "перенос": "carried",
    "мера успеха": "margin",
    "итог": "outcome",
    "Бросков пока нет.": "No rolls yet.",
    "И-чек": "И-чек (initiative)",
    "Т-чек": "Т-чек (accuracy)",
    "Эф-чек": "Эф-чек (effect)",
    "всё": "all",
    "высокий критикал": "high critical",
    "низкий критикал": "low critical",
    "не бросали": "not rolled",
    "чек выключен": "check switched off",
    "константа кубиков": "dice constant",
    "(сид советует около 2 : 1)": "(the seed suggests about 2 : 1)",
    "Вся цепочка: все чеки успешны — {all}; возникнет критикал (новая ситуация) — {crit}.": (
        "Whole chain: every check succeeds — {all}; a critical arises (new situation) — {crit}."
    ),
    "не бросали: цепочку остановил провал": "not rolled: a failure ended the chain",
    "Цепочка: все чеки успешны.": "Chain: every check succeeded.",
    "Цепочка: не все чеки успешны.": "Chain: not every check succeeded.",
    "Критикал: {checks}. Возникает новая ситуация чеков — она обкидывается по той же механике.": (
        "Critical: {checks}. A new check situation arises — resolve it by the same mechanics."
    ),
    "Для критического попадания выберите пример «Критическое попадание».": (
        "For a critical hit pick the preset “Critical hit”."
    ),
    "Форма заполнена: {name}.": "Form filled: {name}.",
    "Очистить журнал": "Clear the log",
    # bad input
    "{check}, критикалы": "{check}, criticals",
    "{check}, критикал по сумме {m}к{n}": "{check}, critical by the {m}к{n} total",
    "{what} (высокий)": "{what} (high)",
    "{what} (низкий)": "{what} (low)",
    "{what}: низкий ({low}) должен быть меньше высокого ({high}).": (
        "{what}: the low bound ({low}) must be below the high one ({high})."
    ),
    "{check}, критикал по превышению": "{check}, critical by the margin",
    "{what}: укажите хотя бы одну границу — «высокий от» или «низкий до».": (
        "{what}: give at least one bound, “high from” or “low up to”."
    ),
    "{check}, Х": "{check}, Х (characteristic)",
    "{check}, M (число кубиков)": "{check}, M (number of dice)",
    "{check}, N (число граней)": "{check}, N (number of faces)",
    "{check}, Мф": "{check}, Мф (modifier)",
    "{check}, УрС": "{check}, УрС (difficulty)",
    "{check}: {m}к{n} — слишком много исходов для точного расчёта. Предел: M·(N−1) ≤ {limit}.": (
        "{check}: {m}к{n} has too many outcomes for an exact calculation. Limit: M·(N−1) ≤ {limit}."
    ),
    "{check}: {m}к{n} с броском справа — слишком много исходов для точного расчёта. "
    "Предел: M·(N−1) ≤ {limit}, а с броском справа — вдвое меньше.": (
        "{check}: {m}к{n} with a roll on the right has too many outcomes for an exact calculation. "
        "Limit: M·(N−1) ≤ {limit}, and half that with a roll on the right."
    ),
    "{check}: недопустимые данные ({error}).": "{check}: invalid data ({error}).",
    "Включите хотя бы один чек: И, Т или Эф.": "Switch on at least one check: И, Т or Эф.",
    "Цепочка слишком велика для точного расчёта: сумма M·(N−1) по чекам (вдвое — с броском справа) "
    "равна {total}, предел {limit}. Уменьшите число кубиков или граней.": (
        "The chain is too big for an exact calculation: the sum of M·(N−1) over the checks (doubled with "
        "a roll on the right) is {total}, the limit is {limit}. Use fewer dice or faces."
    ),
    "Недопустимая цепочка ({error}).": "Invalid chain ({error}).",
    "Пример: недопустимое значение.": "Preset: invalid value.",
}
i18n.register(EN)

Tr = Callable[[str], str]


def _tf(template: str, /, **values: object) -> str:
    """``template`` in the page's language, filled in."""
    return i18n.t(template).format(**values)


def _id(kind: str, field: str) -> str:
    return f"ite-{kind.lower()}-{field}"


# The seed's name of each check code (seed 001): the catalogue key of its label.
CHECK_NAMES = {"I": "И-чек", "T": "Т-чек", "E": "Эф-чек"}


def _name(kind: str, tr: Tr = i18n.t) -> str:
    return tr(CHECK_NAMES[kind])


def _read_optional(element_id: str, low: int, high: int, name: str) -> int | None:
    if not str(dom.by_id(element_id).value).strip():
        return None
    return dom.read_int(element_id, low, high, name)


def _read_critical(kind: str, m: int, n: int) -> ite.FaceCritical | ite.MarginCritical | None:
    name = _name(kind)
    mode = dom.read_choice(_id(kind, "crit"), CRIT_MODES, _tf("{check}, критикалы", check=name))
    if mode == "none":
        return None
    if mode == "face":
        what = _tf("{check}, критикал по сумме {m}к{n}", check=name, m=m, n=n)
        high = _read_optional(_id(kind, "crit-high"), m, m * n, _tf("{what} (высокий)", what=what))
        low = _read_optional(_id(kind, "crit-low"), m, m * n, _tf("{what} (низкий)", what=what))
        high = m * n if high is None else high
        low = m if low is None else low
        if low >= high:
            raise dom.InputError(
                _tf(
                    "{what}: низкий ({low}) должен быть меньше высокого ({high}).",
                    what=what,
                    low=low,
                    high=high,
                )
            )
        return ite.FaceCritical(high, low)
    what = _tf("{check}, критикал по превышению", check=name)
    high = _read_optional(_id(kind, "crit-high"), 1, VALUE_LIMIT, _tf("{what} (высокий)", what=what))
    low = _read_optional(_id(kind, "crit-low"), -VALUE_LIMIT, -1, _tf("{what} (низкий)", what=what))
    if high is None and low is None:
        raise dom.InputError(
            _tf("{what}: укажите хотя бы одну границу — «высокий от» или «низкий до».", what=what)
        )
    return ite.MarginCritical(high, low)


def _read_stage(kind: str) -> ite.Stage | None:
    """The stage of ``kind`` from the form, or None when it is switched off."""
    if not dom.by_id(_id(kind, "on")).checked:
        return None
    name = _name(kind)
    x = dom.read_int(_id(kind, "x"), -VALUE_LIMIT, VALUE_LIMIT, _tf("{check}, Х", check=name))
    m = dom.read_int(_id(kind, "m"), 1, ite.MAX_DICE, _tf("{check}, M (число кубиков)", check=name))
    n = dom.read_int(_id(kind, "n"), 2, ite.MAX_FACES, _tf("{check}, N (число граней)", check=name))
    modifier = dom.read_int(_id(kind, "mod"), -VALUE_LIMIT, VALUE_LIMIT, _tf("{check}, Мф", check=name))
    difficulty = dom.read_int(_id(kind, "dif"), -VALUE_LIMIT, VALUE_LIMIT, _tf("{check}, УрС", check=name))
    rolled = bool(dom.by_id(_id(kind, "right")).checked)
    critical = _read_critical(kind, m, n)
    try:
        check = ite.Check(x, m, n, modifier, difficulty, rolled, critical)
    except ValueError as error:
        if m * (n - 1) * (2 if rolled else 1) > ite.MAX_CHECK_SPAN:
            template = (
                "{check}: {m}к{n} с броском справа — слишком много исходов для точного расчёта. "
                "Предел: M·(N−1) ≤ {limit}, а с броском справа — вдвое меньше."
                if rolled
                else "{check}: {m}к{n} — слишком много исходов для точного расчёта. Предел: M·(N−1) ≤ {limit}."
            )
            raise dom.InputError(_tf(template, check=name, m=m, n=n, limit=ite.MAX_CHECK_SPAN)) from None
        raise dom.InputError(
            _tf("{check}: недопустимые данные ({error}).", check=name, error=error)
        ) from None
    carry = bool(dom.by_id(_id(kind, "carry")).checked)
    gate = bool(dom.by_id(_id(kind, "gate")).checked)
    return ite.Stage(kind, check, carry=carry, stop_on_failure=gate)


def read_chain() -> tuple[ite.Stage, ...]:
    """Every input read and checked before anything changes; Russian messages for bad input."""
    order = dom.read_choice("ite-order", ORDERS, i18n.t("Порядок чеков"))
    built = {kind: _read_stage(kind) for kind in KINDS}
    stages = [built[kind] for kind in order if built[kind] is not None]
    if not stages:
        raise dom.InputError(i18n.t("Включите хотя бы один чек: И, Т или Эф."))
    try:
        return ite.validate_chain(stages)
    except ValueError as error:
        total = sum(stage.check.span for stage in stages)
        if total > ite.MAX_CHAIN_SPAN:
            raise dom.InputError(
                _tf(
                    "Цепочка слишком велика для точного расчёта: сумма M·(N−1) по чекам (вдвое — с броском справа) "
                    "равна {total}, предел {limit}. Уменьшите число кубиков или граней.",
                    total=total,
                    limit=ite.MAX_CHAIN_SPAN,
                )
            ) from None
        raise dom.InputError(_tf("Недопустимая цепочка ({error}).", error=error)) from None


# --- rendering -------------------------------------------------------------------------------------


def _formula(stage: ite.Stage, previous: str | None) -> str:
    c = stage.check
    left = f"{c.x} + {c.m}к{c.n} {'+' if c.modifier >= 0 else '−'} {abs(c.modifier)}"
    right = f"{c.m}к{c.n}" if c.rolled_right else number(c.constant)
    prefix = f"{MARGIN_LETTER[previous]} + " if stage.carry and previous else ""
    formula = f"{MARGIN_LETTER[stage.kind]} = {prefix}({left}) − ({c.difficulty} + {right})"
    return f"{formula}; {i18n.t('константа кубиков')} M(N+1)/2 = {number(c.constant)}"


def _alone_odds(check: ite.Check) -> Fraction:
    """Stand-alone ITE-1 odds: the seed's formula, or with MкN rolled on the right."""
    if check.rolled_right:
        return ite.check_odds(check).success
    return ite.ite1_probability(check.x, check.m, check.n, check.modifier, check.difficulty)


def _ratio_text(check: ite.Check) -> str:
    return (
        f"{number(check.x + check.modifier)} : {number(check.constant)} ≈ {number(check.ratio)} : 1 "
        f"{i18n.t('(сид советует около 2 : 1)')}"
    )


def render_odds() -> None:
    stages, odds = _state["stages"], _state["odds"]
    if stages is None or odds is None:
        return
    by_kind = {stage.kind: stage for stage in stages}
    previous = {stage.kind: (stages[i - 1].kind if i else None) for i, stage in enumerate(stages)}
    for kind in KINDS:
        stage = by_kind.get(kind)
        if stage is None:
            dom.set_text(_id(kind, "formula"), i18n.t("чек выключен"))
            dom.set_text(_id(kind, "p1"), "—")
            dom.set_text(_id(kind, "ratio"), "—")
            continue
        dom.set_text(_id(kind, "formula"), _formula(stage, previous[kind]))
        dom.set_text(_id(kind, "p1"), percent(_alone_odds(stage.check)))
        dom.set_text(_id(kind, "ratio"), _ratio_text(stage.check))
    body = dom.by_id("ite-odds")
    dom.clear(body)
    for position, stage_odds in enumerate(odds.stages, start=1):
        body.append(
            dom.table_row(
                f"{position}. {_name(stage_odds.kind)}",
                percent(stage_odds.reached),
                percent(stage_odds.success),
                percent(stage_odds.success_if_reached),
                percent(stage_odds.critical_high),
                percent(stage_odds.critical_low),
            )
        )
    dom.set_text(
        "ite-chain-odds",
        i18n.t("Вся цепочка: все чеки успешны — {all}; возникнет критикал (новая ситуация) — {crit}.").format(
            all=percent(odds.all_succeed), crit=percent(odds.any_critical)
        ),
    )
    bars = [(i18n.t(SHORT[s.kind]), s.success) for s in odds.stages]
    bar_chart(dom.by_id("ite-chart"), [*bars, (i18n.t("всё"), odds.all_succeed)])


def _crit_text(critical: str | None, tr: Tr = i18n.t) -> str:
    if critical == ite.CRIT_HIGH:
        return tr("высокий критикал")
    if critical == ite.CRIT_LOW:
        return tr("низкий критикал")
    return ""


def _verdict(step: ite.StageResult, tr: Tr = i18n.t) -> str:
    text = tr("успех") if step.success else tr("провал")
    crit = _crit_text(step.critical, tr)
    return f"{text}, {crit}" if crit else text


def _summary(result: ite.ChainResult, tr: Tr = i18n.t) -> str:
    """The one-line outcome in the language of ``tr`` (the page's by default)."""
    parts = [
        f"{_name(step.kind, tr)}: {MARGIN_LETTER[step.kind]} = {number(step.margin)} — {_verdict(step, tr)}"
        for step in result.stages
    ]
    parts += [f"{_name(kind, tr)} — {tr('не бросали')}" for kind in result.skipped]
    verdict = tr("Цепочка: все чеки успешны.") if result.all_succeed else tr("Цепочка: не все чеки успешны.")
    text = "; ".join(parts) + ". " + verdict
    if result.new_situation:
        text += " " + _new_situation_text(result, tr)
    return text


def _new_situation_text(result: ite.ChainResult, tr: Tr = i18n.t) -> str:
    checks = ", ".join(
        f"{_name(s.kind, tr)} ({_crit_text(s.critical, tr)})" for s in result.stages if s.critical
    )
    return tr(
        "Критикал: {checks}. Возникает новая ситуация чеков — она обкидывается по той же механике."
    ).format(checks=checks)


def render_roll() -> None:
    result, stages = _state["result"], _state["stages"]
    if result is None:
        dom.set_text("ite-result", i18n.t("Ещё не бросали."))
        return
    by_kind = {stage.kind: stage for stage in stages}
    body = dom.by_id("ite-rolls")
    dom.clear(body)
    for step in result.stages:
        check = by_kind[step.kind].check
        faces = " + ".join(str(f) for f in step.faces)
        left = (
            f"{check.x} + ({faces}) {'+' if check.modifier >= 0 else '−'} {abs(check.modifier)} = {step.left}"
        )
        if step.right_faces:
            right_part = "(" + " + ".join(str(f) for f in step.right_faces) + ")"
        else:
            right_part = number(check.constant)
        right = f"{check.difficulty} + {right_part} = {number(step.right)}"
        carried = number(step.carried) if by_kind[step.kind].carry else "—"
        body.append(
            dom.table_row(
                _name(step.kind),
                left,
                right,
                carried,
                f"{MARGIN_LETTER[step.kind]} = {number(step.margin)}",
                _verdict(step),
            )
        )
    for kind in result.skipped:
        body.append(
            dom.table_row(_name(kind), "—", "—", "—", "—", i18n.t("не бросали: цепочку остановил провал"))
        )
    note = dom.by_id("ite-new-situation")
    note.hidden = not result.new_situation
    if result.new_situation:
        text = _new_situation_text(result)
        if "I" in by_kind:
            text += " " + i18n.t("Для критического попадания выберите пример «Критическое попадание».")
        note.textContent = text
    dom.announce("ite-result", _summary(result))


# --- log -------------------------------------------------------------------------------------------


log = Journal(LOG_KEY, "ite", size=LOG_SIZE)


# --- presets (the seed's §6 examples, built with the rules module) ----------------------------------


PRESETS = {
    "crafting": "Пример 1 из текста: изготовление изделия (ИТЭ-1)",
    "sword": "Пример 2 из текста: бой на мечах (ИТЭ-2)",
    "critical": "Критическое попадание: новая ситуация чеков (ИТЭ-2)",
    "single": "Один чек ИТЭ-1: 3к6, константа 10,5",
}


def _preset(name: str) -> tuple[ite.Stage, ...]:
    C = ite.Check
    if name == "crafting":
        # Т-чек first (is the thing made at all), then И (time taken), then Эф (does it fail at the worst moment).
        return ite.crafting_chain(
            C(13, 2, 6, 1, 14, critical=ite.FaceCritical.extremes(2, 6)),
            C(14, 2, 6, 0, 12),
            C(12, 2, 6, 2, 13, critical=ite.FaceCritical.extremes(2, 6)),
        )
    if name == "sword":
        # И: who strikes first; its margin is the time left to aim; Т: attack against defence; Эф: damage.
        return ite.sword_fight_chain(
            C(20, 3, 6, 0, 19),
            C(21, 3, 6, 0, 20, critical=ite.MarginCritical(6)),
            C(7, 1, 6, 0, 5, critical=ite.MarginCritical(8)),
        )
    if name == "critical":
        # The new situation after a critical hit: Т — how dangerous the zone, Эф — the exact effect.
        return ite.critical_hit_chain(C(14, 2, 6, 0, 12), C(12, 2, 6, 0, 10))
    return (ite.Stage("T", C(20, 3, 6, 0, 18), carry=False),)


def _fill(stages: tuple[ite.Stage, ...]) -> None:
    by_kind = {stage.kind: stage for stage in stages}
    order = "".join(s.kind for s in stages) + "".join(k for k in KINDS if k not in by_kind)
    dom.by_id("ite-order").value = order
    for kind in KINDS:
        stage = by_kind.get(kind)
        dom.by_id(_id(kind, "on")).checked = stage is not None
        if stage is None:
            continue
        c = stage.check
        for field, value in (("x", c.x), ("m", c.m), ("n", c.n), ("mod", c.modifier), ("dif", c.difficulty)):
            dom.by_id(_id(kind, field)).value = str(value)
        dom.by_id(_id(kind, "right")).checked = c.rolled_right
        dom.by_id(_id(kind, "carry")).checked = stage.carry
        dom.by_id(_id(kind, "gate")).checked = stage.stop_on_failure
        crit = c.critical
        mode = "face" if isinstance(crit, ite.FaceCritical) else "margin" if crit is not None else "none"
        dom.by_id(_id(kind, "crit")).value = mode
        high = "" if crit is None or crit.high is None else str(crit.high)
        low = "" if crit is None or crit.low is None else str(crit.low)
        dom.by_id(_id(kind, "crit-high")).value = high
        dom.by_id(_id(kind, "crit-low")).value = low


# --- handlers --------------------------------------------------------------------------------------


def _compute() -> None:
    stages = read_chain()
    odds = ite.chain_odds(stages)
    _state["stages"], _state["odds"] = stages, odds
    render_odds()


@dom.handler("change", "#ite .ite-input")
def on_input_change(_event: Any) -> None:
    _compute()


@dom.handler("click", "#ite-calc")
def on_calc(_event: Any) -> None:
    _compute()


@dom.handler("change", "#ite-preset")
def on_preset(_event: Any) -> None:
    value = str(dom.by_id("ite-preset").value)
    if not value:
        return
    if value not in PRESETS:
        raise dom.InputError(i18n.t("Пример: недопустимое значение."))
    stages = _preset(value)
    odds = ite.chain_odds(stages)
    _fill(stages)
    _state["stages"], _state["odds"] = stages, odds
    render_odds()
    _status("Форма заполнена: {name}.", name=PRESETS[value])


@dom.handler("click", "#ite-roll")
def on_roll(_event: Any) -> None:
    stages = read_chain()
    result = ite.run_chain(dom.app_rng, stages)
    _state["stages"], _state["odds"], _state["result"] = stages, result.odds, result
    render_odds()
    render_roll()
    log.add(lambda: _summary(result))


@dom.handler("click", "#ite-log-clear")
def on_log_clear(_event: Any) -> None:
    log.clear()
    _status("Журнал очищен.")


def _status(template: str, /, **keys: str) -> None:
    """Show a status line; ``keys`` are catalogue keys too, so a language switch redraws it."""
    _state["status"] = (template, keys)
    render_status()


def render_status() -> None:
    if _state["status"] is None:
        return
    template, keys = _state["status"]
    dom.set_text("ite-status", _tf(template, **{k: i18n.t(v) for k, v in keys.items()}))


def _rerender() -> None:
    """On a language switch: every dynamic text again, a shown input error included."""
    render_odds()
    render_roll()
    render_status()
    box = dom.by_id("ite").querySelector(".error")
    if not box.hidden:
        try:
            read_chain()  # the inputs still hold the bad value: the same message, re-worded
        except ValueError as error:
            dom.show_error(box, str(error))


def setup() -> None:
    log.render()
    try:
        _compute()
    except ValueError as error:  # a browser may restore odd form values on reload
        dom.show_error(dom.by_id("ite").querySelector(".error"), str(error))
    render_roll()
    i18n.on_change(_rerender)
