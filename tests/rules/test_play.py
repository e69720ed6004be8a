"""The play: CB-9 (lead, dummy), CB-10 (following suit, trick winner), CB-11, views and results."""

from __future__ import annotations

import pytest

from bridgeroom.errors import IllegalPlayError
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, Phase, Seat, Vulnerability

# North: all the top cards in spades and hearts; the others arranged for clear tricks.
DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def auction(calls: str, dealer: Seat = Seat.NORTH, deal: Deal = DEAL) -> ContractBridgeDeal:
    state = ContractBridgeDeal(deal, dealer, Vulnerability.NONE)
    for call in calls.split():
        state.apply(call)
    return state


def test_cb_9_declarers_lho_leads_and_declarer_plays_dummy() -> None:
    state = auction("P 1NT P P P")  # E bids 1NT? dealer N passes, E 1NT
    assert state.declarer == Seat.EAST and state.dummy == Seat.WEST
    assert state.to_act == Seat.SOUTH  # E's LHO
    state.apply("C6")
    # W (dummy) is next; the declarer E decides for it
    assert state.turn == Seat.WEST and state.to_act == Seat.EAST
    assert state.history[-1] == (Seat.SOUTH, Card("C6"))
    state.apply("C2")
    assert state.history[-1] == (Seat.EAST, Card("C2"))  # recorded as the declarer's decision


def test_cb_9_dummy_exposed_only_after_the_opening_lead() -> None:
    state = auction("1NT P P P")  # N declares, S dummy, E leads
    for seat in Seat:
        view = state.view(seat)
        assert view.dummy is None
        assert view.hand == state.hand(seat)
    state.apply("HJ")
    assert state.view(Seat.EAST).dummy == Hand("6543.876.876.876")
    assert state.view(Seat.WEST).dummy == Hand("6543.876.876.876")
    assert state.view(Seat.NORTH).dummy == Hand("6543.876.876.876")
    # dummy sees his own hand; nobody sees another closed hand
    assert state.view(Seat.SOUTH).hand == Hand("6543.876.876.876")
    assert state.view(Seat.EAST).hand == Hand("T987.T9.JT9.JT9")


def test_cb_10_must_follow_suit() -> None:
    state = auction("1NT P P P")
    state.apply("HJ")  # E leads a heart
    with pytest.raises(IllegalPlayError, match="follow suit") as err:
        state.apply("S6")  # S (dummy) has hearts
    assert err.value.rule == "CB-10"
    assert [str(c) for c in state.legal_actions()] == ["H6", "H7", "H8"]


def test_cb_10_void_may_play_any_card() -> None:
    # W holds a single spade: on the second spade lead he may discard.
    state = auction("1S P P P")  # N declares spades; E leads
    state.apply("ST")
    state.apply("S3")  # S (dummy, declarer decides)
    state.apply("S2")  # W
    state.apply("SA")  # N wins
    state.apply("SK")  # N leads again
    state.apply("S9")
    state.apply("S4")
    assert state.turn == Seat.WEST
    assert len(state.legal_actions()) == 12  # void in spades: any card
    state.apply("H2")


def test_cb_10_highest_card_of_suit_led_wins_without_trumps() -> None:
    state = auction("1NT P P P")
    for card in ("HJ", "H6", "H2", "HA"):  # E, S, W, N
        state.apply(card)
    assert state.tricks[0].winner == Seat.NORTH
    assert state.to_act == Seat.NORTH  # the winner leads next


def test_cb_10_a_discard_never_wins_at_notrump() -> None:
    deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    state = auction("P P P 1NT P P P", deal=deal)  # W declares 1NT; N leads
    state.apply("SA")  # N
    state.apply("S7")  # E (dummy? W declares: E is dummy, declarer plays it)
    state.apply("S3")  # S
    state.apply("S2")  # W
    state.apply("SK")  # N leads again
    state.apply("S8")
    state.apply("S4")
    state.apply("H5")  # W discards a heart
    assert state.tricks[1].winner == Seat.NORTH


def test_cb_10_highest_trump_wins() -> None:
    # West is void of spades after trick 1 and ruffs with a heart trump.
    state = auction("P P P 1H P P P")  # W declares hearts, E dummy, N leads
    for card in ("SA", "S7", "S3", "S2"):  # N E S W
        state.apply(card)
    assert state.tricks[0].winner == Seat.NORTH
    for card in ("SK", "S8", "S4", "H2"):  # W ruffs with the lowest trump
        state.apply(card)
    assert state.tricks[1].winner == Seat.WEST
    assert state.to_act == Seat.WEST


def test_cb_11_result_counts_declarers_tricks() -> None:
    state = auction("7NT P P P")
    # N holds all 13 winners: play every trick with N winning.
    while not state.is_over:
        state.apply(
            state.legal_actions()[-1] if state.turn == Seat.NORTH else state.legal_actions()[0]
        )
    result = state.result
    assert result is not None
    assert result.tricks == 13 and result.overtricks == 0
    assert len(state.tricks) == 13
    assert state.view(Seat.EAST).deal == DEAL  # the whole deal is shown when it is over


def test_illegal_card_leaves_state_unchanged() -> None:
    state = auction("1NT P P P")
    state.apply("HJ")
    before = (list(state.history), state.view(Seat.NORTH))
    for bad in ("SA", "S6", "DA"):
        with pytest.raises(IllegalPlayError):
            state.apply(bad)
    assert (state.history, state.view(Seat.NORTH)) == before


def test_undo_of_a_card_and_across_a_trick() -> None:
    state = auction("1NT P P P")
    for card in ("HJ", "H6", "H2", "HA"):
        state.apply(card)
    snapshot = state.view(Seat.NORTH)
    state.apply("SA")
    assert state.undo() == Card("SA")
    assert state.view(Seat.NORTH) == snapshot
    state.undo()
    assert len(state.tricks) == 0 and len(state.current_trick) == 3
    while state.history:
        state.undo()
    assert state.phase is Phase.AUCTION and state.to_act == Seat.NORTH


def test_clone_is_independent() -> None:
    state = auction("1NT P P P")
    copy = state.clone()
    copy.apply("HJ")
    assert state.history != copy.history
    assert len(state.current_trick) == 0 and len(copy.current_trick) == 1
