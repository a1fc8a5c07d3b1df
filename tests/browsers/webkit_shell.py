#!/usr/bin/python3
"""A WebKitGTK window for WebKitWebDriver that reports what a page got wrong (tests/browsers).

WebKitWebDriver starts it as its browser (``--automation``). Pages under WebDriver are private, and
WebKit prints no console message of a private page, so each page this shell opens carries a script
(run first, in every frame) that passes console errors, uncaught errors, unhandled rejections,
worker errors and CSP violations here; failed loads and HTTP errors come from WebKit's own
resource signals. Each goes to the ``--watch`` file as one JSON line ``[kind, text]``. Every
request that is not for loopback goes to ``--proxy``; ``--preload`` names a script run in the top
page before its own (tools/bench_engines.py); ``--profile`` is the folder of this start's saved
data and cache. It runs on Debian's python3 (PyGObject).
"""

import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

HOOK = r"""(() => {
  const post = (kind, text) => {
    try { window.webkit.messageHandlers.gmWatch.postMessage(JSON.stringify([kind, String(text)])); } catch {}
  };
  const error = console.error;
  console.error = function (...args) { post("console", args.map(String).join(" ")); return error.apply(this, args); };
  addEventListener("error", (event) => {
    if (event.target === window) post("page error", `${event.message} (${event.filename}:${event.lineno})`);
    else post("failed", `${event.target.src || event.target.href || event.target.tagName}`);
  }, true);
  addEventListener("unhandledrejection", (event) =>
    post("page error", "unhandled rejection: " + (event.reason && event.reason.stack || event.reason)));
  addEventListener("securitypolicyviolation", (event) =>
    post("console", `CSP ${event.violatedDirective} refused ${event.blockedURI}`));
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class Worker extends NativeWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener("error", (event) => post("worker error", `${event.message} (${args[0]})`));
      }
    };
  }
})();"""


def option(name: str, default: str) -> str:
    prefix = f"--{name}="
    return next((arg[len(prefix) :] for arg in sys.argv if arg.startswith(prefix)), default)


def main() -> None:
    watch = open(option("watch", "/dev/null"), "a", buffering=1, encoding="utf-8")
    width, height = (int(n) for n in option("size", "1280x900").split("x"))
    preload_file = option("preload", "")
    preload = open(preload_file, encoding="utf-8").read() if preload_file else ""

    def report(kind: str, text: str) -> None:
        watch.write(json.dumps([kind, text], ensure_ascii=False) + "\n")

    Gtk.init(None)
    # A profile of this start's own (--profile, which the driver deletes): no saved data, cache or
    # service worker of an earlier run, and nothing written to the home folder.
    profile = option("profile", "")
    manager = (
        WebKit2.WebsiteDataManager(
            base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache"
        )
        if profile
        else WebKit2.WebsiteDataManager(is_ephemeral=True)
    )
    context = WebKit2.WebContext(website_data_manager=manager)
    context.set_automation_allowed(True)
    proxy = option("proxy", "")
    if proxy:
        settings = WebKit2.NetworkProxySettings.new(proxy, ["127.0.0.1", "localhost", "::1"])
        context.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, settings)

    def on_message(_manager, result) -> None:
        report(*json.loads(result.get_js_value().to_string()))

    def on_load(_view, resource, _request) -> None:
        def failed(res, error) -> None:
            if not error.matches(WebKit2.network_error_quark(), WebKit2.NetworkError.CANCELLED):
                report("failed", f"{res.get_uri()} {error.message}")

        def finished(res) -> None:
            response = res.get_response()
            if response is not None and response.get_status_code() >= 400:
                report("failed", f"HTTP {response.get_status_code()}: {res.get_uri()}")

        resource.connect("failed", failed)
        resource.connect("finished", finished)

    def create_view(_automation):
        content = WebKit2.UserContentManager()
        content.add_script(
            WebKit2.UserScript.new(
                HOOK,
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
        if preload:
            content.add_script(
                WebKit2.UserScript.new(
                    preload,
                    WebKit2.UserContentInjectedFrames.TOP_FRAME,
                    WebKit2.UserScriptInjectionTime.START,
                    None,
                    None,
                )
            )
        content.connect("script-message-received::gmWatch", on_message)
        content.register_script_message_handler("gmWatch")
        view = WebKit2.WebView(
            web_context=context, user_content_manager=content, is_controlled_by_automation=True
        )
        view.connect("resource-load-started", on_load)
        window = Gtk.Window()
        window.set_default_size(width, height)
        window.add(view)
        window.show_all()
        view.connect("close", lambda _view: (window.destroy(), Gtk.main_quit()))
        return view

    def automation_started(_context, automation) -> None:
        info = WebKit2.ApplicationInfo.new()
        info.set_name("gm-webkit-shell")
        info.set_version(
            WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
        )
        automation.set_application_info(info)
        automation.connect("create-web-view", create_view)

    context.connect("automation-started", automation_started)
    Gtk.main()


if __name__ == "__main__":
    main()
