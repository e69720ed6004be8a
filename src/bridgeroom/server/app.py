"""The FastAPI application: the page, the JSON API and the table websockets.

HTTP (JSON unless said otherwise):

========================================  ================================================
``GET /``, ``GET /table/{code}``          the page (plain HTML, CSS and JavaScript)
``GET /api/games``                        the games, their score forms and robot levels
``GET /api/messages/{lang}``              the page's messages in ``en`` or ``ru``
``GET /api/tables``                       open public tables
``POST /api/tables``                      create a table (and take a seat with ``name``)
``GET /api/tables/{code}``                a table's seats and state
``POST /api/tables/{code}/join``          take an open seat: ``{"slot", "name"}`` -> token
``POST /api/tables/{code}/robots``        robots of a level take the open seats
``GET /api/tables/{code}/pbn``            the finished deals as PBN (text)
``GET /api/tables/{code}/deals/{n}/pbn``  one finished deal as PBN (text)
``GET /api/tables/{code}/deals/{n}/review``  a finished deal's review (``?lang=``)
``GET /api/players/{name}/tables``        the public tables a player sat at, newest first
========================================  ================================================

Websocket ``/ws/{code}?token=TOKEN``: the server sends ``{"type": "state", ...}``
(the table, this seat's own view of the deal, the score sheet, the pending
request) after every change, and ``error`` / ``hint`` answers; the client
sends ``{"type": "action", "action": "1NT"}``, ``undo``, ``claim`` (with
``tricks``), ``answer`` (with ``accept``), ``hint``, ``next``, ``fill`` (with
``level``), each with an optional ``id`` echoed back in the next state
(the models of :mod:`bridgeroom.server.protocol`). Without a valid token the
connection is a spectator's.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from bridgeroom import __version__
from bridgeroom.errors import BridgeError
from bridgeroom.games import GAMES
from bridgeroom.server.hub import Hub
from bridgeroom.server.page import mount_page, web_messages
from bridgeroom.server.protocol import BadRequest, error_message, parse_request
from bridgeroom.server.review import Reviews
from bridgeroom.server.rooms import Watcher
from bridgeroom.store import Store, StoreError
from bridgeroom.table import ROBOT_LEVELS, TableError

__all__ = ["create_app", "web_messages"]


class CreateTable(BaseModel):
    game: str = "contract"
    scoring: str | None = None
    private: bool = False
    #: Robot level per slot ("0".."3" -> level); slots not named wait for people.
    robots: dict[int, str] = Field(default_factory=dict)
    #: Take this slot with this name at once (optional).
    name: str | None = None
    slot: int | None = None
    seed: int | None = None


class JoinTable(BaseModel):
    slot: int
    name: str


class FillRobots(BaseModel):
    level: str = "basic"


def _bad(err: Exception, status: int = 400) -> HTTPException:
    return HTTPException(status_code=status, detail=str(err))


def create_app(
    database: str | None = None,
    *,
    robot_delay: float = 0.5,
    hint_level: str = "expert",
    next_deal_delay: float = 2.0,
    store: Store | None = None,
) -> FastAPI:
    """The server's application. ``database``: a URL (SQLite file by default, PostgreSQL by URL)."""
    the_store = store if store is not None else Store(database)
    hub = Hub(
        the_store, robot_delay=robot_delay, hint_level=hint_level, next_deal_delay=next_deal_delay
    )

    reviews = Reviews(the_store, hub.db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.restore()
        yield
        reviews.close()
        hub.close()

    app = FastAPI(title="bridgeroom", version=__version__, lifespan=lifespan)
    app.state.hub = hub
    app.state.reviews = reviews
    games_payload = {
        "games": [
            {
                "name": g.name,
                "titles": dict(g.titles),
                "players": g.players,
                "scorings": list(g.scorings),
            }
            for g in GAMES.values()
        ],
        "robot_levels": list(ROBOT_LEVELS),
    }
    mount_page(app, games_payload, reviews)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return games_payload

    @app.get("/api/stats")
    async def stats() -> dict[str, int]:
        """Counters for monitoring and the benchmark: tables, open websockets, actions committed."""
        return {
            "tables": len(hub.rooms),
            "connections": sum(len(room.watchers) for room in hub.rooms.values()),
            "actions": hub.actions,
            "commits": hub.commits,
        }

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return [
            room.summary()
            for room in hub.rooms.values()
            if not room.private and not room.table.over
        ]

    @app.post("/api/tables")
    async def create(body: CreateTable) -> dict[str, Any]:
        try:
            room = await hub.create_table(
                body.game,
                scoring=body.scoring,
                private=body.private,
                robots=body.robots,
                seed=body.seed,
            )
            out: dict[str, Any] = {"code": room.code, "table": room.summary()}
            if body.name is not None:
                slot = (
                    body.slot
                    if body.slot is not None
                    else next((p.player for p in room.table.places if p.is_open), 0)
                )
                out["token"] = await hub.join(room.code, slot, body.name)
                out["slot"] = slot
            else:
                async with room.lock:
                    await hub.after_change(room)
            out["table"] = room.summary()
            return out
        except BridgeError as err:
            raise _bad(err) from None

    @app.get("/api/tables/{code}")
    async def table(code: str) -> dict[str, Any]:
        try:
            return hub.get(code).summary()
        except BridgeError as err:
            raise _bad(err, 404) from None

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: JoinTable) -> dict[str, Any]:
        try:
            token = await hub.join(code, body.slot, body.name)
        except BridgeError as err:
            missing = isinstance(err, TableError) and err.key == "server.no_table"
            raise _bad(err, 404 if missing else 409) from None
        return {"code": code, "slot": body.slot, "token": token}

    @app.post("/api/tables/{code}/robots")
    async def robots(code: str, body: FillRobots) -> dict[str, Any]:
        try:
            await hub.fill_with_robots(code, body.level)
            return hub.get(code).summary()
        except BridgeError as err:
            raise _bad(err) from None

    @app.get("/api/tables/{code}/pbn")
    async def table_pbn(code: str) -> PlainTextResponse:
        try:
            text = await hub.pbn(code)
        except (BridgeError, StoreError) as err:
            raise _bad(err, 404) from None
        return _pbn_response(text, f"bridgeroom-{code}.pbn")

    @app.get("/api/tables/{code}/deals/{number}/pbn")
    async def deal_pbn(code: str, number: int) -> PlainTextResponse:
        try:
            text = await hub.pbn(code, number)
        except (BridgeError, StoreError) as err:
            raise _bad(err, 404) from None
        return _pbn_response(text, f"bridgeroom-{code}-{number}.pbn")

    @app.get("/api/players/{name}/tables")
    async def player_tables(name: str) -> list[dict[str, Any]]:
        summaries = await hub.db(hub.store.list_matches, player=name, kind="play", limit=200)
        out = []
        for s in summaries:
            room = hub.rooms.get(s.code)
            if room is not None and room.private:
                continue
            if room is None:
                record = await hub.db(hub.store.get_match, s.id)
                if record.private:
                    continue
                finished = sum(1 for d in record.deals if d.is_over)
            else:
                finished = sum(1 for st in room.table.match.deals if st.is_over)
            out.append(
                {
                    "code": s.code,
                    "game": s.game,
                    "scoring": s.scoring,
                    "status": s.status,
                    "players": list(s.players),
                    "deals": s.deals,
                    "finished_deals": finished,
                    "updated": s.updated_at.isoformat(),
                }
            )
        return out

    @app.websocket("/ws/{code}")
    async def ws(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        try:
            room = hub.get(code)
        except TableError as err:
            await websocket.send_text(json.dumps(error_message(err).model_dump(mode="json")))
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        player = await hub.player_of_token(room, token)
        watcher = Watcher(websocket, player)
        await hub.watch(room, watcher)
        try:
            while True:
                text = await websocket.receive_text()
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
        finally:
            hub.unwatch(room, watcher)

    @app.exception_handler(StoreError)
    async def store_error(request: Any, exc: StoreError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=404)

    return app


def _pbn_response(text: str, filename: str) -> PlainTextResponse:
    return PlainTextResponse(
        text,
        media_type="application/x-pbn; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
