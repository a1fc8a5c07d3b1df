// PyScript's interpreter module (pyscript.toml `interpreter`): Pyodide, started from the memory
// snapshot that tools/build.py makes (tools/snapshot.mjs) instead of from scratch. Restoring skips
// Python's own start-up and the import of icepool and our pure rules, which is most of the boot.
// If the snapshot is missing or fails, Python starts the normal way: slower, never broken.
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python.snap.gz", import.meta.url).href;

async function readSnapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const root = document.documentElement;
  try {
    // A promise: Pyodide fetches and compiles its wasm while the snapshot downloads. Pyodide awaits
    // it later, so mark it handled now, or an early failure would be reported as unhandled.
    const snapshot = readSnapshot();
    snapshot.catch(() => {});
    const python = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: snapshot });
    root.dataset.pythonBoot = "snapshot";
    return python;
  } catch (error) {
    console.warn("Python snapshot unusable, starting Python from scratch:", error);
    root.dataset.pythonBoot = "fresh";
    return pyodide.loadPyodide({ ...options, indexURL });
  }
}
