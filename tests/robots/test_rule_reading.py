"""The declarer reads the defenders' cards by the rules, a defender his partner's
(robots.rule_reading), and the expert solves the layouts drawn in proportion to what it reads
(robots.cardplay._resample)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.robots.cardplay import _resample
from bridgeroom.robots.play import basic_card
from bridgeroom.robots.rule_reading import RULE_WEIGHT, read_rule_cards, rule_weights
from bridgeroom.robots.signals import read_signals, signal_weights
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, Seat

from ..strategies import Line, deals, lines


def _after(contract: str, declarer: Seat):  # type: ignore[no-untyped-def]
    def start(deal: Deal) -> ContractBridgeDeal:
        state = ContractBridgeDeal(deal, dealer=declarer)
        for call in (contract, "P", "P", "P"):
            state.apply(call)
        return state

    return start


_STARTS = st.tuples(
    st.sampled_from(["3NT", "4S", "2H", "5C"]), st.sampled_from(list(Seat))
).flatmap(lambda cd: deals().map(_after(*cd)))


def _readers(state: ContractBridgeDeal) -> dict[Seat, set[Seat]]:
    """Whose cards each seat reads: the declarer both defenders', a defender his partner's."""
    contract = state.contract
    assert contract is not None
    declarer = contract.declarer
    defenders = {s for s in Seat if s not in (declarer, declarer.partner)}
    out = {declarer: defenders, declarer.partner: set()}
    for s in defenders:
        out[s] = {s.partner}
    return out


@settings(max_examples=40, deadline=None)
@given(lines(_STARTS, steps=40, min_steps=2), st.sampled_from(["declarer", "defender"]))
def test_the_true_layout_counts_each_card_the_rules_would_not_have_played(
    line: Line[ContractBridgeDeal], reader: str
) -> None:
    """For the true layout the weight is RULE_WEIGHT to the number of cards read that the basic
    robot would not have played, asked of the engine's own view of each player when he played
    (the deal replayed), not of the view rule_reading rebuilds from the reader's."""
    state = line.final()
    declarer = state.contract.declarer  # type: ignore[union-attr]
    seat = declarer if reader == "declarer" else declarer.lho
    watched = _readers(state)[seat]
    read = read_rule_cards(state.view(seat))
    true = tuple(state.hand(s).mask for s in Seat)
    history = list(line.actions)
    assert all(isinstance(a, Card) for a in history)
    replay = line.new()
    misses = 0
    cards = 0
    for n, card in enumerate(history):
        player = replay.to_act
        assert player is not None
        if n > 0 and player in watched:
            cards += 1
            misses += basic_card(replay.view(player)).action != card
        replay.apply(card)
    assert len(read) == cards
    # a product of tenths is RULE_WEIGHT**misses up to rounding
    assert rule_weights(read, [true]) == [pytest.approx(RULE_WEIGHT**misses, rel=1e-12)]


@settings(max_examples=20, deadline=None)
@given(lines(_STARTS, steps=30, min_steps=2))
def test_each_seat_reads_whom_it_should_and_skipped_cards_are_not_read(
    line: Line[ContractBridgeDeal],
) -> None:
    """The declarer reads the defenders, a defender his partner, dummy nobody; never the opening
    lead (read as a signal), never a card passed as ``skip``."""
    state = line.final()
    for seat, watched in _readers(state).items():
        view = state.view(seat)
        read = read_rule_cards(view)
        assert {rc.seat for rc in read} <= watched
        assert all(rc.card != view.played[0] for rc in read)
        skip = [sig.card for sig in read_signals(view)]
        kept = read_rule_cards(view, skip=skip)
        assert [rc.card for rc in kept] == [rc.card for rc in read if rc.card not in skip]


# North declares 1NT; East leads. Six tricks are played by the rules (the doctest of
# robots.rule_reading): West cashes the ♦A at trick six and East, his partner winning, plays the
# ♦5, his lowest diamond.
DEAL = "N:AK5.KQ4.J83.AT62 9742.A73.KT95.Q8 QJ.J9865.Q7.KJ95 T863.T2.A642.743"
PLAY = "DT D7 D6 DJ CA C8 C5 C3 SK S9 SJ S8 SA S2 SQ S3 H4 H3 H5 HT DA D3 D5 DQ"


def _six_tricks() -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(DEAL), dealer=Seat.NORTH)
    for action in ["1NT", "P", "P", "P", *PLAY.split()]:
        state.apply(action)
    return state


def test_a_layout_where_the_rules_give_another_card_counts_less() -> None:
    state = _six_tricks()
    north = state.view(Seat.NORTH)
    read = read_rule_cards(north, skip=[s.card for s in read_signals(north)])
    assert [str(rc.card) for rc in read] == ["S2", "S3", "HT", "DA", "D5"]
    true = tuple(state.hand(s).mask for s in Seat)
    # East with the ♦4 as well (West with the ♣Q instead) would have played it under the ♦A
    swap = Hand("-.-.4.Q").mask
    layout = (true[0], true[1] ^ swap, true[2], true[3] ^ swap)
    assert rule_weights(read, [true, layout]) == [1.0, RULE_WEIGHT]


def test_the_layouts_solved_are_drawn_by_how_well_they_explain_the_cards() -> None:
    """Resampling draws the count asked for, only layouts dealt, and each in proportion to the
    weight of the signals and the cards read in it."""
    state = _six_tricks()
    north = state.view(Seat.NORTH)
    signals = read_signals(north)
    read = read_rule_cards(north, skip=[s.card for s in signals])
    true = tuple(state.hand(s).mask for s in Seat)
    swap = Hand("-.-.4.Q").mask
    layout = (true[0], true[1] ^ swap, true[2], true[3] ^ swap)
    both = [true, layout]
    w = [
        s * r for s, r in zip(signal_weights(signals, both), rule_weights(read, both), strict=True)
    ]
    assert w[0] == 1.0 and w[1] < 1.0
    dealt = [true, layout] * 2000
    rows = _resample(dealt, signals, read, 4000, np.random.default_rng(7))
    assert len(rows) == 4000 and set(rows) <= {true, layout}
    # never more layouts solved than were dealt
    assert len(_resample(dealt[:10], signals, read, 4000, np.random.default_rng(7))) == 10
    share = rows.count(true) / len(rows)
    assert abs(share - w[0] / (w[0] + w[1])) < 0.02
