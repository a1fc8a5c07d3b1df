"""Bytecode for the kit's browser modules, compiled at build time and kept in Python's memory snapshot.

tools/snapshot.mjs runs this inside Pyodide (in Node) before taking the snapshot. The kit's browser
modules (kit/browser*.py) import pyscript, which exists only in the page, so they cannot be imported there; but they can be
compiled. ``install`` puts a finder first on ``sys.meta_path`` that imports them from those code
objects, so the page skips compiling them on every load. They are read from the archive the page
imports from (static/py.zip, written into the file system as it is); a module whose member there no
longer matches (another build: its CRC-32 in the archive's directory differs) is left to the
normal import system.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import zipfile
from pathlib import Path
from types import CodeType, ModuleType


class PrecompiledFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Find ``<package>.<name>`` modules among code objects compiled from ``<archive>/<package>``."""

    def __init__(self, archive: Path, package: str, /) -> None:
        self._archive = archive
        self._package = package
        self._code: dict[str, tuple[str, int, CodeType]] = {}
        self._on_disk: dict[str, int] | None = None  # member -> CRC-32, read at the first import
        with zipfile.ZipFile(archive) as bundle:
            for info in sorted(bundle.infolist(), key=lambda info: info.filename):
                folder, _, name = info.filename.rpartition("/")
                if folder != package or not name.endswith(".py") or name == "__init__.py":
                    continue
                code = compile(bundle.read(info), str(archive / info.filename), "exec", dont_inherit=True)
                self._code[f"{package}.{name[:-3]}"] = (info.filename, info.CRC, code)

    def _checksums(self) -> dict[str, int]:
        if self._on_disk is None:
            with zipfile.ZipFile(self._archive) as bundle:
                self._on_disk = {info.filename: info.CRC for info in bundle.infolist()}
        return self._on_disk

    def find_spec(
        self, name: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        entry = self._code.get(name)
        if entry is None:
            return None
        member, checksum, _ = entry
        try:
            if self._checksums().get(member) != checksum:
                return None
        except (OSError, zipfile.BadZipFile):
            return None
        return importlib.util.spec_from_loader(name, self, origin=str(self._archive / member))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        member, _, code = self._code[module.__name__]
        module.__file__ = str(self._archive / member)
        exec(code, module.__dict__)


def install(archive: str, package: str, /) -> PrecompiledFinder:
    finder = PrecompiledFinder(Path(archive), package)
    sys.meta_path.insert(0, finder)
    return finder
