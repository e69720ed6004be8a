"""The PettingZoo environments: PettingZoo's own API and seed tests, Gymnasium's space checks,
bad input, and the rewards of scripted deals against the score tables of docs/rules.md."""

from __future__ import annotations

import warnings
from xml.etree import ElementTree

import numpy as np
import pytest
from gymnasium.utils import passive_env_checker as gym_checks
from pettingzoo.test import api_test, seed_test

from bridgeroom.envs import auction_v0, contract_v0, minibridge_v0, three_handed_v0
from bridgeroom.errors import BridgeError, IllegalActionError, ParseError, WrongPhaseError
from bridgeroom.rules import Call, Card, Seat

MODULES = {
    "contract": contract_v0,
    "auction": auction_v0,
    "three-handed": three_handed_v0,
    "minibridge": minibridge_v0,
}
#: PettingZoo's api_test names its own classic games that observe a dict ({"observation",
#: "action_mask"}, as it recommends) and warns about any other; these two warnings are about
#: the dict itself, not a fault of the environment.
DICT_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
#: North holds every high card: 7NT by North makes all thirteen tricks.
STRONG = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _warnings_of(check) -> set[str]:  # type: ignore[no-untyped-def]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("game", MODULES)
def test_pettingzoo_api_test_passes(game: str) -> None:
    seen = _warnings_of(lambda: api_test(MODULES[game].env(), num_cycles=400))
    assert seen <= DICT_WARNINGS, seen - DICT_WARNINGS


@pytest.mark.parametrize("game", ["contract", "auction"])
def test_api_test_passes_with_openspiels_observation(game: str) -> None:
    seen = _warnings_of(lambda: api_test(MODULES[game].env(observation="openspiel"), 200))
    assert seen <= DICT_WARNINGS, seen - DICT_WARNINGS


@pytest.mark.parametrize("game", MODULES)
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seen = _warnings_of(lambda: seed_test(MODULES[game].env, num_cycles=400))
    assert not seen, seen


@pytest.mark.parametrize("game", MODULES)
def test_spaces_and_observations_pass_gymnasiums_checks(game: str) -> None:
    env = MODULES[game].env()
    env.reset(seed=11)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for agent in env.possible_agents:
            gym_checks.check_observation_space(env.observation_space(agent))
            gym_checks.check_action_space(env.action_space(agent))
        previous = None
        rng = np.random.default_rng(3)
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            gym_checks.check_obs(obs, env.observation_space(agent), "step")
            assert env.observation_space(agent).contains(obs)
            if previous is not None:
                assert not gym_checks.data_shares_objects(obs, previous)
            previous = obs
            if done or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_agents_are_the_players_and_the_declarer_plays_the_dummy() -> None:
    env = contract_v0.env()
    env.reset(seed=1, options={"deal": STRONG})  # board 1: North deals (CB-B1)
    for call in ["7NT", "P", "P", "P"]:
        assert env.agent_selection == f"player_{int(env.unwrapped.deal.to_act)}"
        env.step(Call(call).action_id)
    # East leads (CB-9); then South, the dummy, is played by North (player_0)
    assert env.agent_selection == "player_1"
    env.step(int(np.flatnonzero(env.observe("player_1")["action_mask"])[0]))
    assert env.unwrapped.deal.turn.letter == "S"
    assert env.agent_selection == "player_0"
    assert not env.observe("player_2")["action_mask"].any()  # the dummy never acts


def _play_out(env) -> tuple[dict[str, float], dict[str, object]]:  # type: ignore[no-untyped-def]
    """Play the lowest legal action to the end; each agent's reward and info as ``last()``
    gives them once the deal is over."""
    rewards: dict[str, float] = {}
    infos: dict[str, object] = {}
    for agent in env.agent_iter():
        obs, reward, done, truncated, info = env.last()
        if done or truncated:
            rewards[agent] = reward
            infos[agent] = info
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return rewards, infos


def test_rewards_are_the_duplicate_score_from_each_side() -> None:
    """7NT made with all 13 tricks, not vulnerable: 220 trick score + 300 game + 1000 grand
    slam = 1520 to North-South (CB-12, CB-D1, CB-D2), -1520 to East-West."""
    env = contract_v0.env()
    env.reset(seed=1, options={"deal": STRONG})
    for call in ["7NT", "P", "P", "P"]:
        env.step(Call(call).action_id)
    rewards, infos = _play_out(env)
    assert rewards == {"player_0": 1520, "player_1": -1520, "player_2": 1520, "player_3": -1520}
    assert set(map(str, infos.values())) == {str({"contract": "7NTN", "tricks": 13})}


def test_rubber_scoring_counts_honors() -> None:
    """1NT by North with 13 tricks in a rubber: 40 below, 6 overtricks of 30 above (CB-12,
    CB-R1), four aces in one hand 150 (CB-R5): 370, no game premium per deal (CB-R1)."""
    env = contract_v0.env(scoring="rubber")
    env.reset(seed=1, options={"deal": STRONG})
    for call in ["1NT", "P", "P", "P"]:
        env.step(Call(call).action_id)
    rewards, _ = _play_out(env)
    assert rewards == {"player_0": 370, "player_1": -370, "player_2": 370, "player_3": -370}
    assert not env.agents  # every agent has stepped out


def test_imps_against_par() -> None:
    """1NT+6 not vulnerable scores 90 + 180 + 50 = 270 (CB-D1, CB-D4) where par is 7NT (1520,
    endplay): 1250 points short, 15 IMPs (WBF scale, 1100-1290) lost by North-South."""
    env = contract_v0.raw_env(reward="imps")
    env.reset(seed=1, options={"deal": STRONG})
    for call in ["1NT", "P", "P", "P"]:
        env.step(Call(call).action_id)
    while not env.unwrapped.deal.is_over:
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.rewards == {"player_0": -15, "player_1": 15, "player_2": -15, "player_3": 15}


def test_three_handed_rewards_are_the_settlement_and_add_to_zero() -> None:
    env = three_handed_v0.raw_env()
    env.reset(seed=5)
    while not env.deal.is_over:
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1]))
    rewards = list(env.rewards.values())
    assert len(rewards) == 3 and sum(rewards) == 0
    assert any(rewards)


def test_minibridge_announces_names_and_plays() -> None:
    env = minibridge_v0.raw_env()
    env.reset(seed=2)
    for _ in range(4):  # MB-2: each announces his points, the only legal action
        mask = env.observe(env.agent_selection)["action_mask"]
        (only,) = np.flatnonzero(mask)
        assert 90 <= only < 128
        env.step(int(only))
    assert env.deal.phase.value == "naming"
    mask = env.observe(env.agent_selection)["action_mask"]
    assert set(np.flatnonzero(mask)) == set(range(55, 90))  # MB-6: any bid, no pass or double
    env.step(Call("3NT").action_id)
    assert env.deal.contract is not None and env.deal.contract.level == 3


def test_an_illegal_action_raises_a_typed_error_and_changes_nothing() -> None:
    env = contract_v0.env()
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    history = list(env.unwrapped.deal.history)
    with pytest.raises(WrongPhaseError, match="CB-9"):
        env.step(Card("SA").index)  # a card in the auction
    with pytest.raises(IllegalActionError, match="no action has id 90"):
        env.step(90)
    with pytest.raises(IllegalActionError, match="None"):
        env.step(None)
    with pytest.raises(IllegalActionError, match="not 'x'"):
        env.step("x")
    env.step(Call("1C").action_id)
    with pytest.raises(IllegalActionError, match="is not enough: the last bid is"):
        env.step(Call("1C").action_id)  # CB-5
    env.reset(seed=4)
    assert env.agent_selection == agent
    assert env.unwrapped.deal.history == history
    after = env.observe(agent)
    assert (after["observation"] == before["observation"]).all()


@pytest.mark.parametrize("game", sorted(MODULES))
def test_the_raw_environment_updates_its_arrays_in_place(game: str) -> None:
    """``raw_env()`` hands out one observation and one mask per agent for the whole deal; after
    every step they equal what ``env()`` copies out, and the observation the view's encoding."""
    raw, wrapped = MODULES[game].raw_env(), MODULES[game].env()
    raw.reset(seed=6)
    wrapped.reset(seed=6)
    arrays = {agent: raw.observe(agent) for agent in raw.agents}
    rng = np.random.default_rng(1)
    for _ in range(300):
        for agent in raw.agents:
            live = raw.observe(agent)
            assert live is arrays[agent]
            fresh = wrapped.observe(agent)
            assert (live["observation"] == fresh["observation"]).all()
            assert (live["action_mask"] == fresh["action_mask"]).all()
            view = raw.deal.view(raw._seat[agent])
            assert (live["observation"] == raw.layout.encode(view)).all()
        obs, _, done, _, _ = wrapped.last()
        if done:
            while wrapped.agents:
                wrapped.step(None)
            raw.reset()
            wrapped.reset()
            arrays = {agent: raw.observe(agent) for agent in raw.agents}
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        raw.step(action)
        wrapped.step(action)


def test_bad_options_are_refused() -> None:
    with pytest.raises(BridgeError, match="scored as"):
        contract_v0.env(scoring="minibridge")
    with pytest.raises(BridgeError, match="no par"):
        three_handed_v0.env(reward="imps")
    with pytest.raises(BridgeError, match="contract bridge"):
        minibridge_v0.env(observation="openspiel")
    with pytest.raises(BridgeError, match="render_mode"):
        contract_v0.env(render_mode="rgb_array")
    env = contract_v0.env()
    with pytest.raises(ParseError):
        env.reset(options={"deal": "N:AKQ"})
    with pytest.raises(BridgeError, match="PBN deal"):
        env.reset(options={"deal": 7})


def test_render_as_text() -> None:
    env = contract_v0.env(render_mode="ansi")
    env.reset(seed=1, options={"deal": STRONG})
    env.step(Call("7NT").action_id)
    picture = env.render()
    assert picture is not None
    assert "♠ A K Q J" in picture and "auction: N 7NT" in picture and "E to call" in picture


@pytest.mark.parametrize("game", MODULES)
def test_render_as_the_svg_deal_diagram(game: str) -> None:
    env = MODULES[game].env(render_mode="svg")
    env.reset(seed=3, options={"deal": STRONG})
    rng = np.random.default_rng(1)
    for _ in range(12):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    picture = env.render()
    assert isinstance(picture, str)
    root = ElementTree.fromstring(picture)  # well-formed SVG
    assert root.tag.endswith("svg")
    texts = ["".join(node.itertext()) for node in root.iter() if node.tag.endswith("text")]
    state = env.unwrapped.deal
    assert any(line.startswith(("auction:", "announced:")) for line in texts)
    assert texts.count("♠") >= sum(1 for seat in Seat if len(state.hand(seat)))
    if game == "three-handed":
        assert any("dummy" in line and "player_0" in line for line in texts)


def test_render_for_people_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = minibridge_v0.env(render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "mini-bridge" in capsys.readouterr().out.lower()


def test_state_is_the_whole_table() -> None:
    env = contract_v0.env()
    env.reset(seed=1, options={"deal": STRONG})
    state = env.state()
    assert state.shape == (4 * 52 + env.unwrapped.layout.size,)
    assert state[:208].sum() == 52
    north = [i for i in range(52) if state[i]]  # AKQ of clubs, diamonds, hearts; AKQJ of spades
    assert north == [10, 11, 12, 23, 24, 25, 36, 37, 38, 48, 49, 50, 51]
