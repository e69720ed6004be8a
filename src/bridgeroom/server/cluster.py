"""Several server processes on one PostgreSQL database: one writer per table, every viewer
served where he connects (issue 41; docs/deploy.md).

``bridgeroom serve --database postgresql://...`` started N times (on one host or several)
serves the same tables. With SQLite there is one process and none of this runs.

**One writer per table.** A table is written by the process that holds its lease in the store
(:class:`~bridgeroom.store.leases.Leases`, the table ``table_leases``): the process that
creates a table, or the first that needs it while nobody holds it. The writer renews its
leases every ``renew_every`` seconds (a lease lasts ``lease_seconds``) and deletes a table's
lease when the table leaves its memory. Only the writer changes the table and runs its robots.

**Followers.** A process where a connection reaches a table another writes holds a copy of it
(a *follower*): it ``LISTEN`` s on the table's channel ``t_CODE``. After every change the
writer commits the change to the store, then sends on that channel where the table stands (the
deal's id and how many of its log entries are stored, a mark of its places and options, the
pending undo or claim, a notice); each follower reads the new log entries from the store (the
whole table when more than the log changed) and sends each of its connections its own view,
made by the same code as the writer's (:meth:`Hub.broadcast`): nothing travels between
processes that a viewer may not see.

**Requests.** A request that changes a table and reaches a follower (an action, an undo, a
claim and its answers, the next deal, robots filling the seats, a seat taken, the table
deleted) is sent to the writer on its channel ``p_WRITER``; the writer carries it out as if it
were its own (the same checks, the same commit) and answers on the follower's channel: the
requester sees the change arrive, or the writer's refusal in every language
(:class:`~bridgeroom.server.protocol.RemoteRefusal`). A follower with people watching tells the
writer every renewal (``see``), so that the robots there act as at a watched table. Every
follower says so to the writer when it starts following and at every renewal (``fol``): a
writer sends changes only of the tables followed somewhere, and when a table becomes followed
it sends at once where it stands (what the follower read may be older).

**Faults.** A writer killed at once stops renewing: its leases expire after ``lease_seconds``.
Every process looks each ``renew_every`` seconds for expired leases and takes over its share
of them (the expired tables divided by the processes alive): it claims the lease and reads the
table back from the store's log, where every acknowledged action is (a change is committed
before anyone is told). A request a follower sent to a writer that died is answered by the
next writer, or refused with ``cluster.moving`` (try again) if none is there within
``ask_seconds``. A process cut from the database stops writing: its store refuses as one
process's does (:mod:`bridgeroom.server.health`), and once its leases could not be renewed for
``lease_seconds`` it writes nothing even if the database comes back, until a renewal says
which tables are still its own (those taken over meanwhile become followed copies).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bridgeroom.errors import BridgeError
from bridgeroom.rules import Seat
from bridgeroom.server.protocol import Notice, RemoteRefusal
from bridgeroom.server.rooms import Room
from bridgeroom.store import LogEntry, StoreError, StoreUnavailable
from bridgeroom.store.leases import Leases, conninfo, process_key
from bridgeroom.table import Request, RequestKind, TableError

if TYPE_CHECKING:
    from bridgeroom.server.hub import Hub

__all__ = ["Cluster", "is_postgresql", "room_mark"]

log = logging.getLogger("bridgeroom.server")

#: Seconds a connection to the database may take before it is given up (and tried again).
CONNECT_SECONDS = 3

#: Table codes in one notification (a notification's payload holds at most 8,000 bytes).
CODES_PER_NOTE = 300

#: What a remote operation does at the writer: given the room and the arguments, its answer.
Operation = Callable[[Room, dict[str, Any]], Awaitable[Any]]


def is_postgresql(url: str) -> bool:
    """Whether a store URL names PostgreSQL (several processes may share it).

    >>> is_postgresql("postgresql://db/bridge"), is_postgresql("sqlite:///x.sqlite3")
    (True, False)
    """
    return url.split(":", 1)[0].split("+", 1)[0] in ("postgresql", "postgres")


def room_mark(room: Room) -> int:
    """A checksum of what a table's log does not hold: its places, pause, round and status (a
    follower whose mark differs reads the whole table again)."""
    table = room.table
    places = [(p.holder.value, p.name, p.level) for p in table.places]
    text = json.dumps([places, table.paused, table.hold, room.status], default=str)
    return zlib.crc32(text.encode("utf-8"))


def request_json(request: Request | None) -> dict[str, Any] | None:
    """A pending undo or claim as data (it is not in the store's log)."""
    if request is None:
        return None
    return {
        "kind": request.kind.value,
        "player": request.player,
        "seat": int(request.seat),
        "waiting": sorted(request.waiting),
        "judges": sorted(request.judges),
        "tricks": request.tricks,
        "keep": request.keep,
    }


def request_of(data: dict[str, Any] | None) -> Request | None:
    """The pending request of :func:`request_json`'s data."""
    if data is None:
        return None
    return Request(
        RequestKind(data["kind"]),
        int(data["player"]),
        Seat(int(data["seat"])),
        frozenset(int(p) for p in data["waiting"]),
        frozenset(int(p) for p in data["judges"]),
        tricks=int(data["tricks"]),
        keep=int(data["keep"]),
    )


class Cluster:
    """This process among those serving one PostgreSQL database (see the module).

    ``url``: the store's URL; ``lease_seconds``: how long a lease lasts unless renewed;
    ``renew_every``: seconds between two renewals (and looks for expired leases);
    ``ask_seconds``: how long a follower waits for the writer's answer.
    """

    def __init__(
        self,
        url: str,
        *,
        lease_seconds: float = 5.0,
        renew_every: float = 1.5,
        ask_seconds: float = 4.0,
    ) -> None:
        if not 0 < renew_every < lease_seconds:
            raise ValueError(
                f"a lease of {lease_seconds} s is renewed more often than it lasts, "
                f"not every {renew_every} s"
            )
        self.url = conninfo(url)
        self.me = "p" + secrets.token_hex(8)
        self.lease_seconds = lease_seconds
        self.renew_every = renew_every
        self.ask_seconds = ask_seconds
        self.hub: Hub | None = None
        #: The operations another process may ask of this one, by name.
        self.operations: dict[str, Operation] = {}
        #: Monotonic time until which this process's leases are surely its own.
        self.valid_until = 0.0
        self._listen: Any = None
        self._talk: Any = None
        self._lease_conn: Any = None
        self.leases: Leases | None = None
        self._commands: list[tuple[str, asyncio.Future[None]]] = []
        self._channels: set[str] = set()
        self._asks: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._latest: dict[str, dict[str, Any]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._talk_lock = asyncio.Lock()
        #: Tables being claimed or read, not yet in the hub's memory.
        self.claiming: set[str] = set()
        #: Counters for monitoring: requests sent to writers, answered for others, changes
        #: applied to followed tables, tables taken over from a process that stopped.
        self.forwarded = 0
        self.answered = 0
        self.followed = 0
        self.taken_over = 0

    # --- connections ----------------------------------------------------------------------

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_SECONDS
        )

    async def start(self, hub: Hub) -> None:
        """Connect (three connections: one listens, one sends, one keeps the leases), say this
        process is alive, and start listening and renewing."""
        self.hub = hub
        self._listen = await self._connect()
        self._talk = await self._connect()
        self._lease_conn = await self._connect()
        self.leases = Leases(self._lease_conn, self.me, self.lease_seconds)
        await self._listen.execute(f'LISTEN "p_{self.me}"')
        started = time.monotonic()
        await self.leases.claim(process_key(self.me))
        self.valid_until = started + self.lease_seconds - self.renew_every / 2
        loop = asyncio.get_running_loop()
        self._loops = [loop.create_task(self._read_forever()), loop.create_task(self._keep())]
        log.info("sharing the tables with the other processes on this database as %s", self.me)

    async def close(self) -> None:
        """Stop; the leases of this process are given up at once (the others take its tables
        over without waiting for them to expire)."""
        for task in self._loops:
            task.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self.leases is not None:
            with contextlib.suppress(Exception):
                await self.leases.release_all()
        for conn in (self._listen, self._talk, self._lease_conn):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _notify(self, channel: str, data: dict[str, Any]) -> None:
        """Send ``data`` on ``channel`` (reconnecting once if the connection was lost)."""
        payload = json.dumps(data, separators=(",", ":"))
        async with self._talk_lock:
            for attempt in (1, 2):
                try:
                    if self._talk is None or self._talk.closed:
                        self._talk = await self._connect()
                    await self._talk.execute("SELECT pg_notify(%s, %s)", (channel, payload))
                    return
                except Exception as err:
                    self._talk = None
                    if attempt == 2:
                        log.warning("cannot notify %s: %s", channel, err)

    async def _command(self, sql: str) -> None:
        """Run ``LISTEN``/``UNLISTEN`` on the listening connection (between two reads)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._commands.append((sql, future))
        await future

    async def _read_forever(self) -> None:
        while True:
            try:
                async for note in self._listen.notifies(timeout=0.05):
                    self._dispatch(note.channel, note.payload)
                while self._commands:
                    sql, future = self._commands.pop(0)
                    try:
                        await self._listen.execute(sql)
                    except Exception as err:
                        if not future.done():
                            future.set_exception(err)
                        raise
                    if not future.done():
                        future.set_result(None)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("the connection that listens was lost (%s); connecting again", err)
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await self._listen.close()
                try:
                    self._listen = await self._connect()
                    for channel in [f"p_{self.me}", *self._channels]:
                        await self._listen.execute(f'LISTEN "{channel}"')
                except Exception as again:
                    log.warning("cannot listen yet: %s", again)
                    continue
                for code in list(self._channels):  # what was missed meanwhile
                    self._latest[code[2:]] = {"k": "chg", "full": True}
                    self._spawn(self._follow_changes(code[2:]))

    def _dispatch(self, channel: str, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            log.warning("a notification that is not JSON on %s", channel)
            return
        if channel.startswith("t_"):
            code = channel[2:]
            first = code not in self._latest
            self._latest[code] = data
            if first:
                self._spawn(self._follow_changes(code))
            return
        kind = data.get("k")
        if kind == "ans":
            future = self._asks.pop(int(data["id"]), None)
            if future is not None and not future.done():
                future.set_result(data)
        elif kind == "ask":
            self._spawn(self._answer(data))
        elif kind == "see":
            self._seen(list(data.get("c", ())))
        elif kind == "fol":
            self._spawn(self._followed_by(list(data.get("c", ()))))

    # --- the writer's side --------------------------------------------------------------------

    def valid(self) -> bool:
        """Whether this process's leases are surely still its own (renewed in time)."""
        return time.monotonic() < self.valid_until

    def check_writable(self) -> None:
        """Refuse a write once the leases could not be renewed in time: the server goes into
        its *store down* state (:mod:`bridgeroom.server.health`) until they are."""
        if self.valid():
            return
        assert self.hub is not None
        self._lost()
        raise self.hub.health.error()

    def _lost(self) -> None:
        assert self.hub is not None
        if self.hub.health.writable:
            err = StoreUnavailable("the tables' leases could not be renewed in time")
            self._spawn(self.hub.health.failed(err))

    async def renew_now(self) -> None:
        """Renew at once (the store's probe, after an outage): :class:`StoreUnavailable` while
        the leases cannot be renewed."""
        if self.valid():
            return
        try:
            await self.tick()
        except Exception as err:
            raise StoreUnavailable(f"the tables' leases cannot be renewed: {err}") from None

    async def watched_here(self, room: Room) -> None:
        """People watch a followed table here: its writer's robots act from now on."""
        holder = room.holder
        if holder is not None and holder != self.me:
            self._spawn(self._notify(f"p_{holder}", {"k": "see", "c": [room.code]}))

    async def gone(self, room: Room) -> None:
        """The writer deleted the table: the followers close their connections to it."""
        await self._notify(f"t_{room.code}", {"k": "gone"})

    async def adopt(self, code: str) -> tuple[bool, str | None]:
        """Before a table is read from the store: claim its lease, or follow its writer
        (listening before reading, so that no change is missed). Returns whether this process
        writes it, and its writer."""
        assert self.leases is not None
        self.claiming.add(code)
        holder = await self.leases.claim(code)
        if holder == self.me:
            return True, holder
        await self.follow(code)
        if holder is not None:  # before the table is read: the writer tells what follows
            await self._notify(f"p_{holder}", {"k": "fol", "c": [code]})
        return False, holder

    async def follow(self, code: str) -> None:
        channel = f"t_{code}"
        if channel not in self._channels:
            self._channels.add(channel)
            await self._command(f'LISTEN "{channel}"')

    async def unfollow(self, code: str) -> None:
        channel = f"t_{code}"
        if channel in self._channels:
            self._channels.discard(channel)
            await self._command(f'UNLISTEN "{channel}"')

    async def claim_new(self, code: str) -> None:
        """A table this process has just created is its own."""
        assert self.leases is not None
        self.claiming.add(code)
        await self.leases.claim(code)

    def settled(self, code: str) -> None:
        """Table ``code`` is in the hub's memory now (or will not be)."""
        self.claiming.discard(code)

    async def released(self, room: Room) -> None:
        """A table left this process's memory: its lease is given up, or it is not followed."""
        try:
            if room.writer:
                assert self.leases is not None
                await self.leases.release(room.code)
            else:
                await self.unfollow(room.code)
        except Exception as err:
            log.warning("table %s: %s", room.code, err)

    async def not_loaded(self, code: str, writer: bool) -> None:
        """Table ``code`` could not be read after :meth:`adopt`: its lease is given up (or it
        is not followed)."""
        self.claiming.discard(code)
        try:
            if writer:
                assert self.leases is not None
                await self.leases.release(code)
            else:
                await self.unfollow(code)
        except Exception as err:
            log.warning("table %s: %s", code, err)

    async def changed(self, room: Room, notice: Notice | None) -> None:
        """The writer tells the followers where table ``room`` stands (after its commit)."""
        if not room.writer or time.monotonic() >= room.followed_until:
            return
        data = {
            "k": "chg",
            "d": room.deal_id,
            "s": room.seq,
            "m": room_mark(room),
            "r": request_json(room.table.request),
            "n": None if notice is None else notice.model_dump(mode="json"),
        }
        await self._notify(f"t_{room.code}", data)

    async def _followed_by(self, codes: list[str]) -> None:
        """Another process follows these tables: tell it of their changes from now on (and at
        once where a table newly followed stands)."""
        assert self.hub is not None
        now = time.monotonic()
        until = now + 2 * self.renew_every + 1.0
        for code in codes:
            room = self.hub.rooms.get(str(code))
            if room is None or not room.writer:
                continue
            new = room.followed_until <= now
            room.followed_until = until
            if new:
                await self.changed(room, None)

    def _seen(self, codes: list[str]) -> None:
        """Followers say people watch these tables: their robots act as at a watched table."""
        assert self.hub is not None
        until = time.monotonic() + 2 * self.renew_every + 1.0
        for code in codes:
            room = self.hub.rooms.get(str(code))
            if room is not None and room.writer:
                room.remote_until = until
                self.hub.scheduler.schedule(room)

    async def _answer(self, data: dict[str, Any]) -> None:
        """Carry out another process's request as this table's writer, and answer."""
        assert self.hub is not None
        reply: dict[str, Any] = {"k": "ans", "id": data.get("id")}
        try:
            op = self.operations[str(data["op"])]
            room = self.hub.rooms.get(str(data["c"])) or await self.hub.room(str(data["c"]))
            if not room.writer:
                reply["moved"] = True
            else:
                reply["ok"] = await op(room, dict(data.get("a") or {}))
                self.answered += 1
        except BridgeError as err:
            reply["err"] = RemoteRefusal.of(err).to_json()
        except Exception:
            log.exception("a request forwarded for table %s failed", data.get("c"))
            reply["err"] = RemoteRefusal.of(TableError("server.not_saved")).to_json()
        await self._notify(f"p_{data['from']}", reply)

    # --- the follower's side ------------------------------------------------------------------

    async def ask(self, room: Room, op: str, args: dict[str, Any]) -> tuple[bool, Any]:
        """Have the writer of ``room`` carry out ``op``: ``(True, its answer)``; or
        ``(False, None)`` when this process has just become the writer (nobody else held the
        table): the caller then does it itself. A refusal is raised as the writer's
        (:class:`RemoteRefusal`); no writer within ``ask_seconds``: ``cluster.moving``."""
        assert self.leases is not None
        deadline = time.monotonic() + self.ask_seconds
        while time.monotonic() < deadline:
            if room.writer:
                return False, None
            holder = room.holder or await self.leases.holder(room.code)
            if holder is None or holder == self.me:
                if await self.take(room):
                    return False, None
                await asyncio.sleep(0.1)
                continue
            room.holder = holder
            ident = next(self._ids)
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._asks[ident] = future
            self.forwarded += 1
            await self._notify(
                f"p_{holder}",
                {"k": "ask", "id": ident, "from": self.me, "c": room.code, "op": op, "a": args},
            )
            try:
                answer = await asyncio.wait_for(future, max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                room.holder = None
                break
            finally:
                self._asks.pop(ident, None)
            if answer.get("moved"):
                room.holder = None
                await asyncio.sleep(0.05)
                continue
            if "err" in answer:
                e = answer["err"]
                raise RemoteRefusal(e["key"], e.get("rule"), e.get("params") or {}, e["texts"])
            return True, answer.get("ok")
        raise TableError("cluster.moving")

    async def _follow_changes(self, code: str) -> None:
        """Apply the writer's changes to the followed table ``code``, the latest first (one
        read of the store catches up with several notifications)."""
        assert self.hub is not None
        hub = self.hub
        while code in self._latest:
            data = self._latest.pop(code)
            room = hub.rooms.get(code)
            if room is None or room.writer:
                continue
            if data.get("k") == "gone":
                await hub.forget(room)
                await self.unfollow(code)
                continue
            try:
                async with room.lock:
                    await self._catch_up(room, data)
                self.followed += 1
                await hub.broadcast(room)
                for follower in hub.followers:
                    follower(room)
            except Exception as err:
                log.warning("table %s: cannot follow its writer's change: %s", code, err)

    async def _catch_up(self, room: Room, data: dict[str, Any]) -> None:
        """Under the room's lock: bring the followed copy to the store's state."""
        assert self.hub is not None
        hub = self.hub
        simple = (
            not data.get("full")
            and data.get("d") == room.deal_id
            and data.get("m") == room_mark(room)
            and room.deal_id is not None
        )
        if simple:
            assert room.deal_id is not None
            try:
                rows = await hub.db(hub.store.log_since, room.deal_id, room.seq)
                for seq, seat, word in rows:
                    room.table.replay(LogEntry(seat, word))
                    room.seq = seq
            except (BridgeError, StoreError) as err:
                log.info("table %s: read whole (%s)", room.code, err)
                simple = False
        if not simple:
            await hub.records.reload(room)
        if "r" in data:
            room.table.request = request_of(data["r"])
        if data.get("n"):
            room.notice = Notice(**data["n"])

    async def take(self, room: Room) -> bool:
        """Claim a table whose writer is gone and write it from now on (read back first)."""
        assert self.leases is not None and self.hub is not None
        self.claiming.add(room.code)
        try:
            holder = await self.leases.claim(room.code)
            if holder != self.me:
                room.holder = holder
                return False
            async with room.lock:
                await self.hub.records.reload(room)
                room.writer, room.holder = True, self.me
        finally:
            self.claiming.discard(room.code)
        await self.unfollow(room.code)
        self.taken_over += 1
        log.warning("table %s taken over from a process that stopped", room.code)
        self.hub.scheduler.schedule(room)
        await self.hub.broadcast(room)  # the followers catch up
        return True

    def demote(self, room: Room) -> None:
        """Another process writes ``room`` now (this one's lease was lost): follow it."""
        assert self.hub is not None
        room.writer, room.holder = False, None
        self.hub.scheduler.cancel(room)
        self._latest[room.code] = {"k": "chg", "full": True}
        self._spawn(self._after_demote(room.code))

    async def _after_demote(self, code: str) -> None:
        await self.follow(code)
        await self._follow_changes(code)

    # --- every renewal -----------------------------------------------------------------------

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("the leases could not be renewed: %s", err)
                if not self.valid():
                    self._lost()
                with contextlib.suppress(Exception):
                    await self._lease_conn.close()
                with contextlib.suppress(Exception):
                    self._lease_conn = await self._connect()
                    assert self.leases is not None
                    self.leases.conn = self._lease_conn

    async def tick(self) -> None:
        """Renew this process's leases, follow the tables it lost, take over its share of the
        tables of processes that stopped, and tell writers which of their tables people watch
        here."""
        assert self.leases is not None and self.hub is not None
        hub = self.hub
        started = time.monotonic()
        renewed = await self.leases.renew()
        self.valid_until = started + self.lease_seconds - self.renew_every / 2
        for room in list(hub.rooms.values()):
            if room.writer and room.code not in renewed and room.code not in self.claiming:
                log.warning("table %s: its lease was lost; another process writes it", room.code)
                self.demote(room)
        held_here = {room.code for room in hub.rooms.values() if room.writer}
        for code in renewed - held_here - {process_key(self.me)}:
            if code not in self.claiming:  # a lease with no table in memory: given up
                await self.leases.release(code)
        if process_key(self.me) not in renewed:
            await self.leases.claim(process_key(self.me))
        expired = await self.leases.expired()
        if expired:
            share = math.ceil(len(expired) / max(1, await self.leases.alive()))
            before = self.taken_over
            for code in expired[:share]:
                await self._take_over(code)
            if self.taken_over > before:
                log.warning(
                    "%d tables taken over from processes that stopped", self.taken_over - before
                )
        followed = [room for room in hub.rooms.values() if not room.writer]
        holders = await self.leases.holders([room.code for room in followed])
        watched: dict[str, list[str]] = {}
        following: dict[str, list[str]] = {}
        for room in followed:
            room.holder = holders.get(room.code)
            if room.holder is None or room.holder == self.me:
                continue
            following.setdefault(room.holder, []).append(room.code)
            if room.watchers:
                watched.setdefault(room.holder, []).append(room.code)
        for kind, lists in (("fol", following), ("see", watched)):
            for holder, codes in lists.items():
                for at in range(0, len(codes), CODES_PER_NOTE):
                    chunk = codes[at : at + CODES_PER_NOTE]
                    await self._notify(f"p_{holder}", {"k": kind, "c": chunk})

    async def _take_over(self, code: str) -> None:
        assert self.leases is not None and self.hub is not None
        room = self.hub.rooms.get(code)
        if room is not None:
            if not room.writer:
                await self.take(room)
            return
        holder = await self.leases.claim(code)
        if holder != self.me:
            return
        try:
            room = await self.hub.room(code)
        except BridgeError:
            await self.leases.release(code)  # no longer a table to play
            return
        self.taken_over += 1
        log.info("table %s taken over from a process that stopped", code)
        self.hub.scheduler.schedule(room)
        await self.hub.broadcast(room)
        self.hub.settle(room)

    def stats(self) -> dict[str, int]:
        return {
            "forwarded": self.forwarded,
            "answered": self.answered,
            "followed": self.followed,
            "taken_over": self.taken_over,
        }
