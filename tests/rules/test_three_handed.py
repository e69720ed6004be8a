"""Three-handed bridge: one test (at least) per rule TH-1 to TH-11 and TH-21 to TH-23 of docs/rules.md,
and the ambiguities TH-A1, TH-A2, TH-A3, TH-A9, TH-A10. Every expected value is worked by hand."""

from __future__ import annotations

import random

import pytest

from bridgeroom.errors import BridgeError, IllegalActionError, IllegalCallError, WrongPhaseError
from bridgeroom.rules import (
    Call,
    Card,
    Contract,
    Correction,
    Deal,
    Hand,
    Mode,
    Phase,
    Seat,
    new_pack,
)
from bridgeroom.rules.three_handed import (
    AcceptDouble,
    CancelBid,
    CancelDouble,
    DoubleOf,
    LookAtDummy,
    ThreeHandedDeal,
    ThreeHandedExtra,
    ThreeHandedResult,
    ThreeHandedTable,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Cards do not matter for the auction tests.
AUCTION_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# A deal for the play: with N dealing, the dummy S holds the top hearts, diamonds and clubs.
PLAY_DEAL = "N:AKQJ.5432.543.32 T987.876.876.654 6543.AKQ.AKQ.AKQ 2.JT9.JT92.JT987"
PLAYERS = ("Ann", "Bob", "Cy")


def new(dealer: Seat = N, mode: str = "strict", deal: str = AUCTION_DEAL) -> ThreeHandedDeal:
    return ThreeHandedDeal(deal, dealer, mode=mode, players=PLAYERS)


def calls(state: ThreeHandedDeal) -> list[tuple[Seat, str]]:
    return [(seat, str(call)) for seat, call in state.calls]


def same(a: ThreeHandedDeal, b: ThreeHandedDeal) -> bool:
    return vars(a) == vars(b)


def play_all(state: ThreeHandedDeal, cards: str) -> None:
    for card in cards.split():
        state.apply(card)


# The hand-worked play of PLAY_DEAL after "P P 1NT P P" (W declares 1NT, N leads):
# tricks 1-4 N leads SA SK SQ SJ and wins them; trick 5 N leads H2, dummy S wins with HA and
# runs HK HQ, DA DK DQ, CA CK CQ: declarer's side 9 tricks, all won by the dummy.
PLAY = [
    "SA S3 S7 S2",
    "SK S4 S8 H9",
    "SQ S5 S9 HT",
    "SJ S6 ST HJ",
    "H2 HA H6 D2",
    "HK H7 C7 H3",
    "HQ H8 C8 H4",
    "DA D6 D9 D3",
    "DK D7 DT D4",
    "DQ D8 DJ D5",
    "CA C4 C9 C2",
    "CK C5 CT C3",
    "CQ C6 CJ H5",
]


# --- TH-1 to TH-3: players, packs, draw, shuffle and cut --------------------------------


def test_th_1_three_players_each_for_himself() -> None:
    state = new()
    assert state.player_names == ("Ann", "Bob", "Cy")
    assert state.players == {N: "Ann", E: "Bob", W: "Cy"}
    assert state.name_at(W) == "Cy" and state.name_at(S) is None and state.player_at(S) is None
    assert state.names == ("Ann", "Bob", "Cy") and state.player_named("Cy") == 2
    assert [state.seat_of(p) for p in range(3)] == [N, E, W]
    assert len({state._team(seat) for seat in state.auction_seats()}) == 3
    with pytest.raises(BridgeError, match="TH-1"):
        ThreeHandedDeal(AUCTION_DEAL, players=("Ann", "Bob"))
    with pytest.raises(BridgeError, match="TH-1"):
        ThreeHandedDeal(AUCTION_DEAL, players=("Ann", "Ann", "Cy"))
    with pytest.raises(BridgeError, match="TH-4"):
        ThreeHandedDeal(AUCTION_DEAL, players={N: "Ann", E: "Bob", S: "Cy"})
    with pytest.raises(BridgeError):
        state.player_named("Dan")
    with pytest.raises(BridgeError, match="CB-2"):
        state.seat_of(3)


def test_th_1_two_packs_used_alternately() -> None:
    table = ThreeHandedTable(PLAYERS, "Ann")
    packs = []
    for _ in range(4):
        packs.append(table.pack)
        table = table.next()
    assert packs == [1, 2, 1, 2]
    state = ThreeHandedTable(PLAYERS, "Bob", 2).deal(seed=3)
    extra = state.view(state.dealer).extra
    assert state.pack == 2 and isinstance(extra, ThreeHandedExtra) and extra.pack == 2
    with pytest.raises(BridgeError, match="TH-1"):
        ThreeHandedDeal(AUCTION_DEAL, pack=3)


class _Draws(random.Random):
    """A generator whose draw is fixed: Ann H7, Bob SK, Cy CK."""

    def sample(self, population, k, *, counts=None):
        return [Card("H7"), Card("SK"), Card("CK")][:k]


def test_th_2_highest_deals_second_highest_at_his_left() -> None:
    # Bob's SK and Cy's CK are both kings: the spade ranks higher (CB-2), so Bob deals
    # and Cy (second) sits at his left; Ann (H7) is at his right.
    table, draws = ThreeHandedTable.draw(["Ann", "Bob", "Cy"], _Draws())
    assert draws == [("Ann", Card("H7")), ("Bob", Card("SK")), ("Cy", Card("CK"))]
    assert table == ThreeHandedTable(("Bob", "Cy", "Ann"), "Bob", 1)
    assert (table.dealer, table.lho, table.rho) == ("Bob", "Cy", "Ann")


def test_th_3_lho_shuffles_rho_cuts_and_four_hands_are_dealt() -> None:
    table = ThreeHandedTable(PLAYERS, "Ann")
    assert (table.lho, table.rho) == ("Bob", "Cy")  # Bob shuffles, Cy cuts
    # An unshuffled pack C2..CA D2..DA H2..HA S2..SA cut after 5 cards runs C7 C8 ... SA C2 ... C6
    # and is dealt one card at a time clockwise from E (N deals), the dummy S included:
    # E takes C7 CJ D2 D6 DT DA H5 H9 HK S4 S8 SQ C3, S takes C8 CQ D3 D7 DJ H2 H6 HT HA S5 S9 SK C4.
    state = table.deal_from(new_pack(), 5)
    assert state.deal == Deal(
        "N:J73.Q84.K95.AT62 Q84.K95.AT62.J73 K95.AT62.J73.Q84 AT62.J73.Q84.K95"
    )
    assert state.dummy_seat == S and state.pack == 1
    with pytest.raises(BridgeError):
        table.deal_from(new_pack(), 2)  # a cut leaves at least four cards in each packet
    dealt = table.deal(seed=11, dealer_shuffles=True).deal
    assert dealt.is_complete


# --- TH-4, TH-5: the dummy opposite the dealer, logical seats per deal -----------------------


def test_th_4_dummy_is_opposite_the_dealer_and_nobody_calls_for_it() -> None:
    for dealer, dummy in ((N, S), (E, W), (S, N), (W, E)):
        state = new(dealer)
        assert state.dummy_seat == dummy and state.view(dealer).dummy_seat == dummy
        assert dummy not in state.auction_seats()
    state = new(N)
    with pytest.raises(IllegalCallError, match="TH-4"):
        state.apply("P", seat=S)
    for call in ["1C", "P", "P"]:
        state.apply(call)
    assert S not in {seat for seat, _ in state.calls}


def test_th_4_dummy_stays_face_down_through_the_auction() -> None:
    state = new(N)
    for call in ["1C", "1H", "2C"]:
        state.apply(call)
        for seat in Seat:
            assert state.view(seat).dummy is None
        assert state.view(S).hand is None
    assert state.view(N).hand == Hand("AKQJ.AKQ.AKQ.AKQ")


def test_th_5_deal_passes_to_the_left_and_dummy_follows_the_dealer() -> None:
    table = ThreeHandedTable(PLAYERS, "Ann")
    seen = []
    for _ in range(4):
        seen.append((table.dealer, table.dealer_seat, table.dummy_seat))
        table = table.next()
    assert seen == [("Ann", N, S), ("Bob", E, W), ("Cy", S, N), ("Ann", W, E)]


def test_th_a3_logical_seats_per_deal() -> None:
    # Deal 2: Bob deals from E; Cy, his left-hand player, takes S; Ann, at his right, N; the dummy is W.
    state = ThreeHandedTable(PLAYERS, "Ann").next().start(AUCTION_DEAL)
    assert state.players == {E: "Bob", S: "Cy", N: "Ann"}
    assert state.dummy_seat == W and state.player_names == ("Bob", "Cy", "Ann")
    assert state.to_act == E


# --- TH-6 to TH-8: the auction -------------------------------------------------------------


def test_th_6_calling_order_dealer_lho_rho() -> None:
    state = new(E)  # dummy W; E, S, N call in turn
    order = []
    for call in ["P", "1C", "1D", "1H"]:
        order.append(state.to_act)
        state.apply(call)
    assert order == [E, S, N, E]


def test_th_6_any_other_player_may_double_the_last_bid() -> None:
    state = new(N)
    for call in ["1C", "1D", "P"]:
        state.apply(call)
    # N may double E's 1D (in contract bridge E's partner could not, here everyone is alone).
    assert Call("X") in state.legal_actions()
    state.apply("X")
    assert state._doubled == 1


def test_th_6_only_the_doubled_player_may_redouble() -> None:
    state = new(N)
    for call in ["1C", "X"]:
        state.apply(call)
    assert state.to_act == W
    assert Call("X") not in state.legal_actions() and Call("XX") not in state.legal_actions()
    with pytest.raises(IllegalCallError):
        state.apply("XX")
    state.apply("P")
    assert Call("XX") in state.legal_actions()  # N, whose bid was doubled
    state.apply("XX")
    state.apply("P")
    state.apply("P")
    assert state.contract == Contract("1CXXN")


def test_th_6_nobody_doubles_his_own_bid() -> None:
    state = new(N)
    assert not state.may_double(E, E) and state.may_double(W, E) and state.may_double(N, E)
    for call in ["1C", "1D", "X", "P"]:  # W doubles E's 1D; N passes
        state.apply(call)
    assert state.to_act == E
    assert Call("X") not in state.legal_actions() and Call("XX") in state.legal_actions()


def test_th_7_two_passes_after_a_call_close_the_auction() -> None:
    state = new(N)
    for call in ["1C", "P"]:
        state.apply(call)
    assert state.phase is Phase.AUCTION
    state.apply("P")
    assert state.phase is Phase.PLAY and state.contract == Contract("1CN")
    doubled = new(N)
    for call in ["1C", "X", "P", "P"]:
        doubled.apply(call)
    assert doubled.contract == Contract("1CXN")


def test_th_7_three_passes_pass_the_deal_out() -> None:
    state = new(W)
    for call in ["P", "P"]:
        state.apply(call)
    assert state.phase is Phase.AUCTION
    state.apply("P")
    assert state.is_over and state.contract is None
    result = state.result
    assert isinstance(result, ThreeHandedResult)
    assert result.passed_out and result.defenders is None and result.declarer_name is None
    # TH-A11: the deal passes all the same.
    assert ThreeHandedTable(PLAYERS, "Cy", 4).next().dealer == "Ann"


def test_th_8_highest_bidder_declares() -> None:
    # E names hearts first, W bids 2H; W (not E, as partnership rules would have it) declares.
    state = new(N)
    for call in ["P", "1H", "2H", "P", "P"]:
        state.apply(call)
    assert state.contract == Contract("2HW") and state.declarer == W
    assert (state.left_defender, state.right_defender) == (N, E)


# --- TH-9, TH-10, TH-A1, TH-A2: lead, order of play, the dummy ----------------------------------


@pytest.mark.parametrize(
    ("dealer", "auction", "declarer", "leader"),
    [
        (N, ["1C", "P", "P"], N, E),  # dealer declares: his left-hand player leads
        (N, ["P", "1C", "P", "P"], E, W),  # dealer's LHO declares: dealer's RHO leads
        (N, ["P", "P", "1C", "P", "P"], W, N),  # dealer's RHO declares: the dealer leads
        (E, ["1C", "P", "P"], E, S),
        (E, ["P", "1C", "P", "P"], S, N),  # the seat at S's left is the dummy W: N leads
        (E, ["P", "P", "1C", "P", "P"], N, E),
    ],
)
def test_th_9_th_a1_defender_on_declarers_left_leads(
    dealer: Seat, auction: list[str], declarer: Seat, leader: Seat
) -> None:
    state = new(dealer)
    for call in auction:
        state.apply(call)
    assert state.declarer == declarer and state.to_act == leader == state.left_defender


@pytest.mark.parametrize(
    ("dealer", "auction", "order"),
    [
        # order[seat] is the seat that plays after it: declarer, left defender, dummy, right defender.
        (N, ["1C", "P", "P"], (E, S, W, N)),  # N -> E -> S -> W -> N
        (N, ["P", "1C", "P", "P"], (E, W, N, S)),  # E -> W -> S -> N -> E
        (N, ["P", "P", "1C", "P", "P"], (S, W, E, N)),  # W -> N -> S -> E -> W
        (E, ["P", "1C", "P", "P"], (W, S, N, E)),  # S -> N -> W -> E -> S
    ],
)
def test_th_10_order_of_play(dealer: Seat, auction: list[str], order: tuple[Seat, ...]) -> None:
    state = new(dealer)
    for call in auction:
        state.apply(call)
    assert state._play_order() == order


def test_th_10_declarer_plays_the_dummy_and_tricks_count_by_side() -> None:
    state = new(N, deal=PLAY_DEAL)
    for call in ["P", "P", "1NT", "P", "P"]:
        state.apply(call)
    assert state.contract == Contract("1NTW") and state.to_act == N
    state.apply("SA")
    assert state.turn == S and state.to_act == W  # the dummy's card is the declarer's to choose
    play_all(state, "S3")
    assert state.turn == E == state.to_act
    play_all(state, "S7 S2")
    assert state.tricks[0].seats == (N, S, E, W) and state.tricks[0].winner == N
    play_all(state, " ".join(PLAY[1:5]))
    assert state.tricks[4].winner == S and state.turn == S and state.to_act == W
    play_all(state, " ".join(PLAY[5:]))
    result = state.result
    assert isinstance(result, ThreeHandedResult)
    assert state.tricks_won == (4, 0, 9, 0)
    assert (result.tricks, result.tricks_taken, result.overtricks) == (9, 9, 2)
    assert result.declarer == W and result.dummy == S and result.defenders == (N, E)
    assert result.declarer_name == "Cy" and result.defender_names == ("Ann", "Bob")


def test_th_10_th_a2_the_whole_dummy_is_exposed_to_all_after_the_lead() -> None:
    state = new(N, deal=PLAY_DEAL)
    for call in ["P", "P", "1NT", "P", "P"]:
        state.apply(call)
    assert state.phase is Phase.PLAY
    for seat in Seat:  # not even the declarer sees it before the lead
        assert state.view(seat).dummy is None
    assert state.view(S).hand is None
    state.apply("SA")
    dummy = Hand("6543.AKQ.AKQ.AKQ")
    for seat in (N, E, W):
        assert state.view(seat).dummy == dummy  # placed whole, not split between the defenders
    assert state.view(S).hand == dummy and state.view(E).hand == Hand("T987.876.876.654")


def test_th_11_revoke_transfers_a_trick_from_the_defenders() -> None:
    # Trick 1: E (holding spades) discards H6 on the SA; N's lead to trick 2 establishes it
    # (CB-V2). The offender did not win the revoke trick, his side did: one trick goes to
    # the declarer (Law 64A2, CB-V3). Declarer's side takes 9 tricks, is credited with 10.
    state = new(N, mode="table", deal=PLAY_DEAL)
    for call in ["P", "P", "1NT", "P", "P"]:
        state.apply(call)
    play_all(
        state,
        "SA S3 H6 S2  SK S4 S7 H9  SQ S5 S8 HT  SJ S6 S9 HJ  H2 HA H7 D2 "
        "HK H8 C7 H3  HQ ST C8 H4  DA D6 D9 D3  DK D7 DT D4  DQ D8 DJ D5 "
        "CA C4 C9 C2  CK C5 CT C3  CQ C6 CJ H5",
    )
    assert [(r.seat, r.trick, r.established) for r in state.revokes] == [(E, 0, True)]
    result = state.result
    assert result is not None
    assert (result.tricks_taken, result.adjustment, result.tricks) == (9, 1, 10)


def test_th_11_revoke_corrected_after_an_irregular_auction() -> None:
    # E doubles W's 1NT out of turn (N's turn); W calls on, so the double stands (TH-21).
    state = new(N, mode="table", deal=PLAY_DEAL)
    for call in ["P", "P", "1NT"]:
        state.apply(call)
    state.apply("X", seat=E)
    assert state.to_act == W
    state.apply("P")
    state.apply("P")
    assert state.contract == Contract("1NTXW")
    play_all(state, "SA S3 H6")  # E revokes
    assert len(state.revokes) == 1
    # E held T987 of spades when he revoked: any of them may replace the H6 (CB-V1).
    assert state.to_act == W
    assert state.table_actions(W) == [Correction(Card(c)) for c in ("S7", "S8", "S9", "ST")]
    assert state.table_actions(N) == [] and state.table_actions(E) == []
    state.apply(Correction(Card("S7")))
    assert state.current_trick == [(N, Card("SA")), (S, Card("S3")), (E, Card("S7"))]
    assert state.contract == Contract("1NTXW") and calls(state)[-3:] == [
        (E, "X"),
        (W, "P"),
        (N, "P"),
    ]
    assert not state.revokes and state.to_act == W


# --- TH-21, TH-A9: improper doubles ---------------------------------------------------------


def test_th_21_double_out_of_turn_cancelled_protects_the_doubled_player() -> None:
    state = new(N, mode="table")
    state.apply("1C")
    state.apply("X", seat=W)  # E's turn
    (item,) = state.irregularities
    assert (item.rule, item.seat, item.target, item.reasons) == ("TH-21", W, N, ("out of turn",))
    assert state.table_actions(N)[:2] == [CancelDouble(), AcceptDouble()]
    assert CancelDouble() not in state.table_actions(E)
    state.apply(CancelDouble(), seat=N)
    assert calls(state) == [(N, "1C")] and state.to_act == E
    assert state.protected == {N} and Call("X") not in state.legal_actions()
    state.apply("1D")  # E
    state.apply("P")  # W
    assert Call("X") in state.legal_actions()  # N may still double E
    state.apply("2C")
    # TH-A9: for the rest of the auction nobody doubles any bid of N.
    assert Call("X") not in state.legal_actions()
    state.apply("P")  # E
    assert Call("X") not in state.legal_actions()  # W


def test_th_21_double_stands_when_the_doubled_player_calls_on() -> None:
    state = new(N, mode="table")
    state.apply("1C")
    state.apply("X", seat=W)  # out of turn: the auction goes on from W's left, N
    assert state.to_act == N
    state.apply("P")  # N calls on: the double stands
    assert state.irregularities == ()
    with pytest.raises(IllegalActionError, match="TH-21"):
        state.apply(CancelDouble(), seat=N)
    state.apply("P")  # E
    assert state.contract == Contract("1CXN")


def test_th_21_repeated_double_accepted() -> None:
    state = new(N, mode="table")
    for call in ["1C", "X", "X"]:  # W doubles a doubled bid
        state.apply(call)
    (item,) = state.irregularities
    assert item.reasons == ("repeated",) and item.target == N
    state.apply(AcceptDouble())
    assert state.irregularities == () and state._doubled == 1
    state.apply("XX")
    for call in ["P", "P"]:
        state.apply(call)
    assert state.contract == Contract("1CXXN")


def test_th_21_double_of_own_bid() -> None:
    state = new(N, mode="table")
    state.apply("1C")
    state.apply("X", seat=N)  # N doubles his own bid, out of turn
    (item,) = state.irregularities
    assert item.reasons == ("out of turn", "own bid") and item.target == N
    state.apply(CancelDouble(), seat=N)
    assert calls(state) == [(N, "1C")] and state.to_act == E and state.protected == {N}


def test_th_21_double_of_a_bid_that_is_not_the_last() -> None:
    state = new(N, mode="table")
    for call in ["1C", "1D"]:
        state.apply(call)
    state.apply(DoubleOf(0))  # W doubles N's 1C, which E's 1D has overcalled
    (item,) = state.irregularities
    assert item.reasons == ("not the last bid",) and item.target == N
    assert state._doubled == 0  # E's 1D is not doubled by it
    assert state.to_act == N and CancelDouble() in state.table_actions(N)
    state.apply(CancelDouble())
    assert calls(state) == [(N, "1C"), (E, "1D")] and state.to_act == W


def test_th_21_double_of_a_protected_player_is_improper() -> None:
    state = new(N, mode="table")
    state.apply("1C")
    state.apply("X", seat=W)
    state.apply(CancelDouble(), seat=N)
    state.apply("X")  # E doubles the protected N in turn: recorded as improper again
    assert state.irregularities[0].reasons == ("protected",)
    strict = new(N)
    strict.apply("1C")
    with pytest.raises(IllegalActionError, match="TH-21"):
        strict.apply(CancelDouble(), seat=N)


def test_th_a9_protection_lasts_for_that_auction_only() -> None:
    table = ThreeHandedTable(PLAYERS, "Ann")
    state = table.start(AUCTION_DEAL, mode="table")
    state.apply("1C")
    state.apply("X", seat=W)
    state.apply(CancelDouble(), seat=N)
    for call in ["P", "P"]:
        state.apply(call)
    assert state.contract == Contract("1CN") and state.protected == {N}
    following = table.next().start(AUCTION_DEAL, mode="table")
    for call in ["P", "P", "1C"]:  # Ann, now the dealer's RHO at N, bids
        following.apply(call)
    assert following.protected == frozenset() and Call("X") in following.legal_actions()


@pytest.mark.parametrize(
    ("setup", "seat", "action", "rule"),
    [
        (["1C"], W, "X", "TH-6"),  # out of turn
        (["1C", "X"], W, "X", "TH-21"),  # repeated
        (["1C", "1D"], W, DoubleOf(0), "TH-21"),  # not the last bid
        (["1C"], N, "X", "TH-6"),  # own bid, out of turn
    ],
)
def test_th_21_strict_mode_refuses_improper_doubles(
    setup: list[str], seat: Seat, action: object, rule: str
) -> None:
    state = new(N)
    for call in setup:
        state.apply(call)
    before = state.clone()
    with pytest.raises(IllegalCallError, match=rule):
        state.apply(action, seat=seat)
    assert same(state, before)
    for rectification in (CancelDouble(), AcceptDouble()):
        with pytest.raises(IllegalActionError, match="TH-21"):
            state.apply(rectification, seat=N)
    assert same(state, before)


# --- TH-22: irregular bids -------------------------------------------------------------------


def test_th_22_insufficient_bid_cancelled_offender_calls_again_legally() -> None:
    state = new(N, mode="table")
    state.apply("1S")
    state.apply("1H")  # E, insufficient
    (item,) = state.irregularities
    assert (item.rule, item.seat, item.reasons, item.may_cancel) == (
        "TH-22",
        E,
        ("insufficient",),
        (N, W),
    )
    assert CancelBid() in state.table_actions(W) and CancelBid() not in state.table_actions(E)
    state.apply(CancelBid())  # W, to act, cancels it
    assert calls(state) == [(N, "1S")] and state.to_act == E
    with pytest.raises(IllegalCallError, match="TH-22"):
        state.apply("1D")  # a second insufficient bid is refused
    state.apply("2H")
    # No further penalty: nobody is barred, every proper call stays open to all.
    assert state.barred == frozenset() and Call("X") in state.legal_actions()


def test_th_22_cancelled_after_one_opponent_called_over_it() -> None:
    state = new(N, mode="table")
    for call in ["1S", "1H", "2C"]:  # W calls over E's insufficient 1H
        state.apply(call)
    assert state.irregularities[0].answered == {W}
    state.apply(CancelBid())  # N cancels: W's 2C goes with it
    assert calls(state) == [(N, "1S")] and state.to_act == E


def test_th_22_stands_once_both_opponents_have_called_over_it() -> None:
    state = new(N, mode="table")
    for call in ["1S", "1H", "P"]:
        state.apply(call)
    assert state.irregularities
    state.apply("P")  # N: both opponents have now called over it and the auction is closed
    assert state.irregularities == () and state.contract == Contract("1HE")


def test_th_22_stands_and_auction_goes_on() -> None:
    state = new(N, mode="table")
    for call in ["1S", "1H", "P", "2C"]:  # N calls over it too: it stands
        state.apply(call)
    assert state.irregularities == ()
    with pytest.raises(IllegalActionError, match="TH-22"):
        state.apply(CancelBid(), seat=W)


def test_th_22_bid_out_of_turn_cancelled() -> None:
    state = new(N, mode="table")
    state.apply("1S")
    state.apply("2H", seat=W)  # E's turn
    assert state.irregularities[0].reasons == ("out of turn",) and state.to_act == N
    state.apply(CancelBid(), seat=E)
    assert calls(state) == [(N, "1S")] and state.to_act == E
    state.apply("P")
    state.apply("2H")  # W, now in turn
    assert calls(state)[-1] == (W, "2H")


def test_th_22_bid_out_of_turn_stands() -> None:
    state = new(N, mode="table")
    state.apply("1S")
    state.apply("2H", seat=W)
    state.apply("P")  # N
    state.apply("P")  # E: both opponents have called over it
    assert state.contract == Contract("2HW")


def test_th_22_strict_mode_refuses_irregular_bids() -> None:
    state = new(N)
    state.apply("1S")
    before = state.clone()
    with pytest.raises(IllegalCallError, match="TH-22"):
        state.apply("1H")
    with pytest.raises(IllegalCallError, match="TH-22"):
        state.apply("2H", seat=W)
    with pytest.raises(IllegalActionError, match="TH-22"):
        state.apply(CancelBid())
    assert same(state, before)


def test_th_22_only_bids_and_doubles_may_be_irregular() -> None:
    state = new(N, mode="table")
    state.apply("1S")
    before = state.clone()
    with pytest.raises(IllegalCallError, match="TH-6"):
        state.apply("P", seat=W)  # a pass out of turn is refused
    with pytest.raises(IllegalCallError, match="TH-6"):
        state.apply("XX")  # an improper redouble is refused
    assert same(state, before)


# --- TH-23, TH-A10: looking at the dummy -----------------------------------------------------------


def test_th_23_looking_at_dummy_bars_from_the_auction() -> None:
    state = new(N, mode="table")
    state.apply("P")
    state.apply("1D")  # E
    state.apply(LookAtDummy(), seat=E)
    assert state.barred == {E} and LookAtDummy() not in state.table_actions(E)
    # He has seen the dummy, and his view shows it; the others' views do not.
    assert state.hands_visible_to(E) == (E, S) and state.view(E).dummy == state.hand(S)
    assert state.view(N).dummy is None and state.view(W).dummy is None
    state.apply("P")  # W
    state.apply("1H")  # N
    assert state.to_act == E and state.legal_actions() == (Call("P"),)
    with pytest.raises(IllegalCallError, match="TH-23"):
        state.apply("2D")
    state.apply("P")


def test_th_23_barred_player_may_still_declare() -> None:
    state = new(N, mode="table")
    state.apply("P")
    state.apply("1D")
    state.apply(LookAtDummy(), seat=E)  # his earlier bid stands
    state.apply("P")
    state.apply("P")
    assert state.contract == Contract("1DE") and state.declarer == E
    assert state.to_act == W  # he declares; W, at his left, leads
    # Before the lead only he has seen the dummy (TH-23, TH-10).
    assert state.view(E).dummy == state.hand(S) and state.view(W).dummy is None


def test_th_a10_looking_only_counts_during_the_auction() -> None:
    state = new(N, mode="table")
    for call in ["1C", "P", "P"]:
        state.apply(call)
    with pytest.raises(WrongPhaseError, match="TH-A10"):
        state.apply(LookAtDummy(), seat=N)
    strict = new(N)
    with pytest.raises(IllegalActionError, match="TH-23"):
        strict.apply(LookAtDummy())


# --- undo and replay through the irregularities -------------------------------------------


def test_undo_and_replay_through_rectifications() -> None:
    state = new(N, mode="table")
    steps: list[tuple[object, Seat | None]] = [
        ("1S", None),
        ("1H", None),  # E insufficient
        ("2C", None),  # W over it
        (CancelBid(), N),
        ("2H", None),  # E again, legally
        ("X", N),  # N doubles out of turn (W's turn)
        (CancelDouble(), E),
        (LookAtDummy(), W),
        ("P", None),
        ("3C", None),
    ]
    snapshots = []
    for action, seat in steps:
        snapshots.append(state.clone())
        state.apply(action, seat=seat)
    assert calls(state) == [(N, "1S"), (E, "2H"), (W, "P"), (N, "3C")]
    assert state.barred == {W} and state.protected == {E}
    record = list(state.history)
    for snapshot in reversed(snapshots):
        state.undo()
        assert same(state, snapshot)
    state.replay(record)
    assert calls(state) == [(N, "1S"), (E, "2H"), (W, "P"), (N, "3C")]
    assert state.history == record


def test_text_forms_of_the_table_actions() -> None:
    state = new(N, mode="table")
    state.apply("1C")
    state.apply("x", seat=W)
    state.apply("cancel double", seat=N)
    state.apply("look-at-dummy", seat=E)
    assert state.history[-2:] == [(N, CancelDouble()), (E, LookAtDummy())]
    assert [str(a) for a in (CancelBid(), AcceptDouble(), DoubleOf(3))] == [
        "cancel bid",
        "accept double",
        "X of call 3",
    ]


def test_view_extra_and_repr() -> None:
    state = ThreeHandedDeal(
        Deal(AUCTION_DEAL), W, players=PLAYERS, pack=2, vulnerable=["Bob"], mode=Mode.TABLE
    )
    extra = state.view(S).extra
    assert isinstance(extra, ThreeHandedExtra) and state.view(S).game == "three-handed"
    assert extra.players == {W: "Ann", N: "Bob", S: "Cy"} and extra.pack == 2
    assert extra.vulnerable == ("Bob",) and extra.vulnerable_at(N) and not extra.vulnerable_at(S)
    assert repr(state).startswith(
        f"ThreeHandedDeal({AUCTION_DEAL!r}, dealer='W', players=('Ann', 'Bob', 'Cy'), pack=2)"
    )
    for call in ["P", "1C", "P", "P"]:
        state.apply(call)
    result = state.result
    assert result is None
    assert state.declarer == N and state.left_defender == S
