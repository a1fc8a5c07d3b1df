"""Firefox ESR and WebKitGTK behind one small driver, for the cross-engine suite.

Playwright's own Firefox and WebKit builds cannot be downloaded here, so each engine is Debian's,
driven by a driver from a package registry that downloads no browser:

- **Firefox ESR** (``firefox-esr``) speaks WebDriver BiDi itself; ``puppeteer-core`` (npm) drives
  it, in a Node process that takes one JSON command a line (``firefox_bridge.mjs``).
- **WebKitGTK**: ``WebKitWebDriver`` (``webkit2gtk-driver``) driven by Selenium (PyPI). Its browser
  is ``webkit_shell.py``, a window of the same libwebkit2gtk as Debian's MiniBrowser, because the
  MiniBrowser's pages are private under WebDriver and WebKit prints no console message of a private
  page: the shell reports console errors, uncaught errors and failed loads itself, and keeps each
  start's data in a folder of its own (a fresh profile, deleted at the end). It needs an X
  display: a private Xvfb.

Both send every request that is not for loopback to ``RecordingProxy``, which refuses it and
keeps its address: the suite's "no request leaves 127.0.0.1" holds for workers and the service
worker too. What a driver can click, type and read is the same for both (``Driver``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from serve import make_server

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, which has PyGObject for the WebKit shell
WEBKIT_GIR = Path("/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib")
ENGINES = ("firefox", "webkit")
WIDTH, HEIGHT = 1280, 900

BOOT_TIMEOUT_S = 120  # a loaded machine (CI, or developers sharing one) boots WebKitGTK slowly


class Site:
    """The built site on a port of its own, which a test can stop (offline) and start again."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._server: ThreadingHTTPServer | None = None
        self.port = 0
        self.start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        self._server = make_server(self.root, self.port)
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


@dataclass
class Engine:
    """A booted page of one engine, and what the suite learnt of it (docs/engines.md)."""

    name: str
    driver: Driver
    site: Site
    scratch: Path
    facts: dict[str, object] = field(default_factory=dict)


class EngineMissing(RuntimeError):
    """The engine or its driver is not installed (tools/test.sh installs them)."""


class RecordingProxy:
    """An HTTP proxy on 127.0.0.1 that answers 403 to everything and records what was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        asked = self.asked

        class Refuse(BaseHTTPRequestHandler):
            def refuse(self) -> None:
                asked.append(self.path if self.command != "CONNECT" else f"https://{self.path}/")
                self.send_response(403)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_PUT = do_HEAD = do_OPTIONS = do_CONNECT = refuse

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _js_string(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


class Driver:
    """One page of one engine: navigate, run JS, click and type as a user, collect what went wrong."""

    name = ""
    version = ""

    def __init__(self, proxy: RecordingProxy) -> None:
        self.proxy = proxy
        self.problems: list[str] = []  # console errors, uncaught errors, failed loads

    # -- what each engine implements --------------------------------------------------------
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, expr: str) -> Any:
        """The value of a JS expression (a promise is awaited), as JSON."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def fill(self, selector: str, text: str) -> None:
        raise NotImplementedError

    def select(self, selector: str, value: str) -> None:
        raise NotImplementedError

    def upload(self, selector: str, path: Path) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        """The page's viewport (Firefox) or window (WebKitGTK) to this size."""
        raise NotImplementedError

    def take_problems(self) -> list[str]:
        """Console errors, uncaught errors and failed loads seen since the last call."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------
    def wait(self, expr: str, timeout: float = 60, what: str = "") -> Any:
        """Poll a JS expression until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expr)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what or expr} not true after {timeout} s")
            time.sleep(0.1)

    def text(self, selector: str) -> str:
        return self.js(f"document.querySelector({_js_string(selector)})?.textContent ?? ''")

    def wait_text(self, selector: str, part: str, timeout: float = 30) -> str:
        """Wait until ``selector``'s text contains ``part``; the text."""
        expr = f"(document.querySelector({_js_string(selector)})?.textContent ?? '').includes({_js_string(part)})"
        self.wait(expr, timeout, f"{selector} containing {part!r}")
        return self.text(selector)

    def count(self, selector: str) -> int:
        return self.js(f"document.querySelectorAll({_js_string(selector)}).length")

    def foreign_requests(self) -> list[str]:
        return list(self.proxy.asked)


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, proxy: RecordingProxy, preload: str = "") -> None:
        super().__init__(proxy)
        bridge = HERE / "firefox_bridge.mjs"
        if not Path(FIREFOX).exists():
            raise EngineMissing(f"{FIREFOX} is missing (apt-get install firefox-esr)")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise EngineMissing("node_modules/puppeteer-core is missing (npm ci)")
        prefs = {
            # Everything but loopback goes to the recording proxy (localhost is never proxied).
            "network.proxy.type": 1,
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": proxy.port,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": proxy.port,
            "network.proxy.allow_hijacking_localhost": False,
            # puppeteer relaxes this for its own tests; a GM's Firefox keeps it: each file:// page
            # is its own origin.
            "security.fileuri.strict_origin_policy": True,
            # Firefox's own remote settings, which ignore this pref unless the environment allows it
            # (MOZ_REMOTE_SETTINGS_DEVTOOLS below): a data: URL never reaches the network.
            "services.settings.server": "data:,#remote-settings-dummy/v1",
        }
        self._process = subprocess.Popen(
            ["node", str(bridge), FIREFOX, json.dumps(prefs), preload],
            cwd=ROOT,
            env={**os.environ, "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._next = 0
        self.version = self._call("version")

    def _call(self, op: str, **args: object) -> Any:
        assert self._process.stdin and self._process.stdout
        self._next += 1
        self._process.stdin.write(json.dumps({"id": self._next, "op": op, **args}) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox bridge ended (exit {self._process.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"firefox {op}: {reply['error']}")
        return reply["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def js(self, expr: str) -> Any:
        return self._call("js", expr=expr)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text)

    def select(self, selector: str, value: str) -> None:
        self._call("select", selector=selector, value=value)

    def upload(self, selector: str, path: Path) -> None:
        self._call("upload", selector=selector, path=str(path))

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def resize(self, width: int, height: int) -> None:
        self._call("resize", width=width, height=height)

    def take_problems(self) -> list[str]:
        return self._call("watch")

    def close(self) -> None:
        try:
            self._call("close")
        except RuntimeError:
            pass
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()


class Xvfb:
    """A private X display for WebKitGTK (it has no headless mode)."""

    def __init__(self) -> None:
        if not Path(XVFB).exists():
            raise EngineMissing(f"{XVFB} is missing (apt-get install xvfb)")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, proxy: RecordingProxy, watch_file: Path, preload: str = "") -> None:
        super().__init__(proxy)
        for path, package in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (WEBKIT_GIR, "gir1.2-webkit2-4.1")):
            if not Path(path).exists():
                raise EngineMissing(f"{path} is missing (apt-get install {package})")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as error:  # pragma: no cover - requirements-test.txt has it
            raise EngineMissing("selenium is missing (pip install -r requirements-test.txt)") from error
        self._xvfb = Xvfb()
        self._profile = Path(tempfile.mkdtemp(prefix="webkit-profile-", dir=watch_file.parent))
        self._watch_file = watch_file
        self._watch_file.write_text("", encoding="utf-8")
        self._read = 0
        options = Options()
        options.binary_location = str(HERE / "webkit_shell.py")
        # With a binary of its own, WebKitWebDriver passes exactly these arguments.
        options.add_argument("--automation")
        options.add_argument(f"--watch={watch_file}")
        options.add_argument(f"--proxy=http://127.0.0.1:{proxy.port}")
        options.add_argument(f"--size={WIDTH}x{HEIGHT}")
        options.add_argument(f"--profile={self._profile}")
        if preload:
            script = watch_file.with_suffix(".preload.js")
            script.write_text(preload, encoding="utf-8")
            options.add_argument(f"--preload={script}")
        options.set_capability("browserName", "gm-webkit-shell")
        env = {**os.environ, "DISPLAY": self._xvfb.display}
        service = Service(executable_path=WEBKIT_DRIVER, env=env, log_output=subprocess.DEVNULL)
        try:
            with warnings.catch_warnings():  # Selenium's own WebKitGTK class sets a deprecated field
                warnings.simplefilter("ignore", DeprecationWarning)
                self._driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self._xvfb.close()
            shutil.rmtree(self._profile, ignore_errors=True)
            raise
        self._driver.set_script_timeout(120)
        self._driver.set_page_load_timeout(120)
        self.version = self._driver.capabilities.get("browserVersion", "")

    def goto(self, url: str) -> None:
        self._driver.get(url)

    def reload(self) -> None:
        self._driver.refresh()

    def js(self, expr: str) -> Any:
        # WebDriver's Execute Script awaits a returned promise.
        return self._driver.execute_script(f"return ({expr});")

    def _element(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        element = self._driver.find_element(By.CSS_SELECTOR, selector)
        self._driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def click(self, selector: str) -> None:
        self._element(selector).click()

    def fill(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.keys import Keys

        element = self._element(selector)
        element.clear()
        if text:
            # WebKitWebDriver types U+000A as nothing: a new line is the Return key.
            element.send_keys(text.replace("\n", Keys.RETURN))

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        Select(self._element(selector)).select_by_value(value)

    def upload(self, selector: str, path: Path) -> None:
        self._driver.find_element("css selector", selector).send_keys(str(path))

    def screenshot(self, path: Path) -> None:
        self._driver.save_screenshot(str(path))

    def resize(self, width: int, height: int) -> None:
        self._driver.set_window_size(width, height)

    def take_problems(self) -> list[str]:
        with self._watch_file.open(encoding="utf-8") as lines:
            lines.seek(self._read)
            fresh = lines.read()
            self._read = lines.tell()
        found = []
        for line in fresh.splitlines():
            kind, text = json.loads(line)
            found.append(f"{kind}: {text}")
        return found

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            self._xvfb.close()
            shutil.rmtree(self._profile, ignore_errors=True)


def start(engine: str, proxy: RecordingProxy, scratch: Path, preload: str = "") -> Driver:
    """A running ``engine`` whose non-loopback requests go to ``proxy``; ``preload``: a script run
    in the top page before its own, on every load."""
    if engine == "firefox":
        return FirefoxDriver(proxy, preload)
    if engine == "webkit":
        return WebKitDriver(proxy, scratch / "webkit-watch.jsonl", preload)
    raise ValueError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")


def installed(engine: str) -> bool:
    """Whether ``engine`` and its driver are on this machine."""
    needs: dict[str, Callable[[], bool]] = {
        "firefox": lambda: Path(FIREFOX).exists() and shutil.which("node") is not None,
        "webkit": lambda: all(Path(p).exists() for p in (WEBKIT_DRIVER, XVFB, WEBKIT_GIR, SYSTEM_PYTHON)),
    }
    return needs[engine]()
