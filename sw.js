// Service worker: precache the whole built site, serve it cache-first, work offline.
// tools/build.py fills BUILD and FILES; each build gets its own cache, and old ones are
// deleted on activate. A new worker waits until the page asks it to take over (the page
// offers a reload), so one page never mixes files of two versions.
const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = `gm-dice-${BUILD}`;
// Python's memory snapshot is stored inflated, so a warm start skips inflating 30 MB
// (static/pyodide-boot.mjs accepts it either way).
const SNAPSHOT = "./static/python.snap.gz";

async function precache() {
  const cache = await caches.open(CACHE);
  const fresh = (file) => new Request(file, { cache: "reload" });
  await cache.addAll(FILES.filter((file) => file !== SNAPSHOT).map(fresh));
  const response = await fetch(fresh(SNAPSHOT));
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  let snapshot = await response.blob();
  // A server that sends the file with Content-Encoding: gzip has had it inflated already. A browser
  // without DecompressionStream keeps it packed (the page then starts Python the normal way).
  const magic = new Uint8Array(await snapshot.slice(0, 2).arrayBuffer());
  if (magic[0] === 0x1f && magic[1] === 0x8b && typeof DecompressionStream === "function") {
    snapshot = await new Response(snapshot.stream().pipeThrough(new DecompressionStream("gzip"))).blob();
  }
  await cache.put(SNAPSHOT, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

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
