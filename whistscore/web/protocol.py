"""The scorepad's HTTP protocol: uvicorn's h11 protocol with a deadline to receive a request.

uvicorn bounds the idle time *between* requests (``timeout_keep_alive``) but not
the time a client takes to *send* one: a connection that sends nothing, or a
byte a second, is kept for ever, and its ``limit_concurrency`` counts such
connections, so 63 silent sockets made every phone get 503 (issue 21).  Here:

- a request must arrive whole (headers and body) within :data:`REQUEST_SECONDS`
  of its first byte, and a new connection must bring one within that time; else
  the connection is closed (with a 408 when part of a request came);
- idle and slow connections count for nothing but themselves: the load limit
  counts requests being answered (:class:`whistscore.web.guard.Guard`);
- at most :data:`MAX_CONNECTIONS` connections are kept; one more closes the
  oldest that is still waiting for its request, so a phone's fresh connection
  always gets in.

The class is uvicorn's own ``H11Protocol`` (uvicorn accepts a protocol class as
its ``http`` setting); only the timer and the count are added.  uvicorn's issue
#157 ("--timeout-request-start") asks for the same bound upstream.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["MAX_CONNECTIONS", "REQUEST_SECONDS", "deadline_protocol"]

#: time to receive a whole request from its first byte (a phone on a weak
#: table-side Wi-Fi sends a deal's few hundred bytes in well under a second)
REQUEST_SECONDS = 10.0
#: connections kept at once (each browser opens up to six)
MAX_CONNECTIONS = 512


def _timeout_answer(seconds: float) -> bytes:
    body = json.dumps({"error": f"the request did not arrive whole within {seconds:g} seconds",
                       "deal": None, "field": "time"}).encode()
    return (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n"
            + body)


class _DeadlineProtocol(H11Protocol):
    """H11Protocol whose requests must arrive within ``request_seconds``."""

    request_seconds = REQUEST_SECONDS
    max_connections = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._since = 0.0

    # -- the timer ---------------------------------------------------------------------
    def _arm(self) -> None:
        if self._deadline is None:
            self._since = self.loop.time()
            self._deadline = self.loop.call_later(self.request_seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _waiting(self) -> bool:
        """No request of this connection is being answered: it waits for one to arrive."""
        return self.cycle is None or self.cycle.response_complete

    def _whole(self) -> bool:
        """The current request has arrived whole."""
        return self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        started = self.conn.their_state is h11.SEND_BODY or bool(self.conn.trailing_data[0])
        if self.cycle is not None and not self.cycle.response_complete:
            # headers came, the body did not: the endpoint waiting for it sees a disconnect
            # and answers nothing, so nothing can follow the 408 on the wire
            if self.cycle.response_started:
                self.transport.close()
                return
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        if started:
            self.transport.write(_timeout_answer(self.request_seconds))
        self.transport.close()

    # -- uvicorn's protocol, with the timer around it ------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        if len(self.connections) > self.max_connections:
            waiting = [c for c in self.connections
                       if isinstance(c, _DeadlineProtocol) and c._waiting() and c is not self]
            oldest = min(waiting, key=lambda c: c._since, default=self)
            oldest.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._waiting():
            self._arm()
        super().data_received(data)
        if self._whole():
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # a pipelined request already under way gets its own deadline
        if not self.transport.is_closing() and (self.conn.their_state is h11.SEND_BODY
                                                or self.conn.trailing_data[0]):
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def deadline_protocol(request_seconds: float = REQUEST_SECONDS,
                      max_connections: int = MAX_CONNECTIONS) -> type[asyncio.Protocol]:
    """The protocol class for uvicorn's ``http`` setting, with these bounds."""
    return type("ScorepadProtocol", (_DeadlineProtocol,),
                {"request_seconds": request_seconds, "max_connections": max_connections})
