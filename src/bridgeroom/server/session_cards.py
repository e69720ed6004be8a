"""Sessions played with real cards (issue 39; docs/sessions.md, "An evening with real cards"):
the boards are dealt at the club (by hand or by a dealing machine), each table enters its
results on a phone, the director keeps the desk.

A cards session is a row of the store like any session (its options carry ``"play":
"cards"``); its results are the append-only log of the store's ``session_entries``
(:meth:`~bridgeroom.store.sessions.SessionStore.add_entry`): every result entered, confirmed,
corrected or removed, every adjusted score, fouled board, pair's players, late pair and round,
with who made it (``table 2``, ``director``) and when. What the session is now is that log
replayed in order (:class:`Evening`), so nothing entered is lost and the desk shows every change.

Tokens: the director's token is the session's (its hash stored); each table's token is
derived from it (an HMAC of the table's number), so the director's request prints the tables'
links again at any time while the store keeps only their hashes.

The session now (:class:`~bridgeroom.server.session_evening.Evening`), a result read and
scored and the results compared are :mod:`bridgeroom.server.session_evening`'s.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from datetime import UTC, datetime
from typing import Any

from bridgeroom.errors import BridgeError
from bridgeroom.server.hub import Hub
from bridgeroom.server.session_boards import (
    bad_field,
    bad_request,
    hand_records,
    pbn_boards,
    practice_boards,
    seeded_boards,
)
from bridgeroom.server.session_evening import (
    Evening,
    is_cards,
    movement,
    read_result,
    rounds_played,
    scored,
    table_token,
    whole_number,
)
from bridgeroom.sessions import (
    SCORINGS,
    Fouled,
    Movement,
    Results,
    parse_entry,
)
from bridgeroom.store import StoreError, StoreUnavailable, hash_token, new_token
from bridgeroom.store.sessions import SessionRecord, SessionState, SessionStore
from bridgeroom.table import SeatError, TableError
from bridgeroom.table.seats import person_name

__all__ = ["GAMES", "CardSessions"]

#: The games a cards session scores.
GAMES = ("contract", "minibridge")
#: The most tables of a cards session.
MAX_TABLES = 32
#: The Law 12C2 artificial adjusted scores: average plus, average, average minus.
AVERAGES = ("A+", "A", "A-")


class CardSessions:
    """The sessions of a server played with real cards."""

    def __init__(self, hub: Hub, rows: SessionStore) -> None:
        self.hub = hub
        self.rows = rows
        self._locks: dict[str, asyncio.Lock] = {}
        #: The hand records worked out, by session code and boards.
        self._records: dict[tuple[str, tuple[int, ...]], list[dict[str, Any]]] = {}

    def _lock(self, code: str) -> asyncio.Lock:
        return self._locks.setdefault(code, asyncio.Lock())

    # --- the store --------------------------------------------------------------------------

    async def _db(self, fn: Any, *args: Any) -> Any:
        try:
            return await self.hub.db(fn, *args)
        except StoreUnavailable as err:
            await self.hub.health.failed(err)
            raise self.hub.health.error() from None
        except StoreError as err:
            raise await self.hub.not_saved(err) from None

    async def _get(self, code: str) -> SessionRecord:
        if not code.replace("-", "").replace("_", "").isalnum() or len(code) > 32:
            raise SeatError("session.no_session", code=code[:32])
        try:
            row = await self.hub.db(self.rows.get, code)
        except StoreUnavailable as err:
            await self.hub.health.failed(err)
            raise self.hub.health.error() from None
        except StoreError:
            raise SeatError("session.no_session", code=code) from None
        if not is_cards(row):
            raise TableError("cards.not_cards", code=code)
        return row

    async def _evening(self, row: SessionRecord) -> Evening:
        entries = await self._db(self.rows.entries, row.code)
        return Evening.replay(
            entries, tables=row.options["tables"], absent=row.options.get("absent", [])
        )

    async def _add(self, row: SessionRecord, by: str, data: dict[str, Any]) -> None:
        await self._db(self.rows.add_entry, row.code, by, data)

    async def owns(self, code: str) -> bool:
        """Whether ``code`` is a cards session (``False`` for any other, or none)."""
        if not code.replace("-", "").replace("_", "").isalnum() or len(code) > 32:
            return False
        try:
            row = await self.hub.db(self.rows.get, code)
        except StoreError:
            return False
        return is_cards(row)

    # --- who asks ---------------------------------------------------------------------------

    @staticmethod
    def _is_director(row: SessionRecord, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(row.director_hash, hash_token(token or ""))

    def _director(self, row: SessionRecord, token: str | None) -> None:
        if not token:
            raise SeatError("server.token_needed")
        if not self._is_director(row, token):
            raise SeatError("session.not_director")

    @staticmethod
    def _table_of(row: SessionRecord, token: str | None) -> int | None:
        """The table whose token ``token`` is, if any."""
        if not token:
            return None
        digest = hash_token(token)
        for t, h in enumerate(row.options["table_hashes"], start=1):
            if hmac.compare_digest(h, digest):
                return t
        return None

    def _who(self, row: SessionRecord, token: str | None) -> tuple[str, int | None]:
        """``("director", None)`` or ``("table", t)``; refused for any other token."""
        if self._is_director(row, token):
            return "director", None
        table = self._table_of(row, token)
        if table is None:
            raise SeatError("server.token_needed" if not token else "cards.bad_token")
        return "table", table

    @staticmethod
    def movement(row: SessionRecord) -> Movement:
        return movement(row)

    # --- creating ---------------------------------------------------------------------------

    async def create(
        self, body: dict[str, Any], address: str = ""
    ) -> tuple[SessionRecord, str, list[dict[str, Any]]]:
        """A new cards session: its row, the director's token and each table's token."""
        self.hub.limiter.check("create", (address, self.hub.limits.create))
        self.hub.health.check()
        game, scoring = body.get("game", "contract"), body.get("scoring", "matchpoints")
        tables, boards = body.get("tables", 2), body.get("boards", 3)
        if game not in GAMES:
            raise bad_request(f"a cards session plays {' or '.join(GAMES)}, not {game!r}")
        if scoring not in SCORINGS:
            raise bad_request(f"a session is scored by {', '.join(SCORINGS)}, not {scoring!r}")
        if body.get("language", "en") not in ("en", "ru"):
            raise bad_request(f"a session's language is en or ru, not {body.get('language')!r}")
        if not 1 <= tables <= MAX_TABLES:
            raise bad_request(f"a session has 1 to {MAX_TABLES} tables, not {tables}")
        try:
            made = Movement.make(
                body.get("movement", "mitchell"), tables, boards, body.get("rounds")
            )
        except BridgeError as err:
            raise bad_request(err) from None
        if made.kind == "teams" and (game, scoring) != ("contract", "imps"):
            raise bad_request("teams play contract bridge scored by IMPs (Law 78B)")
        pairs = body.get("pairs")
        full = len(made.pairs)
        absent: list[int] = []
        if pairs is not None and pairs != full:
            if made.kind == "teams" or pairs != full - 1:
                raise bad_request(
                    f"{tables} tables seat {full} pairs, or {full - 1} with one sitting out "
                    f"each round (not teams); not {pairs}"
                )
            absent = [max(made.pairs)]  # the sit-out: the highest pair's tables wait a round
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        if body.get("pbn") is not None and body.get("practice") is not None:
            raise bad_request("the boards come from a PBN file or a practice set, not both")
        if body.get("pbn") is not None:
            deals = pbn_boards(body["pbn"], made.boards)
        elif body.get("practice") is not None:
            deals = await asyncio.to_thread(practice_boards, body["practice"], made.boards, seed)
        else:
            deals = seeded_boards(seed, made.boards)
        token = new_token()
        table_tokens = [table_token(token, t) for t in range(1, made.tables + 1)]
        options = {
            "play": "cards",
            "game": game,
            "tables": made.tables,
            "boards": made.boards,
            "rounds": made.rounds,
            "movement": made.kind,
            "scoring": scoring,
            "robots": "basic",
            "seed": seed,
            "language": body.get("language", "en"),
            "title": body.get("title", ""),
            "deals": deals,
            "absent": absent,
            "table_hashes": [hash_token(t) for t in table_tokens],
        }
        row = await self._db(self.rows.create, hash_token(token), options, SessionState())
        await self._db(self.rows.save, row.code, row.state, "playing")
        row = await self._get(row.code)
        return (
            row,
            token,
            [{"table": t, "token": tok} for t, tok in enumerate(table_tokens, start=1)],
        )

    # --- the movement -----------------------------------------------------------------------

    async def rounds(self, code: str) -> list[dict[str, Any]]:
        """The movement as played: each round's tables, pairs and boards."""
        row = await self._get(code)
        return rounds_played(row, await self._evening(row))

    def _pair(self, row: SessionRecord, label: object) -> int:
        m = self.movement(row)
        for p in m.pairs:
            if m.label(p) == label:
                return p
        raise bad_request(
            f"the pairs are {', '.join(m.label(p) for p in m.pairs)}, not {str(label)[:20]!r}"
        )

    # --- entering results -------------------------------------------------------------------

    async def enter(self, code: str, token: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """A result entered at a table (its token), or by the director (any table; a
        correction). ``confirmed``: the other side has seen and accepted it."""
        async with self._lock(code):
            row = await self._get(code)
            who, table = self._who(row, token)
            evening = await self._evening(row)
            m = self.movement(row)
            round_ = whole_number(body, "round") - 1
            board = whole_number(body, "board")
            if who == "director":
                table = whole_number(body, "table")
                if not 1 <= table <= m.tables:
                    raise bad_request(f"the tables are 1 to {m.tables}, not {table}")
            assert table is not None
            if not 0 <= round_ < m.rounds:
                raise bad_request(f"the rounds are 1 to {m.rounds}, not {round_ + 1}")
            boards = m.order(table, round_)
            if board not in boards:
                raise TableError(
                    "cards.not_this_table",
                    board=board,
                    table=table,
                    round=round_ + 1,
                    boards=", ".join(map(str, boards)),
                )
            e = m.encounter(round_, table)
            if not (evening.present(e.ns, round_) and evening.present(e.ew, round_)):
                raise TableError("cards.sit_out", table=table, round=round_ + 1)
            if who == "table":
                if row.status != "playing":
                    raise TableError("session.not_playing")
                if round_ > evening.round:
                    raise TableError(
                        "cards.round_not_begun", round=round_ + 1, now=evening.round + 1
                    )
            kept = evening.results.get((table, board))
            data = read_result(row, table, round_, board, body)
            confirmed = bool(body.get("confirmed"))
            same = kept is not None and all(
                kept.get(k) == data.get(k)
                for k in ("kind", "contract", "declarer", "tricks", "lead")
            )
            if who == "table" and kept is not None and kept.get("confirmed") and not same:
                raise TableError("cards.confirmed_already", board=board, table=table)
            by = "director" if who == "director" else f"table {table}"
            if same and kept is not None:
                if confirmed and not kept.get("confirmed"):
                    await self._add(row, by, {"kind": "confirm", "table": table, "board": board})
                    kept = {**kept, "confirmed": True}
                return dict(kept)
            data = {**data, "confirmed": confirmed or who == "director"}
            await self._add(row, by, data)
        return data

    # --- the director -----------------------------------------------------------------------

    async def remove(self, code: str, token: str | None, table: int, board: int) -> None:
        """The director removes a table's result of a board."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            evening = await self._evening(row)
            if (table, board) not in evening.results:
                raise TableError("cards.no_result", board=board, table=table)
            await self._add(row, "director", {"kind": "remove", "table": table, "board": board})

    async def adjust(self, code: str, token: str | None, body: dict[str, Any]) -> None:
        """The director gives a table's board an adjusted score (Law 12C): ``ns`` and ``ew``
        each ``A+``, ``A`` or ``A-`` (an artificial score, 12C2), or ``score`` as
        :func:`~bridgeroom.sessions.parse_entry` reads it: ``assigned 4S N =`` (12C1(b)),
        ``30% 4S N = + 70% 4S N -1`` (weighted, 12C1(c)), ``NS 4S N = / EW 4S N -1`` (split),
        ``A+/A-``."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            m = self.movement(row)
            table, board = whole_number(body, "table"), whole_number(body, "board")
            if not 1 <= table <= m.tables:
                raise bad_request(f"the tables are 1 to {m.tables}, not {table}")
            try:
                round_ = m.round_of(board)
            except BridgeError as err:
                raise bad_request(err) from None
            e = m.encounter(round_, table)
            data: dict[str, Any] = {"kind": "adjusted", "table": table, "round": round_ + 1,
                                    "board": board, "confirmed": True}  # fmt: skip
            text = str(body.get("score") or "").strip()
            if text:
                try:
                    entry = parse_entry(row.options["game"], board, table, e.ns, e.ew, text)
                except BridgeError as err:
                    raise bad_field("score", err) from None
                data["score"] = entry.text()
            else:
                ns, ew = body.get("ns"), body.get("ew")
                for side, value in (("ns", ns), ("ew", ew)):
                    if value not in AVERAGES:
                        raise bad_request(
                            f'"{side}" is one of {", ".join(AVERAGES)}, not {value!r}'
                        )
                data["score"] = f"{ns}/{ew}"
                data["ns_award"], data["ew_award"] = ns, ew
            await self._add(row, "director", data)

    async def fouled(
        self, code: str, token: str | None, board: int, groups: list[list[int]]
    ) -> None:
        """The director scores a fouled board in its groups of tables (Law 87; ``[]``: the
        board is whole again)."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            m = self.movement(row)
            if not 1 <= board <= m.boards:
                raise bad_request(f"the boards are 1 to {m.boards}, not {board}")
            clean = [sorted({int(t) for t in g}) for g in groups if g]
            if clean:
                try:
                    Results(m, row.options["game"], row.options["scoring"]).with_fouled(
                        Fouled(board, tuple(tuple(g) for g in clean))
                    )
                except BridgeError as err:
                    raise bad_request(err) from None
            await self._add(row, "director", {"kind": "fouled", "board": board, "groups": clean})

    async def players(
        self, code: str, token: str | None, label: object, players: list[dict[str, str]]
    ) -> None:
        """The names (and membership numbers) of a pair's players: by the director, or at the
        table where the pair sits this round."""
        async with self._lock(code):
            row = await self._get(code)
            who, table = self._who(row, token)
            pair = self._pair(row, label)
            if who == "table":
                evening = await self._evening(row)
                m = self.movement(row)
                at, _ = m.where(pair, evening.round)
                if at != table:
                    raise TableError("cards.not_your_pair", pair=str(label), table=table)
            clean = []
            for p in players[:2]:
                name = person_name(str(p.get("name", "")))
                number = str(p.get("number", "")).strip()[:20]
                clean.append({"name": name, "number": number})
            by = "director" if who == "director" else f"table {table}"
            await self._add(row, by, {"kind": "players", "pair": pair, "players": clean})

    async def late(self, code: str, token: str | None, label: object) -> None:
        """A pair that was missing (the sit-out, or a pair late) plays from the current round."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            pair = self._pair(row, label)
            evening = await self._evening(row)
            await self._add(row, "director", {"kind": "late", "pair": pair, "round": evening.round})

    async def next_round(self, code: str, token: str | None) -> None:
        """The director calls the move: the next round begins."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            evening = await self._evening(row)
            m = self.movement(row)
            if evening.round + 1 >= m.rounds:
                raise TableError("cards.last_round", n=m.rounds)
            await self._add(row, "director", {"kind": "round", "round": evening.round + 1})

    async def end(self, code: str, token: str | None) -> None:
        """The director ends the session: the tables enter nothing more (he still may)."""
        async with self._lock(code):
            row = await self._get(code)
            self._director(row, token)
            await self._add(row, "director", {"kind": "end"})
            await self._db(self.rows.save, row.code, row.state, "finished")

    # --- what is shown ----------------------------------------------------------------------

    def _pair_names(self, row: SessionRecord, evening: Evening) -> dict[str, list[dict[str, str]]]:
        m = self.movement(row)
        return {m.label(p): players for p, players in sorted(evening.players.items())}

    def _visible(self, row: SessionRecord, evening: Evening, token: str | None) -> set[int]:
        """The boards whose traveller and hands ``token`` may see: all (the director's), those
        its table has a result of (a table's), those every table playing them has (anyone's):
        no hand reaches a table that still has to play it."""
        m = self.movement(row)
        if self._is_director(row, token):
            return set(range(1, m.boards + 1))
        table = self._table_of(row, token)
        out = set()
        for board in range(1, m.boards + 1):
            r = m.round_of(board)
            playing = [
                e.table for e in m.round(r) if evening.present(e.ns, r) and evening.present(e.ew, r)
            ]
            done = [t for t in playing if (t, board) in evening.results]
            if done and (len(done) == len(playing) or table in done):
                out.add(board)
        return out

    async def results(self, code: str, token: str | None) -> dict[str, Any]:
        """The travellers, the ranking and each pair's scorecard (as for every session), with
        the pairs' players, over the boards ``token`` may see (:meth:`_visible`)."""
        row = await self._get(code)
        evening = await self._evening(row)
        visible = self._visible(row, evening, token)
        evening.results = {k: v for k, v in evening.results.items() if k[1] in visible}
        results = scored(row, evening)
        deals = row.options["deals"]
        return {
            "code": code,
            "status": row.status,
            "play": "cards",
            "scoring": results.scoring,
            "boards": [{**results.board_dict(b), "deal": deals[b - 1]} for b in results.boards],
            "ranking": {
                direction: [results.standing_dict(s) for s in rows]
                for direction, rows in results.rankings().items()
            },
            "scorecards": {
                results.movement.label(p): results.scorecard(p) for p in results.movement.pairs
            },
            "players": self._pair_names(row, evening),
        }

    def _board_entries(
        self, row: SessionRecord, evening: Evening, table: int, r: int
    ) -> list[dict[str, Any]]:
        return [
            {"board": b, "result": evening.results.get((table, b))}
            for b in self.movement(row).order(table, r)
        ]

    async def table_view(self, code: str, token: str | None) -> dict[str, Any]:
        """What a table's phone shows: its table, the round now, and each round's pairs and
        boards with the results entered."""
        row = await self._get(code)
        _, table = self._who(row, token)
        if table is None:
            raise TableError("cards.table_only")
        evening = await self._evening(row)
        rounds = [
            {**r, "entries": self._board_entries(row, evening, table, r["round"] - 1)}
            for r in rounds_played(row, evening)
            if r["table"] == table and r["round"] - 1 <= evening.round
        ]
        return {
            "code": code,
            "title": row.options.get("title", ""),
            "game": row.options["game"],
            "language": row.options.get("language", "en"),
            "status": row.status,
            "table": table,
            "round": evening.round + 1,
            "rounds_total": self.movement(row).rounds,
            "rounds": rounds,
            "players": self._pair_names(row, evening),
        }

    async def desk(self, code: str, token: str | None) -> dict[str, Any]:
        """The director's desk: every table at a glance (its round, the board it is at, the
        results missing), the change log, the ranking."""
        row = await self._get(code)
        self._director(row, token)
        evening = await self._evening(row)
        m = self.movement(row)
        glance = []
        for e in m.round(evening.round) if m.rounds > evening.round else ():
            r = evening.round
            sit_out = not (evening.present(e.ns, r) and evening.present(e.ew, r))
            entries = self._board_entries(row, evening, e.table, r)
            missing = [x["board"] for x in entries if x["result"] is None]
            glance.append(
                {
                    "table": e.table,
                    "round": r + 1,
                    "ns": m.label(e.ns),
                    "ew": m.label(e.ew),
                    "sit_out": sit_out,
                    "board": None if sit_out or not missing else missing[0],
                    "missing": [] if sit_out else missing,
                    "unconfirmed": [
                        x["board"]
                        for x in entries
                        if x["result"] is not None and not x["result"].get("confirmed")
                    ],
                }
            )
        results = [
            {
                **d,
                "ns": m.label(m.encounter(int(d["round"]) - 1, t).ns),
                "ew": m.label(m.encounter(int(d["round"]) - 1, t).ew),
            }
            for (t, _), d in sorted(evening.results.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ]
        return {
            "code": code,
            "title": row.options.get("title", ""),
            "status": row.status,
            "game": row.options["game"],
            "scoring": row.options["scoring"],
            "movement": m.to_dict(),
            "round": evening.round + 1,
            "rounds_total": m.rounds,
            "tables": glance,
            "results": results,
            "pairs": [m.label(p) for p in m.pairs],
            "absent": [m.label(p) for p, r in evening.arrives.items() if r is None],
            "fouled": {str(b): groups for b, groups in sorted(evening.fouled.items())},
            "players": self._pair_names(row, evening),
            "log": evening.log[::-1],
            "links": [
                {"table": t, "path": f"/session/{code}/table/{t}#t={table_token(token or '', t)}"}
                for t in range(1, m.tables + 1)
            ],
            "ranking": (await self.results(code, token))["ranking"],
        }

    async def summary(self, code: str, token: str | None) -> dict[str, Any]:
        """The session at a glance, for anyone (``GET /api/sessions/{code}``)."""
        row = await self._get(code)
        evening = await self._evening(row)
        m = self.movement(row)
        return {
            "code": code,
            "play": "cards",
            "status": row.status,
            "title": row.options.get("title", ""),
            "game": row.options["game"],
            "scoring": row.options["scoring"],
            "language": row.options.get("language", "en"),
            "round": evening.round + 1,
            "movement": m.to_dict(),
            "director": self._is_director(row, token),
            "table": self._table_of(row, token),
        }

    async def table_cards(self, code: str, token: str | None, origin: str) -> bytes:
        """The table cards (PDF) with each table's link under ``origin`` (the director's)."""
        from bridgeroom.server.table_cards import table_cards_pdf

        row = await self._get(code)
        self._director(row, token)
        evening = await self._evening(row)
        rounds = rounds_played(row, evening)
        tables = [
            {
                "table": t,
                "link": f"{origin.rstrip('/')}/session/{code}/table/{t}#t="
                + table_token(token or "", t),
                "rounds": [r for r in rounds if r["table"] == t],
            }
            for t in range(1, self.movement(row).tables + 1)
        ]
        o = row.options
        return await asyncio.to_thread(
            table_cards_pdf, o.get("title", ""), code, tables, o.get("language", "en")
        )

    async def boards_file(self, code: str, token: str | None, fmt: str) -> bytes:
        """The session's boards for a dealing machine (the director's: they show every hand):
        ``pbn``, Duplimate's ``dup`` or Dealer4's ``dlm``."""
        from bridgeroom.formats.dealing import dlm_text, dup_bytes
        from bridgeroom.formats.pbn import PbnGame, dumps
        from bridgeroom.rules import Deal, board_dealer, board_vulnerability

        row = await self._get(code)
        self._director(row, token)
        deals = {b: Deal.parse(d) for b, d in enumerate(row.options["deals"], start=1)}
        if fmt == "dup":
            return dup_bytes(deals)
        if fmt == "dlm":
            return dlm_text(deals).encode("ascii")
        if fmt == "pbn":
            games = [
                PbnGame(
                    {
                        "Event": row.options.get("title", "") or f"bridgeroom session {code}",
                        "Site": "bridgeroom",
                        "Date": "?",
                        "Board": str(b),
                        "West": "?",
                        "North": "?",
                        "East": "?",
                        "South": "?",
                        "Dealer": board_dealer(b).letter,
                        "Vulnerable": board_vulnerability(b).pbn,
                        "Deal": deal.to_pbn(),
                    }
                )
                for b, deal in deals.items()
            ]
            return dumps(games).encode("utf-8")
        raise bad_request(f"the boards are downloaded as pbn, dup or dlm, not {fmt[:10]!r}")

    async def hand_records(self, code: str, token: str | None) -> list[dict[str, Any]]:
        """The hands of the boards the request may see (:meth:`_visible`: the director's,
        every board) with their double-dummy tables and par, worked out once (endplay, on a
        thread of its own)."""
        row = await self._get(code)
        boards = tuple(sorted(self._visible(row, await self._evening(row), token)))
        key = (code, boards)
        if key not in self._records:
            self._records[key] = await asyncio.to_thread(
                hand_records, row.options["deals"], boards, row.options["game"]
            )
        return self._records[key]

    async def usebio(self, code: str, token: str | None) -> str:
        """The results the request may see as a USEBIO 1.2 document, with the hands of those
        boards and each pair's players (:func:`bridgeroom.sessions.usebio.usebio_xml`)."""
        from bridgeroom.rules import Deal
        from bridgeroom.sessions.usebio import usebio_xml

        row = await self._get(code)
        results, deals = await self.exports(code, token)
        entries = await self._db(self.rows.entries, row.code)
        # the session's date: its first entry's (UTC), or today's for a session not started
        day = entries[0].at.date() if entries else datetime.now(UTC).date()
        return usebio_xml(
            results,
            {b: Deal.parse(d) for b, d in deals.items()},
            event=row.options.get("title", "") or f"bridgeroom session {code}",
            date=day,
        )

    async def exports(self, code: str, token: str | None) -> tuple[Results, dict[int, str]]:
        """The results so far and the deals (PBN deal strings) of the boards ``token`` may see,
        for the files."""
        row = await self._get(code)
        evening = await self._evening(row)
        visible = self._visible(row, evening, token)
        evening.results = {k: v for k, v in evening.results.items() if k[1] in visible}
        deals = row.options["deals"]
        return scored(row, evening), {b: deals[b - 1] for b in sorted(visible)}
