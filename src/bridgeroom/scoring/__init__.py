"""The scoring layer: score tables, honors, sessions and settlement.

Pure functions of ``(contract, tricks, vulnerable, honors)``; sessions
(rubber, Chicago, duplicate boards, three-handed rubber) are folds over deal
results that answer one :class:`Session` protocol. Imports only the value
types of :mod:`bridgeroom.rules`.

    >>> from bridgeroom.scoring import score, score_duplicate, Honors
    >>> score_duplicate("6NT", 12, vulnerable=True).score
    1440
    >>> score("rubber", "4S", 10, honors=Honors("4-one", "defenders"))
    HandScore(below=120, declarer_above=0, defenders_above=100)
    >>> score("three-handed-auction", "2H", 7).defenders_above   # what EACH defender scores
    50
"""

from __future__ import annotations

from bridgeroom.rules import Contract, Deal, Seat, Strain
from bridgeroom.scoring.honors import Honors, HonorsKind, HonorsSide, honors_in_hands
from bridgeroom.scoring.sessions import (
    SCORE_FORMS,
    BoardResult,
    BoardRow,
    Chicago,
    ChicagoDeal,
    ColumnSummary,
    DealEntry,
    Declarer,
    DuplicateSet,
    LineSession,
    Rubber,
    ScoreForm,
    ScoreSheet,
    ScoreSummary,
    Session,
    SessionEntry,
    SheetEntry,
    ThreeHandedRubber,
    is_pass,
    new_session,
    side_of,
)
from bridgeroom.scoring.settlement import ROUNDINGS, Payment, round_points, settle
from bridgeroom.scoring.tables import (
    SCORE_TABLES,
    AuctionTable,
    Column,
    ContractTable,
    DuplicateTable,
    HandScore,
    MiniBridgeTable,
    RubberTable,
    ScoreItem,
    ScoreTable,
    ThreeHandedAuctionTable,
    ThreeHandedContractTable,
    Unfinished,
    as_contract,
    get_table,
)

__all__ = [
    "ROUNDINGS",
    "SCORE_FORMS",
    "SCORE_TABLES",
    "AuctionTable",
    "BoardResult",
    "BoardRow",
    "Chicago",
    "ChicagoDeal",
    "Column",
    "ColumnSummary",
    "ContractTable",
    "DealEntry",
    "Declarer",
    "DuplicateSet",
    "DuplicateTable",
    "HandScore",
    "Honors",
    "HonorsKind",
    "HonorsSide",
    "LineSession",
    "MiniBridgeTable",
    "Payment",
    "Rubber",
    "RubberTable",
    "ScoreItem",
    "ScoreForm",
    "ScoreSheet",
    "ScoreSummary",
    "ScoreTable",
    "Session",
    "SessionEntry",
    "SheetEntry",
    "ThreeHandedAuctionTable",
    "ThreeHandedContractTable",
    "ThreeHandedRubber",
    "Unfinished",
    "as_contract",
    "get_table",
    "honors_in_hands",
    "honors_of_deal",
    "is_pass",
    "new_session",
    "round_points",
    "score",
    "score_auction",
    "score_duplicate",
    "score_minibridge",
    "score_rubber",
    "settle",
    "side_of",
]

_DUPLICATE = SCORE_TABLES["duplicate"]
_RUBBER = SCORE_TABLES["rubber"]
_AUCTION = SCORE_TABLES["auction"]
_MINIBRIDGE = SCORE_TABLES["minibridge"]
_MINIBRIDGE_EBU = MiniBridgeTable(overtricks=True)


def score(
    game: str,
    contract: Contract | str,
    tricks: int,
    vulnerable: bool = False,
    honors: Honors | None = None,
) -> HandScore:
    """Score one deal with the table of ``game`` (a key of :data:`SCORE_TABLES`).

    >>> score("duplicate", "3NTX", 7, vulnerable=True).score
    -500
    """
    return get_table(game).score(contract, tricks, vulnerable, honors)


def score_duplicate(contract: Contract | str, tricks: int, vulnerable: bool) -> HandScore:
    """Law 77 duplicate score (CB-D1..CB-D5); ``tricks`` are the declarer's (0-13).

    >>> score_duplicate("4SX", 11, vulnerable=False)
    HandScore(below=240, declarer_above=450, defenders_above=0)
    """
    return _DUPLICATE.score(contract, tricks, vulnerable)


def score_rubber(
    contract: Contract | str, tricks: int, vulnerable: bool, honors: Honors | None = None
) -> HandScore:
    """Contract rubber score of one deal (CB-R1..CB-R5): trick points below, the rest above.

    >>> score_rubber("6H", 13, vulnerable=True)
    HandScore(below=180, declarer_above=780, defenders_above=0)
    """
    return _RUBBER.score(contract, tricks, vulnerable, honors)


def score_auction(contract: Contract | str, tricks: int, honors: Honors | None = None) -> HandScore:
    """Auction bridge score of one deal (AB-3..AB-11); there is no vulnerability (AB-5).

    >>> score_auction("1C", 8, Honors("3", "defenders"))
    HandScore(below=12, declarer_above=0, defenders_above=30)
    """
    return _AUCTION.score(contract, tricks, False, honors)


def score_minibridge(
    contract: Contract | str, tricks: int, vulnerable: bool, *, overtricks: bool = False
) -> HandScore:
    """Mini-bridge score (MB-9..MB-11, MB-T1, MB-T2); ``overtricks=True``: the EBU variant (MB-A6).

    >>> score_minibridge("3NT", 10, vulnerable=True).score
    600
    >>> score_minibridge("3NT", 10, vulnerable=True, overtricks=True).score
    630
    """
    table = _MINIBRIDGE_EBU if overtricks else _MINIBRIDGE
    return table.score(contract, tricks, vulnerable)


def honors_of_deal(
    deal: Deal, strain: Strain, declarer: Seat, table: str, *, dummy: Seat | None = None
) -> Honors | None:
    """The honors that score on ``deal`` under ``table`` (CB-R5, AB-9, TH-15), from the cards.

    ``dummy`` defaults to the declarer's partner; in three-handed bridge pass
    the dummy seat. Tables without honors (``duplicate``, ``minibridge``) give ``None``.

    >>> deal = Deal("N:AKQJT.AK.AK.AKQJ 98765.QJ.QJ.T987 432.T9876.T98.65 -.5432.765432.432")
    >>> honors_of_deal(deal, Strain.SPADES, Seat.SOUTH, "rubber")
    Honors('5-one', 'declarer')
    >>> honors_of_deal(deal, Strain.NOTRUMP, Seat.EAST, "auction")
    Honors('4-aces-one', 'defenders')
    """
    return get_table(table).honors_of(deal, strain, declarer, dummy=dummy)
