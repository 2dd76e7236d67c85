"""The scorepad's access token, kept for a folder until ``--new-token`` (spec serve.md).

A laptop restart must not lock out the phones that joined: the token of a folder
lives outside it (the game folder may be shared, synced or copied to a club), in
the user's state folder (``$XDG_STATE_HOME/whistscore/tokens``, else
``~/.local/state/whistscore/tokens``), one file per folder named by a hash of the
folder's real path.  The file is written atomically, readable by its owner only,
never through a link; a token file that cannot be read or written gives a fresh
token for this run, and the reason is said (the server starts either way).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from pathlib import Path

__all__ = ["folder_token", "token_file", "tokens_folder"]

#: what a kept token may look like (``secrets.token_urlsafe(16)``: 22 characters)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: the most of a token file read (it holds one token and a newline)
_MOST = 256


def tokens_folder() -> Path:
    """Where the tokens are kept: the XDG state folder, else ``~/.local/state``."""
    base = os.environ.get("XDG_STATE_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "state"
    return root / "whistscore" / "tokens"


def token_file(folder: str | os.PathLike[str]) -> Path:
    """The file that keeps the token of ``folder`` (by its real path: a link or a
    relative path to the same folder finds the same token)."""
    real = os.path.realpath(folder)
    return tokens_folder() / (hashlib.sha256(real.encode("utf-8", "surrogatepass"))
                              .hexdigest()[:32] + ".token")


def _read(path: Path) -> str | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        data = os.read(fd, _MOST)
    finally:
        os.close(fd)
    text = data.decode("ascii", "replace").strip()
    return text if _TOKEN.fullmatch(text) else None


def _write(path: Path, token: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                 0o600)
    try:
        try:
            os.write(fd, (token + "\n").encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)   # a link at ``path`` is replaced, never followed
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def folder_token(folder: str | os.PathLike[str], new: bool = False) -> tuple[str, str | None]:
    """The token of ``folder`` and, when it could not be kept, why (one sentence).

    The kept token is used unless ``new`` (``--new-token``) or there is none yet;
    a new one is kept for the next start."""
    path = token_file(folder)
    if not new:
        kept = _read(path)
        if kept is not None:
            return kept, None
    token = secrets.token_urlsafe(16)
    try:
        _write(path, token)
    except OSError as exc:
        return token, (f"the token could not be kept in {path.parent} ({exc.strerror or exc}): "
                       "the phones join again after a restart")
    return token, None
