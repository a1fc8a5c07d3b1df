// Files the site ships compressed (written by tools/build.py and tools/vendor.py), so a first visit
// downloads the same bytes whether or not the host compresses: Python's memory snapshot
// (static/python.snap.zst, 37.7 → 6.3 MB), Pyodide's wasm (pyodide.asm.wasm.zst, 9.6 → 2.9 MB) and
// its standard library (python_stdlib.zip.zst, 9.7 → 1.6 MB) as zstd, inflated by zstd's own
// decoder in wasm (static/zstd.js, loaded only when a file is still zstd); Pyodide's Emscripten
// module (pyodide.asm.mjs.gz, 1.25 → 0.26 MB) as gzip, which the browser inflates itself
// (DecompressionStream; zstd would save 30 KB of it). Each is inflated as it
// arrives, so the inflating overlaps the download instead of following it. Where a file is no longer
// packed (the service worker keeps it inflated, sw.js; a host that sent the module with
// Content-Encoding: gzip, which the browser inflated) it is used as it is; its first bytes tell.
// The page (static/pyodide-boot.mjs), the compute worker (static/compute-worker.mjs) and the
// program runner (static/program-runner.js) use it; from file:// (the single saved file) its boot
// answers the files' names from the inlined bytes (static/single-file-boot.js) and the snapshot is
// inflated here as well.
const WASM = "pyodide.asm.wasm";
const MODULE = "pyodide.asm.mjs";
const STDLIB = "python_stdlib.zip";
const ZSTD_WASM = new URL("./vendor/zstd/zstd-stream.wasm", import.meta.url).href;
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
// The type the service worker stores its inflated snapshot under (sw.js): such a body is read
// natively, whole, not piece by piece through a stream of ours (on a warm start, streaming the
// 38 MB snapshot and the 9.7 MB stdlib through ours cost ~100 ms of the main thread in ~700
// small tasks). Its inflated stdlib and wasm have their own types (application/zip, wasm).
const SNAPSHOT_TYPE = "application/vnd.gm-dice.python-snapshot";
const servedAs = (response, type) => response.ok && response.headers.get("Content-Type") === type;
const packable = () => globalThis.location?.protocol.startsWith("http") && typeof DecompressionStream === "function";

// The host compresses what it sends (GitHub Pages and most hosts do): a script, style or JSON file of
// the site came with fewer bytes than it holds (its resource timing: in the page, this module; in a
// worker, which has no timings of its modules, a file it has fetched). The service worker's copies
// are stored inflated, so a warm start says no. sw.js tells the same way for its precache.
const TEXT_FILE = /\.(m?js|css|json)$/;
const hostCompresses = () =>
  (globalThis.performance?.getEntriesByType?.("resource") ?? []).some(
    ({ name, encodedBodySize, decodedBodySize }) =>
      name.startsWith(`${globalThis.location.origin}/`) && TEXT_FILE.test(name.split(/[?#]/)[0])
      && encodedBodySize > 0 && encodedBodySize < decodedBodySize,
  );

// A stream of `body` that starts with `first` (the chunk read to check the magic bytes);
// `received()` is called once the body has all arrived (or failed).
function prepend(first, reader, received) {
  return new ReadableStream({
    start(controller) { controller.enqueue(first); },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          received();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        received();
        throw error;
      }
    },
    cancel(reason) { received(); return reader.cancel(reason); },
  });
}

// static/zstd.js, a classic script: imported once for the global it sets.
async function zstd() {
  if (!globalThis.gmZstd) await import(new URL("./zstd.js", import.meta.url).href);
  return globalThis.gmZstd;
}

// zstd's decoder fetched and compiled now, for a first visit, whose files are still zstd: else
// it is asked for only once the snapshot's first bytes are in.
export function warmZstd() {
  zstd().then((decoder) => decoder.warm(ZSTD_WASM), () => false);
}

// The body of `response` inflated where it is zstd or gzip (told by its magic bytes), as it
// arrives; `received()` once all of it has arrived. Null for a failed response.
async function inflatedBody(response, received = () => {}) {
  if (!response.ok || !response.body) {
    received();
    return null;
  }
  const reader = response.body.getReader();
  const { done, value } = await reader.read();
  const first = done ? new Uint8Array() : value;
  const body = prepend(first, reader, received);
  if (ZSTD_MAGIC.every((byte, at) => first[at] === byte)) {
    const decoder = await zstd();
    return Object.assign(body.pipeThrough(decoder.inflater(ZSTD_WASM)), { size: decoder.contentSize(first) });
  }
  return first[0] === 0x1f && first[1] === 0x8b ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

// A packed file fetched from `url`, its body inflated as it arrives; an error for a failed response.
async function fetchInflated(url) {
  const response = await fetch(url);
  const body = await inflatedBody(response);
  if (!body) throw new Error(`${url}: HTTP ${response.status}`);
  return new Response(body);
}

// All of a packed file's bytes, inflated: the snapshot, read whole as it arrives; `received()` once
// the download is done. Where zstd's header gives the size, each piece goes into one buffer of
// that size as it comes (Response.arrayBuffer() would join the 38 MB in one more copy at the end).
export async function readPacked(url, received = () => {}) {
  const response = await fetch(url);
  if (servedAs(response, SNAPSHOT_TYPE)) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    received();
    return bytes;
  }
  const body = await inflatedBody(response, received);
  if (!body) throw new Error(`${url}: HTTP ${response.status}`);
  if (!(body.size >= 0)) return new Uint8Array(await new Response(body).arrayBuffer());
  const bytes = new Uint8Array(body.size);
  let at = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.byteLength > bytes.byteLength) throw new Error(`${url}: more than its header says`);
    bytes.set(value, at);
    at += value.byteLength;
  }
  if (at !== bytes.byteLength) throw new Error(`${url}: less than its header says`);
  return bytes;
}

// A packed file's inflated bytes as a Blob, from `url` (its .zst or .gz): the program runner
// (static/program-runner.js) hands Pyodide's wasm and module over so, never downloading the plain
// files as well. Where the host compresses, the module comes by its plain name, as the page
// imported it (importEmscripten), not its .gz as well.
export async function packedBlob(url) {
  const gzip = String(url).endsWith(".gz");
  if (!gzip || !hostCompresses()) return (await fetchInflated(url)).blob();
  const plain = String(url).slice(0, -".gz".length);
  const response = await fetch(plain);
  if (!response.ok) throw new Error(`${plain}: HTTP ${response.status}`);
  return response.blob();
}

// The wasm's responses this module made → its compiled module, compiled as soon as the bytes are in.
const precompiled = new WeakMap();

// Pyodide instantiates its wasm with WebAssembly.instantiateStreaming(fetch(…)) once the snapshot is
// in; for a response of ours this instantiates the module compiled meanwhile, so compiling (~0.5 s
// under a phone's CPU) is no longer on the way from the snapshot's last byte to Python. Anything
// else goes to the browser's own.
function instantiateCompiled() {
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    const compiled = precompiled.get(response);
    if (!compiled) return instantiateStreaming(response, imports);
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

// An end-of-central-directory record alone: the smallest valid zip, the stand-in standard library
// a restore starts with (holdStdlib below).
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

// Pyodide asks for `indexURL + "pyodide.asm.wasm"`, `python_stdlib.zip` and `pyodide-lock.json`
// through the global fetch(), and PyScript for its [files]; this answers the first two from their
// .zst. The wasm is fetched, inflated and compiled from now on (Pyodide asks only once the snapshot
// is in, so none of it waits for the snapshot); where the file is inflated already
// (application/wasm) it is compiled from that response, so a warm start keeps Chromium's wasm code
// cache. The standard library (its members stored, zstd-compressed as a whole: 2.55 → 1.63 MB,
// tools/vendor.py) is inflated as it arrives.
//
// `after` (a promise, resolved once a download is over, whether or not it failed; the page passes
// its snapshot's on a first visit): the standard library and the `queued` URLs (PyScript's [files],
// Pyodide's lock file) are fetched only once it and the wasm have arrived, so on a slow link the
// two files a restore needs have it to themselves; the rest arrives while Python restores (2.35 MB
// of a phone's 12.2 were in their way). Returns {holdStdlib}, or null where nothing is packed
// (file://).
export function packRuntime(indexURL, { after = null, queued = [] } = {}) {
  if (!packable()) return null;
  const plainWasm = new URL(WASM, indexURL).href;
  const plainStdlib = new URL(STDLIB, indexURL).href;
  const realFetch = globalThis.fetch.bind(globalThis);
  // Pyodide gets a stand-in for the response, which only instantiateStreaming above reads: the
  // response itself goes to the compiler (a clone would keep its 9.6 MB for the page's life).
  const compiling = (response) => {
    if (!response.ok) return response;
    const compiled = WebAssembly.compileStreaming(response);
    compiled.catch(() => {}); // awaited by Pyodide, whose own failure is what counts
    const standIn = new Response(null, { headers: { "Content-Type": "application/wasm" } });
    precompiled.set(standIn, compiled);
    return standIn;
  };
  let wasmReceived;
  const wasmIn = new Promise((resolve) => { wasmReceived = resolve; });
  const wasm = async (init) => {
    const response = await realFetch(`${plainWasm}.zst`, init).catch((error) => {
      wasmReceived();
      throw error;
    });
    if (servedAs(response, "application/wasm")) {
      wasmReceived();
      return compiling(response);
    }
    const body = await inflatedBody(response, wasmReceived);
    if (!body) return response;
    const inflated = await new Response(body).blob();
    return compiling(new Response(inflated, { headers: { "Content-Type": "application/wasm" } }));
  };
  instantiateCompiled();
  let early = wasm();
  early.catch(() => {});
  const behind = after ? Promise.all([after, wasmIn]) : Promise.resolve();
  const stdlib = async (init) => {
    await behind;
    const response = await realFetch(`${plainStdlib}.zst`, init);
    if (servedAs(response, "application/zip")) return response; // the service worker's inflated copy
    const body = await inflatedBody(response);
    return body ? new Response(body, { headers: { "Content-Type": "application/zip" } }) : response;
  };
  // Each queued file is fetched once the gate opens, whether or not anyone has asked yet (PyScript
  // asks for its [files] only once Python is up), and handed to the first request for it. With no
  // gate (a warm start) nothing is queued: each is fetched when asked.
  const absolute = (url) => new URL(url, globalThis.location.href).href;
  const later = new Map(after ? queued.map((url) => [absolute(url), null]) : []);
  behind.then(() => {
    for (const url of later.keys()) {
      const response = realFetch(url);
      response.catch(() => {}); // its asker sees the failure
      later.set(url, response);
    }
  });
  const queuedFetch = async (url, input, init) => {
    await behind;
    const fetched = later.get(url);
    later.set(url, null);
    return fetched ?? realFetch(input, init);
  };
  let held = false;
  globalThis.fetch = (input, init) => {
    const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    const url = new URL(raw, globalThis.location.href).href;
    if (url === plainStdlib && held) {
      held = false;
      return Promise.resolve(new Response(EMPTY_ZIP, { headers: { "Content-Type": "application/zip" } }));
    }
    if (url === plainStdlib) return stdlib(init);
    if (later.has(url)) return queuedFetch(url, input, init);
    if (url !== plainWasm) return realFetch(input, init);
    const answer = early ?? wasm(init); // a second start (from scratch, after a failed restore) fetches again
    early = null;
    return answer;
  };
  return {
    // Pyodide's next request for the standard library is answered at once with an empty zip, so a
    // restore waits for the snapshot and the wasm alone; the real one's bytes (fetched behind
    // `after`) come in the promise returned, for the caller to write over the stand-in before any
    // Python of its own runs. A restore imports nothing from it: the snapshot's modules are in its
    // memory, and its import cache holds the real zip's directory (so nothing reads the stand-in).
    // holdStdlib(false) undoes it (a start from scratch after a failed restore).
    holdStdlib(hold = true) {
      held = hold;
      if (!hold) return null;
      return stdlib().then(async (response) => {
        if (!response.ok) throw new Error(`${plainStdlib}.zst: HTTP ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      });
    },
  };
}

// Pyodide's Emscripten module (`pyodide.asm.mjs`, 1.25 MB): imported by its plain name wherever that
// downloads no more than its .gz (0.26 MB), since V8 keeps a module's compiled code only under a
// stable URL: a reload after a first visit that imported it from a blob: URL compiled it all again
// (~120 ms, docs/startup.md). That is where the host compresses, and where the service worker
// answers the .gz with its inflated copy (text/javascript). Elsewhere, on a host that does not
// compress, it is imported from the .gz's inflated bytes (a blob: URL).
export async function importEmscripten(indexURL) {
  const plain = new URL(MODULE, indexURL).href;
  if (!packable() || hostCompresses()) return import(plain);
  const response = await fetch(`${plain}.gz`);
  if (response.headers.get("Content-Type")?.startsWith("text/javascript")) {
    // Read to its end, not cancelled: Firefox logs a worker's response whose reader cancelled it as
    // an error ("A ServiceWorker intercepted the request and encountered an unexpected error").
    await response.blob();
    return import(plain); // keeps V8's code cache, which a blob: URL would not
  }
  const body = await inflatedBody(response);
  if (!body) throw new Error(`${plain}.gz: HTTP ${response.status}`);
  const source = await new Response(body).blob();
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
