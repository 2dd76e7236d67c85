"""``python -m whistscore`` runs the command line."""

import sys

from .cli import main

__all__: list[str] = []  # a script, run by ``python -m whistscore``

sys.exit(main())
