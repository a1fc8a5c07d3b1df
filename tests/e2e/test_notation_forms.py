"""Dice notation as GMs type it, in the page: Russian dice letters give the odds of Latin ones; a
Foundry form the notation refuses says where and what to write instead; one the tools read
differently says how it was read."""

from __future__ import annotations

from playwright.sync_api import Page, expect

PANEL = "notation"  # the module's page waits for this panel only (conftest.app)


def _open_panel(app: Page) -> None:
    app.goto(app.url.split("#")[0] + "#notation")
    expect(app.locator("#notation")).to_be_visible()


def _odds(app: Page, text: str) -> None:
    app.fill("#notation-expr", text)
    app.click("#notation-odds")


def _shown(app: Page) -> tuple[list[str], list[str]]:
    """The table's rows and the statistics, as the user reads them."""
    return app.locator("#notation-table tr").all_inner_texts(), app.locator(
        "#notation-stats div"
    ).all_inner_texts()


def test_russian_dice_show_the_same_odds_as_latin_dice(app: Page) -> None:
    """3к6 typed in the dice line shows exactly the table and statistics of 3d6, and rolls."""
    _open_panel(app)
    _odds(app, "3d6")
    expect(app.locator("#notation-table tr")).to_have_count(16)
    latin = _shown(app)
    _odds(app, "3к6")
    expect(app.locator("#notation-dist-status")).to_contain_text("3к6")
    expect(app.locator("#notation-table tr")).to_have_count(16)
    assert _shown(app) == latin
    expect(app.locator("#notation > .error")).to_be_hidden()
    app.fill("#notation-expr", "3к6 # атака")
    app.click("#notation-roll")
    expect(app.locator("#notation-log li").first).to_contain_text("атака: 3к6 [")


def test_a_refused_foundry_form_suggests_the_nearest_form(app: Page) -> None:
    """Foundry's character data (@…) and two explosion rules on one die are refused with the position,
    a caret and the form to write instead; Foundry's cs, taken the Roll20 way, says how it was read."""
    _open_panel(app)
    _odds(app, "1d20 + @abilities.str.mod")
    error = app.locator("#notation > .error")
    expect(error).to_contain_text("символе 8")
    expect(error).to_contain_text("подставьте число")
    expect(app.locator("#notation-caret")).to_be_visible()
    _odds(app, "/r 5d10xo<8x10cs>=8")
    expect(error).to_contain_text("одно правило взрыва")
    _odds(app, "5d10e10")
    expect(error).to_contain_text("вместо «e» используйте «!»")
    _odds(app, "/r 10d20cs>10")
    expect(error).to_be_hidden()
    readings = app.locator("#notation-readings")
    expect(readings).to_be_visible()
    expect(readings).to_contain_text("В Foundry «cs» считает кубики")
    expect(readings).to_contain_text("«>10»")
    _odds(app, "10d20>10")
    expect(readings).to_be_visible()  # > itself is read strictly (Roll20 includes the 10)
    _odds(app, "10d20>=11")
    expect(readings).to_be_hidden()


def test_the_lab_a_label_and_a_wrong_die_letter_in_russian(app: Page) -> None:
    """A lab row of 3к6 gives the statistics and every probability of 3d6; «к попаданию» after a
    formula is its label; 3д6 is refused with the same dice written 3к6 and 3d6."""
    _open_panel(app)
    for index, row in enumerate(("3к6 # к попаданию", "3d6")):
        if not app.locator(f"#lab-row-{index}").is_visible():
            app.click("#lab-add")
        app.fill(f"#lab-row-{index}", row)
    app.click("#lab-run")
    stats = app.locator("#lab-stats tr")
    expect(stats).to_have_count(2)
    expect(stats.first.locator("th")).to_have_text("к попаданию (3к6)")
    russian, latin = (stats.nth(i).locator("td").all_inner_texts() for i in range(2))
    assert russian == latin and russian[0] == "10,50", russian
    for row in app.locator("#lab-dist tr").all():
        cells = row.locator("td").all_inner_texts()
        assert cells[0] == cells[1], cells
    app.fill("#notation-expr", "1к20+5 к попаданию")
    app.click("#notation-roll")
    expect(app.locator("#notation-log li").first).to_contain_text("к попаданию: 1к20+5")
    expect(app.locator("#notation-readings")).to_contain_text("«к попаданию»")
    _odds(app, "3д6")
    error = app.locator("#notation > .error")
    expect(error).to_contain_text("символе 2")
    expect(error).to_contain_text("например «3к6» или «3d6»")
