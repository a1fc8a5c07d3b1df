"""What the build writes for a first visit (issue 23): the packed wasm, and the loading line's
files, sizes and words."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from build import (
    BOOT_PROGRESS,
    BOOT_RUNTIME,
    PACKED_WASM,
    WASM,
    write_boot_progress,
    write_packed_wasm,
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


def test_the_wasm_is_packed_byte_for_byte(tmp_path: Path) -> None:
    """pyodide.asm.wasm.gz inflates to the very wasm, and is the same bytes every build."""
    site = tmp_path / "site"
    (site / WASM).parent.mkdir(parents=True)
    wasm = b"\0asm\1\0\0\0" + bytes(range(256)) * 400
    (site / WASM).write_bytes(wasm)
    write_packed_wasm(site)
    first = (site / PACKED_WASM).read_bytes()
    assert gzip.decompress(first) == wasm and len(first) < len(wasm)
    write_packed_wasm(site)
    assert (site / PACKED_WASM).read_bytes() == first


def test_the_loading_line_knows_each_runtime_file_and_both_languages(tmp_path: Path) -> None:
    """boot-progress.js gets every file a first visit downloads before Python (the packed wasm,
    not the plain one) with its size, and its words in Russian and English with the same slots."""
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
    assert WASM not in files and files[PACKED_WASM] == len(PACKED_WASM) * 10
    assert files["static/py.zip"] == (site / "static/py.zip").stat().st_size
    words = json.loads(_slot(script, r"const WORDS = (\{.*?\}\});"))
    assert words["ru"]["bytes"] == "Загружается Python: {got} из {total} МБ"
    assert words["en"]["bytes"] == "Loading Python: {got} of {total} MB"
    assert words["ru"]["starting"] and words["en"]["starting"]
