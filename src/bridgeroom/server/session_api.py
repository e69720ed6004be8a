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

A session played with real cards (``"play": "cards"``, :mod:`bridgeroom.server.session_cards`)
answers ``POST /api/sessions`` with each table's token too, and has these routes besides
(``/results``, ``/pbn``, ``/ranking.csv``, ``/end`` and ``GET /api/sessions/{code}`` answer
for it as well):

========================================  =====================================================
``GET /api/sessions/{code}/rounds``       the movement as played: round, table, pairs, boards
``POST /api/sessions/{code}/scores``      a result (a table's token: its own boards up to the
                                          round now; the director's: any, with ``table``)
``GET /api/sessions/{code}/table``        a table's rounds and results (its token)
``GET /api/sessions/{code}/desk``         the director's desk: tables, results, log, ranking
``POST /api/sessions/{code}/remove``      the director removes a result ``{"table", "board"}``
``POST /api/sessions/{code}/adjust``      an adjusted score ``{"table", "board", "ns", "ew"}``
                                          (A+, A, A-) or ``"score"`` (assigned, weighted, split)
``POST /api/sessions/{code}/fouled``      a fouled board ``{"board", "groups": [[1, 2], [3]]}``
``POST /api/sessions/{code}/players``     a pair's players ``{"pair", "players": [{"name",
                                          "number"}]}`` (the director, or the pair's table)
``POST /api/sessions/{code}/late``        a missing pair plays from this round ``{"pair"}``
``POST /api/sessions/{code}/next-round``  the director calls the move
``GET /api/sessions/{code}/usebio.xml``   the results as USEBIO 1.2 XML
``GET /api/sessions/{code}/tablecards.pdf``  each table's card: its link and QR code
``GET /api/sessions/{code}/boards.{fmt}`` the boards for dealing machines: ``pbn``,
                                          Duplimate's ``dup`` or Dealer4's ``dlm`` (the
                                          director's)
========================================  =====================================================
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Header, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field, StrictBool, StrictInt, StringConstraints

from bridgeroom.errors import BridgeError
from bridgeroom.games import GAMES
from bridgeroom.i18n import LANGUAGES
from bridgeroom.rules import Deal
from bridgeroom.server.hub import CODE, Hub
from bridgeroom.server.session_boards import bad_request
from bridgeroom.server.session_cards import CardSessions
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
    #: ``"cards"``: played with real cards at the club, the results entered at each table.
    play: Annotated[str, StringConstraints(max_length=16)] = "online"
    #: A cards session's pairs: one fewer than its tables seat, and one pair sits out a round.
    pairs: StrictInt | None = None

    #: The bidding systems of North-South and East-West at every table (contract bridge).
    systems: list[Annotated[str, StringConstraints(max_length=32)]] | None = Field(
        default=None, max_length=2
    )


class Score(BaseModel):
    """A table's result of a board (``contract`` ``"pass"``: passed out)."""

    round: StrictInt
    board: StrictInt
    table: StrictInt | None = None
    contract: Annotated[str, StringConstraints(max_length=8)] = ""
    declarer: Annotated[str, StringConstraints(max_length=8)] = ""
    lead: Annotated[str, StringConstraints(max_length=4)] | None = None
    tricks: StrictInt | None = None
    result: Annotated[str, StringConstraints(max_length=4)] | None = None
    not_played: StrictBool = False
    confirmed: StrictBool = False


class TableBoard(BaseModel):
    table: StrictInt
    board: StrictInt


class Adjust(TableBoard):
    ns: Annotated[str, StringConstraints(max_length=4)] | None = None
    ew: Annotated[str, StringConstraints(max_length=4)] | None = None
    score: Annotated[str, StringConstraints(max_length=200)] | None = None


class FouledBoard(BaseModel):
    board: StrictInt
    groups: Annotated[list[Annotated[list[StrictInt], Field(max_length=64)]], Field(max_length=64)]


class Player(BaseModel):
    name: Annotated[str, StringConstraints(max_length=100)]
    number: Annotated[str, StringConstraints(max_length=20)] = ""


class Players(BaseModel):
    pair: Annotated[str, StringConstraints(max_length=8)]
    players: Annotated[list[Player], Field(max_length=2)]


class Pair(BaseModel):
    pair: Annotated[str, StringConstraints(max_length=8)]


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
    cards = CardSessions(hub, sessions.rows)

    @app.post("/api/sessions")
    async def create_session(body: CreateSession, request: Request) -> dict[str, Any]:
        address = request.client.host if request.client else ""
        game = GAMES.get(body.game)
        if body.systems is not None and (game is None or not game.partnership_auction):
            raise TableError("system.no_partnerships", game=body.game)
        if body.play == "cards":
            fields = body.model_dump(exclude_unset=True, exclude={"play", "robots", "systems"})
            evening, director, tables = await cards.create(fields, address)
            return {
                "code": evening.code,
                "director_token": director,
                "tables": tables,
                "session": await cards.summary(evening.code, director),
            }
        if body.play != "online":
            raise bad_request(f'a session is played "online" or with "cards", not {body.play!r}')
        if game is not None and not game.variant.four_handed:  # a room: each plays for himself
            online = body.model_dump(exclude={"play", "pairs"})
            made = sessions.rooms.create(online, body.model_fields_set - {"play"}, address)
            row, token = await made
        else:
            row, token = await sessions.create(
                **body.model_dump(exclude={"play", "pairs"}), address=address
            )
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
        if await cards.owns(code):
            return await cards.summary(code, _bearer(authorization))
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
        if await cards.owns(code):
            await cards.end(code, _bearer(authorization))
            return await cards.summary(code, _bearer(authorization))
        await sessions.end(code, _bearer(authorization))
        return await sessions.summary(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/results")
    async def session_results(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        if await cards.owns(code):
            return await cards.results(code, _bearer(authorization))
        return await sessions.results(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/handrecord")
    async def session_hand_records(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> list[dict[str, Any]]:
        if await cards.owns(code):
            return await cards.hand_records(code, _bearer(authorization))
        return await sessions.hand_records(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/pbn")
    async def session_pbn_file(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> PlainTextResponse:
        room = await sessions.rooms.room_of(code)
        if room is not None:
            text = await sessions.rooms.pbn(room)
        elif await cards.owns(code):
            played, boards = await cards.exports(code, _bearer(authorization))
            deals = {b: Deal.parse(text) for b, text in boards.items()}
            text = session_pbn(played, deals, event=f"bridgeroom session {code}")
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
        elif await cards.owns(code):
            played, _ = await cards.exports(code, _bearer(authorization))
            text = ranking_csv(played)
        else:
            results, _ = await sessions.exports(code, _bearer(authorization))
            text = ranking_csv(results)
        return PlainTextResponse(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="session-{code}.csv"'},
        )

    mount_cards(app, cards)
    app.state.sessions = sessions
    app.state.cards = cards
    return sessions


def mount_cards(app: FastAPI, cards: CardSessions) -> None:
    """The routes of the sessions played with real cards."""

    @app.get("/api/sessions/{code}/rounds")
    async def cards_rounds(code: str) -> list[dict[str, Any]]:
        return await cards.rounds(code)

    @app.post("/api/sessions/{code}/scores")
    async def cards_score(
        code: str, body: Score, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await cards.enter(code, _bearer(authorization), body.model_dump())

    @app.get("/api/sessions/{code}/table")
    async def cards_table(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await cards.table_view(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/desk")
    async def cards_desk(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        return await cards.desk(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/remove")
    async def cards_remove(
        code: str, body: TableBoard, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await cards.remove(code, _bearer(authorization), body.table, body.board)
        return await cards.desk(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/adjust")
    async def cards_adjust(
        code: str, body: Adjust, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await cards.adjust(code, _bearer(authorization), body.model_dump())
        return await cards.desk(code, _bearer(authorization))

    @app.post("/api/sessions/{code}/fouled")
    async def cards_fouled(
        code: str, body: FouledBoard, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await cards.fouled(code, _bearer(authorization), body.board, body.groups)
        return await cards.desk(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/usebio.xml")
    async def cards_usebio(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        text = await cards.usebio(code, _bearer(authorization))
        return Response(
            text.encode("utf-8"),
            media_type="application/xml; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="session-{code}.xml"'},
        )

    @app.post("/api/sessions/{code}/players")
    async def cards_players(
        code: str, body: Players, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        players = [p.model_dump() for p in body.players]
        await cards.players(code, _bearer(authorization), body.pair, players)
        return {"pair": body.pair, "players": players}

    @app.post("/api/sessions/{code}/late")
    async def cards_late(
        code: str, body: Pair, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await cards.late(code, _bearer(authorization), body.pair)
        return await cards.desk(code, _bearer(authorization))

    @app.get("/api/sessions/{code}/tablecards.pdf")
    async def cards_table_cards(
        code: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        data = await cards.table_cards(code, _bearer(authorization), str(request.base_url))
        return Response(
            data,
            media_type="application/pdf",
            headers={"Content-Disposition": f'attachment; filename="tables-{code}.pdf"'},
        )

    @app.get("/api/sessions/{code}/boards.{fmt}")
    async def cards_boards(
        code: str, fmt: str, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        data = await cards.boards_file(code, _bearer(authorization), fmt)
        media = {"pbn": "application/x-pbn; charset=utf-8", "dlm": "text/plain; charset=ascii"}.get(
            fmt, "application/octet-stream"
        )
        return Response(
            data,
            media_type=media,
            headers={"Content-Disposition": f'attachment; filename="boards-{code}.{fmt}"'},
        )

    @app.post("/api/sessions/{code}/next-round")
    async def cards_next_round(
        code: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await cards.next_round(code, _bearer(authorization))
        return await cards.desk(code, _bearer(authorization))
