"""tools/serve.py's compressing host (``--gzip``), which the bench and the e2e tests use to serve the
site as GitHub Pages does: text files gzip'd for a browser that accepts it, everything else as it
is, and a revalidation answered with a 304, not the file again."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from serve import CompressingHandler, serve_in_thread

SCRIPT = b"export const answer = 42;\n" * 200
PACKED = bytes(range(256)) * 40


@pytest.fixture
def host(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>t</title>" * 50)
    (tmp_path / "module.mjs").write_bytes(SCRIPT)
    (tmp_path / "snapshot.zst").write_bytes(PACKED)
    server, url = serve_in_thread(tmp_path, handler_class=CompressingHandler)
    yield url
    server.shutdown()


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


def test_a_script_is_sent_gzipd_to_a_browser_that_accepts_it(host: str) -> None:
    """The same bytes, fewer of them, marked so; a client that accepts no gzip gets them plain."""
    status, headers, body = get(host + "module.mjs", **{"Accept-Encoding": "gzip, br"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "text/javascript"
    assert int(headers["Content-Length"]) == len(body) < len(SCRIPT)
    assert gzip.decompress(body) == SCRIPT
    status, headers, body = get(host + "module.mjs")
    assert "Content-Encoding" not in headers
    assert body == SCRIPT


def test_the_folder_is_its_index_page_gzipd(host: str) -> None:
    status, headers, body = get(host, **{"Accept-Encoding": "gzip"})
    assert (status, headers["Content-Encoding"]) == (200, "gzip")
    assert gzip.decompress(body).startswith(b"<!doctype html>")


def test_packed_files_are_sent_as_they_are(host: str) -> None:
    """A .zst (or .gz, .wasm, .zip) is not gzip'd again."""
    status, headers, body = get(host + "snapshot.zst", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert "Content-Encoding" not in headers
    assert body == PACKED


def test_a_revalidation_of_an_unchanged_file_gets_a_304(host: str) -> None:
    _, headers, _ = get(host + "module.mjs", **{"Accept-Encoding": "gzip"})
    status, _, body = get(
        host + "module.mjs", **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]}
    )
    assert (status, body) == (304, b"")
    status, _, body = get(
        host + "module.mjs",
        **{"Accept-Encoding": "gzip", "If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"},
    )
    assert status == 200
    assert gzip.decompress(body) == SCRIPT
