"""Benchmark the page in Debian's Chromium: first paint, time to ready (cold, warm), click → result.

    .venv/bin/python tools/bench.py [--runs 3]       # everything
    .venv/bin/python tools/bench.py --only-start     # the first click beside its floor, and the ratios
    .venv/bin/python tools/bench.py --only-targets   # every row that has a target (docs/benchmarks.md)

Cold: a fresh browser context (empty HTTP cache, empty storage, no service worker). Warm: a reload
in the same context once the service worker controls the page (every file from its cache); "warm
again" is one more reload, when Chromium's JS and wasm code caches are warm too. The first click
answered, beside the floor (our snapshot restored alone) and after a browser restart, is measured
by ``tools/bench_start.py`` (``--only-start``); in Chromium, Firefox ESR and WebKitGTK side by side
by ``tools/bench_engines.py`` (``--only-engines``); the journal with 10 and 100,000 entries stored by
``tools/bench_journal.py`` (``--only-journal``). Ready time is the page's own
``performance.now()`` when Python finished wiring the UI (``data-ready-ms``). Click timings wrap
the synchronous Python handler in the page, plus one frame. This is a measurement, not a test:
record its output in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from bench_engines import engine_rows  # noqa: E402
from bench_journal import journal_rows  # noqa: E402
from bench_start import (  # noqa: E402
    CHROMIUM_ENGINE,
    FIRST_CLICK_JS,
    KINDS,
    print_start_rows,
    start_rows,
    write_start_pages,
)
from build import build  # noqa: E402
from e2e_support import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    INTERACTIVE,
    READY,
    TOUCH,
    wait_ready,
    wait_until_controlled,
)
from serve import CompressingHandler, serve_in_thread  # noqa: E402

# The exhaustible bag at the old forecast budget (8 light + 10 dark, T₀ = 1, advantage). Events
# bubble: the kit listens on each panel's section.
# Screen mode is on by default: the forecast shows, and is computed, with it off.
SCREEN_OFF = (
    "{ const screen = document.getElementById('threat-screen'); if (screen.checked) { "
    "screen.checked = false; screen.dispatchEvent(new Event('change', {bubbles: true})); } } "
)
HEAVY_THREAT_BAG = SCREEN_OFF + (
    "for (const [id, v] of [['threat-light', '8'], ['threat-dark', '10'], ['threat-base', '1'], "
    "['threat-t', '1'], ['threat-step', '1'], ['threat-fc-roll', 'advantage']]) { "
    "const field = document.getElementById(id); field.value = v; "
    "field.dispatchEvent(new Event('change', {bubbles: true})); } "
)

# (name, panel, JS run before the click, button selector)
ACTIONS: list[tuple[str, str, str, str]] = [
    ("GaussD20 roll", "roller", "", "#gauss-roll"),
    (
        "convert seed example (3 lines)",
        "converter",
        "document.getElementById('convert-example').click()",
        "#convert-run",
    ),
    (
        "convert 1 MB log",
        "converter",
        "document.getElementById('convert-input').value = "
        "'Результат броска 3D20: 17 + 5 + 2 = 24 - \"раз\".\\nболтовня\\n'.repeat(14000)",
        "#convert-run",
    ),
    # The dice panel: roll + exact distribution (cold cache) + chart and table, in one click.
    *(
        (
            f"notation {expr}",
            "notation",
            f"document.getElementById('notation-expr').value = '{expr}'",
            "#notation-roll",
        )
        for expr in ("4d6 > 4d6", "10d20kh1", "20d6dl5", "8d10!")
    ),
    # Refusals (tests/unit/test_notation.py bounds their work; these time them in the page):
    # 2000d6 is refused by the parser, 30d20! rolls but its exact distribution is refused.
    *(
        (
            f"notation {expr} ({what})",
            "notation",
            f"document.getElementById('notation-expr').value = '{expr}'",
            "#notation-roll",
        )
        for expr, what in (("2000d6", "refused"), ("30d20!", "rolled, odds refused"))
    ),
    # The threat panel: a check re-renders odds and the exact forecast; the second case is an exhaustible
    # bag at the forecast budget (panels.threat.state.FORECAST_BUDGET), the heaviest forecast computed.
    ("threat check (default bag)", "threat", SCREEN_OFF, "#threat-check"),
    (
        "threat check + forecast, exhaustible bag at the budget",
        "threat",
        HEAVY_THREAT_BAG + "document.getElementById('threat-exhaustible').checked = true; "
        "document.getElementById('threat-exhaustible').dispatchEvent(new Event('change', {bubbles: true}))",
        "#threat-check",
    ),
    # Seed 001 §4 (ITE panel): exact odds of the worst allowed chain, I, T and E each 2d67 against a
    # constant with margin criticals ±5 (tests/unit/test_ite.py bounds its work; this times it).
    (
        "ITE odds, chain of 3 × 2к67, margin criticals",
        "ite",
        "for (const k of ['i', 't', 'e']) { "
        "for (const [f, v] of [['x', '0'], ['m', '2'], ['n', '67'], ['mod', '0'], ['dif', '0'], "
        "['crit', 'margin'], ['crit-high', '5'], ['crit-low', '-5']]) "
        "document.getElementById(`ite-${k}-${f}`).value = v; "
        "for (const [f, on] of [['on', true], ['right', false], ['carry', true], ['gate', false]]) "
        "document.getElementById(`ite-${k}-${f}`).checked = on; }",
        "#ite-calc",
    ),
]

# Heavy exact computations run in the compute worker. (name, panel, setup JS, button):
# time from the click to the result on screen, and the longest main-thread task meanwhile.
HEAVY: list[tuple[str, str, str, str]] = [
    *(
        (
            f"notation {expr}",
            "notation",
            f"document.getElementById('notation-expr').value = '{expr}'",
            "#notation-odds",
        )
        for expr in ("8d10!", "200d6", "d1000*d100", "floor(200d6/7d6)")
    ),
    *(
        (
            f"convert {size} log",
            "converter",
            "document.getElementById('convert-input').value = "
            f"'Результат броска 3D20: 17 + 5 + 2 = 24 - \"раз\".\\nболтовня\\n'.repeat({repeat})",
            "#convert-run",
        )
        for size, repeat in (("1 MB", 14000), ("2 MB", 28000))
    ),
    (
        "threat forecast, exhaustible bag at the old budget",
        "threat",
        HEAVY_THREAT_BAG + "document.getElementById('threat-exhaustible').checked = false; ",
        "#threat-exhaustible",  # the click ticks it: the exhaustible forecast is asked for
    ),
    ("ITE odds, chain of 3 × 2к67, margin criticals", "ite", ACTIONS[-1][2], "#ite-calc"),
    ("convert 1 MB log", "converter", ACTIONS[2][2], "#convert-run"),
    (
        "convert 20 MB paste",
        "converter",
        "document.getElementById('convert-input').value = "
        "'Результат броска 3D20: 17 + 5 + 2 = 24 - \"раз\".\\nболтовня\\n'.repeat(280000)",
        "#convert-run",
    ),
]

HEAVY_JS = """async ([setup, selector]) => {
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
  observer.observe({ type: "longtask" });
  if (setup) eval(setup);
  const start = performance.now();
  document.querySelector(selector).click();
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (globalThis.gmCompute?.busy()) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return [ms, Math.max(0, ...tasks)];
}"""

# A lab program in the sandboxed runner (static/program-runner.js): click → its series shown. The
# first run starts the runner (cold: its files from the cache, Python from the snapshot).
PROGRAM = 'output(d20 + 5, "атака")\noutput(3 @ d6, "{label}")'
# Waits for the run's own label in the statistics (each run names its second output differently,
# so the wait cannot end on the previous run's table): the answer reaches the page a few tasks
# after the runner stops being busy, so waiting on busy() alone raced the drawing under load.
PROGRAM_JS = """async ([source, label]) => {
  document.getElementById('lab-row-0').value = '3d6';
  document.getElementById('lab-program').value = source;
  const start = performance.now();
  document.getElementById('lab-program-run').click();
  const shown = () => document.getElementById('lab-stats').textContent.includes(label);
  while (!shown()) {
    if (performance.now() - start > 120000) throw new Error('the program did not run');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""

PROGRAM_ROWS = (
    "lab program, first run (runner cold)",
    "lab program, second run",
    "lab program, first run 2 s after the program box took focus (the GM typing)",
)


def program_rows(browser: Browser, url: str, runs: int) -> dict[str, list[float]]:
    """A lab program's first and second run, each pair in a profile of its own, on a warm page
    (the service worker's files) that computes nothing else meanwhile: in the profile of the other
    rows the dice panel's saved line is floor(200d6/7d6), which the page asks of the compute worker
    on every load (routed by cost), and that job competed with the runner for the 2 cores."""
    out: dict[str, list[float]] = {name: [] for name in PROGRAM_ROWS}
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "index.html#notation")
        start_marks(page)
        wait_until_controlled(page, 60_000)
        page.wait_for_timeout(2000)  # the service worker's precache done (runtime-facts)
        page.reload()
        start_marks(page)
        page.evaluate("gmCompute.warm()")  # the compute worker up first, as a GM's page has it
        for name in PROGRAM_ROWS:
            if "focus" in name:  # a fresh page: its runner starts when the box takes focus
                page.reload()
                start_marks(page)
                page.evaluate("gmCompute.warm()")
                page.focus("#lab-program")
                page.wait_for_timeout(2000)
            label = "урон, снова" if "second" in name else "урон, после фокуса" if "focus" in name else "урон"
            out[name].append(float(page.evaluate(PROGRAM_JS, [PROGRAM.format(label=label), label])))
        context.close()
    return out


MARKS = {
    # The odds table and chart are in the built markup (kit/prerender.py), so the first contentful
    # paint is the first meaningful one: real odds, before Python.
    "first paint with real odds (first-contentful-paint)": "firstPaintMs",
    "Python up (Pyodide + PyScript)": "pythonMs",
    "first panel usable (interactive)": "interactiveMs",
    "all panels wired (ready)": "readyMs",
}

CLICK_JS = """async ([setup, selector]) => {
  if (setup) eval(setup);
  const button = document.querySelector(selector);
  const start = performance.now();
  button.click();
  await new Promise(resolve => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""


def start_marks(page: Page) -> dict[str, float]:
    """The page's own start-up marks (performance.now() at each step), once it is ready."""
    wait_ready(page)
    marks = page.evaluate(
        """({...document.documentElement.dataset, firstPaintMs:
            performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN})"""
    )
    return {name: float(marks[key]) for name, key in MARKS.items()}


# ----------------------------------------------------------------------------- other target rows
# The seed's forum converter (seeds/000, the end: «3D20->GaussD20») is described there but its code
# is not: this is a plain-JS reading of that description, the floor a converter click can cost: each
# line «Результат броска 3D20: a + b + c = s…» becomes «… a + b + c , GaussD20: round(s/3)…», any
# other roll line gets «: неверный бросок. Невозможно конвертирование.», the rest stays; the answer
# goes into a text box, as the product's does.
SEED_CONVERTER_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>seed converter</title>
<textarea id="in"></textarea> <button id="run">3D20->GaussD20</button> <textarea id="out"></textarea>
<script>
var ROLL = /^Результат броска 3D20: (\\d+) \\+ (\\d+) \\+ (\\d+) = (\\d+)(.*)$/;
document.getElementById("run").onclick = function() {
  var lines = document.getElementById("in").value.split("\\n");
  for (var i = 0; i < lines.length; i++) {
    var m = ROLL.exec(lines[i]);
    if (m) lines[i] = "Результат броска 3D20: " + m[1] + " + " + m[2] + " + " + m[3] + " , GaussD20: "
      + Math.round((+m[1] + +m[2] + +m[3]) / 3) + m[5];
    else if (lines[i].indexOf("Результат броска") === 0) lines[i] += ": неверный бросок. Невозможно конвертирование.";
  }
  document.getElementById("out").value = lines.join("\\n");
};
</script>"""
# The log is put in first and laid out; then the click is timed until the answer is on screen (the
# frame after it laid out and painted), with the longest main-thread task from the click on. The
# observer's last entries are taken before it stops (they are delivered late, and were lost).
CONVERT_JS = """async ([setup, selector]) => {
  eval(setup);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await frame(); await frame();
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
  observer.observe({ type: "longtask" });
  const start = performance.now();
  document.querySelector(selector).click();
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (globalThis.gmCompute?.busy()) await new Promise((resolve) => setTimeout(resolve, 5));
  await frame();
  const ms = performance.now() - start;
  await frame(); await new Promise((resolve) => setTimeout(resolve, 100));
  for (const e of observer.takeRecords()) tasks.push(e.duration);
  observer.disconnect();
  return [ms, Math.max(0, ...tasks)];
}"""
CONVERTER_LINES = 20_000
CONVERTER_LOG = f"'Результат броска 3D20: 17 + 5 + 2 = 24 - \"раз\".\\n'.repeat({CONVERTER_LINES})"

# A small job through the warm worker: a first line (9d10!) warms this page's worker, then 8d10!.
WARM_WORKER_JS = """async () => {
  const ask = (line) => { document.getElementById('notation-expr').value = line;
    document.getElementById('notation-odds').click(); };
  const settled = async () => { await new Promise((r) => setTimeout(r, 0));
    while (gmCompute.busy()) await new Promise((r) => setTimeout(r, 5)); };
  ask('9d10!'); await settled();
  const generation = gmCompute.generation();
  const start = performance.now();
  ask('8d10!'); await settled();
  await new Promise((r) => requestAnimationFrame(() => r()));
  if (gmCompute.generation() !== generation) throw new Error('the worker was restarted');
  return performance.now() - start;
}"""


# The same worker, asked directly (gmCompute.request: no progress line, no drawing): what a job costs
# in the worker beside what the page adds. 2d6 is the message's own cost (its digest is tiny).
WORKER_JOB_JS = """async (line) => {
  const args = JSON.stringify({ line, hit: null, view: "ge", show_all: false });
  await gmCompute.request("notation.digest", args, 60000);  // its caches warm, as above
  const start = performance.now();
  const answer = JSON.parse(await gmCompute.request("notation.digest", args + " ", 60000));
  if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  return performance.now() - start;
}"""


def write_reference_pages(site: Path) -> None:
    """The bare-Pyodide and seed pages, next to the built site (same origin, same vendored files).
    Bare Pyodide gets the npm package's own standard library (2.55 MB, its members deflated): the
    site's copy is rewritten stored for zstd (9.7 MB, tools/vendor.py), which no bare Pyodide ships
    and which made the reference ~6 s slower on a phone's first visit."""
    folder = site / "bench"
    folder.mkdir(exist_ok=True)
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", folder / "python_stdlib.zip")
    write_start_pages(folder)
    (folder / "seed-converter.html").write_text(SEED_CONVERTER_PAGE, encoding="utf-8")


def warm_worker_rows(browser: Browser, url: str, runs: int) -> None:
    """8d10! through the compute worker once it has answered a first job (one warm worker)."""
    rows: dict[str, list[float]] = {
        "notation 8d10! (#notation-odds)": [],
        "the job alone, asked again (gmCompute.request): 8d10!": [],
        "the job alone, asked again (gmCompute.request): 2d6": [],
    }
    context = browser.new_context()
    page = context.new_page()
    for _ in range(runs):
        page.goto(url + "index.html#notation")
        wait_ready(page, "notation")
        page.evaluate("gmCompute.warm()")
        values = iter(rows.values())
        next(values).append(float(page.evaluate(WARM_WORKER_JS)))
        for line in ("8d10!", "2d6"):
            next(values).append(float(page.evaluate(WORKER_JOB_JS, line)))
    context.close()
    print()
    print("| through the warm worker (a first job answered) | median ms | min–max ms |")
    print("|---|---|---|")
    for name, values in rows.items():
        print(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f}–{max(values):.0f} |")


def converter_rows(browser: Browser, url: str, runs: int) -> None:
    """Converting CONVERTER_LINES roll lines, click → result on screen, and the longest main-thread
    task meanwhile: the seed's converter (a plain-JS reading of it) beside this product's."""
    pages = (
        (
            "the seed's converter (plain JS)",
            "bench/seed-converter.html",
            "document.getElementById('in').value = ",
            "#run",
        ),
        (
            "this product",
            "index.html#converter",
            "document.getElementById('convert-input').value = ",
            "#convert-run",
        ),
    )
    times: dict[str, list[tuple[float, float]]] = {}
    for _ in range(runs):
        for name, path, setup, button in pages:
            context = browser.new_context()
            page = context.new_page()
            page.goto(url + path)
            if path.startswith("index"):
                wait_ready(page, "converter")
                page.evaluate("gmCompute.warm()")
            times.setdefault(name, []).append(
                tuple(page.evaluate(CONVERT_JS, [setup + CONVERTER_LOG, button]))
            )
            context.close()
    print()
    print(
        f"| convert {CONVERTER_LINES:,} roll lines, median of {runs} | click → result ms | longest task ms |"
    )
    print("|---|---|---|")
    for name, values in times.items():
        print(
            f"| {name} | {statistics.median(v[0] for v in values):.0f} | {statistics.median(v[1] for v in values):.0f} |"
        )
    seed, ours = (statistics.median(v[0] for v in times[name]) for name, *_ in pages)
    print(f"| this product ÷ the seed's converter | {ours / seed:.2f}× | |")


def target_rows(url: str, runs: int, kinds: Sequence[str] = KINDS) -> None:
    """The start-up rows beside their floor, then the warm worker's and the converter's rows."""
    with sync_playwright() as playwright:
        print_start_rows(start_rows(playwright, url, runs, kinds), runs, kinds)
        browser = CHROMIUM_ENGINE.launch(playwright)
        warm_worker_rows(browser, url, runs)
        converter_rows(browser, url, runs)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--only-start",
        action="store_true",
        help="only the first click answered: the floor, bare Pyodide and this product, cold, warm, "
        "after a browser restart and on a phone's first visit, and the ratios",
    )
    parser.add_argument(
        "--only-targets",
        action="store_true",
        help="only the rows with a target: --only-start's, the warm worker's and the converter's",
    )
    parser.add_argument("--no-phone", action="store_true", help="skip the throttled phone profile")
    parser.add_argument("--only-program", action="store_true", help="only the lab program rows")
    parser.add_argument(
        "--only-engines",
        action="store_true",
        help="only the first click, cold and warm, in Chromium, Firefox ESR and WebKitGTK (tools/bench_engines.py)",
    )
    parser.add_argument("--only-worker", action="store_true", help="only the warm worker rows")
    parser.add_argument("--only-converter", action="store_true", help="only the converter rows")
    parser.add_argument(
        "--only-links",
        action="store_true",
        help="only the links and saved state rows: the longest task on open, on the next load, and "
        "while the panels mount in idle time",
    )
    parser.add_argument(
        "--only-restarted", action="store_true", help="only --only-start's rows after a browser restart"
    )
    parser.add_argument(
        "--only-journal",
        action="store_true",
        help="only the journal rows, with 10 and 100,000 entries stored (tools/bench_journal.py)",
    )
    parser.add_argument(
        "--only-clicks", action="store_true", help="only the start-up marks and the click rows"
    )
    parser.add_argument("--raw", type=Path, help="with --only-clicks: write every run's values here (JSON)")
    parser.add_argument("--site", type=Path, help="measure this built site (default: build one)")
    parser.add_argument(
        "--gzip",
        action="store_true",
        help="serve text files gzip'd, as GitHub Pages does (default: as they are)",
    )
    args = parser.parse_args()
    site = args.site.resolve() if args.site else build(Path(tempfile.mkdtemp()) / "site")
    write_reference_pages(site)
    server, url = serve_in_thread(site, handler_class=CompressingHandler if args.gzip else None)
    if args.only_engines:
        engine_rows(url, args.runs, FIRST_CLICK_JS)
        server.shutdown()
        return
    kinds = [kind for kind in KINDS if not (args.no_phone and kind.startswith("phone"))]
    if args.only_start or args.only_restarted:
        kinds = ["after a restart"] if args.only_restarted else kinds
        with sync_playwright() as playwright:
            print_start_rows(start_rows(playwright, url, args.runs, kinds), args.runs, kinds)
        server.shutdown()
        return
    if args.only_journal:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            journal_rows(browser, url, args.runs)
            browser.close()
        server.shutdown()
        return
    if args.only_worker or args.only_converter:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            (warm_worker_rows if args.only_worker else converter_rows)(browser, url, args.runs)
            browser.close()
        server.shutdown()
        return
    if args.only_links:
        with sync_playwright() as playwright:
            browser = CHROMIUM_ENGINE.launch(playwright)
            print_open_cases(open_cases(browser, url, args.runs))
            browser.close()
        server.shutdown()
        return
    if args.only_program:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            rows = program_rows(browser, url, args.runs)
            browser.close()
        print(f"| measure ({args.runs} runs) | median ms | min–max ms |")
        print("|---|---|---|")
        for name, values in rows.items():
            print(
                f"| click → result: {name} | {statistics.median(values):.0f} | {min(values):.0f}–{max(values):.0f} |"
            )
        server.shutdown()
        return
    if args.only_targets:
        target_rows(url, args.runs, kinds)
        server.shutdown()
        return
    marks_kinds = ("cold", "warm", "warm again")
    starts: dict[str, list[float]] = {f"{kind}: {name}": [] for kind in marks_kinds for name in MARKS}
    boots: set[str] = set()
    clicks: dict[str, list[float]] = {name: [] for name, *_ in ACTIONS}
    heavy: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in HEAVY}
    worker_start: list[float] = []
    program_runs: dict[str, list[float]] = {name: [] for name in PROGRAM_ROWS}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            for kind in marks_kinds:
                if kind == "cold":
                    page.goto(url + "index.html")
                else:
                    wait_until_controlled(page, 60_000)
                    page.reload()
                for name, value in start_marks(page).items():
                    starts[f"{kind}: {name}"].append(value)
                boots.add(page.evaluate("document.documentElement.dataset.pythonBoot"))
            for name, panel, setup, selector in ACTIONS:
                page.goto(url + f"index.html#{panel}")
                # a panel that writes ?query= into the URL (notation's share link) makes this a reload
                start_marks(page)
                clicks[name].append(page.evaluate(CLICK_JS, [setup, selector]))
            for name, panel, setup, selector in [] if args.only_clicks else HEAVY:
                page.goto(url + f"index.html#{panel}")
                start_marks(page)
                started = page.evaluate(
                    "(async () => { const t = performance.now(); await gmCompute.warm(); return performance.now() - t; })()"
                )
                worker_start.append(started)
                heavy[name].append(tuple(page.evaluate(HEAVY_JS, [setup, selector])))
            context.close()
        if args.only_clicks:
            program_runs, opened = {}, {}
        else:
            for name, values in program_rows(browser, url, args.runs).items():
                program_runs[name] += values
            opened = open_cases(browser, url, args.runs)
        browser.close()
    print(f"Chromium {CHROMIUM}, {args.runs} runs, median (min–max), milliseconds; Python boot: {boots}")
    print("| measure | median ms | min–max ms |")
    print("|---|---|---|")
    for name, values in [
        *starts.items(),
        *((f"click → result: {name}", values) for name, values in clicks.items()),
        *((f"click → result: {name}", values) for name, values in program_runs.items()),
    ]:
        print(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f}–{max(values):.0f} |")
    if args.only_clicks:
        if args.raw:  # every run's value, so rounds of several invocations can be pooled
            raw = {**starts, **{f"click → result: {name}": values for name, values in clicks.items()}}
            args.raw.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
        server.shutdown()
        return
    print()
    print("Heavy cases (compute worker): click → result, and the longest main-thread task meanwhile")
    print("| case | result median ms | min–max ms | longest task median ms | max ms |")
    print("|---|---|---|---|---|")
    for name, pairs in heavy.items():
        results, longest = [r for r, _ in pairs], [t for _, t in pairs]
        print(
            f"| {name} | {statistics.median(results):.0f} | {min(results):.0f}–{max(results):.0f} "
            f"| {statistics.median(longest):.0f} | {max(longest):.0f} |"
        )
    print(
        f"worker ready after the page (warm() wait, median of runs): {statistics.median(worker_start):.0f} ms"
    )
    print_open_cases(opened)
    target_rows(url, args.runs, kinds)
    engine_rows(url, args.runs, FIRST_CLICK_JS)
    server.shutdown()


# Links and saved records route by cost. (name, query): the page opened with it in a
# fresh profile, then the next plain load (the saved state restored); the longest main-thread
# task once ready (a few seconds watched) and the longest from document start (the boot's own).
LONG_LINE = "+".join(["d10000>=5000"] * 38)
OPEN_CASES: list[tuple[str, str]] = [
    ("?lab= of 8 rows of the 38-term d10000>=5000 line", "lab"),
    ("?expr= of the 38-term d10000>=5000 line", "expr"),
]
OPEN_OBSERVER = """window.longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
}).observe({type: "longtask"});"""


def _open_query(kind: str) -> str:
    sys.path.insert(0, str(ROOT / "py"))  # the lab's own link encoder
    from panels.notation.lab_share import encode_lab
    from panels.notation.lab_state import Lab

    if kind == "lab":
        return "lab=" + encode_lab(Lab((LONG_LINE,) * 8))
    return "expr=" + LONG_LINE.replace("+", "%2B")


def _longest(page: Page) -> tuple[float, float]:
    """(longest task ending after ready, longest task since document start), after 3 s watched."""
    start_marks(page)
    page.wait_for_timeout(3000)
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    tasks = page.evaluate("window.longTasks")
    after = [d for s, d in tasks if s + d > ready]
    return max([0.0, *after]), max([0.0, *(d for _, d in tasks)])


# Each panel's mount as the page times it (kit.browser.mount: the User Timing measure ``mount NAME``).
MOUNT_MEASURES = """Object.fromEntries(performance.getEntriesByType("measure")
  .filter((m) => m.name.startsWith("mount ")).map((m) => [m.name.slice(6), m.duration]))"""
MOUNTS: dict[str, list[float]] = {}  # panel → its mount's ms in each idle mounting measured


def _mounting(page: Page) -> tuple[float, float]:
    """(longest task from the GM's first touch until every panel is mounted in idle time, longest
    since document start), the touch 3 s after the panel on screen works; each panel's mount is
    kept in ``MOUNTS``."""
    page.wait_for_selector(INTERACTIVE, state="attached", timeout=60_000)
    page.wait_for_timeout(3000)
    touched = float(page.evaluate(f"{TOUCH}, performance.now()"))
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_timeout(500)
    tasks = page.evaluate("window.longTasks")
    during = [d for s, d in tasks if s + d > touched]
    for name, ms in page.evaluate(MOUNT_MEASURES).items():
        MOUNTS.setdefault(name, []).append(ms)
    return max([0.0, *during]), max([0.0, *(d for _, d in tasks)])


def open_cases(browser: Browser, url: str, runs: int) -> dict[str, list[tuple[float, float]]]:
    """Each OPEN_CASES link opened, then the next plain load, ``runs`` times in fresh profiles."""
    out: dict[str, list[tuple[float, float]]] = {}
    for name, kind in OPEN_CASES:
        for _ in range(runs):
            context = browser.new_context()
            context.add_init_script(OPEN_OBSERVER)
            page = context.new_page()
            page.goto(url + f"index.html?{_open_query(kind)}#notation")
            out.setdefault(f"{name}: open", []).append(_longest(page))
            page.evaluate("gmCompute.cancel()")
            page.goto(url + "index.html#notation")
            out.setdefault(f"{name}: next plain load", []).append(_longest(page))
            page.evaluate("gmCompute.cancel()")
            # no fragment: a new document, the roller first, the dice panel mounted in idle time
            page.goto(url + "index.html")
            out.setdefault(f"{name}: a load of the roller, while the panels mount", []).append(
                _mounting(page)
            )
            context.close()
    return out


def print_open_cases(opened: dict[str, list[tuple[float, float]]]) -> None:
    print()
    print("Links and saved state (route by cost): the longest main-thread task, ms")
    print(
        "| case | after ready (mounting: from the touch), median | max | since document start (boot), median |"
    )
    print("|---|---|---|---|")
    for name, pairs in opened.items():
        after, since = [a for a, _ in pairs], [b for _, b in pairs]
        print(
            f"| {name} | {statistics.median(after):.0f} | {max(after):.0f} | {statistics.median(since):.0f} |"
        )
    if MOUNTS:
        print()
        print(
            "Each panel's mount in those loads of the roller (the roller's at start, the others in idle time), ms"
        )
        print("| panel | median | max |")
        print("|---|---|---|")
        for name, values in MOUNTS.items():
            print(f"| {name} | {statistics.median(values):.0f} | {max(values):.0f} |")


if __name__ == "__main__":
    main()
