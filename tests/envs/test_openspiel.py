"""OpenSpiel: its contract-bridge observation reproduced from our views (equal to pyspiel's own
``bridge`` tensor on the same deals and actions), and the four games registered as Python games
that OpenSpiel's algorithms run on."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import (
    evaluate_bots,
    expected_game_score,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

from bridgeroom.envs import contract_v0
from bridgeroom.envs.spiel import GAME_NAMES, SpielState
from bridgeroom.envs.spiel_layout import encode_openspiel, openspiel_card, openspiel_size
from bridgeroom.robots.public import knowledge
from bridgeroom.rules import Card, ContractBridgeDeal, Seat, Vulnerability, deal_cards


def _spiel_bridge(deal, vulnerability: Vulnerability, num_tricks: int):  # type: ignore[no-untyped-def]
    """pyspiel's ``bridge`` with North dealing ``deal``: its chance actions give the i-th card
    dealt to player i mod 4."""
    game = pyspiel.load_game(
        "bridge",
        {
            "use_double_dummy_result": False,
            "dealer_vul": vulnerability.is_vulnerable(Seat.NORTH),
            "non_dealer_vul": vulnerability.is_vulnerable(Seat.EAST),
            "num_tricks_in_observation": num_tricks,
        },
    )
    state = game.new_initial_state()
    hands = [sorted(openspiel_card(c) for c in deal[seat]) for seat in Seat]
    for i in range(52):
        state.apply_action(hands[i % 4][i // 4])
    return state


@pytest.mark.parametrize("num_tricks", [2, 3])
def test_our_openspiel_tensor_equals_pyspiels_bridge(num_tricks: int) -> None:
    """OpenSpiel's bridge deals with North the dealer (its tensor places the calls by their
    position from North), so the deals here have North deal; all four vulnerabilities."""
    rng = random.Random(11)
    compared = 0
    for k in range(40):
        vulnerability = Vulnerability(k % 4)
        deal = deal_cards(Seat.NORTH, rng)
        ours = ContractBridgeDeal(deal, Seat.NORTH, vulnerability)
        theirs = _spiel_bridge(deal, vulnerability, num_tricks)
        while not ours.is_over:
            assert theirs.current_player() == int(ours.to_act)
            for seat in Seat:
                expected = np.array(theirs.observation_tensor(int(seat)), np.float32)
                got = encode_openspiel(ours.view(seat), num_tricks)
                assert got.shape == (openspiel_size(num_tricks),)
                assert (got == expected).all(), (k, seat, ours.history)
                compared += 1
            action = rng.choice(ours.legal_actions())
            ours.apply(action)
            spiel_id = openspiel_card(action) if isinstance(action, Card) else action.action_id
            theirs.apply_action(spiel_id)
        assert theirs.is_terminal()
    assert compared > 5000


@pytest.mark.parametrize("dealer", [Seat.EAST, Seat.SOUTH, Seat.WEST])
def test_pyspiels_layout_for_another_dealer(dealer: Seat) -> None:
    """pyspiel's ``bridge`` has no dealer: given a board dealt by ``dealer`` (its cards where
    they lie, ``dealer_vul`` the dealer's side's vulnerability, ``non_dealer_vul`` the other's)
    it takes the calls as made from North round. ``dealer_as_north`` writes its tensor; the
    true layout differs (a call's seat, and the sides' vulnerability when East or West deals).
    Compared through the auction, where pyspiel can make the same calls (a sequence of calls
    legal from one seat is legal from any, CB-6 naming only the sides' order)."""
    rng = random.Random(int(dealer))
    compared = differ = 0
    for k in range(30):
        vulnerability = Vulnerability(k % 4)
        deal = deal_cards(dealer, rng)
        ours = ContractBridgeDeal(deal, dealer, vulnerability)
        theirs = pyspiel.load_game(
            "bridge",
            {
                "use_double_dummy_result": False,
                "dealer_vul": vulnerability.is_vulnerable(dealer),
                "non_dealer_vul": vulnerability.is_vulnerable(dealer.lho),
            },
        ).new_initial_state()
        hands = [sorted(openspiel_card(c) for c in deal[seat]) for seat in Seat]
        for i in range(52):
            theirs.apply_action(hands[i % 4][i // 4])
        while ours.phase.value == "auction":
            for seat in Seat:
                expected = np.array(theirs.observation_tensor(int(seat)), np.float32)
                view = ours.view(seat)
                assert (encode_openspiel(view, dealer_as_north=True) == expected).all()
                differ += int((encode_openspiel(view) != expected).any())
                compared += 1
            call = rng.choice(ours.legal_actions())
            ours.apply(call)
            theirs.apply_action(call.action_id)
    assert compared > 500 and differ > compared // 2


def test_the_environment_offers_pyspiels_layout() -> None:
    env = contract_v0.raw_env(observation="openspiel-north")
    env.reset(seed=3)
    for _ in range(2):  # board 2: East deals (CB-B1)
        while env.agents:
            obs, _, done, _, _ = env.last()
            env.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))
        env.reset()
    assert env.deal.dealer is Seat.SOUTH
    env.step(55)  # 1C by South, pyspiel's North
    view = env.deal.view(Seat.WEST)
    obs = env.observe("player_3")["observation"]
    assert (obs == encode_openspiel(view, dealer_as_north=True)).all()
    # 1C by West's left-hand opponent (North) as pyspiel places it; truly by his right-hand one
    assert obs[12 + 1] == 1 and encode_openspiel(view)[12 + 3] == 1


def test_the_environment_offers_openspiels_observation() -> None:
    env = contract_v0.raw_env(observation="openspiel")
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)["observation"]
    assert obs.dtype == np.float32 and obs.shape == (571,)
    assert (obs == encode_openspiel(env.deal.view(Seat(int(env.agent_selection[-1]))))).all()


# --- the registered games ------------------------------------------------------------------


@pytest.fixture(scope="module", params=sorted(GAME_NAMES.values()))
def game(request: pytest.FixtureRequest) -> pyspiel.Game:
    return pyspiel.load_game(request.param, {"board": 6})


def _to_the_play(game: pyspiel.Game, seed: int) -> SpielState:
    rng = np.random.RandomState(seed)
    while True:
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        while not state.is_terminal() and state.deal.phase.value != "play":
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            return state


def test_the_games_are_registered() -> None:
    assert set(GAME_NAMES.values()) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("bridgeroom_three_handed")
    assert game.num_players() == 3
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    with pytest.raises(pyspiel.SpielError, match="CB-B1"):
        pyspiel.load_game("bridgeroom_contract", {"board": 17})


def test_openspiels_random_simulation_test(game: pyspiel.Game) -> None:
    """OpenSpiel's own consistency test: random games, clones, legal actions, observations."""
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_bots_play_whole_deals(game: pyspiel.Game) -> None:
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sum(returns) == 0


def test_ismcts_and_mcts_choose_legal_actions(game: pyspiel.Game) -> None:
    state = _to_the_play(game, 4)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=12, random_state=rng)
    assert searcher.step(state) in state.legal_actions()
    plain = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=rng)
    assert plain.step(state) in state.legal_actions()


def test_outcome_sampling_cfr_learns_over_information_states(game: pyspiel.Game) -> None:
    """A CFR variant that samples one deal per iteration, keyed by the information-state
    strings: a few iterations fill its table, and its average policy plays legal actions."""
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    assert len(solver._infostates) > 3 * 50  # every decision of three whole deals
    policy = solver.average_policy()
    state = _to_the_play(game, 8)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert abs(sum(probabilities.values()) - 1) < 1e-9


def test_policy_evaluation_of_the_last_tricks(game: pyspiel.Game) -> None:
    """Uniform random play evaluated exactly over the last two tricks: a zero-sum value; with
    one trick left (one card each, nothing to choose) it is the deal's result."""
    state = _to_the_play(game, 5)
    rng = np.random.RandomState(3)
    while state.deal.tricks_left > 2:
        state.apply_action(int(rng.choice(state.legal_actions())))
    uniform = policy_lib.UniformRandomPolicy(game)
    value = expected_game_score.policy_value(state, [uniform] * game.num_players())
    assert abs(sum(value)) < 1e-6
    while state.deal.tricks_left > 1:
        state.apply_action(int(rng.choice(state.legal_actions())))
    value = expected_game_score.policy_value(state, [uniform] * game.num_players())
    end = state.clone()
    while not end.is_terminal():
        end.apply_action(end.legal_actions()[0])
    assert list(value) == end.returns()


def test_resampling_keeps_what_the_player_saw(game: pyspiel.Game) -> None:
    state = _to_the_play(game, 6)
    rng = np.random.RandomState(4)
    for _ in range(7):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    seat = state.deal.seat_of(player)
    before = knowledge(state.deal.view(seat))
    others = 0
    for _ in range(5):
        other = state.resample_from_infostate(player, rng.rand)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert before.agrees([other.deal.hand(s).mask for s in Seat])
        others += other.deal.deal != state.deal.deal
    assert others >= 1
