// Saved data: one IndexedDB record per panel (kit/browser.py writes the whole record at once), and
// the journal one record per entry (static/journal-db.js, which opens the database for both).
// Each save is its own transaction with durability "strict" (the journal's: those asked for while
// one is on its way, together), so it is on disk when it completes and a killed browser loses at
// most the actions in flight (localStorage is written lazily).
// A save still in flight when the page goes away (a reload right after a click) is kept in
// localStorage by the pagehide handler, and carried into IndexedDB by the next load.
// Python calls these through globalThis.gmStorage and globalThis.gmJournal; every function
// returns a promise.
const { openDatabase: open, done, RECORDS: STORE } = globalThis.gmJournalDb;
const PENDING = "gm.pending.";
const PENDING_ENTRY = "gm.pending-journal."; // an entry's record ({id, t, p, e, j}), or {id, gone: true}
const inFlight = new Map(); // key → text of saves not yet committed
const entriesInFlight = new Map(); // entry id → its record (or {id, gone}) until its write commits
const TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`; // this tab, in the journal's news
const recordBytes = new Map(); // key → the UTF-8 size of its record's text (the footer's size: usage)
const keep = (key, text) => {
  if (typeof text === "string") recordBytes.set(key, gmJournalDb.utf8Bytes(text));
};

// Every record, as {key: text}; saves that were in flight when the last page went away win.
async function loadAll() {
  const db = await open();
  const transaction = db.transaction(STORE, "readonly");
  const records = {};
  const cursor = transaction.objectStore(STORE).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at) { records[at.key] = at.value; keep(at.key, at.value); at.continue(); }
  };
  await done(transaction, () => records);
  for (const name of Object.keys(localStorage).filter((k) => k.startsWith(PENDING))) {
    const key = name.slice(PENDING.length);
    records[key] = localStorage.getItem(name);
    // Kept in localStorage until a later load can move it.
    if ((await save(key, records[key])) === null) localStorage.removeItem(name);
  }
  await pendingEntries();
  return records;
}

// Journal entries whose write was in flight when the last page went away, carried into IndexedDB.
async function pendingEntries() {
  const names = Object.keys(localStorage).filter((k) => k.startsWith(PENDING_ENTRY));
  if (!names.length) return;
  const puts = [];
  const gone = [];
  for (const name of names) {
    try {
      const record = JSON.parse(localStorage.getItem(name));
      if (record?.gone) gone.push(String(record.id));
      else if (typeof record?.id === "string" && typeof record.j === "string") puts.push(record);
    } catch { /* not ours: dropped below */ }
  }
  try {
    await gmJournalDb.writeEntries(puts, gone, null);
    for (const name of names) localStorage.removeItem(name);
  } catch { /* kept in localStorage until a later load can move them */ }
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
    keep(key, text);
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
    get(key).then((text) => {
      if (typeof text !== "string") return;
      keep(key, text);
      changed(key, text);
    }, () => {});
  };
}
function onChange(callback) { changed = callback; }

// The page goes away with saves in flight: keep them where a synchronous write is possible.
addEventListener("pagehide", () => {
  for (const [key, text] of inFlight) {
    try { localStorage.setItem(PENDING + key, text); } catch { /* full: the save is lost, as said */ }
  }
  for (const [id, record] of entriesInFlight) {
    try { localStorage.setItem(PENDING_ENTRY + id, JSON.stringify(record)); } catch { /* lost, as said */ }
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
  await done(transaction, () => true);
  recordBytes.delete(key);
  return true;
}

// Ask the browser not to evict our data under storage pressure, and say how much is used.
async function persist() {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}

// [bytes, quota]: the GM's own data, the panels' records and the journal's entries as the texts
// they are saved as (UTF-8; the journal worker sums its entries' from its index), never the service
// worker's copies of the site (tens of megabytes). Where no journal worker runs (the saved file from
// disk, which has no service worker either) the browser's own figure for IndexedDB, or all it keeps.
async function usage() {
  const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : null;
  const quota = estimate?.quota ?? 0;
  if (gmJournal.usable()) {
    let size = null;
    try { size = JSON.parse(await gmJournal.ask("size", "{}")); } catch { size = null; }
    if (size?.ok) {
      let records = 0;
      for (const bytes of recordBytes.values()) records += bytes;
      return [records + size.bytes, quota];
    }
  }
  if (!estimate) return null;
  return [estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0, quota];
}

// What the page holds but has not asked to save yet (text typed since the last pause): settled()
// asks for it first, so that "settled" means the disk agrees with everything on the page.
let beforeSettled = null;
function onSettle(callback) { beforeSettled = callback; }

// Resolves once no save is in flight (tests and tools wait for the disk to agree with the page).
function settled() {
  try { beforeSettled?.(); } catch (error) { console.warn("could not save typed text", error); }
  return new Promise((resolve) => {
    const tick = () => (inFlight.size || entriesInFlight.size ? setTimeout(tick, 10) : resolve(true));
    tick();
  });
}

// ------------------------------------------------------------------ the journal, entry by entry

// The newest `newest` entries and each panel's newest `perPanel`, with the count of all (text:
// gmJournalDb.readHead).
async function journalHead(newest, perPanel) {
  return gmJournalDb.readHead(await open(), newest, perPanel);
}

// One action's journal changes (`records`: JSON text of [{id, t, p, e, j}], `gone`: ids, `since`:
// [time, id] this tab knew, `retire`: a records key removed with them). Resolves to the JSON text of
// the newer entries another tab wrote meanwhile ("[]": none), or to the name of what went wrong
// (never rejects). Other tabs and this tab's journal worker hear of it.
// Writes asked for while one is on its way to disk go together in the next transaction (their net
// effect, in the order asked): a burst of rolls waits for one disk flush, not one each.
const journalQueue = []; // [{puts, ids, since, retire, news, resolve}], oldest first
let journalWriting = false;

function journalWrite(records, gone, since = null, retire = null) {
  const puts = JSON.parse(records);
  const ids = Array.from(gone || [], String);
  for (const record of puts) entriesInFlight.set(record.id, record);
  for (const id of ids) entriesInFlight.set(id, { id, gone: true });
  const news = { put: puts, gone: ids };
  gmJournal.changed(news); // the worker's index: before any later request of this tab
  return new Promise((resolve) => {
    journalQueue.push({ puts, ids, since: since ? Array.from(since, String) : null, retire, news, resolve });
    if (!journalWriting) writeQueued();
  });
}

// The queued writes up to the first that retires a record (that one alone), as one transaction.
async function writeQueued() {
  journalWriting = true;
  while (journalQueue.length) {
    let take = 1;
    if (!journalQueue[0].retire) while (take < journalQueue.length && !journalQueue[take].retire) take += 1;
    const batch = journalQueue.splice(0, take);
    const net = new Map(); // id → record, or null: deleted
    for (const write of batch) {
      for (const record of write.puts) net.set(record.id, record);
      for (const id of write.ids) net.set(id, null);
    }
    const puts = [...net.values()].filter(Boolean);
    const ids = [...net].filter(([, record]) => record === null).map(([id]) => id);
    const marks = batch.map((w) => w.since).filter(Boolean);
    const since = marks.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a), marks[0] || null);
    let answer;
    try {
      answer = await gmJournalDb.writeEntries(puts, ids, since, batch[0].retire);
      for (const write of batch) journalChannel?.postMessage(write.news);
    } catch (error) {
      answer = null;
      const name = String(error?.name || error || "Error");
      for (const write of batch) write.resolve(name);
    } finally {
      for (const write of batch) {
        for (const record of write.puts) if (entriesInFlight.get(record.id) === record) entriesInFlight.delete(record.id);
        for (const id of write.ids) if (entriesInFlight.get(id)?.gone) entriesInFlight.delete(id);
      }
    }
    if (answer !== null) {
      // Another tab's newer entries go to the first write that asked (from the earliest mark).
      const first = batch.find((w) => w.since);
      for (const write of batch) write.resolve(write === first ? answer : "[]");
    }
  }
  journalWriting = false;
}

// How many entries the journal keeps (tests and tools).
async function journalCount() {
  const transaction = (await open()).transaction(gmJournalDb.STORE, "readonly");
  const request = transaction.objectStore(gmJournalDb.STORE).count();
  return done(transaction, () => request.result);
}

// Every entry's JSON, newest first (tests and tools read the journal so; the page never does).
async function journalEntries() {
  const texts = [];
  await gmJournalDb.readAll(await open(), (records) => { for (const record of records) texts.push(record.j); });
  return texts.reverse().map((text) => JSON.parse(text));
}

// Other tabs' journal changes: {put: [records], gone: [ids]} or {reload: true} (an import, an undo),
// handed to Python as JSON text.
const journalChannel = typeof BroadcastChannel === "function" ? new BroadcastChannel(gmJournalDb.CHANNEL) : null;
let journalHeard = null;
if (journalChannel) {
  journalChannel.onmessage = ({ data }) => {
    if (!journalHeard || !data || typeof data !== "object") return;
    if (data.reload && data.tab === TAB) return; // this tab's own import or undo: answered already
    if (data.reload) journalHeard(JSON.stringify({ reload: true }));
    else journalHeard(`{"put":[${(data.put || []).map((r) => r.j).join(",")}],"gone":${JSON.stringify(data.gone || [])}}`);
  };
}
function onJournal(callback) { journalHeard = callback; }

globalThis.gmStorage = {
  loadAll, get, save, remove, persist, usage, onChange, onSettle, settled,
  journalHead, journalWrite, journalCount, journalEntries, onJournal,
};

// ------------------------------------------------------------------ the journal worker

// gmJournal.ask(kind, argsJSON, file, onProgress) → Promise of the answer: its JSON text, or for an
// export {count, blob}, which is downloaded here (`args.filename`) and answered as {"ok", "count"}.
// The work runs in the journal worker (static/journal-worker.js); where no worker can run (the saved
// file from file://) the same Service runs on the page, its index built chunk by chunk.
const gmJournal = (() => {
  const usable = typeof Worker === "function" && location.protocol.startsWith("http");
  let worker = null;
  let local = null;
  let next = 1;
  const waiting = new Map(); // request id → {resolve, progress}

  function spawn() {
    // From the page's address, not import.meta: the saved file inlines this as a classic script.
    worker = new Worker(new URL("./static/journal-worker.js", document.baseURI));
    worker.onmessage = ({ data }) => {
      const request = waiting.get(data?.id);
      if (!request) return;
      if (data.progress) { request.progress(JSON.stringify(data.progress)); return; }
      waiting.delete(data.id);
      request.resolve(data.error ? JSON.stringify({ ok: false, code: "failed", failure: data.error }) : data.answer);
    };
    worker.onerror = () => {
      for (const request of waiting.values()) request.resolve(JSON.stringify({ ok: false, code: "failed", failure: "worker" }));
      waiting.clear();
      worker = null;
    };
  }

  function download(answer, filename) {
    const url = URL.createObjectURL(answer.blob);
    const link = Object.assign(document.createElement("a"), { href: url, download: filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  async function ask(kind, argsJson, chooser = null, onProgress = null) {
    const args = { ...JSON.parse(argsJson), tab: TAB };
    const file = chooser?.files ? chooser.files[0] || null : chooser; // a file input: its chosen file
    const progress = onProgress ? (text) => onProgress(text) : () => {};
    let answer;
    if (usable) {
      if (!worker) spawn();
      const id = next++;
      answer = await new Promise((resolve) => {
        waiting.set(id, { resolve, progress });
        worker.postMessage({ id, kind, args, file });
      });
    } else {
      local = local || new gmJournalDb.Service();
      try {
        answer = await local.ask(kind, args, file, (value) => progress(JSON.stringify(value)));
      } catch (error) {
        answer = JSON.stringify({ ok: false, code: "failed", failure: String(error?.name || error) });
      }
    }
    if (answer && typeof answer === "object" && "blob" in answer) {
      if (answer.blob && args.filename) download(answer, args.filename);
      return JSON.stringify({ ok: Boolean(answer.blob), count: answer.count || 0 });
    }
    return answer;
  }

  return {
    ask,
    usable: () => usable,
    // This tab's writes, in order with its requests (the worker's index stays exact): the worker
    // is started by the first of them if nothing asked for it yet, so it hears every one.
    changed(news) {
      if (usable) {
        if (!worker) spawn();
        worker.postMessage({ changed: news });
      } else {
        local = local || new gmJournalDb.Service();
        local.changed(news);
      }
    },
  };
})();
globalThis.gmJournal = gmJournal;
