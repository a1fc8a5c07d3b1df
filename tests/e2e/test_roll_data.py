"""Rolls as data on the page: a GaussD20 roll, a skill check with dice typed from the table and a
threat draw go into the journal's JSON export with their roll, and each roll is what the screen
showed (the dice, the value or the row marked, the odds printed)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e_support import wait_ready
from kit.msg import pct, render

PANEL = "roller"


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")
    wait_ready(app, panel)


def _exported(app: Page, tmp_path: Path) -> list[dict[str, Any]]:
    _open(app, "journal")
    with app.expect_download() as info:
        app.click("#journal-export-json")
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "gm-journal"
    return data["entries"]


def _shown(p: str) -> str:
    """A saved ``"NUM/DEN"`` as the page prints a probability (Russian)."""
    return render(pct(Fraction(p)), "ru")


def test_three_rolls_are_exported_with_the_roll_the_screen_showed(app: Page, tmp_path: Path) -> None:
    _open(app, "roller")
    app.click("#gauss-roll")
    expect(app.locator("#gauss-value")).not_to_have_text("")
    dice = [int(app.locator(f"#gauss-die-{i}").inner_text()) for i in range(3)]
    value = app.locator("#gauss-value").inner_text()
    where = app.locator("#gauss-where").inner_text()

    _open(app, "checks")
    app.fill("#chk-skill-roll-table", "17 5 2")
    app.click("#chk-skill-roll")
    expect(app.locator("#chk-skill-result")).to_contain_text("со стола")
    hit_row = app.locator("#chk-skill-odds tr.row-hit").inner_text()

    _open(app, "threat")
    app.click("#threat-check")
    chips = app.locator("#threat-drawn span")
    expect(chips.last).to_have_class(re.compile(r"\bchip-kept\b"))
    texts = [chips.nth(i).inner_text() for i in range(chips.count())]
    thrown = [int(t) for t in texts[: texts.index("→")]]
    kept_value, kept_class = int(texts[-1]), chips.last.get_attribute("class") or ""
    colour = "light" if "chip-light" in kept_class else "event" if "chip-event" in kept_class else "dark"

    entries = _exported(app, tmp_path)
    by_panel = {e["panel"]: e for e in entries}
    assert "threat" not in by_panel, "a check behind the screen is not exported, nor its roll"

    gauss = by_panel["roller"]["roll"]
    assert gauss["rule"] == "gauss.roll" and gauss["dice"] == [[20, f] for f in dice]
    assert gauss["outcome"] == value and gauss["total"] == sum(dice) and gauss["by_hand"] is False
    assert _shown(gauss["p"]) in where

    skill = by_panel["checks"]["roll"]
    assert skill["rule"] == "gauss.skill" and skill["by_hand"] is True
    assert skill["dice"] == [[20, 17], [20, 5], [20, 2]] and skill["total"] == 24
    assert skill["outcome"] == "success" and _shown(skill["p"]) in hit_row

    app.click("#journal-list li[data-hidden] .journal-reveal")
    expect(app.locator("#journal-list li[data-hidden]")).to_have_count(0)
    revealed = [e for e in _exported(app, tmp_path) if e["panel"] == "threat" and "roll" in e]
    assert len(revealed) == 1, "the check is exported with its roll once revealed, once"
    draw = revealed[0]["roll"]
    assert draw["rule"] == "threat.check" and draw["dice"] == [[20, f] for f in thrown]
    assert draw["outcome"] == colour and draw["total"] == kept_value
    assert draw["by_hand"] is False and Fraction(draw["p"]) > 0
