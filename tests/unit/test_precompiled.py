"""tools/precompiled.py: the kit browser modules' bytecode kept in the snapshot, used only while
the archive's member matches."""

from __future__ import annotations

import importlib
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from precompiled import PrecompiledFinder, install


def write_archive(archive: Path, value: str) -> None:
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("pc_demo/__init__.py", "")
        bundle.writestr("pc_demo/value.py", f"VALUE = {value!r}\n")
        bundle.writestr("pc_demo/sub/deep.py", "DEEP = 1\n")


@pytest.fixture
def archive(
    tmp_path: Path, importable: Callable[[Path, str], AbstractContextManager[None]]
) -> Iterator[Path]:
    """A throw-away package `pc_demo` in an archive on sys.path (zipimport, as in the page),
    removed again with its finder and modules."""
    path = tmp_path / "py.zip"
    write_archive(path, "compiled")
    with importable(path, "pc_demo"):
        yield path


def test_module_is_imported_from_the_stored_code(archive: Path) -> None:
    """An unchanged module is executed from the code compiled at install time, with its __file__."""
    finder = install(str(archive), "pc_demo")
    module = importlib.import_module("pc_demo.value")
    assert module.VALUE == "compiled"
    assert module.__spec__.loader is finder
    assert module.__file__ == str(archive / "pc_demo" / "value.py")


def test_changed_source_is_left_to_the_normal_import(archive: Path, tmp_path: Path) -> None:
    """A member that differs from the stored code (another build) is imported by zipimport instead."""
    finder = install(str(archive), "pc_demo")
    other = tmp_path / "other.zip"
    write_archive(other, "from the archive")
    other.replace(archive)
    importlib.invalidate_caches()
    module = importlib.import_module("pc_demo.value")
    assert module.VALUE == "from the archive"
    assert module.__spec__.loader is not finder


def test_other_modules_are_not_claimed(archive: Path) -> None:
    """The finder answers only for the package's own modules (not the package itself, nor a module
    of a subfolder), and for none once the archive is gone."""
    finder = PrecompiledFinder(archive, "pc_demo")
    assert finder.find_spec("pc_demo") is None
    assert finder.find_spec("json") is None
    assert finder.find_spec("pc_demo.deep") is None
    assert finder.find_spec("pc_demo.value") is not None
    gone = PrecompiledFinder(archive, "pc_demo")
    archive.unlink()
    assert gone.find_spec("pc_demo.value") is None
