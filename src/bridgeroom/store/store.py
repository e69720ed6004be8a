"""The :class:`Store`: the database of matches, seats, deals, action logs and pad entries."""

from __future__ import annotations

import functools
import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from bridgeroom.store.errors import MatchNotFound, StoreError, StoreUnavailable, failure
from bridgeroom.store.models import (
    ActionRow,
    DealRow,
    MatchRow,
    PadEntryRow,
    ProbeRow,
    SeatRow,
    utcnow,
)
from bridgeroom.store.options import MatchOptions
from bridgeroom.store.records import (
    STATUSES,
    MatchRecord,
    MatchSummary,
    SeatSpec,
    match_record,
)
from bridgeroom.store.schema import ensure_schema
from bridgeroom.store.tokens import hash_token
from bridgeroom.store.urls import database_url, safe_url
from bridgeroom.store.writes import TableWrite, apply_writes

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(what: str) -> Callable[[F], F]:
    """A store method whose database errors become the store's own (:func:`failure`):
    :class:`StoreUnavailable` when the database cannot write now, else :class:`StoreError`."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def method(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except SQLAlchemyError as err:
                raise failure(err, f"cannot {what}") from None

        return cast(F, method)

    return wrap


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database of matches. ``url``: see :func:`database_url`. A new database gets the
    tables, an older one is migrated (:func:`~bridgeroom.store.schema.ensure_schema`).

    Every method runs in its own transaction and commits before it returns; a database error
    is a :class:`StoreError` (:class:`StoreUnavailable` when the database cannot write now:
    nothing of that call was written).
    """

    def __init__(self, url: str | None = None, *, echo: bool = False) -> None:
        self.url = database_url(url)
        parsed: URL = make_url(self.url)
        options: dict[str, Any] = {"echo": echo, "future": True}
        try:
            if parsed.get_backend_name() == "sqlite":
                database = parsed.database
                if database and database != ":memory:" and not database.startswith("file:"):
                    Path(database).parent.mkdir(parents=True, exist_ok=True)
                options["connect_args"] = {"timeout": 30}
            else:
                options["pool_pre_ping"] = True
            self.engine: Engine = create_engine(self.url, **options)
            if parsed.get_backend_name() == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            ensure_schema(self.engine)
        except (SQLAlchemyError, ImportError, OSError) as err:
            raise StoreError(f"cannot open the database {safe_url(self.url)}: {err}") from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Store({safe_url(self.url)!r})"

    def _session(self) -> Session:
        return self._sessions()

    # --- matches --------------------------------------------------------------------

    @_guarded("create a match")
    def create_match(
        self,
        kind: str,
        game: str,
        scoring: str,
        *,
        seats: Iterable[SeatSpec | str | tuple[str, str | None]] = (),
        options: MatchOptions | None = None,
        seed: int | str | None = None,
        private: bool = False,
        host_hash: str | None = None,
    ) -> MatchRecord:
        """Create a match (``kind`` ``play`` or ``pad``) with its seats, positions 0, 1, 2...,
        in one transaction.

        A seat is a :class:`SeatSpec`, a robot level, or ``(player name, robot level or None)``.
        ``host_hash``: the hash of the host's token (a server's table).
        """
        if kind not in ("play", "pad"):
            raise StoreError(f"a match is of kind 'play' or 'pad', not {kind!r}")
        with self._session() as session, session.begin():
            row = MatchRow(
                code=secrets.token_urlsafe(9),
                kind=kind,
                game=game,
                scoring=scoring,
                options=(options or MatchOptions()).to_json(),
                seed=None if seed is None else str(seed),
                status="active",
                private=private,
                host_hash=host_hash,
            )
            for position, spec in enumerate(SeatSpec.of(s) for s in seats):
                row.seats.append(
                    SeatRow(
                        position=position,
                        player=spec.player,
                        is_robot=spec.robot_level is not None,
                        robot_level=spec.robot_level,
                        token_hash=spec.token_hash,
                    )
                )
            session.add(row)
            session.flush()
            match_id = row.id
        return self.get_match(match_id)

    def _match_row(self, session: Session, match: int | str, *, deals: bool = True) -> MatchRow:
        loads = [selectinload(MatchRow.seats)]
        if deals:
            loads += [
                selectinload(MatchRow.deals).selectinload(DealRow.actions),
                selectinload(MatchRow.pad_entries),
            ]
        stmt = select(MatchRow).options(*loads)
        if isinstance(match, int) or (isinstance(match, str) and match.strip().isdigit()):
            stmt = stmt.where(MatchRow.id == int(match))
        else:
            stmt = stmt.where(MatchRow.code == str(match).strip())
        row = session.scalars(stmt).first()
        if row is None:
            raise MatchNotFound(match, safe_url(self.url))
        return row

    @_guarded("read a match")
    def get_match(self, match: int | str) -> MatchRecord:
        """A match with its seats, deals (with their logs) and pad entries, by id or code."""
        with self._session() as session:
            return match_record(self._match_row(session, match))

    @_guarded("list the matches")
    def list_matches(
        self,
        *,
        player: str | None = None,
        kind: str | None = None,
        status: str | None = None,
        limit: int = 50,
    ) -> list[MatchSummary]:
        """The matches, the most recently changed first; ``player`` keeps those with a seat of that name."""
        with self._session() as session:
            stmt = select(MatchRow).options(selectinload(MatchRow.seats))
            if player is not None:
                stmt = stmt.where(
                    MatchRow.id.in_(select(SeatRow.match_id).where(SeatRow.player == player))
                )
            if kind is not None:
                stmt = stmt.where(MatchRow.kind == kind)
            if status is not None:
                stmt = stmt.where(MatchRow.status == status)
            stmt = stmt.order_by(MatchRow.updated_at.desc(), MatchRow.id.desc()).limit(limit)
            rows = list(session.scalars(stmt))
            ids = [r.id for r in rows]
            deals = self._deal_counts(session, ids)
            counts = {match_id: n for match_id, (n, _) in deals.items()}
            if rows:
                for match_id, n in session.execute(
                    select(PadEntryRow.match_id, func.count(PadEntryRow.id))
                    .where(PadEntryRow.match_id.in_(ids), PadEntryRow.replaced.is_(False))
                    .group_by(PadEntryRow.match_id)
                ):
                    counts[match_id] = counts.get(match_id, 0) + n
            return [
                MatchSummary(
                    r.id,
                    r.code,
                    r.kind,
                    r.game,
                    r.scoring,
                    r.status,
                    tuple(s.player for s in r.seats),
                    counts.get(r.id, 0),
                    r.created_at,
                    r.updated_at,
                    r.private,
                    deals.get(r.id, (0, 0))[1],
                )
                for r in rows
            ]

    @_guarded("change a match's status")
    def set_status(self, match: int | str, status: str) -> None:
        """Mark a match ``active``, ``finished`` or ``abandoned``."""
        if status not in STATUSES:
            raise StoreError(f"a match is {', '.join(STATUSES)}, not {status!r}")
        with self._session() as session, session.begin():
            row = self._match_row(session, match)
            row.status = status
            row.updated_at = utcnow()

    # --- seats ---------------------------------------------------------------------------

    @_guarded("change a seat")
    def update_seat(
        self,
        match: int | str,
        position: int,
        *,
        player: str | None = None,
        robot_level: str | bool | None = False,
    ) -> None:
        """Change who sits at ``position``: a new name, or ``robot_level`` (``None``: a person)."""
        with self._session() as session, session.begin():
            row = self._seat_row(session, match, position)
            if player is not None:
                row.player = player
            if robot_level is not False:
                row.robot_level = robot_level if isinstance(robot_level, str) else None
                row.is_robot = isinstance(robot_level, str)
            row.match.updated_at = utcnow()

    def _seat_row(self, session: Session, match: int | str, position: int) -> SeatRow:
        match_row = self._match_row(session, match, deals=False)
        for seat in match_row.seats:
            if seat.position == position:
                return seat
        raise StoreError(f"match {match!r} has no seat {position}")

    @_guarded("keep a seat's token")
    def set_seat_token(self, match: int | str, position: int, token: str | None) -> None:
        """Keep the hash of the secret ``token`` of a seat (``None`` frees the seat)."""
        with self._session() as session, session.begin():
            row = self._seat_row(session, match, position)
            row.token_hash = None if token is None else hash_token(token)

    @_guarded("check a seat's token")
    def seat_of_token(self, match: int | str, token: str) -> int | None:
        """The position whose token is ``token``, or ``None`` (compared in constant time)."""
        digest = hash_token(token)
        with self._session() as session:
            rows = session.execute(
                select(SeatRow.position, SeatRow.token_hash).where(
                    SeatRow.match_id == self._match_key(session, match)
                )
            )
            for position, token_hash in rows:
                if token_hash is not None and hmac.compare_digest(token_hash, digest):
                    return int(position)
        return None

    def _match_key(self, session: Session, match: int | str) -> int:
        if isinstance(match, int) or (isinstance(match, str) and match.strip().isdigit()):
            return int(match)
        found = session.scalar(select(MatchRow.id).where(MatchRow.code == str(match).strip()))
        if found is None:
            raise MatchNotFound(match, safe_url(self.url))
        return int(found)

    @_guarded("take a seat")
    def take_seat(
        self, match: int | str, position: int, player: str, token_hash: str | None
    ) -> None:
        """A person called ``player`` takes the seat at ``position`` with the token whose hash is
        ``token_hash`` (one transaction: the name and the token together)."""
        with self._session() as session, session.begin():
            row = self._seat_row(session, match, position)
            row.player = player
            row.is_robot = False
            row.robot_level = None
            row.token_hash = token_hash
            row.joined_at = utcnow()
            row.match.updated_at = utcnow()

    @_guarded("seat robots")
    def set_robots(self, match: int | str, robots: Mapping[int, tuple[str, str]]) -> None:
        """Robots take the seats of ``robots`` (position -> (name, level)) in one transaction."""
        if not robots:
            return
        with self._session() as session, session.begin():
            match_row = self._match_row(session, match, deals=False)
            by_position = {seat.position: seat for seat in match_row.seats}
            for position, (name, level) in robots.items():
                seat = by_position.get(position)
                if seat is None:
                    raise StoreError(f"match {match!r} has no seat {position}")
                seat.player, seat.is_robot, seat.robot_level = name, True, level
                seat.token_hash = None
            match_row.updated_at = utcnow()

    @_guarded("delete a match")
    def delete_match(self, match: int | str) -> None:
        """Delete a match with its seats, deals and logs (the database's cascade)."""
        with self._session() as session, session.begin():
            match_id = self._match_key(session, match)
            session.execute(delete(MatchRow).where(MatchRow.id == match_id))

    @_guarded("list the tables")
    def list_tables(
        self,
        *,
        status: str | None = "active",
        public: bool = True,
        server: bool = True,
        limit: int = 100,
    ) -> list[tuple[MatchRecord, int]]:
        """Played matches with their seats (no deals) and how many deals each has, the most
        recently changed first: ``public`` leaves private ones out, ``server`` keeps the
        server's tables only."""
        with self._session() as session:
            stmt = (
                select(MatchRow)
                .options(selectinload(MatchRow.seats))
                .where(MatchRow.kind == "play")
                .order_by(MatchRow.updated_at.desc(), MatchRow.id.desc())
            )
            if status is not None:
                stmt = stmt.where(MatchRow.status == status)
            if public:
                stmt = stmt.where(MatchRow.private.is_(False))
            rows = []
            # the options (JSON) are read here rather than queried, alike in SQLite and PostgreSQL
            for row in session.scalars(stmt.limit(limit * 4 if server else limit)):
                if server and not MatchOptions.from_json(row.options).server:
                    continue
                rows.append(row)
                if len(rows) >= limit:
                    break
            counts = self._deal_counts(session, [r.id for r in rows])
            return [(match_record(r, full=False), counts.get(r.id, (0, 0))[0]) for r in rows]

    @staticmethod
    def _deal_counts(session: Session, ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """Per match: its deals, and those finished."""
        if not ids:
            return {}
        finished = func.count(DealRow.finished_at)
        return {
            int(match_id): (int(n), int(done))
            for match_id, n, done in session.execute(
                select(DealRow.match_id, func.count(DealRow.id), finished)
                .where(DealRow.match_id.in_(list(ids)))
                .group_by(DealRow.match_id)
            )
        }

    @_guarded("find the idle tables")
    def idle_tables(self, before: datetime, limit: int = 1000) -> list[tuple[int, str]]:
        """The server's active tables (``id``, ``code``) unchanged since ``before``."""
        with self._session() as session:
            rows = session.execute(
                select(MatchRow.id, MatchRow.code, MatchRow.options)
                .where(
                    MatchRow.kind == "play",
                    MatchRow.status == "active",
                    MatchRow.updated_at < before,
                )
                .order_by(MatchRow.updated_at)
                .limit(limit)
            )
            return [(int(i), str(c)) for i, c, o in rows if MatchOptions.from_json(o).server]

    @_guarded("mark tables abandoned")
    def abandon(self, matches: Sequence[int]) -> None:
        """Mark the active ones of ``matches`` ``abandoned`` (one statement)."""
        if not matches:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(MatchRow)
                .where(MatchRow.id.in_(list(matches)), MatchRow.status == "active")
                .values(status="abandoned")
            )

    def probe(self) -> None:
        """Write one row and commit: raises :class:`StoreUnavailable` while the database cannot
        write (a full disk, a read-only file, a lost connection)."""
        try:
            with self.engine.begin() as conn:
                now = utcnow()
                done = conn.execute(update(ProbeRow).where(ProbeRow.id == 1).values(at=now))
                if done.rowcount == 0:
                    conn.execute(insert(ProbeRow).values(id=1, at=now))
        except SQLAlchemyError as err:
            error = failure(err, "cannot write")
            if isinstance(error, StoreUnavailable):
                raise error from None
            raise StoreUnavailable(str(error)) from None

    # --- deals and actions ------------------------------------------------------------------

    def add_deal(
        self,
        match: int | str,
        number: int,
        dealer: str,
        vulnerability: str,
        cards: str,
        *,
        board: int | None = None,
        pack: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> int:
        """Store a new deal of a match and return its id.

        One ``INSERT`` and one ``UPDATE`` of the match's time: the match is not loaded, so the
        cost does not grow with the deals played (a live table adds one after every deal).
        """
        now = utcnow()
        try:
            with self.engine.begin() as conn:
                match_id = self._match_id(conn, match)
                deal_id = conn.execute(
                    insert(DealRow).returning(DealRow.id),
                    {
                        "match_id": match_id,
                        "number": number,
                        "board": board,
                        "pack": pack,
                        "dealer": dealer,
                        "vulnerability": vulnerability,
                        "cards": cards,
                        "options": dict(options or {}),
                        "created_at": now,
                    },
                ).scalar_one()
                conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(updated_at=now))
        except IntegrityError:
            raise StoreError(f"match {match!r} already has a deal {number}") from None
        except SQLAlchemyError as err:
            raise failure(err, f"cannot store deal {number} of match {match!r}") from None
        return int(deal_id)

    def _match_id(self, conn: Connection, match: int | str) -> int:
        if isinstance(match, int) or (isinstance(match, str) and match.strip().isdigit()):
            where = MatchRow.id == int(match)
        else:
            where = MatchRow.code == str(match).strip()
        found = conn.execute(select(MatchRow.id).where(where)).scalar()
        if found is None:
            raise MatchNotFound(match, safe_url(self.url))
        return int(found)

    @_guarded("store an action")
    def append_action(self, deal_id: int, seat: str, action: str) -> int:
        """Append ``action`` by ``seat`` to a deal's log, commit, and return its sequence number."""
        with self._session() as session, session.begin():
            deal = session.get(DealRow, deal_id)
            if deal is None:
                raise StoreError(f"no deal {deal_id}")
            if deal.result is not None:
                raise StoreError(f"deal {deal_id} is over; its log is closed")
            last = session.scalar(
                select(func.max(ActionRow.seq)).where(ActionRow.deal_id == deal_id)
            )
            seq = (last or 0) + 1
            session.add(ActionRow(deal_id=deal_id, seq=seq, seat=seat, action=action))
            deal.match.updated_at = utcnow()
        return seq

    @_guarded("read a deal's log")
    def log_since(self, deal_id: int, seq: int) -> list[tuple[int, str, str]]:
        """The entries of a deal's log after entry ``seq``, in order: ``(seq, seat, word)``
        (a server that follows a table another process writes reads only what is new)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.deal_id == deal_id, ActionRow.seq > seq)
                .order_by(ActionRow.seq)
            )
            return [(int(n), str(seat), str(word)) for n, seat, word in rows]

    def write_tables(self, writes: Sequence[TableWrite]) -> list[int | StoreError | None]:
        """Store the writes of live tables (:class:`~bridgeroom.store.TableWrite`: each the rows
        of one change of one table) in one transaction; if that fails, each alone, so that one
        bad write (a log number already taken) fails alone. Returns per write the id of the
        deal it added (or ``None``), or its error; when the database cannot write at all, every
        write gets the same :class:`StoreUnavailable`."""
        try:
            with self.engine.begin() as conn:
                return list(apply_writes(conn, writes))
        except (SQLAlchemyError, StoreError) as err:
            error = failure(err, "cannot store") if isinstance(err, SQLAlchemyError) else err
            if len(writes) == 1 or isinstance(error, StoreUnavailable):
                return [error] * len(writes)
        out: list[int | StoreError | None] = []
        for write in writes:
            out.extend(self.write_tables([write]))
        return out

    def finish_deal(self, deal_id: int, result: Mapping[str, Any]) -> None:
        """Record a deal's result; its log is closed (one ``UPDATE`` of the deal, one of its
        match's time)."""
        now = utcnow()
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    update(DealRow)
                    .where(DealRow.id == deal_id)
                    .values(result=dict(result), finished_at=now)
                )
                if done.rowcount == 0:
                    raise StoreError(f"no deal {deal_id}")
                owner = select(DealRow.match_id).where(DealRow.id == deal_id).scalar_subquery()
                conn.execute(update(MatchRow).where(MatchRow.id == owner).values(updated_at=now))
        except SQLAlchemyError as err:
            raise failure(err, f"cannot store the result of deal {deal_id}") from None

    def set_deal_review(self, deal_id: int, review: Mapping[str, Any]) -> None:
        """Keep the review of a finished deal with it (:mod:`bridgeroom.analysis.review`, as
        JSON), in the deal's options under ``review``: it is worked out once. No new column:
        the options are the deal's JSON field."""
        try:
            with self._session() as session, session.begin():
                deal = session.get(DealRow, deal_id)
                if deal is None:
                    raise StoreError(f"no deal {deal_id}")
                deal.options = {**(deal.options or {}), "review": dict(review)}
        except SQLAlchemyError as err:
            raise failure(err, f"cannot store the review of deal {deal_id}") from None

    @_guarded("reopen a deal")
    def reopen_deal(self, deal_id: int) -> None:
        """Clear a deal's result (after an undo of its last action)."""
        with self._session() as session, session.begin():
            deal = session.get(DealRow, deal_id)
            if deal is None:
                raise StoreError(f"no deal {deal_id}")
            deal.result = None
            deal.finished_at = None

    # --- score pads ----------------------------------------------------------------------------

    @_guarded("store a pad entry")
    def add_pad_entry(
        self,
        match: int | str,
        *,
        declarer: str | None,
        contract: str | None,
        tricks: int = 0,
        honors: str | None = None,
        board: int | None = None,
        replace_last: bool = False,
    ) -> int:
        """Append a score-pad entry; ``replace_last`` marks the last entry in force as replaced by it."""
        with self._session() as session, session.begin():
            row = self._match_row(session, match)
            if replace_last:
                self._drop_last(row)
            seq = max((e.seq for e in row.pad_entries), default=0) + 1
            row.pad_entries.append(
                PadEntryRow(
                    seq=seq,
                    board=board,
                    declarer=declarer,
                    contract=contract,
                    tricks=tricks,
                    honors=honors,
                )
            )
            row.updated_at = utcnow()
            return seq

    @_guarded("withdraw a pad entry")
    def remove_last_pad_entry(self, match: int | str) -> None:
        """Withdraw the last entry in force (kept in the record, marked replaced)."""
        with self._session() as session, session.begin():
            row = self._match_row(session, match)
            self._drop_last(row)
            row.updated_at = utcnow()

    @staticmethod
    def _drop_last(row: MatchRow) -> None:
        live = [e for e in row.pad_entries if not e.replaced]
        if not live:
            raise StoreError("the pad has no entry to correct")
        live[-1].replaced = True
