"""The vectorised runner: its episodes are the single environment's for the same seeds and actions
(observations, masks, players, rewards, in every game), its observations never leak, and bad
actions are refused with nothing moved."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.envs import auction_v0, contract_v0, minibridge_v0, three_handed_v0
from bridgeroom.envs.actions import action_id
from bridgeroom.envs.vector import VectorEnv, duplicate_scores, random_actions
from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.rules import Phase, Seat
from bridgeroom.rules.state import DealState

_ALL = (1 << 52) - 1


def visible_cards(state: DealState, seat: Seat) -> int:
    """The cards ``seat`` may know of, from the rules (as in ``test_leak.py``): his hand, the
    cards played, the dummy after the opening lead; all once the deal is over."""
    if state.phase is Phase.DONE:
        return _ALL
    mask = state.hand(seat).mask
    for trick in state.tricks:
        for card in trick.cards:
            mask |= card.mask
    for _, card in state.current_trick:
        mask |= card.mask
    if state.dummy is not None and (state.tricks or state.current_trick):
        mask |= state.hand(state.dummy).mask
    return mask


MODULES = {
    "contract": contract_v0,
    "auction": auction_v0,
    "three-handed": three_handed_v0,
    "minibridge": minibridge_v0,
}


def _episodes_side_by_side(game: str, num_deals: int, steps: int, seed: int, **options) -> int:  # type: ignore[no-untyped-def]
    """Step a runner and ``num_deals`` single environments (seeds ``seed + i``) with the same
    random actions; every batch row must be the single environment's agent to act, its
    observation and mask, and every reward the single environment's. Returns the deals ended."""
    venv = VectorEnv(game, num_deals, seed=seed, **options)
    batch = venv.reset()
    envs = []
    for i in range(num_deals):
        env = MODULES[game].raw_env(**options)
        env.reset(seed=seed + i)
        envs.append(env)
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(steps):
        for i, env in enumerate(envs):
            agent = env.agent_selection
            assert batch.players[i] == env.possible_agents.index(agent)
            obs = env.observe(agent)
            assert (batch.observations[i] == obs["observation"]).all(), (i, env.deal.history)
            assert (batch.masks[i] == obs["action_mask"]).all(), (i, env.deal.history)
        actions = random_actions(batch.masks, rng)
        batch = venv.step(actions)
        for i, env in enumerate(envs):
            env.step(int(actions[i]))
            if env.terminations[env.agent_selection]:
                assert batch.done[i]
                expected = [env.rewards[agent] for agent in env.possible_agents]
                assert batch.rewards[i].tolist() == expected, (i, env.deal.history)
                env.reset()
                ended += 1
            else:
                assert not batch.done[i] and not batch.rewards[i].any()
    return ended


@pytest.mark.parametrize("game", sorted(MODULES))
def test_episodes_equal_the_single_environments(game: str) -> None:
    assert _episodes_side_by_side(game, 5, 700, seed=11) >= 40


def test_the_score_forms_and_imps_against_par_are_the_single_environments() -> None:
    assert _episodes_side_by_side("contract", 3, 300, seed=3, scoring="rubber") >= 9
    assert _episodes_side_by_side("contract", 1, 100, seed=8, reward="imps") >= 1
    assert _episodes_side_by_side("minibridge", 1, 100, seed=4, reward="imps") >= 1


@pytest.mark.parametrize("game", sorted(MODULES))
def test_observations_equal_the_views_and_never_leak(game: str) -> None:
    """The leak test of ``test_leak.py`` on the runner: every player's observation in every
    deal equals ``Layout.encode(view)`` of the deal as the engine holds it, and holds no card
    the rules hide from him (CB-9, TH-4, TH-10, MB-5, MB-7)."""
    venv = VectorEnv(game, 4, seed=2024)
    batch = venv.reset()
    layout = venv.layout
    rng = np.random.default_rng(7)
    compared = ended = 0
    for _ in range(450):
        for i in range(venv.num_deals):
            state = venv.deal(i)
            for player in range(venv.num_players):
                seat = state.seat_of(player)
                obs = venv.observe(i, player)
                assert (obs == layout.encode(state.view(seat))).all(), (i, player, state.history)
                assert not layout.hidden_cards(obs, visible_cards(state, seat))
                compared += 1
            seat = state.to_act
            assert batch.players[i] == state.player_at(seat)
            legal = sorted(action_id(a) for a in state.legal_actions())
            assert np.flatnonzero(batch.masks[i]).tolist() == legal
        batch = venv.step(random_actions(batch.masks, rng))
        ended += int(batch.done.sum())
    assert ended >= 15 and compared > 4500


def test_the_same_seed_gives_the_same_deals() -> None:
    first = VectorEnv("contract", 3, seed=9)
    second = VectorEnv("contract", 3, seed=9)
    a, b = first.reset(), second.reset()
    assert (a.observations == b.observations).all()
    assert [first.deal(i).deal for i in range(3)] == [second.deal(i).deal for i in range(3)]
    assert (first.hands == second.hands).all()
    c = first.reset(seed=10)
    assert not (c.observations == a.observations).all()


def test_bad_actions_are_refused_and_nothing_moves() -> None:
    venv = VectorEnv("contract", 2, seed=1)
    before = venv.reset()
    with pytest.raises(IllegalActionError, match="one action id per deal"):
        venv.step([52])
    with pytest.raises(IllegalActionError, match="no action has id 95"):
        venv.step([52, 95])
    with pytest.raises(IllegalActionError, match=r"deal 1: SA .* is not a legal action"):
        venv.step([52, 51])  # a card in the auction
    with pytest.raises(IllegalActionError, match="deal 0: X"):
        venv.step([53, 52])  # a double with no bid to double (CB-6)
    after = venv.step([52, 52])
    assert (after.observations != before.observations).any()
    assert venv.deal(0).history == venv.deal(1).history  # one pass each, no more
    assert len(venv.deal(0).history) == 1
    with pytest.raises(BridgeError, match="at least one deal"):
        VectorEnv("contract", 0)


def test_a_set_of_boards_goes_round_as_the_single_environments() -> None:
    """More than 16 boards at a table: the runner keeps the boards' order itself (dealers and
    vulnerabilities of boards 1-16 again, CB-B1, CB-B2) and scores them with array
    operations; every deal, row and reward must still be the single environment's."""
    assert _episodes_side_by_side("contract", 1, 1400, seed=5) >= 17


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "score"),
    [
        (1, 4, 0, 0, 7, 90),  # 1NT made: 40 + partscore 50 (CB-12, CB-D1)
        (3, 4, 0, 1, 9, 600),  # 3NT vulnerable: 100 + game 500
        (2, 2, 1, 0, 8, 470),  # 2H doubled made: 120, insult 50, game 300 (CB-D3)
        (4, 3, 0, 0, 11, 450),  # 4S with an overtrick: 120 + 300 + 30 (CB-D4)
        (6, 0, 0, 1, 12, 1370),  # 6C vulnerable: 120 + 500 + slam 750 (CB-D2)
        (7, 4, 2, 1, 13, 2980),  # 7NT redoubled vulnerable: 880 + 500 + 1500 + 100
        (4, 3, 1, 1, 8, -500),  # 4S doubled vulnerable two down: 200 + 300 (CB-D5)
        (1, 0, 1, 0, 0, -1700),  # 1C doubled, not vulnerable, seven down: 100 + 200 + 200 + 4 x 300
        (3, 1, 0, 0, 8, -50),  # 3D one down, undoubled, not vulnerable
    ],
)
def test_the_score_lookup_is_the_duplicate_score(
    level: int, strain: int, doubled: int, vulnerable: int, tricks: int, score: int
) -> None:
    """The runner's table of duplicate scores (docs/rules.md CB-D1 to CB-D5)."""
    assert duplicate_scores()[level, strain, doubled, vulnerable, tricks] == score


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(sorted(MODULES)), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_any_actions_keep_the_runner_equal_to_the_engine(game: str, seed: int, data) -> None:  # type: ignore[no-untyped-def]
    """Actions drawn by Hypothesis from the masks, with the steps between checks drawn too: every
    player's observation is the engine's view encoded, every mask its legal actions."""
    venv = VectorEnv(game, 2, seed=seed)
    batch = venv.reset()
    layout = venv.layout
    for _ in range(data.draw(st.integers(1, 6), label="checks")):
        for _ in range(data.draw(st.integers(0, 40), label="steps")):
            actions = [
                data.draw(st.sampled_from(np.flatnonzero(row).tolist()), label="action")
                for row in batch.masks
            ]
            batch = venv.step(np.array(actions))
        for i in range(venv.num_deals):
            state = venv.deal(i)
            for player in range(venv.num_players):
                seat = state.seat_of(player)
                assert (venv.observe(i, player) == layout.encode(state.view(seat))).all()
            legal = sorted(action_id(a) for a in state.legal_actions())
            assert np.flatnonzero(batch.masks[i]).tolist() == legal
            assert batch.players[i] == state.player_at(state.to_act)


def test_random_actions_are_legal_and_uniform() -> None:
    """Each legal action of a row is drawn about as often as the others, never an illegal one."""
    masks = np.zeros((3, 90), np.int8)
    masks[0, [5, 17, 52, 89]] = 1
    masks[1, 60] = 1
    masks[2, :52] = 1
    rng = np.random.default_rng(3)
    drawn = np.array([random_actions(masks, rng) for _ in range(8000)])
    assert set(drawn[:, 1].tolist()) == {60}
    counts = np.bincount(drawn[:, 0], minlength=90)[[5, 17, 52, 89]]
    assert counts.sum() == 8000 and counts.min() > 1800  # 2000 each expected
    assert set(drawn[:, 2].tolist()) == set(range(52))
