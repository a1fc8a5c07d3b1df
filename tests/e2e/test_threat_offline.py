"""The threat forecast from the saved file: without a worker, a forecast over the page's
bound is refused with a message instead of freezing the page.

Opened from ``file://`` the page has no compute worker. The heavy exhaustible bag (8 light +
10 dark, T₀ = 1, all checks with advantage) once ran on the main thread there; its bound
(``panels.threat.jobs.forecast_steps``) is now over ``MAIN_THREAD_STEPS``, so the kit refuses it
before it starts and the panel says why. A plain bag's forecast still shows at once. No speed is
asserted: a freeze is a main-thread task of ``FREEZE_MS`` (an observer installed at document start).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from e2e_support import FREEZE_MS, Watch, wait_ready, watch_page, watched_context
from single_file import build_single

OBSERVE = """
window.longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
}).observe({type: "longtask"});
"""
# The whole heavy bag in one change (one action, one request), the kind of checks first.
HEAVY = """() => {
  const roll = document.getElementById("threat-fc-roll");
  roll.value = "advantage";
  roll.dispatchEvent(new Event("change", {bubbles: true}));
  for (const [name, value] of Object.entries({light: 8, dark: 10, base: 1, t: 1, step: 1}))
    document.getElementById(`threat-${name}`).value = value;
  const exhaustible = document.getElementById("threat-exhaustible");
  exhaustible.checked = true;
  exhaustible.dispatchEvent(new Event("change", {bubbles: true}));
}"""


@pytest.fixture(scope="module")
def single_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("single") / "site"
    shutil.copytree(site_dir, site)
    return build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")


def test_from_disk_a_heavy_forecast_is_refused_with_a_message_never_a_freeze(
    browser: Browser, single_file: Path
) -> None:
    """The seed example's forecast shows at once; the heavy bag's is refused (the error box says
    to open the hosted page, the forecast that it was not computed), and no task froze the page."""
    watch = Watch()
    context = watched_context(browser, watch)
    context.add_init_script(OBSERVE)
    page = watch_page(context.new_page(), watch)
    page.goto(single_file.as_uri() + "#threat")
    wait_ready(page, "threat")
    page.uncheck("#threat-screen")
    summary = page.locator("#threat-fc-summary")
    expect(summary).to_contain_text("в среднем")
    page.evaluate(HEAVY)
    expect(page.locator("#threat")).to_contain_text("без фоновых вычислений", timeout=30_000)
    expect(summary).to_contain_text("Прогноз не посчитан")
    page.wait_for_timeout(2000)
    ready = float(page.evaluate("document.documentElement.dataset.readyMs"))
    tasks = page.evaluate("window.longTasks")
    assert [t for t in tasks if t[0] + t[1] > ready and t[1] >= FREEZE_MS] == []
    context.close()
    watch.assert_clean()
