// Saved data: one IndexedDB record per panel (kit/browser.py writes the whole record at once).
// Each save is its own transaction with durability "strict", so it is on disk when it completes
// and a killed browser loses at most the action in flight (localStorage is written lazily).
// A save still in flight when the page goes away (a reload right after a click) is kept in
// localStorage by the pagehide handler, and carried into IndexedDB by the next load.
// Python calls these through globalThis.gmStorage; every function returns a promise.
const DATABASE = "gm-dice";
const STORE = "records";
const PENDING = "gm.pending.";
const inFlight = new Map(); // key → text of saves not yet committed
let opening = null;

function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = (event) => reject(failure(event, request));
      request.onblocked = () => reject(new Error("the saved-data database is blocked by another tab"));
    });
    opening.catch(() => { opening = null; });
  }
  return opening;
}

// Why a transaction (or a request in it) failed, as a plain Error: a full disk fails late, on the
// transaction's error/abort events, and the event's own error (or null) is no exception object
// Python can take.
function failure(event, transaction) {
  const error = event?.target?.error || transaction.error;
  const failed = new Error(error?.message || "the transaction was aborted");
  failed.name = error?.name || "AbortError";
  return failed;
}

function done(transaction, value) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve(value());
    transaction.onerror = (event) => reject(failure(event, transaction));
    transaction.onabort = (event) => reject(failure(event, transaction));
  });
}

// Every record, as {key: text}; saves that were in flight when the last page went away win.
async function loadAll() {
  const db = await open();
  const transaction = db.transaction(STORE, "readonly");
  const records = {};
  const cursor = transaction.objectStore(STORE).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at) { records[at.key] = at.value; at.continue(); }
  };
  await done(transaction, () => records);
  for (const name of Object.keys(localStorage).filter((k) => k.startsWith(PENDING))) {
    const key = name.slice(PENDING.length);
    records[key] = localStorage.getItem(name);
    // Kept in localStorage until a later load can move it.
    if ((await save(key, records[key])) === null) localStorage.removeItem(name);
  }
  return records;
}

// Resolves to null once the record is on disk, to the name of what went wrong (never rejects:
// every failure, thrown at once or reported later by the transaction, reaches the caller alike),
// or to {current: text} when `base` is given and the record on disk is no longer it (another tab
// wrote since: nothing is written, the caller merges and saves again). `base` "" expects no
// record; null writes whatever is there. A save on disk is told to the other tabs.
async function save(key, text, base = null) {
  inFlight.set(key, text);
  let thrown = null; // a put refused at once, inside the get's handler (the transaction aborts)
  try {
    const db = await open();
    const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
    const store = transaction.objectStore(STORE);
    let current = null;
    if (base === null) {
      store.put(text, key);
    } else {
      const request = store.get(key);
      request.onsuccess = () => {
        const found = request.result ?? "";
        if (found !== base) { current = found; return; }
        try { store.put(text, key); } catch (error) { thrown = error; transaction.abort(); }
      };
    }
    await done(transaction, () => true);
    if (current !== null) return { current };
    channel?.postMessage({ key, text });
    return null;
  } catch (error) {
    return String((thrown || error)?.name || error || "Error");
  } finally {
    if (inFlight.get(key) === text) inFlight.delete(key);
  }
}

// Other tabs of this origin hear of every save (Python follows them through onChange).
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("gm-dice-records") : null;
let changed = null;
if (channel) {
  channel.onmessage = (event) => {
    // The record as it is on disk now: a message may be older than what this tab already has.
    const key = event.data?.key;
    if (typeof key !== "string" || !changed) return;
    get(key).then((text) => { if (typeof text === "string") changed(key, text); }, () => {});
  };
}
function onChange(callback) { changed = callback; }

// The page goes away with saves in flight: keep them where a synchronous write is possible.
addEventListener("pagehide", () => {
  for (const [key, text] of inFlight) {
    try { localStorage.setItem(PENDING + key, text); } catch { /* full: the save is lost, as said */ }
  }
});

async function get(key) {
  const db = await open();
  const transaction = db.transaction(STORE, "readonly");
  const request = transaction.objectStore(STORE).get(key);
  return done(transaction, () => request.result ?? null);
}

async function remove(key) {
  const db = await open();
  const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
  transaction.objectStore(STORE).delete(key);
  return done(transaction, () => true);
}

// Ask the browser not to evict our data under storage pressure, and say how much is used.
async function persist() {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}

async function usage() {
  if (!navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return [usage ?? 0, quota ?? 0];
}

// What the page holds but has not asked to save yet (text typed since the last pause): settled()
// asks for it first, so that "settled" means the disk agrees with everything on the page.
let beforeSettled = null;
function onSettle(callback) { beforeSettled = callback; }

// Resolves once no save is in flight (tests and tools wait for the disk to agree with the page).
function settled() {
  try { beforeSettled?.(); } catch (error) { console.warn("could not save typed text", error); }
  return new Promise((resolve) => {
    const tick = () => (inFlight.size ? setTimeout(tick, 10) : resolve(true));
    tick();
  });
}

globalThis.gmStorage = { loadAll, get, save, remove, persist, usage, onChange, onSettle, settled };
