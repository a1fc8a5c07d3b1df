"""The single saved file: opened from disk via file://, it boots, rolls and converts."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import Watch, open_app, wait_ready
from single_file import build_single


@pytest.fixture(scope="module")
def single_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A copy of the site, so the bundle step never touches the folder other tests serve.
    site = tmp_path_factory.mktemp("single") / "site"
    shutil.copytree(site_dir, site)
    out = build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")
    return out


@pytest.fixture(scope="module")
def disk_page(browser: Browser, single_file: Path):
    watch = Watch()
    file_requests: list[str] = []
    context, page = open_app(browser, single_file.as_uri() + "?seed=3", watch)
    page.on("request", lambda request: file_requests.append(request.url))
    page.reload()
    wait_ready(page)
    page.file_requests = file_requests  # type: ignore[attr-defined]
    yield page, watch
    context.close()
    watch.assert_clean()


def test_single_file_has_no_external_references(single_file: Path) -> None:
    """The saved file references no other file: no src/href to a path, only data: and #fragments."""
    html = single_file.read_text(encoding="utf-8")
    references = re.findall(r"""(?:src|href)="([^"]*)\"""", html)
    external = [r for r in references if not r.startswith(("data:", "#", "./py/main.py", "./docs/"))]
    assert external == []
    assert "pyscript.toml" in html and 'type="py"' in html


def test_boots_from_disk_and_rolls(disk_page: tuple[Page, Watch]) -> None:
    """Opened as file://, Python starts from the snapshot, the roller rolls, no file: URL is requested."""
    page, _ = disk_page
    assert page.url.startswith("file://")
    own = page.url.split("?")[0]
    assert [url for url in page.file_requests if url.startswith("file:") and url.split("?")[0] != own] == []
    assert own in [url.split("?")[0] for url in page.file_requests]  # the listener saw the page itself
    # The inlined memory snapshot was restored, as on the served site.
    assert page.evaluate("document.documentElement.dataset.pythonBoot") == "snapshot"
    page.click("#gauss-roll")
    expect(page.locator("#gauss-result")).to_contain_text("GaussD20")


def test_converter_works_from_disk(disk_page: tuple[Page, Watch]) -> None:
    """The converter converts the seed's example in the saved file, too."""
    page, _ = disk_page
    page.goto(page.url.split("#")[0] + "#converter")
    page.click("#convert-example")
    page.click("#convert-run")
    assert page.input_value("#convert-output").startswith("Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\n")


def test_state_survives_reload_from_disk(disk_page: tuple[Page, Watch]) -> None:
    """localStorage works from file://: the roll history survives a reload of the saved file."""
    page, _ = disk_page
    page.goto(page.url.split("#")[0] + "#roller")
    page.click("#gauss-roll")
    first = page.locator("#gauss-log li").first.inner_text()
    page.reload()
    wait_ready(page)
    expect(page.locator("#gauss-log li").first).to_have_text(first)


def test_offline_bundle_holds_the_site_and_the_single_file(site_dir: Path, tmp_path: Path) -> None:
    """tools/build.py's offline zip holds the whole site plus the single file, under gm-dice/."""
    import zipfile

    from build import build

    out = build(tmp_path / "dist", extras=True)
    with zipfile.ZipFile(out / "gm-dice-offline.zip") as bundle:
        names = set(bundle.namelist())
    expected = {f"gm-dice/{p.relative_to(site_dir).as_posix()}" for p in site_dir.rglob("*") if p.is_file()}
    assert expected <= names
    assert "gm-dice/gm-dice.html" in names


def test_heavy_odds_run_in_the_page_and_it_says_so(disk_page: tuple[Page, Watch]) -> None:
    """From file:// there is no compute worker: the page says so once, and heavy odds still come
    (in the page, within the old bounds)."""
    page, _ = disk_page
    page.goto(page.url.split("#")[0] + "#notation")
    expect(page.locator("#compute-notice")).to_be_visible()
    expect(page.locator("#compute-notice")).to_contain_text("Фоновые вычисления недоступны")
    page.fill("#notation-expr", "8d10!")
    page.click("#notation-odds")
    expect(page.locator("#notation-dist-status")).to_contain_text("Распределение 8d10!")


def test_rules_pages_work_from_disk(disk_page: tuple[Page, Watch]) -> None:
    """In the saved file a panel's «правила» link opens the rendered rules page (no raw Markdown)."""
    page, _ = disk_page
    page.goto(page.url.split("#")[0] + "#ite")
    page.click("#ite .rules-link a")
    doc = page.locator("#rules-ite")
    expect(doc).to_be_visible()
    expect(page.locator("#ite")).to_be_hidden()
    assert "## " not in doc.inner_text() and doc.locator("h3").count() > 1


def test_lab_from_disk_computes_lines_but_refuses_programs_and_links(disk_page: tuple[Page, Watch]) -> None:
    """From file:// the dice lab still compares lines (in the page); a program is refused with a clear
    message instead of freezing the page; the share button explains that a link needs the hosted
    page and points to copying the lab as text."""
    page, _ = disk_page
    page.goto(page.url.split("#")[0] + "#notation")
    page.fill("#lab-row-0", "4d6kh3 # stats")
    page.click("#lab-run")
    expect(page.locator("#lab-stats tr")).to_have_count(1)
    page.fill("#lab-program", "while True:\n    pass\n")
    page.click("#lab-program-run")
    expect(page.locator("#notation-lab .error")).to_contain_text(
        "Программы выполняются только в песочнице браузера"
    )
    page.fill("#lab-program", "")
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats tr")).to_have_count(1)
    page.click("#lab-share")
    expect(page.locator("#lab-copy-status")).to_contain_text("Скопируйте лабораторию как текст")


# Where an engine's file:// pages share no BroadcastChannel (WebKit), the GM's page posts to the
# window it opened: the players' window here is given no channel at all, as such an engine is.
NO_CHANNEL_IN_PLAYERS = "if (location.hash === '#players') delete globalThis.BroadcastChannel;"


def test_the_players_window_follows_the_saved_file_without_a_shared_channel(
    browser: Browser, single_file: Path
) -> None:
    """From disk, the players' window opened with «Экран для игроков» shows a roll made on the
    GM's page, through the window it was opened from (no channel), and again after its reload."""
    watch = Watch()
    context, page = open_app(browser, single_file.as_uri(), watch, "roller")
    context.add_init_script(NO_CHANNEL_IN_PLAYERS)
    with context.expect_page() as opened:
        page.click("#players-open")
    players = opened.value
    assert players.url.startswith(single_file.as_uri()) and players.url.endswith("#players")
    assert players.evaluate("() => typeof BroadcastChannel") == "undefined"
    result = page.locator("#gauss-result")
    page.click("#gauss-roll")
    expect(result).to_contain_text("GaussD20")
    first = result.inner_text()
    expect(players.locator("#players-view .pv-text")).to_have_text(first, timeout=30_000)
    page.click("#gauss-roll")
    expect(result).not_to_have_text(first)
    players.reload()
    expect(players.locator("#players-view .pv-text")).to_have_text(result.inner_text(), timeout=30_000)
    context.close()
    watch.assert_clean()
