"""Group commit of the live tables' writes: many tables' changes in one transaction.

Every change of a table must be committed before anyone is told of it, and all its rows
together (:class:`~bridgeroom.store.TableWrite`: an action, the deal's result, the match's
end). Committing each change in its own transaction costs a disk flush and several queries;
at a hundred busy tables that is the server's whole time. The journal keeps the promise and
the cost low: the writes that arrive while a commit is under way wait for the next one,
which stores them all with :meth:`Store.write_tables` and commits once. Each caller resumes
only when its own write is committed (or has failed: nothing of it was written).

The journal runs its commits through ``run`` (the server's database thread), so they are
ordered with every other store call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bridgeroom.store.errors import StoreError
from bridgeroom.store.records import LogRow
from bridgeroom.store.store import Store
from bridgeroom.store.writes import TableWrite

__all__ = ["Journal", "LogRow"]


class Journal:
    """Commits :class:`TableWrite` s to ``store``, together those that arrive during a commit.

    ``run`` submits a function to the database thread and awaits it.
    """

    def __init__(self, store: Store, run: Callable[..., Awaitable[Any]]) -> None:
        self.store = store
        self.run = run
        self.pending: list[tuple[TableWrite, asyncio.Future[int | None]]] = []
        self.flushing = False
        self._task: asyncio.Task[None] | None = None
        #: Log entries committed and commits made (for the benchmark).
        self.rows = 0
        self.commits = 0

    async def write(self, write: TableWrite) -> int | None:
        """Store ``write``; returns once it is committed, with the id of the deal it added (or
        ``None``); raises :class:`StoreError` (nothing of it written) if it cannot be."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int | None] = loop.create_future()
        self.pending.append((write, future))
        if not self.flushing:
            self.flushing = True
            self._task = loop.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                outcomes: list[int | BaseException | None]
                try:
                    outcomes = list(
                        await self.run(self.store.write_tables, [write for write, _ in batch])
                    )
                except BaseException as err:  # the database thread itself failed
                    outcomes = [err] * len(batch)
                for (write, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, BaseException):
                        future.set_exception(
                            outcome
                            if isinstance(outcome, StoreError)
                            else StoreError(f"cannot store: {outcome}")
                        )
                    else:
                        future.set_result(outcome)
                        self.rows += write.actions
                self.commits += 1
        finally:
            self.flushing = False
