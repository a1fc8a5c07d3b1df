"""«Отменить» after «Очистить все раны» (FUDGE) and after a dice lab row's «Убрать», in the page:
the offer stands by the tap, gives back exactly what was taken, and the journal keeps no trace; and
the threat panel's «Screen mode» label stays beside its checkbox on a phone."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from e2e_support import Watch, open_app


def test_cleared_wounds_come_back_and_the_clears_log_line_goes(browser: Browser, site_url: str) -> None:
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5#fudge", watch, "fudge")
    for amount in ("1", "3", "4"):
        page.fill("#fudge-w-amount", amount)
        page.click("#fudge-w-take")
    rows = page.locator("#fudge-w-rows tr")
    marked = rows.all_inner_texts()
    log = page.locator("#fudge-log li")
    expect(log).to_have_count(3)
    bar = page.locator("#fudge-w-undo-bar")
    expect(bar).to_be_hidden()
    page.click("#fudge-w-clear-all")
    expect(page.locator("#fudge-w-status")).to_contain_text("Состояние: Невредим.")
    expect(log).to_have_count(4)
    expect(bar).to_be_visible()
    expect(page.locator("#fudge-w-undo-said")).to_have_text("Раны очищены (ручной трек).")
    clear_box = page.locator("#fudge-w-clear-all").bounding_box()
    bar_box = bar.bounding_box()
    assert clear_box and bar_box and 0 <= bar_box["y"] - (clear_box["y"] + clear_box["height"]) < 60
    page.click("#lang-switch")
    expect(page.locator("#fudge-w-undo")).to_have_text("Undo")
    expect(page.locator("#fudge-w-undo-said")).to_have_text("Wounds cleared (the track by hand).")
    page.click("#fudge-w-undo")
    expect(bar).to_be_hidden()
    page.click("#lang-switch")
    assert rows.all_inner_texts() == marked
    expect(log).to_have_count(3)  # the clear's line is gone, the undo wrote none
    expect(page.locator("#fudge-w-status")).to_contain_text("Очищенные раны возвращены.")
    context.close()
    watch.assert_clean()


def test_a_removed_lab_row_comes_back_at_its_place(browser: Browser, site_url: str) -> None:
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#notation", watch, "notation")
    for index, row in enumerate(("4d6kh3 # stats", "3d6 # plain", "2d6+3")):
        if not page.locator(f"#lab-row-{index}").is_visible():
            page.click("#lab-add")
        page.fill(f"#lab-row-{index}", row)
    page.click("#lab-run")
    expect(page.locator("#lab-stats tr")).to_have_count(3)
    bar = page.locator("#lab-undo-bar")
    expect(bar).to_be_hidden()
    page.click("#lab-remove-1")
    expect(page.locator("#lab-row-1")).to_have_value("2d6+3")
    expect(page.locator("#lab-stats tr")).to_have_count(2)
    expect(bar).to_be_visible()
    expect(page.locator("#lab-undo-said")).to_have_text("Строка 2 убрана: 3d6 # plain.")
    page.click("#lab-undo")
    expect(bar).to_be_hidden()
    for index, row in enumerate(("4d6kh3 # stats", "3d6 # plain", "2d6+3")):
        expect(page.locator(f"#lab-row-{index}")).to_have_value(row)
    expect(page.locator("#lab-dist-head th")).to_have_text(
        ["Значение", "stats (4d6kh3)", "plain (3d6)", "2d6+3"]
    )
    context.close()
    watch.assert_clean()


def test_the_screen_mode_label_sits_beside_its_checkbox_at_360_px(browser: Browser, site_url: str) -> None:
    """At 360 px in English «Screen mode («режим ширмы»)» wraps within itself beside the checkbox."""
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html#threat", watch, "threat", viewport={"width": 360, "height": 800}
    )
    page.click("#lang-switch")
    label = page.locator("label[for='threat-screen']")
    expect(label).to_contain_text("Screen mode")
    box, text = page.locator("#threat-screen").bounding_box(), label.bounding_box()
    assert box and text
    assert text["x"] >= box["x"] + box["width"]  # beside, not under
    assert text["y"] < box["y"] + box["height"] and box["y"] < text["y"] + text["height"]
    context.close()
    watch.assert_clean()
