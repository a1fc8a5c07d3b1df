// The page's side of the compute worker (static/compute-worker.mjs), for kit/browser_compute.py.
// One warm worker, kept for the page's life: its Python, caches and compiled code stay hot, so a
// small job costs a message, not a start. The page waits for one request at a time:
// - a new request supersedes the one it waited for, whose answer is dropped (it resolves with the
//   error "superseded" at once). The worker finishes the job it is running, within
//   SUPERSEDED_GRACE_MS; past that it is restarted, as starting one is cheaper than waiting more.
//   A request waiting behind it is never sent, so a dropped job that has not started never runs;
// - Cancel, the time budget and a crash (the worker's error, or a job that failed in Python)
//   terminate the worker and start a fresh one.
// gmCompute.request(job, argsJSON, timeoutMs) → Promise of the answer's JSON text (argsJSON may
// also be its UTF-8 bytes: a long text crosses from Python so, see static/prefs.js gmText; they
// go to the worker as bytes, decoded there);
// gmCompute.requestBytes(job, argsJSON, timeoutMs, fields) the same, the answer as UTF-8 bytes (a
// Python callback given to a promise's then() would receive the text converted one character at a
// time), encoded by the worker and handed over: a megabyte answer costs the main thread no
// encoding. `fields` ({name: text area}, or null) are arguments read from their fields now, as
// they are, and put into argsJSON by the worker: a pasted log never goes through Python to get there
// (a field's value may be an ArrayBuffer of UTF-8: the program runner's answer, decoded there).
// ({"ok": true, "result": …} or {"ok": false, "error": {"code", "params"}}).
// gmCompute.generation() is the number of workers started (tests check that one is reused);
// gmCompute.asked() the number of requests made (tests check a job went to the worker at all).
const WORKER = new URL("./compute-worker.mjs", import.meta.url);
const SUPERSEDED_GRACE_MS = 1500;
let worker = null;
let starting = null; // resolves once this worker's Python is up
let generation = 0;
let current = null; // the request the page waits for: {id, job, args, resolve, timer, sent}
let running = null; // the job the worker is computing: {id, grace} (grace: its superseded deadline)
let nextId = 1;
let usable = typeof Worker === "function" && location.protocol.startsWith("http");

const failure = (code) => JSON.stringify({ ok: false, error: { code, params: {} } });

function settle(json) {
  if (!current) return;
  clearTimeout(current.timer);
  const { resolve } = current;
  current = null;
  resolve(json);
}

function spawn() {
  const mine = new Worker(WORKER, { type: "module" });
  worker = mine;
  generation += 1;
  starting = new Promise((resolve, reject) => {
    const first = ({ data }) => {
      if (!("ready" in data)) return;
      mine.removeEventListener("message", first);
      if (data.ready) resolve(); else reject(new Error(data.error));
    };
    mine.addEventListener("message", first);
    mine.addEventListener("error", (event) => reject(new Error(event.message || "the worker failed")), { once: true });
  });
  starting.catch(() => {
    if (worker !== mine) return;
    usable = false;
    settle(failure("unavailable"));
  });
  mine.addEventListener("message", ({ data }) => {
    if (worker !== mine || !running || data.id !== running.id) return;
    clearTimeout(running.grace);
    running = null;
    if (current?.id === data.id && data.blob && current.download) offer(data.blob, current.download[0]);
    if (current?.id === data.id) settle(data.json); // else a superseded answer: dropped
    if (data.restart) restartWorker(); // a failed job or a heap grown past its bound
    send();
  });
  mine.addEventListener("error", () => {
    // A crash while computing: the job's request (if still wanted) fails; a fresh worker follows.
    if (worker !== mine || !running) return;
    const crashed = running.id;
    restartWorker();
    if (current?.id === crashed) settle(failure("internal"));
  });
}

function restartWorker() {
  if (worker) worker.terminate();
  if (running) clearTimeout(running.grace);
  worker = null;
  running = null;
  if (current) current.sent = false; // it goes again, to the fresh worker
  if (usable) {
    spawn();
    send();
  }
}

// A job's text result as a download (kit.panel.Compute(download=…)).
function offer(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Post the awaited request once the worker is up and free.
function send() {
  if (!current || current.sent || running || !worker) return;
  const mine = worker;
  const request = current;
  starting.then(() => {
    if (worker !== mine || current !== request || request.sent || running) return;
    request.sent = true;
    running = { id: request.id, grace: null };
    const { id, job, args, bytes, texts, journal, download } = request;
    mine.postMessage({ id, job, args, bytes, texts, journal, download });
  }, () => {});
}

function stop(code) {
  if (!current) return;
  restartWorker(); // its job, or the superseded one it waits behind
  settle(failure(code));
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

// The answer's JSON: text, or UTF-8 bytes where `bytes` asked the worker for them (the kit's own
// refusals here are text either way).
function ask(job, args, timeoutMs, bytes, texts = null, more = null) {
  const { journal = null, download = null } = more ? JSON.parse(more) : {};
  if (current) settle(failure("superseded"));
  if (running && running.grace === null) running.grace = setTimeout(restartWorker, SUPERSEDED_GRACE_MS);
  if (!worker && usable) spawn();
  const id = nextId++;
  return new Promise((resolve) => {
    if (!usable) { resolve(failure("unavailable")); return; }
    current = { id, job, args, bytes, texts, journal, download, resolve, sent: false, timer: setTimeout(() => stop("timeout"), timeoutMs) };
    send();
  });
}

globalThis.gmCompute = {
  // Start the worker in the background (once the page is ready).
  warm() {
    if (usable && !worker) spawn();
    return starting ? starting.then(() => true, () => false) : Promise.resolve(false);
  },
  available: () => usable,
  busy: () => current !== null,
  generation: () => generation,
  asked: () => nextId - 1,
  request(job, args, timeoutMs) {
    return ask(job, args, timeoutMs, false).then((json) => (typeof json === "string" ? json : decoder.decode(json)));
  },
  // `more`: JSON of {journal: a selection whose entries the worker puts into the job's arguments,
  // download: [file name, type] of a text result it hands over as a file} (kit.panel.Compute).
  requestBytes(job, args, timeoutMs, fields = null, more = null) {
    const texts = fields ? Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.value])) : null;
    return ask(job, args, timeoutMs, true, texts, more).then((json) => (typeof json === "string" ? encoder.encode(json) : json));
  },
  cancel: () => stop("cancelled"),
};
