"""Messages: constants with an id and both languages side by side, rendered when shown.

A panel's text module declares ``Msg("roller.no_roll", "Ещё не бросали.", "No roll yet.")``;
static markup refers to the id (``data-i18n="roller.no_roll"``). Views and actions never build a
finished string: they return *renderables* (a ``Msg``, a ``Msg`` filled with values, a number that
is formatted for the language, or plain language-neutral text), and the kit renders them in the
page's language, again after every switch. Every message is registered once, by id.

>>> hello = Msg("doc.hello", "Привет, {name}: {p}", "Hello, {name}: {p}")
>>> line = hello(name="Мир", p=pct(Fraction(1, 8)))
>>> render(line, "ru"), render(line, "en")
('Привет, Мир: 12,50 %', 'Hello, Мир: 12.50%')
>>> render(Cat(("3d20", hello(name="x", p=signed(-2))), " → "), "en")
'3d20 → Hello, x: −2'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from string import Formatter
from typing import Union

from kit import fmt

__all__ = [
    "LANGUAGES",
    "Both",
    "Cat",
    "Msg",
    "Num",
    "Phrase",
    "Renderable",
    "both",
    "catalogue",
    "fixed",
    "grouped",
    "join",
    "num",
    "pct",
    "render",
    "short_pct",
    "signed",
]

LANGUAGES = ("ru", "en")
_CATALOGUE: dict[str, Msg] = {}


def _fields(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


@dataclass(frozen=True)
class Msg:
    """A message: a stable id, the Russian text and its English; ``{name}`` marks a value.

    Both languages must name the same values, and an id may be declared only once.

    >>> Msg("doc.bad", "{a}", "{b}")
    Traceback (most recent call last):
    ...
    ValueError: message doc.bad: Russian has {a}, English has {b}
    """

    id: str
    ru: str
    en: str

    def __post_init__(self) -> None:
        if not self.id or not self.ru or not self.en:
            raise ValueError(f"message {self.id!r} needs an id and both languages")
        ru_fields, en_fields = _fields(self.ru), _fields(self.en)
        if ru_fields != en_fields:
            raise ValueError(
                f"message {self.id}: Russian has {{{', '.join(sorted(ru_fields))}}}, "
                f"English has {{{', '.join(sorted(en_fields))}}}"
            )
        known = _CATALOGUE.get(self.id)
        if known is not None and known != self:
            raise ValueError(f"message id {self.id!r} is declared twice with different texts")
        _CATALOGUE[self.id] = self

    def __call__(self, **values: Renderable) -> Phrase:
        """This message with its ``{name}`` values filled in (rendered when shown)."""
        missing = _fields(self.ru) - values.keys()
        if missing:
            raise ValueError(f"message {self.id}: no value for {', '.join(sorted(missing))}")
        return Phrase(self, tuple(sorted(values.items())))

    def text(self, lang: str, /) -> str:
        return self.en if lang == "en" else self.ru


@dataclass(frozen=True)
class Phrase:
    """A message with its values; each value is itself renderable."""

    msg: Msg
    values: tuple[tuple[str, Renderable], ...]


@dataclass(frozen=True)
class Num:
    """A number formatted for the language when shown: ``kind`` is a ``kit.fmt`` function name."""

    kind: str
    value: int | Fraction | float
    digits: int = 2


@dataclass(frozen=True)
class Cat:
    """Renderables joined by ``sep`` (language-neutral glue such as ``"; "`` or ``" → "``)."""

    parts: tuple[Renderable, ...]
    sep: str = ""


@dataclass(frozen=True)
class Both:
    """A text already written in both languages (a journal line, saved when it happened)."""

    ru: str
    en: str


Renderable = Union[str, int, Msg, Phrase, Num, Cat, Both]  # noqa: UP007 (a runtime alias, Python 3.11)


def pct(p: Fraction, /, digits: int = 2) -> Num:
    """An exact probability shown as a percentage (``kit.fmt.percent``)."""
    return Num("percent", p, digits)


def num(value: int | Fraction, /, digits: int = 2) -> Num:
    """An exact number: whole, halves exactly, else rounded (``kit.fmt.number``)."""
    return Num("number", value, digits)


def fixed(value: float | Fraction, /, digits: int = 2) -> Num:
    """A number with ``digits`` decimals (``kit.fmt.fixed``)."""
    return Num("fixed", value, digits)


def short_pct(p: Fraction, /, digits: int = 2) -> Num:
    """A probability as a percentage that stays short within 10⁻⁸ of 0 or 1 (``kit.fmt.short_percent``)."""
    return Num("short_percent", p, digits)


def grouped(value: int, /) -> Num:
    """A whole number with grouped thousands (``kit.fmt.grouped``)."""
    return Num("grouped", value)


def signed(value: int, /) -> Num:
    """A modifier with its sign and a true minus (``kit.fmt.signed``)."""
    return Num("signed", value)


def _number(value: Num) -> str:
    if value.kind == "percent":
        return fmt.percent(Fraction(value.value), value.digits)
    if value.kind == "number":
        return fmt.number(value.value, value.digits)
    if value.kind == "fixed":
        return fmt.fixed(value.value, value.digits)
    if value.kind == "signed":
        return fmt.signed(int(value.value))
    if value.kind == "short_percent":
        return fmt.short_percent(Fraction(value.value), value.digits)
    if value.kind == "grouped":
        return fmt.grouped(int(value.value))
    raise ValueError(f"unknown number kind {value.kind!r}")


def render(value: Renderable | None, lang: str, /) -> str:
    """``value`` as text in ``lang`` ("ru" or "en"); ``None`` is the empty text."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if value is None or isinstance(value, str):  # most of a view's texts: no numbers to format
        return value or ""
    if fmt.language() == lang:
        return _render(value, lang)
    with fmt.numbers_in(lang):
        return _render(value, lang)


def _render(value: Renderable | None, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise TypeError("a bool is not renderable")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Msg):
        return value.text(lang)
    if isinstance(value, Phrase):
        filled = {name: _render(part, lang) for name, part in value.values}
        return value.msg.text(lang).format(**filled)
    if isinstance(value, Num):
        return _number(value)
    if isinstance(value, Cat):
        return value.sep.join(_render(part, lang) for part in value.parts)
    if isinstance(value, Both):
        return value.en if lang == "en" else value.ru
    raise TypeError(f"not renderable: {type(value).__name__}")


def both(value: Renderable, /) -> dict[str, str]:
    """The text in every language, e.g. for a log line that must follow later switches.

    >>> both(Msg("doc.yes", "да", "yes"))
    {'ru': 'да', 'en': 'yes'}
    """
    return {lang: render(value, lang) for lang in LANGUAGES}


def catalogue() -> dict[str, Msg]:
    """Every message declared so far, by id."""
    return dict(_CATALOGUE)


def join(parts: Iterable[Renderable], sep: str = "") -> Cat:
    return Cat(tuple(parts), sep)
