"""Python's standard library as the pocket site carries it: Pyodide's, less what no request
can reach (docs/pocket.md, "Building it").

Pyodide's ``python_stdlib.zip`` (2.4 MB) holds the whole library as source.  A phone running
the scorepad never runs a test framework, a debugger, a profiler, a mail or FTP client, the
interactive console, or a code page of the 1980s; those modules are 0.68 MB of the site and of
the first visit.  They are left out of the site's copy (:func:`trim`), by name (:data:`DROPPED`,
and every codec but :data:`CODECS`), never by a guess.

What keeps this honest: the build reads every import statement of everything the site keeps
(the rest of the library, the wheels, whistscore; :func:`reaching`) and stops if one names a
module left out, unless it is one of :data:`UNREACHED` (a module's own ``_test()`` or
command-line ``main``, the console's line editor, a protocol the phone never speaks); and it
runs the everyday and the seldom requests (:mod:`.trim`) in Pyodide with the full library and
stops if any of them imported a module left out (:func:`imported`).
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["DROPPED", "CODECS", "UNREACHED", "dropped", "trim", "reaching", "imported"]

#: the top-level modules and packages of the library left out of the site
DROPPED = frozenset({
    # tests, debugging, profiling, documentation
    "unittest", "doctest", "pdb", "bdb", "cmd", "pydoc", "pydoc_data", "profile", "cProfile",
    "pstats", "trace", "timeit", "tabnanny", "pyclbr", "modulefinder", "pickletools",
    # the interactive console's line editor (the phone has no console)
    "_pyrepl",
    # mail, news and file-transfer clients, XML-RPC, a WSGI server
    "smtplib", "imaplib", "poplib", "ftplib", "nntplib", "mailbox", "xmlrpc", "wsgiref",
    # command-line and sample modules nothing imports
    "optparse", "zipapp", "antigravity", "this", "__hello__", "__phello__", "turtle",
    "turtledemo", "idlelib", "tkinter", "lib2to3", "wave", "sched", "tomllib",
})

#: the codecs kept (``encodings/NAME.py``): Unicode's, ASCII and Latin-1 (HTTP headers), the
#: zip format's cp437 (a file name without the UTF-8 flag), the byte codecs, and the Russian
#: and Windows code pages a file from elsewhere may name; the other ~90 code pages go
CODECS = frozenset({
    "__init__", "aliases", "ascii", "latin_1", "charmap", "utf_8", "utf_8_sig", "utf_7",
    "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le",
    "unicode_escape", "raw_unicode_escape", "idna", "punycode", "undefined",
    "base64_codec", "hex_codec", "zlib_codec", "bz2_codec", "quopri_codec", "uu_codec",
    "rot_13", "cp437", "cp1251", "cp1252", "koi8_r", "cp866", "mbcs", "oem",
})

#: (file, module) imports of a module left out that no request reaches: a module's own
#: ``_test()`` or ``main()``, ``help()``, the console, a protocol the phone never speaks
UNREACHED = frozenset({
    ("_sitebuiltins.py", "pydoc"),             # help(): an interactive console's
    ("difflib.py", "doctest"), ("heapq.py", "doctest"), ("pickle.py", "doctest"),  # _test()
    ("site.py", "_pyrepl"),                   # the console's line editor
    ("asyncio/__main__.py", "_pyrepl"),       # python -m asyncio
    ("logging/handlers.py", "smtplib"),       # SMTPHandler: mail
    ("multiprocessing/connection.py", "xmlrpc"),   # an XML-RPC listener
    ("urllib/request.py", "ftplib"),          # ftp:// addresses
})


def dropped(name: str) -> bool:
    """Is the library's module ``name`` (dotted) left out of the site?"""
    parts = name.split(".")
    if parts[0] in DROPPED:
        return True
    return parts[0] == "encodings" and len(parts) == 2 and parts[1] not in CODECS


def _module(member: str) -> str | None:
    """The dotted module of an archive member (``a/b/__init__.py`` is ``a.b``), else None."""
    if not member.endswith(".py"):
        return None
    parts = member[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) if parts else None


def _left_out(member: str) -> bool:
    top = member.split("/")[0]
    if top.removesuffix(".py") in DROPPED:
        return True
    name = _module(member)
    return name is not None and dropped(name)


def trim(source: Path, target: Path) -> list[str]:
    """Pyodide's ``python_stdlib.zip`` at ``source`` written to ``target`` without the
    modules left out; the members left out."""
    out = []
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            if _left_out(info.filename):
                out.append(info.filename)
                continue
            dst.writestr(info, src.read(info.filename), compress_type=zipfile.ZIP_DEFLATED,
                         compresslevel=9)
    return out


def _imports(source: bytes) -> Iterator[str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)


def reaching(stdlib: Path, sources: Iterable[tuple[str, bytes]]) -> list[str]:
    """Every import of a module left out, in the library's kept modules at ``stdlib`` and in
    ``sources`` ((path, source) pairs: the wheels', whistscore's), as ``"file: module"``,
    less :data:`UNREACHED`."""
    files: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(stdlib) as z:
        files += [(n, z.read(n)) for n in z.namelist()
                  if n.endswith(".py") and not _left_out(n)]
    files += list(sources)
    out = []
    for path, source in files:
        for name in sorted(set(_imports(source))):
            if dropped(name) and (path, name.split(".")[0]) not in UNREACHED:
                out.append(f"{path}: {name}")
    return out


def imported(names: Iterable[str]) -> list[str]:
    """The modules among ``names`` (``sys.modules`` after the requests) left out of the site."""
    return sorted(n for n in names if dropped(n))
