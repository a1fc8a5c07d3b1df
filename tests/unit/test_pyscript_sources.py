"""PyScript's own package kept as bytecode in the snapshot (tools/pyscript_sources.py reads it from
the vendored bundle; tools/precompiled.py's SourceFinder imports it while PyScript writes the same
sources at run time)."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from precompiled import install_sources
from pyscript_sources import object_literal, pyscript_package

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "ps_demo/__init__.py": "from ps_demo.util import NAME\n",
    "ps_demo/util.py": "NAME = 'compiled'\n",
}


def test_the_object_literal_skips_braces_inside_strings() -> None:
    """The literal ends at its own closing brace, not at one inside a string or escaped quote."""
    source = 'x={a:{"f.py":"d = {\\"}\\": 1}\\n"},b:\'}\'};y=1'
    assert object_literal(source, 2) == source[2:-4]
    with pytest.raises(ValueError, match="not closed"):
        object_literal('{a:"}', 0)


def test_the_vendored_pyscript_package_is_found() -> None:
    """The pinned PyScript's bundle holds its package, sources that compile."""
    files = pyscript_package(ROOT / "static" / "vendor" / "pyscript")
    assert "pyscript/__init__.py" in files and "pyscript/web.py" in files
    for name, source in files.items():
        compile(source, name, "exec", dont_inherit=True)


@pytest.fixture
def home(tmp_path: Path, importable: Callable[[Path, str], AbstractContextManager[None]]) -> Iterator[Path]:
    """A folder on sys.path where "PyScript" writes the package `ps_demo`; its modules, finder and
    path are removed again."""
    for relative, source in SOURCES.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(source, encoding="utf-8")
    (tmp_path / "sources.json").write_text(json.dumps(SOURCES), encoding="utf-8")
    with importable(tmp_path, "ps_demo"):
        yield tmp_path


def test_the_package_is_imported_from_the_stored_code(home: Path) -> None:
    """The package and its module come from the code compiled at install time, with their paths."""
    finder = install_sources(str(home / "sources.json"), str(home))
    package = importlib.import_module("ps_demo")
    assert package.NAME == "compiled"
    assert package.__spec__.loader is finder and sys.modules["ps_demo.util"].__spec__.loader is finder
    assert package.__file__ == str(home / "ps_demo" / "__init__.py")
    assert package.__path__ == [str(home / "ps_demo")]


def test_a_file_written_differently_is_left_to_the_normal_import(home: Path) -> None:
    """Another PyScript (a file that differs from the stored source) is compiled from the file."""
    finder = install_sources(str(home / "sources.json"), str(home))
    (home / "ps_demo" / "util.py").write_text("NAME = 'from the file'\n", encoding="utf-8")
    package = importlib.import_module("ps_demo")
    assert package.NAME == "from the file"
    assert package.__spec__.loader is finder
    assert sys.modules["ps_demo.util"].__spec__.loader is not finder
