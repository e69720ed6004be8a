"""``legal_mask()`` is ``legal_actions()`` as the bits of one integer, in every game and phase.
The actions are drawn by hypothesis from the legal ones at every step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.rules import (
    ContractBridgeDeal,
    MiniBridgeDeal,
    Seat,
    ThreeHandedDeal,
    deal_cards,
)

GAMES = {
    "contract": lambda deal, dealer: ContractBridgeDeal(deal, dealer),
    "three-handed": lambda deal, dealer: ThreeHandedDeal(deal, dealer),
    "minibridge": lambda deal, dealer: MiniBridgeDeal(deal, dealer),
}


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(list(Seat)),
    data=st.data(),
)
def test_the_mask_is_the_legal_actions(game: str, seed: int, dealer: Seat, data) -> None:  # type: ignore[no-untyped-def]
    state = GAMES[game](deal_cards(dealer, seed=seed), dealer)
    while not state.is_over:
        ids = state.legal_action_ids()
        assert state.legal_mask() == sum(1 << i for i in ids)
        state.apply(data.draw(st.sampled_from(list(state.legal_actions())), label="action"))
    assert state.legal_mask() == 0
