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
import { importEmscripten, packRuntime, readPacked } from "./packed.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python.snap.zst", import.meta.url).href;
packRuntime(indexURL); // the wasm and the stdlib come as .zst, inflated as they arrive

// How much of Python's memory the restore writes (the file less its header, whose length is its
// second 32-bit word): the rest of the grown memory is all static/snapshot-memory.mjs must zero.
let restored = 0;
const withSize = (bytes) => {
  restored = bytes.byteLength - new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
  return bytes;
};

// Started now, awaited by Pyodide later: mark it handled, or an early failure counts as unhandled.
// The snapshot is zstd, inflated as it arrives (static/packed.mjs), unless the service worker or
// the host has inflated it already.
let pending = readPacked(SNAPSHOT).then(withSize);
pending.catch(() => {});
// Pyodide's Emscripten module, started early; it gets room for the snapshot before the restore.
const emscripten = importEmscripten(indexURL);
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
    const createPyodideModule = roomForSnapshot((await emscripten).default, () => restored);
    const python = await pyodide.loadPyodide({ ...options, indexURL, createPyodideModule, _loadSnapshot: snapshot });
    root.dataset.pythonBoot = "snapshot";
    return python;
  } catch (error) {
    console.warn("Python snapshot unusable, starting Python from scratch:", error);
    root.dataset.pythonBoot = "fresh";
    return pyodide.loadPyodide({ ...options, indexURL });
  }
}
