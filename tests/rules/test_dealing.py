"""Shuffling, dealing, drawing for deal and board tables (CB-2, CB-3, CB-B1, CB-B2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bridgeroom.errors import BridgeError
from bridgeroom.rules import (
    CARDS,
    Card,
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    cut,
    deal_cards,
    deal_pack,
    draw_for_deal,
    new_pack,
    shuffle,
)


def test_cb_3_deal_one_card_at_a_time_clockwise_from_dealers_left() -> None:
    """CB-3: the first card goes to the dealer's left-hand opponent, then clockwise."""
    pack = new_pack()  # C2 C3 C4 ... in index order
    deal = deal_pack(pack, Seat.SOUTH)
    # West (South's LHO) gets cards 0, 4, 8 ...; North 1, 5, ...; East 2, 6, ...; South 3, 7, ...
    assert Card("C2") in deal[Seat.WEST]
    assert Card("C3") in deal[Seat.NORTH]
    assert Card("C4") in deal[Seat.EAST]
    assert Card("C5") in deal[Seat.SOUTH]
    assert Card("SA") in deal[Seat.SOUTH]  # the 52nd card goes to the dealer
    assert all(len(deal[s]) == 13 for s in Seat)


def test_cb_3_cut_moves_top_packet_under() -> None:
    pack = new_pack()
    out = cut(pack, 10)
    assert out[0] is CARDS[10] and out[-1] is CARDS[9] and len(out) == 52
    with pytest.raises(BridgeError):
        cut(pack, 2)


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    a = shuffle(new_pack(), random.Random(5))
    b = shuffle(new_pack(), random.Random(5))
    assert a == b
    assert sorted(c.index for c in a) == list(range(52))
    assert deal_cards(seed=42) == deal_cards(seed=42)
    assert deal_cards(seed=42) != deal_cards(seed=43)


def test_shuffle_spreads_every_card_over_every_position() -> None:
    """The one-draw Fisher-Yates shuffle reaches every position (a coarse uniformity check)."""
    rng = random.Random(11)
    counts = Counter()
    for _ in range(2000):
        pack = shuffle(new_pack(), rng)
        counts[pack.index(CARDS[0])] += 1
    assert len(counts) == 52
    assert max(counts.values()) < 2000 / 52 * 2.2


def test_default_deal_uses_system_randomness() -> None:
    deals = {deal_cards() for _ in range(5)}
    assert len(deals) == 5
    assert all(d.is_complete for d in deals)


def test_deal_pack_rejects_a_short_or_repeated_pack() -> None:
    with pytest.raises(BridgeError):
        deal_pack(new_pack()[:51], Seat.NORTH)
    with pytest.raises(BridgeError):
        deal_pack([*new_pack()[:51], CARDS[0]], Seat.NORTH)


def test_cb_2_highest_card_deals() -> None:
    """CB-2: each player draws one card; the highest deals."""
    for seed in range(30):
        draws, dealer = draw_for_deal(["Ann", "Bob", "Cy", "Di"], random.Random(seed))
        best = max(draws, key=lambda d: (d[1].rank, d[1].suit))
        assert dealer == best[0]
        assert len({c for _, c in draws}) == 4


def test_cb_2_draw_needs_distinct_players() -> None:
    with pytest.raises(BridgeError):
        draw_for_deal(["Ann", "Ann"])


# CB-B1 and CB-B2, copied from the docs/rules.md table (boards 1-16).
BOARD_TABLE = [
    (1, "N", "none"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "both"),
    (5, "N", "NS"), (6, "E", "EW"), (7, "S", "both"), (8, "W", "none"),
    (9, "N", "EW"), (10, "E", "both"), (11, "S", "none"), (12, "W", "NS"),
    (13, "N", "both"), (14, "E", "none"), (15, "S", "NS"), (16, "W", "EW"),
]  # fmt: skip


@pytest.mark.parametrize(("board", "dealer", "vul"), BOARD_TABLE)
def test_cb_b1_b2_board_table(board: int, dealer: str, vul: str) -> None:
    """CB-B1 dealer and CB-B2 vulnerability of boards 1-16, and the repeat from board 17."""
    expected = Vulnerability.find(vul)
    assert board_dealer(board) == Seat.find(dealer)
    assert board_vulnerability(board) == expected
    assert board_dealer(board + 16) == Seat.find(dealer)
    assert board_vulnerability(board + 16) == expected
    assert board_vulnerability(board + 32) == expected


def test_boards_start_at_one() -> None:
    with pytest.raises(BridgeError):
        board_dealer(0)
    with pytest.raises(BridgeError):
        board_vulnerability(-3)
