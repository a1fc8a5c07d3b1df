// The journal of a whole campaign, kept entry by entry in IndexedDB (README «Saved data»).
//
// Database "gm-dice", version 2: the store "records" (a panel's or a shared value's record, by key:
// static/storage.js) and the store "journal", one record per entry, keyed by the entry's id:
//   {id, t: its time, p: its panel, e: its evening's id, j: the entry's JSON text, b: the import it
//   came with (imported entries only, so that an import can be undone)}
// with the indexes "order" [t, id] (newest last), "panel" [p, t, id], "evening" [e, t, id] and
// "batch" b. An action writes only the entries it adds or changes (one small transaction), so a
// roll costs the same with 10 entries as with 100,000.
//
// Everything that reads the whole journal runs in the journal worker (static/journal-worker.js),
// never on the page's main thread: its index (each entry's id, time, panel, evening, characters and
// lower-cased words, not its JSON) answers a filter or a search, the import checks and writes a file
// of 100,000 entries in chunks, the exports are made as Blobs. Where no worker can run (the saved
// file from file://) the same code runs on the page (`Service`).
//
// Loaded as a classic script by the page (before static/storage.js) and by the journal worker
// (importScripts), and as a module by the compute worker: it only defines globalThis.gmJournalDb.
(() => {
  "use strict";

  const DATABASE = "gm-dice";
  const VERSION = 2;
  const RECORDS = "records";
  const STORE = "journal";
  const CHANNEL = "gm-dice-journal"; // tabs and workers hear of each other's journal changes
  // The bounds of an entry (kit/journal.py, kit/roll.py, kit/evening.py, kit/journal_store.py:
  // tests/unit/test_journal_js.py holds them equal).
  const LIMITS = {
    id: 80, time: 40, panel: 40, ru: 4000, en: 4000, who: 200, why: 200, public: 4000,
    outcome: 80, rule: 80, dice: 1000, odds: 24, digits: 1000, face: 1000000, eveningId: 80,
    entryChars: 20000, entryDepth: 12, kept: 200000, gapMs: 6 * 3600 * 1000, futureMs: 24 * 3600 * 1000,
  };
  const CHUNK = 2000; // entries an import writes in one transaction, then says how far it got
  const READ = 5000; // entries read at once to build the index or to export

  // ------------------------------------------------------------------ the database

  let opening = null;

  function openDatabase() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open(DATABASE, VERSION);
        request.onupgradeneeded = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(RECORDS)) db.createObjectStore(RECORDS);
          if (!db.objectStoreNames.contains(STORE)) {
            const journal = db.createObjectStore(STORE, { keyPath: "id" });
            journal.createIndex("order", ["t", "id"]);
            journal.createIndex("panel", ["p", "t", "id"]);
            journal.createIndex("evening", ["e", "t", "id"]);
            journal.createIndex("batch", "b");
          }
        };
        request.onsuccess = () => {
          const db = request.result;
          db.onversionchange = () => { db.close(); opening = null; }; // a newer version wants it
          resolve(db);
        };
        request.onerror = (event) => reject(failure(event, request));
        request.onblocked = () => reject(new Error("the saved-data database is blocked by another tab"));
      });
      opening.catch(() => { opening = null; });
    }
    return opening;
  }

  // Why a transaction (or a request in it) failed, as a plain Error: a full disk fails late, on the
  // transaction's error/abort events, and the event's own error (or null) is no exception object.
  function failure(event, transaction) {
    const error = event?.target?.error || transaction.error;
    const failed = new Error(error?.message || "the transaction was aborted");
    failed.name = error?.name || "AbortError";
    return failed;
  }

  function done(transaction, value = () => true) {
    return new Promise((resolve, reject) => {
      transaction.oncomplete = () => resolve(value());
      transaction.onerror = (event) => reject(failure(event, transaction));
      transaction.onabort = (event) => reject(failure(event, transaction));
    });
  }

  const key = (record) => [record.t, record.id];
  const before = (a, b) => (a[0] < b[0] ? true : a[0] > b[0] ? false : a[1] < b[1]); // by [time, id]

  // Walk `request` (a cursor) to its end or `limit` values, calling `each(cursor)`; `end()` once.
  function walk(request, limit, each, end = () => {}) {
    let seen = 0;
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || seen >= limit) { end(); return; }
      seen += 1;
      if (each(cursor) !== false) cursor.continue();
      else end();
    };
  }

  // ------------------------------------------------------------------ what the filters read

  // Python's whitespace (str.isspace), so that a character's name is cut as kit/journal.py cuts it.
  const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const STRIP = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const SEP = "\u0001";
  const WORDS = "\u0002"; // between entries' words in the index's one text (Index.searched)

  function names(who) {
    return String(who).replaceAll("→", ",").split(",").map((n) => n.replace(STRIP, "")).filter((n) => n);
  }

  const text = (entry, name) => (typeof entry[name] === "string" ? entry[name] : "");

  // Every set of odds the rolls carry, once (its text → its id): a roll's facts keep the id.
  const ODDS = new Map();
  const ODDS_OF = [];
  function oddsId(odds) {
    if (!odds || typeof odds !== "object" || Array.isArray(odds) || !Object.keys(odds).length) return null;
    const key = JSON.stringify(Object.keys(odds).sort().map((code) => [code, odds[code]]));
    let id = ODDS.get(key);
    if (id === undefined) {
      id = ODDS_OF.length;
      ODDS.set(key, id);
      ODDS_OF.push(odds);
    }
    return id;
  }

  // What the statistics read of an entry's roll (panels/journal/statistics.py tally_of_json, the
  // same checks): null for no roll; its key [who, rule, outcome, p, below, odds id] as JSON text
  // (null where one of the first three is no text: counted nowhere, unless it is secret), whether
  // it was typed in from the table, its rule and its dice ([sides, face] of whole numbers).
  function rolled(entry) {
    const roll = entry.roll;
    if (!roll || typeof roll !== "object" || Array.isArray(roll)) return null;
    const who = Object.prototype.hasOwnProperty.call(entry, "who") ? entry.who : "";
    if (typeof roll.rule !== "string" || typeof roll.outcome !== "string" || typeof who !== "string") {
      return { key: null, hand: false, rule: "", dice: null };
    }
    const fraction = (value) => (typeof value === "string" ? value : "");
    const key = JSON.stringify([who, roll.rule, roll.outcome, fraction(roll.p), fraction(roll.below), oddsId(roll.odds)]);
    const dice = Array.isArray(roll.dice) && roll.dice.length
      ? roll.dice.filter((die) => Array.isArray(die) && die.length === 2 && Number.isInteger(die[0]) && Number.isInteger(die[1]))
      : null;
    return { key, hand: roll.by_hand === true, rule: roll.rule, dice };
  }

  // The UTF-8 size of a text, without making its bytes (a record's share of the saved data).
  function utf8Bytes(text) {
    let bytes = text.length;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
    }
    return bytes;
  }

  // What the index keeps of an entry (its parsed JSON; `json`: its record's text, for its size):
  // no sentence kept whole, only its words.
  function facts(entry, json = "") {
    const secret = entry.hidden === true && entry.revealed !== true;
    const shown = secret ? [text(entry, "public_ru"), text(entry, "public_en")] : [text(entry, "ru"), text(entry, "en")];
    const evening = entry.evening && typeof entry.evening === "object" ? entry.evening : null;
    return {
      id: entry.id,
      t: text(entry, "time"),
      p: entry.panel,
      e: typeof evening?.id === "string" ? evening.id : "",
      date: typeof evening?.date === "string" ? evening.date : "",
      names: names(text(entry, "who")),
      words: [...shown, text(entry, "who"), text(entry, "why")].map((w) => w.toLowerCase()).join(SEP),
      secret,
      roll: rolled(entry),
      bytes: utf8Bytes(json),
    };
  }

  // kit.journal.Filter.keeps, over facts.
  function matches(f, filter) {
    if (filter.who && !f.names.includes(filter.who)) return false;
    if (filter.panel && f.p !== filter.panel) return false;
    if (filter.evening && f.e !== filter.evening) return false;
    if (filter.search) {
      const needle = String(filter.search).toLowerCase();
      if (needle.includes(SEP)) return f.words.split(SEP).some((w) => w.includes(needle));
      return f.words.includes(needle);
    }
    return true;
  }

  // ------------------------------------------------------------------ checking an imported entry

  const own = (raw, name) => Object.prototype.hasOwnProperty.call(raw, name);
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  // A string's length in code points, as Python counts it.
  function points(s) {
    let n = s.length;
    for (let i = 0; i + 1 < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { n -= 1; i += 1; }
      }
    }
    return n;
  }
  const fits = (s, limit) => s.length <= limit || points(s) <= limit;

  const RULE = /^[a-z][a-z0-9_]{0,19}(?:\.[a-z0-9_]{1,20}){0,3}$/;
  const FRACTION = new RegExp(`^([0-9]{1,${LIMITS.digits}})/([0-9]{1,${LIMITS.digits}})$`);
  const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
  const TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$/;

  function fraction(raw) {
    const found = typeof raw === "string" ? FRACTION.exec(raw) : null;
    if (!found) return null;
    const [n, d] = [BigInt(found[1]), BigInt(found[2])];
    return d === 0n || n > d ? null : [n, d];
  }

  const whole = (v) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= LIMITS.face;

  // kit.roll.roll_from_json's checks: null if `raw` is a roll.
  function rollProblem(raw) {
    if (!isObject(raw)) return "roll";
    const rule = own(raw, "rule") ? raw.rule : null;
    if (typeof rule !== "string" || rule.length > LIMITS.rule || !RULE.test(rule)) return "roll";
    const outcome = own(raw, "outcome") ? raw.outcome : null;
    if (typeof outcome !== "string" || outcome.length === 0 || !fits(outcome, LIMITS.outcome)) return "roll";
    const p = fraction(own(raw, "p") ? raw.p : null);
    if (!p) return "roll";
    const below = own(raw, "below") && raw.below !== null ? fraction(raw.below) : undefined;
    if (below === null) return "roll";
    if (below && below[0] * p[1] > (p[1] - p[0]) * below[1]) return "roll";
    const dice = own(raw, "dice") ? raw.dice : [];
    if (!Array.isArray(dice) || dice.length > LIMITS.dice) return "roll";
    for (const die of dice) {
      if (!Array.isArray(die) || die.length !== 2 || !whole(die[0]) || !whole(die[1]) || die[0] < 1) return "roll";
    }
    if (own(raw, "total") && raw.total !== null && !whole(raw.total)) return "roll";
    if (own(raw, "by_hand") && typeof raw.by_hand !== "boolean") return "roll";
    return own(raw, "odds") && raw.odds !== null ? oddsProblem(raw.odds, outcome, p) : null;
  }

  // Every outcome's odds (kit.roll._check_odds): at most LIMITS.odds, each a fraction, summing to
  // exactly 1, the roll's own outcome at p.
  function oddsProblem(odds, outcome, p) {
    if (!isObject(odds)) return "roll";
    const codes = Object.keys(odds);
    if (codes.length === 0) return null; // none kept
    if (codes.length > LIMITS.odds) return "roll";
    let [n, d] = [0n, 1n];
    for (const code of codes) {
      if (code.length === 0 || !fits(code, LIMITS.outcome)) return "roll";
      const q = fraction(odds[code]);
      if (!q) return "roll";
      [n, d] = [n * q[1] + q[0] * d, d * q[1]];
    }
    if (n !== d) return "roll";
    const own_ = own(odds, outcome) ? fraction(odds[outcome]) : null;
    return own_ && own_[0] * p[1] === p[0] * own_[1] ? null : "roll";
  }

  const TEXTS = { id: LIMITS.id, time: LIMITS.time, panel: LIMITS.panel, ru: LIMITS.ru, en: LIMITS.en, who: LIMITS.who, why: LIMITS.why };

  // kit.journal.entry_from_json's checks: null if `raw` is an entry, else what is wrong with it.
  function entryProblem(raw) {
    if (!isObject(raw)) return "entry";
    for (const [name, limit] of Object.entries(TEXTS)) {
      const value = own(raw, name) ? raw[name] : "";
      if (typeof value !== "string" || !fits(value, limit)) return "entry";
    }
    if (!raw.id || !raw.panel) return "entry";
    for (const name of ["hidden", "revealed"]) {
      if (own(raw, name) && typeof raw[name] !== "boolean") return "entry";
    }
    for (const name of ["public_ru", "public_en"]) {
      const value = own(raw, name) ? raw[name] : "";
      if (typeof value !== "string" || !fits(value, LIMITS.public)) return "entry";
    }
    if (own(raw, "roll") && raw.roll !== null && rollProblem(raw.roll)) return "entry";
    if (own(raw, "evening") && raw.evening !== null) {
      const evening = raw.evening;
      if (!isObject(evening)) return "entry";
      const id = own(evening, "id") ? evening.id : null;
      const date = own(evening, "date") ? evening.date : "";
      if (typeof id !== "string" || id.length === 0 || !fits(id, LIMITS.eveningId)) return "entry";
      if (typeof date !== "string" || !(date === "" || DATE.test(date))) return "entry";
    }
    return null;
  }

  // How deep a parsed value nests (kit.bounded_json counts brackets the same way), without recursion.
  function depth(value) {
    let deepest = 0;
    const stack = [[value, 0]];
    while (stack.length) {
      const [item, level] = stack.pop();
      if (item === null || typeof item !== "object") continue;
      deepest = Math.max(deepest, level + 1);
      for (const inner of Array.isArray(item) ? item : Object.values(item)) stack.push([inner, level + 1]);
    }
    return deepest;
  }

  // What makes an entry of a file refused beyond entry_from_json's checks (kit.journal_store.
  // import_problem): a time that is neither ISO to the second nor empty, one more than a day ahead of
  // `latest` (it would stay on top of the journal), or too big or too deep to keep as one record.
  function importProblem(raw, json, latest) {
    const problem = entryProblem(raw);
    if (problem) return problem;
    if (raw.time !== undefined && raw.time !== "" && !TIME.test(raw.time)) return "entry";
    if (raw.time && raw.time > latest) return "future";
    if (json.length > LIMITS.entryChars || depth(raw) > LIMITS.entryDepth) return "oversized";
    return null;
  }

  // ------------------------------------------------------------------ evenings (kit/evening.py)

  const moment = (time) => {
    const found = TIME.exec(time) ? time : null;
    if (!found) return null;
    const [date, clock] = time.split("T");
    const [y, m, d] = date.split("-").map(Number);
    const [hh, mm, ss] = clock.split(":").map(Number);
    return Date.UTC(y, m - 1, d, hh, mm, ss); // naive local times, compared as Python compares them
  };
  const gap = (earlier, later) => {
    const [a, b] = [moment(earlier), moment(later)];
    return a !== null && b !== null && b - a > LIMITS.gapMs;
  };
  const starting = (time) => (time ? { id: time, date: DATE.test(time.slice(0, 10)) ? time.slice(0, 10) : "" } : { id: "undated", date: "" });

  // kit.journal.assign_evenings: entries without an evening get one by the pause rule, oldest first.
  function assignEvenings(entries) {
    const ordered = [...entries].sort((a, b) => (before(key(a), key(b)) ? -1 : before(key(b), key(a)) ? 1 : 0));
    let evening = null;
    let last = "";
    for (const entry of ordered) {
      if (entry.evening === undefined || entry.evening === null) {
        if (!entry.t) evening = starting("");
        else if (evening === null || evening.id === "undated" || gap(last, entry.t)) evening = starting(entry.t);
        entry.evening = evening;
      } else {
        evening = entry.evening;
      }
      last = entry.t || last;
    }
    return ordered;
  }

  // ------------------------------------------------------------------ reading and writing entries

  // The newest `newest` entries and each panel's newest `perPanel` (its short log), with the count of
  // all: {"total", "horizon" (the [time, id] from which every entry is among them), "entries": [the
  // entries' JSON, newest first], "bad": [[id, text]: records that are not an entry's JSON]} as text.
  function readHead(db, newest, perPanel) {
    const transaction = db.transaction(STORE, "readonly");
    const store = transaction.objectStore(STORE);
    const found = new Map();
    let total = 0;
    let horizon = null;
    let seen = 0;
    const counting = store.count();
    counting.onsuccess = () => { total = counting.result; };
    const panels = [];
    walk(store.index("order").openCursor(null, "prev"), newest, (cursor) => {
      found.set(cursor.value.id, cursor.value);
      horizon = key(cursor.value);
      seen += 1;
    }, () => {
      const index = store.index("panel");
      const jump = index.openKeyCursor();
      jump.onsuccess = () => {
        const cursor = jump.result;
        if (!cursor) { readPanels(); return; }
        panels.push(cursor.key[0]);
        cursor.continue([cursor.key[0], []]); // an array sorts after every [panel, time, …]
      };
      const readPanels = () => {
        for (const panel of panels) {
          const range = IDBKeyRange.bound([panel], [panel, []]);
          walk(index.openCursor(range, "prev"), perPanel, (cursor) => { found.set(cursor.value.id, cursor.value); });
        }
      };
    });
    return done(transaction, () => {
      if (seen < newest || total <= found.size) horizon = null; // every entry is held
      return headText(total, horizon, [...found.values()]);
    });
  }

  // Records as the page reads them: their JSON texts in one array (each checked to be an entry's
  // JSON with its own id; what is not goes to "bad"), newest first.
  function headText(total, horizon, records) {
    const good = [];
    const bad = [];
    records.sort((a, b) => (before(key(a), key(b)) ? 1 : -1));
    for (const record of records) {
      let parsed = null;
      try { parsed = JSON.parse(record.j); } catch { parsed = null; }
      if (isObject(parsed) && parsed.id === record.id) good.push(record.j);
      else bad.push([String(record.id), String(record.j)]);
    }
    return `{"total":${total},"horizon":${JSON.stringify(horizon)},"entries":[${good.join(",")}],"bad":${JSON.stringify(bad)}}`;
  }

  // One action's entries: `puts` ({id, t, p, e, j}) written, `deletes` (ids) removed, and `retire`
  // (a key of "records": the journal's old single record, carried over) removed with them, in one
  // strict transaction. Then the entries newer than `since` ([time, id], what this tab knew) that it
  // did not write itself: another tab's, whose news this tab may have missed. Resolves to their
  // JSON texts' array text ("[]": none); rejects with the Error that failed the write.
  async function writeEntries(puts, deletes, since, retire = null) {
    const db = await openDatabase();
    const transaction = db.transaction(retire ? [STORE, RECORDS] : [STORE], "readwrite", { durability: "strict" });
    const store = transaction.objectStore(STORE);
    try {
      for (const record of puts) store.put(record);
      for (const id of deletes) store.delete(id);
      if (retire) transaction.objectStore(RECORDS).delete(retire);
    } catch (error) {
      transaction.abort();
      throw error;
    }
    await done(transaction);
    if (!since) return "[]";
    const written = new Set(puts.map((record) => record.id));
    const reading = db.transaction(STORE, "readonly");
    const newer = reading.objectStore(STORE).index("order").getAll(IDBKeyRange.lowerBound(since, true), 200);
    return done(reading, () => `[${newer.result.filter((r) => !written.has(r.id)).map((r) => r.j).join(",")}]`);
  }

  // The records with these ids (those still there), as JSON texts.
  function readIds(db, ids) {
    const transaction = db.transaction(STORE, "readonly");
    const store = transaction.objectStore(STORE);
    const out = new Array(ids.length).fill(null);
    ids.forEach((id, at) => {
      const request = store.get(id);
      request.onsuccess = () => { out[at] = request.result ? request.result.j : null; };
    });
    return done(transaction, () => out.filter((j) => j !== null));
  }

  // Every record in time order, READ at a time (a transaction each: nothing waits on the page's
  // writes for long), handed to `each(records)`; `index` null: in the order of their ids, read
  // from the store itself (twice as fast as through an index: the index builds so, then sorts).
  async function readAll(db, each, index = "order", range = null) {
    let after = null;
    for (;;) {
      const transaction = db.transaction(STORE, "readonly");
      const store = transaction.objectStore(STORE);
      const source = index === null ? store : store.index(index);
      const bound = after === null ? range
        : index === null || index === "order" ? IDBKeyRange.lowerBound(after, true)
          : IDBKeyRange.bound(after, range.upper, true, false);
      const request = source.getAll(bound, READ);
      const records = await done(transaction, () => request.result);
      if (!records.length) return;
      await each(records);
      if (records.length < READ) return;
      const last = records[records.length - 1];
      after = index === null ? last.id : index === "order" ? key(last) : [last.e, last.t, last.id];
    }
  }

  // The JSON texts of the entries `filter` keeps (kit.journal.Filter's fields), newest first, read
  // from the store here (the compute worker: a job's `entries`, docs/compute.md). An evening is
  // read through its index; anything else walks the whole journal.
  async function selectedTexts(filter = {}) {
    const db = await openDatabase();
    const kept = [];
    const evening = typeof filter.evening === "string" && filter.evening ? filter.evening : null;
    const range = evening ? IDBKeyRange.bound([evening], [evening, []]) : null;
    await readAll(db, (records) => {
      for (const record of records) {
        let entry = null;
        try { entry = JSON.parse(record.j); } catch { entry = null; }
        if (isObject(entry) && entry.id === record.id && matches(facts(entry), filter)) kept.push(record.j);
      }
    }, evening ? "evening" : "order", range);
    return kept.reverse();
  }

  // ------------------------------------------------------------------ the index

  // Each entry's facts, in time order, for filters and searches in a few milliseconds.
  class Index {
    constructor() {
      this.sorted = []; // facts, oldest first
      this.byId = new Map();
      this.bytes = 0; // the entries' records' texts, UTF-8 (the journal's share of the saved data)
      // Kept for the next question, grown by an entry put after the newest (a roll), made again
      // after any other change: the counts of evenings, characters and panels (`counts`), the
      // filters' choices, and every entry's words in one text (`starts`: where each begins).
      this.counted = null;
      this.facets = null;
      this.text = null;
      this.starts = null;
    }

    changed() {
      this.counted = null;
      this.facets = null;
      this.text = null;
      this.starts = null;
    }

    // `f` was put after the newest entry.
    grown(f) {
      this.facets = null;
      if (this.counted) Index.count(this.counted, f);
      if (this.text !== null && this.starts.length) {
        this.starts.push(this.text.length + 1);
        this.text += WORDS + f.words;
      } else {
        this.text = null;
      }
    }

    // What the filters' choices and a one-field filter's count read: each evening's [id, date,
    // time of its first entry, count, [time, id] of its newest] and each character's and panel's
    // count, in first-seen order.
    static count(counted, f) {
      if (f.e) {
        const seen = counted.evenings.get(f.e);
        if (seen) {
          seen[3] += 1;
          seen[4] = key(f); // its newest entry (entries are counted oldest first)
        } else {
          counted.evenings.set(f.e, [f.e, f.date, f.t, 1, key(f)]);
        }
      }
      for (const name of new Set(f.names)) counted.who.set(name, (counted.who.get(name) || 0) + 1);
      counted.panels.set(f.p, (counted.panels.get(f.p) || 0) + 1);
    }

    counts() {
      if (!this.counted) {
        this.counted = { evenings: new Map(), who: new Map(), panels: new Map() };
        for (const f of this.sorted) Index.count(this.counted, f);
      }
      return this.counted;
    }

    // Where the entries older than `older` ([time, id]) end: the place of the newest of them + 1.
    below(older) {
      let low = 0;
      let high = this.sorted.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (before(key(this.sorted[middle]), older)) low = middle + 1;
        else high = middle;
      }
      return low;
    }

    static async build(db) {
      const index = new Index();
      const found = [];
      await readAll(db, (records) => {
        for (const record of records) {
          let entry = null;
          try { entry = JSON.parse(record.j); } catch { entry = null; }
          if (isObject(entry) && entry.id === record.id && typeof entry.panel === "string") found.push(facts(entry, record.j));
        }
      }, null);
      index.appendAll(found); // sorted once
      index.words(); // ready for the first search
      return index;
    }

    append(f) {
      if (this.byId.has(f.id)) this.remove(f.id);
      const last = this.sorted[this.sorted.length - 1];
      if (!last || before(key(last), key(f))) {
        this.sorted.push(f);
        this.grown(f);
      } else {
        let low = 0;
        let high = this.sorted.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (before(key(this.sorted[middle]), key(f))) low = middle + 1;
          else high = middle;
        }
        this.sorted.splice(low, 0, f);
        this.changed();
      }
      this.byId.set(f.id, f);
      this.bytes += f.bytes || 0;
    }

    // Many at once (an import): appended, then sorted once.
    appendAll(list) {
      for (const f of list) {
        if (this.byId.has(f.id)) continue;
        this.sorted.push(f);
        this.byId.set(f.id, f);
        this.bytes += f.bytes || 0;
      }
      this.sorted.sort((a, b) => (before(key(a), key(b)) ? -1 : before(key(b), key(a)) ? 1 : 0));
      this.changed();
    }

    remove(id) {
      const f = this.byId.get(id);
      if (!f) return;
      this.byId.delete(id);
      this.bytes -= f.bytes || 0;
      const at = this.sorted.indexOf(f);
      if (at >= 0) this.sorted.splice(at, 1);
      this.changed();
    }

    removeAll(ids) {
      const gone = new Set(ids.filter((id) => this.byId.has(id)));
      if (!gone.size) return;
      for (const id of gone) {
        this.bytes -= this.byId.get(id).bytes || 0;
        this.byId.delete(id);
      }
      this.sorted = this.sorted.filter((f) => !gone.has(f.id));
      this.changed();
    }

    // Every entry's words in one text (made once the index is read, and again after a change that
    // is not a new newest entry), and where each begins.
    words() {
      if (this.text === null) {
        this.starts = [];
        let at = 0;
        for (const f of this.sorted) {
          this.starts.push(at);
          at += f.words.length + 1;
        }
        this.text = this.sorted.map((f) => f.words).join(WORDS);
      }
      return { text: this.text, starts: this.starts };
    }

    // The places (oldest first) of the entries whose words hold `needle` (lower case), found by
    // `indexOf` in every entry's words at once: a search of 100,000 entries in a few milliseconds.
    // Null for a needle holding a separator (then each entry is asked, as `matches` does).
    searched(needle) {
      if (needle.includes(SEP) || needle.includes(WORDS)) return null;
      const { text, starts } = this.words();
      const places = [];
      let place = 0;
      for (let at = text.indexOf(needle); at >= 0;) {
        let high = starts.length - 1;
        while (place < high) { // the last entry that begins at or before `at`
          const middle = (place + high + 1) >> 1;
          if (starts[middle] <= at) place = middle;
          else high = middle - 1;
        }
        places.push(place);
        if (place + 1 >= starts.length) break;
        at = text.indexOf(needle, starts[place + 1]);
        place += 1;
      }
      return places;
    }

    // The ids of the matching entries older than `older` ([time, id]; null: from the newest), at
    // most `limit`, newest first, and how many match in all.
    select(filter, older, limit) {
      const ids = [];
      let count = 0;
      const fields = [filter.who, filter.panel, filter.evening].filter(Boolean).length;
      if (!filter.search && fields <= 1) {
        // one field (or none): its count is kept; the page is read from `older` back, no further
        const { who, panels, evenings } = this.counts();
        count = filter.who ? who.get(filter.who) || 0 : filter.panel ? panels.get(filter.panel) || 0
          : filter.evening ? evenings.get(filter.evening)?.[3] || 0 : this.sorted.length;
        let from = older ? this.below(older) : this.sorted.length;
        const last = filter.evening ? evenings.get(filter.evening)?.[4] : null;
        if (last) from = Math.min(from, this.below(last) + 1); // an evening's entries end at its newest
        for (let at = from - 1; at >= 0 && ids.length < limit; at--) {
          if (matches(this.sorted[at], filter)) ids.push(this.sorted[at].id);
        }
        return { ids, count };
      }
      const places = filter.search ? this.searched(String(filter.search).toLowerCase()) : null;
      const many = places ? places.length : this.sorted.length;
      for (let n = many - 1; n >= 0; n--) {
        const f = this.sorted[places ? places[n] : n];
        if (!matches(f, filter)) continue;
        count += 1;
        if (ids.length < limit && (!older || before(key(f), older))) ids.push(f.id);
      }
      return { ids, count };
    }

    // The rolls `filter` keeps, grouped as panels/journal/statistics.py tally_of_json groups them
    // (its tally_from_json reads this): how many of each key, the faces of each (by hand, rule),
    // the secret rolls left out, and each odds id used with its odds. A pass over the index: the
    // statistics of 100,000 entries without reading one of them again.
    tally(filter) {
      const keys = new Map();
      const faces = new Map();
      const odds = new Set();
      let secret = 0;
      for (const f of this.sorted) {
        const roll = f.roll;
        if (!roll || !matches(f, filter)) continue;
        if (f.secret) { secret += 1; continue; }
        if (roll.key === null) continue;
        keys.set(roll.key, (keys.get(roll.key) || 0) + 1);
        if (!roll.dice) continue;
        const group = `${roll.hand ? 1 : 0}${SEP}${roll.rule}`;
        let counted = faces.get(group);
        if (!counted) faces.set(group, (counted = new Map()));
        for (const [sides, face] of roll.dice) {
          const die = `${sides} ${face}`;
          counted.set(die, (counted.get(die) || 0) + 1);
        }
      }
      const rows = [];
      for (const [key, count] of keys) {
        const row = JSON.parse(key);
        if (row[5] !== null) odds.add(row[5]);
        rows.push([...row, count]);
      }
      const dice = [...faces].map(([group, counted]) => {
        const cut = group.indexOf(SEP);
        return [group.slice(0, cut) === "1", group.slice(cut + 1), [...counted].map(([die, count]) => [...die.split(" ").map(Number), count])];
      });
      return { ok: true, secret, keys: rows, odds: [...odds].map((id) => [id, ODDS_OF[id]]), faces: dice };
    }

    // The filters' choices: every evening (newest first: [id, date, time of its first entry, count])
    // and every character (in first-seen order), as kit.journal.Journal.evenings/who give them.
    choices() {
      if (!this.facets) {
        const { evenings, who } = this.counts();
        this.facets = { evenings: [...evenings.values()].reverse().map((e) => e.slice(0, 4)), who: [...who.keys()] };
      }
      return this.facets;
    }
  }

  // ------------------------------------------------------------------ the service

  // What the journal worker answers (or the page itself, where no worker runs). `ask(kind, args,
  // file, progress)` resolves to the answer's JSON text (with a Blob for a download); `changed`
  // keeps the index in step with this tab's writes, the channel with other tabs'.
  class Service {
    constructor() {
      this.index = null; // a promise of the Index, made when first needed (the page asks its size once ready)
      this.early = []; // this tab's news heard before the index was asked for: applied once it is read
      this.asides = new Map(); // import batch → the Blob of the entries it set aside
      this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
      if (this.channel) this.channel.onmessage = ({ data }) => this.changed(data);
    }

    indexed() {
      if (!this.index) {
        // News come before their write commits: what was heard before the read began may be
        // missing from it, so it is applied on top (a put twice, a delete twice: no harm).
        const early = this.early;
        this.early = [];
        this.index = openDatabase().then(Index.build).then((index) => {
          for (const news of early) Service.apply(index, news);
          return index;
        });
        this.index.catch(() => { this.index = null; });
      }
      return this.index;
    }

    static apply(index, news) {
      for (const id of news.gone || []) index.remove(id);
      for (const record of news.put || []) {
        try {
          const entry = JSON.parse(record.j);
          if (isObject(entry) && entry.id === record.id) index.append(facts(entry, record.j));
        } catch { /* not an entry: left out, as the index leaves it out when it is built */ }
      }
    }

    // {put: [records], gone: [ids]} written by a tab; {reload: true}: many changed at once.
    changed(news) {
      if (!news) return;
      if (news.reload) { this.index = null; return; }
      if (!this.index) { this.early.push(news); return; }
      this.index.then((index) => Service.apply(index, news), () => {});
    }

    async ask(kind, args = {}, file = null, progress = () => {}) {
      const db = await openDatabase();
      switch (kind) {
        case "head": return readHead(db, args.newest, args.perPanel);
        case "select": return this.select(db, args);
        case "stats": return JSON.stringify((await this.indexed()).tally(args.filter || {}));
        case "size": return this.size();
        case "panel": return this.panel(db, args);
        case "import": return this.importFile(db, file, args, progress);
        case "undo_import": return this.undoImport(db, args, progress);
        case "aside": return { blob: this.asides.get(args.batch) || null };
        case "export": return this.exportJournal(db, args);
        case "trim": return this.trim(db, args, progress);
        default: throw new Error(`no journal job ${kind}`);
      }
    }

    // How many entries the journal keeps and the UTF-8 size of their records' texts (the page's
    // footer says what the GM's data weighs: static/storage.js usage). Asked once the page is
    // ready, it builds the index then, so the journal's first filter need not wait for it.
    async size() {
      const index = await this.indexed();
      return JSON.stringify({ ok: true, entries: index.sorted.length, bytes: index.bytes });
    }

    async select(db, { filter = {}, before: older = null, limit = 100 }) {
      const index = await this.indexed();
      const { ids, count } = index.select(filter, Array.isArray(older) ? older.map(String) : null, limit);
      // what the count includes, and the choices: taken with it, before the read below lets this
      // tab's next news into the index (the page counts what is newer than `newest` itself)
      const last = index.sorted[index.sorted.length - 1];
      const newest = JSON.stringify(last ? key(last) : null);
      const total = index.sorted.length;
      const { evenings, who } = index.choices();
      const texts = await readIds(db, ids);
      return `{"count":${count},"total":${total},"newest":${newest},"entries":[${texts.join(",")}],"evenings":${JSON.stringify(evenings)},"who":${JSON.stringify(who)}}`;
    }

    // A panel's newest `limit` entries (a short log longer than the head holds).
    async panel(db, { panel, limit }) {
      const transaction = db.transaction(STORE, "readonly");
      const found = [];
      const range = IDBKeyRange.bound([panel], [panel, []]);
      walk(transaction.objectStore(STORE).index("panel").openCursor(range, "prev"), limit, (cursor) => { found.push(cursor.value); });
      await done(transaction);
      return headText(0, null, found);
    }

    // A file of entries (the journal's JSON, v1 or v2, or «Скачать все данные»): each entry checked
    // as kit.journal does (a damaged or oversized one set aside, one dated over a day ahead refused),
    // those without an evening given one, and the newest that fit (`args.kept` entries in all) added
    // CHUNK at a time, each chunk one strict transaction; an id already kept stays as it is. A chunk
    // the disk refuses ends the import: what was written stays, and the answer says what was not.
    async importFile(db, file, { now, tab = "", maxBytes = 0, kept = LIMITS.kept, newest = 200, perPanel = 50 }, progress) {
      if (!file) return JSON.stringify({ ok: false, code: "not_json" });
      const name = String(file.name || "");
      const batch = `import-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      if (maxBytes && file.size > maxBytes) return JSON.stringify({ ok: false, code: "too_large", file: name });
      let data;
      try {
        data = JSON.parse(await file.text());
      } catch {
        return JSON.stringify({ ok: false, code: "not_json", file: name });
      }
      const list = journalOf(data);
      if (!Array.isArray(list)) return JSON.stringify({ ok: false, code: "no_journal", file: name });
      const latest = latestAllowed(now);
      const good = [];
      const aside = [];
      let future = 0;
      for (const raw of list) {
        let json;
        try { json = JSON.stringify(raw); } catch { json = null; }
        const problem = json === null ? "entry" : importProblem(raw, json, latest);
        if (problem === "future") future += 1;
        if (problem) { aside.push(raw); continue; }
        good.push({ id: raw.id, t: raw.time || "", p: raw.panel, raw, evening: raw.evening ?? null });
      }
      const ordered = assignEvenings(good).reverse(); // newest first
      const count = await new Promise((resolve, reject) => {
        const request = db.transaction(STORE, "readonly").objectStore(STORE).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const room = Math.max(0, kept - count);
      const fitting = ordered.slice(0, room);
      const over = ordered.length - fitting.length;
      let added = 0;
      let known = 0;
      let written = 0;
      let failed = null;
      const index = this.index ? await this.index.catch(() => null) : null;
      for (let at = 0; at < fitting.length; at += CHUNK) {
        const chunk = fitting.slice(at, at + CHUNK);
        const result = await addChunk(db, chunk, batch);
        if (result.failed) { failed = result.failed; break; }
        added += result.added;
        known += chunk.length - result.added;
        written = at + chunk.length;
        if (index) index.appendAll(result.facts);
        progress({ done: written, total: fitting.length });
      }
      const unsaved = fitting.slice(written);
      if (aside.length) this.asides.set(batch, new Blob([JSON.stringify({ app: "gm-dice", set_aside: { "gm.journal import": JSON.stringify(aside) } }, null, 1)], { type: "application/json" }));
      if (added) this.channel?.postMessage({ reload: true, tab });
      const head = await readHead(db, newest, perPanel);
      return JSON.stringify({
        ok: true, file: name, batch, new: added, known, aside: aside.length - future, future, over, unsaved: unsaved.length,
        unsaved_from: unsaved.length ? unsaved[unsaved.length - 1].t : "", unsaved_to: unsaved.length ? unsaved[0].t : "",
        failure: failed, head: JSON.parse(head),
      });
    }

    // The entries an import added (those still as it wrote them), removed CHUNK at a time.
    async undoImport(db, { batch, tab = "", newest = 200, perPanel = 50 }, progress) {
      const reading = db.transaction(STORE, "readonly");
      const request = reading.objectStore(STORE).index("batch").getAllKeys(IDBKeyRange.only(batch));
      const ids = await done(reading, () => request.result);
      let removed = 0;
      for (let at = 0; at < ids.length; at += CHUNK) {
        const chunk = ids.slice(at, at + CHUNK);
        const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
        const store = transaction.objectStore(STORE);
        for (const id of chunk) store.delete(id);
        await done(transaction);
        removed += chunk.length;
        if (this.index) (await this.index).removeAll(chunk);
        progress({ done: removed, total: ids.length });
      }
      if (removed) this.channel?.postMessage({ reload: true, tab });
      const head = await readHead(db, newest, perPanel);
      return JSON.stringify({ ok: true, removed, head: JSON.parse(head) });
    }

    // The journal's JSON ({"format": "gm-journal", "v": 2}) of the entries `filter` keeps (all
    // with `secret`: «Скачать все данные», the GM's own copy; else what is behind the screen is left
    // out), newest first, as a Blob; `records` (text) puts it into the page's data file.
    // `unsaved`: entries on screen not yet on disk (their JSON texts), `gone`: ids removed there.
    async exportJournal(db, { filter = {}, secret = false, records = null, unsaved = [], gone = [] }) {
      const parts = [];
      let count = 0;
      const skip = new Set(gone);
      const keeps = (entry) => {
        if (!isObject(entry)) return false;
        const f = facts(entry);
        return (secret || !f.secret) && matches(f, filter);
      };
      const extra = [];
      for (const text of unsaved) {
        let entry = null;
        try { entry = JSON.parse(text); } catch { entry = null; }
        if (!isObject(entry) || typeof entry.id !== "string") continue;
        skip.add(entry.id);
        if (keeps(entry)) extra.push([[String(entry.time ?? ""), entry.id], text]);
      }
      await readAll(db, (list) => {
        const kept = [];
        for (const record of list) {
          if (skip.has(record.id)) continue;
          let entry = null;
          try { entry = JSON.parse(record.j); } catch { entry = null; }
          if (isObject(entry) && entry.id === record.id && keeps(entry)) kept.push(record.j);
        }
        count += kept.length;
        if (kept.length) parts.push(kept.reverse().join(",\n"));
      });
      extra.sort((a, b) => (before(a[0], b[0]) ? -1 : 1)); // the newest last: it goes first below
      if (extra.length) parts.push(extra.map(([, text]) => text).reverse().join(",\n"));
      count += extra.length;
      const body = `{"format": "gm-journal", "v": 2, "entries": [\n${parts.reverse().join(",\n")}\n]}`;
      const text = records === null ? [body] : [`{"app": "gm-dice", "v": 2, "records": ${records}, "journal": `, body, "}"];
      return { count, blob: new Blob(text, { type: "application/json" }) };
    }

    // «Сократить журнал вдвое» (the save banner, when the disk is full): the older half removed.
    async trim(db, { tab = "", newest = 200, perPanel = 50 }, progress) {
      const counting = db.transaction(STORE, "readonly").objectStore(STORE).count();
      const total = await new Promise((resolve) => { counting.onsuccess = () => resolve(counting.result); });
      let removed = 0;
      const half = Math.floor(total / 2);
      while (removed < half) {
        const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
        const ids = [];
        walk(transaction.objectStore(STORE).index("order").openCursor(), Math.min(CHUNK, half - removed), (cursor) => { ids.push(cursor.primaryKey); cursor.delete(); });
        await done(transaction);
        if (!ids.length) break;
        removed += ids.length;
        if (this.index) (await this.index).removeAll(ids);
        progress({ done: removed, total: half });
      }
      if (removed) this.channel?.postMessage({ reload: true, tab });
      const head = await readHead(db, newest, perPanel);
      return JSON.stringify({ ok: true, removed, head: JSON.parse(head) });
    }
  }

  // The entries of a file: the journal's JSON (any version), or «Скачать все данные» (v2: its
  // "journal"; v1: the record gm.shared.journal). Anything else: null.
  function journalOf(data) {
    if (!isObject(data)) return null;
    if (data.format === "gm-journal") return data.entries;
    if (data.app === "gm-dice") {
      if (isObject(data.journal) && data.journal.format === "gm-journal") return data.journal.entries;
      const record = isObject(data.records) ? data.records["gm.shared.journal"] : null;
      const value = isObject(record) ? record.value : null;
      return isObject(value) ? value.entries : null;
    }
    return null;
  }

  // The latest time an imported entry may have: a day after `now` (a file from a device in another
  // time zone is not refused, one dated 9999 is).
  function latestAllowed(now) {
    const at = moment(now);
    if (at === null) return "9999";
    return new Date(at + LIMITS.futureMs).toISOString().slice(0, 19);
  }

  // One chunk of an import, added (never put: a kept entry stays as it is) in one strict transaction.
  function addChunk(db, chunk, batch) {
    return new Promise((resolve) => {
      const transaction = db.transaction(STORE, "readwrite", { durability: "strict" });
      const store = transaction.objectStore(STORE);
      const made = [];
      let added = 0;
      try {
        for (const item of chunk) {
          const entry = { ...item.raw, evening: item.evening };
          if (entry.evening === null) delete entry.evening;
          const record = { id: item.id, t: item.t, p: item.p, e: item.evening ? item.evening.id : "", j: JSON.stringify(entry), b: batch };
          const request = store.add(record);
          request.onsuccess = () => { added += 1; made.push(facts(entry, record.j)); };
          request.onerror = (event) => {
            if (request.error?.name === "ConstraintError") event.preventDefault(); // kept already
          };
        }
      } catch (error) {
        try { transaction.abort(); } catch { /* aborted already */ }
        resolve({ failed: String(error?.name || "Error") });
        return;
      }
      transaction.oncomplete = () => resolve({ added, facts: made });
      transaction.onabort = (event) => resolve({ failed: failure(event, transaction).name });
    });
  }

  globalThis.gmJournalDb = {
    CHANNEL, LIMITS, VERSION, DATABASE, RECORDS, STORE,
    openDatabase, done, failure, readHead, writeEntries, readAll, selectedTexts,
    names, facts, matches, entryProblem, importProblem, assignEvenings, journalOf, latestAllowed,
    utf8Bytes, Index, Service,
  };
})();
