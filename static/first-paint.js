// First paint, before Python: tools/build.py fills in the catalogue and every panel's initial view
// (computed at build time). Russian is already in the markup; a page whose saved language is
// English is switched here, so it never shows Russian while Python starts. Python then takes over.
// The last tab a GM opened (kit.tabs.TAB_KEY, saved by kit/browser_tabs.py) is reopened here, before
// the first paint and before Python picks the panel to mount first, unless the address names one.
// Firefox restores a control's disabled state on a reload: a button Python had enabled came back
// enabled before Python was up, and a tap on it was lost. Controls that wait for Python are
// disabled again here, before the first paint; the kit enables them when their panel mounts.
for (const control of document.querySelectorAll("[data-needs-python]")) control.disabled = true;
(() => {
  if (location.hash || new URLSearchParams(location.search).has("expr")) return;
  let name = null;
  try { name = JSON.parse(localStorage.getItem("gm.tab")); } catch { return; }
  // Untrusted: only the name of a tab on this page.
  const tab = typeof name === "string" && /^[a-z][a-z0-9-]*$/.test(name)
    ? document.querySelector(`nav.tabs a[href="#${name}"]`) : null;
  if (tab && (document.getElementById(name) || document.querySelector(`template[data-page="${name}"]`))) {
    location.replace(`#${name}`);
    scrollTo(0, 0);  // a reopened tab starts at the top of the page, like a fresh visit
  }
})();
(() => {
  const FIRST_PAINT = "__FIRST_PAINT__";
  const english = (root) => {  // static text marked data-i18n (and -title, …) inside root, in English
    for (const element of root.querySelectorAll("[data-i18n]")) {
      const text = FIRST_PAINT.ids[element.dataset.i18n];
      if (text !== undefined) element.textContent = text;
    }
    for (const name of ["title", "aria-label", "placeholder"]) {
      for (const element of root.querySelectorAll(`[data-i18n-${name}]`)) {
        const text = FIRST_PAINT.ids[element.getAttribute(`data-i18n-${name}`)];
        if (text !== undefined) element.setAttribute(name, text);
      }
    }
  };
  const paintView = (element, shown) => {  // one element of a panel's initial view, in English
    if (shown.text !== undefined) element.textContent = shown.text;
    // Markup made by the build from our own data, every text escaped (kit.view.to_html).
    if (shown.html !== undefined) element.innerHTML = shown.html;
    for (const [name, value] of Object.entries(shown.attrs || {})) element.setAttribute(name, value);
  };
  // Pages kept out of the first parse: a <template data-page> holds each rules page
  // (tools/rules_pages.py) and each panel's section but the first (tools/page.py) until the address
  // names it or an element inside it, or the kit is about to mount it (globalThis.gmPages.stamp).
  // It is then stamped in place, in the page's language of the moment; a "gm-stamped" event on the
  // section tells static/prefs.js (sub-tools, details). Where the address names something inside
  // it, the address is followed again, so :target and the tabs' focus find it (the same fragment:
  // no second hashchange). Before Python, and after it.
  const paintEnglish = (page) => {
    english(page);
    for (const [id, shown] of Object.entries(FIRST_PAINT.en)) {
      const element = document.getElementById(id);
      if (element && page.contains(element)) paintView(element, shown);
    }
  };
  // The language a section shows its initial view in (kit.prerender.PAINTED): the kit, mounting
  // the panel in its initial state in that language, does not write the same tables again.
  const painted = (section) => {
    if (typeof FIRST_PAINT === "object") section.setAttribute("data-painted", document.documentElement.lang);
  };
  const stampId = (id) => {
    if (!id || document.getElementById(id)) return null;
    for (const template of document.querySelectorAll("template[data-page]")) {
      if (!template.content.getElementById(id)) continue;
      const page = template.content.firstElementChild;
      template.replaceWith(template.content);
      if (page && document.documentElement.lang === "en" && typeof FIRST_PAINT === "object") paintEnglish(page);
      if (page) painted(page);
      if (page) page.dispatchEvent(new Event("gm-stamped", { bubbles: true }));
      return page;
    }
    return null;
  };
  const named = () => {
    try { return decodeURIComponent(location.hash.slice(1)); } catch { return ""; }
  };
  const follow = (page) => {
    const id = named();
    const target = id ? document.getElementById(id) : null;
    if (page && target && page.contains(target)) location.replace(`#${location.hash.slice(1)}`);
  };
  addEventListener("hashchange", () => follow(stampId(named())));  // before Python's listeners
  // The kit stamps a panel before it mounts it (kit.browser_dom.stamp): the element of that id
  // once it is in the document, null if there is none.
  globalThis.gmPages = {
    stamp: (id) => {
      const page = stampId(id);
      follow(page);
      return document.getElementById(id);
    },
  };
  // A deep link to a panel or a rules page: there before the first paint (in Russian as built;
  // the English pass below covers it).
  stampId(named());
  let lang = "ru";
  try { lang = JSON.parse(localStorage.getItem("gm.lang")) || "ru"; } catch { lang = "ru"; }
  if (lang === "en" && typeof FIRST_PAINT === "object") {
    document.documentElement.lang = "en";
    english(document);
  }
  if (lang === "en" && typeof FIRST_PAINT === "object") {
    for (const [id, shown] of Object.entries(FIRST_PAINT.en)) {
      const element = document.getElementById(id);
      if (element) paintView(element, shown);
    }
  }
  for (const section of document.querySelectorAll("section.panel[id]")) painted(section);
})();
