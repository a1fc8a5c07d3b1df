// Pyodide's wasm, shipped gzip-compressed (pyodide.asm.wasm.gz, written by tools/build.py), so a
// first visit downloads 3.5 MB instead of 9.6 MB whether or not the host compresses. Pyodide asks
// for `indexURL + "pyodide.asm.wasm"` through the global fetch(); packWasm() answers that request
// from the .gz: streamed through DecompressionStream where it is still gzip, as it is where the
// service worker keeps it inflated (sw.js, as application/wasm) or where the host sent it with
// Content-Encoding: gzip (the browser inflated it). The page (static/pyodide-boot.mjs) and the
// compute worker (static/compute-worker.mjs) use it; from file:// (the single saved file) nothing
// changes: its boot answers the plain name from the inlined bytes.
const WASM = "pyodide.asm.wasm";

// A stream of `body` that starts with `first` (the chunk read to check the magic bytes).
function prepend(first, reader) {
  return new ReadableStream({
    start(controller) { controller.enqueue(first); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
}

async function unpacked(packed) {
  const response = await packed;
  if (!response.ok || !response.body) return response;
  if (response.headers.get("Content-Type") === "application/wasm") return response; // inflated already
  const reader = response.body.getReader();
  const { done, value } = await reader.read();
  const first = done ? new Uint8Array() : value;
  let body = prepend(first, reader);
  if (first[0] === 0x1f && first[1] === 0x8b) body = body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

export function packWasm(indexURL) {
  if (!globalThis.location?.protocol.startsWith("http") || typeof DecompressionStream !== "function") return;
  const plain = new URL(WASM, indexURL).href;
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    if (new URL(raw, globalThis.location.href).href !== plain) return realFetch(input, init);
    return unpacked(realFetch(`${plain}.gz`, init));
  };
}
