"""The page shell: which tab is current, and the language switch."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui import dom, i18n

i18n.register(
    {
        "Кубики мастера": "GM's dice",
        "Кубики мастера — GaussD20, конвертер 3D20, угроза": "GM's dice — GaussD20, 3D20 converter, threat",
        "Точные вероятности до броска. Работает без сети.": "Exact odds before the roll. Works offline.",
        "К содержимому": "Skip to content",
        "Инструменты": "Tools",
        "Конвертер 3D20": "3D20 converter",
        "Угроза": "Threat",
        "Кубики": "Dice",
        "Проверки GaussD20": "GaussD20 checks",
        "English": "Русский",
        "Переключить язык": "Switch language",
        "Правила: документ с толкованиями. Все вычисления — в браузере, на Python (PyScript + Pyodide).": (
            "Rules: how the seeds are read. Everything is computed in your browser, in Python (PyScript + Pyodide)."
        ),
        "документ с толкованиями": "how the seeds are read",
        "Внутренняя ошибка; подробности в консоли браузера.": "Internal error; see the browser console.",
        "Скопировано.": "Copied.",
        dom.NOT_A_NUMBER: "{name}: enter a whole number from {low} to {high}.",
        dom.OUT_OF_RANGE: "{name}: {value} is outside the allowed range {low}…{high}.",
        dom.NOT_ALLOWED: "{name}: not an allowed value.",
        "Не удалось скопировать: выделите текст и нажмите Ctrl+C.": "Could not copy: select the text and press Ctrl+C.",
        "Очистить журнал": "Clear the log",
        "Очистить историю": "Clear the history",
        "Бросков пока нет.": "No rolls yet.",
        # Shared by several panels: one translation each (tests/unit/test_i18n_catalogue.py checks that
        # no panel registers a different one).
        "Ещё не бросали.": "No roll yet.",
        "Журнал": "Log",
        "Журнал очищен.": "Log cleared.",
        "Сложность": "Difficulty (сложность)",
        "Удача (1–9)": "Luck (удача, 1–9)",
    }
)


def mark_current_tab(*_: Any) -> None:
    """aria-current on the nav link of the panel that shows (the first one when no #fragment)."""
    target = str(window.location.hash)
    links = document.querySelectorAll("nav.tabs a")
    ids = [str(link.getAttribute("href")) for link in links]
    current = target if target in ids else ids[0]
    for link in links:
        if str(link.getAttribute("href")) == current:
            link.setAttribute("aria-current", "page")
        else:
            link.removeAttribute("aria-current")


@dom.handler("click", "#lang-switch")
def on_language(_event: Any) -> None:
    i18n.set_language("en" if i18n.current() == "ru" else "ru")


def setup() -> None:
    mark_current_tab()
    window.addEventListener("hashchange", create_proxy(mark_current_tab))
    i18n.set_language(i18n.saved_language(), save=False)
