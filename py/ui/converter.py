"""3D20 → GaussD20 forum-log converter panel."""

from __future__ import annotations

from typing import Any

from rules import forum_log
from ui import dom, i18n

MAX_FLAGGED_SHOWN = 50
i18n.register(
    {
        "Конвертер 3D20 → GaussD20": "3D20 → GaussD20 converter",
        "Вставьте строки форумного броска вида «Результат броска 3D20: 4 + 6 + 2 = 12.» — сколько угодно, с комментариями. Прочие строки останутся как есть.": (
            "Paste forum roll lines such as «Результат броска 3D20: 4 + 6 + 2 = 12.» — any number of them, "
            "comments included. Other lines stay as they are. The output keeps the forum's Russian wording."
        ),
        "Лог бросков 3D20": "3D20 roll log",
        "Результат": "Result",
        "Копировать результат": "Copy the result",
        "Пример из поста": "The post's example",
        "Конвертировано строк": "Lines converted",
        "Помечено как неверные": "Marked invalid (неверный бросок)",
        "Строка": "Line",
        "Вставьте строки бросков 3D20 в поле «Лог бросков 3D20».": "Paste 3D20 roll lines into «3D20 roll log».",
    }
)


@dom.handler("click", "#convert-run")
def on_convert(_event: Any) -> None:
    source = str(dom.by_id("convert-input").value)
    if not source.strip():
        raise dom.InputError(i18n.t("Вставьте строки бросков 3D20 в поле «Лог бросков 3D20»."))
    if len(source) > forum_log.MAX_INPUT_CHARS:
        raise dom.InputError(
            f"Слишком длинный текст: {len(source):,} символов; можно до {forum_log.MAX_INPUT_CHARS:,}.".replace(
                ",", " "
            )
        )
    result = forum_log.convert_text(source)
    dom.by_id("convert-output").value = result.text
    dom.by_id("convert-copy").disabled = False
    summary = f"{i18n.t('Конвертировано строк')}: {result.converted}. {i18n.t('Помечено как неверные')}: {result.flagged}."
    dom.announce("convert-summary", summary)
    reasons = dom.by_id("convert-reasons")
    dom.clear(reasons)
    flagged = [(number, line) for number, line in enumerate(result.lines, start=1) if line.flagged]
    for number, line in flagged[:MAX_FLAGGED_SHOWN]:
        reasons.append(dom.make("li", f"{i18n.t('Строка')} {number}: {line.reason}"))
    if len(flagged) > MAX_FLAGGED_SHOWN:
        reasons.append(dom.make("li", f"…и ещё {len(flagged) - MAX_FLAGGED_SHOWN}"))


@dom.handler("click", "#convert-copy")
def on_copy(_event: Any) -> None:
    dom.copy_text(str(dom.by_id("convert-output").value), "convert-copy-status")


@dom.handler("click", "#convert-example")
def on_example(_event: Any) -> None:
    dom.by_id("convert-input").value = EXAMPLE


# The seed's own example (seed 000, the attached page's description).
EXAMPLE = (
    "Результат броска 3D20: 4 + 6 + 2 = 12.\n"
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".'
)


def setup() -> None:
    dom.by_id("convert-copy").disabled = True
