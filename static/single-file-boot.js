// Boot for the single-file build (tools/single_file.py), which runs from file:// with no server.
// Every file the page needs is inlined below as gzip + base64. This script decodes them, answers
// fetch() for their URLs, maps the two Pyodide modules to blob: URLs with an import map, then
// starts PyScript from its bundled core. Chromium blocks file: requests, but not blob:/data:.
(async () => {
  // The players' window (static/players.js, ./#players) runs no Python: nothing is unpacked for it.
  if (document.documentElement.dataset.view === "players") return;
  const realFetch = globalThis.fetch.bind(globalThis);
  const pageBase = new URL(".", document.baseURI);
  const TYPES = { js: "text/javascript", mjs: "text/javascript", wasm: "application/wasm", json: "application/json",
    zip: "application/zip", whl: "application/zip", py: "text/plain", toml: "text/plain" };
  const assets = new Map();

  async function decode(element) {
    const packed = await realFetch(`data:application/octet-stream;base64,${element.textContent.trim()}`);
    const bytes = await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const path = element.dataset.path;
    const type = TYPES[path.split(".").pop()] || "application/octet-stream";
    assets.set(new URL(path, pageBase).href, new Blob([bytes], { type }));
  }

  try {
    await Promise.all([...document.querySelectorAll("script[type='application/x-gm-asset']")].map(decode));
    const urlOf = (path) => URL.createObjectURL(assets.get(new URL(path, pageBase).href));
    const pyodideDir = new URL("static/vendor/pyodide/", pageBase).href;

    globalThis.fetch = (input, init) => {
      const raw = typeof input === "string" || input instanceof URL ? String(input) : input.url;
      const blob = assets.get(new URL(raw, document.baseURI).href);
      if (blob) return Promise.resolve(new Response(blob, { headers: { "Content-Type": blob.type } }));
      return realFetch(input, init);
    };

    // pyscript.toml's interpreter is static/pyodide-boot.mjs, which restores Python's memory
    // snapshot (static/python.snap.zst, inlined too, inflated by static/packed.mjs with
    // static/zstd.js). A blob: module has no folder of its own, so the relative URLs of these
    // modules are pinned to the page's folder, where the import map and fetch() above find the
    // inlined files.
    const bootURL = new URL("static/pyodide-boot.mjs", pageBase).href;
    const memoryURL = new URL("static/snapshot-memory.mjs", pageBase).href;
    const packedURL = new URL("static/packed.mjs", pageBase).href;
    // The inlined module at `url` as a blob: URL, its import.meta.url and the given specifiers
    // (their literal text → the URL they stand for) pinned.
    const pinned = async (url, specifiers = {}) => {
      let source = (await assets.get(url).text()).replaceAll("import.meta.url", JSON.stringify(url));
      for (const [specifier, target] of Object.entries(specifiers)) {
        source = source.replaceAll(JSON.stringify(specifier), JSON.stringify(target));
      }
      return URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    };
    const map = document.createElement("script");
    map.type = "importmap";
    map.textContent = JSON.stringify({ imports: {
      [bootURL]: await pinned(bootURL, {
        "./vendor/pyodide/pyodide.mjs": pyodideDir + "pyodide.mjs",
        "./snapshot-memory.mjs": memoryURL,
        "./packed.mjs": packedURL,
      }),
      [pyodideDir + "pyodide.mjs"]: urlOf("static/vendor/pyodide/pyodide.mjs"),
      [memoryURL]: urlOf("static/snapshot-memory.mjs"),
      [packedURL]: await pinned(packedURL),
      [new URL("static/zstd.js", pageBase).href]: urlOf("static/zstd.js"),
      [pyodideDir + "pyodide.asm.mjs"]: urlOf("static/vendor/pyodide/pyodide.asm.mjs"),
    } });
    document.head.append(map);
    await import(urlOf("static/vendor/pyscript/core.bundle.js"));
  } catch (error) {
    const loading = document.getElementById("loading");
    if (loading) loading.textContent = `Не удалось запустить Python из файла: ${error}`;
    console.error(error);
  }
})();
