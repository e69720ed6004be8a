"""Sessions: a rubber, a Chicago round, a set of duplicate boards, a three-handed rubber.

A session is a fold over deal results: ``record`` scores one deal with the
session's table and the vulnerability the session itself derives, writes it
on the sheet and returns what happened. Bad input raises
:class:`~bridgeroom.errors.ScoringError` and leaves the session unchanged.

    >>> rubber = Rubber()
    >>> _ = rubber.record(Side.NS, Contract("4S"), 10)
    >>> rubber.games, rubber.vulnerable(Side.NS)
    ({<Side.NS: 0>: 1, <Side.EW: 1>: 0}, True)
    >>> _ = rubber.record(Side.NS, Contract("3NT"), 9)
    >>> rubber.is_over, rubber.winner, rubber.totals
    (True, <Side.NS: 0>, {<Side.NS: 0>: 920, <Side.EW: 1>: 0})
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.rules import Contract, Seat, Side, Vulnerability, board_dealer, board_vulnerability
from bridgeroom.scoring.honors import Honors
from bridgeroom.scoring.settlement import Payment, settle
from bridgeroom.scoring.tables import (
    Column,
    HandScore,
    RubberTable,
    ScoreItem,
    ScoreTable,
    Unfinished,
    as_contract,
    get_table,
)

__all__ = [
    "SheetEntry",
    "ScoreSheet",
    "DealEntry",
    "LineSession",
    "Rubber",
    "ThreeHandedRubber",
    "Chicago",
    "ChicagoDeal",
    "DuplicateSet",
    "BoardResult",
    "is_pass",
    "side_of",
]

K = TypeVar("K", bound=Hashable)


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


_DEFAULT: Final = _Default()


def is_pass(contract: object) -> bool:
    """Whether ``contract`` stands for a passed-out deal: ``None``, ``"pass"``, ``"P"``, ``"-"``."""
    return contract is None or (
        isinstance(contract, str) and contract.strip().lower() in ("pass", "p", "-", "passed")
    )


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One figure on a score pad: the deal it came from, the points, what for."""

    deal: int
    points: int
    what: str


class ScoreSheet(Generic[K]):
    """The columns of a score pad, each with entries above the line and, per game, below it.

    ``below[column]`` is a list of games (the line drawn across all columns
    when a game is won starts a new one); the last is the game in progress.
    """

    def __init__(self, columns: Sequence[K]) -> None:
        self.columns: tuple[K, ...] = tuple(columns)
        self.below: dict[K, list[list[SheetEntry]]] = {c: [[]] for c in self.columns}
        self.above: dict[K, list[SheetEntry]] = {c: [] for c in self.columns}

    def leg(self, column: K) -> int:
        """Trick points below the line in the game in progress (CB-R2, AB-6, TH-16)."""
        return sum(entry.points for entry in self.below[column][-1])

    def draw_line(self) -> None:
        """A game was won: a line across every column; no partscore counts toward the next game."""
        for column in self.columns:
            self.below[column].append([])

    def below_total(self, column: K) -> int:
        return sum(entry.points for game in self.below[column] for entry in game)

    def above_total(self, column: K) -> int:
        return sum(entry.points for entry in self.above[column])

    def total(self, column: K) -> int:
        """All points of a column, above and below (CB-R4, AB-12)."""
        return self.below_total(column) + self.above_total(column)

    def to_dict(self) -> dict[str, object]:
        """The sheet as JSON-ready data, column by column."""
        return {
            str(column): {
                "below": [[e.points for e in game] for game in self.below[column]],
                "above": [e.points for e in self.above[column]],
                "below_total": self.below_total(column),
                "above_total": self.above_total(column),
                "total": self.total(column),
            }
            for column in self.columns
        }


@dataclass(frozen=True)
class DealEntry(Generic[K]):
    """What one recorded deal did to a rubber.

    ``declarer`` is the declaring side (or player); ``None`` with ``contract``
    ``None`` for a passed-out deal. ``vulnerable`` is the declarer's
    vulnerability the rubber used. ``game_won`` is the column that won a game
    on this deal.
    """

    number: int
    declarer: K | None
    contract: Contract | None
    tricks: int
    honors: Honors | None
    vulnerable: bool
    hand: HandScore | None
    game_won: K | None
    rubber_bonus: int = 0

    @property
    def passed_out(self) -> bool:
        return self.contract is None


class LineSession(Generic[K]):
    """A rubber on a score pad with a line: the common fold of :class:`Rubber` and :class:`ThreeHandedRubber`.

    Columns are sides or players. The declarer's column scores the trick
    points below and its own items above; every other column scores the
    defenders' items (so under the three-handed tables each defender scores in
    full, TH-14, TH-15). A column reaching the table's game points wins a game
    and a line is drawn across all columns; the first to two games ends the
    rubber and scores the rubber bonus.
    """

    table: ScoreTable
    unfinished: Unfinished | None

    def __init__(
        self, columns: Sequence[K], table: ScoreTable, unfinished: Unfinished | None
    ) -> None:
        if table.game_points is None:
            raise ScoringError(f"the {table.name} table has no games, so no rubber")
        self.table = table
        self.unfinished = unfinished
        self.sheet: ScoreSheet[K] = ScoreSheet(columns)
        self.games: dict[K, int] = {c: 0 for c in columns}
        self.deals: list[DealEntry[K]] = []
        self.abandoned = False

    @property
    def columns(self) -> tuple[K, ...]:
        return self.sheet.columns

    def _column(self, who: object) -> K:
        """The column named by ``who`` (a side, a player's name)."""
        raise ScoringError(f"no column {who!r}")

    def vulnerable(self, who: K | str) -> bool:
        """Whether a column has won a game in this rubber (CB-R3, TH-17); never under the auction table (AB-5)."""
        column = self._column(who)
        return self.table.vulnerability and self.games[column] >= 1

    @property
    def is_over(self) -> bool:
        """Two games won (CB-R4, AB-7, TH-18), or the rubber was abandoned with :meth:`close`."""
        return self.winner is not None or self.abandoned

    @property
    def winner(self) -> K | None:
        """The column that won two games, if any."""
        for column, games in self.games.items():
            if games >= 2:
                return column
        return None

    @property
    def rubber_bonus(self) -> int:
        """The rubber bonus scored by the winner (0 while the rubber goes on)."""
        return sum(deal.rubber_bonus for deal in self.deals)

    def below(self, who: K | str) -> int:
        return self.sheet.below_total(self._column(who))

    def above(self, who: K | str) -> int:
        return self.sheet.above_total(self._column(who))

    def leg(self, who: K | str) -> int:
        """Trick points toward the game in progress."""
        return self.sheet.leg(self._column(who))

    def total(self, who: K | str) -> int:
        return self.sheet.total(self._column(who))

    @property
    def totals(self) -> dict[K, int]:
        """Grand total (above + below) of each column (CB-R4, AB-12, TH-20)."""
        return {column: self.sheet.total(column) for column in self.columns}

    def _check_open(self) -> None:
        if self.winner is not None:
            raise ScoringError(
                f"the rubber is over: {self.winner} has won two games (CB-R4, AB-7, TH-18)"
            )
        if self.abandoned:
            raise ScoringError("the rubber was closed unfinished (CB-R6)")

    def record_deal(
        self,
        declarer: object,
        contract: Contract | str | None,
        tricks: int,
        honors: Honors | None,
    ) -> DealEntry[K]:
        """Score one deal declared by column ``declarer`` (a side or a player's name).

        ``contract`` ``None`` or ``"pass"``: a passed-out deal, which scores
        nothing (CB-7, TH-7). The declarer's vulnerability comes from the games
        won (CB-R3, TH-17). Bad input raises ScoringError and changes nothing.
        """
        self._check_open()
        number = len(self.deals) + 1
        if is_pass(contract):
            if honors is not None:
                raise ScoringError(f"a passed-out deal scores no honors (CB-7, TH-7): {honors}")
            entry: DealEntry[K] = DealEntry(number, None, None, 0, None, False, None, None)
            self.deals.append(entry)
            return entry
        assert contract is not None
        column = self._column(declarer)
        vulnerable = self.vulnerable(column)
        hand = self.table.score(as_contract(contract), tricks, vulnerable, honors)
        # Everything is valid: write it on the sheet.
        others = [c for c in self.columns if c != column]
        for item in hand.items:
            if not item.points:
                continue
            entry_ = SheetEntry(number, item.points, item.what)
            if item.to is Column.BELOW:
                self.sheet.below[column][-1].append(entry_)
            elif item.to is Column.DECLARER:
                self.sheet.above[column].append(entry_)
            else:
                for other in others:
                    self.sheet.above[other].append(entry_)
        game_won: K | None = None
        bonus = 0
        assert self.table.game_points is not None
        if hand.below and self.sheet.leg(column) >= self.table.game_points:
            game_won = column
            self.games[column] += 1
            self.sheet.draw_line()
            if self.games[column] == 2:
                bonus = self.table.rubber_bonus(any(self.games[c] for c in others))
                self.sheet.above[column].append(SheetEntry(number, bonus, "rubber bonus"))
        entry = DealEntry(
            number, column, as_contract(contract), tricks, honors, vulnerable, hand, game_won, bonus
        )
        self.deals.append(entry)
        return entry

    def close(self) -> list[tuple[K, SheetEntry]]:
        """End an unfinished rubber, scoring the ``unfinished`` bonuses (CB-R6, AB-A9, TH-A11).

        A column that has won the only game scores ``unfinished.game``; every
        column with a partscore in the game in progress scores
        ``unfinished.partscore``. With ``unfinished=None`` nothing is scored.
        Returns the bonuses written.
        """
        self._check_open()
        written: list[tuple[K, SheetEntry]] = []
        number = len(self.deals)
        if self.unfinished is not None:
            if sum(self.games.values()) == 1:
                column = next(c for c, g in self.games.items() if g)
                written.append(
                    (column, SheetEntry(number, self.unfinished.game, "unfinished rubber: game"))
                )
            for column in self.columns:
                if self.sheet.leg(column) > 0:
                    written.append(
                        (
                            column,
                            SheetEntry(
                                number, self.unfinished.partscore, "unfinished rubber: partscore"
                            ),
                        )
                    )
        for column, entry in written:
            self.sheet.above[column].append(entry)
        self.abandoned = True
        return written

    def __iter__(self) -> Iterator[DealEntry[K]]:
        return iter(self.deals)

    def __len__(self) -> int:
        return len(self.deals)


def side_of(who: object) -> Side:
    """The side named by ``who``: a :class:`Side`, a :class:`Seat`, or text ``NS``/``EW``.

    >>> side_of("ew"), side_of(Seat.SOUTH)
    (<Side.EW: 1>, <Side.NS: 0>)
    """
    if isinstance(who, Side):
        return who
    if isinstance(who, Seat):
        return who.side
    if isinstance(who, str):
        try:
            return Side.find(who)
        except BridgeError:
            raise ScoringError(f"the declaring side is NS or EW, not {who!r}") from None
    raise ScoringError(f"the declaring side is NS or EW, not {who!r}")


def _four_handed_table(table: str | ScoreTable) -> ScoreTable:
    t = get_table(table)
    if t.three_handed or t.game_points is None:
        raise ScoringError(
            f"a four-handed rubber is scored with the rubber (contract) or auction table, not {t.name!r}"
        )
    return t


class Rubber(LineSession[Side]):
    """A rubber of four-handed contract or auction bridge, sides NS and EW.

    ``table``: ``"rubber"`` (or ``"contract"``; CB-R1..CB-R6) or ``"auction"``
    (AB-3..AB-12). ``unfinished``: the bonuses of :meth:`close`; by default
    300/100 for contract (CB-R6) and none for auction (AB-A9).

    >>> rubber = Rubber("auction")
    >>> rubber.record("NS", "2S", 8).hand
    HandScore(below=18, declarer_above=0, defenders_above=0)
    >>> rubber.record("EW", "1NT", 10).game_won
    <Side.EW: 1>
    >>> rubber.leg("NS"), rubber.below("NS")
    (0, 18)
    """

    def __init__(
        self,
        table: str | ScoreTable = "rubber",
        *,
        unfinished: Unfinished | _Default | None = _DEFAULT,
    ) -> None:
        t = _four_handed_table(table)
        super().__init__(
            (Side.NS, Side.EW), t, t.unfinished if isinstance(unfinished, _Default) else unfinished
        )

    def _column(self, who: object) -> Side:
        return side_of(who)

    def record(
        self,
        side: Side | Seat | str | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> DealEntry[Side]:
        """Score one deal declared by ``side`` (``contract=None`` or ``"pass"``: passed out, CB-7).

        The declarer's vulnerability comes from the games won (CB-R3).
        """
        return self.record_deal(side, contract, tricks, honors)

    @property
    def margin(self) -> int:
        """The difference of the two grand totals (CB-R4, AB-12)."""
        return abs(self.sheet.total(Side.NS) - self.sheet.total(Side.EW))

    def __repr__(self) -> str:
        return f"<Rubber {self.table.name}: NS {self.total(Side.NS)}, EW {self.total(Side.EW)}, games {self.games[Side.NS]}-{self.games[Side.EW]}>"


def _three_handed_table(table: str | ScoreTable) -> ScoreTable:
    if isinstance(table, str) and table.strip().lower() in ("contract", "auction"):
        table = "three-handed-" + table.strip().lower()
    t = get_table(table)
    if not t.three_handed:
        raise ScoringError(
            f"a three-handed rubber is scored with the contract or auction table (TH-12), not {t.name!r}"
        )
    return t


class ThreeHandedRubber(LineSession[str]):
    """A rubber of three-handed bridge: one column per player (TH-12..TH-19).

    ``table``: ``"contract"`` or ``"auction"``. A made contract is scored by
    the declarer alone; when it fails, each defender scores the full penalty;
    honors of the defenders are scored in full by each (TH-13..TH-15). The
    vulnerability is per player under the contract table (TH-17).

    >>> rubber = ThreeHandedRubber(["Ann", "Bob", "Cy"], "contract")
    >>> _ = rubber.record("Ann", "4H", 9)
    >>> rubber.totals
    {'Ann': 0, 'Bob': 50, 'Cy': 50}
    """

    def __init__(
        self,
        players: Sequence[str],
        table: str | ScoreTable = "contract",
        *,
        unfinished: Unfinished | _Default | None = _DEFAULT,
    ) -> None:
        names = [p.strip() if isinstance(p, str) else p for p in players]
        if len(names) != 3 or not all(isinstance(p, str) and p for p in names):
            raise ScoringError(
                f"three-handed bridge has three named players (TH-1), not {list(players)!r}"
            )
        if len(set(names)) != 3:
            raise ScoringError(f"the three players need three different names (TH-1): {names!r}")
        t = _three_handed_table(table)
        super().__init__(
            [str(p) for p in names],
            t,
            t.unfinished if isinstance(unfinished, _Default) else unfinished,
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self.columns

    def _column(self, who: object) -> str:
        if isinstance(who, str) and who.strip() in self.games:
            return who.strip()
        raise ScoringError(
            f"the declarer is one of the players {', '.join(self.columns)}, not {who!r}"
        )

    def record(
        self,
        declarer: str | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> DealEntry[str]:
        """Score one deal declared by player ``declarer`` (``contract=None`` or ``"pass"``: passed out, TH-7)."""
        return self.record_deal(declarer, contract, tricks, honors)

    def settle(self, *, rounding: str = "pairwise", stake: float | None = None) -> list[Payment]:
        """The settlement on the current totals (TH-20, TH-A8)."""
        return settle(self.totals, rounding=rounding, stake=stake)

    def __repr__(self) -> str:
        cols = ", ".join(f"{p} {self.total(p)}" for p in self.columns)
        return f"<ThreeHandedRubber {self.table.name}: {cols}>"


# --- Chicago -------------------------------------------------------------------


@dataclass(frozen=True)
class ChicagoDeal:
    """One deal of a Chicago round. ``number`` 1-4; a passed-out deal keeps its number (redealt, CB-C1)."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    declarer: Side | None
    contract: Contract | None
    tricks: int
    hand: HandScore | None
    game_won: Side | None
    premium: int

    @property
    def passed_out(self) -> bool:
        return self.contract is None


class Chicago:
    """A Chicago round of four deals (CB-C1, CB-C2).

    Vulnerability: deal 1 none, deals 2 and 3 the dealer's side, deal 4 both.
    Trick points go below and carry over until a game by either side wipes
    them; the deal that makes or completes a game earns 300/500 by that deal's
    vulnerability; a partscore made on deal 4 that does not complete a game
    earns 100. Slams, overtricks, insults, undertricks and honors as in rubber
    bridge, with the deal's vulnerability.

    >>> chicago = Chicago()
    >>> [str(chicago.vulnerability(n)) for n in (1, 2, 3, 4)]
    ['None', 'EW', 'NS', 'All']
    >>> chicago.record("NS", "4H", 10).premium
    300
    """

    GAME_PREMIUM: Final = (300, 500)
    FOURTH_DEAL_PARTSCORE: Final = 100
    table: Final[ScoreTable] = RubberTable()

    def __init__(self, first_dealer: Seat = Seat.NORTH) -> None:
        self.first_dealer = first_dealer
        self.sheet: ScoreSheet[Side] = ScoreSheet((Side.NS, Side.EW))
        self.deals: list[ChicagoDeal] = []

    @property
    def number(self) -> int:
        """The number (1-4) of the next deal to be played; 5 once the round is over."""
        return 1 + sum(1 for deal in self.deals if not deal.passed_out)

    def dealer(self, number: int) -> Seat:
        """Dealer of deal ``number``: the first dealer, then clockwise (CB-4)."""
        self._check_number(number)
        return self.first_dealer.offset(number - 1)

    def vulnerability(self, number: int) -> Vulnerability:
        """CB-C1: deal 1 none; 2 and 3 the dealer's side; 4 both."""
        self._check_number(number)
        if number == 1:
            return Vulnerability.NONE
        if number == 4:
            return Vulnerability.BOTH
        side = self.dealer(number).side
        return Vulnerability.NS if side is Side.NS else Vulnerability.EW

    @staticmethod
    def _check_number(number: int) -> None:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 4:
            raise ScoringError(f"a Chicago round has deals 1 to 4, not {number!r} (CB-C1)")

    @property
    def is_over(self) -> bool:
        return self.number > 4

    def record(
        self,
        side: Side | Seat | str | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> ChicagoDeal:
        """Score the next deal. A passed-out deal is redealt by the same dealer and does not count (CB-C1)."""
        if self.is_over:
            raise ScoringError("the Chicago round is over: four deals were played (CB-C1)")
        number = self.number
        dealer = self.dealer(number)
        vul = self.vulnerability(number)
        if is_pass(contract):
            if honors is not None:
                raise ScoringError(f"a passed-out deal scores no honors (CB-7): {honors}")
            deal = ChicagoDeal(number, dealer, vul, None, None, 0, None, None, 0)
            self.deals.append(deal)
            return deal
        assert contract is not None
        declarer = side_of(side)
        vulnerable = vul.is_vulnerable(declarer)
        c = as_contract(contract)
        hand = self.table.score(c, tricks, vulnerable, honors)
        items = list(hand.items)
        leg = self.sheet.leg(declarer) + hand.below
        game_won = declarer if hand.below and leg >= 100 else None
        premium = 0
        if game_won is not None:
            premium = self.GAME_PREMIUM[vulnerable]
            items.append(ScoreItem("game premium", premium, Column.DECLARER))
        elif hand.below and number == 4:
            premium = self.FOURTH_DEAL_PARTSCORE
            items.append(ScoreItem("partscore on deal 4", premium, Column.DECLARER))
        for item in items:
            if not item.points:
                continue
            entry = SheetEntry(len(self.deals) + 1, item.points, item.what)
            if item.to is Column.BELOW:
                self.sheet.below[declarer][-1].append(entry)
            elif item.to is Column.DECLARER:
                self.sheet.above[declarer].append(entry)
            else:
                self.sheet.above[declarer.opponents].append(entry)
        if game_won is not None:
            self.sheet.draw_line()
        deal = ChicagoDeal(
            number, dealer, vul, declarer, c, tricks, HandScore.of(items), game_won, premium
        )
        self.deals.append(deal)
        return deal

    @property
    def totals(self) -> dict[Side, int]:
        return {side: self.sheet.total(side) for side in (Side.NS, Side.EW)}

    @property
    def margin(self) -> int:
        return abs(self.sheet.total(Side.NS) - self.sheet.total(Side.EW))


# --- duplicate boards ----------------------------------------------------------------


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
    def ns_score(self) -> int:
        """The board's score from North-South's side (negative: East-West scored)."""
        if self.hand is None or self.declarer is None:
            return 0
        return self.hand.score if self.declarer.side is Side.NS else -self.hand.score


class DuplicateSet:
    """A set of duplicate boards played at one table (CB-D6, CB-B1, CB-B2).

    ``table``: ``"duplicate"`` or ``"minibridge"`` (options such as
    ``overtricks=True`` are passed to the table). Each board is scored on its own.

    >>> boards = DuplicateSet()
    >>> boards.record(3, Contract("4SE"), 10).ns_score
    -620
    >>> boards.record(2, Contract("3NT"), 8, declarer=Seat.SOUTH).ns_score
    -100
    >>> boards.totals
    {<Side.NS: 0>: 0, <Side.EW: 1>: 720}
    """

    def __init__(self, table: str | ScoreTable = "duplicate", **options: object) -> None:
        t = get_table(table)
        if t.game_points is not None or t.three_handed:
            raise ScoringError(
                f"boards are scored with the duplicate or minibridge table, not {t.name!r}"
            )
        self.table = t.with_options(**options) if options else t
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
