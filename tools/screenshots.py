"""Take full-page screenshots of every panel at 1280 px and 360 px into screenshots/.

.venv/bin/python tools/screenshots.py [panel ...]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from build import build  # noqa: E402
from e2e_support import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from serve import serve_in_thread  # noqa: E402

WIDTHS = (1280, 360)


def main(panels: list[str]) -> None:
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    server, url = serve_in_thread(build(Path(tempfile.mkdtemp()) / "site"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(url + "index.html?seed=7")
            page.wait_for_selector(READY, state="attached", timeout=60_000)
            names = panels or [a.get_attribute("href")[1:] for a in page.locator("nav.tabs a").all()]
            for name in names:
                page.goto(url + f"index.html?seed=7#{name}")
                page.evaluate("document.querySelector('.panel:target button.primary')?.click()")
                page.wait_for_timeout(300)
                path = out / f"{name}-{width}.png"
                page.screenshot(path=str(path), full_page=True)
                print(path)
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
