"""The FastAPI application: the page, the JSON API and the table websockets.

HTTP (JSON unless said otherwise):

========================================  ================================================
``GET /``, ``GET /table/{code}``          the page (plain HTML, CSS and JavaScript)
``GET /api/games``                        the games, their score forms and robot levels
``GET /api/messages/{lang}``              the page's messages in ``en`` or ``ru``
``GET /api/tables``                       open public tables
``POST /api/tables``                      create a table (and take a seat with ``name``)
``GET /api/tables/{code}``                a table's seats and state
``DELETE /api/tables/{code}``             the host deletes his table
``POST /api/tables/{code}/join``          take an open seat: ``{"slot", "name"}`` -> token
``POST /api/tables/{code}/robots``        robots of a level take the open seats
``GET /api/tables/{code}/pbn``            the finished deals as PBN (text)
``GET /api/tables/{code}/deals/{n}/pbn``  one finished deal as PBN (text)
``GET /api/tables/{code}/deals/{n}/review``  a finished deal's review (``?lang=``)
``GET /api/players/{name}/tables``        the public tables a player sat at, newest first
``GET /api/stats``                        counters for monitoring
========================================  ================================================

A request that writes for a seat or the host names its token in the header
``Authorization: Bearer TOKEN`` (never in the URL, which logs keep). Creating a table returns
the host's token (``host_token``) and, when the creator sits, his seat's (``token``, the same).
An error is ``{"detail": English text, "texts": {lang: text}, "rule": ...}`` with its status
(404 no such table, 409 a seat taken, 422 bad input, 429 a limit, 503 the store cannot write).

Websocket ``/ws/{code}``: the client's first message is ``{"type": "hello", "token": TOKEN}``
(no token: a spectator); then the server sends ``{"type": "state", ...}`` (the table, this
seat's own view of the deal, the score sheet, the pending request) after every change, and
``error`` / ``hint`` / ``status`` answers; the client sends ``{"type": "action", "action":
"1NT"}``, ``undo``, ``claim`` (with ``tricks``), ``answer`` (with ``accept``), ``hint``,
``next``, ``fill`` (with ``level``), each with an optional ``id`` echoed back in the next
state (the models of :mod:`bridgeroom.server.protocol`). A message is JSON text of at most
``Limits.frame_bytes`` bytes: a binary frame is refused (close code 1003), a longer one closes
the connection (1009). An address with a token (``/ws/CODE?token=...``, an old client) is
refused (1008); no log shows the value of a query parameter (:class:`HideQueries`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field, StrictBool, StrictInt, StringConstraints

from bridgeroom import __version__
from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.games import GAMES
from bridgeroom.i18n import LANGUAGES
from bridgeroom.server.capacity import Gate, Gauge, capacity, open_file_limit
from bridgeroom.server.cluster import Cluster, is_postgresql
from bridgeroom.server.hub import Hub
from bridgeroom.server.limits import Limits, Pace
from bridgeroom.server.page import mount_page, web_messages
from bridgeroom.server.protocol import BadRequest, HelloRequest, error_message, parse_request
from bridgeroom.server.review import Reviews
from bridgeroom.server.rooms import Room, Watcher
from bridgeroom.server.session_api import mount_sessions, page_language
from bridgeroom.store import Store
from bridgeroom.table import ROBOT_LEVELS, TableError, robot_systems, system_title

__all__ = ["create_app", "http_status", "web_messages"]

log = logging.getLogger("bridgeroom.server")

#: Seconds a new connection has to say who it is.
HELLO_SECONDS = 10.0

Name = Annotated[str, StringConstraints(max_length=100)]
Level = Annotated[str, StringConstraints(max_length=16)]


class CreateTable(BaseModel):
    game: Annotated[str, StringConstraints(max_length=32)] = "contract"
    scoring: Annotated[str, StringConstraints(max_length=32)] | None = None
    private: StrictBool = False
    #: Robot level per slot ("0".."3" -> level); slots not named wait for people.
    robots: dict[int, Level] = Field(default_factory=dict, max_length=4)
    #: Take this slot with this name at once (optional).
    name: Name | None = None
    slot: StrictInt | None = None
    seed: StrictInt | None = None
    #: The bidding systems of North-South and East-West (names of ``/api/games``' systems).
    systems: list[Annotated[str, StringConstraints(max_length=32)]] | None = Field(
        default=None, max_length=2
    )


class JoinTable(BaseModel):
    slot: StrictInt
    name: Name


class FillRobots(BaseModel):
    level: Level = "basic"


#: The HTTP status of each refusal (others: 409, a request the table cannot do now).
_STATUS = {
    "server.no_table": 404,
    "server.no_deal": 404,
    "server.no_language": 404,
    "server.deleted": 410,
    "server.bad_request": 422,
    "table.no_seat": 422,
    "table.robot_level": 422,
    "table.name_needed": 422,
    "system.unknown": 422,
    "system.two_sides": 422,
    "system.no_partnerships": 422,
    "server.token_needed": 401,
    "server.not_host": 403,
    "server.spectator": 403,
    "server.too_many_tables": 429,
    "server.too_many_joins": 429,
    "server.too_many_hints": 429,
    "server.too_many_claims": 429,
    "server.store_down": 503,
    "cluster.moving": 503,
    "server.not_saved": 500,
    "server.wrong_token": 403,
    "session.no_session": 404,
    "table.name_long": 422,
    "session.not_director": 403,
    "session.no_spectators": 403,
    "session.room_movement": 422,
    "session.room_boards": 422,
    "session.room_scoring": 422,
    "session.room_tables": 422,
    "session.room_table": 422,
    "session.room_place": 422,
    "cards.not_cards": 404,
    "cards.bad_token": 403,
    "cards.not_this_table": 422,
    "cards.sit_out": 422,
    "cards.no_result": 404,
    "cards.not_your_pair": 403,
    "cards.table_only": 403,
}


def http_status(err: BridgeError) -> int:
    """The HTTP status of a refused request.

    >>> http_status(TableError("table.no_seat", player=7, players=4))
    422
    >>> http_status(TableError("table.seat_taken", player=0, name="Ann"))
    409
    """
    if isinstance(err, TableError):
        return _STATUS.get(err.key, 409)
    return 422


def error_response(err: BridgeError) -> JSONResponse:
    """The JSON answer of a refused request: the English text, every language's, the rule."""
    status = http_status(err)
    body: dict[str, Any] = {"detail": str(err), "rule": None}
    if isinstance(err, IllegalActionError):
        body["rule"] = err.rule
    if isinstance(err, TableError):
        body["error"] = err.key
        body["texts"] = {lang: err.render(lang) for lang in LANGUAGES}
    headers = {}
    if status == 429 and isinstance(err, TableError):
        headers["Retry-After"] = str(err.params.get("seconds", 60))
    elif status == 503:
        headers["Retry-After"] = "5"
    return JSONResponse(body, status_code=status, headers=headers)


def _bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def create_app(
    database: str | None = None,
    *,
    robot_delay: float = 0.5,
    hint_level: str = "expert",
    next_deal_delay: float = 2.0,
    store: Store | None = None,
    release_after: float = 60.0,
    abandon_after: float = 7 * 86400.0,
    sweep_every: float | None = None,
    limits: Limits | None = None,
    probe_interval: float = 1.0,
    cluster: bool | None = None,
    lease_seconds: float = 5.0,
    renew_every: float = 1.5,
) -> FastAPI:
    """The server's application.

    ``database``: a URL (SQLite file by default, PostgreSQL by URL). ``release_after``: seconds
    an unused table stays in memory; ``abandon_after``: seconds without a change after which a
    table is abandoned; ``sweep_every``: seconds between two sweeps for such tables (a quarter
    of ``abandon_after`` by default); ``limits``: what one client may ask (:class:`Limits`: the
    connections served at once default to what the open-file limit allows);
    ``probe_interval``: seconds between two tries of a store that cannot write.

    ``cluster``: whether this process shares its tables with the other processes of the same
    PostgreSQL store (:mod:`bridgeroom.server.cluster`; ``None``: yes with PostgreSQL, never
    with SQLite); a table's writer renews its lease every ``renew_every`` seconds, and a lease
    not renewed for ``lease_seconds`` is taken over. The hub is ``app.state.hub``, the
    connection gate's counters ``app.state.gauge``.
    """
    hide_queries_in_logs()
    the_store = store if store is not None else Store(database)
    limits = limits or Limits()
    if limits.connections is not None:
        connections = limits.connections
    else:
        files = open_file_limit()
        connections = capacity(files[0]) if files is not None else 1000
    shared = is_postgresql(the_store.url) if cluster is None else cluster
    if shared and not is_postgresql(the_store.url):
        raise ValueError("only servers on a PostgreSQL database share their tables")
    hub = Hub(
        the_store,
        robot_delay=robot_delay,
        hint_level=hint_level,
        next_deal_delay=next_deal_delay,
        release_after=release_after,
        abandon_after=abandon_after,
        sweep_every=sweep_every,
        limits=limits,
        probe_interval=probe_interval,
        cluster=(
            Cluster(the_store.url, lease_seconds=lease_seconds, renew_every=renew_every)
            if shared
            else None
        ),
    )

    reviews = Reviews(the_store, hub.db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        await sessions.start()
        yield
        await hub.stop()
        reviews.close()
        hub.close()

    app = FastAPI(title="bridgeroom", version=__version__, lifespan=lifespan)
    gauge = Gauge(connections, limits.body_bytes)
    app.add_middleware(Gate, gauge=gauge)
    app.state.hub = hub
    app.state.gauge = gauge
    app.state.reviews = reviews
    games_payload = {
        "games": [
            {
                "name": g.name,
                "titles": dict(g.titles),
                "players": g.players,
                "scorings": list(g.scorings),
                "partnership": g.partnership_auction,
            }
            for g in GAMES.values()
        ],
        "robot_levels": list(ROBOT_LEVELS),
        "systems": [
            {
                "name": name,
                "titles": {lang: system_title(name, lang) for lang in LANGUAGES},
            }
            for name in robot_systems()
        ],
    }
    sessions = mount_sessions(app, hub)
    mount_page(app, games_payload, reviews, functools.partial(page_language, sessions))
    reviews.session_gate = sessions.may_review

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return games_payload

    @app.get("/api/stats")
    async def stats() -> dict[str, int]:
        """Counters for monitoring and the benchmarks: tables in memory, those watched, open
        websockets, actions and deals committed, tables read back and released, refusals."""
        return {**hub.stats(), "capacity": gauge.connections, "refused": gauge.refused}

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return await hub.tables()

    @app.post("/api/tables")
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        room, token, host_token = await hub.create_table(
            body.game,
            scoring=body.scoring,
            private=body.private,
            robots=body.robots,
            seed=body.seed,
            name=body.name,
            slot=body.slot,
            address=_address(request),
            systems=body.systems,
        )
        out: dict[str, Any] = {"code": room.code, "host_token": host_token}
        if token is not None:
            out["token"] = token
            out["slot"] = next(
                p.player for p in room.table.places if p.token_hash is not None and p.is_person
            )
        out["table"] = room.summary()
        return out

    @app.get("/api/tables/{code}")
    async def table(code: str) -> dict[str, Any]:
        async with hub.using(code) as room:
            return room.summary()

    @app.delete("/api/tables/{code}")
    async def delete(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await hub.delete(code, _bearer(authorization))
        return {"code": code, "deleted": True}

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: JoinTable, request: Request) -> dict[str, Any]:
        token = await hub.join(code, body.slot, body.name, _address(request))
        return {"code": code, "slot": body.slot, "token": token}

    @app.post("/api/tables/{code}/robots")
    async def robots(
        code: str, body: FillRobots, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await hub.fill(code, body.level, _bearer(authorization))
        async with hub.using(code) as room:
            return room.summary()

    @app.get("/api/tables/{code}/pbn")
    async def table_pbn(code: str) -> PlainTextResponse:
        return _pbn_response(await hub.pbn(code), f"bridgeroom-{code}.pbn")

    @app.get("/api/tables/{code}/deals/{number}/pbn")
    async def deal_pbn(code: str, number: int) -> PlainTextResponse:
        return _pbn_response(await hub.pbn(code, number), f"bridgeroom-{code}-{number}.pbn")

    @app.get("/api/players/{name}/tables")
    async def player_tables(name: str) -> list[dict[str, Any]]:
        summaries = await hub.db(hub.store.list_matches, player=name, kind="play", limit=200)
        return [
            {
                "code": s.code,
                "game": s.game,
                "scoring": s.scoring,
                "status": s.status,
                "players": list(s.players),
                "deals": s.deals,
                "finished_deals": s.finished,
                "updated": s.updated_at.isoformat(),
            }
            for s in summaries
            if not s.private
        ]

    @app.websocket("/ws/{code}")
    async def ws(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        if "token" in websocket.query_params:  # an old client: refused, and never logged
            err = TableError("server.token_in_url", code=code[:32])
            await _quietly_close(websocket, _error_text(err), 1008)
            return
        address = websocket.client.host if websocket.client else ""
        watcher = Watcher(websocket, None, address=address)
        room: Room | None = None
        try:
            try:
                await hub.room(code)
            except BridgeError as err:
                await websocket.send_text(_error_text(err))
                await websocket.close(code=4404 if http_status(err) == 404 else 1011)
                return
            first = await _receive(websocket, limits.frame_bytes, HELLO_SECONDS)
            if first is None:
                return
            request = None
            try:
                request = parse_request(first)
            except BadRequest as err:
                await websocket.send_text(_error_text(err, err.id))
            if isinstance(request, HelloRequest):
                watcher.player = await hub.player_of_token(await hub.room(code), request.token)
                request = None
            room = await hub.watch(code, watcher)
            if request is not None:  # no hello: a spectator's first request
                await hub.handle(room, watcher, request)
            pace = Pace(limits.frames)
            while True:
                await pace.wait()
                text = await _receive(websocket, limits.frame_bytes, None)
                if text is None:
                    return
                try:
                    request = parse_request(text)
                except BadRequest as err:
                    watcher.ack = err.id
                    await hub.send_error(watcher, err)
                    continue
                await hub.handle(room, watcher, request)
        except (WebSocketDisconnect, RuntimeError):
            # a closed connection (Starlette raises RuntimeError once the socket is gone)
            pass
        except BridgeError as err:  # the table went away meanwhile
            await _quietly_close(websocket, _error_text(err), 4404)
        finally:
            if room is not None:
                hub.unwatch(room, watcher)

    @app.exception_handler(BridgeError)
    async def refused(request: Any, exc: BridgeError) -> JSONResponse:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Any, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'][1:]) or e['loc'][0]}: {e['msg']}"
            for e in exc.errors()
        )
        return error_response(TableError("server.bad_request", reason=problems[:500]))

    return app


#: The query parameters a log may show as they are; every other one's value is hidden.
SHOWN_QUERIES = frozenset({"lang"})
_QUERY = re.compile(r"\?[^\s\"]*")


def hide_queries(text: str) -> str:
    """``text`` (a line of a log) with the value of every query parameter hidden but the
    page's language: whatever a client puts in an address (a token, a password) no log keeps.

    >>> hide_queries('"GET /ws/AB?token=s3cret&lang=ru HTTP/1.1" 403')
    '"GET /ws/AB?token=…&lang=ru HTTP/1.1" 403'
    """

    def hidden(query: re.Match[str]) -> str:
        pairs = query.group(0)[1:].split("&")
        out = []
        for pair in pairs:
            name, eq, _ = pair.partition("=")
            out.append(pair if name in SHOWN_QUERIES or not eq else f"{name}=…")
        return "?" + "&".join(out)

    return _QUERY.sub(hidden, text)


class HideQueries(logging.Filter):
    """A filter of uvicorn's logs (``uvicorn.access``, and ``uvicorn.error``, which logs each
    websocket's address) that hides the query's values of every address they print."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                hide_queries(a) if isinstance(a, str) and "?" in a else a for a in record.args
            )
        if isinstance(record.msg, str) and "?" in record.msg:
            record.msg = hide_queries(record.msg)
        return True


def hide_queries_in_logs() -> None:
    """Put :class:`HideQueries` on uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideQueries) for f in logger.filters):
            logger.addFilter(HideQueries())


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _error_text(err: BridgeError, ident: int | str | None = None) -> str:
    return json.dumps(error_message(err, ident).model_dump(mode="json"), separators=(",", ":"))


async def _quietly_close(websocket: WebSocket, text: str, code: int) -> None:
    try:
        await websocket.send_text(text)
        await websocket.close(code=code)
    except (WebSocketDisconnect, RuntimeError):
        pass


async def _receive(websocket: WebSocket, limit: int, timeout: float | None) -> str | None:
    """The next text message, or ``None`` when the connection is over: closed by the client,
    silent past ``timeout`` seconds (1008), a binary frame (1003) or a message over ``limit``
    bytes (1009), each refused with its reason."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout)
    except TimeoutError:
        await websocket.close(code=1008, reason="say hello first")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        await _quietly_close(websocket, _error_text(TableError("server.binary")), 1003)
        return None
    if len(text) > limit and len(text.encode("utf-8")) > limit:
        reason = TableError("server.too_big", limit=limit)
        await _quietly_close(websocket, _error_text(reason), 1009)
        return None
    return str(text)


def _pbn_response(text: str, filename: str) -> PlainTextResponse:
    return PlainTextResponse(
        text,
        media_type="application/x-pbn; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
