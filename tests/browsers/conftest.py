"""Fixtures of the cross-engine suite: per engine, one server of the built site, one booted page
shared by the suite's tests (in file order), and a check after each test that the page logged no
error and sent no request past loopback.

An engine that is not installed is skipped, unless ``GM_ENGINES_REQUIRED=1`` (tools/test.sh sets
it after installing them): then it fails, so that CI never passes on a suite that did not run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines import ENGINES, Engine, EngineMissing, RecordingProxy, Site, installed, start
from single_file import build_single

REQUIRED = os.environ.get("GM_ENGINES_REQUIRED") == "1"
collect_ignore = ["webkit_shell.py"]
# Run before the page's own scripts on every load: which controls that wait for Python were enabled
# when the document was parsed (test_engines.py's reload test).
EARLY_CONTROLS = """document.addEventListener("DOMContentLoaded", () => {
  window.gmEnabledEarly = [...document.querySelectorAll("[data-needs-python]")].filter((c) => !c.disabled).map((c) => c.id);
});"""  # the WebKit browser itself, run on Debian's python3 (PyGObject)


@pytest.fixture(scope="session")
def saved_file(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The single saved file (tools/single_file.py), built from a copy of the site."""
    site = tmp_path_factory.mktemp("single") / "site"
    shutil.copytree(site_dir, site)
    return build_single(site, tmp_path_factory.mktemp("saved") / "gm-dice.html")


@pytest.fixture(scope="module", params=ENGINES)
def engine(
    request: pytest.FixtureRequest, site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    name: str = request.param
    if not installed(name) and not REQUIRED:
        pytest.skip(f"{name} is not installed here (bash tools/test.sh installs it)")
    scratch = tmp_path_factory.mktemp(name)
    site = Site(site_dir)
    proxy = RecordingProxy()
    try:
        driver = start(name, proxy, scratch, EARLY_CONTROLS)
    except EngineMissing as missing:
        site.stop()
        proxy.close()
        if REQUIRED:
            raise
        pytest.skip(str(missing))
    found = Engine(name, driver, site, scratch)
    found.facts["version"] = driver.version
    yield found
    driver.close()
    site.stop()
    proxy.close()
    request.config.stash.setdefault(FACTS, {})[name] = found.facts


FACTS = pytest.StashKey[dict[str, dict[str, object]]]()


@pytest.fixture(autouse=True)
def _clean(engine: Engine) -> Iterator[None]:
    """After each test: no console error, uncaught error or failed load; no request past loopback."""
    yield
    problems = engine.driver.take_problems()
    foreign = engine.driver.foreign_requests()
    assert problems == [], f"{engine.name}: {problems}"
    assert foreign == [], f"{engine.name}: requests left 127.0.0.1: {foreign}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    facts = config.stash.get(FACTS, {})
    for name, seen in facts.items():
        terminalreporter.write_line(f"{name}: " + ", ".join(f"{k}={v}" for k, v in seen.items()))
