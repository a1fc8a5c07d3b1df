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
