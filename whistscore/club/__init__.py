"""The club: a folder of game files kept as one archive (docs/club.md).

``whistscore.club(folder)`` opens it (this module is callable for that);
standings, ratings, head-to-head, records and a page per player are read from
``club.sqlite``, which is derived from the files and brought up to date before
every read.  Nothing here is imported by ``import whistscore``, and sqlite3
and openskill are imported only when a club is opened.
"""

from __future__ import annotations

import os
import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .api import Club

__all__ = ["open_club"]


def open_club(folder: str | os.PathLike[str], *, rebuild: bool = False,
              accept_recomputed: bool = False) -> "Club":
    """The club of ``folder``: ``whistscore.club("friday")``.

    :raises InputError: ``folder`` is not a folder, or its club.json is not valid.
    """
    from .api import open_club as _open

    return _open(folder, rebuild=rebuild, accept_recomputed=accept_recomputed)


class _CallableModule(types.ModuleType):
    """``whistscore.club`` is this package; calling it opens a club."""

    def __call__(self, folder: str | os.PathLike[str], *, rebuild: bool = False,
                 accept_recomputed: bool = False) -> "Club":
        return open_club(folder, rebuild=rebuild, accept_recomputed=accept_recomputed)


sys.modules[__name__].__class__ = _CallableModule
