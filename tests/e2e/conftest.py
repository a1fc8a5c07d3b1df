"""End-to-end fixtures: a local static server, Debian's Chromium, and one booted page per module
(the built site, ``site_dir``, is tests/conftest.py's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e_support import CHROMIUM, CHROMIUM_ARGS, Watch, open_app
from serve import serve_in_thread


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = serve_in_thread(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def app(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """One booted app page shared by a module's tests; checked clean at the end.

    A module about one panel sets ``PANEL = "name"``: the page opens on that panel and the tests
    wait for it alone (the others mount when opened). Without it every panel is mounted first.
    """
    watch = Watch()
    panel = getattr(request.module, "PANEL", None)
    url = site_url + "index.html?seed=20261129" + (f"#{panel}" if panel else "")
    context, page = open_app(browser, url, watch, panel)
    yield page
    context.close()
    watch.assert_clean()
