"""A set of duplicate boards played at one table: each board scored on its own (CB-D6, CB-B1, CB-B2).

>>> boards = DuplicateSet()
>>> _ = boards.record_deal(Seat.EAST, "4S", 10)
>>> boards.next_board, boards.next_dealer(), boards.next_vulnerability()
(2, <Seat.EAST: 1>, <Vulnerability.NS: 1>)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import keyed
from bridgeroom.rules import (
    Contract,
    DealResult,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from bridgeroom.scoring.honors import Honors
from bridgeroom.scoring.sessions.protocol import BoardRow, Declarer, ScoreSummary
from bridgeroom.scoring.sessions.sheet import is_pass, side_of
from bridgeroom.scoring.tables import HandScore, ScoreTable, as_contract, get_table

__all__ = ["BoardOrder", "BoardResult", "DuplicateSet"]


class BoardOrder(ABC):
    """What a set of boards played in order knows of its next board: its dealer and
    vulnerability follow its number (CB-B1, CB-B2), and it never ends by itself (one more
    board can always be played). A subclass says which board is next (:attr:`next_board`)."""

    @property
    @abstractmethod
    def next_board(self) -> int:
        """The number of the board to be played next."""

    @property
    def is_over(self) -> bool:
        """A set of boards never ends by itself: one more board can always be played."""
        return False

    def next_dealer(self) -> Seat:
        """CB-B1: the next board's dealer."""
        return board_dealer(self.next_board)

    def next_vulnerability(self) -> Vulnerability:
        """CB-B2: the next board's vulnerability."""
        return board_vulnerability(self.next_board)

    def vulnerable(self, who: Declarer) -> bool:
        """Whether ``who``'s side is vulnerable on the next board (CB-B2)."""
        return self.next_vulnerability().is_vulnerable(side_of(who))

    def score_state(self) -> None:
        """Boards count no games: each is scored alone (CB-D, MB-9), so no score to play to."""
        return None


@dataclass(frozen=True)
class BoardResult:
    """The result of one board: its dealer and vulnerability (CB-B1, CB-B2) and the score."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    declarer: Seat | None
    contract: Contract | None
    tricks: int
    hand: HandScore | None

    @property
    def game_won(self) -> None:
        """Boards count no games: each board is scored on its own."""
        return None

    @property
    def rubber_bonus(self) -> int:
        return 0

    @property
    def premium(self) -> int:
        return 0

    @property
    def ns_score(self) -> int:
        """The board's score from North-South's side (negative: East-West scored)."""
        if self.hand is None or self.declarer is None:
            return 0
        return self.hand.score if self.declarer.side is Side.NS else -self.hand.score


class DuplicateSet(BoardOrder):
    """A set of duplicate boards played at one table (CB-D6, CB-B1, CB-B2).

    ``table``: ``"duplicate"`` or ``"minibridge"`` (options such as
    ``overtricks=True`` are passed to the table). Each board is scored on its own.
    ``order``: the board numbers in the order this table plays them (a class whose boards
    rotate between tables); by default boards 1, 2, 3... The boards after the order's last
    go on from the highest board scored.

    >>> boards = DuplicateSet()
    >>> boards.record(3, Contract("4SE"), 10).ns_score
    -620
    >>> boards.record(2, Contract("3NT"), 8, declarer=Seat.SOUTH).ns_score
    -100
    >>> boards.totals
    {<Side.NS: 0>: 0, <Side.EW: 1>: 720}
    """

    def __init__(
        self,
        table: str | ScoreTable = "duplicate",
        *,
        order: Sequence[int] = (),
        **options: object,
    ) -> None:
        t = get_table(table)
        if t.game_points is not None or t.three_handed:
            raise ScoringError(
                f"boards are scored with the duplicate or minibridge table, not {t.name!r}"
            )
        self.table = t.with_options(**options) if options else t
        self.order: tuple[int, ...] = tuple(self._check_board(b) for b in order)
        if len(set(self.order)) != len(self.order):
            raise ScoringError(f"a board is played once at a table (CB-D6), not {self.order}")
        self.results: dict[int, BoardResult] = {}

    @staticmethod
    def _check_board(board: int) -> int:
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise ScoringError(f"a board number is a whole number from 1, not {board!r} (CB-B1)")
        return board

    def dealer(self, board: int) -> Seat:
        return board_dealer(self._check_board(board))

    def vulnerability(self, board: int) -> Vulnerability:
        return board_vulnerability(self._check_board(board))

    def record(
        self,
        board: int,
        contract: Contract | str | None,
        tricks: int = 0,
        *,
        declarer: Seat | str | None = None,
    ) -> BoardResult:
        """Score ``board``. The declarer is the contract's (``4SE``) or ``declarer``; ``None``/"pass": passed out (0)."""
        self._check_board(board)
        if board in self.results:
            raise ScoringError(f"board {board} was already scored (CB-D6)")
        dealer, vul = board_dealer(board), board_vulnerability(board)
        if is_pass(contract):
            if not self.table.passing_out:
                raise keyed(
                    ScoringError,
                    "score.error.no_pass_out",
                    board=board,
                    table=self.table.message,
                    rule=self.table.passing_out_rule,
                )
            result = BoardResult(board, dealer, vul, None, None, 0, None)
            self.results[board] = result
            return result
        assert contract is not None
        c = as_contract(contract)
        seat = declarer
        if isinstance(seat, str):
            seat = Seat.find(seat)
        if c.declarer is not None and seat is not None and c.declarer != seat:
            raise ScoringError(f"contract {c} names declarer {c.declarer}, not {seat}")
        seat = c.declarer if c.declarer is not None else seat
        if seat is None:
            raise ScoringError(f"who declared {c} on board {board}? give a seat (N, E, S, W)")
        hand = self.table.score(c, tricks, vul.is_vulnerable(seat))
        result = BoardResult(board, dealer, vul, seat, c, tricks, hand)
        self.results[board] = result
        return result

    @property
    def totals(self) -> dict[Side, int]:
        """Points scored by each side over the boards recorded."""
        out = {Side.NS: 0, Side.EW: 0}
        for result in self.results.values():
            ns = result.ns_score
            if ns > 0:
                out[Side.NS] += ns
            else:
                out[Side.EW] -= ns
        return out

    def __iter__(self) -> Iterator[BoardResult]:
        return iter(sorted(self.results.values(), key=lambda r: r.board))

    def __len__(self) -> int:
        return len(self.results)

    # --- the Session protocol -------------------------------------------------------------

    @property
    def next_board(self) -> int:
        """The next board of :attr:`order`, else the board after the highest one scored
        (boards are played in order from 1).

        >>> rotated = DuplicateSet(order=(3, 4, 1, 2))
        >>> rotated.next_board, rotated.next_dealer(), rotated.next_vulnerability()
        (3, <Seat.SOUTH: 2>, <Vulnerability.EW: 2>)
        >>> _ = rotated.record_deal(Seat.SOUTH, "1NT", 7)
        >>> rotated.next_board
        4
        """
        played = len(self.results)
        if played < len(self.order):
            return self.order[played]
        return max(self.results, default=0) + 1

    def record_deal(
        self,
        declarer: Declarer | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> BoardResult:
        """Score the next board (:attr:`next_board`); ``declarer`` is a seat (or the contract
        names it, ``4SE``). There are no honors on boards: they score in rubber bridge only (CB-R5)."""
        if honors is not None:
            raise ScoringError(
                f"honors score in rubber bridge only, not on boards (CB-R5): {honors}"
            )
        if isinstance(declarer, Side):
            raise ScoringError(
                f"a board is scored by the declarer's seat (N, E, S, W), not his side {declarer}"
            )
        return self.record(self.next_board, contract, tricks, declarer=declarer)

    def record_result(self, result: DealResult) -> BoardResult:
        """Score a deal played by the engine as the next board."""
        return self.record(self.next_board, result.contract, result.tricks)

    def summary(self) -> ScoreSummary:
        """One row per board, and each side's points."""
        rows = tuple(
            BoardRow(
                r.board, r.dealer, r.vulnerability, r.declarer, r.contract, r.tricks, r.ns_score
            )
            for r in self
        )
        totals: dict[Side | str, int] = {side: points for side, points in self.totals.items()}
        return ScoreSummary("boards", totals, boards=rows)
