"""Journal rows of ``tools/bench.py`` (``--only-journal``): the journal of a campaign, with 10 and
with 100,000 entries stored.

Each size is imported once, as a v2 file (``tests/e2e/e2e_support.campaign_file``: 52 evenings of
2025, a third of the entries rolls), into a fresh browser context; then, ``runs`` times, each on a
new load of the roller (the journal panel mounts when it is opened):

- **open**: the journal's tab opened until its newest entry is on screen, and until its first page
  (``panels.journal.state.PAGE`` entries, or all there are) is drawn;
- **filters**: by panel, character, evening, and a search, each until the count it gives is shown;
- **page on**: «Показать ещё» until the next page is drawn (100,000 stored only);
- **statistics**: «Посчитать» over the whole journal until its figures are shown;
- **exports**: the journal's JSON of everything, and the CSV of one evening, until the download;
- **a roll with the journal open**: the roller's roll while the journal panel is mounted (its list
  follows), until the entry is on disk;
- **a roll on a fresh load**: until its result shows, until its entry is on disk, and the
  characters that journal write carried (the same at both sizes: an action writes what it adds).

Each with the longest main-thread task meanwhile (and 100 ms after), from Chromium's ``longtask``
entries, which start at 50 ms: a 0 means no task reached 50 ms. Prints a Markdown table (median
of the runs; the import once). Standalone: ``python tools/bench_journal.py [--runs 3] [--sizes
10,100000] [--site DIR]``; ``tools/bench.py --only-journal`` runs the same.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from e2e_support import CHROMIUM, CHROMIUM_ARGS, campaign_file, wait_ready  # noqa: E402

SIZES = (10, 100_000)
NIGHTS = 52
PAGE = 100  # the entries a page of the list holds (panels.journal.state.PAGE)
EVENING = "2025-01-07T18:00:00"  # the campaign's second night

# Runs `action` (JS), then waits (a frame at a time) until `done` (a JS expression) holds; `first`
# (a JS expression, optional) marks when the first part of it shows. Returns [ms until done, ms
# until first (or done), longest main-thread task meanwhile and 100 ms after].
CASE_JS = """async ([action, done, first]) => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
  observer.observe({ type: "longtask" });
  const check = new Function(`return (${done});`);
  const early = new Function(`return (${first || done});`);
  const start = performance.now();
  let firstMs = null;
  await (new Function(`return (async () => { ${action} })();`))();
  for (;;) {
    if (firstMs === null && early()) firstMs = performance.now() - start;
    if (check()) break;
    if (performance.now() - start > 600000) throw new Error(`not done: ${done}`);
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return [ms, firstMs ?? ms, Math.max(0, ...tasks)];
}"""
CHANGE = (
    "const f = document.getElementById('{id}'); f.value = {value}; "
    "f.dispatchEvent(new Event('{event}', {{bubbles: true}}));"
)
COUNTED = "/^Записей: \\d+ из/.test(document.getElementById('journal-count').textContent)"
ITEMS = "document.querySelectorAll('#journal-list li').length"
USAGE = "/\\d/.test(document.getElementById('storage-usage').textContent)"
WRITTEN_JS = """() => {
  window.journalWritten = [];
  const write = gmStorage.journalWrite;
  gmStorage.journalWrite = (records, ...rest) => {
    window.journalWritten.push(JSON.parse(records).reduce((n, r) => n + r.j.length, 0));
    return write(records, ...rest);
  };
}"""
DOWNLOADS_JS = """() => {
  window.downloads = 0;
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download) { window.downloads += 1; return; }
    return click.call(this);
  };
}"""
FILTERS = (
    ("a filter by panel → its count", "journal-panel", "'checks'", "change"),
    ("a filter by character → its count", "journal-who", "'Бандит'", "change"),
    ("a filter by evening → its count", "journal-evening", f"'{EVENING}'", "change"),
    ("a search → its count", "journal-search", "'бросок 4242:'", "input"),
)

Case = tuple[float, float, float]


def _case(page: Page, action: str, done: str, first: str = "") -> Case:
    return tuple(page.evaluate(CASE_JS, [action, done, first]))  # type: ignore[return-value]


def _unfiltered(page: Page) -> None:
    """Every filter and the search emptied, and the count of them all shown."""
    for _, element, _, event in FILTERS:
        page.evaluate(CHANGE.format(id=element, value="''", event=event))
    page.wait_for_function(COUNTED, timeout=600_000)


def _import(page: Page, upload: Path) -> Case:
    page.evaluate(
        "() => { window.importTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) "
        "window.importTasks.push(e.duration); }).observe({type: 'longtask'}); }"
    )
    start = page.evaluate("performance.now()")
    page.set_input_files("#journal-import", str(upload))
    page.locator("#journal-import-status").filter(has_text="новых записей").wait_for(timeout=900_000)
    ms = page.evaluate("performance.now()") - start
    return ms, ms, max([0, *page.evaluate("window.importTasks")])


def _one_run(page: Page, url: str, size: int, tag: str, rows: dict[str, list[Case]]) -> list[int]:
    def add(name: str, case: Case) -> None:
        rows.setdefault(f"{size:,} stored: {name}", []).append(case)

    page.goto(url + f"index.html?bench={tag}#roller")  # a new load, not a hash change
    wait_ready(page, "roller")  # no touch: the journal panel mounts when opened
    # the footer's size is known: the journal worker has read the store (its index), as it does
    # once the page is ready, so the open is measured beside the page, not beside that read
    page.wait_for_function(USAGE, timeout=600_000)
    page.wait_for_timeout(500)
    shown = min(PAGE, size)
    add(
        "open the journal → its newest entry shown / its first page drawn",
        _case(page, "location.hash = '#journal';", f"{ITEMS} >= {shown}", f"{ITEMS} > 0"),
    )
    page.wait_for_function(COUNTED, timeout=600_000)  # the journal worker has read the store
    for name, element, value, event in FILTERS:
        _unfiltered(page)
        before = page.evaluate("document.getElementById('journal-count').textContent")
        done = f"{COUNTED} && document.getElementById('journal-count').textContent !== {json.dumps(before)}"
        add(name, _case(page, CHANGE.format(id=element, value=value, event=event), done))
    _unfiltered(page)
    if size > PAGE:
        page.wait_for_function(f"{ITEMS} >= {PAGE}", timeout=600_000)
        add(
            "«Показать ещё» → the next page drawn",
            _case(page, "document.getElementById('journal-more').click();", f"{ITEMS} >= {2 * PAGE}"),
        )
    page.evaluate("document.getElementById('journal-tab-stats')?.click()")
    add(
        "statistics of them all («Посчитать») → shown",
        _case(
            page,
            "document.getElementById('journal-stats-run').click();",
            "/Бросков с данными/.test(document.getElementById('journal-stats-result').textContent)",
        ),
    )
    page.evaluate("document.getElementById('journal-tab-entries')?.click()")
    page.evaluate(DOWNLOADS_JS)
    add(
        "export the JSON of them all → its download",
        _case(page, "document.getElementById('journal-export-json').click();", "window.downloads >= 1"),
    )
    page.evaluate(CHANGE.format(id="journal-evening", value=f"'{EVENING}'", event="change"))
    page.wait_for_function(COUNTED, timeout=600_000)
    add(
        "export the CSV of one evening → its download",
        _case(page, "document.getElementById('journal-export-csv').click();", "window.downloads >= 2"),
    )
    _unfiltered(page)
    page.evaluate("location.hash = '#roller'")
    page.wait_for_timeout(500)
    add(
        "a roll with the journal open → its entry on disk",
        _case(page, "document.getElementById('gauss-roll').click(); await gmStorage.settled();", "true"),
    )
    page.goto(url + f"index.html?bench={tag}-roll#roller")
    wait_ready(page, "roller")
    page.evaluate(WRITTEN_JS)
    add(
        "a roll on a fresh load → its result shown",
        _case(
            page,
            "document.getElementById('gauss-roll').click();",
            "document.querySelectorAll('#gauss-log li').length > 0 && window.journalWritten.length > 0",
        ),
    )
    add(
        "a roll on a fresh load → its entry on disk",
        _case(page, "document.getElementById('gauss-roll').click(); await gmStorage.settled();", "true"),
    )
    return page.evaluate("window.journalWritten")


def journal_rows(browser: Browser, url: str, runs: int, sizes: Sequence[int] = SIZES) -> None:
    """The rows above for each size, printed as a Markdown table."""
    rows: dict[str, list[Case]] = {}
    written: dict[int, list[int]] = {}
    folder = Path(tempfile.mkdtemp())
    for size in sizes:
        upload = campaign_file(folder / f"journal-{size}.json", size, NIGHTS if size > NIGHTS else 2)
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        page.goto(url + "index.html#journal")
        wait_ready(page, "journal")
        rows[f"{size:,} stored: import the v2 file (chosen → the answer shown)"] = [_import(page, upload)]
        for run in range(runs):
            written.setdefault(size, []).extend(_one_run(page, url, size, f"{size}-{run}", rows))
            print(f"journal bench: {size:,} stored, run {run + 1} of {runs} done", file=sys.stderr)
        context.close()
    print()
    print(
        f"| the journal ({runs} runs; the import once) | median ms (first shown) | longest task ms, median (max) |"
    )
    print("|---|---|---|")
    for name, cases in rows.items():
        ms = statistics.median(c[0] for c in cases)
        first = statistics.median(c[1] for c in cases)
        longest = [c[2] for c in cases]
        shown = f"{ms:.0f}" if abs(first - ms) < 1 else f"{ms:.0f} ({first:.0f})"
        print(f"| {name} | {shown} | {statistics.median(longest):.0f} ({max(longest):.0f}) |")
    for size, chars in written.items():
        print(
            f"| {size:,} stored: characters a roll's journal write carried | {statistics.median(chars):.0f} | |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--sizes", default=",".join(str(s) for s in SIZES), help="entries stored, comma-separated"
    )
    parser.add_argument("--site", type=Path, help="measure this built site (default: build one)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tools"))
    from build import build
    from serve import serve_in_thread

    site = args.site.resolve() if args.site else build(Path(tempfile.mkdtemp()) / "site")
    server, url = serve_in_thread(site)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        journal_rows(browser, url, args.runs, [int(s) for s in args.sizes.split(",")])
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
