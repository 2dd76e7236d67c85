"""The commands that start or write a site: ``serve`` (the scorepad), ``pocket`` (the
one-phone site) and ``demo`` (the samples)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..console import Progress, env_lang
from ..errors import InputError
from ..i18n import said
from .output import echo

__all__ = ["SERVE_NEEDS", "cmd_demo", "cmd_pocket", "cmd_serve"]


def cmd_serve(a: argparse.Namespace) -> int:
    folder = Path(a.folder)
    if not folder.is_dir():
        raise InputError("no such folder", field="folder", value=str(folder),
                         key="cli.no_folder")
    if not 0 < a.port < 65536:
        raise InputError("a port is 1..65535", field="port", value=a.port, key="cli.port")
    # the web stack is an extra, imported only by this command: without it, the one line
    # that installs it (server.py imports uvicorn only once it starts)
    from importlib.util import find_spec

    lang = env_lang()  # `serve` has no --lang: its refusals in the reader's locale
    if os.stat not in os.supports_dir_fd:  # Windows: the store opens games within the folder
        sys.stderr.write(f"whistscore serve: {said('cli.serve.system', (), lang)}\n")
        return 1
    missing = [m for m in SERVE_NEEDS if find_spec(m) is None]
    if missing:
        sys.stderr.write(f"whistscore serve: "
                         f"{said('cli.serve.extra', (', '.join(missing),), lang)}\n")
        return 1
    from ..web.server import serve

    serve(str(folder), a.host, a.port, a.open, new_token=a.new_token)
    return 0


#: the modules of the serve extra (pyproject.toml) the scorepad imports
SERVE_NEEDS = ("starlette", "uvicorn", "h11", "jinja2", "segno")


def cmd_demo(a: argparse.Namespace) -> int:
    from ..console import write_samples

    written = write_samples(a.folder)
    sample = next((w for w in written if w.endswith("preferans-sochi.json")), written[0])
    echo(said("cli.demo.written", (len(written), a.folder, sample), a.lang))
    echo(said("cli.demo.club", (Path(a.folder) / "club",), a.lang))
    return 0


def cmd_pocket(a: argparse.Namespace) -> int:
    from ..pocket.build import build

    lang = env_lang()  # `pocket` has no --lang: the reader's locale
    with Progress(said("cli.progress.pocket", (), lang), lang=lang) as progress:
        def log(line: str) -> None:  # the step's line, then the ticking line below it
            progress.above(lambda: echo(line))

        out = build(a.out, a.pyodide, log=log)
    echo(f"the pocket site is in {out}: serve the folder from any static HTTPS host")
    return 0
