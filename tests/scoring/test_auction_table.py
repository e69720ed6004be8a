"""Auction bridge scoring of one deal (AB-3..AB-11), values worked by hand from docs/rules.md."""

from __future__ import annotations

import pytest

from bridgeroom.errors import ScoringError
from bridgeroom.scoring import HandScore, Honors, HonorsKind, score, score_auction


@pytest.mark.parametrize(
    ("contract", "tricks", "below"),
    [("1C", 7, 6), ("1D", 7, 7), ("1H", 7, 8), ("1S", 7, 9), ("1NT", 7, 10)],
)
def test_ab_3_trick_values(contract: str, tricks: int, below: int) -> None:
    """AB-3: clubs 6, diamonds 7, hearts 8, spades 9, no trump 10 per odd trick."""
    assert score_auction(contract, tricks) == HandScore(below, 0, 0)


def test_ab_4_every_odd_trick_of_a_made_contract_goes_below() -> None:
    """AB-4: overtricks count below at the same value (2S making 10: 4 x 9 = 36)."""
    assert score_auction("2S", 10) == HandScore(36, 0, 0)
    assert score_auction("1C", 13) == HandScore(42, 100, 0)  # 7 x 6; 13 tricks: slam 100 (AB-10)
    assert score_auction("3NT", 10) == HandScore(40, 0, 0)


def test_ab_4_doubled_and_redoubled_trick_values() -> None:
    """AB-4/AB-A5: x2 doubled, x4 redoubled, all odd tricks, below the line."""
    assert score_auction("2SX", 8).below == 36  # 2 x 18
    assert score_auction("2SXX", 8).below == 72  # 2 x 36
    assert score_auction("1NTX", 9).below == 60  # 3 x 20


def test_ab_5_undertricks_no_vulnerability() -> None:
    """AB-5: 50 per undertrick, 100 doubled, 200 redoubled; declarer scores nothing below."""
    assert score_auction("4H", 7) == HandScore(0, 0, 150)
    assert score_auction("4HX", 7) == HandScore(0, 0, 300)
    assert score_auction("4HXX", 7) == HandScore(0, 0, 600)
    with pytest.raises(ScoringError, match="AB-5"):
        score("auction", "4H", 10, vulnerable=True)


def test_ab_8_doubled_bonus_and_overtricks() -> None:
    """AB-8: made doubled 50 + 50 per overtrick, redoubled 100 + 100 per overtrick, above."""
    assert score_auction("2HX", 8) == HandScore(32, 50, 0)
    assert score_auction("2HX", 10) == HandScore(64, 50 + 100, 0)
    assert score_auction("2HXX", 8) == HandScore(64, 100, 0)
    assert score_auction("2HXX", 9) == HandScore(96, 100 + 100, 0)


# AB-9, the seed's table.
HONORS_TABLE = [
    ("3", 30),
    ("4", 40),
    ("5", 50),
    ("4-one", 80),
    ("4-one-5th-partner", 90),
    ("5-one", 100),
    ("3-aces", 30),
    ("4-aces", 40),
    ("4-aces-one", 100),
]


@pytest.mark.parametrize(("kind", "points"), HONORS_TABLE)
def test_ab_9_honors_table(kind: str, points: int) -> None:
    """AB-9: the seven trump rows and the aces rows, to the holding side, above the line."""
    contract = "1NT" if HonorsKind(kind).notrump else "1S"
    assert score_auction(contract, 7, Honors(kind, "declarer")).declarer_above == points
    assert score_auction(contract, 7, Honors(kind, "defenders")).defenders_above == points


def test_ab_9_honors_whatever_the_result_and_not_doubled() -> None:
    """AB-9: scored by the holders, made or not, and not affected by doubling."""
    assert score_auction("4SX", 9, Honors("5-one", "declarer")) == HandScore(0, 100, 100)
    assert score_auction("4SXX", 10, Honors("4", "defenders")) == HandScore(144, 100, 40)


def test_ab_9_aces_only_at_notrump() -> None:
    with pytest.raises(ScoringError, match="notrump"):
        score_auction("4S", 10, Honors("3-aces", "declarer"))
    with pytest.raises(ScoringError, match="trump contract"):
        score_auction("3NT", 9, Honors("5", "declarer"))


def test_ab_10_slams_by_tricks_for_either_side() -> None:
    """AB-10: 12 tricks 50, 13 tricks 100, regardless of the contract, to either side."""
    assert score_auction("1S", 12) == HandScore(54, 50, 0)
    assert score_auction("2D", 13) == HandScore(49, 100, 0)
    assert score_auction("7NT", 12) == HandScore(0, 50, 50)  # failed grand: 1 down, 12 tricks
    assert score_auction("5C", 1) == HandScore(0, 0, 500 + 50)  # 10 down; defenders took 12
    assert score_auction("5C", 0) == HandScore(0, 0, 550 + 100)  # 11 down; defenders took 13


def test_ab_11_only_trick_points_below() -> None:
    """AB-11: bonuses, honors and slams never go below the line."""
    hand = score_auction("6HX", 13, Honors("4-one-5th-partner", "declarer"))
    # 7 x 16 = 112 below; 50 + 50 doubled bonus, 100 grand slam, 90 honors above
    assert hand == HandScore(112, 290, 0)


def test_ab_6_game_values_from_love() -> None:
    """AB-6: 3NT (30), 4H (32), 4S (36), 5C (30), 5D (35) reach 30; 4D (28) does not."""
    expected = {"3NT": 30, "4H": 32, "4S": 36, "5C": 30, "5D": 35, "4D": 28}
    for contract, below in expected.items():
        level = int(contract[0])
        assert score_auction(contract, level + 6).below == below
