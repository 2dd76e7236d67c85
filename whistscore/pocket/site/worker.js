// The pocket site's web worker: Pyodide, the wheels, the games folder on the
// browser's storage, and the scorepad app (whistscore.pocket.runtime) answering
// the page's requests.  It decides nothing and writes no word: every answer is
// the Python app's own.  Everything is loaded from this site (the service worker
// keeps it for offline starts); nothing from anywhere else.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const FOLDER = "/games";
const LOCK = "whistscore-pocket-games";
const here = (path) => new URL(path, import.meta.url).href;
let pocket = null;
let after = [];   // the files fetched once Python is up (pocket.json's "after")
let snapshotToKeep = null;   // the memory copy made at this start, kept once Python is up
let py = null;
const steps = {};   // when each part of the start was done (ms), for the budget test

function syncfs(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

// -- Python from a memory snapshot (docs/pocket.md, "How it starts") --------------------
// Pyodide 0.29 can copy its memory once the scorepad's modules are imported
// (loadPyodide's _makeSnapshot, makeMemorySnapshot) and start from that copy later
// (_loadSnapshot): no Python start, no imports.  The copy (25 MB) is made on this phone at the
// first start and kept in the Cache API under the site's version; a site of another version
// drops it; a copy that does not load is dropped and Python starts the plain way.
const SNAPSHOTS = "whistscore-pocket-snapshot " + new URL("./", import.meta.url).pathname;
// the modules imported before the copy is taken: the app and what its first page needs
const IMPORTED = "import whistscore.pocket.runtime, whistscore.web.app, whistscore.pocket.later";

async function keptSnapshot(version) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const req of await cache.keys()) {   // another version's copy: dropped
      if (!req.url.endsWith("/" + version)) await cache.delete(req);
    }
    const hit = await cache.match(here("snapshot/" + version));
    if (!hit) return null;
    const data = new Uint8Array(await hit.arrayBuffer());
    // a copy cut short or replaced is not handed to Pyodide (which cannot tell, and hangs)
    if (String(data.length) !== hit.headers.get("x-whistscore-length") || data.length < 1 << 20) {
      await cache.delete(here("snapshot/" + version));
      return "unusable";
    }
    return data;
  } catch (e) {
    return null;   // no Cache API here (or refused): the plain start
  }
}
async function keepSnapshot(version, data) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(here("snapshot/" + version), new Response(data, {
      headers: { "content-type": "application/octet-stream",
                 "x-whistscore-length": String(data.length) } }));
    steps.snapshotKept = true;
  } catch (e) {
    steps.snapshotKept = String(e);
  }
}
async function dropSnapshots() {
  try { await caches.delete(SNAPSHOTS); } catch (e) { /* nothing kept */ }
}

async function python(manifest) {
  const indexURL = here("pyodide/");
  const kept = await keptSnapshot(manifest.version);
  if (kept && kept !== "unusable") {
    try {
      steps.how = "snapshot";
      return { py: await loadPyodide({ indexURL, packages: [], _loadSnapshot: kept }), made: null };
    } catch (e) {
      steps.snapshotError = String(e && e.message || e);
      await dropSnapshots();
    }
  }
  steps.how = kept ? "plain (the snapshot did not load)" : "plain, snapshot made";
  const made = await loadPyodide({ indexURL, packages: [], _makeSnapshot: true });
  return { py: made, made: true };
}

async function start() {
  const t0 = performance.now();
  const manifest = await (await fetch(here("pocket.json"))).json();
  after = manifest.after || [];
  // the Python packages (compiled at build time) download while Pyodide starts
  const archive = fetch(here(manifest.python)).then((r) => {
    if (!r.ok) throw new Error(manifest.python + ": " + r.status);
    return r.arrayBuffer();
  });
  const started = await python(manifest);
  py = started.py;
  steps.pyodide = performance.now() - t0;
  // the files (templates, styles) are not in a snapshot, only the memory: unpacked each start
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(new Uint8Array(await archive), "zip", { extractDir: site });
  steps.wheels = performance.now() - t0;
  if (started.made) {   // the first start here: the copy, before any JavaScript object is held
    py.runPython(IMPORTED);
    const data = py.makeMemorySnapshot();
    steps.snapshot = performance.now() - t0;
    snapshotToKeep = () => keepSnapshot(manifest.version, data);
  }
  if (manifest.later) {   // what the phone seldom needs: fetched when first imported
    const url = here(manifest.later.archive);
    py.pyimport("whistscore.pocket.later").install(py.toPy(manifest.later.modules), () => {
      const x = new XMLHttpRequest();   // synchronous: an import waits for its module
      x.open("GET", url, false);
      x.responseType = "arraybuffer";
      x.send();
      if (x.status !== 200) throw new Error(manifest.later.archive + ": " + x.status);
      return new Uint8Array(x.response);
    }, site);
  }
  py.FS.mkdirTree(FOLDER);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, FOLDER);
  try { seen = await generation(); } catch (e) { seen = null; }
  await syncfs(true);
  steps.storage = performance.now() - t0;
  const runtime = py.pyimport("whistscore.pocket.runtime");
  pocket = runtime.Pocket(FOLDER, () => syncfs(false), () => syncfs(true));
  steps.app = performance.now() - t0;
  return performance.now() - t0;
}

// SQLite for the club's archive (sql.js: whistscore/pocket/sqlite_js.py), loaded once
// Python is up, off the start's path; a club page waits for it
let sqlReady = null;
function loadSQL() {
  if (!sqlReady) {
    sqlReady = (async () => {
      const code = await (await fetch(here("sqljs/sql-wasm.js"))).text();
      const module = { exports: {} };
      new Function("module", "exports", code)(module, module.exports);
      self.whistscoreSQL = await module.exports({ locateFile: (f) => here("sqljs/" + f) });
    })();
  }
  return sqlReady;
}

// -- the games' generation: one number in IndexedDB, moved by every save of any tab -------
// The games stay in this worker's memory between requests (the folder, and the app's replay
// of each game); the storage is read back whole only when another tab saved since (its
// number moved), not at every tap.  Read and moved under the browser's lock, as the saves.
const GENERATION = "whistscore-pocket-generation";
let seen = null;     // the number this worker's folder is as of
let generationDb = null;
function generationStore(mode) {
  if (!generationDb) {
    generationDb = new Promise((resolve, reject) => {
      const open = indexedDB.open(GENERATION, 1);
      open.onupgradeneeded = () => open.result.createObjectStore("n");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
  }
  return generationDb.then((db) => db.transaction("n", mode).objectStore("n"));
}
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
async function generation() {
  return (await request((await generationStore("readonly")).get("games"))) || 0;
}
async function moveGeneration() {
  const store = await generationStore("readwrite");
  const now = ((await request(store.get("games"))) || 0) + 1;
  await request(store.put(now, "games"));
  return now;
}

async function answer(msg) {
  const { id, method, url, headers, body } = msg;
  if (url.startsWith("/club") || url.startsWith("/api/club")) {
    try { await loadSQL(); } catch (e) { /* the club's page then says its archive failed */ }
  }
  const run = async () => {
    const t0 = performance.now();
    let now = null;
    try { now = await generation(); } catch (e) { now = null; }
    if (now === null || now !== seen) {   // another tab saved (or no number): read the storage
      await syncfs(true);
      seen = now;
    }
    const out = await pocket.handle(method, url, headers, body || new Uint8Array(0));
    const [status, hdrs, data] = out.toJs();
    out.destroy();
    if (method !== "GET" && method !== "HEAD" && status < 400) {
      try { seen = await moveGeneration(); } catch (e) { seen = null; }
    }
    return { id, status, headers: hdrs, body: data, ms: performance.now() - t0 };
  };
  // the browser's lock across this site's tabs (Pyodide has no fcntl lock)
  return navigator.locks ? navigator.locks.request(LOCK, run) : run();
}

const ready = start().then(
  (ms) => {
    self.postMessage({ ready: true, ms, steps });
    // the seldom-needed files (the second archive, the club's SQLite) into the service
    // worker's cache, off the start's path, so the workbook and the club work with no network
    // later
    setTimeout(() => { for (const f of after) fetch(here(f)).catch(() => {}); }, 0);
    if (snapshotToKeep) setTimeout(() => { snapshotToKeep(); snapshotToKeep = null; }, 500);
  },
  (err) => { self.postMessage({ ready: false, error: String(err && err.stack || err) }); throw err; });

let chain = ready;
self.onmessage = (e) => {
  // one request at a time, in the order the page sent them
  chain = chain.then(() => answer(e.data)).then(
    (reply) => self.postMessage(reply, [reply.body.buffer]),
    (err) => self.postMessage({ id: e.data.id, status: 0, error: String(err && err.stack || err) }));
};
