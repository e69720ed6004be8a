"""A robot kept for a whole deal (one a place at a table, issue 37) carries nothing from one
decision to the next but its random stream: at every decision, a fresh expert given the kept one's
generator state makes the same decision for the same reason and draws the same numbers."""

from __future__ import annotations

import copy
import math

from bridgeroom.robots import ExpertRobot, make_robot
from bridgeroom.robots.strength.deals import board_conditions, deal_at
from bridgeroom.rules import ContractBridgeDeal, Phase, Seat


def _expert(seed: int) -> ExpertRobot:
    robot = make_robot("expert", seed=seed, time_budget=math.inf, samples=4)
    assert isinstance(robot, ExpertRobot)
    return robot


def test_a_kept_robot_decides_as_a_fresh_one_with_its_random_state() -> None:
    """Deal 0 of the benchmark's seed 2024: the auction and the first eight cards."""
    index = 0
    deal = deal_at(2024, index)
    dealer, vul = board_conditions(index)
    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    kept: dict[Seat, ExpertRobot] = {}
    cards = 0
    while state.phase in (Phase.AUCTION, Phase.PLAY) and cards < 8:
        seat = state.to_act
        assert seat is not None
        robot = kept.setdefault(seat, _expert(index * 4 + int(seat)))
        view = state.view(seat)
        fresh = _expert(999)
        fresh.rng.bit_generator.state = copy.deepcopy(robot.rng.bit_generator.state)
        a, b = fresh.decide(view), robot.decide(view)
        assert (a.action, a.reason) == (b.action, b.reason)
        assert fresh.rng.bit_generator.state == robot.rng.bit_generator.state
        cards += state.phase is Phase.PLAY
        state.apply(b.action)
    assert cards == 8
