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
let py = null;
const steps = {};   // when each part of the start was done (ms), for the budget test

function syncfs(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

async function start() {
  const t0 = performance.now();
  const manifest = await (await fetch(here("pocket.json"))).json();
  // the Python packages (compiled at build time) download while Pyodide starts
  const archive = fetch(here(manifest.python)).then((r) => {
    if (!r.ok) throw new Error(manifest.python + ": " + r.status);
    return r.arrayBuffer();
  });
  py = await loadPyodide({ indexURL: here("pyodide/"), packages: [], fullStdLib: false });
  steps.pyodide = performance.now() - t0;
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(new Uint8Array(await archive), "zip", { extractDir: site });
  steps.wheels = performance.now() - t0;
  py.FS.mkdirTree(FOLDER);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, FOLDER);
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

async function answer(msg) {
  const { id, method, url, headers, body } = msg;
  if (url.startsWith("/club") || url.startsWith("/api/club")) {
    try { await loadSQL(); } catch (e) { /* the club's page then says its archive failed */ }
  }
  const run = async () => {
    const t0 = performance.now();
    await syncfs(true);   // another tab may have saved since: read the storage first
    const out = await pocket.handle(method, url, headers, body || new Uint8Array(0));
    const [status, hdrs, data] = out.toJs();
    out.destroy();
    return { id, status, headers: hdrs, body: data, ms: performance.now() - t0 };
  };
  // the browser's lock across this site's tabs (Pyodide has no fcntl lock)
  return navigator.locks ? navigator.locks.request(LOCK, run) : run();
}

const ready = start().then(
  (ms) => { self.postMessage({ ready: true, ms, steps }); },
  (err) => { self.postMessage({ ready: false, error: String(err && err.stack || err) }); throw err; });

let chain = ready;
self.onmessage = (e) => {
  // one request at a time, in the order the page sent them
  chain = chain.then(() => answer(e.data)).then(
    (reply) => self.postMessage(reply, [reply.body.buffer]),
    (err) => self.postMessage({ id: e.data.id, status: 0, error: String(err && err.stack || err) }));
};
