"""Bytecode for modules the snapshot cannot import, compiled at build time and kept in its memory.

tools/snapshot.mjs runs this inside Pyodide (in Node) before taking the snapshot. The kit's browser
modules (kit/browser*.py) import pyscript, which exists only in the page, so they cannot be imported there; but they can be
compiled. ``install`` puts a finder first on ``sys.meta_path`` that imports them from those code
objects, so the page skips compiling them on every load. They are read from the archive the page
imports from (static/py.zip, written into the file system as it is); a module whose member there no
longer matches (another build: its CRC-32 in the archive's directory differs) is left to the
normal import system.

PyScript's own package (``pyscript``, which its bootstrap writes into the file system on every
start: tools/pyscript_sources.py) is kept the same way by ``install_sources``: a module is imported
from its code object only while the file PyScript wrote holds the very source it was compiled from.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import zipfile
import zlib
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any


class _StoredCode(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """A finder and loader of modules from code objects compiled at build time: ``_code`` maps a
    module's name to (where its source is, the source's CRC-32, its code)."""

    _code: dict[str, tuple[Any, int, CodeType]]

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        exec(self._code[module.__name__][2], module.__dict__)


class PrecompiledFinder(_StoredCode):
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

    def exec_module(self, module: ModuleType) -> None:
        module.__file__ = str(self._archive / self._code[module.__name__][0])
        super().exec_module(module)


def install(archive: str, package: str, /) -> PrecompiledFinder:
    finder = PrecompiledFinder(Path(archive), package)
    sys.meta_path.insert(0, finder)
    return finder


class SourceFinder(_StoredCode):
    """Find the modules of files another program writes under ``home`` (``{relative path:
    source}``), among code objects compiled from those sources, while the files are unchanged."""

    def __init__(self, home: Path, sources: dict[str, str], /) -> None:
        self._home = home
        self._code: dict[str, tuple[Path, int, CodeType]] = {}
        for relative, source in sorted(sources.items()):
            if not relative.endswith(".py"):
                continue
            name = relative.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            path = home / relative
            data = source.encode("utf-8")
            code = compile(data, str(path), "exec", dont_inherit=True)
            self._code[name] = (path, zlib.crc32(data), code)

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
        package = file.name == "__init__.py"
        return importlib.util.spec_from_file_location(
            name, file, loader=self, submodule_search_locations=[str(file.parent)] if package else None
        )


def install_sources(sources_json: str, home: str, /) -> SourceFinder:
    """Keep the bytecode of the files named in ``sources_json`` (``{relative path: source}``),
    which another program writes under ``home`` at run time."""
    sources = json.loads(Path(sources_json).read_text(encoding="utf-8"))
    finder = SourceFinder(Path(home), sources)
    sys.meta_path.insert(0, finder)
    return finder
