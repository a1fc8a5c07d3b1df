// The players' screen (py/panels/audience): the window at ./#players, and the GM page's side of it.
// A classic script at the end of <body>, after PyScript's <script type="py">; no Python needed.
//
// The players' window runs no Python, mounts no panel and reads none of the GM's saved data: it
// takes PyScript's script out before PyScript runs (static/prefs.js marked the page
// data-view="players" in <head>, so static/pyodide-boot.mjs fetches nothing), then shows the texts
// the GM's page sends, with textContent only. It keeps the last message in its own sessionStorage,
// so a reload shows it at once, and asks the GM's page for the current one ({kind: "hello"}).
//
// The GM's page sends what py/panels/audience/public.py made ({kind: "show", message}) on the
// BroadcastChannel "gm-players" (apart from static/storage.js's channel of the GM's own tabs),
// and also posts it to the window it opened, for engines whose file:// pages share no channel
// (WebKit). A players' window that has heard the channel takes nothing else, so the two roads never
// show an older message after a newer one. Over http(s) the players' window drops its opener: it
// holds no way into the GM's page. The messages hold exactly what is shown: the curtain's line
// alone while the curtain is down.
//
//   gmPlayers.send(json)      the GM's page sends a message (kit.browser_dom.broadcast)
//   gmPlayers.onHello(fn)     fn() when a players' window asks and this page has sent nothing yet
(() => {
  const CHANNEL = "gm-players";
  const KEPT = "gm.players.shown"; // the players' window's own sessionStorage: the message it shows
  const MAX_TEXT = 400;
  const MAX_ROWS = 12;
  const root = document.documentElement;
  const players = root.dataset.view === "players";
  const fromDisk = location.protocol === "file:";
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

  // Going to #players, or away from it, changes what this page is: it is loaded again as that.
  addEventListener("hashchange", () => {
    if ((location.hash === "#players") !== players) location.reload();
  });

  // ------------------------------------------------------------------ drawing a message

  const str = (value, max = MAX_TEXT) => (typeof value === "string" ? value.slice(0, max) : "");
  const el = (tag, cls, value) => {
    const element = document.createElement(tag);
    if (cls) element.className = cls;
    if (value !== undefined) element.textContent = value;
    return element;
  };
  // Untrusted: any page of this origin may post on the channel. Only this shape is drawn.
  const valid = (m) => m !== null && typeof m === "object" && m.v === 1 && (m.lang === "ru" || m.lang === "en");

  function draw(box, m) {
    const parts = [];
    if (typeof m.curtain === "string") {
      parts.push(el("p", "pv-curtain", str(m.curtain)));
    } else {
      const last = el("div", "pv-last");
      last.append(el("h3", "pv-caption", str(m.last_title)));
      if (m.last !== null && typeof m.last === "object") {
        const head = [m.last.label, m.last.who, m.last.time].map((v) => str(v)).filter(Boolean).join(" · ");
        const value = el("p", "pv-value", str(m.last.value));
        // A number is drawn huge; a word (a skill check's tier) smaller, so that it never breaks.
        const length = value.textContent.length;
        value.dataset.size = length <= 4 ? "short" : length <= 16 ? "medium" : "long";
        last.append(el("p", "pv-head", head), value, el("p", "pv-text", str(m.last.text)));
      } else {
        last.append(el("p", "pv-empty", str(m.empty)));
      }
      parts.push(last);
      if (m.bag !== null && typeof m.bag === "object") {
        const bag = el("div", "pv-bag");
        bag.append(el("h3", "pv-caption", str(m.bag.title)));
        const rows = Array.isArray(m.bag.rows) ? m.bag.rows.slice(0, MAX_ROWS) : [];
        for (const row of rows) bag.append(el("p", "pv-bag-row", str(row)));
        parts.push(bag);
      }
      if (Array.isArray(m.lines) && m.lines.length) {
        const log = el("div", "pv-log");
        const list = el("ol", "pv-lines");
        for (const line of m.lines.slice(0, MAX_ROWS)) {
          if (line === null || typeof line !== "object") continue;
          const item = el("li");
          item.append(el("time", "pv-time", str(line.time, 5)));
          if (line.who) item.append(" ", el("span", "pv-who", str(line.who)));
          item.append(" ", el("span", "pv-line", str(line.text)));
          list.append(item);
        }
        log.append(el("h3", "pv-caption", str(m.lines_title)), list);
        parts.push(log);
      }
    }
    box.replaceChildren(...parts);
    box.lang = m.lang;
    box.dataset.curtain = typeof m.curtain === "string" ? "true" : "false";
  }

  // ------------------------------------------------------------------ the players' window

  function playersWindow() {
    document.querySelector('script[type="py"]')?.remove(); // before PyScript runs: no Python here
    let section = document.getElementById("players");
    if (!section) { // static/first-paint.js stamps it from its template (tools/page.py); else here
      const template = document.querySelector('template[data-page="players"]');
      if (template) template.replaceWith(template.content);
      section = document.getElementById("players");
    }
    if (!section) return;
    const view = document.getElementById("players-view");
    const waiting = document.getElementById("players-waiting");
    const gm = fromDisk ? window.opener : null; // the road where files share no channel (WebKit)
    if (!fromDisk) {
      try { window.opener = null; } catch { /* nothing to drop */ }
    }
    let heardChannel = false;
    const show = (m, keep = true) => {
      if (!valid(m)) return;
      draw(view, m);
      waiting.hidden = true;
      document.title = str(m.title);
      root.lang = m.lang;
      if (keep) {
        try { sessionStorage.setItem(KEPT, JSON.stringify(m)); } catch { /* not kept: shown all the same */ }
      }
    };
    try { show(JSON.parse(sessionStorage.getItem(KEPT)), false); } catch { /* nothing kept */ }
    const hello = () => {
      channel?.postMessage({ kind: "hello" });
      try { gm?.postMessage({ kind: "hello" }, "*"); } catch { /* the GM's page is gone */ }
    };
    if (channel) {
      channel.onmessage = ({ data }) => {
        if (data?.kind === "show") {
          heardChannel = true;
          show(data.message);
        } else if (data?.kind === "gm") {
          hello(); // a GM's page (re)started: it sends what is to be shown now
        }
      };
    }
    addEventListener("message", ({ source, data }) => {
      if (gm && source === gm && !heardChannel && data?.kind === "show") show(data.message);
    });
    hello();
  }

  // ------------------------------------------------------------------ the GM's page

  function gmPage() {
    let last = null; // what this page sent last: {kind: "show", message}
    let opened = null; // the players' window this page opened
    let onHello = null;
    let asked = false;
    const target = fromDisk ? "*" : location.origin; // a file's origin is "null": no narrower name
    const toOpened = (data) => {
      if (!opened || opened.closed) return;
      try { opened.postMessage(data, target); } catch { /* closed meanwhile */ }
    };
    const sample = () => {
      const box = document.getElementById("audience-preview");
      if (box && last) draw(box, last.message);
    };
    const answer = (reply) => {
      asked = true;
      if (last) reply(last);
      else onHello?.(); // nothing sent yet: Python makes it (panels it needs are mounted first)
    };
    globalThis.gmPlayers = {
      send(json) {
        last = { kind: "show", message: JSON.parse(json) };
        channel?.postMessage(last);
        toOpened(last);
        sample();
      },
      onHello(callback) {
        onHello = callback;
        if (asked && !last) callback();
      },
    };
    if (channel) {
      channel.onmessage = ({ data }) => {
        if (data?.kind === "hello") answer((m) => channel.postMessage(m));
      };
      channel.postMessage({ kind: "gm" }); // a players' window already open asks for its message
    }
    addEventListener("message", ({ source, data }) => {
      if (opened && source === opened && data?.kind === "hello") answer(toOpened);
    });
    document.addEventListener("click", (event) => {
      const link = event.target.closest?.("a[data-players-open]");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const win = window.open(link.href, "gm-players", "popup,width=1280,height=720");
      if (!win) return; // refused: the link opens it the way links do
      event.preventDefault();
      opened = win;
      win.focus();
      answer(toOpened); // a window opened before (this page reloaded since) gets it at once
    });
    const setUp = () => {
      sample();
      const note = document.getElementById("audience-from-file");
      if (note) note.hidden = !fromDisk;
    };
    document.addEventListener("gm-stamped", setUp); // the GM's panel is a template until opened
    setUp();
  }

  if (players) playersWindow();
  else gmPage();
})();
