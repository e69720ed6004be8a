"""The four-handed auction: CB-5 (order, sufficiency), CB-6 (doubles), CB-7 (end), CB-8 (contract, declarer)."""

from __future__ import annotations

import pytest

from bridgeroom.errors import IllegalActionError, IllegalCallError, WrongPhaseError
from bridgeroom.rules import Call, Contract, ContractBridgeDeal, Deal, Phase, Seat, Vulnerability

DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def bid(calls: str, dealer: Seat = Seat.NORTH) -> ContractBridgeDeal:
    state = ContractBridgeDeal(DEAL, dealer, Vulnerability.NONE)
    for call in calls.split():
        state.apply(call)
    return state


def test_cb_5_dealer_calls_first_then_clockwise() -> None:
    state = ContractBridgeDeal(DEAL, Seat.WEST)
    assert state.to_act == Seat.WEST
    state.apply("P")
    assert state.to_act == Seat.NORTH
    state.apply("1C")
    assert state.to_act == Seat.EAST
    assert [s for s, _ in state.calls] == [Seat.WEST, Seat.NORTH]


def test_cb_5_bid_must_be_higher() -> None:
    state = bid("1S")
    with pytest.raises(IllegalCallError, match="is not enough: the last bid is") as err:
        state.apply("1H")
    assert err.value.rule == "CB-5"
    with pytest.raises(IllegalCallError):
        state.apply("1S")
    state.apply("1NT")  # same level, higher denomination
    state.apply("2C")  # higher level, lower denomination


def test_cb_5_first_legal_calls_include_every_bid_but_no_double() -> None:
    state = ContractBridgeDeal(DEAL)
    legal = state.legal_actions()
    assert Call.PASS in legal and Call.DOUBLE not in legal and Call.REDOUBLE not in legal
    assert len(legal) == 1 + 35


def test_cb_5_after_7nt_only_pass_or_double() -> None:
    state = bid("7NT")
    assert set(state.legal_actions()) == {Call.PASS, Call.DOUBLE}


def test_cb_6_double_only_an_opponents_last_bid() -> None:
    state = bid("1H P")  # N bid 1H, E passed; S (partner) to call
    with pytest.raises(IllegalCallError, match="not an opponent") as err:
        state.apply("X")
    assert err.value.rule == "CB-6"
    state.apply("P")
    state.apply("X")  # W doubles N's 1H: legal, only passes since
    assert state.calls[-1] == (Seat.WEST, Call.DOUBLE)


def test_cb_6_no_double_of_a_doubled_bid_and_no_double_without_a_bid() -> None:
    state = ContractBridgeDeal(DEAL)
    with pytest.raises(IllegalCallError, match="no bid"):
        state.apply("X")
    state = bid("1H X P")
    with pytest.raises(IllegalCallError, match="doubled already"):
        state.apply("X")


def test_cb_6_redouble_only_by_the_doubled_side_of_the_last_double() -> None:
    state = bid("1H X")  # S to call: partner of the doubled bidder
    assert Call.REDOUBLE in state.legal_actions()
    state.apply("P")
    # W (doubler's partner) may not redouble
    with pytest.raises(IllegalCallError, match="redouble") as err:
        state.apply("XX")
    assert err.value.rule == "CB-6"
    state.apply("P")
    state.apply("XX")  # N, the bidder, redoubles
    assert Call.REDOUBLE not in state.legal_actions()
    assert Call.DOUBLE not in state.legal_actions()


def test_cb_6_redouble_without_a_double_is_illegal() -> None:
    state = bid("1H")
    with pytest.raises(IllegalCallError):
        state.apply("XX")


def test_cb_6_a_later_bid_supersedes_a_double() -> None:
    state = bid("1H X 2H P P P")
    assert state.contract == Contract("2HN")  # undoubled


def test_cb_7_three_passes_after_a_call_end_the_auction() -> None:
    state = bid("1C P P")
    assert state.phase is Phase.AUCTION
    state.apply("P")
    assert state.phase is Phase.PLAY
    assert state.contract == Contract("1CN")


def test_cb_7_three_passes_after_a_double_end_the_auction_doubled() -> None:
    state = bid("1C X P P P")
    assert state.contract == Contract("1CXN")
    state = bid("1C X XX P P P")
    assert state.contract == Contract("1CXXN")


def test_cb_7_four_passes_pass_the_deal_out() -> None:
    state = bid("P P P")
    assert state.phase is Phase.AUCTION
    state.apply("P")
    assert state.phase is Phase.DONE
    result = state.result
    assert result is not None and result.passed_out and result.contract is None
    assert state.legal_actions() == ()


def test_cb_8_declarer_is_first_of_the_side_to_name_the_strain() -> None:
    # N 1H, E P, S 2H, W P, N 4H ... -> N named hearts first
    state = bid("1H P 2H P 4H P P P")
    assert state.declarer == Seat.NORTH
    # N 1C, S 1H, N 2H... S named hearts first -> S declares 4H
    state = bid("1C P 1H P 2H P 4H P P P")
    assert state.contract == Contract("4HS")
    assert state.dummy == Seat.NORTH


def test_cb_8_opponents_naming_a_strain_does_not_count() -> None:
    # E names spades first, then N-S buy it in spades: S named spades first for N-S.
    state = bid("1C 1S P P 2S P 3S P P P")
    assert state.contract == Contract("3SN")  # N bid 2S (cue) before S; N named spades first for NS
    state = bid("1C 1S 2S P P P")
    assert state.contract is not None and state.contract.declarer == Seat.SOUTH


def test_calls_are_rejected_in_the_play_and_cards_in_the_auction() -> None:
    state = ContractBridgeDeal(DEAL)
    with pytest.raises(WrongPhaseError):
        state.apply("SA")
    state = bid("1C P P P")
    with pytest.raises(WrongPhaseError, match="auction is over"):
        state.apply("3NT")


def test_acting_out_of_turn_is_refused_in_strict_mode() -> None:
    state = ContractBridgeDeal(DEAL)
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply("1C", seat=Seat.EAST)
    assert state.history == []


def test_illegal_call_leaves_state_unchanged() -> None:
    state = bid("2S X")
    before = (list(state.history), state.view(Seat.SOUTH))
    for bad in ("1NT", "X", "2S"):
        with pytest.raises(IllegalCallError):
            state.apply(bad)
    assert (state.history, state.view(Seat.SOUTH)) == before


def test_undo_takes_back_the_last_call() -> None:
    state = bid("1C P 1H")
    assert state.undo() == Call("1H")
    assert state.to_act == Seat.SOUTH
    assert [str(c) for _, c in state.calls] == ["1C", "P"]
    state.apply("1S")
    assert str(state.calls[-1][1]) == "1S"


def test_action_ids_cards_then_calls() -> None:
    state = ContractBridgeDeal(DEAL)
    assert state.action_id(Call.PASS) == 52
    assert state.action_id(Call("7NT")) == 89
    assert state.action_from_id(55) is Call("1C")
    state.apply(55)
    assert state.calls[-1][1] is Call("1C")
    assert 52 in state.legal_action_ids()
