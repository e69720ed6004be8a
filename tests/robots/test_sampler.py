"""The layout sampler: every layout agrees with what the viewer knows (cards played, voids shown,
known hands, mini-bridge counts and dummy's lengths, MB-2, MB-5), and the inferred limits bind."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.robots.public import knowledge, shown_voids
from bridgeroom.robots.sampler import HandLimits, Knowledge, sample
from bridgeroom.rules import (
    Deal,
    DealState,
    Hand,
    MiniBridgeDeal,
    Phase,
    Seat,
    Suit,
)

from ..strategies import Line, any_deals, lines


@settings(max_examples=120, deadline=None)
@given(
    line=lines(any_deals(), steps=60),
    viewer=st.sampled_from(list(Seat)),
    seed=st.integers(0, 2**32 - 1),
)
def test_layouts_agree_with_the_public_information(
    line: Line[DealState], viewer: Seat, seed: int
) -> None:
    state = line.final()
    if state.is_over:
        return
    view = state.view(viewer)
    k = knowledge(view)
    layouts = sample(k, 20, np.random.default_rng(seed))
    assert layouts.count == 20
    truth = tuple(state.hand(s).mask for s in Seat)
    assert k.agrees(truth), "the real layout is one of those the viewer must allow"
    voids = shown_voids(view)
    for hands in layouts:
        assert k.agrees(hands)
        # the viewer's own hand and the exposed dummy are exact
        if view.hand is not None:
            assert hands[viewer] == view.hand.mask
        if view.dummy is not None and view.dummy_seat is not None:
            assert hands[view.dummy_seat] == view.dummy.mask
        # every unplayed card is somewhere, once; each hand has its number of cards
        assert sum(Hand(h).mask.bit_count() for h in hands) == 52 - len(view.played)
        for seat in Seat:
            assert len(Hand(hands[seat])) == 13 - sum(
                1 for t in view.tricks for s in t.seats if s == seat
            ) - sum(1 for s, _ in view.trick if s == seat)
            for suit in range(4):
                if voids[seat] >> suit & 1 and seat != viewer and seat != view.dummy_seat:
                    assert Hand(hands[seat]).length(Suit(suit)) == 0
        if isinstance(state, MiniBridgeDeal) and view.phase is not Phase.ANNOUNCE:
            # MB-2: each seat's original hand has the count it announced
            for seat, points in view.extra.announcements:
                played = sum(
                    c.hcp
                    for t in view.tricks
                    for s, c in zip(t.seats, t.cards, strict=True)
                    if s == seat
                )
                played += sum(c.hcp for s, c in view.trick if s == seat)
                assert Hand(hands[seat]).hcp + played == points
            # MB-5: dummy's suit lengths before the lead
            if (
                view.dummy is None
                and view.dummy_seat is not None
                and view.extra.dummy_lengths is not None
            ):
                assert Hand(hands[view.dummy_seat]).lengths == view.extra.dummy_lengths


def test_minibridge_naming_view_fixes_counts_and_dummy_lengths() -> None:
    """MB-2, MB-5: the declarer knows the four counts and dummy's suit lengths before the lead."""
    deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    state = MiniBridgeDeal.from_board(1, deal)
    state.announce_all()
    k = knowledge(state.view(Seat.NORTH))
    layouts = sample(k, 30, np.random.default_rng(1))
    for hands in layouts:
        assert Hand(hands[Seat.SOUTH]).lengths == (4, 3, 3, 3)
        assert Hand(hands[Seat.SOUTH]).hcp == 0
        assert Hand(hands[Seat.EAST]).hcp == 3
        assert Hand(hands[Seat.WEST]).hcp == 0


def test_inferred_limits_bind_as_hard_limits() -> None:
    north = Hand("AK2.KQ3.Q432.Q32").mask
    limits = HandLimits.with_lengths((15, 17), balanced=True)
    k = Knowledge.open_hands(
        Seat.NORTH, {Seat.NORTH: north}, inferred={Seat.EAST: limits}, inferred_hard=True
    )
    layouts = sample(k, 50, np.random.default_rng(3))
    assert not layouts.relaxed
    for hands in layouts:
        assert limits.admits(hands[Seat.EAST])


def test_soft_limits_mostly_hold() -> None:
    north = Hand("AK2.KQ3.Q432.Q32").mask
    limits = HandLimits.with_lengths((0, 37), spades=(6, 13))
    k = Knowledge.open_hands(Seat.NORTH, {Seat.NORTH: north}, inferred={Seat.WEST: limits})
    layouts = sample(k, 200, np.random.default_rng(4))
    long_spades = sum(Hand(h[Seat.WEST]).length(Suit.SPADES) >= 6 for h in layouts)
    assert (
        long_spades >= 150
    )  # without the limit, six spades out of ten unseen happen about 3% of the time


def test_impossible_inferred_limits_are_dropped_not_fatal() -> None:
    north = Hand("AKQJ.AKQ.AKQ.AKQ").mask  # 37 points: nobody else can hold 15
    limits = HandLimits.with_lengths((15, 17))
    k = Knowledge.open_hands(
        Seat.NORTH, {Seat.NORTH: north}, inferred={Seat.EAST: limits}, inferred_hard=True
    )
    layouts = sample(k, 10, np.random.default_rng(5), max_draws=5_000)
    assert layouts.count == 10 and layouts.relaxed
    assert all(Hand(h[Seat.EAST]).hcp <= 3 for h in layouts)


def test_knowledge_rejects_inconsistent_counts() -> None:
    with pytest.raises(ValueError, match="unseen cards"):
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 12))


def test_hand_limits_describe_and_combine() -> None:
    a = HandLimits.with_lengths((12, 21), spades=(5, 13))
    b = HandLimits.with_lengths((10, 14))
    assert (a & b).describe() == "12-14 HCP, S 5+"
    assert (a | b).describe() == "10-21 HCP"


def test_rare_counts_are_met_by_repair() -> None:
    """MB-2, MB-5: North, on lead against West's contract, knows the counts 6, 9 and 21 of the three
    hands he cannot see and dummy's suit lengths; plain rejection would need about a million draws,
    so the sampler repairs rows by swaps, and every layout still meets every count and length."""
    deal = Deal("N:T862.K5.J842.T74 J43.Q873.K763.92 .AT964.QT9.K8653 AKQ975.J2.A5.AQJ")
    state = MiniBridgeDeal.from_board(6, deal)
    state.announce_all()
    assert (state.declarer, state.dummy) == (Seat.WEST, Seat.EAST)
    state.apply("3NT")
    k = knowledge(state.view(Seat.NORTH))
    layouts = sample(k, 20, np.random.default_rng(0))
    assert layouts.count == 20 and layouts.repaired
    for hands in layouts:
        assert k.agrees(hands)
        assert [Hand(hands[s]).hcp for s in (Seat.EAST, Seat.SOUTH, Seat.WEST)] == [6, 9, 21]
        assert Hand(hands[Seat.EAST]).lengths == (3, 4, 4, 2)
