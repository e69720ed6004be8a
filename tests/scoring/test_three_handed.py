"""Three-handed bridge scoring (TH-12..TH-20, TH-A8, TH-A11), worked by hand.

Two whole rubbers, one per table, with every figure in the comments; the
settlement examples of docs/rules.md; and a hypothesis property: the three columns
always grow by exactly the points awarded.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Contract, Strain
from bridgeroom.scoring import (
    HandScore,
    Honors,
    Payment,
    ThreeHandedRubber,
    Unfinished,
    score,
    settle,
)


def test_th_13_th_14_hand_scores_per_player() -> None:
    """TH-13/TH-14: the same figures as the four-handed tables; defenders_above is EACH defender's."""
    assert score("three-handed-contract", "4S", 10, True) == HandScore(120, 0, 0)
    assert score("three-handed-contract", "4SX", 8, True) == HandScore(0, 0, 500)
    assert score("three-handed-auction", "4S", 10) == HandScore(36, 0, 0)
    assert score("three-handed-auction", "4SXX", 8) == HandScore(0, 0, 400)


def test_whole_three_handed_contract_rubber_worked_by_hand() -> None:
    """TH-12..TH-19 with the contract table: eight deals, A wins 2 games to 1 and 1."""
    rubber = ThreeHandedRubber(["A", "B", "C"], "contract")
    # 1: A 2S, 9 tricks: A 60 below, 30 above.
    rubber.record("A", "2S", 9)
    # 2: B 3NT, 8 tricks: one down NV: A 50, C 50 (TH-14).
    d = rubber.record("B", "3NT", 8)
    assert d.hand == HandScore(0, 0, 50)
    assert rubber.totals == {"A": 140, "B": 0, "C": 50}
    # 3: C 4H made; a defender holds 4 honors in one hand: C 120 below (game);
    #    A and B score 100 each (TH-15); A's 60 is cut off (TH-16).
    d = rubber.record("C", "4H", 10, Honors("4-one", "defenders"))
    assert d.game_won == "C"
    assert rubber.leg("A") == 0 and rubber.below("A") == 60
    # 4: A 3NT made: 100 below: game to A. A and C are vulnerable, B is not (TH-17).
    rubber.record("A", "3NT", 9)
    assert [rubber.vulnerable(p) for p in "ABC"] == [True, False, True]
    # 5: C 4S doubled, two down, C vulnerable: 500 to A and to B.
    d = rubber.record("C", "4SX", 8)
    assert d.vulnerable and d.hand == HandScore(0, 0, 500)
    # 6: passed out (TH-7).
    assert rubber.record(None, "pass").passed_out
    # 7: B 5D made, five honors in B's or dummy's hand: 100 below (game to B), 150 above.
    d = rubber.record("B", "5D", 11, Honors("5-one", "declarer"))
    assert d.game_won == "B" and not d.vulnerable
    # 8: A 6NT made, vulnerable: 190 below, 750 slam; A's second game: rubber, 500
    #    because the others have won games (TH-19).
    d = rubber.record("A", "6NT", 12)
    assert d.game_won == "A" and d.rubber_bonus == 500
    assert rubber.is_over and rubber.winner == "A"
    # A: below 60 + 100 + 190 = 350; above 30 + 50 + 100 + 500 + 750 + 500 = 1930.
    # B: below 100; above 100 + 500 + 150 = 750.   C: below 120; above 50.
    assert rubber.totals == {"A": 2280, "B": 850, "C": 170}
    assert rubber.games == {"A": 2, "B": 1, "C": 1}
    # TH-20: A-B 1430 -> 1400, A-C 2110 -> 2100, B-C 680 -> 700.
    assert rubber.settle() == [
        Payment("B", "A", 1400),
        Payment("C", "A", 2100),
        Payment("C", "B", 700),
    ]
    with pytest.raises(ScoringError, match="over"):
        rubber.record("B", "1C", 7)


def test_whole_three_handed_auction_rubber_worked_by_hand() -> None:
    """TH-12..TH-19 with the auction table: eight deals, A wins, bonus 250."""
    rubber = ThreeHandedRubber(["A", "B", "C"], "auction")
    # 1: A 1NT, 9 tricks: 30 below, game. The defenders hold 3 aces: B 30, C 30.
    d = rubber.record("A", "1NT", 9, Honors("3-aces", "defenders"))
    assert d.game_won == "A"
    # 2: B 2S, 7 tricks: one down: A 50, C 50; B's side holds 4 honors divided: B 40.
    rubber.record("B", "2S", 7, Honors("4", "declarer"))
    # 3: C 3H, 9 tricks: 24 below.   4: B 2D, 8 tricks: 14 below.   5: A 4D made: 28 below.
    rubber.record("C", "3H", 9)
    rubber.record("B", "2D", 8)
    rubber.record("A", "4D", 10)
    assert [rubber.leg(p) for p in "ABC"] == [28, 14, 24]
    assert not any(rubber.vulnerable(p) for p in "ABC")  # AB-5
    # 6: C 1C made: 6 below, 30 in the game: game to C; the line cuts A's 28 and B's 14.
    d = rubber.record("C", "1C", 7)
    assert d.game_won == "C" and [rubber.leg(p) for p in "ABC"] == [0, 0, 0]
    # 7: B 3S doubled, 11 tricks: 5 x 18 = 90 below, game; 50 + 2 x 50 = 150 above.
    d = rubber.record("B", "3SX", 11)
    assert d.game_won == "B" and d.hand == HandScore(90, 150, 0)
    # 8: A 7C, 13 tricks: 42 below: second game, rubber 250; 13 tricks: 100.
    d = rubber.record("A", "7C", 13)
    assert d.rubber_bonus == 250 and rubber.winner == "A"
    # A: below 30 + 28 + 42 = 100, above 50 + 100 + 250 = 400.
    # B: below 14 + 90 = 104, above 30 + 40 + 150 = 220.   C: below 24 + 6 = 30, above 30 + 50 = 80.
    assert rubber.totals == {"A": 500, "B": 324, "C": 110}
    # TH-20: A-B 176 -> 200, A-C 390 -> 400, B-C 214 -> 200.
    assert rubber.settle() == [
        Payment("B", "A", 200),
        Payment("C", "A", 400),
        Payment("C", "B", 200),
    ]


@pytest.mark.parametrize(("others_game", "bonus"), [(False, 700), (True, 500)])
def test_th_19_contract_bonus(others_game: bool, bonus: int) -> None:
    """TH-19: 700 if neither other player has won a game, 500 if either has."""
    rubber = ThreeHandedRubber(["A", "B", "C"])
    if others_game:
        rubber.record("C", "5C", 11)
    rubber.record("A", "4S", 10)
    assert rubber.record("A", "4S", 10).rubber_bonus == bonus


def test_th_17_declarer_vulnerability_governs_undertricks() -> None:
    """TH-17: after A's game, A one down undoubled: 100 to each defender; B one down: 50 each."""
    rubber = ThreeHandedRubber(["A", "B", "C"])
    rubber.record("A", "3NT", 9)
    assert rubber.record("A", "2H", 7).hand == HandScore(0, 0, 100)
    assert rubber.record("B", "2H", 7).hand == HandScore(0, 0, 50)
    assert rubber.totals == {"A": 100 + 50, "B": 100, "C": 100 + 50}


def test_th_16_line_across_all_columns() -> None:
    """TH-16: any player's game cuts everybody's partscore."""
    rubber = ThreeHandedRubber(["A", "B", "C"], "auction")
    rubber.record("A", "2C", 8)  # 12
    rubber.record("B", "2D", 8)  # 14
    rubber.record("C", "2NT", 9)  # 30: game
    assert [rubber.leg(p) for p in "ABC"] == [0, 0, 0]
    rubber.record("A", "3C", 9)  # 18: not a game (12 + 18 would have been)
    assert rubber.games["A"] == 0


def test_th_a11_unfinished_no_bonus_by_default_configurable() -> None:
    """TH-A11: no bonus by default; CB-R6 values per player as an option."""
    rubber = ThreeHandedRubber(["A", "B", "C"])
    rubber.record("A", "4S", 10)
    rubber.record("B", "2S", 8)
    assert rubber.close() == []
    rubber = ThreeHandedRubber(["A", "B", "C"], unfinished=Unfinished())
    rubber.record("A", "4S", 10)
    rubber.record("B", "2S", 8)
    rubber.record("C", "1NT", 7)
    assert [(p, e.points) for p, e in rubber.close()] == [("A", 300), ("B", 100), ("C", 100)]


def test_three_handed_bad_input() -> None:
    with pytest.raises(ScoringError, match="three named players"):
        ThreeHandedRubber(["A", "B"])
    with pytest.raises(ScoringError, match="different names"):
        ThreeHandedRubber(["A", "B", "A"])
    with pytest.raises(ScoringError, match="TH-12"):
        ThreeHandedRubber(["A", "B", "C"], "duplicate")
    rubber = ThreeHandedRubber(["A", "B", "C"])
    with pytest.raises(ScoringError, match="one of the players"):
        rubber.record("D", "4S", 10)
    with pytest.raises(ScoringError, match="one of the players"):
        rubber.record(None, "4S", 10)
    assert len(rubber) == 0 and rubber.totals == {"A": 0, "B": 0, "C": 0}


# --- settlement -----------------------------------------------------------------------


def test_th_20_encyclopaedia_britannica_example() -> None:
    """TH-20 / [EB11]: A 212, B 290, C 312: A owes 78 -> 100 to B and 100 to C; B and C quits (22 -> 0)."""
    assert settle({"A": 212, "B": 290, "C": 312}) == [
        Payment("A", "B", 100),
        Payment("A", "C", 100),
    ]


def test_th_a8_pairwise_and_totals_first() -> None:
    """TH-A8: A 720, B 160, C 230: pairwise 600/500/100; totals first 500/500/0."""
    totals = {"A": 720, "B": 160, "C": 230}
    assert settle(totals) == [
        Payment("B", "A", 600),
        Payment("C", "A", 500),
        Payment("B", "C", 100),
    ]
    assert settle(totals, rounding="totals") == [
        Payment("B", "A", 500),
        Payment("C", "A", 500),
    ]


def test_th_20_rounding_fifty_rounds_up() -> None:
    """TH-20: 78 -> 100, 22 -> 0, 150 -> 200, 149 -> 100 (pairwise differences)."""
    assert settle({"X": 78, "Y": 0}) == [Payment("Y", "X", 100)]
    assert settle({"X": 22, "Y": 0}) == []
    assert settle({"X": 0, "Y": 150}) == [Payment("X", "Y", 200)]
    assert settle({"X": 0, "Y": 149}) == [Payment("X", "Y", 100)]


def test_th_20_stake() -> None:
    """TH-20 with a stake per 100 points."""
    payments = settle({"A": 212, "B": 290, "C": 312}, stake=0.25)
    assert [p.amount for p in payments] == [0.25, 0.25]
    assert payments[0].to_dict() == {"from": "A", "to": "B", "points": 100, "amount": 0.25}


def test_settle_bad_input() -> None:
    with pytest.raises(ScoringError, match="TH-A8"):
        settle({"A": 1, "B": 2}, rounding="nearest")
    with pytest.raises(ScoringError, match="stake"):
        settle({"A": 1, "B": 2}, stake=-1)
    with pytest.raises(ScoringError, match="two players"):
        settle({"A": 1})
    with pytest.raises(ScoringError, match="whole number"):
        settle({"A": 1.5, "B": 2})  # type: ignore[dict-item]


# --- property: the columns add up ---------------------------------------------------------

deals = st.lists(
    st.tuples(
        st.sampled_from(["A", "B", "C", None]),
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.integers(0, 2),
        st.integers(0, 13),
        st.sampled_from([None, "declarer", "defenders"]),
    ),
    max_size=25,
)


@pytest.mark.parametrize("table", ["contract", "auction"])
@settings(max_examples=150, deadline=None)
@given(deals=deals)
def test_th_columns_add_up_to_the_points_awarded(table: str, deals: list[tuple[Any, ...]]) -> None:
    """TH-13..TH-15, TH-19: each deal adds declarer's points + 2 x each defender's points (+ bonus)."""
    rubber = ThreeHandedRubber(["A", "B", "C"], table)
    for who, level, strain, doubled, tricks, honors_side in deals:
        if rubber.is_over:
            break
        before = sum(rubber.totals.values())
        if who is None:
            rubber.record(None, None)
            assert sum(rubber.totals.values()) == before
            continue
        honors = None
        if honors_side is not None:
            kind = "4-aces-one" if strain is Strain.NOTRUMP else "4-one"
            honors = Honors(kind, honors_side)
        entry = rubber.record(who, Contract(level, strain, doubled), tricks, honors)
        hand = entry.hand
        assert hand is not None
        awarded = hand.below + hand.declarer_above + 2 * hand.defenders_above + entry.rubber_bonus
        assert sum(rubber.totals.values()) - before == awarded
        assert rubber.total(who) >= hand.below + hand.declarer_above
        assert sum(rubber.games.values()) <= 4
    assert sum(rubber.games.values()) <= 4


def test_th_18_the_rubber_ends_when_one_player_has_won_two_games() -> None:
    """TH-18: two, three or four games may be played; the rubber ends at a player's second game."""
    rubber = ThreeHandedRubber(["A", "B", "C"], "contract")
    rubber.record("A", "4S", 10)  # game A
    rubber.record("B", "4H", 10)  # game B
    rubber.record("C", "3NT", 9)  # game C: three games, nobody has two
    assert not rubber.is_over
    rubber.record("B", "5D", 11)  # B's second game
    assert rubber.is_over and rubber.winner == "B"
    assert rubber.games == {"A": 1, "B": 2, "C": 1}
