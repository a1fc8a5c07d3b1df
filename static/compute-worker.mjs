// The compute worker: Pyodide with icepool, py/rules and the panels' jobs, off the main thread,
// so no exact computation ever blocks the page (kit/compute.py names the jobs).
//
// It starts from the page's own memory snapshot (icepool and our modules already imported) and
// writes our Python files into its file system (static/worker-files.json, made by tools/build.py).
// Memory is capped: WebAssembly.Memory.grow past MEMORY_BUDGET fails, so Python raises MemoryError
// instead of growing towards the 2 GiB where Pyodide's heap gets unreliable. Time is capped by the
// page (static/compute-client.js terminates a job past its budget, or on Cancel).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const MEMORY_BUDGET = 768 * 1024 * 1024;
const RESTART_ABOVE = 384 * 1024 * 1024; // a heap grown this far is restarted after its job
const HOME = "/home/pyodide/";
const base = new URL("./", import.meta.url);
let memory = null;

const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * 65536 > MEMORY_BUDGET) throw new RangeError("memory budget");
  memory = this;
  return grow.call(this, pages);
};

async function snapshot() {
  const response = await fetch(new URL("python.snap.gz", base));
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

async function start() {
  const indexURL = new URL("vendor/pyodide/", base).href;
  const files = await (await fetch(new URL("worker-files.json", base))).json();
  let python;
  try {
    python = await loadPyodide({ indexURL, _loadSnapshot: snapshot() });
  } catch {
    python = await loadPyodide({ indexURL });
  }
  for (const [source, target] of files) {
    const bytes = new Uint8Array(await (await fetch(new URL(source, base))).arrayBuffer());
    if (target.endsWith("*")) {
      const format = source.endsWith(".whl") ? "wheel" : "zip";
      python.unpackArchive(bytes, format, { extractDir: HOME + target.slice(0, -1) });
    } else {
      python.FS.mkdirTree(HOME + target.slice(0, target.lastIndexOf("/")));
      python.FS.writeFile(HOME + target, bytes);
    }
  }
  python.runPython(`import os, sys\nos.chdir(${JSON.stringify(HOME)})\nif ${JSON.stringify(HOME)} not in sys.path: sys.path.insert(0, ${JSON.stringify(HOME)})\nimport kit.compute, panels.registry\nkit.compute.IN_WORKER = True\nkit.compute.load_jobs(panels.registry.job_modules())`);
  return python.pyimport("kit.compute").run_json;
}

const ready = start();

self.onmessage = async ({ data }) => {
  let run;
  try {
    run = await ready;
  } catch (error) {
    self.postMessage({ id: data.id, json: JSON.stringify({ ok: false, error: { code: "start", params: {} } }) });
    return;
  }
  // The answer stays JSON text: Python reads it back exactly (big integers included).
  let json;
  let failed = false;
  try {
    json = run(data.job, data.args);
  } catch (error) {
    const code = String(error).includes("MemoryError") || error instanceof RangeError ? "memory" : "internal";
    json = JSON.stringify({ ok: false, error: { code, params: { details: String(error) } } });
    failed = true;
  }
  const heap = memory ? memory.buffer.byteLength : 0;
  self.postMessage({ id: data.id, json, heap, restart: failed || heap > RESTART_ABOVE });
};

ready.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ ready: false, error: String(error) }),
);
