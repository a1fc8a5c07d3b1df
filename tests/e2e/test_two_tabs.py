"""Two tabs of one browser profile: characters, rolls and threat checks made alternately in both
are all kept on disk and shown in both without a reload; a tab that did not hear of the other's
save (its write found a newer record) merges instead of overwriting."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, wait_ready, watch_page, watched_context


def saved(page: Page, key: str) -> dict:
    return json.loads(page.evaluate("k => gmStorage.get(k)", key))


def journal(page: Page) -> list[dict]:
    """Every journal entry on disk (kept one record each), newest first."""
    return page.evaluate("gmStorage.journalEntries()")


def _open(context, watch: Watch, url: str) -> Page:
    page = watch_page(context.new_page(), watch)
    page.goto(url)
    wait_ready(page)
    return page


def _character(page: Page, name: str) -> None:
    page.goto(page.url.split("#")[0] + "#roster")
    page.fill("#roster-name", name)
    page.select_option("#roster-system", "gauss")
    page.click("#roster-save")


def _at(page: Page, panel: str) -> None:
    page.goto(page.url.split("#")[0] + f"#{panel}")


def test_alternate_changes_in_two_tabs_are_all_kept_and_shown(browser: Browser, site_url: str) -> None:
    """Tab B is open before tab A saves anything; then characters, rolls and threat checks
    alternate between the tabs: each tab shows all of them without a reload, and so does disk."""
    watch = Watch()
    context = watched_context(browser, watch)
    a = _open(context, watch, site_url + "index.html?seed=1#roster")
    b = _open(context, watch, site_url + "index.html?seed=2#roster")
    _character(a, "Борис")
    expect(b.locator("#roster-list li")).to_have_count(1)
    _character(b, "Стражник")
    expect(a.locator("#roster-list li")).to_have_count(2)
    _character(a, "Ведьма")
    expect(b.locator("#roster-list li")).to_have_count(3)
    for page in (a, b):
        _at(page, "roller")
    for page in (a, b, a, b):
        page.click("#gauss-roll")
    for page in (a, b):
        expect(page.locator("#gauss-log li")).to_have_count(4)
    for page in (a, b):
        _at(page, "threat")
    for page in (b, a, b):
        page.click("#threat-check")
    for page in (a, b):
        expect(page.locator("#threat-journal li")).to_have_count(3)
    names = [e["name"] for e in saved(a, "gm.shared.roster")["value"]["entries"]]
    assert names == ["Борис", "Стражник", "Ведьма"]
    entries = journal(a)  # the short logs are views of it
    assert len([e for e in entries if e["panel"] == "roller"]) == 4
    assert len(saved(a, "gm.panel.threat")["state"]["journal"]) == 3
    context.close()
    watch.assert_clean()


def test_a_tab_that_missed_the_news_merges_on_saving(browser: Browser, site_url: str) -> None:
    """Tab B stops hearing tab A; both add a character (both get the same new id) and roll: B's
    writes find A's newer records on disk and merge, so disk and B keep both characters and both
    rolls, and A (which hears B) shows them too."""
    watch = Watch()
    context = watched_context(browser, watch)
    a = _open(context, watch, site_url + "index.html?seed=1#roster")
    b = _open(context, watch, site_url + "index.html?seed=2#roster")
    b.evaluate("gmStorage.onChange(() => {}); gmStorage.onJournal(() => {})")  # B no longer hears A
    _character(a, "Борис")
    _character(b, "Стражник")
    expect(b.locator("#roster-list li")).to_have_count(2)
    expect(a.locator("#roster-list li")).to_have_count(2)
    entries = saved(a, "gm.shared.roster")["value"]["entries"]
    assert sorted(e["name"] for e in entries) == ["Борис", "Стражник"]
    assert len({e["id"] for e in entries}) == 2
    for page in (a, b):
        _at(page, "roller")
        page.click("#gauss-roll")
    expect(b.locator("#gauss-log li")).to_have_count(2)
    expect(a.locator("#gauss-log li")).to_have_count(2)
    entries = journal(a)
    assert len([e for e in entries if e["panel"] == "roller"]) == 2
    context.close()
    watch.assert_clean()


def test_threat_colours_added_in_both_tabs_at_once_and_every_check_are_kept(
    browser: Browser, site_url: str
) -> None:
    """A threat colour added in each tab at the same moment (tab B has not heard of A's save: its
    write finds A's record and merges) stays in both tabs and on disk; then ten checks made in
    turn in the two tabs are ten lines of each tab's short log, as the journal holds ten."""
    watch = Watch()
    context = watched_context(browser, watch)
    a = _open(context, watch, site_url + "index.html?seed=1#threat")
    b = _open(context, watch, site_url + "index.html?seed=1#threat")  # the same dice: equal lines
    a.uncheck("#threat-screen")
    expect(b.locator("#threat-screen")).not_to_be_checked()
    b.evaluate("gmStorage.onChange(() => {})")  # B no longer hears the other tab
    for page, name in ((a, "алый"), (b, "синий")):
        page.fill("#threat-new-name", name)
        page.click("#threat-add-track")
    for page in (a, b):
        expect(page.locator("#threat-track option")).to_have_count(3)
        page.evaluate("gmStorage.settled()")
    names = [t["name"] for t in saved(a, "gm.panel.threat")["state"]["bag"]["tracks"]]
    assert sorted(names) == ["алый", "синий", "тёмный"]
    for page in (a, b):
        expect(page.locator("#threat-track option")).to_have_text(names)
    b.reload()  # B hears A again
    wait_ready(b)
    for page in (a, b, a, b, a, b, a, b, a, b):
        page.click("#threat-check")
    for page in (a, b):
        expect(page.locator("#threat-journal li", has_text="Проверка")).to_have_count(10)
        page.evaluate("gmStorage.settled()")
    entries = [e for e in journal(a) if e["panel"] == "threat"]
    checks = [e for e in entries if e["ru"].startswith("Проверка")]
    assert len(checks) == 10
    for page in (a, b):
        expect(page.locator("#threat-journal li")).to_have_count(len(entries))
    lines = saved(a, "gm.panel.threat")["state"]["journal"]
    assert sorted(line["id"] for line in lines) == sorted(e["id"] for e in entries)
    context.close()
    watch.assert_clean()
