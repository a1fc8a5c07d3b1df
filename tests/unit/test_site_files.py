"""The static site's wiring: every module is shipped, nothing points off-origin, rules stay pure."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from build import write_pyscript_config

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def _built_config(tmp_path: Path) -> dict:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "py", site / "py")
    shutil.copy(ROOT / "pyscript.toml", site / "pyscript.toml")
    write_pyscript_config(site)
    return tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))


def test_the_build_ships_every_python_module(tmp_path: Path) -> None:
    """The built pyscript.toml [files] lists exactly the modules under py/ (but main.py, the page's script)."""
    listed = {source for source in _built_config(tmp_path)["files"] if source.startswith("./py/")}
    on_disk = {
        f"./{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "py").rglob("*.py")
        if p.name != "main.py" and "__pycache__" not in p.parts
    }
    assert listed == on_disk


def test_files_map_to_importable_paths(tmp_path: Path) -> None:
    """Each ./py/X file unpacks to ./X, so `import rules`, `import kit` and `import panels` work in Pyodide."""
    for source, target in _built_config(tmp_path)["files"].items():
        if source.startswith("./py/"):
            assert target == "./" + source.removeprefix("./py/")


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
