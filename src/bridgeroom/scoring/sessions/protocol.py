"""What every score session answers: the :class:`Session` protocol and the sheet as data.

A *session* is a fold over deal results: a rubber (four-handed or
three-handed), a Chicago round, a set of duplicate boards, a mini-bridge class
session. Whoever plays the deals (a :class:`~bridgeroom.games.Match`, the
server, the terminal, a score pad) asks it only these questions:

* who deals the next deal and what is vulnerable on it (:meth:`Session.next_dealer`,
  :meth:`Session.next_vulnerability`, :meth:`Session.vulnerable`);
* record a deal, as typed on a pad (:meth:`Session.record_deal`, honors given) or as
  played by the engine (:meth:`Session.record_result`, honors found in the cards
  under the session's own table);
* is it over (:attr:`Session.is_over`);
* the sheet, as a typed value that the server and the terminal render
  (:meth:`Session.summary`, a :class:`ScoreSummary`).

    >>> from bridgeroom.scoring import Rubber
    >>> rubber = Rubber()
    >>> isinstance(rubber, Session)
    True
    >>> _ = rubber.record_deal("NS", "4S", 10)
    >>> summary = rubber.summary()
    >>> [(c.name, c.total, c.games, c.vulnerable) for c in summary.columns]
    [(<Side.NS: 0>, 120, 1, True), (<Side.EW: 1>, 0, 0, False)]
    >>> rubber.next_dealer(), rubber.next_vulnerability()
    (<Seat.EAST: 1>, <Vulnerability.NS: 1>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeAlias, runtime_checkable

from bridgeroom.rules import Contract, DealResult, ScoreState, Seat, Side, Vulnerability
from bridgeroom.scoring.honors import Honors
from bridgeroom.scoring.sessions.sheet import SheetEntry
from bridgeroom.scoring.settlement import Payment
from bridgeroom.scoring.tables import HandScore

__all__ = [
    "BoardRow",
    "ColumnSummary",
    "Declarer",
    "ScoreSummary",
    "Session",
    "SessionEntry",
]

#: Who declared, as a session knows him: a side or a seat in the four-handed forms (a set of
#: boards needs the seat), a player's name in three-handed bridge.
Declarer: TypeAlias = Side | Seat | str


@runtime_checkable
class SessionEntry(Protocol):
    """What recording one deal returns, in every session: the contract (``None``: passed out),
    the declarer's tricks, the deal's score (``None``: passed out), a game won, the bonuses and
    the board. Each session's own entry (:class:`DealEntry`, :class:`ChicagoDeal`,
    :class:`BoardResult`) says more."""

    @property
    def contract(self) -> Contract | None: ...

    @property
    def tricks(self) -> int: ...

    @property
    def hand(self) -> HandScore | None: ...

    @property
    def game_won(self) -> Side | str | None:
        """The column (a side, a three-handed player) that won a game on this deal; ``None``
        when none did or the session counts no games (boards)."""
        ...

    @property
    def rubber_bonus(self) -> int:
        """The rubber bonus this deal earned (CB-R4, AB-7, TH-16); 0 elsewhere."""
        ...

    @property
    def premium(self) -> int:
        """A Chicago deal's game or partscore premium (CB-C2); 0 elsewhere."""
        ...

    @property
    def board(self) -> int | None:
        """The board the deal was played as (sets of boards); ``None`` elsewhere."""
        ...


@dataclass(frozen=True)
class ColumnSummary:
    """One column of a score pad with a line: a side, or a three-handed player.

    ``above`` holds the entries above the line in the order written; ``below``
    the entries below it, one tuple per game (the last is the game in
    progress). ``games`` is the games won and ``vulnerable`` whether the column
    is vulnerable on the next deal, where the session counts games (rubbers;
    ``None`` in a Chicago round).
    """

    name: Side | str
    above: tuple[SheetEntry, ...]
    below: tuple[tuple[SheetEntry, ...], ...]
    total: int
    games: int | None = None
    vulnerable: bool | None = None

    @property
    def above_total(self) -> int:
        return sum(entry.points for entry in self.above)

    @property
    def below_total(self) -> int:
        return sum(entry.points for game in self.below for entry in game)


@dataclass(frozen=True)
class BoardRow:
    """One board's line on a sheet of boards: its dealer and vulnerability (CB-B1, CB-B2), the
    result and its score from North-South's side (``table``: where it was played, in a class
    session of several tables)."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    declarer: Seat | None
    contract: Contract | None
    tricks: int
    ns_score: int
    table: str | None = None


@dataclass(frozen=True)
class ScoreSummary:
    """A session's sheet as data, for the server and the terminal to render.

    ``kind`` is the form of the sheet: ``line`` (above and below the line, one
    :class:`ColumnSummary` per side or player: rubbers, Chicago) or ``boards``
    (one :class:`BoardRow` per board: duplicate, mini-bridge). ``totals`` are the
    points of each column (of each side for boards; of each pair in a class
    session). ``winner`` is the column that won the rubber, ``rubber_bonus`` what
    it scored for it; ``settlement`` the payments once a three-handed rubber is
    over (TH-20), else ``None``.
    """

    kind: Literal["line", "boards"]
    totals: Mapping[Side | str, int]
    columns: tuple[ColumnSummary, ...] = ()
    boards: tuple[BoardRow, ...] = ()
    over: bool = False
    winner: Side | str | None = None
    rubber_bonus: int = 0
    settlement: tuple[Payment, ...] | None = field(default=None)

    @property
    def counts_games(self) -> bool:
        """Whether the columns count games won (rubbers), so that games and vulnerability show."""
        return bool(self.columns) and all(c.games is not None for c in self.columns)


@runtime_checkable
class Session(Protocol):
    """A score session: rubber, Chicago, duplicate boards, three-handed rubber, class session."""

    @property
    def is_over(self) -> bool:
        """Whether the session has ended (two games won, four deals played); a set of boards
        never ends by itself."""
        ...

    def next_dealer(self) -> Seat:
        """The dealer of the next deal (CB-4, CB-B1, CB-C1, TH-5)."""
        ...

    def next_vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal by side (CB-R3, CB-B2, CB-C1; ``NONE`` in auction
        bridge, AB-5, and in three-handed bridge, where it is per player, TH-17)."""
        ...

    def vulnerable(self, who: Declarer) -> bool:
        """Whether ``who`` (a side, a seat, a three-handed player) is vulnerable on the next deal."""
        ...

    def score_state(self) -> ScoreState | None:
        """The score the next deal is played at where the session counts games (rubbers, a
        Chicago round): part-scores below the line, games, vulnerability, Chicago's deal number;
        ``None`` for boards, each scored alone."""
        ...

    def record_deal(
        self,
        declarer: Declarer | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> SessionEntry:
        """Score the next deal as written on a pad: who declared, the contract (``None`` or
        ``"pass"``: passed out), the declarer's tricks, the honors claimed. Bad input raises
        :class:`~bridgeroom.errors.ScoringError` and changes nothing."""
        ...

    def record_result(self, result: DealResult) -> SessionEntry:
        """Score the next deal as played by the engine; the honors that score under the
        session's table are found in the cards (CB-R5, AB-9, TH-15)."""
        ...

    def summary(self) -> ScoreSummary:
        """The sheet as data."""
        ...
