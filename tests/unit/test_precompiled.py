"""tools/precompiled.py: the kit browser modules' bytecode kept in the snapshot, used only while the source matches."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from precompiled import PrecompiledFinder, install


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    """A throw-away package `pc_demo` on sys.path, removed again with its finder and modules."""
    (tmp_path / "pc_demo").mkdir()
    (tmp_path / "pc_demo" / "__init__.py").write_text("")
    (tmp_path / "pc_demo" / "value.py").write_text("VALUE = 'compiled'\n")
    sys.path.insert(0, str(tmp_path))
    meta_path = list(sys.meta_path)
    yield tmp_path
    sys.meta_path[:] = meta_path
    sys.path.remove(str(tmp_path))
    for name in [name for name in sys.modules if name.split(".")[0] == "pc_demo"]:
        del sys.modules[name]


def test_module_is_imported_from_the_stored_code(package: Path) -> None:
    """An unchanged module is executed from the code compiled at install time, with its __file__."""
    finder = install(str(package), "pc_demo")
    module = importlib.import_module("pc_demo.value")
    assert module.VALUE == "compiled"
    assert module.__spec__.loader is finder
    assert module.__file__ == str(package / "pc_demo" / "value.py")


def test_changed_source_is_left_to_the_normal_import(package: Path) -> None:
    """A source that differs from the stored code (another build) is imported from disk instead."""
    finder = install(str(package), "pc_demo")
    (package / "pc_demo" / "value.py").write_text("VALUE = 'from disk'\n")
    module = importlib.import_module("pc_demo.value")
    assert module.VALUE == "from disk"
    assert module.__spec__.loader is not finder


def test_other_modules_are_not_claimed(package: Path) -> None:
    """The finder answers only for the package's own modules, and not for the package itself."""
    finder = PrecompiledFinder(package, "pc_demo")
    assert finder.find_spec("pc_demo") is None
    assert finder.find_spec("json") is None
    assert finder.find_spec("pc_demo.value") is not None
