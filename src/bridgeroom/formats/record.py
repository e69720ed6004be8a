"""What every game read from a file answers, whatever its format: :class:`GameRecord`.

A PBN game (:class:`~bridgeroom.formats.pbn.PbnGame`) and a LIN deal
(:class:`~bridgeroom.formats.lin.LinGame`) both give the deal, its dealer and vulnerability,
its board, the players' names, where it starts in its file, and go to and from a deal state;
code that reads games of either format asks only this protocol, never which format it has.

    >>> from bridgeroom.formats import lin, pbn
    >>> [p] = pbn.loads('[Board "3"]\\n[Dealer "S"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"]\\n')
    >>> [l] = lin.loads("pn|Sam,Wes,Nat,Eve|md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|ah|Board 3|")
    >>> [(g.board, g.dealer, g.first_line) for g in (p, l)]
    [(3, <Seat.SOUTH: 2>, 3), (3, <Seat.NORTH: 0>, 1)]
    >>> isinstance(p, GameRecord) and isinstance(l, GameRecord)
    True
    >>> l.players[Seat.NORTH], p.players
    ('Nat', {})
    >>> again = pbn.PbnGame.from_state(l.to_state(), players=l.players, board=l.board)
    >>> again.players == l.players, again.board, again.deal == l.deal
    (True, 3, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, Self, runtime_checkable

from bridgeroom.rules.core import Deal, Seat, Vulnerability
from bridgeroom.rules.state import DealState, Mode

__all__ = ["GameRecord"]


@runtime_checkable
class GameRecord(Protocol):
    """A deal as a file records it (PBN or LIN): read its facts, replay it, write one."""

    @property
    def deal(self) -> Deal | None:
        """The hands, if the record has them."""

    @property
    def dealer(self) -> Seat | None:
        """The dealer, if the record names him."""

    @property
    def vulnerability(self) -> Vulnerability | None:
        """The vulnerability, if the record gives it."""

    @property
    def board(self) -> int | None:
        """The board's number, if it has one."""

    @property
    def board_name(self) -> str | None:
        """The board as the record names it (``"7"``, ``"Board 7"``), if it does."""

    @property
    def players(self) -> Mapping[Seat, str]:
        """The players' names by seat (those the record gives)."""

    @property
    def first_line(self) -> int:
        """The line of the file where the record of the deal starts (1 if not read from a file)."""

    def to_state(self, mode: Mode | str = Mode.STRICT, *, claim: bool = True) -> DealState:
        """The deal replayed through the rules (a claim applied unless ``claim=False``)."""

    @classmethod
    def from_state(
        cls,
        state: DealState,
        *,
        players: Mapping[Seat, str] | None = None,
        board: int | None = None,
    ) -> Self:
        """A record of ``state`` (its calls and the cards played so far), with the players'
        names and the board's number."""
