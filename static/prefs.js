// Page preferences kept in localStorage, read before the first paint (a classic script in <head>):
// the colour theme (auto = the system's prefers-color-scheme, light, dark) and which collapsible
// sections (<details data-remember="key">) are open. They need no Python and no network.
(() => {
  const THEME_KEY = "gm.theme";
  const OPEN_KEY = "gm.open";
  const THEMES = ["auto", "light", "dark"];
  const read = (key, fallback) => {
    try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
  };
  const write = (key, value) => {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: not remembered */ }
  };
  // A panel's sub-tools (role="tablist" class="subtabs"): on a phone one shows at a time
  // (static/app.css). Click or Left/Right/Home/End picks one; the choice is kept per panel.
  const SUBTOOL_KEY = "gm.subtool";
  const pick = (tablist, tab, save) => {
    const key = tab.dataset.subtool;
    for (const other of tablist.querySelectorAll('[role="tab"]')) {
      const on = other === tab;
      other.setAttribute("aria-selected", on ? "true" : "false");
      other.tabIndex = on ? 0 : -1;
    }
    const panel = tablist.closest(".panel");
    for (const part of panel.querySelectorAll("[data-subtool].subtool")) {
      const on = part.dataset.subtool.split(" ").includes(key);
      part.classList.toggle("subtool-open", on);
      if (on && part.tagName === "DETAILS" && !part.open && save) part.open = true;  // chosen: shown whole
    }
    if (save) {
      const record = read(SUBTOOL_KEY, {});
      const kept = record && typeof record === "object" ? record : {};
      kept[tablist.dataset.panel] = key;
      write(SUBTOOL_KEY, kept);
    }
  };
  const startSubtools = (root) => {
    const saved = read(SUBTOOL_KEY, {});
    for (const tablist of root.querySelectorAll(".subtabs[role=tablist]")) {
      const tabs = [...tablist.querySelectorAll('[role="tab"]')];
      // Untrusted: only the key of one of this panel's tabs.
      const key = saved && typeof saved === "object" ? saved[tablist.dataset.panel] : null;
      // A share link opens the sub-tool it fills (data-opened-by="lab": ?lab=…), over the kept one.
      const params = new URLSearchParams(location.search);
      const linked = tabs.find((tab) => tab.dataset.openedBy && params.has(tab.dataset.openedBy));
      const kept = linked || tabs.find((tab) => tab.dataset.subtool === key);
      if (kept) pick(tablist, kept, false);
      tablist.addEventListener("click", (event) => {
        const tab = event.target.closest('[role="tab"]');
        if (tab) pick(tablist, tab, true);
      });
      tablist.addEventListener("keydown", (event) => {
        const at = tabs.indexOf(event.target);
        if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
        const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        const tab = tabs[(to + tabs.length) % tabs.length];
        tab.focus();
        pick(tablist, tab, true);
      });
    }
  };
  // Collapsible sections: markup says which are open at first; a user's choice is kept.
  const startDetails = (root) => {
    const open = read(OPEN_KEY, {});
    const saved = open && typeof open === "object" ? open : {};
    for (const details of root.querySelectorAll("details[data-remember]")) {
      const key = details.dataset.remember;
      if (typeof saved[key] === "boolean") details.open = saved[key];
      details.addEventListener("toggle", () => {
        const now = read(OPEN_KEY, {});
        const record = now && typeof now === "object" ? now : {};
        record[key] = details.open;
        write(OPEN_KEY, record);
      });
    }
  };
  // The players' window (static/players.js): the page opened at ./#players shows section#players
  // alone, and always dark (a room, a TV); no Python starts there.
  const players = location.hash === "#players";
  if (players) document.documentElement.dataset.view = "players";
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  let choice = read(THEME_KEY, "auto");
  if (!THEMES.includes(choice)) choice = "auto";

  // <html data-theme="light|dark"> is what the stylesheet reads; "auto" follows the system live.
  const apply = () => {
    const dark = players || choice === "dark" || (choice === "auto" && system.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    document.documentElement.dataset.themeChoice = choice;
  };
  apply();
  system.addEventListener("change", apply);

  document.addEventListener("DOMContentLoaded", () => {
    const select = document.getElementById("theme-switch");
    if (select) {
      select.value = choice;
      select.addEventListener("change", () => {
        choice = THEMES.includes(select.value) ? select.value : "auto";
        write(THEME_KEY, choice);
        apply();
      });
    }
    startSubtools(document);
    startDetails(document);
  });
  // A section stamped from its <template> once the page has loaded (static/first-paint.js): its
  // sub-tools and details start as the page's did (one stamped while loading is covered above).
  document.addEventListener("gm-stamped", (event) => {
    if (document.readyState === "loading" || !(event.target instanceof Element)) return;
    startSubtools(event.target);
    startDetails(event.target);
  });
})();

// Field behaviours declared in the markup (no Python needed, so they work at once):
// - a button with data-select-line="N" data-select-in="ID" selects line N of textarea ID and
//   scrolls it into view (the converter's reasons: «Строка 34: …»);
// - a field with data-clears="ID …" / data-disables="ID …" empties / disables those elements as
//   soon as it is edited (a result that no longer belongs to the input); Python's view restores
//   them only for the text they belong to;
// - a textarea with data-ctrl-enter="ID" presses button ID on Ctrl+Enter (Cmd+Enter on a Mac);
// - a button with data-scroll-to="ID" brings element ID into view once it shows (the lab's
//   results after «Сравнить», computed at once or by the worker a little later).
(() => {
  const ids = (list) => (list || "").split(" ").filter(Boolean).map((id) => document.getElementById(id));
  // Where line `start` of the textarea's text begins, in pixels from its top (wrapped lines count).
  const offsetOf = (field, start) => {
    const style = getComputedStyle(field);
    const mirror = document.createElement("div");
    for (const name of ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "tabSize",
      "paddingTop", "paddingLeft", "paddingRight", "overflowWrap", "wordBreak"]) {
      mirror.style[name] = style[name];
    }
    Object.assign(mirror.style, {
      position: "absolute", visibility: "hidden", top: "0", left: "-10000px", whiteSpace: "pre-wrap",
      boxSizing: "border-box", border: "0", width: `${field.clientWidth}px`,
    });
    mirror.textContent = field.value.slice(0, start);
    const mark = document.createElement("span");
    mark.textContent = "\u200b";
    mirror.append(mark);
    document.body.append(mirror);
    const top = mark.offsetTop - parseFloat(style.paddingTop || "0");
    mirror.remove();
    return top;
  };
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("[data-select-line]") : null;
    if (!link) return;
    const field = document.getElementById(link.dataset.selectIn || "");
    const line = Number(link.dataset.selectLine);
    if (!field || !("setSelectionRange" in field) || !Number.isInteger(line) || line < 1) return;
    const lines = field.value.split("\n");
    if (line > lines.length) return;
    let start = 0;
    for (let i = 0; i < line - 1; i += 1) start += lines[i].length + 1;
    event.preventDefault();
    field.scrollIntoView({ block: "nearest" });
    field.focus({ preventScroll: true });
    field.setSelectionRange(start, start + lines[line - 1].length);
    field.scrollTop = Math.max(0, offsetOf(field, start) - field.clientHeight / 3);
  });
  const SCROLL_WAIT_MS = 60000;
  const reveal = (target) => {
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) target.scrollIntoView({ block: "start" });
  };
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-scroll-to]") : null;
    const target = button ? document.getElementById(button.dataset.scrollTo || "") : null;
    if (!target) return;
    // The panel's own handler has run by now (it listens lower down): shown at once, or later.
    if (!target.hidden) { requestAnimationFrame(() => reveal(target)); return; }
    const watch = new MutationObserver(() => {
      if (target.hidden) return;
      watch.disconnect();
      requestAnimationFrame(() => reveal(target));
    });
    watch.observe(target, { attributes: true, attributeFilter: ["hidden"] });
    setTimeout(() => watch.disconnect(), SCROLL_WAIT_MS);
  });
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement) || !(field.dataset.clears || field.dataset.disables)) return;
    for (const element of ids(field.dataset.clears)) {
      if (!element) continue;
      if (element.tagName === "TEXTAREA" || element.tagName === "INPUT") element.value = "";
      else element.replaceChildren();
    }
    for (const element of ids(field.dataset.disables)) if (element) element.disabled = true;
  });
  document.addEventListener("keydown", (event) => {
    const field = event.target;
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (!(field instanceof HTMLElement) || !field.dataset.ctrlEnter) return;
    const [button] = ids(field.dataset.ctrlEnter);
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
})();

// The result in a phone's action bar (static/app.css, at most 700 px wide): the panels write its
// verdict first, as its first sentence, which shows whole; the line shows at most two lines in all
// (or the verdict's own, if longer), so the bar keeps to a third of the screen, and the whole line
// is one tap away: a tap on it (or Enter / Space) shows it all, another folds it again.
(() => {
  const PHONE = matchMedia("(max-width: 700px)");
  const RESULTS = ".action-bar .result";
  const verdictLines = (result) => {
    const node = [...result.childNodes].find((child) => child.nodeType === Node.TEXT_NODE && child.data.trim());
    if (!node) return 1;
    const end = node.data.search(/[.!?](\s|$)/);
    if (end < 0) return 1;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, end + 1);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  };
  const fit = (result) => {
    result.removeAttribute("data-open");
    if (!PHONE.matches) {
      result.style.removeProperty("--result-lines");
      result.removeAttribute("data-more");
      result.removeAttribute("tabindex");
      return;
    }
    result.style.setProperty("--result-lines", String(Math.max(2, verdictLines(result))));
    const more = result.scrollHeight > result.clientHeight + 1;
    result.toggleAttribute("data-more", more);
    if (more) result.tabIndex = 0;
    else result.removeAttribute("tabindex");
  };
  const watched = new WeakSet();
  const watch = (root) => {
    for (const result of root.querySelectorAll(RESULTS)) {
      if (watched.has(result)) continue;
      watched.add(result);
      new MutationObserver(() => fit(result)).observe(result, { childList: true, characterData: true, subtree: true });
      fit(result);
    }
  };
  const fitAll = () => { for (const result of document.querySelectorAll(RESULTS)) fit(result); };
  document.addEventListener("DOMContentLoaded", () => watch(document));
  document.addEventListener("gm-stamped", (event) => {
    if (event.target instanceof Element) watch(event.target);
  });
  PHONE.addEventListener("change", fitAll);
  let resized = 0;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(fitAll, 150); });
  const toggle = (result) => {
    if (result.hasAttribute("data-more") || result.hasAttribute("data-open")) result.toggleAttribute("data-open");
  };
  document.addEventListener("click", (event) => {
    const result = event.target instanceof Element ? event.target.closest(RESULTS) : null;
    if (result && PHONE.matches) toggle(result);
  });
  document.addEventListener("keydown", (event) => {
    const result = event.target;
    if (!(result instanceof Element) || !result.matches(RESULTS) || !PHONE.matches) return;
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    toggle(result);
  });
})();

// Long texts between Python and the page (kit/browser_dom.py, kit/browser_compute.py). Pyodide
// copies a string across one character at a time (a megabyte of Cyrillic: tens of milliseconds
// into Python, hundreds out of it); as UTF-8 bytes it is a memory copy and a native decode.
// gmText.read(field) → its value's bytes; gmText.write(field, bytes) sets it; gmText.html(element,
// bytes) sets its markup (a long list a view wrote); gmText.splice(element, start, remove, markup)
// removes `remove` child elements from index `start` and puts the markup (text or bytes) there (a
// list written where it changed: kit.view.kept). (The worker's answer comes as bytes too:
// gmCompute.requestBytes, static/compute-client.js.)
(() => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  globalThis.gmText = {
    read: (field) => encoder.encode(field.value),
    write: (field, bytes) => { field.value = decoder.decode(bytes); },
    html: (element, bytes) => { element.innerHTML = decoder.decode(bytes); },
    splice: (element, start, remove, markup) => {
      const children = element.children;
      for (let n = 0; n < remove && start < children.length; n++) children[start].remove();
      const html = typeof markup === "string" ? markup : decoder.decode(markup);
      if (!html) return;
      const anchor = children[start];
      if (anchor) anchor.insertAdjacentHTML("beforebegin", html);
      else element.insertAdjacentHTML("beforeend", html);
    },
  };
})();
