// The pocket site's page: it carries the scorepad's pages and requests between the
// screen and the Python app running in the web worker (worker.js).  It decides no
// rule and writes no word: the pages, answers and messages are the app's own.
//
// * A page of the app ("/", "/g/NAME", "/g/NAME/settle") is asked of the worker,
//   and its body, style and script are put in this document; the address keeps
//   it after "#" so a reload shows the same page.
// * The pages' own scripts (web/static/*.js) reach the app through api.js's one
//   transport function: here it is swapped (useTransport) for one that asks the worker.
// * A link to a file (the workbook, the game file) becomes the phone's share sheet
//   where it has one for files, else a download.
"use strict";
(function () {
  const base = new URL(".", location.href);
  const timings = { start: performance.now() };
  let current = null;
  let mounts = 0;
  let renders = 0;
  let writes = 0;   // changes answered so far: a page asked before one is not kept after it
  const store = window.whistscorePageStore;   // pagestore.js: the last page, kept
  // (the browser's timers are the page's own: a page's scripts end their work when their
  // page leaves the document, web/static/live.js; nothing here wraps setTimeout)

  // -- the worker ----------------------------------------------------------------------
  let worker = null;
  let nextId = 1;
  const waiting = new Map();
  let readyDone;
  const ready = new Promise((resolve, reject) => { readyDone = { resolve, reject }; });

  function startWorker() {
    worker = new Worker(new URL("worker.js", base), { type: "module" });
    worker.onmessage = (e) => {
      const m = e.data;
      if ("ready" in m) {
        timings.python = m.ms;
        timings.steps = m.steps;
        timings.ready = performance.now();
        if (m.ready) readyDone.resolve(); else readyDone.reject(new Error(m.error));
        return;
      }
      const done = waiting.get(m.id);
      waiting.delete(m.id);
      if (done) done(m);
    };
    worker.onerror = (e) => readyDone.reject(new Error(e.message || "worker"));
  }

  // The app's cookies (the language switch) are kept here, as a browser keeps a server's.
  function cookies() {
    try { return JSON.parse(localStorage.getItem("whistscore-cookies") || "{}"); } catch (e) { return {}; }
  }
  function keepCookies(headers) {
    if (!headers.some(([k]) => k.toLowerCase() === "set-cookie")) return;
    const jar = cookies();
    for (const [k, v] of headers) {
      if (k.toLowerCase() !== "set-cookie") continue;
      const [pair] = v.split(";");
      const i = pair.indexOf("=");
      if (i > 0) jar[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
    }
    try { localStorage.setItem("whistscore-cookies", JSON.stringify(jar)); } catch (e) { /* private mode */ }
  }
  function header(r, name) {
    const hit = r.headers.find(([k]) => k.toLowerCase() === name);
    return hit ? hit[1] : "";
  }

  // A request to the app.  A change answered here (keep.js's: a delete, a restore) is one
  // the table's live view does not describe: the kept page is marked stale, asked again soon.
  async function ask(method, url, headers, body) {
    const reply = await askApp(method, url, headers, body);
    if (method !== "GET" && reply.status < 300) {
      writes++;
      if (current) store.note(current, null);
      keepLater();
    }
    return reply;
  }
  async function askApp(method, url, headers, body) {
    await ready;
    const jar = Object.entries(cookies()).map(([k, v]) => k + "=" + v).join("; ");
    const all = (headers || []).concat([["accept-language", (navigator.languages || [navigator.language]).join(",")]]);
    if (jar) all.push(["cookie", jar]);
    all.push(["x-pocket-site", base.href]);   // the site's address: a game's link starts with it
    const id = nextId++;
    const reply = await new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, method, url, headers: all, body: body || null });
    });
    if (reply.status === 0) throw new TypeError(reply.error);
    keepCookies(reply.headers);
    return reply;
  }

  // -- the page's API calls (web/static/api.js: one transport) answered by the worker ----
  async function transport(method, url, body) {
    const data = body === undefined ? null : new TextEncoder().encode(JSON.stringify(body));
    const at = current;
    const r = await askApp(method, url, [["content-type", "application/json"]], data);
    if (method !== "GET") {   // the worker's part of the last change, and its answer's size
      timings.lastWrite = r.ms;
      timings.lastBytes = r.body ? r.body.byteLength : 0;
    }
    if (r.status === 204) return [204, null];
    let answer;
    try { answer = JSON.parse(new TextDecoder().decode(r.body)); }
    catch (e) { return [r.status, { error: String(r.status) }]; }
    // (for the tests: whether the last change's answer was said as a change of the view)
    if (method !== "GET") timings.lastDelta = !!(answer && answer.live && "since" in answer.live);
    if (r.status < 300 && at && at === current) {
      // the kept page follows the game: the live view of a change (a deal, an edit) or of a
      // poll noted at once (pagestore.js), taken into the kept page a moment later, off the
      // tap's path; a change without one (an undo, a setting) marks it stale, asked again
      const live = method === "GET" ? (isLive(url, at) && answer) : answer && answer.live;
      if (method !== "GET") writes++;
      if (live) {
        store.note(at, live);
        patchSoon();
      } else if (method !== "GET") {
        store.note(at, null);
        keepLater();
      }
    }
    return [r.status, answer];
  }

  // -- pages ---------------------------------------------------------------------------
  const staticURL = (path) => new URL(path.slice(1), base).href;   // "/static/x" -> the site's copy
  // the app's style sheets the site wrote into this page (build.py INLINE_STYLES): a page's
  // link to one is not added again
  const inlinedStyle = document.querySelector("style[data-inline]");
  const inlined = new Set(inlinedStyle ? inlinedStyle.dataset.inline.split(" ") : []);
  function resolve(href) {
    const u = new URL(href, location.origin + (current || "/"));   // the app's paths, not the site's
    return u.pathname + u.search;
  }

  // the table's live view of the page at `page` ("/g/NAME/live?..." of "/g/NAME")
  function isLive(url, page) {
    return url.split("?")[0] === page.split("?")[0] + "/live";
  }

  async function show(url) {
    const asked = writes;
    const r = await askApp("GET", url, [["accept", "text/html"]]);
    const type = header(r, "content-type");
    if (!type.startsWith("text/html")) return deliver(r);
    const html = new TextDecoder().decode(r.body);
    if (r.status < 400 && asked === writes) store.save(url, html);
    if (!(await render(url, html, false))) return;
    if (!timings.page) { timings.page = performance.now(); timings.firstAnswer = r.ms; }
    timings.shown = performance.now();
  }

  // The app's page `html` (of address `url`) put in this document, its scripts run; a promise
  // of whether it was drawn.  Pages are drawn one after another, each once the scripts of the
  // one before have run (a module script cannot be stopped once added: run after a newer page
  // was drawn, it would take that page's buttons as its own, and a tap would count twice); a
  // page asked while another waits replaces it, and `unless()` (checked when its turn comes)
  // can still call it off.  `after`: the scripts wait for it too (the kept page: api.js).
  let drawing = Promise.resolve();
  function render(url, html, keepScroll, after, unless) {
    const mine = ++renders;
    let scripts = [];
    const drawn = drawing.then(() => {
      if (mine !== renders || (unless && unless())) return false;
      scripts = swap(url, html, keepScroll);
      return true;
    });
    drawing = drawn.then((done) => done && Promise.resolve(after).then(
      () => mounted(mountScripts(scripts))).then(() => {
      if (mine === renders) document.documentElement.dataset.scripts = url;   // for the tests
    })).catch(() => {});
    return drawn;
  }
  // the page's scripts run (or failed), or 5 s: the next page waits no longer
  function mounted(elements) {
    return Promise.race([
      Promise.all(elements.map((n) => new Promise((res) => { n.onload = n.onerror = res; }))),
      new Promise((res) => setTimeout(res, 5000))]);
  }

  function swap(url, html, keepScroll) {
    current = url;
    const doc = new DOMParser().parseFromString(html, "text/html");
    document.documentElement.lang = doc.documentElement.lang;
    document.title = doc.title;
    for (const old of document.head.querySelectorAll("[data-page]")) old.remove();
    for (const node of doc.head.querySelectorAll("style, meta[name], link[rel=stylesheet]")) {
      if (node.tagName === "LINK" && inlined.has(node.getAttribute("href"))) continue;
      const n = document.importNode(node, true);
      if (n.tagName === "LINK") n.href = staticURL(node.getAttribute("href"));
      n.dataset.page = "";
      document.head.append(n);
    }
    for (const a of Array.from(document.body.attributes)) document.body.removeAttribute(a.name);
    for (const a of Array.from(doc.body.attributes)) document.body.setAttribute(a.name, a.value);
    const scripts = Array.from(doc.body.querySelectorAll("script[src]"));
    for (const s of scripts) s.remove();
    document.body.replaceChildren(...Array.from(doc.body.childNodes, (n) => document.importNode(n, true)));
    if (!keepScroll) window.scrollTo(0, 0);
    document.documentElement.dataset.page = url;
    return scripts;
  }

  function mountScripts(scripts) {
    const added = [];
    for (const s of scripts) {   // the page's own script, from the site's copy of web/static
      const n = document.createElement("script");
      n.src = staticURL(s.getAttribute("src"));
      if (s.type === "module") {   // a module runs once per address: this page's own
        n.type = "module";
        n.src += "?page=" + (++mounts);
      } else {
        n.async = false;
      }
      document.body.append(n);
      added.push(n);
    }
    return added;
  }

  function go(url) {
    if (location.hash === "#" + url) show(url);
    else location.hash = url;   // hashchange shows it; back and reload keep it
  }
  window.addEventListener("hashchange", () => show(location.hash.slice(1) || "/"));

  // A file from the app (workbook, game file): the share sheet, else a download.
  async function deliver(r) {
    const type = header(r, "content-type").split(";")[0] || "application/octet-stream";
    if (r.status >= 400) {
      let text = "";
      try { text = JSON.parse(new TextDecoder().decode(r.body)).error; } catch (e) { text = String(r.status); }
      const p = document.getElementById("flash");
      if (p) { p.textContent = text; p.className = "flash error"; p.hidden = false; } else window.alert(text);
      return;
    }
    const m = /filename="([^"]+)"/.exec(header(r, "content-disposition"));
    const file = new File([r.body], m ? m[1] : "download", { type });
    if (navigator.canShare && navigator.share && navigator.canShare({ files: [file] })) {
      try { await navigator.share({ files: [file] }); return; } catch (e) { if (e.name === "AbortError") return; }
    }
    const a = document.createElement("a");
    a.href = URL.createObjectURL(file);
    a.download = file.name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }

  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a[href]");
    if (!a || a.hasAttribute("download")) return;
    const href = a.getAttribute("href");
    if (!(href.startsWith("/") && !href.startsWith("//")) && !href.startsWith("?")) return;
    e.preventDefault();
    const url = resolve(href);
    if (url.startsWith("/api/")) ask("GET", url, []).then(deliver); else go(url);
  });

  // A game file from the phone's files: the app checks it and names it.
  document.addEventListener("change", async (e) => {
    if (e.target.id !== "pocket-import" || !e.target.files.length) return;
    const file = e.target.files[0];
    e.target.value = "";
    const text = await file.slice(0, 8 * 1024 * 1024 + 1).text();
    const [status, data] = await transport("POST", "/api/games/import", { name: file.name, text });
    if (status === 201) { go("/g/" + encodeURIComponent(data.name)); return; }
    const p = document.getElementById("pocket-import-error");
    if (p) { p.textContent = data.error; p.hidden = false; }
  });

  // -- start: the service worker first (so the worker's files come from its cache) ------
  async function offline() {
    // ask the browser to keep the games' storage under pressure (granted to installed apps)
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    if (!("serviceWorker" in navigator)) return "none";
    try {
      await navigator.serviceWorker.register(new URL("sw.js", base), { scope: base.pathname });
      if (navigator.serviceWorker.controller) return "cached";
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((res) => {
          navigator.serviceWorker.addEventListener("controllerchange", res, { once: true });
          setTimeout(res, 5000);
        });
      }
      return navigator.serviceWorker.controller ? "installed" : "none";
    } catch (e) {
      return "failed: " + e;
    }
  }

  // -- the last page, kept (pagestore.js) ----------------------------------------------
  // A change answered with the table's live view (a deal, an edit), or a poll that brought a
  // new one, is noted at once (transport, above) and taken into the kept page a moment later,
  // off the tap's path: its sheet, deals, strip and state, with no work for Python, so a tap
  // costs the same at deal 200 as at deal 1.  Any other change marks the kept page stale, and
  // it is asked again of the app a second later.
  let patchTimer = 0;
  function patchSoon() {
    clearTimeout(patchTimer);
    patchTimer = setTimeout(patchNow, 300);
  }
  // splice.js, which applies a deal's change to a page (the table page's own, imported when
  // a kept page first takes one)
  let splicing = null;
  function spliceReady() {
    return splicing || (splicing = import(staticURL("/static/splice.js")));
  }
  async function patchNow() {
    const { take } = await spliceReady();
    const n = store.noted();
    const kept = store.load();
    if (!n || !(n.live || n.changes.length) || !kept || kept.url !== n.url) return;
    const html = patched(kept.html, n, take);
    if (html) store.settle(html, n); else { store.note(n.url, null); keepLater(); }
  }
  // the kept page's HTML with what the note `n` says changed taken in (its whole live view,
  // then each deal's change, as the table page takes them: splice.js), or null (not a table
  // page, or a change of another view than the one kept)
  function patched(html, n, take) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const boot = doc.getElementById("boot");
    if (!boot || !doc.getElementById("live")) return null;
    const parts = { html: doc.getElementById("live"), deals_html: doc.getElementById("live-deals"),
                    strip_html: doc.getElementById("strip") };
    let state;
    try { state = JSON.parse(boot.textContent); } catch (e) { return null; }
    for (const live of (n.live ? [n.live] : []).concat(n.changes)) {
      state = take(parts, state, live);
      if (!state) return null;
    }
    // as the app writes it (shared.json_script): nothing in it can close the script
    boot.textContent = JSON.stringify(state).replace(/</g, "\\u003c").replace(/>/g, "\\u003e")
      .replace(/&/g, "\\u0026");
    return "<!doctype html>\n" + doc.documentElement.outerHTML;
  }
  let keepTimer = 0;
  function keepLater() {
    clearTimeout(keepTimer);
    keepTimer = setTimeout(keepNow, 1000);
  }
  async function keepNow() {
    const url = current;
    if (!url) return;
    const asked = writes;
    const r = await askApp("GET", url, [["accept", "text/html"]]);
    if (r.status < 400 && header(r, "content-type").startsWith("text/html") && url === current) {
      if (asked === writes) store.save(url, new TextDecoder().decode(r.body));
      else keepLater();   // a change came meanwhile: asked again after it
    }
  }

  // Drawn from storage, before Python: the kept page, if the address asks for it (or for
  // no page: the site opened from the home screen shows the last page it showed), with what
  // changed since taken in; not drawn if a change since is one it cannot show.
  let touched = false;   // a tap or a key since the start: the page is not redrawn under it
  for (const kind of ["pointerdown", "keydown", "input"]) {
    document.addEventListener(kind, () => { touched = true; }, { capture: true, passive: true });
  }
  async function showKept(apiReady) {
    let kept = store.load();
    const asked = location.hash.slice(1);
    if (!kept || (asked && asked !== kept.url)) return null;
    const n = store.noted();
    if (n && n.url === kept.url) {
      if (n.stale) return null;   // the app draws it, once Python is up
      const html = (n.live || n.changes.length) && patched(kept.html, n, (await spliceReady()).take);
      if (!html) return null;
      store.settle(html, n);
      kept = { url: kept.url, html };
    }
    if (!asked) history.replaceState(null, "", "#" + kept.url);
    if (!(await render(kept.url, kept.html, false, apiReady))) return null;
    timings.kept = performance.now();
    timings.page = timings.shown = timings.kept;
    document.documentElement.dataset.kept = "1";
    return kept;
  }
  // Python is up: the kept page asked of the app; redrawn only if it differs and nobody has
  // touched it (a table page also follows the game by its own live view).
  async function refreshKept(kept) {
    const url = kept.url;
    const asked = writes;
    const r = await askApp("GET", url, [["accept", "text/html"]]);
    if (r.status >= 400 || !header(r, "content-type").startsWith("text/html")) {
      store.drop();
      if (!touched && url === current) show(url);
      return;
    }
    const html = new TextDecoder().decode(r.body);
    if (asked === writes) store.save(url, html);
    if (html !== kept.html && await render(url, html, true, null,
                                          () => touched || url !== current || asked !== writes)) {
      timings.redrawn = performance.now();
    }
    delete document.documentElement.dataset.kept;
  }

  // A test's seam (tests/test_pocket.py): with "whistscore-pocket-hold" in this tab's
  // sessionStorage, Python starts only when release() is called, so a test can tap the page
  // drawn from storage before Python is up whatever the machine's speed.
  let release = () => {};
  const held = new Promise((resolve) => { release = resolve; });
  function startPython() {
    let hold = false;
    try { hold = sessionStorage.getItem("whistscore-pocket-hold") === "1"; } catch (e) { /* none */ }
    if (hold) held.then(startWorker); else startWorker();
  }
  window.whistscorePocket = { go, timings, ask, transport, store, show, deliver,
                             release: () => release() };
  ready.then(() => { document.documentElement.dataset.ready = "1"; }, () => {});
  async function begin() {
    // a warm start (the service worker already controls the page): Python starts at once,
    // and the kept page is drawn meanwhile; a first visit lets the service worker fill its
    // cache first, so the worker's files come from it
    const warm = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    // the module the pages import: its transport is set before any page script runs
    const apiReady = import(staticURL("/static/api.js")).then((api) => api.useTransport(transport));
    const kept = showKept(apiReady);   // drawn at once; its scripts once api.js is ready
    // Python starts once the kept page is in (a few ms): the worker's start and its first
    // requests to the service worker then come after the page's drawing, not before it
    if (warm) kept.then(startPython, startPython);
    await apiReady;
    const how = await offline();
    timings.serviceWorker = warm ? "cached" : how;
    timings.sw = performance.now();
    if (!warm) startWorker();
    const shown = await kept;
    if (shown) return refreshKept(shown);
    // no kept page, or one a change since has made stale: the app draws the page asked, or
    // the last one shown
    const asked = location.hash.slice(1);
    const last = store.load();
    if (!asked && last) history.replaceState(null, "", "#" + last.url);
    return show(asked || (last ? last.url : "/"));
  }
  const bootPage = document.getElementById("boot").outerHTML;   // the start's own words
  begin().catch((err) => {
    if (!document.getElementById("boot-error")) document.body.insertAdjacentHTML("afterbegin", bootPage);
    document.getElementById("boot-loading").hidden = true;
    document.getElementById("boot-error").hidden = false;
    document.getElementById("boot-detail").textContent = String(err && err.stack || err);
    document.documentElement.dataset.failed = "1";
  });
})();
