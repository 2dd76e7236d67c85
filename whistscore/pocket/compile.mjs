// Part of `whistscore pocket build`, run with Node: the wheels unpacked and their Python
// compiled to bytecode by the very Python the browser runs (Pyodide's), into one archive
// the worker unpacks as it is.  A phone then starts without compiling a line of source
// (the largest part of a start after Pyodide's own); the bytecode is "unchecked-hash",
// so no file date can make the browser compile it again, and it stands in the place of
// its source (which the site then does not carry: 1 MB less to download), except for
// the packages that read their own source as they run (anyio's lazy importer parses
// its __init__.py; without it, it imports the ssl module Pyodide leaves out), and only that
// file of it.
//
//   node compile.mjs PYODIDE_DIR OUT.zip ARCHIVE...
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out, ...archives] = process.argv.slice(2);
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
KEEP_SOURCE = ("anyio",)
names = []
for folder, dirs, files in os.walk("/build/site"):
    keep = os.path.relpath(folder, "/build/site").split(os.sep)[0] in KEEP_SOURCE
    dirs.sort()
    # module.pyc in the module's place ("legacy" layout): the source is not needed to run,
    # but for anyio's __init__.py, which its lazy importer reads; nor is a wheel's RECORD
    # (the list pip uninstalls by)
    names += [os.path.join(folder, f) for f in sorted(files)
              if (keep and f == "__init__.py") or not (f.endswith(".py") and f + "c" in files)
              if not (f == "RECORD" and folder.endswith(".dist-info"))]
with zipfile.ZipFile("/build/python.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in names:
        info = zipfile.ZipInfo(os.path.relpath(name, "/build/site"), (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(name, "rb") as f:
            z.writestr(info, f.read())
`);
fs.writeFileSync(out, py.FS.readFile("/build/python.zip"));
