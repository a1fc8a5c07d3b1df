"""Vendor the runtime if needed, then serve the site on 127.0.0.1 and print the URL.

python3 tools/serve.py [--port 8000] [--root DIR]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs, and no request log."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


class _LoggingHandler(QuietHandler):
    def log_message(self, format: str, *args: object) -> None:
        http.server.SimpleHTTPRequestHandler.log_message(self, format, *args)


def make_server(
    root: Path,
    port: int = 0,
    *,
    quiet: bool = True,
    handler_class: type[QuietHandler] | None = None,
) -> http.server.ThreadingHTTPServer:
    """A static server for ``root`` on 127.0.0.1 (port 0 picks a free one)."""
    chosen = handler_class or (QuietHandler if quiet else _LoggingHandler)
    handler = functools.partial(chosen, directory=str(root))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_thread(
    root: Path, port: int = 0, *, handler_class: type[QuietHandler] | None = None
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; return it and its base URL."""
    server = make_server(root, port, handler_class=handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, help="serve this folder as it is (default: build dist/)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from build import build

    root = args.root or build()
    server = make_server(root, args.port, quiet=False)
    print(f"Serving {root} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
