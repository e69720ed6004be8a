"""Suit-preference signals (docs/bidding.md, "Carding"): a defender who leads a suit for his
partner to ruff asks with the card's rank for a return in one of the two other side suits; the
basic and expert robots give it, partner and the declarer read it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.robots import make_robot
from bridgeroom.robots.signals import (
    SIGNAL_WEIGHT,
    asked_suit,
    gives_suit_preference,
    preferred_suit,
    read_signals,
    ruff_signal,
    signal_weights,
    suit_preference_card,
)
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, Seat
from bridgeroom.rules.core import SUIT_MASK, Suit

# South declares 4♠. West leads the ♦A and East shows out; West, on lead again with ♦932, gives
# East a ruff. In the first deal West holds the ♥A (he asks for hearts: the ♦9, his highest), in
# the second the ♣A (clubs: the ♦2, his lowest).
HEARTS = "N:KQJ.KQJ7.8765.A5 854.9832.-.KQJT92 AT976.T6.KQJT4.4 32.A54.A932.8763"
CLUBS = "N:KQJ.AKQJ7.8765.5 854.9832.-.KQJT92 AT976.T6.KQJT4.4 32.54.A932.A8763"


def _after_first_trick(cards: str) -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(cards), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P", "DA", "D5", "C2", "D4"]:
        state.apply(action)
    return state


def test_the_convention_asks_for_the_suit_of_the_higher_card() -> None:
    # hearts ace against the clubs eight: the higher side suit, the highest diamond
    hand = Hand("-.A4.932.8763").mask
    assert preferred_suit(hand, Suit.DIAMONDS, Suit.SPADES) is Suit.HEARTS
    assert suit_preference_card(hand, Suit.DIAMONDS, Suit.SPADES) == Card("D9")
    # clubs ace against the hearts five: the lower side suit, the lowest diamond
    hand = Hand("-.54.932.A873").mask
    assert preferred_suit(hand, Suit.DIAMONDS, Suit.SPADES) is Suit.CLUBS
    assert suit_preference_card(hand, Suit.DIAMONDS, Suit.SPADES) == Card("D2")
    # hearts trumps, spades led: the side suits are clubs and diamonds
    hand = Hand("962.-.K3.Q4").mask
    assert preferred_suit(hand, Suit.SPADES, Suit.HEARTS) is Suit.DIAMONDS
    assert suit_preference_card(hand, Suit.SPADES, Suit.HEARTS) == Card("S9")
    # no card in either side suit, or the same rank heading both: the lower suit
    assert suit_preference_card(Hand("-.-.932.-").mask, Suit.DIAMONDS, Suit.SPADES) == Card("D2")
    assert suit_preference_card(Hand("-.K.932.K").mask, Suit.DIAMONDS, Suit.SPADES) == Card("D2")


_HANDS = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(
    lambda cards: sum(1 << c for c in cards)
)


@given(_HANDS, st.sampled_from(list(Suit)), st.sampled_from(list(Suit)))
def test_the_signal_is_the_top_or_bottom_card_as_the_preference_says(
    hand: int, led: Suit, trump: Suit
) -> None:
    holding = hand & SUIT_MASK[led]
    if led == trump or not holding:
        return
    card = suit_preference_card(hand, led, trump)
    assert card.suit == led and holding & card.mask
    asked = preferred_suit(hand, led, trump)
    assert asked not in (led, trump)
    top = max(Card.from_index(i) for i in range(52) if holding >> i & 1)
    higher = max(s for s in Suit if s not in (led, trump))
    if holding.bit_count() >= 2:
        assert (card == top) == (asked == higher)


def test_basic_defenders_give_and_read_the_ruff_signal() -> None:
    state = _after_first_trick(HEARTS)
    west = state.view(Seat.WEST)
    assert gives_suit_preference(west, Seat.WEST, Suit.DIAMONDS)
    assert not gives_suit_preference(west, Seat.WEST, Suit.CLUBS)  # East has not shown out
    decision = make_robot("basic").decide(west)
    assert decision.action == Card("D9")
    assert decision.reason == "♦9: a ruff for partner; my card asks for hearts back"
    assert decision.explain("ru") == "♦9: даю партнёру обрезать; моя карта просит вернуть червы"
    state.apply("D9")
    state.apply("D6")
    # East ruffs partner's lead though partner's nine is winning so far: the ten is still out
    decision = make_robot("basic").decide(state.view(Seat.EAST))
    assert decision.action == Card("S4")
    state.apply("S4")
    state.apply("DT")
    east = state.view(Seat.EAST)
    assert asked_suit(east, Seat.EAST) is Suit.HEARTS
    decision = make_robot("basic").decide(east)
    assert decision.action == Card("H2")
    assert decision.reason == "♥2: returning hearts, as partner's card asked"
    assert decision.explain("ru") == "♥2: возвращаю червы: об этом просила карта партнёра"


def test_a_low_card_asks_for_the_lower_suit() -> None:
    state = _after_first_trick(CLUBS)
    assert make_robot("basic").decide(state.view(Seat.WEST)).action == Card("D2")
    for action in ["D2", "D6", "S4", "DT"]:
        state.apply(action)
    east = state.view(Seat.EAST)
    assert asked_suit(east, Seat.EAST) is Suit.CLUBS
    assert make_robot("basic").decide(east).action == Card("C9")  # the ♣2 went on trick one


def test_the_expert_gives_the_signal_when_it_costs_nothing() -> None:
    for cards, signal in ((HEARTS, "D9"), (CLUBS, "D2")):
        state = _after_first_trick(cards)
        robot = make_robot("expert", seed=1, samples=16, time_budget=60.0)
        assert robot.decide(state.view(Seat.WEST)).action == Card(signal)


def test_partner_and_the_declarer_read_the_signal() -> None:
    """After West's ♦9 and East's ruff, East and South read a suit-preference signal: a layout
    where West holds the ♥A explains the nine, one where he holds the ♣A (and would have led the
    ♦2) counts a quarter as much."""
    state = _after_first_trick(HEARTS)
    for action in ["D9", "D6", "S4", "DT"]:
        state.apply(action)
    for reader in (Seat.EAST, Seat.SOUTH):
        signals = [s for s in read_signals(state.view(reader)) if s.kind == "suit_preference"]
        assert [(s.seat, s.card, s.trump) for s in signals] == [
            (Seat.WEST, Card("D9"), Suit.SPADES)
        ]
    (signal,) = [s for s in read_signals(state.view(Seat.EAST)) if s.kind == "suit_preference"]
    # West's remaining cards in two layouts: ♦32 and a heart or club honour
    with_heart_ace = (0, 0, 0, Hand("32.A5.32.876").mask)
    with_club_ace = (0, 0, 0, Hand("32.75.32.A86").mask)
    assert signal_weights([signal], [with_heart_ace, with_club_ace]) == [1.0, SIGNAL_WEIGHT]


def test_no_signal_without_a_ruff() -> None:
    """Before East shows out, or at notrump, a lead asks for nothing."""
    state = ContractBridgeDeal(Deal(HEARTS), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P"]:
        state.apply(action)
    assert not gives_suit_preference(state.view(Seat.WEST), Seat.WEST, Suit.DIAMONDS)
    notrump = ContractBridgeDeal(Deal(HEARTS), dealer=Seat.SOUTH)
    for action in ["3NT", "P", "P", "P", "DA", "D5", "C2", "D4"]:
        notrump.apply(action)
    assert not gives_suit_preference(notrump.view(Seat.WEST), Seat.WEST, Suit.DIAMONDS)
    notrump.apply("D9")
    assert all(s.kind != "suit_preference" for s in read_signals(notrump.view(Seat.SOUTH)))


# As HEARTS, but West holds the ♦AK: after the ace, the king is the highest diamond still out.
MASTER = "N:KQJ.KQJ7.8765.A5 854.9832.-.KQJT92 AT976.T6.QJT94.4 32.A54.AK32.8763"


def test_a_card_that_wins_by_itself_is_cashed_not_led_for_a_ruff() -> None:
    """West's ♦K, the master, is cashed: East and the declarer read no suit preference from it
    (a ruff is asked for only with a card that may be beaten), and West, who holds it, gives no
    signal in diamonds; his ♦3 after the king has gone would be one."""
    state = ContractBridgeDeal(Deal(MASTER), dealer=Seat.SOUTH)
    for action in ["4S", "P", "P", "P", "DA", "D5", "C2", "D4"]:
        state.apply(action)
    assert not gives_suit_preference(state.view(Seat.WEST), Seat.WEST, Suit.DIAMONDS)
    state.apply("DK")
    for seat in (Seat.EAST, Seat.SOUTH):
        assert not ruff_signal(state.view(seat), 1)
        assert all(s.kind != "suit_preference" for s in read_signals(state.view(seat)))
    for action in ["D6", "C9", "D9"]:
        state.apply(action)
    state.apply("D3")
    east = state.view(Seat.EAST)
    assert ruff_signal(east, 2)
    assert [str(s.card) for s in read_signals(east) if s.kind == "suit_preference"] == ["D3"]
