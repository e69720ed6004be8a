"""Sessions in the store: a class or club session's row, and the seats of its tables changed
together when the pairs move.

A session's state is a typed value, :class:`SessionState` (its people, its tables' codes, the
round, the tables paused), with one codec to and from the JSON kept in its row
(:meth:`SessionState.from_json`, :meth:`SessionState.to_json`; a row written before a field
existed reads with that field's default).

    >>> from bridgeroom.store import Store
    >>> store = Store("sqlite://")
    >>> sessions = SessionStore(store)
    >>> row = sessions.create("ab" * 32, {"game": "minibridge"}, SessionState())
    >>> ann = SessionPerson("Ann", "cd" * 32, pair=1, member=0)
    >>> sessions.save(row.code, SessionState(people=(ann,), round=1), "playing")
    >>> again = sessions.get(row.code)
    >>> again.status, again.state.round, again.state.people[0].name, again.options["game"]
    ('playing', 1, 'Ann', 'minibridge')
    >>> sessions.add_entry(row.code, "table 1", {"kind": "score", "board": 1})
    1
    >>> [(e.by, e.data["kind"]) for e in sessions.entries(row.code)]
    [('table 1', 'score')]
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import selectinload, sessionmaker

from bridgeroom.store.errors import StoreError, failure
from bridgeroom.store.models import MatchRow, SessionEntryRow, SessionRow, utcnow
from bridgeroom.store.options import MatchOptions
from bridgeroom.store.records import SeatSpec
from bridgeroom.store.store import Store

__all__ = ["SessionEntry", "SessionPerson", "SessionRecord", "SessionState", "SessionStore"]


@dataclass(frozen=True)
class SessionPerson:
    """A person of a session: his name, his token's hash, where he sits (``pair`` and
    ``member``: a pair's number and 0 or 1, North-South's North then South, East-West's East
    then West; in a room of three-handed tables the table and the place 0-2), and whether he
    left (a robot took his place).

    >>> SessionPerson.from_json({"name": "Ann", "hash": "ab", "pair": 2, "member": 1})
    SessionPerson(name='Ann', hash='ab', pair=2, member=1, left=False)
    """

    name: str
    hash: str
    pair: int
    member: int
    left: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionPerson:
        """The person as the row keeps him (``left`` only once he left)."""
        return cls(
            str(data["name"]),
            str(data["hash"]),
            int(data["pair"]),
            int(data["member"]),
            bool(data.get("left", False)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "hash": self.hash,
            "pair": self.pair,
            "member": self.member,
        }
        if self.left:
            out["left"] = True
        return out


@dataclass(frozen=True)
class SessionState:
    """What changes in a session as it is played: its people, the codes of its tables'
    matches (once started), the round (from 0) and the tables the director paused.

    >>> state = SessionState().seated(SessionPerson("Ann", "ab", 1, 0))
    >>> SessionState.from_json(state.to_json()) == state
    True
    >>> SessionState.from_json({"people": []})  # a row written before the rounds were kept
    SessionState(people=(), tables=(), round=0, paused=())
    """

    people: tuple[SessionPerson, ...] = ()
    tables: tuple[str, ...] = ()
    round: int = 0
    paused: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionState:
        """The state as its row keeps it; a field the row lacks has its default."""
        return cls(
            tuple(SessionPerson.from_json(p) for p in data.get("people", ())),
            tuple(str(code) for code in data.get("tables", ())),
            int(data.get("round", 0)),
            tuple(int(t) for t in data.get("paused", ())),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "people": [p.to_json() for p in self.people],
            "tables": list(self.tables),
            "round": self.round,
            "paused": list(self.paused),
        }

    @property
    def present(self) -> tuple[SessionPerson, ...]:
        """The people who have not left."""
        return tuple(p for p in self.people if not p.left)

    def at(self, pair: int, member: int) -> SessionPerson | None:
        """The person (not gone) who sits as ``member`` of ``pair``, if any."""
        return next((p for p in self.present if (p.pair, p.member) == (pair, member)), None)

    def seated(self, person: SessionPerson) -> SessionState:
        """A new state with ``person`` among the people."""
        return replace(self, people=(*self.people, person))

    def gone(self, person: SessionPerson) -> SessionState:
        """A new state in which ``person`` has left."""
        people = tuple(replace(p, left=True) if p == person else p for p in self.people)
        return replace(self, people=people)

    def with_paused(self, table: int, paused: bool) -> SessionState:
        """A new state with ``table`` paused or going on."""
        tables = set(self.paused) | {table} if paused else set(self.paused) - {table}
        return replace(self, paused=tuple(sorted(tables)))


@dataclass(frozen=True)
class SessionRecord:
    """A stored session."""

    id: int
    code: str
    director_hash: str
    options: dict[str, Any]
    state: SessionState
    status: str


@dataclass(frozen=True)
class SessionEntry:
    """One change to a session's results: its number (in order), who made it, its data, when."""

    id: int
    by: str
    data: dict[str, Any]
    at: datetime


def _record(row: SessionRow) -> SessionRecord:
    try:
        state = SessionState.from_json(row.state)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise StoreError(f"session {row.code!r}: its state cannot be read: {err!r}") from None
    return SessionRecord(row.id, row.code, row.director_hash, dict(row.options), state, row.status)


class SessionStore:
    """The sessions of ``store`` (every call one transaction)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: this store's transactions, on the store's engine
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def create(
        self, director_hash: str, options: Mapping[str, Any], state: SessionState
    ) -> SessionRecord:
        """A new session with a fresh code."""
        try:
            with self._session() as session, session.begin():
                row = SessionRow(
                    code=secrets.token_urlsafe(6),
                    director_hash=director_hash,
                    options=dict(options),
                    state=state.to_json(),
                    status="waiting",
                )
                session.add(row)
                session.flush()
                return _record(row)
        except SQLAlchemyError as err:
            raise failure(err, "cannot create a session") from None

    def get(self, code: str) -> SessionRecord:
        """The session ``code`` (:class:`StoreError` if there is none)."""
        try:
            with self._session() as session:
                row = session.scalar(select(SessionRow).where(SessionRow.code == code))
                if row is None:
                    raise StoreError(f"no session {code!r}")
                return _record(row)
        except SQLAlchemyError as err:
            raise failure(err, "cannot read a session") from None

    def active(self) -> list[str]:
        """The codes of the sessions being played."""
        try:
            with self._session() as session:
                rows = session.scalars(
                    select(SessionRow.code).where(SessionRow.status == "playing")
                )
                return list(rows)
        except SQLAlchemyError as err:
            raise failure(err, "cannot list the sessions") from None

    def save(self, code: str, state: SessionState, status: str) -> None:
        """Replace a session's state and status."""
        try:
            with self._session() as session, session.begin():
                row = session.scalar(select(SessionRow).where(SessionRow.code == code))
                if row is None:
                    raise StoreError(f"no session {code!r}")
                row.state = state.to_json()
                row.status = status
                row.updated_at = utcnow()
        except SQLAlchemyError as err:
            raise failure(err, "cannot save a session") from None

    def seat_table(self, match: int, seats: Sequence[SeatSpec], options: Mapping[str, Any]) -> None:
        """Who sits at a session's table from now on (names, robot levels, the people's token
        hashes) and its options (the round it may deal to, whether it is paused), together."""
        try:
            with self._session() as session, session.begin():
                row = session.scalar(
                    select(MatchRow)
                    .options(selectinload(MatchRow.seats))
                    .where(MatchRow.id == match)
                )
                if row is None:
                    raise StoreError(f"no match {match} for a session's table")
                by_position = {seat.position: seat for seat in row.seats}
                for position, spec in enumerate(seats):
                    seat = by_position[position]
                    seat.player = spec.player
                    seat.is_robot = spec.robot_level is not None
                    seat.robot_level = spec.robot_level
                    seat.token_hash = spec.token_hash
                row.options = MatchOptions.from_json(row.options).replace(**options).to_json()
                row.updated_at = utcnow()
        except SQLAlchemyError as err:
            raise failure(err, "cannot seat a session's table") from None

    def add_entry(self, code: str, by: str, data: Mapping[str, Any]) -> int:
        """Append a change to session ``code``'s results (who made it: ``by``); returns its
        number."""
        try:
            with self._session() as session, session.begin():
                row = session.scalar(select(SessionRow).where(SessionRow.code == code))
                if row is None:
                    raise StoreError(f"no session {code!r}")
                entry = SessionEntryRow(session_id=row.id, by=by[:32], data=dict(data))
                session.add(entry)
                row.updated_at = utcnow()
                session.flush()
                return int(entry.id)
        except SQLAlchemyError as err:
            raise failure(err, "cannot save a session's result") from None

    def entries(self, code: str) -> list[SessionEntry]:
        """Every change to session ``code``'s results, oldest first."""
        try:
            with self._session() as session:
                rows = session.scalars(
                    select(SessionEntryRow)
                    .join(SessionRow, SessionRow.id == SessionEntryRow.session_id)
                    .where(SessionRow.code == code)
                    .order_by(SessionEntryRow.id)
                )
                return [SessionEntry(r.id, r.by, dict(r.data), r.at) for r in rows]
        except SQLAlchemyError as err:
            raise failure(err, "cannot read a session's results") from None
