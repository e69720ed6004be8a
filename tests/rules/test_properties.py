"""Invariants of the contract-bridge engine, checked on random deals (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import IllegalActionError
from bridgeroom.rules import (
    CARDS,
    Call,
    Card,
    ContractBridgeDeal,
    Phase,
    Seat,
    View,
    Vulnerability,
    deal_cards,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_state(seed: int, *, pass_bias: float = 0.6) -> tuple[ContractBridgeDeal, random.Random]:
    rng = random.Random(seed)
    dealer = Seat(rng.randrange(4))
    state = ContractBridgeDeal(deal_cards(dealer, rng), dealer, Vulnerability(rng.randrange(4)))
    return state, rng


def step(state: ContractBridgeDeal, rng: random.Random, pass_bias: float = 0.6) -> object:
    legal = state.legal_actions()
    if state.phase is Phase.AUCTION and rng.random() < pass_bias:
        action: object = Call.PASS
    else:
        action = rng.choice(legal)
    state.apply(action)
    return action


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
@given(seeds)
def test_random_deals_finish_with_13_tricks_and_52_distinct_cards(seed: int) -> None:
    state, rng = random_state(seed)
    while not state.is_over:
        step(state, rng)
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
@given(seeds)
def test_views_never_show_a_card_the_seat_may_not_see(seed: int) -> None:
    state, rng = random_state(seed)
    original = state.deal
    while not state.is_over:
        played = {c for t in state.tricks for c in t.cards} | {c for _, c in state.current_trick}
        lead_made = bool(played)
        for seat in Seat:
            view = state.view(seat)
            allowed = set(original[seat]) | played
            if lead_made and state.dummy is not None:
                allowed |= set(original[state.dummy])
            assert cards_in_view(view) <= allowed, (seat, state.phase)
            assert view.deal is None
        step(state, rng)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_undo_restores_the_exact_state(seed: int) -> None:
    state, rng = random_state(seed)
    while not state.is_over:
        before = [state.view(s) for s in Seat]
        history = list(state.history)
        probe = state.clone()
        step(probe, rng)
        probe.undo()
        assert [probe.view(s) for s in Seat] == before
        assert probe.history == history
        step(state, rng)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_illegal_actions_leave_the_state_unchanged(seed: int) -> None:
    state, rng = random_state(seed)
    universe: list[object] = [*CARDS, *Call._all]
    while not state.is_over:
        legal = set(state.legal_actions())
        illegal = [a for a in universe if a not in legal]
        before = ([state.view(s) for s in Seat], list(state.history))
        for action in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(IllegalActionError):
                state.apply(action)
        assert ([state.view(s) for s in Seat], state.history) == before
        step(state, rng)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_replaying_the_history_gives_the_same_state(seed: int) -> None:
    state, rng = random_state(seed)
    while not state.is_over:
        step(state, rng)
    copy = ContractBridgeDeal(state.deal, state.dealer, state.vulnerability)
    copy.replay(state.history)
    assert [copy.view(s) for s in Seat] == [state.view(s) for s in Seat]
    assert copy.result == state.result
