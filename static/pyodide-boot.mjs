// PyScript's interpreter module (pyscript.toml `interpreter`): Pyodide, started from the memory
// snapshot that tools/build.py makes (tools/snapshot.mjs) instead of from scratch. Restoring skips
// Python's own start-up and the import of icepool and our pure rules, which is most of the boot.
// If the snapshot is missing or fails, Python starts the normal way: slower, never broken.
//
// The single saved file (static/single-file-boot.js) runs this module from a blob: URL after
// rewriting `import.meta.url` and the "./vendor/pyodide/pyodide.mjs", "./snapshot-memory.mjs" and
// "./packed.mjs" specifiers: keep them literal.
//
// index.html also loads this module before PyScript, so the downloads below start while PyScript
// is still booting; when PyScript imports it as its interpreter it gets this same instance.
import * as pyodide from "./vendor/pyodide/pyodide.mjs";
import { roomForSnapshot } from "./snapshot-memory.mjs";
import { importEmscripten, packRuntime, readPacked, warmZstd } from "./packed.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python.snap.zst", import.meta.url).href;

// Started now, awaited by Pyodide later: mark it handled, or an early failure counts as unhandled.
// The snapshot is zstd, inflated as it arrives (static/packed.mjs), unless the service worker or
// the host has inflated it already.
// The players' window (static/players.js, ./#players) runs no Python: nothing is fetched for it.
const idle = document.documentElement.dataset.view === "players";
let snapshotReceived;
const snapshotIn = new Promise((resolve) => { snapshotReceived = resolve; });
let pending = idle ? null : readPacked(SNAPSHOT, snapshotReceived);
pending?.catch(() => snapshotReceived()); // a failed download is over too: the queue behind it opens
// The wasm and the stdlib come as .zst, inflated as they arrive. On a first visit (no service worker
// serves the page yet) the snapshot and the wasm are downloaded first, alone: the standard library,
// Pyodide's lock file and PyScript's [files] (the build lists them on this module's <script> tag)
// follow once both are in, and arrive while Python restores.
const firstVisit = !globalThis.navigator?.serviceWorker?.controller;
const queued = document.querySelector("script[data-after-runtime]")?.dataset.afterRuntime.split(" ") ?? [];
if (firstVisit && !idle) warmZstd(); // the snapshot and the wasm come as zstd: its decoder is wanted at once
const runtime = idle ? null : packRuntime(indexURL, {
  after: firstVisit ? snapshotIn : null,
  queued: [...queued, new URL("pyodide-lock.json", indexURL).href],
});
// Pyodide's Emscripten module, started early; it gets room for the snapshot before the restore.
const emscripten = idle ? new Promise(() => {}) : importEmscripten(indexURL);
emscripten.catch(() => {});

// What Pyodide gets: hands the snapshot over once and keeps no reference, so its 30 MB are freed
// once they are copied into Python's memory (Pyodide keeps its options for the page's life).
const snapshot = {
  then(resolve, reject) {
    const bytes = pending;
    pending = null;
    return bytes ? bytes.then(resolve, reject) : reject(new Error("the snapshot was already used"));
  },
};

export async function loadPyodide(options = {}) {
  const root = document.documentElement;
  try {
    // Pyodide fetches and compiles its wasm while the snapshot is still arriving.
    const createPyodideModule = roomForSnapshot((await emscripten).default);
    // The restore starts on an empty stand-in of the standard library (static/packed.mjs
    // holdStdlib); the real one is written over it when it is in. PyScript's bootstrap and
    // py/main.py's start run meanwhile, importing nothing from it (every module they import is in
    // the snapshot: tests/e2e/test_progress.py holds the stdlib back), and main.py awaits
    // `gmStdlib` before the first panel can be used, so no click ever runs without it.
    const stdlib = runtime?.holdStdlib();
    stdlib?.catch(() => {}); // awaited below, after the restore
    const python = await pyodide.loadPyodide({ ...options, indexURL, createPyodideModule, _loadSnapshot: snapshot });
    root.dataset.restoredMs = String(Math.round(performance.now())); // a mark of the start, as data-python-ms
    const written = (bytes) => {
      const path = `/lib/${python.FS.readdir("/lib").find((file) => /^python\d+\.zip$/.test(file))}`;
      python.FS.writeFile(path, bytes);
      root.dataset.stdlib = String(python.FS.stat(path).size); // what is in place (tests/e2e read it)
    };
    // A failed download is said as Pyodide's own is, and the page goes on (as it did before).
    const failed = (error) => console.error("Error occurred while installing the standard library:", error);
    if (stdlib) globalThis.gmStdlib = stdlib.then(written, failed);
    root.dataset.pythonBoot = "snapshot";
    return python;
  } catch (error) {
    runtime?.holdStdlib(false); // a start from scratch reads the real one
    console.warn("Python snapshot unusable, starting Python from scratch:", error);
    root.dataset.pythonBoot = "fresh";
    return pyodide.loadPyodide({ ...options, indexURL });
  }
}
