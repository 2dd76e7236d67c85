// The pocket site's service worker: the whole site in one cache per version, so the
// scorepad starts with no network after the first visit.  The games are not here:
// they live in IndexedDB (worker.js), which a new version of the site never touches;
// a new version fills its own cache, then drops the old one.
"use strict";
const VERSION = "__VERSION__";
const FILES = __FILES__;
// kept when first fetched rather than at the install (build.py's AFTER: seldom needed)
const LATER = __LATER__;
// one site per folder of a host: its caches are named by its scope, and only its own go
const PREFIX = "whistscore-pocket " + self.registration.scope + " ";
const CACHE = PREFIX + VERSION;
let opened = null;   // the cache, opened once per run of the service worker
const cache = () => opened || (opened = caches.open(CACHE));

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const kept = await cache();
    // a page of the site is the one page, whatever follows it ("#/g/friday" never reaches here)
    const hit = req.mode === "navigate"
      ? await kept.match(new URL("./", self.registration.scope).href)
      : await kept.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const path = new URL(req.url).pathname;
    const later = LATER.find((f) => path === new URL(f, self.registration.scope).pathname);
    if (!later) return fetch(req);
    const answer = await fetch(new URL(later, self.registration.scope).href);
    if (answer.ok) await kept.put(new URL(later, self.registration.scope).href, answer.clone());
    return answer;
  })());
});
