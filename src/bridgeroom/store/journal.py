"""Group commit of the live tables' action logs: many tables' actions in one transaction.

Every action must be committed before anyone is told of it. Committing each one
in its own transaction costs a disk flush and several queries per action; at a
hundred busy tables that is the server's whole time. The journal keeps the
promise and the cost low: the actions that arrive while a commit is under way
wait for the next one, which writes them all with :meth:`Store.append_actions`
(one ``INSERT``) and commits once. Each caller resumes only when its own row is
committed.

The journal runs its commits through ``run`` (the server's database thread), so
they are ordered with every other store call (a deal is stored before its first
action).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bridgeroom.store.records import LogRow
from bridgeroom.store.store import Store

__all__ = ["Journal", "LogRow"]


class Journal:
    """Appends log rows to ``store``, committing together those that arrive during a commit.

    ``run`` submits a function to the database thread and awaits it.
    """

    def __init__(self, store: Store, run: Callable[..., Awaitable[Any]]) -> None:
        self.store = store
        self.run = run
        self.pending: list[tuple[LogRow, asyncio.Future[None]]] = []
        self.flushing = False
        self._task: asyncio.Task[None] | None = None
        #: Rows committed and commits made (for the benchmark).
        self.rows = 0
        self.commits = 0

    async def append(self, row: LogRow) -> None:
        """Store ``row``; returns once it is committed (raises :class:`StoreError` if it cannot be)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((row, future))
        if not self.flushing:
            self.flushing = True
            self._task = loop.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                errors: list[BaseException | None]
                try:
                    errors = list(
                        await self.run(self.store.append_actions, [row for row, _ in batch])
                    )
                except BaseException as err:  # the database thread itself failed
                    errors = [err] * len(batch)
                for (_, future), error in zip(batch, errors, strict=True):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
                self.rows += sum(1 for e in errors if e is None)
                self.commits += 1
        finally:
            self.flushing = False
