"""The dice lab's exports say what they show and read right in a Russian spreadsheet;
«Сравнить» brings the result into view."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from playwright.sync_api import Page, expect

SVG = "{http://www.w3.org/2000/svg}"


def _lab(app: Page, *rows: str) -> None:
    """Open the lab with ``rows`` (adding rows as needed; extra ones emptied) and press Compare."""
    app.goto(app.url.split("#")[0] + "#notation")
    expect(app.locator("#notation")).to_be_visible()
    for index, row in enumerate(rows):
        if not app.locator(f"#lab-row-{index}").is_visible():
            app.click("#lab-add")
        app.fill(f"#lab-row-{index}", row)
    app.click("#lab-run")
    expect(app.locator("#lab-results")).to_be_visible()


def _download(app: Page, button: str) -> bytes:
    with app.expect_download() as download:
        app.click(button)
    return Path(download.value.path()).read_bytes()


def test_the_russian_csv_has_a_bom_semicolons_and_decimal_commas(app: Page) -> None:
    """In Russian the CSV opens right in a Russian spreadsheet: a BOM, «;», decimal commas and
    Russian headers; in English: commas and dots."""
    _lab(app, "d2 # сила", "d4")
    data = _download(app, "#lab-csv")
    assert data.startswith(b"\xef\xbb\xbf")
    lines = data.decode("utf-8-sig").splitlines()
    assert lines[0].startswith('"значение";"сила (d2) P(=)";"сила (d2) P(>=)"')  # a label names its row
    assert lines[1] == "1;0,5;1;0,5;0,25;1;0,25"
    assert "ряд;среднее;СКО;минимум;максимум" in lines
    app.click("#lang-switch")
    try:
        lines = _download(app, "#lab-csv").decode("utf-8-sig").splitlines()
        assert lines[0].startswith('"value","сила (d2) P(=)"') and lines[1] == "1,0.5,1,0.5,0.25,1,0.25"
    finally:
        app.click("#lang-switch")


def test_the_svg_carries_its_title_and_a_legend_of_the_rows(app: Page) -> None:
    """On a forum post 4d6kh3 and 3d6 must be told apart: the SVG has <title>, a heading and a
    legend with each row's label; the PNG is drawn from it at its full size."""
    _lab(app, "4d6kh3 # статы", "3d6")
    root = ElementTree.fromstring(_download(app, "#lab-svg"))
    assert root[0].tag == f"{SVG}title"
    assert root[0].text == "Лаборатория кубиков, P(=): статы (4d6kh3), 3d6"
    names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "name"]
    assert names == ["статы (4d6kh3)", "3d6"]
    headings = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert headings == ["Лаборатория кубиков, P(=): статы (4d6kh3), 3d6"]
    png = _download(app, "#lab-png")
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[20:24], "big") == 2 * int(root.get("height"))


def test_compare_brings_the_result_into_view(app: Page) -> None:
    """On a phone the result is below the rows: after «Сравнить» it is scrolled to."""
    app.set_viewport_size({"width": 360, "height": 740})
    try:
        app.goto(app.url.split("#")[0] + "#notation")
        app.click('#notation .subtabs [role=tab][data-subtool="lab"]')
        app.evaluate("window.scrollTo(0, 0)")
        _lab(app, "3d6 # a", "4d6kh3 # b", "2d10 # c")
        top = app.evaluate("document.getElementById('lab-results').getBoundingClientRect().top")
        assert 0 <= top < 740 * 0.6
    finally:
        app.set_viewport_size({"width": 1280, "height": 800})
