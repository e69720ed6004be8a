"""The tables of a running server: which are in memory, the requests of their connections, and
what every connection is sent, in one asyncio loop.

The :class:`Hub` owns the :class:`~bridgeroom.server.rooms.Room` s in memory. Each change to a
table runs under that room's lock in this order:

1. the table checks and applies it (:class:`~bridgeroom.table.Table`; a refused request
   changes nothing and is answered with an error to its sender only);
2. its rows are committed to the store in one transaction
   (:class:`~bridgeroom.server.rooms.RoomRecords`; if that fails the table is read back from
   the store, so the change is undone, and the sender is told);
3. only then is every connection sent its own new view.

A table's life (docs/server.md, "A table's life"): the store holds every table; memory holds
those in use. A table is read from the store (its log replayed) when it is first needed: a
connection, a seat taken, its page. Its robots act only while someone watches it. When nobody
has watched it, no request has used it and no robot has acted for ``release_after`` seconds
it leaves memory (a finished table too: it is read again to be viewed). A table where nothing
happened for ``abandon_after`` seconds is marked ``abandoned``: shown, never played again.
Its host (who created it) may delete it. The server opens its port at once: nothing is
replayed at start.

With several processes on one PostgreSQL database (:mod:`bridgeroom.server.cluster`) a room
is written here (``room.writer``) or followed: a request that changes a followed room is carried
out by its writer (:meth:`Hub.elsewhere`), and the writer's changes reach the followed copy.

The robots' turns are scheduled by :class:`~bridgeroom.server.scheduler.Scheduler`, the
store's outages handled by :class:`~bridgeroom.server.health.StoreHealth`, the limits per
client by :class:`~bridgeroom.server.limits.RateLimiter`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from bridgeroom.errors import BridgeError
from bridgeroom.formats.pbn import dumps
from bridgeroom.rules import Phase
from bridgeroom.server.health import StoreDown, StoreHealth
from bridgeroom.server.limits import Limits, RateLimiter
from bridgeroom.server.protocol import (
    ActionRequest,
    AnswerRequest,
    BadRequest,
    ClaimRequest,
    ClientRequest,
    FillRequest,
    HelloRequest,
    HintRequest,
    NextRequest,
    UndoRequest,
    error_message,
    hint_message,
    parse_request,
    pbn_game,
    snapshot_message,
    status_message,
)
from bridgeroom.server.rooms import Room, RoomRecords, Watcher, record_summary
from bridgeroom.server.scheduler import Scheduler
from bridgeroom.store import Store, StoreError, StoreUnavailable, hash_token, new_token
from bridgeroom.table import (
    SeatError,
    Table,
    TableError,
    TableEvent,
    TableSnapshot,
    robot_systems,
)

if TYPE_CHECKING:
    from bridgeroom.server.cluster import Cluster

__all__ = ["HOST", "Hub"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")

#: What :meth:`Hub.authorize` returns for the host's token.
HOST = -1

#: Tables abandoned in one statement of a sweep.
SWEEP_BATCH = 500

#: A table's or a session's code as the store makes them (``secrets.token_urlsafe``): anything
#: else is refused before the store is asked.
CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Hub:
    """Every table of the server.

    ``robot_delay``: seconds a robot waits before it acts (so people can follow);
    ``hint_level``: the robot level whose decision a hint shows; ``next_deal_delay``:
    seconds before a table of robots alone deals on; ``release_after``: seconds an unused
    table stays in memory; ``abandon_after``: seconds without a change after which a table is
    abandoned; ``sweep_every``: seconds between two sweeps of abandoned tables (a quarter of
    ``abandon_after`` by default, from 1 s to an hour); ``limits``: what one client may ask
    (:class:`Limits`); ``probe_interval``: seconds between two tries of a store that cannot
    write; ``cluster``: this process among several sharing a PostgreSQL store
    (:class:`~bridgeroom.server.cluster.Cluster`; ``None``: the one process).
    """

    def __init__(
        self,
        store: Store,
        *,
        robot_delay: float = 0.5,
        hint_level: str = "expert",
        next_deal_delay: float = 2.0,
        release_after: float = 60.0,
        abandon_after: float = 7 * 86400.0,
        sweep_every: float | None = None,
        limits: Limits | None = None,
        probe_interval: float = 1.0,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        self.cluster = cluster
        self.hint_level = hint_level
        self.release_after = release_after
        self.abandon_after = abandon_after
        if sweep_every is not None and not sweep_every > 0:
            raise ValueError(
                f"the sweep of abandoned tables runs every few seconds, not {sweep_every}"
            )
        self.sweep_every = (
            sweep_every if sweep_every is not None else min(3600.0, max(1.0, abandon_after / 4))
        )
        self.limits = limits or Limits()
        self.limiter = RateLimiter()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self.records = RoomRecords(store)
        self.health = StoreHealth(
            self._probe,
            self._store_down,
            self._store_back,
            interval=probe_interval,
        )
        self.scheduler = Scheduler(
            self.commit,
            self.broadcast,
            wait_writable=self.health.wait,
            settled=self._settle,
            robot_delay=robot_delay,
            next_deal_delay=next_deal_delay,
        )
        self._sweeper: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        #: Called (not awaited: they must not take another room's lock) after each committed
        #: change with its room and events: the sessions follow their tables' boards.
        self.listeners: list[Callable[[Room, list[TableEvent]], None]] = []
        #: Called after a followed table (another process writes it) caught up with a change.
        self.followers: list[Callable[[Room], None]] = []
        #: Tables read back from the store and released from memory since the start.
        self.loads = 0
        self.releases = 0

    async def _probe(self) -> None:
        """Whether the store writes again (and, with several processes, the leases renew)."""
        await self.db(self.store.probe)
        if self.cluster is not None:
            await self.cluster.renew_now()

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the database thread and wait for its commit."""
        return await self.records.db(fn, *args, **kwargs)

    @property
    def actions(self) -> int:
        """Log entries committed since the server started."""
        return self.records.actions

    @property
    def commits(self) -> int:
        """Commits of the journal since the server started."""
        return self.records.journal.commits

    def stats(self) -> dict[str, int]:
        """Counters for monitoring and the benchmarks."""
        return {
            "tables": len(self.rooms),
            "watched": sum(1 for room in self.rooms.values() if room.watchers),
            "connections": sum(len(room.watchers) for room in self.rooms.values()),
            "actions": self.actions,
            "commits": self.commits,
            "deals": self.records.deals,
            "loads": self.loads,
            "releases": self.releases,
            "robot_failures": self.scheduler.failures,
            "store_outages": self.health.outages,
            "store_writable": int(self.health.writable),
            **({} if self.cluster is None else self.cluster.stats()),
        }

    async def start(self) -> None:
        """Start the periodic sweep of abandoned tables (its first run in the background, so
        the port opens at once)."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        if self.cluster is not None:
            self.cluster.operations.update(
                act=self._remote_act,
                join=self._remote_join,
                fill=self._remote_fill,
                delete=self._remote_delete,
            )
            await self.cluster.start(self)

    async def stop(self) -> None:
        """Before :meth:`close`: give this process's leases up (the other processes take its
        tables over at once)."""
        if self.cluster is not None:
            await self.cluster.close()

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.health.close()
        for room in self.rooms.values():
            self.scheduler.cancel(room)
            if room.release is not None:
                room.release.cancel()
        self.records.close()
        self.scheduler.close()

    # --- a table's life: read when needed, released when unused -------------------------------

    async def room(self, code: str) -> Room:
        """The room of table ``code``, read from the store if it is not in memory."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        if not CODE.fullmatch(code):
            raise SeatError("server.no_table", code=code[:32])
        loading = self._loading.get(code)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            room = await self._load(code)
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: waiters re-raise it
            raise
        finally:
            del self._loading[code]
        future.set_result(room)
        return room

    async def _load(self, code: str) -> Room:
        writer, holder = True, None
        if self.cluster is not None:
            try:
                writer, holder = await self.cluster.adopt(code)
            except Exception as err:
                log.error("table %s: its lease cannot be read: %s", code, err)
                raise self.health.error() from None
        try:
            room = await self._read(code)
        except BaseException:
            if self.cluster is not None:  # no table to write or follow: no lease kept for it
                await self.cluster.not_loaded(code, writer)
            raise
        room.writer, room.holder = writer, holder
        self.rooms[code] = room
        if self.cluster is not None:
            self.cluster.settled(code)
        self.loads += 1
        if room.writer and room.table.state is None and room.table.may_deal() and not room.closed:
            async with room.lock:
                with contextlib.suppress(StoreDown):
                    await self.after_change(room, broadcast=False)
        self._settle(room)
        return room

    async def _read(self, code: str) -> Room:
        """Table ``code`` read from the store (``server.no_table`` when it is no server table)."""
        try:
            record = await self.db(self.store.get_match, code)
        except StoreUnavailable as err:
            await self.health.failed(err)
            raise self.health.error() from None
        except StoreError:
            raise SeatError("server.no_table", code=code) from None
        if record.kind != "play" or not record.options.server:
            raise SeatError("server.no_table", code=code)
        try:
            return self.records.rebuild(record)
        except (BridgeError, ValueError, KeyError) as err:
            log.warning("table %s cannot be read back: %s", code, err)
            raise SeatError("server.no_table", code=code) from None

    @contextlib.asynccontextmanager
    async def using(self, code: str) -> AsyncIterator[Room]:
        """The room of ``code``, kept in memory while the request uses it."""
        room = await self.room(code)
        room.users += 1
        self._keep(room)
        try:
            yield room
        finally:
            room.users -= 1
            self._settle(room)

    def _keep(self, room: Room) -> None:
        if room.release is not None:
            room.release.cancel()
            room.release = None

    def settle(self, room: Room) -> None:
        """Let the room leave memory once unused (:meth:`_settle`)."""
        self._settle(room)

    def _settle(self, room: Room) -> None:
        """Let the room leave memory after ``release_after`` seconds if it is unused."""
        if self.rooms.get(room.code) is not room:
            return
        self._keep(room)
        if room.idle:
            loop = asyncio.get_running_loop()
            room.release = loop.call_later(self.release_after, self._release, room)

    def _release(self, room: Room) -> None:
        room.release = None
        if self.rooms.get(room.code) is not room:
            return
        if room.idle:
            self.scheduler.cancel(room)
            del self.rooms[room.code]
            self.releases += 1
            if self.cluster is not None:
                task = asyncio.get_running_loop().create_task(self.cluster.released(room))
                self._background.add(task)
                task.add_done_callback(self._background.discard)
        elif not room.watchers and room.users == 0:  # watched elsewhere only: look again later
            loop = asyncio.get_running_loop()
            room.release = loop.call_later(self.release_after, self._release, room)

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except StoreError as err:
                log.warning("the sweep of abandoned tables failed: %s", err)
            except Exception:
                log.exception("the sweep of abandoned tables failed")
            await asyncio.sleep(self.sweep_every)

    async def sweep(self) -> int:
        """Mark ``abandoned`` the active tables unchanged for ``abandon_after`` seconds that
        nobody uses now; returns how many."""
        before = datetime.now(UTC).replace(tzinfo=None) - timedelta(seconds=self.abandon_after)
        done = 0
        while True:  # in batches, so that a store of many tables left is swept at once
            idle = await self.db(self.store.idle_tables, before, SWEEP_BATCH)
            ids = []
            for match_id, code in idle:
                room = self.rooms.get(code)
                if room is not None and (room.watchers or room.users):
                    continue
                ids.append(match_id)
                if room is not None:
                    room.status = "abandoned"
                    self._settle(room)
            if ids:
                await self.db(self.store.abandon, ids)
                done += len(ids)
            if len(idle) < SWEEP_BATCH or not ids:
                break
        if done:
            log.info("%d tables abandoned (unchanged for %.0f s)", done, self.abandon_after)
        return done

    # --- creating, joining, deleting ----------------------------------------------------------

    async def create_table(
        self,
        game: str,
        *,
        scoring: str | None = None,
        private: bool = False,
        robots: dict[int, str] | None = None,
        seed: int | str | None = None,
        name: str | None = None,
        slot: int | None = None,
        address: str = "",
        systems: Sequence[str] | None = None,
    ) -> tuple[Room, str | None, str]:
        """A new table; ``robots`` maps players to robot levels, the other places wait for
        people; with ``name`` its creator takes ``slot`` (the first open one by default);
        ``systems``: the bidding systems of North-South and East-West, shipped names only (a
        path on the server's disk is never read for a request).

        Everything is checked before anything is stored, and the table, its seats and its
        tokens are stored in one transaction: a request that fails leaves nothing. Returns the
        room, the creator's seat token (``None`` if he did not sit) and the host's token (the
        seat token when he sat), of which the store keeps only the hashes.
        """
        self.limiter.check("create", (address, self.limits.create))
        self.health.check()
        for name_ in systems or ():
            if name_ not in robot_systems():
                raise TableError(
                    "system.unknown", name=name_[:32], names=", ".join(robot_systems())
                )
        try:
            table = Table(game, scoring=scoring, seed=seed, robots=robots, systems=systems)
        except TableError:
            raise
        except BridgeError as err:  # no such game or scoring
            raise TableError("server.bad_request", reason=str(err)) from None
        seat_token = None
        if name is not None:
            if slot is None:
                slot = next((p.player for p in table.places if p.is_open), 0)
            seat_token = table.join(slot, name)
        host_token = seat_token or new_token()
        try:
            room = await self.records.create(
                table, private=private, host_hash=hash_token(host_token)
            )
        except StoreUnavailable as err:
            await self.health.failed(err)
            raise self.health.error() from None
        except StoreError as err:
            log.error("a new table could not be stored: %s", err)
            raise TableError("server.not_saved") from None
        if self.cluster is not None:
            try:
                await self.cluster.claim_new(room.code)
            except Exception as err:
                log.error("table %s: its lease cannot be taken: %s", room.code, err)
                self.cluster.settled(room.code)
                raise TableError("server.not_saved") from None
        self.rooms[room.code] = room
        if self.cluster is not None:
            self.cluster.settled(room.code)
        async with room.lock:
            with contextlib.suppress(StoreDown):  # the first deal waits for the store
                await self.after_change(room)
        self._settle(room)
        return room, seat_token, host_token

    def _check_open(self, room: Room) -> None:
        if room.closed:
            raise TableError("server.abandoned")

    async def _fresh(self, room: Room) -> None:
        """Under the room's lock: a room whose table may be ahead of the store is read back
        first; while that cannot be done the request is refused."""
        if room.stale:
            await self.records.reload(room)
            if room.stale:
                raise self.health.error()

    async def join(self, code: str, player: int, name: str, address: str = "") -> str:
        """A person takes an open place; returns the seat token (shown once, kept by the
        browser). The name and the token are stored in one transaction."""
        joins = (address, self.limits.join)
        self.limiter.check("join", joins, count=False)  # counted once a seat is taken
        async with self.using(code) as room:
            done, token = await self.elsewhere(
                room, "join", player=player, name=name, address=address
            )
            if done:  # counted by the writer
                return str(token)
            self._check_open(room)
            self.health.check()
            async with room.lock:
                await self._fresh(room)
                before = list(room.table.places)
                token = room.table.join(player, name)
                place = room.table.places[player]
                try:
                    await self.db(
                        self.store.take_seat, room.match_id, player, place.name, place.token_hash
                    )
                except StoreError as err:
                    room.table.places[:] = before
                    raise await self.not_saved(err) from None
                self.limiter.take("join", joins)
                await self.after_change(room)
        return token

    async def fill_with_robots(self, room: Room, level: str) -> None:
        """Robots of ``level`` take every open place (one transaction); under the room's lock."""
        before = list(room.table.places)
        filled = room.table.fill(level)
        robots = {p: (room.table.places[p].name, level) for p in filled}
        try:
            await self.db(self.store.set_robots, room.match_id, robots)
        except StoreError as err:
            room.table.places[:] = before
            raise await self.not_saved(err) from None

    async def fill(self, code: str, level: str, token: str | None) -> None:
        """Robots of ``level`` take every open place, asked by a seated person or the host."""
        async with self.using(code) as room:
            if (await self.elsewhere(room, "fill", level=level, token=token))[0]:
                return
            self._check_open(room)
            await self.authorize(room, token)
            self.health.check()
            async with room.lock:
                await self._fresh(room)
                await self.fill_with_robots(room, level)
                await self.after_change(room)

    async def delete(self, code: str, token: str | None) -> None:
        """The host deletes his table: its connections are told and closed, and the store
        forgets it. A session's table is not deleted by itself (the director ends the
        session): nothing a session played is lost."""
        async with self.using(code) as room:
            if (await self.elsewhere(room, "delete", token=token))[0]:
                return
            if await self.authorize(room, token) != HOST:
                raise SeatError("server.not_host")
            if room.session is not None:  # its boards belong to the session's results
                raise TableError("session.no_table_delete", session=room.session)
            self.health.check()
            async with room.lock:
                try:
                    await self.db(self.store.delete_match, room.match_id)
                except StoreError as err:
                    raise await self.not_saved(err) from None
                await self.forget(room)
                if self.cluster is not None:
                    await self.cluster.gone(room)

    async def forget(self, room: Room) -> None:
        """A deleted table leaves memory: its connections are told and closed."""
        self.scheduler.cancel(room)
        if self.cluster is not None:
            await self.cluster.released(room)
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        gone = TableError("server.deleted")
        for watcher in list(room.watchers):
            await self.send_error(watcher, gone)
            with contextlib.suppress(Exception):
                await watcher.conn.close(4410, "deleted")
        room.watchers.clear()

    async def not_saved(self, err: StoreError) -> TableError:
        """The error a person is told when his request could not be stored."""
        if isinstance(err, StoreUnavailable):
            await self.health.failed(err)
            return self.health.error()
        log.error("a request could not be stored: %s", err)
        return TableError("server.not_saved")

    async def authorize(self, room: Room, token: str | None) -> int:
        """The player a token acts for at ``room``, or :data:`HOST` for the host's token;
        :class:`SeatError` for no token (``server.token_needed``, 401) or one that does not act
        here (``server.wrong_token``, 403: another table's and a forged one alike)."""
        if not token:
            raise SeatError("server.token_needed")
        if room.host_hash is not None and hmac.compare_digest(room.host_hash, hash_token(token)):
            return HOST
        player = await self.player_of_token(room, token)
        if player is None:  # a token, but not this table's (forged or another table's)
            raise SeatError("server.wrong_token")
        return player

    async def player_of_token(self, room: Room, token: str | None) -> int | None:
        """The player a token acts for (checked against the store's hashes), or ``None``."""
        if not token:
            return None
        known = room.table.player_by_token(token)  # joined since the table was read, or seen
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
            if isinstance(request, HelloRequest):
                raise BadRequest("hello is the first message only", request.id)
            if isinstance(request, HintRequest):
                await self._hint(room, watcher)
                return
            player = watcher.player
            if player is None:
                raise SeatError("server.spectator")
            done, _ = await self.elsewhere(
                room,
                "act",
                player=player,
                address=watcher.address,
                request=request.model_dump(mode="json"),
            )
            if not done:
                await self.apply(room, player, watcher.address, request)
        except BridgeError as err:
            await self.send_error(watcher, err)

    async def apply(self, room: Room, player: int, address: str, request: ClientRequest) -> None:
        """Carry out a request of ``player`` (from a connection at ``address``) at the table
        this process writes: checked, committed, then everyone is sent the table."""
        if isinstance(request, ClaimRequest):
            self.limiter.check(
                "claim",
                ((room.code, player), self.limits.claim_seat),
                (address, self.limits.claim_address),
            )
        self._check_open(room)
        self.health.check()
        async with room.lock:
            await self._fresh(room)
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
                await self.fill_with_robots(room, request.level)
            await self.commit(room, events)
            await self.after_change(room)

    # --- several processes: a table another process writes ---------------------------------

    async def elsewhere(self, room: Room, op: str, **args: Any) -> tuple[bool, Any]:
        """A request that changes a table another process writes is carried out there:
        ``(True, its answer)``; ``(False, None)``: this process writes the table (do it here)."""
        if self.cluster is None or room.writer:
            return False, None
        return await self.cluster.ask(room, op, args)

    async def _remote_act(self, room: Room, args: dict[str, Any]) -> None:
        request = parse_request(json.dumps(args["request"]))
        await self.apply(room, int(args["player"]), str(args.get("address", "")), request)

    async def _remote_join(self, room: Room, args: dict[str, Any]) -> str:
        return await self.join(
            room.code, int(args["player"]), str(args["name"]), str(args.get("address", ""))
        )

    async def _remote_fill(self, room: Room, args: dict[str, Any]) -> None:
        await self.fill(room.code, str(args["level"]), args.get("token"))

    async def _remote_delete(self, room: Room, args: dict[str, Any]) -> None:
        await self.delete(room.code, args.get("token"))

    async def commit(self, room: Room, events: list[TableEvent]) -> None:
        """Store the events of one change; if the store cannot write, the server goes into
        its down state and the change is refused (:class:`StoreDown`); another failure is
        refused too (``server.not_saved``). Either way the table is as stored."""
        if self.cluster is not None and events:
            self.cluster.check_writable()
        try:
            await self.records.write(room, events)
        except StoreError as err:
            raise await self.not_saved(err) from None
        for listener in self.listeners:
            listener(room, events)

    async def send_error(self, watcher: Watcher, err: BridgeError) -> None:
        await self.send(watcher, error_message(err, watcher.ack).model_dump(mode="json"))

    async def _hint(self, room: Room, watcher: Watcher) -> None:
        player = watcher.player
        if player is None:
            raise SeatError("server.spectator")
        if player in room.hinting:
            raise TableError("server.hint_busy")
        self.limiter.check(
            "hint",
            ((room.code, player), self.limits.hint_seat),
            (watcher.address, self.limits.hint_address),
        )
        room.hinting.add(player)
        try:
            decision = await self.scheduler.hint(room, player, self.hint_level)
        finally:
            room.hinting.discard(player)
        await self.send(watcher, hint_message(decision, watcher.ack).model_dump(mode="json"))

    # --- after every change: the first deal, robots, broadcast ------------------------------------

    async def after_change(self, room: Room, *, broadcast: bool = True) -> None:
        """Under the room's lock: deal the first deal once every place is held, send everyone
        the new state, and let the robots act."""
        table = room.table
        if table.state is None and table.may_deal() and not room.closed:
            await self.commit(room, table.deal())
        if broadcast:
            await self.broadcast(room)
        self.scheduler.schedule(room)

    # --- the store's outages -----------------------------------------------------------------

    async def _store_down(self) -> None:
        """Tell every connection that nothing is accepted until the store can write again."""
        status = status_message(self.health.error()).model_dump_json()
        await self._send_all(status)

    async def _store_back(self) -> None:
        """The store writes again: read back the tables that may be ahead of it, deal where
        due, tell everyone, and let the robots act."""
        status = status_message(None).model_dump_json()
        for room in list(self.rooms.values()):
            async with room.lock:
                if room.stale:
                    await self.records.reload(room)
                if room.stale:
                    continue
                try:
                    await self.after_change(room, broadcast=False)
                except StoreDown:
                    return  # down again: the next probe resumes them
                except BridgeError as err:
                    log.warning("table %s: %s", room.code, err)
        await self._send_all(status)
        for room in list(self.rooms.values()):
            await self.broadcast(room)

    async def _send_all(self, text: str) -> None:
        sends = [
            self._send_text(watcher, text)
            for room in list(self.rooms.values())
            for watcher in list(room.watchers)
        ]
        if sends:
            await asyncio.gather(*sends)

    # --- sending -----------------------------------------------------------------------------------------

    async def _send_text(self, watcher: Watcher, text: str) -> None:
        with contextlib.suppress(Exception):
            await watcher.conn.send_text(text)

    async def send(self, watcher: Watcher, data: dict[str, Any]) -> None:
        await self._send_text(watcher, json.dumps(data, separators=(",", ":")))

    def payload(
        self, room: Room, player: int | None, snapshot: TableSnapshot | None = None
    ) -> dict[str, Any]:
        """The state message of ``player``'s connections (from his snapshot of the table, made
        now unless given), as JSON-ready data; a session's table adds ``session``: its
        session's code, whether the director paused the table, and whether it has ended (the
        page says so and shows the way to the results)."""
        message = snapshot_message(
            snapshot or room.table.snapshot(player),
            code=room.code,
            private=room.private,
            score=room.score.sheet(room.table),
        )
        data = message.model_dump(mode="json", exclude={"id", "notice"})
        if room.session is not None:  # where a session's table stands, and where to go
            data["session"] = {
                "code": room.session,
                "paused": room.table.paused,
                "ended": room.status != "active",
            }
        return data

    async def broadcast(self, room: Room) -> None:
        """Send every connection of the room its own view of the table, the players before the
        spectators. The snapshot of each viewer (each seat, the spectators) is made and encoded
        once; each connection's frame only adds the id of its last request."""
        encoded: dict[int | None, str] = {}
        sends: list[Awaitable[None]] = []
        notice, room.notice = room.notice, None
        if self.cluster is not None and room.writer:
            await self.cluster.changed(room, notice)
        snapshots = room.table.snapshots(w.player for w in room.watchers)
        # the players first: a crowd of spectators does not hold up the table itself
        for watcher in sorted(room.watchers, key=lambda w: w.player is None):
            body = encoded.get(watcher.player)
            if body is None:
                data = self.payload(room, watcher.player, snapshots[watcher.player])
                if notice is not None:
                    data["notice"] = notice.model_dump(mode="json")
                body = encoded[watcher.player] = json.dumps(data, separators=(",", ":"))[:-1]
            sends.append(self._send_text(watcher, f'{body},"id":{json.dumps(watcher.ack)}}}'))
        if sends:
            await asyncio.gather(*sends)

    async def watch(self, code: str, watcher: Watcher) -> Room:
        """``watcher`` watches table ``code`` from now on: it is sent the table, and the table's
        robots may act."""
        room = await self.room(code)
        if room.session is not None and watcher.player is None:
            raise SeatError("session.no_spectators")  # the boards are still to play elsewhere
        self._keep(room)
        room.watchers.append(watcher)
        if self.cluster is not None and not room.writer and len(room.watchers) == 1:
            await self.cluster.watched_here(room)
        await self.send(watcher, {**self.payload(room, watcher.player), "id": None})
        if not self.health.writable:
            await self._send_text(watcher, status_message(self.health.error()).model_dump_json())
        self.scheduler.schedule(room)
        return room

    def unwatch(self, room: Room, watcher: Watcher) -> None:
        with contextlib.suppress(ValueError):
            room.watchers.remove(watcher)
        self._settle(room)

    # --- records -----------------------------------------------------------------------------------------

    async def tables(self, limit: int = 200) -> list[dict[str, Any]]:
        """The public tables open to play (in memory or not), the most recent first."""
        records = await self.db(self.store.list_tables, status="active", public=True, limit=limit)
        out = []
        for record, deals in records:
            room = self.rooms.get(record.code)
            if room is None:
                out.append(record_summary(record, deals))
            elif not room.private and not room.table.over and not room.closed:
                out.append(room.summary())
        return out

    async def pbn(self, code: str, number: int | None = None) -> str:
        """The finished deals of a table (or deal ``number``) as PBN."""
        if not CODE.fullmatch(code):
            raise SeatError("server.no_table", code=code[:32])
        try:
            record = await self.db(self.store.get_match, code)
        except StoreError:
            raise SeatError("server.no_table", code=code) from None
        if record.kind != "play":
            raise SeatError("server.no_table", code=code)
        if record.options.session:
            raise SeatError("session.export_by_session")
        table = self.records.rebuild(record).table
        games = []
        for played in table.match.played:
            if played.state.phase is not Phase.DONE:
                continue
            if number is not None and played.number != number:
                continue
            games.append(pbn_game(table, played.state, played.number, record))
        if number is not None and not games:
            raise TableError("server.no_deal", code=code, number=number)
        return dumps(games) if games else ""
