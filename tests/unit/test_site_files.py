"""The static site's wiring: every module is shipped, nothing points off-origin, rules stay pure."""

from __future__ import annotations

import re
import shutil
import tomllib
import zipfile
from pathlib import Path

from build import write_pyscript_config

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def _built(tmp_path: Path) -> tuple[dict, Path]:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "py", site / "py")
    shutil.copy(ROOT / "pyscript.toml", site / "pyscript.toml")
    (site / "static").mkdir()
    write_pyscript_config(site)
    return tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8")), site


def test_the_build_ships_every_python_module(tmp_path: Path) -> None:
    """The built [files] writes static/py.zip as it is (Python imports from it: no unpacking at
    start), and every other entry too; the archive holds exactly the modules under py/ (but main.py,
    the page's script), at the paths `import rules`, `import kit` and `import panels` need."""
    config, site = _built(tmp_path)
    assert config["files"]["./static/py.zip"] == "./py.zip"
    assert not [target for target in config["files"].values() if target.endswith("*")], "nothing unpacked"
    with zipfile.ZipFile(site / "static" / "py.zip") as bundle:
        packed = set(bundle.namelist())
    on_disk = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py").rglob("*.py")
        if p.name != "main.py" and "__pycache__" not in p.parts
    }
    assert packed == on_disk


def test_the_archive_is_the_same_every_build(tmp_path: Path) -> None:
    """Two builds of the same sources give the same py.zip bytes (the service worker's cache name
    follows the sources, not the build's time)."""
    _, first = _built(tmp_path / "a")
    _, second = _built(tmp_path / "b")
    assert (first / "static" / "py.zip").read_bytes() == (second / "static" / "py.zip").read_bytes()


def test_interpreter_is_local() -> None:
    """The interpreter is our boot module over the vendored pyodide.mjs, never a CDN default."""
    assert _config()["interpreter"] == "./static/pyodide-boot.mjs"
    boot = (ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in boot


def test_no_absolute_urls_in_site_files() -> None:
    """index.html and pyscript.toml use relative URLs only, so the site works under /<repo>/."""
    for name in ("index.html", "pyscript.toml"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["'](https?:)?//""", text), name
        assert not re.search(r"""(src|href)=["']/""", text), name
        assert "cdn" not in text.lower(), name


def test_rules_and_panels_import_no_browser_modules() -> None:
    """py/rules, py/panels and the kit (but its kit/browser*.py modules) import neither js, pyscript nor pyodide:
    they run and are tested on CPython."""
    pattern = re.compile(r"^\s*(import|from)\s+(js|pyscript|pyodide|ui|kit\.browser\w*)\b", re.MULTILINE)
    paths = [*(ROOT / "py" / "rules").rglob("*.py"), *(ROOT / "py" / "panels").rglob("*.py")]
    paths += [p for p in (ROOT / "py" / "kit").rglob("*.py") if not p.name.startswith("browser")]
    for path in paths:
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_panel_modules_stay_small() -> None:
    """No module of a panel grows past ~400 lines: a bigger one is two things (split by sub-tool)."""
    for path in (ROOT / "py" / "panels").rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 420, path
