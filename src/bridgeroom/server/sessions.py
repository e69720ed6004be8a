"""Class and club sessions at the server: the same boards at several tables, live travellers
and ranking, the director's rights (issue 17; docs/sessions.md).

A session is a row of the store (:class:`~bridgeroom.store.sessions.SessionStore`) and, once
started, one ordinary server table per table of the movement: a
:class:`~bridgeroom.table.Table` that plays the session's boards in order (``boards``), no
further than the current round (``hold``), and may be ``paused``. Its match carries the
session's code in its options, so a restart reads it back like any table; its robots play on
unwatched; it has no spectators, and its deals are exported by the session only, so that no
hand of a board reaches anyone who still has to play it.

The HTTP routes are :mod:`bridgeroom.server.session_api`'s; a session of three-handed
tables (a room) is :mod:`bridgeroom.server.session_rooms`'s.

What a request sees depends on its token (``Authorization: Bearer``): the director sees
everything; a person sees the travellers (and hands) of the boards his pair has played; anyone
else the boards every table has played.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bridgeroom.errors import BridgeError
from bridgeroom.games import get_game
from bridgeroom.i18n import LANGUAGES, translate
from bridgeroom.rules import Deal, Phase, Seat
from bridgeroom.server.hub import Hub
from bridgeroom.server.limits import Rate
from bridgeroom.server.rooms import Room
from bridgeroom.server.session_boards import (
    bad_request,
    coach_advice,
    hand_records,
    pbn_boards,
    practice_boards,
    seeded_boards,
)
from bridgeroom.server.session_evening import is_cards
from bridgeroom.server.session_rooms import (
    RoomSessions,
    is_room,
    place_label,
    seat_spec,
    seconds_since,
)
from bridgeroom.sessions import SCORINGS, Movement, Played, Results
from bridgeroom.store import (
    MatchOptions,
    MatchRecord,
    StoreError,
    StoreUnavailable,
    hash_token,
    new_token,
)
from bridgeroom.store.sessions import SessionPerson, SessionRecord, SessionState, SessionStore
from bridgeroom.table import (
    ROBOT_LEVELS,
    DealEnded,
    SeatError,
    TableError,
    TableEvent,
    robot_systems,
)
from bridgeroom.table.seats import Holder, Place, person_name

__all__ = ["SessionManager"]

log = logging.getLogger("bridgeroom.server")

#: The games a session compares, and the score form each table plays.
_TABLE_SCORING = {"minibridge": "minibridge", "contract": "duplicate"}
#: Where each member of a pair sits: North-South pair N then S, East-West pair E then W.
_SEATS = {Seat.NORTH: ("ns", 0), Seat.SOUTH: ("ns", 1), Seat.EAST: ("ew", 0), Seat.WEST: ("ew", 1)}


#: The most tables a session has.
MAX_TABLES = 32


class SessionManager:
    """The sessions of a server, played on its hub's tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.rows = SessionStore(hub.store)
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: When each session's rounds ended (monotonic seconds, for the benchmark).
        self.round_times: dict[str, list[float]] = {}
        #: When each session table last changed (wall-clock seconds: the teacher's view).
        self.last_change: dict[str, float] = {}
        #: The hand records worked out, by session code and boards.
        self._records: dict[tuple[str, tuple[int, ...]], list[dict[str, Any]]] = {}
        hub.listeners.append(self._changed)
        hub.followers.append(self._followed)
        if hub.cluster is not None:  # what the other processes ask of a table written here
            hub.cluster.operations.update(
                reseat=self._remote_reseat, end_table=self._remote_end_table
            )
        #: A room of three-handed tables is asked what differs; the manager is its host
        #: (:class:`~bridgeroom.server.session_rooms.SessionHost`).
        self.rooms = RoomSessions(self)

    def _lock(self, code: str) -> asyncio.Lock:
        return self._locks.setdefault(code, asyncio.Lock())

    async def start(self) -> None:
        """Read back the sessions being played (after a restart): their tables go on."""
        try:
            codes = await self.hub.db(self.rows.active)
        except StoreError as err:
            log.warning("the sessions could not be read back: %s", err)
            return
        for code in codes:
            try:
                row = await self.get(code)
                if is_cards(row):
                    continue  # played with real cards: no table of the server's to go on
                for room in await self.tables(row):
                    self.hub.scheduler.schedule(room)  # its robots go on where they stood
                await self._advance(code)  # a round that ended as the server stopped
            except BridgeError as err:
                log.warning("session %s cannot be read back: %s", code, err)

    async def get(self, code: str) -> SessionRecord:
        """The stored session ``code`` (a :class:`SeatError` if there is none)."""
        if not code.replace("-", "").replace("_", "").isalnum() or len(code) > 32:
            raise SeatError("session.no_session", code=code[:32])
        try:
            return await self.hub.db(self.rows.get, code)
        except StoreUnavailable as err:
            await self.hub.health.failed(err)
            raise self.hub.health.error() from None
        except StoreError:
            raise SeatError("session.no_session", code=code) from None

    async def save(self, row: SessionRecord, state: SessionState, status: str) -> None:
        """Store a session's new state and status."""
        try:
            await self.hub.db(self.rows.save, row.code, state, status)
        except StoreError as err:
            raise await self.hub.not_saved(err) from None

    @staticmethod
    def is_director(row: SessionRecord, token: str | None) -> bool:
        """Whether ``token`` is the director's of ``row``."""
        return bool(token) and hmac.compare_digest(row.director_hash, hash_token(token or ""))

    def _director(self, row: SessionRecord, token: str | None) -> None:
        if not token:
            raise SeatError("server.token_needed")
        if not self.is_director(row, token):
            raise SeatError("session.not_director")

    @staticmethod
    def movement(row: SessionRecord) -> Movement:
        o = row.options
        return Movement(o["movement"], o["tables"], o["boards"], o["rounds"])

    # --- creating and joining -----------------------------------------------------------------

    async def create(
        self,
        *,
        game: str = "minibridge",
        tables: int = 2,
        boards: int = 3,
        movement: str = "class",
        rounds: int | None = None,
        scoring: str = "matchpoints",
        robots: str = "basic",
        seed: int | None = None,
        pbn: str | None = None,
        practice: str | None = None,
        language: str = "en",
        title: str = "",
        address: str = "",
        systems: Sequence[str] | None = None,
    ) -> tuple[SessionRecord, str]:
        """A new session (nothing stored if anything is wrong); returns it and the director's
        token, of which the store keeps the hash."""
        self.hub.limiter.check("create", (address, self.hub.limits.create))
        self.hub.health.check()
        if game not in _TABLE_SCORING:
            raise bad_request(f"a session plays {' or '.join(_TABLE_SCORING)}, not {game!r}")
        if scoring not in SCORINGS:
            raise bad_request(f"a session is scored by {', '.join(SCORINGS)}, not {scoring!r}")
        if robots not in ROBOT_LEVELS:
            raise bad_request(f"the robots' levels are {', '.join(ROBOT_LEVELS)}, not {robots!r}")
        if language not in ("en", "ru"):
            raise bad_request(f"a session's language is en or ru, not {language!r}")
        if not 1 <= tables <= MAX_TABLES:
            raise bad_request(f"a session has 1 to {MAX_TABLES} tables, not {tables}")
        if systems is not None and len(systems) != 2:
            raise TableError("system.two_sides", n=len(systems))
        for name in systems or ():
            if name not in robot_systems():
                raise TableError("system.unknown", name=name[:32], names=", ".join(robot_systems()))
        try:
            made = Movement.make(movement, tables, boards, rounds)
        except BridgeError as err:
            raise bad_request(err) from None
        if made.kind == "teams" and (game, scoring) != ("contract", "imps"):
            raise bad_request("teams play contract bridge scored by IMPs (Law 78B)")
        if seed is None:
            seed = secrets.randbits(48)
        if pbn is not None and practice is not None:
            raise bad_request("the boards come from a PBN file or a practice set, not both")
        if pbn is not None:
            deals = pbn_boards(pbn, made.boards)
        elif practice is not None:
            deals = await asyncio.to_thread(practice_boards, practice, made.boards, seed)
        else:
            deals = seeded_boards(seed, made.boards)
        token = new_token()
        options = {
            "game": game,
            "tables": made.tables,
            "boards": made.boards,
            "rounds": made.rounds,
            "movement": made.kind,
            "scoring": scoring,
            "robots": robots,
            "seed": seed,
            "language": language,
            "title": title,
            "deals": deals,
            "systems": list(systems or ()),
        }
        try:
            row = await self.hub.db(self.rows.create, hash_token(token), options, SessionState())
        except StoreError as err:
            raise await self.hub.not_saved(err) from None
        return row, token

    async def join(
        self,
        code: str,
        table: int,
        seat: str,
        name: str,
        address: str = "",
        token: str | None = None,
    ) -> dict[str, Any]:
        """A person takes a seat of round 1 (before the start); returns his token. After the
        start a latecomer is seated by the director (:meth:`seat`).

        One seat a person: a request with the token of a person already seated (the client
        that joined before) is refused, and so is a name a seated person has. Only joins that
        seat someone are counted, per session and address, as many as the session has seats
        (a class behind one school address fits; a refused join costs nothing)."""
        async with self._lock(code):
            row = await self.get(code)
            joins = ((code, address), Rate(self._seats(row), 600.0))
            if row.status != "waiting":
                raise TableError("session.join_late")
            seated = self.person(row, token)
            if seated is not None and not seated.left:
                raise TableError("session.seated_already", **self._where_seated(row, seated))
            out = await self._add_person(row, table, seat, name, joins=joins)
            self.hub.limiter.take("join", joins)
            return out

    def _seats(self, row: SessionRecord) -> int:
        """How many people the session seats at once: its tables' seats."""
        return int(row.options["tables"]) * (3 if is_room(row) else len(_SEATS))

    def _where_seated(self, row: SessionRecord, person: SessionPerson) -> dict[str, Any]:
        """The table and seat (or place) of a person in the current round, for a message."""
        if is_room(row):
            return {"table": person.pair, "seat": place_label(person.member)}
        table, direction = self.movement(row).where(person.pair, self._round(row))
        seat = {("NS", 0): "N", ("NS", 1): "S", ("EW", 0): "E", ("EW", 1): "W"}[
            (direction, person.member)
        ]
        return {"table": table, "seat": seat}

    async def seat(
        self, code: str, table: int, seat: str, name: str, token: str | None
    ) -> dict[str, Any]:
        """The director puts a named person in a seat and gets the person's token to hand over:
        before the start any free seat; once started, a seat a robot holds (a latecomer, or in
        the place of a person who left), which the person takes from the robot at once."""
        async with self._lock(code):
            row = await self.get(code)
            self._director(row, token)
            if row.status == "finished":
                raise TableError("session.not_playing")
            out = await self._add_person(row, table, seat, name)
            row = await self.get(code)
        if row.status == "playing":
            room = self._table_room(row, table, await self.tables(row))
            await self._reseat(row, room, table, {})
        return out

    async def _add_person(
        self,
        row: SessionRecord,
        table: int,
        seat: str,
        name: str,
        *,
        joins: tuple[tuple[str, str], Rate] | None = None,
    ) -> dict[str, Any]:
        """Seat a person (under the session's lock) where nobody sits in the current round.
        A person joining by himself (``joins``: his address's budget at the session, asked
        once the seat is known to be his) may not take a name a seated person has; the
        director seats whom he likes."""
        pair, member = self._pair_at(row, table, seat)
        name = person_name(name)
        there = row.state.at(pair, member)
        if there is not None:
            raise SeatError("table.seat_taken", player=seat, name=there.name)
        if joins is not None:
            if any(p.name.casefold() == name.casefold() for p in row.state.present):
                raise TableError("session.name_taken", name=name)
            self.hub.limiter.check("join", joins, count=False)
        token = new_token()
        person = SessionPerson(name, hash_token(token), pair, member)
        await self.save(row, row.state.seated(person), row.status)
        label = self.rooms.label(pair, member) if is_room(row) else self.movement(row).label(pair)
        return {"code": row.code, "token": token, "pair": label, "name": name, "table": table}

    def _pair_at(self, row: SessionRecord, table: int, seat_text: str) -> tuple[int, int]:
        if is_room(row):
            return self.rooms.place_at(row, table, seat_text)
        m = self.movement(row)
        if not 1 <= table <= m.tables:
            raise bad_request(f"the tables are 1 to {m.tables}, not {table}")
        try:
            seat = Seat.find(seat_text)
        except BridgeError:
            raise bad_request(f"a seat is N, E, S or W, not {seat_text!r}") from None
        e = m.encounter(self._round(row), table)
        side, member = _SEATS[seat]
        return (e.ns if side == "ns" else e.ew), member

    @staticmethod
    def _round(row: SessionRecord) -> int:
        return row.state.round

    # --- the tables ------------------------------------------------------------------------------

    def _places(self, row: SessionRecord, table: int, round_: int) -> list[Place]:
        """Who sits at ``table`` in ``round_``: the people of its pairs, robots elsewhere."""
        if is_room(row):
            return self.rooms.places(row, table)
        e = self.movement(row).encounter(round_, table)
        level = row.options["robots"]
        places = []
        for seat in Seat:
            side, member = _SEATS[seat]
            person = row.state.at(e.ns if side == "ns" else e.ew, member)
            if person is None:
                places.append(Place(int(seat), Holder.ROBOT, f"Robot ({level})", level))
            else:
                places.append(Place(int(seat), Holder.PERSON, person.name, None, person.hash))
        return places

    def _hold(self, row: SessionRecord, round_: int) -> int:
        return (round_ + 1) * self.movement(row).boards_per_round

    def _table_spec(self, row: SessionRecord, t: int) -> tuple[str, str, list[Place], MatchOptions]:
        """Table ``t`` as the session starts it: its game and score form, who sits there in
        round 1, and its options (the boards in the order it plays them, with their numbers,
        no further than round 1)."""
        o, m = row.options, self.movement(row)
        numbers = [b for r in range(m.rounds) for b in m.order(t, r)]
        options = MatchOptions(
            mode="strict",
            server=True,
            session=row.code,
            table=t,
            boards=tuple(o["deals"][b - 1] for b in numbers),
            numbers=tuple(numbers),
            hold=self._hold(row, 0),
            systems=tuple(o.get("systems") or ()),
        )
        return o["game"], _TABLE_SCORING[o["game"]], self._places(row, t, 0), options

    async def begin(self, code: str, token: str | None) -> None:
        """The director starts the session: a table per table of the movement (of a room: a
        three-handed table each), robots in the seats nobody holds; each deals its first
        board."""
        async with self._lock(code):
            row = await self.get(code)
            self._director(row, token)
            if row.status != "waiting":
                raise TableError("session.started")
            self.hub.health.check()
            spec = self.rooms.table_spec if is_room(row) else self._table_spec
            codes = []
            for t in range(1, row.options["tables"] + 1):
                game, scoring, places, options = spec(row, t)
                try:
                    record = await self.hub.db(
                        self.hub.store.create_match,
                        "play",
                        game,
                        scoring,
                        seats=[seat_spec(p) for p in places],
                        options=options.replace(paused=False),
                        seed=f"{row.options['seed']}:{t}",
                        private=True,
                        host_hash=row.director_hash,
                    )
                except StoreError as err:
                    raise await self.hub.not_saved(err) from None
                codes.append(record.code)
            await self.save(row, replace(row.state, tables=tuple(codes), round=0), "playing")
            self.round_times[code] = [time.monotonic()]
        for room in await self.tables(await self.get(code)):
            async with room.lock:
                await self.hub.after_change(room)

    async def tables(self, row: SessionRecord) -> list[Room]:
        """The rooms of the session's tables, read from the store when not in memory."""
        return [await self.hub.room(c) for c in row.state.tables]

    def _changed(self, room: Room, events: list[TableEvent]) -> None:
        """A table's change is committed: when it ends a board, look whether the round is over
        (in a task of its own: this runs under the table's lock)."""
        if room.session is None:
            return
        self.last_change[room.code] = time.time()
        if not any(isinstance(e, DealEnded) for e in events):
            return
        task = asyncio.get_running_loop().create_task(self._board_done(room.session))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _followed(self, room: Room) -> None:
        """A table another process writes changed (servers sharing PostgreSQL): its board may
        end the round, which the writer of the session's first table moves on."""
        if room.session is None:
            return
        self.last_change[room.code] = time.time()
        if room.table.current is None:
            task = asyncio.get_running_loop().create_task(self._board_done(room.session))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _remote_reseat(self, room: Room, args: dict[str, Any]) -> None:
        row = await self.get(str(args["session"]))
        await self._reseat(row, room, int(args["table"]), dict(args["options"]))

    async def _remote_end_table(self, room: Room, args: dict[str, Any]) -> None:
        row = await self.get(str(args["session"]))
        await self._end_table(row, room, int(args["table"]))

    async def _board_done(self, code: str) -> None:
        try:
            await self._advance(code)
        except BridgeError as err:
            log.warning("session %s: the next round waits: %s", code, err)

    async def _advance(self, code: str) -> None:
        """Every table has played the round's boards: the pairs move and the next round's boards
        are dealt; after the last round the session is over."""
        async with self._lock(code):
            row = await self.get(code)
            if row.status != "playing":
                return
            rooms = await self.tables(row)
            if rooms and not rooms[0].writer:
                return  # several processes: the writer of the first table moves the rounds on
            if is_room(row):
                return await self.rooms.advance(row)  # its tables play their rubbers
            round_ = self._round(row)
            hold = self._hold(row, round_)
            if not all(r.table.number >= hold and r.table.current is None for r in rooms):
                return
            self.round_times.setdefault(code, []).append(time.monotonic())
            m = self.movement(row)
            if round_ + 1 >= m.rounds:
                await self.save(row, row.state, "finished")
                return
            round_ += 1
            await self.save(row, replace(row.state, round=round_), "playing")
            row = await self.get(code)
        for t, room in enumerate(rooms, start=1):
            await self._reseat(row, room, t, {"hold": self._hold(row, round_)})

    async def _reseat(
        self, row: SessionRecord, room: Room, t: int, options: dict[str, Any]
    ) -> None:
        """Seat table ``t`` for the session's round with ``options`` (stored together), then
        deal on if it may and tell its players (by the process that writes the table)."""
        if (await self.hub.elsewhere(room, "reseat", session=row.code, table=t, options=options))[
            0
        ]:
            return
        async with room.lock:
            places = self._places(row, t, self._round(row))
            try:
                await self.hub.db(
                    self.rows.seat_table, room.match_id, [seat_spec(p) for p in places], options
                )
            except StoreError as err:
                raise await self.hub.not_saved(err) from None
            before = list(room.table.places)
            room.table.places[:] = places
            await self._drop_moved(row, room, before)
            if "hold" in options:
                room.table.hold = options["hold"]
            if "paused" in options:
                room.table.paused = options["paused"]
            table = room.table
            if "hold" in options and table.state is not None and table.may_deal():
                await self.hub.commit(room, table.deal())  # the new round starts everywhere
            await self.hub.after_change(room)

    async def _drop_moved(self, row: SessionRecord, room: Room, before: list[Place]) -> None:
        """The connections of people whose place another now holds (their pair moved on, or a
        robot replaced them) are told in a plain word where they go (a ``moved`` message: the
        session, and the next table and seat, or that a robot took the place) and closed
        (4409): a connection acts for its person only."""
        for watcher in list(room.watchers):
            player = watcher.player
            if player is None or before[player] == room.table.places[player]:
                continue
            room.watchers.remove(watcher)
            digest = before[player].token_hash
            person = next((p for p in row.state.people if p.hash == digest), None)
            where: dict[str, Any] = {}
            if person is None or person.left or row.status != "playing":
                texts = {
                    lang: translate("session.replaced", lang, session=row.code)
                    for lang in LANGUAGES
                }
            else:
                where = self._where_seated(row, person)
                seat = where["seat"]
                texts = {
                    lang: translate(
                        "session.moved_on",
                        lang,
                        round=self._round(row) + 1,
                        table=where["table"],
                        seat=translate(f"seat.{seat}", lang) if seat in "NESW" else seat,
                    )
                    for lang in LANGUAGES
                }
            await self.hub.send(
                watcher,
                {
                    "type": "moved",
                    "session": row.code,
                    **where,
                    "message": texts["en"],
                    "texts": texts,
                },
            )
            with contextlib.suppress(Exception):
                await watcher.conn.close(4409, "moved")

    # --- the director ----------------------------------------------------------------------------

    async def pause(self, code: str, table: int, paused: bool, token: str | None) -> None:
        row = await self.get(code)
        self._director(row, token)
        room = self._table_room(row, table, await self.tables(row))
        async with self._lock(code):
            await self.save(row, row.state.with_paused(table, paused), row.status)
            row = await self.get(code)
        await self._reseat(row, room, table, {"paused": paused})

    async def replace(self, code: str, table: int, seat: str, token: str | None) -> None:
        """A robot takes the place of the person at ``table``'s ``seat`` for the rest of the
        session (he left)."""
        async with self._lock(code):
            row = await self.get(code)
            self._director(row, token)
            if row.status != "playing":
                raise TableError("session.not_playing")
            pair, member = self._pair_at(row, table, seat)
            person = row.state.at(pair, member)
            if person is None:
                raise TableError("session.no_person", seat=seat)
            await self.save(row, row.state.gone(person), row.status)
            row = await self.get(code)
        room = self._table_room(row, table, await self.tables(row))
        await self._reseat(row, room, table, {})

    async def end(self, code: str, token: str | None) -> None:
        """The director ends the session: every table stops where it is."""
        async with self._lock(code):
            row = await self.get(code)
            self._director(row, token)
            rooms = await self.tables(row)
            await self.save(row, row.state, "finished")
            row = await self.get(code)
        for t, room in enumerate(rooms, start=1):
            await self._end_table(row, room, t)

    async def _end_table(self, row: SessionRecord, room: Room, t: int) -> None:
        """Table ``t`` stops where it is (by the process that writes it)."""
        if (await self.hub.elsewhere(room, "end_table", session=row.code, table=t))[0]:
            return
        await self._reseat(row, room, t, {"paused": True})
        if room.status == "active":  # its match ends here: the table may leave memory
            try:
                await self.hub.db(self.hub.store.set_status, room.match_id, "finished")
            except StoreError as err:
                raise await self.hub.not_saved(err) from None
            room.status = "finished"
            async with room.lock:
                await self.hub.broadcast(room)  # its people are told: the session ended
            self.hub.settle(room)

    def _table_room(self, row: SessionRecord, table: int, rooms: list[Room]) -> Room:
        if not rooms:
            raise TableError("session.not_playing")
        if not 1 <= table <= len(rooms):
            raise bad_request(f"the tables are 1 to {len(rooms)}, not {table}")
        return rooms[table - 1]

    # --- what everyone sees ----------------------------------------------------------------------

    async def summary(self, code: str, token: str | None = None) -> dict[str, Any]:
        """The session: its options, movement, people, and each table at a glance."""
        row = await self.get(code)
        if is_room(row):
            return await self.rooms.summary(row, token)
        m = self.movement(row)
        o = row.options
        rooms = await self.tables(row) if row.status != "waiting" else []
        tables = []
        for t, room in enumerate(rooms, start=1):
            table = room.table
            state = table.current
            turn = None if state is None or state.to_act is None else state.to_act.letter
            last = table.match.deals[-1] if table.match.deals else None
            tables.append(
                {
                    "table": t,
                    "code": room.code,
                    "board": None if last is None else last.board,
                    "boards_played": sum(1 for d in table.match.deals if d.phase is Phase.DONE),
                    "turn": turn,
                    "paused": table.paused,
                    "waiting": state is None and not table.over,
                    "over": table.over,
                    "idle_seconds": seconds_since(self.last_change.get(room.code)),
                    "players": [
                        {
                            "seat": Seat(p.player).letter,
                            "name": p.name,
                            "kind": p.holder.value,
                            "level": p.level,
                        }
                        for p in table.places
                    ],
                }
            )
        you = self.person(row, token)
        return {
            "code": row.code,
            "status": row.status,
            "title": o.get("title", ""),
            "game": o["game"],
            "scoring": o["scoring"],
            "robots": o["robots"],
            "language": o["language"],
            "round": self._round(row) + 1,
            "movement": m.to_dict(),
            "people": [
                {"name": p.name, "pair": m.label(p.pair), "left": p.left} for p in row.state.people
            ],
            "tables": tables,
            "director": self.is_director(row, token),
            "you": None if you is None else self._you(row, you, rooms),
            "advice": (
                coach_advice(o["deals"], o.get("language", "en"))
                # the coach advises on a contract the declarer names (MB-13): no auction
                if self.is_director(row, token) and not get_game(o["game"]).variant.auction
                else None
            ),
        }

    def _you(self, row: SessionRecord, you: SessionPerson, rooms: list[Room]) -> dict[str, Any]:
        """Where a person sits in the current round: table, seat, and the table's code."""
        m = self.movement(row)
        table, direction = m.where(you.pair, self._round(row))
        seat = {("NS", 0): "N", ("NS", 1): "S", ("EW", 0): "E", ("EW", 1): "W"}[
            (direction, you.member)
        ]
        return {
            "name": you.name,
            "pair": m.label(you.pair),
            "table": table,
            "seat": seat,
            "slot": int(Seat.find(seat)),
            "code": rooms[table - 1].code if rooms else None,
            "left": you.left,
        }

    async def hand_records(self, code: str, token: str | None) -> list[dict[str, Any]]:
        """The hands of the boards the request may see, with their double-dummy tables and par
        (endplay, on a thread of its own; worked out once)."""
        row = await self.get(code)
        if is_room(row):
            return []  # a room compares no boards: each table reviews its own deals
        _, done = await self._results(row)
        boards = tuple(sorted(self._visible(row, token, done)))
        key = (code, boards)
        if key not in self._records:
            self._records[key] = await asyncio.to_thread(
                hand_records, row.options["deals"], boards, row.options["game"]
            )
        return self._records[key]

    async def may_review(self, record: MatchRecord, number: int) -> None:
        """A session's table shows a board's review (every card against double dummy) once
        every table has played the board, as anyone sees its traveller; before, the refusal
        says how many tables still play it."""
        row = await self.get(str(record.options.session))
        if is_room(row):
            return  # a room's tables play their own deals
        _, done = await self._results(row)
        deal = next((d for d in record.deals if d.number == number), None)
        board = number if deal is None or deal.board is None else deal.board
        left = self.movement(row).tables - len(done.get(board, ()))
        if left > 0:
            raise TableError("session.review_wait", board=board, n=left)

    @staticmethod
    def person(row: SessionRecord, token: str | None) -> SessionPerson | None:
        """The person whose token ``token`` is (gone or not), if any."""
        if not token:
            return None
        digest = hash_token(token)
        for p in row.state.people:
            if hmac.compare_digest(p.hash, digest):
                return p
        return None

    async def _results(self, row: SessionRecord) -> tuple[Results, dict[int, set[int]]]:
        """Every result so far, and which tables have played each board."""
        m = self.movement(row)
        results = Results(m, row.options["game"], row.options["scoring"])
        done: dict[int, set[int]] = {}
        for t, room in enumerate(await self.tables(row), start=1):
            for index, state in enumerate(room.table.match.deals):
                result = state.result
                if state.phase is not Phase.DONE or result is None:
                    continue
                board = state.board or index + 1
                e = m.encounter(m.round_of(board), t)
                game = row.options["game"]
                results.add(Played.from_deal(game, state, t, e.ns, e.ew, board=board))
                done.setdefault(board, set()).add(t)
        return results, done

    def _visible(
        self, row: SessionRecord, token: str | None, done: dict[int, set[int]]
    ) -> set[int]:
        """The boards whose traveller and hands ``token`` may see: all (the director's), those
        his pair has played (a person's), those every table has played (anyone's)."""
        m = self.movement(row)
        if self.is_director(row, token):
            return set(done)
        everywhere = {b for b, tables in done.items() if len(tables) == m.tables}
        person = self.person(row, token)
        if person is None:
            return everywhere
        mine = set()
        for b, tables in done.items():
            r = m.round_of(b)
            table, _ = m.where(person.pair, r)
            if table in tables:
                mine.add(b)
        return everywhere | mine

    async def results(self, code: str, token: str | None) -> dict[str, Any]:
        """The travellers of the boards the request may see, the ranking over them, each pair's
        scorecard, and the hands of those boards."""
        row = await self.get(code)
        if is_room(row):
            return await self.rooms.results(row)
        everything, done = await self._results(row)
        visible = self._visible(row, token, done)
        results = Results(everything.movement, everything.game, everything.scoring)
        for p in everything.played:
            if p.board in visible:
                results.add(p)
        deals = row.options["deals"]
        return {
            "code": code,
            "status": row.status,
            "scoring": results.scoring,
            "boards": [{**results.board_dict(b), "deal": deals[b - 1]} for b in sorted(visible)],
            "ranking": {
                direction: [results.standing_dict(s) for s in rows]
                for direction, rows in results.rankings().items()
            },
            "scorecards": {
                results.movement.label(p): results.scorecard(p) for p in results.movement.pairs
            },
        }

    async def exports(self, code: str, token: str | None) -> tuple[Results, dict[int, Deal]]:
        row = await self.get(code)
        everything, done = await self._results(row)
        visible = self._visible(row, token, done)
        results = Results(everything.movement, everything.game, everything.scoring)
        for p in everything.played:
            if p.board in visible:
                results.add(p)
        deals = {b: Deal.parse(row.options["deals"][b - 1]) for b in visible}
        return results, deals
