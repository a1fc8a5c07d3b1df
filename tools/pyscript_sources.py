"""PyScript's own Python package (``pyscript``), as the vendored PyScript writes it on every start.

PyScript's core bundle holds the package as a JavaScript object literal of sources
(``{pyscript:{"__init__.py":"…", …}}``), which its bootstrap writes into the file system before
``import pyscript``; so every start compiled those ~30 KB of Python from source (~80–350 ms on a
desktop, more on a phone). The build reads that literal here (Node evaluates it: it is JavaScript,
not JSON) and compiles it into the snapshot (tools/precompiled.py), checked against what PyScript
writes at run time.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

MARKER = '{pyscript:{"__init__.py":'


def object_literal(source: str, start: int) -> str:
    """The JavaScript object literal that begins at ``source[start]`` (a ``{``), strings skipped."""
    if source[start] != "{":
        raise ValueError(f"no object literal at {start}")
    depth = 0
    quote = ""
    escaped = False
    for index in range(start, len(source)):
        char = source[index]
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return source[start : index + 1]
    raise ValueError("the object literal is not closed")


def _flatten(tree: dict[str, object], prefix: str = "") -> dict[str, str]:
    files: dict[str, str] = {}
    for name, value in tree.items():
        if isinstance(value, str):
            files[prefix + name] = value
        elif isinstance(value, dict):
            files.update(_flatten(value, f"{prefix}{name}/"))
        else:
            raise ValueError(f"{prefix}{name}: neither a file nor a folder")
    return files


def pyscript_package(pyscript_dist: Path) -> dict[str, str]:
    """``{"pyscript/__init__.py": source, …}`` from the vendored PyScript's core bundle."""
    bundles = [path for path in sorted(pyscript_dist.glob("core-*.js")) if MARKER in path.read_text("utf-8")]
    if len(bundles) != 1:
        raise ValueError(f"expected one PyScript core bundle holding its package, found {len(bundles)}")
    source = bundles[0].read_text("utf-8")
    literal = object_literal(source, source.index(MARKER))
    done = subprocess.run(
        [
            "node",
            "-e",
            "process.stdout.write(JSON.stringify(eval('(' + require('fs').readFileSync(0, 'utf8') + ')')))",
        ],
        input=literal,
        capture_output=True,
        text=True,
        check=True,
    )
    files = _flatten(json.loads(done.stdout))
    if "pyscript/__init__.py" not in files:
        raise ValueError("PyScript's package has no pyscript/__init__.py")
    return files
