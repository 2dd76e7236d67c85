// The last page the phone showed, kept in the browser's storage so the next start draws it
// at once, before Python is up (docs/pocket.md, "How it starts").  It is the app's own HTML
// as the worker answered it (never the page's live DOM: a half-filled form is not kept), with
// the address it answered and the site's version: a site of another version drops it, since
// its pages and scripts may differ.  Kept in localStorage, which a page reads synchronously.
"use strict";
(function () {
  const KEY = "whistscore-pocket-page " + new URL(".", location.href).pathname;
  const meta = document.querySelector('meta[name="whistscore-version"]');
  const version = meta ? meta.content : "";

  // {url, html} of the last page, or null (none, another version, unreadable)
  function load() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY) || "null");
      if (kept && kept.version === version && typeof kept.url === "string"
          && typeof kept.html === "string" && kept.url.startsWith("/")) return kept;
      if (kept) localStorage.removeItem(KEY);   // another version's page: dropped
    } catch (e) { /* private mode, or a broken entry: no snapshot */ }
    return null;
  }

  function save(url, html) {
    try { localStorage.setItem(KEY, JSON.stringify({ version, url, html, at: Date.now() })); }
    catch (e) { /* full or private: the next start waits for Python, nothing else */ }
  }

  function drop() {
    try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
  }

  window.whistscorePageStore = { load, save, drop, version, key: KEY };
})();
