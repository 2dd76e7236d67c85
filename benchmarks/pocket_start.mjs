// The pocket site's start measured in CPU time, which other jobs on the machine cannot
// inflate (benchmarks/pocket.py runs it): Pyodide from the built site, the Python archive
// unpacked, the scorepad app created, the games page drawn, as the site's worker does,
// under Node.  Prints one JSON line: for each step [CPU ms, wall ms] since the start.
//   node benchmarks/pocket_start.mjs SITE_DIR
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2]);
const c0 = process.cpuUsage();
const t0 = Date.now();
const now = () => { const c = process.cpuUsage(c0); return [Math.round((c.user + c.system) / 1000), Date.now() - t0]; };
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + path.sep });
const out = { pyodide: now() };
const manifest = JSON.parse(fs.readFileSync(path.join(site, "pocket.json"), "utf8"));
const purelib = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, manifest.python))), "zip",
                 { extractDir: purelib });
out.unpacked = now();
py.FS.mkdirTree("/games");
const pocket = py.pyimport("whistscore.pocket.runtime").Pocket("/games", async () => {}, async () => {});
out.app = now();
const answer = await pocket.handle("GET", "/", [], new Uint8Array(0));
out.page = now();
out.status = answer.toJs()[0];
console.log(JSON.stringify(out));
