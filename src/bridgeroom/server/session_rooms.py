"""Three-handed rooms: a session whose game is three-handed rubber bridge is a *room* of
independent three-handed tables whose totals are listed (issue 17; docs/sessions.md, "Rooms").

Each table of a room is an ordinary server three-handed table (table mode, so that the
three-handed irregularities may be made and rectified, TH-21..TH-23) playing one rubber
(TH-18) with its own deals, shuffled from the session's seed and the table's number (CB-3), so a
room is reproducible. There is no movement and no board is compared: the room lists, for every
table, its players with the running totals of the table's own score sheet (the scoring
session's :class:`~bridgeroom.scoring.ScoreSummary`), and ranks every player of the room by
what the three-handed rules say he wins: the pairwise settlement with the two other players of
his table (TH-20, rounded pairwise as TH-A8 resolves), net of what he pays.

:class:`RoomSessions` is asked by the :class:`~bridgeroom.server.sessions.SessionManager` for
what differs in a room (the places, the tables, the results, the exports); the people, the
director's rights, pausing, replacing and ending are the manager's own. The manager is the
rooms' host: it answers the public protocol :class:`SessionHost` (its hub and stored sessions,
a session by its code, the rooms of a session's tables, saving a session's typed state, who a
token is), so this module does not import the manager's and neither reaches into the other's
private names.

    >>> [place_label(p) for p in range(3)], person_label(2, 1)
    (['P1', 'P2', 'P3'], '2/P2')
    >>> ranks([300, 300, 100, -700])
    [1, 1, 3, 4]
"""

from __future__ import annotations

import csv
import io
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import Any, Final, Protocol

from bridgeroom.formats.pbn import dumps
from bridgeroom.rules import Phase
from bridgeroom.scoring import settle
from bridgeroom.server.hub import Hub
from bridgeroom.server.protocol import pbn_game
from bridgeroom.server.rooms import Room
from bridgeroom.store import MatchOptions, SeatSpec, StoreError, hash_token, new_token
from bridgeroom.store.sessions import SessionPerson, SessionRecord, SessionState, SessionStore
from bridgeroom.table import ROBOT_LEVELS, TableError, deal_points
from bridgeroom.table.seats import Holder, Place

__all__ = [
    "ROOM_GAME",
    "ROOM_SCORINGS",
    "RoomSessions",
    "SessionHost",
    "is_room",
    "person_label",
    "place_label",
    "ranks",
    "seat_spec",
    "seconds_since",
]

#: The game of a room, and the score forms its tables are played with (TH-12..TH-20).
ROOM_GAME: Final = "three-handed"
ROOM_SCORINGS: Final = ("three-handed-contract", "three-handed-auction")
#: The most tables a room may have (as a session).
MAX_TABLES: Final = 32
#: What a session of boards is given and a room has not: its tables deal their own deals.
_NOT_FOR_ROOMS: Final = ("boards", "rounds", "pbn", "practice")


def is_room(row: SessionRecord) -> bool:
    """Whether a stored session is a room of three-handed tables."""
    return row.options.get("game") == ROOM_GAME


def place_label(player: int) -> str:
    """A three-handed place as the room names it: the table's score columns ``P1``..``P3``."""
    return f"P{player + 1}"


def person_label(table: int, player: int) -> str:
    """Where a person of a room sits: ``2/P3`` is table 2's third place."""
    return f"{table}/{place_label(player)}"


def ranks(nets: Iterable[int]) -> list[int]:
    """Competition ranks of values sorted best first (equal values share a rank)."""
    values = list(nets)
    return [1 + sum(1 for other in values if other > v) for v in values]


def _room_error(key: str, **params: Any) -> TableError:
    return TableError(f"session.{key}", **params)


def seat_spec(place: Place) -> SeatSpec:
    """A place of a session's table as the store seats it (a person by his token's hash)."""
    return SeatSpec(place.name, place.level, place.token_hash if place.is_person else None)


class SessionHost(Protocol):
    """What the rooms need of the sessions' manager (which answers it): its hub and stored
    sessions, the time each table last changed, a session by its code, the rooms of a
    session's tables, saving a session's state and status, and who a token is."""

    @property
    def hub(self) -> Hub: ...

    @property
    def rows(self) -> SessionStore: ...

    @property
    def last_change(self) -> Mapping[str, float]: ...

    async def get(self, code: str) -> SessionRecord:
        """The stored session ``code``."""
        ...

    async def tables(self, row: SessionRecord) -> list[Room]:
        """The rooms of the session's tables, in the tables' order."""
        ...

    async def save(self, row: SessionRecord, state: SessionState, status: str) -> None:
        """Store the session's new state and status."""
        ...

    def is_director(self, row: SessionRecord, token: str | None) -> bool:
        """Whether ``token`` is the director's."""
        ...

    def person(self, row: SessionRecord, token: str | None) -> SessionPerson | None:
        """The person whose token ``token`` is, if any."""
        ...


class RoomSessions:
    """What a :class:`~bridgeroom.server.sessions.SessionManager` asks about its rooms."""

    def __init__(self, sessions: SessionHost) -> None:
        self.sessions = sessions
        self.hub = sessions.hub

    # --- creating, places ---------------------------------------------------------------------

    async def create(
        self, body: Mapping[str, Any], given: Iterable[str], address: str = ""
    ) -> tuple[SessionRecord, str]:
        """A new room (nothing stored if anything is wrong): ``body`` is the session's request
        (its ``tables``, ``scoring``, ``robots``, ``seed``, ``language``, ``title``), ``given``
        the fields the request named (a movement or boards are refused: a room has none)."""
        self.hub.limiter.check("create", (address, self.hub.limits.create))
        self.hub.health.check()
        given = set(given)
        if "movement" in given:
            raise _room_error("room_movement", movement=str(body.get("movement"))[:16])
        for field in _NOT_FOR_ROOMS:
            if field in given and body.get(field) is not None:
                raise _room_error("room_boards", field=field)
        scoring = body.get("scoring") if "scoring" in given else ROOM_SCORINGS[0]
        if scoring not in ROOM_SCORINGS:
            raise _room_error(
                "room_scoring", scoring=str(scoring)[:16], scorings=", ".join(ROOM_SCORINGS)
            )
        tables = body.get("tables", 2)
        if not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
            raise _room_error("room_tables", n=MAX_TABLES, tables=tables)
        robots = body.get("robots", "basic")
        if robots not in ROBOT_LEVELS:
            raise TableError("table.robot_level", level=robots, levels=", ".join(ROBOT_LEVELS))
        language = body.get("language", "en")
        if language not in ("en", "ru"):
            raise TableError("server.bad_request", reason=f"a language is en or ru: {language!r}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        options = {
            "game": ROOM_GAME,
            "tables": tables,
            "scoring": scoring,
            "robots": robots,
            "seed": seed,
            "language": language,
            "title": body.get("title") or "",
            "rubbers": 1,
        }
        token = new_token()
        try:
            rows = self.sessions.rows
            row = await self.hub.db(rows.create, hash_token(token), options, SessionState())
        except StoreError as err:
            raise await self.hub.not_saved(err) from None
        return row, token

    def place_at(self, row: SessionRecord, table: int, seat: str) -> tuple[int, int]:
        """The table and player of a place named ``P1``..``P3`` (or ``1``..``3``)."""
        tables = int(row.options["tables"])
        if not 1 <= table <= tables:
            raise _room_error("room_table", n=tables, table=table)
        text = seat.strip().upper().removeprefix("P")
        if text not in ("1", "2", "3"):
            raise _room_error("room_place", seat=seat[:8])
        return table, int(text) - 1

    def label(self, table: int, player: int) -> str:
        return person_label(table, player)

    def places(self, row: SessionRecord, table: int) -> list[Place]:
        """Who holds the three places of ``table``: its people, robots elsewhere."""
        level = row.options["robots"]
        places = []
        for player in range(3):
            person = row.state.at(table, player)
            if person is None:
                places.append(Place(player, Holder.ROBOT, f"Robot ({level})", level))
            else:
                places.append(Place(player, Holder.PERSON, person.name, None, person.hash))
        return places

    # --- the tables ---------------------------------------------------------------------------

    def table_spec(self, row: SessionRecord, t: int) -> tuple[str, str, list[Place], MatchOptions]:
        """Table ``t`` of the room as the session starts it: a three-handed table in table
        mode with robots in the places nobody holds (:meth:`SessionManager.begin`)."""
        options = MatchOptions(mode="table", server=True, session=row.code, table=t)
        return ROOM_GAME, row.options["scoring"], self.places(row, t), options

    async def advance(self, row: SessionRecord) -> None:
        """Under the session's lock: once every table's rubber is over, the room is over."""
        rooms = await self.sessions.tables(row)
        if rooms and all(r.table.over for r in rooms):
            await self.sessions.save(row, row.state, "finished")

    # --- what everyone sees -------------------------------------------------------------------

    async def summary(self, row: SessionRecord, token: str | None) -> dict[str, Any]:
        """The room: its options, people, and each table at a glance (the deal, whose turn,
        how long since the last action, who sits where)."""
        s = self.sessions
        o = row.options
        rooms = await s.tables(row) if row.status != "waiting" else []
        tables = [self._glance(t, room) for t, room in enumerate(rooms, start=1)]
        you = s.person(row, token)
        return {
            "code": row.code,
            "status": row.status,
            "title": o.get("title", ""),
            "game": ROOM_GAME,
            "room": True,
            "rubbers": o.get("rubbers", 1),
            "scoring": o["scoring"],
            "robots": o["robots"],
            "language": o["language"],
            "round": 1,
            "movement": {"kind": "room", "tables": o["tables"], "boards": None, "rounds": []},
            "people": [
                {"name": p.name, "pair": person_label(p.pair, p.member), "left": p.left}
                for p in row.state.people
            ],
            "tables": tables,
            "director": s.is_director(row, token),
            "you": None if you is None else self._you(you, rooms),
            "advice": None,
        }

    def _glance(self, t: int, room: Room) -> dict[str, Any]:
        table = room.table
        player = table.player_to_act()
        state = table.current
        return {
            "table": t,
            "code": room.code,
            "board": table.number or None,
            "boards_played": sum(1 for d in table.match.deals if d.phase is Phase.DONE),
            "turn": None if player is None else place_label(player),
            "paused": table.paused,
            "waiting": state is None and not table.over,
            "over": table.over,
            "idle_seconds": seconds_since(self.sessions.last_change.get(room.code)),
            "players": [
                {
                    "seat": place_label(p.player),
                    "name": p.name,
                    "kind": p.holder.value,
                    "level": p.level,
                }
                for p in table.places
            ],
        }

    @staticmethod
    def _you(you: SessionPerson, rooms: list[Room]) -> dict[str, Any]:
        table, player = you.pair, you.member
        return {
            "name": you.name,
            "pair": person_label(table, player),
            "table": table,
            "seat": place_label(player),
            "slot": player,
            "code": rooms[table - 1].code if rooms else None,
            "left": you.left,
        }

    async def results(self, row: SessionRecord) -> dict[str, Any]:
        """Every table's players with their running totals, each finished deal, and the
        ranking of the room's players by their net settlement (TH-20). Nothing in it is a
        card: a deal in progress shows nowhere, a finished one by its contract and tricks."""
        tables = []
        everyone = []
        for t, room in enumerate(await self.sessions.tables(row), start=1):
            data = self._table_results(t, room)
            tables.append(data)
            everyone += [{"table": t, **p} for p in data["players"]]
        everyone.sort(key=lambda p: (-p["net"], -p["total"], p["table"], p["place"]))
        places = ranks(p["net"] for p in everyone)
        ranked = [{"rank": rank, **p} for rank, p in zip(places, everyone, strict=True)]
        return {
            "code": row.code,
            "status": row.status,
            "game": ROOM_GAME,
            "scoring": row.options["scoring"],
            "tables": tables,
            "ranking": ranked,
        }

    def _table_results(self, t: int, room: Room) -> dict[str, Any]:
        """One table: the sheet's totals (the scoring session's summary), the pairwise
        settlement on them (TH-20) and each finished deal as the sheet scored it."""
        table = room.table
        summary = table.match.session.summary()
        totals = {str(k): v for k, v in summary.totals.items()}
        payments = settle(totals)
        columns = {str(c.name): c for c in summary.columns}
        players = []
        for place in table.places:
            name = table.names[place.player]
            column = columns.get(name)
            players.append(
                {
                    "place": place_label(place.player),
                    "name": place.name,
                    "kind": place.holder.value,
                    "level": place.level,
                    "total": totals.get(name, 0),
                    "games": None if column is None else column.games,
                    "vulnerable": None if column is None else column.vulnerable,
                    "net": sum(p.points for p in payments if p.to == name)
                    - sum(p.points for p in payments if p.from_ == name),
                }
            )
        by_name = {table.names[p]: place_label(p) for p in range(3)}
        played = []
        for number, state in enumerate(table.match.deals, start=1):
            result = state.result
            if state.phase is not Phase.DONE or result is None:
                continue
            declarer = None
            if result.declarer is not None:
                player = state.player_at(result.declarer)
                declarer = None if player is None else place_label(player)
            dealer = state.player_at(state.dealer)
            vulnerable = state.vulnerable_players
            played.append(
                {
                    "deal": number,
                    "dealer": None if dealer is None else place_label(dealer),
                    "declarer": declarer,
                    "contract": None
                    if result.contract is None
                    else str(result.contract.without_declarer()),
                    "tricks": result.tricks,
                    "vulnerable": sorted(by_name[n] for n in vulnerable if n in by_name),
                    "points": {
                        by_name.get(k, k): v for k, v in deal_points(summary, state, number).items()
                    },
                }
            )
        return {
            "table": t,
            "code": room.code,
            "deals": len(played),
            "over": table.over,
            "winner": None if summary.winner is None else by_name.get(str(summary.winner)),
            "players": players,
            "settlement": [
                {"from": by_name[p.from_], "to": by_name[p.to], "points": p.points}
                for p in payments
            ],
            "played": played,
        }

    # --- exports --------------------------------------------------------------------------------

    async def ranking_csv(self, row: SessionRecord) -> str:
        """The room's ranking as CSV, best first."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        columns = ["rank", "table", "place", "name", "total", "net"]
        writer.writerow(columns)
        for p in (await self.results(row))["ranking"]:
            writer.writerow([p[c] for c in columns])
        return out.getvalue()

    async def pbn(self, row: SessionRecord) -> str:
        """Every finished deal of every table, as its table's record shows it (the players,
        the auction, the play, the contract and result)."""
        games = []
        for t, room in enumerate(await self.sessions.tables(row), start=1):
            try:
                record = await self.hub.db(self.hub.store.get_match, room.code)
            except StoreError as err:
                raise await self.hub.not_saved(err) from None
            for number, state in enumerate(room.table.match.deals, start=1):
                if state.phase is not Phase.DONE:
                    continue
                game = pbn_game(room.table, state, number, record)
                game.tags["Event"] = f"bridgeroom room {row.code}, table {t}"
                games.append(game)
        return dumps(games) if games else ""

    async def room_of(self, code: str) -> SessionRecord | None:
        """The session ``code`` if it is a room (``None`` if it is a session of boards)."""
        row = await self.sessions.get(code)
        return row if is_room(row) else None


def seconds_since(when: float | None) -> int | None:
    """Whole seconds since ``when`` (wall-clock; ``None``: never): a table's idle time."""
    return None if when is None else max(0, round(time.time() - when))
