// Zstandard, inflated as it arrives: a TransformStream over zstd's own streaming decoder
// (ZSTD_decompressStream), built to wasm by the zstddec package and vendored as
// static/vendor/zstd/zstd-stream.wasm (tools/vendor.py). The site ships Python's memory snapshot
// and Pyodide's wasm as .zst (6.3 and 2.9 MB, against 8.9 and 3.5 MB as gzip), and browsers inflate
// only gzip and deflate themselves (DecompressionStream).
// A classic script, so that the service worker can importScripts() it; modules import it for the
// global it sets (static/packed.mjs):
//   gmZstd.isZstd(bytes) → whether the bytes start a zstd frame
//   gmZstd.contentSize(bytes) → the size of what the frame they start holds (-1: not said)
//   gmZstd.warm(wasmURL) → the decoder fetched and compiled ahead of the first stream
//   gmZstd.inflater(wasmURL) → a TransformStream of zstd bytes to the bytes they hold
// Each stream has an instance of its own (its memory, ~9 MB with zstd's 8 MiB window, goes when the
// stream ends); the compiled module is kept per URL.
(() => {
  const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
  const modules = new Map(); // wasm URL → Promise of its WebAssembly.Module
  // The decoder tells of memory growth through this import; the views below are made afresh after
  // every call instead.
  const imports = { env: { emscripten_notify_memory_growth() {} } };

  function compiled(wasmURL) {
    const url = String(wasmURL);
    if (!modules.has(url)) {
      const loading = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return WebAssembly.compile(await response.arrayBuffer());
      });
      loading.catch(() => modules.delete(url)); // a failed load is tried again by the next stream
      modules.set(url, loading);
    }
    return modules.get(url);
  }

  const isZstd = (bytes) => MAGIC.every((byte, at) => bytes[at] === byte);

  // The size of what the frame starting `bytes` holds, from its header (RFC 8878, 3.1.1.1), or -1
  // where the header does not say (or is not all in `bytes`).
  function contentSize(bytes) {
    if (!isZstd(bytes) || bytes.length < 5) return -1;
    const descriptor = bytes[4];
    const single = (descriptor >> 5) & 1;
    const sizeBytes = [single, 2, 4, 8][descriptor >> 6];
    const at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][descriptor & 3];
    if (!sizeBytes || bytes.length < at + sizeBytes) return -1;
    let size = 0;
    for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + bytes[at + i];
    return sizeBytes === 2 ? size + 256 : size;
  }

  function inflater(wasmURL) {
    let zstd = null; // the instance's exports, until the stream ends
    let context = 0; // ZSTD_DCtx*
    let input = 0; // the input buffer, ZSTD_DStreamInSize() bytes
    let output = 0; // the output buffer, ZSTD_DStreamOutSize() bytes
    let buffers = 0; // ZSTD_outBuffer {dst, size, pos} at +0, ZSTD_inBuffer {src, size, pos} at +12
    let inSize = 0;
    let outSize = 0;
    let inFrame = false; // the last call left a frame unfinished

    const release = () => {
      if (!zstd) return;
      zstd.ZSTD_freeDCtx(context);
      for (const pointer of [input, output, buffers]) zstd.free(pointer);
      zstd = null;
    };

    // Decodes `piece` (at most inSize bytes) and enqueues all it gives.
    const decode = (piece, controller) => {
      new Uint8Array(zstd.memory.buffer, input, piece.byteLength).set(piece);
      const source = buffers + 12;
      let view = new DataView(zstd.memory.buffer);
      view.setUint32(source, input, true);
      view.setUint32(source + 4, piece.byteLength, true);
      view.setUint32(source + 8, 0, true);
      for (;;) {
        view.setUint32(buffers, output, true);
        view.setUint32(buffers + 4, outSize, true);
        view.setUint32(buffers + 8, 0, true);
        const hint = zstd.ZSTD_decompressStream(context, buffers, source); // size_t: an error is negative here
        if (hint < 0) throw new Error(`zstd: the data is corrupt (error ${-hint})`);
        view = new DataView(zstd.memory.buffer); // the call may have grown the memory
        const made = view.getUint32(buffers + 8, true);
        if (made) controller.enqueue(new Uint8Array(zstd.memory.buffer.slice(output, output + made)));
        inFrame = hint !== 0;
        // Done with this piece once all of it is read, and the decoder either finished its frame
        // (0: all flushed) or did not fill the output (a full output may leave more behind). Asked
        // again after a frame's end, it would wait for the next frame's header instead.
        if (view.getUint32(source + 8, true) === piece.byteLength && (hint === 0 || made < outSize)) return;
      }
    };

    return new TransformStream({
      async start() {
        ({ exports: zstd } = await WebAssembly.instantiate(await compiled(wasmURL), imports));
        context = zstd.ZSTD_createDCtx();
        inSize = zstd.ZSTD_DStreamInSize();
        outSize = zstd.ZSTD_DStreamOutSize();
        input = zstd.malloc(inSize);
        output = zstd.malloc(outSize);
        buffers = zstd.malloc(24);
        if (!context || !input || !output || !buffers) throw new Error("zstd: no memory for the decoder");
      },
      transform(chunk, controller) {
        try {
          for (let at = 0; at < chunk.byteLength; at += inSize) decode(chunk.subarray(at, at + inSize), controller);
        } catch (error) {
          release();
          throw error;
        }
      },
      flush() {
        release();
        if (inFrame) throw new Error("zstd: the data ends inside a frame");
      },
    });
  }

  // Fetches and compiles the decoder now, for a page that knows it will inflate something soon.
  const warm = (wasmURL) => compiled(wasmURL).then(() => true, () => false);

  globalThis.gmZstd = { isZstd, contentSize, inflater, warm };
})();
