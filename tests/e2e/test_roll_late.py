"""Rolls whose odds the compute worker gives after their line: a heavy ITE chain rolled before its
odds came, and a heavy dice line rolled before any table of it was shown. Each is journalled at
once; once the worker answers, the journal's JSON export carries its roll, and the roll is what
the screen shows (the chain's odds, the dice line's P(= total)). The GM walks to the journal
right after the roll: the computation the roll waits for goes on."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e_support import wait_ready
from kit.msg import pct, render, short_pct

PANEL = "ite"

# И 1к100 against 10, then Т 2к50 carrying its margin, Эф off: the compute worker's chain. Typed
# without change events and rolled in the same task: the roll itself asks for the chain's odds.
HEAVY_CHAIN_ROLL_JS = """() => {
  const set = (id, value) => {
    const field = document.getElementById(id);
    if (typeof value === "boolean") field.checked = value; else field.value = value;
  };
  set("ite-order", "ITE");
  for (const [k, on, m, n, carry] of [["i", true, "1", "100", false], ["t", true, "2", "50", true], ["e", false, "2", "6", false]]) {
    for (const [f, v] of [["x", "10"], ["m", m], ["n", n], ["mod", "0"], ["dif", "10"], ["crit", "none"]]) set(`ite-${k}-${f}`, v);
    for (const [f, v] of [["on", on], ["right", false], ["carry", carry], ["gate", false]]) set(`ite-${k}-${f}`, v);
  }
  document.getElementById("ite-roll").click();
  return document.getElementById("ite-chain-odds").textContent;
}"""

HEAVY_LINE_ROLL_JS = """() => {
  document.getElementById("notation-expr").value = "d100*d100";
  document.getElementById("notation-roll").click();
  return document.getElementById("notation-where").textContent;
}"""


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")
    wait_ready(app, panel)


def _stored(app: Page, panel: str) -> list[dict[str, Any]]:
    return [e for e in app.evaluate("gmStorage.journalEntries()") if e["panel"] == panel]


def _exported(app: Page, tmp_path: Path, panel: str) -> list[dict[str, Any]]:
    with app.expect_download() as info:
        app.click("#journal-export-json")
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "gm-journal" and data["v"] == 2
    return [e for e in data["entries"] if e["panel"] == panel]


def _given(app: Page, panel: str, timeout_s: float = 120) -> None:
    """Wait until the store's entry of ``panel`` carries its roll (the worker's answer; its first
    start takes a while)."""
    waited = 0.0
    while not any(e.get("roll") for e in _stored(app, panel)):
        assert waited < timeout_s, f"no roll for the {panel} entry after {timeout_s} s"
        app.wait_for_timeout(250)
        waited += 0.25


def test_a_heavy_chain_rolled_before_its_odds_came_is_exported_with_the_roll_shown(
    app: Page, tmp_path: Path
) -> None:
    _open(app, "ite")
    pending = app.evaluate(HEAVY_CHAIN_ROLL_JS)
    assert "%" not in pending, "the chain's odds were not on the screen when it was rolled"
    expect(app.locator("#ite-log li")).to_have_count(1)
    (entry,) = _stored(app, "ite")
    assert "roll" not in entry or entry["roll"] is None, "journalled at once, before its odds"
    summary = app.locator("#ite-result").inner_text()
    lefts = app.locator("#ite-rolls tr td:first-of-type").all_inner_texts()  # "10 + (25 + 13) + 0 = 48"
    faces = [int(f) for left in lefts for f in re.findall(r"\(([^)]*)\)", left)[0].split("+")]

    _open(app, "journal")  # the GM walks away at once: the roll's computation goes on
    _given(app, "ite")
    (saved,) = _exported(app, tmp_path, "ite")
    data = saved["roll"]
    assert saved["id"] == entry["id"] and data["rule"] == "ite.chain" and data["by_hand"] is False
    assert data["outcome"] == ("success" if summary.startswith("Цепочка: все чеки успешны") else "failure")
    assert data["dice"] == [[sides, face] for sides, face in zip((100, 50, 50), faces, strict=True)]

    _open(app, "ite")
    chain_odds = app.locator("#ite-chain-odds")
    expect(chain_odds).to_contain_text("%", timeout=120_000)
    success = Fraction(data["p"]) if data["outcome"] == "success" else 1 - Fraction(data["p"])
    expect(chain_odds).to_contain_text(f"все чеки успешны — {render(pct(success), 'ru')}")
    assert Fraction(data["below"]) + Fraction(data["p"]) == (
        1 if data["outcome"] == "success" else 1 - success
    )


def test_a_heavy_line_rolled_before_any_table_is_exported_with_the_odds_shown(
    app: Page, tmp_path: Path
) -> None:
    _open(app, "notation")
    before = app.evaluate(HEAVY_LINE_ROLL_JS)
    assert "P(=" not in before, "no table of the line was shown when it was rolled"
    expect(app.locator("#notation-log li")).to_have_count(1)
    (entry,) = _stored(app, "notation")
    assert "roll" not in entry or entry["roll"] is None

    _open(app, "journal")
    _given(app, "notation")
    (saved,) = _exported(app, tmp_path, "notation")
    data = saved["roll"]
    assert saved["id"] == entry["id"] and data["rule"] == "notation" and "odds" not in data
    assert len(data["dice"]) == 2 and all(sides == 100 for sides, _ in data["dice"])
    first, second = (face for _, face in data["dice"])
    assert data["total"] == first * second and data["outcome"] == str(data["total"])

    _open(app, "notation")
    where = app.locator("#notation-where")
    expect(where).to_contain_text("P(=", timeout=120_000)
    total = data["total"]
    expect(where).to_contain_text(f"P(= {total}) = {render(short_pct(Fraction(data['p'])), 'ru')}")
    at_most = Fraction(data["below"]) + Fraction(data["p"])
    expect(where).to_contain_text(f"P(≤ {total}) = {render(short_pct(at_most), 'ru')}")
