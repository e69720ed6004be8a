"""Value types: cards, hands, deals, calls, contracts, seats (CB-1, CB-5, CB-11)."""

from __future__ import annotations

import pickle

import pytest

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.rules import (
    CARDS,
    Call,
    Card,
    Contract,
    Deal,
    Hand,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)

SOLID = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_cb_1_pack_has_52_distinct_cards_ace_high() -> None:
    """CB-1: 52 cards; ranks A K Q J 10 9 ... 2 with the ace high."""
    assert len(CARDS) == 52
    assert len({(c.suit, c.rank) for c in CARDS}) == 52
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.NINE > Rank.TWO


def test_cb_1_denominations_rank_clubs_lowest_notrump_highest() -> None:
    """CB-1: C < D < H < S < NT."""
    assert Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < Strain.NOTRUMP


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("SA", Suit.SPADES, Rank.ACE),
        ("♠A", Suit.SPADES, Rank.ACE),
        ("AS", Suit.SPADES, Rank.ACE),
        ("h10", Suit.HEARTS, Rank.TEN),
        ("HT", Suit.HEARTS, Rank.TEN),
        ("10♦", Suit.DIAMONDS, Rank.TEN),
        ("c2", Suit.CLUBS, Rank.TWO),
        ("ПТ", Suit.SPADES, Rank.ACE),  # пика, туз
        ("ЧД", Suit.HEARTS, Rank.QUEEN),  # черва, дама
        ("БВ", Suit.DIAMONDS, Rank.JACK),  # бубна, валет
        ("ТК", Suit.CLUBS, Rank.KING),  # трефа, король
    ],
)
def test_card_parse(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)


@pytest.mark.parametrize("text", ["", "S", "S1", "X9", "S11", "ZZ", "11S"])
def test_card_parse_rejects(text: str) -> None:
    with pytest.raises(ParseError, match="not a card"):
        Card.parse(text)


def test_cards_are_interned_and_round_trip() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card
    assert Card(Suit.SPADES, Rank.ACE) is Card("SA") is Card(51)


def test_hand_parse_format_and_counts() -> None:
    hand = Hand.parse("AKQ.JT9.876.5432")
    assert str(hand) == "AKQ.JT9.876.5432"
    assert eval(repr(hand)) == hand
    # A K Q = 9, J = 1
    assert hand.hcp == 10
    assert hand.lengths == (3, 3, 3, 4)
    assert Card("SK") in hand and Card("SJ") not in hand
    assert [str(c) for c in hand.suit(Suit.HEARTS)] == ["HJ", "HT", "H9"]
    assert Hand.parse("-.AKQJT98765432.-.-").length(Suit.HEARTS) == 13
    assert Hand.parse("AK..Q.J").lengths == (2, 0, 1, 1)


@pytest.mark.parametrize("text", ["AKQ.JT9.876", "AKX.JT9.876.5432", "AA.K.Q.J"])
def test_hand_parse_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        Hand.parse(text)


def test_hand_balanced() -> None:
    assert Hand("AKQ2.JT9.876.543").is_balanced()
    assert Hand("AKQ32.JT9.87.543").is_balanced()
    assert not Hand("AKQ32.JT98.87.54").is_balanced()
    assert not Hand("AKQ432.JT98.876.").is_balanced()


def test_deal_parse_any_first_seat() -> None:
    deal = Deal(SOLID)
    assert deal[Seat.NORTH].hcp == 37
    east_first = deal.to_pbn(Seat.EAST)
    assert east_first.startswith("E:T987.JT9.JT9.JT9 ")
    assert Deal(east_first) == deal
    assert eval(repr(deal)) == deal
    assert deal.is_complete
    assert deal.holder(Card("S2")) == Seat.WEST


def test_deal_rejects_duplicates_and_bad_text() -> None:
    with pytest.raises(ParseError, match="twice"):
        Deal("N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ - -")
    with pytest.raises(ParseError):
        Deal("AKQJ.AKQ.AKQ.AKQ")
    with pytest.raises(ParseError):
        Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9")


def test_partial_deal_is_not_complete() -> None:
    deal = Deal("N:AKQJ.AKQ.AKQ.AKQ - - -")
    assert not deal.is_complete
    assert deal.to_pbn() == "N:AKQJ.AKQ.AKQ.AKQ - - -"


def test_seats_partner_lho_rho() -> None:
    assert Seat.NORTH.partner == Seat.SOUTH
    assert Seat.NORTH.lho == Seat.EAST
    assert Seat.NORTH.rho == Seat.WEST
    assert Seat.WEST.lho == Seat.NORTH
    assert Seat.find("ю") == Seat.SOUTH
    assert Seat.EAST.side == Side.EW and Side.NS.seats == (Seat.NORTH, Seat.SOUTH)


def test_vulnerability() -> None:
    assert Vulnerability.find("All") is Vulnerability.BOTH
    assert Vulnerability.find("Love") is Vulnerability.NONE
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH)
    assert not Vulnerability.NS.is_vulnerable(Side.EW)
    assert Vulnerability.of(True, True) is Vulnerability.BOTH
    with pytest.raises(ParseError):
        Vulnerability.find("sometimes")


def test_cb_5_calls_rank_by_level_then_denomination() -> None:
    """CB-5: a higher level, or the same level in a higher denomination; 1C lowest, 7NT highest."""
    bids = [c for c in Call._all if c.is_bid]
    assert str(bids[0]) == "1C" and str(bids[-1]) == "7NT"
    assert Call("2C") > Call("1NT") > Call("1S") > Call("1H") > Call("1D") > Call("1C")
    assert len(bids) == 35


@pytest.mark.parametrize(
    ("text", "expected"),
    [("p", "P"), ("Pass", "P"), ("пас", "P"), ("x", "X"), ("dbl", "X"), ("XX", "XX"),
     ("1n", "1NT"), ("3 NT", "3NT"), ("4♥", "4H"), ("7бк", "7NT"), ("2s", "2S")],
)  # fmt: skip
def test_call_parse(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("text", ["8NT", "0C", "1Z", "", "double-ish"])
def test_call_parse_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(text)


def test_calls_interned_round_trip() -> None:
    for call in Call._all:
        assert Call.parse(str(call)) is call
        assert eval(repr(call)) is call
        assert pickle.loads(pickle.dumps(call)) is call


def test_contract_parse_and_cb_11_tricks_needed() -> None:
    """CB-11: tricks needed = level + 6."""
    c = Contract.parse("4SXE")
    assert (c.level, c.strain, c.doubled, c.declarer) == (4, Strain.SPADES, 1, Seat.EAST)
    assert c.tricks_needed == 10
    assert Contract("7NTXX").tricks_needed == 13
    assert Contract("1C").tricks_needed == 7
    assert str(Contract("3nt n")) == "3NTN"
    assert eval(repr(c)) == c
    assert Contract("6♥").strain is Strain.HEARTS


@pytest.mark.parametrize("text", ["8S", "4", "4Z", "4SXXX", "NT3"])
def test_contract_parse_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        Contract.parse(text)


def test_errors_share_one_base() -> None:
    with pytest.raises(BridgeError):
        Call.parse("9C")
    with pytest.raises(ValueError):
        Hand.parse("nonsense")
