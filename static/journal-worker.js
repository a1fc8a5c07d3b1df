// The journal worker: whatever reads the whole journal (a filter or a search over 100,000 entries,
// an import, an export) runs here, off the page's main thread (static/journal-db.js's Service).
// Messages in: {id, kind, args, file} → out: {id, progress} while it works, then {id, answer} (the
// answer's JSON text, or {count, blob} for an export) or {id, error}; {changed: {put, gone}} from
// the page keeps the index in step with this tab's writes, in order with its requests.
importScripts("./journal-db.js");

const service = new gmJournalDb.Service();

self.onmessage = async ({ data }) => {
  if (!data) return;
  if (data.changed) {
    service.changed(data.changed);
    return;
  }
  const { id, kind, args, file } = data;
  try {
    const answer = await service.ask(kind, args, file, (progress) => self.postMessage({ id, progress }));
    self.postMessage({ id, answer });
  } catch (error) {
    self.postMessage({ id, error: String(error?.name || error || "Error") });
  }
};
