"""Sessions in the store: a class or club session's row, and the seats of its tables changed
together when the pairs move.

    >>> from bridgeroom.store import Store
    >>> store = Store("sqlite://")
    >>> sessions = SessionStore(store)
    >>> row = sessions.create("ab" * 32, {"game": "minibridge"}, {"people": []})
    >>> sessions.save(row.code, {"people": [], "round": 0}, "playing")
    >>> again = sessions.get(row.code)
    >>> again.status, again.state["round"], again.options["game"]
    ('playing', 0, 'minibridge')
    >>> sessions.add_entry(row.code, "table 1", {"kind": "score", "board": 1})
    1
    >>> [(e.by, e.data["kind"]) for e in sessions.entries(row.code)]
    [('table 1', 'score')]
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from bridgeroom.store.errors import StoreError, failure
from bridgeroom.store.models import SessionEntryRow, SessionRow, utcnow
from bridgeroom.store.options import MatchOptions
from bridgeroom.store.records import SeatSpec
from bridgeroom.store.store import Store

__all__ = ["SessionEntry", "SessionRecord", "SessionStore"]


@dataclass(frozen=True)
class SessionRecord:
    """A stored session."""

    id: int
    code: str
    director_hash: str
    options: dict[str, Any]
    state: dict[str, Any]
    status: str


@dataclass(frozen=True)
class SessionEntry:
    """One change to a session's results: its number (in order), who made it, its data, when."""

    id: int
    by: str
    data: dict[str, Any]
    at: datetime


def _record(row: SessionRow) -> SessionRecord:
    return SessionRecord(
        row.id, row.code, row.director_hash, dict(row.options), dict(row.state), row.status
    )


class SessionStore:
    """The sessions of ``store`` (every call one transaction)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(
        self, director_hash: str, options: Mapping[str, Any], state: Mapping[str, Any]
    ) -> SessionRecord:
        """A new session with a fresh code."""
        try:
            with self.store._session() as session, session.begin():
                row = SessionRow(
                    code=secrets.token_urlsafe(6),
                    director_hash=director_hash,
                    options=dict(options),
                    state=dict(state),
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
            with self.store._session() as session:
                row = session.scalar(select(SessionRow).where(SessionRow.code == code))
                if row is None:
                    raise StoreError(f"no session {code!r}")
                return _record(row)
        except SQLAlchemyError as err:
            raise failure(err, "cannot read a session") from None

    def active(self) -> list[str]:
        """The codes of the sessions being played."""
        try:
            with self.store._session() as session:
                rows = session.scalars(
                    select(SessionRow.code).where(SessionRow.status == "playing")
                )
                return list(rows)
        except SQLAlchemyError as err:
            raise failure(err, "cannot list the sessions") from None

    def save(self, code: str, state: Mapping[str, Any], status: str) -> None:
        """Replace a session's state and status."""
        try:
            with self.store._session() as session, session.begin():
                row = session.scalar(select(SessionRow).where(SessionRow.code == code))
                if row is None:
                    raise StoreError(f"no session {code!r}")
                row.state = dict(state)
                row.status = status
                row.updated_at = utcnow()
        except SQLAlchemyError as err:
            raise failure(err, "cannot save a session") from None

    def seat_table(self, match: int, seats: Sequence[SeatSpec], options: Mapping[str, Any]) -> None:
        """Who sits at a session's table from now on (names, robot levels, the people's token
        hashes) and its options (the round it may deal to, whether it is paused), together."""
        try:
            with self.store._session() as session, session.begin():
                row = self.store._match_row(session, match, deals=False)
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
            with self.store._session() as session, session.begin():
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
            with self.store._session() as session:
                rows = session.scalars(
                    select(SessionEntryRow)
                    .join(SessionRow, SessionRow.id == SessionEntryRow.session_id)
                    .where(SessionRow.code == code)
                    .order_by(SessionEntryRow.id)
                )
                return [SessionEntry(r.id, r.by, dict(r.data), r.at) for r in rows]
        except SQLAlchemyError as err:
            raise failure(err, "cannot read a session's results") from None
