// Make a Pyodide memory snapshot with our pure modules already imported (run by tools/build.py).
//
//   node tools/snapshot.mjs <pyodide dir> <plan.json> <out.zst> <firstPaint.json>
//
// plan.json: {"files": [[source, target], ...], "code": "import icepool\n..."}: the files are written
// into Pyodide's file system (a target ending in "*" is a wheel, unpacked into that folder), then
// the code runs, then the first paint is rendered into <firstPaint.json>, then the snapshot is taken.
// The page restores this snapshot instead of starting Python from scratch (static/pyodide-boot.mjs),
// which skips the interpreter's own start-up and these imports. Only the wasm heap is saved: the
// file system is rebuilt on restore (Pyodide's stdlib, then PyScript's [files]), so the snapshot
// holds no JS references and may be made in Node and restored in a browser.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { compressBytes } from "./zstd.mjs";

const [pyodideDir, planPath, out, firstPaintOut] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const python = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
for (const [source, target] of plan.files) {
  const bytes = new Uint8Array(readFileSync(source));
  if (target.endsWith("*")) {
    python.unpackArchive(bytes, source.endsWith(".whl") ? "wheel" : "zip", { extractDir: target.slice(0, -1) });
  } else {
    python.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    python.FS.writeFile(target, bytes);
  }
}
python.runPython(plan.code);
const snapshot = python.makeMemorySnapshot();
const packed = await compressBytes(snapshot);
writeFileSync(out, packed);
console.log(`snapshot: ${snapshot.length} bytes, ${packed.length} zstd-compressed`);
// Every panel's initial view, rendered by the same Python the page runs (kit/prerender.py). After
// the snapshot: rendering grew the heap by 6 MB (37.7 instead of 31.4 MB) that every start then
// had to download, inflate and copy, for caches the page does not need before its first click.
if (firstPaintOut) writeFileSync(firstPaintOut, python.runPython(plan.firstPaint));
