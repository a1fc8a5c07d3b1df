"""The converter in the saved file opened from disk (route by cost, the file:// part).

There is no worker there, and a long paste's bound (``panels.converter.jobs.steps``) is far over
what the main thread may run at once, so it converts in slices that hand the page back between
pieces of lines: the progress line shows and moves, Cancel stops it, no main-thread task reaches
``FREEZE_MS`` (a freeze guard, not a speed), and the result is the worker's (the job's own code,
run here) byte for byte. Before, the same paste was one task of several seconds.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, open_app
from kit import compute
from panels.converter import jobs
from panels.converter.panel import preview
from single_file import build_single

BLOCK = 'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\nболтовня игроков\n'
PASTE = BLOCK * 28_000  # 56 000 lines, 1.8 MB: long enough that the seconds move, however fast
PASTE_JS = "text => { document.getElementById('convert-input').value = text; }"
# Click «3D20 → GaussD20», then Cancel in the progress line as soon as the page is free again.
CONVERT_THEN_CANCEL = """() => new Promise(done => {
  document.getElementById('convert-run').click();
  const status = document.querySelector('#converter .compute-status');
  setTimeout(() => {
    const cancel = status.hidden ? null : status.querySelector('button');
    if (cancel) cancel.click();
    done(cancel !== null);
  }, 0);
})"""
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))"


@pytest.fixture(scope="module")
def single_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("single") / "site"
    shutil.copytree(site_dir, site)
    return build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")


@pytest.fixture(scope="module")
def disk(browser: Browser, single_file: Path) -> Iterator[Page]:
    watch = Watch()
    context, page = open_app(browser, single_file.as_uri() + "?seed=3#converter", watch, "converter")
    assert page.evaluate("globalThis.gmCompute?.available() ?? false") is False  # no worker here
    yield page
    context.close()
    watch.assert_clean()


def _paste(page: Page, text: str) -> None:
    """The paste laid out before the freeze guard starts (the browser's own layout of the box)."""
    page.evaluate(PASTE_JS, text)
    page.evaluate(NEXT_FRAME)
    page.evaluate(LONG_TASKS)


def test_a_long_paste_converts_in_slices_with_progress_and_no_freeze(disk: Page) -> None:
    """The progress line shows and its seconds move while the page converts; the roller answers
    meanwhile; the output (its box's first lines, and all of it in «Скачать .txt») is the worker's
    byte for byte; no task froze the page."""
    assert jobs.steps(PASTE) > compute.MAIN_THREAD_STEPS  # refused, were it not sliced
    _paste(disk, PASTE)
    disk.click("#convert-run")
    status = disk.locator("#converter .compute-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("конвертация 56 000 строк")
    first = disk.locator("#converter .compute-elapsed").inner_text()
    expect(disk.locator("#converter .compute-elapsed")).not_to_have_text(first, timeout=30_000)
    expect(disk.locator("#convert-summary")).to_have_text("Конвертирую… Результат появится здесь.")
    summary = disk.locator("#convert-summary")
    expect(summary).to_contain_text(
        "Конвертировано бросков: 28 000. Помечено как неверные: 0.", timeout=300_000
    )
    expect(status).to_be_hidden()
    output = jobs.convert(source=PASTE)["output"]
    assert disk.input_value("#convert-output") == preview(output)[0]
    with disk.expect_download() as info:
        disk.click("#convert-download")
    assert Path(info.value.path()).read_text(encoding="utf-8") == output
    expect(disk.locator("#convert-copy")).to_be_enabled()
    disk.evaluate(NEXT_FRAME)
    assert [t for t in disk.evaluate("window.longTasks") if t >= FREEZE_MS] == []


def test_cancel_stops_a_sliced_conversion_and_the_next_one_works(disk: Page) -> None:
    """Cancel in the progress line ends the conversion at once, says so, and leaves no output; the
    seed's example then converts. Cancel is pressed in the first task after the click (the first
    slice may run before it, not the whole paste): a conversion of lines the page has seen can end
    before a click from outside the page arrives."""
    _paste(
        disk,
        "".join(f'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз {n}".\nболтовня\n' for n in range(8_000)),
    )
    status = disk.locator("#converter .compute-status")
    pressed = disk.evaluate(CONVERT_THEN_CANCEL)
    assert pressed, "the progress line's Cancel was not there after the click"
    expect(disk.locator("#converter .error")).to_contain_text("расчёт отменён")
    expect(status).to_be_hidden()
    assert disk.input_value("#convert-output") == ""
    expect(disk.locator("#convert-copy")).to_be_disabled()
    disk.click("#convert-example")
    expect(disk.locator("#convert-summary")).to_contain_text("Конвертировано бросков: 2.")
    assert [t for t in disk.evaluate("window.longTasks") if t >= FREEZE_MS] == []
