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

function syncfs(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

async function start() {
  const t0 = performance.now();
  const manifest = await (await fetch(here("pocket.json"))).json();
  // the wheels download while Pyodide starts
  const archives = manifest.wheels.map((name) =>
    fetch(here("wheels/" + name)).then((r) => {
      if (!r.ok) throw new Error(name + ": " + r.status);
      return r.arrayBuffer().then((b) => [name, new Uint8Array(b)]);
    }));
  py = await loadPyodide({ indexURL: here("pyodide/"), packages: [], fullStdLib: false });
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const [name, data] of await Promise.all(archives)) {
    py.unpackArchive(data, name.endsWith(".whl") ? "wheel" : "zip", { extractDir: site });
  }
  py.FS.mkdirTree(FOLDER);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, FOLDER);
  await syncfs(true);
  const runtime = py.pyimport("whistscore.pocket.runtime");
  pocket = runtime.Pocket(FOLDER, () => syncfs(false), () => syncfs(true));
  return performance.now() - t0;
}

async function answer(msg) {
  const { id, method, url, headers, body } = msg;
  const run = async () => {
    await syncfs(true);   // another tab may have saved since: read the storage first
    const out = await pocket.handle(method, url, headers, body || new Uint8Array(0));
    const [status, hdrs, data] = out.toJs();
    out.destroy();
    return { id, status, headers: hdrs, body: data };
  };
  // the browser's lock across this site's tabs (Pyodide has no fcntl lock)
  return navigator.locks ? navigator.locks.request(LOCK, run) : run();
}

const ready = start().then(
  (ms) => { self.postMessage({ ready: true, ms }); },
  (err) => { self.postMessage({ ready: false, error: String(err && err.stack || err) }); throw err; });

let chain = ready;
self.onmessage = (e) => {
  // one request at a time, in the order the page sent them
  chain = chain.then(() => answer(e.data)).then(
    (reply) => self.postMessage(reply, [reply.body.buffer]),
    (err) => self.postMessage({ id: e.data.id, status: 0, error: String(err && err.stack || err) }));
};
