"""Russian first, English on request: a tiny catalogue keyed by the Russian text itself.

Static text: an element with ``data-i18n`` has its Russian textContent as the key;
``data-i18n-attr="aria-label title"`` translates those attributes too.  Dynamic text:
``t("Русский текст")``.  Each panel registers its own English entries, and may register
a callback to re-render when the language changes.  Seed terms keep the Russian
original with an English gloss in the English entries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from pyscript import document

from ui import dom, fmt

__all__ = [
    "LANGUAGES",
    "Text",
    "Later",
    "register",
    "on_change",
    "t",
    "current",
    "set_language",
    "apply",
    "refresh",
    "rendering_in",
]

LANGUAGES = ("ru", "en")
LANG_KEY = "gm.lang"
_catalogue: dict[str, str] = {}
_listeners: list[Callable[[], None]] = []
_state = {"lang": "ru"}


class Text:
    """A Russian template (the catalogue key) and its values, shown in the page's language.

    Translation happens when the text is shown (``str()``), so the same object shows again in the
    other language after a switch: results, notices and error messages keep following the page.
    Values may be ``Text`` too.
    """

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template, self.values = template, values

    def __str__(self) -> str:
        text = t(self.template)
        return text.format(**{k: str(v) for k, v in self.values.items()}) if self.values else text


class Later:
    """A value formatted when shown, like ``Text``: ``Later(percent, p)`` as a ``Text`` value keeps
    following the page's number style (``13,27 %`` / ``13.27%``), in results and in the log."""

    __slots__ = ("args", "format")

    def __init__(self, format: Callable[..., str], /, *args: object) -> None:
        self.format, self.args = format, args

    def __str__(self) -> str:
        return self.format(*self.args)


def register(entries: dict[str, str]) -> None:
    _catalogue.update(entries)


def on_change(callback: Callable[[], None]) -> None:
    _listeners.append(callback)


def current() -> str:
    return _state["lang"]


def t(text: str) -> str:
    """The text in the current language (Russian is the key and the fallback)."""
    return _catalogue.get(text, text) if _state["lang"] == "en" else text


@contextmanager
def rendering_in(lang: str, /) -> Iterator[None]:
    """Texts and numbers in ``lang`` inside the block; the page itself is left as it is.
    (A journal line is stored in both languages, whichever the page shows.)"""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    before = _state["lang"]
    _state["lang"] = lang
    try:
        with fmt.numbers_in(lang):
            yield
    finally:
        _state["lang"] = before


def _original(element: object, attribute: str, read: Callable[[], str]) -> str:
    """The Russian original, remembered in ``attribute`` the first time it is seen."""
    saved = element.getAttribute(attribute)
    if not isinstance(saved, str):  # a missing attribute is JS null (pyodide's jsnull), not None
        saved = read()
        element.setAttribute(attribute, saved)
    return str(saved)


def apply() -> None:
    """Translate every marked element and attribute to the current language."""
    for element in document.querySelectorAll("[data-i18n]"):
        if element.getAttribute("data-i18n"):
            continue  # a message id: kit.browser translates it
        original = _original(element, "data-i18n-ru", lambda e=element: " ".join(str(e.textContent).split()))
        element.textContent = t(original)
    for element in document.querySelectorAll("[data-i18n-attr]"):
        for name in str(element.getAttribute("data-i18n-attr")).split():
            original = _original(
                element, f"data-i18n-ru-{name}", lambda e=element, n=name: str(e.getAttribute(n) or "")
            )
            element.setAttribute(name, t(original))


def refresh() -> None:
    """Translate static text added since the last switch (a panel wired later)."""
    if _state["lang"] != "ru":
        apply()


def set_language(lang: str, /, *, save: bool = True) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _state["lang"] = lang
    fmt.use_language(lang)
    if save:
        dom.save_json(LANG_KEY, lang)
    apply()
    for callback in _listeners:
        callback()


def saved_language() -> str:
    saved = dom.load_json(LANG_KEY, "ru")
    return saved if saved in LANGUAGES else "ru"


# Phrases shared by the panels not yet on the kit (ui.shell had them; kit.common has the new ones).
register(
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
