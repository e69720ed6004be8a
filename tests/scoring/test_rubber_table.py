"""Contract rubber scoring of one deal (CB-R1, CB-R3, CB-R5): values worked by hand from docs/rules.md."""

from __future__ import annotations

import pytest

from bridgeroom.errors import ScoringError
from bridgeroom.scoring import HandScore, Honors, score, score_rubber


def test_cb_r1_only_bid_tricks_go_below() -> None:
    """CB-R1: 2H making 10 tricks: 60 below, 2 overtricks x 30 = 60 above; no premium."""
    assert score_rubber("2H", 10, False) == HandScore(60, 60, 0)


def test_cb_r1_insult_and_doubled_overtricks_above() -> None:
    """CB-R1/CB-D3/CB-D4: 2SX +1 NV: 120 below; 50 insult + 100 overtrick above."""
    assert score_rubber("2SX", 9, False) == HandScore(120, 150, 0)
    assert score_rubber("2SX", 9, True) == HandScore(120, 250, 0)
    assert score_rubber("1NTXX", 8, True) == HandScore(160, 100 + 400, 0)


def test_cb_r3_no_level_premiums_in_rubber() -> None:
    """CB-R3: no 300/500/50 premium per deal in rubber scoring."""
    assert score_rubber("4S", 10, False) == HandScore(120, 0, 0)
    assert score_rubber("4S", 10, True) == HandScore(120, 0, 0)
    assert score_rubber("1C", 7, False) == HandScore(20, 0, 0)


def test_cb_r3_vulnerability_changes_slams_and_undertricks() -> None:
    """CB-R3: slams 500/750 and 1000/1500; undertricks per CB-D5 by vulnerability."""
    assert score_rubber("6H", 12, False) == HandScore(180, 500, 0)
    assert score_rubber("6H", 12, True) == HandScore(180, 750, 0)
    assert score_rubber("7NT", 13, True) == HandScore(220, 1500, 0)
    assert score_rubber("4S", 8, False) == HandScore(0, 0, 100)
    assert score_rubber("4S", 8, True) == HandScore(0, 0, 200)
    assert score_rubber("4SX", 6, False) == HandScore(0, 0, 800)
    assert score_rubber("4SX", 6, True) == HandScore(0, 0, 1100)


def test_cb_r5_honors_values() -> None:
    """CB-R5: four trump honors in one hand 100, five 150, four aces at notrump 150."""
    assert score_rubber("4H", 10, False, Honors("4-one", "declarer")) == HandScore(120, 100, 0)
    assert score_rubber("4H", 10, False, Honors("5-one", "declarer")) == HandScore(120, 150, 0)
    assert score_rubber("3NT", 9, False, Honors("4-aces-one", "declarer")) == HandScore(100, 150, 0)


def test_cb_r5_honors_to_defenders_whether_made_or_not() -> None:
    """CB-R5: the holding side scores, making or failing, declaring or defending."""
    assert score_rubber("4H", 10, False, Honors("4-one", "defenders")) == HandScore(120, 0, 100)
    assert score_rubber("4H", 9, False, Honors("4-one", "declarer")) == HandScore(0, 100, 50)
    assert score_rubber("4H", 9, False, Honors("5-one", "defenders")) == HandScore(0, 0, 200)


def test_cb_r5_honors_not_affected_by_doubling() -> None:
    """CB-R5: 4SX made with 5 honors: 240 below, 50 insult + 150 honors."""
    assert score_rubber("4SX", 10, True, Honors("5-one", "declarer")) == HandScore(240, 200, 0)
    assert score_rubber("4SXX", 10, True, Honors("5-one", "declarer")) == HandScore(480, 250, 0)


def test_cb_r5_honors_kinds_of_the_contract_table_only() -> None:
    """CB-R5: the contract table has no divided honors (an auction kind is refused)."""
    with pytest.raises(ScoringError, match="CB-R5"):
        score_rubber("4S", 10, False, Honors("3", "declarer"))
    with pytest.raises(ScoringError, match="notrump"):
        score_rubber("4S", 10, False, Honors("4-aces-one", "declarer"))
    with pytest.raises(ScoringError, match="trump contract"):
        score_rubber("3NT", 9, False, Honors("4-one", "declarer"))


def test_score_rubber_through_score_and_the_contract_alias() -> None:
    assert score("rubber", "3NT", 10, True) == HandScore(100, 30, 0)
    assert score("contract", "3NT", 10, True) == HandScore(100, 30, 0)


def test_hand_score_breakdown_sums_to_the_figures() -> None:
    hand = score_rubber("6SX", 13, True, Honors("4-one", "declarer"))
    # 360 below; 750 slam + 50 insult + 200 overtrick + 100 honors above
    assert hand == HandScore(360, 1100, 0)
    assert sum(item.points for item in hand.items) == 1460
    assert [item.to.value for item in hand.items] == [
        "below",
        "declarer",
        "declarer",
        "declarer",
        "declarer",
    ]
