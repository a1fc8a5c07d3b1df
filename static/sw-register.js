// Registers the offline service worker and offers a reload when a new version is ready.
// No game logic here: the app itself is Python.
const banner = document.getElementById("update-banner");

function offer(worker) {
  banner.hidden = false;
  document.getElementById("update-reload").addEventListener("click", () => worker.postMessage("skip-waiting"));
}

// Registering (and so precaching ~40 MB) competes with Python's start for the CPU: wait until the
// page is ready (main.py sets data-ready), or 15 s if Python never gets there.
function afterStartUp(register) {
  const root = document.documentElement;
  if (root.dataset.ready === "true") { register(); return; }
  const observer = new MutationObserver(() => {
    if (root.dataset.ready === "true") { observer.disconnect(); clearTimeout(timer); register(); }
  });
  const timer = setTimeout(() => { observer.disconnect(); register(); }, 15000);
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && banner.dataset.accepted === "yes") { reloading = true; location.reload(); }
  });
  afterStartUp(() => navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
    document.documentElement.dataset.offline = "registered";
  }).catch(() => { document.documentElement.dataset.offline = "unavailable"; }));
}
document.getElementById("update-reload")?.addEventListener("click", () => { banner.dataset.accepted = "yes"; });
