"""Defenders' attitude signals (docs/bidding.md, "Carding"): the robots give them and read them."""

from __future__ import annotations

from bridgeroom.robots import make_robot
from bridgeroom.robots.signals import (
    SIGNAL_WEIGHT,
    Signal,
    attitude_card,
    gives_attitude,
    partner_signals,
    signal_weights,
)
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, Seat

# South declares 4♠ and West leads the ♥A. East holds ♥K872 (an honour: encourage with the 8) in
# the first deal and ♥9872 (none: the 2) in the second.
KING = "N:9876.654.765.T98 2.K872.JT98.AKQJ AKQJT.JT9.43.765 543.AQ3.AKQ2.432"
NO_HONOUR = "N:9876.654.765.T98 2.9872.JT98.AKQJ AKQJT.QJT.43.765 543.AK3.AKQ2.432"


def _after_lead(cards: str) -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(cards), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P", "HA", "H4"]:
        state.apply(action)
    return state


def test_the_convention_encourages_with_an_honour_and_two_spot_cards() -> None:
    assert attitude_card(Hand("-.K872.-.-").mask) == Card("H8")
    assert attitude_card(Hand("-.K2.-.-").mask) == Card(
        "H2"
    )  # one spot card: nothing to signal with
    assert attitude_card(Hand("-.J872.-.-").mask) == Card(
        "H2"
    )  # the jack is no reason to encourage
    assert attitude_card(Hand("-.AQT.-.-").mask) == Card("HT")  # no spot card below the ten: lowest


def test_basic_defender_encourages_partners_lead_with_the_king() -> None:
    state = _after_lead(KING)
    view = state.view(Seat.EAST)
    assert gives_attitude(view, Seat.EAST)
    decision = make_robot("basic", seed=1).decide(view)
    assert decision.action == Card("H8")
    assert decision.reason == "♥8: attitude: a high spot card, I like hearts"
    assert decision.explain("ru") == "♥8: сигнал: высокая фоска — червовая масть мне нравится"


def test_basic_defender_discourages_without_an_honour() -> None:
    state = _after_lead(NO_HONOUR)
    decision = make_robot("basic", seed=1).decide(state.view(Seat.EAST))
    assert decision.action == Card("H2")
    assert decision.reason == "♥2: attitude: my lowest card, I do not like hearts"


def test_only_a_defender_following_to_partners_first_lead_of_a_suit_signals() -> None:
    state = ContractBridgeDeal(Deal(KING), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P", "HA"]:
        state.apply(action)
    assert not gives_attitude(state.view(Seat.SOUTH), Seat.NORTH)  # the declarer plays the dummy
    state.apply("H4")
    assert gives_attitude(state.view(Seat.EAST), Seat.EAST)
    for action in ["H8", "H9", "HQ", "H5", "H7", "HT"]:  # West wins and leads hearts again
        state.apply(action)
    assert state.turn == Seat.WEST
    state.apply("H3")
    state.apply("H6")
    assert not gives_attitude(state.view(Seat.EAST), Seat.EAST)  # hearts were led before


def test_west_reads_easts_eight_as_an_honour() -> None:
    """After ♥A ♥4 ♥8 ♥9, West weighs the layouts by the convention: East with ♥K72 left (then
    K872: the 8 was right) keeps its weight; East with ♥J72 (then J872: the 2 would have been
    played) counts SIGNAL_WEIGHT. Only East's hearts matter to the weight."""
    state = _after_lead(KING)
    for action in ["H8", "H9"]:
        state.apply(action)
    view = state.view(Seat.WEST)
    signals = partner_signals(view)
    assert signals == [Signal(Seat.EAST, Card("H8"), Card("H8").mask)]
    with_king = (0, Hand("-.K72.-.-").mask, 0, 0)
    without = (0, Hand("-.J72.-.-").mask, 0, 0)
    assert signal_weights(signals, [with_king, without]) == [1.0, SIGNAL_WEIGHT]
    # East reads nothing: he gave the signal; the declarer does not read the defenders' signals
    assert partner_signals(state.view(Seat.EAST)) == []
    assert partner_signals(state.view(Seat.SOUTH)) == []


def test_a_card_that_tries_to_win_is_no_signal() -> None:
    """West leads the ♥3 from AQ3 (West's lead, East third): East's ♥K beats the dummy's ♥4; it
    tries to win and says nothing of East's attitude."""
    state = ContractBridgeDeal(Deal(KING), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P", "H3", "H4", "HK", "H9"]:
        state.apply(action)
    assert partner_signals(state.view(Seat.WEST)) == []
