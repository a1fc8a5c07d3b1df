"""Hostile or unlucky input gets a clear message in the page's language and changes nothing else:
junk in optional fields, a 4,301-digit roll line, a 41-fold product, «d-1»; a 118-character lab
link and an 80 KB file of escaped quotes (which once froze the page for 20–29 s), a seed in a
link someone sent, a row label that names another expression, labels that a spreadsheet would run;
no console error."""

from __future__ import annotations

import base64
import csv
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, open_app, wait_ready, watch_page, watched_context
from panels.notation.lab_share import encode_lab
from panels.notation.lab_state import Lab

GOOD = "Результат броска 3D20: 4 + 6 + 2 = 12."


@pytest.fixture
def english(browser: Browser, site_url: str) -> Iterator[Page]:
    """A page switched to English (the messages below must follow it)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=11", watch)
    page.click("#lang-switch")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    yield page
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("junk", ["-", "1e309", "2.5"])
def test_junk_defence_roll_is_refused_not_rolled(english: Page, junk: str) -> None:
    """«Бросок защиты» with junk: an English message, and no attack is rolled or logged. (It is a
    number field: letters cannot be typed into it, a lone minus only from the keyboard.)"""
    page = english
    page.goto(page.url.split("#")[0] + "#checks")
    entries = page.locator("#chk-log li").count()
    field = page.locator("#chk-opp-droll")
    field.click()
    field.press("Control+a")
    page.keyboard.type(junk)
    page.click("#chk-opp-roll")
    error = page.locator("#chk-opp-title").locator("xpath=ancestor::section[1]").locator(".error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("leave the field empty")
    expect(page.locator("#chk-log li")).to_have_count(entries)
    page.fill("#chk-opp-droll", "")
    page.click("#chk-opp-roll")
    expect(error).to_be_hidden()
    expect(page.locator("#chk-log li")).to_have_count(entries + 1)


def test_a_4301_digit_line_is_flagged_alone(english: Page) -> None:
    """A roll line with a 4,301-digit total is flagged on its own line; the others convert."""
    page = english
    page.goto(page.url.split("#")[0] + "#converter")
    huge = "Результат броска 3D20: 4 + 6 + 2 = " + "9" * 4301 + "."
    page.evaluate(
        "text => { const box = document.getElementById('convert-input'); box.value = text;"
        " box.dispatchEvent(new Event('input', {bubbles: true})); }",
        "\n".join([GOOD, huge, GOOD]),
    )
    page.click("#convert-run")
    output = page.input_value("#convert-output").splitlines()
    assert output[0] == output[2] == "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4"
    assert output[1].endswith(": неверный бросок. Невозможно конвертирование.")  # the forum's own format
    expect(page.locator("#convert-summary")).to_contain_text("2")
    reasons = page.locator("#convert-reasons li")
    expect(reasons).to_have_count(1)
    expect(reasons.first).to_contain_text("Line 2")


def test_huge_product_and_d_minus_one_in_english(english: Page) -> None:
    """999999999 multiplied 41 times shows in scientific notation; «d-1» says what is missing, in English."""
    page = english
    page.goto(page.url.split("#")[0] + "#notation")
    page.fill("#notation-expr", "*".join(["999999999"] * 41))
    page.click("#notation-odds")
    expect(page.locator("#notation .error").first).to_be_hidden()
    expect(page.locator("#notation")).to_contain_text("·10")
    page.fill("#notation-expr", "d-1")
    page.click("#notation-odds")
    error = page.locator("#notation .error").first
    expect(error).to_be_visible()
    expect(error).to_contain_text("expected the number of sides")
    expect(error).not_to_contain_text("unknown name")


# A task of the page's own that handles hostile input stays under this in the best of TRIES runs
# (its own work is a few milliseconds; another process on a shared machine can lengthen any one
# task, hence the best of three), and none comes near FREEZE_MS. The old page spent 19.8 s on the
# link and 28.6 s on the file, in one task each.
TASK_MS = 100
TRIES = 3
LINK = base64.urlsafe_b64encode(zlib.compress(('"' + '\\"' * 31_999).encode(), 9)).decode().rstrip("=")
# Long tasks from document start, as (start, duration); the time the dice panel got mounted.
WATCH_TASKS = """
window.longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
}).observe({type: "longtask"});
new MutationObserver(() => {
  const section = document.getElementById("notation");
  if (section?.dataset.mounted === "true" && window.mountedAt === undefined) window.mountedAt = performance.now();
}).observe(document, {attributes: true, attributeFilter: ["data-mounted"], subtree: true});
"""


def _best(attempt: Callable[[int], float], enough: float = TASK_MS) -> list[float]:
    """The longest task of each attempt (given its number), up to TRIES, stopping at the first
    within ``enough``."""
    seen: list[float] = []
    for number in range(TRIES):
        seen.append(attempt(number))
        if seen[-1] <= enough:
            break
    return seen


def test_the_118_character_lab_link_is_refused_without_freezing(browser: Browser, site_url: str) -> None:
    """The link (zlib + base64url of «"» and 31,999 «\\"») opened on another tab: when the dice
    panel mounts, the lab says the link is damaged, and the task that mounted it (link and all)
    froze nothing."""
    assert len(LINK) == 118

    def attempt(_: int) -> float:
        watch = Watch()
        context = watched_context(browser, watch)
        context.add_init_script(WATCH_TASKS)
        page = watch_page(context.new_page(), watch)
        page.goto(site_url + f"index.html?lab={LINK}#roller")
        wait_ready(page, "roller")
        page.click("a[href='#notation']")
        wait_ready(page, "notation")
        expect(page.locator("#notation")).to_contain_text("Лаборатория из ссылки повреждена")
        assert page.input_value("#lab-row-0") == ""
        at = page.evaluate("window.mountedAt")
        tasks = page.evaluate("window.longTasks")
        context.close()
        watch.assert_clean()
        return max((duration for start, duration in tasks if start <= at <= start + duration), default=0)

    seen = _best(attempt, FREEZE_MS)  # the mount's own rendering is in that task: no TASK_MS here
    assert min(seen) < FREEZE_MS, seen


def test_an_80_kb_file_of_escaped_quotes_is_refused_without_freezing(
    browser: Browser, site_url: str, tmp_path: Path
) -> None:
    """«Импорт» of the characters with 80 KB of «"» and «\\"»: refused as not JSON, the list
    unchanged, no task over TASK_MS (best of three) or FREEZE_MS."""
    hostile = '"' + '\\"' * 39_999
    assert len(hostile) == 79_999
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#roster", watch, "roster")
    wait_ready(page)  # every panel mounted (each in a long task of its own, once the page is touched)
    page.fill("#roster-name", "Борис")
    page.click("#roster-save")
    expect(page.locator("#roster-list li")).to_have_count(1)
    error = page.locator("#roster-list-part .error")

    def attempt(number: int) -> float:
        file = tmp_path / f"hostile-{number}.json"
        file.write_text(hostile, encoding="utf-8")
        page.evaluate(LONG_TASKS)
        page.set_input_files("#roster-import", str(file))
        expect(error).to_contain_text(f"hostile-{number}.json")
        page.wait_for_timeout(300)
        return max(page.evaluate("window.longTasks"), default=0)

    seen = _best(attempt)
    assert max(seen) < FREEZE_MS and min(seen) <= TASK_MS, seen
    expect(error).to_contain_text("это не JSON")
    expect(page.locator("#roster-list li")).to_have_count(1)
    expect(page.locator("#roster-undo-bar")).to_be_hidden()
    context.close()
    watch.assert_clean()


# What a GM's browser is: not driven by a program (the tests' own browser is, and so applies a
# seed at once, for reproducible dice).
GM_BROWSER = "Object.defineProperty(Navigator.prototype, 'webdriver', {get: () => false, configurable: true})"


def _rolls(page: Page, count: int = 4) -> list[str]:
    results = []
    done = page.locator("#gauss-log li").count()
    for n in range(count):
        page.click("#gauss-roll")
        expect(page.locator("#gauss-log li")).to_have_count(min(done + n + 1, 20))
        results.append(page.inner_text("#gauss-result"))
    return results


def test_a_seed_in_a_link_is_shown_dropped_and_never_applied_by_itself(
    browser: Browser, site_url: str
) -> None:
    """Two fresh GM's browsers open a link with ?seed=5: each says loudly that the seed was not
    applied, the address loses it at once, and their rolls differ. Applied by the GM's click, the
    same seed gives the same rolls in both, and says so until «Вернуть случайные кубики»."""
    pages, contexts, watches = [], [], []
    for _ in range(2):
        watch = Watch()
        context = watched_context(browser, watch)
        context.add_init_script(GM_BROWSER)
        page = watch_page(context.new_page(), watch)
        page.goto(site_url + "index.html?seed=5#roller")
        wait_ready(page, "roller")
        pages.append(page)
        contexts.append(context)
        watches.append(watch)
    for page in pages:
        banner = page.locator("#seed-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("не применено")
        expect(banner).to_contain_text("«5»")
        assert "seed" not in parse_qs(urlsplit(page.url).query)
        expect(page.locator("#seed-notice")).to_be_hidden()
    assert _rolls(pages[0]) != _rolls(pages[1])
    for page in pages:
        page.click("#seed-apply")
        expect(page.locator("#seed-banner")).to_contain_text("Кубики предсказуемы")
        page.click("#lang-switch")
        expect(page.locator("#seed-banner")).to_contain_text("The dice are predictable")
        page.click("#lang-switch")
    assert _rolls(pages[0]) == _rolls(pages[1])
    pages[0].click("#seed-random")
    expect(pages[0].locator("#seed-banner")).to_be_hidden()
    assert _rolls(pages[0]) != _rolls(pages[1])
    for context, watch in zip(contexts, watches, strict=True):
        context.close()
        watch.assert_clean()


def test_a_browser_driven_by_tests_applies_the_seed_and_says_so(browser: Browser, site_url: str) -> None:
    """The tests' own browser (navigator.webdriver) gets the seed at once: the same rolls in two
    fresh profiles, the footer naming the seed, no banner."""
    seen = []
    for _ in range(2):
        watch = Watch()
        context, page = open_app(browser, site_url + "index.html?seed=5#roller", watch, "roller")
        expect(page.locator("#seed-notice")).to_contain_text("зерно «5»")
        expect(page.locator("#seed-banner")).to_be_hidden()
        seen.append(_rolls(page))
        context.close()
        watch.assert_clean()
    assert seen[0] == seen[1]


def test_a_link_rows_labels_never_pass_for_other_dice_or_formulas(browser: Browser, site_url: str) -> None:
    """A link's row «d2+16 # 3d6» shows its expression beside its label, next to an honest 3d6;
    labels a spreadsheet would run reach dice-lab.csv as text (an apostrophe before them)."""
    rows = ("d2+16 # 3d6", "3d6", '2d6 # =HYPERLINK("http://x","x")', "d4 # @SUM(1)", "d8 # -1+2")
    watch = Watch()
    link = encode_lab(Lab(rows))
    context, page = open_app(browser, site_url + f"index.html?lab={link}#notation", watch, "notation")
    expect(page.locator("#lab-stats th")).to_have_text(
        ["3d6 (d2+16)", "3d6", '=HYPERLINK("http://x","x") (2d6)', "@SUM(1) (d4)", "-1+2 (d8)"]
    )
    with page.expect_download() as download:
        page.click("#lab-csv")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    cells = [cell for row in csv.reader(text.splitlines(), delimiter=";") for cell in row]
    labels = [cell for cell in cells if any(mark in cell for mark in ("HYPERLINK", "SUM", "+2 ("))]
    assert labels and all(cell.startswith("'") for cell in labels), labels
    context.close()
    watch.assert_clean()
