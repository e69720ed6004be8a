"""Properties of mini-bridge on lines of play drawn by hypothesis (tests/strategies.py, so a failure
shrinks to its shortest line): MB-2 to MB-8, MB-12, MB-A1, MB-A5."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.rules import (
    Card,
    Deal,
    Hand,
    MiniBridgeDeal,
    Phase,
    Seat,
    choose_declarer,
)

from ..strategies import Line, lines, minibridge_deals, minibridge_step, modes


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


def _announced(state: MiniBridgeDeal) -> bool:
    return state.phase is not Phase.ANNOUNCE


@settings(max_examples=100, deadline=None)
@given(
    lines(minibridge_deals(modes, boards=32), act=minibridge_step, until=_announced),
    st.data(),
)
def test_mb5_no_view_holds_a_dummy_card_before_the_lead(
    line: Line[MiniBridgeDeal], data: st.DataObject
) -> None:
    """MB-5, MB-A1: from the deal to the opening lead, no view of any seat but dummy's own
    holds a dummy card in any field; and dummy's suit lengths are shown once he is known."""
    state = line.new()
    deal = state.deal

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
    for step in line.steps:
        step.apply(state)
        check()
    state.apply(data.draw(st.sampled_from(list(state.legal_actions())), label="contract"))
    check()
    state.apply(data.draw(st.sampled_from(list(state.legal_actions())), label="lead"))
    assert state.view(state.declarer.lho).dummy == Hand(deal[state.dummy].mask)  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(lines(minibridge_deals(modes), act=minibridge_step))
def test_random_deals_always_finish(line: Line[MiniBridgeDeal]) -> None:
    """MB-2 to MB-8, MB-12: random announcements, contracts and cards (revokes too in table
    mode) always end after 13 tricks, with the declarer of MB-3/MB-4 and at most one trick moved."""
    state = line.new()
    deal = state.deal
    steps = iter(line.steps)
    while state.phase is Phase.ANNOUNCE:
        next(steps).apply(state)
    counts = [deal[s].hcp for s in Seat]
    assert state.declarer == choose_declarer(counts, state.dealer)
    rest = list(steps)
    assert len(rest) == 1 + 52  # the contract (MB-6), then every card
    for step in rest:
        step.apply(state)
    assert state.is_over and len(state.tricks) == 13
    result = state.result
    assert result is not None
    assert result.adjustment in (-1, 0, 1)
    assert 0 <= result.tricks <= 13
    if not state.revokes:
        assert result.adjustment == 0
    # the record replays to the same end
    again = line.new()
    again.replay(state.history)
    assert again.result == result
