"""Robots as policies in the PettingZoo loop, and the measure of an agent in IMPs."""

from __future__ import annotations

import numpy as np
import pytest

from bridgeroom.envs import auction_v0, contract_v0, minibridge_v0, three_handed_v0
from bridgeroom.envs.policies import Evaluation, RandomPolicy, RobotPolicy, evaluate, policy_for
from bridgeroom.errors import BridgeError

MODULES = [contract_v0, auction_v0, three_handed_v0, minibridge_v0]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_robots_play_whole_deals_through_pettingzoo(module) -> None:  # type: ignore[no-untyped-def]
    env = module.env()
    robots = {agent: RobotPolicy("basic", seed=i) for i, agent in enumerate(env.possible_agents)}
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            action = robots[agent](env, agent)
            assert obs["action_mask"][action]
            env.step(action)


def test_random_policy_reads_the_mask() -> None:
    policy = RandomPolicy(seed=1)
    mask = np.zeros(90, np.int8)
    mask[[52, 60]] = 1
    assert {policy.act({"action_mask": mask}, None) for _ in range(20)} == {52, 60}
    with pytest.raises(BridgeError, match="no legal action"):
        policy.act({"action_mask": np.zeros(90, np.int8)}, None)


def test_evaluation_in_imps_with_an_interval() -> None:
    result = evaluate(RobotPolicy("basic", seed=3), "random", deals=30, seed=1)
    low, high = result.interval
    assert result.deals == 30 and low < result.mean < high
    assert all(-24 <= x <= 24 for x in result.imps)
    assert result.mean > 0  # the basic robot beats random play
    assert "basic against random, contract, 30 deals" in str(result)


@pytest.mark.parametrize("game", ["three-handed", "minibridge", "auction"])
def test_evaluation_of_every_game(game: str) -> None:
    result = evaluate(RandomPolicy(seed=2), "basic", game=game, deals=6, seed=4)
    assert result.game == game and result.deals == 6
    assert result.mean < 0  # random play loses to the basic robot


def test_same_players_at_both_tables_score_alike() -> None:
    """With the same deterministic robots in both directions each deal's two tables are
    played alike, so the match is level (the IMPs of a zero difference, Law 78B)."""
    result = evaluate(RobotPolicy("basic", seed=0), RobotPolicy("basic", seed=0), deals=5)
    assert result.imps == (0.0,) * 5


def test_bad_evaluations_are_refused() -> None:
    with pytest.raises(BridgeError, match="robot level"):
        policy_for("grandmaster")
    with pytest.raises(BridgeError, match="at least one"):
        evaluate(RandomPolicy(), deals=0)
    assert isinstance(evaluate(RandomPolicy(seed=1), "random", deals=1), Evaluation)
