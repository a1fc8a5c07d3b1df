"""Build the deployable static site: vendor the runtime, copy the site, stamp the service worker.

    python3 tools/build.py [--out dist] [--no-extras]

The output folder is exactly what GitHub Pages deploys and what the e2e tests serve. Unless
--no-extras is given it also holds ``gm-dice.html``, the single file that runs from disk
(tools/single_file.py), and ``gm-dice-offline.zip``, the offline bundle of the whole site.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page import page as with_markup
from pyscript_sources import pyscript_package
from rules_pages import with_rules
from vendor import vendor

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "dist"
TOP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest")
TREES = (("py", "*.py"), ("static", "*"), ("docs", "*.md"))
SKIPPED = {"static/vendor/stamp.json"}
SNAPSHOT = "static/python.snap.zst"  # read by static/pyodide-boot.mjs
WASM = "static/vendor/pyodide/pyodide.asm.wasm"
EMSCRIPTEN = "static/vendor/pyodide/pyodide.asm.mjs"  # Pyodide's Emscripten module
STDLIB = "static/vendor/pyodide/python_stdlib.zip"  # its members stored (tools/vendor.py)
# What the page and the compute worker download instead of the plain files (static/packed.mjs): the
# wasm and the stdlib as zstd (tools/vendor.py writes them, once per vendoring), the module as gzip
# (written here).
PACKED_RUNTIME = (WASM + ".zst", STDLIB + ".zst", EMSCRIPTEN + ".gz")
HOME = "/home/pyodide/"  # Pyodide's working directory, where PyScript's [files] land
# Imported into the snapshot: icepool, our pure rules and the ui modules that touch no browser API
# (a module that imports pyscript/js fails here, in Node). html is used by PyScript itself.
SNAPSHOT_IMPORTS = ("html", "icepool")
# Modules that import the browser (pyscript, pyodide, js) cannot be imported in Node: they are
# compiled into the snapshot instead (precompiled.py).
BROWSER_IMPORT = re.compile(r"^\s*(from|import)\s+(pyscript|pyodide|js)\b", re.MULTILINE)
BUILD_ONLY = re.compile(r"\.section(_\w+)?$")  # panels/*/section*.py
FIRST_PAINT = "static/first-paint.js"
WORKER_FILES = "static/worker-files.json"  # read by static/compute-worker.mjs
PY_ARCHIVE = "static/py.zip"  # our Python modules, imported from as it is (PyScript's [files], the worker)
RUNNER = "static/runner.html"  # the program runner's sandboxed document (static/program-runner.js)
RUNNER_HASH = "__RUNNER_SCRIPT_HASH__"  # in its CSP and the page's: its inline script may run


def _site_files() -> list[str]:
    files: list[str] = list(TOP_FILES)
    for folder, pattern in TREES:
        for path in sorted((ROOT / folder).rglob(pattern)):
            relative = path.relative_to(ROOT).as_posix()
            if path.is_file() and relative not in SKIPPED and "__pycache__" not in relative:
                files.append(relative)
    return files


def _modules(out: Path, package: str) -> list[str]:
    """Every module of a pure package of the built site, dotted (``kit.msg``, ``panels.roller.text``)."""
    names = []
    for path in sorted((out / "py" / package).rglob("*.py")):
        parts = path.relative_to(out / "py").with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if BUILD_ONLY.search(name):
            continue  # the static markup: tools/page.py writes it into index.html, the page never imports it
        if not BROWSER_IMPORT.search(path.read_text(encoding="utf-8")):
            names.append(name)
    return names


def write_pyscript_config(out: Path) -> None:
    """Every module under py/ (but main.py, the page's script) in one archive, static/py.zip, and
    pyscript.toml's [files] entry that writes it as it is (the source lists only the wheel): one
    request instead of one per module, and Python imports from the archive."""
    archive = out / PY_ARCHIVE
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted((out / "py").rglob("*.py")):
            relative = path.relative_to(out / "py").as_posix()
            if relative != "main.py" and "__pycache__" not in relative:
                info = zipfile.ZipInfo(
                    relative, date_time=(2026, 1, 1, 0, 0, 0)
                )  # the same bytes every build
                info.compress_type = zipfile.ZIP_DEFLATED
                bundle.writestr(info, path.read_bytes())
    config = out / "pyscript.toml"
    lines = [
        config.read_text(encoding="utf-8").rstrip("\n"),
        f'"./{PY_ARCHIVE}" = "./{Path(PY_ARCHIVE).name}"',
    ]
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")


BOOT_MODULE_TAG = '<script type="module" src="./static/pyodide-boot.mjs"></script>'


def write_files_preload(out: Path) -> None:
    """A ``<link rel="preload" as="fetch">`` for the snapshot and the wasm, before the boot module
    (which runs only once the page is parsed: on a phone their downloads began ~2 s in), and
    PyScript's [files] listed on the boot module's tag (``data-after-runtime``): on a first visit
    static/pyodide-boot.mjs fetches them once those two are in, and answers PyScript's own fetch
    with them, so a slow link carries what a restore needs first. (The single saved file inlines
    them all: tools/single_file.py drops the links and the tag.)"""
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    links = "".join(
        f'<link rel="preload" href="{escape(source)}" as="fetch" crossorigin>\n'
        for source in (f"./{SNAPSHOT}", f"./{WASM}.zst")
    )
    queued = " ".join(config["files"])
    tag = BOOT_MODULE_TAG.replace("></script>", f' data-after-runtime="{escape(queued)}"></script>')
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    if BOOT_MODULE_TAG not in html:
        raise RuntimeError(f"index.html has no {BOOT_MODULE_TAG}")
    page.write_text(html.replace(BOOT_MODULE_TAG, links + tag, 1), encoding="utf-8")


def write_worker_files(out: Path) -> None:
    """What the compute worker writes into its Python file system: PyScript's [files], as URLs
    relative to static/ (static/compute-worker.mjs reads this list)."""
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    files = [
        ["../" + source.removeprefix("./"), target.removeprefix("./")]
        for source, target in config["files"].items()
    ]
    (out / WORKER_FILES).write_text(json.dumps(files), encoding="utf-8")


def _snapshot_plan(out: Path, scratch: Path) -> dict[str, object]:
    """What tools/snapshot.mjs loads (PyScript's [files]) and runs before it takes the snapshot:
    every import to keep warm, then bytecode for the modules it cannot import (precompiled.py):
    the kit's browser modules and PyScript's own package (its sources in ``scratch``)."""
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    files = [
        [str(out / source), HOME + target.removeprefix("./")] for source, target in config["files"].items()
    ]
    files.append([str(ROOT / "tools" / "precompiled.py"), HOME + "precompiled.py"])
    sources = scratch / "pyscript-sources.json"
    sources.write_text(json.dumps(pyscript_package(out / "static" / "vendor" / "pyscript")), encoding="utf-8")
    files.append([str(sources), "/tmp/pyscript-sources.json"])  # read at build time only
    pure = [*_modules(out, "rules"), *_modules(out, "kit"), *_modules(out, "panels")]
    archives = [target for _, target in files if target.endswith((".zip", ".whl"))]
    code = [f"import sys; sys.path[:0] = {archives!r}"]  # kept in the snapshot: imports from them
    code += [f"import {name}" for name in (*SNAPSHOT_IMPORTS, *pure)]
    code += [
        "import precompiled",
        f"precompiled.install({HOME + Path(PY_ARCHIVE).name!r}, 'kit')",
        f"precompiled.install_sources('/tmp/pyscript-sources.json', {HOME!r})",
    ]
    return {
        "files": files,
        "code": "\n".join(code),
        "firstPaint": (
            "import kit.prerender, panels.registry as r; "
            "kit.prerender.first_paint([p.module for p in r.PANELS], r.TEXT_MODULES)"
        ),
    }


def make_snapshot(out: Path) -> Path:
    """Write the Pyodide memory snapshot of the built site ``out`` (Node runs Pyodide to make it)."""
    target = out / SNAPSHOT
    with tempfile.TemporaryDirectory() as scratch:
        plan = Path(scratch) / "plan.json"
        plan.write_text(json.dumps(_snapshot_plan(out, Path(scratch))), encoding="utf-8")
        pyodide = out / "static" / "vendor" / "pyodide"
        painted = Path(scratch) / "first-paint.json"
        command = [
            "node",
            str(ROOT / "tools" / "snapshot.mjs"),
            str(pyodide),
            str(plan),
            str(target),
            str(painted),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            error = (
                done.stderr[done.stderr.find("PythonError") :]
                if "PythonError" in done.stderr
                else done.stderr
            )
            raise RuntimeError(f"snapshot failed:\n{done.stdout[-2000:]}\n{error[:1500]}\n…\n{error[-1500:]}")
        write_first_paint(out, json.loads(painted.read_text(encoding="utf-8")))
    return target


def _inner_span(html: str, element_id: str) -> tuple[int, int]:
    """Where the content of the element ``id=element_id`` starts and ends (it holds no element of
    its own tag: the static markup of a view's element is empty or plain text)."""
    opening = re.search(rf'<(\w+)\b[^>]*\sid="{re.escape(element_id)}"[^>]*>', html)
    if opening is None:
        raise RuntimeError(f"index.html has no element #{element_id} for the first paint")
    closing = html.index(f"</{opening.group(1)}>", opening.end())
    return opening.end(), closing


def _with_attributes(html: str, element_id: str, attrs: dict[str, str]) -> str:
    """The element ``id=element_id`` with ``attrs`` set (replaced where it has them)."""
    opening = re.search(rf'<\w+\b[^>]*\sid="{re.escape(element_id)}"[^>]*>', html)
    if opening is None:
        raise RuntimeError(f"index.html has no element #{element_id} for the first paint")
    tag = opening.group(0)
    for name, value in attrs.items():
        pair = f' {name}="{escape(value)}"'
        old = re.search(rf'\s{re.escape(name)}="[^"]*"', tag)
        tag = tag[: old.start()] + pair + tag[old.end() :] if old else tag[:-1] + pair + ">"
    return html[: opening.start()] + tag + html[opening.end() :]


def paint(html: str, views: dict[str, dict]) -> str:
    """``html`` with each element's initial view written in: ``views`` are one language's of
    ``kit.prerender.first_paint``, by element id."""
    for element_id, shown in views.items():
        if "attrs" in shown:
            html = _with_attributes(html, element_id, shown["attrs"])
        if "html" in shown or "text" in shown:
            start, end = _inner_span(html, element_id)
            inner = shown.get("html", escape(shown.get("text", ""), quote=False))
            html = html[:start] + inner + html[end:]
    return html


def write_first_paint(out: Path, painted: dict[str, dict]) -> None:
    """Each panel's initial view into index.html (Russian), and the English one with the static
    catalogue into static/first-paint.js."""
    page = out / "index.html"
    page.write_text(paint(page.read_text(encoding="utf-8"), painted["ru"]), encoding="utf-8")
    script = out / FIRST_PAINT
    # "</" escaped: the single saved file inlines this script in the page.
    english = json.dumps({"ids": painted["ids"], "en": painted["en"]}, ensure_ascii=False).replace(
        "</", "<\\/"
    )
    script.write_text(
        script.read_text(encoding="utf-8").replace('"__FIRST_PAINT__"', english), encoding="utf-8"
    )


BOOT_PROGRESS = "static/boot-progress.js"
# What a first visit downloads before Python runs (static/boot-progress.js counts it).
BOOT_RUNTIME = (
    "static/vendor/pyodide/pyodide.mjs",
    *PACKED_RUNTIME,
    "static/vendor/pyodide/pyodide-lock.json",
    SNAPSHOT,
    "static/vendor/zstd/zstd-stream.wasm",  # inflates the snapshot and the wasm (static/zstd.js)
)


def write_packed_runtime(out: Path) -> None:
    """Pyodide's Emscripten module gzip-compressed (1.25 → 0.26 MB; its
    wasm comes zstd-compressed from tools/vendor.py, 9.6 → 2.9 MB): the page inflates them
    (static/packed.mjs), so their size on the wire does not depend on whether the host compresses.
    The plain files stay for hosts and tools that ask for them by name."""
    for packed in PACKED_RUNTIME:
        if packed.endswith(".gz"):
            plain = (out / packed.removesuffix(".gz")).read_bytes()
            (out / packed).write_bytes(gzip.compress(plain, compresslevel=9, mtime=0))
        elif not (out / packed).is_file():
            raise RuntimeError(f"{packed} is missing: run python3 tools/vendor.py --force")


def write_boot_progress(out: Path) -> None:
    """The runtime's files with their sizes, and the loading line's words in both languages, into
    static/boot-progress.js (it shows them before Python, when no catalogue is loaded yet)."""
    from panels.shell import text

    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    paths = [*BOOT_RUNTIME, *(source.removeprefix("./") for source in config["files"])]
    files = {path: (out / path).stat().st_size for path in paths}
    words = {
        lang: {"bytes": getattr(text.LOADING_BYTES, lang), "starting": getattr(text.LOADING_STARTING, lang)}
        for lang in ("ru", "en")
    }
    script = out / BOOT_PROGRESS
    source = script.read_text(encoding="utf-8")
    for slot, value in (('"__BOOT_FILES__"', files), ('"__BOOT_WORDS__"', words)):
        if slot not in source:
            raise RuntimeError(f"{BOOT_PROGRESS} has no {slot}")
        source = source.replace(slot, json.dumps(value, ensure_ascii=False))
    script.write_text(source, encoding="utf-8")


def runner_script_hash(html: str) -> str:
    """The CSP source (``'sha256-…'``) of the runner document's one inline script."""
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    if len(scripts) != 1:
        raise ValueError(f"{RUNNER} must hold exactly one inline script")
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    return f"'sha256-{digest}'"


def write_runner_hash(out: Path) -> None:
    """Allow the runner's inline script in its own CSP and in the page's, which a srcdoc inherits."""
    source = runner_script_hash((out / RUNNER).read_text(encoding="utf-8"))
    for relative in (RUNNER, "index.html"):
        path = out / relative
        text = path.read_text(encoding="utf-8")
        if RUNNER_HASH not in text:
            raise ValueError(f"{relative} has no {RUNNER_HASH} in its CSP")
        path.write_text(text.replace(RUNNER_HASH, source), encoding="utf-8")


def build(out: Path = DEFAULT_OUT, *, extras: bool = False) -> Path:
    """Write the site into ``out`` (replaced) and return it."""
    vendor()
    files = _site_files()
    if out.exists():
        shutil.rmtree(out)
    digest = hashlib.sha256()
    for relative in files:
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, target)
        digest.update(relative.encode() + b"\0" + (ROOT / relative).read_bytes())
    build_id = digest.hexdigest()[:16]
    page = out / "index.html"
    # The shell's slots from Python (tools/page.py), then the rules pages at the end of <main>.
    page.write_text(with_rules(with_markup(page.read_text(encoding="utf-8"))), encoding="utf-8")
    write_runner_hash(out)
    write_pyscript_config(out)
    write_files_preload(out)
    write_worker_files(out)
    make_snapshot(out)  # derived from the files above, so the build id covers it (and the first paint)
    write_packed_runtime(out)
    write_boot_progress(out)
    written = [SNAPSHOT, *PACKED_RUNTIME, WORKER_FILES, PY_ARCHIVE]  # the vendored .zst are in `files`
    precache = ["./", *(f"./{relative}" for relative in dict.fromkeys([*files, *written]))]
    worker = (ROOT / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace('"__BUILD__"', json.dumps(build_id)).replace("__FILES__", json.dumps(precache))
    (out / "sw.js").write_text(worker, encoding="utf-8")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    (out / "build.json").write_text(json.dumps({"build": build_id, "files": len(files)}) + "\n")
    if extras:
        from single_file import build_single

        build_single(out, out / "gm-dice.html")
        archive = out / "gm-dice-offline.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in sorted(out.rglob("*")):
                if path.is_file() and path != archive:
                    bundle.write(path, Path("gm-dice") / path.relative_to(out))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--no-extras", action="store_true", help="skip the single file and the zip")
    args = parser.parse_args()
    out = build(args.out.resolve(), extras=not args.no_extras)
    print(f"built {out} ({json.loads((out / 'build.json').read_text())['files']} files)")
    if not args.no_extras:
        print(f"single file (opens from disk): {out / 'gm-dice.html'}")
        print(f"offline bundle: {out / 'gm-dice-offline.zip'}")


if __name__ == "__main__":
    main()
