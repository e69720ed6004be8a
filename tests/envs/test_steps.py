"""Contract bridge's rules stepped on plain integers (``tracker.ContractSteps``) against the rules
engine: every deal's result and reward equal what the engine and the score table make of the same
actions, and an action refused is the engine's typed error with nothing moved."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.envs import auction_v0, contract_v0
from bridgeroom.errors import IllegalActionError
from bridgeroom.rules import Seat, Side, Vulnerability
from bridgeroom.scoring import get_table


def _play(env, rng, deals: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(deals):
        env.reset()
        while not env.terminations["player_0"]:
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        result = env.deal.result  # the engine's, the deal's actions replayed there
        assert result is not None
        info = env.infos["player_0"]
        assert info["contract"] == (None if result.contract is None else str(result.contract))
        assert info["tricks"] == result.tricks
        if env.game == "contract":  # a duplicate board: its score from North-South's side
            ns = 0
            if result.contract is not None:
                declarer = result.contract.declarer
                points = (
                    get_table("duplicate")
                    .score(
                        result.contract, result.tricks, result.vulnerability.is_vulnerable(declarer)
                    )
                    .score
                )
                ns = points if declarer.side is Side.NS else -points
            assert [env.rewards[f"player_{i}"] for i in range(4)] == [ns, -ns, ns, -ns]


@pytest.mark.parametrize("module", [contract_v0, auction_v0])
def test_results_and_rewards_are_the_engines(module) -> None:  # type: ignore[no-untyped-def]
    env = module.raw_env()
    env.reset(seed=31)
    _play(env, np.random.default_rng(31), 60)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_refused_actions_are_the_engines_errors(seed: int, data) -> None:  # type: ignore[no-untyped-def]
    """At any point of a deal, an action id the mask does not mark raises the engine's typed
    error, and the observation, the mask and the deal stay as they were."""
    env = contract_v0.raw_env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        if env.terminations["player_0"]:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    if env.terminations["player_0"]:
        return
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = np.flatnonzero(obs["action_mask"] == 0).tolist()
    action = data.draw(st.sampled_from(illegal), label="illegal")
    before = obs["observation"].copy(), obs["action_mask"].copy(), list(env.deal.history)
    with pytest.raises(IllegalActionError):
        env.step(action)
    assert (obs["observation"] == before[0]).all() and (obs["action_mask"] == before[1]).all()
    assert env.deal.history == before[2] and env.agent_selection == agent


#: docs/rules.md, CB-B2: the dealer and vulnerability of boards 1-16.
_BOARDS = list(
    zip(
        "N E S W N E S W N E S W N E S W".split(),
        "none NS EW both NS EW both none EW both none NS both none NS EW".split(),
        strict=True,
    )
)
_VULNERABILITY = {
    "none": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "both": Vulnerability.BOTH,
}


def test_duplicate_boards_follow_their_numbers() -> None:
    """CB-B1, CB-B2: the raw environment of contract bridge keeps its boards itself. Board
    ``n`` of a seed has its dealer and vulnerability; a board moves on when it is scored
    (passed out, CB-7: no score), not when its deal is abandoned; a new seed starts at board 1."""
    env = contract_v0.raw_env()
    env.reset(seed=8)
    seen = []
    for n in range(20):
        if n == 3:  # abandoned after one call: board 4 is dealt again
            env.step(52)
            env.reset()
        deal = env.deal
        seen.append((deal.dealer.letter, deal.vulnerability))
        for _ in range(4):
            env.step(52)
        assert env.terminations["player_0"]
        assert [env.rewards[f"player_{i}"] for i in range(4)] == [0.0, 0.0, 0.0, 0.0]
        assert env.infos["player_0"] == {"contract": None, "tricks": 0}
        env.reset()
    expected = [_BOARDS[n % 16] for n in range(20)]
    assert seen == [(dealer, _VULNERABILITY[vul]) for dealer, vul in expected]
    env.reset(seed=9)
    assert (env.deal.dealer, env.deal.vulnerability) == (Seat.NORTH, Vulnerability.NONE)
