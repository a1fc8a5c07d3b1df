"""Bytecode for the kit's browser modules, compiled at build time and kept in Python's memory snapshot.

tools/snapshot.mjs runs this inside Pyodide (in Node) before taking the snapshot. The kit's browser
modules (kit/browser*.py) import pyscript, which exists only in the page, so they cannot be imported there; but they can be
compiled. ``install`` puts a finder first on ``sys.meta_path`` that imports them from those code
objects, so the page skips compiling them on every load. A module whose source on disk no longer
matches (another build) is left to the normal import system.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import zlib
from pathlib import Path
from types import CodeType, ModuleType


class PrecompiledFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Find ``<package>.<name>`` modules among code objects compiled from ``<root>/<package>``."""

    def __init__(self, root: Path, package: str, /) -> None:
        self._package = package
        self._code: dict[str, tuple[Path, int, CodeType]] = {}
        for path in sorted((root / package).glob("*.py")):
            if path.stem == "__init__":
                continue
            source = path.read_bytes()
            code = compile(source, str(path), "exec", dont_inherit=True)
            self._code[f"{package}.{path.stem}"] = (path, zlib.crc32(source), code)

    def find_spec(
        self, name: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        entry = self._code.get(name)
        if entry is None:
            return None
        file, checksum, _ = entry
        try:
            if zlib.crc32(file.read_bytes()) != checksum:
                return None
        except OSError:
            return None
        return importlib.util.spec_from_loader(name, self, origin=str(file))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        file, _, code = self._code[module.__name__]
        module.__file__ = str(file)
        exec(code, module.__dict__)


def install(root: str, package: str, /) -> PrecompiledFinder:
    finder = PrecompiledFinder(Path(root), package)
    sys.meta_path.insert(0, finder)
    return finder
