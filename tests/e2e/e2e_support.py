"""End-to-end support: Debian's Chromium settings, the request guard, and app boot.

Every request is routed: anything that is not loopback is aborted and recorded,
and so is every console error; both lists must be empty when a module's page
closes.  Like Datasette Lite's tests, each module shares one page that waits
for the app's ready marker.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
READY = "html[data-ready='true']"  # every panel is mounted (see wait_ready)
INTERACTIVE = "html[data-interactive-ms]"  # the panel on screen works
# A first interaction, as a GM's touch: the page then mounts the panels not on screen in idle time.
TOUCH = "document.dispatchEvent(new PointerEvent('pointerdown'))"
BOOT_TIMEOUT_MS = 60_000
# A main-thread task this long is a frozen page. Tests assert no speed (tools/bench.py measures the
# longest task); they prove that heavy work left the main thread by this bound far above any frame.
FREEZE_MS = 1000
# Installs a `longtask` observer: the durations (ms) collect in window.longTasks.
LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
  }).observe({type: "longtask"});
}"""


@dataclass
class Watch:
    """What a page did that it must not: off-origin requests and console errors."""

    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        assert self.foreign_requests == [], f"requests left the origin: {self.foreign_requests}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.page_errors == [], f"uncaught page errors: {self.page_errors}"


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about", "file"):
        return True
    return parsed.hostname in LOCAL_HOSTS


def watched_context(browser: Browser, watch: Watch, **context_args: object) -> BrowserContext:
    context = browser.new_context(**context_args)

    def guard(route: Route, request: Request) -> None:
        if is_local(request.url):
            route.continue_()
        else:
            watch.foreign_requests.append(request.url)
            route.abort()

    context.route("**/*", guard)
    return context


def watch_page(page: Page, watch: Watch) -> Page:
    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            watch.console_errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.page_errors.append(str(error)))
    return page


def hold_python_back(context: BrowserContext) -> None:
    """PyScript's module answers with nothing, so Python never starts: what the page shows before it."""

    def empty_module(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body="export {};")

    context.route("**/static/vendor/pyscript/core.js", empty_module)


def mounted(panel: str) -> str:
    """The selector of ``panel``'s section once the kit has mounted it (its controls work)."""
    return f"#{panel}[data-mounted='true']"


def wait_ready(page: Page, panel: str | None = None, timeout: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page works: ``panel`` mounted (a test of one panel), or every panel.

    At start the page mounts only the panel on screen; the others mount when opened, or in idle
    time after the GM's first interaction. Without ``panel`` this waits for the panel on screen,
    then touches the page (``TOUCH``) and waits for ``data-ready`` (every panel mounted).
    """
    if panel is not None:
        page.wait_for_selector(mounted(panel), state="attached", timeout=timeout)
        return
    page.wait_for_selector(INTERACTIVE, state="attached", timeout=timeout)
    page.evaluate(TOUCH)
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def open_app(
    browser: Browser, url: str, watch: Watch, panel: str | None = None, **context_args: object
) -> tuple[BrowserContext, Page]:
    """A watched page on ``url``, once ``panel`` (``None``: every panel) works (``wait_ready``)."""
    context = watched_context(browser, watch, **context_args)
    page = watch_page(context.new_page(), watch)
    page.goto(url)
    wait_ready(page, panel)
    return context, page


def wait_until_controlled(page: Page, timeout_ms: int = 30_000) -> None:
    """Wait until the service worker is active and controls ``page`` (it registers once the page is ready)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms)


# --------------------------------------------------------------------------- a campaign's journal

CAMPAIGN_PANELS = ("roller", "checks", "threat")
CAMPAIGN_WHO = ("Кац", "Бандит", "Ведьма")


def _gauss_odds() -> dict[int, tuple[int, int]]:
    """A GaussD20 value (three d20, their sum's third rounded) → (ways of 8,000, ways below)."""
    ways = {v: 0 for v in range(1, 21)}
    for a in range(1, 21):
        for b in range(1, 21):
            for c in range(1, 21):
                ways[(2 * (a + b + c) + 3) // 6] += 1
    below, out = 0, {}
    for value in range(1, 21):
        out[value] = (ways[value], below)
        below += ways[value]
    return out


def _fraction(ways: int) -> str:
    from math import gcd

    common = gcd(ways, 8000)
    return f"{ways // common}/{8000 // common}"


GAUSS = _gauss_odds()
GAUSS_ODDS = {str(v): _fraction(ways) for v, (ways, _) in GAUSS.items()}


def campaign_file(path: Path, count: int, nights: int) -> Path:
    """A v2 journal file (``{"format": "gm-journal", "v": 2}``) of ``count`` entries over
    ``nights`` evenings of 2025 (at most 55), each with its evening. Panels and characters take
    turns (roller, checks, threat; Кац, Бандит, Ведьма, the roller's each in turn too); the
    roller's carry a roll as the page writes one: three d20 that vary (a fixed sequence), their
    value, its exact odds before the roll, the odds of every value (~1,000 characters)."""
    per_night = count // nights + 1
    parts = []
    for n in range(count):
        night, at = divmod(n, per_night)
        day = f"2025-{1 + night // 5:02d}-{1 + (night % 5) * 6:02d}"
        clock = f"{18 + at // 3600:02d}:{(at // 60) % 60:02d}:{at % 60:02d}"
        panel = CAMPAIGN_PANELS[n % 3]
        faces = [1 + (n * 7919 + k * 104_729) % 20 for k in range(3)] if panel == "roller" else [7, 12, 20]
        value = (2 * sum(faces) + 3) // 6
        entry = {
            "id": f"camp-{n:06d}",
            "time": f"{day}T{clock}",
            "panel": panel,
            "ru": f"Бросок {n}: {faces[0]} + {faces[1]} + {faces[2]} = {sum(faces)} → {value}",
            "en": f"Roll {n}: {faces[0]} + {faces[1]} + {faces[2]} = {sum(faces)} → {value}",
            "who": CAMPAIGN_WHO[(n + n // 3) % 3],
            "evening": {"id": f"{day}T18:00:00", "date": day},
        }
        if panel == "roller":
            ways, below = GAUSS[value]
            entry["roll"] = {
                "rule": "gauss.roll",
                "dice": [[20, face] for face in faces],
                "by_hand": n % 30 == 0,
                "total": sum(faces),
                "outcome": str(value),
                "p": _fraction(ways),
                "below": _fraction(below),
                "odds": GAUSS_ODDS,
            }
        parts.append(json.dumps(entry, ensure_ascii=False))
    path.write_text(
        '{"format": "gm-journal", "v": 2, "entries": [\n' + ",\n".join(parts) + "\n]}", encoding="utf-8"
    )
    return path
