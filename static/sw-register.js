// Registers the offline service worker and offers a reload when a new version is ready.
// No game logic here: the app itself is Python.
const banner = document.getElementById("update-banner");

function offer(worker) {
  banner.hidden = false;
  document.getElementById("update-reload").addEventListener("click", () => worker.postMessage("skip-waiting"));
}

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && banner.dataset.accepted === "yes") { reloading = true; location.reload(); }
  });
  navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
    document.documentElement.dataset.offline = "registered";
  }).catch(() => { document.documentElement.dataset.offline = "unavailable"; });
}
document.getElementById("update-reload")?.addEventListener("click", () => { banner.dataset.accepted = "yes"; });
