"""The score sheet as sent to the page: a session's :meth:`~bridgeroom.scoring.Session.summary`
as JSON-ready data, in the form of a sheet with a line or of a sheet of boards."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from bridgeroom.rules import Contract, Seat
from bridgeroom.scoring import Session
from bridgeroom.server.views import jsonable
from bridgeroom.table import Table

__all__ = [
    "BoardLine",
    "BoardsSheet",
    "ColumnSheet",
    "LineSheet",
    "ScoreCache",
    "score_payload",
    "score_sheet",
]


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def _contract(contract: Contract | None) -> str | None:
    return None if contract is None else str(contract)


class ColumnSheet(BaseModel):
    """One column of a sheet with a line: the entries below it by game, above it, the totals."""

    below: list[list[int]]
    above: list[int]
    below_total: int
    above_total: int
    total: int


class LineSheet(BaseModel):
    """A sheet with a line (rubber, Chicago, three-handed rubber with its settlement)."""

    kind: Literal["line"] = "line"
    columns: list[str]
    sheet: dict[str, ColumnSheet]
    games: dict[str, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    vulnerable: dict[str, bool] | None = Field(default=None, exclude_if=lambda v: v is None)
    over: bool
    winner: str | None
    totals: dict[str, int]
    settlement: list[dict[str, Any]] | None = Field(default=None, exclude_if=lambda v: v is None)


class BoardLine(BaseModel):
    """One board on a sheet of boards, scored from each side (one of ``ns``, ``ew`` is 0)."""

    board: int
    dealer: str
    vulnerability: str
    declarer: str | None
    contract: str | None
    tricks: int
    ns: int
    ew: int


class BoardsSheet(BaseModel):
    """A sheet of boards (duplicate, mini-bridge)."""

    kind: Literal["boards"] = "boards"
    boards: list[BoardLine]
    totals: dict[str, int]
    over: bool


def score_sheet(session: Session) -> LineSheet | BoardsSheet:
    """The score sheet of a session, from its :meth:`~bridgeroom.scoring.Session.summary`."""
    summary = session.summary()
    totals = {str(k): v for k, v in summary.totals.items()}
    if summary.kind == "boards":
        return BoardsSheet(
            boards=[
                BoardLine(
                    board=r.board,
                    dealer=r.dealer.letter,
                    vulnerability=r.vulnerability.pbn,
                    declarer=_seat(r.declarer),
                    contract=_contract(r.contract),
                    tricks=r.tricks,
                    ns=max(r.ns_score, 0),
                    ew=max(-r.ns_score, 0),
                )
                for r in summary.boards
            ],
            totals=totals,
            over=summary.over,
        )
    columns = summary.columns
    counts = summary.counts_games
    return LineSheet(
        columns=[str(c.name) for c in columns],
        sheet={
            str(c.name): ColumnSheet(
                below=[[e.points for e in game] for game in c.below],
                above=[e.points for e in c.above],
                below_total=c.below_total,
                above_total=c.above_total,
                total=c.total,
            )
            for c in columns
        },
        games={str(c.name): int(c.games or 0) for c in columns} if counts else None,
        vulnerable={str(c.name): bool(c.vulnerable) for c in columns} if counts else None,
        over=summary.over,
        winner=None if summary.winner is None else str(summary.winner),
        totals=totals,
        settlement=None
        if summary.settlement is None
        else [{str(k): jsonable(v) for k, v in p.to_dict().items()} for p in summary.settlement],
    )


def score_payload(session: Session) -> dict[str, Any]:
    """The score sheet of a session (rubber, Chicago, boards, three-handed rubber) as JSON-ready
    data.

    ``kind`` tells the page which form to draw: ``line`` (above and below the
    line, one column per side or player, games won, the settlement at the end
    of a three-handed rubber) or ``boards`` (one row per board).

    >>> from bridgeroom.scoring import Rubber
    >>> rubber = Rubber()
    >>> _ = rubber.record("NS", "4S", 10)
    >>> data = score_payload(rubber)
    >>> data["columns"], data["games"], data["vulnerable"], data["totals"]
    (['NS', 'EW'], {'NS': 1, 'EW': 0}, {'NS': True, 'EW': False}, {'NS': 120, 'EW': 0})
    """
    return score_sheet(session).model_dump(mode="json")


class ScoreCache:
    """A table's score sheet, built again only when a deal has been recorded since."""

    def __init__(self) -> None:
        self._version = -1
        self._sheet: dict[str, Any] = {}

    def sheet(self, table: Table) -> dict[str, Any]:
        version = table.match.recorded
        if version != self._version:
            self._version, self._sheet = version, score_payload(table.match.session)
        return self._sheet
