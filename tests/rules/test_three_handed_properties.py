"""Three-handed bridge invariants on random deals (hypothesis): TH-4/TH-10 visibility, TH-7 to TH-10
the auction and the play always finish, and, in strict and in table mode (TH-21 to TH-23), refused
actions leave the state unchanged and undo restores it exactly."""

from __future__ import annotations

import dataclasses
import enum
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.rules import CARDS, Call, Card, Correction, Deal, Hand, Phase, Seat, deal_cards
from bridgeroom.rules.three_handed import DoubleOf, ThreeHandedDeal

CALLS = [Call.from_index(i) for i in range(38)]


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


def random_deal(seed: int, dealer: Seat, mode: str) -> ThreeHandedDeal:
    return ThreeHandedDeal(
        deal_cards(dealer, seed=seed), dealer, mode=mode, players=("Ann", "Bob", "Cy")
    )


def proper_action(state: ThreeHandedDeal, rnd: random.Random) -> object:
    legal = state.legal_actions()
    if state.phase is Phase.AUCTION and rnd.random() < 0.6:
        return Call("P")
    return rnd.choice(legal)


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
@given(
    seed=st.integers(0, 2**32),
    dealer=st.sampled_from(list(Seat)),
    rnd=st.randoms(use_true_random=False),
)
def test_th_7_to_th_10_random_legal_deals_finish(
    seed: int, dealer: Seat, rnd: random.Random
) -> None:
    state = random_deal(seed, dealer, "strict")
    while not state.is_over:
        check_visibility(state)
        assert state.to_act != state.dummy_seat or state.phase is not Phase.AUCTION
        if state.phase is Phase.AUCTION:
            assert state.to_act in state.auction_seats()
        state.apply(proper_action(state, rnd))
    check_finished(state)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.sampled_from(list(Seat)),
    rnd=st.randoms(use_true_random=False),
)
def test_th_4_dummy_in_no_view_before_the_lead(seed: int, dealer: Seat, rnd: random.Random) -> None:
    """TH-4, TH-10: before the lead no view holds a dummy card, except that of a player who
    looked at the dummy during the auction (TH-23), which shows the whole dummy."""
    state = random_deal(seed, dealer, "table")
    hidden = set(state.deal[state.dummy_seat])

    def check() -> None:
        for seat in Seat:
            view = state.view(seat)
            if seat in state.barred:
                assert view.dummy == state.hand(state.dummy_seat)
                assert cards_in(view) & hidden == hidden
            else:
                assert not cards_in(view) & hidden

    while state.phase is Phase.AUCTION:
        if rnd.random() < 0.1:
            seat = rnd.choice(state.auction_seats())
            if seat not in state.barred:
                state.apply("look at dummy", seat=seat)  # TH-23: he alone has seen it
        check()
        state.apply(proper_action(state, rnd))
    if state.phase is Phase.PLAY:
        check()
        state.apply(rnd.choice(state.legal_actions()))
        for seat in Seat:
            assert state.view(seat).dummy == state.hand(state.dummy_seat)


def any_action(state: ThreeHandedDeal, rnd: random.Random) -> tuple[object, Seat | None]:
    """A proper action much of the time, else anything any seat might try (often refused)."""
    roll = rnd.random()
    auction = state.phase is Phase.AUCTION
    if roll < (0.4 if auction else 0.7) and state.legal_actions():
        return proper_action(state, rnd), None
    seat = rnd.choice(list(Seat))
    if auction and roll < 0.6:
        offered = [
            (action, who)
            for who, actions in state.table_actions_by_seat().items()
            for action in actions
            if str(action) != "look at dummy"
        ]
        if offered:
            return rnd.choice(offered)
    if roll < 0.8:
        call = Call("X") if rnd.random() < 0.3 else rnd.choice(CALLS)
        return call, rnd.choice([seat, None])
    if roll < 0.86:
        return DoubleOf(rnd.randrange(len(state.calls) + 1)), rnd.choice([seat, None])
    if roll < 0.9:
        return "look at dummy", seat
    if roll < 0.93:
        return Correction(rnd.choice(CARDS)), None
    return rnd.choice(CARDS), rnd.choice([seat, None])


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.sampled_from(list(Seat)),
    mode=st.sampled_from(["table", "table", "strict"]),
    rnd=st.randoms(use_true_random=False),
)
def test_th_21_to_th_23_refusals_change_nothing_and_undo_is_exact(
    seed: int, dealer: Seat, mode: str, rnd: random.Random
) -> None:
    state = random_deal(seed, dealer, mode)
    for _ in range(160):
        if state.is_over:
            break
        check_visibility(state)
        before = state.clone()
        action, seat = any_action(state, rnd)
        try:
            state.apply(action, seat=seat)
        except BridgeError:
            assert vars(state) == vars(before), (action, seat)
            continue
        after = state.clone()
        assert state.undo() == after.history[-1][1]
        assert vars(state) == vars(before), (action, seat)
        state.apply(action, seat=seat)
        assert vars(state) == vars(after), (action, seat)
    while not state.is_over:  # finish properly
        state.apply(proper_action(state, rnd))
    replayed = random_deal(seed, dealer, mode)
    replayed.replay(state.history)
    assert vars(replayed) == vars(state)
    check_finished(state)
