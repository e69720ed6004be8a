"""The bidding measure's yardsticks (:mod:`bridgeroom.robots.strength.oracles`). The scores
expected are those of the duplicate table (CB-Scoring): a small slam in spades not vulnerable
makes 180 + 300 + 500 = 980, four or five spades with eleven or twelve tricks 450 or 480, one
down not vulnerable −50 (vulnerable: 1430 and −100)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.robots.strength.oracles import (
    best_expected,
    opponents_layouts,
    oracle_side,
    partnership_contract,
    points_contract,
)
from bridgeroom.rules import Contract, Deal, Seat
from bridgeroom.rules.core import Strain
from bridgeroom.rules.dealing import deal_cards

NS = (Seat.NORTH, Seat.SOUTH)
EW = (Seat.EAST, Seat.WEST)
#: North takes 13 top tricks in notrump whoever holds the other cards.
TOPS = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _table(spades: tuple[int, int, int, int], other: int = 6) -> dict[int, tuple[int, ...]]:
    """A double-dummy table with ``spades`` (by declarer N, E, S, W) and ``other`` tricks for
    every declarer in the other strains."""
    return {int(s): spades if s is Strain.SPADES else (other,) * 4 for s in Strain}


def test_a_slam_that_makes_in_three_layouts_of_four_is_bid() -> None:
    tables = [_table((12, 1, 12, 1))] * 3 + [_table((11, 2, 11, 2))]
    # 6♠: (3 × 980 − 50) / 4 = 722.5; 4♠ and 5♠: (3 × 480 + 450) / 4 = 472.5
    assert best_expected(tables, NS, vulnerable=False) == (Contract("6SN"), 722.5)
    # vulnerable: (3 × 1430 − 100) / 4 = 1047.5
    assert best_expected(tables, NS, vulnerable=True) == (Contract("6SN"), 1047.5)


def test_a_slam_that_makes_in_one_layout_of_four_is_not() -> None:
    tables = [_table((12, 1, 12, 1))] + [_table((11, 2, 11, 2))] * 3
    # 6♠: (980 − 3 × 50) / 4 = 207.5; 4♠: (480 + 3 × 450) / 4 = 457.5
    assert best_expected(tables, NS, vulnerable=False) == (Contract("4SN"), 457.5)


def test_the_hand_that_takes_more_tricks_on_average_declares() -> None:
    tables = [_table((10, 3, 11, 2)), _table((10, 3, 10, 3))]
    # South: 11 and 10 tricks in 4♠ = (450 + 420) / 2; North would score 420 twice
    assert best_expected(tables, NS, vulnerable=False) == (Contract("4SS"), 435.0)


def test_no_layout_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one layout"):
        best_expected([], NS, vulnerable=False)


@given(st.integers(0, 2**32 - 1), st.sampled_from([NS, EW]), st.integers(1, 4))
def test_the_opponents_get_the_other_26_cards(seed: int, side: tuple[Seat, Seat], n: int) -> None:
    deal = deal_cards(seed=seed)
    layouts = opponents_layouts(deal, side, n, random.Random(seed))
    assert len(layouts) == n
    for layout in layouts:
        assert layout.is_complete
        for seat in side:
            assert layout[seat] == deal[seat]
        theirs = [s for s in Seat if s not in side]
        assert layout[theirs[0]].mask | layout[theirs[1]].mask == (
            deal[theirs[0]].mask | deal[theirs[1]].mask
        )


def test_the_oracles_bid_for_the_side_with_twenty_points() -> None:
    assert oracle_side(TOPS) == NS
    assert (
        oracle_side(Deal("N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876"))
        == EW
    )


def test_the_points_oracle_bids_a_slam_with_32_points_in_its_fit() -> None:
    # North-South: 37 points, eight spades; South takes more tricks in spades on this table
    table = _table((12, 1, 13, 0))
    assert points_contract(TOPS, table) == Contract("6SS")


def test_the_partnership_oracle_bids_the_grand_slam_in_notrump_with_thirteen_top_tricks() -> None:
    # 7NT makes in every layout (1520 not vulnerable on board 0); 7♠ at best 1510
    assert partnership_contract(TOPS, 0, 4, seed=1) == Contract("7NTN")
