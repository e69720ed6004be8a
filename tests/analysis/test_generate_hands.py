"""The vectorised hand functions equal a plain computation, deal by deal.

Each table function of :mod:`bridgeroom.analysis.hands` (HCP, suit lengths,
controls, losers, the alternative counts, shape lists, ``hascard``) is checked
against a per-hand computation written here from the definitions of the Dealer
manual (bridgebase.com/tools/dealer/Manual/input.html, reprinted in endplay's
docs) on 100,000 random deals, and on deals Hypothesis draws card by card.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.analysis.hands import DEFAULT_ALTCOUNTS, DealBatch, ShapeSet
from bridgeroom.errors import ParseError
from bridgeroom.robots.sampler import Knowledge, deal
from bridgeroom.rules import Card, Deal, Seat

# --- plain per-hand definitions -----------------------------------------------------------------


@cache
def suit_ranks(holding: int) -> tuple[int, ...]:
    """The ranks (2-14) of a suit's 13-bit holding (remembered: a pure function)."""
    return tuple(r + 2 for r in range(13) if holding >> r & 1)


def ranks_by_suit(mask: int) -> list[tuple[int, ...]]:
    """The ranks of each suit, clubs first."""
    return [suit_ranks(mask >> (suit * 13) & 0x1FFF) for suit in range(4)]


HCP_OF = {14: 4, 13: 3, 12: 2, 11: 1}
CONTROLS_OF = {14: 2, 13: 1}


def plain_suit_losers(ranks: tuple[int, ...]) -> int:
    """Dealer's manual: 3+ cards: 3 less one for each of A, K, Q; void 0; singleton A 0, other
    singletons 1; doubleton AK 0, Ax or Kx 1, other doubletons 2."""
    if not ranks:
        return 0
    if len(ranks) == 1:
        return 0 if ranks == (14,) else 1
    if len(ranks) == 2:
        return 2 - (14 in ranks) - (13 in ranks)
    return 3 - (14 in ranks) - (13 in ranks) - (12 in ranks)


@cache
def plain_shape(pattern_list: str, lengths: tuple[int, int, int, int]) -> bool:
    """Dealer's shape(): terms joined by + (added) and - (taken out), left to right; a term is
    four digits or x, spades first; 'any' lets the suits come in any order."""
    tokens = pattern_list.replace("+", " + ").replace("-", " - ").split()
    inside = False
    sign = "+"
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in "+-":
            sign = token
            i += 1
            continue
        anyorder = token == "any"
        if anyorder:
            i += 1
            token = tokens[i]
        orders = set(itertools.permutations(lengths)) if anyorder else {lengths}
        hit = any(
            all(ch in "xX" or int(ch) == n for ch, n in zip(token, order, strict=True))
            for order in orders
        )
        if hit:
            inside = sign == "+"
        i += 1
    return inside


SHAPES = (
    "any 4333 + any 4432 + any 5332",
    "any 4333 + 54xx - any 0xxx",
    "5xxx - 55xx + x5xx",
    "any 0xxx",
    "xx6x + xx7x - any 4xxx - any 5xxx",
    "any 5521 + any 6511",
)
CARDS = ("SA", "HK", "DT", "C2", "S7")
CARD_BITS = tuple(Card.parse(text).index for text in CARDS)


def random_masks(count: int, seed: int) -> np.ndarray:
    return deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), count, np.random.default_rng(seed)
    )


SCALES = (DEFAULT_ALTCOUNTS[0], DEFAULT_ALTCOUNTS[6], DEFAULT_ALTCOUNTS[9])


@cache
def plain_suit(holding: int) -> tuple[int, ...]:
    """One suit's HCP, controls, losers and the scales' points, from its ranks (remembered)."""
    ranks = suit_ranks(holding)
    return (
        sum(HCP_OF.get(r, 0) for r in ranks),
        sum(CONTROLS_OF.get(r, 0) for r in ranks),
        plain_suit_losers(ranks),
        # points by a scale given ace first (Dealer's pointcount and altcount order)
        *(sum(scale[14 - r] for r in ranks) for scale in SCALES),
    )


def plain_hand(mask: int) -> tuple[object, ...]:
    """Every function of one hand, computed suit by suit from its cards."""
    suits = [plain_suit(mask >> (suit * 13) & 0x1FFF) for suit in range(4)]
    totals = [sum(column) for column in zip(*suits, strict=True)]
    lengths = tuple(len(suit_ranks(mask >> (suit * 13) & 0x1FFF)) for suit in (3, 2, 1, 0))
    short = sorted(lengths)
    return (
        totals[0],
        lengths,
        totals[1],
        totals[2],
        suits[3][0],
        tuple(totals[3:]),
        tuple(plain_shape(shapes, lengths) for shapes in SHAPES),
        short[0] >= 2 and short[1] >= 3,
        tuple(bool(mask >> index & 1) for index in CARD_BITS),
    )


def check_batch(masks: np.ndarray) -> None:
    """Every function of the batch equals the plain one, hand by hand."""
    batch = DealBatch(masks)
    cards = [Card.parse(text) for text in CARDS]
    for seat in Seat:
        view = batch[seat]
        vectorised = list(
            zip(
                view.hcp.tolist(),
                map(tuple, view.lengths.tolist()),
                view.controls.tolist(),
                view.losers.tolist(),
                view.hcp_in("S").tolist(),
                zip(*(view.points(scale).tolist() for scale in SCALES), strict=True),
                zip(*(view.shape(shapes).tolist() for shapes in SHAPES), strict=True),
                view.is_balanced().tolist(),
                zip(*(view.has(card).tolist() for card in cards), strict=True),
                strict=True,
            )
        )
        plain = [plain_hand(int(m)) for m in masks[:, seat]]
        assert vectorised == plain


def test_vectorised_functions_equal_plain_ones_on_100000_deals() -> None:
    check_batch(random_masks(100_000, seed=2024))


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)))
def test_vectorised_functions_on_drawn_deals(order: list[int]) -> None:
    masks = [0, 0, 0, 0]
    for position, card in enumerate(order):
        masks[position // 13] |= 1 << card
    check_batch(np.array([masks], dtype=np.uint64))


def test_scalar_batch_gives_python_values() -> None:
    deal_ = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    one = DealBatch.of([deal_], scalar=True)
    assert one["N"].hcp == 37 and isinstance(one["N"].hcp, int)
    assert one["W"].lengths == (1, 4, 4, 4)
    assert one["W"].shape("any 4441") is True
    assert one.deal() == deal_


def test_shape_lists_are_checked() -> None:
    for bad in ("", "4333 +", "any", "43333", "4x3", "+ 4333", "5xxx 4xxx"):
        with pytest.raises(ParseError):
            ShapeSet.parse(bad)
    assert len(ShapeSet.parse("any 4333")) == 4
    assert len(ShapeSet.parse("xxxx")) == 560
