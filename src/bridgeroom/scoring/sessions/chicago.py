"""A Chicago round: four deals, vulnerability by deal, premiums per deal (CB-C1, CB-C2).

>>> chicago = Chicago()
>>> _ = chicago.record("NS", "4H", 10)
>>> chicago.totals, chicago.next_dealer(), chicago.next_vulnerability()
({<Side.NS: 0>: 420, <Side.EW: 1>: 0}, <Seat.EAST: 1>, <Vulnerability.EW: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import Message
from bridgeroom.rules import Contract, DealResult, ScoreState, Seat, Side, Vulnerability
from bridgeroom.scoring.honors import Honors
from bridgeroom.scoring.sessions.protocol import ColumnSummary, Declarer, ScoreSummary
from bridgeroom.scoring.sessions.sheet import ScoreSheet, SheetEntry, is_pass, side_of
from bridgeroom.scoring.tables import (
    Column,
    HandScore,
    RubberTable,
    ScoreItem,
    ScoreTable,
    as_contract,
)

__all__ = ["Chicago", "ChicagoDeal"]


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

    @property
    def rubber_bonus(self) -> int:
        """A Chicago round has no rubber bonus (its premiums take its place, CB-C2)."""
        return 0

    @property
    def board(self) -> None:
        """A Chicago round's deals are no boards."""
        return None


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
            items.append(ScoreItem(Message("score.item.game_premium"), premium, Column.DECLARER))
        elif hand.below and number == 4:
            premium = self.FOURTH_DEAL_PARTSCORE
            items.append(
                ScoreItem(Message("score.item.partscore_deal_4"), premium, Column.DECLARER)
            )
        for item in items:
            if not item.points:
                continue
            entry = SheetEntry(len(self.deals) + 1, item.points, item.message)
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

    # --- the Session protocol -------------------------------------------------------------

    def next_dealer(self) -> Seat:
        """The dealer of the next deal; a passed-out deal is redealt by the same dealer (CB-C1)."""
        if self.is_over:
            raise ScoringError("the Chicago round is over: four deals were played (CB-C1)")
        return self.dealer(self.number)

    def next_vulnerability(self) -> Vulnerability:
        """CB-C1: the vulnerability of the next deal by its number."""
        if self.is_over:
            raise ScoringError("the Chicago round is over: four deals were played (CB-C1)")
        return self.vulnerability(self.number)

    def vulnerable(self, who: Declarer) -> bool:
        """Whether ``who``'s side is vulnerable on the next deal (CB-C1)."""
        return self.next_vulnerability().is_vulnerable(side_of(who))

    def score_state(self) -> ScoreState:
        """The score the next deal is played at: each side's part-score carried (CB-C2), the
        deal's vulnerability and number (CB-C1).

        >>> chicago = Chicago()
        >>> _ = chicago.record("NS", "2S", 8)
        >>> chicago.score_state()
        ScoreState(columns=('NS', 'EW'), below=(60, 0), games=(0, 0), vulnerable=('EW',), deal=2, game=100)
        """
        vul = self.next_vulnerability()
        return ScoreState(
            ("NS", "EW"),
            (self.sheet.leg(Side.NS), self.sheet.leg(Side.EW)),
            (0, 0),
            tuple(side.name for side in (Side.NS, Side.EW) if vul.is_vulnerable(side)),
            self.number,
        )

    def record_deal(
        self,
        declarer: Declarer | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> ChicagoDeal:
        """:meth:`record`, as every session records a deal."""
        return self.record(declarer, contract, tricks, honors)

    def record_result(self, result: DealResult) -> ChicagoDeal:
        """Score a deal played by the engine. Honors are not counted: they score in rubber
        bridge only (CB-R5)."""
        if result.contract is None or result.declarer is None:
            return self.record(None, None)
        return self.record(result.declarer, result.contract, result.tricks)

    def summary(self) -> ScoreSummary:
        """The pad as data: each side above and below the line (no games counted, CB-C2)."""
        sheet = self.sheet
        columns = tuple(
            ColumnSummary(
                side,
                tuple(sheet.above[side]),
                tuple(tuple(game) for game in sheet.below[side]),
                sheet.total(side),
            )
            for side in sheet.columns
        )
        totals: dict[Side | str, int] = {side: total for side, total in self.totals.items()}
        return ScoreSummary("line", totals, columns, over=self.is_over)
