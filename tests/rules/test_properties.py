"""Invariants of the contract-bridge engine, checked on lines of play drawn by hypothesis
(tests/strategies.py): a failure shrinks to its shortest line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import IllegalActionError
from bridgeroom.rules import (
    CARDS,
    Call,
    Card,
    ContractBridgeDeal,
    Seat,
    Strain,
    View,
)
from bridgeroom.scoring import get_table

from ..strategies import Line, contract_deals, lines

contract_lines = lines(contract_deals())


def cards_in_view(view: View) -> set[Card]:
    """Every card object reachable from a view."""
    out: set[Card] = set()
    if view.hand is not None:
        out |= set(view.hand)
    if view.dummy is not None:
        out |= set(view.dummy)
    for trick in view.tricks:
        out |= set(trick.cards)
    out |= {c for _, c in view.trick}
    out |= {a for a in view.legal if isinstance(a, Card)}
    return out


@settings(max_examples=150, deadline=None)
@given(contract_lines)
def test_random_deals_finish_with_13_tricks_and_52_distinct_cards(
    line: Line[ContractBridgeDeal],
) -> None:
    state = line.final()
    assert state.is_over
    result = state.result
    assert result is not None
    if result.contract is None:
        assert [c for _, c in state.calls] == [Call.PASS] * 4
        return
    assert len(state.tricks) == 13
    played = [c for t in state.tricks for c in t.cards]
    assert len(played) == 52 and len(set(played)) == 52
    assert sum(state.tricks_won) == 13
    assert 0 <= result.tricks <= 13
    assert all(len(state.hand(s)) == 0 for s in Seat)
    # every trick: the winner played the highest trump, else the highest card of the suit led
    trump = result.contract.strain.suit
    for trick in state.tricks:
        led = trick.cards[0].suit
        trumps = [c for c in trick.cards if c.suit == trump]
        best = max(trumps or [c for c in trick.cards if c.suit == led], key=lambda c: c.rank)
        assert trick.card_of(trick.winner) is best


@settings(max_examples=60, deadline=None)
@given(contract_lines)
def test_views_never_show_a_card_the_seat_may_not_see(line: Line[ContractBridgeDeal]) -> None:
    state = line.new()
    original = state.deal
    for step in line.steps:
        played = {c for t in state.tricks for c in t.cards} | {c for _, c in state.current_trick}
        lead_made = bool(played)
        for seat in Seat:
            view = state.view(seat)
            allowed = set(original[seat]) | played
            if lead_made and state.dummy is not None:
                allowed |= set(original[state.dummy])
            assert cards_in_view(view) <= allowed, (seat, state.phase)
            assert view.deal is None
        step.apply(state)


@settings(max_examples=60, deadline=None)
@given(contract_lines)
def test_undo_restores_the_exact_state(line: Line[ContractBridgeDeal]) -> None:
    state = line.new()
    for step in line.steps:
        before = [state.view(s) for s in Seat]
        history = list(state.history)
        probe = state.clone()
        step.apply(probe)
        assert probe.undo() == step.action
        assert [probe.view(s) for s in Seat] == before
        assert probe.history == history
        step.apply(state)


UNIVERSE: list[object] = [*CARDS, *Call._all]


@settings(max_examples=60, deadline=None)
@given(contract_lines, st.data())
def test_illegal_actions_leave_the_state_unchanged(
    line: Line[ContractBridgeDeal], data: st.DataObject
) -> None:
    state = line.new()
    for step in line.steps:
        legal = set(state.legal_actions())
        illegal = [a for a in UNIVERSE if a not in legal]
        before = ([state.view(s) for s in Seat], list(state.history))
        picks = data.draw(st.tuples(*[st.integers(0, len(illegal) - 1)] * 5))
        tries = {illegal[i] for i in picks}
        for action in tries:
            with pytest.raises(IllegalActionError):
                state.apply(action)
        assert ([state.view(s) for s in Seat], state.history) == before
        step.apply(state)


@settings(max_examples=40, deadline=None)
@given(contract_lines)
def test_replaying_the_history_gives_the_same_state(line: Line[ContractBridgeDeal]) -> None:
    state = line.final()
    copy = ContractBridgeDeal(state.deal, state.dealer, state.vulnerability)
    copy.replay(state.history)
    assert [copy.view(s) for s in Seat] == [state.view(s) for s in Seat]
    assert copy.result == state.result


# Auction bridge is played on the same deal (AB-1); only its score table differs.
AB_TRICK_VALUE = {
    Strain.CLUBS: 6,
    Strain.DIAMONDS: 7,
    Strain.HEARTS: 8,
    Strain.SPADES: 9,
    Strain.NOTRUMP: 10,
}


@settings(max_examples=60, deadline=None)
@given(contract_lines)
def test_ab_4_ab_5_auction_bridge_scores_every_finished_deal(
    line: Line[ContractBridgeDeal],
) -> None:
    """AB-1: a deal of auction bridge is a deal of contract bridge. AB-3, AB-4: a made contract
    puts every odd trick won below the line at its strain's value (x2 doubled, x4 redoubled);
    AB-5: a defeated one puts nothing below and 50 / 100 / 200 an undertrick above for the
    defenders. AB-10: slams go by the tricks taken, whatever the contract: 50 for 12 tricks, 100
    for 13, to the defenders when they take them, and to a declarer who takes 12 tricks in a
    defeated grand slam."""
    result = line.final().result
    assert result is not None
    contract = result.contract
    if contract is None:
        return
    hand = get_table("auction").score(contract, result.tricks)
    factor = (1, 2, 4)[contract.doubled]
    need = contract.level + 6
    if result.tricks >= need:
        odd = result.tricks - 6
        assert hand.below == odd * AB_TRICK_VALUE[contract.strain] * factor
    else:
        slam = {12: 50, 13: 100}.get(13 - result.tricks, 0)
        assert hand.below == 0
        assert hand.declarer_above == (50 if result.tricks == 12 else 0)
        assert hand.defenders_above == (need - result.tricks) * 50 * factor + slam
