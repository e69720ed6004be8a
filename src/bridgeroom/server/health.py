"""Whether the store can write: a full disk, a read-only file, a lost database connection, and
the way back.

A write that fails because the store cannot write now (:class:`~bridgeroom.store.StoreUnavailable`)
puts the server in a *store down* state (:meth:`StoreHealth.failed`): every connection is told,
no request that writes is accepted (each gets the error ``server.store_down`` in the player's
language, so nothing is taken for done that is not stored), and the robots wait
(:meth:`StoreHealth.wait`). Meanwhile a probe writes one row every ``interval`` seconds
(:meth:`~bridgeroom.store.Store.probe`); when it commits, the state ends and ``on_back`` resumes
every table: the robots act again, everyone gets the table as stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bridgeroom.i18n import Message
from bridgeroom.store import StoreUnavailable
from bridgeroom.table import TableError

__all__ = ["StoreDown", "StoreHealth"]

log = logging.getLogger("bridgeroom.server")

#: The message of each reason the store cannot write.
_REASONS = {
    "full": "server.store_full",
    "read_only": "server.store_read_only",
    "unavailable": "server.store_unavailable",
}


class StoreDown(TableError):
    """A request that writes while the store cannot write: refused, nothing changed."""


class StoreHealth:
    """The store's state for the server: writable, or down with its reason until a probe
    commits. ``probe`` writes once (raising :class:`StoreUnavailable` while it cannot);
    ``on_down`` and ``on_back`` are awaited when the state changes."""

    def __init__(
        self,
        probe: Callable[[], Awaitable[None]],
        on_down: Callable[[], Awaitable[None]],
        on_back: Callable[[], Awaitable[None]],
        *,
        interval: float = 1.0,
    ) -> None:
        self.probe = probe
        self.on_down = on_down
        self.on_back = on_back
        self.interval = interval
        #: ``None`` while the store writes, else why it does not (``full``...).
        self.reason: str | None = None
        self._writable = asyncio.Event()
        self._writable.set()
        self._task: asyncio.Task[None] | None = None
        #: How many times the store went down and came back (for monitoring).
        self.outages = 0

    @property
    def writable(self) -> bool:
        return self.reason is None

    def error(self) -> StoreDown:
        """The error a request that writes gets while the store is down."""
        reason = _REASONS.get(self.reason or "", _REASONS["unavailable"])
        return StoreDown("server.store_down", reason=Message(reason))

    def check(self) -> None:
        """Raise :meth:`error` while the store is down."""
        if self.reason is not None:
            raise self.error()

    async def wait(self) -> None:
        """Return once the store can write."""
        await self._writable.wait()

    async def failed(self, err: StoreUnavailable) -> None:
        """A write failed because the store cannot write now: enter the down state (once) and
        start probing."""
        if self.reason is not None:
            return
        self.reason = err.reason
        self.outages += 1
        self._writable.clear()
        log.error("the store cannot write (%s): %s; waiting until it can", err.reason, err)
        self._task = asyncio.get_running_loop().create_task(self._probe_until_back())
        await self.on_down()

    async def _probe_until_back(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.probe()
            except StoreUnavailable as err:
                self.reason = err.reason
                continue
            except Exception:  # a probe must not die: log it and probe again
                log.exception("the store's probe failed")
                continue
            break
        self.reason = None
        self._writable.set()
        log.warning("the store can write again; the tables go on")
        try:
            await self.on_back()
        except Exception:
            log.exception("resuming the tables after the store came back failed")

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
