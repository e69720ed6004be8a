"""Observations never leak: every observation equals the one rebuilt from the agent's view, and
no card an agent may not see is ever set in it.

10,000 random steps of every game: at each step, every agent's observation (as the environment
keeps it, incrementally) is compared with ``Layout.encode(view)``, and the cards set anywhere in
it are checked against what the rules let the agent see, computed from the deal itself: his own
remaining cards, the cards played, and the dummy's remaining cards once the opening lead is made
(CB-9, TH-4 and TH-10, MB-5 and MB-7); everything once the deal is over. The action mask is the
acting agent's legal actions and nobody else's.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.envs import auction_v0, contract_v0, minibridge_v0, three_handed_v0
from bridgeroom.envs.actions import action_id
from bridgeroom.envs.spiel_layout import encode_openspiel
from bridgeroom.rules import Phase, Seat
from bridgeroom.rules.state import DealState

STEPS = 10_000
MODULES = {
    "contract": contract_v0,
    "auction": auction_v0,
    "three-handed": three_handed_v0,
    "minibridge": minibridge_v0,
}
_ALL = (1 << 52) - 1


def visible_cards(state: DealState, seat: Seat) -> int:
    """The cards ``seat`` may know of, from the rules: his hand, the cards played, the dummy
    after the opening lead; all once the deal is over."""
    if state.phase is Phase.DONE:
        return _ALL
    mask = state.hand(seat).mask
    for trick in state.tricks:
        for card in trick.cards:
            mask |= card.mask
    lead_made = bool(state.tricks or state.current_trick)
    for _, card in state.current_trick:
        mask |= card.mask
    if state.dummy is not None and lead_made:
        mask |= state.hand(state.dummy).mask
    return mask


def check_every_agent(env) -> int:  # type: ignore[no-untyped-def]
    """Compare every live agent's observation with its view; return the number compared."""
    raw = env.unwrapped
    state = raw.deal
    layout = raw.layout
    for agent in raw.agents:
        seat = raw._seat[agent]
        view = state.view(seat)
        obs = raw.observe(agent)
        assert (obs["observation"] == layout.encode(view)).all(), (agent, state.history)
        leaked = layout.hidden_cards(obs["observation"], visible_cards(state, seat))
        assert not leaked, (agent, leaked, state.history)
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        if agent == raw.agent_selection and not state.is_over:
            assert legal == sorted(action_id(a) for a in view.legal)
        else:
            assert legal == []
    return len(raw.agents)


@pytest.mark.parametrize("game", MODULES)
def test_observations_equal_the_views_and_never_leak(game: str) -> None:
    env = MODULES[game].env()
    env.reset(seed=2024)
    rng = random.Random(7)
    steps = compared = deals = 0
    while steps < STEPS:
        compared += check_every_agent(env)
        obs, _, done, truncated, _ = env.last()
        if done or truncated:
            while env.agents:
                env.step(None)
            env.reset()
            deals += 1
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
    assert deals > 50 and compared > 3 * STEPS


def _openspiel_cards(obs: np.ndarray) -> int:
    """The cards set in OpenSpiel's tensor (its card blocks), as a bridgeroom card mask."""
    blocks = [(432, 484)] if obs[0] or obs[1] else [(25, 77), (77, 129)]
    if not (obs[0] or obs[1]):
        blocks += [(129 + 52 * k, 181 + 52 * k) for k in range(8)]
    mask = 0
    for start, stop in blocks:
        for i in np.flatnonzero(obs[start:stop]).tolist():
            mask |= 1 << ((i % 4) * 13 + i // 4)
    return mask


def test_openspiels_observation_never_leaks() -> None:
    env = contract_v0.env(observation="openspiel")
    env.reset(seed=99)
    rng = random.Random(3)
    for _ in range(STEPS // 4):
        raw = env.unwrapped
        state = raw.deal
        for agent in raw.agents:
            seat = raw._seat[agent]
            obs = raw.observe(agent)["observation"]
            assert (obs == encode_openspiel(state.view(seat))).all()
            assert not _openspiel_cards(obs) & ~visible_cards(state, seat)
        obs_now, _, done, truncated, _ = env.last()
        if done or truncated:
            while env.agents:
                env.step(None)
            env.reset()
            continue
        env.step(rng.choice(np.flatnonzero(obs_now["action_mask"]).tolist()))


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(sorted(MODULES)), seed=st.integers(0, 2**32), data=st.data())
def test_observations_follow_the_views_for_any_actions(game: str, seed: int, data) -> None:  # type: ignore[no-untyped-def]
    env = MODULES[game].env()
    env.reset(seed=seed)
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        obs, _, done, _, _ = env.last()
        if done:
            break
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        env.step(data.draw(st.sampled_from(legal), label="action"))
    check_every_agent(env)
