"""Defenders' attitude signals (docs/bidding.md, "Carding"): the robots give them and read them."""

from __future__ import annotations

import math

import numpy as np

from bridgeroom.robots import make_robot
from bridgeroom.robots.bidding import infer
from bridgeroom.robots.cardplay import expert_card, weigh_cards
from bridgeroom.robots.dds import solver
from bridgeroom.robots.signals import (
    LEAD_WEIGHT,
    SIGNAL_WEIGHT,
    Signal,
    attitude_card,
    conventional_lead,
    count_card,
    gives_attitude,
    gives_count,
    partner_signals,
    read_signals,
    signal_weights,
)
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, Seat
from bridgeroom.rules.core import Suit

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


# --- count signals and the opening lead (docs/bidding.md, "Carding") ----------------------

# South declares 3NT; West leads the ♠K (from ♠KQT9), dummy wins, and dummy leads a club, a suit
# nobody has led.
COUNT = "N:A32.AK2.AK2.5432 J876.QJ9.QJ9.876 54.8765.8765.AK9 KQT9.T43.T43.QJT"


def _count_position() -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(COUNT), dealer=Seat.SOUTH)
    for action in ["1NT", "P", "3NT", "P", "P", "P", "SK", "SA", "S6", "S4", "C2"]:
        state.apply(action)
    return state


def test_the_convention_gives_count_high_from_an_even_number() -> None:
    assert count_card(Hand("-.-.-.9742").mask) == Card("C9")
    assert count_card(Hand("-.-.-.974").mask) == Card("C4")
    assert count_card(Hand("-.-.-.K2").mask) == Card("C2")  # no spot card to spare


def test_basic_defender_gives_count_on_the_declarers_lead() -> None:
    """Dummy leads the ♣2, a suit nobody has led: East plays the ♣8 from ♣876 (three, odd: the
    lowest is the ♣6)."""
    state = _count_position()
    view = state.view(Seat.EAST)
    assert gives_count(view, Seat.EAST)
    decision = make_robot("basic").decide(view)
    assert decision.action == Card("C6")
    assert decision.reason == "♣6: count: my lowest card, an odd number of clubs"
    assert decision.explain("ru") == "♣6: сигнал: младшая карта — у меня нечётное число треф"


def test_the_declarer_reads_the_lead_and_the_count() -> None:
    """South reads both defenders: West's ♠K lead, East's ♠6 under dummy's ace (attitude) and
    East's ♣6 to the club lead (count)."""
    state = _count_position()
    state.apply("C6")
    signals = read_signals(state.view(Seat.SOUTH))
    kinds = {(s.seat, s.kind, str(s.card)) for s in signals}
    assert kinds == {
        (Seat.WEST, "lead", "SK"),
        (Seat.EAST, "attitude", "S6"),
        (Seat.EAST, "count", "C6"),
    }
    lead = next(s for s in signals if s.kind == "lead")
    # West with ♠KQT9 (top of a sequence) keeps its weight; with ♠KT98 he would have led the ♠T
    sequence = (0, 0, 0, Hand("QT9.-.-.-").mask)
    broken = (0, 0, 0, Hand("T98.-.-.-").mask)
    assert signal_weights([lead], [sequence, broken]) == [1.0, LEAD_WEIGHT]


# South declares 3NT; West, on lead, holds ♠KJ742 ♥Q9653 ♦9 ♣84. His conventional spade is the
# four (fourth best), not the two, and in the expert's layouts the two take the same tricks.
FOURTH_BEST = "N:A53.KT4.KJ82.AT6 T86.82.T653.Q972 Q9.AJ7.AQ74.KJ53 KJ742.Q9653.9.84"


def _lead_position(cards: str, auction: list[str]) -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(cards), dealer=Seat.SOUTH)
    for call in auction:
        state.apply(call)
    return state


def test_the_conventional_lead_of_each_suit() -> None:
    """docs/bidding.md, "Carding": fourth best at notrump, the top of a doubleton, the lowest
    under an honour in a suit contract, the lowest in partner's suit; no signal in trumps, by
    the declarer, from a hand the view does not hold, or once the opening lead is made."""
    notrump = _lead_position(FOURTH_BEST, ["1NT", "P", "3NT", "P", "P", "P"]).view(Seat.WEST)
    assert conventional_lead(notrump, Seat.WEST, Suit.SPADES) == Card("S4")
    assert conventional_lead(notrump, Seat.WEST, Suit.HEARTS) == Card("H5")
    assert conventional_lead(notrump, Seat.WEST, Suit.DIAMONDS) == Card("D9")
    assert conventional_lead(notrump, Seat.WEST, Suit.CLUBS) == Card("C8")
    # East overcalled spades: West leads the lowest of partner's suit
    partners = _lead_position(
        FOURTH_BEST, ["1C", "P", "1D", "1S", "1NT", "P", "3NT", "P", "P", "P"]
    )
    assert conventional_lead(partners.view(Seat.WEST), Seat.WEST, Suit.SPADES) == Card("S2")
    diamonds = _lead_position(FOURTH_BEST, ["1D", "P", "3D", "P", "5D", "P", "P", "P"])
    view = diamonds.view(Seat.WEST)
    assert conventional_lead(view, Seat.WEST, Suit.DIAMONDS) is None  # trumps
    assert conventional_lead(view, Seat.WEST, Suit.SPADES) == Card(
        "S2"
    )  # the lowest under the king
    assert conventional_lead(view, Seat.SOUTH, Suit.SPADES) is None  # the declarer
    assert conventional_lead(view, Seat.EAST, Suit.SPADES) is None  # not the view's hand
    led = _lead_position(FOURTH_BEST, ["1NT", "P", "3NT", "P", "P", "P", "S4", "S3"])
    assert conventional_lead(led.view(Seat.WEST), Seat.WEST, Suit.SPADES) is None


def test_the_expert_leads_the_conventional_card_of_its_suit() -> None:
    """Among cards of the suit it leads that take the same tricks in every layout, the expert
    leads the one the convention gives (its partner reads the lead by it), not the lowest. No
    rules' card is offered to break near-ties here, so only the convention chooses the four."""
    view = _lead_position(FOURTH_BEST, ["1NT", "P", "3NT", "P", "P", "P"]).view(Seat.WEST)
    limits = list(infer(view))
    stats = weigh_cards(
        view, solver(), np.random.default_rng(0), inferred=limits, samples=16, deadline=math.inf
    )
    four, two = stats.cards.index(Card("S4").index), stats.cards.index(Card("S2").index)
    assert (stats.table[:, four] == stats.table[:, two]).all()
    assert stats.mean(four) == max(stats.mean(i) for i in range(len(stats.cards)))
    decision = expert_card(
        view, solver(), np.random.default_rng(0), inferred=limits, samples=16, budget=math.inf
    )
    assert decision.action == Card("S4")
