"""Honors: the value type, and finding honors in the cards (CB-R5, AB-9, TH-15)."""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError, ParseError, ScoringError
from bridgeroom.rules import Deal, Seat, Strain
from bridgeroom.scoring import Honors, HonorsKind, HonorsSide, honors_of_deal

# Spades AKQJT all with North; hearts N AK / E QJ / S T; diamonds the same; clubs N AKQJ, E T;
# North holds the four aces.
D1 = Deal("N:AKQJT.AK.AK.AKQJ 98765.QJ.QJ.T987 432.T9876.T98.65 -.5432.765432.432")
# Spades N AKQJ, S T; hearts N AK, S QJT; diamonds N AK, S Q, E J, W T; clubs N KQ, S AJ, E T;
# aces: N spades, hearts, diamonds; S clubs.
D2 = Deal("N:AKQJ2.AK.AK2.KQ2 987.987.J984.T98 T3.QJT62.Q53.AJ3 654.543.T76.7654")
# As D2 with the ace of diamonds moved to West: NS hold three aces.
D3 = Deal("N:AKQJ2.AK.KT2.KQ2 987.987.J984.T98 T3.QJT62.Q53.AJ3 654.543.A76.7654")
# As D3 with the ace of hearts moved to West too: aces 2-2.
D4 = Deal("N:AKQJ2.K5.KT2.KQ2 987.987.J984.T98 T3.QJT62.Q53.AJ3 654.A43.A76.7654")


def test_deals_are_complete() -> None:
    assert all(deal.is_complete for deal in (D1, D2, D3, D4))


def test_honors_value_type_parse_and_format() -> None:
    honors = Honors("4-one-5th-partner", "defenders")
    assert honors.kind is HonorsKind.FOUR_ONE_FIFTH_PARTNER
    assert honors.side is HonorsSide.DEFENDERS
    assert str(honors) == "4-one-5th-partner defenders"
    assert Honors.parse(str(honors)) == honors
    assert repr(honors) == "Honors('4-one-5th-partner', 'defenders')"
    assert eval(repr(honors)) == honors
    assert HonorsKind.parse("4 ONE") is HonorsKind.FOUR_ONE
    assert HonorsSide.parse("decl") is HonorsSide.DECLARER
    assert {kind.value for kind in HonorsKind} == {
        "3", "4", "5", "4-one", "4-one-5th-partner", "5-one", "3-aces", "4-aces", "4-aces-one",
    }  # fmt: skip


@pytest.mark.parametrize("text", ["6", "four", "", "4-aces-two"])
def test_bad_honors_kind(text: str) -> None:
    with pytest.raises(ParseError, match="honors kind"):
        HonorsKind.parse(text)


def test_bad_honors_side_and_text() -> None:
    with pytest.raises(ParseError, match="declarer or defenders"):
        Honors("4-one", "dummy")
    with pytest.raises(ParseError):
        Honors.parse("4-one")


@pytest.mark.parametrize(
    ("deal", "strain", "declarer", "expected"),
    [
        (D1, Strain.SPADES, Seat.SOUTH, Honors("5-one", "declarer")),  # in dummy's hand
        (D1, Strain.SPADES, Seat.EAST, Honors("5-one", "defenders")),
        (D1, Strain.HEARTS, Seat.NORTH, None),
        (D1, Strain.CLUBS, Seat.NORTH, Honors("4-one", "declarer")),
        (D1, Strain.NOTRUMP, Seat.WEST, Honors("4-aces-one", "defenders")),
        (D2, Strain.SPADES, Seat.SOUTH, Honors("4-one", "declarer")),
        (D2, Strain.HEARTS, Seat.SOUTH, None),
        (D2, Strain.NOTRUMP, Seat.NORTH, None),
    ],
)
def test_cb_r5_honors_in_one_hand(
    deal: Deal, strain: Strain, declarer: Seat, expected: Honors | None
) -> None:
    """CB-R5: four or five trump honors, or four aces at notrump, in one hand; dummy's hand counts."""
    assert honors_of_deal(deal, strain, declarer, "rubber") == expected
    assert honors_of_deal(deal, strain, declarer, "three-handed-contract") == expected


@pytest.mark.parametrize(
    ("deal", "strain", "declarer", "expected"),
    [
        (D1, Strain.SPADES, Seat.EAST, Honors("5-one", "defenders")),
        (D1, Strain.HEARTS, Seat.NORTH, Honors("3", "declarer")),
        (D1, Strain.HEARTS, Seat.EAST, Honors("3", "defenders")),
        (D1, Strain.CLUBS, Seat.SOUTH, Honors("4-one", "declarer")),
        (D1, Strain.NOTRUMP, Seat.NORTH, Honors("4-aces-one", "declarer")),
        (D2, Strain.SPADES, Seat.NORTH, Honors("4-one-5th-partner", "declarer")),
        (D2, Strain.SPADES, Seat.WEST, Honors("4-one-5th-partner", "defenders")),
        (D2, Strain.HEARTS, Seat.SOUTH, Honors("5", "declarer")),
        (D2, Strain.DIAMONDS, Seat.EAST, Honors("3", "defenders")),
        (D2, Strain.CLUBS, Seat.NORTH, Honors("4", "declarer")),
        (D2, Strain.NOTRUMP, Seat.SOUTH, Honors("4-aces", "declarer")),
        (D3, Strain.NOTRUMP, Seat.EAST, Honors("3-aces", "defenders")),
        (D4, Strain.NOTRUMP, Seat.NORTH, None),
    ],
)
def test_ab_9_honors_majority(
    deal: Deal, strain: Strain, declarer: Seat, expected: Honors | None
) -> None:
    """AB-9/AB-A7: the side with the majority (3+ honors, 3+ aces) scores; aces 2-2 nobody."""
    assert honors_of_deal(deal, strain, declarer, "auction") == expected
    assert honors_of_deal(deal, strain, declarer, "three-handed-auction") == expected


def test_th_15_dummy_seat_given() -> None:
    """TH-15: the declarer's side is declarer + dummy (the seat given), the two defenders the other."""
    # D2, dealer South: the dummy is North, East declares. Spades: E none + N AKQJ; the ten with S.
    assert honors_of_deal(
        D2, Strain.SPADES, Seat.EAST, "three-handed-auction", dummy=Seat.NORTH
    ) == Honors("4-one", "declarer")
    # The same cards with West as dummy: the defenders N + S hold all five, four in one hand.
    assert honors_of_deal(
        D2, Strain.SPADES, Seat.EAST, "three-handed-auction", dummy=Seat.WEST
    ) == Honors("4-one-5th-partner", "defenders")
    # Contract table: one hand; North is dummy, so the declarer scores it.
    assert honors_of_deal(
        D1, Strain.SPADES, Seat.WEST, "three-handed-contract", dummy=Seat.NORTH
    ) == Honors("5-one", "declarer")
    with pytest.raises(ScoringError, match="dummy"):
        honors_of_deal(D1, Strain.SPADES, Seat.WEST, "rubber", dummy=Seat.WEST)


def test_tables_without_honors_give_none() -> None:
    """CB-R5 (duplicate), MB-9 (mini-bridge): no honors are scored."""
    assert honors_of_deal(D1, Strain.SPADES, Seat.NORTH, "duplicate") is None
    assert honors_of_deal(D1, Strain.SPADES, Seat.NORTH, "minibridge") is None
    with pytest.raises(BridgeError, match="unknown game"):
        honors_of_deal(D1, Strain.SPADES, Seat.NORTH, "whist")
