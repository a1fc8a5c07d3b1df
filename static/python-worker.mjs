// The inside of a Python worker: Pyodide with icepool and our modules, answering jobs by message.
// Two workers use it: the compute worker (static/compute-worker.mjs, our own jobs) and the program
// runner's worker (static/runner-worker.mjs, a user's lab program inside a sandboxed iframe).
// Each hands in how to read a file (`read(path)` → bytes, path relative to static/; the snapshot's
// bytes inflated) and the line of Python that marks where it runs (`setup`).
//
// Memory is capped: WebAssembly.Memory.grow past MEMORY_BUDGET fails, so Python raises MemoryError
// instead of growing towards the 2 GiB where Pyodide's heap gets unreliable. Time is capped by the
// page, which terminates the worker (or the runner's whole iframe) past its budget or on Cancel.

const MEMORY_BUDGET = 768 * 1024 * 1024;
const RESTART_ABOVE = 384 * 1024 * 1024; // a heap grown this far is restarted after its job
const HOME = "/home/pyodide/";
const SNAPSHOT = "python.snap.zst"; // `read` hands it over inflated (static/packed.mjs)

const decoder = new TextDecoder();
const encoder = new TextEncoder();
let memory = null;
let boot = ""; // how Python started: "snapshot", or "fresh" where the snapshot was unusable
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * 65536 > MEMORY_BUDGET) throw new RangeError("memory budget");
  memory = this;
  return grow.call(this, pages);
};

// The JSON arguments `json` (an object) with the texts the page read from their fields
// ({name: text}, static/compute-client.js) put in, and `raw` ({name: JSON text}) as they are; a
// text may come as its UTF-8 bytes (the program runner's answer, which the page hands on unread).
function withTexts(json, texts, raw = {}) {
  const text = (value) => (value instanceof ArrayBuffer ? decoder.decode(value) : String(value));
  const more = [
    ...Object.entries(texts).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(text(value))}`),
    ...Object.entries(raw).map(([name, value]) => `${JSON.stringify(name)}: ${value}`),
  ];
  const body = json.trim();
  if (!body.startsWith("{") || !body.endsWith("}")) throw new TypeError("the arguments are not an object");
  const inside = body.slice(1, -1).trim();
  return `{${[...(inside ? [inside] : []), ...more].join(", ")}}`;
}

// A job's `entries`: the journal's entries the selection keeps, read from its store here, never
// through the page (static/journal-db.js selectedTexts), as one JSON array text.
async function journalEntries(selection) {
  if (!globalThis.gmJournalDb) await import("./journal-db.js");
  const texts = await globalThis.gmJournalDb.selectedTexts(selection || {});
  return `[${texts.join(",")}]`;
}

async function start({ loadPyodide, indexURL, read, setup, options = {} }) {
  // options.createPyodideModule: Pyodide's Emscripten factory wrapped by roomForSnapshot
  // (static/snapshot-memory.mjs), which a blob: module cannot import by a relative URL.
  const files = JSON.parse(new TextDecoder().decode(await read("worker-files.json")));
  let python;
  try {
    python = await loadPyodide({ ...options, indexURL, _loadSnapshot: read(SNAPSHOT) });
    boot = "snapshot";
  } catch {
    python = await loadPyodide({ ...options, indexURL });
    boot = "fresh";
  }
  for (const [source, target] of files) {
    const bytes = await read(source);
    if (target.endsWith("*")) {
      const format = source.endsWith(".whl") ? "wheel" : "zip";
      python.unpackArchive(bytes, format, { extractDir: HOME + target.slice(0, -1) });
    } else {
      const path = HOME + target;
      python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      python.FS.writeFile(path, bytes);
    }
  }
  const home = JSON.stringify(HOME);
  // Archives written as they are (not "…/*") are imported from: on sys.path in the snapshot already.
  const archives = JSON.stringify(files.map(([, target]) => HOME + target).filter((path) => /\.(zip|whl)$/.test(path)));
  python.runPython(
    `import os, sys\nos.chdir(${home})\nif ${home} not in sys.path: sys.path.insert(0, ${home})\n` +
      `sys.path[:0] = [path for path in ${archives} if path not in sys.path]\n` +
      `import kit.compute, panels.registry\n${setup}\nkit.compute.load_jobs(panels.registry.job_modules())`,
  );
  return python.pyimport("kit.compute").run_json;
}

// Answers {id, job, args} with {id, json, heap, restart}; says {ready} once Python is up.
export function servePython(config) {
  const ready = start(config);
  self.onmessage = async ({ data }) => {
    if (!data || typeof data.id !== "number") return;
    let run;
    try {
      run = await ready;
    } catch {
      self.postMessage({ id: data.id, json: JSON.stringify({ ok: false, error: { code: "start", params: {} } }) });
      return;
    }
    // The answer stays JSON text: Python reads it back exactly (big integers included). A long
    // request comes as UTF-8 bytes, and a page that asks for bytes gets its answer so, encoded
    // here and handed over, not copied (its main thread decodes and encodes a megabyte neither way).
    let json;
    let failed = false;
    try {
      const args = typeof data.args === "string" ? data.args : decoder.decode(data.args);
      const raw = data.journal ? { entries: await journalEntries(data.journal) } : {};
      json = run(String(data.job), data.texts || data.journal ? withTexts(args, data.texts || {}, raw) : args);
    } catch (error) {
      const code = String(error).includes("MemoryError") || error instanceof RangeError ? "memory" : "internal";
      json = JSON.stringify({ ok: false, error: { code, params: { details: String(error) } } });
      failed = true;
    }
    const heap = memory ? memory.buffer.byteLength : 0;
    const restart = failed || heap > RESTART_ABOVE;
    if (data.download && !failed) {
      // A text to download: handed over as a file, never copied into the page's Python.
      const answer = JSON.parse(json);
      if (answer.ok && typeof answer.result === "string") {
        const blob = new Blob([answer.result], { type: `${data.download[1]};charset=utf-8` });
        json = JSON.stringify({ ok: true, result: { downloaded: answer.result.length } });
        const small = data.bytes ? encoder.encode(json) : json;
        self.postMessage({ id: data.id, json: small, heap, restart, blob }, data.bytes ? [small.buffer] : []);
        return;
      }
    }
    if (data.bytes) {
      const bytes = encoder.encode(json);
      self.postMessage({ id: data.id, json: bytes, heap, restart }, [bytes.buffer]);
    } else {
      self.postMessage({ id: data.id, json, heap, restart });
    }
  };
  ready.then(
    () => self.postMessage({ ready: true, boot }),
    (error) => self.postMessage({ ready: false, error: String(error) }),
  );
}
