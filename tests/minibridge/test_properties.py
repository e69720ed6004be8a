"""Properties of mini-bridge on random deals (hypothesis): MB-2 to MB-8, MB-12, MB-A1, MB-A5."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.rules import (
    Card,
    CorrectAnnouncement,
    Deal,
    Hand,
    MiniBridgeDeal,
    Mode,
    Phase,
    Seat,
    choose_declarer,
    deal_cards,
)


def _cards_in(value: object, found: list[int]) -> None:
    """Collect the masks of every card, hand or deal held anywhere inside ``value``."""
    if isinstance(value, (Card, Hand)):
        found.append(value.mask)
    elif isinstance(value, Deal):
        found.extend(h.mask for h in value.hands)
    elif isinstance(value, dict):
        for k, v in value.items():
            _cards_in(k, found)
            _cards_in(v, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _cards_in(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), found)


def _announce_step(state: MiniBridgeDeal, rng: random.Random) -> None:
    """One announcement: in table mode sometimes a wrong count, or a correction out of turn."""
    if state.mode is Mode.TABLE and rng.random() < 0.3:
        fixes = [fix for seat in Seat for fix in state.table_actions(seat)]
        if fixes and rng.random() < 0.5:
            fix = rng.choice(fixes)
            assert isinstance(fix, CorrectAnnouncement)
            state.apply(fix, fix.seat)
            return
        if not isinstance(state.legal_actions()[0], CorrectAnnouncement):
            state.apply(str(rng.randint(0, 37)))
            return
    state.apply(state.legal_actions()[0])


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), board=st.integers(1, 32), table=st.booleans())
def test_mb5_no_view_holds_a_dummy_card_before_the_lead(seed: int, board: int, table: bool) -> None:
    """MB-5, MB-A1: from the deal to the opening lead, no view of any seat but dummy's own
    holds a dummy card in any field; and dummy's suit lengths are shown once he is known."""
    rng = random.Random(seed)
    deal = deal_cards(rng=rng)
    state = MiniBridgeDeal.from_board(board, deal, mode=Mode.TABLE if table else Mode.STRICT)

    def check() -> None:
        dummy = state.dummy
        for seat in Seat:
            if seat == dummy:
                continue
            view = state.view(seat)
            found: list[int] = []
            _cards_in(view, found)
            if dummy is not None:
                leak = [m for m in found if m & deal[dummy].mask]
                assert not leak, (seat, view)
                assert view.extra.dummy_lengths == deal[dummy].lengths
            assert view.dummy is None

    check()
    while state.phase is Phase.ANNOUNCE:
        _announce_step(state, rng)
        check()
    state.apply(rng.choice(state.legal_actions()))
    check()
    state.apply(rng.choice(state.legal_actions()))  # the opening lead
    assert state.view(state.declarer.lho).dummy == Hand(deal[state.dummy].mask)  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), board=st.integers(1, 16), table=st.booleans())
def test_random_deals_always_finish(seed: int, board: int, table: bool) -> None:
    """MB-2 to MB-8, MB-12: random announcements, contracts and cards (revokes too in table
    mode) always end after 13 tricks, with the declarer of MB-3/MB-4 and at most one trick moved."""
    rng = random.Random(seed)
    deal = deal_cards(rng=rng)
    mode = Mode.TABLE if table else Mode.STRICT
    state = MiniBridgeDeal.from_board(board, deal, mode=mode)
    while state.phase is Phase.ANNOUNCE:
        _announce_step(state, rng)
    counts = [deal[s].hcp for s in Seat]
    assert state.declarer == choose_declarer(counts, state.dealer)
    state.apply(rng.choice(state.legal_actions()))
    moves = 0
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        if table and rng.random() < 0.1:
            hand = state.hand(seat)
            state.apply(rng.choice(list(hand)))  # any card: perhaps a revoke
        else:
            state.apply(rng.choice(state.legal_actions()))
        moves += 1
    assert moves == 52 and len(state.tricks) == 13
    result = state.result
    assert result is not None
    assert result.adjustment in (-1, 0, 1)
    assert 0 <= result.tricks <= 13
    if not state.revokes:
        assert result.adjustment == 0
    # the record replays to the same end
    again = MiniBridgeDeal.from_board(board, deal, mode=mode)
    again.replay(state.history)
    assert again.result == result
