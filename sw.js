// Service worker: precache the whole built site, serve it cache-first, work offline.
// tools/build.py fills BUILD and FILES; each build gets its own cache, and old ones are
// deleted on activate. A new worker waits until the page asks it to take over (the page
// offers a reload), so one page never mixes files of two versions.
const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = `gm-dice-${BUILD}`;
importScripts("./static/zstd.js"); // gmZstd: the snapshot, the wasm and the stdlib come as zstd
const ZSTD_WASM = "./static/vendor/zstd/zstd-stream.wasm";
// Packed files are stored inflated, so a warm start inflates nothing: Python's memory snapshot
// (38 MB), Pyodide's wasm and its standard library (zstd), and Pyodide's Emscripten module (gzip).
// static/packed.mjs accepts them either way, and reads a body whole, natively, where its type says
// it is this worker's inflated copy (the snapshot's type is our own). The last three are also
// stored under their plain names, which the page imports where the file is inflated (keeping the
// browser's code caches) and the program runner hands over by name. One download each, never the
// plain files as well.
const INFLATED = {
  "./static/python.snap.zst": {
    keys: ["./static/python.snap.zst"],
    type: "application/vnd.gm-dice.python-snapshot",
  },
  "./static/vendor/pyodide/pyodide.asm.wasm.zst": {
    keys: ["./static/vendor/pyodide/pyodide.asm.wasm.zst", "./static/vendor/pyodide/pyodide.asm.wasm"],
    type: "application/wasm",
  },
  "./static/vendor/pyodide/python_stdlib.zip.zst": {
    keys: ["./static/vendor/pyodide/python_stdlib.zip.zst", "./static/vendor/pyodide/python_stdlib.zip"],
    type: "application/zip",
  },
  "./static/vendor/pyodide/pyodide.asm.mjs.gz": {
    keys: ["./static/vendor/pyodide/pyodide.asm.mjs.gz", "./static/vendor/pyodide/pyodide.asm.mjs"],
    type: "text/javascript",
  },
};
const STORED_INFLATED = new Set(Object.values(INFLATED).flatMap(({ keys }) => keys));

// "no-cache": what the page has just downloaded on a first visit is revalidated (a 304 from the
// server), not downloaded again, and never taken stale from the HTTP cache either.
const fresh = (file) => new Request(file, { cache: "no-cache" });

// The host compresses what it sends: a script, style or JSON file this worker fetched came with
// fewer bytes than it holds (as static/packed.mjs tells). The page then imported Pyodide's module
// by its plain name, so that is what is stored (revalidated: a 304), not its .gz downloaded as well.
const TEXT_FILE = /\.(m?js|css|json)$/;
const hostCompresses = () =>
  performance.getEntriesByType("resource").some(
    ({ name, encodedBodySize, decodedBodySize }) =>
      TEXT_FILE.test(name.split(/[?#]/)[0]) && encodedBodySize > 0 && encodedBodySize < decodedBodySize,
  );

async function inflated(cache, file, { keys, type }) {
  const source = file.endsWith(".mjs.gz") && hostCompresses() ? file.slice(0, -".gz".length) : file;
  const response = await fetch(fresh(source));
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  let body = await response.blob();
  // A server that sends the file with Content-Encoding: gzip has had it inflated already. A browser
  // without DecompressionStream keeps a gzip file packed (the page then inflates it itself).
  const magic = new Uint8Array(await body.slice(0, 4).arrayBuffer());
  if (gmZstd.isZstd(magic)) {
    body = await new Response(body.stream().pipeThrough(gmZstd.inflater(ZSTD_WASM))).blob();
  } else if (magic[0] === 0x1f && magic[1] === 0x8b && typeof DecompressionStream === "function") {
    body = await new Response(body.stream().pipeThrough(new DecompressionStream("gzip"))).blob();
  }
  await Promise.all(keys.map((key) => cache.put(key, new Response(body, { headers: { "Content-Type": type } }))));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const plain = FILES.filter((file) => !STORED_INFLATED.has(file));
  await cache.addAll(plain.map(fresh));
  for (const [file, how] of Object.entries(INFLATED)) await inflated(cache, file, how);
}

// The site's files (./static/, everything but the page itself) are served from this build's cache
// by the browser itself (the Static Routing API, Chromium 123+), without this worker's fetch handler:
// a start no longer waits for the worker to start and answer each of its ~35 requests in turn.
// After a browser restart the first click came ~200 ms earlier, on a reload ~60 ms (docs/startup.md).
// A file missing from the cache goes to the network, as the handler below would send it. The page
// itself stays with the handler, which answers any address (?expr=, ?seed=) with index.html.
// Elsewhere, and if the route is refused, the handler serves everything, as before.
// (Built when installing: a browser without URLPattern must still run this script.)
const staticRoute = () => ({
  condition: { urlPattern: new URLPattern("./static/*", self.location.href), requestMethod: "GET" },
  source: { cacheName: CACHE },
});

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
  if (typeof event.addRoutes === "function" && typeof URLPattern === "function") {
    event.waitUntil(event.addRoutes(staticRoute()).catch(() => {}));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("gm-dice-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === "navigate") {
        const page = await cache.match("./index.html");
        if (page) return page;
      }
      return fetch(request);
    })
  );
});
