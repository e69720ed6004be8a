"""The HTTP routes of class and club sessions (the :class:`~bridgeroom.server.sessions.SessionManager`
does the work; docs/sessions.md says more of each).

========================================  =====================================================
``POST /api/sessions``                    create: game, tables, boards, movement, scoring,
                                          robots, seed (or ``pbn``, ``practice``), language ->
                                          ``code``, ``director_token``
``GET /api/sessions/{code}``              the session: movement, people, tables at a glance
``POST /api/sessions/{code}/join``        a person takes a seat: ``{"table", "seat", "name"}``
                                          (one a person: with a seat's token, refused)
``POST /api/sessions/{code}/seat``        the director seats a person (the same body); once
                                          started, in a seat a robot holds
``POST /api/sessions/{code}/start``       the director starts it; robots take empty seats
``POST /api/sessions/{code}/tables/{t}/pause``  the director pauses (``{"paused": false}``
                                          resumes) a table
``POST /api/sessions/{code}/replace``     the director puts a robot in a person's place
``POST /api/sessions/{code}/end``         the director ends the session
``GET /api/sessions/{code}/results``      travellers, ranking, scorecards (JSON)
``GET /api/sessions/{code}/handrecord``   the hands, double-dummy tables and par (JSON)
``GET /api/sessions/{code}/pbn``          every board with every table's result (PBN)
``GET /api/sessions/{code}/ranking.csv``  the ranking (CSV)
``GET /api/practice-sets``                the deal generator's sets a session's boards may
                                          come from (``practice``)
========================================  =====================================================
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Header, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field, StrictBool, StrictInt, StringConstraints

from bridgeroom.errors import BridgeError
from bridgeroom.games import GAMES
from bridgeroom.i18n import LANGUAGES
from bridgeroom.server.hub import CODE, Hub
from bridgeroom.server.session_rooms import ROOM_GAME
from bridgeroom.server.sessions import SessionManager
from bridgeroom.sessions.exports import ranking_csv, session_pbn
from bridgeroom.table import TableError

__all__ = ["mount_sessions", "page_language"]


class CreateSession(BaseModel):
    game: Annotated[str, StringConstraints(max_length=32)] = "minibridge"
    tables: StrictInt = 2
    boards: StrictInt = 3
    movement: Annotated[str, StringConstraints(max_length=16)] = "class"
    rounds: StrictInt | None = None
    scoring: Annotated[str, StringConstraints(max_length=24)] = "matchpoints"
    robots: Annotated[str, StringConstraints(max_length=16)] = "basic"
    seed: StrictInt | None = None
    #: The boards as PBN text instead of dealt from the seed (the first ``boards`` deals).
    pbn: Annotated[str, StringConstraints(max_length=200_000)] | None = None
    #: Or a practice set of the deal generator (``bridgeroom deal --set``), dealt from the seed.
    practice: Annotated[str, StringConstraints(max_length=40)] | None = None
    language: Annotated[str, StringConstraints(max_length=8)] = "en"
    title: Annotated[str, StringConstraints(max_length=100)] = ""
    #: The bidding systems of North-South and East-West at every table (contract bridge).
    systems: list[Annotated[str, StringConstraints(max_length=32)]] | None = Field(
        default=None, max_length=2
    )


class PracticeSetInfo(BaseModel):
    """A practice set a session's boards may come from: its name, its title (English, and in
    each language the page speaks) and the game its boards are dealt for."""

    name: str
    title: str
    titles: dict[str, str]
    game: str


class JoinSession(BaseModel):
    table: StrictInt
    seat: Annotated[str, StringConstraints(max_length=8)]
    name: Annotated[str, StringConstraints(max_length=100)]


class PauseTable(BaseModel):
    paused: StrictBool = True


class ReplacePerson(BaseModel):
    table: StrictInt
    seat: Annotated[str, StringConstraints(max_length=8)]


def _bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def page_language(sessions: SessionManager, kind: str, code: str) -> str | None:
    """The language of the session whose page (``kind`` ``"session"``) or table (``"table"``)
    ``code`` is, for a reader who has not chosen one; ``None`` when it belongs to no session
    or the store cannot tell (the page is served all the same)."""
    if not CODE.fullmatch(code):
        return None
    try:
        if kind == "table":
            room = sessions.hub.rooms.get(code)
            if room is not None:
                session = room.session
            else:
                record = await sessions.hub.db(sessions.hub.store.get_match, code)
                session = record.options.session
            if not isinstance(session, str):
                return None
            code = session
        row = await sessions.hub.db(sessions.rows.get, code)
    except BridgeError:
        return None
    language = row.options.get("language")
    return language if isinstance(language, str) else None


def mount_sessions(app: FastAPI, hub: Hub) -> SessionManager:
    """Add the sessions' routes to ``app``; returns the manager (its :meth:`start` reads back the
    sessions being played)."""
    sessions = SessionManager(hub)

    @app.post("/api/sessions")
    async def create_session(body: CreateSession, request: Request) -> dict[str, Any]:
        address = request.client.host if request.client else ""
        game = GAMES.get(body.game)
        if body.systems is not None and (game is None or not game.partnership_auction):
            raise TableError("system.no_partnerships", game=body.game)
        if body.game == ROOM_GAME:  # a room of three-handed tables
            made = sessions.rooms.create(body.model_dump(), body.model_fields_set, address)
            row, token = await made
        else:
            row, token = await sessions.create(**body.model_dump(), address=address)
        return {
            "code": row.code,
            "director_token": token,
            "session": await sessions.summary(row.code, token),
        }

    @app.get("/api/practice-sets")
    async def practice_sets() -> list[PracticeSetInfo]:
        """The deal generator's practice sets a session's boards may come from."""
        from bridgeroom.analysis.practice import practice_sets

        return [
            PracticeSetInfo(
                name=s.name,
                title=s.title,
                titles={lang: s.title_in(lang) for lang in LANGUAGES},
                game=s.game,
            )
            for s in practice_sets().values()
        ]

    @app.get("/api/sessions/{code}")
    async def session(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await sessions.summary(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/join")
    async def join_session(
        code: str,
        body: JoinSession,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        address = request.client.host if request.client else ""
        token = _bearer(authorization)  # a person's token: he has a seat already
        return await sessions.join(code, body.table, body.seat, body.name, address, token)

    @app.post("/api/sessions/{code}/seat")
    async def seat_person(
        code: str, body: JoinSession, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await sessions.seat(code, body.table, body.seat, body.name, _bearer(authorization))

    @app.post("/api/sessions/{code}/start")
    async def start_session(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await sessions.begin(code, _bearer(authorization))
        return await sessions.summary(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/tables/{table}/pause")
    async def pause_table(
        code: str,
        table: int,
        body: PauseTable,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        await sessions.pause(code, table, body.paused, _bearer(authorization))
        return await sessions.summary(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/replace")
    async def replace_person(
        code: str, body: ReplacePerson, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await sessions.replace(code, body.table, body.seat, _bearer(authorization))
        return await sessions.summary(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/end")
    async def end_session(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await sessions.end(code, _bearer(authorization))
        return await sessions.summary(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/results")
    async def session_results(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await sessions.results(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/handrecord")
    async def session_hand_records(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> list[dict[str, Any]]:
        return await sessions.hand_records(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/pbn")
    async def session_pbn_file(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> PlainTextResponse:
        room = await sessions.rooms.room_of(code)
        if room is not None:
            text = await sessions.rooms.pbn(room)
        else:
            results, deals = await sessions.exports(code, _bearer(authorization))
            text = session_pbn(results, deals, event=f"bridgeroom session {code}")
        return PlainTextResponse(
            text,
            media_type="application/x-pbn; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="session-{code}.pbn"'},
        )

    @app.get("/api/sessions/{code}/ranking.csv")
    async def session_csv(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> PlainTextResponse:
        room = await sessions.rooms.room_of(code)
        if room is not None:
            text = await sessions.rooms.ranking_csv(room)
        else:
            results, _ = await sessions.exports(code, _bearer(authorization))
            text = ranking_csv(results)
        return PlainTextResponse(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="session-{code}.csv"'},
        )

    app.state.sessions = sessions
    return sessions
