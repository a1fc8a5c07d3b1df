"""What the build writes for a first visit: the packed runtime (the wasm and its
Emscripten module), zstd's decoder, and the loading line's files, sizes and words."""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest
import zstandard

from build import (
    BOOT_MODULE_TAG,
    BOOT_PROGRESS,
    BOOT_RUNTIME,
    EMSCRIPTEN,
    PACKED_RUNTIME,
    SNAPSHOT,
    STDLIB,
    WASM,
    write_boot_progress,
    write_files_preload,
    write_packed_runtime,
    write_pyscript_config,
)
from vendor import NODE_MODULES, ZSTD_MODULE, ZSTD_WASM, stored_zip, zstd_decoder_wasm

ROOT = Path(__file__).resolve().parents[2]


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "py", site / "py")
    shutil.copy(ROOT / "pyscript.toml", site / "pyscript.toml")
    (site / "static").mkdir()
    shutil.copy(ROOT / BOOT_PROGRESS, site / BOOT_PROGRESS)
    write_pyscript_config(site)
    return site


def _slot(script: str, pattern: str) -> str:
    found = re.search(pattern, script)
    assert found is not None, pattern
    return found.group(1)


def test_the_module_is_packed_byte_for_byte(tmp_path: Path) -> None:
    """pyodide.asm.mjs.gz inflates to the very file and is the same bytes every build; the
    vendored .zst files must be there, and a build without them stops with what to run."""
    site = tmp_path / "site"
    (site / WASM).parent.mkdir(parents=True)
    module = b"export default 1;\n" * 900
    (site / EMSCRIPTEN).write_bytes(module)
    with pytest.raises(RuntimeError, match=r"vendor\.py --force"):
        write_packed_runtime(site)
    (site / f"{WASM}.zst").write_bytes(b"packed")
    with pytest.raises(RuntimeError, match=r"python_stdlib\.zip\.zst is missing"):
        write_packed_runtime(site)
    (site / f"{STDLIB}.zst").write_bytes(b"packed")
    write_packed_runtime(site)
    assert PACKED_RUNTIME == (f"{WASM}.zst", f"{STDLIB}.zst", f"{EMSCRIPTEN}.gz")
    first = (site / f"{EMSCRIPTEN}.gz").read_bytes()
    assert gzip.decompress(first) == module and len(first) < len(module)
    write_packed_runtime(site)
    assert (site / f"{EMSCRIPTEN}.gz").read_bytes() == first


def test_the_pinned_emscripten_module_grows_its_memory_for_a_snapshot() -> None:
    """static/snapshot-memory.mjs grows the wasm memory with the module's own growMemory(size),
    which must be exported on the Module, grow to the size asked (whole pages) and update the
    module's views; an upgrade that drops or changes it would make every restore fail."""
    module = (ROOT / EMSCRIPTEN).read_text(encoding="utf-8")
    assert 'Module["growMemory"]=growMemory;' in module
    grow = _slot(module, r"var growMemory=(size=>\{.*?\});")
    assert "wasmMemory.grow(pages)" in grow and "updateMemoryViews()" in grow
    assert "(size-oldHeapSize+65535)/65536" in grow
    booted = (ROOT / "static/snapshot-memory.mjs").read_text(encoding="utf-8")
    assert "module.growMemory(wanted)" in booted and "_malloc" not in booted


def test_the_vendored_wasm_is_packed_as_zstd_byte_for_byte() -> None:
    """The vendored pyodide.asm.wasm.zst holds the very wasm, in one frame with its size, its
    checksum (tools/zstd.mjs adds it; zstandard checks it) and zstd's 8 MiB window (what
    static/zstd.js's decoder is given), and is far smaller than its gzip."""
    plain = (ROOT / WASM).read_bytes()
    packed = (ROOT / f"{WASM}.zst").read_bytes()
    frame = zstandard.get_frame_parameters(packed)
    assert frame.content_size == len(plain) and frame.window_size <= 8 << 20 and frame.has_checksum
    assert zstandard.ZstdDecompressor().decompress(packed) == plain
    assert len(packed) < 0.85 * len(gzip.compress(plain, compresslevel=9))


def test_the_vendored_stdlib_is_pyodides_stored_and_packed_as_zstd() -> None:
    """The stdlib every Python of the site mounts holds Pyodide's own members, in its order and
    with their dates, each stored (zstd then finds what the files share: far smaller than the
    deflated original), and its .zst inflates to it with its checksum."""
    original = zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip")
    vendored_bytes = (ROOT / STDLIB).read_bytes()
    vendored = zipfile.ZipFile(io.BytesIO(vendored_bytes))
    pairs = list(zip(original.infolist(), vendored.infolist(), strict=True))
    assert all(a.filename == b.filename and a.date_time == b.date_time for a, b in pairs)
    assert {b.compress_type for _, b in pairs} == {zipfile.ZIP_STORED}
    assert all(original.read(a) == vendored.read(b) for a, b in pairs[::25])
    assert vendored.testzip() is None
    packed = (ROOT / f"{STDLIB}.zst").read_bytes()
    frame = zstandard.get_frame_parameters(packed)
    assert frame.has_checksum and frame.window_size <= 8 << 20
    assert zstandard.ZstdDecompressor().decompress(packed) == vendored_bytes
    assert len(packed) < 0.75 * (NODE_MODULES / "pyodide" / "python_stdlib.zip").stat().st_size


def test_a_stored_zip_is_the_same_archive_and_the_same_bytes_each_time() -> None:
    """stored_zip keeps every member, its name, date, attributes and data, and gives the same
    bytes for the same archive (the snapshot's import cache holds the offsets of its members)."""
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("pkg/", (2020, 1, 2, 3, 4, 6)), b"")
        member = zipfile.ZipInfo("pkg/mod.py", (2021, 5, 6, 7, 8, 10))
        member.external_attr = 0o644 << 16
        archive.writestr(member, b"x = 1\n" * 500, compress_type=zipfile.ZIP_DEFLATED)
    stored = stored_zip(source.getvalue())
    assert stored == stored_zip(source.getvalue())
    before, after = zipfile.ZipFile(source), zipfile.ZipFile(io.BytesIO(stored))
    for a, b in zip(before.infolist(), after.infolist(), strict=True):
        assert (a.filename, a.date_time, a.external_attr) == (b.filename, b.date_time, b.external_attr)
        assert b.compress_type == zipfile.ZIP_STORED and after.read(b) == before.read(a)


def test_zstds_decoder_is_the_wasm_zstddec_holds() -> None:
    """The decoder static/zstd.js drives is taken out of zstddec's module as it is, and the
    taking-out fails loudly on a module that holds no wasm, or another kind of base64."""
    source = ZSTD_MODULE.read_text(encoding="utf-8")
    wasm = zstd_decoder_wasm(source)
    assert ZSTD_WASM.read_bytes() == wasm and wasm.startswith(b"\0asm")
    for exported in (b"ZSTD_createDCtx", b"ZSTD_decompressStream", b"ZSTD_DStreamInSize", b"malloc"):
        assert exported in wasm
    with pytest.raises(RuntimeError, match="no longer holds"):
        zstd_decoder_wasm("export const wasm = 1;")
    with pytest.raises(RuntimeError, match="not a wasm"):
        zstd_decoder_wasm('const wasm = "aGVsbG8=";')


def test_the_loading_line_knows_each_runtime_file_and_both_languages(tmp_path: Path) -> None:
    """boot-progress.js gets every file a first visit downloads before Python (the packed runtime,
    not the plain files) with its size, and its words in Russian and English with the same slots."""
    site = _site(tmp_path)
    for relative in BOOT_RUNTIME:
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_bytes(b"x" * (len(relative) * 10))
    for source in ("static/vendor/wheels/icepool-2.1.3-py3-none-any.whl",):
        (site / source).parent.mkdir(parents=True, exist_ok=True)
        (site / source).write_bytes(b"w" * 7)
    write_boot_progress(site)
    script = (site / BOOT_PROGRESS).read_text(encoding="utf-8")
    assert "__BOOT_" not in script
    files = json.loads(_slot(script, r"const FILES = (\{.*?\});"))
    assert WASM not in files and EMSCRIPTEN not in files
    assert all(files[packed] == len(packed) * 10 for packed in PACKED_RUNTIME)
    assert files["static/py.zip"] == (site / "static/py.zip").stat().st_size
    words = json.loads(_slot(script, r"const WORDS = (\{.*?\}\});"))
    assert words["ru"]["bytes"] == "Загружается Python: {got} из {total} МБ"
    assert words["en"]["bytes"] == "Loading Python: {got} of {total} MB"
    assert words["ru"]["starting"] and words["en"]["starting"]


def test_a_first_visit_preloads_what_a_restore_needs_and_queues_the_rest(tmp_path: Path) -> None:
    """index.html preloads the snapshot and the wasm alone, before the boot module; PyScript's
    [files] are listed on the boot module's tag (static/pyodide-boot.mjs fetches them once those
    two are in), not preloaded beside them on a slow link."""
    site = _site(tmp_path)
    (site / "index.html").write_text(f"<head>\n{BOOT_MODULE_TAG}\n</head>", encoding="utf-8")
    write_files_preload(site)
    html = (site / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', html)
    assert preloaded == [f"./{SNAPSHOT}", f"./{WASM}.zst"]
    tag = re.search(
        r'<script type="module" src="\./static/pyodide-boot\.mjs" data-after-runtime="([^"]+)">', html
    )
    assert tag is not None and html.index(preloaded[-1]) < tag.start()
    assert tag.group(1).split(" ") == [
        "./static/vendor/wheels/icepool-2.1.3-py3-none-any.whl",
        "./static/py.zip",
    ]
