// The page's side of the program runner, for kit/browser_compute.py: a user's lab program runs in
// an <iframe sandbox="allow-scripts"> (never allow-same-origin) made from static/runner.html, whose
// worker has an opaque origin the browser enforces: no IndexedDB, localStorage, caches, service
// worker, cookies or DOM of the site, and (its CSP) no network. The page fetches the runtime's
// files itself (the service worker has them offline) and hands them over; program text goes in,
// the answer's JSON text comes out, and it is taken here as untrusted: from that iframe only (its
// message not even read otherwise), for the request asked, a string of at most MAX_ANSWER
// characters, and no more than MAX_HEARD messages from one runner (a flood ends it). The page does
// not read the text: it hands it on to the compute worker, which checks it (panels/notation/lab_answer.py).
// The files are read once per page, as Blobs (immutable data; Chromium keeps a cached response's
// blob on disk), and every runner gets the same ones: a fresh runner then copies nothing on the
// page's side (before, each one read ~45 MB into ArrayBuffers again and transferred them).
// Every answer, the time budget, Cancel and a new request remove the iframe, which ends everything
// the program started (its worker, timers, hooks, memory); a fresh runner starts in its place.
//   gmRunner.request(job, argsJSON, timeoutMs) → Promise of {value: the answer's JSON as UTF-8 bytes
//   (an ArrayBuffer the runner's document handed over), length: its bytes}
//   or, when the runner did not answer, {code} (timeout, cancelled, superseded, unavailable,
//   bad_answer: too long, or a flood).
import { packedBlob } from "./packed.mjs";

const STATIC = new URL("./", import.meta.url);
const MAX_ANSWER = 2_000_000; // characters of JSON: panels/notation/lab_answer.py MAX_REPLY (runner.html too)
const MAX_HEARD = 4; // messages of one runner: it says it is ready, then answers once
const START_BUDGET_MS = 120_000; // a cold runner reads ~45 MB and starts Python: seconds, not minutes
const FILES = [
  "runner-worker.js",
  "python-worker.mjs",
  "snapshot-memory.mjs",
  "worker-files.json",
  "vendor/pyodide/pyodide.mjs",
  "vendor/pyodide/pyodide-lock.json",
];
// Read packed and inflated here (static/packed.mjs), as the page and the compute worker read them:
// a first visit downloads each once (the service worker answers inflated copies), and the runner's
// worker, which may not fetch, gets them ready to use. Its name for each → the file the site ships.
const PACKED = {
  "python.snap.zst": "python.snap.zst",
  "vendor/pyodide/pyodide.asm.mjs": "vendor/pyodide/pyodide.asm.mjs.gz",
  "vendor/pyodide/pyodide.asm.wasm": "vendor/pyodide/pyodide.asm.wasm.zst",
  "vendor/pyodide/python_stdlib.zip": "vendor/pyodide/python_stdlib.zip.zst",
};
const usable = typeof Worker === "function" && location.protocol.startsWith("http");
let runner = null; // {frame, ready: Promise, started: {resolve, reject}, heard}
let current = null; // {id, resolve, timer}
let nextId = 1;
let generation = 0; // runners started (each iframe is marked with its number)
let lastBoot = ""; // how the last runner's Python started ("snapshot" or "fresh"), for tests

const failure = (code) => ({ code });

async function read(path) {
  const response = await fetch(new URL(path, STATIC));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.blob();
}

let kept = null; // Promise of {path: Blob}, read once for the page's life (a failed read is retried)

function runtimeFiles() {
  if (!kept) {
    kept = (async () => {
      const listed = JSON.parse(await (await read("worker-files.json")).text());
      const paths = [...FILES, ...listed.map(([source]) => source)];
      const files = {};
      await Promise.all([
        ...paths.map(async (path) => { files[path] = await read(path); }),
        ...Object.entries(PACKED).map(async ([path, packed]) => { files[path] = await packedBlob(new URL(packed, STATIC)); }),
      ]);
      return files;
    })();
    kept.catch(() => { kept = null; });
  }
  return kept;
}

function spawn() {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.className = "program-runner";
  frame.title = "program runner";
  frame.hidden = true;
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.dataset.generation = String(++generation);
  const mine = { frame, started: null, heard: 0 };
  mine.ready = new Promise((resolve, reject) => { mine.started = { resolve, reject }; });
  mine.ready.catch(() => {});
  runner = mine;
  (async () => {
    const [html, files] = await Promise.all([read("runner.html").then((blob) => blob.text()), runtimeFiles()]);
    if (runner !== mine) return;
    await new Promise((resolve) => {
      frame.addEventListener("load", resolve, { once: true });
      frame.srcdoc = html;
      document.body.append(frame);
    });
    if (runner !== mine) return;
    frame.contentWindow.postMessage({ files }, "*"); // Blobs are cloned by reference: no copy
  })().catch((error) => mine.started.reject(error));
}

function kill() {
  if (!runner) return;
  runner.started.reject(new Error("stopped"));
  runner.frame.remove();
  runner = null;
}

function settle(answer) {
  if (!current) return;
  clearTimeout(current.timer);
  const { resolve } = current;
  current = null;
  resolve(answer);
}

// One runner serves one program: whatever a program left behind (timers, hooks on postMessage,
// memory) ends with it. The next runner starts at once, so the next run finds it warm.
function fresh() {
  kill();
  if (usable) spawn();
}

function stop(code) {
  if (!current) return;
  if (code === "unavailable") kill(); else fresh();
  settle(failure(code));
}

addEventListener("message", (event) => {
  // The source first: a message's data is copied into the page when it is first read.
  if (!runner || !runner.frame.contentWindow || event.source !== runner.frame.contentWindow) return;
  runner.heard += 1;
  if (runner.heard > MAX_HEARD) { // more than a runner ever says: it is ended, unread
    if (current) stop("bad_answer"); else fresh();
    return;
  }
  const { data } = event;
  if (!data || typeof data !== "object") return;
  if ("ready" in data) {
    lastBoot = typeof data.boot === "string" ? data.boot : "";
    if (data.ready === true) runner.started.resolve();
    else runner.started.reject(new Error("the program runner did not start"));
    return;
  }
  if (!current || data.id !== current.id) return; // an answer nobody is waiting for
  const good = data.json instanceof ArrayBuffer && data.json.byteLength <= 3 * MAX_ANSWER; // UTF-8
  settle(good ? { value: data.json, length: data.json.byteLength } : failure("bad_answer"));
  fresh();
});

// A GM about to run a program (the program box or its button focused, the pointer on the button)
// gets a runner started meanwhile, so the click finds it warm or on its way. Nothing runs in it
// until a request; a link or a saved lab focuses neither, so they still start no runner.
const ABOUT_TO_RUN = "#lab-program, #lab-program-run";
function aboutToRun({ target }) {
  if (!runner && usable && target instanceof Element && target.matches(ABOUT_TO_RUN)) spawn();
}
document.addEventListener("focusin", aboutToRun);
document.addEventListener("pointerover", aboutToRun);

globalThis.gmRunner = {
  available: () => usable,
  busy: () => current !== null,
  running: () => runner !== null,
  boot: () => lastBoot,
  request(job, args, timeoutMs) {
    if (current) stop("superseded");
    if (!runner && usable) spawn();
    const id = nextId++;
    const mine = runner;
    return new Promise((resolve) => {
      // The budget counts from the program's start; a runner that never comes up is stopped too.
      current = { id, resolve, timer: setTimeout(() => stop("unavailable"), START_BUDGET_MS) };
      if (!mine) { settle(failure("unavailable")); return; }
      mine.ready.then(
        () => {
          if (current?.id !== id || runner !== mine) return;
          clearTimeout(current.timer);
          current.timer = setTimeout(() => stop("timeout"), timeoutMs);
          mine.frame.contentWindow.postMessage({ id, job, args }, "*");
        },
        () => { if (current?.id === id) { kill(); settle(failure("unavailable")); } },
      );
    });
  },
  cancel: () => stop("cancelled"),
};
