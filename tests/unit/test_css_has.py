"""static/app.css: every rule with a ``:has()`` names its subject (a class, id, attribute or element),
never a universal one such as ``> :not(legend)``. After a ``:has()``, a universal subject made
Chromium restyle the whole document on every change anywhere in it: 30–150 ms per change with a
20,000-line log in the converter's text box (each tick of the compute worker's progress line)."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"


def _without(text: str, *pseudos: str) -> str:
    """``text`` with each ``:pseudo(…)`` (balanced parentheses) taken out."""
    for pseudo in pseudos:
        while (start := text.find(f":{pseudo}(")) >= 0:
            depth, end = 0, start
            for end in range(text.index("(", start), len(text)):
                depth += {"(": 1, ")": -1}.get(text[end], 0)
                if depth == 0:
                    break
            text = text[:start] + text[end + 1 :]
    return text


def _top_level_split(text: str, separators: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(char, 0)
        if depth == 0 and char in separators:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


def selectors(css: str) -> list[str]:
    """Every selector of every style rule (inside @media too), comments removed."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    found = []
    for prelude in re.findall(r"([^{};]+)\{", css):
        prelude = prelude.strip()
        if prelude.startswith("@") or not prelude:
            continue
        found += [selector.strip() for selector in _top_level_split(prelude, ",")]
    return found


def subject(selector: str) -> str:
    """The selector's last compound (what it styles), after its last combinator."""
    return _top_level_split(selector.strip(), " >+~")[-1]


def is_keyed(compound: str) -> bool:
    rest = _without(compound, "not", "has", "where")
    return re.search(r"[.#\[]|(^|[(,\s])[a-z*]", rest) is not None and rest.strip() != "*"


def test_the_checker_tells_a_universal_subject() -> None:
    """The check itself: the rule that cost 30–150 ms is refused, its replacement passes."""
    old = ".ite-stage:has(.ite-on:not(:checked)) > :not(legend):not(.ite-toggle:first-of-type)"
    new = ".ite-stage:has(.ite-on:not(:checked)) > :is(.ite-fields, .ite-toggle:not(:first-of-type))"
    assert not is_keyed(subject(old))
    assert is_keyed(subject(new))
    assert is_keyed(subject("main:has(> .panel:target) > .panel:not(:target)"))
    assert is_keyed(subject(":is(div, section):has(> ol.history)"))


def test_every_has_rule_names_its_subject() -> None:
    """No rule in app.css has a ``:has()`` with a universal subject."""
    with_has = [selector for selector in selectors(CSS.read_text(encoding="utf-8")) if ":has(" in selector]
    assert len(with_has) >= 5  # the parser found the rules
    assert [selector for selector in with_has if not is_keyed(subject(selector))] == []
