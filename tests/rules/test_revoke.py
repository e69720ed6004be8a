"""Revokes in table mode: CB-V1 (correction), CB-V2 (establishment), CB-V3 (Law 64A), CB-V4 (Law 64B)."""

from __future__ import annotations

import pytest

from bridgeroom.errors import IllegalActionError, IllegalPlayError, ParseError
from bridgeroom.rules import (
    Card,
    ContractBridgeDeal,
    Correction,
    Deal,
    Mode,
    Revoke,
    Seat,
    Suit,
    Trick,
)
from bridgeroom.rules.state import law64_adjustment

DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def table_state(calls: str = "1NT P P P") -> ContractBridgeDeal:
    state = ContractBridgeDeal(DEAL, Seat.NORTH, mode=Mode.TABLE)
    for call in calls.split():
        state.apply(call)
    return state


def play(state: ContractBridgeDeal, cards: str) -> None:
    for card in cards.split():
        state.apply(card)


def test_cb_v1_strict_mode_rejects_a_revoke() -> None:
    state = ContractBridgeDeal(DEAL)
    for call in "1NT P P P".split():
        state.apply(call)
    play(state, "HJ H6")
    with pytest.raises(IllegalPlayError, match="follow suit"):
        state.apply("C2")


def test_cb_v1_table_mode_records_a_revoke_and_allows_its_correction() -> None:
    state = table_state()
    play(state, "HJ H6 C2")  # W holds hearts but plays a club
    assert len(state.revokes) == 1
    revoke = state.revokes[0]
    assert (revoke.seat, revoke.trick, revoke.suit) == (Seat.WEST, 0, Suit.HEARTS)
    state.apply("HA")  # N wins the trick; nobody has played to the next one
    assert state.to_act == Seat.NORTH
    corrections = state.table_actions(Seat.NORTH)
    assert Correction(Card("H2")) in corrections and len(corrections) == 4
    assert all(state.table_actions(seat) == [] for seat in Seat if seat != Seat.NORTH)
    state.apply(Correction(Card("H2")))
    # The revoke card and the cards after it go back; W's heart stands in the trick.
    assert state.current_trick == [
        (Seat.EAST, Card("HJ")),
        (Seat.SOUTH, Card("H6")),
        (Seat.WEST, Card("H2")),
    ]
    assert Card("C2") in state.hand(Seat.WEST)
    assert state.revokes == []
    assert state.to_act == Seat.NORTH
    assert isinstance(state.history[-1][1], Correction)  # the record keeps what happened


def test_cb_v1_a_corrected_revoke_replays_from_its_text() -> None:
    """The store keeps each action as its text: the correction reads back (``correct H2``) and
    the record replays to the same deal."""
    state = table_state()
    play(state, "HJ H6 C2 HA")
    state.apply("correct H2", Seat.NORTH)
    assert state.history[-1] == (Seat.NORTH, Correction(Card("H2")))
    again = table_state("")
    for seat, action in state.history:
        again.apply(str(action), seat)
    assert again.history == state.history
    assert again.current_trick == state.current_trick
    with pytest.raises(ParseError, match="CB-V1"):
        Correction.parse("correct")


def test_cb_v1_correction_must_be_of_the_suit_led() -> None:
    state = table_state()
    play(state, "HJ H6 C2")
    with pytest.raises(IllegalPlayError, match="suit led") as err:
        state.apply(Correction(Card("D2")))
    assert err.value.rule == "CB-V1"


def test_cb_v2_play_to_the_next_trick_by_the_offending_side_establishes() -> None:
    state = table_state()
    play(state, "HJ H6 C2 HA")
    play(state, "SA")  # N (non-offender) leads to trick 2: not yet established
    assert not state.revokes[0].established
    play(state, "ST")  # E, the offender's partner, plays to trick 2
    assert state.revokes[0].established
    assert all(state.table_actions(seat) == [] for seat in Seat)
    with pytest.raises(IllegalActionError, match="no revoke to correct") as err:
        state.apply(Correction(Card("H2")))
    assert err.value.rule == "CB-V2"


def test_cb_v3_declarer_revoke_transfers_one_trick_when_his_side_wins_later() -> None:
    """Law 64A2: N revokes on trick 1 (won by E) and then wins every later trick: one trick transfers."""
    state = table_state()
    play(state, "HJ H6 H2 SA")  # N holds hearts but plays SA: a revoke; E's jack wins
    assert state.tricks[0].winner == Seat.EAST
    play(state, "ST S3 S2 SK")  # S (dummy side) plays to trick 2: established; N wins
    assert state.revokes[0].established
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[-1] if state.turn == Seat.NORTH else legal[0])
    result = state.result
    assert result is not None
    assert result.tricks_taken == 12
    assert result.adjustment == -1
    assert result.tricks == 11


def _tricks(winners: str) -> list[Trick]:
    """Tricks won by the seats given by letters; the cards do not matter to Law 64."""
    out = []
    for i, letter in enumerate(winners):
        seat = Seat.find(letter)
        out.append(Trick(seat, (seat,), (Card(i),), seat))
    return out


def _declarer_side(seat: Seat) -> bool:  # N declares, S dummy
    return seat in (Seat.NORTH, Seat.SOUTH)


def _revoke(seat: str, trick: int, suit: Suit = Suit.HEARTS) -> Revoke:
    return Revoke(Seat.find(seat), trick, suit, Card("C2"), -1, established=True)


def test_cb_v3_offender_won_the_revoke_trick_and_a_later_one_two_tricks() -> None:
    tricks = _tricks("NNEEWNNNNNNNN")  # E revokes on trick 3 (index 2) and wins it; W wins trick 5
    assert law64_adjustment(tricks, [_revoke("E", 2)], _declarer_side, Seat.SOUTH) == 2


def test_cb_v3_offender_won_the_revoke_trick_only_one_trick() -> None:
    tricks = _tricks("NNENNNNNNNNNN")
    assert law64_adjustment(tricks, [_revoke("E", 2)], _declarer_side, Seat.SOUTH) == 1


def test_cb_v3_partner_won_the_revoke_trick_one_trick() -> None:
    tricks = _tricks("NNWNNNNNNNNNN")  # E revokes, W wins that trick
    assert law64_adjustment(tricks, [_revoke("E", 2)], _declarer_side, Seat.SOUTH) == 1


def test_cb_v3_offending_side_won_a_later_trick_only_one_trick() -> None:
    tricks = _tricks("NNNNNNNNNNNEN")
    assert law64_adjustment(tricks, [_revoke("E", 2)], _declarer_side, Seat.SOUTH) == 1


def test_cb_v3_only_tricks_won_on_or_after_the_revoke_transfer() -> None:
    tricks = _tricks("EENNNNNNNNNNN")  # E won tricks before the revoke only
    assert law64_adjustment(tricks, [_revoke("E", 2)], _declarer_side, Seat.SOUTH) == 0


def test_cb_v3_declarer_side_revoke_is_negative() -> None:
    tricks = _tricks("NNNNNNNNNNNNN")
    assert law64_adjustment(tricks, [_revoke("N", 0)], _declarer_side, Seat.SOUTH) == -2


def test_cb_v4_no_adjustment_for_a_revoke_not_established() -> None:
    tricks = _tricks("EENNNNNNNNNNN")
    revoke = Revoke(Seat.EAST, 0, Suit.HEARTS, Card("C2"), -1, established=False)
    assert law64_adjustment(tricks, [revoke], _declarer_side, Seat.SOUTH) == 0


def test_cb_v4_no_adjustment_for_dummys_revoke() -> None:
    tricks = _tricks("SNNNNNNNNNNNN")
    assert law64_adjustment(tricks, [_revoke("S", 0)], _declarer_side, Seat.SOUTH) == 0


def test_cb_v4_second_revoke_same_suit_same_player_not_counted() -> None:
    tricks = _tricks("NNENENNNNNNNN")
    revokes = [_revoke("E", 2), _revoke("E", 4)]
    assert law64_adjustment(tricks, revokes, _declarer_side, Seat.SOUTH) == 2
    # a second revoke in another suit counts on its own (capped by the tricks won since)
    revokes = [_revoke("E", 2), _revoke("E", 4, Suit.CLUBS)]
    assert law64_adjustment(tricks, revokes, _declarer_side, Seat.SOUTH) == 2


def test_cb_v4_no_adjustment_on_trick_12() -> None:
    tricks = _tricks("NNNNNNNNNNEN")
    assert law64_adjustment(tricks, [_revoke("E", 11)], _declarer_side, Seat.SOUTH) == 0


def test_cb_v4_both_sides_revoked_no_adjustment() -> None:
    tricks = _tricks("NNENENNNNNNNN")
    revokes = [_revoke("E", 2), _revoke("N", 3, Suit.CLUBS)]
    assert law64_adjustment(tricks, revokes, _declarer_side, Seat.SOUTH) == 0


def test_cb_v2_an_agreed_claim_establishes_a_pending_revoke() -> None:
    from bridgeroom.rules.state import Claim

    state = table_state()
    play(state, "HJ H6 C2 HA")  # W revokes; N wins the trick
    assert not state.revokes[0].established
    state.apply(Claim(12))  # N claims the remaining 12 tricks and the defenders agree
    assert state.revokes[0].established
    result = state.result
    assert result is not None
    # N took trick 1 and claims 12: 13 for the declarer; W's side won nothing from the
    # revoke trick on, so nothing transfers (CB-V4).
    assert result.tricks == 13 and result.adjustment == 0
