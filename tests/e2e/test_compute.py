"""Heavy exact odds never freeze the page: they run in the compute worker, with progress, Cancel
and a time budget; the page stays usable meanwhile.

No test here asserts a speed: that the worker computed is checked by its request being in
flight (``gmCompute.busy()``) while the page shows progress, and a freeze (a main-thread task of
``FREEZE_MS``; these computations take 0.3–90 s on the main thread) by a bound far above any
rendering. tools/bench.py measures the longest main-thread task of each case (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, open_app


def _long_tasks(page: Page) -> list[int]:
    return page.evaluate("window.longTasks")


def _ready_worker(page: Page) -> None:
    assert page.evaluate("gmCompute.warm()") is True  # the worker started in the background


@pytest.fixture
def dice(browser: Browser, site_url: str) -> Iterator[Page]:
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#notation", watch)
    _ready_worker(page)
    page.evaluate(LONG_TASKS)
    yield page
    context.close()
    watch.assert_clean()


@pytest.mark.parametrize("expr", ["8d10!", "200d6", "d1000*d100"])
def test_heavy_odds_leave_the_main_thread_free(dice: Page, expr: str) -> None:
    """The exact odds come from the worker (in flight after the click), and the page never froze."""
    dice.fill("#notation-expr", expr)
    asked = dice.evaluate("gmCompute.asked()")
    dice.click("#notation-odds")
    # asked of the worker, not computed here (200d6 is quick there now: it may be answered already)
    assert dice.evaluate("gmCompute.asked()") == asked + 1
    expect(dice.locator("#notation-table-box")).to_be_visible(timeout=60_000)
    expect(dice.locator("#notation-dist-status")).to_contain_text(f"Распределение {expr}")
    assert [t for t in _long_tasks(dice) if t >= FREEZE_MS] == []


def test_other_panels_answer_while_it_computes_and_cancel_stops_it(dice: Page) -> None:
    """While a heavy line computes, the roller rolls at once; Cancel stops it, the next one works."""
    dice.fill("#notation-expr", "500d20!>1>=1")
    dice.click("#notation-odds")
    status = dice.locator("#notation .compute-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("Считаю")
    dice.goto(dice.url.split("#")[0] + "#roller")  # leaving the panel stops it
    dice.click("#gauss-roll")
    expect(dice.locator("#gauss-log li").first).to_be_visible()
    dice.goto(dice.url.split("#")[0] + "#notation")
    expect(dice.locator("#notation .error").first).to_contain_text("расчёт отменён")
    dice.click("#notation-odds")
    expect(status).to_be_visible()
    status.get_by_role("button").click()
    expect(status).to_be_hidden()
    expect(dice.locator("#notation-dist-status")).to_contain_text("не посчитаны")
    dice.fill("#notation-expr", "8d10!")
    dice.click("#notation-odds")
    expect(dice.locator("#notation-table-box")).to_be_visible(timeout=60_000)
    assert [t for t in _long_tasks(dice) if t >= FREEZE_MS] == []


# Two requests in one task: the first is surely still computing when the second supersedes it.
SUPERSEDE_JS = """async ([first, second]) => {
  const ask = (line) => gmCompute.request('notation.digest',
    JSON.stringify({line, hit: null, view: 'ge', show_all: false}), 60000).then(JSON.parse);
  const before = gmCompute.generation();
  const answers = await Promise.all([ask(first), ask(second)]);
  return {before, after: gmCompute.generation(), answers};
}"""


def test_a_superseded_request_is_dropped_and_the_worker_kept(dice: Page) -> None:
    """A new request drops the answer of the one it replaced, not the worker: the same worker
    (one generation) answers the newer request, and the older one is told it was superseded."""
    done = dice.evaluate(SUPERSEDE_JS, ["6d10!", "8d10!"])
    older, newer = done["answers"]
    assert older == {"ok": False, "error": {"code": "superseded", "params": {}}}
    assert newer["ok"] is True and newer["result"]["key"][0] == "8d10!"
    assert done["after"] == done["before"] == 1  # one worker, started once, kept


def test_the_superseded_answer_is_never_shown(dice: Page) -> None:
    """The GM asks for one heavy line, then another before the first answers: the panel shows
    only the second line's odds, never the first's, and the worker was not restarted for it."""
    dice.evaluate(
        """() => { window.distTexts = [];
        new MutationObserver(() => window.distTexts.push(
          document.getElementById('notation-dist-status').textContent)).observe(
          document.getElementById('notation'), {subtree: true, childList: true, characterData: true}); }"""
    )
    generation = dice.evaluate("gmCompute.generation()")
    dice.evaluate(
        """() => { for (const line of ['7d10!', '8d10!']) {
          document.getElementById('notation-expr').value = line;
          document.getElementById('notation-odds').click(); } }"""
    )
    status = dice.locator("#notation-dist-status")
    expect(status).to_contain_text("Распределение 8d10!", timeout=60_000)
    dice.evaluate("gmCompute.warm()")  # the worker has answered both by now (it answers in turn)
    dice.wait_for_timeout(200)
    expect(status).to_contain_text("Распределение 8d10!")
    assert [t for t in dice.evaluate("window.distTexts") if "7d10!" in t] == []
    assert dice.evaluate("gmCompute.generation()") == generation


def test_cancel_restarts_the_worker(dice: Page) -> None:
    """Cancel ends the job by ending its worker: a fresh one (the next generation) computes next."""
    generation = dice.evaluate("gmCompute.generation()")
    dice.fill("#notation-expr", "500d20!>1>=1")
    dice.click("#notation-odds")
    status = dice.locator("#notation .compute-status")
    expect(status).to_be_visible()
    status.get_by_role("button").click()
    expect(status).to_be_hidden()
    assert dice.evaluate("gmCompute.generation()") == generation + 1
    dice.fill("#notation-expr", "8d10!")
    dice.click("#notation-odds")
    expect(dice.locator("#notation-dist-status")).to_contain_text("Распределение 8d10!", timeout=60_000)
    assert dice.evaluate("gmCompute.generation()") == generation + 1


def test_a_share_link_past_the_budget_ends_with_a_message(browser: Browser, site_url: str) -> None:
    """?expr=500d20!>1>=1 from a share link computes in the worker and is stopped at the time
    budget (here 2 s) with a clear message; the page still works and logs no error."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?budget=2&expr=500d20!>1>=1#notation", watch)
    page.evaluate(LONG_TASKS)
    expect(page.locator("#notation-expr")).to_have_value("500d20!>1>=1")
    error = page.locator("#notation .error").first
    expect(error).to_contain_text("не уложилось в 2 с", timeout=60_000)
    assert page.evaluate("gmCompute.generation()") == 2  # the budget ended the first worker
    page.click("#lang-switch")
    expect(error).to_contain_text("did not finish within 2 s")
    page.fill("#notation-expr", "3d6")
    page.click("#notation-roll")
    expect(page.locator("#notation-table tr")).to_have_count(16)
    assert [t for t in _long_tasks(page) if t >= FREEZE_MS] == []
    context.close()
    watch.assert_clean()
