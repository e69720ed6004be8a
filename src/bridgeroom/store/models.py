"""The tables of the record: matches, seats, deals, the action log, score-pad entries.

A match is a table's game from its first deal to its end (a rubber, a
Chicago round, a set of boards) or a score pad kept for a game played with
real cards. The record is the truth: a deal is stored as its cards, its
dealer and vulnerability, and the append-only log of the actions taken, and
is rebuilt by replaying that log through the rules engine.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = [
    "ActionRow",
    "Base",
    "DealRow",
    "MatchRow",
    "PadEntryRow",
    "ProbeRow",
    "SeatRow",
    "SessionEntryRow",
    "SessionRow",
    "TableLeaseRow",
    "utcnow",
]


def utcnow() -> datetime:
    """The current time in UTC (stored without a zone; read back as UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """The declarative base of bridgeroom's tables."""


class MatchRow(Base):
    """A table's game (``kind`` ``play``) or a score pad (``kind`` ``pad``)."""

    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: A random public code (for links to a table); unique.
    code: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    kind: Mapped[str] = mapped_column(String(8), default="play")
    game: Mapped[str] = mapped_column(String(32))
    scoring: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: ``active``, ``finished`` or ``abandoned``.
    status: Mapped[str] = mapped_column(String(16), default="active", index=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    #: SHA-256 (hex) of the token of the table's host (who created it: he may delete it); the
    #: token itself is never stored. ``None``: a terminal's game, or a table made before hosts
    #: (schema 0002).
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="match", order_by="SeatRow.position", cascade="all, delete-orphan"
    )
    deals: Mapped[list[DealRow]] = relationship(
        back_populates="match", order_by="DealRow.number", cascade="all, delete-orphan"
    )
    pad_entries: Mapped[list[PadEntryRow]] = relationship(
        back_populates="match", order_by="PadEntryRow.seq", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """A place at the table: a compass seat (0-3 = N, E, S, W) or, in three-handed bridge, a player (0-2)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("match_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(64), index=True)
    is_robot: Mapped[bool] = mapped_column(Boolean, default=False)
    robot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: SHA-256 (hex) of the seat's secret token; the token itself is never stored.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    match: Mapped[MatchRow] = relationship(back_populates="seats")


class DealRow(Base):
    """One deal of a match: its cards, dealer and vulnerability, and (once over) its result."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: Which of two packs was used (three-handed bridge uses two alternately, TH-1).
    pack: Mapped[int | None] = mapped_column(Integer, nullable=True)
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(4))
    #: The four hands as a PBN deal string (``N:... ... ... ...``).
    cards: Mapped[str] = mapped_column(String(80))
    #: Per-deal facts of the variants (e.g. the three-handed players' seats).
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: ``None`` while the deal is played; then the result (contract, tricks, score...).
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    match: Mapped[MatchRow] = relationship(back_populates="deals")
    actions: Mapped[list[ActionRow]] = relationship(
        back_populates="deal", order_by="ActionRow.seq", cascade="all, delete-orphan"
    )


class ActionRow(Base):
    """One entry of a deal's append-only action log: ``seq`` 1, 2, 3... per deal.

    ``action`` is the action's text as the engine parses it (``1NT``, ``SA``,
    ``12`` for a mini-bridge count), or a log word such as ``undo``.
    """

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("deal_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deals.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(1))
    action: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    deal: Mapped[DealRow] = relationship(back_populates="actions")


class PadEntryRow(Base):
    """One line typed on a score pad: who declared, the contract, the tricks, the honors.

    A corrected entry is kept with ``replaced`` set, and its correction follows it.
    """

    __tablename__ = "pad_entries"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    #: The board number, for pads scored by boards (duplicate, mini-bridge).
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The declaring side (``NS``/``EW``), seat (boards) or player (three-handed); ``None``: passed out.
    declarer: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The contract (``4SX``); ``None``: passed out.
    contract: Mapped[str | None] = mapped_column(String(8), nullable=True)
    tricks: Mapped[int] = mapped_column(Integer, default=0)
    #: Honors as ``KIND SIDE`` (``4-one declarer``), or ``None``.
    honors: Mapped[str | None] = mapped_column(String(40), nullable=True)
    replaced: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    match: Mapped[MatchRow] = relationship(back_populates="pad_entries")


class ProbeRow(Base):
    """One row that a server rewrites to learn whether the store can write again after a full
    disk or a lost connection (:meth:`~bridgeroom.store.Store.probe`)."""

    __tablename__ = "probes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class SessionRow(Base):
    """A class or club session: several server tables playing the same boards (schema 0003).

    ``options`` are what its director chose (game, tables, boards, movement, scoring, robots,
    seed, language); ``state`` what changes (the people and their pairs, the round, the tables'
    codes, paused tables). The director's token is kept only as its hash.
    """

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    director_hash: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: ``waiting`` (people join), ``playing``, ``finished``.
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)


class TableLeaseRow(Base):
    """Which server process writes a table, until when (schema 0004; issue 41).

    Only servers sharing a PostgreSQL database keep leases: each table has one writer at a
    time, which renews its lease every second or two while it holds the table in memory and
    deletes it when the table leaves memory. A lease past ``expires`` (in the database's own
    clock, UTC) belongs to a process that stopped: another takes the table over.
    """

    __tablename__ = "table_leases"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    holder: Mapped[str] = mapped_column(String(40), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime, index=True)


class SessionEntryRow(Base):
    """One change to the results of a session played with real cards (schema 0005): a table's
    result entered or confirmed, the director's correction, removal or adjusted score, a fouled
    board, the players of a pair, the next round. Append-only: the results are these entries
    replayed in order, and the director's desk shows them as the change log.

    ``by`` says who made the change (``table 2``, ``director``), ``at`` when (UTC); ``data``
    is the change itself (``kind`` and its fields).
    """

    __tablename__ = "session_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), index=True)
    by: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
