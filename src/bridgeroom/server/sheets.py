"""The score sheet as sent to the page: a session's :meth:`~bridgeroom.scoring.Session.summary`
as JSON-ready data, in the form of a sheet with a line or of a sheet of boards."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from bridgeroom.rules import Contract, DealState, Seat
from bridgeroom.scoring import BoardResult, Session
from bridgeroom.server.views import jsonable
from bridgeroom.table import Table

__all__ = [
    "BoardLine",
    "BoardsSheet",
    "ColumnSheet",
    "LineSheet",
    "ScoreCache",
    "deal_points",
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


def deal_points(table: Table, state: DealState) -> dict[str, int]:
    """What a finished deal of ``table`` wrote on the score sheet, by the sheet's columns (sides,
    or three-handed players), as the result of the deal shows it: a sheet of boards gives the
    board's score to the side that scored it; a sheet with a line gives the declarer's side
    everything it scored (below and above, with a bonus for the rubber or a Chicago premium),
    and each defending column what it scored above.

    >>> t = Table("contract", scoring="duplicate", seed=1, robots={p: "basic" for p in range(4)})
    >>> _ = t.deal() + t.run_robots()
    >>> points = deal_points(t, t.state)
    >>> sorted(points) == ["EW", "NS"] and min(points.values()) == 0
    True
    """
    entry = table.match.played_of(state).entry
    result = state.result
    if entry is None or result is None or result.declarer is None:
        return {}
    declarer = result.declarer
    if isinstance(entry, BoardResult):
        ns = entry.ns_score
        return {"NS": max(ns, 0), "EW": max(-ns, 0)}
    hand = entry.hand
    if hand is None:
        return {}
    made = hand.declarer_total + entry.rubber_bonus + entry.premium
    if table.num_players == 3:
        out: dict[str, int] = {}
        for seat in Seat:
            player = table.player_at(seat, state)
            if player is not None:
                out[table.names[player]] = made if seat == declarer else hand.defenders_above
        return out
    side = declarer.side
    return {str(side): made, str(side.opponents): hand.defenders_above}


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
