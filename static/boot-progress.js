// What the page is doing before Python, on a slow first visit: the loading line (#loading, the
// shell's markup, floating over the bottom of the screen: static/app.css) is in the first screen
// of whatever is shown, the start view, a panel or a rules page, and says how many of the
// runtime's bytes have arrived («Загружается Python: 6 из 15 МБ»), in the saved language. Python
// hides it once the panel on screen is usable; nothing in the page moves then
// (kit.browser_dom.mark_interactive). tools/build.py fills in the runtime's files with their sizes
// and the words (panels/shell/text.py). A classic script in <head>: it wraps fetch() before
// Pyodide or static/pyodide-boot.mjs ask for anything, and reads each tracked body from a clone,
// so what Pyodide gets is the response itself (its wasm code cache keys on that response's URL).
// Served by the service worker (a warm start) the files take no time and are not counted.
(() => {
  const FILES = "__BOOT_FILES__";
  const WORDS = "__BOOT_WORDS__";
  if (typeof FILES !== "object" || typeof WORDS !== "object" || !location.protocol.startsWith("http")) return;
  let lang = "ru";
  try { lang = JSON.parse(localStorage.getItem("gm.lang")) === "en" ? "en" : "ru"; } catch { lang = "ru"; }
  const words = WORDS[lang];
  const sizes = new Map(Object.entries(FILES).map(([path, size]) => [new URL(path, document.baseURI).href, size]));
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const received = new Map(); // URL → bytes so far
  const counting = !navigator.serviceWorker?.controller;

  const megabytes = (bytes) => {
    const value = bytes / 1e6;
    const text = value < 10 ? value.toFixed(1) : String(Math.round(value));
    return lang === "ru" ? text.replace(".", ",") : text;
  };
  let drawing = false;
  const draw = () => {
    drawing = false;
    const line = document.getElementById("loading");
    const text = line?.querySelector("span:not(.spinner)");
    if (!text || line.hidden) return;
    let got = 0;
    for (const [url, bytes] of received) got += Math.min(bytes, sizes.get(url));
    text.textContent = !counting || got >= total
      ? words.starting
      : words.bytes.replace("{got}", megabytes(got)).replace("{total}", megabytes(total));
    line.dataset.bytes = String(got);
  };
  const redraw = () => {
    if (!drawing) { drawing = true; requestAnimationFrame(draw); }
  };
  const note = (url, bytes) => {
    received.set(url, Math.max(received.get(url) || 0, bytes));
    redraw();
  };

  if (counting) {
    const realFetch = globalThis.fetch.bind(globalThis);
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = response.url.split(/[?#]/)[0];
      if (!sizes.has(url) || !response.body || !response.ok) return response;
      (async () => {
        const reader = response.clone().body.getReader();
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          note(url, bytes);
        }
      })().catch(() => {});
      return response;
    };
    // Modules (pyodide.asm.mjs) are imported, not fetched: counted whole once they arrive. Where the
    // host compresses, the module is imported by its plain name (static/packed.mjs), for its .gz.
    new PerformanceObserver((list) => {
      for (const { name } of list.getEntries()) {
        const url = sizes.has(name) ? name : `${name}.gz`;
        if (sizes.has(url)) note(url, sizes.get(url));
      }
    }).observe({ type: "resource", buffered: true });
  }

  document.addEventListener("DOMContentLoaded", redraw);
})();
