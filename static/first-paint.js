// First paint, before Python: tools/build.py fills in the catalogue and every panel's initial view
// (computed at build time). Russian is already in the markup; a page whose saved language is
// English is switched here, so it never shows Russian while Python starts. Python then takes over.
// The last tab a GM opened (kit.tabs.TAB_KEY, saved by kit/browser_tabs.py) is reopened here, before
// the first paint and before Python picks the panel to mount first, unless the address names one.
(() => {
  if (location.hash || new URLSearchParams(location.search).has("expr")) return;
  let name = null;
  try { name = JSON.parse(localStorage.getItem("gm.tab")); } catch { return; }
  // Untrusted: only the name of a tab on this page.
  const tab = typeof name === "string" && /^[a-z][a-z0-9-]*$/.test(name)
    ? document.querySelector(`nav.tabs a[href="#${name}"]`) : null;
  if (tab && document.getElementById(name)) {
    location.replace(`#${name}`);
    scrollTo(0, 0);  // a reopened tab starts at the top of the page, like a fresh visit
  }
})();
(() => {
  const FIRST_PAINT = "__FIRST_PAINT__";
  let lang = "ru";
  try { lang = JSON.parse(localStorage.getItem("gm.lang")) || "ru"; } catch { lang = "ru"; }
  if (lang !== "en" || typeof FIRST_PAINT !== "object") return;
  document.documentElement.lang = "en";
  for (const element of document.querySelectorAll("[data-i18n]")) {
    const text = FIRST_PAINT.ids[element.dataset.i18n];
    if (text !== undefined) element.textContent = text;
  }
  for (const name of ["title", "aria-label", "placeholder"]) {
    for (const element of document.querySelectorAll(`[data-i18n-${name}]`)) {
      const text = FIRST_PAINT.ids[element.getAttribute(`data-i18n-${name}`)];
      if (text !== undefined) element.setAttribute(name, text);
    }
  }
  for (const [id, shown] of Object.entries(FIRST_PAINT.en)) {
    const element = document.getElementById(id);
    if (!element) continue;
    if (shown.text !== undefined) element.textContent = shown.text;
    // Markup made by the build from our own data, every text escaped (kit.view.to_html).
    if (shown.html !== undefined) element.innerHTML = shown.html;
    for (const [name, value] of Object.entries(shown.attrs || {})) element.setAttribute(name, value);
  }
})();
