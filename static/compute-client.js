// The page's side of the compute worker (static/compute-worker.mjs), for kit/browser_compute.py.
// One job at a time: a new request, Cancel or a job past its time budget terminates the worker and
// starts a fresh one, so the page never waits on a computation it no longer wants.
// gmCompute.request(job, argsJSON, timeoutMs) → Promise of the answer's JSON text
// ({"ok": true, "result": …} or {"ok": false, "error": {"code", "params"}}).
const WORKER = new URL("./compute-worker.mjs", import.meta.url);
let worker = null;
let starting = null;
let current = null; // {id, resolve, timer}
let nextId = 1;
let usable = typeof Worker === "function" && location.protocol.startsWith("http");

function settle(json) {
  if (!current) return;
  clearTimeout(current.timer);
  const { resolve } = current;
  current = null;
  resolve(json);
}

const failure = (code) => JSON.stringify({ ok: false, error: { code, params: {} } });

function spawn() {
  worker = new Worker(WORKER, { type: "module" });
  starting = new Promise((resolve, reject) => {
    const first = ({ data }) => {
      if (!("ready" in data)) return;
      worker.removeEventListener("message", first);
      if (data.ready) resolve(); else reject(new Error(data.error));
    };
    worker.addEventListener("message", first);
    worker.addEventListener("error", (event) => reject(new Error(event.message || "the worker failed")), { once: true });
  });
  starting.catch(() => { usable = false; });
  worker.addEventListener("message", ({ data }) => {
    if (!current || data.id !== current.id) return;
    settle(data.json);
    if (data.restart) restartWorker();
  });
}

function restartWorker() {
  if (worker) worker.terminate();
  worker = null;
  if (usable) spawn();
}

function stop(code) {
  if (!current) return;
  restartWorker();
  settle(failure(code));
}

globalThis.gmCompute = {
  // Start the worker in the background (once the page is ready).
  warm() {
    if (usable && !worker) spawn();
    return starting ? starting.then(() => true, () => false) : Promise.resolve(false);
  },
  available: () => usable,
  busy: () => current !== null,
  request(job, args, timeoutMs) {
    if (current) stop("superseded");
    if (!worker && usable) spawn();
    const id = nextId++;
    return new Promise((resolve) => {
      current = { id, resolve, timer: setTimeout(() => stop("timeout"), timeoutMs) };
      starting.then(
        () => worker.postMessage({ id, job, args }),
        () => { if (current?.id === id) settle(failure("unavailable")); },
      );
    });
  },
  cancel: () => stop("cancelled"),
};
