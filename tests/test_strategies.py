"""The strategies of tests/strategies.py draw every action, so that Hypothesis shrinks a failing
property to its shortest line: shown here on properties made to fail.

The deal is fixed (the properties do not depend on it), so that the search and the shrinking
spend their time on the line.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from bridgeroom.rules import Call, ContractBridgeDeal, Deal, DealState, Mode, Phase

from .strategies import (
    Line,
    auction_over,
    contract_deals,
    lines,
    minibridge_deals,
    minibridge_step,
    three_handed_deals,
)

SEARCH = settings(
    database=None,
    derandomize=True,
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
DEAL = st.just(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))


def doubled(state: DealState) -> bool:
    return state.contract is not None and state.contract.doubled == 1


def test_a_failing_property_is_reported_with_its_shortest_line() -> None:
    """A property that no contract is doubled fails; Hypothesis shrinks the line it reports to
    the shortest auction with a double: a bid, a double and three passes (CB-5, CB-6, CB-7)."""
    seen: list[Line[ContractBridgeDeal]] = []

    @SEARCH
    @given(lines(contract_deals(cards=DEAL), until=auction_over))
    def no_contract_is_doubled(line: Line[ContractBridgeDeal]) -> None:
        seen.append(line)
        assert not doubled(line.final())

    with pytest.raises(AssertionError) as failure:
        no_contract_is_doubled()
    shortest = seen[-1]  # Hypothesis runs the shrunk example last, to raise its error
    # The report names the property and the shrunk line's calls; its wording is Hypothesis's own
    # ("Falsifying example" in older versions, "Failing test case" in newer), so the test reads
    # neither.
    report = "\n".join(failure.value.__notes__)
    assert "no_contract_is_doubled(" in report
    assert all(repr(step.action) in report for step in shortest.steps)
    assert doubled(shortest.final()) and len(shortest.steps) == 5
    assert shortest.actions == [Call("1C"), Call("X"), Call.PASS, Call.PASS, Call.PASS]


def test_find_gives_the_shortest_three_handed_auction() -> None:
    """TH-6, TH-7: two passes close a three-handed auction, so the shortest doubled one is four
    calls long."""
    line = find(
        lines(three_handed_deals(Mode.TABLE, cards=DEAL), until=auction_over),
        lambda line: doubled(line.final()),
        settings=SEARCH,
    )
    assert line.actions == [Call("1C"), Call("X"), Call.PASS, Call.PASS]


def test_find_gives_the_shortest_line_to_a_trick() -> None:
    """CB-7, CB-9, CB-10: the first trick of contract bridge follows an auction of at least four
    calls; MB-2, MB-6, MB-7: in mini-bridge, four counts and a contract. Hypothesis shrinks the
    number of steps of a line too."""
    contract = find(
        lines(contract_deals(cards=DEAL), steps=24),
        lambda line: bool(line.final().tricks),
        settings=SEARCH,
    )
    assert len(contract.steps) == 4 + 4
    assert contract.actions[:4] == [Call("1C"), Call.PASS, Call.PASS, Call.PASS]
    mini = find(
        lines(minibridge_deals(Mode.TABLE, cards=DEAL), act=minibridge_step, steps=24),
        lambda line: bool(line.final().tricks),
        settings=SEARCH,
    )
    assert len(mini.steps) == 4 + 1 + 4
    state = mini.final()
    assert state.phase is Phase.PLAY and len(state.tricks) == 1
