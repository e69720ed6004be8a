"""The record of games and score pads: SQLAlchemy 2.0, SQLite by default, PostgreSQL by URL.

The terminal client and the web server keep everything here. A match holds
its seats, its deals and, for each deal, the append-only log of actions;
every action is committed as soon as it is taken, so a game is rebuilt after
a crash by replaying its log through the rules engine (:func:`replay`).

    >>> store = Store("sqlite://")                     # in memory
    >>> match = store.create_match("play", "contract", "rubber", seats=[("Ann", None), "basic", "basic", "basic"])
    >>> deal_id = store.add_deal(match.id, 1, "N", "None", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> [store.append_action(deal_id, seat, call) for seat, call in zip("NESW", ["7NT", "P", "P", "P"], strict=True)]
    [1, 2, 3, 4]
    >>> from bridgeroom.rules import ContractBridgeDeal
    >>> record = store.get_match(match.id).deals[0]
    >>> replay(ContractBridgeDeal(record.cards, record.dealer), record.actions).contract
    Contract('7NTN')

Where the
database lives: :func:`database_url` (``--database URL``, else the
``BRIDGEROOM_DATABASE`` variable, else ``bridgeroom.sqlite3`` in the user's
data folder).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, func, select
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Seat
from bridgeroom.rules.state import DealState
from bridgeroom.store.models import (
    ActionRow,
    Base,
    DealRow,
    MatchRow,
    PadEntryRow,
    SeatRow,
    utcnow,
)

__all__ = [
    "UNDO",
    "STATUSES",
    "ActionRecord",
    "DealRecord",
    "MatchRecord",
    "MatchSummary",
    "PadEntry",
    "SeatRecord",
    "SeatSpec",
    "Store",
    "StoreError",
    "data_dir",
    "database_url",
    "hash_token",
    "new_token",
    "normalize_url",
    "replay",
]

#: The log word that takes back the last action of a deal (the log itself is never rewritten).
UNDO = "undo"
#: The states of a match.
STATUSES = ("active", "finished", "abandoned")


class StoreError(BridgeError):
    """A database that cannot be opened, a match or deal that does not exist, a bad URL."""


# --- where the database is ----------------------------------------------------------


def data_dir(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> Path:
    """The user's data folder for bridgeroom.

    Linux and others: ``$XDG_DATA_HOME/bridgeroom`` (default ``~/.local/share/bridgeroom``);
    macOS: ``~/Library/Application Support/bridgeroom``; Windows: ``%APPDATA%\\bridgeroom``.

    >>> data_dir({"XDG_DATA_HOME": "/data", "HOME": "/home/ann"}, "linux").as_posix()
    '/data/bridgeroom'
    >>> data_dir({"HOME": "/home/ann"}, "linux").as_posix()
    '/home/ann/.local/share/bridgeroom'
    """
    env = os.environ if environ is None else environ
    home = Path(env.get("HOME") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "bridgeroom"


def normalize_url(url: str) -> str:
    """A database URL SQLAlchemy can open.

    A plain file path means an SQLite file; ``postgres://`` and ``postgresql://``
    use the psycopg (version 3) driver; a URL naming its driver is kept.

    >>> normalize_url("/tmp/games.sqlite3")
    'sqlite:////tmp/games.sqlite3'
    >>> normalize_url("postgresql://ann:secret@db.example/bridge")
    'postgresql+psycopg://ann:secret@db.example/bridge'
    >>> normalize_url("postgres://db.example/bridge")
    'postgresql+psycopg://db.example/bridge'
    >>> normalize_url("postgresql+psycopg2://db.example/bridge")
    'postgresql+psycopg2://db.example/bridge'
    """
    text = url.strip()
    if not text:
        raise StoreError("the database URL is empty")
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    scheme, rest = text.split("://", 1)
    if scheme.lower() in ("postgres", "postgresql"):
        text = f"postgresql+psycopg://{rest}"
    try:
        parsed = make_url(text)
    except ArgumentError as err:
        raise StoreError(f"not a database URL: {url!r} ({err})") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(
            f"bridgeroom stores games in SQLite or PostgreSQL, not {parsed.get_backend_name()!r}: {url!r}"
        )
    return text


def database_url(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database to use: ``explicit`` (``--database``), else ``BRIDGEROOM_DATABASE``,
    else the SQLite file ``bridgeroom.sqlite3`` in :func:`data_dir`.

    >>> database_url(None, {"BRIDGEROOM_DATABASE": "postgresql://h/b"})
    'postgresql+psycopg://h/b'
    >>> database_url(None, {"XDG_DATA_HOME": "/d", "HOME": "/h"}).endswith("/d/bridgeroom/bridgeroom.sqlite3")
    True
    """
    env = os.environ if environ is None else environ
    if explicit:
        return normalize_url(explicit)
    if env.get("BRIDGEROOM_DATABASE"):
        return normalize_url(env["BRIDGEROOM_DATABASE"])
    return "sqlite:///" + str(data_dir(env) / "bridgeroom.sqlite3")


def safe_url(url: str) -> str:
    """The URL with its password hidden, for messages.

    >>> safe_url("postgresql+psycopg://ann:secret@h/b")
    'postgresql+psycopg://ann:***@h/b'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


# --- seat tokens -------------------------------------------------------------------


def new_token() -> str:
    """A new random seat token (URL-safe, 256 bits)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored for a seat token (tokens are random, so no salt is needed).

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# --- what the store returns ------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpec:
    """A seat to create: a person (``robot_level`` ``None``) or a robot of a level."""

    player: str
    robot_level: str | None = None

    @classmethod
    def of(cls, value: SeatSpec | str | tuple[str, str | None]) -> SeatSpec:
        """From a spec, a robot level (``"basic"``), or ``(name, level or None)``."""
        if isinstance(value, SeatSpec):
            return value
        if isinstance(value, str):
            return cls(f"robot ({value})", value)
        name, level = value
        return cls(name, level)


@dataclass(frozen=True)
class SeatRecord:
    position: int
    player: str
    is_robot: bool
    robot_level: str | None
    has_token: bool


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: str
    action: str


@dataclass(frozen=True)
class DealRecord:
    id: int
    number: int
    board: int | None
    pack: int | None
    dealer: str
    vulnerability: str
    cards: str
    options: dict[str, Any]
    result: dict[str, Any] | None
    actions: tuple[ActionRecord, ...]

    @property
    def is_over(self) -> bool:
        return self.result is not None


@dataclass(frozen=True)
class PadEntry:
    seq: int
    board: int | None
    declarer: str | None
    contract: str | None
    tricks: int
    honors: str | None
    replaced: bool = False


@dataclass(frozen=True)
class MatchRecord:
    id: int
    code: str
    kind: str
    game: str
    scoring: str
    options: dict[str, Any]
    seed: str | None
    status: str
    private: bool
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRecord, ...]
    deals: tuple[DealRecord, ...] = ()
    pad_entries: tuple[PadEntry, ...] = field(default=())

    @property
    def entries(self) -> tuple[PadEntry, ...]:
        """The pad entries in force (corrected ones left out)."""
        return tuple(e for e in self.pad_entries if not e.replaced)

    @property
    def current_deal(self) -> DealRecord | None:
        """The last deal if it is not over."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None


@dataclass(frozen=True)
class MatchSummary:
    """A line of the list of matches."""

    id: int
    code: str
    kind: str
    game: str
    scoring: str
    status: str
    players: tuple[str, ...]
    deals: int
    created_at: datetime
    updated_at: datetime


def _seat_record(row: SeatRow) -> SeatRecord:
    return SeatRecord(
        row.position, row.player, row.is_robot, row.robot_level, row.token_hash is not None
    )


def _deal_record(row: DealRow) -> DealRecord:
    return DealRecord(
        row.id,
        row.number,
        row.board,
        row.pack,
        row.dealer,
        row.vulnerability,
        row.cards,
        dict(row.options or {}),
        dict(row.result) if row.result is not None else None,
        tuple(ActionRecord(a.seq, a.seat, a.action) for a in row.actions),
    )


def _match_record(row: MatchRow, *, full: bool = True) -> MatchRecord:
    return MatchRecord(
        row.id,
        row.code,
        row.kind,
        row.game,
        row.scoring,
        dict(row.options or {}),
        row.seed,
        row.status,
        row.private,
        row.created_at,
        row.updated_at,
        tuple(_seat_record(s) for s in row.seats),
        tuple(_deal_record(d) for d in row.deals) if full else (),
        tuple(
            PadEntry(e.seq, e.board, e.declarer, e.contract, e.tricks, e.honors, e.replaced)
            for e in row.pad_entries
        )
        if full
        else (),
    )


# --- the store ------------------------------------------------------------------------


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database of matches. ``url``: see :func:`database_url`; the tables are created if missing.

    Every method runs in its own transaction and commits before it returns.
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
            Base.metadata.create_all(self.engine)
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

    def create_match(
        self,
        kind: str,
        game: str,
        scoring: str,
        *,
        seats: Iterable[SeatSpec | str | tuple[str, str | None]] = (),
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
        private: bool = False,
    ) -> MatchRecord:
        """Create a match (``kind`` ``play`` or ``pad``) with its seats, positions 0, 1, 2...

        A seat is a :class:`SeatSpec`, a robot level, or ``(player name, robot level or None)``.
        """
        if kind not in ("play", "pad"):
            raise StoreError(f"a match is of kind 'play' or 'pad', not {kind!r}")
        with self._session() as session, session.begin():
            row = MatchRow(
                code=secrets.token_urlsafe(9),
                kind=kind,
                game=game,
                scoring=scoring,
                options=dict(options or {}),
                seed=None if seed is None else str(seed),
                status="active",
                private=private,
            )
            for position, spec in enumerate(SeatSpec.of(s) for s in seats):
                row.seats.append(
                    SeatRow(
                        position=position,
                        player=spec.player,
                        is_robot=spec.robot_level is not None,
                        robot_level=spec.robot_level,
                    )
                )
            session.add(row)
            session.flush()
            match_id = row.id
        return self.get_match(match_id)

    def _match_row(self, session: Session, match: int | str) -> MatchRow:
        stmt = select(MatchRow).options(
            selectinload(MatchRow.seats),
            selectinload(MatchRow.deals).selectinload(DealRow.actions),
            selectinload(MatchRow.pad_entries),
        )
        if isinstance(match, int) or (isinstance(match, str) and match.strip().isdigit()):
            stmt = stmt.where(MatchRow.id == int(match))
        else:
            stmt = stmt.where(MatchRow.code == str(match).strip())
        row = session.scalars(stmt).first()
        if row is None:
            raise StoreError(f"no match {match!r} in {safe_url(self.url)}")
        return row

    def get_match(self, match: int | str) -> MatchRecord:
        """A match with its seats, deals (with their logs) and pad entries, by id or code."""
        with self._session() as session:
            return _match_record(self._match_row(session, match))

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
            counts: dict[int, int] = {}
            if rows:
                ids = [r.id for r in rows]
                for match_id, n in session.execute(
                    select(DealRow.match_id, func.count(DealRow.id))
                    .where(DealRow.match_id.in_(ids))
                    .group_by(DealRow.match_id)
                ):
                    counts[match_id] = n
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
                )
                for r in rows
            ]

    def set_status(self, match: int | str, status: str) -> None:
        """Mark a match ``active``, ``finished`` or ``abandoned``."""
        if status not in STATUSES:
            raise StoreError(f"a match is {', '.join(STATUSES)}, not {status!r}")
        with self._session() as session, session.begin():
            row = self._match_row(session, match)
            row.status = status
            row.updated_at = utcnow()

    def update_options(self, match: int | str, **options: Any) -> None:
        """Add or replace options of a match."""
        with self._session() as session, session.begin():
            row = self._match_row(session, match)
            row.options = {**(row.options or {}), **options}
            row.updated_at = utcnow()

    # --- seats ---------------------------------------------------------------------------

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
        match_row = self._match_row(session, match)
        for seat in match_row.seats:
            if seat.position == position:
                return seat
        raise StoreError(f"match {match!r} has no seat {position}")

    def set_seat_token(self, match: int | str, position: int, token: str | None) -> None:
        """Keep the hash of the secret ``token`` of a seat (``None`` frees the seat)."""
        with self._session() as session, session.begin():
            row = self._seat_row(session, match, position)
            row.token_hash = None if token is None else hash_token(token)

    def seat_of_token(self, match: int | str, token: str) -> int | None:
        """The position whose token is ``token``, or ``None`` (compared in constant time)."""
        digest = hash_token(token)
        with self._session() as session:
            for seat in self._match_row(session, match).seats:
                if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                    return seat.position
        return None

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
        """Store a new deal of a match and return its id."""
        with self._session() as session, session.begin():
            match_row = self._match_row(session, match)
            row = DealRow(
                number=number,
                board=board,
                pack=pack,
                dealer=dealer,
                vulnerability=vulnerability,
                cards=cards,
                options=dict(options or {}),
            )
            match_row.deals.append(row)
            match_row.updated_at = utcnow()
            try:
                session.flush()
            except IntegrityError:
                raise StoreError(f"match {match!r} already has a deal {number}") from None
            return row.id

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

    def finish_deal(self, deal_id: int, result: Mapping[str, Any]) -> None:
        """Record a deal's result; its log is closed."""
        with self._session() as session, session.begin():
            deal = session.get(DealRow, deal_id)
            if deal is None:
                raise StoreError(f"no deal {deal_id}")
            deal.result = dict(result)
            deal.finished_at = utcnow()
            deal.match.updated_at = utcnow()

    def reopen_deal(self, deal_id: int) -> None:
        """Clear a deal's result (after an undo of its last action)."""
        with self._session() as session, session.begin():
            deal = session.get(DealRow, deal_id)
            if deal is None:
                raise StoreError(f"no deal {deal_id}")
            deal.result = None
            deal.finished_at = None

    # --- score pads ----------------------------------------------------------------------------

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


def replay(state: DealState, actions: Iterable[ActionRecord | tuple[str, str]]) -> DealState:
    """Apply a deal's logged actions to a fresh ``state`` (``undo`` takes back the last one); returns it."""
    for item in actions:
        seat, action = (item.seat, item.action) if isinstance(item, ActionRecord) else item
        if action == UNDO:
            state.undo()
        else:
            state.apply(action, Seat.find(seat))
    return state
