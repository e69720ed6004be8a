"""The rules own their refusals: ``DealState.refusal`` says why an action is refused, as a typed
value, the same the error of ``apply`` carries, and changes nothing."""

from __future__ import annotations

import random

import pytest

from bridgeroom.errors import IllegalActionError, Refusal
from bridgeroom.rules import Call, Card, ContractBridgeDeal, Deal, Seat, deal_cards
from bridgeroom.rules.core import CALLS, CARDS

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _state(*actions: str) -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(DEAL), dealer=Seat.NORTH)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize(
    ("actions", "action", "rule", "key"),
    [
        (["1S"], "1C", "CB-5", "rules.insufficient"),  # a bid lower than the last
        (["1S", "P"], "X", "CB-6", "rules.no_double_own"),  # South may not double partner
        (["1NT", "P", "P", "P", "HT"], "SA", "CB-10", "rules.not_held"),  # dummy South: no SA
        (["1NT", "P", "P", "P", "ST"], "D8", "CB-10", "rules.follow_suit"),  # South has spades
    ],
)
def test_refusal_is_the_error_of_apply(
    actions: list[str], action: str, rule: str, key: str
) -> None:
    state = _state(*actions)
    refusal = state.refusal(action)
    assert refusal is not None and (refusal.rule, refusal.key) == (rule, key)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.refusal == refusal


def test_refusal_changes_nothing() -> None:
    state = _state("1S")
    before = (list(state.history), state.legal_actions(), state.to_act)
    assert state.refusal("1C") == Refusal(
        "CB-5", "rules.insufficient", {"call": Call("1C"), "last": Call("1S")}
    )
    assert state.refusal("2C") is None
    assert (list(state.history), state.legal_actions(), state.to_act) == before


@pytest.mark.parametrize("seed", range(8))
def test_refused_exactly_when_not_legal(seed: int) -> None:
    """Every card and call at every step of random deals: refused if and only if not legal."""
    rng = random.Random(seed)
    state = ContractBridgeDeal(deal_cards(Seat(seed % 4), rng), Seat(seed % 4))
    actions: list[Card | Call] = [*CARDS, *CALLS]
    while not state.is_over:
        legal = set(state.legal_actions())
        for action in rng.sample(actions, 12):
            assert (state.refusal(action) is None) == (action in legal), action
        state.apply(rng.choice(state.legal_actions()))
