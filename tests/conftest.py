"""What the Chromium e2e suite (tests/e2e) and the cross-engine suite (tests/browsers) share: one
build of the site per test run."""

from __future__ import annotations

from pathlib import Path

import pytest

from build import build


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, exactly as GitHub Pages would deploy it (tools/build.py)."""
    return build(tmp_path_factory.mktemp("site") / "site")
