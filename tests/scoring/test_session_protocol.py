"""The Session protocol that every score session answers: the dealer and vulnerability of the next
deal, recording a deal (typed, or played with its honors found in the cards), whether it is over,
and the sheet as data. Expected values are worked by hand from docs/rules.md."""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.rules import (
    Contract,
    Deal,
    DealResult,
    Seat,
    Side,
    ThreeHandedResult,
    Vulnerability,
)
from bridgeroom.scoring import (
    SCORE_FORMS,
    BoardRow,
    Chicago,
    DuplicateSet,
    Honors,
    Payment,
    Rubber,
    Session,
    SessionEntry,
    ThreeHandedRubber,
    new_session,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Side.NS, Side.EW
NONE, VNS, VEW, BOTH = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH
# North holds all five spade honors (CB-R5: 150 in one hand).
HONORS_DEAL = Deal("N:AKQJT.AK.AK.AKQJ 98765.QJ.QJ.T987 432.T9876.T98.65 -.5432.765432.432")


def played(contract: str | None, tricks: int = 0, dealer: Seat = N) -> DealResult:
    """The result of HONORS_DEAL played to ``contract`` (``None``: passed out)."""
    c = None if contract is None else Contract(contract)
    return DealResult(HONORS_DEAL, dealer, NONE, c, tricks, tricks)


@pytest.mark.parametrize("form", SCORE_FORMS)
def test_every_score_form_answers_the_session_protocol(form: str) -> None:
    session = new_session(form, players=("Ann", "Bob", "Cy"))
    assert isinstance(session, Session)
    assert session.is_over is False
    summary = session.summary()
    assert summary.kind == ("boards" if form in ("duplicate", "minibridge") else "line")
    assert all(points == 0 for points in summary.totals.values())


def test_an_unknown_score_form_is_refused() -> None:
    with pytest.raises(ScoringError, match="no score form"):
        new_session("whist")


def test_cb_4_cb_7_a_rubber_passes_the_deal_to_the_left_after_a_pass_out() -> None:
    rubber = Rubber(first_dealer=W)
    assert rubber.next_dealer() == W
    entry = rubber.record_deal(None, None)  # passed out (CB-7): the deal passes all the same
    assert isinstance(entry, SessionEntry) and entry.contract is None and entry.hand is None
    assert rubber.next_dealer() == N
    rubber.record_deal(EW, "2S", 8)
    assert rubber.next_dealer() == E


def test_cb_r3_ab_5_a_game_makes_its_side_vulnerable_except_in_auction_bridge() -> None:
    rubber = Rubber()
    rubber.record_deal(NS, "4S", 10)  # 120 below: game (CB-R2)
    assert rubber.next_vulnerability() == VNS
    assert rubber.vulnerable(S) and rubber.vulnerable("NS") and not rubber.vulnerable(EW)
    auction = Rubber("auction")
    auction.record_deal(NS, "4S", 10)  # 4 x 9 = 36 below: a game at 30 (AB-6)
    assert auction.summary().columns[0].games == 1
    assert auction.next_vulnerability() == NONE  # AB-5: no vulnerability


def test_cb_c1_chicago_dealer_and_vulnerability_deal_by_deal() -> None:
    chicago = Chicago(N)
    seen = [(chicago.next_dealer(), chicago.next_vulnerability())]
    chicago.record_deal(None, None)  # passed out: redealt by the same dealer (CB-C1)
    seen.append((chicago.next_dealer(), chicago.next_vulnerability()))
    for _ in range(3):
        chicago.record_deal(NS, "1C", 7)
        seen.append((chicago.next_dealer(), chicago.next_vulnerability()))
    assert seen == [(N, NONE), (N, NONE), (E, VEW), (S, VNS), (W, BOTH)]
    assert chicago.vulnerable(E) and chicago.vulnerable(N)  # deal 4: both
    chicago.record_deal(EW, "1C", 7)
    assert chicago.is_over
    with pytest.raises(ScoringError, match="CB-C1"):
        chicago.next_dealer()


def test_cb_b1_cb_b2_boards_give_dealer_and_vulnerability_by_number() -> None:
    boards = DuplicateSet()
    seen = []
    for _ in range(16):
        seen.append((boards.next_dealer(), boards.next_vulnerability()))
        boards.record_deal(N, None)  # a passed-out board scores nothing and the next is played
    # docs/rules.md CB-B1 and the CB-B2 table for boards 1 to 16
    dealers = [N, E, S, W] * 4
    vulnerability = [NONE, VNS, VEW, BOTH, VNS, VEW, BOTH, NONE,
                     VEW, BOTH, NONE, VNS, BOTH, NONE, VNS, VEW]  # fmt: skip
    assert seen == list(zip(dealers, vulnerability, strict=True))
    assert boards.next_board == 17 and not boards.is_over


def test_cb_r5_honors_are_found_in_the_cards_and_score_in_rubber_only() -> None:
    result = played("4SN", 10)
    rubber = Rubber()
    entry = rubber.record_result(result)
    assert entry.honors == Honors("5-one", "declarer")
    # 4S made: 4 x 30 = 120 below; five honors in one hand 150 above (CB-R1, CB-R5)
    assert rubber.totals == {NS: 270, EW: 0}
    chicago = Chicago()
    chicago.record_result(result)
    assert chicago.totals == {NS: 420, EW: 0}  # 120 + 300 game premium (CB-C2), no honors
    boards = DuplicateSet()
    assert boards.record_result(result).ns_score == 420  # CB-D1: 120 + 300, no honors
    with pytest.raises(ScoringError, match="CB-R5"):
        boards.record_deal(N, "4S", 10, Honors("5-one", "declarer"))
    assert len(boards) == 1  # the refused deal changed nothing


def test_a_passed_out_deal_is_recorded_from_its_result() -> None:
    rubber = Rubber()
    entry = rubber.record_result(played(None))
    assert entry.contract is None and rubber.totals == {NS: 0, EW: 0} and len(rubber) == 1


def test_th_5_th_17_three_handed_rubber_next_deal_and_vulnerability() -> None:
    rubber = ThreeHandedRubber(["Ann", "Bob", "Cy"], "contract")
    assert rubber.next_dealer() == N
    rubber.record_deal(None, None)  # TH-7: the deal passes after a pass-out too
    assert rubber.next_dealer() == E
    rubber.record_deal("Ann", "4S", 10)
    assert rubber.next_dealer() == S and rubber.next_vulnerability() == NONE
    assert rubber.vulnerable("Ann") and not rubber.vulnerable("Bob")  # TH-17: per player


def test_th_13_a_three_handed_result_is_scored_to_its_declarer_by_name() -> None:
    rubber = ThreeHandedRubber(["Ann", "Bob", "Cy"], "contract")
    # dealer N (Ann), his left E (Bob), his right W (Cy); E declares 2H and makes 8 tricks
    result = ThreeHandedResult(
        HONORS_DEAL, N, NONE, Contract("2HE"), 8, 8, players=("Ann", "Bob", "Cy")
    )
    entry = rubber.record_result(result)
    assert entry.declarer == "Bob" and rubber.below("Bob") == 60  # TH-13: 2 x 30 below
    with pytest.raises(ScoringError, match="TH-12"):
        rubber.record_result(played("2HE", 8))  # a four-handed result names no player
    assert len(rubber) == 1


def test_cb_r4_the_sheet_as_data_of_a_rubber() -> None:
    rubber = Rubber()
    rubber.record_deal(NS, "2H", 9)  # 60 below, 30 above
    rubber.record_deal(NS, "4S", 10)  # 120 below: game
    summary = rubber.summary()
    ns, ew = summary.columns
    assert (ns.name, ns.games, ns.vulnerable, ew.games, ew.vulnerable) == (NS, 1, True, 0, False)
    assert [[e.points for e in game] for game in ns.below] == [[60, 120], []]
    assert [e.points for e in ns.above] == [30] and ns.total == 210 and ns.above_total == 30
    assert not summary.over and summary.winner is None and summary.settlement is None
    rubber.record_deal(NS, "3NT", 9)  # 100 below: second game, 700 (CB-R4)
    summary = rubber.summary()
    assert summary.over and summary.winner == NS and summary.rubber_bonus == 700
    assert summary.totals == {NS: 1010, EW: 0} and summary.counts_games


def test_th_19_th_20_the_sheet_of_a_three_handed_rubber_carries_the_settlement() -> None:
    rubber = ThreeHandedRubber(["Ann", "Bob", "Cy"], "contract")
    rubber.record_deal("Ann", "4S", 10)
    assert rubber.summary().settlement is None  # not over yet
    rubber.record_deal("Ann", "4H", 10)
    summary = rubber.summary()
    # Ann: 120 + 120 below, 700 rubber bonus (TH-19: nobody else won a game)
    assert summary.totals == {"Ann": 940, "Bob": 0, "Cy": 0} and summary.winner == "Ann"
    # TH-20: each pair settles; 940 rounds to 900; Bob and Cy are quits
    assert summary.settlement is not None
    assert set(summary.settlement) == {Payment("Bob", "Ann", 900), Payment("Cy", "Ann", 900)}


def test_cb_c2_a_chicago_sheet_counts_no_games() -> None:
    chicago = Chicago()
    chicago.record_deal(NS, "4H", 10)
    summary = chicago.summary()
    assert summary.kind == "line" and not summary.counts_games
    assert summary.columns[0].games is None and summary.columns[0].total == 420


def test_cb_d1_the_sheet_of_boards() -> None:
    boards = DuplicateSet()
    boards.record_deal(E, "4S", 10)  # board 1, nobody vulnerable: EW +420 (CB-D1)
    boards.record_deal("S", "3NT", 8)  # board 2, NS vulnerable: one down, EW +100 (CB-D5)
    summary = boards.summary()
    assert summary.kind == "boards" and summary.totals == {NS: 0, EW: 520}
    assert summary.boards == (
        BoardRow(1, N, NONE, E, Contract("4S"), 10, -420),
        BoardRow(2, E, VNS, S, Contract("3NT"), 8, -100),
    )
    with pytest.raises(ScoringError, match="seat"):
        boards.record_deal(NS, "1NT", 7)  # a board needs the declarer's seat


def test_mb_6_mb_9_a_mini_bridge_table_records_its_boards() -> None:
    session = new_session("minibridge")
    assert (session.next_board, session.next_dealer(), session.next_vulnerability()) == (1, N, NONE)
    entry = session.record_deal(N, "3NT", 9)  # MB-T1: 3NT made, not vulnerable: 400
    assert entry.hand is not None and entry.hand.score == 400
    session.record_result(played("2HE", 8, dealer=E))  # board 2 (NS vulnerable): EW 2H made
    assert session.next_board == 3
    summary = session.summary()
    assert [(r.board, r.ns_score) for r in summary.boards] == [(1, 400), (2, -110)]
    with pytest.raises(ScoringError, match="MB-6"):
        session.record_deal(N, None)  # no pass-out in mini-bridge
    with pytest.raises(BridgeError):
        session.record_deal(N, "3NT", 9, Honors("4-one", "declarer"))
    assert len(session.summary().boards) == 2
