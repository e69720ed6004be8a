"""What one client may ask of the server: new tables and seats per address, hints and claims
per seat and per address, the size of a message and of a request.

Each limit is a :class:`Rate`: a burst of ``count`` requests, regained at ``count`` per ``per``
seconds (a token bucket). A request over its limit is refused with a clear error in the
player's language saying how long to wait (:class:`~bridgeroom.table.TableError`
``server.too_many_*``; HTTP 429 with ``Retry-After``), and changes nothing.

    >>> limiter = RateLimiter()
    >>> rate = Rate(2, 60.0)
    >>> [limiter.wait(("hint", "T1", 0), rate, now=0.0) for _ in range(3)]
    [0.0, 0.0, 30.0]
    >>> limiter.wait(("hint", "T1", 0), rate, now=30.0)
    0.0
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Hashable
from dataclasses import dataclass

from bridgeroom.table import TableError

__all__ = ["Limits", "Pace", "Rate", "RateLimiter"]


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests at once, regained at ``count`` per ``per`` seconds."""

    count: int
    per: float

    @property
    def every(self) -> float:
        """Seconds to regain one request."""
        return self.per / self.count


@dataclass(frozen=True)
class Limits:
    """The server's limits per client (see docs/server.md, "Limits").

    ``create``: new tables per address; ``join``: seats taken per address (a refused join is
    not counted; a session's seats are counted per session and address instead, as many as
    the session has seats, so that a class behind one address fits); ``hint_seat`` and
    ``claim_seat``: per seat of a table; ``hint_address`` and ``claim_address``: per address,
    all tables together. ``frames``: the messages one websocket is read at (past it the server
    reads that connection more slowly, so that a client sending as fast as it can takes no
    more of the server than this). ``frame_bytes``: the largest websocket message (a bigger one closes
    the connection with 1009); ``body_bytes``: the largest HTTP request body (413).
    ``connections``: the open websockets the server serves at once (``None``: from the
    process's open-file limit, :func:`~bridgeroom.server.capacity.capacity`).
    """

    create: Rate = Rate(20, 600.0)
    join: Rate = Rate(60, 600.0)
    hint_seat: Rate = Rate(10, 60.0)
    hint_address: Rate = Rate(30, 60.0)
    claim_seat: Rate = Rate(6, 60.0)
    claim_address: Rate = Rate(20, 60.0)
    frames: Rate = Rate(40, 2.0)
    frame_bytes: int = 4096
    body_bytes: int = 65536
    connections: int | None = None

    @classmethod
    def generous(cls, connections: int | None = None) -> Limits:
        """Limits no test or benchmark reaches (a test of a limit sets its own)."""
        big = Rate(100000, 1.0)
        return cls(big, big, big, big, big, big, big, connections=connections)


#: The message of each limit that a client's request can reach.
_MESSAGES = {
    "create": "server.too_many_tables",
    "join": "server.too_many_joins",
    "hint": "server.too_many_hints",
    "claim": "server.too_many_claims",
}


class RateLimiter:
    """Token buckets by key (``("hint", code, seat)``, ``("create", address)``...)."""

    #: Buckets kept before the full ones are forgotten.
    PRUNE_AT = 20000

    def __init__(self) -> None:
        self._buckets: dict[Hashable, tuple[float, float]] = {}

    def wait(
        self, key: Hashable, rate: Rate, *, now: float | None = None, take: bool = True
    ) -> float:
        """Take one request from ``key``'s bucket: 0.0 if allowed (and counted, unless
        ``take`` is false: only asked), else the seconds until one is regained (nothing
        counted)."""
        now = time.monotonic() if now is None else now
        tokens, then = self._buckets.get(key, (float(rate.count), now))
        tokens = min(float(rate.count), tokens + (now - then) / rate.every)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) * rate.every
        if take:
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > self.PRUNE_AT:
                self._prune(now, rate)
        return 0.0

    def _prune(self, now: float, rate: Rate) -> None:
        """Forget the buckets idle long enough to be full again (at the slowest rate seen)."""
        idle = max(rate.per, 600.0)
        self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < idle}

    def check(self, kind: str, *keyed: tuple[Hashable, Rate], count: bool = True) -> None:
        """Take a request of ``kind`` from each bucket if every one allows it; else
        :class:`TableError` naming the longest wait, and nothing counted in any bucket.
        With ``count=False`` it only asks: the request is counted by :meth:`take` once it has
        done something (a join that seats someone).

        >>> limiter, seat, address = RateLimiter(), Rate(5, 60.0), Rate(1, 60.0)
        >>> limiter.check("hint", (("T1", 0), seat), ("10.0.0.1", address))
        >>> limiter.check("hint", (("T1", 1), seat), ("10.0.0.1", address))
        Traceback (most recent call last):
        ...
        bridgeroom.table.errors.TableError: Too many hints: wait 60 seconds.
        >>> limiter.wait(("hint", ("T1", 1)), seat, take=False)  # the seat's bucket is whole
        0.0
        """
        now = time.monotonic()
        waits = [self.wait((kind, key), rate, now=now, take=False) for key, rate in keyed]
        longest = max(waits, default=0.0)
        if longest > 0.0:
            raise TableError(_MESSAGES[kind], seconds=max(1, math.ceil(longest)))
        if count:
            self.take(kind, *keyed)

    def take(self, kind: str, *keyed: tuple[Hashable, Rate]) -> None:
        """Count a request of ``kind`` in each bucket (asked first by :meth:`check`).

        >>> limiter, rate = RateLimiter(), Rate(1, 60.0)
        >>> limiter.check("join", ("10.0.0.1", rate), count=False)  # refused later: not counted
        >>> limiter.check("join", ("10.0.0.1", rate), count=False)
        >>> limiter.take("join", ("10.0.0.1", rate))  # this one seated someone
        >>> limiter.check("join", ("10.0.0.1", rate), count=False)
        Traceback (most recent call last):
        ...
        bridgeroom.table.errors.TableError: Too many seats taken from your address: wait 60 seconds.
        """
        now = time.monotonic()
        for key, rate in keyed:
            self.wait((kind, key), rate, now=now)


class Pace:
    """One connection's messages, read at most at ``rate``: past it :meth:`wait` sleeps until
    the next one may be read (the client's further messages wait in the network's buffers)."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self._tokens = float(rate.count)
        self._then = time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        rate = self.rate
        self._tokens = min(float(rate.count), self._tokens + (now - self._then) / rate.every)
        self._then = now
        if self._tokens < 1.0:
            await asyncio.sleep((1.0 - self._tokens) * rate.every)
            self._tokens, self._then = 1.0, time.monotonic()
        self._tokens -= 1.0
