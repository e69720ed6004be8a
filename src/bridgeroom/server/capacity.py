"""How many connections the server serves at once, and what a client is told beyond that.

Every open connection holds a file descriptor. When a process reaches its open-file limit the
kernel refuses new sockets and the client sees its connection reset, with nothing in the log.
So ``bridgeroom serve`` raises the soft limit to the hard one at start
(:func:`raise_open_file_limit`) and keeps a reserve below it (the database's files, the
listening socket, the log): the server serves at most :func:`capacity` websockets, and
:class:`Gate` answers the next ones clearly (a websocket gets an ``error`` message "server full"
and the close code 1013, *try again later*; an HTTP request a 503 with ``Retry-After``) and
logs that it refused them. The same gate refuses request bodies over the size limit (413).

    >>> capacity(1024), capacity(65536), capacity(100)
    (960, 65472, 36)
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from bridgeroom.i18n import LANGUAGES
from bridgeroom.table import TableError

__all__ = ["RESERVE", "Gate", "Gauge", "capacity", "open_file_limit", "raise_open_file_limit"]

log = logging.getLogger("bridgeroom.server")

#: File descriptors kept for what is not a client's connection.
RESERVE = 64

#: The soft limit is raised at most to this (an unlimited hard limit is not a number of files).
MOST_FILES = 1 << 20

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def open_file_limit() -> tuple[int, int] | None:
    """The process's (soft, hard) open-file limit, or ``None`` where there is none to read."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft, hard


def raise_open_file_limit() -> tuple[int, int] | None:
    """Raise the soft open-file limit to the hard one (at most :data:`MOST_FILES`); returns
    (before, after), or ``None`` where there is no such limit."""
    import resource

    limits = open_file_limit()
    if limits is None:
        return None
    soft, hard = limits
    target = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError) as err:
            log.warning("could not raise the open-file limit from %d to %d: %s", soft, target, err)
            return soft, soft
        return soft, target
    return soft, soft


def capacity(files: int) -> int:
    """The websockets a process with ``files`` open files serves at once (a reserve kept)."""
    return max(4, files - RESERVE)


def _texts(key: str, **params: Any) -> dict[str, str]:
    error = TableError(key, **params)
    return {lang: error.render(lang) for lang in LANGUAGES}


class Gauge:
    """The connections a server serves at once (``connections``: websockets), the largest
    request body, and what the gate counts: open websockets, HTTP requests in flight, refusals."""

    def __init__(self, connections: int, body_bytes: int) -> None:
        self.connections = connections
        self.body_bytes = body_bytes
        self.websockets = 0
        self.requests = 0
        self.refused = 0
        self._unlogged = 0
        self._logged_at = -1e9

    def refusal(self, what: str) -> None:
        """Count a refusal, and log it (at most one line per 10 seconds, with the number
        refused since the last line)."""
        self.refused += 1
        self._unlogged += 1
        now = time.monotonic()
        if now - self._logged_at >= 10.0:
            log.warning(
                "server full: refused %d %s (%d websockets open, at most %d; see docs/server.md)",
                self._unlogged,
                what,
                self.websockets,
                self.connections,
            )
            self._logged_at, self._unlogged = now, 0


class Gate:
    """ASGI middleware: at most ``gauge.connections`` websockets at once (the next are told
    "server full" and closed with 1013), HTTP requests refused with 503 while the websockets
    are all taken and more than an eighth of that many requests are in flight, and request
    bodies over ``gauge.body_bytes`` refused with 413. Each refusal is logged."""

    def __init__(self, app: ASGIApp, gauge: Gauge) -> None:
        self.app = app
        self.gauge = gauge

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        gauge = self.gauge
        if kind == "websocket":
            if gauge.websockets >= gauge.connections:
                gauge.refusal("websocket connections")
                await self._full_websocket(receive, send)
                return
            gauge.websockets += 1
            try:
                await self.app(scope, receive, send)
            finally:
                gauge.websockets -= 1
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        if gauge.websockets >= gauge.connections and gauge.requests > max(
            2, gauge.connections // 8
        ):
            gauge.refusal("HTTP requests")
            await self._respond(send, 503, _texts("server.full", limit=gauge.connections))
            return
        limit = gauge.body_bytes
        length = _content_length(scope)
        if length is not None and length > limit:
            await self._respond(send, 413, _texts("server.body_too_big", limit=limit))
            return
        if length is None and scope.get("method") in ("POST", "PUT", "PATCH", "DELETE"):
            # a body sent without its length (chunked): read it here, up to the limit
            body = b""
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return
                body += message.get("body", b"")
                if len(body) > limit:
                    await self._respond(send, 413, _texts("server.body_too_big", limit=limit))
                    return
                if not message.get("more_body", False):
                    break
            receive = _replay(body, receive)
        gauge.requests += 1
        try:
            await self.app(scope, receive, send)
        finally:
            gauge.requests -= 1

    async def _full_websocket(self, receive: Receive, send: Send) -> None:
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        texts = _texts("server.full", limit=self.gauge.connections)
        frame = {"type": "error", "message": texts["en"], "rule": None, "texts": texts}
        await send({"type": "websocket.send", "text": json.dumps(frame)})
        await send({"type": "websocket.close", "code": 1013, "reason": "server full"})

    @staticmethod
    async def _respond(send: Send, status: int, texts: dict[str, str]) -> None:
        body = json.dumps({"detail": texts["en"], "texts": texts}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        if status == 503:
            headers.append((b"retry-after", b"30"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` that gives ``body`` first, then what the client sends (its disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
