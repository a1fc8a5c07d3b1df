"""Numeric fields say their range in the markup (``min``/``max`` of a number field), and it is the
range their panel reads: a phone's keypad and the browser's own checks then match the rules.

«Бросок защиты» (``chk-opp-droll``) is a d20's face, 1 to 20. «от N» of an ITE critical rule
(``ite-KIND-crit-high``) is a whole number from 1 up in both modes: a face total is at least M ≥ 1,
a margin critical starts above 0 (seed 001, section 5; ``rules.ite_check``); its top is the margin
bound ``CRIT_HIGH_MAX``, and a face total above M·N (at most 220) is refused by the reader.
"""

from __future__ import annotations

import importlib
import json
import subprocess
from typing import Any

import pytest

from kit.form import InputError
from kit.view import Node
from panels.checks import opposed
from panels.checks.section import SECTION as CHECKS
from panels.ite import stage
from panels.ite.section import SECTION as ITE
from panels.registry import PANELS
from rules import ite


def _inputs(node: Any) -> dict[str, dict[str, Any]]:
    """Every ``input`` of a markup tree, by id, with its attributes."""
    found: dict[str, dict[str, Any]] = {}
    if isinstance(node, Node):
        attrs = dict(node.attrs)
        if node.tag == "input" and "id" in attrs:
            found[str(attrs["id"])] = attrs
        for child in node.children:
            found.update(_inputs(child))
    elif isinstance(node, tuple | list):
        for child in node:  # pyright: ignore[reportUnknownVariableType]
            found.update(_inputs(child))
    return found


FIELDS = {
    "chk-opp-droll": (CHECKS, 1, 20),
    **{f"ite-{kind}-crit-high": (ITE, 1, stage.CRIT_HIGH_MAX) for kind in ("i", "t", "e")},
}


@pytest.mark.parametrize("field", FIELDS)
def test_the_field_is_a_number_field_with_its_range(field: str) -> None:
    section, low, high = FIELDS[field]
    attrs = _inputs(section)[field]
    assert (attrs["type"], attrs["min"], attrs["max"], attrs["step"]) == ("number", str(low), str(high), "1")
    assert attrs["inputmode"] == "numeric"  # no minus needed: the digits keypad
    assert attrs.get("value") is None  # empty: rolled with the attack / the rule's default


def _defence(value: str) -> int | None:
    return opposed.read(opposed.State(), {**opposed.FORM, opposed.DEFENCE_FIELD: value}).entered


def test_the_defence_roll_reads_exactly_its_range() -> None:
    assert [_defence(v) for v in ("", "1", "20")] == [None, 1, 20]
    for outside in ("0", "21"):
        with pytest.raises(InputError):
            _defence(outside)


def _stage_form(kind: str, mode: str, high: str) -> dict[str, str | bool]:
    preset = dict(stage.stage_fields(kind, ite.Stage(kind, ite.Check(0, 20, 11))))
    return {**preset, stage.field_id(kind, "crit"): mode, stage.field_id(kind, "crit-high"): high}


@pytest.mark.parametrize("kind", ["I", "T", "E"])
def test_the_critical_bound_reads_within_the_fields_range(kind: str) -> None:
    """The lowest accepted «от N» is 1 in both modes, the highest the field's max (a margin) or M·N
    (a face total of 20к11: 220, the largest a check may have); outside is refused."""
    read = stage.read_stage
    assert read(_stage_form(kind, "margin", "1"), kind) is not None
    assert read(_stage_form(kind, "margin", str(stage.CRIT_HIGH_MAX)), kind) is not None
    assert read(_stage_form(kind, "face", "220"), kind) is not None
    for mode, outside in (("margin", "0"), ("margin", str(stage.CRIT_HIGH_MAX + 1)), ("face", "221")):
        with pytest.raises(InputError):
            read(_stage_form(kind, mode, outside), kind)
    assert 20 * 11 <= stage.CRIT_HIGH_MAX and 20 * (11 - 1) <= ite.MAX_CHECK_SPAN


def test_every_pattern_compiles_as_the_browser_compiles_it() -> None:
    """A field's ``pattern`` is compiled with the ``v`` flag: one that does not compile is a console
    error the first time the GM types into the field («от N»/«ниже −N» had ``[-−+]``)."""
    patterns = sorted(
        {
            str(attrs["pattern"])
            for entry in PANELS
            for attrs in _inputs(importlib.import_module(entry.section).SECTION).values()
            if "pattern" in attrs
        }
    )
    assert patterns  # the margin bounds have one
    script = "for (const p of JSON.parse(process.argv[1])) new RegExp(`^(?:${p})$`, 'v');"
    done = subprocess.run(["node", "-e", script, json.dumps(patterns)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
