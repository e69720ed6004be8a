"""A room: one table of the server held in memory, with what the server keeps beside it, and
its record.

A :class:`Room` holds a :class:`~bridgeroom.table.Table` and the server's own things: the
table's code and privacy, its match in the store, its host, the connections watching it, its
lock and its robot task. :class:`RoomRecords` writes a room's table events into the store (the
rows of one change in one transaction, through the group-commit journal), and rebuilds a room
from the store: when it is first needed after a start, or when a commit failed. Every store
call runs on one database thread, so the event loop keeps serving the other tables while a
commit waits for the disk.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bridgeroom.games import get_game
from bridgeroom.server.protocol import Notice, ScoreCache
from bridgeroom.store import DealResult, MatchOptions, MatchRecord, Store, StoreError
from bridgeroom.store.journal import Journal
from bridgeroom.table import (
    Table,
    TableEvent,
    seat_specs,
    table_from_record,
    table_write,
)

__all__ = ["Connection", "Room", "RoomRecords", "Watcher", "record_summary"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")


class Connection(Protocol):
    """What the server needs of a websocket: send a text frame, close."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(eq=False)
class Watcher:
    """One open websocket: the player it acts for (``None``: a spectator), its last request's
    id, its client's address (for the per-address limits)."""

    conn: Connection
    player: int | None
    ack: int | str | None = None
    address: str = ""


@dataclass(eq=False)
class Room:
    """A table in memory and what the server keeps beside it.

    ``status``: the match's status in the store (``active``, ``finished``, ``abandoned``: an
    abandoned table is shown, not played). ``users``: requests in progress that hold the room
    (it does not leave memory meanwhile). ``stale``: a commit failed and the table could not be
    read back, so memory may be ahead of the store: it is read again before anything else.
    """

    table: Table
    code: str
    match_id: int
    private: bool = False
    host_hash: str | None = None
    status: str = "active"
    #: The stored deal in progress (or the last one), and how many of its entries are stored.
    deal_id: int | None = None
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    robot_task: asyncio.Task[None] | None = None
    release: asyncio.TimerHandle | None = None
    users: int = 0
    stale: bool = False
    #: Players whose hint is being worked out.
    hinting: set[int] = field(default_factory=set)
    #: Told to every connection with the next state, then forgotten.
    notice: Notice | None = None
    score: ScoreCache = field(default_factory=ScoreCache)
    #: The code of the session this table belongs to (its robots play on unwatched, it has no
    #: spectators and its deals are exported by the session only); ``None``: a table of its own.
    session: str | None = None
    #: Whether this process writes the table (always, on one process); with several processes
    #: on PostgreSQL a table another process writes is a followed copy
    #: (:mod:`bridgeroom.server.cluster`), ``holder`` naming its writer when known.
    writer: bool = True
    holder: str | None = None
    #: Monotonic time until which people watch the table on another process.
    remote_until: float = 0.0
    #: Monotonic time until which another process follows the table (its writer tells it of
    #: every change meanwhile).
    followed_until: float = 0.0

    @property
    def watched(self) -> bool:
        """Someone watches it, here or (told by a follower) on another process."""
        return bool(self.watchers) or time.monotonic() < self.remote_until

    @property
    def closed(self) -> bool:
        """Abandoned: shown, never played again."""
        return self.status == "abandoned"

    @property
    def idle(self) -> bool:
        """Nobody watches it, no request holds it, no robot is acting: it may leave memory."""
        robots = self.robot_task is not None and not self.robot_task.done()
        if self.session is not None and self.status == "active":
            return False  # a session's table plays on, watched or not
        return not self.watched and self.users == 0 and not robots and not self.lock.locked()

    def summary(self) -> dict[str, Any]:
        """The room as the HTTP API lists it."""
        table = self.table
        return {
            "code": self.code,
            "game": table.game.name,
            "titles": dict(table.game.titles),
            "scoring": table.scoring,
            "systems": list(table.system_names),
            "private": self.private,
            "slots": [
                {"slot": p.player, "kind": p.holder.value, "name": p.name, "level": p.level}
                for p in table.places
            ],
            "deal": table.number,
            "over": table.over,
            "status": self.status,
        }


def record_summary(record: MatchRecord, deals: int) -> dict[str, Any]:
    """A stored table as the HTTP API lists it (without reading it into memory)."""
    game = get_game(record.game)
    slots = []
    for seat in record.seats:
        kind = "robot" if seat.is_robot else "person" if seat.player else "open"
        slots.append(
            {
                "slot": seat.position,
                "kind": kind,
                "name": seat.player,
                "level": seat.robot_level if seat.is_robot else None,
            }
        )
    return {
        "code": record.code,
        "game": game.name,
        "titles": dict(game.titles),
        "scoring": record.scoring,
        "private": record.private,
        "slots": slots,
        "deal": deals,
        "over": record.status == "finished",
        "status": record.status,
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
        #: Deals finished since the server started.
        self.deals = 0

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the database thread and wait for its commit."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    def close(self) -> None:
        self._db.shutdown(wait=True)

    async def create(self, table: Table, *, private: bool, host_hash: str) -> Room:
        """Store a new server table's match (its seats, the seated person's token, the host's)
        in one transaction and return its room."""
        record = await self.db(
            self.store.create_match,
            "play",
            table.game.name,
            table.scoring,
            seats=seat_specs(table),
            options=MatchOptions(
                mode=table.mode.value,
                server=True,
                systems=()
                if table.system_names == ("standard", "standard")
                else table.system_names,
            ),
            seed=table.seed,
            private=private,
            host_hash=host_hash,
        )
        return Room(table, record.code, record.id, private, host_hash)

    def rebuild(self, record: MatchRecord) -> Room:
        """The room of a stored match, its table replayed from the log."""
        room = Room(
            table_from_record(record),
            record.code,
            record.id,
            record.private,
            record.host_hash,
            record.status,
            session=record.options.session,
        )
        if record.deals:
            room.deal_id = record.deals[-1].id
            room.seq = len(record.deals[-1].actions)
        return room

    async def reload(self, room: Room) -> None:
        """Memory and the store disagree (a failed commit): rebuild the room's table from the
        store; if it cannot be read either, the room is ``stale`` until it can."""
        try:
            record = await self.db(self.store.get_match, room.match_id)
            fresh = self.rebuild(record)
        except Exception as err:
            room.stale = True
            log.error("table %s: cannot read it back from the store (%s)", room.code, err)
            return
        room.table, room.deal_id, room.seq = fresh.table, fresh.deal_id, fresh.seq
        room.status, room.stale = fresh.status, False
        room.score = ScoreCache()

    async def write(self, room: Room, events: Sequence[TableEvent]) -> None:
        """Store the events of one change of a room's table, all or nothing; committed before
        this returns.

        If the commit fails, the room is rebuilt from the store, so that memory never runs
        ahead of the record, and the :class:`~bridgeroom.store.StoreError` is raised
        (:class:`~bridgeroom.store.StoreUnavailable` when the store cannot write now).
        """
        write, seq = table_write(room.table, events, room.match_id, room.deal_id, room.seq)
        if not write.ops:
            return
        try:
            added = await self.journal.write(write)
        except StoreError as err:
            log.error(
                "table %s: commit failed (%s); reading it back from the store", room.code, err
            )
            await self.reload(room)
            raise
        if added is not None:
            room.deal_id = added
        room.seq = seq
        self.actions += write.actions
        self.deals += sum(1 for op in write.ops if isinstance(op, DealResult))
        if room.table.over:
            room.status = "finished"
