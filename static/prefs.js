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
  const startSubtools = () => {
    const saved = read(SUBTOOL_KEY, {});
    for (const tablist of document.querySelectorAll(".subtabs[role=tablist]")) {
      const tabs = [...tablist.querySelectorAll('[role="tab"]')];
      // Untrusted: only the key of one of this panel's tabs.
      const key = saved && typeof saved === "object" ? saved[tablist.dataset.panel] : null;
      const kept = tabs.find((tab) => tab.dataset.subtool === key);
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
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  let choice = read(THEME_KEY, "auto");
  if (!THEMES.includes(choice)) choice = "auto";

  // <html data-theme="light|dark"> is what the stylesheet reads; "auto" follows the system live.
  const apply = () => {
    const dark = choice === "dark" || (choice === "auto" && system.matches);
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
    startSubtools();
    // Collapsible sections: markup says which are open at first; a user's choice is kept.
    const open = read(OPEN_KEY, {});
    const saved = open && typeof open === "object" ? open : {};
    for (const details of document.querySelectorAll("details[data-remember]")) {
      const key = details.dataset.remember;
      if (typeof saved[key] === "boolean") details.open = saved[key];
      details.addEventListener("toggle", () => {
        const now = read(OPEN_KEY, {});
        const record = now && typeof now === "object" ? now : {};
        record[key] = details.open;
        write(OPEN_KEY, record);
      });
    }
  });
})();
