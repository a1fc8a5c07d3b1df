"""static/zstd.js, the decoder every reader of the snapshot and the wasm goes through, run in Node
against Python's zstandard: whatever the chunks a download arrives in, the bytes out are the bytes
compressed; data cut short or damaged is an error, never a wrong file."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
import zstandard

ROOT = Path(__file__).resolve().parents[2]
DECODER = ROOT / "static" / "zstd.js"
WASM = ROOT / "static" / "vendor" / "zstd" / "zstd-stream.wasm"

# Reads {"cases": [{"packed": path, "chunk": n}]}; prints each case's bytes out (hex) or its error.
RUNNER = """
import { readFileSync } from "node:fs";
globalThis.fetch = async (url) => new Response(readFileSync(url));
await import(process.argv[2]);
const { cases } = JSON.parse(readFileSync(process.argv[3], "utf8"));
const results = [];
for (const { packed, chunk } of cases) {
  const bytes = new Uint8Array(readFileSync(packed));
  const body = new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.slice(at, at + chunk));
      controller.close();
    },
  });
  try {
    const out = await new Response(body.pipeThrough(gmZstd.inflater(process.argv[4]))).arrayBuffer();
    results.push({ out: Buffer.from(out).toString("hex"), zstd: gmZstd.isZstd(bytes), size: gmZstd.contentSize(bytes) });
  } catch (error) {
    results.push({ error: String(error.message) });
  }
}
console.log(JSON.stringify(results));
"""


def _decode(tmp_path: Path, cases: list[tuple[bytes, int]]) -> list[dict[str, str]]:
    listed = []
    for number, (packed, chunk) in enumerate(cases):
        path = tmp_path / f"case{number}.zst"
        path.write_bytes(packed)
        listed.append({"packed": str(path), "chunk": chunk})
    (tmp_path / "cases.json").write_text(json.dumps({"cases": listed}))
    (tmp_path / "run.mjs").write_text(RUNNER)
    done = subprocess.run(
        ["node", str(tmp_path / "run.mjs"), DECODER.as_uri(), str(tmp_path / "cases.json"), str(WASM)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def _data(rng: random.Random, size: int) -> bytes:
    """Runs of zeros, repeats and noise: what a memory snapshot looks like to a compressor."""
    parts: list[bytes] = []
    while sum(map(len, parts)) < size:
        kind = rng.randrange(3)
        length = rng.randrange(1, 5000)
        if kind == 0:
            parts.append(bytes(length))
        elif kind == 1 and parts:
            parts.append(parts[rng.randrange(len(parts))][:length])
        else:
            parts.append(rng.randbytes(length))
    return b"".join(parts)[:size]


def test_any_chunking_gives_the_bytes_compressed(tmp_path: Path) -> None:
    """Sizes around the decoder's 128 KiB buffers, chunks from one byte to the whole file, frames
    with and without their size, several frames in a row, and nothing at all."""
    rng = random.Random(23)
    cases: list[tuple[bytes, int]] = []
    expected: list[bytes] = []
    for size in (0, 1, 131_071, 131_072, 131_075, 700_000):
        data = _data(rng, size)
        for level, with_size in ((1, True), (19, False)):
            packed = zstandard.ZstdCompressor(level=level, write_content_size=with_size).compress(data)
            # one byte at a time only for the small ones: through 44 KB or more it only costs time
            for chunk in (1 if len(packed) < 1000 else 97, 4096, 131_075, len(packed) or 1):
                cases.append((packed, chunk))
                expected.append(data)
    two = _data(rng, 300_000), _data(rng, 5)
    cases.append((b"".join(zstandard.ZstdCompressor(level=3).compress(part) for part in two), 777))
    expected.append(b"".join(two))
    results = _decode(tmp_path, cases)
    assert [bytes.fromhex(result.get("out", "")) for result in results] == expected
    assert all(result["zstd"] for result in results if result["out"])


@pytest.mark.parametrize("damage", ["cut short", "a byte changed", "not zstd"])
def test_damaged_data_is_an_error(tmp_path: Path, damage: str) -> None:
    """A download cut short, a flipped byte (the frames carry a checksum) or another format fails
    the stream: the page then starts Python the slow way instead of restoring garbage."""
    data = _data(random.Random(5), 400_000)
    packed = bytearray(zstandard.ZstdCompressor(level=3, write_checksum=True).compress(data))
    if damage == "cut short":
        packed = packed[:-1000]
    elif damage == "a byte changed":
        packed[len(packed) // 2] ^= 0x40
    else:
        packed = bytearray(b"\x1f\x8b" + bytes(100))
    [result] = _decode(tmp_path, [(bytes(packed), 65_536)])
    assert "error" in result and result["error"].startswith("zstd: "), result


@pytest.mark.parametrize("size", [0, 1, 255, 256, 257, 65791, 65792, 300_000, 1 << 21])
@pytest.mark.parametrize("known", [True, False])
def test_the_content_size_is_read_from_the_frame_header(tmp_path: Path, size: int, known: bool) -> None:
    """gmZstd.contentSize gives what the frame holds where its header says (each of the field's
    widths up to 4 bytes: 1, 2 with its 256 offset, and 4; single-segment frames and windowed ones), and
    -1 where it does not, as zstd's own reading of the header (static/packed.mjs sizes the
    snapshot's buffer by it)."""
    data = _data(random.Random(size), size)
    packed = zstandard.ZstdCompressor(level=3, write_content_size=known).compress(data)
    expected = zstandard.get_frame_parameters(packed).content_size
    [result] = _decode(tmp_path, [(packed, 4096)])
    assert bytes.fromhex(result["out"]) == data
    assert result["size"] == (size if known else -1)
    assert expected == (size if known else zstandard.CONTENTSIZE_UNKNOWN)
