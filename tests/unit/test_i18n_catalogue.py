"""The English catalogue is one dictionary shared by every panel (ui.i18n.register merges them)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "py" / "ui"
CYRILLIC = re.compile("[А-Яа-яЁё]")


def _translations() -> dict[str, set[tuple[str, str]]]:
    """Every Russian → English pair written as a literal in a ui module, with its module."""
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for path in sorted(UI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Dict):
                continue
            for key, value in zip(node.keys, node.values, strict=True):
                if (
                    isinstance(key, ast.Constant)
                    and isinstance(key.value, str)
                    and CYRILLIC.search(key.value)
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    found[key.value].add((value.value, path.name))
    return found


def test_catalogue_is_found() -> None:
    """The scan sees the panels' entries (guards the test below against finding nothing)."""
    found = _translations()
    assert len(found) > 50
    assert ("Log", "i18n.py") in found["Журнал"]


def test_no_phrase_has_two_english_translations() -> None:
    """A Russian phrase registered by two panels has one English text, or the panel wired last would win."""
    conflicts = {
        russian: sorted(pairs)
        for russian, pairs in _translations().items()
        if len({en for en, _ in pairs}) > 1
    }
    assert conflicts == {}
