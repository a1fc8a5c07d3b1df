"""Fetch the pinned browser runtime into static/vendor/ (idempotent).

- @pyscript/core and pyodide come from the npm registry, pinned by package-lock.json
  (``npm ci`` checks their integrity hashes).
- Wheels come from PyPI, pinned by version and sha256 in tools/wheels.txt.

Nothing is fetched at run time: the page loads only these local copies.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
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


def _inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in ("package-lock.json", "tools/wheels.txt"):
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
    _run(
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--require-hashes", "-r", "tools/wheels.txt", "-d", str(VENDOR / "wheels"),
    )  # fmt: skip
    STAMP.write_text(json.dumps({"inputs": digest}) + "\n")
    print(f"vendored runtime into {VENDOR.relative_to(ROOT)}")


if __name__ == "__main__":
    vendor(force="--force" in sys.argv[1:])
