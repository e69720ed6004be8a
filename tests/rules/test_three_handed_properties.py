"""Three-handed bridge invariants on lines of play drawn by hypothesis (tests/strategies.py, so a
failure shrinks to its shortest line): TH-4/TH-10 visibility, TH-7 to TH-10 the auction and the
play always finish, and, in strict and in table mode (TH-21 to TH-23), refused actions leave the
state unchanged and undo restores it exactly."""

from __future__ import annotations

import dataclasses
import enum

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.rules import Card, Deal, Hand, Mode, Phase, Seat
from bridgeroom.rules.three_handed import ThreeHandedDeal

from ..strategies import (
    Line,
    lines,
    three_handed_attempt,
    three_handed_deals,
    three_handed_peek,
)


def cards_in(obj: object) -> set[Card]:
    """Every card that appears anywhere inside ``obj`` (a view, its fields, their contents)."""
    if isinstance(obj, Card):
        return {obj}
    if isinstance(obj, Hand):
        return set(obj)
    if isinstance(obj, Deal):
        return {card for hand in obj.hands for card in hand}
    if isinstance(obj, str | bytes | int | float | enum.Enum) or obj is None:
        return set()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        found: set[Card] = set()
        for f in dataclasses.fields(obj):
            found |= cards_in(getattr(obj, f.name))
        return found
    if isinstance(obj, dict):
        found = set()
        for key, value in obj.items():
            found |= cards_in(key) | cards_in(value)
        return found
    if isinstance(obj, list | tuple | set | frozenset):
        found = set()
        for item in obj:
            found |= cards_in(item)
        return found
    return set()


def check_visibility(state: ThreeHandedDeal) -> None:
    """TH-4, TH-10: before the opening lead no view holds a dummy card, but that of a player who
    looked at it (TH-23), which shows it whole; after the lead every view shows the dummy."""
    dummy = state.dummy_seat
    if state.phase is Phase.DONE:
        return
    if not state.tricks and not state.current_trick:
        hidden = set(state.deal[dummy])
        for seat in Seat:
            seen = cards_in(state.view(seat)) & hidden
            assert seen == (hidden if seat in state.barred else set()), (seat, state.history)
    else:
        for seat in Seat:
            assert state.view(seat).dummy == state.hand(dummy)


def check_finished(state: ThreeHandedDeal) -> None:
    assert state.is_over
    result = state.result
    assert result is not None
    if result.contract is None:
        assert not state.tricks
        return
    assert len(state.tricks) == 13
    played = [card for trick in state.tricks for card in trick.cards]
    assert len(set(played)) == 52
    for trick in state.tricks:
        assert set(trick.seats) == set(Seat)
    defenders = result.defenders
    assert defenders is not None and result.declarer is not None
    assert {result.declarer, result.dummy, *defenders} == set(Seat)
    won = state.tricks_won
    assert result.tricks_taken == won[result.declarer] + won[result.dummy]
    assert won[defenders[0]] + won[defenders[1]] == 13 - result.tricks_taken


@settings(max_examples=120, deadline=None)
@given(lines(three_handed_deals(Mode.STRICT)))
def test_th_7_to_th_10_random_legal_deals_finish(line: Line[ThreeHandedDeal]) -> None:
    state = line.new()
    for step in line.steps:
        check_visibility(state)
        assert state.to_act != state.dummy_seat or state.phase is not Phase.AUCTION
        if state.phase is Phase.AUCTION:
            assert state.to_act in state.auction_seats()
        step.apply(state)
    check_finished(state)


@settings(max_examples=60, deadline=None)
@given(
    lines(
        three_handed_deals(Mode.TABLE),
        act=three_handed_peek,
        until=lambda state: state.phase is not Phase.AUCTION,
        finish=False,
    ),
    st.data(),
)
def test_th_4_dummy_in_no_view_before_the_lead(
    line: Line[ThreeHandedDeal], data: st.DataObject
) -> None:
    """TH-4, TH-10: before the lead no view holds a dummy card, except that of a player who
    looked at the dummy during the auction (TH-23), which shows the whole dummy; the opening
    lead shows dummy to every seat."""
    state = line.new()
    hidden = set(state.deal[state.dummy_seat])

    def check() -> None:
        for seat in Seat:
            view = state.view(seat)
            if seat in state.barred:
                assert view.dummy == state.hand(state.dummy_seat)
                assert cards_in(view) & hidden == hidden
            else:
                assert not cards_in(view) & hidden

    for step in line.steps:
        check()
        step.apply(state)
    if state.phase is Phase.PLAY:
        check()
        lead = data.draw(st.sampled_from(list(state.legal_actions())), label="lead")
        state.apply(lead)
        for seat in Seat:
            assert state.view(seat).dummy == state.hand(state.dummy_seat)


@settings(max_examples=150, deadline=None)
@given(
    lines(
        three_handed_deals(st.sampled_from([Mode.TABLE, Mode.TABLE, Mode.STRICT])),
        act=three_handed_attempt,
        steps=160,
        finish=True,
    )
)
def test_th_21_to_th_23_refusals_change_nothing_and_undo_is_exact(
    line: Line[ThreeHandedDeal],
) -> None:
    state = line.new()
    for step in line.steps:
        check_visibility(state)
        before = state.clone()
        try:
            step.apply(state)
        except BridgeError:
            assert not step.accepted, step
            assert vars(state) == vars(before), step
            continue
        assert step.accepted, step
        after = state.clone()
        assert state.undo() == after.history[-1][1]
        assert vars(state) == vars(before), step
        step.apply(state)
        assert vars(state) == vars(after), step
    replayed = line.new()
    replayed.replay(state.history)
    assert vars(replayed) == vars(state)
    check_finished(state)
