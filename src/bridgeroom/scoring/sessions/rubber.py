"""Rubbers: four-handed (contract and auction bridge) and three-handed, on a pad with a line.

A rubber is a fold over deal results: ``record`` scores one deal with the
rubber's table and the vulnerability the rubber itself derives, writes it on
the sheet and returns what happened. Bad input raises
:class:`~bridgeroom.errors.ScoringError` and leaves the rubber unchanged.

    >>> rubber = Rubber()
    >>> _ = rubber.record(Side.NS, Contract("4S"), 10)
    >>> rubber.games, rubber.vulnerable(Side.NS)
    ({<Side.NS: 0>: 1, <Side.EW: 1>: 0}, True)
    >>> _ = rubber.record(Side.NS, Contract("3NT"), 9)
    >>> rubber.is_over, rubber.winner, rubber.totals
    (True, <Side.NS: 0>, {<Side.NS: 0>: 920, <Side.EW: 1>: 0})
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import Message, keyed
from bridgeroom.rules import (
    Contract,
    DealResult,
    ScoreState,
    Seat,
    Side,
    ThreeHandedResult,
    Vulnerability,
    board_dealer,
)
from bridgeroom.scoring.honors import Honors
from bridgeroom.scoring.sessions.protocol import ColumnSummary, Declarer, ScoreSummary
from bridgeroom.scoring.sessions.sheet import ScoreSheet, SheetEntry, is_pass, side_of
from bridgeroom.scoring.settlement import Payment, settle
from bridgeroom.scoring.tables import (
    Column,
    HandScore,
    ScoreTable,
    Unfinished,
    as_contract,
    get_table,
)

__all__ = ["DealEntry", "LineSession", "Rubber", "ThreeHandedRubber"]

#: A column of the pad: a side (four-handed) or a player's name (three-handed).
K = TypeVar("K", bound=Side | str)

#: The rules that end a rubber at two games (contract, auction, three-handed).
_OVER_RULES: Final = "CB-R4, AB-7, TH-18"
#: What a rubber left unfinished scores its leaders for (CB-R6, AB-A9, TH-A11).
_UNFINISHED_GAME: Final = Message("score.item.unfinished_game")
_UNFINISHED_PART: Final = Message("score.item.unfinished_partscore")


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


_DEFAULT: Final = _Default()


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

    @property
    def premium(self) -> int:
        """No Chicago premium in a rubber."""
        return 0

    @property
    def board(self) -> None:
        """A rubber's deals are no boards."""
        return None


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
            raise keyed(ScoringError, "score.error.no_rubbers", table=table.message)
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
        names = ", ".join(str(c) for c in self.columns)
        raise keyed(ScoringError, "score.error.no_column", who=str(who), columns=names)

    def vulnerable(self, who: Declarer) -> bool:
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
            raise keyed(
                ScoringError, "score.error.rubber_over", who=str(self.winner), rule=_OVER_RULES
            )
        if self.abandoned:
            raise keyed(ScoringError, "score.error.rubber_closed", rule="CB-R6")

    def record_deal(
        self,
        declarer: Declarer | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
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
                raise keyed(ScoringError, "score.error.pass_honors", kind=honors.kind.message)
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
            entry_ = SheetEntry(number, item.points, item.message)
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
                self.sheet.above[column].append(
                    SheetEntry(number, bonus, Message("score.item.rubber_bonus"))
                )
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
                written.append((column, SheetEntry(number, self.unfinished.game, _UNFINISHED_GAME)))
            for column in self.columns:
                if self.sheet.leg(column) > 0:
                    written.append(
                        (
                            column,
                            SheetEntry(number, self.unfinished.partscore, _UNFINISHED_PART),
                        )
                    )
        for column, entry in written:
            self.sheet.above[column].append(entry)
        self.abandoned = True
        return written

    # --- the Session protocol -------------------------------------------------------------

    def record_result(self, result: DealResult) -> DealEntry[K]:
        """Score a deal played by the engine: the declarer's column, the honors found in the cards
        under the rubber's table (CB-R5, AB-9, TH-15)."""
        contract = result.contract
        declarer = result.declarer
        if contract is None or declarer is None:
            return self.record_deal(None, None)
        honors = self.table.honors_of(result.deal, contract.strain, declarer, dummy=result.dummy)
        return self.record_deal(self._declarer_of(result), contract, result.tricks, honors)

    def _declarer_of(self, result: DealResult) -> Declarer:
        """The column that declared ``result`` (a played deal with a contract)."""
        raise ScoringError(f"no column declared {result.contract}")

    def summary(self) -> ScoreSummary:
        """The pad as data: each column above and below the line, games won and vulnerability."""
        sheet = self.sheet
        columns = tuple(
            ColumnSummary(
                column,
                tuple(sheet.above[column]),
                tuple(tuple(game) for game in sheet.below[column]),
                sheet.total(column),
                self.games[column],
                self.vulnerable(column),
            )
            for column in self.columns
        )
        totals: dict[Side | str, int] = {c: sheet.total(c) for c in self.columns}
        return ScoreSummary(
            "line",
            totals,
            columns,
            over=self.is_over,
            winner=self.winner,
            rubber_bonus=self.rubber_bonus,
            settlement=self._settlement(),
        )

    def score_state(self) -> ScoreState:
        """The score the next deal is played at: each column's part-score in the game in
        progress, its games and vulnerability (CB-R2, CB-R3, AB-6, TH-16, TH-17).

        >>> rubber = Rubber()
        >>> _ = rubber.record("EW", "4H", 10)
        >>> _ = rubber.record("NS", "2S", 8)
        >>> rubber.score_state()
        ScoreState(columns=('NS', 'EW'), below=(60, 0), games=(0, 1), vulnerable=('EW',), deal=None, game=100)
        """
        self._check_open()
        names = tuple(c.name if isinstance(c, Side) else str(c) for c in self.columns)
        return ScoreState(
            names,
            tuple(self.sheet.leg(c) for c in self.columns),
            tuple(self.games[c] for c in self.columns),
            tuple(n for n, c in zip(names, self.columns, strict=True) if self.vulnerable(c)),
            game=self.table.game_points or 100,
        )

    def _settlement(self) -> tuple[Payment, ...] | None:
        return None

    def __iter__(self) -> Iterator[DealEntry[K]]:
        return iter(self.deals)

    def __len__(self) -> int:
        return len(self.deals)


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
    300/100 for contract (CB-R6) and none for auction (AB-A9). ``first_dealer``
    deals the first deal; the deal then passes to the left, after a passed-out
    deal as well (CB-4, CB-7).

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
        first_dealer: Seat = Seat.NORTH,
    ) -> None:
        t = _four_handed_table(table)
        super().__init__(
            (Side.NS, Side.EW), t, t.unfinished if isinstance(unfinished, _Default) else unfinished
        )
        self.first_dealer = first_dealer

    def _column(self, who: object) -> Side:
        return side_of(who)

    def next_dealer(self) -> Seat:
        """CB-4: the deal passes to the left after every deal, a passed-out one too (CB-7)."""
        return self.first_dealer.offset(len(self.deals))

    def next_vulnerability(self) -> Vulnerability:
        """CB-R3: a side that has won a game is vulnerable; nobody under the auction table (AB-5)."""
        return Vulnerability.of(self.vulnerable(Side.NS), self.vulnerable(Side.EW))

    def _declarer_of(self, result: DealResult) -> Declarer:
        assert result.declarer is not None
        return result.declarer.side

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
            raise keyed(ScoringError, "score.error.three_players", text=repr(list(players)))
        if len(set(names)) != 3:
            raise keyed(ScoringError, "score.error.three_names", text=", ".join(map(str, names)))
        t = _three_handed_table(table)
        super().__init__(
            [str(p) for p in names],
            t,
            t.unfinished if isinstance(unfinished, _Default) else unfinished,
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self.columns

    def next_dealer(self) -> Seat:
        """TH-5, TH-A3: the dealer's compass seat turns with the deal number as on duplicate
        boards (deal 1 N, 2 E, 3 S, 4 W, ...), as :class:`~bridgeroom.rules.ThreeHandedTable` seats
        the players; passed-out deals count (TH-7)."""
        return board_dealer(len(self.deals) + 1)

    def next_vulnerability(self) -> Vulnerability:
        """Nothing by side: vulnerability is each player's own (TH-17, :meth:`vulnerable`)."""
        return Vulnerability.NONE

    def _declarer_of(self, result: DealResult) -> Declarer:
        if not isinstance(result, ThreeHandedResult) or result.declarer_name is None:
            raise ScoringError(
                f"a three-handed rubber records three-handed deals, with their players (TH-12): "
                f"{result.contract}"
            )
        return result.declarer_name

    def _settlement(self) -> tuple[Payment, ...] | None:
        """The settlement once the rubber is over (TH-20)."""
        return tuple(self.settle()) if self.is_over else None

    def _column(self, who: object) -> str:
        if isinstance(who, str) and who.strip() in self.games:
            return who.strip()
        raise keyed(
            ScoringError, "score.error.no_player", who=str(who), players=", ".join(self.columns)
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
