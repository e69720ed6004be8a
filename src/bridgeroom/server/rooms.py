"""A room: one live table of the server with what the server keeps beside it, and its record.

A :class:`Room` holds a :class:`~bridgeroom.table.Table` and the server's own things:
the table's code and privacy, its match in the store, the connections watching it, its
lock and its robot task. :class:`RoomRecords` writes a room's table events into the
store (a new deal, each log entry through the group-commit journal, a finished deal's
result) and rebuilds a room from the store, after a restart or when a commit failed.
Every store call runs on one database thread, so the event loop keeps serving the other
tables while a commit waits for the disk.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bridgeroom.errors import BridgeError
from bridgeroom.server.protocol import Notice, ScoreCache
from bridgeroom.store import LogRow, MatchRecord, Store
from bridgeroom.store.journal import Journal
from bridgeroom.table import (
    DealEnded,
    DealStarted,
    Table,
    TableEvent,
    deal_row,
    result_record,
    seat_specs,
    table_from_record,
)

__all__ = ["Connection", "Room", "RoomRecords", "Watcher"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")


class Connection(Protocol):
    """What the server needs of a websocket: send a text frame."""

    async def send_text(self, data: str) -> None: ...


@dataclass
class Watcher:
    """One open websocket: the player it acts for (``None``: a spectator), its last request's id."""

    conn: Connection
    player: int | None
    ack: int | str | None = None


@dataclass
class Room:
    """A live table and what the server keeps beside it."""

    table: Table
    code: str
    match_id: int
    private: bool = False
    #: The stored deal in progress (or the last one), and how many of its entries are stored.
    deal_id: int | None = None
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    robot_task: asyncio.Task[None] | None = None
    #: Told to every connection with the next state, then forgotten.
    notice: Notice | None = None
    score: ScoreCache = field(default_factory=ScoreCache)

    def summary(self) -> dict[str, Any]:
        """The room as the HTTP API lists it."""
        table = self.table
        return {
            "code": self.code,
            "game": table.game.name,
            "titles": dict(table.game.titles),
            "scoring": table.scoring,
            "private": self.private,
            "slots": [
                {"slot": p.player, "kind": p.holder.value, "name": p.name, "level": p.level}
                for p in table.places
            ],
            "deal": table.number,
            "over": table.over,
        }


def use_wal(store: Store) -> None:
    """SQLite: write-ahead logging, so that readers never wait for the writer and a commit
    appends to one file (every commit is still flushed to disk). Other databases: nothing."""
    engine = store.engine
    if engine.url.get_backend_name() != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA journal_mode=WAL")


class RoomRecords:
    """The rooms' record in ``store``, written on one database thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bridgeroom-db")
        use_wal(store)
        self.journal = Journal(store, self.db)
        #: Log entries committed since the server started (for monitoring and the benchmark).
        self.actions = 0

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the database thread and wait for its commit."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    def close(self) -> None:
        self._db.shutdown(wait=True)

    async def create(self, table: Table, *, private: bool) -> Room:
        """Store a new server table's match and return its room."""
        record = await self.db(
            self.store.create_match,
            "play",
            table.game.name,
            table.scoring,
            seats=seat_specs(table),
            options={"mode": table.mode.value, "server": True},
            seed=table.seed,
            private=private,
        )
        return Room(table, record.code, record.id, private)

    def rebuild(self, record: MatchRecord) -> Room:
        """The room of a stored match, its table replayed from the log."""
        room = Room(table_from_record(record), record.code, record.id, record.private)
        if record.deals:
            room.deal_id = record.deals[-1].id
            room.seq = len(record.deals[-1].actions)
        return room

    async def reload(self, room: Room) -> None:
        """Memory and the store disagree (a failed commit): rebuild the room's table from the store."""
        record = await self.db(self.store.get_match, room.match_id)
        fresh = self.rebuild(record)
        room.table, room.deal_id, room.seq = fresh.table, fresh.deal_id, fresh.seq
        room.score = ScoreCache()

    async def write(self, room: Room, events: Sequence[TableEvent]) -> None:
        """Store the events of a room's table in order; each is committed before this returns.

        If a commit fails, the room is rebuilt from the store, so that memory never runs
        ahead of the record, and the request fails.
        """
        table = room.table
        try:
            for event in events:
                if isinstance(event, DealStarted):
                    room.deal_id = await self.db(
                        self.store.add_deal, room.match_id, **deal_row(table, event.state)
                    )
                    room.seq = 0
                elif isinstance(event, DealEnded):
                    assert room.deal_id is not None
                    await self.db(
                        self.store.finish_deal, room.deal_id, result_record(table, event.state)
                    )
                    if table.over:
                        await self.db(self.store.set_status, room.match_id, "finished")
                elif (entry := event.entry) is not None:
                    assert room.deal_id is not None
                    room.seq += 1
                    await self.journal.append(
                        LogRow(room.match_id, room.deal_id, room.seq, entry.seat, entry.word)
                    )
                    self.actions += 1
        except Exception as err:
            log.error("table %s: commit failed (%s); rebuilding it from the store", room.code, err)
            await self.reload(room)
            raise BridgeError(f"the server could not save that action: {err}") from None

    async def seats(self, room: Room, players: Sequence[int]) -> None:
        """Store who now holds the places of ``players``."""
        for player in players:
            place = room.table.places[player]
            await self.db(
                self.store.update_seat,
                room.match_id,
                player,
                player=place.name,
                robot_level=place.level,
            )
