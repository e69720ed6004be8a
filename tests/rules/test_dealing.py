"""Shuffling, dealing, drawing for deal and board tables (CB-2, CB-3, CB-B1, CB-B2)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.rules import (
    CARDS,
    Card,
    Deal,
    Hand,
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


def _reference_shuffle(pack: list[int], rng: random.Random) -> list[int]:
    """The shuffle as first written: one ``divmod`` of the long integer per card."""
    n = len(pack)
    r = rng.getrandbits(math.factorial(n).bit_length() + 64)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _reference_deal(dealer: Seat, rng: random.Random) -> Deal:
    """CB-3 spelled out: shuffle the cards, cut at a random place, deal one at a time
    clockwise from the dealer's left; the hands built card by card."""
    pack = [CARDS[i] for i in _reference_shuffle(list(range(52)), rng)]
    at = rng.randint(4, 48)
    pack = pack[at:] + pack[:at]
    hands: list[list[Card]] = [[], [], [], []]
    for k, card in enumerate(pack):
        hands[(dealer + 1 + k) % 4].append(card)
    return Deal([Hand(cards) for cards in hands])


@settings(max_examples=300)
@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=2, max_value=60))
def test_shuffle_is_the_one_digit_at_a_time_fisher_yates(seed: int, n: int) -> None:
    """The shuffle's grouped divisions give the swaps of one ``divmod`` per card."""
    assert shuffle(list(range(n)), random.Random(seed)) == _reference_shuffle(
        list(range(n)), random.Random(seed)
    )


@settings(max_examples=300)
@given(st.integers(min_value=0, max_value=2**64), st.sampled_from(list(Seat)))
def test_cb_3_deal_cards_is_shuffle_cut_and_deal(seed: int, dealer: Seat) -> None:
    """CB-3: deal_cards (the fast path on card indices) deals what shuffling, cutting and
    dealing the cards one at a time deals, for the same generator."""
    rng = random.Random(seed)
    deal = deal_cards(dealer, rng)
    assert deal == _reference_deal(dealer, random.Random(seed))
    assert rng.random() == _after_reference(seed)  # the generator moved as far
    assert deal.is_complete
    other = random.Random(seed)
    pack = shuffle(new_pack(), other)
    assert deal_pack(cut(pack, other.randint(4, 48)), dealer) == deal


def _after_reference(seed: int) -> float:
    rng = random.Random(seed)
    _reference_deal(Seat.NORTH, rng)
    return rng.random()
