// Part of `whistscore pocket build`, run with Node: the wheels unpacked and their Python
// compiled to bytecode by the very Python the browser runs (Pyodide's), into one archive
// the worker unpacks as it is.  A phone then starts without compiling a line of source
// (the largest part of a start after Pyodide's own); the bytecode is "unchecked-hash",
// so no file date can make the browser compile it again, and it stands in the place of
// its source (which the site then does not carry: 1 MB less to download), except for
// the packages that read their own source as they run (anyio's lazy importer parses
// its __init__.py; without it, it imports the ssl module Pyodide leaves out).
//
// Then the scorepad's everyday requests are run (whistscore/pocket/trim.py) and the archive is
// split: the modules they imported (and every file that is not a module: templates, styles,
// metadata) in site-packages.zip, which every start unpacks; the rest in later.zip, loaded
// when one of its modules is first imported (whistscore/pocket/later.py), its modules'
// names in later.json.
//
//   node compile.mjs PYODIDE_DIR OUT_DIR ARCHIVE...
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, ...archives] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
py.FS.mkdirTree("/build/site");
for (const a of archives) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(a)), a.endsWith(".whl") ? "wheel" : "zip",
                   { extractDir: "/build/site" });
}
py.runPython(`
import compileall, os, py_compile, zipfile
ok = compileall.compile_dir("/build/site", quiet=1, workers=1, legacy=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("some Python did not compile")
KEEP_SOURCE = ("anyio",)   # its packages' __init__.py, which its lazy importer parses
names = []
for folder, dirs, files in os.walk("/build/site"):
    keep = os.path.relpath(folder, "/build/site").split(os.sep)[0] in KEEP_SOURCE
    dirs.sort()
    # module.pyc in the module's place ("legacy" layout): the source is not needed to run;
    # nor is a wheel's RECORD (the list pip uninstalls by), nor type stubs (.pyi, py.typed:
    # read by type checkers, never by an import)
    names += [os.path.join(folder, f) for f in sorted(files)
              if (keep and f == "__init__.py") or not (f.endswith(".py") and f + "c" in files)
              if not (f == "RECORD" and folder.endswith(".dist-info"))
              if not (f.endswith(".pyi") or f == "py.typed")]
names = [os.path.relpath(n, "/build/site") for n in names]
`);
await py.runPythonAsync(`
import json, sys, zipfile
sys.dont_write_bytecode = True
sys.path.insert(0, "/build/site")
from whistscore.pocket import later, trim
statuses = await trim.exercise()
if any(s >= 500 for s in statuses):
    raise SystemExit(f"the everyday requests failed: {statuses}")
imported = trim.used("/build/site")
def stem(n):
    return n[:-4] if n.endswith(".pyc") else n[:-3] if n.endswith(".py") else None
needed = {stem(n) for n in imported}
# then the seldom requests (the workbook, a link, a backup...): none may need a module of the
# standard library the site leaves out (whistscore/pocket/stdlib.py)
from whistscore.pocket import stdlib
statuses = await trim.exercise_seldom()
if any(s >= 400 for s in statuses):
    raise SystemExit(f"the seldom requests failed: {statuses}")
missing = stdlib.imported(sys.modules)
if missing:
    raise SystemExit(f"the requests import modules the site leaves out: {missing}")
# a distribution none of whose packages a start imports goes whole with them (its metadata)
tops = {n.split("/")[0] for n in imported}
def with_package(n):
    top = n.split("/")[0]
    if not top.endswith(".dist-info"):
        # a data file goes with its package: first when a start imports that package (its
        # templates, its tables), later with it when none does (the look-alike letters' table)
        return "/" not in n or top in tops
    import email.parser
    meta = os.path.join("/build/site", top, "top_level.txt")
    owned = open(meta).read().split() if os.path.exists(meta) else []
    if not owned:
        owned = [top.split("-")[0]]
    return any(o in tops or o + ".py" in tops or o + ".pyc" in tops for o in owned)
first = [n for n in names if (stem(n) is None and with_package(n)) or stem(n) in needed]
rest = [n for n in names if n not in set(first)]
def pack(out, members):
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in members:
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(os.path.join("/build/site", name), "rb") as f:
                data = f.read()
            if name.endswith(".dist-info/METADATA"):
                # the headers (name, version, what it needs) only: the long description
                # after them is for the package index, never read by an import
                data = data.replace(b"\\r\\n", b"\\n").split(b"\\n\\n", 1)[0] + b"\\n"
            z.writestr(info, data)
pack("/build/python.zip", first)
pack("/build/later.zip", rest)
with open("/build/later.json", "w") as f:
    json.dump(sorted(later.module_names(rest)), f)
`);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "site-packages.zip"), py.FS.readFile("/build/python.zip"));
fs.writeFileSync(path.join(outDir, "later.zip"), py.FS.readFile("/build/later.zip"));
fs.writeFileSync(path.join(outDir, "later.json"), py.FS.readFile("/build/later.json"));
