"""What the phone seldom needs, loaded when it is first imported (docs/pocket.md, "Limits").

The build (``compile.mjs``) runs the everyday requests of the scorepad (:mod:`.trim`) in
Pyodide and keeps in the first archive only the modules they import; the rest (the workbook
writer and openpyxl, the command line, the club, ...) goes into a second archive.  The first
visit downloads, and every start unpacks, the first one only.

:class:`Later` stands last on ``sys.meta_path``: it is asked only for a module nobody else
found, and only for one of the second archive's modules; it then fetches that archive once
(``fetch``: the worker's synchronous request, answered by the service worker's cache when
offline), unpacks it into site-packages, and lets the ordinary finders find the module.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import io
import sys
import zipfile
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

__all__ = ["Later", "install", "module_names"]


def module_names(paths: Iterable[str]) -> set[str]:
    """The dotted names of the modules among archive paths (``a/b/__init__.pyc`` is ``a.b``)."""
    out = set()
    for p in paths:
        for suffix in (".pyc", ".py"):
            if p.endswith(suffix):
                parts = p[: -len(suffix)].split("/")
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                if parts and all(x.isidentifier() for x in parts):
                    out.add(".".join(parts))
    return out


class Later(importlib.abc.MetaPathFinder):
    """Unpacks the second archive the first time one of its modules is imported."""

    def __init__(self, names: Iterable[str], fetch: Callable[[], Any], site: str) -> None:
        self.names = frozenset(names)
        self.fetch = fetch
        self.site = site
        self.loaded = False

    def load(self) -> None:
        if self.loaded:
            return
        data = self.fetch()
        raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            z.extractall(self.site)
        self.loaded = True
        importlib.invalidate_caches()

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if self.loaded or fullname not in self.names:
            return None
        self.load()
        return importlib.machinery.PathFinder.find_spec(fullname, path)


def install(names: Iterable[str], fetch: Callable[[], Any], site: str) -> Later:
    """Put a :class:`Later` last on ``sys.meta_path`` (the worker calls it at the start)."""
    finder = Later(names, fetch, site)
    sys.meta_path.append(finder)
    return finder
