"""What one viewer may see and do at a table now, as one frozen value for every face.

:meth:`Table.snapshot <bridgeroom.table.Table.snapshot>` answers, for a player or a spectator,
every question a face draws: the places and who holds them, the viewer's seat and his view of
the deal (a spectator's is :class:`~bridgeroom.rules.PublicView`: what every seat sees alike),
whether he looked at the three-handed dummy (TH-23), his table-mode actions, who plays each
seat, what the robots' calls mean (Law 20F), where each seat is drawn on his screen, the request
waiting for answers, how the deal ended with what it wrote on the score sheet, and the sheet.
The server serialises it for the page, the terminal draws it; neither asks the rules again.

    >>> from bridgeroom.table import Table
    >>> from bridgeroom.rules import Seat
    >>> table = Table("contract", seed=3, robots={p: "basic" for p in range(1, 4)}, people={0: "Ann"})
    >>> _ = table.deal()
    >>> mine, spectator = table.snapshot(0), table.snapshot(None)
    >>> mine.seat, len(mine.deal.view.hand), spectator.seat, spectator.deal.view.dummy
    (<Seat.NORTH: 0>, 13, None, None)
    >>> mine.deal.layout.bottom, spectator.deal.layout.bottom, mine.deal.held[Seat.EAST]
    (<Seat.NORTH: 0>, <Seat.SOUTH: 2>, 13)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgeroom.games import Game
from bridgeroom.i18n import Texts
from bridgeroom.rules import Action, Contract, DealState, PublicView, Seat, View
from bridgeroom.scoring import ScoreSummary
from bridgeroom.table.layout import Layout
from bridgeroom.table.requests import Request
from bridgeroom.table.seats import Place

__all__ = ["DealSnapshot", "ResultSnapshot", "TableSnapshot", "deal_points", "public_view"]


@dataclass(frozen=True)
class ResultSnapshot:
    """How a finished deal ended: the contract and its declarer (``None``: passed out), the
    declarer's tricks, over (positive) or under (negative) the contract, whether it ended on an
    agreed claim, and what it wrote on the score sheet by the sheet's columns (``points``)."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int
    overtricks: int
    claimed: bool
    points: Mapping[str, int]


@dataclass(frozen=True)
class DealSnapshot:
    """The last deal dealt as the viewer sees it.

    ``view``: his seat's :class:`~bridgeroom.rules.View`, or a spectator's
    :class:`~bridgeroom.rules.PublicView`; ``peeked``: the view shows the dummy before the
    lead because he looked at it (TH-23); ``table_actions``: the remedial and irregular
    actions he may take now (CB-V1, TH-21..TH-23); ``players``: who plays each seat (``None``:
    the three-handed dummy's); ``held``: how many cards each seat holds; ``meanings``: what
    each call means in its side's system, told to this viewer (``None``: not a system robot's
    call, or a call of the viewer's own side, Law 20F); ``alerts``: which calls are alerted to
    this viewer (an opponent's or, for a spectator, any side's artificial call; never
    partner's);
    ``layout``: where each seat is drawn on his screen (TH-10); ``result``: how it ended.
    """

    number: int
    board: int | None
    view: View | PublicView
    peeked: bool
    table_actions: tuple[Action, ...]
    players: Mapping[Seat, int | None]
    held: Mapping[Seat, int]
    meanings: tuple[Texts | None, ...]
    layout: Layout
    result: ResultSnapshot | None
    alerts: tuple[bool, ...] = ()


@dataclass(frozen=True)
class TableSnapshot:
    """Everything one viewer (``player``; ``None``: a spectator) may see of a table now.

    ``places``: who holds each place (without their tokens); ``seat``: the viewer's seat in the
    last deal (``None`` for a spectator, and for a three-handed player before the first deal);
    ``full``: every place is held; ``over``: the match is over; ``remaining``: the tricks left
    to claim; ``deal``: the last deal dealt (``None`` before the first); ``request``: the undo
    or claim waiting for answers; ``sheet``: the score sheet.
    """

    game: Game
    scoring: str
    places: tuple[Place, ...]
    player: int | None
    seat: Seat | None
    full: bool
    over: bool
    remaining: int
    deal: DealSnapshot | None
    request: Request | None
    sheet: ScoreSummary
    #: the names of North-South's and East-West's bidding systems
    systems: tuple[str, str] = ("standard", "standard")


def deal_points(summary: ScoreSummary, state: DealState, number: int) -> dict[str, int]:
    """What deal ``number`` of a match (``state``, finished) wrote on its score sheet, by the
    sheet's columns: on a sheet of boards its board's score to the side that scored it; on a
    sheet with a line every figure the deal wrote in each column, above and below (bonuses
    and premiums included). A passed-out deal writes nothing.

    >>> from bridgeroom.table import Table
    >>> t = Table("contract", scoring="duplicate", seed=1, robots={p: "basic" for p in range(4)})
    >>> _ = t.deal() + t.run_robots()
    >>> points = deal_points(t.match.session.summary(), t.state, 1)
    >>> sorted(points) == ["EW", "NS"] and min(points.values()) == 0
    True
    """
    result = state.result
    if result is None or result.declarer is None:
        return {}
    if summary.kind == "boards":
        row = summary.boards[number - 1]
        return {"NS": max(row.ns_score, 0), "EW": max(-row.ns_score, 0)}
    return {
        str(column.name): sum(e.points for e in column.above if e.deal == number)
        + sum(e.points for game in column.below for e in game if e.deal == number)
        for column in summary.columns
    }


def public_view(state: DealState) -> PublicView:
    """A spectator's view of ``state``: what every seat's view shows alike."""
    return PublicView.of([state.view(seat) for seat in Seat])
