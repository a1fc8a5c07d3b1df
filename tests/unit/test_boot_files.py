"""What the build writes for a first visit (issue 23): the packed runtime (the wasm and its
Emscripten module), and the loading line's files, sizes and words."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from build import (
    BOOT_PROGRESS,
    BOOT_RUNTIME,
    EMSCRIPTEN,
    PACKED_RUNTIME,
    WASM,
    write_boot_progress,
    write_packed_runtime,
    write_pyscript_config,
)

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


def test_the_runtime_is_packed_byte_for_byte(tmp_path: Path) -> None:
    """pyodide.asm.wasm.gz and pyodide.asm.mjs.gz inflate to the very files, and are the same
    bytes every build."""
    site = tmp_path / "site"
    (site / WASM).parent.mkdir(parents=True)
    plain = {WASM: b"\0asm\1\0\0\0" + bytes(range(256)) * 400, EMSCRIPTEN: b"export default 1;\n" * 900}
    for relative, content in plain.items():
        (site / relative).write_bytes(content)
    write_packed_runtime(site)
    first = {packed: (site / packed).read_bytes() for packed in PACKED_RUNTIME}
    assert sorted(first) == sorted(relative + ".gz" for relative in plain)
    for packed, content in first.items():
        assert gzip.decompress(content) == plain[packed.removesuffix(".gz")] and len(content) < len(
            plain[packed.removesuffix(".gz")]
        )
    write_packed_runtime(site)
    assert {packed: (site / packed).read_bytes() for packed in PACKED_RUNTIME} == first


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
