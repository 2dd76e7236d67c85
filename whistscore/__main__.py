"""``python -m whistscore`` runs the command line.

Ctrl-C while the command line loads is a one-line message, not a traceback
(the package itself is imported before this file runs; the ``whistscore``
command, see ``whistscore_start.py``, covers that time too).
"""

import sys

__all__: list[str] = []  # a script, run by ``python -m whistscore``

try:
    from .cli import run
except KeyboardInterrupt:
    sys.stderr.write("whistscore: interrupted while starting; nothing was changed\n")
    sys.exit(1)
run()
