"""What the store returns: a match with its seats, deals, action logs and pad entries, as
frozen values (never the database rows themselves), and the seats to create."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bridgeroom.store.models import DealRow, MatchRow, SeatRow
from bridgeroom.store.options import MatchOptions

__all__ = [
    "STATUSES",
    "ActionRecord",
    "DealRecord",
    "LogRow",
    "MatchRecord",
    "MatchSummary",
    "PadEntry",
    "SeatRecord",
    "SeatSpec",
    "deal_record",
    "match_record",
]

#: The states of a match.
STATUSES = ("active", "finished", "abandoned")


@dataclass(frozen=True)
class SeatSpec:
    """A seat to create: a person (``robot_level`` ``None``) or a robot of a level;
    ``token_hash``: the hash of the person's seat token, when he is seated at once."""

    player: str
    robot_level: str | None = None
    token_hash: str | None = None

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


@dataclass(frozen=True, slots=True)
class LogRow:
    """One action of a live table to store: its match, its deal (``None``: the deal added
    earlier in the same :class:`~bridgeroom.store.TableWrite`), its number in the deal's log
    (the table counts them), who (a seat letter), what (the log word)."""

    match_id: int
    deal_id: int | None
    seq: int
    seat: str
    action: str


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
    options: MatchOptions
    seed: str | None
    status: str
    private: bool
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatRecord, ...]
    deals: tuple[DealRecord, ...] = ()
    pad_entries: tuple[PadEntry, ...] = field(default=())
    #: The SHA-256 of the host's token (a server's table), else ``None``.
    host_hash: str | None = None

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
    private: bool = False
    #: Deals finished (a played match).
    finished: int = 0


def seat_record(row: SeatRow) -> SeatRecord:
    return SeatRecord(
        row.position, row.player, row.is_robot, row.robot_level, row.token_hash is not None
    )


def deal_record(row: DealRow) -> DealRecord:
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


def match_record(row: MatchRow, *, full: bool = True) -> MatchRecord:
    return MatchRecord(
        row.id,
        row.code,
        row.kind,
        row.game,
        row.scoring,
        MatchOptions.from_json(row.options),
        row.seed,
        row.status,
        row.private,
        row.created_at,
        row.updated_at,
        tuple(seat_record(s) for s in row.seats),
        tuple(deal_record(d) for d in row.deals) if full else (),
        tuple(
            PadEntry(e.seq, e.board, e.declarer, e.contract, e.tricks, e.honors, e.replaced)
            for e in row.pad_entries
        )
        if full
        else (),
        row.host_hash,
    )
