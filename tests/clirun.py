"""One way for the tests to drive the command line in-process: ``whistscore ARGS``.

Returns (exit status, what went to stdout, what went to stderr); usage errors (argparse's
SystemExit) come back as their status like any other.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import Any, Iterable

from whistscore import cli


def run(argv: Iterable[Any], stdout: Any = None, stdin: str | None = None) -> tuple[int, str, str]:
    out = stdout if stdout is not None else io.StringIO()
    err = io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        if stdin is not None:
            old = sys.stdin
            sys.stdin = io.StringIO(stdin)
            stack.callback(setattr, sys, "stdin", old)
        try:
            status = cli.main([str(a) for a in argv])
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code if isinstance(exc.code, int) else 2
    text = out.getvalue() if isinstance(out, io.StringIO) else ""
    return status, text, err.getvalue()
