"""Dice notation panel: roll, marks, exact odds, chart, errors, limits, share link, log."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready, wait_until_controlled
from panels.notation.jobs import WORKER_LIMITS
from rules import notation

PANEL = "notation"  # the module's page waits for this panel only (conftest.app)

FULL = re.compile(r"height: 100(\.0+)?%;?$")  # the tallest bar


def _open_panel(app: Page) -> None:
    app.goto(app.url.split("#")[0] + "#notation")
    expect(app.locator("#notation")).to_be_visible()


def _roll(app: Page, text: str) -> None:
    app.fill("#notation-expr", text)
    app.click("#notation-roll")


def _odds(app: Page, text: str) -> None:
    app.fill("#notation-expr", text)
    app.click("#notation-odds")


def _table_values(app: Page) -> list[str]:
    return [cell.split()[0] for cell in app.locator("#notation-table th").all_inner_texts()]


def test_roll_shows_each_die_dropped_marked_and_total(app: Page) -> None:
    """4d6kh3 shows four dice, one struck through and marked dropped, the total and the label in the log."""
    _open_panel(app)
    _roll(app, "4d6kh3 # сила")
    dice = app.locator("#notation-dice .nd-die")
    expect(dice).to_have_count(4)
    dropped = app.locator("#notation-dice .nd-dropped")
    expect(dropped).to_have_count(1)
    expect(dropped.locator("s")).to_have_count(1)
    expect(dropped).to_contain_text("✗")
    expect(dropped).to_contain_text("отброшен")
    kept = [
        int(t.split()[0]) for t in app.locator("#notation-dice .nd-die:not(.nd-dropped)").all_inner_texts()
    ]
    total = int(app.locator("#notation-dice .die-big").inner_text())
    assert total == sum(kept)
    expect(app.locator("#notation-result")).to_contain_text("сила: 4d6kh3 [")
    expect(app.locator("#notation-result")).to_have_attribute("aria-live", "polite")
    expect(app.locator("#notation-log li").first).to_contain_text("сила: 4d6kh3")
    expect(app.locator("#notation-log li").first).to_contain_text(f"= {total}")
    expect(app.locator("#notation-chart .bar-hit")).to_have_count(1)
    expect(app.locator("#notation-table tr.nd-hit th")).to_contain_text(str(total))


def test_enter_in_the_field_rolls(app: Page) -> None:
    """Pressing Enter in the expression field rolls and adds a log line."""
    _open_panel(app)
    before = app.locator("#notation-log li").count()
    app.fill("#notation-expr", "2d8 # enter")
    app.press("#notation-expr", "Enter")
    expect(app.locator("#notation-log li")).to_have_count(before + 1)
    expect(app.locator("#notation-log li").first).to_contain_text("enter: 2d8")


def test_exploded_and_rerolled_dice_are_marked(app: Page) -> None:
    """Exploding and rerolled dice carry their own marks in the dice view and in the text."""
    _open_panel(app)
    _roll(app, "30d2!")  # P(no 2 among 30 dice) = 2^-30
    expect(app.locator("#notation-dice .nd-exploded").first).to_contain_text("!")
    expect(app.locator("#notation-dice .nd-extra").first).to_contain_text("↳")
    expect(app.locator("#notation-result")).to_contain_text("↳")
    _roll(app, "30d2r")  # bare r rerolls the lowest face
    expect(app.locator("#notation-dice .nd-thrown").first).to_have_text("1")
    expect(app.locator("#notation-dice .nd-die").filter(has_text="↻").first).to_contain_text("переброшен")
    expect(app.locator("#notation-result")).to_contain_text("1↻2")


def test_distribution_stats_table_and_view_toggle(app: Page) -> None:
    """2d6 odds: mean 7, 11 bars and rows; the ≥ view starts at 100 %, the = view peaks at 7."""
    _open_panel(app)
    _odds(app, "2d6")
    expect(app.locator("#notation-table tr")).to_have_count(11)
    expect(app.locator("#notation-stats")).to_contain_text("7,00")
    expect(app.locator("#notation-stats")).to_contain_text("2,42")
    bars = app.locator("#notation-chart .bar")
    expect(bars).to_have_count(11)
    expect(bars.nth(5).locator(".bar-fill")).to_have_attribute("style", FULL)
    expect(bars.first.locator(".bar-fill")).not_to_have_attribute("style", FULL)
    app.check("#notation-view-ge")
    expect(bars.first.locator(".bar-fill")).to_have_attribute("style", FULL)
    expect(app.locator("#notation-chart-note")).to_contain_text("P(≥)")
    app.check("#notation-view-le")
    expect(bars.last.locator(".bar-fill")).to_have_attribute("style", FULL)
    app.check("#notation-view-eq")
    expect(app.locator("#notation-table tr").nth(5)).to_contain_text("16,67 %")


def test_wide_distribution_chart_stays_readable(app: Page) -> None:
    """8d10! (873 outcomes): few bars with thinned labels, the central rows first, all rows on request."""
    _open_panel(app)
    _odds(app, "8d10!")
    expect(app.locator("#notation-table-note")).to_contain_text("из 873", timeout=60_000)  # from the worker
    shown = app.locator("#notation-table tr").count()
    assert 20 <= shown <= 200
    app.click("#notation-table-all")
    expect(app.locator("#notation-table tr")).to_have_count(873)
    expect(app.locator("#notation-table-all")).to_be_hidden()
    expect(app.locator("#notation-table tr").last).to_contain_text("·10⁻")
    bars = app.locator("#notation-chart .bar").count()
    assert 12 <= bars <= 80
    labels = [t for t in app.locator("#notation-chart .bar-label").all_inner_texts() if t.strip()]
    assert 2 <= len(labels) <= 30
    expect(app.locator("#notation-chart-note")).to_contain_text("0,1 %")


def test_parse_error_points_at_the_position(app: Page) -> None:
    """A bad line shows a Russian message with the position and a caret under it; the old odds are
    cleared (not left as if they were its answer), and CSV/share are gone until a line computes."""
    _open_panel(app)
    _odds(app, "3d6")
    expect(app.locator("#notation-table tr")).to_have_count(16)
    _odds(app, "2d6 + foo")
    error = app.locator("#notation > .error")
    expect(error).to_contain_text("символе 7")
    expect(error).to_contain_text("неизвестное имя")
    caret = app.locator("#notation-caret")
    expect(caret).to_be_visible()
    assert caret.inner_text() == "2d6 + foo\n      ^"
    expect(app.locator("#notation-table-box")).to_be_hidden()
    expect(app.locator("#notation-dist")).to_be_hidden()
    expect(app.locator("#notation-csv")).to_be_hidden()
    expect(app.locator("#notation-table tr")).to_have_count(0)
    assert "expr" not in parse_qs(urlsplit(app.url).query)
    _odds(app, "d-1")
    expect(error).to_contain_text("после «d» ожидается число граней")
    _odds(app, "3d6")
    expect(error).to_be_hidden()
    expect(caret).to_be_hidden()
    expect(app.locator("#notation-table tr")).to_have_count(16)


def test_huge_numbers_show_in_scientific_notation(app: Page) -> None:
    """999999999 multiplied 41 times is shown as 1,00·10³⁶⁹, with no internal error."""
    _open_panel(app)
    _odds(app, "*".join(["999999999"] * 41))
    expect(app.locator("#notation-stats")).to_contain_text("·10³⁶⁹")
    expect(app.locator("#notation > .error")).to_be_hidden()


def test_csv_downloads_the_table_shown(app: Page) -> None:
    """CSV is a download of the shown distribution; with another line in the field it is refused."""
    _open_panel(app)
    _odds(app, "2d6")
    with app.expect_download() as info:
        app.click("#notation-csv")
    download = info.value
    assert download.suggested_filename == "notation.csv"
    lines = open(download.path(), encoding="utf-8").read().splitlines()
    assert lines[0] == "value,P(=),P(>=),P(<=),P(=) exact" and len(lines) == 12
    assert lines[6].endswith(",1/6")
    app.fill("#notation-expr", "3d6")
    app.click("#notation-csv")
    expect(app.locator("#notation > .error")).to_contain_text("другое выражение")


def test_too_many_dice_is_refused_at_once(app: Page) -> None:
    """2000d6 is refused with a clear message before anything is rolled, and the page stays responsive.

    "At once" is checked as work, not time: the parser refuses the line (rules.notation's unit tests
    bound that work), so no die is rolled and nothing is logged; the next line then computes.
    tools/bench.py times the refusal click.
    """
    _open_panel(app)
    _roll(app, "2d6 + 1")
    expect(app.locator("#notation-result")).to_contain_text("2d6 + 1")
    result = app.locator("#notation-result").inner_text()
    logged = app.locator("#notation-log li").count()
    app.fill("#notation-expr", "2000d6")
    app.click("#notation-roll")
    expect(app.locator("#notation > .error")).to_contain_text("слишком много")
    assert (
        result not in app.locator("#notation-result").inner_text()
    )  # nothing rolled; the old roll is cleared
    expect(app.locator("#notation-result")).to_have_text("Ещё не бросали.")
    assert app.locator("#notation-log li").count() == logged  # nothing logged
    _odds(app, "3d6")
    expect(app.locator("#notation > .error")).to_be_hidden()
    expect(app.locator("#notation-table-caption")).to_contain_text("3d6")


def test_too_much_work_is_refused_for_the_odds_but_rolls(app: Page) -> None:
    """200d1000! rolls, but its exact distribution is refused with a message and no stale table.

    The compute worker refuses only what is certainly hopeless: the message quotes the a-priori
    work estimate over the worker's limit, which is what refuses before any distribution is built
    (the unit tests check that no icepool die is made). tools/bench.py times the heavy cases.
    """
    _open_panel(app)
    _odds(app, "2d6")
    expr = notation.parse("200d1000!")
    assert expr.work > WORKER_LIMITS.max_work
    app.fill("#notation-expr", "200d1000!")
    app.click("#notation-roll")
    refused = app.locator("#notation-refused")
    expect(refused).to_be_visible(timeout=60_000)
    expect(refused).to_contain_text("слишком долго")
    spaced = f"{expr.work:,}".replace(",", " ")
    limit = f"{WORKER_LIMITS.max_work:,}".replace(",", " ")
    expect(refused).to_contain_text(f"оценка работы {spaced}, предел {limit}")
    expect(app.locator("#notation-table-box")).to_be_hidden()
    expect(app.locator("#notation-dist")).to_be_hidden()
    expect(app.locator("#notation-result")).to_contain_text("200d1000!")


def test_benchmark_expressions_compute(app: Page) -> None:
    """The four issue benchmarks give their exact outcome ranges."""
    _open_panel(app)
    for text, first, last, count in (
        ("4d6 > 4d6", "0", "1", 2),
        ("10d20kh1", "1", "20", 20),
        ("20d6dl5", "15", "90", 76),
        ("8d10!", "8", "880", 873),
    ):
        _odds(app, text)
        expect(app.locator("#notation-table-caption")).to_contain_text(text)
        if count > 120:
            app.click("#notation-table-all")
        expect(app.locator("#notation-table tr")).to_have_count(count)
        values = _table_values(app)
        assert (values[0], values[-1]) == (first, last), text


def test_preset_fills_the_field_and_computes(app: Page) -> None:
    """Choosing the 4dF example fills the field and shows its nine outcomes."""
    _open_panel(app)
    app.select_option("#notation-preset", "4dF")
    assert app.input_value("#notation-expr") == "4dF"
    expect(app.locator("#notation-table tr")).to_have_count(9)
    assert _table_values(app)[0] == "−4"


def test_share_url_tracks_the_expression(app: Page) -> None:
    """After a roll the URL carries ?expr= and keeps the #notation fragment and the seed."""
    _open_panel(app)
    _roll(app, "3d6 + 2 # атака")
    parts = urlsplit(app.url)
    query = parse_qs(parts.query)
    assert query["expr"] == ["3d6 + 2 # атака"]
    assert "seed" in query
    assert parts.fragment == "notation"


def test_share_link_opens_the_same_roller(browser: Browser, site_url: str) -> None:
    """A link with ?expr= (no fragment) opens the notation tab with the field filled and the odds shown."""
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?expr=20d6dl5%20%23%20%D1%83%D1%80%D0%BE%D0%BD", watch, "notation"
    )
    expect(page.locator("#notation")).to_be_visible()
    assert page.input_value("#notation-expr") == "20d6dl5 # урон"
    expect(page.locator("#notation-table tr")).to_have_count(76)
    expect(page.locator("nav.tabs a[href='#notation']")).to_have_attribute("aria-current", "page")
    page.click("#notation-roll")
    expect(page.locator("#notation-log li").first).to_contain_text("урон: 20d6dl5")
    second = context.new_page()
    second.goto(page.url)
    wait_ready(second, "notation")
    assert second.input_value("#notation-expr") == "20d6dl5 # урон"
    expect(second.locator("#notation-table tr")).to_have_count(76)
    context.close()
    watch.assert_clean()


def test_log_survives_reload_and_clears(browser: Browser, site_url: str) -> None:
    """The roll log is kept across a reload, exports as a .txt file and can be cleared."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5#notation", watch, "notation")
    page.fill("#notation-expr", "d20 # первый")
    page.click("#notation-roll")
    page.fill("#notation-expr", "d20 # второй")
    page.click("#notation-roll")
    texts = page.locator("#notation-log li").all_inner_texts()
    assert len(texts) == 2 and "второй" in texts[0]
    page.reload()
    wait_ready(page, "notation")
    expect(page.locator("#notation-log li")).to_have_count(2)
    assert page.locator("#notation-log li").all_inner_texts() == texts
    expect(page.locator("#notation-log-empty")).to_be_hidden()
    with page.expect_download() as info:
        page.click("#notation-log-export")
    download = info.value
    assert download.suggested_filename == "notation-log.txt"
    content = open(download.path(), encoding="utf-8").read()
    assert "первый: d20" in content and "второй: d20" in content
    assert content.index("первый") < content.index("второй")
    page.click("#notation-log-clear")
    expect(page.locator("#notation-log li")).to_have_count(0)
    page.reload()
    wait_ready(page, "notation")
    expect(page.locator("#notation-log li")).to_have_count(0)
    expect(page.locator("#notation-log-empty")).to_be_visible()
    context.close()
    watch.assert_clean()


def test_corrupted_log_falls_back_with_a_notice(browser: Browser, site_url: str) -> None:
    """An unreadable saved record is said in a visible notice, without errors; a log saved before
    the kit (gm.notation.log) is carried over once into the journal of the evening, so a damaged
    panel record later loses no line of it."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#notation", watch, "notation")
    page.evaluate(
        """async () => { await gmStorage.remove('gm.panel.notation');
        localStorage.setItem('gm.notation.log', JSON.stringify([{text: 'старое: d20 [5] = 5', time: '2024-01-01 10:00'}])); }"""
    )
    page.reload()
    wait_ready(page, "notation")
    expect(page.locator("#notation-log li")).to_have_count(1)
    expect(page.locator("#notation-log li").first).to_contain_text("старое: d20 [5] = 5")
    for broken in ('{"v": 1, "form": {}, "log": [{"text": 5}]}', '{"broken": '):
        page.evaluate("value => gmStorage.save('gm.panel.notation', value)", broken)
        page.reload()
        wait_ready(page, "notation")
        expect(page.locator("#notation")).to_contain_text("повреждён")
    expect(page.locator("#notation-log li")).to_have_count(1)  # the line is the journal's
    page.fill("#notation-expr", "d6")
    page.click("#notation-roll")
    expect(page.locator("#notation-log li")).to_have_count(2)
    context.close()
    watch.assert_clean()


def test_bad_share_links_are_refused_without_crashing(browser: Browser, site_url: str) -> None:
    """A link's ?expr= is untrusted: a bad line shows its error and caret, an overlong one is refused."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?expr=2d6%20%2B%20foo", watch, "notation")
    expect(page.locator("#notation > .error")).to_contain_text("неизвестное имя 'foo'")
    expect(page.locator("#notation-caret")).to_be_visible()
    expect(page.locator("#notation-table-box")).to_be_hidden()
    page.goto(site_url + "index.html?expr=" + "1%2B" * 400 + "1#notation")
    wait_ready(page, "notation")
    expect(page.locator("#notation > .error")).to_contain_text("слишком длинный")
    page.fill("#notation-expr", "d6")
    page.click("#notation-roll")
    expect(page.locator("#notation > .error")).to_be_hidden()
    expect(page.locator("#notation-result")).to_contain_text("d6 [")
    context.close()
    watch.assert_clean()


def test_user_text_stays_text(app: Page) -> None:
    """HTML in the label is shown as text in the result and the log and never runs."""
    _open_panel(app)
    payload = '<img src=x onerror="window.__pwned=1">'
    _roll(app, f"d6 # {payload}")
    expect(app.locator("#notation-log li").first).to_contain_text(payload)
    expect(app.locator("#notation-result")).to_contain_text(payload)
    assert app.locator("#notation img").count() == 0
    assert app.evaluate("window.__pwned") is None


def test_english_roll_and_error_then_back_to_russian(browser: Browser, site_url: str) -> None:
    """In English the odds line (decimal point), die marks and a parse error are English; back restores Russian."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#notation", watch, "notation")
    page.click("#lang-switch")
    _roll(page, "4d6kh3")
    status, error = page.locator("#notation-dist-status"), page.locator("#notation > .error")
    dropped = page.locator("#notation-dice .nd-dropped")
    expect(status).to_contain_text("Distribution of 4d6kh3: mean 12.24")
    expect(page.locator("#notation-table tr").nth(5)).to_contain_text("%")
    assert "," not in page.locator("#notation-table").inner_text()
    expect(dropped).to_contain_text("(dropped)")
    page.click("#lang-switch")
    expect(status).to_contain_text("Распределение 4d6kh3: среднее 12,24")
    expect(dropped).to_contain_text("(отброшен)")
    page.click("#lang-switch")
    _roll(page, "4d6+")
    expect(error).to_have_text("Error at character 5: expected a number, a die, a function or '('")
    page.click("#lang-switch")
    expect(error).to_have_text("Ошибка в символе 5: ожидается число, кубик, функция или «(»")
    expect(status).to_have_text("Нажмите «Бросить» или «Только вероятности».")
    context.close()
    watch.assert_clean()


CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _stray_russian(text: str) -> list[str]:
    """Cyrillic outside «…» and outside what the user typed (labels are theirs)."""
    return CYRILLIC.findall(re.sub(r"«[^»]*»", "", text))


def test_language_switch_leaves_no_russian_and_no_stale_text(browser: Browser, site_url: str) -> None:
    """Roll, refuse a bad line, switch to English: no Russian outside «…» and no stale result; back
    to Russian gives Russian again."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=4#notation", watch, "notation")
    _roll(page, "4d6kh3 # strength")
    expect(page.locator("#notation-table tr")).to_have_count(16)
    _lab_rows(page, "6x4d6kh3 # stats", "3d6 +")  # the lab too: its series names and its error
    expect(page.locator("#notation-lab .error")).to_contain_text("Строка 2, символ 6")
    page.fill("#lab-row-1", "3d6")
    page.click("#lab-run")
    expect(page.locator("#lab-stats tr")).to_have_count(8)
    _roll(page, "4d6 + foo")
    expect(page.locator("#notation > .error")).to_contain_text("неизвестное имя")
    page.click("#lang-switch")
    panel = page.locator("#notation")
    expect(page.locator("#notation > .error")).to_contain_text("unknown name 'foo'")
    expect(page.locator("#notation-result")).to_have_text("No roll yet.")
    text = panel.inner_text()
    assert _stray_russian(text) == [], text
    assert "Точн" not in text and "16,67" not in text
    expect(page.locator("#notation-table-box")).to_be_hidden()
    expect(page.locator("#lab-stats th").nth(1)).to_have_text("stats (6x4d6kh3) · highest")
    expect(page.locator("#lab-row-0")).to_have_attribute("placeholder", "e.g. 3d6 # test")
    page.click("#lang-switch")
    expect(page.locator("#notation > .error")).to_contain_text("неизвестное имя 'foo'")
    expect(page.locator("#notation-result")).to_have_text("Ещё не бросали.")
    expect(page.locator("#notation h2")).to_have_text("Кубики любой системы")
    context.close()
    watch.assert_clean()


# --------------------------------------------------------------------------- the dice lab


def _lab_rows(page: Page, *rows: str) -> None:
    """Type ``rows`` into the lab (adding rows as needed) and press Compare."""
    for index, row in enumerate(rows):
        field = page.locator(f"#lab-row-{index}")
        if not field.is_visible():
            page.click("#lab-add")
        page.fill(f"#lab-row-{index}", row)
    page.click("#lab-run")


def test_a_refusal_in_the_lab_outlives_the_answer_it_replaced(app: Page) -> None:
    """A heavy line goes to the worker; a typo typed meanwhile is refused at once; the worker's
    late answer for the old rows is dropped and leaves the refusal on screen (the lab is a lifted
    sub-tool: lifting once made every dropped answer look like a change, which cleared it)."""
    _open_panel(app)
    asked = app.evaluate("gmCompute.asked()")
    _lab_rows(app, "floor(200d6/7d6)")
    app.wait_for_function("n => gmCompute.asked() > n", arg=asked)
    app.fill("#lab-row-0", "3d6 +")
    app.click("#lab-run")
    refusal = app.locator("#notation-lab .error").first
    expect(refusal).to_contain_text("Строка 1, символ 6")
    app.wait_for_function("() => !gmCompute.busy()", timeout=60_000)
    app.wait_for_timeout(300)  # the answer's step has run (it is handled in the same task as busy ends)
    expect(refusal).to_contain_text("Строка 1, символ 6")
    expect(refusal).to_be_visible()


def test_lab_compares_lines_and_arrays_on_one_chart_and_table(app: Page) -> None:
    """Three lines: three lines on the chart (each with its own dash and marker), a legend, the
    statistics, the =/≥ table and the pairwise odds; 6x4d6kh3 shows six positions and the sum;
    rows move by keyboard; a typo clears the results and points at the character; 360 px fits."""
    _open_panel(app)
    _lab_rows(app, "4d6kh3 # stats", "3d6", "2d6+3 # other")
    chart = app.locator("#lab-chart polyline")
    expect(chart).to_have_count(3)
    dashes = {chart.nth(i).get_attribute("stroke-dasharray") for i in range(3)}
    assert len(dashes) == 3  # told apart without colour
    expect(app.locator("#lab-legend li")).to_have_count(3)
    expect(app.locator("#lab-stats tr")).to_have_count(3)
    expect(app.locator("#lab-stats tr").first).to_contain_text("12,24")  # mean of 4d6kh3
    expect(app.locator("#lab-dist-head th")).to_have_text(
        ["Значение", "stats (4d6kh3)", "3d6", "other (2d6+3)"]
    )
    odds = notation.compare("4d6kh3", "3d6")
    expect(app.locator("#lab-pairs tr").first.locator("td").nth(1)).to_contain_text(
        f"{float(odds['gt']) * 100:.2f}".replace(".", ",")
    )
    app.check("#lab-view-ge")
    expect(app.locator("#lab-dist tr").first.locator("td").nth(0)).to_have_text("100 %")
    app.check("#lab-view-eq")
    for button, name, magic in (
        ("#lab-png", "dice-lab.png", b"\x89PNG"),
        ("#lab-svg", "dice-lab.svg", b"<svg"),
    ):
        with app.expect_download() as download:
            app.click(button)
        assert download.value.suggested_filename == name
        assert Path(download.value.path()).read_bytes().startswith(magic)
    # An array: each sorted position and the sum, named so.
    app.fill("#lab-row-1", "6 x 4d6kh3 # six")
    app.press("#lab-row-1", "Enter")
    expect(app.locator("#lab-stats tr")).to_have_count(9)
    names = app.locator("#lab-stats th").all_inner_texts()
    assert names[1:8] == [
        "six (6 x 4d6kh3) · сумма",
        "six (6 x 4d6kh3) · высший",
        "six (6 x 4d6kh3) · 2-й",
        "six (6 x 4d6kh3) · 3-й",
        "six (6 x 4d6kh3) · 4-й",
        "six (6 x 4d6kh3) · 5-й",
        "six (6 x 4d6kh3) · низший",
    ]
    expect(app.locator("#lab-chart polyline")).to_have_count(9)
    # Keyboard: the "down" button of row 1 moves it below row 2.
    app.focus("#lab-down-0")
    app.keyboard.press("Enter")
    expect(app.locator("#lab-row-1")).to_have_value("4d6kh3 # stats")
    expect(app.locator("#lab-stats th").first).to_have_text("six (6 x 4d6kh3) · сумма")
    # A typo: the results go, the row and the character are marked.
    app.fill("#lab-row-2", "3d6 + ")
    app.click("#lab-run")
    expect(app.locator("#notation-lab .error")).to_contain_text("Строка 3, символ 7")
    expect(app.locator("#lab-caret")).to_have_text("3d6 + \n      ^")
    expect(app.locator("#lab-results")).to_be_hidden()
    expect(app.locator("#lab-row-2")).to_have_attribute("aria-invalid", "true")
    app.fill("#lab-row-2", "2d6+3 # other")
    app.click("#lab-run")
    expect(app.locator("#lab-results")).to_be_visible()
    expect(app.locator("#notation-lab .error")).to_be_hidden()
    app.set_viewport_size({"width": 360, "height": 800})
    assert app.evaluate("document.documentElement.scrollWidth") <= 360
    app.set_viewport_size({"width": 1280, "height": 800})


def test_lab_link_program_cancel_and_budget_offline(app: Page, browser: Browser, site_url: str) -> None:
    """The share link reproduces the lab (rows, labels, view, program) in a fresh context, online and
    offline; its program is shown, marked as from a link, and runs only on the user's click (in the
    sandboxed runner, offline too); a program with two outputs shows both; an endless program is
    stopped by Cancel and by the time budget (?budget=), and the lab works on."""
    _open_panel(app)
    _lab_rows(app, "fib = d{1,1,2,3,5,8}", "3fib # три", "d{1..3}")
    app.check("#lab-view-le")
    expect(app.locator("#lab-stats tr")).to_have_count(2)
    app.click("#lab-share")
    link = parse_qs(urlsplit(app.url).query)["lab"][0]
    watch = Watch()
    context, page = open_app(browser, site_url + f"index.html?budget=3&lab={link}#notation", watch)
    expect(page.locator("#lab-stats th")).to_have_text(["три (3fib)", "d{1..3}"])
    expect(page.locator("#lab-view-le")).to_be_checked()
    assert page.input_value("#lab-row-1") == "3fib # три"
    # A program with two outputs lands in the same chart and table.
    two = 'output(d20 + 5, "атака")\nfor n in (2,):\n    output(n @ d6, "урон")\n'
    page.fill("#lab-program", two)
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(
        ["три (3fib)", "d{1..3}", "программа: атака", "программа: урон"], timeout=60_000
    )
    expect(page.locator("#lab-chart polyline")).to_have_count(4)
    expect(page.locator("#lab-program-origin")).to_be_hidden()
    # Its link carries the program too: offline, in this context, the lab comes back with the
    # program shown but not run, until the click; the runner works offline.
    page.click("#lab-share")
    wait_until_controlled(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page, "notation")
    expect(page.locator("#lab-stats th")).to_have_text(["три (3fib)", "d{1..3}"], timeout=60_000)
    assert page.input_value("#lab-program") == two
    expect(page.locator("#lab-program-origin")).to_contain_text("Программа из ссылки: прочитайте её")
    assert page.evaluate("gmRunner.running()") is False
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(
        ["три (3fib)", "d{1..3}", "программа: атака", "программа: урон"], timeout=60_000
    )
    expect(page.locator("#lab-program-origin")).to_be_hidden()
    # An endless program: Cancel stops it at once, the budget (3 s) without a click.
    page.fill("#lab-program", "x = 0\nwhile True:\n    x += 1\n")
    page.click("#lab-program-run")
    cancel = page.locator("#notation-lab .compute-status button")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(page.locator("#notation-lab .error")).to_contain_text("отменён")
    page.click("#lab-program-run")
    expect(page.locator("#notation-lab .error")).to_contain_text("не уложилось в 3 с", timeout=60_000)
    page.fill("#lab-program", 'output(d4, "ok")\nimport js\n')
    page.click("#lab-program-run")
    expect(page.locator("#notation-lab .error")).to_contain_text("строка 2: js недоступно", timeout=60_000)
    page.fill("#lab-program", 'output(d4, "ok")')
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(
        ["три (3fib)", "d{1..3}", "программа: ok"], timeout=60_000
    )
    # Without a link, a reload brings back the saved lab: rows, view and program, which does not
    # run by itself (the lab says so).
    page.goto(site_url + "index.html?budget=3#notation")
    wait_ready(page, "notation")
    expect(page.locator("#lab-stats th")).to_have_text(["три (3fib)", "d{1..3}"], timeout=60_000)
    expect(page.locator("#lab-view-le")).to_be_checked()
    assert page.input_value("#lab-program") == 'output(d4, "ok")'
    expect(page.locator("#lab-program-origin")).to_contain_text("не запускается сама")
    context.close()
    watch.assert_clean()


def test_a_lab_link_opens_the_lab_with_its_chart(browser: Browser, site_url: str) -> None:
    """On a phone, a shared lab link opens on the «Лаборатория» sub-tab with its chart drawn (not on
    «Бросок», the chart waiting for a tap), even where the GM last used the dice line."""
    from panels.notation.lab_share import encode_lab
    from panels.notation.lab_state import Lab

    link = encode_lab(Lab(("3d6", "4d6kh3 # характеристика")))
    watch = Watch()
    context, page = open_app(
        browser,
        site_url + f"index.html?lab={link}#notation",
        watch,
        "notation",
        viewport={"width": 360, "height": 740},
    )
    context.add_init_script("localStorage.setItem('gm.subtool', JSON.stringify({notation: 'roll'}))")
    page.reload()
    wait_ready(page, "notation")
    expect(page.locator("#notation-tab-lab")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#lab-chart polyline")).to_have_count(2)
    expect(page.locator("#lab-chart")).to_be_visible()
    expect(page.locator("#notation-roll")).to_be_hidden()
    context.close()
    watch.assert_clean()
