"""Messages and static markup: every id in index.html is a message, in both languages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from kit import msg, prerender
from panels import registry

ROOT = Path(__file__).resolve().parents[2]
HTML = (ROOT / "index.html").read_text(encoding="utf-8")
CYRILLIC = re.compile("[А-Яа-яЁё]")


def _catalogue() -> dict[str, msg.Msg]:
    prerender.load_texts(registry.TEXT_MODULES)
    return msg.catalogue()


def _fold(text: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())


def _static_ids() -> list[tuple[str, str]]:
    """(id, Russian text) of every element marked data-i18n="id"."""
    found = []
    for match in re.finditer(r'<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>(.*?)</\1>', HTML, re.S):
        found.append((match.group(2), _fold(match.group(3))))
    return found


def test_every_static_id_is_a_message_with_the_same_russian() -> None:
    """A data-i18n id names a message whose Russian is exactly the element's text in the HTML."""
    messages = _catalogue()
    ids = _static_ids()
    assert ids, "no data-i18n ids found"
    for element_id, russian in ids:
        assert element_id in messages, f"data-i18n={element_id!r} is not a message"
        assert messages[element_id].ru == russian, element_id


def test_every_static_attribute_id_is_a_message_with_the_same_russian() -> None:
    """data-i18n-title/aria-label/placeholder name messages whose Russian is the attribute's value."""
    messages = _catalogue()
    for match in re.finditer(r"<[^<>]*\sdata-i18n-(title|aria-label|placeholder)=\"([^\"]+)\"[^<>]*>", HTML):
        attribute, message_id = match.group(1), match.group(2)
        value = re.search(rf'\s{attribute}="([^"]*)"', match.group(0))
        assert message_id in messages, message_id
        assert value is not None and messages[message_id].ru == unescape(value.group(1)), message_id


def test_every_message_has_both_languages_and_english_is_english() -> None:
    """Every message has Russian and English; English has no Cyrillic outside «…» (seed terms are
    quoted that way), except the language switch, which names Russian in Russian."""
    for message in _catalogue().values():
        assert message.ru.strip() and message.en.strip(), message.id
        if message.id == "shell.lang_switch":
            continue
        outside_quotes = re.sub(r"«[^»]*»", "", message.en)
        assert not CYRILLIC.search(outside_quotes), f"{message.id}: {message.en}"


def _panel_markup(name: str) -> str:
    start = HTML.index(f'<section id="{name}"')
    ends = [HTML.find(f'<section id="{other}"', start + 1) for other in registry.NAMES]
    return HTML[start : min([e for e in ends if e > 0] + [HTML.index("</main>")])]


def test_no_bare_data_i18n_left_in_the_shell_and_kit_panels() -> None:
    """Static text of the page and of every panel on the kit refers to a message id."""
    parts = [HTML[: HTML.index("<main")], HTML[HTML.index("</main>") :]]
    parts += [_panel_markup(n) for n in registry.NAMES]
    for part in parts:
        assert not re.search(r"\sdata-i18n(-attr)?[\s>]", part)


@pytest.mark.parametrize("name", registry.NAMES)
def test_elements_a_view_writes_carry_no_static_id(name: str) -> None:
    """An element the view writes has no data-i18n (the static translation would overwrite it)."""
    import importlib
    import random

    panel = importlib.import_module(registry.entry(name).module).panel(random.Random(0))
    for element_id in panel.view(panel.initial):
        opening = re.search(rf'<\w+\b[^>]*\sid="{re.escape(element_id)}"[^>]*>', HTML)
        assert opening is not None, f"#{element_id} is not in index.html"
        assert "data-i18n" not in opening.group(0), element_id


def test_duplicate_ids_are_refused() -> None:
    """Declaring one id twice with other texts is an error, so two panels cannot disagree."""
    msg.Msg("test.same", "да", "yes")
    msg.Msg("test.same", "да", "yes")  # the same declaration again (a module re-imported) is fine
    with pytest.raises(ValueError, match="declared twice"):
        msg.Msg("test.same", "да", "yeah")
