// The pocket site's own buttons (whistscore/pocket/pages.py draws the pages and writes
// every word): delete and bring back, backup and restore, import, a game's link sent
// or copied, a shared game kept or continued, and the browser's storage figures.
// It decides nothing: each tap is one request to the worker, whose answer is shown.
"use strict";
(function () {
  const P = () => window.whistscorePocket;
  const $ = (id) => document.getElementById(id);
  const words = () => { try { return JSON.parse($("pocket-words").textContent); } catch (e) { return {}; } };
  const fill = (template, ...args) => args.reduce((s, a, i) => s.replace("{" + i + "}", a), template);

  function say(text, bad) {
    const p = $(bad ? "pocket-error" : "pocket-said") || $("pocket-import-error");
    if (!p) { window.alert(text); return; }
    p.textContent = text;
    p.hidden = false;
    const other = $(bad ? "pocket-said" : "pocket-error");
    if (other) other.hidden = true;
  }
  // a raw body (a file's bytes, a link) to one of the pocket's routes: [status, answer]
  async function send(url, bytes) {
    const r = await P().ask("POST", url, [["content-type", "application/octet-stream"]], bytes);
    let data = {};
    try { data = JSON.parse(new TextDecoder().decode(r.body)); } catch (e) { data = { message: String(r.status) }; }
    return [r.status, data];
  }
  const refused = (data) => data.message || data.error;

  // -- the storage the browser grants (only the page can ask it) --------------------------
  function size(n) {
    const [kb, mb, gb] = words().units.split(" ");
    return n >= 1e9 ? (n / 1e9).toFixed(1) + " " + gb : n >= 1e6 ? (n / 1e6).toFixed(1) + " " + mb : Math.round(n / 1e3) + " " + kb;
  }
  async function storage() {
    const w = words();
    const usage = $("pocket-usage");
    const kept = $("pocket-persisted");
    if (!usage || !navigator.storage) return;
    try {
      const est = await navigator.storage.estimate();
      usage.textContent = fill(w.usage, size(est.usage || 0), size(est.quota || 0));
      usage.hidden = false;
    } catch (e) { /* no estimate in this browser */ }
    try {
      let yes = navigator.storage.persisted ? await navigator.storage.persisted() : false;
      if (!yes && navigator.storage.persist) yes = await navigator.storage.persist();
      kept.textContent = yes ? w.persisted : w.not_persisted;
      kept.dataset.persisted = yes ? "1" : "0";
      kept.hidden = false;
    } catch (e) { /* the browser does not say */ }
  }
  new MutationObserver(() => { if ($("pocket-usage") && !$("pocket-usage").dataset.asked) { $("pocket-usage").dataset.asked = "1"; storage(); } })
    .observe(document.body, { childList: true });

  // -- taps --------------------------------------------------------------------------------
  document.addEventListener("click", async (e) => {
    const t = e.target.closest && e.target.closest("button");
    if (!t) return;
    if (t.classList.contains("pocket-delete")) {
      const name = t.dataset.name;
      const [status, data] = await send("/pocket/delete/" + encodeURIComponent(name));
      if (status !== 200) { say(refused(data), true); return; }
      await P().show("/pocket/keep");
      say(fill(words().deleted, name));
    } else if (t.classList.contains("pocket-undo")) {
      const [status, data] = await send("/pocket/undo/" + encodeURIComponent(t.dataset.entry));
      if (status !== 200) { say(refused(data), true); return; }
      P().go("/g/" + encodeURIComponent(data.name));
    } else if (t.id === "pocket-backup-button") {
      P().deliver(await P().ask("GET", "/pocket/backup.zip", []));
    } else if (t.id === "pocket-send") {
      const link = t.dataset.link;
      if (navigator.share) {
        try { await navigator.share({ title: t.dataset.title, url: link }); return; }
        catch (err) { if (err.name === "AbortError") return; }
      }
      copy(link);
    } else if (t.id === "pocket-copy") {
      copy(t.dataset.link);
    } else if (t.id === "pocket-keep-here" || t.id === "pocket-continue-here") {
      const box = $("pocket-adopt");
      const data = new TextEncoder().encode(box.dataset.link);
      const [status, answer] = await send("/pocket/adopt?name=" + encodeURIComponent(box.dataset.name || ""), data);
      if (status !== 201) { say(refused(answer), true); return; }
      history.replaceState(null, "", "#/");   // the link is not kept in the address: the game is
      P().go(t.id === "pocket-keep-here" ? "/" : "/g/" + encodeURIComponent(answer.name));
    }
  });

  async function copy(link) {
    try { await navigator.clipboard.writeText(link); say(words().copied); }
    catch (e) {
      const range = document.createRange();
      range.selectNodeContents($("pocket-link"));
      $("pocket-link").closest("details").open = true;
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
  }

  // -- files from the phone: a game file (import), a backup (restore) ----------------------
  document.addEventListener("change", async (e) => {
    const id = e.target.id;
    if ((id !== "pocket-restore" && id !== "pocket-import") || !e.target.files.length) return;
    e.stopImmediatePropagation();
    const file = e.target.files[0];
    e.target.value = "";
    // a file past the CLI's own limit is not read whole: its first byte past it is enough
    const bytes = new Uint8Array(await file.slice(0, 64 * 1024 * 1024 + 1).arrayBuffer());
    if (id === "pocket-restore") {
      const [status, data] = await send("/pocket/restore", bytes);
      if (status !== 201) { say(refused(data), true); return; }
      await P().show("/pocket/keep");
      say(data.said);
      return;
    }
    const [status, data] = await send("/pocket/import?name=" + encodeURIComponent(file.name), bytes);
    if (status === 201) { P().go("/g/" + encodeURIComponent(data.name)); return; }
    const p = $("pocket-import-error");
    if (p) { p.textContent = refused(data); p.hidden = false; }
  }, true);
})();
