"""``whistscore pocket build OUT``: the static site that runs the scorepad in a browser.

The site holds everything it loads, so a phone that opened it once needs no
network: the page and its service worker (``site/``), the scorepad's own static
files (``web/static``), a web-app manifest with icons, Pyodide's core files from
the npm registry's ``pyodide`` package (pinned in ``package.json`` and
``package-lock.json`` beside this file, installed with ``npm ci``), the pure-Python
wheels of whistscore's dependencies (pinned in ``wheels.txt``, fetched with pip),
and whistscore itself as an archive of the installed package: the same code the
command line runs.

The build needs Node (``npm``, ``node``) and ``pip``, with a network the first time; both downloads
are kept in a cache folder (``$XDG_CACHE_HOME/whistscore``, else ``~/.cache``),
so later builds run offline.  ``--pyodide DIR`` uses a Pyodide folder already on
disk instead of npm.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Callable, Iterator

from ..errors import InputError
from . import stdlib

__all__ = ["build", "PYODIDE_FILES", "SQLJS_FILES", "site_size"]

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
#: the Pyodide files the site serves (the rest of the npm package is for Node and types)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: what the build says when Node is missing (one sentence, the install line)
NEEDS_NODE = ("the build needs Node.js 20 or later (node and npm) to fetch and compile Pyodide: "
              "install it with `sudo apt install nodejs npm` (Debian, Ubuntu), "
              "`brew install node` (macOS) or from nodejs.org, then build again")
#: the site's own scripts, copied as they are (index.html and sw.js are filled in)
SITE_SCRIPTS = ("worker.js", "keep.js")
#: the scripts that draw the kept page, written into index.html itself (allowed by their
#: hash in its Content-Security-Policy): a warm start draws the last page with no file
#: fetched but the page and its style
INLINE_SCRIPTS = ("pagestore.js", "pocket.js")
#: the scorepad's style sheets (web/static), written into index.html: a warm start draws the
#: kept page with no request before it (an inline script waits for every style sheet above
#: it, and each came through the service worker: about 20 ms of a 60 ms start, issue 33);
#: the page's own links to them are then taken as already there (pocket.js ``swap``)
INLINE_STYLES = ("/static/app.css", "/static/sheet.css")
#: the second Python archive: what the phone seldom needs, loaded when first imported
LATER = "python/later.zip"
#: the files fetched right after the first start is ready, off its path (and then kept by the
#: service worker for the starts with no network): the second archive, and the club's SQLite
AFTER = (LATER, "sqljs/sql-wasm.js", "sqljs/sql-wasm.wasm")
#: the Python Pyodide 0.29 runs: the wheels are chosen for it
PYTHON = "3.13"
#: Pyodide's lock file: which packages ``loadPackage`` could fetch, and from where
LOCK = "pyodide-lock.json"
#: Python's standard library, as Pyodide ships it: the site's copy leaves out what no
#: request reaches (stdlib.py)
STDLIB = "python_stdlib.zip"


def _lock_without_packages(source: Path, target: Path) -> None:
    """Pyodide's lock file as the site needs it: the site loads no package of Pyodide's
    build (its wheels are in its own archive; the club's SQLite is sql.js), and none of
    their files is in the npm package anyway, so the ~370 package entries (120 KB, a
    sixteenth of the budget's margin) are left out; the standard library's own modules
    that Pyodide keeps apart (``cpython_module``: ssl, lzma, ...) stay listed, so that
    importing one says what it is rather than "no module"."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {name: entry for name, entry in lock.get("packages", {}).items()
                        if entry.get("package_type") == "cpython_module"}
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def _cache() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "whistscore" / "pocket"


def _digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None,
         what: str = "") -> None:
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=900)
    except FileNotFoundError:
        if cmd[0] in ("node", "npm"):
            raise InputError(NEEDS_NODE, field="build", value=cmd[0]) from None
        raise InputError(f"the build needs {cmd[0]} ({what})", field="build",
                         value=cmd[0]) from None
    except subprocess.TimeoutExpired:
        raise InputError(f"{' '.join(cmd[:3])} took more than 15 minutes ({what})",
                         field="build") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-8:]
        raise InputError(f"{' '.join(cmd[:3])} failed ({what}): " + " | ".join(tail),
                         field="build")


def pyodide_folder(given: str | os.PathLike[str] | None = None) -> Path:
    """Pyodide's core files: ``given``, or the pinned npm package installed with ``npm ci``
    in the cache (once per lock file)."""
    if given is not None:
        folder = Path(given)
    else:
        lock = HERE / "package-lock.json"
        folder = _cache() / f"npm-{_digest(HERE / 'package.json', lock)}"
        if not (folder / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file():
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE / "package.json", folder / "package.json")
            shutil.copy2(lock, folder / "package-lock.json")
            _run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev"],
                 cwd=folder, what="Pyodide from the npm registry")
        folder = folder / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (folder / f).is_file()]
    if missing:
        raise InputError("not a Pyodide folder (missing " + ", ".join(missing) + ")",
                         field="pyodide", value=str(folder))
    return folder


#: the files of the npm registry's ``sql.js`` the site serves (SQLite in WebAssembly, for
#: the club's archive: whistscore.pocket.sqlite_js)
SQLJS_FILES = ("sql-wasm.js", "sql-wasm.wasm")


def sqljs_folder() -> Path:
    """sql.js, pinned in ``sqljs/package.json`` and its lock, installed with ``npm ci`` in
    the cache (once per lock file): Pyodide's npm package has no ``sqlite3`` of its own."""
    here = HERE / "sqljs"
    folder = _cache() / f"sqljs-{_digest(here / 'package.json', here / 'package-lock.json')}"
    dist = folder / "node_modules" / "sql.js" / "dist"
    if not all((dist / f).is_file() for f in SQLJS_FILES):
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(here / "package.json", folder / "package.json")
        shutil.copy2(here / "package-lock.json", folder / "package-lock.json")
        _run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev"],
             cwd=folder, what="sql.js from the npm registry")
    return dist


def _pins() -> list[tuple[str, bool]]:
    """(``name==version``, from source?) of ``wheels.txt``."""
    out = []
    for line in (HERE / "wheels.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            spec, _, how = line.partition(" ")
            out.append((spec, how.strip() == "source"))
    return out


def _pip() -> list[str]:
    """pip as this Python has it; under uv, whose environments have no pip, uv's own
    ``uv tool run pip`` (the same pip, run in uv's cache)."""
    import importlib.util

    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip"]
    uv = shutil.which("uv")
    if uv is not None:
        return [uv, "tool", "run", "--quiet", "pip"]
    raise InputError("the build needs pip (or uv) to fetch the wheels: "
                     "`python -m ensurepip`, or install uv", field="build", value="pip")


def wheels_folder() -> Path:
    """The pinned pure-Python wheels, downloaded (or built from source) once into the cache."""
    folder = _cache() / f"wheels-{_digest(HERE / 'wheels.txt')}"
    done = folder / ".complete"
    if done.is_file():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    pins = _pins()
    pip = _pip()
    binary = [spec for spec, source in pins if not source]
    _run(pip + ["download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
                "--python-version", PYTHON, "--implementation", "py", "--abi", "none",
                "-d", str(folder)] + binary, what="the wheels of whistscore's dependencies")
    env = dict(os.environ, CC="/bin/false")  # no C compiler: the package's pure fallback
    for spec, source in pins:
        if source:
            _run(pip + ["wheel", "-q", "--no-deps", "--no-binary=:all:", "--no-cache-dir",
                        "-w", str(folder), spec], env=env, what=f"a pure wheel of {spec}")
    for wheel in folder.glob("*.whl"):
        if not re.search(r"-(py3|py2\.py3)-none-any\.whl$", wheel.name):
            raise InputError("a wheel that is not pure Python", field="wheels",
                             value=wheel.name)
    done.write_text("\n".join(spec for spec, _ in pins) + "\n", encoding="utf-8")
    return folder


def _package_archive(out: Path) -> str:
    """whistscore as installed, as a zip to unpack into the browser's site-packages."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        ver = version("whistscore")
    except PackageNotFoundError:
        ver = "0"
    name = f"whistscore-{ver}.zip"
    import zipfile

    with zipfile.ZipFile(out / name, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(PACKAGE.rglob("*")):  # static/ too: draw.py reads sheet.css
            rel = path.relative_to(PACKAGE.parent)
            if not path.is_file() or "__pycache__" in rel.parts or \
                    rel.parts[:3] == ("whistscore", "pocket", "site") or \
                    path.suffix not in (".py", ".typed", ".html", ".js", ".css", ".mo"):
                continue
            z.write(path, rel.as_posix())
        # the registry finds the games through whistscore's entry points (games/__init__.py):
        # the distribution's metadata goes along, as pip installs it
        try:
            from importlib.metadata import distribution

            dist = distribution("whistscore")
        except PackageNotFoundError:
            dist = None
        for meta in ("METADATA", "entry_points.txt") if dist is not None else ():
            text = dist.read_text(meta) if dist is not None else None
            if text is not None:
                z.writestr(f"whistscore-{ver}.dist-info/{meta}", text)
    return name


def _sources(wheels: Path) -> Iterator[tuple[str, bytes]]:
    """(path, source) of every Python file the site carries but the library: the wheels'
    and whistscore's (for :func:`stdlib.reaching`)."""
    import zipfile

    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            for n in z.namelist():
                if n.endswith(".py"):
                    yield f"{wheel.name}/{n}", z.read(n)
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes()


# -- icons: a spade on the scorepad's ink, as PNG (zlib and struct: no image library) ----
def _png(size: int, pixel: Callable[[float, float], bool], margin: float) -> bytes:
    ink, paper = (0x1d, 0x23, 0x30), (0xfb, 0xf8, 0xf1)
    rows = bytearray()
    sub = (0.25, 0.75)
    for y in range(size):
        rows.append(0)
        for x in range(size):
            hits = sum(pixel(((x + dx) / size - 0.5) * 2 / margin,
                             ((y + dy) / size - 0.5) * 2 / margin) for dx in sub for dy in sub)
            a = hits / 4
            rows.extend(round(i + (p - i) * a) for i, p in zip(ink, paper))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xffffffff)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def _spade(u: float, v: float) -> bool:
    def inside(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> bool:
        d1 = (u - bx) * (ay - by) - (ax - bx) * (v - by)
        d2 = (u - cx) * (by - cy) - (bx - cx) * (v - cy)
        d3 = (u - ax) * (cy - ay) - (cx - ax) * (v - ay)
        return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))

    lobes = any((u - cx) ** 2 + (v - 0.12) ** 2 <= 0.3 ** 2 for cx in (-0.28, 0.28))
    return lobes or inside(0, -0.72, -0.56, 0.06, 0.56, 0.06) or inside(0, 0.1, -0.22, 0.68,
                                                                     0.22, 0.68)


def _icons(out: Path) -> list[dict[str, str]]:
    (out / "icons").mkdir()
    listed = []
    for size, margin, purpose in ((192, 0.8, "any"), (512, 0.8, "any"), (512, 0.6, "maskable")):
        name = f"icons/icon-{size}{'-maskable' if purpose == 'maskable' else ''}.png"
        (out / name).write_bytes(_png(size, _spade, margin))
        listed.append({"src": name, "sizes": f"{size}x{size}", "type": "image/png",
                       "purpose": purpose})
    return listed


def _inline(page: str) -> str:
    """index.html with :data:`INLINE_SCRIPTS` in its ``@SCRIPT@`` and their hash in its
    policy's ``@SCRIPT_HASH@``, and :data:`INLINE_STYLES` in its ``@STYLE@`` (one
    ``<style>`` naming the sheets it holds in ``data-inline``)."""
    import base64

    css = "\n".join((PACKAGE / "web" / path.lstrip("/")).read_text(encoding="utf-8")
                    for path in INLINE_STYLES)
    if "</style" in css.lower():
        raise InputError("a style sheet of the scorepad holds </style", field="build")
    page = page.replace("@STYLE@", f'<style data-inline="{" ".join(INLINE_STYLES)}">'
                                   f"{css}</style>")

    code = "\n".join((HERE / "site" / f).read_text(encoding="utf-8") for f in INLINE_SCRIPTS)
    if "</script" in code.lower() or "<!--" in code:
        raise InputError("an inline script of the site holds </script or <!--", field="build")
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")
    return page.replace("@SCRIPT_HASH@", f"'sha256-{digest}'").replace(
        "@SCRIPT@", f"<script>{code}</script>")


def _files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def site_size(out: str | os.PathLike[str]) -> int:
    """The site's bytes on disk (its files' sizes)."""
    return sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())


def build(out: str | os.PathLike[str], pyodide: str | os.PathLike[str] | None = None,
          log: Callable[[str], object] = lambda s: None) -> Path:
    """Write the pocket site to ``out`` (a new folder, or an earlier build, replaced whole).

    :raises InputError: ``out`` is something else, or npm / pip failed.
    """
    from ..language import langs
    from ..web.words import words

    target = Path(out)
    if target.exists() and not (target / "pocket.json").is_file() and (
            not target.is_dir() or any(target.iterdir())):
        raise InputError("OUT is an existing folder that is not a pocket site; give a new one",
                         field="out", value=str(target))
    log("Pyodide…")
    core = pyodide_folder(pyodide)
    log("wheels…")
    wheels = wheels_folder()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        (work / "pyodide").mkdir()
        for f in PYODIDE_FILES:
            if f == LOCK:
                _lock_without_packages(core / f, work / "pyodide" / f)
            elif f == STDLIB:   # less what no request reaches (stdlib.py)
                stdlib.trim(core / f, work / "pyodide" / f)
            else:
                shutil.copy2(core / f, work / "pyodide" / f)
        reached = stdlib.reaching(core / STDLIB, _sources(wheels))
        if reached:
            raise InputError("the site leaves out modules of Python's library that its code "
                             "imports (whistscore/pocket/stdlib.py): " + "; ".join(reached[:8]),
                             field="build")
        names = [w.name for w in sorted(wheels.glob("*.whl"))]
        with tempfile.TemporaryDirectory() as tmp:
            names.append(_package_archive(Path(tmp)))
            archives = [str(wheels / n) for n in names[:-1]] + [str(Path(tmp) / names[-1])]
            (work / "python").mkdir()
            log("compiling the Python with Pyodide's own (node)…")
            _run(["node", str(HERE / "compile.mjs"), str(core), str(work / "python")] + archives,
                 what="the wheels compiled for the browser's Python")
        shutil.copytree(PACKAGE / "web" / "static", work / "static")
        (work / "sqljs").mkdir()
        for f in SQLJS_FILES:
            shutil.copy2(sqljs_folder() / f, work / "sqljs" / f)
        for f in SITE_SCRIPTS:
            shutil.copy2(HERE / "site" / f, work / f)
        en = words("en")
        # the first page, before Python runs, says it in every language the site speaks
        others = [(lang, words(lang)) for lang in langs() if lang != "en"]
        page = (HERE / "site" / "index.html").read_text(encoding="utf-8")
        page = page.replace("@APP@", en["app"]).replace(
            "@LOADING@", en["pocket_loading"] + "".join(
                f'<br><span lang="{lang}">{w["pocket_loading"]}</span>' for lang, w in others)
        ).replace("@FAILED@", en["pocket_failed"] + "".join(
            f'<br><span lang="{lang}">{w["pocket_failed"]}</span>' for lang, w in others))
        page = _inline(page)
        (work / "index.html").write_text(page, encoding="utf-8")
        icons = _icons(work)
        manifest = {"name": f"whistscore {en['app'].lower()}", "short_name": "whistscore",
                    "description": "Preferans, Twist, Whist and Danish whist: the score, "
                                   "kept on this phone",
                    "start_url": "./", "scope": "./", "display": "standalone",
                    "background_color": "#fbf8f1", "theme_color": "#1d2330", "icons": icons}
        (work / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1),
                                                   encoding="utf-8")
        # the modules loaded when first imported (later.py): named in pocket.json
        later_modules = json.loads((work / "python" / "later.json").read_text(encoding="utf-8"))
        (work / "python" / "later.json").unlink()
        files = _files(work)
        h = hashlib.sha256()
        for f in files:
            h.update(f.encode() + b"\0" + hashlib.sha256((work / f).read_bytes()).digest())
        version = h.hexdigest()[:16]
        # the page knows its version (pagestore.js drops a page kept by another version)
        (work / "index.html").write_text(page.replace("@VERSION@", version), encoding="utf-8")
        (work / "pocket.json").write_text(json.dumps({
            "version": version, "python": "python/site-packages.zip",
            "later": {"archive": LATER, "modules": later_modules}, "after": list(AFTER),
            "built_from": names},
            indent=1), encoding="utf-8")
        # the service worker keeps the site at its install; the second archive and sql.js are
        # kept when first fetched (the worker fetches them once Python is up, off the start's
        # path)
        cached = ["./"] + [f for f in files if f != "index.html" and f not in AFTER] + [
            "pocket.json"]
        sw = (HERE / "site" / "sw.js").read_text(encoding="utf-8")
        sw = sw.replace('"__VERSION__"', json.dumps(version)).replace(
            "__FILES__", json.dumps(cached)).replace("__LATER__", json.dumps(list(AFTER)))
        (work / "sw.js").write_text(sw, encoding="utf-8")
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            if old.exists():
                shutil.rmtree(old)
            target.rename(old)
        work.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    log(f"{len(_files(target))} files, {site_size(target) / 1e6:.1f} MB")
    return target
