"""Starting the scorepad: the address, the token and its QR code, then uvicorn.

A loopback server is only for this machine, so it needs no join address; any
other host gets the folder's 128-bit token (kept outside the folder until
``--new-token``, :mod:`.tokens`, so a restart keeps the phones that joined),
printed as an address to open and as a QR code in the terminal.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .tokens import folder_token

if TYPE_CHECKING:
    import uvicorn
    from starlette.types import ASGIApp

__all__ = ["config", "join_address", "local_address", "serve"]

#: uvicorn's idle time between two requests of one connection
KEEP_ALIVE_SECONDS = 5
#: the largest request head (request line and headers) h11 buffers
MAX_HEAD = 64 * 1024


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _lan_address() -> str:
    """The address other machines reach this one at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address: str = s.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


def _check_port(host: str, port: int) -> None:
    """Refuse, before printing any address, a port another program already listens on."""
    from ..errors import InputError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host.strip("[]"), port))
        except OSError as exc:
            raise InputError(f"cannot listen there ({exc.strerror}); choose another --port "
                             "or --host", field="port", value=port) from None


def _url_host(host: str) -> str:
    """A host as a URL writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def local_address(host: str, port: int) -> str:
    """The address to open on this machine (``--host ::1`` gives ``http://[::1]:P/``)."""
    return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else _url_host(host)}:{port}/"


def join_address(host: str, port: int, token: str) -> str:
    shown = _lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{_url_host(shown)}:{port}/join?token={token}"


def config(app: "ASGIApp", host: str, port: int, *,
           request_seconds: float | None = None,
           max_connections: int | None = None) -> "uvicorn.Config":
    """uvicorn's settings for the scorepad (the tests serve with exactly these).

    Requests must arrive within the protocol's time (:mod:`whistscore.web.protocol`);
    the load limit counts requests being answered, in the app, not connections:
    uvicorn's ``limit_concurrency`` counts idle connections too, so it is left off.
    At Ctrl+C uvicorn waits for the requests under way, which all end by themselves: a
    read within the app's work time (its runaway thread is a daemon), a save when it is
    saved, and then answered as saved; a second Ctrl+C stops at once."""
    import uvicorn

    from .protocol import MAX_CONNECTIONS, REQUEST_SECONDS, deadline_protocol

    protocol = deadline_protocol(REQUEST_SECONDS if request_seconds is None
                                 else request_seconds,
                                 MAX_CONNECTIONS if max_connections is None
                                 else max_connections)
    settings = uvicorn.Config(app, host=host, port=port, http=protocol, ws="none",
                              log_level="warning", server_header=False,
                              timeout_keep_alive=KEEP_ALIVE_SECONDS,
                              h11_max_incomplete_event_size=MAX_HEAD)
    return settings


def serve(folder: str, host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          out: TextIO = sys.stdout, new_token: bool = False) -> None:
    import uvicorn

    from .app import create_app

    root = Path(folder)
    _check_port(host, port)
    token, unkept = folder_token(root, new=new_token)
    app = create_app(root, token)
    local = local_address(host, port)
    out.write(f"whistscore scorepad: the games in {root.resolve()}\n")
    if _is_loopback(host):
        out.write(f"open {local}  (this machine only; use --host 0.0.0.0 for the phones)\n")
    else:
        import segno

        join = join_address(host, port, token)
        out.write(f"phones at the table: open {join}\nor scan:\n")
        segno.make(join, error="m").terminal(out=out, compact=True)
    from ..pocket import ADDRESS

    out.write(f"no laptop next time? the scorepad on one phone: {ADDRESS}\n")
    out.write(f"token for scripts (header X-Whistscore-Token): {token}\n")
    if unkept:
        out.write(f"note: {unkept}\n")
    elif not _is_loopback(host):
        out.write("the phones that joined keep working after a restart; --new-token "
                  "locks them out\n")
    out.write("stop with Ctrl+C\n")
    out.flush()
    if open_browser:
        import threading
        import webbrowser

        target = local if _is_loopback(host) or host in ("0.0.0.0", "::") \
            else join_address(host, port, token)
        threading.Timer(0.8, webbrowser.open, (target,)).start()
    server = uvicorn.Server(config(app, host, port))
    try:
        server.run()
    except KeyboardInterrupt:  # as uvicorn.run: Ctrl+C during start-up stops quietly
        pass
    if not server.started:  # as uvicorn.run: a server that never started is a failure
        sys.exit(3)
