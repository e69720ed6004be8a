"""The tables of a running server: its rooms, the requests of their connections, and what
every connection is sent, in one asyncio loop.

The :class:`Hub` owns every :class:`~bridgeroom.server.rooms.Room`. Each change to a
table runs under that room's lock in this order:

1. the table checks and applies it (:class:`~bridgeroom.table.Table`; a refused request
   changes nothing and is answered with an error to its sender only);
2. its events are committed to the store (:class:`~bridgeroom.server.rooms.RoomRecords`);
3. only then is every connection sent its own new view.

The robots' turns are scheduled by :class:`~bridgeroom.server.scheduler.Scheduler`. At
start-up :meth:`Hub.restore` rebuilds every active table by replaying its stored log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bridgeroom.errors import BridgeError
from bridgeroom.formats.pbn import dumps
from bridgeroom.rules import Phase
from bridgeroom.server.protocol import (
    ActionRequest,
    AnswerRequest,
    ClaimRequest,
    ClientRequest,
    FillRequest,
    HintRequest,
    NextRequest,
    UndoRequest,
    error_message,
    hint_message,
    pbn_game,
    state_message,
)
from bridgeroom.server.rooms import Room, RoomRecords, Watcher
from bridgeroom.server.scheduler import Scheduler
from bridgeroom.store import Store, StoreError
from bridgeroom.table import SeatError, Table, TableEvent

__all__ = ["Hub"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")


class Hub:
    """Every table of the server.

    ``robot_delay``: seconds a robot waits before it acts (so people can follow);
    ``hint_level``: the robot level whose decision a hint shows; ``next_deal_delay``:
    seconds before a table of robots alone deals on.
    """

    def __init__(
        self,
        store: Store,
        *,
        robot_delay: float = 0.5,
        hint_level: str = "expert",
        next_deal_delay: float = 2.0,
    ) -> None:
        self.store = store
        self.hint_level = hint_level
        self.rooms: dict[str, Room] = {}
        self.records = RoomRecords(store)
        self.scheduler = Scheduler(
            self.records.write,
            self.broadcast,
            robot_delay=robot_delay,
            next_deal_delay=next_deal_delay,
        )

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the database thread and wait for its commit."""
        return await self.records.db(fn, *args, **kwargs)

    @property
    def actions(self) -> int:
        """Log entries committed since the server started."""
        return self.records.actions

    @property
    def commits(self) -> int:
        """Commits of the action journal since the server started."""
        return self.records.journal.commits

    def close(self) -> None:
        for room in self.rooms.values():
            self.scheduler.cancel(room)
        self.records.close()
        self.scheduler.close()

    # --- creating, joining, restoring -----------------------------------------------------

    async def create_table(
        self,
        game: str,
        *,
        scoring: str | None = None,
        private: bool = False,
        robots: dict[int, str] | None = None,
        seed: int | str | None = None,
    ) -> Room:
        """A new table; ``robots`` maps players to robot levels, the other places wait for people."""
        table = Table(game, scoring=scoring, seed=seed, robots=robots)
        room = await self.records.create(table, private=private)
        self.rooms[room.code] = room
        return room

    def get(self, code: str) -> Room:
        room = self.rooms.get(code)
        if room is None:
            raise SeatError("server.no_table", code=code)
        return room

    async def join(self, code: str, player: int, name: str) -> str:
        """A person takes an open place; returns the seat token (shown once, kept by the browser)."""
        room = self.get(code)
        async with room.lock:
            token = room.table.join(player, name)
            try:
                await self.records.seats(room, [player])
                await self.db(self.store.set_seat_token, room.match_id, player, token)
            except StoreError:
                await self.records.reload(room)
                raise
            await self.after_change(room)
        return token

    async def fill_with_robots(self, code: str, level: str) -> None:
        """Robots of ``level`` take every open place."""
        room = self.get(code)
        async with room.lock:
            await self.records.seats(room, room.table.fill(level))
            await self.after_change(room)

    async def restore(self) -> int:
        """Rebuild every active table of the store by replaying its log; returns how many."""
        summaries = await self.db(
            self.store.list_matches, kind="play", status="active", limit=100000
        )
        n = 0
        for summary in summaries:
            if summary.code in self.rooms:
                continue
            record = await self.db(self.store.get_match, summary.id)
            if not record.options.get("server"):
                continue
            try:
                room = self.records.rebuild(record)
            except (BridgeError, ValueError, KeyError) as err:
                log.warning("table %s cannot be resumed: %s", record.code, err)
                continue
            self.rooms[room.code] = room
            n += 1
        for room in self.rooms.values():
            await self.after_change(room, broadcast=False)
        return n

    async def player_of_token(self, room: Room, token: str | None) -> int | None:
        """The player a token acts for (checked against the store's hashes), or ``None``."""
        if not token:
            return None
        known = room.table.player_by_token(
            token
        )  # joined since this server started, or seen before
        if known is not None:
            return known
        player = await self.db(self.store.seat_of_token, room.match_id, token)
        if player is not None and room.table.places[player].is_person:
            room.table.remember_token(player, token)
            return int(player)
        return None

    # --- requests from people -----------------------------------------------------------------

    async def handle(self, room: Room, watcher: Watcher, request: ClientRequest) -> None:
        """One request from a websocket. Errors go back to the sender only."""
        watcher.ack = request.id
        try:
            if isinstance(request, HintRequest):
                await self._hint(room, watcher)
                return
            player = watcher.player
            if player is None:
                raise SeatError("server.spectator")
            async with room.lock:
                table = room.table
                events: list[TableEvent] = []
                if isinstance(request, ActionRequest):
                    events = table.act(player, request.action)
                elif isinstance(request, UndoRequest):
                    events = table.request_undo(player)
                elif isinstance(request, ClaimRequest):
                    events = table.request_claim(player, request.tricks)
                    events += await self.scheduler.judge_claim(room)
                elif isinstance(request, AnswerRequest):
                    events = table.answer(player, request.accept)
                elif isinstance(request, NextRequest):
                    events = table.deal()
                elif isinstance(request, FillRequest):
                    await self.records.seats(room, table.fill(request.level))
                await self.records.write(room, events)
                await self.after_change(room)
        except BridgeError as err:
            await self.send_error(watcher, err)

    async def send_error(self, watcher: Watcher, err: BridgeError) -> None:
        await self._send(watcher, error_message(err, watcher.ack).model_dump(mode="json"))

    async def _hint(self, room: Room, watcher: Watcher) -> None:
        if watcher.player is None:
            raise SeatError("server.spectator")
        decision = await self.scheduler.hint(room, watcher.player, self.hint_level)
        await self._send(watcher, hint_message(decision, watcher.ack).model_dump(mode="json"))

    # --- after every change: the first deal, robots, broadcast ------------------------------------

    async def after_change(self, room: Room, *, broadcast: bool = True) -> None:
        """Deal the first deal once every place is held, send everyone the new state, and let
        the robots act."""
        table = room.table
        if table.state is None and table.may_deal():
            await self.records.write(room, table.deal())
        if broadcast:
            await self.broadcast(room)
        self.scheduler.schedule(room)

    # --- sending -----------------------------------------------------------------------------------------

    async def _send(self, watcher: Watcher, data: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):
            await watcher.conn.send_text(json.dumps(data, separators=(",", ":")))

    def payload(self, room: Room, player: int | None) -> dict[str, Any]:
        """The state message of ``player``'s connections, as JSON-ready data."""
        message = state_message(
            room.table,
            player,
            code=room.code,
            private=room.private,
            score=room.score.sheet(room.table),
        )
        return message.model_dump(mode="json", exclude={"id", "notice"})

    async def broadcast(self, room: Room) -> None:
        """Send every connection of the room its own view of the table."""
        cache: dict[int | None, dict[str, Any]] = {}
        sends: list[Awaitable[None]] = []
        notice, room.notice = room.notice, None
        for watcher in list(room.watchers):
            payload = cache.get(watcher.player)
            if payload is None:
                payload = cache[watcher.player] = self.payload(room, watcher.player)
            message = dict(payload)
            message["id"] = watcher.ack
            if notice is not None:
                message["notice"] = notice.model_dump(mode="json")
            sends.append(self._send(watcher, message))
        if sends:
            await asyncio.gather(*sends)

    async def watch(self, room: Room, watcher: Watcher) -> None:
        room.watchers.append(watcher)
        await self._send(watcher, {**self.payload(room, watcher.player), "id": None})

    def unwatch(self, room: Room, watcher: Watcher) -> None:
        with contextlib.suppress(ValueError):
            room.watchers.remove(watcher)

    # --- records ---------------------------------------------------------------------------------------

    async def pbn(self, code: str, number: int | None = None) -> str:
        """The finished deals of a table (or deal ``number``) as PBN."""
        record = await self.db(self.store.get_match, code)
        if record.kind != "play":
            raise StoreError(f"{code} is a score pad, not a table")
        table = self.records.rebuild(record).table
        games = []
        for state, deal in zip(table.match.deals, record.deals, strict=False):
            if state.phase is not Phase.DONE:
                continue
            if number is not None and deal.number != number:
                continue
            games.append(pbn_game(table, state, deal.number, record))
        if number is not None and not games:
            raise StoreError(f"table {code} has no finished deal {number}")
        return dumps(games) if games else ""
