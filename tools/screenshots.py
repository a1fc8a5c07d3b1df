"""Screenshots of every panel at 360 and 1280 px, light and dark theme, into docs/screenshots/.

.venv/bin/python tools/screenshots.py [--lang en] [panel ...]

Each shot is the first screen (what a user sees after switching to the panel and pressing its main
button), so the files stay small; look at them after a layout change.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from build import build  # noqa: E402
from e2e_support import CHROMIUM, CHROMIUM_ARGS, wait_ready  # noqa: E402
from serve import serve_in_thread  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {360: 740, 1280: 900}
THEMES = ("light", "dark")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("panels", nargs="*")
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(build(Path(tempfile.mkdtemp()) / "site", extras=False))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width, height in SIZES.items():
            for theme in THEMES:
                context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=theme)
                context.add_init_script(f"localStorage.setItem('gm.lang', JSON.stringify('{args.lang}'))")
                page = context.new_page()
                page.goto(url + "index.html?seed=7")
                wait_ready(page)
                names = args.panels or [
                    (a.get_attribute("href") or "#").removeprefix("#")
                    for a in page.locator("nav.tabs a").all()
                ]
                if not args.panels or "start" in args.panels:  # a first visit: the start view
                    path = OUT / f"start-{width}-{theme}-{args.lang}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT))
                names = [name for name in names if name != "start"]
                for name in names:
                    page.click(f'nav.tabs a[href="#{name}"]')
                    page.evaluate(f"document.querySelector('#{name} button.primary')?.click()")
                    page.wait_for_timeout(400)
                    page.evaluate("window.scrollTo(0, 0)")
                    path = OUT / f"{name}-{width}-{theme}-{args.lang}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT))
                context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
