// The last page the phone showed, kept in the browser's storage so the next start draws it
// at once, before Python is up (docs/pocket.md, "How it starts").  It is the app's own HTML
// as the worker answered it (never the page's live DOM: a half-filled form is not kept), with
// the address it answered and the site's version: a site of another version drops it, since
// its pages and scripts may differ.  Kept in localStorage, which a page reads synchronously.
//
// Beside it, a note of what changed since (``note``): the table's live view of the last
// change or poll, and the deals' answers after it (each the change from the view before),
// written at once when the answer comes (a few kilobytes of JSON, no drawing), and taken into the kept page a moment later, off the tap's path; and whether a
// change came that the live view does not describe (a setting, an undo, a delete), in which
// case the kept page is not drawn at the next start until the app has sent it again.  So a
// start never draws a page older than the last answer this phone had.
"use strict";
(function () {
  const KEY = "whistscore-pocket-page " + new URL(".", location.href).pathname;
  const NOTE = KEY + " since";
  const meta = document.querySelector('meta[name="whistscore-version"]');
  const version = meta ? meta.content : "";

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); return true; }
    catch (e) { return false; }   // full or private: the next start waits for Python
  }
  function remove(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing kept */ }
  }

  // {url, html} of the last page, or null (none, another version, unreadable)
  function load() {
    const kept = read(KEY);
    if (kept && kept.version === version && typeof kept.url === "string"
        && typeof kept.html === "string" && kept.url.startsWith("/")) return kept;
    if (kept) remove(KEY);   // another version's page: dropped
    return null;
  }

  // the app's page as it answered it: what changed since is in it
  function save(url, html) {
    if (!write(KEY, { version, url, html, at: Date.now() })) remove(KEY);
    remove(NOTE);
  }

  // {url, live, changes, stale} of the changes since the page was kept, or null
  function noted() {
    const n = read(NOTE);
    return n && n.version === version && typeof n.url === "string"
      ? Object.assign({ changes: [] }, n) : null;
  }
  // a change at `url`: its live view, whole or said as the change from the view before it
  // (a deal: web/delta.py), kept in order after the last whole one; or null, a change the
  // live view does not describe
  function note(url, live) {
    const n = noted();
    const same = n && n.url === url;
    const whole = live && live.since === undefined;
    const next = { version, url, live: whole ? live : (same ? n.live : null),
                   changes: whole || !same ? [] : n.changes,
                   stale: !live || !!(same && n.stale) };
    if (live && !whole) next.changes = next.changes.concat([live]);
    if (!write(NOTE, next)) remove(KEY);   // not noted: the kept page cannot be trusted
  }
  // the live view taken into the kept page (`html`): only the stale mark, if any, remains
  function settle(html, n) {
    const kept = load();
    if (!kept || !n) return;
    write(KEY, { version, url: kept.url, html, at: Date.now() });
    if (n.stale) write(NOTE, { version, url: n.url, live: null, changes: [], stale: true });
    else remove(NOTE);
  }

  function drop() {
    remove(KEY);
    remove(NOTE);
  }

  window.whistscorePageStore = { load, save, note, noted, settle, drop, version, key: KEY };
})();
