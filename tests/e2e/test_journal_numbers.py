"""The journal's numbers in the browser: a character's luck from the rolls made for them, the CSV's
columns of each roll as data, the posts' order and their statistics, and a post that no imported
field can turn into a forum tag."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e_support import wait_ready

PANEL = "roster"  # the module's page opens on the roster (conftest.app)

SKILL_ROLLS = 6  # skill checks of the best dice there are, for one character
TAGS = {"b", "list", "*", "i", "code"}  # what the post itself writes


def _open(app: Page, panel: str) -> None:
    app.goto(app.url.split("#")[0] + f"#{panel}")
    wait_ready(app, panel)


def _download(app: Page, button: str, tmp_path: Path) -> str:
    with app.expect_download() as info:
        app.click(button)
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    return target.read_text(encoding="utf-8-sig")


def test_a_character_who_rolls_the_best_dice_is_lucky(app: Page) -> None:
    """Skill checks of three 20s from the table, made for Кац: the statistics name Кац lucky, with
    the number of rolls behind it, and the table's d20 suspicious."""
    app.fill("#roster-name", "Кац")
    app.select_option("#roster-system", "gauss")
    app.fill("#roster-g-luck", "5")
    app.fill("#roster-g-skills", "Взлом: 4")
    app.fill("#roster-g-weapons", "Нож: 1")
    app.click("#roster-save")
    errors = app.locator("#roster [role=alert]:visible")
    expect(app.locator("#roster-list li")).to_have_count(1, timeout=15_000)
    assert errors.count() == 0, errors.all_inner_texts()
    _open(app, "checks")
    app.locator("#chk-skill-who").select_option(label="Кац — Взлом +4")
    for _ in range(SKILL_ROLLS):
        app.fill("#chk-skill-roll-table", "20 20 20")
        app.click("#chk-skill-roll")
        expect(app.locator("#chk-skill-roll-table")).to_have_value("")
    _open(app, "journal")
    app.click("#journal-tab-stats")
    app.click("#journal-stats-run")
    luck = app.locator("#journal-stats .stats-luck")
    expect(luck).to_have_count(1)
    expect(luck).to_have_attribute("data-lean", "lucky")
    expect(luck).to_contain_text("Кац: везёт — в среднем лучше")
    expect(luck).to_contain_text(f"(n = {SKILL_ROLLS})")
    expect(app.locator("#journal-stats-hand-d20 .fairness-verdict")).to_contain_text(
        f"бросков: {3 * SKILL_ROLLS}"
    )
    # the outcome counts: one rule, every roll the same outcome
    counts = app.locator("#journal-stats details.stats-more summary", has_text="Проверка навыка")
    expect(counts).to_contain_text(f"Проверка навыка, бросков: {SKILL_ROLLS}")
    app.click("#lang-switch")
    expect(luck).to_contain_text("Кац: lucky — on average better than")
    app.click("#lang-switch")
    app.click("#journal-tab-entries")


def test_the_csv_carries_each_roll_as_numbers(app: Page, tmp_path: Path) -> None:
    """The CSV's roll columns hold the JSON export's roll: rule, every die, «да» for table dice,
    the total, the outcome and its exact probability as a number with a decimal comma."""
    _open(app, "roller")
    app.click("#gauss-roll")
    _open(app, "journal")
    saved = json.loads(_download(app, "#journal-export-json", tmp_path))["entries"]
    rows = list(csv.reader(io.StringIO(_download(app, "#journal-export-csv", tmp_path)), delimiter=";"))
    assert rows[0][-7:] == ["Вечер", "Правило", "Кости", "Со стола", "Сумма", "Исход", "Вероятность"]
    assert len(rows) == len(saved) + 1 and len(saved) == SKILL_ROLLS + 1
    for row, entry in zip(rows[1:], saved, strict=True):  # both newest first
        roll = entry["roll"]
        rule, dice, by_hand, total, outcome, p = row[-6:]
        assert (rule, outcome) == (roll["rule"], roll["outcome"])
        faces = " ".join(str(face) for _, face in roll["dice"])
        assert dice == f"{len(roll['dice'])}d20: {faces}"
        assert by_hand == ("да" if roll.get("by_hand") else "")
        assert total == ("" if roll.get("total") is None else str(roll["total"]))
        assert "," in p or p in ("0", "1")
        assert float(p.replace(",", ".")) == pytest.approx(float(Fraction(roll["p"])), rel=1e-5)
    assert rows[-1][-6] == "gauss.skill" and rows[-1][-4] == "да" and rows[-1][-3] == "60"
    assert rows[1][-6] == "gauss.roll" and rows[1][-4] == ""


def test_the_posts_read_in_the_order_chosen_and_end_with_the_statistics(app: Page, tmp_path: Path) -> None:
    """BBCode and Markdown read oldest first by default, newest first when chosen, and with
    «со статистикой» end with the statistics as tables: the luck of Кац and the d20s' fairness."""
    _open(app, "journal")
    bbcode = _download(app, "#journal-export-bbcode", tmp_path)
    items = [line for line in bbcode.splitlines() if line.startswith("[*]")]
    assert len(items) == SKILL_ROLLS + 1
    assert "Кац" in items[0] and "Кац" not in items[-1], "oldest first: the skill checks, then the roll"
    assert "[code]" not in bbcode
    app.select_option("#journal-order", "new")
    app.check("#journal-export-stats")
    bbcode = _download(app, "#journal-export-bbcode", tmp_path)
    items = [line for line in bbcode.splitlines() if line.startswith("[*]")]
    assert "Кац" not in items[0] and "Кац" in items[-1], "newest first"
    stats = bbcode.split("[/list]", 1)[1]
    assert "[b]Статистика[/b]" in stats and stats.count("[code]") >= 2
    assert re.search(r"Кац\s+" + str(SKILL_ROLLS) + r"\s", stats), stats
    assert "подозрительно" in stats and "d20" in stats
    markdown = _download(app, "#journal-export-markdown", tmp_path)
    assert "## Статистика" in markdown and "| Кац |" in markdown
    app.select_option("#journal-order", "old")
    app.uncheck("#journal-export-stats")


def test_no_imported_field_becomes_a_forum_tag(app: Page, tmp_path: Path) -> None:
    """An imported entry whose line, name and note hold tags (one with attributes, one with
    spaces) is posted as text: the post's only tags are its own."""
    hostile = {
        "id": "imported-1",
        "time": "2026-12-01T20:00:00",  # the store refuses a time that is not one; the post escapes it too
        "panel": "roller",
        "ru": "[img width=1 height=1]x.png[/img] 3d20 → 8",
        "en": "[img width=1 height=1]x.png[/img] 3d20 → 8",
        "who": "[url=x]Громила[/url]",
        "why": "[ quote]засада[/ quote]",
    }
    upload = tmp_path / "hostile.json"
    upload.write_text(json.dumps({"format": "gm-journal", "v": 1, "entries": [hostile]}), encoding="utf-8")
    _open(app, "journal")
    app.set_input_files("#journal-import", str(upload))
    expect(app.locator("#journal-import-status")).to_contain_text("новых записей — 1")
    bbcode = _download(app, "#journal-export-bbcode", tmp_path)
    assert "Громила" in bbcode and "засада" in bbcode and "x.png" in bbcode
    tags = {name.lower() for name in re.findall(r"\[\s*/?\s*([A-Za-z*]+)", bbcode)}
    assert tags <= TAGS, f"tags a forum would run: {tags - TAGS}"
