"""Basic card play: the rules of thumb of docs/robots.md, each in a hand-built position (CB-9, CB-10)."""

from __future__ import annotations

from bridgeroom.robots import make_robot
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Seat

from .helpers import auction, deal_with


def _deal_a() -> object:
    # North opens 1H, East overcalls 1S and plays it; South leads against it
    return deal_with(north="A32.KQ984.A32.32", east="KQJ54.32.KT9.K54", south="987.J765.Q54.QJ9")


def test_lead_partners_suit_low_from_four() -> None:
    state = auction(_deal_a(), "1H 1S P P P")  # type: ignore[arg-type]
    assert state.contract is not None and state.to_act == Seat.SOUTH
    decision = make_robot("basic").decide(state.view(Seat.SOUTH))
    assert decision.action == Card("H5") and "partner's suit" in decision.reason


def test_second_hand_low_and_third_hand_high() -> None:
    state = auction(_deal_a(), "1H 1S P P P")  # type: ignore[arg-type]
    state.apply("H5")
    robot = make_robot("basic")
    second = robot.decide(state.view(Seat.EAST))  # East plays dummy's (West's) card
    assert second.action == Card("HT") and "second hand low" in second.reason
    state.apply(second.action)
    third = robot.decide(state.view(Seat.NORTH))
    assert third.action == Card("HQ"), "third hand high, the lower of the equal K-Q"
    assert "third hand high" in third.reason


def test_cover_an_honour_with_an_honour() -> None:
    deal = deal_with(north="A32.A9843.A32.32", east="KQJ54.6.KT9.K654", south="987.QJT5.Q54.QJ9")
    state = auction(deal, "1H 1S P P P")
    state.apply("HQ")
    assert "K" in str(state.hand(Seat.WEST)).split(".")[1]
    decision = make_robot("basic").decide(state.view(Seat.EAST))
    assert decision.action == Card("HK") and "covering" in decision.reason


def test_declarer_draws_trumps() -> None:
    deal = deal_with(east="AKQJ5.A2.A32.K54", west="T98.KQ3.K54.A876", south="76.JT98.QJT.QJ92")
    state = auction(deal, "1S P 4S P P P", dealer=Seat.EAST)
    assert state.contract is not None and str(state.contract) == "4SE"
    for card in ("HJ", "H3", state.hand(Seat.NORTH).suit(Card("H4").suit)[-1], "HA"):
        state.apply(card)
    assert state.turn == Seat.EAST
    decision = make_robot("basic").decide(state.view(Seat.EAST))
    assert isinstance(decision.action, Card) and decision.action.suit == Card("S2").suit
    assert "drawing trumps" in decision.reason


# South declares 4♥. West leads the ♦Q, dummy plays low, East wins with the ♦K and South shows
# out. East holds the ♥A (a trump), the ♦6 (partner's suit) and ♣QJT98.
KEEP_THE_TRUMP_ACE = "N:AKQ.KQ32.A543.32 543.A54.K6.QJT98 J762.JT9876.-.K74 T98.-.QJT9872.A65"


def test_defender_neither_cashes_his_trump_ace_nor_gives_a_ruff_and_discard() -> None:
    """The ♥A is a trick whenever trumps are led: cashing it only draws partner's trumps and
    leaves the declarer's. A diamond lets South ruff while dummy discards a club. So East
    leads the top of his club sequence."""
    state = ContractBridgeDeal(Deal(KEEP_THE_TRUMP_ACE), dealer=Seat.SOUTH)
    for action in ["4H", "P", "P", "P", "DQ", "D3", "DK", "S2"]:
        state.apply(action)
    assert state.turn == Seat.EAST
    decision = make_robot("basic").decide(state.view(Seat.EAST))
    assert decision.action == Card("CQ") and "top of a sequence" in decision.reason
