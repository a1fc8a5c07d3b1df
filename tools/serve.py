"""Vendor the runtime if needed, then serve the site on 127.0.0.1 and print the URL.

python3 tools/serve.py [--port 8000] [--root DIR] [--gzip]
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from http import HTTPStatus
from pathlib import Path
from typing import BinaryIO, ClassVar

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


class CompressingHandler(QuietHandler):
    """Text files gzip'd for a browser that accepts it, as GitHub Pages and most hosts send them (the
    site's packed files, images and archives as they are): the page then imports Pyodide's module by
    its plain name (static/packed.mjs). A file's gzip'd bytes are made once per version."""

    COMPRESSED: ClassVar[tuple[str, ...]] = (
        "text/",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
    )
    _gzipped: ClassVar[dict[tuple[str, int], bytes]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        kind = self.guess_type(path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not kind.startswith(self.COMPRESSED) or not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                asked = email.utils.parsedate_to_datetime(since)
                if asked.tzinfo is None:  # "-0000": UTC, as http.server reads it (not local time)
                    asked = asked.replace(tzinfo=datetime.UTC)
                if int(stat.st_mtime) <= asked.timestamp():
                    self.send_response(HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        key = (path, stat.st_mtime_ns)
        with self._lock:
            body = self._gzipped.get(key)
            if body is None:
                body = self._gzipped[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


class _LoggingHandler(QuietHandler):
    def log_message(self, format: str, *args: object) -> None:
        http.server.SimpleHTTPRequestHandler.log_message(self, format, *args)


class _LoggingCompressing(CompressingHandler, _LoggingHandler):
    pass


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
    parser.add_argument("--gzip", action="store_true", help="send text files gzip'd, as GitHub Pages does")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from build import build

    root = args.root or build()
    server = make_server(
        root, args.port, quiet=False, handler_class=_LoggingCompressing if args.gzip else None
    )
    print(f"Serving {root} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
