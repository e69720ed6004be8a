"""The robot interface: levels, decisions, and that a robot sees nothing but its view."""

from __future__ import annotations

import dataclasses
import enum
import subprocess
import sys

import pytest
from hypothesis import given, settings

from bridgeroom.errors import BridgeError
from bridgeroom.robots import (
    LEVELS,
    BasicRobot,
    Decision,
    ExpertRobot,
    RandomRobot,
    RobotError,
    make_robot,
)
from bridgeroom.rules import (
    Call,
    Card,
    ContractBridgeDeal,
    Deal,
    DealState,
    Hand,
    Phase,
    Seat,
    View,
    deal_cards,
)

from ..strategies import Line, any_deals, lines

DEAL = "N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"


def test_make_robot_levels() -> None:
    assert LEVELS == ("random", "basic", "expert")
    assert isinstance(make_robot("random", seed=1), RandomRobot)
    assert isinstance(make_robot("basic"), BasicRobot)
    robot = make_robot("expert", seed=2, time_budget=0.3, samples=8)
    assert isinstance(robot, ExpertRobot)
    assert (robot.time_budget, robot.samples) == (0.3, 8)


def test_make_robot_unknown_level_names_the_levels() -> None:
    with pytest.raises(BridgeError, match="random, basic, expert"):
        make_robot("grandmaster")


@pytest.mark.parametrize("budget", [0.0, -0.5, float("nan")])
def test_expert_rejects_a_budget_that_is_not_positive(budget: float) -> None:
    with pytest.raises(BridgeError, match="positive"):
        make_robot("expert", time_budget=budget)


def test_decision_has_action_and_one_line_reason() -> None:
    state = ContractBridgeDeal(Deal(DEAL))
    decision = make_robot("basic").decide(state.view(Seat.NORTH))
    assert isinstance(decision, Decision) and decision.action == Call("1NT")
    assert decision.reason == "1NT: 15-17 points, balanced (I have 16)"
    assert decision.explain("ru") == "1БК: 15-17 очков, равномерный расклад (у меня 16)"
    assert "\n" not in decision.reason


def test_robot_refuses_a_view_of_a_seat_not_to_act() -> None:
    state = ContractBridgeDeal(Deal(DEAL))
    with pytest.raises(RobotError, match="nothing to decide"):
        make_robot("basic").decide(state.view(Seat.EAST))


def test_random_robot_is_reproducible_with_a_seed() -> None:
    def run(seed: int) -> list[object]:
        state = ContractBridgeDeal(deal_cards(seed=5))
        robot = make_robot("random", seed=seed)
        out = []
        while not state.is_over:
            action = robot.decide(state.view(state.to_act)).action  # type: ignore[arg-type]
            out.append(action)
            state.apply(action)
        return out

    assert run(3) == run(3)


def test_importing_robots_does_not_import_endplay() -> None:
    """endplay costs over a second to import: only the expert's first decision loads it."""
    code = "import sys, bridgeroom.robots; print('endplay' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- a view holds nothing hidden ---------------------------------------------------------


def _reachable(obj: object, seen: set[int], out: dict[str, object]) -> None:
    """Every card (as a mask), hand and state object reachable from ``obj``."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, DealState):
        out["state"] = obj
        return
    if isinstance(obj, Card):
        out["mask"] = int(out.get("mask", 0)) | obj.mask  # type: ignore[call-overload]
        return
    if isinstance(obj, Hand):
        out["mask"] = int(out.get("mask", 0)) | obj.mask  # type: ignore[call-overload]
        return
    if isinstance(obj, Deal):
        for hand in obj.hands:
            _reachable(hand, seen, out)
        return
    if isinstance(obj, (str, bytes, int, float, bool, type(None), enum.Enum, type)):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _reachable(k, seen, out)
            _reachable(v, seen, out)
        return
    if isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            _reachable(item, seen, out)
        return
    if callable(obj) and not isinstance(obj, type):
        out["callable"] = obj
        return
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _reachable(getattr(obj, f.name), seen, out)
        return
    for name in getattr(obj, "__slots__", ()):
        if hasattr(obj, name):
            _reachable(getattr(obj, name), seen, out)
    for value in getattr(obj, "__dict__", {}).values():
        _reachable(value, seen, out)


def _visible_mask(view: View) -> int:
    mask = view.hand.mask if view.hand is not None else 0
    if view.dummy is not None:
        mask |= view.dummy.mask
    for card in view.played:
        mask |= card.mask
    return mask


@settings(max_examples=40, deadline=None)
@given(lines(any_deals(), steps=70))
def test_view_holds_no_hidden_card(line: Line[DealState]) -> None:
    """The robot's only input, the view, reaches no card the seat may not see, and no state."""
    state = line.final()
    for seat in Seat:
        view = state.view(seat)
        found: dict[str, object] = {}
        _reachable(view, set(), found)
        assert "state" not in found and "callable" not in found
        if view.phase is not Phase.DONE:
            hidden = int(found.get("mask", 0)) & ~_visible_mask(view)  # type: ignore[call-overload]
            assert hidden == 0, f"{seat} can reach {Hand(hidden)}"
