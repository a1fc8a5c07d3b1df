// The compute worker: Pyodide with icepool, py/rules and the panels' jobs, off the main thread,
// so no exact computation ever blocks the page (kit/compute.py names the jobs). It starts from the
// page's own memory snapshot and files (static/worker-files.json, made by tools/build.py), fetched
// from the site (the service worker has them offline). User programs never run here: they run in
// the sandboxed program runner (static/program-runner.js).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { servePython } from "./python-worker.mjs";
import { roomForSnapshot } from "./snapshot-memory.mjs";
import { importEmscripten, packRuntime, readPacked } from "./packed.mjs";

const base = new URL("./", import.meta.url);
const indexURL = new URL("vendor/pyodide/", base).href;
packRuntime(indexURL); // the same packed files the page downloaded, not 19 MB more
// Pyodide's Emscripten module, started once worker-files.json is in (its resource timing tells
// importEmscripten whether the host compresses) and awaited when Pyodide instantiates it.
let emscripten = null;
const startEmscripten = () => {
  if (!emscripten) {
    emscripten = importEmscripten(indexURL);
    emscripten.catch(() => {}); // a failure is Pyodide's to report, not an unhandled rejection
  }
  return emscripten;
};
const createPyodideModule = async (settings) => (await startEmscripten()).default(settings);

async function read(path) {
  if (path.endsWith(".zst")) return readPacked(new URL(path, base).href); // the snapshot, inflated
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (path === "worker-files.json") startEmscripten();
  return bytes;
}

servePython({
  loadPyodide,
  indexURL,
  read,
  setup: "kit.compute.IN_WORKER = True",
  options: { createPyodideModule: roomForSnapshot(createPyodideModule) },
});
