// The program runner's worker: a user's lab program (job notation.program) in Pyodide, inside the
// sandboxed iframe of static/runner.html. It runs from a blob: URL in an opaque origin, under that
// document's CSP (no network, no storage of the site), so it reads nothing from the site: every
// file comes as a blob: URL of the document, keyed by its path relative to static/.
// A classic worker: Chromium refuses module workers from blob: URLs in an opaque origin, but a
// classic one may import() the blob: modules.
"use strict";
// Pyodide asks for its files under indexURL; this name is only a key into `urls`.
const BASE = "https://program-runner.invalid/";

function pathOf(input) {
  const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
  return raw.startsWith(BASE) ? raw.slice(BASE.length) : raw;
}

async function start(urls) {
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    const path = pathOf(input);
    if (!Object.hasOwn(urls, path)) throw new TypeError(`the program runner has no file ${path}`);
    const response = await realFetch(urls[path], init);
    const type = path.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(response.body, { headers: { "Content-Type": type } });
  };
  const read = async (path) => new Uint8Array(await (await fetch(BASE + path)).arrayBuffer());
  const [{ loadPyodide }, { servePython }, { roomForSnapshot }, asm] = await Promise.all([
    import(urls["vendor/pyodide/pyodide.mjs"]),
    import(urls["python-worker.mjs"]),
    import(urls["snapshot-memory.mjs"]),
    import(urls["vendor/pyodide/pyodide.asm.mjs"]),
  ]);
  const lockFileContents = new TextDecoder().decode(await read("vendor/pyodide/pyodide-lock.json"));
  servePython({
    loadPyodide,
    indexURL: `${BASE}vendor/pyodide/`,
    read,
    setup: "kit.compute.ISOLATED = True",
    options: { createPyodideModule: roomForSnapshot(asm.default), lockFileContents },
  });
}

self.addEventListener(
  "message",
  ({ data }) => start(data.urls).catch((error) => self.postMessage({ ready: false, error: String(error) })),
  { once: true },
);
