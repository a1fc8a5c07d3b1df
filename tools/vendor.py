"""Fetch the pinned browser runtime into static/vendor/ (idempotent).

- @pyscript/core and pyodide come from the npm registry, pinned by package-lock.json
  (``npm ci`` checks their integrity hashes).
- Wheels come from PyPI, pinned by version and sha256 in tools/wheels.txt.
- zstd's streaming decoder, built to wasm by the zstddec package (npm, pinned the same way), is
  taken out of the base64 its module holds into ``static/vendor/zstd/zstd-stream.wasm``, which
  ``static/zstd.js`` drives; Pyodide's wasm is compressed with zstd beside it (``.wasm.zst``).
- Pyodide's standard library is rewritten with its members stored, not deflated, and compressed
  with zstd as a whole beside it (``python_stdlib.zip.zst``): 2.55 MB of deflated members become
  1.63 MB, since zstd finds what the 600 files have in common. The stored zip is the one every
  Python of the site mounts, the build's snapshot included (whose import cache holds its offsets).

Nothing is fetched at run time: the page loads only these local copies.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
STAMP = VENDOR / "stamp.json"
ZSTD_MODULE = NODE_MODULES / "zstddec" / "dist" / "zstddec-stream.mjs"
ZSTD_WASM = VENDOR / "zstd" / "zstd-stream.wasm"


def _inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in ("package-lock.json", "tools/wheels.txt", "tools/zstd.mjs", "tools/vendor.py"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def _run(*command: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def _copy_tree_files(source: Path, target: Path, *, skip_suffixes: tuple[str, ...] = ()) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.iterdir()):
        if path.is_file() and not path.name.endswith(skip_suffixes):
            shutil.copy2(path, target / path.name)


def stored_zip(archive: bytes) -> bytes:
    """The same archive, member for member and in the same order, with every member stored: the
    same bytes every time (each member keeps its date, attributes and extra fields)."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(archive)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target,
    ):
        for member in source.infolist():
            data = source.read(member)
            stored = copy.copy(member)
            stored.compress_type = zipfile.ZIP_STORED
            target.writestr(stored, data)
    return out.getvalue()


def zstd_decoder_wasm(module_source: str) -> bytes:
    """The wasm binary that zstddec's streaming module holds as one base64 string."""
    found = re.findall(r'const wasm = "([A-Za-z0-9+/=]+)"', module_source)
    if len(found) != 1:
        raise RuntimeError(f"{ZSTD_MODULE.name} no longer holds one base64 wasm; update tools/vendor.py")
    wasm = base64.b64decode(found[0], validate=True)
    if not wasm.startswith(b"\0asm"):
        raise RuntimeError(f"{ZSTD_MODULE.name}'s base64 is not a wasm module")
    return wasm


def vendor(force: bool = False) -> None:
    digest = _inputs_digest()
    if not force and STAMP.exists() and json.loads(STAMP.read_text()).get("inputs") == digest:
        print(f"static/vendor is up to date ({STAMP.relative_to(ROOT)})")
        return
    _run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    _copy_tree_files(
        NODE_MODULES / "@pyscript" / "core" / "dist", VENDOR / "pyscript", skip_suffixes=(".map",)
    )
    pyodide_target = VENDOR / "pyodide"
    pyodide_target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_target / name)
    stdlib = pyodide_target / "python_stdlib.zip"
    stdlib.write_bytes(stored_zip(stdlib.read_bytes()))
    for packed in (pyodide_target / "pyodide.asm.wasm", stdlib):  # 9.6 → 2.9 MB, 9.7 → 1.6 MB: ~12 s, once
        _run("node", "tools/zstd.mjs", str(packed), f"{packed}.zst")
    ZSTD_WASM.parent.mkdir(parents=True)
    ZSTD_WASM.write_bytes(zstd_decoder_wasm(ZSTD_MODULE.read_text(encoding="utf-8")))
    _run(
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--require-hashes", "-r", "tools/wheels.txt", "-d", str(VENDOR / "wheels"),
    )  # fmt: skip
    STAMP.write_text(json.dumps({"inputs": digest}) + "\n")
    print(f"vendored runtime into {VENDOR.relative_to(ROOT)}")


if __name__ == "__main__":
    vendor(force="--force" in sys.argv[1:])
