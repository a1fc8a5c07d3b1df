"""Messages and static markup: the page's text comes from messages, in both languages.

The markup is declared in Python (``panels/NAME/section.py``, ``panels/shell/section.py``) and
written by the build (tools/page.py): a message text carries its id (``data-i18n``), so the
repository's index.html is only the shell, and there is no second copy of the Russian to keep equal.
"""

from __future__ import annotations

import importlib
import random
import re
from html import unescape
from pathlib import Path

import pytest

import page as built
from kit import msg, prerender
from panels import registry

ROOT = Path(__file__).resolve().parents[2]
SHELL = (ROOT / "index.html").read_text(encoding="utf-8")
HTML = built.page(SHELL)
CYRILLIC = re.compile("[А-Яа-яЁё]")


def _catalogue() -> dict[str, msg.Msg]:
    prerender.load_texts(registry.TEXT_MODULES)
    return msg.catalogue()


def test_the_repository_page_is_only_the_shell() -> None:
    """index.html holds no UI text by hand: at most 300 Cyrillic characters (its description),
    every slot empty, no data-i18n."""
    assert len(CYRILLIC.findall(SHELL)) <= 300
    assert "data-i18n" not in SHELL
    for slot in built.SLOTS:
        assert slot in SHELL, slot


def test_every_static_id_in_the_built_page_is_a_message() -> None:
    """Every data-i18n id (text, title, aria-label, placeholder) of the built page names a
    message, and the element shows its Russian."""
    messages = _catalogue()
    found = re.findall(r'<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)</\1>', HTML)
    assert len(found) > 400
    for _tag, message_id, shown in found:
        assert message_id in messages, message_id
        assert unescape(shown) == messages[message_id].ru, message_id
    for attribute, message_id in re.findall(r'\sdata-i18n-(title|aria-label|placeholder)="([^"]+)"', HTML):
        assert message_id in messages, f"data-i18n-{attribute}={message_id!r}"


def test_no_russian_in_the_built_page_outside_a_message() -> None:
    """Every Russian text of the built page is a message's (marked), or an element a view writes
    (the first paint fills it): nothing is Russian by hand. A title or label too."""
    views: set[str] = set()
    for entry in registry.PANELS:
        panel = importlib.import_module(entry.module).panel(random.Random(0))
        views |= set(panel.view(panel.initial))
    body = HTML[HTML.index("<body") :]
    bare = re.sub(r'<(\w+)\b[^>]*\sdata-i18n="[^"]+"[^>]*>[^<]*</\1>', "", body)
    text = re.sub(r"<[^>]+>", " ", bare)
    assert not CYRILLIC.search(text), (
        CYRILLIC.search(text) and text[CYRILLIC.search(text).start() - 80 :][:160]
    )
    for opening in re.findall(r"<[^<>]+>", body):
        for name, value in re.findall(r'\s(title|aria-label|placeholder|value)="([^"]*)"', opening):
            if CYRILLIC.search(value) and f"data-i18n-{name}" not in opening and name != "value":
                raise AssertionError(f"{name}={value!r} in {opening}")


def test_every_message_has_both_languages_and_english_is_english() -> None:
    """Every message has Russian and English; English has no Cyrillic outside «…» (seed terms are
    quoted that way), except the language switch, which names Russian in Russian."""
    for message in _catalogue().values():
        assert message.ru.strip() and message.en.strip(), message.id
        if message.id == "shell.lang_switch":
            continue
        outside_quotes = re.sub(r"«[^»]*»", "", message.en)
        assert not CYRILLIC.search(outside_quotes), f"{message.id}: {message.en}"


@pytest.mark.parametrize("name", registry.NAMES)
def test_elements_a_view_writes_carry_no_static_id(name: str) -> None:
    """An element the view writes is in the built page and has no data-i18n (the static
    translation would overwrite it)."""
    panel = importlib.import_module(registry.entry(name).module).panel(random.Random(0))
    for element_id in panel.view(panel.initial):
        opening = re.search(rf'<\w+\b[^>]*\sid="{re.escape(element_id)}"[^>]*>', HTML)
        assert opening is not None, f"#{element_id} is not in the page"
        assert "data-i18n" not in opening.group(0), element_id


def test_element_ids_are_unique() -> None:
    """No id is declared twice in the built page (a label's ``for`` and the tests find one)."""
    ids = re.findall(r'<\w+\b[^>]*\sid="([^"]+)"', HTML)
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_duplicate_ids_are_refused() -> None:
    """Declaring one id twice with other texts is an error, so two panels cannot disagree."""
    msg.Msg("test.same", "да", "yes")
    msg.Msg("test.same", "да", "yes")  # the same declaration again (a module re-imported) is fine
    with pytest.raises(ValueError, match="declared twice"):
        msg.Msg("test.same", "да", "yeah")


@pytest.mark.parametrize("name", registry.NAMES)
def test_the_first_paint_checks_what_the_initial_state_checks(name: str) -> None:
    """A checkbox's static markup (what shows before Python, for ~10 s on a phone's first visit)
    is checked exactly where the panel's initial view checks it, so nothing flips when Python
    takes over (the threat panel's screen mode, on by default, showed off)."""
    panel = importlib.import_module(registry.entry(name).module).panel(random.Random(0))
    for element_id, show in panel.view(panel.initial).items():
        if show.checked is None:
            continue
        opening = re.search(rf'<input\b[^>]*\sid="{re.escape(element_id)}"[^>]*>', HTML)
        assert opening is not None, f"#{element_id} is not an input of the page"
        assert (re.search(r"\schecked(=|\s|>)", opening.group(0)) is not None) == show.checked, element_id
