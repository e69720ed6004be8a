"""Robots only ever produce legal actions, in every game, phase and level (CB-5, CB-10, TH-6, MB-2, MB-6)."""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgeroom.robots import BasicRobot, Decision, make_robot
from bridgeroom.rules import Call, ContractBridgeDeal, DealState, Seat, View
from bridgeroom.table.robots import ILLEGAL_CHOICES, RobotTurn

from .helpers import new_state


def _play_out(state: DealState, robots: dict[Seat, object], stop: int) -> int:
    """Let the robots (one at every seat) play up to ``stop`` actions; count them."""
    n = 0
    while not state.is_over and n < stop:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        decision = robots[seat].decide(view)  # type: ignore[attr-defined]
        assert decision.action in view.legal, (decision, view.legal)
        assert decision.action in state.legal_actions()
        assert decision.reason and "\n" not in decision.reason
        state.apply(decision.action)
        n += 1
    return n


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["contract", "three-handed", "minibridge"]),
    level=st.sampled_from(["random", "basic"]),
    seed=st.integers(0, 100_000),
)
def test_random_and_basic_robots_play_whole_deals_legally(game: str, level: str, seed: int) -> None:
    state = new_state(game, seed)
    robots = {s: make_robot(level, seed=seed) for s in Seat}
    _play_out(state, robots, 200)
    assert state.is_over


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["contract", "three-handed", "minibridge"]),
    seed=st.integers(0, 100_000),
    skip=st.integers(0, 30),
)
def test_expert_robot_acts_legally(game: str, seed: int, skip: int) -> None:
    """A few decisions of an expert with a tiny budget, from a random point of a deal."""
    state = new_state(game, seed)
    basic = {s: make_robot("basic", seed=seed) for s in Seat}
    _play_out(state, basic, skip)
    expert = make_robot("expert", seed=seed, time_budget=0.05, samples=4)
    _play_out(state, dict.fromkeys(Seat, expert), 6)


class _Wrong(BasicRobot):
    """A robot whose bidding is broken: it always bids 1♣, allowed or not."""

    def call(self, view: View) -> Decision:
        return Decision.because(Call("1C"), "robot.only_action")


def _after_one_spade() -> ContractBridgeDeal:
    state = new_state("contract", 7)
    assert isinstance(state, ContractBridgeDeal)
    state.apply("1S")
    return state


def test_a_robots_illegal_choice_is_its_own_and_not_hidden() -> None:
    """CB-5: after 1♠ a bid of 1♣ is insufficient; the robot's decision says 1♣ as it chose it, so
    the tests above see a robot that chooses illegally."""
    state = _after_one_spade()
    view = state.view(state.to_act)  # type: ignore[arg-type]
    decision = _Wrong().decide(view)
    assert decision.action == Call("1C") and decision.action not in view.legal


def test_the_table_plays_a_pass_for_a_robots_illegal_choice_and_logs_and_counts_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = _after_one_spade()
    seat = state.to_act
    assert seat is not None
    turn = RobotTurn(0, seat, "basic", _Wrong(), state.view(seat), 1, len(state.history))
    before = ILLEGAL_CHOICES["basic"]
    with caplog.at_level(logging.ERROR, logger="bridgeroom.table.robots"):
        decision = turn.decide()
    assert decision.action == Call.PASS and decision.why.key == "robot.not_allowed"
    assert ILLEGAL_CHOICES["basic"] == before + 1
    assert "chose 1C, which the rules do not allow" in caplog.text
