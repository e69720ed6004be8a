"""Group commit of the action log: many tables' actions in one transaction, each awaited.

Every action must be committed before anyone is told of it. Committing each one
in its own transaction costs a disk flush and several ORM queries per action;
at a hundred busy tables that is the server's whole time. The journal keeps
the promise and the cost low: the actions that arrive while a commit is under
way wait for the next one, which writes them all with one ``INSERT`` of the
store's ``actions`` table (:class:`bridgeroom.store.models.ActionRow`) and
commits once. Each caller resumes only when its own row is committed.

The journal runs on the hub's database thread, so its commits are ordered with
every other store call (a deal is stored before its first action).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from bridgeroom.store import StoreError
from bridgeroom.store.models import ActionRow, DealRow, MatchRow, utcnow

__all__ = ["Journal", "LogRow", "add_deal_row", "finish_deal_row", "write_rows"]


@dataclass(frozen=True, slots=True)
class LogRow:
    """One action to store: its match, its deal, its number in the deal's log, who, what."""

    match_id: int
    deal_id: int
    seq: int
    seat: str
    action: str


def write_rows(engine: Engine, rows: Sequence[LogRow]) -> list[BaseException | None]:
    """Insert ``rows`` in one transaction; if that fails, row by row, so that one bad row
    (a duplicate number) fails alone. Returns an error or ``None`` per row."""
    now = utcnow()

    def values(row: LogRow) -> dict[str, Any]:
        return {
            "deal_id": row.deal_id,
            "seq": row.seq,
            "seat": row.seat,
            "action": row.action,
            "created_at": now,
        }

    try:
        with engine.begin() as conn:
            conn.execute(insert(ActionRow), [values(r) for r in rows])
            conn.execute(
                update(MatchRow)
                .where(MatchRow.id.in_(sorted({r.match_id for r in rows})))
                .values(updated_at=now)
            )
        return [None] * len(rows)
    except SQLAlchemyError:
        if len(rows) == 1:
            return [StoreError(f"cannot store action {rows[0].action!r} of deal {rows[0].deal_id}")]
    out: list[BaseException | None] = []
    for row in rows:
        out.extend(write_rows(engine, [row]))
    return out


class Journal:
    """Appends log rows, committing together those that arrive during a commit.

    ``run`` submits a function to the database thread (the hub's ``db``).
    """

    def __init__(self, engine: Engine, run: Callable[..., Awaitable[Any]]) -> None:
        self.engine = engine
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
                try:
                    errors = await self.run(write_rows, self.engine, [row for row, _ in batch])
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


def add_deal_row(
    engine: Engine,
    match_id: int,
    number: int,
    dealer: str,
    vulnerability: str,
    cards: str,
    *,
    board: int | None = None,
    pack: int | None = None,
) -> int:
    """Store a new deal of a match (the store's ``deals`` table) and return its id.

    The same row as :meth:`bridgeroom.store.Store.add_deal` writes, in one ``INSERT``
    (that method loads the whole match first, which grows with every deal played).
    """
    now = utcnow()
    try:
        with engine.begin() as conn:
            deal_id = conn.execute(
                insert(DealRow).returning(DealRow.id),
                {
                    "match_id": match_id,
                    "number": number,
                    "board": board,
                    "pack": pack,
                    "dealer": dealer,
                    "vulnerability": vulnerability,
                    "cards": cards,
                    "options": {},
                    "created_at": now,
                },
            ).scalar_one()
            conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(updated_at=now))
    except SQLAlchemyError as err:
        raise StoreError(f"cannot store deal {number} of match {match_id}: {err}") from None
    return int(deal_id)


def finish_deal_row(engine: Engine, match_id: int, deal_id: int, result: dict[str, Any]) -> None:
    """Record a deal's result (as :meth:`bridgeroom.store.Store.finish_deal`), in one ``UPDATE``."""
    now = utcnow()
    try:
        with engine.begin() as conn:
            conn.execute(
                update(DealRow).where(DealRow.id == deal_id).values(result=result, finished_at=now)
            )
            conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(updated_at=now))
    except SQLAlchemyError as err:
        raise StoreError(f"cannot store the result of deal {deal_id}: {err}") from None
