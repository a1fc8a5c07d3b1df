"""A slow first visit says what is happening (issue 23): from the first paint until the panel on
screen works, a line at the top of that panel counts the runtime's bytes received against the
total, in the saved language, and goes away once the panel is usable.

The runtime's memory snapshot is held back (routed and released by the test), so the page stays
in that state for as long as the checks take; the rest of the runtime arrives meanwhile.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Route, expect

from e2e_support import BOOT_TIMEOUT_MS, READY, Watch, watch_page, watched_context

WORDS = {
    "ru": re.compile(r"^\s*Загружается Python: \d+(,\d)? из \d+(,\d)? МБ\s*$"),
    "en": re.compile(r"^\s*Loading Python: \d+(\.\d)? of \d+(\.\d)? MB\s*$"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_deep_link_shows_the_bytes_received_until_its_panel_works(
    browser: Browser, site_url: str, lang: str
) -> None:
    """#threat on a first visit: the progress line is in the first viewport, inside the threat
    panel, names the bytes received so far (more than none: the wasm and the stdlib are not held
    back) in the saved language, and the first paint's odds are on screen meanwhile; released, the
    panel becomes usable and the line goes away."""
    watch = Watch()
    context = watched_context(browser, watch)
    if lang == "en":
        context.add_init_script("localStorage.setItem('gm.lang', JSON.stringify('en'))")
    held: list[Route] = []
    context.route("**/static/python.snap.gz", lambda route: held.append(route))
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html#threat", wait_until="commit")
    line = page.locator("#threat > #loading")
    expect(line).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(line).to_be_in_viewport()
    page.wait_for_function(
        "Number(document.getElementById('loading').dataset.bytes) > 0", timeout=BOOT_TIMEOUT_MS
    )
    expect(line).to_have_text(WORDS[lang])
    got = float(re.findall(r"\d+(?:[.,]\d)?", line.inner_text())[0].replace(",", "."))
    assert got > 0
    expect(page.locator("#threat-check")).to_be_disabled()
    expect(page.locator("#threat table").first).to_be_visible()  # the first paint's odds
    assert held, "the snapshot was asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-interactive-ms]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#threat-check")).to_be_enabled()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    context.close()
    watch.assert_clean()
