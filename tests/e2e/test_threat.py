"""Threat calculator panel: seeded replay, exact odds, the seed's example, persistence, screen mode."""

from __future__ import annotations

import json
import random
import re

from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, Watch, open_app, wait_ready
from kit.fmt import fixed, percent
from kit.msg import render
from panels.threat import state as saved_state
from panels.threat import words
from rules import threat

PANEL = "threat"  # the module's page waits for this panel only (conftest.app)

RECORD = "gm.panel.threat"
KEYS = (RECORD, *saved_state.LEGACY_KEYS)
DARK = words.DEFAULT_NAME
CYRILLIC = re.compile("[А-Яа-яЁё]")


def ru(value: object) -> str:
    return render(value, "ru")


def fresh(page: Page, every_panel: bool = False) -> None:
    """Open the panel with nothing saved (defaults: 5 light + 1 dark, T₀ = 5, Δ = 1) and take the
    screen down (it is up by default: seed 003 «Не раскрывайте числа без нужды»).

    The reload waits for this panel only, unless ``every_panel`` (a test that uses another panel's
    button, or watches long tasks: no panel may mount in idle time under it)."""
    page.goto(page.url.split("#")[0] + "#threat")
    # what the last test typed is saved first, so no save of it lands after the removal
    page.evaluate(
        "async keys => { await gmStorage.settled();"
        " for (const k of keys) { localStorage.removeItem(k); await gmStorage.remove(k); } }",
        list(KEYS),
    )
    reload(page, None if every_panel else "threat")
    expect(page.locator("#threat-screen")).to_be_checked()
    page.uncheck("#threat-screen")
    page.evaluate("gmStorage.settled()")


def reload(page: Page, panel: str | None = "threat") -> None:
    """Reload and wait for ``panel`` (``None``: every panel, see ``wait_ready``)."""
    page.reload()
    wait_ready(page, panel)


def set_param(page: Page, name: str, value: int | str) -> None:
    page.fill(f"#threat-{name}", str(value))
    page.locator(f"#threat-{name}").dispatch_event("change")


def record(page: Page, colour: str, number: int) -> None:
    page.select_option("#threat-rec-colour", colour)
    page.fill("#threat-rec-number", str(number))
    page.click("#threat-record")


def heavy_case(page: Page) -> None:
    """The heavy exhaustible forecast: 8 light + 10 dark, T₀ = 1, all checks with advantage."""
    page.select_option("#threat-fc-roll", "advantage")
    page.check("#threat-exhaustible")
    set_param(page, "light", 8)
    set_param(page, "dark", 10)
    set_param(page, "base", 1)


def heavy_bag(light: int = 8) -> threat.BagState:
    """``heavy_case``'s bag (``light`` light dice)."""
    state = threat.set_modes(words.default_bag(), exhaustible=True)
    return threat.set_base_threshold(threat.set_composition(state, light=light, dark=10), 1)


def journal(page: Page) -> list[str]:
    """Journal lines, oldest first (the page lists the newest first)."""
    return list(reversed(page.locator("#threat-journal li").all_inner_texts()))


def saved(page: Page, key: str) -> object:
    return json.loads(
        page.evaluate("async k => (await gmStorage.get(k)) ?? localStorage.getItem(k)", key) or "null"
    )


def saved_bag(page: Page) -> object:
    """The bag in the panel's saved record."""
    return saved(page, RECORD)["state"]["bag"]


def test_seeded_clicks_match_rules_replay(browser: Browser, site_url: str) -> None:
    """A game clicked through the UI with ?seed=123 gives the journal rules.threat gives for Random("123"),
    including a substitution before the roll that draws its die from the exhaustible bag."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=123#threat", watch, "threat")
    page.uncheck("#threat-screen")
    set_param(page, "light", 3)
    set_param(page, "dark", 2)
    set_param(page, "base", 4)
    set_param(page, "step", 2)
    for button in ("#threat-check", "#threat-check", "#threat-check", "#threat-adv", "#threat-dis"):
        page.click(button)
    record(page, DARK, 7)
    page.check("#threat-two-dice")
    page.click("#threat-adv")
    page.click("#threat-dis")
    page.check("#threat-exhaustible")
    for _ in range(4):
        page.click("#threat-check")
    page.fill("#threat-rec-number", "20")
    page.click("#threat-substitute")  # seed: a substitution still draws a die from the bag

    rng = random.Random("123")  # dom.app_rng: the ?seed= value arrives as a string
    state = words.default_bag()
    state = threat.set_composition(state, light=3)
    state = threat.set_composition(state, dark=2)
    state = threat.set_base_threshold(state, 4)
    state = threat.set_step(state, 2)
    entries = []
    for roll in ("normal", "normal", "normal", "advantage", "disadvantage"):
        result = threat.check(state, rng, roll)
        entries.append(result.entry)
        state = result.state
    result = threat.record(state, DARK, 7)
    entries.append(result.entry)
    state = threat.set_modes(result.state, two_dice=True)
    for roll in ("advantage", "disadvantage"):
        result = threat.check(state, rng, roll)
        entries.append(result.entry)
        state = result.state
    state = threat.set_modes(state, exhaustible=True)
    for _ in range(4):
        result = threat.check(state, rng, "normal")
        entries.append(result.entry)
        state = result.state
    result = threat.substitute(state, rng, 20)
    entries.append(result.entry)
    state = result.state

    lines = journal(page)
    assert lines[:4] == [  # the GM's changes are journal lines too (T₀ moves T with it)
        "Изменение: светлых кубов: 5 → 3",
        f"Изменение: {DARK}: кубов 1 → 2",
        f"Изменение: {DARK}: T₀ 5 → 4; {DARK}: T 5 → 4",
        f"Изменение: {DARK}: Δ 1 → 2",
    ]
    assert "Изменение: Режим двух кубов: включено" in lines
    lines = [line for line in lines if not line.startswith("Изменение")]
    assert lines == [ru(words.journal_line(e)) for e in entries]
    for line, entry in zip(lines, entries, strict=True):
        before, after = entry.thresholds[0][1:]
        assert f"оставлен {ru(words.colour_label(entry.kept_colour))} {entry.kept_value}" in line
        assert f"T {before} → {after}" in line
        assert ("СОБЫТИЕ УГРОЗЫ" in line) == entry.event
    assert [len(e.drawn) for e in entries[6:8]] == [2, 2]  # two-dice mode really drew two dice
    expect(page.locator("#threat-t-big")).to_have_text(str(state.tracks[0].threshold))
    expect(page.locator("#threat-bag-text")).to_have_text(ru(words.bag_text(state)))
    expect(page.locator("#threat-result")).to_have_text(ru(words.announce(entries[-1])))
    assert saved_bag(page) == state.to_dict()
    context.close()
    watch.assert_clean()


def test_odds_equal_exact_event_probability(app: Page) -> None:
    """The three odds shown equal event_probability / next_event_odds formatted by kit.fmt.percent."""
    fresh(app)
    set_param(app, "t", 6)
    cells = app.locator("#threat-odds tr td")
    expected = [percent(threat.event_probability(5, 1, 6, roll)) for roll in threat.ROLLS]
    assert cells.all_inner_texts() == expected
    assert expected[0] == "4,17 %"  # 1/24, the seed example at T = 6
    set_param(app, "light", 3)
    set_param(app, "dark", 4)
    set_param(app, "t", 11)
    app.check("#threat-two-dice")
    expected = [percent(threat.event_probability(3, 4, 11, roll, two_dice=True)) for roll in threat.ROLLS]
    assert cells.all_inner_texts() == expected
    state = threat.set_modes(
        threat.set_threshold(threat.set_composition(words.default_bag(), light=3, dark=4), 11), two_dice=True
    )
    assert expected == [percent(o.total) for o in threat.next_event_odds(state)]


def test_seed_worked_example(app: Page) -> None:
    """Seed example (5 light + 1 dark, T₀ = 5, Δ = 1): a dark 5 is safe at T = 5 (T → 6), an event at T = 6."""
    fresh(app)
    expect(app.locator("#threat-t-big")).to_have_text("5")
    expect(app.locator("#threat-danger")).to_have_text("опасны результаты 1–4")
    record(app, DARK, 5)
    expect(app.locator("#threat-t-big")).to_have_text("6")
    expect(app.locator("#threat-danger")).to_have_text("опасны результаты 1–5")
    expect(app.locator("#threat-result")).to_contain_text("Без события.")
    record(app, DARK, 5)
    expect(app.locator("#threat-result")).to_contain_text("Событие угрозы!")
    expect(app.locator("#threat-t-big")).to_have_text("5")
    assert journal(app) == [
        f"Бросок со стола; оставлен {DARK} 5; события нет; {DARK}: T 5 → 6",
        f"Бросок со стола; оставлен {DARK} 5; СОБЫТИЕ УГРОЗЫ; {DARK}: T 6 → 5",
    ]
    record(app, "light", 1)
    expect(app.locator("#threat-t-big")).to_have_text("5")
    record(app, DARK, 20)
    expect(app.locator("#threat-t-big")).to_have_text("5")


def test_reload_keeps_state_and_journal(browser: Browser, site_url: str) -> None:
    """State, journal, undo and the chosen mode survive a reload of a fresh context."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=5#threat", watch, "threat")
    set_param(page, "light", 7)
    page.check("#threat-exhaustible")
    for _ in range(3):
        page.click("#threat-check")
    record(page, DARK, 9)
    before = (journal(page), page.inner_text("#threat-t-big"), page.inner_text("#threat-bag-text"))
    assert len(before[0]) == 6  # two changes (light 5 → 7, the exhaustible mode), four checks
    reload(page)
    after = (journal(page), page.inner_text("#threat-t-big"), page.inner_text("#threat-bag-text"))
    assert after == before
    expect(page.locator("#threat-light")).to_have_value("7")
    expect(page.locator("#threat-exhaustible")).to_be_checked()
    expect(page.locator("#threat-notice")).to_be_hidden()
    page.click("#threat-undo")  # the undo stack survived too: the table roll goes away
    assert journal(page) == before[0][:-1]
    context.close()
    watch.assert_clean()


def test_corrupted_saved_state_falls_back_with_notice(app: Page) -> None:
    """A damaged journal line is set aside with a notice and offered for download; the other lines
    stay, and a key a newer version wrote is kept; a damaged saved state falls back to the defaults
    with screen mode ON (the safe side) and a visible notice, and the page still works; damaged data
    under the old keys is dropped the same way."""
    fresh(app)
    record(app, DARK, 5)
    # the roll's own save and the typed number's (kit's 300 ms pause) land first, not over ours
    app.evaluate("gmStorage.settled()")
    app.evaluate(
        """async () => {
        const record = JSON.parse(await gmStorage.get('gm.panel.threat'));
        const good = {...record.state.journal[0], mood: 'tense'};
        record.state.journal = [{source: 'roll'}, good];
        await gmStorage.save('gm.panel.threat', JSON.stringify(record));
    }"""
    )
    reload(app)
    aside = app.locator("#threat-aside")
    expect(aside).to_contain_text("повреждённых записей — 1, они отложены")
    expect(app.locator("#threat-journal li")).to_have_count(1)
    expect(app.locator("#threat-t-big")).to_have_text("6")
    with app.expect_download() as info:
        app.click("#threat-aside-download")
    assert '\\"source\\": \\"roll\\"' in open(info.value.path(), encoding="utf-8").read()
    app.click("#threat-check")
    app.evaluate("gmStorage.settled()")
    state = saved(app, RECORD)["state"]
    assert state["aside"] == [{"source": "roll"}] and state["journal"][0]["mood"] == "tense"
    assert len(saved_state.load(state).journal) == 2  # saved readable again

    app.evaluate(
        """async () => {
        const record = JSON.parse(await gmStorage.get('gm.panel.threat'));
        record.state.screen = 'yes';
        await gmStorage.save('gm.panel.threat', JSON.stringify(record));
    }"""
    )
    reload(app)
    notice = app.locator("#threat-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("повреждены")
    expect(app.locator("#threat-screen")).to_be_checked()
    expect(app.locator("#threat-t-big")).to_be_hidden()
    expect(app.locator("#threat-t-big")).to_have_text("5")
    expect(app.locator("#threat-journal li")).to_have_count(0)
    app.uncheck("#threat-screen")
    app.click("#threat-check")
    expect(app.locator("#threat-journal li")).to_have_count(1)
    assert len(saved_state.load(saved(app, RECORD)["state"]).journal) == 1  # saved readable again
    app.evaluate("gmStorage.settled()")  # no save of the check still in flight re-creates the record
    app.evaluate(
        """async () => {
        await gmStorage.remove('gm.panel.threat');
        localStorage.setItem('gm.threat.state', JSON.stringify({version: 1, light: 99, tracks: []}));
    }"""
    )
    reload(app)
    expect(notice).to_contain_text("повреждены")
    expect(app.locator("#threat-screen")).to_be_checked()
    expect(app.locator("#threat-t-big")).to_have_text("5")


def test_old_saved_data_is_carried_over(app: Page) -> None:
    """What the panel saved before the kit (gm.threat.*) is read once: bag, journal and settings."""
    fresh(app)
    result = threat.record(threat.set_composition(words.default_bag(), light=7), DARK, 9)
    old = {
        "gm.threat.state": result.state.to_dict(),
        "gm.threat.journal": [result.entry.to_dict()],
        "gm.threat.undo": [],
        "gm.threat.settings": {"screen": False, "track": DARK, "fc_roll": "advantage"},
    }
    app.evaluate(
        "async old => { await gmStorage.remove('gm.panel.threat');"
        " for (const [k, v] of Object.entries(old)) localStorage.setItem(k, JSON.stringify(v)); }",
        old,
    )
    reload(app)
    expect(app.locator("#threat-light")).to_have_value("7")
    expect(app.locator("#threat-t-big")).to_have_text("6")
    expect(app.locator("#threat-fc-roll")).to_have_value("advantage")
    assert journal(app) == [ru(words.journal_line(result.entry))]
    expect(app.locator("#threat-notice")).to_be_hidden()
    assert saved_bag(app) == result.state.to_dict()


def test_screen_mode_hides_threshold_and_odds(app: Page) -> None:
    """Screen mode hides T, T₀/T/Δ inputs, odds, forecast and journal, keeps the checks, and persists."""
    fresh(app)
    secret = (
        "#threat-t-big",
        "#threat-odds",
        "#threat-base",
        "#threat-t",
        "#threat-step",
        "#threat-fc-chart",
    )
    for selector in secret:
        expect(app.locator(selector)).to_be_visible()
    app.check("#threat-screen")
    for selector in (*secret, "#threat-journal-clear"):
        expect(app.locator(selector)).to_be_hidden()
    expect(app.locator("#threat-bag")).to_be_visible()
    app.click("#threat-check")
    expect(app.locator("#threat-result")).not_to_contain_text("T ")
    reload(app)
    expect(app.locator("#threat-screen")).to_be_checked()
    expect(app.locator("#threat-t-big")).to_be_hidden()
    app.uncheck("#threat-screen")
    expect(app.locator("#threat-t-big")).to_be_visible()
    expect(app.locator("#threat-journal li")).to_have_count(1)
    app.click("#threat-check")
    expect(app.locator("#threat-result")).to_contain_text("T ")


def test_undo_restores_previous_threshold(app: Page) -> None:
    """Undo after a recorded roll restores the previous T and drops its journal line; undo of a change works too."""
    fresh(app)
    expect(app.locator("#threat-undo")).to_be_disabled()
    record(app, DARK, 8)
    expect(app.locator("#threat-t-big")).to_have_text("6")
    app.click("#threat-undo")
    expect(app.locator("#threat-t-big")).to_have_text("5")
    expect(app.locator("#threat-journal li")).to_have_count(0)
    expect(app.locator("#threat-result")).to_contain_text("Отменено")
    set_param(app, "base", 8)  # T shifts with T₀: 5 → 8
    expect(app.locator("#threat-t-big")).to_have_text("8")
    app.click("#threat-undo")
    expect(app.locator("#threat-t-big")).to_have_text("5")
    expect(app.locator("#threat-base")).to_have_value("5")
    expect(app.locator("#threat-undo")).to_be_disabled()


def test_out_of_range_input_is_refused(app: Page) -> None:
    """Out-of-range numbers show a message and change nothing (state, storage, bag)."""
    fresh(app)
    record(app, DARK, 9)
    before = (saved_bag(app), app.inner_text("#threat-bag-text"), journal(app))
    error = app.locator("#threat .error")
    for name, value, word in (
        ("light", 25, "Светлые"),
        ("t", 21, "порог T"),
        ("step", -1, "Шаг"),
        ("dark", "", "Тёмные"),
    ):
        set_param(app, name, value)
        expect(error).to_be_visible()
        expect(error).to_contain_text(word)
        assert (saved_bag(app), app.inner_text("#threat-bag-text"), journal(app)) == before
        app.click("#threat-check")  # a check refuses too while a field is bad
        assert journal(app) == before[2]
        set_param(app, name, {"light": 5, "t": 6, "step": 1, "dark": 1}[name])
        expect(error).to_be_hidden()
    record(app, DARK, 0)
    expect(error).to_contain_text("Итоговое число")
    assert journal(app) == before[2]
    expect(app.locator("#threat-t-big")).to_have_text("6")


def test_colours_are_text_and_tracked_separately(app: Page) -> None:
    """A new colour named with HTML stays text, has its own T, and the dark total is capped at 10."""
    fresh(app)
    name = "<b>красный</b>"
    app.fill("#threat-new-name", name)
    app.click("#threat-add-track")
    expect(app.locator("#threat-track")).to_have_value(name)
    assert app.locator("#threat b").count() == 0
    expect(app.locator("#threat-tracks li")).to_have_count(2)
    expect(app.locator("#threat-odds-head th")).to_have_count(4)  # roll, two colours, total
    record(app, name, 12)
    expect(app.locator("#threat-t-big")).to_have_text("6")
    assert journal(app)[-1].endswith(f"{DARK}: T 5 → 5, {name}: T 5 → 6")
    set_param(app, "dark", 10)  # 1 dark of the first colour + 10 > 10
    expect(app.locator("#threat .error")).to_contain_text("не больше 10")
    set_param(app, "dark", 1)
    app.fill("#threat-new-name", "Светлый")
    app.click("#threat-add-track")
    expect(app.locator("#threat .error")).to_contain_text("уже есть")
    app.select_option("#threat-track", DARK)
    expect(app.locator("#threat-t-big")).to_have_text("5")
    app.select_option("#threat-track", name)
    app.click("#threat-remove-track")
    expect(app.locator("#threat-tracks li")).to_have_count(1)


def test_forecast_matches_rules_within_its_budget(app: Page) -> None:
    """The forecast summary and table equal checks_until_event_distribution, also for heavy bags.

    The seed example's forecast is computed in the page at once; the heaviest bag the page used to
    forecast on the main thread (exhaustible, 8 light + 10 dark, T₀ = 1, advantage) and one the
    main thread refused (20 light: estimate over FORECAST_BUDGET) come from the compute worker,
    each its exact forecast.
    """
    fresh(app)
    forecast = threat.checks_until_event_distribution(
        words.default_bag(), "normal", None, saved_state.FORECAST_HORIZON
    )
    summary = app.locator("#threat-fc-summary")
    expect(summary).to_contain_text(f"в среднем {fixed(forecast.mean)} проверок")
    expect(summary).to_contain_text(f"P(за 5 проверок) = {percent(forecast.cumulative()[4])}")
    expect(summary).to_contain_text(f"P(за 10) = {percent(forecast.cumulative()[9])}")
    expect(app.locator("#threat-fc-chart .bar")).to_have_count(saved_state.FORECAST_HORIZON)
    rows = app.locator("#threat-fc-table tr")
    expect(rows).to_have_count(saved_state.FORECAST_HORIZON)
    assert rows.nth(0).locator("td").first.text_content() == percent(forecast.probabilities[0])
    heavy_case(app)
    state = heavy_bag()
    assert saved_state.forecast_cost(state) <= saved_state.FORECAST_BUDGET
    heavy = threat.checks_until_event_distribution(state, "advantage", None, saved_state.FORECAST_HORIZON)
    expect(summary).to_contain_text(f"в среднем {fixed(heavy.mean)} проверок", timeout=30_000)
    expect(summary).to_contain_text(f"P(за 5 проверок) = {percent(heavy.cumulative()[4])}")
    expect(app.locator("#threat-fc-chart .bar")).to_have_count(saved_state.FORECAST_HORIZON)
    expect(rows.nth(0).locator("td").first).to_have_text(percent(heavy.probabilities[0]))
    # Over the main thread's old budget: the worker computes it too.
    set_param(app, "light", 20)
    over = threat.set_composition(state, light=20)
    assert saved_state.forecast_cost(over) > saved_state.FORECAST_BUDGET
    heavier = threat.checks_until_event_distribution(over, "advantage", None, saved_state.FORECAST_HORIZON)
    expect(summary).to_contain_text(f"в среднем {fixed(heavier.mean)} проверок", timeout=30_000)
    expect(summary).to_contain_text(f"P(позже 20-й) = {percent(heavier.tail)}")
    expect(rows).to_have_count(saved_state.FORECAST_HORIZON)
    expect(rows.nth(19).locator("td").first).to_have_text(percent(heavier.probabilities[19]))


LONG_TASKS = """async () => {
  await gmCompute.warm();
  await new Promise(resolve => requestIdleCallback(resolve, {timeout: 3000}));
  window.gmLongTasks = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) window.gmLongTasks.push(Math.round(entry.duration));
  }).observe({type: "longtask"});
}"""

# Fill the bag's fields at once, then one change event: one action, one request to the worker
# (typing them one by one would also ask for each bag on the way). The kind of checks is chosen
# first, by its own action (a task of its own, as when the GM picks it).
ROLL = """roll => {
  document.getElementById("threat-fc-roll").value = roll;
  document.getElementById("threat-fc-roll").dispatchEvent(new Event("change", {bubbles: true}));
}"""
FILL = """fields => {
  for (const [name, value] of Object.entries(fields)) document.getElementById(`threat-${name}`).value = value;
  document.getElementById("threat-exhaustible").checked = true;
  document.getElementById("threat-exhaustible").dispatchEvent(new Event("change", {bubbles: true}));
}"""


def long_tasks(page: Page) -> list[int]:
    """Main-thread tasks that froze the page since ``LONG_TASKS`` was installed (their durations)."""
    return [d for d in page.evaluate("window.gmLongTasks") if d >= FREEZE_MS]


def test_heavy_forecast_leaves_the_main_thread_free(app: Page) -> None:
    """With a longtask observer installed once the page is ready (and its compute worker up), the
    heavy exhaustible forecast (8 light + 10 dark, T₀ = 1, advantage) never freezes the page, and
    neither does the heaviest bag the panel accepts (20 light, 5 + 5 dark of two colours, T₀ = 0:
    seconds in the worker); while that one computes, the GaussD20 roller answers its button (its
    handler runs while the worker is busy). Both forecasts equal the rules."""
    fresh(app, every_panel=True)
    app.evaluate(LONG_TASKS)
    app.evaluate(ROLL, "advantage")
    app.evaluate(FILL, {"light": 8, "dark": 10, "base": 1, "t": 1, "step": 1})
    summary = app.locator("#threat-fc-summary")
    heavy = threat.checks_until_event_distribution(
        heavy_bag(), "advantage", None, saved_state.FORECAST_HORIZON
    )
    expect(summary).to_contain_text(f"в среднем {fixed(heavy.mean)} проверок", timeout=30_000)
    expect(app.locator("#threat-fc-chart .bar")).to_have_count(saved_state.FORECAST_HORIZON)
    assert long_tasks(app) == []
    # The heaviest forecast the panel accepts: a second colour on a plain bag (computed at once),
    # then the whole bag in one change.
    fresh(app, every_panel=True)
    app.evaluate(LONG_TASKS)
    app.fill("#threat-new-name", "красный")
    app.click("#threat-add-track")
    expect(app.locator("#threat-track")).to_have_value("красный")
    set_param(app, "dark", 5)
    app.select_option("#threat-track", DARK)
    expect(app.locator("#threat-dark")).to_have_value("1")
    app.evaluate(ROLL, "advantage")
    app.evaluate(FILL, {"light": 20, "dark": 5, "base": 0, "t": 0, "step": 1})
    status = app.locator("#threat .compute-status")
    expect(status).to_contain_text("прогноз для цвета «тёмный»")
    expect(summary).to_have_text("Прогноз считается в фоне…")
    # Another panel's button, pressed without leaving the tab (leaving it cancels the computation):
    # the roller answers in its own click handler while the worker is still busy.
    roller = app.evaluate("""() => {
      const before = document.getElementById("gauss-result").textContent;
      const start = performance.now();
      document.getElementById("gauss-roll").click();
      return {ms: performance.now() - start, busy: gmCompute.busy(), before,
              after: document.getElementById("gauss-result").textContent};
    }""")
    assert roller["busy"], "the forecast was still computing when the roller answered"
    assert roller["after"] != roller["before"], roller
    expect(status).to_be_hidden(timeout=60_000)
    bag = threat.BagState.from_dict(saved_bag(app))
    assert saved_state.forecast_cost(bag, DARK) == 15_876  # the largest estimate of any bag
    heaviest = threat.checks_until_event_distribution(bag, "advantage", DARK, saved_state.FORECAST_HORIZON)
    expect(summary).to_contain_text(f"в среднем {fixed(heaviest.mean)} проверок")
    expect(app.locator("#threat-fc-chart .bar")).to_have_count(saved_state.FORECAST_HORIZON)
    assert long_tasks(app) == []


def test_journal_download_and_clear(app: Page) -> None:
    """The journal downloads as .txt with the same lines, and clearing empties it."""
    fresh(app)
    record(app, DARK, 3)
    app.click("#threat-check")
    lines = journal(app)
    with app.expect_download() as info:
        app.click("#threat-journal-download")
    download = info.value
    assert download.suggested_filename == "threat-journal.txt"
    text = open(download.path(), encoding="utf-8").read()
    assert text == "".join(f"{i}. {line}\n" for i, line in enumerate(lines, start=1))
    app.click("#threat-journal-clear")
    expect(app.locator("#threat-journal li")).to_have_count(0)
    expect(app.locator("#threat-journal-empty")).to_be_visible()
    assert saved(app, RECORD)["state"]["journal"] == []
    expect(app.locator("#threat-journal-undo-bar")).to_contain_text("Журнал очищен.")


def test_clear_is_undone_by_undo(app: Page) -> None:
    """«Очистить журнал» offers «Отменить», and «Отменить» right after a clear gives back the
    cleared journal (not the check before it: T stays); the journal is saved back whole. After
    another check the bar's «Отменить» still gives the cleared lines back, before the new one."""
    fresh(app)
    record(app, DARK, 8)
    app.click("#threat-check")
    set_param(app, "step", 2)
    lines = journal(app)
    assert len(lines) == 3 and lines[-1] == f"Изменение: {DARK}: Δ 1 → 2"
    t = app.inner_text("#threat-t-big")
    kept = saved(app, RECORD)["state"]["journal"]
    app.click("#threat-journal-clear")
    expect(app.locator("#threat-journal li")).to_have_count(0)
    expect(app.locator("#threat-journal-undo-bar")).to_be_visible()
    app.wait_for_timeout(1000)  # waiting does not take the offer away
    app.click("#threat-undo")
    expect(app.locator("#threat-journal li")).to_have_count(3)
    assert journal(app) == lines
    expect(app.locator("#threat-t-big")).to_have_text(t)
    expect(app.locator("#threat-step")).to_have_value("2")
    expect(app.locator("#threat-journal-undo-bar")).to_be_hidden()
    assert saved(app, RECORD)["state"]["journal"] == kept
    app.click("#threat-journal-clear")
    app.click("#threat-journal-undo")  # the bar's own button does the same
    expect(app.locator("#threat-journal li")).to_have_count(3)
    app.click("#threat-journal-clear")
    app.click("#threat-check")  # another action: the offer stays, the bar's button still restores
    expect(app.locator("#threat-journal li")).to_have_count(1)
    expect(app.locator("#threat-journal-undo-bar")).to_be_visible()
    app.click("#threat-journal-undo")
    expect(app.locator("#threat-journal li")).to_have_count(4)
    assert journal(app)[:3] == lines  # the cleared lines before the new check
    expect(app.locator("#threat-journal-undo-bar")).to_be_hidden()


def test_no_horizontal_scroll_on_phone(app: Page) -> None:
    """At 360 px the panel has no horizontal scroll (on a phone the bag and the table are sub-tools)."""
    fresh(app)
    app.set_viewport_size({"width": 360, "height": 800})
    app.click("#threat-tab-bag")
    app.fill("#threat-new-name", "очень-длинное-имя-цвета-x")
    app.click("#threat-add-track")
    app.click("#threat-tab-table")
    record(app, DARK, 4)
    assert app.evaluate("document.documentElement.scrollWidth") <= 360
    app.set_viewport_size({"width": 1280, "height": 900})


def test_english_labels(app: Page) -> None:
    """Switching to English translates the panel's static and dynamic text."""
    fresh(app)
    app.click("#lang-switch")
    expect(app.locator("#threat-check")).to_have_text("Check")
    expect(app.locator("#threat-danger")).to_have_text("results 1–4 are dangerous")
    record(app, DARK, 2)
    expect(app.locator("#threat-result")).to_contain_text("Threat event!")
    app.click("#lang-switch")
    expect(app.locator("#threat-check")).to_have_text("Проверка")


def test_english_journal_bag_and_notice_then_back_to_russian(browser: Browser, site_url: str) -> None:
    """In English the journal line, bag text and damaged-data notice are English; switching back restores Russian."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=3#threat", watch, "threat")
    page.uncheck("#threat-screen")
    page.click("#lang-switch")
    record(page, DARK, 2)
    dark = "dark («тёмный»)"
    assert journal(page) == [f"Table roll; kept {dark} 2; THREAT EVENT; {dark}: T 5 → 5"]
    expect(page.locator("#threat-bag-text")).to_have_text(f"In the bag — light («светлый»): 5, {dark}: 1.")
    expect(page.locator("#threat-result")).to_contain_text("Threat event! Table roll;")
    # The panel's own saves land first: one still to come would write over the damaged record.
    page.evaluate(
        """async () => { await gmStorage.settled();
        await gmStorage.save('gm.panel.threat', '{"v": 1, "state": {"undo": 1}}'); }"""
    )
    reload(page)  # the language is remembered
    notice = page.locator("#threat-notice")
    expect(notice).to_contain_text("The saved data (the panel's state) was damaged")
    page.click("#lang-switch")
    expect(notice).to_contain_text("Сохранённые данные (состояние панели) были повреждены")
    page.uncheck("#threat-screen")  # the fallback put the screen up
    record(page, DARK, 2)
    assert journal(page) == [f"Бросок со стола; оставлен {DARK} 2; СОБЫТИЕ УГРОЗЫ; {DARK}: T 5 → 5"]
    expect(page.locator("#threat-bag-text")).to_have_text(f"В мешке — светлый: 5, {DARK}: 1.")
    context.close()
    watch.assert_clean()


def test_language_switch_rewords_everything(app: Page) -> None:
    """After a check, a colour, and a bad input, English shows no Cyrillic outside «…» (a GM's own
    colour name is shown in «…»), nothing stale, and switching back gives Russian again."""
    fresh(app)
    app.fill("#threat-new-name", "красный")
    app.click("#threat-add-track")
    app.click("#threat-adv")
    record(app, DARK, 3)
    set_param(app, "light", 25)
    error = app.locator("#threat .error")
    expect(error).to_contain_text("Светлые кубы")
    russian = app.locator("#threat").inner_text()
    app.click("#lang-switch")
    expect(app.locator("#threat-check")).to_have_text("Check")
    expect(error).to_contain_text("Light dice")
    english = app.locator("#threat").inner_text()
    stray = CYRILLIC.findall(re.sub(r"«[^»]*»", "", english))
    assert not stray, english
    assert "Table roll; kept dark («тёмный») 3" in english
    assert "«красный»" in english
    app.click("#lang-switch")
    expect(app.locator("#threat-check")).to_have_text("Проверка")
    expect(error).to_contain_text("Светлые кубы")
    assert app.locator("#threat").inner_text() == russian


def evening_entries(page: Page) -> list[dict[str, object]]:
    """The threat panel's entries in the journal of the evening, as saved (newest first)."""
    page.evaluate("gmStorage.settled()")
    return [e for e in page.evaluate("gmStorage.journalEntries()") if e["panel"] == "threat"]


def test_undo_after_a_refill_undoes_the_refill_and_writes_nothing(browser: Browser, site_url: str) -> None:
    """The GM's evening: draw 13, 18 and 9, «Пополнить мешок», «Отменить»: the refill is undone
    (and named), the three draws stay in the panel's log and in the journal of the evening, and
    the undo adds no entry; the next «Отменить» takes the 9 back from both."""
    watch = Watch()
    # random.Random("8527"): the default bag's first three checks keep 13, 18 and 9
    context, page = open_app(browser, site_url + "index.html?seed=8527#threat", watch, "threat")
    page.uncheck("#threat-screen")
    for _ in range(3):
        page.click("#threat-check")
    lines = journal(page)
    assert [re.findall(r"оставлен светлый (\d+)", line) for line in lines] == [["13"], ["18"], ["9"]]
    draws = evening_entries(page)
    assert [e["ru"] for e in reversed(draws)] == lines
    page.click("#threat-refill")
    expect(page.locator("#threat-result")).to_have_text("Мешок и так полон: пополнять нечего.")
    page.click("#threat-undo")
    expect(page.locator("#threat-result")).to_have_text("Отменено: пополнение мешка. Теперь тёмный: T = 5.")
    assert journal(page) == lines
    assert evening_entries(page) == draws
    page.click("#threat-undo")
    expect(page.locator("#threat-result")).to_contain_text("Отменено: Проверка: вытянут светлый 9;")
    assert journal(page) == lines[:2]
    assert evening_entries(page) == draws[1:]
    context.close()
    watch.assert_clean()
