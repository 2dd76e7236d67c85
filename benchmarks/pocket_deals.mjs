// A deal recorded by the pocket site's Python (the worker's part of a tap: the app scores,
// saves and draws the answer), on a new game and after 200 deals, in CPU time, which other
// jobs on the machine cannot inflate (benchmarks/pocket.py runs it).  Prints one JSON line:
// the CPU ms of each of RUNS deals, new and after 200 (each sent, as the page sends it, with
// the stamp of the live view the last answer gave: answered with what changed).
//   node benchmarks/pocket_deals.mjs SITE_DIR [RUNS]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2]);
const runs = Number(process.argv[3] || 7);
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + path.sep });
const manifest = JSON.parse(fs.readFileSync(path.join(site, "pocket.json"), "utf8"));
const purelib = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const archive of [manifest.python, manifest.later && manifest.later.archive].filter(Boolean)) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, archive))), "zip",
                   { extractDir: purelib });
}
py.FS.mkdirTree("/games");
const pocket = py.pyimport("whistscore.pocket.runtime").Pocket("/games", async () => {}, async () => {});
const json = [["content-type", "application/json"]];
const body = (o) => new TextEncoder().encode(JSON.stringify(o));
await pocket.handle("POST", "/api/games", json, body({ name: "b", game: "preferans",
                                                      players: ["Anna", "Boris", "Vera"] }));
let count = 0;
let stamp = "";   // the live view the page holds: each answer's own (a deal is said as a change)
async function deal() {   // all-passes: the game never ends
  const since = stamp ? "&since=" + encodeURIComponent(stamp) : "";
  const c0 = process.cpuUsage();
  const r = await pocket.handle("POST", "/api/games/b/deals?view=1&lang=en" + since, json,
                                body({ deal: "pass 4/3/3", expect: count }));
  const c = process.cpuUsage(c0);
  const [status, , data] = r.toJs();
  r.destroy();
  if (status !== 201) throw new Error("deal " + (count + 1) + ": " + status);
  stamp = JSON.parse(new TextDecoder().decode(data)).live.stamp;
  count++;
  return Math.round((c.user + c.system) / 100) / 10;
}
await deal();   // the first deal of the process imports what a deal needs: not counted
const fresh = [];
for (let i = 0; i < runs; i++) fresh.push(await deal());
while (count < 200) await deal();
const after = [];
for (let i = 0; i < runs; i++) after.push(await deal());
console.log(JSON.stringify({ new: fresh, after200: after }));
