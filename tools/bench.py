"""Benchmark the page in Debian's Chromium: first paint, time to ready (cold, warm), click → result.

    .venv/bin/python tools/bench.py [--runs 3]

Cold: a fresh browser context (empty HTTP cache, empty storage, no service worker). Warm: a reload
in the same context once the service worker controls the page (every file from its cache); "warm
again" is one more reload, when Chromium's JS and wasm code caches are warm too. Ready time is the
page's own ``performance.now()`` when Python finished wiring the UI (``data-ready-ms``). Click
timings wrap the synchronous Python handler in the page, plus one frame. This is a measurement, not
a test: record its output in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from build import build  # noqa: E402
from e2e_support import CHROMIUM, CHROMIUM_ARGS, READY, wait_until_controlled  # noqa: E402
from serve import serve_in_thread  # noqa: E402

# The exhaustible bag at the old forecast budget (8 light + 10 dark, T₀ = 1, advantage). Events
# bubble: the kit listens on each panel's section.
HEAVY_THREAT_BAG = (
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
    # Issue #6 benchmarks: roll + exact distribution (cold cache) + chart and table, in one click.
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
    # Issue #3: a check re-renders odds and the exact forecast; the second case is an exhaustible
    # bag at the forecast budget (panels.threat.state.FORECAST_BUDGET), the heaviest forecast computed.
    ("threat check (default bag)", "threat", "", "#threat-check"),
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

# Issue 12: heavy exact computations run in the compute worker. (name, panel, setup JS, button):
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
PROGRAM = 'output(d20 + 5, "атака")\noutput(3 @ d6, "урон")'
PROGRAM_JS = """async (source) => {
  document.getElementById('lab-row-0').value = '3d6';
  document.getElementById('lab-program').value = source;
  const start = performance.now();
  document.getElementById('lab-program-run').click();
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (globalThis.gmRunner?.busy()) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  if (document.querySelectorAll('#lab-stats th').length !== 3) throw new Error('the program did not run');
  return performance.now() - start;
}"""

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
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    marks = page.evaluate(
        """({...document.documentElement.dataset, firstPaintMs:
            performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN})"""
    )
    return {name: float(marks[key]) for name, key in MARKS.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server, url = serve_in_thread(build(Path(tempfile.mkdtemp()) / "site"))
    kinds = ("cold", "warm", "warm again")
    starts: dict[str, list[float]] = {f"{kind}: {name}": [] for kind in kinds for name in MARKS}
    boots: set[str] = set()
    clicks: dict[str, list[float]] = {name: [] for name, *_ in ACTIONS}
    heavy: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in HEAVY}
    worker_start: list[float] = []
    program_runs: dict[str, list[float]] = {
        "lab program, first run (runner cold)": [],
        "lab program, second run": [],
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            for kind in kinds:
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
            for name, panel, setup, selector in HEAVY:
                page.goto(url + f"index.html#{panel}")
                start_marks(page)
                started = page.evaluate(
                    "(async () => { const t = performance.now(); await gmCompute.warm(); return performance.now() - t; })()"
                )
                worker_start.append(started)
                heavy[name].append(tuple(page.evaluate(HEAVY_JS, [setup, selector])))
            page.goto(url + "index.html#notation")
            start_marks(page)
            for name, values in program_runs.items():
                values.append(
                    page.evaluate(PROGRAM_JS, PROGRAM if "first" in name else PROGRAM + "\n# again")
                )
            context.close()
        opened = open_cases(browser, url, args.runs)
        browser.close()
    server.shutdown()
    print(f"Chromium {CHROMIUM}, {args.runs} runs, median (min–max), milliseconds; Python boot: {boots}")
    print("| measure | median ms | min–max ms |")
    print("|---|---|---|")
    for name, values in [
        *starts.items(),
        *((f"click → result: {name}", values) for name, values in clicks.items()),
        *((f"click → result: {name}", values) for name, values in program_runs.items()),
    ]:
        print(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f}–{max(values):.0f} |")
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


# Issue 21: links and saved records route by cost. (name, query): the page opened with it in a
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
            context.close()
    return out


def print_open_cases(opened: dict[str, list[tuple[float, float]]]) -> None:
    print()
    print("Links and saved state (route by cost): the longest main-thread task, ms")
    print("| case | after ready, median | max | since document start (boot), median |")
    print("|---|---|---|---|")
    for name, pairs in opened.items():
        after, since = [a for a, _ in pairs], [b for _, b in pairs]
        print(
            f"| {name} | {statistics.median(after):.0f} | {max(after):.0f} | {statistics.median(since):.0f} |"
        )


if __name__ == "__main__":
    main()
