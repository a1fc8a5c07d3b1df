"""Build one self-contained HTML file that runs from disk (file://), with no server and no flags.

    python3 tools/single_file.py [--site dist] [--out dist/gm-dice.html]

Chromium blocks every file: request from a file:// page, but allows blob: and data: URLs. So every
asset (Pyodide, Python's memory snapshot and its boot module, the wheel, our Python, pyscript.toml,
and @pyscript/core bundled into one module by esbuild) is inlined as gzip + base64, and
static/single-file-boot.js serves them to fetch() and, via an import map, to import(). It relies
on pinned internals (Pyodide's file names, esbuild inlining every PyScript chunk);
tests/e2e/test_single_file.py opens the result via file:// so that an upgrade that breaks it fails
loudly.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import re
import subprocess
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import DEFAULT_OUT, ROOT, SNAPSHOT, build

PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BUNDLE = "static/vendor/pyscript/core.bundle.js"
CSP = (
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:; "
    "style-src 'unsafe-inline'; img-src data: blob:; connect-src data: blob:; worker-src blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)


def _bundle_pyscript(target: Path) -> None:
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    core = ROOT / "node_modules" / "@pyscript" / "core" / "dist" / "core.js"
    subprocess.run(
        [
            str(esbuild),
            str(core),
            "--bundle",
            "--format=esm",
            "--minify",
            f"--outfile={target}",
            "--log-level=warning",
        ],
        check=True,
    )


def _asset_tag(path: str, data: bytes) -> str:
    # The snapshot is zstd already: gzip would not shrink it (static/packed.mjs inflates it).
    level = 0 if path == SNAPSHOT else 9
    packed = base64.b64encode(gzip.compress(data, compresslevel=level, mtime=0)).decode("ascii")
    return f'<script type="application/x-gm-asset" data-path="{path}">{packed}</script>'


def build_single(site: Path, out: Path) -> Path:
    """Write the single-file page for the built ``site`` to ``out``."""
    _bundle_pyscript(site / BUNDLE)
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    paths = [f"static/vendor/pyodide/{name}" for name in PYODIDE]
    paths += [
        BUNDLE,
        "pyscript.toml",
        "py/main.py",
        "static/pyodide-boot.mjs",
        "static/snapshot-memory.mjs",
        "static/packed.mjs",
        "static/zstd.js",  # the snapshot is zstd (static/packed.mjs imports its decoder)
        "static/vendor/zstd/zstd-stream.wasm",
        SNAPSHOT,
    ]
    paths += [source.removeprefix("./") for source in config["files"]]
    html = (site / "index.html").read_text(encoding="utf-8")
    css = (site / "static" / "app.css").read_text(encoding="utf-8")
    saving = (site / "static" / "storage.js").read_text(encoding="utf-8")
    first_paint = (site / "static" / "first-paint.js").read_text(encoding="utf-8")
    prefs = (site / "static" / "prefs.js").read_text(encoding="utf-8")
    players = (site / "static" / "players.js").read_text(encoding="utf-8")
    journal_db = (site / "static" / "journal-db.js").read_text(encoding="utf-8")
    icon = base64.b64encode((site / "static" / "icon.svg").read_bytes()).decode("ascii")
    replacements = [
        (
            r'<meta http-equiv="Content-Security-Policy"[^>]*>',
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        ),
        (r'<link rel="manifest"[^>]*>\n', ""),
        (r'<link rel="preload" href="[^"]*" as="fetch" crossorigin>\n', ""),  # the runtime: inlined
        (r'<script type="module" src="\./static/pyodide-boot\.mjs"[^>]*></script>\n', ""),
        # The runtime is inside the file: no download to show the progress of.
        (r'<script src="\./static/boot-progress\.js"></script>\n', ""),
        # No service worker, compute worker or program runner from file:// (module workers from
        # blob: are refused there): heavy odds run in the page, programs are refused, and the page
        # says so.
        (
            r'<script type="module" src="\./static/(vendor/pyscript/core|sw-register|compute-client|program-runner)\.js"></script>\n',
            "",
        ),
        (r'<link rel="stylesheet" href="\./static/app\.css">', f"<style>\n{css}</style>"),
        (r'href="\./static/icon\.svg"', f'href="data:image/svg+xml;base64,{icon}"'),
        (r'<script src="\./static/first-paint\.js"></script>', f"<script>\n{first_paint}</script>"),
        (r'<script src="\./static/prefs\.js"></script>', f"<script>\n{prefs}</script>"),
        (r'<script src="\./static/players\.js"></script>', f"<script>\n{players}</script>"),
        (r'<script src="\./static/journal-db\.js"></script>', f"<script>\n{journal_db}</script>"),
        # A classic script in a scope of its own, not a module: Firefox ignores an import map added
        # once any module script has started (single-file-boot.js adds one at run time).
        (
            r'<script type="module" src="\./static/storage\.js"></script>',
            f'<script>\n(() => {{\n"use strict";\n{saving}}})();\n</script>',
        ),
    ]
    for pattern, replacement in replacements:
        html, count = re.subn(pattern, lambda _m, r=replacement: r, html)
        if count == 0:
            raise RuntimeError(f"index.html no longer matches {pattern!r}; update tools/single_file.py")
    boot = (ROOT / "static" / "single-file-boot.js").read_text(encoding="utf-8")
    assets = "\n".join(_asset_tag(path, (site / path).read_bytes()) for path in paths)
    html = html.replace("</body>", f"{assets}\n<script>\n{boot}</script>\n</body>")
    out.write_text(html, encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build dist/ first)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT / "gm-dice.html")
    args = parser.parse_args()
    site = args.site or build(extras=False)
    out = build_single(site.resolve(), args.out.resolve())
    print(f"single-file page: {out} ({out.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
