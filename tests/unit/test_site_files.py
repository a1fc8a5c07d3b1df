"""The static site's wiring: every module is shipped, nothing points off-origin, rules stay pure."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_every_python_module_is_listed_in_pyscript_toml() -> None:
    """pyscript.toml [files] ships exactly the modules under py/rules and py/ui."""
    listed = {source for source in _config()["files"] if source.startswith("./py/")}
    on_disk = {
        f"./{p.relative_to(ROOT).as_posix()}" for p in (ROOT / "py").rglob("*.py") if p.name != "main.py"
    }
    assert listed == on_disk


def test_files_map_to_importable_paths() -> None:
    """Each ./py/X file unpacks to ./X, so `import rules` and `import ui` work in Pyodide."""
    for source, target in _config()["files"].items():
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


def test_rules_import_no_browser_modules() -> None:
    """py/rules imports neither js, pyscript nor pyodide (it must run on CPython too)."""
    pattern = re.compile(r"^\s*(import|from)\s+(js|pyscript|pyodide)\b", re.MULTILINE)
    for path in (ROOT / "py" / "rules").rglob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path
